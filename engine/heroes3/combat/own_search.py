"""Adrienne's Fire Magic IV played in a combat: Search (N) one's own deck, then shuffle one's discard pile
into it (S-H1 ``docs/heroes/adrienne.md``; an instant, so it may be played in a combat, H3-13.2.7).

Why a step of its own: H3-13.2.5 lets only the searcher see the cards looked at, and the one kept stays
hidden in the hand (the rest are discarded face up). ``look`` (called by cards.play) notes the top N cards
of the draw pile (``CombatSide.searching``; they stay on the pile meanwhile, so every card is in a zone) and
shows them to their owner alone; with two or more the flow asks which one is kept (``h3c_search_own``, a
secret prompt); ``finish`` puts it in the hand, the rest on the discard pile, then the whole discard pile
is shuffled into the deck (the played card with it).
Read as the map does it (adventure/effects ``search_own_deck``): a short deck shows what it has, and an
empty one shows nothing (the discard pile becomes the deck right after, so nothing is lost).
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, Rng, RuleViolation
from engine.core.flow import Flow, Step

from .. import messages as m
from . import texts as t
from .models import CombatHost, CombatSide


def _seat(side: CombatSide) -> int:
    return side.controller if side.controller is not None else side.owner or 0


def look(side: CombatSide, n: int, rng: Rng) -> list[Event]:
    """The top ``n`` cards of the side's deck set aside for the Search; with fewer than two there is no
    choice, so the Search and the reshuffle finish at once (``finish``)."""
    deck = side.deck
    assert deck is not None
    seen = deck.draw.draw_pile[:n]
    side.searching = list(seen)  # they stay on top of the draw pile until one is kept (every card in a zone)
    if len(seen) > 1:
        cards = [m.card_ref(deck.names[c]) for c in seen]
        return [Event.to_seats(_seat(side), "h3_you_see", t.SEEN_OWN(cards=cards), reveals=True)]
    return finish(side, seen[0] if seen else None, rng)


def finish(side: CombatSide, pick: str | None, rng: Rng) -> list[Event]:
    """The card kept goes to the hand, the others face up to the discard pile (H3-13.2.5), then the discard
    pile is shuffled into the deck (the chaos deck, H3-48.1, holds back what it removed)."""
    deck = side.deck
    assert deck is not None
    seat = m.seat_name(_seat(side))
    rest = [c for c in side.searching if c != pick]
    deck.draw.draw_pile = [c for c in deck.draw.draw_pile if c not in side.searching]
    side.searching = []
    events: list[Event] = []
    if pick is not None:
        deck.hand.append(pick)
        if rest:
            names = [deck.names[c] for c in rest]
            said = t.SEARCHED_OWN(seat=seat, cards=[m.card_ref(c) for c in names])
            events.append(Event.to_all("h3_own_search", said, cards=names))
        else:
            events.append(Event.to_all("h3_own_search", t.SEARCHED_ONE(seat=seat)))
    deck.discard.extend(rest)
    deck.draw.draw_pile.extend(deck.to_reshuffle(deck.discard))
    deck.discard.clear()
    deck.draw.shuffle(rng)
    return events + [Event.to_all("h3_reshuffled", t.RESHUFFLED(seat=seat))]


def install(flow: Flow[Any, Any]) -> None:
    """The question which searched card is kept, on the host's flow (called by combat/flow.install)."""

    @flow.decision("h3c_search_own", "strike")
    def _prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = state.combat
        assert combat is not None
        side = combat.sides[int(st.data["team"])]
        deck = side.deck
        assert deck is not None
        options = [
            Option.of(m.OPT_TAKE(card=m.card_ref(deck.names[c])), {"type": "strike", "target": c})
            for c in side.searching
        ]
        key = f"{st.key}.{st.data.get('n', 0)}"
        # H3-13.2.5 ⟦H: the X cards seen are visible only to the searcher⟧
        return [Prompt.ask(int(st.seat or 0), key, "H3-13.2.5", t.ASK_SEARCH_OWN(), options=options, secret=True)]

    @flow.applies("h3c_search_own")
    def _apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = state.combat
        assert combat is not None
        side = combat.sides[int(st.data["team"])]
        if action.target not in side.searching:
            raise RuleViolation("H3-13.2.5", m.NOT_OFFERED())
        flow.done(state, st)
        return finish(side, action.target, state.rng)
