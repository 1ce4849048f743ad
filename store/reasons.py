"""Why the store refused something, as a code with facts rather than a sentence (issue 10).

The store sits below the Discord layer and knows no reader, so it cannot choose a language.
Each refusal names its ``Reason`` and the facts that fill it (a game number, a cap, a status);
``cogs/store_text.py`` turns that pair into a ``bot.store.*`` message in the reader's language
without reading the English back. The English sentence is still written here, once, for logs,
scripts and ``StoreError.to_dict``.

A reason's value is ``code`` or ``code.detail``: the part before the dot is the stable, coarse
``StoreError.code`` programs already rely on ("bad_status", "not_player", ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    """Each refusal the store can give; ``ENGLISH`` holds its sentence, the bot a message per member."""

    UNKNOWN_RULESET = "unknown_ruleset"
    BAD_STATUS_DOING = "bad_status.doing"
    BAD_STATUS_WORD = "bad_status.word"
    BAD_STATUS_BECOME = "bad_status.become"
    NOTHING_TO_REPLAY = "bad_status.replay"
    CORRUPT_ACTION = "corrupt.action"
    CORRUPT_LOG = "corrupt.log"
    NOT_PLAYER = "not_player"
    NOT_YOUR_SEAT = "not_player.seat"
    NOT_JOINED = "not_player.joined"
    OTHER_NOT_PLAYER = "not_player.other"
    AMBIGUOUS_SEAT = "ambiguous_seat"
    FACTIONS_AT_JOIN = "bad_options.factions"
    EMPTY_SEED = "bad_options.seed"
    ALREADY_JOINED = "already_joined"
    FULL = "full"
    UNKNOWN_FACTION = "unknown_faction"
    FACTION_TAKEN = "faction_taken"
    TOO_FEW = "too_few"
    CONFLICT_START = "conflict.start"
    CONFLICT = "conflict"
    CONFLICT_PROCESS = "conflict.process"
    BAD_SEAT = "bad_seat"
    BAD_SEQ = "bad_seq"
    SAME_USER = "same_user"
    BAD_ZONE = "bad_settings.zone"
    BAD_ZONE_HINT = "bad_settings.zone_hint"
    BAD_SETTING = "bad_settings"
    NOT_FOUND = "not_found"
    SCHEMA_TOO_NEW = "schema_too_new"
    # The take-back policy's refusals (``store/undo.py``): ``RuleViolation``s with a rule id, not StoreErrors.
    UNDO_NOTHING = "undo.nothing"
    UNDO_NOT_YOURS = "undo.not_yours"
    UNDO_OTHERS_ACTED = "undo.others_acted"
    UNDO_REVEALED = "undo.revealed"

    @property
    def code(self) -> str:
        """The coarse, stable code of ``StoreError`` (the part before the dot)."""
        return self.value.partition(".")[0]


# How a game's status reads in English (the facts carry the status itself: "open", "active", ...).
STATUS_WORDING = {
    "open": "still gathering players",
    "active": "under way",
    "paused": "paused",
    "finished": "finished",
    "cancelled": "cancelled",
}
_STATUS_FACTS = ("state", "target")  # facts that hold a game status
_ZONE = (
    "{name!r} is not a time-zone name I know, so the `time_zone` setting was not changed. "
    "Use an IANA name such as Europe/Berlin, America/New_York or UTC."
)

# The English sentence of each reason, filled from its facts (``str.format``).
ENGLISH: dict[Reason, str] = {
    Reason.UNKNOWN_RULESET: "There is no game called {name!r}.",
    Reason.BAD_STATUS_DOING: "Game #{game} is {state}, so you cannot {doing} now.",
    Reason.BAD_STATUS_WORD: "{status!r} is not a game status.",
    Reason.BAD_STATUS_BECOME: "Game #{game} is {state}; it cannot become {target}.",
    Reason.NOTHING_TO_REPLAY: "Game #{game} has not started, so there is nothing to replay.",
    Reason.CORRUPT_ACTION: (
        "Action {seq} of game #{game} no longer applies ({detail}); the rules may have changed since it was played."
    ),
    Reason.CORRUPT_LOG: "Game #{game}'s log has no action {seq} to rebuild from.",
    Reason.NOT_PLAYER: "You are not playing in this game.",
    Reason.NOT_YOUR_SEAT: "You do not hold seat {seat} in this game.",
    Reason.NOT_JOINED: "You have not joined this game.",
    Reason.OTHER_NOT_PLAYER: "<@{user}> is not playing in this game.",
    Reason.AMBIGUOUS_SEAT: "You hold several seats here; say which seat this action is for.",
    Reason.FACTIONS_AT_JOIN: "Factions are chosen by the players when they join.",
    Reason.EMPTY_SEED: "A fixed seed cannot be empty.",
    Reason.ALREADY_JOINED: "You have already joined this game.",
    Reason.FULL: "This game is full ({cap} players).",
    Reason.UNKNOWN_FACTION: "{faction!r} is not a faction in {game}; the factions are: {choices}.",
    Reason.FACTION_TAKEN: "Someone has already chosen {faction}.",
    Reason.TOO_FEW: "{game} needs at least {min} players; {n} joined so far.",
    Reason.CONFLICT_START: "Game #{game} changed while starting; please try again.",
    Reason.CONFLICT: "Game #{game} was changed by another writer; please try again.",
    Reason.CONFLICT_PROCESS: "The game was changed by another process; please try again.",
    Reason.BAD_SEAT: "There is no seat {seat} in this game.",
    Reason.BAD_SEQ: "You can roll back to an earlier point, from 0 to {last}; not {to}.",
    Reason.SAME_USER: "<@{user}> already holds seat {seat}.",
    Reason.BAD_ZONE: _ZONE,
    Reason.BAD_ZONE_HINT: _ZONE + " Did you mean {close}?",
    Reason.BAD_SETTING: "That setting is not valid: {detail}",
    Reason.NOT_FOUND: "There is no game #{game}.",
    Reason.SCHEMA_TOO_NEW: "The database was written by a newer version (schema {current}; this one knows {known}).",
    Reason.UNDO_NOTHING: "There is no action to take back.",
    Reason.UNDO_NOT_YOURS: "You can only take back your own last action, and the last action was not yours.",
    Reason.UNDO_OTHERS_ACTED: "Someone else has acted since your last action, so it can no longer be taken back.",
    Reason.UNDO_REVEALED: "That action revealed hidden or random information, so it cannot be taken back.",
}


def english(reason: Reason, facts: Mapping[str, Any]) -> str:
    """The English sentence of ``reason`` with its facts: statuses in words, a list joined (or "none")."""
    shown: dict[str, Any] = {}
    for key, value in facts.items():
        if key in _STATUS_FACTS:
            value = STATUS_WORDING.get(str(value), value)
        elif isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value) or "none"
        shown[key] = value
    return ENGLISH[reason].format(**shown)
