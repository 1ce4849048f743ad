"""The step queue that drives a game: registration of step kinds, pushing, advancing.

Why a queue of small steps: Runewars interleaves decisions of many kinds (a Mobilize
card can lead to a diplomacy draw, a neutral retreat chosen by the player on the left,
a battle with its own sub-prompts, then a second activation). Each decision is one
``Step`` at the front of ``state.steps``; automatic steps run as soon as they reach the
front. A step kind registers up to four functions:

* ``auto(state, step) -> events`` for steps that need nobody (they are popped first);
* ``prompts(state, step) -> prompts`` for decision steps;
* ``apply(state, step, seat, action) -> events``; it pops its step with ``done``;
* ``sample(state, step, seat, rng) -> action`` for structured prompts (the simulator).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import Event, Prompt, RuleViolation
from engine.runewars.state import RunewarsState, Step

AutoFn = Callable[[RunewarsState, Step], list[Event]]
PromptFn = Callable[[RunewarsState, Step], list[Prompt]]
ApplyFn = Callable[[RunewarsState, Step, int, Any], list[Event]]
SampleFn = Callable[[RunewarsState, Step, int, random.Random], dict[str, Any]]

AUTO: dict[str, AutoFn] = {}
PROMPTS: dict[str, PromptFn] = {}
APPLY: dict[str, ApplyFn] = {}
SAMPLE: dict[str, SampleFn] = {}
# Which action types each decision step accepts (checked before its apply runs).
ACCEPTS: dict[str, tuple[str, ...]] = {}


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    def deco(fn: AutoFn) -> AutoFn:
        AUTO[kind] = fn
        return fn

    return deco


def decision(kind: str, *accepts: str) -> Callable[[PromptFn], PromptFn]:
    def deco(fn: PromptFn) -> PromptFn:
        PROMPTS[kind] = fn
        ACCEPTS[kind] = accepts
        return fn

    return deco


def applies(kind: str) -> Callable[[ApplyFn], ApplyFn]:
    def deco(fn: ApplyFn) -> ApplyFn:
        APPLY[kind] = fn
        return fn

    return deco


def sampler(kind: str) -> Callable[[SampleFn], SampleFn]:
    def deco(fn: SampleFn) -> SampleFn:
        SAMPLE[kind] = fn
        return fn

    return deco


def step(state: RunewarsState, kind: str, seat: int | None = None, **data: Any) -> Step:
    return Step(kind=kind, key=state.new_key(kind), seat=seat, data=data)


def push(state: RunewarsState, *steps: Step) -> None:
    """Put ``steps`` at the front of the queue, in the order given."""
    state.steps[0:0] = list(steps)


def push_after_current(state: RunewarsState, *steps: Step) -> None:
    """Insert right behind the front step (used by a handler that stays at the front)."""
    state.steps[1:1] = list(steps)


def done(state: RunewarsState, st: Step) -> None:
    """Pop ``st`` from the queue (a handler finishing its own decision)."""
    for i, s in enumerate(state.steps):
        if s.key == st.key:
            del state.steps[i]
            return


def current(state: RunewarsState) -> Step | None:
    return state.steps[0] if state.steps else None


def advance(
    state: RunewarsState,
    on_empty: Callable[[RunewarsState], list[Event]],
    check: Callable[[RunewarsState], list[Event]],
) -> list[Event]:
    """Run automatic steps until a decision (or the end of the game) is at the front.

    ``on_empty`` refills an empty queue (the next season); ``check`` runs after every
    automatic step (instant victory, RW-28.1 / AMB-53) and returns events when the game ends.
    """
    events: list[Event] = []
    for _ in range(10000):
        events += check(state)
        if state.phase == "over":
            state.steps.clear()
            return events
        if state.gm.tasks:
            return events
        if not state.steps:
            events += on_empty(state)
            continue
        front = state.steps[0]
        fn = AUTO.get(front.kind)
        if fn is None:
            if front.kind not in PROMPTS:
                raise RuntimeError(f"unknown step kind {front.kind!r}")
            return events
        state.steps.pop(0)
        events += fn(state, front)
    raise RuntimeError("the step queue did not settle")


def need(cond: bool, rule: str, message: str) -> None:
    """Raise a RuleViolation unless ``cond`` holds: the one way rules reject an action."""
    if not cond:
        raise RuleViolation(rule, message)
