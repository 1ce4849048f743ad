"""The Cloudspire flow on the kernel's one flow engine, and the small helpers every rule module uses."""

from __future__ import annotations

from engine.core import RuleViolation, Step
from engine.core.flow import Flow
from engine.core.text import Msg

from .state import CsState


def new_key(state: CsState, kind: str) -> str:
    state.next_key += 1
    return f"{kind}-{state.next_key}"


def new_id(state: CsState, prefix: str) -> str:
    """Ids are zero-padded so that no id is a substring of another (leak checks compare substrings)."""
    state.next_id += 1
    return f"{prefix}{state.next_id:04d}"


FLOW: Flow[CsState, Step] = Flow("cloudspire", Step, new_key, lambda s: s.winner is not None)


def need(cond: bool, rule: str, msg: Msg) -> None:
    """Refuse an action unless ``cond`` holds; the state is untouched (apply works on a copy)."""
    if not cond:
        raise RuleViolation(rule, msg)


def push(state: CsState, kind: str, seat: int | None = None, **data: object) -> Step:
    st = FLOW.new(state, kind, seat, **data)
    FLOW.push(state, st)
    return st
