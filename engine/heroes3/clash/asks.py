"""One decision kind for every small enumerable question of the Clash game (P-21..P-34 and
friends): which effect of a location, which die, which card to remove, where to go.

Why one kind: these questions share everything except their options and what the answer does,
so each subsystem registers a ``Ask`` (options, question, apply) under a name and queues it with
``push_ask``. The answer is ``{"type": "choose", "pick": "<one of the offered picks>"}``; a pick
that is not offered is refused with the question's own rule and nothing changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.flow import Step
from engine.core.text import Msg

from . import messages as m
from .flow import FLOW, seat_of
from .state import ClashState

Options = Callable[[ClashState, Step], list[tuple[Msg, str]]]
Apply = Callable[[ClashState, Step, str], list[Event]]


@dataclass(frozen=True)
class Ask:
    rule: str
    question: Callable[[ClashState, Step], Msg]
    options: Options
    apply: Apply
    secret: bool = False
    weights: Callable[[str], float] | None = None  # the simulator's preferences


ASKS: dict[str, Ask] = {}


def ask(
    name: str, rule: str, question: Callable[[ClashState, Step], Msg], *, secret: bool = False
) -> Callable[[Options], Callable[[Apply], Apply]]:
    """Register question ``name``: decorate the options function, then the apply function."""

    def with_options(options: Options) -> Callable[[Apply], Apply]:
        def with_apply(apply: Apply) -> Apply:
            ASKS[name] = Ask(rule, question, options, apply, secret)
            return apply

        return with_apply

    return with_options


def push_ask(state: ClashState, name: str, seat: int, **data: Any) -> Step:
    """Queue question ``name`` for ``seat`` in front of everything else."""
    st = FLOW.new(state, "ask", seat, what=name, **data)
    FLOW.push(state, st)
    return st


def new_ask(state: ClashState, name: str, seat: int, **data: Any) -> Step:
    return FLOW.new(state, "ask", seat, what=name, **data)


@FLOW.decision("ask", "choose")
def _prompts(state: ClashState, st: Step) -> list[Prompt]:
    spec = ASKS[str(st.data["what"])]
    options = [Option.of(label, {"type": "choose", "pick": pick}) for label, pick in spec.options(state, st)]
    key = f"{st.key}.{st.data.get('n', 0)}"
    return [Prompt.ask(seat_of(st), key, spec.rule, spec.question(state, st), options=options, secret=spec.secret)]


@FLOW.applies("ask")
def _apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    spec = ASKS[str(st.data["what"])]
    picks = [pick for _, pick in spec.options(state, st)]
    if action.pick not in picks:
        raise RuleViolation(spec.rule, m.NOT_OFFERED())
    st.data["again"] = False
    events = spec.apply(state, st, action.pick)
    if st.data.get("again"):
        st.data["n"] = int(st.data.get("n", 0)) + 1
    else:
        FLOW.done(state, st)
    return events


@FLOW.sampler("ask")
def _sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    spec = ASKS[str(st.data["what"])]
    picks = [pick for _, pick in spec.options(state, st)]
    good = [p for p in picks if p not in ("decline", "done", "skip")] or picks
    pick = rng.choice(good if rng.random() < 0.8 else picks)
    return {"type": "choose", "pick": pick}
