"""The Fortress Cage of Warlords on the map (S-H1 ``docs/towns/fortress.md``): "when built and at the
beginning of each resource round, place a faction cube here (to a maximum of 2)".

The cubes are the owner's (``Player.cage_cubes``, public as any cube on a town board). A combat takes the
count onto the owner's side as it is built (``lay``), spends cubes there (combat/cage.py) and gives back
what is left when its result is applied (``collect``, adventure/encounters.py). The building's ``built``
and ``resource_round`` steps name the effect ``cage_cube`` (the map vocabulary, adventure/effects.py).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step

from ..cards import messages as cm
from ..clash import messages as m
from ..clash.state import ClashState, Player
from ..combat.models import Combat
from ..content.clash import Step as Effect

CAGE_MAX = 2  # printed: "to a maximum of 2"


def add_cube(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """One more cube on the Cage, never more than ``max`` (2); a full Cage takes none (the event says so)."""
    most = eff.num("max", CAGE_MAX)
    if p.cage_cubes >= most:
        return [Event.to_all("h3_cage_full", cm.CAGE_FULL(seat=m.seat(p.seat), n=p.cage_cubes), seat=p.seat)]
    p.cage_cubes += 1
    return [Event.to_all("h3_cage_cube", cm.CAGE_CUBE(seat=m.seat(p.seat), n=p.cage_cubes), seat=p.seat)]


def lay(state: ClashState, combat: Combat) -> None:
    """The owner's cubes go with every side of theirs into the combat (combat/cage.py spends them there)."""
    for side in combat.sides:
        if side.owner is not None and side.ai is None:
            side.cage_cubes = state.player(side.owner).cage_cubes


def collect(state: ClashState, combat: Combat) -> None:
    """The cubes not spent in the combat stay on the owner's Cage; the spent ones went back to the supply."""
    for side in combat.sides:
        if side.owner is not None and side.ai is None:
            state.player(side.owner).cage_cubes = side.cage_cubes
