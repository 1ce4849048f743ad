"""Every printed event resolves in play (H3-7.5.4): the engine resolves all its effects, with no hand-off to
the game master; whatever it turned up goes back to its deck (H3-7.5.5); every card stays in exactly one
zone; and nothing a public view or a public event carries names a hidden card (H-12, H-1, H-10)."""

from __future__ import annotations

import json

import pytest

from engine.core import Event
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.content.clash import clash_content

from .helpers import deck, events_shown, fortress_game, public_json, to_event, to_turn

EVENTS = sorted(clash_content().events)


def _leaks(state_events: list[Event], hidden: set[str]) -> list[str]:
    public = [json.dumps(e.model_dump(mode="json"), default=str) for e in state_events if e.public]
    return [h for h in hidden for text in public if f'"{h}"' in text]


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize("players", [2, 3])
def test_h3_7_5_4_each_event_resolves_for_every_player_without_the_gm(event: str, players: int) -> None:
    state = fortress_game(players, seed=3)
    for p in state.seats:  # something to pay with, so the offers are taken up
        p.resources.update(gold=30, building_materials=5, valuables=4)
    undrawn = set(deck(state).deck.draw_pile) - {event}
    state, seen = to_event(state, event)
    # H3-7.5.2: read out to everyone; H-12: no other event is named on the way
    drawn = [e for e in seen if e.kind == "h3_event"]
    assert drawn and drawn[-1].public and drawn[-1].data["event"] == event
    state, rest = to_turn(state, f"the end of {event}")
    seen += rest
    assert "h3_event_end" in [e.kind for e in rest]
    assert not [e for e in seen if e.kind == "gm_task"]  # resolved by the engine (H3-7.5.4)
    ev = deck(state)
    assert ev.revealed == [] and ev.units == [] and ev.pool == [] and ev.dice == [] and ev.exchange is None
    assert CLASH.invariants(state) == []  # every card in exactly one zone
    assert not any(f'"{e}"' in events_shown(state) for e in undrawn)  # H-12: the deck's order never shows
    hidden = set().union(*CLASH.secrets(state).values())
    assert not [h for h in hidden if h in public_json(state)]
    assert _leaks(seen, {c for p in state.seats for c in p.deck.draw.draw_pile}) == []  # H-2: no deck order
