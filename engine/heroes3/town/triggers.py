"""Town buildings whose effect waits for a moment other than the resource round.

A building's ``passive`` step that names ``when: astrologer_round`` (Rampart's Saplings: reinforce a
bronze or silver unit at half cost; Tower's Wall of Knowledge: take back a card) happens as each
astrologer round begins (H3-7.3.2), for every player owning the building, after the astrologer card
is read out. The round flow calls ``astrologer_round``; the steps resolve in the shared effect
vocabulary (adventure/effects.py), so a reinforcement here pays as any other reinforce effect does
(H3-26.4: no token, Citadel or dwelling needed; ``half_up`` rounds up as the settlement does, H3-50.4.2).

``when: town_sieged`` (the Fortress Blood Obelisk: "instantly, after your town has been sieged") happens
once a combat over the owner's own faction town, which the owner defended, is over (``town_sieged``,
called by adventure/encounters.settle whatever the result; house: an enemy who takes an undefended town
fights no siege, H3-39.1 / A-38, so nothing happens then).
"""

from __future__ import annotations

from engine.core import Event

from ..adventure import effects
from ..cards import messages as cm
from ..clash import messages as m
from ..clash.state import ClashState
from ..content.clash import Step, clash_content

ASTROLOGER_ROUND = "astrologer_round"
TOWN_SIEGED = "town_sieged"


def building_steps(faction: str, buildings: list[str], when: str) -> list[Step]:
    """The passive steps of the built ``buildings`` that wait for the round ``when``, in board order."""
    board = clash_content().towns[faction]
    return [s for b in board.buildings if b.id in buildings for s in b.passive if s.word("when") == when]


def astrologer_round(state: ClashState, order: list[int]) -> None:
    """Push every player's astrologer-round building steps, the first player's resolving first
    (pushed in reverse: the flow is a stack)."""
    for seat in reversed(order):
        p = state.player(seat)
        if p.eliminated:
            continue
        steps = building_steps(p.faction, p.buildings, ASTROLOGER_ROUND)
        if steps:
            effects.push_effects(state, seat, "main", steps)


def town_sieged(state: ClashState, seat: int) -> list[Event]:
    """The Blood Obelisk's other moment: ``seat`` has just defended its own town in a combat; its buildings
    that wait for that act at once (pushed to the front of the flow), each announced."""
    p = state.player(seat)
    if p.eliminated:
        return []
    board = clash_content().towns[p.faction]
    events: list[Event] = []
    for b in reversed([b for b in board.buildings if b.id in p.buildings]):
        steps = [s for s in b.passive if s.word("when") == TOWN_SIEGED]
        if steps:
            effects.push_effects(state, seat, "main", steps)
            said = cm.TOWN_SIEGED(seat=m.seat(seat), building=m.ref("h3_building", b.id))
            events.insert(0, Event.to_all("h3_town_sieged", said, seat=seat, building=b.id))
    return events
