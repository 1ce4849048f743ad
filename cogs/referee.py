"""The shared plumbing between Discord and the store, for every game.

Cogs stay thin: a slash command or a button resolves which game it is about and
hands over to the ``Referee``, which applies the change through the store and then
publishes what happened (public events to the thread, private ones by DM, fresh
prompts as components, the result). Per-game cogs (``/rw`` and friends) reuse the
same methods, so every game gets the same guarantees:

* the interaction is acknowledged before any work (the 3-second rule);
* a player is told "done" only after the store committed the action;
* a press is checked against the presser's seat and the prompt's freshness under a
  per-game lock, so two simultaneous presses on one decision apply exactly once;
* secrets leave only through DMs or ephemeral replies; public text is built from
  public events or the public view.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
from discord import app_commands

import engine
import renderers
from engine.core import GM_SEAT, Event, Prompt, RuleViolation
from engine.core.text import Msg, Ref, message
from i18n import EN, Names, render
from store import ActOutcome, GameRecord, GameStore, Notice, OutboxRow, SeatRecord, StoreError

from . import decision_pictures, ids, lang, store_text, text
from .delivery import LOG_SLOT, POSTED_SLOT, SEND_ERRORS, Delivery, user_mentions
from .layout import find_prompt, form_for, layout_prompt, parse_form
from .outbox import Body, Outbox
from .permissions import GM_REFUSAL, interaction_is_gm, is_gm
from .prompts import JoinButton, PanelButton, StartButton, frozen_view, items_for, modal_for, submitted_values
from .routing import new_prompts, route_events
from .rules import rule_view

log = logging.getLogger(__name__)

T = TypeVar("T")
Clock = Callable[[], datetime]
LIVE = ["open", "active", "paused"]


# The bot's own sentences (issue 10): rendered in the reader's language at delivery.
GM_REFUSAL_ELSEWHERE = message("bot.refused.gm_only_own_server", "{refusal} (in the game's own server)")
NOT_HERE = message("bot.refused.not_here", "You may not use this command here.")
UNEXPECTED = message(
    "bot.error.unexpected",
    "⚠️ Something went wrong on my side; the error has been logged. "
    "`/game status` shows whether your last action went through.",
)
WHICH_GAME = message(
    "bot.refused.which_game", "Which game? Use the command in the game's thread or give its number with `game:`."
)
NO_GAME_HERE = message(
    "bot.refused.no_game_here",
    "You are not in any game here. Use `/game list` to find one, or give its number with `game:`.",
)
OTHER_SERVER = message("bot.refused.other_server", "Game #{game} belongs to another server.")
DM_REACH = message(
    "bot.refused.dm_reach",
    "From a direct message you can reach only your own games; game #{game} is not one of them. "
    "Use the command in the game's server.",
)
RESOLVED_NOTHING_TO_DO = message(
    "bot.prompt.resolved_nothing_to_do", "✅ That decision has already been resolved; nothing more to do here."
)
RESOLVED = message("bot.prompt.resolved", "✅ That decision has already been resolved.")
RESOLVED_REFUSAL = message("bot.refused.resolved", "That decision has already been resolved.")
NOT_PLAYING = message("bot.refused.not_playing", "You are not playing in this game.")
WRONG_SEAT = message("bot.refused.wrong_seat", "These buttons are for seat {seat}; you hold seat {held}.")
OPTION_GONE = message("bot.refused.option_gone", "That option is not available any more.")
ALREADY_DONE = message("bot.act.already_done", "✅ Already done.")
MAY_CHANGE = message("bot.act.may_change", "You may change it until everyone has locked in.")
DONE = message("bot.act.done", "✅ Done: {label}.")
RECORDED = message(
    "bot.act.recorded", "✅ Your action was recorded. Posting it to the table failed for now; the post will follow."
)
RECORDED_WHAT = message(
    "bot.act.recorded_what",
    "✅ Your action was recorded ({label}). Posting it to the table failed for now; the post will follow.",
)
CURRENT_CHOICE = message("bot.prompt.current_choice", "➡️ Your current choice: **{label}**")
CHOSEN = message("bot.prompt.chosen", "✅ Chosen: **{label}**")
FORM_FOR_SEAT = message("bot.refused.form_for_seat", "This form is for seat {seat}.")
NOT_WAITING = message("bot.refused.not_waiting", "The game is not waiting for anything from you right now.")
ANSWER_OBJECT = message("bot.refused.answer_object", "The answer must be a JSON object, e.g. {example}.")
NOT_YOUR_OPTION = message("bot.refused.not_your_option", "That is not one of your options now; pick one from the list.")
PICK_OPTION = message("bot.refused.pick_option", "Pick an option from the list, or give an `answer` as JSON.")
BOARD_AFTER = message("bot.board.after_action", "🗺️ **{title}** — board after action {seq}")
GM_RULING_DUE = message(
    "bot.gm.ruling_due",
    "{title} waits for a game-master ruling (rule {rule}). "
    "Use `/gm resolve` in this thread: the task's details show only to you there.",
)
YOUR_SEAT = message("bot.your_seat", "your seat {seat}")
PRIVATE_DM_HEAD = message("bot.dm.head", "🔒 **{title}**")
NOT_STARTED_PRIVATE = message(
    "bot.refused.not_started_private", "The game has not started yet, so there is nothing private to show."
)
PANEL_HEAD = message("bot.panel.head", "🔒 **Your private panel — {title}** (only you can see this)")
PANEL_UNDELIVERED = message("bot.panel.undelivered", "**Messages I could not send you by DM:**")
PANEL_SEAT_VIEW = message("bot.panel.seat_view", "Seat {seat}: what you see")
PANEL_FALLBACK_HEAD = message(
    "bot.panel.fallback_head", "📭 **I could not DM you, so here is what I tried to send** (only you can see this)"
)
JOINED_YOU = message("bot.lobby.joined_you", "✅ You joined {title}.")
JOINED_YOU_AS = message("bot.lobby.joined_you_as", "✅ You joined {title} as {faction}.")
JOINED = message("bot.lobby.joined", "➕ {player} joined ({seats}/{cap} seats).")
JOINED_AS = message("bot.lobby.joined_as", "➕ {player} joined as {faction} ({seats}/{cap} seats).")
SEED_GM_ONLY = message(
    "bot.refused.seed_gm_only",
    "Only a game master can fix the seed: whoever knows it knows every shuffle. "
    "Start without `seed` and the bot draws a secret one.",
)
START_WHO = message("bot.refused.start_who", "Only the game's creator, a seated player or a game master can start it.")
LABEL_START = message("bot.act.label.start", "the start")
STARTED = message("bot.lobby.started", "✅ {title} has started. Seed hash (SHA-256): `{hash}`.")
STARTED_FIXED = message(
    "bot.lobby.started_fixed", "✅ {title} has started with the seed you fixed. Seed hash (SHA-256): `{hash}`."
)


def utcnow() -> datetime:
    return datetime.now(UTC)


# Where an announcement line goes (``Notice`` items, issue 18): a thread post, the running log
# (the lobby's joins), or a notice for the game master (posted in the thread, the GM role pinged).
TO_THREAD, TO_LOG, TO_GM = "post", "log", "gm"
# A parameter filled at send time with the game's seed: it is revealed by the change the line
# announces (the end of a game), so the command cannot know it and the row must not hold it early.
SEED_SLOT = "\ue000seed"


def line(msg: Msg, *, to: str = TO_THREAD, ping: bool = False) -> dict[str, Any]:
    """One line of a ``Notice``: the message's facts (rendered at send time, in the thread's
    language with the game's names) and where it goes; ``ping`` lets its user mentions ping."""
    item: dict[str, Any] = {"to": to, "msg": msg.model_dump(mode="json")}
    if ping:
        item["ping"] = True
    return item


def lobby_lines(msgs: list[Msg]) -> dict[str, Any]:
    """The lobby of a new game as a ``Notice`` item: one thread message of ``msgs`` (a line each)
    carrying the Join and Start buttons, labelled in the thread's language when it is sent."""
    return {"to": TO_THREAD, "msgs": [m.model_dump(mode="json") for m in msgs], "view": "lobby"}


def _seed_filled(value: Any, seed: str) -> Any:
    if isinstance(value, dict):
        return {k: _seed_filled(v, seed) for k, v in value.items()}
    if isinstance(value, list):
        return [_seed_filled(v, seed) for v in value]
    return seed if value == SEED_SLOT else value


def seat_refusal(loaded: Any, seat: int, user_id: int) -> Msg | None:
    """Why ``user_id`` may not answer for ``seat`` (a component of another seat), or None."""
    mine = sorted(s.seat for s in loaded.seats if s.user_id == user_id and s.seat is not None)
    if not mine:
        return NOT_PLAYING()
    if seat not in mine:
        return WRONG_SEAT(seat=seat + 1, held=", ".join(str(s + 1) for s in mine))
    return None


class UserError(Exception):
    """Bad input from a player: shown as an ephemeral refusal; nothing was changed.

    Its argument is a ``Msg`` (rendered in the reader's language) or already finished text.
    """

    def __init__(self, reason: lang.Text) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return lang.tr(self.reason, EN)


class Referee:
    def __init__(
        self, client: discord.Client, store: GameStore, *, gm_role: str = "Game Master", clock: Clock = utcnow
    ) -> None:
        self.client = client
        self.store = store
        self.gm_role = gm_role
        self.clock = clock
        self.delivery = Delivery(client, gm_role, store)
        # Every committed change is delivered through the store's outbox (issue 18).
        self.outbox = Outbox(store, self.delivery)
        # Who reads which language; shared with delivery so a DM follows a choice at once.
        self.locales = lang.Locales(store)
        self.delivery.locales = self.locales
        self._locks: dict[int, asyncio.Lock] = {}
        # Per-game replacements for the generic modal of a structured prompt (e.g. the
        # Age of Heroes offer builder): ruleset name -> handler(interaction, ref, prompt, loaded)
        # that answers the interaction itself and returns True, or returns False to fall back.
        self.form_builders: dict[str, Callable[..., Awaitable[bool]]] = {}
        # Per-game text for the private panel: ruleset name -> formatter(view, title=..., locale=..., names=...)
        # -> pages, in the reader's language.
        self.panel_formatters: dict[str, Callable[..., list[str]]] = {}
        # Per-game extra components on a prompt's own message (e.g. the Age of Heroes
        # Counter… buttons next to Accept / Decline): ruleset name -> extras(game_id, prompt,
        # layout, locale) returning DynamicItems with rows after the layout's. The game's cog
        # registers their templates, so they survive restarts like every other component.
        self.prompt_extras: dict[str, Callable[..., list[discord.ui.Item[Any]]]] = {}
        # (game, seat) -> (message id, prompt key, ``delivery.posted`` after it) of the seat's last
        # public prompt message: where a seat asked again gets its next decision (issue 12).
        self._seat_messages: dict[tuple[int, int], tuple[int, str, int]] = {}
        self._marks_loaded: set[int] = set()  # games whose seat messages were read back from the store

    # ---- small helpers ------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        """Serialises check-then-act and delivery per game, so thread posts keep the action order."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def prompt_view(
        self,
        ruleset: str,
        game_id: int,
        prompt: Prompt,
        page: int = 0,
        locale: str = EN,
        names: Names | None = None,
    ) -> discord.ui.View | None:
        """A prompt's components (``cogs.layout``) plus whatever its game adds (``prompt_extras``),
        labelled in ``locale`` (the reader's: the thread's for a public prompt, the seat's for a DM)."""
        layout = layout_prompt(game_id, lang.localize_prompt(prompt, locale, names), page, locale)
        items = items_for(layout)
        extras = self.prompt_extras.get(ruleset)
        if extras is not None:
            try:
                items += extras(game_id, prompt, layout, locale)
            except (LookupError, ValueError, TypeError):  # the prompt still goes out, just without its extras
                log.exception("extra components for a %s prompt failed", ruleset)
        return frozen_view(items)

    def is_gm(self, interaction: discord.Interaction) -> bool:
        return interaction_is_gm(interaction, self.gm_role)

    def require_gm(self, interaction: discord.Interaction) -> None:
        if not self.is_gm(interaction):
            raise UserError(GM_REFUSAL(role=self.gm_role))

    async def gm_of(self, interaction: discord.Interaction, guild_id: int | None) -> bool:
        """Whether the user is a game master of ``guild_id``, a game's own server.

        Inside that server the interaction's own permissions and roles decide. Inside
        another server they say nothing about this one. In a DM, which carries no roles,
        the game's server is asked about the member (its cache, then one REST call). A process
        that runs other shards does not cache that server at all (a DM reaches shard 0's process
        only, issue 19): then the server and the member are asked of REST (``GuildLookup``, whose
        answers are kept a minute).
        """
        if guild_id is None:
            return False
        if interaction.guild_id is not None:
            return interaction.guild_id == guild_id and self.is_gm(interaction)
        guild = self.client.get_guild(int(guild_id))
        if guild is None:
            return await self.delivery.guilds.is_gm(int(guild_id), interaction.user.id, self.gm_role)
        member = guild.get_member(interaction.user.id)
        if member is None:
            try:
                member = await guild.fetch_member(interaction.user.id)
            except SEND_ERRORS:  # not a member there (404), or Discord unreachable: no GM power
                return False
        return is_gm(member, None, self.gm_role)

    async def require_gm_of(self, interaction: discord.Interaction, game: GameRecord) -> None:
        if not await self.gm_of(interaction, game.guild_id):
            raise UserError(GM_REFUSAL_ELSEWHERE(refusal=GM_REFUSAL(role=self.gm_role)))

    @staticmethod
    def title(game: GameRecord) -> Msg:
        """ "Runewars #3" as a message: each reader gets the name printed on their box."""
        return lang.game_title(game.ruleset, game.id)

    async def locale(self, interaction: discord.Interaction) -> str:
        """The language of a reply to ``interaction``: the user's choice, else their client's."""
        return await self.locales.of_interaction(interaction)

    def names(self, game: GameRecord, seats: dict[int, SeatRecord] | None = None) -> Names:
        """How the game's ``Ref``s read: its seats' players, then its content's names."""
        return lang.names_for(game.ruleset, seats, game.options)

    async def defer(self, interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def send(
        self,
        interaction: discord.Interaction,
        content: lang.Text,
        *,
        ephemeral: bool = True,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        mentions: discord.AllowedMentions | None = None,
    ) -> None:
        """Reply (first response or follow-up), split at 2000 characters; components go on the last part.

        A ``Msg`` is rendered in the reader's language (``locale``).
        """
        if not isinstance(content, str):
            content = render(content, await self.locale(interaction))
        parts = text.chunk(content)
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            kwargs: dict[str, Any] = {
                "ephemeral": ephemeral,
                "allowed_mentions": mentions or discord.AllowedMentions.none(),
            }
            if last and view is not None:
                kwargs["view"] = view
            if last and png is not None:
                import io

                kwargs["file"] = discord.File(io.BytesIO(png), filename="board.png")
            if not interaction.response.is_done():
                await interaction.response.send_message(part, **kwargs)
            else:
                await interaction.followup.send(part, **kwargs)

    async def fail(self, interaction: discord.Interaction, exc: BaseException) -> None:
        """Turn an error into the player-facing refusal; unexpected errors are logged, never shown raw."""
        if isinstance(exc, app_commands.CommandInvokeError):
            exc = exc.original
        try:
            locale = await self.locale(interaction)
        except StoreError:
            locale = lang.interaction_locale(interaction) or EN
        message: lang.Text
        rule_button: discord.ui.View | None = None
        if isinstance(exc, RuleViolation):
            message = text.violation(store_text.violation_msg(exc), locale)
            rule_button = rule_view(exc.rule, locale)  # issue 12: the cited rule, one press away
        elif isinstance(exc, StoreError):
            message = text.refusal(store_text.store_reason(exc), locale)  # the store's English read back as a Msg
        elif isinstance(exc, (UserError, text.BadArgument)):
            message = text.refusal(exc.reason, locale)
        elif isinstance(exc, app_commands.CheckFailure):
            message = text.refusal(str(exc) or NOT_HERE(), locale)
        else:
            log.exception(
                "unexpected error in %s", getattr(interaction.command, "qualified_name", "a component"), exc_info=exc
            )
            # Not "nothing was changed": the error may come after the store committed something.
            message = UNEXPECTED()
        try:
            await self.send(interaction, message, ephemeral=True, view=rule_button)
        except SEND_ERRORS:
            log.warning("could not report an error to %s", interaction.user.id)

    async def guarded(self, interaction: discord.Interaction, work: Callable[[], Awaitable[T]]) -> T | None:
        try:
            return await work()
        except Exception as exc:  # noqa: BLE001 - every failure becomes a reply; fail() logs unexpected ones
            await self.fail(interaction, exc)
            return None

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await self.fail(interaction, error)

    # ---- which game ------------------------------------------------------------------
    async def resolve_game(self, interaction: discord.Interaction, game_id: int | None) -> GameRecord:
        """The game a command is about: explicit, else the thread it is used in, else the user's only game."""
        game: GameRecord | None = None
        if game_id is not None:
            game = await self.store.get_game(int(game_id))
        elif interaction.channel_id:
            game = await self.store.game_by_thread(interaction.channel_id)
        if game is None:
            mine = await self.store.list_games(user_id=interaction.user.id, statuses=LIVE)
            if interaction.guild_id is not None:
                mine = [g for g in mine if g.guild_id == interaction.guild_id]
            if len(mine) != 1:
                raise UserError(WHICH_GAME() if mine else NO_GAME_HERE())
            game = mine[0]
        if interaction.guild_id is not None and game.guild_id != interaction.guild_id:
            raise UserError(OTHER_SERVER(game=game.id))
        if interaction.guild_id is None:
            await self._check_dm_reach(interaction, game)
        return game

    async def _check_dm_reach(self, interaction: discord.Interaction, game: GameRecord) -> None:
        """A DM belongs to no server: from there a user reaches only a game they hold a seat in
        (joined, before the start) or a game of a server where they are a game master."""
        if any(s.user_id == interaction.user.id for s in await self.store.seats(game.id)):
            return
        if await self.gm_of(interaction, game.guild_id):
            return
        raise UserError(DM_REACH(game=game.id))

    def register_game(
        self,
        ruleset: str,
        *,
        panel: Callable[..., list[str]] | None = None,
        builder: Callable[..., Awaitable[bool]] | None = None,
        extras: Callable[..., list[discord.ui.Item[Any]]] | None = None,
        items: Sequence[type[discord.ui.DynamicItem[Any]]] = (),
    ) -> None:
        """What a game's cog adds to the generic table, in one place so loading and unloading match."""
        if panel is not None:
            self.panel_formatters[ruleset] = panel
        if builder is not None:
            self.form_builders[ruleset] = builder
        if extras is not None:
            self.prompt_extras[ruleset] = extras
        if items and hasattr(self.client, "add_dynamic_items"):
            self.client.add_dynamic_items(*items)

    def unregister_game(self, ruleset: str, items: Sequence[type[discord.ui.DynamicItem[Any]]] = ()) -> None:
        """Undo ``register_game`` (a cog unloaded or reloaded)."""
        self.panel_formatters.pop(ruleset, None)
        self.form_builders.pop(ruleset, None)
        self.prompt_extras.pop(ruleset, None)
        if items and hasattr(self.client, "remove_dynamic_items"):
            self.client.remove_dynamic_items(*items)

    async def seat_map(self, game_id: int) -> dict[int, SeatRecord]:
        return {s.seat: s for s in await self.store.seats(game_id) if s.seat is not None}

    # ---- acting -------------------------------------------------------------------------
    async def choose(
        self,
        interaction: discord.Interaction,
        ref: ids.PromptRef,
        *,
        index: int | None = None,
        action: dict[str, Any] | None = None,
        shown: str | None = None,
    ) -> None:
        """Apply one answer to the prompt ``ref`` points at (button, select, form or /game act).
        ``shown``: the label the pressed button or menu entry showed, when the press carried one."""
        await self.defer(interaction)
        await self.guarded(interaction, lambda: self._choose(interaction, ref, index, action, shown))
        await self.offer_fallback(interaction, ref.game)

    async def _choose(
        self,
        interaction: discord.Interaction,
        ref: ids.PromptRef,
        index: int | None,
        action: dict[str, Any] | None,
        shown: str | None = None,
    ) -> bool:
        user_id = interaction.user.id
        async with self.lock(ref.game):
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                await self.send(interaction, RESOLVED_NOTHING_TO_DO())
                return True
            if ref.seat == GM_SEAT:
                await self.require_gm_of(interaction, loaded.game)
            else:
                refusal = seat_refusal(loaded, ref.seat, user_id)
                if refusal is not None:
                    raise UserError(refusal)
            locale = await self.locale(interaction)
            seats = {s.seat: s for s in loaded.seats if s.seat is not None}
            names = self.names(loaded.game, seats)
            # Only the pressed option's label is shown back: the other options are not localized.
            if action is None:
                if index is None or not 0 <= index < len(prompt.options):
                    raise UserError(OPTION_GONE())
                if shown is not None and not await self._still_shows(loaded, prompt, index, shown, locale, user_id):
                    raise UserError(OPTION_GONE())  # an older message of a prompt whose options changed
                chosen = prompt.options[index]
                action, label, english = (
                    dict(chosen.action),
                    lang.localize_label(prompt, index, locale, names),
                    chosen.label,
                )
            else:
                option = prompt.option_for(action)
                english = option.label if option else self._describe(loaded, ref.seat, action)
                if option is not None:
                    label = lang.localize_label(prompt, prompt.options.index(option), locale, names)
                else:
                    said = self._describe_msg(loaded, ref.seat, action)
                    label = render(said, locale, names) if said is not None else english
            pressed = self._pressed(interaction, prompt)
            if ref.seat == GM_SEAT:
                # The audit trail is for the table's GMs: kept in the code's language.
                outcome = await self.store.gm_act(ref.game, user_id, action, f"resolved through the prompt: {english}")
            else:
                outcome = await self.store.act(
                    ref.game, user_id, action, interaction_id=str(interaction.id), seat=ref.seat, pressed=pressed
                )
            if outcome.duplicate:
                await self.send(interaction, ALREADY_DONE())
                return True
            still_open = any(p.seat == ref.seat and p.key == prompt.key for p in outcome.prompts)
            note = " " + render(MAY_CHANGE(), locale) if prompt.simultaneous and still_open else ""
            in_place = self.in_place(pressed, loaded.prompts, outcome.prompts)

            async def confirm() -> None:
                done = render(DONE(label=label), locale)
                await self.send(interaction, text.truncate(f"{done}{note}", text.MAX_CONTENT))
                if not in_place:  # else publishing puts the seat's next prompt on that message
                    await self._mark_message(interaction, prompt, label, still_open, locale)

            # The action is committed: confirming to the presser and telling the table
            # run side by side; the game lock still keeps this game's posts in order.
            await self.after_commit(
                interaction,
                loaded.game,
                lambda: self.publish(loaded.game, loaded.prompts, outcome, seats=seats, in_place=in_place),
                confirm=confirm,
                label=label,
            )
        return True

    async def after_commit(
        self,
        interaction: discord.Interaction | None,
        game: GameRecord,
        publish: Callable[[], Awaitable[object]],
        *,
        confirm: Callable[[], Awaitable[object]] | None = None,
        label: lang.Text = "",
    ) -> None:
        """Confirm and publish a change the store has already committed.

        From here on no message may say that nothing changed, so no failure may reach
        ``fail``: each step's outcome is collected (``return_exceptions``) rather than
        raised. If publishing fails, the delivery outbox retries it and the player is told
        their action was recorded and the post will follow.
        """
        steps = [publish()] if confirm is None else [confirm(), publish()]
        results = await asyncio.gather(*steps, return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException) and not isinstance(result, Exception):
                raise result  # cancellation or shutdown: not an error of this action
        published = results[-1]
        confirmed = results[0] if confirm is not None else None
        if isinstance(confirmed, BaseException):
            trace = None if isinstance(confirmed, SEND_ERRORS) else confirmed
            log.warning("could not confirm an action in game %s: %s", game.id, confirmed, exc_info=trace)
        if not isinstance(published, BaseException):
            return
        log.error("publishing an action of game %s failed after its commit; retrying", game.id, exc_info=published)
        self.delivery.later(game, f"publishing of an action in game {game.id}", publish)
        if interaction is None:
            return
        try:
            await self.send(interaction, RECORDED_WHAT(label=label) if label else RECORDED())
        except SEND_ERRORS:
            log.warning("could not tell %s that their action was recorded", interaction.user.id)

    async def _still_shows(
        self, loaded: Any, prompt: Prompt, index: int, shown: str, locale: str, user_id: int
    ) -> bool:
        """Whether ``shown``, the label on the pressed button or menu entry, is option ``index``'s label now.

        Why: a prompt may keep its key while its options change (the other seats' decision in a
        Heroes III turn is keyed by the turn, and turns from a town action into the answer to an
        ally's offer; a multi-step decision, ``routing.new_prompts``). Its older message keeps the
        same component ids, so a press there would otherwise apply whatever option has that index
        now, not the one the player read. The message was written in its reader's language (the
        seat's for a DM, the thread's otherwise) or, on the panel, the presser's: any of them matches.
        """
        if shown in ("", "…"):
            return True  # the press carried no label: nothing to compare
        seats = {s.seat: s for s in loaded.seats if s.seat is not None}
        names = self.names(loaded.game, seats)
        readers = {locale, lang.game_locale(loaded.game), EN, await self.delivery.reader(loaded.game, user_id)}
        for reader in readers:
            label = lang.localize_label(prompt, index, reader, names)
            if shown in (label, text.truncate(label, text.MAX_LABEL), text.truncate(label, text.MAX_OPTION)):
                return True
        return False

    @staticmethod
    def _pressed(interaction: discord.Interaction, prompt: Prompt) -> dict[str, Any] | None:
        """The public thread message a seat pressed to answer ``prompt``, as the outbox row keeps it
        (``in_place`` turns it into where the seat's next decision goes), or None."""
        message = interaction.message
        if message is None or message.flags.ephemeral or interaction.guild_id is None:
            return None
        if prompt.secret or prompt.seat == GM_SEAT:
            return None
        return {"seat": prompt.seat, "message": message.id, "key": prompt.key, "simultaneous": prompt.simultaneous}

    @staticmethod
    def in_place(pressed: dict[str, Any] | None, before: list[Prompt], after: list[Prompt]) -> dict[int, int]:
        """{seat: pressed message id} when the presser's seat is at once asked a new public decision.

        Issue 12: the thread message they pressed then shows that next decision (one edit)
        rather than a second message pinging the same player again. Not while the choice is
        still open to change (a simultaneous one not yet locked in: its message stays as it is).
        A pure function of the outbox row's facts, so a resend after a restart decides the same.
        """
        if not pressed:
            return {}
        seat, key = int(pressed["seat"]), str(pressed["key"])
        if pressed.get("simultaneous") and any(p.seat == seat and p.key == key for p in after):
            return {}
        if any(p.seat == seat and not p.secret for p in new_prompts(before, after)):
            return {seat: int(pressed["message"])}
        return {}

    @staticmethod
    def _describe(loaded: Any, seat: int, action: dict[str, Any]) -> str:
        """A typed answer in the game's own words (``Ruleset.describe_action``), for the confirmation."""
        try:
            return str(engine.ruleset(loaded.game.ruleset).describe_action(loaded.state, seat, action))
        except (RuleViolation, LookupError, ValueError, TypeError, AttributeError):
            # A typed answer is any JSON a player wrote; a label must never stop the action.
            return str(action.get("type", "answer"))

    @staticmethod
    def _describe_msg(loaded: Any, seat: int, action: dict[str, Any]) -> Msg | None:
        """The same words as a message, if the game offers them (``describe_action_msg``, optional)."""
        describe = getattr(engine.ruleset(loaded.game.ruleset), "describe_action_msg", None)
        if not callable(describe):
            return None
        try:
            said = describe(loaded.state, seat, action)
        except (RuleViolation, LookupError, ValueError, TypeError, AttributeError):
            return None  # as in ``_describe``: a label must never stop the action
        return said if isinstance(said, Msg) else None

    async def _mark_message(
        self, interaction: discord.Interaction, prompt: Prompt, label: str, still_open: bool, locale: str = EN
    ) -> None:
        """Show the choice on the prompt message itself (only where that reveals nothing new)."""
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return
        if prompt.secret and interaction.guild_id is not None:
            return  # a secret prompt in a shared channel: never write the answer there
        try:
            if still_open:
                mark = render(CURRENT_CHOICE(label=label), locale)
                content = text.truncate(f"{message.content}\n{mark}", text.MAX_CONTENT)
                await message.edit(content=content)
            else:
                mark = render(CHOSEN(label=label), locale)
                content = text.truncate(f"{message.content}\n{mark}", text.MAX_CONTENT)
                await message.edit(content=content, view=None)
        except discord.HTTPException:
            log.debug("could not mark prompt message %s", message.id)

    async def turn_page(self, interaction: discord.Interaction, ref: ids.PromptRef) -> None:
        async def work() -> None:
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                await interaction.response.edit_message(view=None)
                await self.send(interaction, RESOLVED())
                return
            # The page's labels in the language the message was written in: the thread's for a
            # public prompt, the seat's own for a secret one.
            reader = lang.game_locale(loaded.game) if not prompt.secret else await self.locale(interaction)
            seats = {s.seat: s for s in loaded.seats if s.seat is not None}
            view = self.prompt_view(
                loaded.game.ruleset, ref.game, prompt, ref.arg, reader, self.names(loaded.game, seats)
            )
            await interaction.response.edit_message(view=view)

        await self.guarded(interaction, work)

    async def open_form(self, interaction: discord.Interaction, ref: ids.PromptRef) -> None:
        """A modal must be the first response, so this reads the prompt without deferring."""

        async def work() -> None:
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                raise UserError(RESOLVED_REFUSAL())
            if ref.seat == GM_SEAT:
                await self.require_gm_of(interaction, loaded.game)  # the form's title is the task's text
            elif not any(s.seat == ref.seat and s.user_id == interaction.user.id for s in loaded.seats):
                raise UserError(FORM_FOR_SEAT(seat=ref.seat + 1))
            builder = self.form_builders.get(loaded.game.ruleset)
            if builder is not None and await builder(interaction, ref, prompt, loaded):
                return
            locale = await self.locale(interaction)
            shown = lang.localize_prompt(prompt, locale, self.names(loaded.game))
            await interaction.response.send_modal(modal_for(ref, shown, locale))

        await self.guarded(interaction, work)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Modal submissions are routed by custom id, so a form survives a restart."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        ref = ids.decode_prompt(str(data.get("custom_id", "")))
        if ref is None or ref.kind != ids.FORM_SUBMIT:
            return
        await self.defer(interaction)

        async def work() -> dict[str, Any]:
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                raise UserError(RESOLVED_REFUSAL())
            locale = await self.locale(interaction)
            try:
                return parse_form(form_for(prompt.answer_schema or {}, locale), submitted_values(data), locale)
            except ValueError as exc:
                raise UserError(str(exc)) from None

        action = await self.guarded(interaction, work)
        if action is not None:
            await self.choose(interaction, ref, action=action)

    async def act_typed(
        self, interaction: discord.Interaction, game_id: int | None, option: str | None, answer: str | None
    ) -> None:
        """``/game act``: an option picked from autocomplete, an option label, or a JSON answer."""
        await self.defer(interaction)

        async def work() -> tuple[ids.PromptRef, int | None, dict[str, Any] | None]:
            game = await self.resolve_game(interaction, game_id)
            loaded = await self.store.load(game.id)
            mine = [s.seat for s in loaded.seats if s.user_id == interaction.user.id and s.seat is not None]
            prompts = [p for p in loaded.prompts if p.seat in mine]
            if not prompts:
                raise UserError(NOT_WAITING())
            if answer:
                parsed = text.parse_json_arg(answer, what=text.WHAT_ANSWER())
                if not isinstance(parsed, dict):
                    raise UserError(ANSWER_OBJECT(example='{"type": "pick", "card": "..."}'))
                prompt = prompts[0]
                return ids.PromptRef(ids.OPTION, game.id, prompt.seat, ids.key_hash(prompt.key), 0), None, parsed
            if option:
                decoded = decode_option_value(option)
                for prompt in prompts:
                    kh = ids.key_hash(prompt.key)
                    if decoded is not None and decoded[0] == kh:
                        return ids.PromptRef(ids.OPTION, game.id, prompt.seat, kh, decoded[1]), decoded[1], None
                    shown = lang.localize_prompt(prompt, await self.locale(interaction), self.names(game))
                    for i, opt in enumerate(prompt.options):
                        typed = option.strip().casefold()
                        if typed in (opt.label.casefold(), shown.options[i].label.casefold()):
                            return ids.PromptRef(ids.OPTION, game.id, prompt.seat, kh, i), i, None
                raise UserError(NOT_YOUR_OPTION())
            raise UserError(PICK_OPTION())

        found = await self.guarded(interaction, work)
        if found is not None:
            ref, index, action = found
            await self.choose(interaction, ref, index=index, action=action)

    # ---- publishing ----------------------------------------------------------------------
    async def publish(
        self,
        game: GameRecord,
        before: list[Prompt],
        outcome: ActOutcome,
        *,
        repost_seats: frozenset[int] = frozenset(),
        seats: dict[int, SeatRecord] | None = None,
        in_place: dict[int, int] | None = None,
        note: Msg | None = None,
    ) -> None:
        """Deliver one committed change through its outbox row (issue 18): the row was written with
        the change, so if this process dies before every post is out, the next start sends the rest
        (``recover``). See ``_publish`` for what is sent; ``note`` (a GM's change: who, what, why,
        also in the row) goes first."""

        async def body() -> None:
            if note is not None:
                await self.delivery.post(game, note)
            await self._publish(game, before, outcome, repost_seats=repost_seats, seats=seats, in_place=in_place)

        if outcome.outbox_id is None:  # a change the store did not record for delivery (a duplicate)
            await body()
            return
        await self.outbox.run(outcome.game, outcome.outbox_id, body)

    async def announce(self, game: GameRecord, notice: Notice) -> None:
        """Deliver a ``Notice`` the store wrote with its change (a seat given, a kick, a pause, a lobby
        line, a reminder) through its outbox row: sent once, resent after a crash (``recover``)."""
        if notice.row_id is None:  # the store wrote no row (never expected): nothing is owed
            return
        payload = notice.payload()
        await self.outbox.run(game, notice.row_id, lambda: self._announce(int(game.id), payload))

    async def _announce(self, game_id: int, payload: dict[str, Any]) -> None:
        """Send a notice row's lines, each rendered now in its reader's language: the thread's for the
        table, the new holder's for a welcome DM; then the open decisions of a seat given to someone.

        The game is read at send time: its thread, its language, and a seed its end revealed.
        """
        game = await self.store.get_game(game_id)
        seats = await self.seat_map(game_id)
        names = self.names(game, seats)
        here = lang.game_locale(game)
        for item in payload.get("announce", []):
            msgs = item["msgs"] if "msgs" in item else [item["msg"]]
            if game.seed is not None:
                msgs = _seed_filled(msgs, game.seed)
            said = "\n".join(render(Msg.model_validate(m), here, names) for m in msgs)
            where = item.get("to", TO_THREAD)
            if where == TO_LOG:
                await self.delivery.log(game, said)
            elif where == TO_GM:
                await self.delivery.tell_gm(game, said)
            else:
                view = self.lobby_view(game_id, here) if item.get("view") == "lobby" else None
                mentions = user_mentions() if item.get("ping") else None
                await self.delivery.post(game, said, view=view, mentions=mentions)
        welcome = payload.get("welcome")
        if welcome:
            user_id, seat = int(welcome["user_id"]), int(welcome["seat"])
            reader = await self.delivery.reader(game, user_id)
            hello = render(Msg.model_validate(welcome["msg"]), reader, names)
            await self.delivery.welcome(game, user_id, seat, text.truncate(hello, text.MAX_CONTENT))
            loaded = await self.store.load(game_id)
            await self.post_prompts(game, seats, [p for p in loaded.prompts if p.seat == seat])

    async def recover(self, row: OutboxRow) -> tuple[GameRecord, Body]:
        """What delivering an outbox row means after a restart: the change rebuilt from the store,
        published as the referee did when it was committed (the row's facts stand in for memory)."""
        if "announce" in row.payload:  # a Notice: no log row to rebuild, only its lines to send
            game = await self.store.get_game(row.game_id)
            return game, lambda: self._announce(row.game_id, row.payload)
        outcome, before = await self.store.outbox_outcome(row)
        payload = row.payload
        in_place = self.in_place(payload.get("pressed"), before, outcome.prompts)
        repost = frozenset(int(s) for s in payload.get("repost_seats", []))
        note = Msg.model_validate(payload["note"]) if payload.get("note") else None

        async def body() -> None:
            if note is not None:
                await self.delivery.post(outcome.game, note)
            await self._publish(outcome.game, before, outcome, repost_seats=repost, in_place=in_place)

        return outcome.game, body

    async def resume(self) -> int:
        """Send what the outbox still owes the tables (before the bot reports ready)."""
        return await self.outbox.resume(self.recover)

    def start_sweep(self) -> None:
        """From now on, take over what a dead process sharing the database left unsent (issue 19)."""
        self.outbox.start_sweep(self.recover)

    async def _load_marks(self, game_id: int) -> None:
        """Read back which thread message each seat was last asked on and how many messages the bot
        posted (issue 12's "asked again" in place), so a restarted bot edits the same messages.

        On PostgreSQL other processes (shards) may have posted to the same game's thread since
        this one last did (issue 19), so the store's marks, the open log message included, are
        read again before every change this process publishes, and they win over its own copies.
        """
        if self.store is None:
            return
        shared = self.store.shared
        if game_id in self._marks_loaded and not shared:
            return
        self._marks_loaded.add(game_id)
        try:
            slots = await self.store.table_messages(game_id)
        except (StoreError, OSError) as exc:
            log.warning("could not read the table messages of game %s: %s", game_id, exc)
            return
        if shared:
            self.delivery.set_open(game_id, slots.get(LOG_SLOT))
        for slot, (message_id, content) in slots.items():
            if slot == POSTED_SLOT:
                self.delivery.set_posted(game_id, message_id)
            elif slot.startswith("seat:") and (shared or (game_id, int(slot[5:])) not in self._seat_messages):
                key, at = json.loads(content)
                self._seat_messages[(game_id, int(slot[5:]))] = (message_id, str(key), int(at))

    async def _mark_seat(self, game_id: int, seat: int, message_id: int, key: str) -> None:
        at = self.delivery.posted(game_id)
        self._seat_messages[(game_id, seat)] = (message_id, key, at)
        await self.delivery.remember(game_id, f"seat:{seat}", message_id, json.dumps([key, at]))

    async def _publish(
        self,
        game: GameRecord,
        before: list[Prompt],
        outcome: ActOutcome,
        *,
        repost_seats: frozenset[int] = frozenset(),
        seats: dict[int, SeatRecord] | None = None,
        in_place: dict[int, int] | None = None,
    ) -> None:
        """Deliver one committed change: events by audience, then fresh prompts, then the result.

        Issue 12 (a quiet thread): public events go to the running log of the season or
        turn (``Delivery.log``, one message edited as steps resolve), which a milestone
        closes and the board picture joins after the prompts; a new message with a mention
        is posted only for a seat whose decision is newly awaited. ``in_place`` (seat ->
        message id) names the pressed prompt message of a seat that is asked again: its
        next prompt replaces it there.
        """
        game = outcome.game
        await self._load_marks(game.id)
        if seats is None:
            seats = await self.seat_map(game.id)
        routed = route_events(outcome.events)
        names = self.names(game, seats)
        here = lang.game_locale(game)
        board_due, closed = await self.log_events(game, outcome, routed.public, names)
        for seat, events in routed.private.items():
            record = seats.get(seat)
            if record is None or not record.user_id:
                continue
            reader = await self.delivery.reader(game, record.user_id)
            head = render(PRIVATE_DM_HEAD(title=self.title(game)), reader)
            await self.delivery.dm(
                game, record.user_id, f"{head}\n{text.format_events(events, reader, names)}", seat=seat
            )
        fresh = new_prompts(before, outcome.prompts)
        fresh += [p for p in outcome.prompts if p.seat in repost_seats and p not in fresh]
        awaited = frozenset(p.seat for p in before if p.waiting)
        await self.post_prompts(game, seats, fresh, state=outcome.state, awaited=awaited, in_place=in_place)
        if board_due:  # drawn beside the flow: the next decision is already out, the next press need not wait
            self.delivery.aside(f"board of game {game.id}", lambda: self.add_board(game, outcome, closed))
        if outcome.result is not None:
            labels = {s: text.seat_label(s, r.user_id, r.faction, here, names) for s, r in seats.items()}
            await self.delivery.post(
                game,
                text.format_result(
                    outcome.result,
                    labels,
                    seed=None,
                    seed_hash=None,
                    locale=here,
                    reason=lang.result_reason(outcome.events),
                    names=names,
                ),
                mentions=user_mentions(),
                png=await decision_pictures.summary(self.store, game, outcome, here, names),  # issue 12: the course
            )

    async def log_events(
        self, game: GameRecord, outcome: ActOutcome, public: list[Event], names: Names
    ) -> tuple[bool, tuple[int, str] | None]:
        """The public events into the running log; a milestone closes the season or turn.

        Events after the last milestone of a step already belong to the next season or
        turn, so they open its log message. Returns whether a board is due and the closed
        message (id, text; None if it waits in the outbox) for ``add_board``.
        """
        here = lang.game_locale(game)
        last = max((i for i, e in enumerate(public) if e.milestone), default=None)
        ends = outcome.state is not None and (outcome.seq == 0 or outcome.result is not None or last is not None)
        if not ends:
            if public:
                await self.delivery.log(game, text.format_events(public, here, names))
            return False, None
        head, tail = (public, []) if last is None else (public[: last + 1], public[last + 1 :])
        closed = await self.delivery.log(game, text.format_events(head, here, names), close=True)
        if tail:
            await self.delivery.log(game, text.format_events(tail, here, names))
        return True, closed

    async def add_board(self, game: GameRecord, outcome: ActOutcome, closed: tuple[int, str] | None) -> None:
        """The board after a milestone, on the log message it closed (after the prompts: nobody
        waits for a picture to learn it is their turn); the state after the whole step."""
        png = await self.board_png(game, outcome.state)
        if png is not None:
            here = lang.game_locale(game)
            line = render(BOARD_AFTER(title=self.title(game), seq=outcome.seq), here, self.names(game))
            await self.delivery.attach(game, closed, line, png)

    async def board_png(self, game: GameRecord, state: Any) -> bytes | None:
        """The public picture after setup, each season or turn (a milestone event) and at the end.

        Built from the public view only. A game without a renderer gets none: its text
        summary is one `/game board` away and would only clutter the thread.
        """
        rs = engine.ruleset(game.ruleset)
        seats = await self.seat_map(game.id)
        names = decision_pictures.with_players(self.client, self.names(game, seats), seats)  # players' names
        try:
            return await renderers.render_png(
                game.ruleset, rs.view(state, None), locale=lang.game_locale(game), names=names, game=int(game.id)
            )
        except (LookupError, ValueError, TypeError, OSError, RuntimeError):
            # matplotlib's and a renderer's own failures: the picture is an extra, the game goes on.
            log.exception("rendering the board of game %s failed", game.id)
            return None

    async def post_prompts(
        self,
        game: GameRecord,
        seats: dict[int, SeatRecord],
        prompts: list[Prompt],
        *,
        state: Any = None,
        awaited: frozenset[int] | None = None,
        in_place: dict[int, int] | None = None,
    ) -> None:
        """Each prompt in its reader's language: a secret one in its seat's, a public one in the thread's.
        With ``state``, a public map decision carries its picture of the current board (``decision_pictures``).

        A public prompt mentions its seat only when that seat's decision is newly awaited
        (not in ``awaited``, the seats the game waited on before; ``None``: everyone is new).
        A seat asked again gets no second ping: its prompt replaces the message it just
        pressed (``in_place``), or is posted without a mention.
        """
        names = self.names(game, seats)
        here = lang.game_locale(game)
        in_place = dict(in_place or {})
        for prompt in prompts:
            if prompt.seat == GM_SEAT:
                # A GM task's text may name a secret card: the thread only hears that a ruling is due.
                # The prompt's own button ("Resolved") is attached: only a game master may press it.
                shown = lang.localize_prompt(prompt, here, names)
                await self.delivery.tell_gm(
                    game,
                    GM_RULING_DUE(title=self.title(game), rule=prompt.rule),
                    view=frozen_view(items_for(layout_prompt(game.id, shown, 0, here))),
                )
                continue
            record = seats.get(prompt.seat)
            user_id = record.user_id if record else 0
            if prompt.secret:
                if not user_id:
                    continue
                reader = await self.delivery.reader(game, user_id)
                view = self.prompt_view(game.ruleset, game.id, prompt, 0, reader, names)
                who = render(YOUR_SEAT(seat=prompt.seat + 1), reader)
                content = text.format_prompt(
                    prompt, game_id=game.id, title=self.title(game), who=who, locale=reader, names=names
                )
                # A secret map decision (rune placement, scrying) gets its picture from the seat's own view.
                png = await decision_pictures.picture(game, state, prompt, reader, names)
                await self.delivery.dm(game, user_id, content, seat=prompt.seat, view=view, png=png)
            else:
                view = self.prompt_view(game.ruleset, game.id, prompt, 0, here, names)
                who = text.seat_label(prompt.seat, user_id or None, record.faction if record else None, here, names)
                content = text.format_prompt(
                    prompt, game_id=game.id, title=self.title(game), who=who, locale=here, names=names
                )
                png = await decision_pictures.picture(game, state, prompt, here, names)
                target = in_place.pop(prompt.seat, None)
                # An optional decision nobody waits on (a town action out of turn, H3-10.2) is renewed
                # at every step of the active player: it never pings, and it replaces the seat's last
                # message while only this step's other prompts and the log came after it.
                newly = prompt.waiting and (awaited is None or prompt.seat not in awaited)
                reach = 1 if prompt.waiting else 1 + sum(not p.secret and p.seat != prompt.seat for p in prompts)
                if target is None and not newly:
                    # Read from this process's memory: recorded, so a resent outbox row chooses the same.
                    target = await self.delivery.decide(
                        game, functools.partial(self._recent_prompt_message, game.id, prompt, prompts, reach)
                    )
                if target is not None and await self.delivery.edit(game, target, content, view=view, png=png):
                    await self._mark_seat(game.id, prompt.seat, target, prompt.key)
                    continue
                ping = only_user(user_id) if newly and user_id else None
                sent = await self.delivery.post(game, content, view=view, mentions=ping, png=png)
                if sent is not None:
                    await self._mark_seat(game.id, prompt.seat, sent.id, prompt.key)

    def _recent_prompt_message(self, game_id: int, prompt: Prompt, fresh: list[Prompt], reach: int = 1) -> int | None:
        """The seat's last public prompt message, if it is still at the bottom of the thread and answered.

        Issue 12: a seat asked again (say after a decision in its DMs) gets its next public
        decision on the message it last answered in the thread, not on a new one, as long as
        at most ``reach`` messages (the log; for an optional decision also the step's other
        prompts) were posted after it; further up, a player would miss it.
        """
        found = self._seat_messages.get((game_id, prompt.seat))
        if found is None:
            return None
        message_id, key, at = found
        if self.delivery.posted(game_id) - at > reach:
            return None
        if key != prompt.key and any(p.seat == prompt.seat and p.key == key for p in fresh):
            return None  # the prompt on that message is still being posted afresh: it stays open
        return message_id

    # ---- the private panel ---------------------------------------------------------------
    async def panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The ephemeral private panel: undelivered DMs, your private view, your open decisions."""
        await self.defer(interaction)
        await self.guarded(interaction, lambda: self._panel(interaction, game_id))

    async def _panel(self, interaction: discord.Interaction, game_id: int, *, header: Msg | None = None) -> None:
        loaded = await self.store.load(game_id)
        user_id = interaction.user.id
        seats = sorted(s.seat for s in loaded.seats if s.user_id == user_id and s.seat is not None)
        if not seats:
            if any(s.user_id == user_id for s in loaded.seats):
                raise UserError(NOT_STARTED_PRIVATE())
            raise UserError(NOT_PLAYING())
        rs = engine.ruleset(loaded.game.ruleset)
        locale = await self.locale(interaction)
        names = self.names(loaded.game, {s.seat: s for s in loaded.seats if s.seat is not None})
        pending = await self.delivery.take_pending(game_id, user_id)
        lines = [render(header or PANEL_HEAD(title=self.title(loaded.game)), locale)]
        if pending:
            lines.append(render(PANEL_UNDELIVERED(), locale))
            lines.extend(pending)
        await self.send(interaction, "\n".join(lines))
        for seat in seats:
            view = rs.view(loaded.state, seat)
            title = render(PANEL_SEAT_VIEW(seat=seat + 1), locale)
            formatter = self.panel_formatters.get(loaded.game.ruleset)
            # A game's own panel is written in the reader's language; the generic dump prints the view.
            pages = (
                formatter(view, title=title, locale=locale, names=names)
                if formatter is not None
                else text.format_view_pages(view, title=title)
            )
            for page in pages:
                await self.send(interaction, page)
            for prompt in loaded.prompts:
                if prompt.seat == seat:
                    who = render(YOUR_SEAT(seat=seat + 1), locale)
                    content = text.format_prompt(
                        prompt, game_id=game_id, title=self.title(loaded.game), who=who, locale=locale, names=names
                    )
                    shown = self.prompt_view(loaded.game.ruleset, game_id, prompt, 0, locale, names)
                    await self.send(interaction, content, view=shown)

    async def offer_fallback(self, interaction: discord.Interaction, game_id: int) -> None:
        """After any interaction in a game: a player whose DMs failed gets their panel ephemerally."""
        if interaction.guild_id is None or not await self.delivery.has_pending(game_id, interaction.user.id):
            return
        await self.guarded(interaction, lambda: self._panel(interaction, game_id, header=PANEL_FALLBACK_HEAD()))

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        """Any slash command counts as "interacting": a player with undelivered DMs gets their panel."""
        games = await self.delivery.pending_games(interaction.user.id)
        if not games or interaction.guild_id is None or getattr(command, "qualified_name", "") == "game hand":
            return
        here = await self.store.game_by_thread(interaction.channel_id) if interaction.channel_id else None
        explicit = getattr(interaction.namespace, "game", None)
        target = next((g for g in (explicit, here.id if here else None) if g in games), None)
        if target is None and len(games) == 1:
            target = games[0]
        if target is not None:
            await self.offer_fallback(interaction, target)

    # ---- lobby ---------------------------------------------------------------------------
    async def join(self, interaction: discord.Interaction, game_id: int | None, faction: str | None) -> None:
        await self.defer(interaction)

        async def work() -> None:
            game = await self.resolve_game(interaction, game_id)
            rs = engine.ruleset(game.ruleset)
            cap = int(game.options.get("players") or rs.seat_range(game.options)[1])
            title, player = self.title(game), text.mention(interaction.user.id)
            side = Ref(kind=lang.FACTION_KIND, id=faction) if faction else None
            async with self.lock(game.id):  # the count in the lobby line is the count after this join
                count = len(await self.store.seats(game.id)) + 1
                note = (
                    JOINED_AS(player=player, faction=side, seats=count, cap=cap)
                    if side is not None
                    else JOINED(player=player, seats=count, cap=cap)
                )
                # Into the running log (issue 12): the lobby is one message, closed by the start. Written
                # with the seat (issue 18), so the table hears of the join even if the process dies now.
                notice = Notice(items=[line(note, to=TO_LOG)])
                await self.store.join(game.id, interaction.user.id, faction, notice=notice)
                said = JOINED_YOU_AS(title=title, faction=side) if side is not None else JOINED_YOU(title=title)

                async def confirm() -> None:
                    await self.send(interaction, render(said, await self.locale(interaction), self.names(game)))

                await self.after_commit(interaction, game, lambda: self.announce(game, notice), confirm=confirm)

        await self.guarded(interaction, work)

    async def start(self, interaction: discord.Interaction, game_id: int | None, seed: str | None = None) -> None:
        """Start a game. A fixed ``seed`` (tournaments, tests) is a game master's privilege:
        whoever knows the seed knows every shuffle, so the table is told it was fixed."""
        await self.defer(interaction)

        async def work() -> None:
            game = await self.resolve_game(interaction, game_id)
            gm = self.is_gm(interaction)
            if seed is not None and not gm:
                raise UserError(SEED_GM_ONLY())
            if interaction.user.id != game.created_by and not gm:
                if not any(s.user_id == interaction.user.id for s in await self.store.seats(game.id)):
                    raise UserError(START_WHO())
            async with self.lock(game.id):
                outcome = await self.store.start(
                    game.id, interaction.user.id, seed=seed, seeded_by=interaction.user.id if seed is not None else None
                )
                digest = outcome.game.seed_hash or ""
                started = STARTED_FIXED if seed is not None else STARTED
                await self.after_commit(
                    interaction,
                    outcome.game,
                    lambda: self.publish(game, [], outcome),
                    confirm=lambda: self.send(interaction, started(title=self.title(game), hash=digest)),
                    label=LABEL_START(),
                )

        await self.guarded(interaction, work)

    def lobby_view(self, game_id: int, locale: str = EN) -> discord.ui.View | None:
        return frozen_view([JoinButton(game_id, locale), StartButton(game_id, locale)])

    def panel_view(self, game_id: int, locale: str = EN) -> discord.ui.View | None:
        return frozen_view([PanelButton(game_id, locale)])


def only_user(user_id: int) -> discord.AllowedMentions:
    """Pings for a prompt whose seat is newly awaited: that player, nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=[discord.Object(id=user_id)])


def encode_option_value(keyhash: str, index: int) -> str:
    """The value of an autocomplete choice for ``/game act`` (the label is what the user sees)."""
    return f"{keyhash}:{index}"


def decode_option_value(value: str) -> tuple[str, int] | None:
    parts = value.strip().split(":")
    if len(parts) == 2 and len(parts[0]) == 8 and parts[1].isdigit():
        return parts[0], int(parts[1])
    return None
