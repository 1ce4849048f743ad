"""Heroes III benchmarks: ``python -m bench heroes3 [games]``.

The combat part plays seeded skirmish combats (duels, sieges and neutral fields in turn) with the
engine's own sampler and times ``apply()`` for the actions taken after placement, i.e.
mid-combat (issue 15's goal: p50 under 2 ms). The Clash part (issue 16) times ``apply()`` on
a 3-player game from round 5 on (goal: p50 under 2 ms) and the replay of a whole logged 2-player
game from its seed (goal: under 1 s). The Cooperative part times the apply that runs the AI
enemy's turn (H3-41.4). Prints one JSON line.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import engine
from engine.core import RuleViolation

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
    out: dict[str, object] = {
        "bench": "heroes3",
        "games": games,
        "finished": finished,
        "applies": len(timings),
        "apply_ms_p50": round(statistics.median(timings), 3) if timings else 0.0,
        "apply_ms_p95": round(p95, 3),
    }
    out.update(clash(max(1, games // 10)))
    out.update(cooperative(max(2, games // 5)))
    print(json.dumps(out))
    return 0


def _play(
    rs: Any, options: dict[str, Any], seed: int, mid_round: int, only: Callable[[list[Any]], bool] | None = None
) -> tuple[list[tuple[int, dict[str, Any]]], list[float]]:
    """Play one seeded Clash game with the sampler; return its action log and the apply times
    (milliseconds) of the actions taken from round ``mid_round`` on (``only``: of those whose events
    it accepts)."""
    rng = random.Random(seed)
    state = rs.setup(options, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    timings: list[float] = []
    for _ in range(20000):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        action = rs.sample_action(state, prompt.seat, rng) if prompt.seat >= 0 else dict(prompt.options[0].action)
        start = time.perf_counter()
        try:
            state, events = rs.apply(state, prompt.seat, action)
        except RuleViolation:
            continue
        if state.round >= mid_round and (only is None or only(events)):
            timings.append((time.perf_counter() - start) * 1000)
        log.append((prompt.seat, action))
    return log, timings


def clash(games: int) -> dict[str, object]:
    """Issue 16: apply p50 on mid-game 3-player states; replay of a full 2-player game."""
    rs = engine.ruleset("heroes3")
    timings: list[float] = []
    for i in range(games):
        timings += _play(rs, {"players": 3}, 3000 + i, 5)[1]
    log, _ = _play(rs, {"players": 2}, 4000, 99)
    start = time.perf_counter()
    state = rs.setup({"players": 2}, 4000)
    for seat, action in log:
        state, _ = rs.apply(state, seat, action)
    replay = time.perf_counter() - start
    timings.sort()
    return {
        "clash_applies": len(timings),
        "clash_apply_ms_p50": round(statistics.median(timings), 3) if timings else 0.0,
        "clash_apply_ms_p95": round(timings[int(0.95 * (len(timings) - 1))], 3) if timings else 0.0,
        "clash_replay_actions": len(log),
        "clash_replay_s": round(replay, 3),
        "clash_replay_finished": rs.result(state) is not None,
    }


def cooperative(games: int) -> dict[str, object]:
    """H3-41.4: the apply that runs the AI enemy's turn (every AI hero's moves, up to the first
    question or combat) in 2-player Cooperative games, against the other applies of those games."""
    rs = engine.ruleset("heroes3")
    ai_turns: list[float] = []
    others: list[float] = []
    for i in range(games):
        options = {"players": 2, "mode": "cooperative"}
        ai_turns += _play(rs, options, 5000 + i, 1, lambda ev: any(e.kind == "h3_ai_turn" for e in ev))[1]
        others += _play(rs, options, 5000 + i, 1, lambda ev: not any(e.kind == "h3_ai_turn" for e in ev))[1]
    ai_turns.sort()
    others.sort()
    return {
        "coop_games": games,
        "coop_ai_turns": len(ai_turns),
        "coop_ai_turn_apply_ms_p50": round(statistics.median(ai_turns), 3) if ai_turns else 0.0,
        "coop_ai_turn_apply_ms_max": round(ai_turns[-1], 3) if ai_turns else 0.0,
        "coop_other_apply_ms_p50": round(statistics.median(others), 3) if others else 0.0,
    }


if __name__ == "__main__":
    sys.exit(main())
