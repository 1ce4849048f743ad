"""Helpers for the rule-coverage scenario tests: run the real setup, and walk a turn to a prompt.

They only drive the public ruleset (``setup``, ``prompts``, ``apply``, ``sample_action``), so a
scenario test exercises exactly what a Discord player would.
"""

from __future__ import annotations

import random
from typing import Any

from engine.runewars.state import RunewarsState

from .flow_support import RS, act, front, prompt


def play_setup(players: int, seed: int, stop_at: str | None = None, **opts: Any) -> RunewarsState:
    """Answer setup prompts at random until play begins, or until the front step is ``stop_at``."""
    rng = random.Random(seed)
    s = RS.setup({"players": players, **opts}, seed)
    while s.phase == "setup" and front(s) != stop_at:
        p = rng.choice([p for p in RS.prompts(s) if p.waiting])
        s = act(s, p.seat, RS.sample_action(s, p.seat, rng))
    return s


def skip_to(state: RunewarsState, seat: int, rule: str, limit: int = 12) -> RunewarsState:
    """Pass ("-") optional windows of ``seat`` until its prompt cites ``rule``."""
    for _ in range(limit):
        if prompt(state, seat).rule == rule:
            return state
        state = act(state, seat, {"type": "rw_choose", "value": "-"})
    raise AssertionError(f"no {rule} prompt for seat {seat}; front step {front(state)}")
