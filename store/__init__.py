"""Durable game tables: create, seat, start, act, undo, GM tools, audit (aiosqlite).

``GameStore`` is the only thing the Discord layer needs; see README.md in this
folder for the schema, the durability promise and the undo policy.
"""

from .models import (
    ActOutcome,
    AuditEntry,
    GameRecord,
    GameSettings,
    LoadedGame,
    LogEntry,
    OutboxRow,
    SeatRecord,
    StoreError,
)
from .reasons import Reason
from .service import GameStore, Notice, seat_order, seed_hash
from .tables import ReminderRows
from .undo import UNDO_NOT_YOURS, UNDO_OTHERS_ACTED, UNDO_REVEALED, UndoRefusal

__all__ = [
    "UNDO_NOT_YOURS",
    "UNDO_OTHERS_ACTED",
    "UNDO_REVEALED",
    "ActOutcome",
    "AuditEntry",
    "GameRecord",
    "GameSettings",
    "GameStore",
    "LoadedGame",
    "LogEntry",
    "Notice",
    "OutboxRow",
    "Reason",
    "ReminderRows",
    "SeatRecord",
    "StoreError",
    "UndoRefusal",
    "seat_order",
    "seed_hash",
]
