"""The Clash game's one flow (engine/core/flow.py) with the combat steps installed.

Every subsystem (rounds, adventure, town, cards) registers its step kinds on ``FLOW`` when its
module is imported; ``clash/ruleset.py`` imports them all. The combat sub-engine's steps
(``h3c_*``) come from ``combat.flow.install``, exactly as in the skirmish.
"""

from __future__ import annotations

from typing import Any

from engine.core.flow import Flow, Step

from ..combat import flow as combat_flow
from .state import ClashState


def _new_key(state: ClashState, kind: str) -> str:
    state.next_key += 1
    return f"{kind}-{state.next_key}"


def _finished(state: ClashState) -> bool:
    return state.winners is not None


FLOW: Flow[Any, Step] = Flow("heroes3", Step, _new_key, _finished)
combat_flow.install(FLOW)


def seat_of(st: Step) -> int:
    return int(st.seat if st.seat is not None else st.data.get("seat", 0))
