"""What only the PostgreSQL backend has (issue 19): versioned migrations in ``schema_version``, the
SQL translation, and several processes sharing one database. Two ``GameStore`` objects on one
database stand for two bot processes here (separate pools, caches and in-process locks); the
shared-behaviour tests of the store itself run on both backends in tests/store."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from store import GameStore, StoreError, schema
from store.pg import PgDb, postgres_script, primary_keys, translate
from tests.pg.server import Server, create_database
from tests.store.helpers import USERS, random_move, started_game, state_json, users_by_seat

ROOT = Path(__file__).resolve().parents[2]


def test_statements_are_translated_once_into_postgresql() -> None:
    assert translate("SELECT * FROM log WHERE game_id = ? AND seq > ?").sql == (
        "SELECT * FROM log WHERE game_id = $1 AND seq > $2"
    )
    # A question mark inside a string literal is text, not a parameter.
    assert translate("SELECT '?' FROM games WHERE id = ?").sql == "SELECT '?' FROM games WHERE id = $1"
    upsert = translate("INSERT OR REPLACE INTO reminders (game_id, seat, at) VALUES (?, ?, ?)")
    assert upsert.sql.endswith("ON CONFLICT (game_id, seat) DO UPDATE SET at = EXCLUDED.at")
    ignored = translate("INSERT OR IGNORE INTO outbox (game_id, nonce) VALUES (?, ?)")
    assert "ON CONFLICT DO NOTHING RETURNING id" in ignored.sql and ignored.returns_id
    # A repeated interaction id is skipped, not an error: the transaction goes on to read the first one.
    assert translate("INSERT INTO log (game_id, seq) VALUES (?, ?)").skipped_means
    assert primary_keys()["snapshots"] == ("game_id", "node") and primary_keys()["games"] == ("id",)


def test_every_migration_becomes_postgresql_ddl() -> None:
    for script in schema.MIGRATIONS:
        ddl = postgres_script(script)
        assert "AUTOINCREMENT" not in ddl and "WITHOUT ROWID" not in ddl
        assert " INTEGER " not in ddl  # Discord ids need 64 bits


async def test_a_new_database_is_migrated_to_the_latest_version_once(pg_url: str) -> None:
    for _ in range(2):  # reopening finds it current and runs nothing again
        store = await GameStore.open(pg_url)
        await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT version FROM schema_version") == schema.LATEST_VERSION
        assert await conn.fetchval("SELECT count(*) FROM schema_version") == 1
        tables = {r[0] for r in await conn.fetch("SELECT table_name FROM information_schema.tables")}
        assert {"games", "seats", "log", "snapshots", "gm_audit", "reminders", "outbox"} <= tables
        kind = await conn.fetchval(
            "SELECT data_type FROM information_schema.columns WHERE table_name = 'games' AND column_name = 'guild_id'"
        )
        assert kind == "bigint"
    finally:
        await conn.close()


async def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    stores = await asyncio.gather(*(GameStore.open(pg_url) for _ in range(4)))
    for store in stores:
        await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT version FROM schema_version") == schema.LATEST_VERSION
    finally:
        await conn.close()


async def test_a_database_from_a_newer_release_is_refused(pg_url: str) -> None:
    store = await GameStore.open(pg_url)
    await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("UPDATE schema_version SET version = $1", schema.LATEST_VERSION + 1)
    finally:
        await conn.close()
    with pytest.raises(StoreError) as refused:
        await GameStore.open(pg_url)
    assert refused.value.code == "schema_too_new"


async def test_snowflake_ids_round_trip(pg_url: str) -> None:
    store = await GameStore.open(pg_url)
    try:
        big = 1_234_567_890_123_456_789
        game = await store.create_game(big, big + 1, "highcard", {}, big + 2)
        assert (game.guild_id, game.channel_id, game.created_by) == (big, big + 1, big + 2)
        await store.set_thread(game.id, big + 3)
        found = await store.game_by_thread(big + 3)
        assert found is not None and found.id == game.id
    finally:
        await store.close()


@asynccontextmanager
async def two_processes(pg_url: str, **options: Any) -> AsyncIterator[tuple[GameStore, GameStore]]:
    """Two stores on one database, as two bot processes would open it; both closed afterwards."""
    one = await GameStore.open(pg_url, **options)
    two = await GameStore.open(pg_url, **options)
    try:
        yield one, two
    finally:
        await one.close()
        await two.close()


async def test_two_processes_pressing_one_game_apply_every_press_once_in_one_order(pg_url: str) -> None:
    async with two_processes(pg_url, snapshot_every=5) as (one, two):
        start = await started_game(one, players=4, options={"rounds": 3, "hand_size": 6})
        game_id, hands = start.game.id, start.state.hands
        users = await users_by_seat(one, game_id)
        await two.load(game_id)  # both caches hold the game: each must notice the other's writes
        rng = random.Random(19)
        calls = [
            (f"press-{i}", i % 4, {"type": "pick", "card": rng.choice(hands[i % 4]), "lock": False}) for i in range(40)
        ]
        outcomes = await asyncio.gather(
            *(
                (one if i % 2 else two).act(game_id, users[seat], action, interaction_id=iid)
                for i, (iid, seat, action) in enumerate(calls)
            )
        )
        assert sorted(o.seq for o in outcomes) == list(range(1, 41))
        log = await one.log(game_id, limit=100)
        assert [e.seq for e in log] == list(range(1, 41))
        for (_iid, seat, action), outcome in zip(calls, outcomes, strict=True):
            assert log[outcome.seq - 1].action == action and log[outcome.seq - 1].seat == seat
        # Both processes end on the state the log replays to.
        replayed = state_json(await one.replay(game_id))
        assert state_json((await one.load(game_id)).state) == replayed
        assert state_json((await two.load(game_id)).state) == replayed


async def test_the_same_interaction_reaching_two_processes_applies_once(pg_url: str) -> None:
    async with two_processes(pg_url) as (one, two):
        start = await started_game(one)
        game_id = start.game.id
        users = await users_by_seat(one, game_id)
        await two.load(game_id)
        action = {"type": "pick", "card": start.state.hands[0][0], "lock": False}
        outcomes = await asyncio.gather(
            *((one, two)[i % 2].act(game_id, users[0], action, interaction_id="double-delivery") for i in range(6))
        )
        assert len([o for o in outcomes if not o.duplicate]) == 1
        assert {o.seq for o in outcomes} == {1}
        assert [e.seq for e in await two.log(game_id)] == [1]


async def test_a_status_change_by_another_process_is_seen_before_acting(pg_url: str) -> None:
    async with two_processes(pg_url) as (one, two):
        start = await started_game(one)
        game_id = start.game.id
        users = await users_by_seat(one, game_id)
        await one.load(game_id)
        await two.set_status(game_id, "pause", USERS[0], "lunch")
        with pytest.raises(StoreError) as refused:
            await one.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0], "lock": False})
        assert refused.value.code == "bad_status"
        assert await one.log(game_id) == []


async def test_a_periodic_job_runs_in_one_process_and_passes_on_when_it_dies(pg_url: str) -> None:
    one = await PgDb.open(pg_url)
    two = await PgDb.open(pg_url)
    try:
        async with one.exclusive("reminders") as first:
            async with two.exclusive("reminders") as second:
                assert first and not second
            async with two.exclusive("deadlines") as other_job:
                assert other_job
        # The holder's connection dying (a killed process) frees the job for the others.
        held = one.exclusive("reminders")
        assert await held.__aenter__()
        await one.close(timeout=0.1)  # the job's connection is still busy: it is cut, as by a kill
        await held.__aexit__(None, None, None)  # nothing to unlock any more: it must not raise
        taken: list[bool] = []
        for _ in range(50):  # the server notices the closed connection within moments
            async with two.exclusive("reminders") as mine:
                taken.append(mine)
            if mine:
                break
            await asyncio.sleep(0.1)
        assert taken[-1]
    finally:
        await two.close()


async def test_two_worker_processes_on_one_database_lose_nothing(pg_server: Server) -> None:
    """Two real processes (the crash test's worker) commit to their own games at once; one is
    killed; every acknowledged action is stored, every game's log has no gap."""
    url = await create_database(pg_server)
    store = await GameStore.open(url)  # migrate once before the workers race to
    await store.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_worker", url, str(seed), "new"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    acknowledged: list[tuple[int, int]] = []
    try:
        for proc in procs:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
        await asyncio.sleep(1.5)
    finally:
        for proc in procs:
            proc.kill()
            out, _err = proc.communicate(timeout=30)
            acknowledged += [(int(a), int(b)) for a, b in (line.split() for line in out.split("\n")[:-1])]
    assert len({g for g, _ in acknowledged}) >= 2  # both processes committed
    conn = await asyncpg.connect(url)
    try:
        stored = {(r[0], r[1]) for r in await conn.fetch("SELECT game_id, seq FROM log")}
        assert [pair for pair in acknowledged if pair not in stored] == []
        for (game_id,) in await conn.fetch("SELECT id FROM games WHERE status != 'open'"):
            seqs = [r[0] for r in await conn.fetch("SELECT seq FROM log WHERE game_id = $1 ORDER BY seq", game_id)]
            assert seqs == list(range(1, len(seqs) + 1))
    finally:
        await conn.close()


async def test_a_commit_on_a_cached_game_another_process_changed_is_refused_before_writing(pg_url: str) -> None:
    """The change token rides in BEGIN's round trip (issue 19): a stale one writes nothing, a current one commits."""
    async with two_processes(pg_url) as (one, _two):
        start = await started_game(one)
        game_id = start.game.id
        db = one.db
        assert isinstance(db, PgDb)
        row = await db.fetchone(
            "SELECT COALESCE((SELECT MAX(seq) FROM log WHERE game_id = ?), 0), updated_at FROM games WHERE id = ?",
            (game_id, game_id),
        )
        assert row is not None
        token = (int(row[0]), str(row[1]))
        ran: list[int] = []

        def write(raw: Any) -> None:
            ran.append(1)
            raw.execute("UPDATE games SET thread_id = 77 WHERE id = ?", (game_id,))

        for stale in ((token[0] + 1, token[1]), (token[0], "2000-01-01T00:00:00+00:00"), (token[0], "it's")):
            with pytest.raises(StoreError) as refused:
                await db.transaction(write, lock=game_id, expect=stale)
            assert refused.value.code == "conflict"
        assert ran == []
        assert await db.fetchone("SELECT thread_id FROM games WHERE id = ?", (game_id,)) != (77,)
        await db.transaction(write, lock=game_id, expect=token)
        assert ran == [1]
        after = await db.fetchone("SELECT thread_id FROM games WHERE id = ?", (game_id,))
        assert after is not None and after[0] == 77


async def test_a_pause_committed_while_an_action_waits_for_the_game_is_seen(pg_url: str) -> None:
    """An action's one-statement commit (tables.APPEND_ACTION_ONE_TRIP) waits for the game's lock;
    a status change committed meanwhile is seen on the re-read game row, so the action is refused
    by the pause and writes nothing, although the statement began before the pause was committed."""
    async with two_processes(pg_url) as (one, _two):
        start = await started_game(one)
        game_id = start.game.id
        users = await users_by_seat(one, game_id)
        await one.load(game_id)
        other = await asyncpg.connect(pg_url)  # another process, mid-way through a GM pause
        try:
            await other.execute("BEGIN")
            await other.execute("SELECT pg_advisory_xact_lock($1)", game_id)
            await other.execute(
                "UPDATE games SET status = 'paused', updated_at = '2099-01-01T00:00:00+00:00' WHERE id = $1", game_id
            )
            pressing = asyncio.ensure_future(
                one.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0], "lock": False})
            )
            for _ in range(100):  # until the action's statement is waiting for the game's lock
                waiting = await other.fetchval(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1",
                    game_id,
                )
                if waiting:
                    break
                await asyncio.sleep(0.02)
            assert waiting and not pressing.done()
            await other.execute("COMMIT")
            with pytest.raises(StoreError) as refused:
                await pressing
            assert refused.value.code == "bad_status"
        finally:
            await other.close()
        assert await one.log(game_id) == []


async def test_an_action_that_keeps_a_snapshot_still_commits_in_one_statement(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot every ``snapshot_every`` actions rides in the action's own statement
    (tables.APPEND_ACTION_SNAPSHOT_ONE_TRIP), not in a transaction of four round trips; a repeated
    interaction id writes neither a second log row nor a second snapshot."""
    store = await GameStore.open(pg_url, snapshot_every=2)
    try:
        start = await started_game(store, seed="snap")
        game_id = start.game.id
        users = await users_by_seat(store, game_id)
        await store.load(game_id)
        transactions: list[int] = []
        real = store.db.transaction

        async def counted(*args: Any, **kwargs: Any) -> Any:
            transactions.append(1)
            return await real(*args, **kwargs)

        monkeypatch.setattr(store.db, "transaction", counted)
        rng = random.Random(3)
        outcome = start
        for step in range(2):
            seat, action = random_move(outcome, rng)
            outcome = await store.act(game_id, users[seat], action, seat=seat, interaction_id=f"snap-{step}")
        assert transactions == [] and outcome.seq == 2
        rows = await store.db.fetchall("SELECT node, state FROM snapshots WHERE game_id = ?", (game_id,))
        assert [(r[0], r[1]) for r in rows] == [(2, state_json(outcome.state))]
        again = await store.act(game_id, users[seat], action, seat=seat, interaction_id="snap-1")
        assert again.duplicate and again.seq == 2
        assert len(await store.db.fetchall("SELECT node FROM snapshots WHERE game_id = ?", (game_id,))) == 1
        assert len(await store.log(game_id)) == 2
    finally:
        await store.close()


async def test_one_game_pressed_in_turn_keeps_to_one_warm_connection(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hot path's connections are taken last in, first out: presses one after another reuse the
    connection (and server process) that just answered instead of waking each idle one in turn."""
    store = await GameStore.open(pg_url)
    try:
        start = await started_game(store, seed="warm")
        game_id = start.game.id
        users = await users_by_seat(store, game_id)
        await store.load(game_id)
        opened: list[int] = []
        real = asyncpg.connect

        async def counted(*args: Any, **kwargs: Any) -> Any:
            opened.append(1)
            return await real(*args, **kwargs)

        monkeypatch.setattr("store.pg.asyncpg.connect", counted)
        rng = random.Random(8)
        outcome = start
        for _ in range(6):
            seat, action = random_move(outcome, rng)
            outcome = await store.act(game_id, users[seat], action, seat=seat)
        assert outcome.seq == 6 and len(opened) == 1
    finally:
        await store.close()
