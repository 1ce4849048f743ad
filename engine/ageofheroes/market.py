"""Setup (AH-3) and Market Day (AH-4): draws, events, then binding card trades."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import message, plural_message

from . import cards as C
from . import messages as T
from .events_cards import gain_city, reveal
from .flow import FLOW, auto, push
from .state import AohState, Frame
from .table import discard, draw, order_from, private_hand_event, round_start, seat_name

OPENING_DISCARDED = message(
    "ah.setup.opening_discarded", "{seat}'s opening {card} is discarded without effect (AH-3.7)."
)
OPENING_HAND = message("ah.setup.opening_hand", "Your opening hand: {cards}.")
TRIBE_TAKEN = message("ah.setup.refused.tribe_taken", "Choose a tribe nobody else has.")
LEADS_TRIBE = message("ah.setup.leads_tribe", "Seat {n} leads the {tribe} tribe.")
WHERE_MARKET = message("ah.where.market_day", "Market Day")
FIRST_MARKET_DISCARD = message(
    "ah.market.first_discard", "On the first Market Day {card} is discarded unused (AH-4.9)."
)
MARKET_DRAWS = plural_message(
    "ah.market.draws",
    "{seat} draws {n} card(s) on Market Day (AH-4.2).",
    "{seat} draws {n} card(s) on Market Day (AH-4.2).",
)
MARKET_YOU_DREW = message("ah.market.you_drew", "Market Day: you drew {cards}.")
MARKET_DAY = message("ah.market.round", "Round {round}: Market Day.")
MARKET_DAY_FIRST = message("ah.market.round_first", "Round {round}: Market Day (the first).")
TRADE_CLOSED = plural_message(
    "ah.market.trade_closed",
    "Trading closes; {n} open offer(s) lapse (AH-4.10).",
    "Trading closes; {n} open offer(s) lapse (AH-4.10).",
)
MARKET_OVER = message("ah.market.over", "Round {round}: Market Day is over; the turns begin.")


# ---- setup ----------------------------------------------------------------------------
def first_player(state: AohState) -> int:
    """AH-3.3: highest battle card starts; only the tied redraw; all cards go back, reshuffled."""
    contenders = list(range(len(state.seats)))
    drawn: list[str] = []
    state.first_draws = []
    while True:
        row: list[list[int]] = []
        for s in contenders:
            if not state.battle_deck.draw_pile:  # spec §5: reshuffle everything and go on
                state.battle_deck.draw_pile.extend(drawn)
                drawn.clear()
                state.battle_deck.shuffle(state.rng)
            card = state.battle_deck.draw_pile.pop(0)
            drawn.append(card)
            row.append([s, C.battle_value(card)])
        state.first_draws.append(row)
        best = max(v for _, v in row)
        contenders = [s for s, v in row if v == best]
        if len(contenders) == 1:
            break
    state.battle_deck.draw_pile.extend(drawn)  # AH-3.3.3
    state.battle_deck.shuffle(state.rng)
    state.battle_deck.reshuffles += 1
    state.first_seat = contenders[0]
    return contenders[0]


@auto("deal")
def opening_deal(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-3.6-3.9: three cards each; disasters discarded unreplaced; Population Boom applied."""
    order = order_from(state, state.first_seat)
    for _ in range(state.content.constants.opening_hand):
        for s in order:
            card = draw(state)
            if card is not None:
                state.p(s).hand.append(card)
    booms: list[tuple[int, str]] = []
    for s in order:
        p = state.p(s)
        for card in list(p.hand):
            k = C.kind(card)
            if k in C.DISASTERS:  # AH-3.7
                p.hand.remove(card)
                discard(state, card)
                state.opening.append({"seat": s, "card": k, "effect": "discarded"})
                events.append(
                    T.to_all(
                        "opening",
                        OPENING_DISCARDED(seat=seat_name(state, s), card=T.card(k)),
                        seat=s,
                        card=k,
                        reveals=True,
                    )
                )
            elif k == "population_boom":
                p.hand.remove(card)
                booms.append((s, card))
    for s, card in booms:  # AH-3.8: in seat order from the first player, not replaced
        state.opening.append({"seat": s, "card": "population_boom", "effect": "applied"})
        gain_city(state, s, card, events)
    for s in order:
        hand = state.p(s).hand
        events.append(private_hand_event(state, s, OPENING_HAND(cards=T.cards(hand)), hand))
    push(state, "market_day")  # AH-3.10


def choose_tribe(state: AohState, seat: int, tribe: str, events: list[Event]) -> None:
    """P-01 (AH-3.4): one tribe each, none shared."""
    taken = {p.tribe for p in state.seats}
    if tribe not in state.content.tribes or tribe in taken:
        raise T.refuse("AH-3.4.2", TRIBE_TAKEN())
    state.p(seat).tribe = tribe
    FLOW.pop(state)
    events.append(T.to_all("tribe", LEADS_TRIBE(n=seat + 1, tribe=T.tribe(tribe)), seat=seat, tribe=tribe))


# ---- Market Day -----------------------------------------------------------------------
def market_draws(state: AohState, seat: int) -> int:
    """AH-4.2: one card plus one per tribe joined by a road (CFG roads_market_bonus, roads_count_indirect)."""
    roads = state.roads
    if state.options.roads_market_bonus == "builder_only":
        roads = [r for r in roads if r.builder == seat]
    if not state.options.roads_count_indirect:
        return 1 + sum(1 for r in roads if seat in (r.a, r.b))
    reach, frontier = {seat}, [seat]
    while frontier:
        s = frontier.pop()
        for r in roads:
            for x, y in ((r.a, r.b), (r.b, r.a)):
                if x == s and y not in reach:
                    reach.add(y)
                    frontier.append(y)
    return len(reach)


def draw_for_market(state: AohState, seat: int, first: bool, events: list[Event]) -> list[str]:
    """Draw one seat's Market Day cards; return the immediate events to resolve (AH-4.3, AH-4.9)."""
    n = market_draws(state, seat)
    queued: list[str] = []
    got: list[str] = []
    i = 0
    while i < n:
        i += 1
        card = draw(state)
        if card is None:
            break
        k = C.kind(card)
        if C.is_event(card) and state.options.market_day_replacement:
            n += 1
        if C.is_immediate(card):
            events.append(reveal(state, seat, card, WHERE_MARKET()))
            if first and (
                k in C.DISASTERS
                or (k == "population_boom" and state.options.first_market_day_population_boom == "discard")
            ):
                discard(state, card)  # AH-4.9: discarded unused, not replaced
                events.append(T.to_all("no_effect", FIRST_MARKET_DISCARD(card=T.card(k)), card=k))
            else:
                queued.append(card)
        else:
            state.p(seat).hand.append(card)
            got.append(card)
    events.append(
        T.to_all(
            "market_draw",
            MARKET_DRAWS(seat=seat_name(state, seat), n=i),
            seat=seat,
            count=i,
            reveals=True,
        )
    )
    if got:
        events.append(private_hand_event(state, seat, MARKET_YOU_DREW(cards=T.cards(got)), got))
    return queued


@auto("market_day")
def market_day(state: AohState, frame: Frame, events: list[Event]) -> None:
    """AH-4.1: a round opens with Market Day; trading follows once its events are resolved."""
    first = state.first_market
    state.round += 1
    state.turns_this_round = []
    state.active = None
    state.market = True
    state.trade.reset()
    events.append(
        T.to_all("market_day", (MARKET_DAY_FIRST if first else MARKET_DAY)(round=state.round), round=state.round)
    )
    order = order_from(state, round_start(state))
    push(state, "start_turns")
    push(state, "trade")  # P-05..P-07
    if state.options.market_day_event_timing == "after_each_player":  # AMB-41 alternative
        for s in reversed(order):
            push(state, "market_draw", s, first=first)
        return
    queued: list[tuple[int, str]] = []
    for s in order:
        queued += [(s, c) for c in draw_for_market(state, s, first, events)]
    for s, c in reversed(queued):  # resolve in seat order, each player's cards in the order drawn
        push(state, "event", s, card=c, context="market")


@auto("market_draw")
def market_draw(state: AohState, frame: Frame, events: list[Event]) -> None:
    seat = int(frame.seat or 0)
    if state.p(seat).eliminated:
        return
    for c in reversed(draw_for_market(state, seat, bool(frame.data.get("first")), events)):
        push(state, "event", seat, card=c, context="market")


@auto("start_turns")
def start_turns(state: AohState, frame: Frame, events: list[Event]) -> None:
    state.market = False
    state.first_market = False
    if state.trade.offers:
        events.append(T.to_all("trade_closed", TRADE_CLOSED(n=len(state.trade.offers))))
    state.trade.reset()
    # A milestone: the table posts the public tableau once Market Day is over.
    events.append(
        T.to_all(
            "market_day_end",
            MARKET_OVER(round=state.round),
            milestone=True,
            round=state.round,
        )
    )
    push(state, "turn", round_start(state))
