"""The delivery outbox (issue 18): every committed change writes its ``publish`` row in the
same transaction as its log row, so there is no action without its deliveries and no
delivery without its action, and a restarted bot can rebuild what a row delivers."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest

from engine.core import Prompt
from store import ActOutcome, GameStore, StoreError, tables
from store.service import OUTBOX_LEASE

from .helpers import USERS, play_out, query, random_move, started_game, users_by_seat


async def _pairs(db_path: str) -> tuple[set[tuple[int, int]], list[tuple[int, int]]]:
    """(game, seq) of every log row, and of every ``publish`` row (duplicates kept)."""
    logged = {(int(g), int(s)) for g, s in await query(db_path, "SELECT game_id, seq FROM log")}
    rows = await query(db_path, "SELECT game_id, seq FROM outbox WHERE kind = 'publish'")
    return logged, [(int(g), int(s)) for g, s in rows]


async def test_every_change_writes_one_publish_row_with_its_log_row(store: GameStore, db_path: str) -> None:
    outcome = await started_game(store)
    game_id = outcome.game.id
    assert outcome.outbox_id is not None
    users = await users_by_seat(store, game_id)
    rng = random.Random(3)
    seat, action = random_move(outcome, rng)
    acted = await store.act(
        game_id, users[seat], action, seat=seat, interaction_id="press-1", pressed={"seat": seat, "message": 99}
    )
    again = await store.act(game_id, users[seat], action, seat=seat, interaction_id="press-1")
    assert again.duplicate and again.outbox_id is None  # a repeated press delivers nothing new
    await store.gm_rollback(game_id, 555, 0, "test")
    logged, published = await _pairs(db_path)
    assert sorted(published) == sorted({(game_id, 0)} | logged)  # one row each, the start's too
    rows = await store.outbox_undelivered(game_id)
    assert [r.seq for r in rows] == [0, 1, 2]
    assert rows[1].id == acted.outbox_id and rows[1].payload["pressed"] == {"seat": seat, "message": 99}
    assert rows[2].payload["before_head"] is None  # after a roll-back every decision is posted afresh
    assert len({r.nonce for r in rows}) == 3


@pytest.mark.parametrize("where", ["before_log", "between", "after_outbox"])
async def test_a_failure_inside_the_commit_leaves_neither_the_action_nor_its_row(
    store: GameStore, db_path: str, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    if where == "between" and store.db.backend == "postgresql":
        pytest.skip("on PostgreSQL the log row and its outbox row are one statement: there is no between")
    outcome = await started_game(store)
    game_id = outcome.game.id
    users = await users_by_seat(store, game_id)
    seat, action = random_move(outcome, random.Random(5))
    if store.db.backend == "postgresql":
        # A plain action commits in one statement there (tables.APPEND_ACTION_ONE_TRIP): fail it before
        # it is sent, or make the server fail it after both inserts ran (1/0 in its last SELECT).
        name, real = "APPEND_ACTION_ONE_TRIP", cast(Any, tables.APPEND_ACTION_ONE_TRIP)
        failing: Any = real.replace("(SELECT id FROM o) AS outbox_id", "(SELECT id FROM o) / 0 AS outbox_id")
        assert failing != real
        if where == "before_log":
            name, real = "append_action_params", tables.append_action_params

            def failing(*args: Any, **kwargs: Any) -> Any:
                raise sqlite3.OperationalError("disk I/O error (injected)")

    else:
        name = "add_publish" if where == "between" else "append_published"
        real = getattr(tables, name)

        def failing(raw: Any, *args: Any, **kwargs: Any) -> Any:
            if where != "before_log":
                real(raw, *args, **kwargs)  # rows are written, then the transaction fails
            raise sqlite3.OperationalError("disk I/O error (injected)")

    monkeypatch.setattr(tables, name, failing)
    with pytest.raises(sqlite3.DatabaseError):  # OperationalError (injected) or the server's own error
        await store.act(game_id, users[seat], action, seat=seat)
    monkeypatch.setattr(tables, name, real)
    logged, published = await _pairs(db_path)
    assert logged == set() and published == [(game_id, 0)]
    # The store rebuilds from the database and goes on: the same action now commits once, with its row.
    retried = await store.act(game_id, users[seat], action, seat=seat)
    logged, published = await _pairs(db_path)
    assert logged == {(game_id, retried.seq)} and sorted(published) == [(game_id, 0), (game_id, retried.seq)]


async def test_a_row_rebuilds_the_outcome_it_delivers(store: GameStore, db_path: str) -> None:
    outcome = await started_game(store, options={"rounds": 2, "opening_hands": True})
    game_id = outcome.game.id
    users = await users_by_seat(store, game_id)
    rng = random.Random(11)
    history: list[tuple[ActOutcome, list[Prompt]]] = [(outcome, [])]
    for _ in range(6):
        before = history[-1][0].prompts
        seat, action = random_move(history[-1][0], rng)
        history.append((await store.act(game_id, users[seat], action, seat=seat), before))
    reopened = await GameStore.open(db_path)  # a restart: nothing in memory
    try:
        rows = await reopened.outbox_undelivered(game_id)
        assert len(rows) == len(history)
        for row, (original, before) in zip(rows, history, strict=True):
            rebuilt, rebuilt_before = await reopened.outbox_outcome(row)
            assert rebuilt.seq == original.seq and rebuilt.outbox_id == row.id
            assert rebuilt.events == original.events
            assert rebuilt.prompts == original.prompts and rebuilt_before == before
            assert rebuilt.state.model_dump_json() == original.state.model_dump_json()
    finally:
        await reopened.close()


async def test_steps_delivery_and_lag(store: GameStore) -> None:
    outcome = await started_game(store)
    game_id = outcome.game.id
    assert outcome.outbox_id is not None
    count, oldest = await store.outbox_behind(game_id)
    assert count == 1 and oldest is not None
    await store.outbox_step(outcome.outbox_id, "main", 0, ["post", 4242], [(game_id, "log", 4242, "text")])
    await store.outbox_step(outcome.outbox_id, "main", 0, ["post", 1], [])  # a repeat changes nothing
    row = await store.outbox_row(outcome.outbox_id)
    assert row is not None and row.progress == {"main": [["post", 4242]]}
    assert await store.table_message(game_id, "log") == (4242, "text")
    assert await store.outbox_failed(outcome.outbox_id, "503 Service Unavailable") == 1
    await store.outbox_delivered(outcome.outbox_id)
    assert await store.outbox_behind(game_id) == (0, None)
    assert await store.outbox_undelivered() == []


async def test_a_kept_dm_with_a_nonce_is_kept_once(store: GameStore) -> None:
    outcome = await started_game(store)
    game_id = outcome.game.id
    assert await store.add_pending_dm(game_id, USERS[0], 0, "your hand", nonce="abc.m3") == 1
    assert await store.add_pending_dm(game_id, USERS[0], 0, "your hand", nonce="abc.m3") == 1  # resent after a crash
    assert await store.add_pending_dm(game_id, USERS[0], 0, "next") == 2
    assert await store.take_pending_dms(game_id, USERS[0]) == ["your hand", "next"]
    assert not await store.has_pending_dms(game_id, USERS[0])
    with pytest.raises(StoreError):
        await store.add_pending_dm(9999, USERS[0], 0, "no such game")


async def test_a_finished_game_rows_rebuild_too(store: GameStore) -> None:
    outcome = await started_game(store, options={"rounds": 1})
    final = await play_out(store, outcome, random.Random(2))
    assert final.result is not None
    row = await store.outbox_row(int(final.outbox_id or 0))
    assert row is not None
    rebuilt, _ = await store.outbox_outcome(row)
    assert rebuilt.result == final.result and [e.kind for e in rebuilt.events] == [e.kind for e in final.events]


async def test_a_row_is_leased_to_its_process_and_taken_over_when_that_process_dies(db_path: str) -> None:
    """Issue 19: two processes share the database; each row belongs to the process that committed
    it until its lease runs out, so a starting process never resends a row a live one is sending,
    and a dead process's rows are taken over by the sweep (``mine_too=False``)."""
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    first = await GameStore.open(db_path, snapshot_every=5, clock=lambda: now[0], owner="host-a")
    second = await GameStore.open(db_path, snapshot_every=5, clock=lambda: now[0], owner="host-b")
    try:
        assert first.owner != second.owner
        outcome = await started_game(first)
        (row,) = await first.outbox_undelivered(outcome.game.id)
        assert row.claimed_by == first.owner
        assert await second.outbox_claim_undelivered(mine_too=True) == []  # the first process is sending it
        assert await second.outbox_claim_undelivered(mine_too=False) == []
        assert not await second.outbox_claim(row.id)
        assert await first.outbox_claim(row.id)  # its own: renewed
        now[0] += OUTBOX_LEASE + timedelta(seconds=1)  # the first process died: its lease runs out
        (taken,) = await second.outbox_claim_undelivered(mine_too=False)
        assert taken.id == row.id and taken.claimed_by == second.owner
        assert not await first.outbox_claim(row.id)  # back from a stall: it must not send it as well
        assert await first.outbox_claim_undelivered(mine_too=False) == []
    finally:
        await first.close()
        await second.close()


async def test_a_restarted_process_takes_its_predecessors_rows_at_once(db_path: str) -> None:
    """A bot restarted on the same database (the same name: ``BOT_INSTANCE``, or its host and
    shards) resends at start-up what it had committed and not sent, though its lease still runs."""
    before = await GameStore.open(db_path, snapshot_every=5, owner="host-a")
    outcome = await started_game(before)
    await before.close()
    after = await GameStore.open(db_path, snapshot_every=5, owner="host-a")
    other = await GameStore.open(db_path, snapshot_every=5, owner="host-b")
    try:
        assert await other.outbox_claim_undelivered(mine_too=True) == []  # another process waits out the lease
        (row,) = await after.outbox_claim_undelivered(mine_too=True)
        assert row.game_id == outcome.game.id and row.claimed_by == "host-a"
    finally:
        await after.close()
        await other.close()
