"""The database layout and its forward migrations.

The schema version lives in ``PRAGMA user_version``. Each migration is one SQL
script that runs inside a transaction together with the version bump, so a crash
half-way leaves the file at the previous version, never in between. Migrations
only move forward; a file written by a newer release is refused rather than
misread.
"""

from __future__ import annotations

import sqlite3

from .models import StoreError
from .reasons import Reason

# Version 1: games, seats, the append-only log, snapshots and the GM audit trail.
_V1 = """
CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    thread_id      INTEGER,
    ruleset        TEXT    NOT NULL,
    options        TEXT    NOT NULL,              -- JSON; complete (players, factions) once started
    status         TEXT    NOT NULL CHECK (status IN ('open', 'active', 'paused', 'finished', 'cancelled')),
    seed           TEXT,                          -- secret until finished or cancelled
    seed_hash      TEXT,                          -- SHA-256 of the seed, public from the start
    created_by     INTEGER NOT NULL,
    created_at     TEXT    NOT NULL,              -- ISO 8601, UTC
    updated_at     TEXT    NOT NULL               -- last table-level change (seats, status, thread)
    -- last_seq, head and last_action_at are read from the newest log row, so an
    -- action's commit writes one table, not two.
);
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_thread ON games (thread_id);

CREATE TABLE seats (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,  -- join order
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER,                            -- NULL until the game starts
    user_id     INTEGER NOT NULL,                   -- 0 = vacant
    faction     TEXT,
    joined_at   TEXT    NOT NULL,
    substitutes TEXT    NOT NULL DEFAULT '[]',      -- JSON list of replacements
    UNIQUE (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id, game_id);

-- Append-only. Rows are never updated or deleted: undo and roll-back are new rows.
CREATE TABLE log (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,              -- 1, 2, 3... without gaps
    kind           TEXT    NOT NULL CHECK (kind IN ('action', 'undo', 'gm', 'rollback')),
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    action         TEXT    NOT NULL,              -- JSON
    events         TEXT    NOT NULL,              -- JSON list, private events included
    interaction_id TEXT,                          -- idempotency key
    revealed       INTEGER NOT NULL DEFAULT 0,    -- disclosed hidden or random information
    parent         INTEGER,                       -- action/gm: the head this action was applied on
    depth          INTEGER,                       -- action/gm: number of actions in effect after it
    head           INTEGER NOT NULL,              -- the head after this entry
    at             TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX log_by_interaction ON log (game_id, interaction_id) WHERE interaction_id IS NOT NULL;

-- The state after applying the chain of actions ending at ``node`` (a log seq).
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    node    INTEGER NOT NULL,
    state   TEXT    NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, node)
) WITHOUT ROWID;

CREATE TABLE gm_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    gm_user_id INTEGER NOT NULL,
    command    TEXT    NOT NULL,
    reason     TEXT    NOT NULL,
    detail     TEXT    NOT NULL,                  -- JSON
    at         TEXT    NOT NULL
);
CREATE INDEX gm_audit_by_game ON gm_audit (game_id, id);
"""

# Version 2: per-game settings (deadlines, reminders) and when each seat was last reminded.
_V2 = """
ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

CREATE TABLE reminders (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
"""

# Version 3: direct messages that could not be delivered (closed DMs), kept until the
# player opens their private panel, so a restart of the bot does not lose them.
_V3 = """
CREATE TABLE pending_dm (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    seat    INTEGER,
    content TEXT    NOT NULL,
    at      TEXT    NOT NULL
);
CREATE INDEX pending_dm_by_user ON pending_dm (user_id, game_id, id);
"""

# Version 4: a kept DM belongs to its seat, not to the person. Rows kept for a player who
# has since been replaced or removed move to whoever holds the seat now (0 = vacant), so
# the one who left cannot read them in a private panel and the new holder can.
_V4 = """
UPDATE pending_dm SET user_id = (
    SELECT s.user_id FROM seats s WHERE s.game_id = pending_dm.game_id AND s.seat = pending_dm.seat
)
WHERE seat IS NOT NULL AND EXISTS (
    SELECT 1 FROM seats s
    WHERE s.game_id = pending_dm.game_id AND s.seat = pending_dm.seat AND s.user_id != pending_dm.user_id
);
CREATE INDEX pending_dm_by_seat ON pending_dm (game_id, seat);
"""

# Version 5: the language each user reads (issue 10). ``preferred`` is what they chose with
# ``/game language`` (NULL = follow their Discord client), ``seen`` the catalog of the Discord
# locale of their last interaction, so a DM sent later, not in reply to anything, is still in
# their language. A game's own language lives in its settings JSON (``language``).
_V5 = """
CREATE TABLE user_locale (
    user_id    INTEGER PRIMARY KEY,
    preferred  TEXT,
    seen       TEXT,
    updated_at TEXT NOT NULL
) WITHOUT ROWID;
"""

# Version 6: the thread messages the bot keeps editing (issue 12), so a restart goes on
# editing them instead of starting new ones. ``slot`` names the message: ``log`` is the
# running log of the current season or turn. ``content`` is its text as last sent, to
# append to without fetching it from Discord.
_V6 = """
CREATE TABLE table_message (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    slot       TEXT    NOT NULL,
    message_id INTEGER NOT NULL,
    content    TEXT    NOT NULL,
    at         TEXT    NOT NULL,
    PRIMARY KEY (game_id, slot)
) WITHOUT ROWID;
"""

# Version 7: the delivery outbox (issue 18). Every committed change the table must hear of
# (a player's action, an undo, a GM move or roll-back, the start) writes a ``publish`` row in
# the SAME transaction as its log row, so a crash between the commit and the posts loses
# nothing: the worker (``cogs.outbox``) resends undelivered rows on start-up. ``payload``
# holds the facts needed to render the posts at send time in each reader's language (never
# rendered text): which prompts were open before, the pressed message to reuse, the seats
# whose prompts are posted again. ``progress`` records each Discord call already made for
# the row (see ``cogs.delivery``), so a resend skips what went out; ``nonce`` seeds the
# per-message nonces Discord uses to refuse a second copy of a post.
# A DM Discord refused (closed DMs) is a ``kept_dm`` row for the seat's holder (``user_id``),
# undelivered until their private panel shows it: the old ``pending_dm`` rows move here.
_V7 = """
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER,                       -- the log seq that caused it (0 = the start)
    n            INTEGER NOT NULL DEFAULT 0,    -- order within the seq
    audience     TEXT    NOT NULL,              -- 'table' (every audience of a change), 'seat:<n>', 'gm'
    kind         TEXT    NOT NULL CHECK (kind IN ('publish', 'kept_dm')),
    payload      TEXT    NOT NULL,              -- JSON
    nonce        TEXT    NOT NULL,
    user_id      INTEGER,                       -- kept_dm: whose panel shows it
    seat         INTEGER,                       -- kept_dm: the seat it describes
    progress     TEXT    NOT NULL DEFAULT '{}', -- JSON: Discord calls already made, by namespace
    created_at   TEXT    NOT NULL,
    delivered_at TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    message_id   INTEGER                        -- the last Discord message the row produced
);
CREATE UNIQUE INDEX outbox_by_nonce ON outbox (game_id, nonce);
CREATE INDEX outbox_undelivered ON outbox (game_id, id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_kept_by_user ON outbox (user_id, game_id, id) WHERE kind = 'kept_dm' AND delivered_at IS NULL;
CREATE INDEX outbox_kept_by_seat ON outbox (game_id, seat) WHERE kind = 'kept_dm';

INSERT INTO outbox (game_id, seq, n, audience, kind, payload, nonce, user_id, seat, created_at)
SELECT game_id, NULL, 0, CASE WHEN seat IS NULL THEN 'user' ELSE 'seat:' || seat END, 'kept_dm',
       json_object('text', content), 'kept-' || id, user_id, seat, at
FROM pending_dm ORDER BY id;
DROP TABLE pending_dm;
"""

# Version 8 (issue 19): several processes share one database, so an undelivered row is leased
# to the process sending it (``claimed_by`` until ``claimed_until``, ISO UTC text like every time
# here). A process's start-up resend and its periodic sweep take only rows no live process
# holds: a row whose lease ran out belongs to a process that died (or stalled) mid-delivery.
_V8 = """
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
"""

# Version 9 (issue 19): which seats each game waits on, as the reminder tick last read it, so a tick
# decides from stored rows instead of rebuilding every game's state. ``seq`` is the log seq it was
# read at (the log is append-only: a game whose newest seq differs has moved and is read again);
# ``engine`` fingerprints the rules code that computed it (an upgrade may change who is awaited).
# Derived data, written only by the tick; deleting every row costs one rebuild per game.
_V9 = """
CREATE TABLE waiting_seats (
    game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seats   TEXT    NOT NULL,              -- JSON list: seats with a decision awaited, in order
    engine  TEXT    NOT NULL
) WITHOUT ROWID;
"""

# Version 10 (issue 19): only kept DMs need their nonce unique (a second ``add_pending`` of one
# refused message is ignored by it); a published row's nonce is random, and indexing it for
# uniqueness cost every action's commit one more index insert.
_V10 = """
DROP INDEX outbox_by_nonce;
CREATE UNIQUE INDEX outbox_by_nonce ON outbox (game_id, nonce) WHERE kind = 'kept_dm';
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10)
LATEST_VERSION = len(MIGRATIONS)


def configure(conn: sqlite3.Connection, *, synchronous: str = "NORMAL") -> None:
    """Connection settings that must hold every time the file is opened.

    WAL lets readers proceed during a write; with ``synchronous=NORMAL`` a commit
    reaches the WAL file before ``COMMIT`` returns, so it survives the process
    being killed (only a power cut or OS crash can lose the newest commits).
    """
    if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
        raise ValueError(f"unknown synchronous level {synchronous!r}")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 5000")


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = LATEST_VERSION) -> int:
    """Bring the file forward to ``target``; returns the version it ends at.

    Needs a connection in autocommit mode (``isolation_level=None``) so that each
    script's own BEGIN/COMMIT is the only transaction.
    """
    current = user_version(conn)
    if current > LATEST_VERSION:
        raise StoreError.of(Reason.SCHEMA_TOO_NEW, current=current, known=LATEST_VERSION)
    for version in range(current + 1, target + 1):
        script = MIGRATIONS[version - 1]
        try:
            conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return user_version(conn)
