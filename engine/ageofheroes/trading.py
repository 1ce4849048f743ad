"""Market Day card trades for Age of Heroes (AH-4.4-4.12) on top of the generic TradeBook."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, message
from engine.core.trades import settle

from . import cards as C
from . import messages as T
from .flow import FLOW
from .state import AohState
from .table import seat_name, surviving, take_kinds

TRADE_RULE = "AH-4.7"

IN_MONUMENT = message("ah.trade.refused.in_monument", "Cards placed in a monument cannot be traded.")
NO_ITEMS = message("ah.trade.refused.items", "Items (cities, armies, generals, fortresses, roads) cannot be traded.")
NOT_TRADABLE = message("ah.trade.refused.not_tradable", "{what} is not a card that can be traded.")
QUOTED = message("ah.trade.quoted", "'{text}'")
OWN_CARDS = message("ah.trade.refused.own_cards", "You can only offer cards you hold in your hand.")
CLOSED = message("ah.trade.refused.closed", "Card trades happen only in the Market Day trading phase.")
OTHER_PLAYER = message("ah.trade.refused.other_player", "Trade with one other surviving player.")
EMPTY = message("ah.trade.refused.empty", "An offer must move at least one card.")
NO_GIFTS = message("ah.trade.refused.no_gifts", "Gifts are switched off at this table: both sides must give a card.")
OFFER_MADE = message("ah.trade.offer_made", "{seat} makes {other} an offer.")
OFFER_PRIVATE = message("ah.trade.offer_private", "Offer {offer}: {seat} gives {give} for {get}.")
NO_SUCH_OFFER = message("ah.trade.refused.no_such_offer", "There is no such open offer for you.")
CANNOT_PAY = message("ah.trade.refused.cannot_pay", "You cannot accept offer {offer}: your hand does not hold {get}.")
FAILED_ACCEPTER = message("ah.trade.failed_accepter", "Offer {offer} could not be carried out: the trade failed.")
FAILED_OFFERER = message("ah.trade.failed_offerer", "Offer {offer} was declined or failed.")
TRADED = message("ah.trade.traded", "{a} and {b} traded {gave}/{got} card(s){public} (AH-4.5).")
TRADED_PUBLIC = message("ah.trade.traded_public", " ({give} for {get})")
TRADE_CARDS = message("ah.trade.cards", "Trade {offer}: {give} for {get}.")
DECLINES = message("ah.trade.declines", "{seat} declines an offer from {other}.")
WITHDRAWS = message("ah.trade.withdraws", "{seat} withdraws an offer.")
COUNTERS = message("ah.trade.counters", "{seat} counters with offer {offer}.")
NO_TRADING = message("ah.trade.refused.no_trading", "There is no trading phase to be done with.")
DONE = message("ah.trade.done", "{seat} is done.")
STILL_TRADING = message("ah.trade.still_trading", "{seat} is still trading.")
REOPENED = message(
    "ah.trade.reopened", "{seat} had pressed Done, but has a new offer to answer and is trading again (AH-4.10)."
)


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
            raise T.refuse(TRADE_RULE, IN_MONUMENT())
        if g in C.ITEMS:
            raise T.refuse(TRADE_RULE, NO_ITEMS())
        k = C.kind(g) if own and g in p.hand else g
        if k not in valid:
            raise T.refuse(TRADE_RULE, NOT_TRADABLE(what=QUOTED(text=g)))
        out.append(k)
    if own and take_kinds(p, out) is None:
        raise T.refuse(TRADE_RULE, OWN_CARDS())
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
        raise T.refuse("AH-4.11", CLOSED())
    if to == seat or to not in surviving(state):
        raise T.refuse("AH-4.12", OTHER_PLAYER())
    g, w = _kinds(state, seat, give, own=True), _kinds(state, to, get, own=False)
    if not g and not w:
        raise T.refuse("AH-4.12", EMPTY())
    if (not g or not w) and not state.options.trade_allow_gifts:
        raise T.refuse("AH-4.12", NO_GIFTS())
    o = state.trade.propose(seat, to, g, w, counter_of)
    state.trade.set_done(seat, False)
    events.append(
        T.to_all(
            "trade_offer",
            OFFER_MADE(seat=seat_name(state, seat), other=seat_name(state, to)),
            offer=o.id,
            frm=seat,
            to=to,
        )
    )
    if to in state.trade.done:  # AH-4.10: trading closes only when every seat has had its say on it
        state.trade.set_done(to, False)
        events.append(T.to_all("trade_done", REOPENED(seat=seat_name(state, to)), seat=to, done=False))
    events.append(
        T.to_seats(
            [seat, to],
            "trade_offer_private",
            OFFER_PRIVATE(offer=o.id, seat=seat_name(state, seat), give=T.cards(g), get=T.cards(w)),
            offer=o.id,
            give=g,
            get=w,
        )
    )
    return o.id


def _mine(state: AohState, seat: int, offer_id: int, role: str) -> None:
    o = state.trade.find(offer_id)
    if o is None or (o.to if role == "to" else o.frm) != seat:
        raise T.refuse("AH-4.5", NO_SUCH_OFFER())


def accept(state: AohState, seat: int, offer_id: int, events: list[Event]) -> None:
    """AH-4.5: executed atomically the moment the second party accepts."""
    if not trading_open(state):
        raise T.refuse("AH-4.11", CLOSED())
    _mine(state, seat, offer_id, "to")
    o = state.trade.find(offer_id)
    assert o is not None
    # The accepter's own hand is theirs to know: refused, the offer stays open (AH-4.5). Only the
    # offerer's side failing stays the silent "the trade failed" of TC-28(d) / N4.
    if take_kinds(state.p(seat), o.get) is None:
        raise T.refuse("AH-4.5", CANNOT_PAY(offer=o.id, get=T.cards(o.get)))
    state.trade.remove(offer_id)

    def holds(s: int, kinds: list[str]) -> list[str] | None:
        return take_kinds(state.p(s), kinds)

    def move(src: int, dst: int, cards: list[str]) -> None:
        for c in cards:
            state.p(src).hand.remove(c)
        state.p(dst).hand.extend(cards)

    done = settle(o, holds, move)
    if done is None:  # TC-28(d), §3 N4: nobody learns why
        events.append(T.to_seats(seat, "trade_failed", FAILED_ACCEPTER(offer=o.id)))
        events.append(T.to_seats(o.frm, "trade_failed", FAILED_OFFERER(offer=o.id)))
        return
    out, back = done
    public: Msg | str = (
        TRADED_PUBLIC(give=T.cards(out), get=T.cards(back)) if state.options.trade_public_contents else ""
    )
    events.append(
        T.to_all(
            "trade",
            TRADED(a=seat_name(state, o.frm), b=seat_name(state, o.to), gave=len(out), got=len(back), public=public),
            frm=o.frm,
            to=o.to,
            gave=len(out),
            got=len(back),
        )
    )
    events.append(
        T.to_seats(
            [o.frm, o.to],
            "trade_cards",
            TRADE_CARDS(offer=o.id, give=T.cards(out), get=T.cards(back)),
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
        T.to_all(
            "trade_declined",
            DECLINES(seat=seat_name(state, seat), other=seat_name(state, o.frm)),
            offer=offer_id,
        )
    )


def withdraw(state: AohState, seat: int, offer_id: int, events: list[Event]) -> None:
    _mine(state, seat, offer_id, "frm")
    state.trade.remove(offer_id)
    events.append(T.to_all("trade_withdrawn", WITHDRAWS(seat=seat_name(state, seat)), offer=offer_id))


def counter(state: AohState, seat: int, offer_id: int, give: list[str], get: list[str], events: list[Event]) -> None:
    """P-06 counter: decline the offer and answer with one of one's own."""
    _mine(state, seat, offer_id, "to")
    o = state.trade.find(offer_id)
    assert o is not None
    new_id = offer(state, seat, o.frm, give, get, events, counter_of=offer_id)
    state.trade.remove(offer_id)
    events.append(T.to_all("trade_countered", COUNTERS(seat=seat_name(state, seat), offer=new_id), offer=new_id))


def set_done(state: AohState, seat: int, done: bool, events: list[Event]) -> None:
    """P-07 (AH-4.10): trading closes when every survivor is done at once."""
    if not (state.steps and state.steps[0].kind == "trade"):
        raise T.refuse("AH-4.10", NO_TRADING())
    state.trade.set_done(seat, done)
    events.append(
        T.to_all("trade_done", (DONE if done else STILL_TRADING)(seat=seat_name(state, seat)), seat=seat, done=done)
    )
    if state.trade.all_done(surviving(state)):
        FLOW.pop(state)
