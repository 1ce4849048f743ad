"""The game flow as a stack of frames.

Age of Heroes interrupts itself constantly: a Famine in the middle of a Draw step opens
a Luck window for everyone; Barbarians drawn during Tax start a whole battle, after
which the Tax draws continue. A stack models that directly: the top frame is what
happens now. *Automatic* frames (registered in ``AUTO``) are popped and run at once and
may push more frames; any other frame is a decision, and ``prompts`` asks for it. An
action handler changes or pops its waiting frame and then calls ``advance``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event

from .state import AohState, Frame
from .table import key

Handler = Callable[[AohState, Frame, list[Event]], None]
AUTO: dict[str, Handler] = {}
# Checks run after every automatic step (e.g. continuous challenges, AH-17.5).
AFTER_STEP: list[Callable[[AohState, list[Event]], None]] = []


def auto(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        AUTO[kind] = fn
        return fn

    return register


def push(state: AohState, kind: str, seat: int | None = None, *, card: str | None = None, **data: Any) -> Frame:
    frame = Frame(kind=kind, seat=seat, key=key(state), card=card, data=data)
    state.stack.append(frame)
    return frame


def push_all(state: AohState, frames: list[tuple[str, int | None, dict[str, Any]]]) -> None:
    """Push frames so that the first listed runs first."""
    for kind, seat, data in reversed(frames):
        push(state, kind, seat, **data)


def top(state: AohState) -> Frame | None:
    return state.stack[-1] if state.stack else None


def advance(state: AohState, events: list[Event]) -> None:
    """Run automatic frames until a decision is needed or the game is over."""
    guard = 0
    while state.stack and state.winners is None:
        frame = state.stack[-1]
        handler = AUTO.get(frame.kind)
        if handler is None:
            return
        state.stack.pop()
        handler(state, frame, events)
        for check in AFTER_STEP:
            check(state, events)
        guard += 1
        if guard > 10000:  # pragma: no cover - a flow bug, never a rules outcome
            raise RuntimeError("the game flow did not settle")
