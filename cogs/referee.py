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
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
from discord import app_commands

import engine
import renderers
from engine.core import GM_SEAT, Prompt, RuleViolation
from store import ActOutcome, GameRecord, GameStore, SeatRecord, StoreError

from . import ids, text
from .delivery import SEND_ERRORS, Delivery, user_mentions
from .layout import find_prompt, form_for, layout_prompt, parse_form
from .permissions import GM_REFUSAL, interaction_is_gm, is_gm
from .prompts import JoinButton, PanelButton, StartButton, frozen_view, items_for, modal_for, submitted_values
from .routing import new_prompts, route_events

log = logging.getLogger(__name__)

T = TypeVar("T")
Clock = Callable[[], datetime]
LIVE = ["open", "active", "paused"]


def utcnow() -> datetime:
    return datetime.now(UTC)


class UserError(Exception):
    """Bad input from a player: shown as an ephemeral refusal; nothing was changed."""


class Referee:
    def __init__(
        self, client: discord.Client, store: GameStore, *, gm_role: str = "Game Master", clock: Clock = utcnow
    ) -> None:
        self.client = client
        self.store = store
        self.gm_role = gm_role
        self.clock = clock
        self.delivery = Delivery(client, gm_role, store)
        self._locks: dict[int, asyncio.Lock] = {}
        # Per-game replacements for the generic modal of a structured prompt (e.g. the
        # Age of Heroes offer builder): ruleset name -> handler(interaction, ref, prompt, loaded)
        # that answers the interaction itself and returns True, or returns False to fall back.
        self.form_builders: dict[str, Callable[..., Awaitable[bool]]] = {}
        # Per-game text for the private panel: ruleset name -> formatter(view, title=...) -> pages.
        self.panel_formatters: dict[str, Callable[..., list[str]]] = {}
        # Per-game extra components on a prompt's own message (e.g. the Age of Heroes
        # Counter… buttons next to Accept / Decline): ruleset name -> extras(game_id, prompt,
        # layout) returning DynamicItems with rows after the layout's. The game's cog
        # registers their templates, so they survive restarts like every other component.
        self.prompt_extras: dict[str, Callable[..., list[discord.ui.Item[Any]]]] = {}

    # ---- small helpers ------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        """Serialises check-then-act and delivery per game, so thread posts keep the action order."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def prompt_view(self, ruleset: str, game_id: int, prompt: Prompt, page: int = 0) -> discord.ui.View | None:
        """A prompt's components (``cogs.layout``) plus whatever its game adds (``prompt_extras``)."""
        layout = layout_prompt(game_id, prompt, page)
        items = items_for(layout)
        extras = self.prompt_extras.get(ruleset)
        if extras is not None:
            try:
                items += extras(game_id, prompt, layout)
            except (LookupError, ValueError, TypeError):  # the prompt still goes out, just without its extras
                log.exception("extra components for a %s prompt failed", ruleset)
        return frozen_view(items)

    def is_gm(self, interaction: discord.Interaction) -> bool:
        return interaction_is_gm(interaction, self.gm_role)

    def require_gm(self, interaction: discord.Interaction) -> None:
        if not self.is_gm(interaction):
            raise UserError(GM_REFUSAL.format(role=self.gm_role))

    async def gm_of(self, interaction: discord.Interaction, guild_id: int | None) -> bool:
        """Whether the user is a game master of ``guild_id``, a game's own server.

        Inside that server the interaction's own permissions and roles decide. Inside
        another server they say nothing about this one. In a DM, which carries no roles,
        the game's server is asked about the member (its cache, then one REST call).
        """
        if guild_id is None:
            return False
        if interaction.guild_id is not None:
            return interaction.guild_id == guild_id and self.is_gm(interaction)
        guild = self.client.get_guild(int(guild_id))
        if guild is None:
            return False
        member = guild.get_member(interaction.user.id)
        if member is None:
            try:
                member = await guild.fetch_member(interaction.user.id)
            except SEND_ERRORS:  # not a member there (404), or Discord unreachable: no GM power
                return False
        return is_gm(member, None, self.gm_role)

    async def require_gm_of(self, interaction: discord.Interaction, game: GameRecord) -> None:
        if not await self.gm_of(interaction, game.guild_id):
            raise UserError(GM_REFUSAL.format(role=self.gm_role) + " (in the game's own server)")

    @staticmethod
    def title(game: GameRecord) -> str:
        try:
            name = engine.ruleset(game.ruleset).title
        except KeyError:
            name = game.ruleset
        return f"{name} #{game.id}"

    async def defer(self, interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def send(
        self,
        interaction: discord.Interaction,
        content: str,
        *,
        ephemeral: bool = True,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        mentions: discord.AllowedMentions | None = None,
    ) -> None:
        """Reply (first response or follow-up), split at 2000 characters; components go on the last part."""
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
        if isinstance(exc, RuleViolation):
            message = text.violation(exc)
        elif isinstance(exc, StoreError):
            message = text.refusal(exc.message)
        elif isinstance(exc, (UserError, text.BadArgument)):
            message = text.refusal(str(exc))
        elif isinstance(exc, app_commands.CheckFailure):
            message = text.refusal(str(exc) or "You may not use this command here.")
        else:
            log.exception(
                "unexpected error in %s", getattr(interaction.command, "qualified_name", "a component"), exc_info=exc
            )
            # Not "nothing was changed": the error may come after the store committed something.
            message = (
                "⚠️ Something went wrong on my side; the error has been logged. "
                "`/game status` shows whether your last action went through."
            )
        try:
            await self.send(interaction, message, ephemeral=True)
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
                raise UserError(
                    "Which game? Use the command in the game's thread or give its number with `game:`."
                    if mine
                    else "You are not in any game here. Use `/game list` to find one, or give its number with `game:`."
                )
            game = mine[0]
        if interaction.guild_id is not None and game.guild_id != interaction.guild_id:
            raise UserError(f"Game #{game.id} belongs to another server.")
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
        raise UserError(
            f"From a direct message you can reach only your own games; game #{game.id} is not one of them. "
            "Use the command in the game's server."
        )

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
    ) -> None:
        """Apply one answer to the prompt ``ref`` points at (button, select, form or /game act)."""
        await self.defer(interaction)
        await self.guarded(interaction, lambda: self._choose(interaction, ref, index, action))
        await self.offer_fallback(interaction, ref.game)

    async def _choose(
        self, interaction: discord.Interaction, ref: ids.PromptRef, index: int | None, action: dict[str, Any] | None
    ) -> bool:
        user_id = interaction.user.id
        async with self.lock(ref.game):
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                await self.send(interaction, "✅ That decision has already been resolved; nothing more to do here.")
                return True
            if ref.seat == GM_SEAT:
                await self.require_gm_of(interaction, loaded.game)
            else:
                mine = sorted(s.seat for s in loaded.seats if s.user_id == user_id and s.seat is not None)
                if not mine:
                    raise UserError("You are not playing in this game.")
                if ref.seat not in mine:
                    held = ", ".join(str(s + 1) for s in mine)
                    raise UserError(f"These buttons are for seat {ref.seat + 1}; you hold seat {held}.")
            if action is None:
                if index is None or not 0 <= index < len(prompt.options):
                    raise UserError("That option is not available any more.")
                chosen = prompt.options[index]
                action, label = dict(chosen.action), chosen.label
            else:
                option = prompt.option_for(action)
                label = option.label if option else self._describe(loaded, ref.seat, action)
            if ref.seat == GM_SEAT:
                outcome = await self.store.gm_act(ref.game, user_id, action, f"resolved through the prompt: {label}")
            else:
                outcome = await self.store.act(
                    ref.game, user_id, action, interaction_id=str(interaction.id), seat=ref.seat
                )
            if outcome.duplicate:
                await self.send(interaction, "✅ Already done.")
                return True
            still_open = any(p.seat == ref.seat and p.key == prompt.key for p in outcome.prompts)
            note = " You may change it until everyone has locked in." if prompt.simultaneous and still_open else ""
            seats = {s.seat: s for s in loaded.seats if s.seat is not None}

            async def confirm() -> None:
                await self.send(interaction, text.truncate(f"✅ Done: {label}.{note}", text.MAX_CONTENT))
                await self._mark_message(interaction, prompt, label, still_open)

            # The action is committed: confirming to the presser and telling the table
            # run side by side; the game lock still keeps this game's posts in order.
            await self.after_commit(
                interaction,
                loaded.game,
                lambda: self.publish(loaded.game, loaded.prompts, outcome, seats=seats),
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
        label: str = "",
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
        what = f" ({label})" if label else ""
        try:
            await self.send(
                interaction,
                text.truncate(
                    f"✅ Your action was recorded{what}. Posting it to the table failed for now; the post will follow.",
                    text.MAX_CONTENT,
                ),
            )
        except SEND_ERRORS:
            log.warning("could not tell %s that their action was recorded", interaction.user.id)

    @staticmethod
    def _describe(loaded: Any, seat: int, action: dict[str, Any]) -> str:
        """A typed answer in the game's own words (``Ruleset.describe_action``), for the confirmation."""
        try:
            return str(engine.ruleset(loaded.game.ruleset).describe_action(loaded.state, seat, action))
        except (RuleViolation, LookupError, ValueError, TypeError, AttributeError):
            # A typed answer is any JSON a player wrote; a label must never stop the action.
            return str(action.get("type", "answer"))

    async def _mark_message(
        self, interaction: discord.Interaction, prompt: Prompt, label: str, still_open: bool
    ) -> None:
        """Show the choice on the prompt message itself (only where that reveals nothing new)."""
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return
        if prompt.secret and interaction.guild_id is not None:
            return  # a secret prompt in a shared channel: never write the answer there
        try:
            if still_open:
                content = text.truncate(f"{message.content}\n➡️ Your current choice: **{label}**", text.MAX_CONTENT)
                await message.edit(content=content)
            else:
                content = text.truncate(f"{message.content}\n✅ Chosen: **{label}**", text.MAX_CONTENT)
                await message.edit(content=content, view=None)
        except discord.HTTPException:
            log.debug("could not mark prompt message %s", message.id)

    async def turn_page(self, interaction: discord.Interaction, ref: ids.PromptRef) -> None:
        async def work() -> None:
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                await interaction.response.edit_message(view=None)
                await self.send(interaction, "✅ That decision has already been resolved.")
                return
            view = self.prompt_view(loaded.game.ruleset, ref.game, prompt, ref.arg)
            await interaction.response.edit_message(view=view)

        await self.guarded(interaction, work)

    async def open_form(self, interaction: discord.Interaction, ref: ids.PromptRef) -> None:
        """A modal must be the first response, so this reads the prompt without deferring."""

        async def work() -> None:
            loaded = await self.store.load(ref.game)
            prompt = find_prompt(loaded.prompts, ref.seat, ref.keyhash)
            if prompt is None:
                raise UserError("That decision has already been resolved.")
            if ref.seat == GM_SEAT:
                await self.require_gm_of(interaction, loaded.game)  # the form's title is the task's text
            elif not any(s.seat == ref.seat and s.user_id == interaction.user.id for s in loaded.seats):
                raise UserError(f"This form is for seat {ref.seat + 1}.")
            builder = self.form_builders.get(loaded.game.ruleset)
            if builder is not None and await builder(interaction, ref, prompt, loaded):
                return
            await interaction.response.send_modal(modal_for(ref, prompt))

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
                raise UserError("That decision has already been resolved.")
            try:
                return parse_form(form_for(prompt.answer_schema or {}), submitted_values(data))
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
                raise UserError("The game is not waiting for anything from you right now.")
            if answer:
                parsed = text.parse_json_arg(answer, what="answer")
                if not isinstance(parsed, dict):
                    raise UserError('The answer must be a JSON object, e.g. {"type": "pick", "card": "..."}.')
                prompt = prompts[0]
                return ids.PromptRef(ids.OPTION, game.id, prompt.seat, ids.key_hash(prompt.key), 0), None, parsed
            if option:
                decoded = decode_option_value(option)
                for prompt in prompts:
                    kh = ids.key_hash(prompt.key)
                    if decoded is not None and decoded[0] == kh:
                        return ids.PromptRef(ids.OPTION, game.id, prompt.seat, kh, decoded[1]), decoded[1], None
                    for i, opt in enumerate(prompt.options):
                        if opt.label.casefold() == option.strip().casefold():
                            return ids.PromptRef(ids.OPTION, game.id, prompt.seat, kh, i), i, None
                raise UserError("That is not one of your options now; pick one from the list.")
            raise UserError("Pick an option from the list, or give an `answer` as JSON.")

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
    ) -> None:
        """Deliver one committed change: events by audience, then fresh prompts, then the result."""
        game = outcome.game
        if seats is None:
            seats = await self.seat_map(game.id)
        routed = route_events(outcome.events)
        if routed.public:
            await self.delivery.post(game, text.format_events(routed.public), mentions=user_mentions())
        for seat, events in routed.private.items():
            record = seats.get(seat)
            if record is None or not record.user_id:
                continue
            await self.delivery.dm(
                game, record.user_id, f"🔒 **{self.title(game)}**\n{text.format_events(events)}", seat=seat
            )
        if outcome.state is not None and (
            outcome.seq == 0 or outcome.result is not None or any(e.milestone for e in outcome.events)
        ):
            await self.post_board(game, outcome.state, outcome.seq)
        fresh = new_prompts(before, outcome.prompts)
        fresh += [p for p in outcome.prompts if p.seat in repost_seats and p not in fresh]
        await self.post_prompts(game, seats, fresh)
        if outcome.result is not None:
            names = {s: text.seat_label(s, r.user_id, r.faction) for s, r in seats.items()}
            await self.delivery.post(
                game, text.format_result(outcome.result, names, seed=None, seed_hash=None), mentions=user_mentions()
            )

    async def post_board(self, game: GameRecord, state: Any, seq: int) -> None:
        """The public picture after setup, each season or turn (a milestone event) and at the end.

        Built from the public view only. A game without a renderer gets no post here:
        its text summary is one `/game board` away and would only clutter the thread.
        """
        rs = engine.ruleset(game.ruleset)
        try:
            png = await renderers.render_png(game.ruleset, rs.view(state, None))
        except (LookupError, ValueError, TypeError, OSError, RuntimeError):
            # matplotlib's and a renderer's own failures: the picture is an extra, the game goes on.
            log.exception("rendering the board of game %s failed", game.id)
            return
        if png is not None:
            await self.delivery.post(game, f"🗺️ **{self.title(game)}** — board after action {seq}", png=png)

    async def post_prompts(self, game: GameRecord, seats: dict[int, SeatRecord], prompts: list[Prompt]) -> None:
        for prompt in prompts:
            if prompt.seat == GM_SEAT:
                # A GM task's text may name a secret card: the thread only hears that a ruling is due.
                # The prompt's own button ("Resolved") is attached: only a game master may press it.
                await self.delivery.tell_gm(
                    game,
                    f"{self.title(game)} waits for a game-master ruling (rule {prompt.rule}). "
                    "Use `/gm resolve` in this thread: the task's details show only to you there.",
                    view=frozen_view(items_for(layout_prompt(game.id, prompt))),
                )
                continue
            view = self.prompt_view(game.ruleset, game.id, prompt)
            record = seats.get(prompt.seat)
            user_id = record.user_id if record else 0
            if prompt.secret:
                if not user_id:
                    continue
                content = text.format_prompt(
                    prompt, game_id=game.id, title=self.title(game), who=f"your seat {prompt.seat + 1}"
                )
                await self.delivery.dm(game, user_id, content, seat=prompt.seat, view=view)
            else:
                who = text.seat_label(prompt.seat, user_id or None, record.faction if record else None)
                content = text.format_prompt(prompt, game_id=game.id, title=self.title(game), who=who)
                await self.delivery.post(game, content, view=view, mentions=user_mentions())

    # ---- the private panel ---------------------------------------------------------------
    async def panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The ephemeral private panel: undelivered DMs, your private view, your open decisions."""
        await self.defer(interaction)
        await self.guarded(interaction, lambda: self._panel(interaction, game_id))

    async def _panel(self, interaction: discord.Interaction, game_id: int, *, header: str | None = None) -> None:
        loaded = await self.store.load(game_id)
        user_id = interaction.user.id
        seats = sorted(s.seat for s in loaded.seats if s.user_id == user_id and s.seat is not None)
        if not seats:
            if any(s.user_id == user_id for s in loaded.seats):
                raise UserError("The game has not started yet, so there is nothing private to show.")
            raise UserError("You are not playing in this game.")
        rs = engine.ruleset(loaded.game.ruleset)
        pending = await self.delivery.take_pending(game_id, user_id)
        lines = [header or f"🔒 **Your private panel — {self.title(loaded.game)}** (only you can see this)"]
        if pending:
            lines.append("**Messages I could not send you by DM:**")
            lines.extend(pending)
        await self.send(interaction, "\n".join(lines))
        for seat in seats:
            view = rs.view(loaded.state, seat)
            formatter = self.panel_formatters.get(loaded.game.ruleset, text.format_view_pages)
            for page in formatter(view, title=f"Seat {seat + 1}: what you see"):
                await self.send(interaction, page)
            for prompt in loaded.prompts:
                if prompt.seat == seat:
                    content = text.format_prompt(
                        prompt, game_id=game_id, title=self.title(loaded.game), who=f"your seat {seat + 1}"
                    )
                    await self.send(interaction, content, view=self.prompt_view(loaded.game.ruleset, game_id, prompt))

    async def offer_fallback(self, interaction: discord.Interaction, game_id: int) -> None:
        """After any interaction in a game: a player whose DMs failed gets their panel ephemerally."""
        if interaction.guild_id is None or not await self.delivery.has_pending(game_id, interaction.user.id):
            return
        header = "📭 **I could not DM you, so here is what I tried to send** (only you can see this)"
        await self.guarded(interaction, lambda: self._panel(interaction, game_id, header=header))

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
            await self.store.join(game.id, interaction.user.id, faction)
            seats = await self.store.seats(game.id)
            rs = engine.ruleset(game.ruleset)
            cap = int(game.options.get("players") or rs.max_players)
            extra = f" as {faction}" if faction else ""
            await self.send(interaction, f"✅ You joined {self.title(game)}{extra}.")
            await self.delivery.post(
                game,
                f"➕ {text.mention(interaction.user.id)} joined{extra} ({len(seats)}/{cap} seats).",
                mentions=discord.AllowedMentions.none(),
            )

        await self.guarded(interaction, work)

    async def start(self, interaction: discord.Interaction, game_id: int | None, seed: str | None = None) -> None:
        """Start a game. A fixed ``seed`` (tournaments, tests) is a game master's privilege:
        whoever knows the seed knows every shuffle, so the table is told it was fixed."""
        await self.defer(interaction)

        async def work() -> None:
            game = await self.resolve_game(interaction, game_id)
            gm = self.is_gm(interaction)
            if seed is not None and not gm:
                raise UserError(
                    "Only a game master can fix the seed: whoever knows it knows every shuffle. "
                    "Start without `seed` and the bot draws a secret one."
                )
            if interaction.user.id != game.created_by and not gm:
                if not any(s.user_id == interaction.user.id for s in await self.store.seats(game.id)):
                    raise UserError("Only the game's creator, a seated player or a game master can start it.")
            async with self.lock(game.id):
                outcome = await self.store.start(
                    game.id, interaction.user.id, seed=seed, seeded_by=interaction.user.id if seed is not None else None
                )
                digest = outcome.game.seed_hash
                fixed = " with the seed you fixed" if seed is not None else ""
                await self.after_commit(
                    interaction,
                    outcome.game,
                    lambda: self.publish(game, [], outcome),
                    confirm=lambda: self.send(
                        interaction, f"✅ {self.title(game)} has started{fixed}. Seed hash (SHA-256): `{digest}`."
                    ),
                    label="the start",
                )

        await self.guarded(interaction, work)

    def lobby_view(self, game_id: int) -> discord.ui.View | None:
        return frozen_view([JoinButton(game_id), StartButton(game_id)])

    def panel_view(self, game_id: int) -> discord.ui.View | None:
        return frozen_view([PanelButton(game_id)])


def encode_option_value(keyhash: str, index: int) -> str:
    """The value of an autocomplete choice for ``/game act`` (the label is what the user sees)."""
    return f"{keyhash}:{index}"


def decode_option_value(value: str) -> tuple[str, int] | None:
    parts = value.strip().split(":")
    if len(parts) == 2 and len(parts[0]) == 8 and parts[1].isdigit():
        return parts[0], int(parts[1])
    return None
