"""Market Day card trades for Age of Heroes (AH-4.4-4.12) on top of the generic TradeBook."""

from __future__ import annotations

from engine.core import Event, RuleViolation
from engine.core.trades import settle

from . import cards as C
from .flow import FLOW
from .state import AohState
from .table import seat_name, surviving, take_kinds

TRADE_RULE = "AH-4.7"


def trading_open(state: AohState) -> bool:
    """AH-4.11: only in the Market Day trading phase (CFG trade_window=any_time: always)."""
    if state.options.trade_window == "any_time":
        return True
    return bool(state.steps) and state.steps[0].kind == "trade"


def _kinds(state: AohState, seat: int, goods: list[str], *, own: bool) -> list[str]:
    """Normalise goods to card kinds and refuse what may not be traded (AH-4.7)."""
    p = state.p(seat)
    valid = set(C.REGULAR) | state.content.specials() | set(C.HELD)
    out: list[str] = []
    for g in goods:
        if own and g in p.monument:
            raise RuleViolation(TRADE_RULE, "Cards placed in a monument cannot be traded.")
        if g in C.ITEMS:
            raise RuleViolation(TRADE_RULE, "Items (cities, armies, generals, fortresses, roads) cannot be traded.")
        k = C.kind(g) if own and g in p.hand else g
        if k not in valid:
            raise RuleViolation(TRADE_RULE, f"{g!r} is not a card that can be traded.")
        out.append(k)
    if own and take_kinds(p, out) is None:
        raise RuleViolation(TRADE_RULE, "You can only offer cards you hold in your hand.")
    return out


def offer(
    state: AohState,
    seat: int,
    to: int,
    give: list[str],
    get: list[str],
    events: list[Event],
    counter_of: int | None = None,
) -> int:
    if not trading_open(state):
        raise RuleViolation("AH-4.11", "Card trades happen only in the Market Day trading phase.")
    if to == seat or to not in surviving(state):
        raise RuleViolation("AH-4.12", "Trade with one other surviving player.")
    g, w = _kinds(state, seat, give, own=True), _kinds(state, to, get, own=False)
    if not g and not w:
        raise RuleViolation("AH-4.12", "An offer must move at least one card.")
    if (not g or not w) and not state.options.trade_allow_gifts:
        raise RuleViolation("AH-4.12", "Gifts are switched off at this table: both sides must give a card.")
    o = state.trade.propose(seat, to, g, w, counter_of)
    state.trade.set_done(seat, False)
    events.append(
        Event.to_all(
            "trade_offer",
            f"{seat_name(state, seat)} makes {seat_name(state, to)} an offer.",
            offer=o.id,
            frm=seat,
            to=to,
        )
    )
    events.append(
        Event.to_seats(
            [seat, to],
            "trade_offer_private",
            f"Offer {o.id}: {seat_name(state, seat)} gives {C.names(g)} for {C.names(w)}.",
            offer=o.id,
            give=g,
            get=w,
        )
    )
    return o.id


def _mine(state: AohState, seat: int, offer_id: int, role: str) -> None:
    o = state.trade.find(offer_id)
    if o is None or (o.to if role == "to" else o.frm) != seat:
        raise RuleViolation("AH-4.5", "There is no such open offer for you.")


def accept(state: AohState, seat: int, offer_id: int, events: list[Event]) -> None:
    """AH-4.5: executed atomically the moment the second party accepts."""
    if not trading_open(state):
        raise RuleViolation("AH-4.11", "Card trades happen only in the Market Day trading phase.")
    _mine(state, seat, offer_id, "to")
    o = state.trade.find(offer_id)
    assert o is not None
    state.trade.remove(offer_id)

    def holds(s: int, kinds: list[str]) -> list[str] | None:
        return take_kinds(state.p(s), kinds)

    def move(src: int, dst: int, cards: list[str]) -> None:
        for c in cards:
            state.p(src).hand.remove(c)
        state.p(dst).hand.extend(cards)

    done = settle(o, holds, move)
    if done is None:  # TC-28(d), §3 N4: nobody learns why
        events.append(Event.to_seats(seat, "trade_failed", f"Offer {o.id} could not be carried out: the trade failed."))
        events.append(Event.to_seats(o.frm, "trade_failed", f"Offer {o.id} was declined or failed."))
        return
    out, back = done
    public = f" ({C.names(out)} for {C.names(back)})" if state.options.trade_public_contents else ""
    events.append(
        Event.to_all(
            "trade",
            f"{seat_name(state, o.frm)} and {seat_name(state, o.to)} traded {len(out)}/{len(back)} card(s)"
            f"{public} (AH-4.5).",
            frm=o.frm,
            to=o.to,
            gave=len(out),
            got=len(back),
        )
    )
    events.append(
        Event.to_seats(
            [o.frm, o.to],
            "trade_cards",
            f"Trade {o.id}: {C.names(out)} for {C.names(back)}.",
            reveals=True,
            gave=out,
            got=back,
        )
    )


def decline(state: AohState, seat: int, offer_id: int, events: list[Event]) -> None:
    _mine(state, seat, offer_id, "to")
    o = state.trade.find(offer_id)
    assert o is not None
    state.trade.remove(offer_id)
    events.append(
        Event.to_all(
            "trade_declined",
            f"{seat_name(state, seat)} declines an offer from {seat_name(state, o.frm)}.",
            offer=offer_id,
        )
    )


def withdraw(state: AohState, seat: int, offer_id: int, events: list[Event]) -> None:
    _mine(state, seat, offer_id, "frm")
    state.trade.remove(offer_id)
    events.append(Event.to_all("trade_withdrawn", f"{seat_name(state, seat)} withdraws an offer.", offer=offer_id))


def counter(state: AohState, seat: int, offer_id: int, give: list[str], get: list[str], events: list[Event]) -> None:
    """P-06 counter: decline the offer and answer with one of one's own."""
    _mine(state, seat, offer_id, "to")
    o = state.trade.find(offer_id)
    assert o is not None
    new_id = offer(state, seat, o.frm, give, get, events, counter_of=offer_id)
    state.trade.remove(offer_id)
    events.append(
        Event.to_all("trade_countered", f"{seat_name(state, seat)} counters with offer {new_id}.", offer=new_id)
    )


def set_done(state: AohState, seat: int, done: bool, events: list[Event]) -> None:
    """P-07 (AH-4.10): trading closes when every survivor is done at once."""
    if not (state.steps and state.steps[0].kind == "trade"):
        raise RuleViolation("AH-4.10", "There is no trading phase to be done with.")
    state.trade.set_done(seat, done)
    events.append(
        Event.to_all(
            "trade_done", f"{seat_name(state, seat)} is {'done' if done else 'still trading'}.", seat=seat, done=done
        )
    )
    if state.trade.all_done(surviving(state)):
        FLOW.pop(state)
