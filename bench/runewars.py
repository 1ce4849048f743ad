"""Runewars timings: ``python -m bench runewars [games]``.

Prints JSON lines:

* ``apply_mid_game_4p``: apply() p50/p95 in ms over the actions of seeded 4-player
  random games from year 2 on (the mid-game board: every faction's army out, neutrals
  allied, strongholds built). Goal: p50 < 2 ms.
* ``replay``: the time to replay one recorded full game from its seed and action log
  (setup + every apply, no sampling), averaged over the games. Goal: < 1 s.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

import engine
from bench._play import Log, play


def _mid_game(view: dict[str, Any]) -> bool:
    """Year 2 on, in play: every faction's army out (read from the public view, as a bot would)."""
    return int(view.get("year") or 0) >= 2 and view.get("phase") == "play"


def _play(rs: Any, seed: int, players: int, timings: list[float] | None) -> tuple[Log, bool]:
    return play(rs, seed, players, timings, _mid_game)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 4
    rs = engine.ruleset("runewars")
    timings: list[float] = []
    logs = []
    finished = 0
    for i in range(games):
        log, done = _play(rs, 500 + i, 4, timings)
        finished += int(done)
        logs.append((500 + i, log))
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))] if timings else 0.0
    print(
        json.dumps(
            {
                "bench": "runewars",
                "metric": "apply_mid_game_4p",
                "games": games,
                "finished": finished,
                "actions": len(timings),
                "p50_ms": round(statistics.median(timings), 3) if timings else None,
                "p95_ms": round(p95, 3),
                "goal_p50_ms": 2.0,
            }
        )
    )
    replay: list[float] = []
    for seed, log in logs:
        start = time.perf_counter()
        state = rs.setup({"players": 4}, seed)
        for seat, action in log:
            state, _ = rs.apply(state, seat, action)
        replay.append(time.perf_counter() - start)
    print(
        json.dumps(
            {
                "bench": "runewars",
                "metric": "replay",
                "games": len(replay),
                "actions_per_game": round(statistics.mean(len(log) for _, log in logs), 1),
                "mean_s": round(statistics.mean(replay), 3),
                "max_s": round(max(replay), 3),
                "goal_s": 1.0,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
