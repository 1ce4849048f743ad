"""The store's refusals in the reader's language (issue 10).

``StoreError`` carries a ``Reason`` and its facts (``store/reasons.py``); the store is below the
Discord layer and knows no reader. Here each reason has its ``bot.store.*`` message and the facts
become its parameters (a status as its word, a faction as a name), so ``Referee.fail`` shows it in
the reader's language; nothing reads the English sentence back. An error without a reason (a
store newer than this table) shows the general message with the English as detail, never a
crash; ``tests/cogs/test_store_text.py`` checks that every reason has its message and that the
store raises none without one.

The undo refusals (``store/undo.py``) are ``RuleViolation``s (``UndoRefusal``) with a reason of
the same kind; ``violation_msg`` gives them their message too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import RuleViolation
from engine.core.text import Message, Msg, Ref, message
from store import Reason, StoreError, UndoRefusal

from . import lang

# How a game's status reads ("Game #3 is still gathering players ..."), by the status the facts carry.
STATE = {
    "open": message("bot.store.state.open", "still gathering players"),
    "active": message("bot.store.state.active", "under way"),
    "paused": message("bot.store.state.paused", "paused"),
    "finished": message("bot.store.state.finished", "finished"),
    "cancelled": message("bot.store.state.cancelled", "cancelled"),
}
# What the player tried to do ("... so you cannot start it now"), by the store's ``doing`` fact.
DOING = {
    "join": message("bot.store.doing.join", "join"),
    "leave": message("bot.store.doing.leave", "leave"),
    "start it": message("bot.store.doing.start", "start it"),
    "act": message("bot.store.doing.act", "act"),
    "take an action back": message("bot.store.doing.undo", "take an action back"),
    "make a game-master move": message("bot.store.doing.gm_move", "make a game-master move"),
    "roll it back": message("bot.store.doing.rollback", "roll it back"),
    "replace a player": message("bot.store.doing.replace", "replace a player"),
    "remove a player": message("bot.store.doing.remove", "remove a player"),
}

UNKNOWN_RULESET = message("bot.store.unknown_ruleset", "There is no game called {name}.")
BAD_STATUS_DOING = message("bot.store.bad_status.doing", "Game #{game} is {state}, so you cannot {doing} now.")
BAD_STATUS_WORD = message("bot.store.bad_status.word", "{status} is not a game status.")
BAD_STATUS_BECOME = message("bot.store.bad_status.become", "Game #{game} is {state}; it cannot become {target}.")
NOTHING_TO_REPLAY = message(
    "bot.store.bad_status.replay", "Game #{game} has not started, so there is nothing to replay."
)
CORRUPT_ACTION = message(
    "bot.store.corrupt.action",
    "Action {seq} of game #{game} no longer applies ({detail}); the rules may have changed since it was played.",
)
CORRUPT_LOG = message("bot.store.corrupt.log", "Game #{game}'s log has no action {seq} to rebuild from.")
NOT_PLAYER = message("bot.store.not_player", "You are not playing in this game.")
NOT_YOUR_SEAT = message("bot.store.not_player.seat", "You do not hold seat {seat} in this game.")
NOT_JOINED = message("bot.store.not_player.joined", "You have not joined this game.")
OTHER_NOT_PLAYER = message("bot.store.not_player.other", "{player} is not playing in this game.")
AMBIGUOUS_SEAT = message("bot.store.ambiguous_seat", "You hold several seats here; say which seat this action is for.")
FACTIONS_AT_JOIN = message("bot.store.bad_options.factions", "Factions are chosen by the players when they join.")
EMPTY_SEED = message("bot.store.bad_options.seed", "A fixed seed cannot be empty.")
ALREADY_JOINED = message("bot.store.already_joined", "You have already joined this game.")
FULL = message("bot.store.full", "This game is full ({cap} players).")
UNKNOWN_FACTION = message(
    "bot.store.unknown_faction", "{faction} is not a faction in {game}; the factions are: {choices}."
)
FACTION_TAKEN = message("bot.store.faction_taken", "Someone has already chosen {faction}.")
TOO_FEW = message("bot.store.too_few", "{game} needs at least {min} players; {n} joined so far.")
CONFLICT_START = message("bot.store.conflict.start", "Game #{game} changed while starting; please try again.")
CONFLICT = message("bot.store.conflict", "Game #{game} was changed by another writer; please try again.")
CONFLICT_PROCESS = message("bot.store.conflict.process", "The game was changed by another process; please try again.")
BAD_SEAT = message("bot.store.bad_seat", "There is no seat {seat} in this game.")
BAD_SEQ = message("bot.store.bad_seq", "You can roll back to an earlier point, from 0 to {last}; not {to}.")
SAME_USER = message("bot.store.same_user", "{player} already holds seat {seat}.")
BAD_ZONE = message(
    "bot.store.bad_settings.zone",
    "{name} is not a time-zone name I know, so the `time_zone` setting was not changed. "
    "Use an IANA name such as Europe/Berlin, America/New_York or UTC.",
)
BAD_ZONE_HINT = message(
    "bot.store.bad_settings.zone_hint",
    "{name} is not a time-zone name I know, so the `time_zone` setting was not changed. "
    "Use an IANA name such as Europe/Berlin, America/New_York or UTC. Did you mean {close}?",
)
BAD_SETTING = message("bot.store.bad_settings", "That setting is not valid: {detail}")
NOT_FOUND = message("bot.store.not_found", "There is no game #{game}.")
SCHEMA_TOO_NEW = message(
    "bot.store.schema_too_new",
    "The database was written by a newer version (schema {current}; this one knows {known}).",
)
GENERAL_NONE = message("bot.store.none", "none")
# A refusal this table does not know yet: the general meaning, the English as detail.
GENERAL = message("bot.store.general", "The table refused that: {detail}")

# The undo refusals of store/undo.py (``UndoRefusal``: a rule id and a reason).
UNDO_NOTHING = message("bot.store.undo.nothing", "There is no action to take back.")
UNDO_NOT_YOURS = message(
    "bot.store.undo.not_yours", "You can only take back your own last action, and the last action was not yours."
)
UNDO_OTHERS = message(
    "bot.store.undo.others_acted", "Someone else has acted since your last action, so it can no longer be taken back."
)
UNDO_REVEALED = message(
    "bot.store.undo.revealed", "That action revealed hidden or random information, so it cannot be taken back."
)


def _word(table: Mapping[str, Message]) -> Callable[[Any], Any]:
    """A fact that is a word of the store (a status, a "doing") as its message; an unknown one stays."""

    def convert(value: Any) -> Any:
        found = table.get(str(value))
        return found() if found is not None else value

    return convert


def _faction(value: Any) -> Any:
    return Ref(kind=lang.FACTION_KIND, id=str(value))


def _factions(value: Any) -> Any:
    return [_faction(v) for v in value] if value else GENERAL_NONE()


def _mention(value: Any) -> str:
    return f"<@{value}>"


# Each reason's message, the facts it reads and how each fact becomes a parameter (as it is, else).
# A fact shown quoted in the English (a name the player typed) keeps its quotes (``repr``).
MESSAGES: dict[Reason, tuple[Message, dict[str, Callable[[Any], Any]]]] = {
    Reason.UNKNOWN_RULESET: (UNKNOWN_RULESET, {"name": repr}),
    Reason.BAD_STATUS_DOING: (BAD_STATUS_DOING, {"state": _word(STATE), "doing": _word(DOING)}),
    Reason.BAD_STATUS_WORD: (BAD_STATUS_WORD, {"status": repr}),
    Reason.BAD_STATUS_BECOME: (BAD_STATUS_BECOME, {"state": _word(STATE), "target": _word(STATE)}),
    Reason.NOTHING_TO_REPLAY: (NOTHING_TO_REPLAY, {}),
    Reason.CORRUPT_ACTION: (CORRUPT_ACTION, {}),
    Reason.CORRUPT_LOG: (CORRUPT_LOG, {}),
    Reason.NOT_PLAYER: (NOT_PLAYER, {}),
    Reason.NOT_YOUR_SEAT: (NOT_YOUR_SEAT, {}),
    Reason.NOT_JOINED: (NOT_JOINED, {}),
    Reason.OTHER_NOT_PLAYER: (OTHER_NOT_PLAYER, {"user": _mention}),
    Reason.AMBIGUOUS_SEAT: (AMBIGUOUS_SEAT, {}),
    Reason.FACTIONS_AT_JOIN: (FACTIONS_AT_JOIN, {}),
    Reason.EMPTY_SEED: (EMPTY_SEED, {}),
    Reason.ALREADY_JOINED: (ALREADY_JOINED, {}),
    Reason.FULL: (FULL, {}),
    Reason.UNKNOWN_FACTION: (UNKNOWN_FACTION, {"faction": _faction, "choices": _factions}),
    Reason.FACTION_TAKEN: (FACTION_TAKEN, {"faction": _faction}),
    Reason.TOO_FEW: (TOO_FEW, {}),
    Reason.CONFLICT_START: (CONFLICT_START, {}),
    Reason.CONFLICT: (CONFLICT, {}),
    Reason.CONFLICT_PROCESS: (CONFLICT_PROCESS, {}),
    Reason.BAD_SEAT: (BAD_SEAT, {}),
    Reason.BAD_SEQ: (BAD_SEQ, {}),
    Reason.SAME_USER: (SAME_USER, {"user": _mention}),
    Reason.BAD_ZONE: (BAD_ZONE, {"name": repr}),
    Reason.BAD_ZONE_HINT: (BAD_ZONE_HINT, {"name": repr}),
    Reason.BAD_SETTING: (BAD_SETTING, {}),
    Reason.NOT_FOUND: (NOT_FOUND, {}),
    Reason.SCHEMA_TOO_NEW: (SCHEMA_TOO_NEW, {}),
    Reason.UNDO_NOTHING: (UNDO_NOTHING, {}),
    Reason.UNDO_NOT_YOURS: (UNDO_NOT_YOURS, {}),
    Reason.UNDO_OTHERS_ACTED: (UNDO_OTHERS, {}),
    Reason.UNDO_REVEALED: (UNDO_REVEALED, {}),
}
# A fact named differently from its message's parameter (the store says "user", the message "player").
_PARAM = {"user": "player"}


def reason_msg(reason: Reason, facts: Mapping[str, Any]) -> Msg:
    """The message of one refusal with its facts as parameters."""
    msg, convert = MESSAGES[reason]
    params = {_PARAM.get(k, k): (convert[k](v) if k in convert else v) for k, v in facts.items()}
    return msg(**params)


def store_reason(exc: StoreError) -> Msg:
    """What a player reads for a store refusal: its reason's message, else the general one."""
    if exc.reason is not None and exc.reason in MESSAGES:
        return reason_msg(exc.reason, exc.facts)
    return GENERAL(detail=exc.message)


def violation_msg(exc: RuleViolation) -> RuleViolation:
    """``exc`` with a message when it is one of the store's undo refusals (its reason's message)."""
    if exc.msg is not None or not isinstance(exc, UndoRefusal):
        return exc
    return RuleViolation(exc.rule, reason_msg(exc.reason, {}))
