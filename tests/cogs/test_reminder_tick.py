"""What a reminder tick costs (issue 19): a tick reads the stored rows and each game's waiting seats,
and rebuilds a game's state only when its log moved while it was out of the store's cache. Counted in
state rebuilds and loads, never in time (the test machine is shared). Its decisions stay exactly those
of a tick that loads every game."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cogs import reminders
from cogs.reminders import STALL_MARK, Plan, Reminders, default_failed_mark, plan_reminders
from store import GameStore
from tests.cogs.test_reminders import T0, FakeBot, FakeReferee
from tests.pg.server import create_database, pg_server
from tests.support.highcard import HIGHCARD

__all__ = ["pg_server"]


@pytest.fixture(params=["sqlite", "postgresql"])
async def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new store of each backend: the tick's queries and its stored rows behave alike on both."""
    if request.param == "sqlite":
        return str(tmp_path / "t.sqlite3")
    return await create_database(request.getfixturevalue("pg_server"))


def _cog(store: GameStore, now: list[datetime]) -> Reminders:
    return Reminders(FakeBot(), FakeReferee(store, lambda: now[0]), clock=lambda: now[0])  # type: ignore[arg-type]  # stand-ins with only what a pass uses


class Counted:
    """Counts the store's state rebuilds (snapshot plus replay) and loads."""

    def __init__(self, store: GameStore) -> None:
        self.rebuilds = 0
        self.loads = 0
        state_at, load = store._state_at, store.load

        async def counted_state_at(*args: Any, **kwargs: Any) -> Any:
            self.rebuilds += 1
            return await state_at(*args, **kwargs)

        async def counted_load(*args: Any, **kwargs: Any) -> Any:
            self.loads += 1
            return await load(*args, **kwargs)

        store._state_at = counted_state_at  # type: ignore[method-assign]  # counting wrapper, same behaviour
        store.load = counted_load  # type: ignore[method-assign]  # counting wrapper, same behaviour

    def take(self) -> tuple[int, int]:
        out = (self.rebuilds, self.loads)
        self.rebuilds = self.loads = 0
        return out


async def _games(store: GameStore, count: int) -> list[int]:
    ids = []
    for i in range(count):
        game = await store.create_game(1, 2, "highcard", {"players": 2, "rounds": 3}, created_by=10)
        await store.join(game.id, 10)
        await store.join(game.id, 11)
        await store.start(game.id, 10, seed=f"tick-{i}")
        await store.update_settings(game.id, reminder_minutes=60)
        ids.append(game.id)
    return ids


async def _act(store: GameStore, game_id: int, rng: random.Random) -> None:
    loaded = await store.load(game_id)
    assert loaded.state is not None
    prompt = rng.choice([p for p in loaded.prompts if p.waiting])
    user = next(s.user_id for s in loaded.seats if s.seat == prompt.seat)
    await store.act(game_id, user, HIGHCARD.sample_action(loaded.state, prompt.seat, rng), seat=prompt.seat)


async def test_an_idle_tick_rebuilds_no_state_and_a_played_game_comes_from_the_cache(where: str) -> None:
    now = [T0]
    store = await GameStore.open(where, clock=lambda: now[0], cache_size=1)
    try:
        a, b, c = await _games(store, 3)
        cog = _cog(store, now)
        counted = Counted(store)
        await cog.run_once(T0 + timedelta(minutes=1))
        assert counted.take() == (2, 2)  # the first tick reads the two games out of the cache of one
        for minute in (2, 3, 4):
            assert await cog.run_once(T0 + timedelta(minutes=minute)) == []
            assert counted.take() == (0, 0)  # nothing moved: no load, no replay
        rng = random.Random(3)
        await _act(store, a, rng)  # ``a`` is now the cached game
        counted.take()
        await cog.run_once(T0 + timedelta(minutes=5))
        assert counted.take() == (0, 0)  # its new prompts come from the cached state
        await _act(store, b, rng)
        await _act(store, c, rng)  # ``c`` pushes ``b`` out of the cache
        counted.take()
        await cog.run_once(T0 + timedelta(minutes=6))
        assert counted.take() == (1, 1)  # only ``b`` moved while out of the cache
    finally:
        await store.close()


async def test_the_waiting_seats_are_stored_so_a_restarted_process_ticks_without_rebuilding(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [T0]
    store = await GameStore.open(where, clock=lambda: now[0], cache_size=1)
    try:
        await _games(store, 3)
        await _cog(store, now).run_once(T0 + timedelta(minutes=1))
    finally:
        await store.close()
    # Another process (or the same bot restarted, its cache empty) decides from the stored rows.
    store = await GameStore.open(where, clock=lambda: now[0], cache_size=1)
    try:
        counted = Counted(store)
        assert await _cog(store, now).run_once(T0 + timedelta(minutes=2)) == []
        assert counted.take() == (0, 0)
        # Rows computed by other rules code (before an upgrade) are not trusted: read once more, then stored.
        monkeypatch.setattr(reminders, "rules_fingerprint", lambda: "another-engine")
        await _cog(store, now).run_once(T0 + timedelta(minutes=3))
        assert counted.take() == (3, 3)
        await _cog(store, now).run_once(T0 + timedelta(minutes=4))
        assert counted.take() == (0, 0)
    finally:
        await store.close()


async def _reference(store: GameStore, now: datetime) -> list[tuple[int, Plan]]:
    """What the tick decided before it was made cheap: load every game, read each mark on its own."""
    out: list[tuple[int, Plan]] = []
    for game in await store.list_games(statuses=["active"]):
        loaded = await store.load(game.id)
        asked = {p.seat for p in loaded.prompts}
        marks = asked | {STALL_MARK} | {default_failed_mark(s) for s in asked if s >= 0}
        last = {seat: await store.last_reminded(game.id, seat) for seat in marks}
        plans = plan_reminders(
            now,
            status=game.status,
            settings=game.settings,
            waiting_since=game.last_action_at or game.updated_at,
            prompts=loaded.prompts,
            last_reminded=last,
        )
        out += [(game.id, p) for p in plans]
    return out


async def test_a_cheap_tick_decides_exactly_what_loading_every_game_decides(where: str) -> None:
    now = [T0]
    store = await GameStore.open(where, clock=lambda: now[0], cache_size=2)
    try:
        games = await _games(store, 4)
        await store.update_settings(games[3], deadline_hours=3)
        await store.set_status(games[2], "paused", 10, "break")
        cog = _cog(store, now)
        rng = random.Random(9)
        decided = 0
        for minutes in range(0, 6 * 60, 20):
            now[0] = T0 + timedelta(minutes=minutes)
            if minutes % 100 == 0:  # someone plays now and then, moving their game's wait
                await _act(store, games[minutes // 100 % 2], rng)
            if minutes == 200:
                await store.set_status(games[2], "active", 10, "back")
            expected = await _reference(store, now[0])
            assert await cog.run_once(now[0]) == expected
            decided += len(expected)
        assert decided >= 6  # pings and a stall notice happened, not only empty passes
    finally:
        await store.close()
