"""One decision kind for every small enumerable question of the Clash game (P-21..P-34 and
friends): which effect of a location, which die, which card to remove, where to go.

Why one kind: these questions share everything except their options and what the answer does,
so each subsystem registers a ``Ask`` (options, question, apply) under a name and queues it with
``push_ask``. The answer is ``{"type": "choose", "pick": "<one of the offered picks>"}``; a pick
that is not offered is refused with the question's own rule and nothing changes. A question whose
picks are places of the map (where a Tournament tile goes, H3-45.2) names each pick's hex in its
option as ``at`` ([q, r]), so the table can draw the decision on the map (``cogs.decision_pictures``);
a question whose picks turn one tile (H3-45.2.1, H3-6.22, H3-23.4) names the tile's centre as ``at``
and each pick's turn (sixths of a full turn) as ``turn``, so the picture can show the tile in each
offered turn; an answer whose ``at`` or ``turn`` is not its pick's is refused like an unoffered pick.
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
Where = Callable[[str], list[int] | None]
TurnOf = Callable[[ClashState, Step], list[int]]  # the centre of the tile a question's picks turn


@dataclass(frozen=True)
class Ask:
    rule: str
    question: Callable[[ClashState, Step], Msg]
    options: Options
    apply: Apply
    secret: bool = False
    weights: Callable[[str], float] | None = None  # the simulator's preferences
    where: Where | None = None  # a pick's hex on the map, if it is a place
    turn_of: TurnOf | None = None  # the tile the picks turn (each pick is a turn in sixths), if they do


ASKS: dict[str, Ask] = {}


def ask(
    name: str,
    rule: str,
    question: Callable[[ClashState, Step], Msg],
    *,
    secret: bool = False,
    where: Where | None = None,
    turn_of: TurnOf | None = None,
) -> Callable[[Options], Callable[[Apply], Apply]]:
    """Register question ``name``: decorate the options function, then the apply function."""

    def with_options(options: Options) -> Callable[[Apply], Apply]:
        def with_apply(apply: Apply) -> Apply:
            ASKS[name] = Ask(rule, question, options, apply, secret, where=where, turn_of=turn_of)
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


def asked_centre(state: ClashState, st: Step) -> list[int]:
    """The tile a rotation pick turns: the one centred where the question asks (H3-45.2.1, H3-23.4)."""
    return [int(st.data["centre"][0]), int(st.data["centre"][1])]


def _answer(spec: Ask, state: ClashState, st: Step, pick: str) -> dict[str, Any]:
    answer: dict[str, Any] = {"type": "choose", "pick": pick}
    at = spec.where(pick) if spec.where is not None else None
    if at is not None:
        answer["at"] = at
    if spec.turn_of is not None and pick.isdigit():
        answer["at"] = spec.turn_of(state, st)
        answer["turn"] = int(pick)
    return answer


def _place(answer: dict[str, Any]) -> str | None:
    """The map place a pick stands for (``Option.at``): its hex "q,r", or "q,r@turn" for a turn of the
    tile on that hex (H3-45.2.1, H3-23.4), the place the decision picture draws that tile turned."""
    at, turn = answer.get("at"), answer.get("turn")
    if not (isinstance(at, list) and len(at) == 2 and all(type(x) is int for x in at)):
        return None
    return f"{at[0]},{at[1]}@{turn}" if type(turn) is int else f"{at[0]},{at[1]}"


@FLOW.decision("ask", "choose")
def _prompts(state: ClashState, st: Step) -> list[Prompt]:
    spec = ASKS[str(st.data["what"])]
    answers = [(label, _answer(spec, state, st, pick)) for label, pick in spec.options(state, st)]
    options = [Option.of(label, answer, at=_place(answer)) for label, answer in answers]
    key = f"{st.key}.{st.data.get('n', 0)}"
    return [Prompt.ask(seat_of(st), key, spec.rule, spec.question(state, st), options=options, secret=spec.secret)]


@FLOW.applies("ask")
def _apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    spec = ASKS[str(st.data["what"])]
    picks = [pick for _, pick in spec.options(state, st)]
    if action.pick not in picks:
        raise RuleViolation(spec.rule, m.NOT_OFFERED())
    expected = _answer(spec, state, st, action.pick)
    if action.at is not None and action.at != expected.get("at"):
        raise RuleViolation(spec.rule, m.NOT_OFFERED())
    if action.turn is not None and action.turn != expected.get("turn"):
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
