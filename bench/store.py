"""Store throughput and load time: ``python -m bench store``.

Figures (one JSON line each):

Rates are medians over alternating rounds (``--rounds`` of ``--actions / --rounds``).

- ``raw_commits_per_s``: a plain aiosqlite loop, one INSERT and one COMMIT per row,
  writing the same row into the same log table (same indexes) as ``act``;
  ``bare_raw_commits_per_s`` is the same loop on a minimal table.
- ``act_commits_per_s``: ``GameStore.act`` on one game of the test ruleset, each
  call a full lock, engine apply, log append and commit; ``act_vs_raw`` is the
  ratio (goal: at least 0.5); ``act_vs_bare_raw`` against the minimal table.
- ``engine_only_us_per_action`` / ``store_overhead_us_per_action``: the same picks
  through the engine alone, and what ``act`` adds on top (lock, log write, commit,
  cache), next to ``raw_us_per_commit``.
- ``cold_load_ms``: ``GameStore.load`` of a 2,000-action game with an empty cache
  (snapshot plus tail replay), median and worst of several runs (goal: under 150 ms).

Both loops use the same durability, WAL with ``synchronous=NORMAL``: every
commit has reached the WAL file when COMMIT returns, so an acknowledged action
survives the process being killed (tests/store/test_crash.py kills it to check);
only an OS crash or power cut can lose the newest commits.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiosqlite

import engine
from bench.loop import on_bot_loop
from store import GameStore, LoadedGame, schema
from tests.support.highcard import HIGHCARD, HighCardState

PLAYERS = (101, 102, 103, 104)
# The raw loops' log row: what ``act`` writes for a High Card pick, so the floor inserts the same bytes.
RAW_ACTION = json.dumps({"type": "pick", "card": "ruby-01", "lock": False})
RAW_EVENTS = json.dumps([{"kind": "locked", "text": "Seat 1 has locked in.", "data": {"seat": 0}}])
RAW_AT = "2024-01-01T00:00:00.000000+00:00"


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    print(json.dumps({"bench": "store", "figure": figure, "value": round(value, 3), "unit": unit, **extra}))


class RawLoop:
    """The floor: one INSERT and one COMMIT per action row through aiosqlite, nothing else.

    ``layout="store"`` writes the very row ``act`` writes into the store's own log
    table (same primary key, same interaction-id index), so the comparison shows
    what the store adds on top of storing the action. ``layout="bare"`` is a
    minimal table with only a primary key, the cheapest commit SQLite can do.
    """

    def __init__(self, conn: aiosqlite.Connection, layout: str) -> None:
        self.conn = conn
        self.layout = layout
        self.seq = 0

    @classmethod
    async def open(cls, path: Path, layout: str) -> RawLoop:
        if layout == "store":
            with sqlite3.connect(str(path), isolation_level=None) as setup:
                schema.migrate(setup)
            setup.close()
        conn = await aiosqlite.connect(str(path))
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        if layout == "bare":
            await conn.execute(
                "CREATE TABLE log (game_id INTEGER, seq INTEGER, action TEXT, events TEXT, interaction_id TEXT,"
                " at TEXT, PRIMARY KEY (game_id, seq)) WITHOUT ROWID"
            )
        await conn.commit()
        return cls(conn, layout)

    async def run(self, count: int) -> float:
        """Seconds taken to commit ``count`` rows."""
        action, events, at = RAW_ACTION, RAW_EVENTS, RAW_AT
        started = time.perf_counter()
        for _ in range(count):
            self.seq += 1
            if self.layout == "store":
                await self.conn.execute(
                    "INSERT INTO log (game_id, seq, kind, seat, user_id, action, events, interaction_id, revealed,"
                    " parent, depth, head, at) VALUES (1, ?, 'action', 0, 101, ?, ?, ?, 0, ?, ?, ?, ?)",
                    (self.seq, action, events, f"raw-{self.seq}", self.seq - 1, self.seq, self.seq, at),
                )
            else:
                await self.conn.execute(
                    "INSERT INTO log (game_id, seq, action, events, interaction_id, at) VALUES (1, ?, ?, ?, ?, ?)",
                    (self.seq, action, events, f"raw-{self.seq}", at),
                )
            await self.conn.commit()
        return time.perf_counter() - started

    async def close(self) -> None:
        await self.conn.close()


async def new_game(store: GameStore) -> int:
    game = await store.create_game(1, 1, "highcard", {"rounds": 10, "hand_size": 6}, PLAYERS[0])
    for user in PLAYERS:
        await store.join(game.id, user)
    await store.start(game.id, PLAYERS[0], seed="bench")
    return game.id


def _state(loaded: LoadedGame) -> HighCardState:
    """The state of a game the bench started (``new_game``): a game without one is a broken bench."""
    if not isinstance(loaded.state, HighCardState):
        raise RuntimeError(f"game {loaded.game.id} has no High Card state: {type(loaded.state).__name__}")
    return loaded.state


def _hands(state: HighCardState, seats: int) -> list[list[str]]:
    """Each seat's hand, read from its own view; un-locked picks never change a hand, so one look serves a run."""
    return [list(HIGHCARD.view(state, seat)["hand"]) for seat in range(seats)]


async def play(store: GameStore, game_id: int, count: int, start: int = 0) -> float:
    """Seconds taken by ``count`` un-locked picks: legal in any order, so the game never ends."""
    loaded = await store.load(game_id)
    hands = _hands(_state(loaded), len(loaded.seats))
    users = {s.seat: s.user_id for s in loaded.seats}
    started = time.perf_counter()
    for i in range(start, start + count):
        seat = i % len(users)
        card = hands[seat][(i // len(users)) % len(hands[seat])]
        await store.act(
            game_id, users[seat], {"type": "pick", "card": card, "lock": False}, interaction_id=f"bench-{game_id}-{i}"
        )
    return time.perf_counter() - started


async def engine_only(store: GameStore, game_id: int, count: int, start: int = 0) -> float:
    """Seconds the engine alone needs for the same picks: apply, and the prompts an outcome
    carries (which, as in the store, the next apply reuses for its turn check)."""
    loaded = await store.load(game_id)
    state = _state(loaded)
    prompts = HIGHCARD.prompts(state)
    users = len(loaded.seats)
    hands = _hands(state, users)
    started = time.perf_counter()
    for i in range(start, start + count):
        seat = i % users
        card = hands[seat][(i // users) % len(hands[seat])]
        state, _events = HIGHCARD.apply(state, seat, {"type": "pick", "card": card, "lock": False}, prompts=prompts)
        prompts = HIGHCARD.prompts(state)
    return time.perf_counter() - started


async def cold_loads(path: Path, game_id: int, runs: int) -> list[float]:
    store = await GameStore.open(str(path))
    try:
        times = []
        for _ in range(runs):
            store.cache.clear()
            started = time.perf_counter()
            await store.load(game_id)
            times.append((time.perf_counter() - started) * 1000)
        return times
    finally:
        await store.close()


async def run(count: int, rounds: int, load_actions: int, runs: int) -> None:
    engine.register(HIGHCARD)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        raw = await RawLoop.open(folder / "raw.db", "store")
        bare = await RawLoop.open(folder / "bare.db", "bare")
        store = await GameStore.open(str(folder / "store.db"))
        try:
            game_id = await new_game(store)
            await play(store, game_id, 200)  # warm-up
            await raw.run(200)
            await bare.run(200)
            # Alternate short rounds so every loop sees the same machine load; the thread
            # hand-offs behind every aiosqlite call swing from tens to hundreds of
            # microseconds on a busy machine, so the rates come from per-round medians.
            raw_rounds: list[float] = []
            bare_rounds: list[float] = []
            act_rounds: list[float] = []
            engine_rounds: list[float] = []
            per_round = max(1, count // rounds)
            done = 200
            loops: list[tuple[list[float], Callable[[int], Awaitable[float]]]] = [
                (raw_rounds, raw.run),
                (bare_rounds, bare.run),
                (act_rounds, lambda n: play(store, game_id, n, start=done)),
                (engine_rounds, lambda n: engine_only(store, game_id, n, start=done)),
            ]
            for number in range(rounds):
                # Each round starts with a different loop: whichever runs first after another
                # loop's long stretch finds its database thread asleep and pays to wake it.
                for times, loop in loops[number % 4 :] + loops[: number % 4]:
                    times.append(await loop(per_round))
                done += per_round
            big = await new_game(store)
            await play(store, big, load_actions)
            tail = await new_game(store)  # the worst case: a full tail to replay after the last snapshot
            await play(store, tail, load_actions + 49)
        finally:
            await store.close()
            await raw.close()
            await bare.close()
        total = per_round * rounds
        raw_s, bare_s, act_s, engine_s = (
            statistics.median(r) / per_round for r in (raw_rounds, bare_rounds, act_rounds, engine_rounds)
        )
        raw_rate, bare_rate, act_rate = 1 / raw_s, 1 / bare_s, 1 / act_s
        emit("raw_commits_per_s", raw_rate, "1/s", rows=total, layout="the store's log table and indexes")
        emit("bare_raw_commits_per_s", bare_rate, "1/s", rows=total, layout="minimal table, primary key only")
        emit("act_commits_per_s", act_rate, "1/s", actions=total)
        emit("act_vs_raw", act_rate / raw_rate, "ratio", goal=">= 0.5", met=act_rate / raw_rate >= 0.5)
        emit("act_vs_bare_raw", act_rate / bare_rate, "ratio", goal=">= 0.5", met=act_rate / bare_rate >= 0.5)
        # Where an act's time goes: the engine's own work, and everything the store adds on top.
        emit("engine_only_us_per_action", engine_s * 1e6, "us")
        emit("store_overhead_us_per_action", (act_s - engine_s) * 1e6, "us")
        emit("raw_us_per_commit", raw_s * 1e6, "us")
        emit("bare_raw_us_per_commit", bare_s * 1e6, "us")
        times = await cold_loads(folder / "store.db", big, runs)
        median = statistics.median(times)
        emit("cold_load_ms", median, "ms", actions=load_actions, runs=runs, goal="< 150", met=median < 150)
        emit("cold_load_worst_ms", max(times), "ms", actions=load_actions, runs=runs)
        times = await cold_loads(folder / "store.db", tail, runs)
        median = statistics.median(times)
        emit("cold_load_49_tail_ms", median, "ms", actions=load_actions + 49, runs=runs, goal="< 150", met=median < 150)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench store", description=__doc__)
    parser.add_argument("--actions", type=int, default=3000, help="commits timed in each loop")
    parser.add_argument("--rounds", type=int, default=30, help="alternations between the two loops")
    parser.add_argument("--load-actions", type=int, default=2000, help="size of the game whose cold load is timed")
    parser.add_argument("--runs", type=int, default=7, help="cold loads timed")
    args = parser.parse_args(argv)
    on_bot_loop(run(args.actions, args.rounds, args.load_actions, args.runs))
    return 0
