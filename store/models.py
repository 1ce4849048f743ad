"""The records the store hands to the Discord layer.

These are plain pydantic models so a cog can read them, log them or show them
without touching the database. Engine objects (state, events, prompts, results)
are passed through untouched: the store never reinterprets a game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Event, Prompt, Result

from .reasons import Reason, english

GameStatus = Literal["open", "active", "paused", "finished", "cancelled"]
LogKind = Literal["action", "undo", "gm", "rollback"]

STATUSES: tuple[str, ...] = ("open", "active", "paused", "finished", "cancelled")


class StoreError(Exception):
    """A table-level refusal (who may sit where, which game state allows what).

    Game rules are the engine's business and raise ``RuleViolation``; this error is
    for everything around the rules. ``code`` is stable for programs, ``message`` is
    the English sentence (logs, scripts); ``reason`` and ``facts`` say the same as data,
    so the Discord layer words it in the reader's language without reading the English.
    """

    def __init__(
        self, code: str, message: str, reason: Reason | None = None, facts: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        # Why, for a reader in another language: the reason and its facts (``store/reasons.py``).
        self.reason = reason
        self.facts: dict[str, Any] = dict(facts or {})

    @classmethod
    def of(cls, reason: Reason, **facts: Any) -> StoreError:
        """The refusal ``reason`` with its facts; its code and English sentence follow from them."""
        return cls(reason.code, english(reason, facts), reason, facts)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class GameSettings(BaseModel):
    """Per-table preferences the reminder and deadline machinery reads."""

    model_config = ConfigDict(extra="forbid")

    reminder_minutes: int | None = Field(default=720, ge=1)
    deadline_hours: int | None = Field(default=None, ge=1)
    quiet_start_hour: int | None = Field(default=None, ge=0, le=23)
    quiet_end_hour: int | None = Field(default=None, ge=0, le=23)
    # Quiet hours are in the table's local time: UTC plus this many hours. Rows written
    # before this field existed load with 0 (UTC), which is what they meant.
    utc_offset_hours: int = Field(default=0, ge=-12, le=14)
    # Or an IANA time-zone name ("Europe/Berlin"), so quiet hours follow daylight saving.
    # When set it wins over ``utc_offset_hours``; rows written before it existed load with
    # None and keep their offset. ``GameStore.update_settings`` checks and spells the name.
    time_zone: str | None = Field(default=None, min_length=1, max_length=64)
    # At a deadline, apply the prompt's published default (or sample_action) for the late seat.
    auto_default: bool = False
    # The catalog the game thread is written in (i18n: en, zh_Hans, zh_Hant), chosen at
    # /game new; rows written before it existed read English, which is what they were.
    language: Literal["en", "zh_Hans", "zh_Hant"] = "en"


class GameRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    ruleset: str
    options: dict[str, Any]
    status: GameStatus
    seed_hash: str | None
    # Revealed only once the game is finished or cancelled, so nobody can predict shuffles.
    seed: str | None
    created_by: int
    created_at: datetime
    updated_at: datetime
    last_seq: int
    last_action_at: datetime | None
    settings: GameSettings


class SeatRecord(BaseModel):
    game_id: int
    # None until the game starts and the seat order is drawn.
    seat: int | None
    # 0 marks a vacant seat (the player was kicked and nobody has replaced them yet).
    user_id: int
    faction: str | None
    joined_at: datetime
    # Each replacement: {old_user_id, new_user_id, at, by, reason}.
    substitutes: list[dict[str, Any]] = Field(default_factory=list)


class LogEntry(BaseModel):
    seq: int
    seat: int
    user_id: int
    action: dict[str, Any]
    # Every event as delivered, private ones included: filter with Event.visible_to before showing.
    events: list[Event]
    at: datetime
    kind: LogKind


class AuditEntry(BaseModel):
    id: int
    game_id: int
    gm_user_id: int
    command: str
    reason: str
    detail: dict[str, Any]
    at: datetime


class ActOutcome(BaseModel):
    """What one committed change produced; returned only after the commit."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    game: GameRecord
    seq: int
    seat: int
    events: list[Event]
    prompts: list[Prompt]
    result: Result | None
    # True when the interaction id was seen before: nothing was applied, and ``events``
    # are the original ones (already delivered once), while ``state``/``prompts`` are current.
    duplicate: bool = False
    state: Any
    # The outbox row written with the change (issue 18); None for a duplicate, which publishes nothing.
    outbox_id: int | None = None


class OutboxRow(BaseModel):
    """One undelivered delivery of a committed change (``publish``), as the worker reads it."""

    id: int
    game_id: int
    seq: int | None
    kind: str
    payload: dict[str, Any]
    nonce: str
    progress: dict[str, list[Any]]
    created_at: datetime | None
    attempts: int = 0
    delivered_at: datetime | None = None
    claimed_by: str | None = None  # the process holding the row's lease (issue 19), until ``claimed_until``
    claimed_until: datetime | None = None


class LoadedGame(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    game: GameRecord
    seats: list[SeatRecord]
    state: Any | None
    seq: int
    prompts: list[Prompt]
    result: Result | None
