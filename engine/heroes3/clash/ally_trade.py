"""Trading between Alliance allies (H3-43.3, P-43): resources at any time in their turns (H3-43.3.1)
and spell and artifact cards swapped between heroes on adjacent fields (H3-43.3.2).

Cooperative games (H3-3.2.4: "the trading rules apply") allow the swaps, which H3-43.3.2 gives to
"Alliance and Cooperative" scenarios, but not the resource offers: H3-43.3.1 is the Alliance's, and
Cooperative players give each other resources during a trading-post visit instead (H3-43.2.1).

Why offers rather than one action: both allies must agree (⟦D: both allies agree⟧), so one ally
makes an offer, kept in ``ClashState.ally_offers`` and shown to both, and the other answers it from
their own prompt while the main menu stays open; nothing moves until the answer accepts, and then
both sides move at once. An offer lapses when the turn it was made in ends (house: "during their
turns"), and one pair of allies has at most one open offer.

Secrecy (H-27): a swap names cards of both hands, so events and views that name them go to the two
traders only; everyone else learns that a swap of N cards was offered or made.

Rec. (house): a swap also needs the turn of one of the two allies and no combat, like a resource
trade, because during a combat the hands are the combat's copies; heroes on the same field count as
adjacent (two allied heroes may briefly share a field).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import Event, Option
from engine.core.text import Msg, Ref

from ..adventure.geometry import neighbours
from ..cards import deck as cards
from ..content.clash import clash_content
from ..coop import messages as cm
from . import messages as m
from .common import RES, allied, can_pay, gain, heroes, need, pay
from .flow import FLOW
from .state import AllyOffer, ClashState

TYPES: tuple[str, ...] = ("ally_offer", "ally_swap", "ally_withdraw", "ally_answer")
# Option types whose labels name cards in a hand: the prompt carrying them goes to its seat alone (H-1, H-27)
PRIVATE_TYPES: tuple[str, ...] = ("ally_swap", "ally_answer")
SWAPPABLE: tuple[str, ...] = ("spell", "artifact")  # H3-43.3.2
MAX_ANSWERS = 20  # the most swap answers one prompt lists (each a different set of own cards)
# The modes in which each kind of ally trade exists: resources H3-43.3.1, card swaps H3-43.3.2
MODES: dict[str, tuple[str, ...]] = {"H3-43.3.1": ("alliance",), "H3-43.3.2": ("alliance", "cooperative")}


# ---- small helpers ---------------------------------------------------------------------------------
def amounts(res: dict[str, int]) -> list[Msg] | Msg:
    """Resources in words ("2 gold, 1 valuables"), or "nothing"."""
    out = [m.ALLY_AMOUNT(n=n, what=Ref(kind="h3_resource", id=k)) for k, n in _clean(res).items()]
    return out or m.ALLY_NOTHING()


def _clean(res: dict[str, int]) -> dict[str, int]:
    return {k: int(res[k]) for k in RES if res.get(k, 0)}


def _rule(kind: str) -> str:
    return "H3-43.3.2" if kind == "cards" else "H3-43.3.1"


def offer_between(state: ClashState, a: int, b: int) -> AllyOffer | None:
    """The open offer of the pair ``a``/``b``, whichever made it (one per pair)."""
    for o in state.ally_offers:
        if {o.by, o.to} == {a, b}:
            return o
    return None


def allies_of(state: ClashState, seat: int) -> list[int]:
    """``seat``'s living teammates (H3-3.2.3)."""
    return [s for s in state.alive() if s != seat and allied(state, seat, s)]


def swappable(state: ClashState, inst: str) -> bool:
    return clash_content().cards[state.cards[inst]].kind in SWAPPABLE


def adjacent(state: ClashState, a: int, b: int) -> bool:
    """H3-43.3.2: a hero (main or secondary) of ``a`` stands next to one of ``b``'s (or on its field)."""
    mine = [h.field for h in heroes(state.player(a))]
    theirs = {h.field for h in heroes(state.player(b))}
    return any(f in theirs or any(n in theirs for n in neighbours(f)) for f in mine)


def _timing(state: ClashState, rule: str) -> None:
    """Allies trade during the turn of one of them, outside combat (H3-43.3.1), with no question
    waiting in front of the table (the offer is made from the main menu, P-20)."""
    need(state.combat is None and state.pending is None, rule, m.ALLY_IN_COMBAT())
    front = FLOW.current(state)
    need(front is not None and front.kind == "main", rule, m.ALLY_BUSY())


def _mode_refusal(state: ClashState, rule: str) -> Msg:
    """Why this kind of trade does not exist in this game's mode, in words that fit the mode."""
    if state.mode == "cooperative":  # only a resource offer can be refused here
        return cm.COOP_NO_RESOURCE_OFFER()
    return cm.SWAP_NOT_ALLIED() if rule == "H3-43.3.2" else m.ALLY_NOT_ALLIANCE()


def _pair(state: ClashState, seat: int, other: int, rule: str) -> None:
    """The refusals every ally action shares: the mode, the ally, the time."""
    need(state.mode in MODES[rule], rule, _mode_refusal(state, rule))
    ok = 0 <= other < state.players and other != seat and allied(state, seat, other)
    need(ok and not state.player(other).eliminated, rule, m.ALLY_NOT_ALLY(seat=_seat_word(state, other)))
    _timing(state, rule)
    need(state.active is not None and allied(state, seat, state.active), rule, m.ALLY_NOT_THEIR_TURN())


def _seat_word(state: ClashState, seat: int) -> Msg | str:
    return m.seat(seat) if 0 <= seat < state.players else str(seat + 1)


def check_time(state: ClashState, seat: int, action: Any) -> None:
    """Called by the ruleset before its usual checks, so an ally action at the wrong moment (during a
    combat, a question) is refused with this rule's own words rather than the kernel's "not offered"."""
    other = int(action.by if action.type == "ally_answer" else action.to)
    if action.type in ("ally_answer", "ally_withdraw"):  # the rule of the offer it answers or takes back
        _pair(state, seat, other, _open_rule(state, seat, other))
    else:
        _pair(state, seat, other, "H3-43.3.2" if action.type == "ally_swap" else "H3-43.3.1")


def _open_rule(state: ClashState, seat: int, other: int) -> str:
    """The rule of the pair's open offer; with none, of the only trade the mode has or the resource one."""
    o = offer_between(state, seat, other)
    if o is not None:
        return _rule(o.kind)
    return "H3-43.3.2" if state.mode == "cooperative" else "H3-43.3.1"


def _check_cards(state: ClashState, seat: int, chosen: list[str]) -> None:
    p = state.player(seat)
    need(len(set(chosen)) == len(chosen), "H3-43.3.2", m.ALLY_CARD_TWICE())
    for c in chosen:
        need(c in p.deck.hand, "H3-43.3.2", m.NOT_IN_HAND())
        need(swappable(state, c), "H3-43.3.2", m.ALLY_NOT_SWAPPABLE(card=cards.card_ref(state, c)))


# ---- the actions -----------------------------------------------------------------------------------
def act(state: ClashState, seat: int, action: Any) -> list[Event]:
    if action.type == "ally_offer":
        return offer(state, seat, int(action.to), dict(action.give), dict(action.want))
    if action.type == "ally_swap":
        return offer_swap(state, seat, int(action.to), list(action.cards))
    if action.type == "ally_withdraw":
        return withdraw(state, seat, int(action.to))
    return answer(state, seat, int(action.by), bool(action.accept), list(action.cards))


def _replaceable(state: ClashState, seat: int, to: int, kind: str, rule: str) -> None:
    """One open offer per pair: the offerer may change their own offer of the same kind."""
    open_ = offer_between(state, seat, to)
    if open_ is None:
        return
    need(open_.by == seat, rule, m.ALLY_ANSWER_FIRST(seat=m.seat(to)))
    need(open_.kind == kind, rule, m.ALLY_WRONG_KIND(seat=m.seat(to)))


def _store(state: ClashState, new: AllyOffer) -> None:
    state.ally_offers = [o for o in state.ally_offers if {o.by, o.to} != {new.by, new.to}] + [new]


def offer(state: ClashState, seat: int, to: int, give: dict[str, int], want: dict[str, int]) -> list[Event]:
    """H3-43.3.1: offer resources to an ally, optionally asking some in return."""
    rule = "H3-43.3.1"
    _pair(state, seat, to, rule)
    need(all(v >= 0 for v in (*give.values(), *want.values())) and sum(give.values()) > 0, rule, m.ALLY_EMPTY())
    need(can_pay(state.player(seat), give), rule, m.CANNOT_PAY())
    _replaceable(state, seat, to, "resources", rule)
    _store(state, AllyOffer(by=seat, to=to, kind="resources", give=_clean(give), want=_clean(want), turn=state.active))
    if _clean(want):
        said = m.ALLY_OFFERED(seat=m.seat(seat), ally=m.seat(to), give=amounts(give), want=amounts(want))
    else:
        said = m.ALLY_GIFT_OFFERED(seat=m.seat(seat), ally=m.seat(to), give=amounts(give))
    return [Event.to_all("h3_ally_offer", said, seat=seat, to=to, give=_clean(give), want=_clean(want))]


def offer_swap(state: ClashState, seat: int, to: int, chosen: list[str]) -> list[Event]:
    """H3-43.3.2: offer these spell and artifact cards for as many of the ally's; the cards are named
    to the two traders only (H-27)."""
    rule = "H3-43.3.2"
    _pair(state, seat, to, rule)
    need(adjacent(state, seat, to), rule, m.ALLY_NOT_ADJACENT(seat=m.seat(to)))
    _check_cards(state, seat, chosen)
    _replaceable(state, seat, to, "cards", rule)
    _store(state, AllyOffer(by=seat, to=to, kind="cards", cards=list(chosen), turn=state.active))
    n = len(chosen)
    names = [cards.card_ref(state, c) for c in chosen]
    return [
        Event.to_all("h3_ally_swap_offer", m.ALLY_SWAP_OFFERED(seat=m.seat(seat), ally=m.seat(to), n=n), seat=seat),
        Event.to_seats(
            [seat, to],
            "h3_ally_swap_offer_cards",
            m.ALLY_SWAP_OFFERED_CARDS(seat=m.seat(seat), ally=m.seat(to), cards=names),
            reveals=True,
        ),
    ]


def withdraw(state: ClashState, seat: int, to: int) -> list[Event]:
    """The offerer takes back their open offer; nothing moves."""
    mine = offer_between(state, seat, to)
    rule = _open_rule(state, seat, to)
    need(state.mode in MODES[rule], rule, _mode_refusal(state, rule))
    need(mine is not None and mine.by == seat, rule, m.ALLY_NO_OWN_OFFER(seat=_seat_word(state, to)))
    state.ally_offers = [o for o in state.ally_offers if o is not mine]
    return [Event.to_all("h3_ally_withdrawn", m.ALLY_WITHDRAWN(seat=m.seat(seat), ally=m.seat(to)))]


def answer(state: ClashState, seat: int, by: int, accept: bool, back: list[str]) -> list[Event]:
    """The receiver's answer: decline (nothing moves) or accept (both sides move at once, after
    checking that each can still give what the offer says)."""
    found = offer_between(state, seat, by)
    rule = _open_rule(state, seat, by)
    _pair(state, seat, by, rule)
    need(found is not None and found.by == by and found.to == seat, rule, m.ALLY_NO_OFFER(seat=m.seat(by)))
    assert found is not None
    if not accept:
        state.ally_offers = [o for o in state.ally_offers if o is not found]
        return [Event.to_all("h3_ally_declined", m.ALLY_DECLINED(seat=m.seat(seat), ally=m.seat(by)))]
    events = _swap(state, found, back) if found.kind == "cards" else _trade(state, found)
    state.ally_offers = [o for o in state.ally_offers if o is not found]
    return events


def _trade(state: ClashState, o: AllyOffer) -> list[Event]:
    """H3-43.3.1: both sides move together, or nothing does."""
    giver, taker = state.player(o.by), state.player(o.to)
    need(can_pay(giver, o.give), "H3-43.3.1", m.ALLY_OFFERER_CANNOT_PAY(seat=m.seat(o.by)))
    need(can_pay(taker, o.want), "H3-43.3.1", m.ALLY_YOU_CANNOT_PAY(seat=m.seat(o.by)))
    pay(giver, o.give)
    pay(taker, o.want)
    gain(taker, o.give)
    gain(giver, o.want)
    said = m.ALLY_TRADED(seat=m.seat(o.by), ally=m.seat(o.to), give=amounts(o.give), want=amounts(o.want))
    return [Event.to_all("h3_ally_traded", said, seat=o.by, to=o.to, give=dict(o.give), want=dict(o.want))]


def _swap(state: ClashState, o: AllyOffer, back: list[str]) -> list[Event]:
    """H3-43.3.2: the same number of spell and artifact cards change hands, hand to hand (a swap is
    no draw and no discard, so no shared deck or discard pile is involved); only the two traders
    hear which cards (H-27)."""
    rule = "H3-43.3.2"
    need(adjacent(state, o.by, o.to), rule, m.ALLY_NOT_ADJACENT(seat=m.seat(o.by)))
    giver, taker = state.player(o.by), state.player(o.to)
    still = all(c in giver.deck.hand and swappable(state, c) for c in o.cards)
    need(still, rule, m.ALLY_OFFERED_GONE(seat=m.seat(o.by)))
    n = len(o.cards)
    need(len(back) == n, rule, m.ALLY_UNEQUAL(n=n))
    _check_cards(state, o.to, back)
    for c in o.cards:
        giver.deck.hand.remove(c)
        taker.deck.hand.append(c)
    for c in back:
        taker.deck.hand.remove(c)
        giver.deck.hand.append(c)
    given = [cards.card_ref(state, c) for c in o.cards]
    got = [cards.card_ref(state, c) for c in back]
    return [
        Event.to_all("h3_ally_swapped", m.ALLY_SWAPPED(seat=m.seat(o.by), ally=m.seat(o.to), n=n), seat=o.by, to=o.to),
        Event.to_seats(
            [o.by, o.to],
            "h3_ally_swapped_cards",
            m.ALLY_SWAPPED_CARDS(seat=m.seat(o.by), ally=m.seat(o.to), given=given, got=got),
            reveals=True,
        ),
    ]


# ---- lapsing (an offer lives in the turn it was made in) ------------------------------------------
@FLOW.after_step
def _lapse(state: ClashState) -> list[Event]:
    """Offers made in a turn that has ended lapse, and so do offers of an eliminated ally."""
    if not state.ally_offers:
        return []
    events: list[Event] = []
    keep: list[AllyOffer] = []
    for o in state.ally_offers:
        gone = state.player(o.by).eliminated or state.player(o.to).eliminated
        if o.turn == state.active and not gone:
            keep.append(o)
        else:
            events.append(Event.to_all("h3_ally_lapsed", m.ALLY_LAPSED(seat=m.seat(o.by), ally=m.seat(o.to))))
    state.ally_offers = keep
    return events


# ---- what a seat is offered ------------------------------------------------------------------------
def may_trade(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` may trade with an ally right now (the same tests as the refusals)."""
    if state.mode not in MODES["H3-43.3.2"] or state.player(seat).eliminated:
        return False
    if state.combat is not None or state.pending is not None or state.active is None:
        return False
    front = FLOW.current(state)
    return front is not None and front.kind == "main" and allied(state, seat, state.active)


def question(state: ClashState, seat: int) -> Msg | None:
    """The words for a seat whose ally has an offer open to it (P-43), else ``None``."""
    if not may_trade(state, seat):
        return None
    for o in state.ally_offers:
        if o.to == seat:
            return m.ASK_ALLY_OFFER(seat=m.seat(o.by))
    return None


def options(state: ClashState, seat: int) -> list[Option]:
    """Each ally action ``seat`` may take now: answer an ally's offer, change or withdraw one's own,
    or start one. Resource offers grow one resource at a time (each option is the whole new
    offer), so buttons reach any amounts; a swap offer grows one card at a time the same way."""
    if not may_trade(state, seat):
        return []
    out: list[Option] = []
    for ally in allies_of(state, seat):
        o = offer_between(state, seat, ally)
        if o is None:
            out += _start_options(state, seat, ally)
        elif o.to == seat:
            out += _answer_options(state, o)
        else:
            out += _own_options(state, o)
    return out


def _resource_option(label: Msg, to: int, give: dict[str, int], want: dict[str, int]) -> Option:
    return Option.of(label, {"type": "ally_offer", "to": to, "give": _clean(give), "want": _clean(want)})


def _start_options(state: ClashState, seat: int, ally: int) -> list[Option]:
    p = state.player(seat)
    out: list[Option] = []
    resources = state.mode in MODES["H3-43.3.1"]  # not in a Cooperative game (H3-43.2.1 instead)
    for r in RES:
        if resources and p.resources.get(r, 0) >= 1:
            out.append(_resource_option(m.OPT_ALLY_GIFT(ally=m.seat(ally), give=amounts({r: 1})), ally, {r: 1}, {}))
    for r in RES:
        for s in RES:
            if resources and r != s and p.resources.get(r, 0) >= 1:
                label = m.OPT_ALLY_OFFER(ally=m.seat(ally), give=amounts({r: 1}), want=amounts({s: 1}))
                out.append(_resource_option(label, ally, {r: 1}, {s: 1}))
    if adjacent(state, seat, ally):
        for c in _swappable_hand(state, seat):
            label = m.OPT_ALLY_SWAP(ally=m.seat(ally), cards=[cards.card_ref(state, c)])
            out.append(Option.of(label, {"type": "ally_swap", "to": ally, "cards": [c]}))
    return out


def _own_options(state: ClashState, o: AllyOffer) -> list[Option]:
    p = state.player(o.by)
    out = [Option.of(m.OPT_ALLY_WITHDRAW(ally=m.seat(o.to)), {"type": "ally_withdraw", "to": o.to})]
    if o.kind == "resources":
        for r in RES:
            more = {**o.give, r: o.give.get(r, 0) + 1}
            if can_pay(p, more):
                label = _change_label(o.to, more, o.want)
                out.append(_resource_option(label, o.to, more, o.want))
        for r in RES if can_pay(p, o.give) else ():  # a purse spent since the offer: only withdraw
            ask = {**o.want, r: o.want.get(r, 0) + 1}
            label = _change_label(o.to, o.give, ask)
            out.append(_resource_option(label, o.to, o.give, ask))
        return out
    if adjacent(state, o.by, o.to) and all(c in p.deck.hand for c in o.cards):
        for c in _swappable_hand(state, o.by):
            if c in o.cards:
                continue
            offered = [*o.cards, c]
            label = m.OPT_ALLY_SWAP_CHANGE(ally=m.seat(o.to), cards=[cards.card_ref(state, x) for x in offered])
            out.append(Option.of(label, {"type": "ally_swap", "to": o.to, "cards": offered}))
    return out


def _change_label(to: int, give: dict[str, int], want: dict[str, int]) -> Msg:
    if _clean(want):
        return m.OPT_ALLY_CHANGE(ally=m.seat(to), give=amounts(give), want=amounts(want))
    return m.OPT_ALLY_CHANGE_GIFT(ally=m.seat(to), give=amounts(give))


def _answer_options(state: ClashState, o: AllyOffer) -> list[Option]:
    """Accept (only when it would go through) or decline; a swap lists each different set of the
    receiver's own spell and artifact cards of the offered size."""
    decline = Option.of(m.OPT_ALLY_DECLINE(ally=m.seat(o.by)), {"type": "ally_answer", "by": o.by, "accept": False})
    giver, taker = state.player(o.by), state.player(o.to)
    out: list[Option] = []
    if o.kind == "resources":
        if can_pay(giver, o.give) and can_pay(taker, o.want):
            label = m.OPT_ALLY_ACCEPT(ally=m.seat(o.by), give=amounts(o.give), want=amounts(o.want))
            out.append(Option.of(label, {"type": "ally_answer", "by": o.by, "accept": True}))
        return out + [decline]
    still = all(c in giver.deck.hand and swappable(state, c) for c in o.cards)
    if still and adjacent(state, o.by, o.to):
        theirs = [cards.card_ref(state, c) for c in o.cards]
        seen: set[tuple[str, ...]] = set()
        for combo in combinations(_swappable_hand(state, o.to), len(o.cards)):
            names = tuple(sorted(state.cards[c] for c in combo))
            if names in seen:
                continue  # the same cards by name: one button is enough
            seen.add(names)
            label = m.OPT_ALLY_ACCEPT_SWAP(
                ally=m.seat(o.by), theirs=theirs, cards=[cards.card_ref(state, c) for c in combo]
            )
            out.append(Option.of(label, {"type": "ally_answer", "by": o.by, "accept": True, "cards": list(combo)}))
            if len(out) >= MAX_ANSWERS:
                break
    return out + [decline]


def _swappable_hand(state: ClashState, seat: int) -> list[str]:
    return [c for c in state.player(seat).deck.hand if swappable(state, c)]


# ---- what a seat sees ------------------------------------------------------------------------------
def view(state: ClashState, seat: int | None) -> list[dict[str, Any]]:
    """The open offers: resource offers are public (H3-43.3.1); a swap's cards are shown to its two
    traders only, everyone else sees how many (H-27)."""
    out: list[dict[str, Any]] = []
    for o in state.ally_offers:
        entry: dict[str, Any] = {"by": o.by, "to": o.to, "kind": o.kind}
        if o.kind == "resources":
            entry |= {"give": dict(o.give), "want": dict(o.want)}
        else:
            entry["n"] = len(o.cards)
            if seat in (o.by, o.to):
                entry["cards"] = [{"id": c, "card": state.cards[c]} for c in o.cards]
        out.append(entry)
    return out
