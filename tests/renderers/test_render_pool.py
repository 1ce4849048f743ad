"""Pictures in worker processes and the picture cache (issue 12: press -> next prompt within 500 ms).

The pool is optional: without ``renderers.configure`` pictures are drawn in a thread. With it,
the first picture starts the workers and is still drawn in the thread; once they are warm they
draw, the bytes are the same picture, and ``renderers.shutdown`` leaves no process behind.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import pickle
import time
from typing import Any

import pytest
from PIL import Image

import engine
import renderers
from cogs.decision_pictures import PlayerNames
from engine.core.text import Ref
from renderers import pool
from renderers.words import PLAYER_KIND, PlayerTable

RS = engine.ruleset("runewars")


def _view() -> dict[str, Any]:
    view: dict[str, Any] = RS.view(RS.setup({"players": 3}, "pool-test"), None)
    return view


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_pool_draws_the_same_picture_and_shuts_down_cleanly() -> None:
    view = _view()
    candidates = {"0,0": "Here", "1,0": "There"}  # empty hexes of the map being built (RW-4.3)

    async def play() -> tuple[bytes | None, bytes | None, Any]:
        renderers.configure(1)
        live = renderers._POOL
        assert live is not None
        first = await renderers.render_decision_png("runewars", view, candidates)  # starts the worker
        deadline = time.monotonic() + 120
        while not live.ready and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert live.ready, "the worker did not warm up"
        other = dict(candidates, **{"0,0": "Here too"})  # not in the cache: the worker draws it
        second = await renderers.render_decision_png("runewars", view, other)
        assert live.drawn == 1
        return first, second, live

    try:
        first, second, live = asyncio.run(play())
    finally:
        renderers.shutdown()
    assert first is not None and second is not None
    assert first.startswith(b"\x89PNG") and second.startswith(b"\x89PNG")
    assert _size(first) == _size(second)
    assert live.pids, "the warmed worker reported its process id"
    assert not multiprocessing.active_children()
    assert not any(_alive(pid) for pid in live.pids)
    assert renderers._POOL is None


def test_without_a_pool_pictures_are_drawn_in_a_thread_and_cached() -> None:
    renderers.shutdown()
    view = _view()
    cache = renderers._CACHE
    cache.clear()
    hits = cache.hits

    async def twice() -> tuple[bytes | None, bytes | None, bytes | None]:
        a = await renderers.render_decision_png("runewars", view, {"0,0": "Here"})
        b = await renderers.render_decision_png("runewars", view, {"0,0": "Here"})
        c = await renderers.render_decision_png("runewars", view, {"0,0": "Here"}, locale="zh_Hans")
        return a, b, c

    a, b, c = asyncio.run(twice())
    assert a is not None and a == b
    assert cache.hits == hits + 1  # the same prompt's picture is drawn once
    assert c is not None and c != a  # another language is another picture
    assert not multiprocessing.active_children()


def test_registering_a_renderer_empties_the_cache() -> None:
    calls: list[int] = []

    def fake(view: dict[str, Any]) -> bytes:
        calls.append(1)
        return b"one"

    renderers.register("pooltest", fake)
    try:
        assert asyncio.run(renderers.render_png("pooltest", {"x": 1})) == b"one"
        assert asyncio.run(renderers.render_png("pooltest", {"x": 1})) == b"one"
        assert len(calls) == 1
        renderers.register("pooltest", lambda view: b"two")
        assert asyncio.run(renderers.render_png("pooltest", {"x": 1})) == b"two"
    finally:
        renderers.unregister("pooltest")


def test_a_job_that_cannot_be_pickled_is_drawn_in_the_thread() -> None:
    class Live:
        """A names resolver holding something a process cannot receive (a lock, like a client)."""

        def __init__(self) -> None:
            self.lock = asyncio.Lock()

        def name(self, ref: Ref, locale: str) -> str | None:
            return None

    def fake(view: dict[str, Any], *, locale: Any = "en", names: Any = None) -> bytes:
        return b"drawn"

    renderers.register("pooltest", fake)
    try:
        with pytest.raises((pickle.PicklingError, TypeError, AttributeError)):
            pool.dumps(("board", "pooltest", {}, "en", Live()), [])
        assert asyncio.run(renderers.render_png("pooltest", {}, names=Live())) == b"drawn"
    finally:
        renderers.unregister("pooltest")


def test_player_names_travel_as_a_table_without_the_client() -> None:
    class User:
        display_name = "Alice"

    class Client:
        def get_user(self, user_id: int) -> Any:
            return User() if user_id == 7 else None

    class Seat:
        def __init__(self, user_id: int) -> None:
            self.user_id = user_id

    names = PlayerNames(Client(), {0: Seat(7), 1: Seat(8)})
    moved = pickle.loads(pickle.dumps(names))
    assert isinstance(moved, PlayerTable)
    assert moved.name(Ref(kind=PLAYER_KIND, id="0"), "en") == "Alice"
    assert moved.name(Ref(kind=PLAYER_KIND, id="1"), "en") is None


def test_a_game_names_resolver_travels_by_reference() -> None:
    from renderers.words import game_names

    shared = game_names("engine.runewars")
    assert shared is not None
    small = pool.dumps(("board", "runewars", {}, "en", shared), ["runewars"])
    assert len(small) < 500  # not the whole content
    assert pickle.loads(small)[4] is shared


def test_decisions_are_drawn_before_board_pictures() -> None:
    """With every worker busy, a waiting decision picture goes before board pictures queued earlier."""
    order: list[str] = []

    class Stub(pool.RenderPool):
        @property
        def ready(self) -> bool:
            return True

        async def _submit(self, payload: bytes, worker: int = 0) -> bytes | None:
            order.append(payload.decode())
            await asyncio.sleep(0.01)
            return payload

    async def run() -> None:
        stub = Stub(1)
        stub._executors = [object()]  # type: ignore[list-item]  # never used: _submit is stubbed
        first = asyncio.create_task(stub.draw(b"busy", 1))
        await asyncio.sleep(0)
        boards = [asyncio.create_task(stub.draw(f"board{i}".encode(), 1)) for i in range(2)]
        await asyncio.sleep(0)
        decision = asyncio.create_task(stub.draw(b"decision", 0))
        await asyncio.gather(first, *boards, decision)
        assert stub.busy == 0

    asyncio.run(run())
    assert order == ["busy", "decision", "board0", "board1"]


def test_a_games_pictures_go_to_the_same_worker() -> None:
    """Issue 12: each game's pictures are drawn by one worker, where its map layer stays warm (with
    twenty games, a shared queue left each worker's cache of twelve maps cold); pictures of no game
    go to the least loaded worker, and a game's jobs wait for its own worker, the urgent first."""
    drawn: list[tuple[str, int]] = []

    class Stub(pool.RenderPool):
        @property
        def ready(self) -> bool:
            return True

        async def _submit(self, payload: bytes, worker: int = 0) -> bytes | None:
            drawn.append((payload.decode(), worker))
            await asyncio.sleep(0.01)
            return payload

    async def run() -> None:
        stub = Stub(2)
        stub._executors = [object(), object()]  # type: ignore[list-item]  # never used: _submit is stubbed
        assert {stub.worker_for(g) for g in (4, 6, 8)} == {stub.worker_for(4)}  # a game is always one worker's
        assert stub.worker_for(4) != stub.worker_for(5)
        assert stub.worker_for("game-7") == stub.worker_for("game-7")
        jobs = [stub.draw(f"g{g}-{i}".encode(), i % 2, affinity=g) for i in range(3) for g in (4, 5)]
        await asyncio.gather(*jobs, stub.draw(b"loose", 1))
        assert stub.busy == 0

    asyncio.run(run())
    for g in (4, 5):
        workers = {w for what, w in drawn if what.startswith(f"g{g}-")}
        assert len(workers) == 1, (g, drawn)
    mine = [what for what, w in drawn if w == Stub(2).worker_for(4)]
    assert mine[:3] == ["g4-0", "g4-2", "g4-1"]  # a decision (priority 0) waiting goes before a board
    assert any(what == "loose" for what, _ in drawn)


def test_workers_setting() -> None:
    assert pool.workers_from(0) == 0
    assert pool.workers_from(3) == 3
    assert 1 <= pool.workers_from(None) <= pool.MAX_WORKERS
