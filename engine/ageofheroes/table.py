"""Small queries and moves on the table that every rule module shares."""

from __future__ import annotations

from collections import Counter

from engine.core import Event
from engine.core.text import Msg

from . import cards as C
from . import messages as T
from .state import AohState, Player


def seat_name(state: AohState, seat: int) -> Msg:
    """A seat as the game names it: "seat 2 (Greek)", "seat 2" before tribes are chosen, or the Barbarians."""
    tribe = state.seats[seat].tribe if 0 <= seat < len(state.seats) else None
    if seat < 0:
        return T.BARBARIANS()
    return T.SEAT_TRIBE(n=seat + 1, tribe=T.tribe(tribe)) if tribe else T.SEAT(n=seat + 1)


def surviving(state: AohState) -> list[int]:
    return [p.seat for p in state.seats if not p.eliminated]


def order_from(state: AohState, start: int) -> list[int]:
    """Surviving seats in seat order starting at ``start`` (or the next survivor after it)."""
    n = len(state.seats)
    return [s for s in ((start + i) % n for i in range(n)) if not state.seats[s].eliminated]


def round_start(state: AohState) -> int:
    """AH-16.6: the first player's seat starts rounds; if gone, the next survivor after it."""
    order = order_from(state, state.first_seat)
    return order[0] if order else state.first_seat


def neighbours(state: AohState, seat: int) -> list[int]:
    """AH-9.9.1 / AH-16.5: adjacent surviving seats (one seat in a 2-player ring)."""
    n = len(state.seats)
    if state.options.neighbours_recompute_on_elimination:
        ring = order_from(state, seat)
        if len(ring) < 2 or seat not in ring:
            return []
        return sorted({ring[1], ring[-1]})
    out = {(seat + 1) % n, (seat - 1) % n} - {seat}
    return sorted(s for s in out if not state.seats[s].eliminated)


def has_road(state: AohState, a: int, b: int) -> bool:
    return any({r.a, r.b} == {a, b} for r in state.roads)


def hand_counts(player: Player) -> Counter[str]:
    return Counter(C.kind(c) for c in player.hand)


def cards_of_kind(player: Player, k: str) -> list[str]:
    return [c for c in player.hand if C.kind(c) == k]


def take_kinds(player: Player, kinds: list[str]) -> list[str] | None:
    """Concrete card ids for a list of kinds from a hand, or None if not all are held."""
    chosen: list[str] = []
    for k in kinds:
        pick = next((c for c in player.hand if C.kind(c) == k and c not in chosen), None)
        if pick is None:
            return None
        chosen.append(pick)
    return chosen


def remove_cards(player: Player, card_ids: list[str]) -> None:
    for c in card_ids:
        player.hand.remove(c)


def discard(state: AohState, *cards: str) -> None:
    state.deck.discard(*cards)


def draw(state: AohState) -> str | None:
    """One resource card; the discard pile is reshuffled when the deck is empty (AH-15.1, AH-15.3)."""
    return state.deck.draw_one(state.rng)


def key(state: AohState) -> int:
    state.next_key += 1
    return state.next_key


def reshuffle_battle_deck(state: AohState) -> None:
    """AH-15.2: every battle card comes back and the battle deck is reshuffled."""
    everything = state.battle_deck.draw_pile + state.battle_deck.discard_pile
    if state.battle is not None:
        everything += [c for c in state.battle.att_drawn + state.battle.def_drawn]
    state.battle_deck.draw_pile = sorted(set(everything))
    state.battle_deck.discard_pile = []
    state.battle_deck.shuffle(state.rng)
    state.battle_deck.reshuffles += 1


def private_hand_event(state: AohState, seat: int, text: Msg, cards: list[str], *, reveals: bool = True) -> Event:
    return T.to_seats(seat, "hand", text, reveals=reveals, cards=list(cards))
