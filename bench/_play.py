"""One seeded random game, timed: what the per-game benches share.

Every seat plays ``sample_action`` (the GM seat its first option), like ``engine.sim`` but
without the invariant checks, so the timings are the engine's alone.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.core.prompts import GM_SEAT

Log = list[tuple[int, dict[str, Any]]]


def play(
    rs: Any,
    seed: int,
    players: int,
    timings: list[float] | None,
    mid_game: Callable[[dict[str, Any]], bool],
) -> tuple[Log, bool]:
    """Play a game to its end (or 20,000 actions); return the (seat, action) log and whether it
    finished. With ``timings``, each apply's milliseconds are appended while ``mid_game`` holds
    for the public view after it (read from the view, as a bot would)."""
    rng = random.Random(seed)
    state = rs.setup({"players": players}, seed)
    log: Log = []
    for _ in range(20000):
        if rs.result(state) is not None:
            return log, True
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        if prompt.seat == GM_SEAT:
            action = dict(prompt.options[0].action)
        else:
            action = rs.sample_action(state, prompt.seat, rng)
        start = time.perf_counter()
        state, _ = rs.apply(state, prompt.seat, action)
        elapsed = time.perf_counter() - start
        if timings is not None and mid_game(rs.view(state, None)):
            timings.append(elapsed * 1000)
        log.append((prompt.seat, action))
    return log, False


def apply_and_replay(
    name: str,
    rs: Any,
    games: int,
    *,
    apply_seed: int,
    apply_players: int,
    replay_seed: int,
    replay_players: int,
    mid_game: Callable[[dict[str, Any]], bool],
) -> list[dict[str, Any]]:
    """The two figures every game engine reports: apply() p50/p95 in ms over mid-game actions of
    seeded ``apply_players`` games (goal p50 < 2 ms), and the time to replay a recorded full game
    from its seed and action log (goal < 1 s). Returns the two JSON-ready lines."""
    timings: list[float] = []
    finished = 0
    for i in range(games):
        _log, done = play(rs, apply_seed + i, apply_players, timings, mid_game)
        finished += int(done)
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
    logs = [(replay_seed + i, play(rs, replay_seed + i, replay_players, None, mid_game)[0]) for i in range(games)]
    replay: list[float] = []
    for seed, log in logs:
        start = time.perf_counter()
        state = rs.setup({"players": replay_players}, seed)
        for seat, action in log:
            state, _ = rs.apply(state, seat, action)
        replay.append(time.perf_counter() - start)
    return [
        {
            "bench": name,
            "metric": f"apply_mid_game_{apply_players}p",
            "games": games,
            "finished": finished,
            "actions": len(timings),
            "p50_ms": round(statistics.median(timings), 3) if timings else None,
            "p95_ms": round(p95, 3),
            "goal_p50_ms": 2.0,
        },
        {
            "bench": name,
            "metric": "replay",
            "games": len(replay),
            "actions_per_game": round(statistics.mean(len(log) for _, log in logs), 1),
            "mean_s": round(statistics.mean(replay), 3),
            "max_s": round(max(replay), 3),
            "goal_s": 1.0,
        },
    ]
