"""Helpers that set up Age of Heroes positions directly, as the spec's worked examples state them.

A position starts from a real setup (so every card exists exactly once), then all cards
go back to the deck and the test hands out exactly the cards, items and deck order it
needs. Deck tops are rigged by moving the named card kinds to the top of the pile.
"""

from __future__ import annotations

from typing import Any

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import cards as C
from engine.ageofheroes.flow import advance, push
from engine.ageofheroes.state import AohState, Army
from engine.core import Event

TRIBES = ["egyptian", "roman", "greek", "babylonian", "celtic", "chinese"]


def position(players: int = 3, tribes: list[str] | None = None, **options: Any) -> AohState:
    """Seats 0..n-1 (A, B, C, ...), seat 0 first, round 2, one City and army a1 each, empty hands."""
    state = RS.setup({"players": players, "setup_tribe_selection": "random", **options}, 7)
    cards = state.deck.draw_pile + state.deck.discard_pile
    for p in state.seats:
        cards += p.hand + p.monument
        p.hand, p.monument = [], []
        p.challenge = None
    state.deck.draw_pile = sorted(cards)
    state.deck.discard_pile = []
    tribes = tribes or TRIBES[:players]
    for p, t in zip(state.seats, tribes, strict=False):
        p.tribe = t
        p.cities = 1
        p.armies = [Army(id="a1")]
        p.next_army = 2
        p.fortresses = 0
    state.supply = dict(state.content.item_supply)
    state.supply["city"] -= players
    state.supply["army"] -= players
    state.steps = []
    state.first_seat = 0
    state.round = 2
    state.first_market = False
    state.market = False
    state.active = None
    return state


def take(state: AohState, kind: str) -> str:
    """Pull one card of ``kind`` out of the draw pile."""
    card = next(c for c in state.deck.draw_pile if C.kind(c) == kind)
    state.deck.draw_pile.remove(card)
    return card


def give(state: AohState, seat: int, *kinds: str) -> list[str]:
    cards = [take(state, k) for k in kinds]
    state.seats[seat].hand.extend(cards)
    return cards


def deck_top(state: AohState, *kinds: str) -> list[str]:
    cards = [take(state, k) for k in kinds]
    state.deck.draw_pile[0:0] = cards
    return cards


def battle_top(state: AohState, *values: int) -> None:
    pile = state.battle_deck.draw_pile
    top = []
    for v in values:
        card = next(c for c in pile if C.battle_value(c) == v)
        pile.remove(card)
        top.append(card)
    pile[0:0] = top


def armies(state: AohState, seat: int, *ids: str, general: tuple[str, ...] = ()) -> None:
    """Give a seat exactly these home armies (the supply pays for them)."""
    p = state.seats[seat]
    state.supply["army"] += len(p.armies) - len(ids)
    state.supply["general"] += sum(a.general for a in p.armies) - len(general)
    p.armies = [Army(id=i, general=i in general) for i in ids]
    p.next_army = len(ids) + 1


def cities(state: AohState, seat: int, n: int) -> None:
    state.supply["city"] += state.seats[seat].cities - n
    state.seats[seat].cities = n


def fortresses(state: AohState, seat: int, n: int) -> None:
    state.supply["fortress"] += state.seats[seat].fortresses - n
    state.seats[seat].fortresses = n


def begin_turn(state: AohState, seat: int) -> list[Event]:
    """Start ``seat``'s turn now (the Draw step runs at once)."""
    events: list[Event] = []
    state.turns_this_round = [s for s in range(seat)]
    push(state, "turn", seat)
    advance(state, events)
    return events


def at_action(state: AohState, seat: int) -> AohState:
    """Put ``seat`` at its Action step without drawing (the rest of the turn follows)."""
    state.turns_this_round = list(range(seat + 1))
    state.active = seat
    state.turn_no += 1
    for kind in ("turn_end", "discard_step", "monument_step", "action"):
        push(state, kind, seat)
    return state


def act(state: AohState, seat: int, **action: Any) -> tuple[AohState, list[Event]]:
    return RS.apply(state, seat, action)


def top(state: AohState) -> str | None:
    return state.steps[0].kind if state.steps else None


def kinds(cards: list[str]) -> list[str]:
    return sorted(C.kind(c) for c in cards)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def war(
    state: AohState,
    seat: int,
    target: int,
    purpose: str,
    armies_: list[str],
    heroes: list[dict[str, Any]] | None = None,
) -> AohState:
    state, _ = act(state, seat, type="action", choice="war")
    state, _ = act(state, seat, type="declare_war", target=target, purpose=purpose, armies=armies_, heroes=heroes or [])
    return state


def place_cards(state: AohState, seat: int, values: list[int]) -> dict[str, str]:
    """Map the side's units, in order, to its drawn battle cards with these values."""
    b = state.battle
    assert b is not None
    side = "att" if b.attacker == seat else "dfn"
    drawn = list(b.att_drawn if side == "att" else b.def_drawn)
    mapping = {}
    for unit, v in zip(b.units(side), values, strict=False):
        card = next(c for c in drawn if C.battle_value(c) == v)
        drawn.remove(card)
        mapping[unit.id] = card
    return mapping
