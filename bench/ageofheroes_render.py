"""Age of Heroes picture benchmark: ``python -m bench ageofheroes_render [games] [every]``.

Plays seeded random 4- and 6-player games with the engine's own sampler, renders the
public view of every ``every``-th state (and the last) with ``render_tableau`` and
prints one JSON line with picture time p50/p95 in milliseconds (wall clock and CPU).
The goal is a p50 under 200 ms on the 2-core bot machine.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

import engine
from renderers.ageofheroes import render_tableau


def _views(rs: Any, players: int, seed: int, every: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    state = rs.setup({"players": players}, seed)
    views = [rs.view(state, None)]
    steps = 0
    while rs.result(state) is None and steps < 20000:
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        state, _ = rs.apply(state, prompt.seat, rs.sample_action(state, prompt.seat, rng))
        steps += 1
        if steps % every == 0:
            views.append(rs.view(state, None))
    views.append(rs.view(state, None))
    return views


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[int(q * (len(ordered) - 1))], 1) if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 1
    every = int(args[1]) if len(args) > 1 else 10
    rs = engine.ruleset("ageofheroes")
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    per_count: dict[str, float] = {}
    for players in (4, 6):
        mine: list[float] = []
        for g in range(games):
            views = _views(rs, players, 500 + 17 * g + players, every)
            render_tableau(views[0])  # the first picture of a table also builds its cached layer
            for view in views:
                w0, c0 = time.perf_counter(), time.process_time()
                png = render_tableau(view)
                wall.append((time.perf_counter() - w0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                mine.append(wall[-1])
                sizes.append(len(png))
        per_count[f"p50_ms_{players}p"] = round(statistics.median(mine), 1) if mine else 0.0
    print(
        json.dumps(
            {
                "bench": "ageofheroes_render",
                "pictures": len(wall),
                "p50_ms": round(statistics.median(wall), 1) if wall else 0.0,
                "p95_ms": _pct(wall, 0.95),
                "cpu_p50_ms": round(statistics.median(cpu), 1) if cpu else 0.0,
                "cpu_p95_ms": _pct(cpu, 0.95),
                **per_count,
                "png_kb_p50": round(statistics.median(sizes) / 1024, 1) if sizes else 0.0,
                "goal_p50_ms": 200,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
