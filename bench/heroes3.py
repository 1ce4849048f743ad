"""Heroes III combat apply-time benchmark: ``python -m bench heroes3 [games]``.

Plays seeded skirmish combats (duels, sieges and neutral fields in turn) with the engine's own
sampler and times ``apply()`` for the actions taken after placement, i.e. mid-combat (issue 15's
goal: p50 under 2 ms). Prints one JSON line with p50/p95 in milliseconds.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

import engine

MODES: tuple[dict[str, object], ...] = (
    {"mode": "duel"},
    {"mode": "siege"},
    {"mode": "neutral", "field_level": 4, "difficulty": "hard"},
    {"mode": "neutral", "neutral_ai": True, "field_level": 5, "difficulty": "normal", "mp": 4},
)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 20
    rs = engine.ruleset("heroes3-skirmish")
    timings: list[float] = []
    finished = 0
    for i in range(games):
        rng = random.Random(2000 + i)
        options = dict(MODES[i % len(MODES)])
        state = rs.setup(options, 2000 + i)
        for _ in range(5000):
            if rs.result(state) is not None:
                finished += 1
                break
            prompts = rs.prompts(state)
            prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
            action = rs.sample_action(state, prompt.seat, rng)
            combat = getattr(state, "combat", None)
            mid = combat is not None and combat.round >= 1
            start = time.perf_counter()
            state, _ = rs.apply(state, prompt.seat, action)
            if mid:
                timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
    print(
        json.dumps(
            {
                "bench": "heroes3",
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
