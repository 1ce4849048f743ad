"""Age of Heroes' configuration of the kernel flow engine (engine/core/flow.py).

The game interrupts itself constantly (a Famine in a Draw step opens a Luck window; Barbarians
drawn during Tax start a whole battle, after which the Tax draws continue), which is exactly the
kernel's queue of steps: the front step of ``state.steps`` is what happens now. Rule modules
register their step kinds here; their automatic handlers keep the house style of appending to an
``events`` list, so ``auto`` and ``after_step`` below adapt them to the kernel's
"return the events" handlers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.core.flow import Flow

from .state import AohState, Frame
from .table import key

Handler = Callable[[AohState, Frame, list[Event]], None]
Check = Callable[[AohState, list[Event]], None]

FLOW: Flow[AohState, Frame] = Flow("ageofheroes", Frame, lambda s, _kind: str(key(s)), lambda s: s.winners is not None)
decision = FLOW.decision
window = FLOW.window
closes = FLOW.closes


def auto(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        def run(state: AohState, frame: Frame) -> list[Event]:
            events: list[Event] = []
            fn(state, frame, events)
            return events

        FLOW.auto(kind)(run)
        return fn

    return register


def after_step(fn: Check) -> Check:
    """A check after every automatic step and every action (eliminations, AH-16.1; AH-17.5)."""

    def run(state: AohState) -> list[Event]:
        events: list[Event] = []
        fn(state, events)
        return events

    FLOW.after_step(run)
    return fn


def new_frame(state: AohState, kind: str, seat: int | None = None, *, card: str | None = None, **data: Any) -> Frame:
    return Frame(kind=kind, seat=seat, key=str(key(state)), card=card, data=data)


def push(state: AohState, kind: str, seat: int | None = None, *, card: str | None = None, **data: Any) -> Frame:
    f = new_frame(state, kind, seat, card=card, **data)
    FLOW.push(state, f)
    return f


def push_all(state: AohState, frames: list[tuple[str, int | None, dict[str, Any]]]) -> None:
    """Queue frames so that the first listed runs first (keys numbered last-first, as ever)."""
    made = [new_frame(state, kind, seat, **data) for kind, seat, data in reversed(frames)]
    FLOW.push(state, *reversed(made))


def top(state: AohState) -> Frame | None:
    return FLOW.current(state)


def advance(state: AohState, events: list[Event]) -> None:
    """Run automatic steps until a decision is needed or the game is over."""
    events += FLOW.advance(state)
