"""[EXP: Fortress] The event deck (H3-2.7.7, H3-6.24, H3-7.5): dealt face down at setup in a game of two or
more players with the Fortress box, drawn at the start of each resource round after income and the
start-of-resource-round effects and before the astrologer card (A-73), read out to everyone and resolved
for every player clockwise from the drawer (H3-7.5.4); the drawer role then passes clockwise (H3-7.5.3).

Why through the astrologer's machinery: an event card is resolved as an astrologer card is (rounds.py
``_astrologer``). Its effects are steps of the map vocabulary queued as ``fx`` steps (adventure/effects.py)
and every choice a player makes is an ``ask`` (asks.py) put to that player. Steps only the events use are
added to that vocabulary by player.py (a player's own part: Crypt, Stables, Withered Hermit ...) and
table.py (resolved once for the table and passed round it: Artifact Merchant, A Shady Auction ...).
A step the engine does not know still goes to the game master (``_fx``), never skipped.
"""

from __future__ import annotations

from typing import Any

from engine.core import Deck, Event
from engine.core.flow import Step
from engine.core.text import Msg

from ...adventure import effects
from ...content.clash import EventCard, EventOption, clash_content
from ...content.texts import text_ref
from .. import messages as m
from ..asks import ask, push_ask
from ..common import can_pay, pay
from ..flow import FLOW, seat_of
from ..state import ClashState, EventDeck, Player
from . import player  # noqa: F401  # registers the events' own steps
from . import table as table_events
from .offer import POSSIBLE, back_to_deck, clockwise, table, to_discard, unit_back


def deal(state: ClashState) -> None:
    """H3-6.24: shuffle the event cards of the boxes in play face down next to the round tracker (H-12:
    hidden from all). Whether there are any comes from the content's boxes (the Fortress box's, H3-2.7.7),
    not from a box name written again; H3-7.5.1: only in a multiplayer game, so a solo Cooperative table has
    none. H3-7.5.3: the starting player draws first."""
    cards = clash_content().event_deck(tuple(state.boxes))
    if not cards or state.players < 2:
        return
    state.event_deck = EventDeck(deck=Deck[str].shuffled(cards, state.rng), drawer=state.starting)


def queue(state: ClashState) -> None:
    """H3-7.5.2 / A-73: queue this resource round's event; ``rounds._round`` calls this after income and
    before it queues the start-of-resource-round effects, so those resolve first and the event next."""
    if state.event_deck is not None:
        FLOW.push(state, FLOW.new(state, "event"))


@FLOW.auto("event")
def _draw(state: ClashState, st: Step) -> list[Event]:
    """H3-7.5.2: the current drawer draws the next event and reads it out; it lies face up (the deck's
    discard pile, its last card ``current``). An empty deck takes its face-up events back, shuffled (house:
    the Deck's rule, as the astrologer deck). H3-7.5.3: the drawer role passes clockwise; a drawer no longer
    in the game is passed over."""
    ev = table(state)
    order = clockwise(state, ev.drawer)
    if not order:
        return []
    drawer = order[0]
    drawn = ev.deck.draw_one(state.rng)
    if drawn is None:
        return []
    ev.deck.discard(drawn)
    ev.current = drawn
    ev.drawer = clockwise(state, (drawer + 1) % state.players)[0]
    card = clash_content().events[drawn]
    FLOW.push(state, FLOW.new(state, "event_end", drawer, event=drawn))
    if card.steps or card.options:  # H3-7.5.4: each player's own part, clockwise from the drawer
        FLOW.push(state, *[FLOW.new(state, "event_part", s, event=drawn) for s in order])
    effects.push_effects(state, drawer, "main", card.table)  # resolved once, asking the players in turn
    said = m.EVENT_DRAWN(seat=m.seat(drawer), card=m.ref("event", drawn), text=text_ref(card.text))
    return [Event.to_all("h3_event", said, reveals=True, seat=drawer, event=drawn)]


def available(state: ClashState, p: Player, option: EventOption) -> bool:
    """Whether ``p`` may choose ``option`` now: its faction's (Crypt: Necropolis only), its cost payable,
    and each of its steps possible (a spell in hand to remove, an MP left to spend)."""
    if option.faction is not None and option.faction != p.faction:
        return False
    if not can_pay(p, option.cost.as_dict()):
        return False
    return all(POSSIBLE[s.effect](state, p, s) for s in option.steps if s.effect in POSSIBLE)


def _offered(state: ClashState, p: Player, card: EventCard) -> list[int]:
    return [i for i, o in enumerate(card.options) if available(state, p, o)]


@FLOW.auto("event_part")
def _part(state: ClashState, st: Step) -> list[Event]:
    """H3-7.5.4: one player's own part of the event: its steps, or one of its options. A player with a
    single option open takes it; with none, nothing happens to them and the table is told."""
    seat = seat_of(st)
    p = state.player(seat)
    if p.eliminated:
        return []
    card = clash_content().events[str(st.data["event"])]
    if card.steps:
        effects.push_effects(state, seat, "main", card.steps)
        return []
    offered = _offered(state, p, card)
    if not offered:
        return [Event.to_all("h3_event_nothing", m.EVENT_NOTHING(seat=m.seat(seat)), seat=seat)]
    if len(offered) == 1:
        return _choose(state, p, card.options[offered[0]])
    push_ask(state, "event_choice", seat, event=card.id)
    return []


def _choose(state: ClashState, p: Player, option: EventOption) -> list[Event]:
    """Pay the option's cost and queue its steps; the choice is public (H3-7.5.4 ⟦H: —⟧)."""
    pay(p, option.cost.as_dict())
    effects.push_effects(state, p.seat, "main", option.steps)
    said = m.EVENT_CHOSE(seat=m.seat(p.seat), what=text_ref(option.text))
    return [Event.to_all("h3_event_choice", said, seat=p.seat)]


def _choice_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_EVENT(event=m.ref("event", str(st.data["event"])))


@ask("event_choice", "H3-7.5.4", _choice_q)
def _choice_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """P-13: the event's options open to this player, in the card's order, each in the card's words."""
    card = clash_content().events[str(st.data["event"])]
    p = state.player(seat_of(st))
    return [(m.OPT_EVENT(what=text_ref(card.options[i].text)), str(i)) for i in _offered(state, p, card)]


@_choice_options
def _choice_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    card = clash_content().events[str(st.data["event"])]
    return _choose(state, state.player(seat_of(st)), card.options[int(pick)])


@FLOW.auto("event_end")
def _end(state: ClashState, st: Step) -> list[Event]:
    """H3-7.5.5: whatever the event turned up and nobody took goes back into its own deck, shuffled; the
    Shrine of the Magic Thought sends its spells to the discard pile instead, as its card says."""
    ev = table(state)
    back = len(ev.revealed) + len(ev.units) + len(ev.pool)
    for inst in ev.revealed:
        if ev.rest == "discard":
            to_discard(state, inst)
        else:
            back_to_deck(state, inst)
    for inst in ev.pool:
        back_to_deck(state, inst)
    for unit in ev.units:
        unit_back(state, unit)
    returned = 0 if ev.rest == "discard" else back
    ev.revealed, ev.units, ev.pool, ev.dice, ev.rest, ev.exchange = [], [], [], [], "deck", None
    events = [Event.to_all("h3_event_returned", m.EVENT_RETURNED(n=returned))] if returned else []
    return events + [Event.to_all("h3_event_end", m.EVENT_END(card=m.ref("event", str(st.data["event"]))))]


def view(state: ClashState) -> dict[str, Any] | None:
    """The event deck as everyone sees it (H-12): its size, never its order; the events drawn so far and the
    one face up with its text (English; ``text_ref`` it); who draws next (H3-7.5.3); and what the event being
    resolved has on the table: the cards turned up (public, H3-7.5.6), neutral units laid out, the size of
    the Magical Forest's face-down pool, the leprechaun's dice, an exchange on offer and who has bid."""
    ev = state.event_deck
    if ev is None:
        return None
    current = clash_content().events[ev.current] if ev.current else None
    front = FLOW.current(state)
    window = front.window if front is not None and front.kind == table_events.AUCTION else None
    return {
        "size": len(ev.deck.draw_pile),
        "drawn": list(ev.deck.discard_pile),
        "current": ev.current,
        "text": current.text if current is not None else None,
        "drawer": ev.drawer,
        "revealed": [state.cards[c] for c in ev.revealed],
        "units": list(ev.units),
        "pool": len(ev.pool),
        "dice": [list(d) for d in ev.dice],
        "exchange": ev.exchange.model_dump() if ev.exchange is not None else None,
        "bids": window.public() if window is not None else None,  # who has bid, never how much
    }
