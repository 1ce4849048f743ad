"""One seeded random game, timed: what the per-game benches share.

Every seat plays ``sample_action`` (the GM seat its first option), like ``engine.sim`` but
without the invariant checks, so the timings are the engine's alone.
"""

from __future__ import annotations

import random
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
