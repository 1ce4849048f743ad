"""Plain SQL against the schema, as synchronous functions run on the database thread.

Each function here is handed to ``Db.run`` or ``Db.transaction`` whole, so its
statements never interleave with another game's. Rows become records here and
nowhere else.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import TypeAdapter

from engine.core import Event

from .models import AuditEntry, GameRecord, GameSettings, LogEntry, OutboxRow, SeatRecord, StoreError
from .reasons import Reason

# The game row plus what the newest log row says (a primary-key lookup on the log).
GAME_SELECT = (
    "SELECT g.id, g.guild_id, g.channel_id, g.thread_id, g.ruleset, g.options, g.status, g.seed, g.seed_hash,"
    " g.created_by, g.created_at, g.updated_at, g.settings,"
    " COALESCE(l.seq, 0) AS last_seq, COALESCE(l.head, 0) AS head, l.at AS last_action_at"
    " FROM games g LEFT JOIN log l ON l.game_id = g.id"
    " AND l.seq = (SELECT MAX(m.seq) FROM log m WHERE m.game_id = g.id)"
)


_EVENTS: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def iso(moment: datetime) -> str:
    """Fixed-width UTC text, so comparing two stored times as strings compares the moments."""
    if moment.tzinfo is None:
        raise ValueError("the store keeps only timezone-aware (UTC) times")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# ---- records -------------------------------------------------------------------


def game_record(row: sqlite3.Row) -> GameRecord:
    status = row["status"]
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        ruleset=row["ruleset"],
        options=json.loads(row["options"]),
        status=status,
        seed_hash=row["seed_hash"],
        seed=row["seed"] if status in ("finished", "cancelled") else None,
        created_by=row["created_by"],
        created_at=parse_time(row["created_at"]),
        updated_at=parse_time(max(row["updated_at"], row["last_action_at"] or "")),
        last_seq=row["last_seq"],
        last_action_at=parse_time(row["last_action_at"]),
        settings=GameSettings.model_validate(json.loads(row["settings"])),
    )


def seat_record(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        game_id=row["game_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        faction=row["faction"],
        joined_at=parse_time(row["joined_at"]),
        substitutes=json.loads(row["substitutes"]),
    )


def log_entry(row: sqlite3.Row) -> LogEntry:
    return LogEntry(
        seq=row["seq"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=json.loads(row["action"]),
        events=[Event.model_validate(e) for e in json.loads(row["events"])],
        at=parse_time(row["at"]),
        kind=row["kind"],
    )


def audit_entry(row: sqlite3.Row) -> AuditEntry:
    return AuditEntry(
        id=row["id"],
        game_id=row["game_id"],
        gm_user_id=row["gm_user_id"],
        command=row["command"],
        reason=row["reason"],
        detail=json.loads(row["detail"]),
        at=parse_time(row["at"]),
    )


# ---- reads ---------------------------------------------------------------------


def game_row(raw: sqlite3.Connection, game_id: int) -> sqlite3.Row:
    row = raw.execute(f"{GAME_SELECT} WHERE g.id = ?", (game_id,)).fetchone()
    if row is None:
        raise StoreError.of(Reason.NOT_FOUND, game=game_id)
    return row


def select_games(
    raw: sqlite3.Connection, where: list[str], params: list[Any], *, limit: int | None = None
) -> list[GameRecord]:
    """Games matching ``where`` (conditions on the alias ``g``), newest first."""
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    tail = f" LIMIT {int(limit)}" if limit is not None else ""
    rows = raw.execute(f"{GAME_SELECT}{clause} ORDER BY g.id DESC{tail}", tuple(params)).fetchall()
    return [game_record(r) for r in rows]


def seat_rows(raw: sqlite3.Connection, game_id: int) -> list[sqlite3.Row]:
    return raw.execute("SELECT * FROM seats WHERE game_id = ? ORDER BY seat IS NULL, seat, id", (game_id,)).fetchall()


@dataclass
class GameRows:
    record: GameRecord
    seats: list[SeatRecord]
    head: int  # the newest action in effect
    seed: str | None  # kept server-side even while the record hides it


# (newest log seq, the game row's ``updated_at``): changes whenever any process changes the game
# (an action, a seat, a status), so a process sharing the database knows its cache is stale.
CHANGE_TOKEN = "SELECT COALESCE((SELECT MAX(seq) FROM log WHERE game_id = ?), 0), updated_at FROM games WHERE id = ?"


def change_token(row: Any) -> tuple[int, str] | None:
    return None if row is None else (int(row[0]), str(row[1]))


def game_and_seats(raw: sqlite3.Connection, game_id: int) -> GameRows:
    row = game_row(raw, game_id)
    return GameRows(game_record(row), [seat_record(r) for r in seat_rows(raw, game_id)], int(row["head"]), row["seed"])


@dataclass
class ChainTail:
    """What it takes to rebuild the state at one node: a base plus actions to apply."""

    base: int  # 0 = set up from the seed, else the node a snapshot was taken at
    snapshot: str | None
    steps: list[tuple[int, int, dict[str, Any]]]  # (seq, seat, action), oldest first
    depth: int  # how many actions are in effect at the node


def chain_tail(raw: sqlite3.Connection, game_id: int, node: int, *, use_snapshots: bool = True) -> ChainTail:
    """Walk from ``node`` back through its parents to the nearest snapshot (or the start; always the
    start when ``use_snapshots`` is off)."""
    steps: list[tuple[int, int, dict[str, Any]]] = []
    depth: int | None = None
    current = node
    while current:
        row = raw.execute(
            "SELECT parent, seat, action, depth FROM log WHERE game_id = ? AND seq = ? AND kind IN ('action', 'gm')",
            (game_id, current),
        ).fetchone()
        if row is None:
            raise StoreError.of(Reason.CORRUPT_LOG, game=game_id, seq=current)
        if depth is None:
            depth = int(row["depth"])
        snap = (
            raw.execute("SELECT state FROM snapshots WHERE game_id = ? AND node = ?", (game_id, current)).fetchone()
            if use_snapshots
            else None
        )
        if snap is not None:
            steps.reverse()
            return ChainTail(base=current, snapshot=snap["state"], steps=steps, depth=depth)
        steps.append((current, int(row["seat"]), json.loads(row["action"])))
        current = int(row["parent"])
    steps.reverse()
    return ChainTail(base=0, snapshot=None, steps=steps, depth=depth or 0)


def log_since(raw: sqlite3.Connection, game_id: int, seq: int) -> list[sqlite3.Row]:
    """Entries from ``seq`` on (inclusive): what happened since a given action."""
    return raw.execute(
        "SELECT seq, kind, seat, revealed, head FROM log WHERE game_id = ? AND seq >= ? ORDER BY seq",
        (game_id, seq),
    ).fetchall()


def interaction_entry(raw: sqlite3.Connection, game_id: int, interaction_id: str) -> LogEntry | None:
    row = raw.execute(
        "SELECT * FROM log WHERE game_id = ? AND interaction_id = ?", (game_id, interaction_id)
    ).fetchone()
    return None if row is None else log_entry(row)


# ---- writes --------------------------------------------------------------------


@dataclass
class NewEntry:
    seq: int
    kind: str
    seat: int
    user_id: int
    action: dict[str, Any]
    events: list[Event]
    at: datetime
    head: int
    interaction_id: str | None = None
    revealed: bool = False
    parent: int | None = None
    depth: int | None = None


_LOG_COLUMNS = "game_id, seq, kind, seat, user_id, action, events, interaction_id, revealed, parent, depth, head, at"
_LOG_SLOTS = ", ".join("?" * 13)


def _log_values(game_id: int, entry: NewEntry) -> tuple[Any, ...]:
    return (
        game_id,
        entry.seq,
        entry.kind,
        entry.seat,
        entry.user_id,
        dumps(entry.action),
        _EVENTS.dump_json(entry.events).decode("utf-8"),
        entry.interaction_id,
        int(entry.revealed),
        entry.parent,
        entry.depth,
        entry.head,
        iso(entry.at),
    )


def _first_with_interaction(raw: sqlite3.Connection, game_id: int, entry: NewEntry) -> int:
    dup = raw.execute(
        "SELECT seq FROM log WHERE game_id = ? AND interaction_id = ?", (game_id, entry.interaction_id)
    ).fetchone()
    return int(dup[0])


def _after_append(
    raw: sqlite3.Connection, game_id: int, entry: NewEntry, status: str | None, snapshot: str | None
) -> None:
    at = iso(entry.at)
    if status is not None:
        raw.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, at, game_id))
    if snapshot is not None:
        raw.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, node, state, at) VALUES (?, ?, ?, ?)",
            (game_id, entry.seq, snapshot, at),
        )


def append_entry(
    raw: sqlite3.Connection,
    game_id: int,
    entry: NewEntry,
    *,
    status: str | None = None,
    snapshot: str | None = None,
) -> int | None:
    """Append one log entry (and the status change it causes); returns the seq of an
    earlier entry with the same interaction id instead, writing nothing, if there is one.

    Runs inside a transaction. The log's primary key turns a second writer on the
    same file into a clean refusal instead of a forked log.
    """
    try:
        raw.execute(
            f"INSERT INTO log ({_LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _log_values(game_id, entry),
        )
    except sqlite3.IntegrityError as exc:
        if entry.interaction_id is not None and "interaction_id" in str(exc):
            return _first_with_interaction(raw, game_id, entry)
        raise StoreError.of(Reason.CONFLICT, game=game_id) from exc
    _after_append(raw, game_id, entry, status, snapshot)
    return None


# PostgreSQL only: the log row and its outbox row in one statement, so one round trip (issue 19).
# A repeated interaction id inserts neither (the CTE's ON CONFLICT); a taken seq still fails it.
_APPEND_PUBLISHED = (
    f"WITH l AS (INSERT INTO log ({_LOG_COLUMNS}) VALUES ({_LOG_SLOTS})"
    " ON CONFLICT (game_id, interaction_id) WHERE interaction_id IS NOT NULL DO NOTHING RETURNING game_id, seq)"
    " INSERT INTO outbox (game_id, seq, n, audience, kind, payload, nonce, created_at, claimed_by, claimed_until)"
    " SELECT l.game_id, l.seq, 0, 'table', 'publish', ?::text, ?::text, ?::text, ?::text, ?::text FROM l RETURNING id"
)


def append_published(
    raw: sqlite3.Connection,
    game_id: int,
    entry: NewEntry,
    payload: dict[str, Any],
    lease: tuple[str, datetime] | None,
    *,
    status: str | None = None,
    snapshot: str | None = None,
) -> tuple[int | None, int | None]:
    """``append_entry`` plus the entry's ``publish`` row (``add_publish``): (the earlier seq of a
    repeated interaction, None) or (None, the outbox row's id).

    Why one function: on PostgreSQL each statement is a round trip to the server, and an action's
    commit is latency-bound, so the two inserts go as one statement there (SQLite runs them apart).
    """
    if getattr(raw, "dialect", "sqlite") != "postgresql":
        dup = append_entry(raw, game_id, entry, status=status, snapshot=snapshot)
        return (
            (dup, None) if dup is not None else (None, add_publish(raw, game_id, entry.seq, payload, entry.at, lease))
        )
    owner, until = lease if lease is not None else (None, None)
    values = (dumps(payload), new_nonce(), iso(entry.at), owner, iso(until) if until is not None else None)
    try:
        row = raw.execute(_APPEND_PUBLISHED, _log_values(game_id, entry) + values).fetchone()
    except sqlite3.IntegrityError as exc:
        raise StoreError.of(Reason.CONFLICT, game=game_id) from exc
    if row is None:
        return _first_with_interaction(raw, game_id, entry), None
    _after_append(raw, game_id, entry, status, snapshot)
    return None, int(row[0])


# An action's whole commit on PostgreSQL, in one autocommit statement (one round trip; issue 19's
# ``act`` against the raw insert loop). Why each part:
# - ``pg_advisory_xact_lock`` in a one-time filter: taken before the game row is read, in the order
#   every other writer takes its locks (the game's advisory lock, then its row), so no deadlock;
# - ``FOR UPDATE`` on the game row: a status, seat or settings change another process committed
#   while this statement waited for the lock is seen (READ COMMITTED re-reads a locked row), and the
#   row's ``updated_at`` no longer matches the cached token, so nothing is written (``fresh`` 0);
# - a log row another process appended meanwhile takes this entry's seq, so the log's primary key
#   refuses the insert (a conflict: ``act`` tries again on the fresh state), as on SQLite;
# - a repeated interaction id inserts nothing (``fresh`` 1, no outbox row): the caller reads the first.
# - the state's snapshot, every ``snapshot_every`` actions, goes with its log row
#   (``APPEND_ACTION_SNAPSHOT_ONE_TRIP``); a repeated interaction writes none, as it writes no log row.
# Used for a plain action (no audit or status change), which is nearly every commit.
_ONE_TRIP_WRITES = (
    "WITH fresh AS (SELECT g.id FROM games g WHERE g.id = ? AND g.updated_at = ?::text"
    " AND (SELECT pg_advisory_xact_lock(?::bigint)::text) = ''"
    " AND NOT EXISTS (SELECT 1 FROM log WHERE log.game_id = g.id AND log.seq > ?::bigint) FOR UPDATE OF g),"
    f" l AS (INSERT INTO log ({_LOG_COLUMNS}) SELECT {_LOG_SLOTS} FROM fresh"
    " ON CONFLICT (game_id, interaction_id) WHERE interaction_id IS NOT NULL DO NOTHING RETURNING game_id, seq),"
    " o AS (INSERT INTO outbox (game_id, seq, n, audience, kind, payload, nonce, created_at, claimed_by, claimed_until)"
    " SELECT l.game_id, l.seq, 0, 'table', 'publish', ?::text, ?::text, ?::text, ?::text, ?::text FROM l RETURNING id)"
)
_ONE_TRIP_ANSWER = " SELECT (SELECT count(*) FROM fresh) AS fresh, (SELECT id FROM o) AS outbox_id"
APPEND_ACTION_ONE_TRIP = _ONE_TRIP_WRITES + _ONE_TRIP_ANSWER
APPEND_ACTION_SNAPSHOT_ONE_TRIP = (
    _ONE_TRIP_WRITES
    + ", s AS (INSERT INTO snapshots (game_id, node, state, at) SELECT l.game_id, l.seq, ?::text, ?::text FROM l"
    " ON CONFLICT (game_id, node) DO UPDATE SET state = EXCLUDED.state, at = EXCLUDED.at)" + _ONE_TRIP_ANSWER
)


def append_action_params(
    game_id: int,
    entry: NewEntry,
    payload: dict[str, Any],
    lease: tuple[str, datetime] | None,
    token: tuple[int, str],
    snapshot: str | None = None,
) -> tuple[Any, ...]:
    """The parameters of ``APPEND_ACTION_ONE_TRIP``: the cached change token, the log row, its outbox
    row; with ``snapshot``, of ``APPEND_ACTION_SNAPSHOT_ONE_TRIP``, the snapshot row's too."""
    owner, until = lease if lease is not None else (None, None)
    outbox = (dumps(payload), new_nonce(), iso(entry.at), owner, iso(until) if until is not None else None)
    kept = (snapshot, iso(entry.at)) if snapshot is not None else ()
    return (game_id, token[1], game_id, token[0]) + _log_values(game_id, entry) + outbox + kept


def add_audit(
    raw: sqlite3.Connection,
    game_id: int,
    gm_user_id: int,
    command: str,
    reason: str,
    detail: dict[str, Any],
    at: datetime,
) -> None:
    raw.execute(
        "INSERT INTO gm_audit (game_id, gm_user_id, command, reason, detail, at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, gm_user_id, command, reason, dumps(detail), iso(at)),
    )


def touch(raw: sqlite3.Connection, game_id: int, at: datetime) -> None:
    raw.execute("UPDATE games SET updated_at = ? WHERE id = ?", (iso(at), game_id))


# ---- undelivered direct messages (``kept_dm`` rows of the outbox) ------------------


def pending_rows(raw: sqlite3.Connection, game_id: int, user_id: int) -> list[tuple[int, str]]:
    """(id, text) of the DMs kept for this player in this game, oldest first."""
    rows = raw.execute(
        "SELECT id, payload FROM outbox WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ?"
        " AND user_id = ? ORDER BY id",
        (game_id, user_id),
    ).fetchall()
    return [(int(r[0]), str(json.loads(r[1])["text"])) for r in rows]


def add_pending(
    raw: sqlite3.Connection,
    game_id: int,
    user_id: int,
    seat: int | None,
    content: str,
    at: datetime,
    *,
    nonce: str,
    seq: int | None = None,
) -> None:
    """Keep a DM for the player's panel; a second row with the same ``nonce`` is ignored, so a
    delivery retried after a crash keeps its refused DM once."""
    raw.execute(
        "INSERT OR IGNORE INTO outbox (game_id, seq, n, audience, kind, payload, nonce, user_id, seat, created_at)"
        " VALUES (?, ?, 0, ?, 'kept_dm', ?, ?, ?, ?, ?)",
        (
            game_id,
            seq,
            "user" if seat is None else f"seat:{seat}",
            dumps({"text": content}),
            nonce,
            user_id,
            seat,
            iso(at),
        ),
    )


def delete_pending(raw: sqlite3.Connection, game_id: int, user_id: int, up_to_id: int, at: datetime) -> None:
    """Mark the player's kept DMs up to ``up_to_id`` delivered (shown in their panel): ones kept
    after a read are not lost."""
    raw.execute(
        "UPDATE outbox SET delivered_at = ? WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ?"
        " AND user_id = ? AND id <= ?",
        (iso(at), game_id, user_id, up_to_id),
    )


def hand_pending_to(raw: sqlite3.Connection, game_id: int, seats: list[int], user_id: int) -> int:
    """Give the DMs kept for ``seats`` to whoever holds them now (0 = vacant); returns how many moved.

    A kept DM describes the seat (its hand, its secret decisions), not the person, so
    it follows the seat: the player who left can no longer read it, the next one can.
    """
    if not seats:
        return 0
    marks = ", ".join("?" for _ in seats)
    cursor = raw.execute(
        f"UPDATE outbox SET user_id = ? WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ?"
        f" AND seat IN ({marks}) AND user_id != ?",
        (user_id, game_id, *seats, user_id),
    )
    return int(cursor.rowcount)


# ---- the delivery outbox (issue 18) ---------------------------------------------------


# Seeded once from the system's randomness: a nonce needs to be unlikely to repeat, not secret, and
# a system call for each (``secrets``) was a fiftieth of a PostgreSQL action's CPU (issue 19).
_NONCES = random.Random(secrets.randbits(128))


def new_nonce() -> str:
    """A row's nonce: random, so two databases (a restored backup, a test run) never share one.
    Discord takes nonces of up to 25 characters; a message's nonce adds at most 8 to these 12."""
    return f"{_NONCES.getrandbits(48):012x}"


def add_publish(
    raw: sqlite3.Connection,
    game_id: int,
    seq: int,
    payload: dict[str, Any],
    at: datetime,
    lease: tuple[str, datetime] | None = None,
) -> int:
    """The ``publish`` row of one committed change; runs in the change's own transaction, leased
    (``lease``: owner, until) to the process that committed it, which sends it at once."""
    owner, until = lease if lease is not None else (None, None)
    cursor = raw.execute(
        "INSERT INTO outbox (game_id, seq, n, audience, kind, payload, nonce, created_at, claimed_by, claimed_until)"
        " VALUES (?, ?, 0, 'table', 'publish', ?, ?, ?, ?, ?)",
        (game_id, seq, dumps(payload), new_nonce(), iso(at), owner, iso(until) if until is not None else None),
    )
    return int(cursor.lastrowid or 0)


def claim_undelivered(
    raw: sqlite3.Connection, owner: str, now: datetime, until: datetime, *, mine_too: bool
) -> list[OutboxRow]:
    """Lease to ``owner`` every undelivered ``publish`` row no other live process holds, oldest first.

    One statement, so two processes claiming at once never both get a row (PostgreSQL re-checks
    the condition on a row another transaction just updated). ``mine_too``: at start-up the
    owner's own rows are taken too (nothing of this process is in flight yet); the periodic
    sweep leaves them to the deliveries already running them.
    """
    if mine_too:
        free = "(claimed_by IS NULL OR claimed_by = ? OR claimed_until IS NULL OR claimed_until < ?)"
    else:  # another process's row whose lease ran out (its process died), never one of ours in flight
        free = "(claimed_by IS NULL OR (claimed_by <> ? AND (claimed_until IS NULL OR claimed_until < ?)))"
    params = (owner, iso(until), owner, iso(now))
    rows = raw.execute(
        "UPDATE outbox SET claimed_by = ?, claimed_until = ?"
        f" WHERE delivered_at IS NULL AND kind = 'publish' AND {free} RETURNING *",
        params,
    ).fetchall()
    return sorted((outbox_row(r) for r in rows), key=lambda r: r.id)


def claim_row(raw: sqlite3.Connection, row_id: int, owner: str, now: datetime, until: datetime) -> bool:
    """Renew or take the lease of one row for ``owner``; False when another live process holds it."""
    row = raw.execute(
        "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ? AND delivered_at IS NULL"
        " AND (claimed_by IS NULL OR claimed_by = ? OR claimed_until IS NULL OR claimed_until < ?) RETURNING id",
        (owner, iso(until), row_id, owner, iso(now)),
    ).fetchone()
    return row is not None


def outbox_row(row: sqlite3.Row) -> OutboxRow:
    return OutboxRow(
        id=row["id"],
        game_id=row["game_id"],
        seq=row["seq"],
        kind=row["kind"],
        payload=json.loads(row["payload"]),
        nonce=row["nonce"],
        progress=json.loads(row["progress"]),
        created_at=parse_time(row["created_at"]),
        attempts=row["attempts"],
        delivered_at=parse_time(row["delivered_at"]),
        claimed_by=row["claimed_by"],
        claimed_until=parse_time(row["claimed_until"]),
    )


def undelivered(raw: sqlite3.Connection, game_id: int | None) -> list[OutboxRow]:
    """The ``publish`` rows not yet delivered (of one game, or of all), oldest first."""
    where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
    rows = raw.execute(
        f"SELECT * FROM outbox WHERE delivered_at IS NULL AND kind = 'publish' {where} ORDER BY id", params
    ).fetchall()
    return [outbox_row(r) for r in rows]


def record_step(
    raw: sqlite3.Connection,
    row_id: int,
    space: str,
    step: int,
    value: Any,
    table: list[tuple[int, str, int | None, str]],
    at: datetime,
) -> None:
    """Note that call ``step`` of ``space`` went out for the row (with its result ``value``), and
    the table messages it changed, in one transaction: a resend then skips exactly what was done."""
    row = raw.execute("SELECT progress FROM outbox WHERE id = ?", (row_id,)).fetchone()
    if row is None:
        return
    progress = json.loads(row[0])
    done = progress.setdefault(space, [])
    if len(done) == step:
        done.append(value)
    message_id = value[1] if isinstance(value, list) and len(value) > 1 and isinstance(value[1], int) else None
    raw.execute(
        "UPDATE outbox SET progress = ?, message_id = COALESCE(?, message_id) WHERE id = ?",
        (dumps(progress), message_id, row_id),
    )
    for game_id, slot, message_id, content in table:
        set_table_message(raw, game_id, slot, message_id, content, at)


def set_table_message(
    raw: sqlite3.Connection, game_id: int, slot: str, message_id: int | None, content: str, at: datetime
) -> None:
    if message_id is None:
        raw.execute("DELETE FROM table_message WHERE game_id = ? AND slot = ?", (game_id, slot))
        return
    game_row(raw, game_id)
    raw.execute(
        "INSERT OR REPLACE INTO table_message (game_id, slot, message_id, content, at) VALUES (?, ?, ?, ?, ?)",
        (game_id, slot, message_id, content, iso(at)),
    )


def behind(raw: sqlite3.Connection, game_id: int) -> tuple[int, datetime | None]:
    """How many ``publish`` rows of the game wait, and since when the oldest does."""
    row = raw.execute(
        "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE delivered_at IS NULL AND kind = 'publish' AND game_id = ?",
        (game_id,),
    ).fetchone()
    return int(row[0]), parse_time(row[1])


# ---- the reminder tick (issue 19) -----------------------------------------------------


@dataclass
class ReminderRows:
    """What a reminder tick reads of the active games, without rebuilding any state."""

    games: list[GameRecord]  # newest first
    marks: dict[int, dict[int, datetime]]  # game -> seat (or mark) -> when last reminded
    waiting: dict[int, tuple[int, list[int], str]]  # game -> (log seq, seats awaited, engine fingerprint)


def reminder_rows(raw: sqlite3.Connection) -> ReminderRows:
    games = select_games(raw, ["g.status = 'active'"], [])
    marks: dict[int, dict[int, datetime]] = {}
    for row in raw.execute(
        "SELECT r.game_id, r.seat, r.at FROM reminders r JOIN games g ON g.id = r.game_id WHERE g.status = 'active'"
    ).fetchall():
        marks.setdefault(int(row[0]), {})[int(row[1])] = datetime.fromisoformat(row[2])
    waiting = {
        int(row[0]): (int(row[1]), [int(s) for s in json.loads(row[2])], str(row[3]))
        for row in raw.execute(
            "SELECT w.game_id, w.seq, w.seats, w.engine FROM waiting_seats w JOIN games g ON g.id = w.game_id"
            " WHERE g.status = 'active'"
        ).fetchall()
    }
    return ReminderRows(games, marks, waiting)


def set_waiting_seats(raw: sqlite3.Connection, rows: list[tuple[int, int, list[int]]], engine: str) -> None:
    for game_id, seq, seats in rows:
        raw.execute(
            "INSERT OR REPLACE INTO waiting_seats (game_id, seq, seats, engine) VALUES (?, ?, ?, ?)",
            (game_id, seq, dumps(seats), engine),
        )
