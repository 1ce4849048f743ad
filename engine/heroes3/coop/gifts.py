"""H3-43.2.1: in a Cooperative game a trading-post visit also lets the visitor give resources to
the other players, as a free extra beside the visit's one choice, as often as they like."""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..clash import messages as cm
from ..clash.asks import ask, push_ask
from ..clash.common import gain, pay
from ..clash.flow import seat_of
from ..clash.state import ClashState
from ..content.clash import Location
from . import messages as m

RESOURCES = ("gold", "building_materials", "valuables")


def offer_gifts(state: ClashState, seat: int, loc: Location) -> None:
    """Queue the gift question behind the visit's own choice (so the purse it offers from is the one
    the trade or the card removal left), when there is someone to give to."""
    if state.mode == "cooperative" and loc.id == "trading_post" and _receivers(state, seat):
        push_ask(state, "gift", seat)


def _receivers(state: ClashState, seat: int) -> list[int]:
    return [p.seat for p in state.seats if p.seat != seat and not p.eliminated]


def _gift_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_GIFT()


@ask("gift", "H3-43.2.1", _gift_q)
def _gift_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    giver = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = [(cm.OPT_DONE(), "done")]
    for to in _receivers(state, giver.seat):
        for what in RESOURCES:
            if giver.resources.get(what, 0) >= 1:
                label = m.OPT_GIFT(what=Ref(kind="h3_resource", id=what), seat=cm.seat(to))
                out.append((label, f"{to}:{what}"))
    return out


@_gift_options
def _gift_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """One resource to one player; the question comes again until the giver is done (unlimited)."""
    if pick == "done":
        return []
    to, what = pick.split(":")
    giver = state.player(seat_of(st))
    pay(giver, {what: 1})  # an offered pick: the giver has it
    gain(state.player(int(to)), {what: 1})
    st.data["again"] = True
    said = m.GIFTED(seat=cm.seat(giver.seat), to=cm.seat(int(to)), what=Ref(kind="h3_resource", id=what))
    return [Event.to_all("h3_gift", said, seat=giver.seat, to=int(to))]
