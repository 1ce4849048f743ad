"""Start-of-turn abilities (H3-8.1.3, P-18): after the hand refresh, every "at the start of your
turn" ability the active player may use is offered in one question, answered one at a time so the
player sets the order, until they finish or none is left.

Why a question of its own rather than main-menu entries: the rule places them between drawing and
the rest of the turn; once the player moves on they are gone for this turn. Today the sources are
town buildings whose ``turn`` choice starts with a ``when: turn_start`` step (Necromancy
Amplifier, Portal of Summoning, Mana Vortex). Entry points: ``start_uses`` (what is open),
``is_start`` (filters the main menu) and the step kind ``turn_start`` that the turn queues after
``hand``.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg

from ..adventure import effects
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import can_pay, pay
from ..clash.flow import FLOW, seat_of
from ..clash.state import ClashState, Player
from ..content.clash import Choice, clash_content
from . import messages as cm

DONE = "done"


def is_start(choice: Choice) -> bool:
    """A building use that happens only as the turn begins (content: first step ``when: turn_start``)."""
    return bool(choice.steps) and choice.steps[0].word("when") == "turn_start"


def start_uses(state: ClashState, p: Player) -> list[tuple[str, int]]:
    """(building, choice index) of every start-of-turn use open now: built, not used this turn,
    resolvable by the engine and affordable (H3-21.2)."""
    board = clash_content().towns[p.faction]
    out: list[tuple[str, int]] = []
    for b in p.buildings:
        if b in p.turn_used:
            continue
        for i, choice in enumerate(board.building(b).turn):
            if is_start(choice) and effects.resolvable(choice.steps) and can_pay(p, choice.cost.as_dict()):
                out.append((b, i))
    return out


@FLOW.auto("turn_start")
def _turn_start(state: ClashState, st: Step) -> list[Event]:
    seat = seat_of(st)
    if start_uses(state, state.player(seat)):
        push_ask(state, "turn_start", seat)
    return []


def _question(state: ClashState, st: Step) -> Msg:
    return cm.ASK_TURN_START()


@ask("turn_start", "H3-8.1.3", _question)
def _options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(m.OPT_USE_BUILDING(building=m.ref("h3_building", b), n=i + 1), f"{b}:{i}") for b, i in start_uses(state, p)]
    return out + [(m.OPT_DONE(), DONE)]


@_options
def _apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Pay and resolve one use (its effects run before the question comes back); the building is
    then used for this turn (H3-21.2: once per own turn)."""
    if pick == DONE:
        return []
    p = state.player(seat_of(st))
    building, index = pick.rsplit(":", 1)
    choice = clash_content().towns[p.faction].building(building).turn[int(index)]
    pay(p, choice.cost.as_dict())
    p.turn_used.append(building)
    effects.push_effects(state, p.seat, "main", choice.steps)
    if start_uses(state, p):
        st.data["again"] = True
    return [
        Event.to_all("h3_used_building", m.USED_BUILDING(seat=m.seat(p.seat), building=m.ref("h3_building", building)))
    ]
