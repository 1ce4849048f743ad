"""The durable table: the one API the Discord layer calls to run a game.

Every change to a game follows the same path: take that game's lock, get the
current state (from the cache, or snapshot plus replay), let the engine decide,
write the log entry and the game row in one transaction, commit, update the
cache, and only then return the events for delivery. So an event a player sees
always describes a committed action, and an acknowledged action survives the
process being killed right after (WAL, ``synchronous=NORMAL``).

Rules are the engine's business (``RuleViolation``); who sits where and which
game status allows what is the store's (``StoreError``). Permissions (who is a
game master) are the Discord layer's: the ``gm_*`` methods trust their caller
and record who it was.
"""

from __future__ import annotations

import asyncio
import difflib
import functools
import json
import logging
import secrets as secrets_module
import socket
import sqlite3
import weakref
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError

import engine
from engine.core import GM_SEAT, Event, GameState, Prompt, Rng, Ruleset, RuleViolation
from engine.core.export import seed_hash  # one commitment, checked by `python -m engine.replay` too
from engine.core.text import Msg

from . import tables
from .cache import CachedGame, GameCache
from .db import Db
from .models import (
    STATUSES,
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
from .pg import PgDb, is_postgres_url
from .reasons import Reason
from .replay import Step
from .replay import replay as replay_log
from .undo import LoggedStep, undo_refusal

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

# Words a cog may pass to set_status, and the status each one means.
_STATUS_WORDS = {"pause": "paused", "resume": "active", "finish": "finished", "cancel": "cancelled"}
# Which status changes set_status allows (start is its own method).
_TRANSITIONS: dict[str, set[str]] = {
    "open": {"cancelled"},
    "active": {"paused", "finished", "cancelled"},
    "paused": {"active", "finished", "cancelled"},
    "finished": set(),
    "cancelled": set(),
}


def utc_now() -> datetime:
    return datetime.now(UTC)


@functools.lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    """Every IANA time-zone name this machine knows (tzdata or the system), by its lower case."""
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def canonical_time_zone(name: str) -> str:
    """The IANA name as the tz database spells it (``europe/berlin`` -> ``Europe/Berlin``).

    Checked against the list of known zones rather than by opening a file, so a path or
    a typo never reaches ``ZoneInfo``; a refusal names the setting and suggests a close name.
    """
    names = _zone_names()
    found = names.get(name.strip().lower())
    if found is not None:
        return found
    close = difflib.get_close_matches(name.strip().lower(), list(names), n=1)
    if close:
        raise StoreError.of(Reason.BAD_ZONE_HINT, name=name, close=names[close[0]])
    raise StoreError.of(Reason.BAD_ZONE, name=name)


def seat_order(seed: str, count: int) -> list[int]:
    """Join indices in seat order, drawn from the seed so a replay seats everyone the same."""
    order = list(range(count))
    Rng.from_seed(f"seat-order:{seed}").shuffle(order)
    return order


# How long a process holds an outbox row it is sending before another process may take it over
# (issue 19): far longer than a delivery takes, board picture included; renewed on every try.
OUTBOX_LEASE = timedelta(minutes=2)


def _noted(note: Msg | None) -> dict[str, Any]:
    """The table's announcement of a GM's change (who, what, why) as a fact of its outbox row, so it
    goes out exactly once with the change's other posts, after a crash too (issue 18)."""
    return {} if note is None else {"note": note.model_dump(mode="json")}


@dataclass
class Notice:
    """What the table is told of a change that writes no log row: a seat given or emptied, a pause,
    a lobby line, a reminder (issue 18). The store writes it as a ``publish`` row (payload
    ``{"announce": items, **facts}``) in the change's own transaction, so the change never exists
    without its announcement; the delivery worker sends it once, rendered at send time.

    ``items`` and ``facts`` are JSON facts the Discord layer reads back (``Referee.announce``);
    ``compose``, when given, builds the items from what the change saved (the settings as checked
    here, a new game's id) just before the row is written; ``row_id`` is the row the store wrote,
    for delivering it at once.
    """

    items: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    compose: Callable[[Any], list[dict[str, Any]]] | None = None
    row_id: int | None = None

    def payload(self) -> dict[str, Any]:
        return {"announce": list(self.items), **self.facts}


class GameStore:
    def __init__(self, db: Db | PgDb, *, cache_size: int, snapshot_every: int, clock: Clock) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._db = db
        # Who this process is among those sharing the database, for the outbox leases (issue 19).
        # Stable across restarts (the host, or the bot's shards: ``open(owner=...)``), so a bot
        # restarted after a crash takes its own half-sent rows at once instead of waiting out
        # the lease it held before; two processes running side by side must differ.
        self.owner = socket.gethostname()
        # How long a row this process sends is leased to it (``open(outbox_lease=...)``).
        self.outbox_lease = OUTBOX_LEASE
        self._cache = GameCache(cache_size)
        self._snapshot_every = snapshot_every
        self._clock = clock
        # A lock lives only while someone holds or waits on it, so idle games cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @classmethod
    async def open(
        cls,
        path: str,
        *,
        cache_size: int = 64,
        snapshot_every: int = 50,
        synchronous: str = "NORMAL",
        clock: Clock | None = None,
        owner: str | None = None,
        outbox_lease: timedelta | None = None,
    ) -> GameStore:
        """``path`` is a SQLite file (``sqlite:///`` in front is accepted) or a ``postgresql://``
        URL; every method behaves the same on both (issue 19). ``owner`` names this bot process
        among those sharing the database, for the outbox leases (default: the host's name);
        ``outbox_lease`` how long they last (default ``OUTBOX_LEASE``; the shard tests shorten it)."""
        db: Db | PgDb
        if is_postgres_url(path):
            db = await PgDb.open(path)
        else:
            db = await Db.open(path.removeprefix("sqlite:///"), synchronous=synchronous)
        store = cls(db, cache_size=cache_size, snapshot_every=snapshot_every, clock=clock or utc_now)
        if owner:
            store.owner = owner
        if outbox_lease is not None:
            store.outbox_lease = outbox_lease
        return store

    async def close(self) -> None:
        self._cache.clear()
        await self._db.close()

    @property
    def cache(self) -> GameCache:
        return self._cache

    @property
    def db(self) -> Db | PgDb:
        return self._db

    @property
    def shared(self) -> bool:
        """Whether several bot processes may share this database (PostgreSQL, issue 19): then what
        one keeps in memory about a game's thread can be outdated by another's posts."""
        return isinstance(self._db, PgDb)

    # ---- helpers ---------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _now(self) -> datetime:
        moment = self._clock()
        if moment.tzinfo is None:
            raise ValueError("the store's clock must return timezone-aware times")
        return moment.astimezone(UTC)

    @staticmethod
    def _ruleset(name: str) -> Ruleset:
        try:
            return engine.ruleset(name)
        except KeyError:
            raise StoreError.of(Reason.UNKNOWN_RULESET, name=name) from None

    @staticmethod
    def _require_status(record: GameRecord, allowed: tuple[str, ...], doing: str) -> None:
        if record.status not in allowed:
            raise StoreError.of(Reason.BAD_STATUS_DOING, game=record.id, state=record.status, doing=doing)

    async def _entry(self, game_id: int, *, verify: bool = True) -> CachedGame:
        """The live game; call only under the game's lock so a stale load never overwrites a newer one.

        ``verify=False`` (PostgreSQL's action path) trusts a cached game without reading its change
        token first: the commit checks the token under the game's lock in the same round trip as
        BEGIN (``PgDb.transaction(expect=...)``), and a refusal is re-checked (``_stale``).
        """
        cached = self._cache.get(game_id)
        if not verify and cached is not None and cached.extra.get("token") is not None:
            return cached
        token: tuple[int, str] | None = None
        if self._db.shared:
            # Other processes write this database too: the cached game is current only if the
            # log and the game row are as this process last left them.
            token = tables.change_token(await self._db.fetchone(tables.CHANGE_TOKEN, (game_id, game_id)))
            if cached is not None and cached.extra.get("token") != token:
                self._cache.drop(game_id)
                cached = None
        if cached is not None:
            return cached
        rows = await self._db.run(lambda raw: tables.game_and_seats(raw, game_id))
        state: GameState | None = None
        depth = 0
        if rows.record.status != "open" and rows.seed is not None:
            state, depth = await self._state_at(rows.record, rows.seed, rows.head)
        entry = CachedGame(record=rows.record, seats=rows.seats, state=state, head=rows.head, depth=depth)
        entry.extra["seed"] = rows.seed
        # Read before the rows: a change in between makes the token old, so the next call reloads.
        entry.extra["token"] = token
        self._cache.put(game_id, entry)
        return entry

    async def _stale(self, game_id: int, entry: CachedGame) -> bool:
        """Whether another process changed the game since ``entry`` was cached (then it is dropped)."""
        token = tables.change_token(await self._db.fetchone(tables.CHANGE_TOKEN, (game_id, game_id)))
        if entry.extra.get("token") == token:
            return False
        self._cache.drop(game_id)
        return True

    async def _state_at(self, record: GameRecord, seed: str, node: int) -> tuple[GameState, int]:
        """The state right after action ``node``: the nearest snapshot plus the actions after it."""
        tail = await self._db.run(lambda raw: tables.chain_tail(raw, record.id, node))
        rs = self._ruleset(record.ruleset)
        state: GameState | None = None
        if tail.snapshot is not None:
            try:
                state = rs.load_state(tail.snapshot)
            except ValidationError:
                # A snapshot written by an engine whose state had another shape (an upgrade of the
                # rules engine). The seed and the actions still rebuild the game, so replay them all.
                log.warning("game #%s: snapshot no longer loads; replaying from the seed", record.id)
                tail = await self._db.run(lambda raw: tables.chain_tail(raw, record.id, node, use_snapshots=False))
        if state is None:
            state = rs.setup(record.options, seed)
        for seq, seat, action in tail.steps:
            try:
                state, _events = rs.apply(state, seat, action)
            except RuleViolation as exc:
                detail = f"{exc.rule}: {exc.message}"
                raise StoreError.of(Reason.CORRUPT_ACTION, seq=seq, game=record.id, detail=detail) from exc
        return state, tail.depth

    async def _refresh(self, game_id: int) -> CachedGame | None:
        """Re-read the game row and seats into the cached entry after a table-level change."""
        cached = self._cache.get(game_id)
        rows = await self._db.run(lambda raw: tables.game_and_seats(raw, game_id))
        if cached is not None:
            cached.record = rows.record
            cached.seats = rows.seats
            cached.extra["seed"] = rows.seed
        return cached

    def _outcome(
        self,
        rs: Ruleset,
        entry: CachedGame,
        seq: int,
        seat: int,
        events: list[Event],
        *,
        duplicate: bool = False,
    ) -> ActOutcome:
        state = entry.state
        return ActOutcome.model_construct(
            game=entry.record,
            seq=seq,
            seat=seat,
            events=events,
            prompts=rs.prompts(state) if state is not None else [],
            result=rs.result(state) if state is not None else None,
            duplicate=duplicate,
            state=state,
        )

    async def _duplicate(self, entry: CachedGame, interaction_id: str) -> ActOutcome | None:
        game_id = entry.record.id
        original = await self._db.run(lambda raw: tables.interaction_entry(raw, game_id, interaction_id))
        if original is None:
            return None
        rs = self._ruleset(entry.record.ruleset)
        return self._outcome(rs, entry, original.seq, original.seat, original.events, duplicate=True)

    @staticmethod
    def _resolve_seat(entry: CachedGame, rs: Ruleset, user_id: int, seat: int | None) -> int:
        mine = [s.seat for s in entry.seats if s.user_id == user_id and s.seat is not None]
        if user_id == 0 or not mine:
            raise StoreError.of(Reason.NOT_PLAYER)
        if seat is not None:
            if seat not in mine:
                raise StoreError.of(Reason.NOT_YOUR_SEAT, seat=seat + 1)
            return seat
        if len(mine) == 1:
            return mine[0]
        asked = {p.seat for p in rs.prompts(entry.state)}
        candidates = [s for s in mine if s in asked]
        if len(candidates) > 1:
            raise StoreError.of(Reason.AMBIGUOUS_SEAT)
        return candidates[0] if candidates else mine[0]

    async def _commit(
        self,
        rs: Ruleset,
        entry: CachedGame,
        new: tables.NewEntry,
        state: GameState,
        *,
        depth: int,
        audit: tuple[int, str, str, dict[str, Any]] | None = None,
        status: str | None = None,
        delivery: dict[str, Any],
    ) -> ActOutcome:
        """Write one log entry (plus snapshot, audit row and its outbox row) in one transaction, then
        move the cache.

        ``delivery`` is the outbox payload (issue 18): the facts the referee needs to tell the
        table, written with the log row so that neither exists without the other.
        """
        game_id = entry.record.id
        seed = entry.extra.get("seed")
        result = rs.result(state)
        if result is not None and entry.record.status not in ("finished", "cancelled"):
            status = "finished"
            new.events = list(new.events) + [
                Event.to_all(
                    "seed_revealed",
                    f"The game is over. Its seed was {seed} (SHA-256 {entry.record.seed_hash}); replaying the"
                    " log from it reproduces every shuffle and draw.",
                    seed=seed,
                    seed_hash=entry.record.seed_hash,
                )
            ]
        snapshot = None
        if new.kind in ("action", "gm") and depth % self._snapshot_every == 0:
            snapshot = state.model_dump_json()

        outbox_id: list[int] = []

        def write(raw: Any) -> int | None:
            dup, published = tables.append_published(
                raw, game_id, new, delivery, self._lease(), status=status, snapshot=snapshot
            )
            if dup is None and audit is not None:
                gm_user_id, command, reason, detail = audit
                tables.add_audit(raw, game_id, gm_user_id, command, reason, {**detail, "seq": new.seq}, new.at)
            if published is not None:
                outbox_id.append(published)
            return dup

        # The write goes out first; while the database works, the loop runs ``prepare``: the next
        # prompts, the moved cache entry, and a spare copy of the state for the next action to
        # change, so none of them sits between a press and its commit. A callback rather than a
        # second task: the action's own task sends the write and is woken by its answer directly.
        prepared: list[CachedGame] = []
        failed: list[BaseException] = []

        def prepare() -> None:
            try:
                moved = self._moved(entry, new, state, depth, rs.prompts(state), status)
                if result is None:
                    moved.spare = rs.copy_state(state)
                prepared.append(moved)
            except BaseException as exc:  # noqa: BLE001  # raised again below, after the write
                failed.append(exc)

        handle = asyncio.get_running_loop().call_soon(prepare)
        expect = entry.extra.get("token") if self._db.shared else None
        try:
            if expect is not None and new.kind == "action" and audit is None and status is None:
                dup = await self._append_one_trip(game_id, new, delivery, expect, outbox_id, snapshot)
            else:
                dup = await self._db.transaction(write, lock=game_id, expect=expect)
            if not prepared and not failed:
                handle.cancel()
                prepare()  # the write never yielded to the loop
            if failed:
                raise failed[0]
        except BaseException:
            handle.cancel()
            self._cache.drop(game_id)  # whatever happened, rebuild from the database next time
            raise
        moved = prepared[0]
        prompts = moved.prompts or []
        if dup is not None:
            assert new.interaction_id is not None
            found = await self._duplicate(entry, new.interaction_id)
            assert found is not None
            return found
        record = moved.record
        self._cache.put(game_id, moved)
        # Every field is already the right type; skipping validation keeps the hot path short.
        return ActOutcome.model_construct(
            game=record,
            seq=new.seq,
            seat=new.seat,
            events=new.events,
            prompts=prompts,
            result=result,
            duplicate=False,
            state=state,
            outbox_id=outbox_id[0],
        )

    def _moved(
        self,
        entry: CachedGame,
        new: tables.NewEntry,
        state: GameState,
        depth: int,
        prompts: list[Prompt],
        status: str | None,
    ) -> CachedGame:
        """The cache entry after ``new`` commits, from the entry before it."""
        seed = entry.extra.get("seed")
        record = entry.record.model_copy(
            update={
                "last_seq": new.seq,
                "updated_at": new.at,
                "last_action_at": new.at,
                "status": status or entry.record.status,
                "seed": seed if status in ("finished", "cancelled") else entry.record.seed,
            }
        )
        moved = CachedGame(record=record, seats=entry.seats, state=state, head=new.head, depth=depth, prompts=prompts)
        moved.extra["seed"] = seed
        if self._db.shared and entry.extra.get("token") is not None:
            # This commit is the newest change: the token moves with it (the game row's time only
            # when the status changed, as ``append_entry`` writes it).
            old = entry.extra["token"]
            moved.extra["token"] = (new.seq, tables.iso(new.at) if status is not None else old[1])
        return moved

    async def _append_one_trip(
        self,
        game_id: int,
        new: tables.NewEntry,
        delivery: dict[str, Any],
        token: tuple[int, str],
        outbox_id: list[int],
        snapshot: str | None,
    ) -> int | None:
        """A plain action's commit on a shared database in one statement (``tables.APPEND_ACTION_ONE_TRIP``,
        with its ``snapshot`` ``APPEND_ACTION_SNAPSHOT_ONE_TRIP``): what ``transaction(write, lock=...,
        expect=token)`` does in four round trips or more. Returns, like ``write``, the seq of an earlier
        entry with the same interaction id (here only "there is one")."""
        assert isinstance(self._db, PgDb)  # the shared database
        params = tables.append_action_params(game_id, new, delivery, self._lease(), token, snapshot)
        sql = tables.APPEND_ACTION_ONE_TRIP if snapshot is None else tables.APPEND_ACTION_SNAPSHOT_ONE_TRIP
        try:
            row = await self._db.write_one(sql, params)
        except sqlite3.IntegrityError as exc:  # another process took this seq: ``act`` tries again
            raise StoreError.of(Reason.CONFLICT, game=game_id) from exc
        if row is None or not row["fresh"]:
            raise StoreError.of(Reason.CONFLICT_PROCESS)
        if row["outbox_id"] is None:
            return new.seq
        outbox_id.append(int(row["outbox_id"]))
        return None

    def _applied_entry(
        self,
        entry: CachedGame,
        kind: str,
        seat: int,
        user_id: int,
        action: dict[str, Any],
        events: list[Event],
        state: GameState,
        interaction_id: str | None = None,
    ) -> tables.NewEntry:
        """The log row for an action applied on top of the current head (a player's or the GM's)."""
        seq = entry.record.last_seq + 1
        return tables.NewEntry(
            seq=seq,
            kind=kind,
            seat=seat,
            user_id=user_id,
            action=action,
            events=events,
            at=self._now(),
            head=seq,
            interaction_id=interaction_id,
            revealed=self._revealed(entry.state, state, events),
            parent=entry.head,
            depth=entry.depth + 1,
        )

    @staticmethod
    def _revealed(before: GameState | None, after: GameState, events: list[Event]) -> bool:
        """Whether an action showed something new; with no state before it (never expected), assume it did."""
        return any(e.reveals for e in events) or before is None or before.rng != after.rng

    # ---- tables ----------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        ruleset: str,
        options: dict[str, Any],
        created_by: int,
        *,
        notice: Notice | None = None,
    ) -> GameRecord:
        """Open a new game; ``notice`` (its lobby message, ``Notice.compose`` given the new game's id)
        is written with it."""
        rs = self._ruleset(ruleset)
        options = dict(options)
        if options.get("factions") is not None:
            raise StoreError.of(Reason.FACTIONS_AT_JOIN)
        options.pop("factions", None)
        probe = {"players": rs.seat_range(options)[0], **options}
        rs.parse_options(probe)  # raises RuleViolation with a readable sentence
        now = self._now()

        def write(raw: Any) -> int:
            cursor = raw.execute(
                "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at,"
                " updated_at, settings) VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    ruleset,
                    tables.dumps(options),
                    created_by,
                    tables.iso(now),
                    tables.iso(now),
                    GameSettings().model_dump_json(),
                ),
            )
            game_id = int(cursor.lastrowid)
            if notice is not None and notice.compose is not None:
                notice.items = notice.compose(game_id)
            self._write_notice(raw, game_id, notice, now)
            return game_id

        game_id = await self._db.transaction(write)
        return await self.get_game(game_id)

    async def set_thread(self, game_id: int, thread_id: int) -> GameRecord:
        async with self._lock(game_id):
            now = self._now()

            def write(raw: Any) -> None:
                tables.game_row(raw, game_id)
                raw.execute(
                    "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?", (thread_id, tables.iso(now), game_id)
                )

            await self._db.transaction(write)
            await self._refresh(game_id)
            return await self.get_game(game_id)

    async def join(
        self, game_id: int, user_id: int, faction: str | None = None, *, notice: Notice | None = None
    ) -> SeatRecord:
        """Take a place in an open game; ``notice`` (the lobby line) is written with it."""
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("open",), "join")
            rs = self._ruleset(record.ruleset)
            if any(s.user_id == user_id for s in entry.seats):
                raise StoreError.of(Reason.ALREADY_JOINED)
            cap = int(record.options.get("players") or rs.seat_range(record.options)[1])
            if len(entry.seats) >= cap:
                raise StoreError.of(Reason.FULL, cap=cap)
            if faction is not None:
                # Typed by hand as often as picked from the autocomplete: match regardless of case.
                faction = next((f for f in rs.factions if f.lower() == faction.strip().lower()), faction)
                if faction not in rs.factions:
                    raise StoreError.of(
                        Reason.UNKNOWN_FACTION, faction=faction, game=rs.title, choices=list(rs.factions)
                    )
                rs.check_faction(record.options, faction)  # one of the game's, but not at this table (a scenario's)
                if any(s.faction == faction for s in entry.seats):
                    raise StoreError.of(Reason.FACTION_TAKEN, faction=faction)
            now = self._now()

            def write(raw: Any) -> None:
                raw.execute(
                    "INSERT INTO seats (game_id, user_id, faction, joined_at) VALUES (?, ?, ?, ?)",
                    (game_id, user_id, faction, tables.iso(now)),
                )
                tables.touch(raw, game_id, now)
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            await self._refresh(game_id)
            return SeatRecord(game_id=game_id, seat=None, user_id=user_id, faction=faction, joined_at=now)

    async def leave(self, game_id: int, user_id: int, *, notice: Notice | None = None) -> None:
        """Give up a place in an open game; ``notice`` (the lobby line) is written with it."""
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            self._require_status(entry.record, ("open",), "leave")
            if not any(s.user_id == user_id for s in entry.seats):
                raise StoreError.of(Reason.NOT_JOINED)
            now = self._now()

            def write(raw: Any) -> None:
                raw.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
                tables.touch(raw, game_id, now)
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            await self._refresh(game_id)

    async def start(
        self, game_id: int, user_id: int, *, seed: str | None = None, seeded_by: int | None = None
    ) -> ActOutcome:
        """Draw the seats, set the game up and return what to deliver.

        The outcome's events are the public ``started`` announcement (with the seed's
        hash) followed by the ruleset's ``opening_events`` (public draws, each seat's
        opening hand by DM). ``seed`` fixes the seed (tests, tournaments); pass the GM
        who chose it as ``seeded_by`` and the choice is written to the audit log and
        mentioned in the announcement (never the seed itself).
        """
        if seed is not None and not seed.strip():
            raise StoreError.of(Reason.EMPTY_SEED)
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("open",), "start it")
            rs = self._ruleset(record.ruleset)
            joined = list(entry.seats)  # join order while open
            fewest = rs.seat_range(record.options)[0]
            if len(joined) < fewest:
                raise StoreError.of(Reason.TOO_FEW, game=rs.title, min=fewest, n=len(joined))
            seed = seed if seed is not None else secrets_module.token_hex(16)
            seated = [joined[i] for i in seat_order(seed, len(joined))]
            factions = [s.faction for s in seated]
            options = {
                **record.options,
                "players": len(seated),
                "factions": factions if any(f is not None for f in factions) else None,
            }
            state = rs.setup(options, seed)  # RuleViolation on options the game refuses
            digest = seed_hash(seed)
            now = self._now()
            names = ", ".join(
                f"Seat {number + 1}: <@{s.user_id}>" + (f" ({s.faction})" if s.faction else "")
                for number, s in enumerate(seated)
            )
            fixed = f" The seed was fixed by the game master <@{seeded_by}>." if seeded_by is not None else ""
            started = Event.to_all(
                "started",
                f"<@{user_id}> started the game. {names}. Seed hash (SHA-256): {digest}.{fixed}",
                seats=[{"seat": number, "user_id": s.user_id, "faction": s.faction} for number, s in enumerate(seated)],
                seed_hash=digest,
                started_by=user_id,
                fixed_seed=seeded_by is not None,
            )
            # What setup revealed (a public draw, each seat's opening hand) is delivered with
            # the start; setup itself returns only the state so replays stay pure. The start has
            # no log row, so its outbox row carries the events themselves.
            events = [started, *rs.opening_events(state)]
            delivery = {"before_head": None, "events": [e.model_dump(mode="json") for e in events]}
            outbox_id: list[int] = []

            def write(raw: Any) -> None:
                changed = raw.execute(
                    "UPDATE games SET status = 'active', options = ?, seed = ?, seed_hash = ?, updated_at = ?"
                    " WHERE id = ? AND status = 'open'",
                    (tables.dumps(options), seed, digest, tables.iso(now), game_id),
                ).rowcount
                if changed != 1:
                    raise StoreError.of(Reason.CONFLICT_START, game=game_id)
                for number, seat in enumerate(seated):
                    raw.execute(
                        "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ? AND seat IS NULL",
                        (number, game_id, seat.user_id),
                    )
                if seeded_by is not None:
                    tables.add_audit(
                        raw, game_id, seeded_by, "seed", "fixed seed at the start", {"seed_hash": digest}, now
                    )
                outbox_id.append(tables.add_publish(raw, game_id, 0, delivery, now, self._lease()))

            try:
                await self._db.transaction(write)
            except BaseException:
                self._cache.drop(game_id)
                raise
            rows = await self._db.run(lambda raw: tables.game_and_seats(raw, game_id))
            entry = CachedGame(record=rows.record, seats=rows.seats, state=state, head=0, depth=0)
            entry.extra["seed"] = seed
            self._cache.put(game_id, entry)
            outcome = self._outcome(rs, entry, 0, GM_SEAT, events)
            outcome.outbox_id = outbox_id[0]
            return outcome

    # ---- play ------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: dict[str, Any],
        *,
        interaction_id: str | None = None,
        seat: int | None = None,
        pressed: dict[str, Any] | None = None,
    ) -> ActOutcome:
        """Apply a player's action. ``pressed`` (the thread message the player pressed, as the Discord
        layer describes it) is a fact only that layer knows; it goes into the outbox row so a delivery
        resent after a restart puts the seat's next decision on the same message.

        On a database shared by several processes (PostgreSQL), another process may append to the
        game between this one's read and its commit; the log's primary key refuses the late one
        (``conflict``, nothing written) and the action is tried again on the fresh state, so the
        player sees it applied (or refused by the rules) as if the processes were one.
        """
        attempts = 3 if self._db.shared else 1
        for attempt in range(attempts):
            try:
                return await self._act_once(game_id, user_id, action, interaction_id, seat, pressed)
            except StoreError as exc:
                if exc.code != "conflict" or attempt + 1 == attempts:
                    raise
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _act_once(
        self,
        game_id: int,
        user_id: int,
        action: dict[str, Any],
        interaction_id: str | None,
        seat: int | None,
        pressed: dict[str, Any] | None,
    ) -> ActOutcome:
        async with self._lock(game_id):
            optimistic = self._db.shared
            entry = await self._entry(game_id, verify=not optimistic)
            rs = self._ruleset(entry.record.ruleset)
            try:
                self._require_status(entry.record, ("active",), "act")
                acting = self._resolve_seat(entry, rs, user_id, seat)
                state, events = rs.apply(entry.state, acting, action, prompts=entry.prompts, scratch=entry.take_spare())
            except (StoreError, RuleViolation):
                if optimistic and await self._stale(game_id, entry):
                    # Refused by a state another process has moved on from: ``act`` tries again on the new one.
                    raise StoreError.of(Reason.CONFLICT_PROCESS) from None
                # A repeated button press may arrive after its first press changed the game.
                if interaction_id is not None:
                    dup = await self._duplicate(entry, interaction_id)
                    if dup is not None:
                        return dup
                raise
            new = self._applied_entry(entry, "action", acting, user_id, action, events, state, interaction_id)
            delivery: dict[str, Any] = {"before_head": entry.head}
            if pressed:
                delivery["pressed"] = pressed
            return await self._commit(rs, entry, new, state, depth=entry.depth + 1, delivery=delivery)

    async def undo(self, game_id: int, user_id: int) -> ActOutcome:
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("active",), "take an action back")
            rs = self._ruleset(record.ruleset)
            mine = {s.seat for s in entry.seats if s.user_id == user_id and s.seat is not None}
            if user_id == 0 or not mine:
                raise StoreError.of(Reason.NOT_PLAYER)
            head = entry.head
            rows = await self._db.run(lambda raw: tables.log_since(raw, game_id, head)) if head else []
            steps = [LoggedStep(r["seq"], r["kind"], r["seat"], bool(r["revealed"])) for r in rows]
            refusal = undo_refusal(steps[0] if steps else None, steps[1:], mine)
            if refusal is not None:
                raise refusal
            target = steps[0]
            parent_row = await self._db.fetchone(
                "SELECT parent FROM log WHERE game_id = ? AND seq = ?", (game_id, target.seq)
            )
            assert parent_row is not None
            parent = int(parent_row["parent"])
            state, depth = await self._state_at(record, entry.extra["seed"], parent)
            seq = record.last_seq + 1
            new = tables.NewEntry(
                seq=seq,
                kind="undo",
                seat=target.seat,
                user_id=user_id,
                action={"type": "undo", "seq": target.seq},
                # Never name the action: it may have been a secret choice.
                events=[
                    Event.to_all(
                        "undo", f"Seat {target.seat + 1} took back their last action.", seat=target.seat, seq=target.seq
                    )
                ],
                at=self._now(),
                head=parent,
            )
            delivery = {"before_head": entry.head, "repost_seats": [target.seat]}
            return await self._commit(rs, entry, new, state, depth=depth, delivery=delivery)

    # ---- game master -----------------------------------------------------------

    async def gm_act(
        self,
        game_id: int,
        gm_user_id: int,
        action: dict[str, Any],
        reason: str,
        *,
        seat: int = GM_SEAT,
        note: Msg | None = None,
    ) -> ActOutcome:
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("active", "paused"), "make a game-master move")
            rs = self._ruleset(record.ruleset)
            assert entry.state is not None
            if seat != GM_SEAT and not 0 <= seat < entry.state.players:
                raise StoreError.of(Reason.BAD_SEAT, seat=seat + 1)
            state, events = rs.apply(entry.state, seat, action)
            if seat != GM_SEAT:
                events = [
                    Event.to_all("gm_act", f"The game master acted for seat {seat + 1} ({reason}).", seat=seat)
                ] + events
            new = self._applied_entry(entry, "gm", seat, gm_user_id, action, events, state)
            audit = (gm_user_id, "act", reason, {"seat": seat, "action": action})
            delivery: dict[str, Any] = {"before_head": entry.head, **_noted(note)}
            return await self._commit(rs, entry, new, state, depth=entry.depth + 1, audit=audit, delivery=delivery)

    async def gm_rollback(
        self, game_id: int, gm_user_id: int, to_seq: int, reason: str, *, note: Msg | None = None
    ) -> ActOutcome:
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("active", "paused"), "roll it back")
            if not 0 <= to_seq < record.last_seq:
                raise StoreError.of(Reason.BAD_SEQ, last=record.last_seq - 1, to=to_seq)
            rs = self._ruleset(record.ruleset)
            if to_seq == 0:
                target_head = 0
            else:
                row = await self._db.fetchone("SELECT head FROM log WHERE game_id = ? AND seq = ?", (game_id, to_seq))
                assert row is not None
                target_head = int(row["head"])
            state, depth = await self._state_at(record, entry.extra["seed"], target_head)
            seq = record.last_seq + 1
            new = tables.NewEntry(
                seq=seq,
                kind="rollback",
                seat=GM_SEAT,
                user_id=gm_user_id,
                action={"type": "rollback", "to_seq": to_seq, "reason": reason},
                events=[
                    Event.to_all(
                        "rollback",
                        f"The game master rolled the game back to how it was after action {to_seq} ({reason}).",
                        to_seq=to_seq,
                    )
                ],
                at=self._now(),
                head=target_head,
            )
            audit = (gm_user_id, "rollback", reason, {"to_seq": to_seq, "from_seq": record.last_seq})
            # Every open decision is posted afresh after a roll-back: nothing counts as open before.
            delivery: dict[str, Any] = {"before_head": None, **_noted(note)}
            return await self._commit(rs, entry, new, state, depth=depth, audit=audit, delivery=delivery)

    async def gm_replace(
        self,
        game_id: int,
        gm_user_id: int,
        seat: int,
        new_user_id: int,
        reason: str,
        *,
        notice: Notice | None = None,
    ) -> SeatRecord:
        """Give a seat to a substitute; ``notice`` (the table's note, the welcome) is written with it."""
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            self._require_status(entry.record, ("active", "paused"), "replace a player")
            current = next((s for s in entry.seats if s.seat == seat), None)
            if current is None:
                raise StoreError.of(Reason.BAD_SEAT, seat=seat + 1)
            if current.user_id == new_user_id:
                raise StoreError.of(Reason.SAME_USER, user=new_user_id, seat=seat + 1)
            now = self._now()
            change = {
                "old_user_id": current.user_id,
                "new_user_id": new_user_id,
                "at": tables.iso(now),
                "by": gm_user_id,
                "reason": reason,
            }

            def write(raw: Any) -> None:
                raw.execute(
                    "UPDATE seats SET user_id = ?, substitutes = ? WHERE game_id = ? AND seat = ?",
                    (new_user_id, tables.dumps(current.substitutes + [change]), game_id, seat),
                )
                # In the same transaction: the seat's undelivered DMs are the substitute's now.
                moved = tables.hand_pending_to(raw, game_id, [seat], new_user_id)
                detail = {"seat": seat, **change, "pending_dms": moved}
                tables.add_audit(raw, game_id, gm_user_id, "replace", reason, detail, now)
                tables.touch(raw, game_id, now)
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            refreshed = await self._refresh(game_id)
            seats = refreshed.seats if refreshed is not None else await self.seats(game_id)
            return next(s for s in seats if s.seat == seat)

    async def gm_kick(
        self, game_id: int, gm_user_id: int, user_id: int, reason: str, *, notice: Notice | None = None
    ) -> None:
        """Remove a player (their seats stay vacant); ``notice`` (the table's note) is written with it."""
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            record = entry.record
            self._require_status(record, ("open", "active", "paused"), "remove a player")
            held = [s for s in entry.seats if s.user_id == user_id]
            if user_id == 0 or not held:
                raise StoreError.of(Reason.OTHER_NOT_PLAYER, user=user_id)
            now = self._now()

            def write(raw: Any) -> None:
                if record.status == "open":
                    raw.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
                else:
                    for s in held:
                        change = {
                            "old_user_id": user_id,
                            "new_user_id": 0,
                            "at": tables.iso(now),
                            "by": gm_user_id,
                            "reason": reason,
                        }
                        raw.execute(
                            "UPDATE seats SET user_id = 0, substitutes = ? WHERE game_id = ? AND seat = ?",
                            (tables.dumps(s.substitutes + [change]), game_id, s.seat),
                        )
                    # The seats' undelivered DMs stay with the (now vacant) seats, out of the kicked player's reach.
                    tables.hand_pending_to(raw, game_id, [s.seat for s in held if s.seat is not None], 0)
                detail = {"user_id": user_id, "seats": [s.seat for s in held]}
                tables.add_audit(raw, game_id, gm_user_id, "kick", reason, detail, now)
                tables.touch(raw, game_id, now)
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            await self._refresh(game_id)

    async def set_status(
        self, game_id: int, status: str, by: int, reason: str, *, notice: Notice | None = None
    ) -> GameRecord:
        """Pause, resume, finish or cancel; ``notice`` (the table's note) is written with it."""
        target = _STATUS_WORDS.get(status, status)
        if target not in STATUSES:
            raise StoreError.of(Reason.BAD_STATUS_WORD, status=status)
        async with self._lock(game_id):
            entry = await self._entry(game_id)
            current = entry.record.status
            if target not in _TRANSITIONS[current]:
                raise StoreError.of(Reason.BAD_STATUS_BECOME, game=game_id, state=current, target=target)
            now = self._now()

            def write(raw: Any) -> None:
                raw.execute(
                    "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
                    (target, tables.iso(now), game_id, current),
                )
                tables.add_audit(raw, game_id, by, "status", reason, {"from": current, "to": target}, now)
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            await self._refresh(game_id)
            return await self.get_game(game_id)

    async def audit(self, game_id: int, *, limit: int = 20) -> list[AuditEntry]:
        """The newest ``limit`` game-master entries, newest first."""
        rows = await self._db.fetchall(
            "SELECT * FROM gm_audit WHERE game_id = ? ORDER BY id DESC LIMIT ?", (game_id, limit)
        )
        return [tables.audit_entry(r) for r in rows]

    # ---- reading ---------------------------------------------------------------

    async def load(self, game_id: int) -> LoadedGame:
        async with self._lock(game_id):
            entry = await self._entry(game_id)
        rs = self._ruleset(entry.record.ruleset)
        state = entry.state
        if state is not None and entry.prompts is None:
            # Kept with the entry: the press that follows this read checks its turn (CORE-1) against
            # them, and the commit before it built them already (one build per change, not per read).
            entry.prompts = rs.prompts(state)
        # Every field is already the right type (as in ``_commit``): no validation on the hot path.
        return LoadedGame.model_construct(
            game=entry.record,
            seats=list(entry.seats),
            state=state,
            seq=entry.record.last_seq,
            prompts=list(entry.prompts or []),
            result=rs.result(state) if state is not None else None,
        )

    async def get_game(self, game_id: int) -> GameRecord:
        return await self._db.run(lambda raw: tables.game_record(tables.game_row(raw, game_id)))

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._db.run(lambda raw: (tables.game_row(raw, game_id), tables.seat_rows(raw, game_id))[1])
        return [tables.seat_record(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        """The user's lowest seat, or None (also before the start, when no seat is numbered yet)."""
        row = await self._db.fetchone(
            "SELECT MIN(seat) AS seat FROM seats WHERE game_id = ? AND user_id = ? AND seat IS NOT NULL",
            (game_id, user_id),
        )
        return None if row is None or row["seat"] is None else int(row["seat"])

    async def list_games(
        self, *, guild_id: int | None = None, user_id: int | None = None, statuses: list[str] | None = None
    ) -> list[GameRecord]:
        """Newest first."""
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("g.id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        if statuses:
            where.append(f"g.status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)
        return await self._db.run(lambda raw: tables.select_games(raw, where, params))

    async def game_by_thread(self, thread_id: int) -> GameRecord | None:
        found = await self._db.run(lambda raw: tables.select_games(raw, ["g.thread_id = ?"], [thread_id], limit=1))
        return found[0] if found else None

    async def log(self, game_id: int, *, since_seq: int = 0, limit: int = 50) -> list[LogEntry]:
        """Entries after ``since_seq``, oldest first. Private events are included: filter before showing."""
        rows = await self._db.fetchall(
            "SELECT * FROM log WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?", (game_id, since_seq, limit)
        )
        return [tables.log_entry(r) for r in rows]

    async def update_settings(self, game_id: int, *, notice: Notice | None = None, **changes: Any) -> GameSettings:
        """Change the table's settings; ``notice`` (the table's line, composed from the settings as
        saved: ``Notice.compose``) is written with them."""
        if changes.get("time_zone") is not None:
            changes["time_zone"] = canonical_time_zone(str(changes["time_zone"]))
        async with self._lock(game_id):
            record = await self.get_game(game_id)
            try:
                settings = GameSettings.model_validate({**record.settings.model_dump(), **changes})
            except ValidationError as exc:
                err = exc.errors()[0]
                where = ".".join(str(p) for p in err.get("loc", ()))
                raise StoreError.of(Reason.BAD_SETTING, detail=f"{where}: {err.get('msg')}") from exc
            now = self._now()
            if notice is not None and notice.compose is not None:
                notice.items = notice.compose(settings)

            def write(raw: Any) -> None:
                raw.execute(
                    "UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                    (settings.model_dump_json(), tables.iso(now), game_id),
                )
                self._write_notice(raw, game_id, notice, now)

            await self._db.transaction(write)
            await self._refresh(game_id)
            return settings

    async def mark_reminded(self, game_id: int, seat: int, at: datetime, *, notice: Notice | None = None) -> None:
        """Remember when ``seat`` (or a mark: the stall notice, a failed default) was last reminded.

        With ``notice`` (the reminder itself) both are one transaction: the reminder's only effect
        is its post, so it is never lost (the row is resent after a crash) nor sent twice (the mark
        keeps the next tick from planning it again).
        """
        now = self._now()

        def write(raw: Any) -> None:
            tables.game_row(raw, game_id)
            raw.execute(
                "INSERT OR REPLACE INTO reminders (game_id, seat, at) VALUES (?, ?, ?)", (game_id, seat, tables.iso(at))
            )
            self._write_notice(raw, game_id, notice, now)

        await self._db.transaction(write)

    async def last_reminded(self, game_id: int, seat: int) -> datetime | None:
        row = await self._db.fetchone("SELECT at FROM reminders WHERE game_id = ? AND seat = ?", (game_id, seat))
        return None if row is None else tables.parse_time(row["at"])

    async def reminder_rows(self) -> tables.ReminderRows:
        """The active games with their reminder marks and the seats each was last seen waiting on, in
        one call: what a reminder tick needs to decide, without rebuilding a state."""
        return await self._db.run(tables.reminder_rows)

    async def set_waiting_seats(self, rows: list[tuple[int, int, list[int]]], engine: str) -> None:
        """Remember, per game, the seats awaited at log seq ``seq`` (``rows``: game, seq, seats), as
        computed by the rules code ``engine`` fingerprints; one transaction for the whole tick."""
        if rows:
            await self._db.transaction(lambda raw: tables.set_waiting_seats(raw, rows, engine))

    def cached_prompts(self, game_id: int, last_seq: int) -> list[Prompt] | None:
        """The open prompts of a game this process holds in memory, if its log ends at ``last_seq``
        (the state is then current, on a database other processes write too); None otherwise.

        For readers that must not rebuild a state just to look (the reminder tick): no database
        call, and the cache's recency order is left alone.
        """
        entry = self._cache.peek(game_id)
        if entry is None or entry.state is None or entry.record.last_seq != last_seq:
            return None
        if entry.prompts is None:
            entry.prompts = self._ruleset(entry.record.ruleset).prompts(entry.state)
        return entry.prompts

    # ---- undelivered direct messages -----------------------------------------------

    async def add_pending_dm(
        self,
        game_id: int,
        user_id: int,
        seat: int | None,
        content: str,
        *,
        nonce: str | None = None,
        seq: int | None = None,
    ) -> int:
        """Keep a DM that could not be sent until the player opens their private panel.

        Returns how many messages now wait for that player in that game (1 means this
        is the first since they last looked, which is when the table is told). A kept DM
        is a ``kept_dm`` row of the outbox; with ``nonce`` (the refused message's own, from
        a delivery that may be resent after a crash) it is kept once however often it is tried.
        """
        now = self._now()
        key = nonce if nonce is not None else f"kept-{tables.new_nonce()}"

        def write(raw: Any) -> int:
            tables.game_row(raw, game_id)
            tables.add_pending(raw, game_id, user_id, seat, content, now, nonce=key, seq=seq)
            row = raw.execute(
                "SELECT COUNT(*) FROM outbox WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ?"
                " AND user_id = ?",
                (game_id, user_id),
            ).fetchone()
            return int(row[0])

        return await self._db.transaction(write)

    async def take_pending_dms(self, game_id: int, user_id: int) -> list[str]:
        """The player's waiting messages in this game, oldest first; they are marked delivered as they are read."""
        now = self._now()

        def write(raw: Any) -> list[str]:
            rows = tables.pending_rows(raw, game_id, user_id)
            if rows:
                tables.delete_pending(raw, game_id, user_id, rows[-1][0], now)
            return [content for _, content in rows]

        return await self._db.transaction(write)

    async def peek_pending_dms(self, game_id: int, user_id: int) -> list[tuple[int, str]]:
        """The player's waiting messages as (id, text), oldest first, left in place.

        For a delivery that may fail: read, send, then ``drop_pending_dms`` up to the last
        id, so a crash in between repeats a message rather than losing it.
        """
        return await self._db.run(lambda raw: tables.pending_rows(raw, game_id, user_id))

    async def drop_pending_dms(self, game_id: int, user_id: int, up_to_id: int) -> None:
        """Forget the player's waiting messages up to ``up_to_id`` (they were delivered)."""
        now = self._now()
        await self._db.transaction(lambda raw: tables.delete_pending(raw, game_id, user_id, up_to_id, now))

    async def has_pending_dms(self, game_id: int, user_id: int) -> bool:
        row = await self._db.fetchone(
            "SELECT 1 FROM outbox WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ? AND user_id = ?"
            " LIMIT 1",
            (game_id, user_id),
        )
        return row is not None

    async def pending_dm_games(self, user_id: int) -> list[int]:
        """Games in which messages wait for this player, lowest id first."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT game_id FROM outbox WHERE kind = 'kept_dm' AND delivered_at IS NULL AND user_id = ?"
            " ORDER BY game_id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    # ---- the delivery outbox (issue 18) ---------------------------------------------

    async def outbox_undelivered(self, game_id: int | None = None) -> list[OutboxRow]:
        """``publish`` rows not yet delivered, oldest first (one game's, or every game's at start-up)."""
        return await self._db.run(lambda raw: tables.undelivered(raw, game_id))

    async def outbox_row(self, row_id: int) -> OutboxRow | None:
        row = await self._db.fetchone("SELECT * FROM outbox WHERE id = ?", (row_id,))
        return None if row is None else tables.outbox_row(row)

    def _lease(self) -> tuple[str, datetime]:
        return self.owner, self._now() + self.outbox_lease

    def _write_notice(self, raw: Any, game_id: int, notice: Notice | None, at: datetime) -> None:
        """Inside a change's transaction: its ``Notice`` as a ``publish`` row, leased to this process
        (which sends it at once). ``seq`` is the game's log head it follows (0 before the start)."""
        if notice is None:
            return
        row = raw.execute("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)).fetchone()
        notice.row_id = tables.add_publish(raw, game_id, int(row[0]), notice.payload(), at, self._lease())

    async def outbox_claim_undelivered(self, *, mine_too: bool) -> list[OutboxRow]:
        """Lease to this process every undelivered row no other live process holds (issue 19):
        at start-up (``mine_too``) and in the periodic sweep that takes over a dead process's rows."""
        now = self._now()
        owner, until = self._lease()
        return await self._db.transaction(
            lambda raw: tables.claim_undelivered(raw, owner, now, until, mine_too=mine_too)
        )

    async def outbox_claim(self, row_id: int) -> bool:
        """Renew (or take over an expired) lease of one row before sending it; False: another
        live process holds it and sends it, so this one must not."""
        now = self._now()
        owner, until = self._lease()
        return await self._db.transaction(lambda raw: tables.claim_row(raw, row_id, owner, now, until))

    async def outbox_step(
        self,
        row_id: int,
        space: str,
        step: int,
        value: Any,
        table: list[tuple[int, str, int | None, str]] | None = None,
    ) -> None:
        """Record that Discord call ``step`` of ``space`` was made for the row (see ``tables.record_step``),
        together with the table messages it opened or closed."""
        now = self._now()
        await self._db.transaction(lambda raw: tables.record_step(raw, row_id, space, step, value, table or [], now))

    async def outbox_delivered(
        self, row_id: int, table: list[tuple[int, str, int | None, str]] | None = None
    ) -> datetime | None:
        """Close the row (with the table messages its last steps changed); returns when it was
        written, for the outbox lag (None if it was closed already)."""
        now = self._now()

        def write(raw: Any) -> datetime | None:
            for game_id, slot, message_id, content in table or []:
                tables.set_table_message(raw, game_id, slot, message_id, content, now)
            row = raw.execute(
                "SELECT created_at FROM outbox WHERE id = ? AND delivered_at IS NULL", (row_id,)
            ).fetchone()
            raw.execute(
                "UPDATE outbox SET delivered_at = ?, attempts = attempts + 1 WHERE id = ? AND delivered_at IS NULL",
                (tables.iso(now), row_id),
            )
            return None if row is None else tables.parse_time(row[0])

        return await self._db.transaction(write)

    async def outbox_failed(self, row_id: int, error: str, *, give_up: bool = False) -> int:
        """Count a failed try (and, with ``give_up``, stop trying: the row is closed with its error);
        returns how many tries the row has had."""
        now = tables.iso(self._now())

        def write(raw: Any) -> int:
            raw.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, delivered_at = CASE WHEN ? THEN ?"
                " ELSE delivered_at END WHERE id = ?",
                (error[:500], int(give_up), now, row_id),
            )
            row = raw.execute("SELECT attempts FROM outbox WHERE id = ?", (row_id,)).fetchone()
            return int(row[0]) if row is not None else 0

        return await self._db.transaction(write)

    async def outbox_behind(self, game_id: int) -> tuple[int, datetime | None]:
        """(undelivered ``publish`` rows, when the oldest was written) for ``/game status``."""
        return await self._db.run(lambda raw: tables.behind(raw, game_id))

    async def outbox_outcome(self, row: OutboxRow) -> tuple[ActOutcome, list[Prompt]]:
        """Rebuild what a ``publish`` row delivers after a restart: the outcome of its change (the
        state right after it, its events) and the prompts open before it (``before_head``).

        The hot path never needs this: the referee holds the outcome it just committed.
        """
        async with self._lock(row.game_id):
            entry = await self._entry(row.game_id)
        record = entry.record
        seed = entry.extra.get("seed")
        if seed is None:
            raise LookupError(f"game #{row.game_id} has an outbox row but no seed")  # never shown to a player
        rs = self._ruleset(record.ruleset)
        seat = GM_SEAT
        if "events" in row.payload or not row.seq:
            events = [Event.model_validate(e) for e in row.payload.get("events", [])]
            head = 0
        else:
            logged = await self._db.fetchone(
                "SELECT seat, events, head FROM log WHERE game_id = ? AND seq = ?", (row.game_id, row.seq)
            )
            if logged is None:
                raise LookupError(f"game #{row.game_id} has an outbox row for a missing action {row.seq}")
            events = [Event.model_validate(e) for e in json.loads(logged["events"])]
            head, seat = int(logged["head"]), int(logged["seat"])
        state, _ = await self._state_at(record, seed, head)
        before_head = row.payload.get("before_head")
        before: list[Prompt] = []
        if before_head is not None:
            before = rs.prompts((await self._state_at(record, seed, int(before_head)))[0])
        outcome = ActOutcome.model_construct(
            game=record,
            seq=int(row.seq or 0),
            seat=seat,
            events=events,
            prompts=rs.prompts(state),
            result=rs.result(state),
            duplicate=False,
            state=state,
            outbox_id=row.id,
        )
        return outcome, before

    # ---- thread messages the bot keeps editing ----------------------------------------

    async def table_message(self, game_id: int, slot: str) -> tuple[int, str] | None:
        """(message id, content) of the game's message in ``slot`` (e.g. the running log), if one is open."""
        row = await self._db.fetchone(
            "SELECT message_id, content FROM table_message WHERE game_id = ? AND slot = ?", (game_id, slot)
        )
        return None if row is None else (int(row["message_id"]), str(row["content"]))

    async def table_messages(self, game_id: int) -> dict[str, tuple[int, str]]:
        """Every message slot the game keeps (slot -> (message id, content)), read once by a restarted bot."""
        rows = await self._db.fetchall(
            "SELECT slot, message_id, content FROM table_message WHERE game_id = ?", (game_id,)
        )
        return {str(r["slot"]): (int(r["message_id"]), str(r["content"])) for r in rows}

    async def set_table_message(self, game_id: int, slot: str, message_id: int | None, content: str = "") -> None:
        """Remember the message now open in ``slot`` and its text; ``None`` closes the slot."""
        now = self._now()

        def write(raw: Any) -> None:
            tables.set_table_message(raw, game_id, slot, message_id, content, now)

        await self._db.transaction(write)

    # ---- the language each user reads -----------------------------------------------

    async def user_locale(self, user_id: int) -> tuple[str | None, str | None]:
        """(preferred, seen): the language the user chose (None = automatic) and the catalog
        of their last interaction's Discord locale (None = never seen)."""
        row = await self._db.fetchone("SELECT preferred, seen FROM user_locale WHERE user_id = ?", (user_id,))
        return (None, None) if row is None else (row["preferred"], row["seen"])

    async def set_user_locale(self, user_id: int, *, preferred: str | None = None, seen: str | None = None) -> None:
        """Record a choice (``preferred``, with ``None`` meaning automatic) and/or the latest seen locale.

        Only the fields passed change: noting what a client sent keeps the user's choice, and
        choosing keeps what their client sent. ``preferred=""`` clears the choice.
        """
        now = tables.iso(self._now())

        def write(raw: Any) -> None:
            raw.execute(
                "INSERT INTO user_locale (user_id, preferred, seen, updated_at) VALUES (?, NULL, NULL, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, now),
            )
            if preferred is not None:
                raw.execute(
                    "UPDATE user_locale SET preferred = ?, updated_at = ? WHERE user_id = ?",
                    (preferred or None, now, user_id),
                )
            if seen is not None:
                raw.execute("UPDATE user_locale SET seen = ?, updated_at = ? WHERE user_id = ?", (seen, now, user_id))

        await self._db.transaction(write)

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from the seed and the whole log, ignoring snapshots and cache."""

        def read(raw: Any) -> tuple[Any, list[Step]]:
            row = tables.game_row(raw, game_id)
            steps = [
                Step(r["seq"], r["kind"], r["seat"], json.loads(r["action"]))
                for r in raw.execute(
                    "SELECT seq, kind, seat, action FROM log WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ]
            return row, steps

        row, steps = await self._db.run(read)
        if row["seed"] is None:
            raise StoreError.of(Reason.NOTHING_TO_REPLAY, game=game_id)
        rs = self._ruleset(row["ruleset"])
        return replay_log(rs, json.loads(row["options"]), row["seed"], steps)
