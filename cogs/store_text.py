"""The store's refusals in the reader's language (issue 10).

``StoreError`` carries a stable ``code`` and an English sentence with its facts already
written in (``"This game is full (4 players)."``); the store is below the Discord layer and
knows no reader. Here each sentence the store can say is read back into a ``bot.store.*``
message with the same facts as parameters, so ``Referee.fail`` shows it in the reader's
language. A sentence no pattern knows (a store newer than this table) falls back to the
code's general message, never to a crash; ``tests/cogs/test_store_text.py`` checks that every
sentence written in ``store/`` is read back by its own pattern, so a new one cannot slip by.

The undo refusals (``store/undo.py``) are ``RuleViolation``s in English for the same reason;
``violation_msg`` gives them a message too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import RuleViolation
from engine.core.text import Message, Msg, Ref, message
from store import StoreError

from . import lang

# How the store words a game's status ("Game #3 is still gathering players ...").
STATE = {
    "still gathering players": message("bot.store.state.open", "still gathering players"),
    "under way": message("bot.store.state.active", "under way"),
    "paused": message("bot.store.state.paused", "paused"),
    "finished": message("bot.store.state.finished", "finished"),
    "cancelled": message("bot.store.state.cancelled", "cancelled"),
}
# What the player tried to do ("... so you cannot start it now").
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
# A sentence this table does not know yet: the code's general meaning, the English as detail.
GENERAL = message("bot.store.general", "The table refused that: {detail}")

# The undo refusals of store/undo.py (RuleViolations with English only).
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


def _word(table: dict[str, Message]) -> Callable[[str], Any]:
    """A captured wording read back as its message; a wording the table lacks stays as it is."""

    def convert(value: str) -> Any:
        found = table.get(value)
        return found() if found is not None else value

    return convert


def _faction(value: str) -> Any:
    return Ref(kind=lang.FACTION_KIND, id=value.strip("'\""))


def _factions(value: str) -> Any:
    if value == "none":
        return GENERAL_NONE()
    return [_faction(v) for v in value.split(", ")]


@dataclass(frozen=True)
class Pattern:
    code: str
    regex: re.Pattern[str]
    message: Message
    convert: dict[str, Callable[[str], Any]]

    def read(self, english: str) -> Msg | None:
        m = self.regex.fullmatch(english)
        if m is None:
            return None
        params: dict[str, Any] = {}
        for key, value in m.groupdict().items():
            if value is None:
                continue
            convert = self.convert.get(key)
            params[key] = convert(value) if convert else (int(value) if value.lstrip("-").isdigit() else value)
        return self.message(**params)


def _p(code: str, regex: str, msg: Message, **convert: Callable[[str], Any]) -> Pattern:
    return Pattern(code, re.compile(regex, re.DOTALL), msg, convert)


_G = r"(?P<game>\d+)"
PATTERNS: tuple[Pattern, ...] = (
    _p("unknown_ruleset", r"There is no game called (?P<name>.+)\.", UNKNOWN_RULESET),
    _p(
        "bad_status",
        rf"Game #{_G} is (?P<state>.+), so you cannot (?P<doing>.+) now\.",
        BAD_STATUS_DOING,
        state=_word(STATE),
        doing=_word(DOING),
    ),
    _p("bad_status", r"(?P<status>.+) is not a game status\.", BAD_STATUS_WORD),
    _p(
        "bad_status",
        rf"Game #{_G} is (?P<state>.+); it cannot become (?P<target>.+)\.",
        BAD_STATUS_BECOME,
        state=_word(STATE),
        target=_word(STATE),
    ),
    _p("bad_status", rf"Game #{_G} has not started, so there is nothing to replay\.", NOTHING_TO_REPLAY),
    _p(
        "corrupt",
        rf"Action (?P<seq>\d+) of game #{_G} no longer applies \((?P<detail>.+)\); "
        r"the rules may have changed since it was played\.",
        CORRUPT_ACTION,
    ),
    _p("corrupt", rf"Game #{_G}'s log has no action (?P<seq>\d+) to rebuild from\.", CORRUPT_LOG),
    _p("not_player", r"You are not playing in this game\.", NOT_PLAYER),
    _p("not_player", r"You do not hold seat (?P<seat>\d+) in this game\.", NOT_YOUR_SEAT),
    _p("not_player", r"You have not joined this game\.", NOT_JOINED),
    _p("not_player", r"(?P<player>.+) is not playing in this game\.", OTHER_NOT_PLAYER),
    _p("ambiguous_seat", r"You hold several seats here; say which seat this action is for\.", AMBIGUOUS_SEAT),
    _p("bad_options", r"Factions are chosen by the players when they join\.", FACTIONS_AT_JOIN),
    _p("bad_options", r"A fixed seed cannot be empty\.", EMPTY_SEED),
    _p("already_joined", r"You have already joined this game\.", ALREADY_JOINED),
    _p("full", r"This game is full \((?P<cap>\d+) players\)\.", FULL),
    _p(
        "unknown_faction",
        r"(?P<faction>.+) is not a faction in (?P<game>.+); the factions are: (?P<choices>.+)\.",
        UNKNOWN_FACTION,
        game=str,
        choices=_factions,
    ),
    _p("faction_taken", r"Someone has already chosen (?P<faction>.+)\.", FACTION_TAKEN, faction=_faction),
    _p("too_few", r"(?P<game>.+) needs at least (?P<min>\d+) players; (?P<n>\d+) joined so far\.", TOO_FEW, game=str),
    _p("conflict", rf"Game #{_G} changed while starting; please try again\.", CONFLICT_START),
    _p("conflict", rf"Game #{_G} was changed by another writer; please try again\.", CONFLICT),
    _p("bad_seat", r"There is no seat (?P<seat>\d+) in this game\.", BAD_SEAT),
    _p("bad_seq", r"You can roll back to an earlier point, from 0 to (?P<last>-?\d+); not (?P<to>-?\d+)\.", BAD_SEQ),
    _p("same_user", r"(?P<player>.+) already holds seat (?P<seat>\d+)\.", SAME_USER),
    _p(
        "bad_settings",
        r"(?P<name>.+) is not a time-zone name I know, so the `time_zone` setting was not changed\. "
        r"Use an IANA name such as Europe/Berlin, America/New_York or UTC\. Did you mean (?P<close>.+)\?",
        BAD_ZONE_HINT,
    ),
    _p(
        "bad_settings",
        r"(?P<name>.+) is not a time-zone name I know, so the `time_zone` setting was not changed\. "
        r"Use an IANA name such as Europe/Berlin, America/New_York or UTC\.",
        BAD_ZONE,
    ),
    _p("bad_settings", r"That setting is not valid: (?P<detail>.+)", BAD_SETTING),
    _p("not_found", rf"There is no game #{_G}\.", NOT_FOUND),
    _p(
        "schema_too_new",
        r"The database was written by a newer version \(schema (?P<current>\d+); this one knows (?P<known>\d+)\)\.",
        SCHEMA_TOO_NEW,
    ),
)

_UNDO = {
    "There is no action to take back.": UNDO_NOTHING,
    "You can only take back your own last action, and the last action was not yours.": UNDO_NOT_YOURS,
    "Someone else has acted since your last action, so it can no longer be taken back.": UNDO_OTHERS,
    "That action revealed hidden or random information, so it cannot be taken back.": UNDO_REVEALED,
}


def read_store_error(code: str, english: str) -> Msg | None:
    """The message of one store sentence, or None when no pattern of its code reads it."""
    for pattern in PATTERNS:
        if pattern.code == code:
            found = pattern.read(english)
            if found is not None:
                return found
    return None


def store_reason(exc: StoreError) -> Msg:
    """What a player reads for a store refusal: its own message, else the general one."""
    return read_store_error(exc.code, exc.message) or GENERAL(detail=exc.message)


def violation_msg(exc: RuleViolation) -> RuleViolation:
    """``exc`` with a message when it is one of the store's English-only undo refusals."""
    if exc.msg is not None:
        return exc
    known = _UNDO.get(exc.message)
    if known is None:
        return exc
    return RuleViolation(exc.rule, known())
