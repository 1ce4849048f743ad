"""Issue 19: one game's deliveries stay in order across the processes sharing a PostgreSQL database.

Each process keeps its own rows of a game in order with its delivery queue; a row another process
committed earlier is out of that queue's reach. So before sending, a row waits until every older
undelivered row of its game held by another process is delivered (``Outbox._after_older``),
renewing its own lease meanwhile; a row stuck elsewhere holds it back only so long.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from cogs import outbox as outbox_module
from cogs.delivery import Delivery
from cogs.outbox import Outbox
from store import GameStore, Notice
from tests.cogs.stubs import StubClient, as_client

pytestmark = pytest.mark.asyncio

GUILD, CHANNEL, CREATOR = 4_000_000_000_000_000_001, 4_000_000_000_000_000_002, 4_000_000_000_000_000_003


@pytest.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[GameStore, GameStore]]:
    """Two processes' stores on one database (distinct owners, as two shard processes)."""
    one = await GameStore.open(pg_url, owner="host:shards=0")
    other = await GameStore.open(pg_url, owner="host:shards=1")
    try:
        yield one, other
    finally:
        await one.close()
        await other.close()


def outbox_of(store: GameStore) -> Outbox:
    return Outbox(store, Delivery(as_client(StubClient()), "Game Master", store))


async def notice_row(store: GameStore, game_id: int) -> int:
    """A change that writes a ``publish`` row, leased to ``store``'s process."""
    notice = Notice(items=[])
    await store.update_settings(game_id, notice=notice, language="en")
    assert notice.row_id is not None
    return notice.row_id


def body(sent: list[str], name: str) -> Any:
    async def send() -> None:
        sent.append(name)

    return send


async def test_a_row_waits_for_an_older_row_another_process_sends(two: tuple[GameStore, GameStore]) -> None:
    a, b = two
    game = await a.create_game(GUILD, CHANNEL, "highcard", {}, CREATOR)
    older = await notice_row(a, game.id)  # committed by A, which is still sending it
    newer = await notice_row(b, game.id)  # B's next change of the same game
    sent: list[str] = []
    record = SimpleNamespace(id=game.id)
    waiting = asyncio.create_task(outbox_of(b).run(record, newer, body(sent, "newer")))
    for _ in range(20):  # B polls the store meanwhile, and sends nothing
        await asyncio.sleep(0.05)
    assert not waiting.done() and sent == []

    await outbox_of(a).run(record, older, body(sent, "older"))
    await asyncio.wait_for(waiting, 30)
    assert sent == ["older", "newer"]
    assert await b.outbox_undelivered(game.id) == []


async def test_own_older_rows_are_not_waited_for(two: tuple[GameStore, GameStore]) -> None:
    """This process's own rows are ordered by its delivery queue: no wait on the store."""
    a, _ = two
    game = await a.create_game(GUILD, CHANNEL, "highcard", {}, CREATOR)
    await notice_row(a, game.id)  # undelivered, held by A itself
    newer = await notice_row(a, game.id)
    sent: list[str] = []
    await asyncio.wait_for(outbox_of(a).run(SimpleNamespace(id=game.id), newer, body(sent, "newer")), 30)
    assert sent == ["newer"]


async def test_a_row_stuck_elsewhere_holds_the_game_back_only_so_long(
    two: tuple[GameStore, GameStore], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    a, b = two
    game = await a.create_game(GUILD, CHANNEL, "highcard", {}, CREATOR)
    stuck = await notice_row(a, game.id)  # A never sends it (nor does any sweep: none runs here)
    b.outbox_lease = timedelta(seconds=1)
    newer = await notice_row(b, game.id)
    outbox = outbox_of(b)
    outbox.sweep_every = 0.0
    monkeypatch.setattr(outbox_module, "LEASE_MARGIN", 0.5)
    monkeypatch.setattr(outbox_module, "ORDER_SLACK", 1.5)
    sent: list[str] = []
    with caplog.at_level(logging.WARNING, logger="cogs.outbox"):
        await asyncio.wait_for(outbox.run(SimpleNamespace(id=game.id), newer, body(sent, "newer")), 30)
    assert sent == ["newer"]
    assert f"before older row {stuck}" in caplog.text
    (left,) = await b.outbox_undelivered(game.id)  # the stuck row is still A's to send
    assert (left.id, left.claimed_by) == (stuck, "host:shards=0")
    done = await b.outbox_row(newer)
    assert done is not None and done.delivered_at is not None and done.claimed_by == "host:shards=1"


async def test_a_row_this_process_sweeps_from_a_dead_one_goes_out_before_its_newer_row(
    two: tuple[GameStore, GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The take-over case: A dies holding the game's older row; B's newer row waits; B's own sweep
    takes the older row over, and the newer one still waits until the older one is out."""
    a, b = two
    game = await a.create_game(GUILD, CHANNEL, "highcard", {}, CREATOR)
    a.outbox_lease = timedelta(seconds=1)
    older = await notice_row(a, game.id)  # A dies before sending it: its lease runs out in 1 s
    newer = await notice_row(b, game.id)
    outbox = outbox_of(b)
    monkeypatch.setattr(outbox_module, "ORDER_POLL_MAX", 0.05)
    sent: list[str] = []
    record = SimpleNamespace(id=game.id)

    async def slow_older() -> None:
        await asyncio.sleep(0.5)  # the take-over's sends take a while; the newer row polls meanwhile
        sent.append("older")

    async def recover(row: Any) -> tuple[Any, Any]:
        assert row.id == older
        return record, slow_older

    waiting = asyncio.create_task(outbox.run(record, newer, body(sent, "newer")))
    outbox.start_sweep(recover, every=0.2)
    try:
        await asyncio.wait_for(waiting, 30)
    finally:
        await outbox.stop()
    assert sent == ["older", "newer"]
    assert await b.outbox_undelivered(game.id) == []
