"""Runewars' configuration of the kernel flow engine (engine/core/flow.py).

Why a queue of small steps: Runewars interleaves decisions of many kinds (a Mobilize
card can lead to a diplomacy draw, a neutral retreat chosen by the player on the left,
a battle with its own sub-prompts, then a second activation). Each decision is one
``Step`` at the front of ``state.steps``; automatic steps run as soon as they reach the
front. A step kind registers up to four functions on ``FLOW``:

* ``auto(state, step) -> events`` for steps that need nobody (they are popped first);
* ``prompts(state, step) -> prompts`` for decision steps (``decision(kind, *accepted types)``);
* ``apply(state, step, seat, action) -> events``; it pops its step with ``done``;
* ``sample(state, step, seat, rng) -> action`` for structured prompts (the simulator).

The names below are bound to the game's ``Flow`` so the rule modules keep importing
``auto``, ``decision``, ``push``, ``step`` … from here; ``advance(state, on_empty, check)``
refills an empty queue with the next season and runs the victory check (RW-28.1 / AMB-53)
before the first and after every automatic step.

Response windows (the kernel's ``FLOW.window`` / ``FLOW.closes`` / ``open_window`` /
``answer_window``): the own-turn tactics window (turn/orders.py, RW-30.2) and the start-of-battle
tactics window (turn/movement.py, RW-14.3 / P-40). No Runewars module keeps its own list of seats
to poll; the ruleset reports a window's ``asked()`` seats as the ones who may act.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import Flow, need
from engine.runewars.state import RunewarsState, Step

FLOW: Flow[RunewarsState, Step] = Flow(
    "runewars", Step, lambda state, kind: state.new_key(kind), lambda state: state.phase == "over"
)

# The registries, by their historical names (the ruleset dispatches through them).
AUTO = FLOW.autos
PROMPTS = FLOW.prompters
APPLY = FLOW.appliers
SAMPLE = FLOW.samplers
ACCEPTS = FLOW.accepts

auto = FLOW.auto
decision = FLOW.decision
applies = FLOW.applies
sampler = FLOW.sampler
push = FLOW.push
push_after_current = FLOW.push_after_current
done = FLOW.done
current = FLOW.current
advance = FLOW.advance


def step(state: RunewarsState, kind: str, seat: int | None = None, **data: Any) -> Step:
    """A new step of ``kind`` with a fresh key; ``data`` holds the kind's own fields."""
    return FLOW.new(state, kind, seat, **data)


__all__ = [
    "ACCEPTS",
    "APPLY",
    "AUTO",
    "FLOW",
    "PROMPTS",
    "SAMPLE",
    "advance",
    "applies",
    "auto",
    "current",
    "decision",
    "done",
    "need",
    "push",
    "push_after_current",
    "sampler",
    "step",
]
