"""Age of Heroes apply-time benchmark: ``python -m bench ageofheroes``.

Plays seeded random games with the engine's own sampler (no invariant checks) and
prints one JSON line with apply() p50/p95 in milliseconds.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

import engine


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 5
    rs = engine.ruleset("ageofheroes")
    timings: list[float] = []
    finished = 0
    for i in range(games):
        rng = random.Random(1000 + i)
        state = rs.setup({"players": 2 + i % 5}, 1000 + i)
        for _ in range(20000):
            if rs.result(state) is not None:
                finished += 1
                break
            prompts = rs.prompts(state)
            waiting = [p for p in prompts if p.waiting] or prompts
            prompt = rng.choice(waiting)
            action = rs.sample_action(state, prompt.seat, rng)
            start = time.perf_counter()
            state, _ = rs.apply(state, prompt.seat, action)
            timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
    print(
        json.dumps(
            {
                "bench": "ageofheroes",
                "games": games,
                "finished": finished,
                "applies": len(timings),
                "apply_ms_p50": round(statistics.median(timings), 3) if timings else 0.0,
                "apply_ms_p95": round(p95, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
