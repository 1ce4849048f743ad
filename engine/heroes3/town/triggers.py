"""Town buildings whose effect waits for a round of the tracker other than the resource round.

A building's ``passive`` step that names ``when: astrologer_round`` (Rampart's Saplings: reinforce a
bronze or silver unit at half cost; Tower's Wall of Knowledge: take back a card) happens as each
astrologer round begins (H3-7.3.2), for every player owning the building, after the astrologer card
is read out. The round flow calls ``astrologer_round``; the steps resolve in the shared effect
vocabulary (adventure/effects.py), so a reinforcement here pays as any other reinforce effect does
(H3-26.4: no token, Citadel or dwelling needed; ``half_up`` rounds up as the settlement does, H3-50.4.2).
"""

from __future__ import annotations

from ..adventure import effects
from ..clash.state import ClashState
from ..content.clash import Step, clash_content

ASTROLOGER_ROUND = "astrologer_round"


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
