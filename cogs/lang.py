"""Who reads which language, and the engine's messages rendered for that reader.

Issue 10: a DM or an ephemeral reply is in the player's language (their ``/game language``
choice, else their Discord client's ``interaction.locale``); a game thread is in the game's
language (``GameSettings.language``, chosen at ``/game new``); GM tools follow the GM's own
language, since the GM reads them ephemerally. Events, prompts and refusals carry a ``Msg``
when their game has been converted and only English otherwise: both render here, the
English field being the fallback, so converted and unconverted games coexist.

Names (``Ref``) resolve through ``names_for``: the game's own resolver (a ruleset may define
``names() -> i18n.Names``, a structural protocol, so the engine need not import ``i18n``)
after the table's seats, where ``Ref(kind="seat", id="<0-based seat>")`` reads as the seat's
player (a Discord mention, which every client shows as the member's name) and faction.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import discord

import engine
from engine.core import Event, Prompt, RuleViolation
from engine.core.text import Msg, Ref, message
from i18n import EN, LOCALES, ChainNames, Names, normalize, render

log = logging.getLogger(__name__)

SEAT_KIND = "seat"  # Ref(kind="seat", id=str(zero-based seat)): the seat's player
FACTION_KIND = "faction"

SEAT = message("bot.seat", "seat {seat}")
SEAT_FACTION = message("bot.seat_faction", "seat {seat} {faction}")
SEAT_WITH_PLAYER = message("bot.seat_with_player", "{seat} ({player})")
GAME_MASTER = message("bot.the_game_master", "the game master")
NOBODY = message("bot.nobody", "nobody")
# The games' titles as their players' boxes print them.
RULESET_TITLES = {
    "runewars": message("bot.ruleset.runewars", "Runewars"),
    "ageofheroes": message("bot.ruleset.ageofheroes", "Age of Heroes"),
    "cloudspire": message("bot.ruleset.cloudspire", "Cloudspire"),
    "heroes3-skirmish": message("bot.ruleset.heroes3_skirmish", "Heroes III: skirmish"),
}
GAME_TITLE = message("bot.game.title", "{game} #{id}")
# The store's own event when a game starts (``store.service``: English text, facts in its data).
STARTED_EVENT = message("bot.event.started", "{player} started the game. {seats}. Seed hash (SHA-256): {hash}.")
STARTED_EVENT_FIXED = message(
    "bot.event.started_fixed",
    "{player} started the game. {seats}. Seed hash (SHA-256): {hash}. The seed was fixed by the game master {gm}.",
)
SEED_REVEALED_EVENT = message(
    "bot.event.seed_revealed",
    "The game is over. Its seed was {seed} (SHA-256 {hash}); "
    "replaying the log from it reproduces every shuffle and draw.",
)
UNDO_EVENT = message("bot.event.undo", "{seat} took back their last action.")
GM_ACT_EVENT = message("bot.event.gm_act", "The game master acted for {seat} ({reason}).")
ROLLBACK_EVENT = message(
    "bot.event.rollback", "The game master rolled the game back to how it was after action {seq} ({reason})."
)
_GM_REASON = re.compile(r"\((?P<reason>.*)\)\.$", re.DOTALL)  # the GM's own words, last in the store's English

Text = str | Msg  # what a cog hands to delivery: finished text (free or already rendered) or a message


def tr(value: Text, locale: str, names: Names | None = None) -> str:
    """``value`` in ``locale``: a ``Msg`` rendered, a string as it is."""
    return render(value, locale, names) if isinstance(value, Msg) else value


def ref_name(ref: Ref, locale: str, names: Names | None) -> str:
    """One name in ``locale`` (English, then the id, when the content lacks it)."""
    if names is not None:
        for candidate in (locale, EN):
            found = names.name(ref, candidate)
            if found:
                return found
    return ref.id


def ruleset_title(ruleset: str) -> Text:
    """A game's name as its box prints it in each language (the ruleset's title otherwise)."""
    found = RULESET_TITLES.get(ruleset)
    if found is not None:
        return found()
    try:
        return engine.ruleset(ruleset).title
    except KeyError:
        return ruleset


def game_title(ruleset: str, game_id: int) -> Msg:
    """ "Runewars #3", rendered in each reader's language ("符文战争 #3")."""
    return GAME_TITLE(game=ruleset_title(ruleset), id=game_id)


def event_msg(event: Event) -> Msg | None:
    """The message of an event; for the store's own events (``store.service``: started, undo,
    gm_act, rollback, seed_revealed carry only English and their facts as data, also in logs
    written before languages) one built from those facts."""
    if event.msg is not None:
        return event.msg
    if event.kind == "started" and "seed_hash" in event.data and "seats" in event.data:
        seats = [
            Ref(kind=SEAT_KIND, id=str(s["seat"]))
            for s in event.data["seats"]
            if isinstance(s, dict) and s.get("seat") is not None
        ]
        player = f"<@{event.data.get('started_by')}>"
        if event.data.get("fixed_seed"):
            return STARTED_EVENT_FIXED(player=player, seats=seats, hash=str(event.data["seed_hash"]), gm=player)
        return STARTED_EVENT(player=player, seats=seats, hash=str(event.data["seed_hash"]))
    data = event.data
    if event.kind == "seed_revealed" and "seed" in data:
        return SEED_REVEALED_EVENT(seed=str(data["seed"]), hash=str(data.get("seed_hash") or ""))
    if event.kind == "undo" and isinstance(data.get("seat"), int):
        return UNDO_EVENT(seat=Ref(kind=SEAT_KIND, id=str(data["seat"])))
    found = _GM_REASON.search(event.text or "")
    reason = found["reason"] if found else ""  # free text: shown as the GM wrote it
    if event.kind == "gm_act" and isinstance(data.get("seat"), int):
        return GM_ACT_EVENT(seat=Ref(kind=SEAT_KIND, id=str(data["seat"])), reason=reason)
    if event.kind == "rollback" and isinstance(data.get("to_seq"), int):
        return ROLLBACK_EVENT(seq=data["to_seq"], reason=reason)
    return None


END_KINDS = ("victory", "final_scoring", "game_over")  # the events that say why a game ended


def result_reason(events: Iterable[Event]) -> Msg | None:
    """Why the game ended, as a message, from the public event that ended it.

    The kernel's ``Result.reason`` is English text; the game's own end event carries the same
    facts as a message (Age of Heroes as its ``reason`` part, Runewars as the whole sentence).
    """
    for event in reversed(list(events)):
        if event.audience is None and event.kind in END_KINDS and event.msg is not None:
            inner = event.msg.params.get("reason")
            return inner if isinstance(inner, Msg) else event.msg
    return None


def event_text(event: Event, locale: str, names: Names | None = None) -> str:
    """An event in ``locale``: its message when it has one, else its English text."""
    msg = event_msg(event)
    return render(msg, locale, names) if msg is not None else event.text


def violation_reason(exc: RuleViolation, locale: str, names: Names | None = None) -> str:
    return render(exc.msg, locale, names) if exc.msg is not None else exc.message


def localize_prompt(prompt: Prompt, locale: str, names: Names | None = None) -> Prompt:
    """A copy of ``prompt`` whose question, option labels and descriptions are in ``locale``.

    Keys, seats and actions are untouched, so the components built from the copy carry the
    same custom ids as the English ones (a press resolves the same option in any language).
    """
    if locale == EN and names is None:
        return prompt
    question = render(prompt.msg, locale, names) if prompt.msg is not None else prompt.question
    options = [
        option.model_copy(
            update={
                "label": render(option.msg, locale, names) if option.msg is not None else option.label,
                "description": (
                    render(option.description_msg, locale, names)
                    if option.description_msg is not None
                    else option.description
                ),
            }
        )
        for option in prompt.options
    ]
    return prompt.model_copy(update={"question": question, "options": options})


def localize_question(prompt: Prompt, locale: str, names: Names | None = None) -> str:
    """``localize_prompt(prompt, locale, names).question`` without copying every option: a
    prompt's text needs only its question, and a prompt may offer dozens of options."""
    if locale == EN and names is None:
        return prompt.question
    return render(prompt.msg, locale, names) if prompt.msg is not None else prompt.question


def localize_label(prompt: Prompt, index: int, locale: str, names: Names | None = None) -> str:
    """``localize_prompt(prompt, locale, names).options[index].label`` for the one option pressed."""
    option = prompt.options[index]
    if (locale == EN and names is None) or option.msg is None:
        return option.label
    return render(option.msg, locale, names)


def mention(user_id: int | None, locale: str = EN) -> str:
    return f"<@{user_id}>" if user_id else render(NOBODY(), locale)


def seat_label(
    seat: int, user_id: int | None = None, faction: str | None = None, locale: str = EN, names: Names | None = None
) -> str:
    """ "seat 2 Daqan (@alice)" in ``locale``; the faction through the game's names."""
    if seat < 0:
        return render(GAME_MASTER(), locale)
    if faction:
        base = render(SEAT_FACTION(seat=seat + 1, faction=Ref(kind=FACTION_KIND, id=faction)), locale, names)
    else:
        base = render(SEAT(seat=seat + 1), locale)
    return render(SEAT_WITH_PLAYER(seat=base, player=mention(user_id)), locale) if user_id else base


class SeatLike(Protocol):
    user_id: int
    faction: str | None


class SeatNames:
    """``Ref(kind="seat", id="0")`` -> the seat's player and faction, in the reader's language."""

    def __init__(self, seats: Mapping[int, SeatLike], game_names: Names | None = None) -> None:
        self._seats = dict(seats)
        self._game = game_names

    def name(self, ref: Ref, locale: str) -> str | None:
        if ref.kind != SEAT_KIND:
            return None
        try:
            seat = int(ref.id)
        except ValueError:  # not a player's seat ("neutral"): the game names it as an owner
            return self._game.name(Ref(kind=FACTION_KIND, id=ref.id), locale) if self._game is not None else None
        record = self._seats.get(seat)
        if record is None:
            return seat_label(seat, locale=locale)
        return seat_label(seat, record.user_id or None, record.faction, locale, self._game)


def game_names(ruleset: str, options: Mapping[str, Any] | None = None) -> Names | None:
    """The game's own names resolver, if its ruleset offers one (``Ruleset.names()``); with the
    game's ``options``, the one of its content pack (``names_for_options``, docs/content-packs.md)."""
    try:
        rs = engine.ruleset(ruleset)
    except KeyError:
        return None
    provider = getattr(rs, "names", None)
    per_game = getattr(rs, "names_for_options", None)
    if options and options.get("content_pack") and callable(per_game):
        pack_options = dict(options)
        provider = lambda: per_game(pack_options)  # noqa: E731 - the same call shape as names()
    if not callable(provider):
        return None
    try:
        found = provider()
    except (LookupError, ValueError, TypeError, OSError):  # a content file that cannot be read: names read as ids
        log.exception("the names of %s could not be loaded", ruleset)
        return None
    return found if isinstance(found, Names) else None


def names_for(
    ruleset: str, seats: Mapping[int, SeatLike] | None = None, options: Mapping[str, Any] | None = None
) -> Names:
    """Seats first (a game never names a seat's player), then the game's content (its pack's, given
    the game's ``options``)."""
    own = game_names(ruleset, options)
    resolvers: list[Names] = [SeatNames(seats or {}, own)]
    if own is not None:
        resolvers.append(own)
    return ChainNames(*resolvers)


def game_locale(game: Any) -> str:
    """The language of a game's thread (its settings; English for a game made before languages)."""
    settings = getattr(game, "settings", None)
    return normalize(getattr(settings, "language", None) or EN)


def interaction_locale(interaction: discord.Interaction) -> str | None:
    """The catalog for the client that sent ``interaction`` (None when it says nothing)."""
    raw = getattr(interaction, "locale", None)
    return normalize(raw) if raw is not None else None


class Locales:
    """The language of each user: their choice, else their client's last locale, else a default.

    Kept in memory after the first read; the store has the durable copy (``user_locale``).
    """

    def __init__(self, store: Any | None) -> None:
        self.store = store
        self._known: dict[int, tuple[str | None, str | None]] = {}

    async def _get(self, user_id: int) -> tuple[str | None, str | None]:
        known = self._known.get(user_id)
        if known is None:
            known = (None, None)
            if self.store is not None:
                known = await self.store.user_locale(user_id)
            self._known[user_id] = known
        return known

    async def of_interaction(self, interaction: discord.Interaction) -> str:
        """The reader of an ephemeral reply; records the client's locale for later DMs."""
        user_id = int(interaction.user.id)
        preferred, seen = await self._get(user_id)
        client = interaction_locale(interaction)
        if client is not None and client != seen:
            self._known[user_id] = (preferred, client)
            if self.store is not None:
                await self.store.set_user_locale(user_id, seen=client)
            seen = client
        return preferred or seen or EN

    async def of_user(self, user_id: int, default: str = EN) -> str:
        """The reader of a DM not sent in reply to anything."""
        preferred, seen = await self._get(int(user_id))
        return preferred or seen or default

    async def preferred(self, user_id: int) -> str | None:
        return (await self._get(int(user_id)))[0]

    async def choose(self, user_id: int, locale: str | None) -> None:
        """Set the user's choice (None: follow the Discord client again)."""
        if locale is not None and locale not in LOCALES:
            raise ValueError(locale)
        _, seen = await self._get(int(user_id))
        if self.store is not None:
            await self.store.set_user_locale(int(user_id), preferred=locale or "")
        self._known[int(user_id)] = (locale, seen)


def game_content_names(game: Any) -> Names:
    """``names_for`` a game record (its ruleset and options, so its content pack), without seats."""
    return names_for(str(getattr(game, "ruleset", "")), options=getattr(game, "options", None))
