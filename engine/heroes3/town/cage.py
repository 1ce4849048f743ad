"""The Fortress Cage of Warlords on the map (S-H1 ``docs/towns/fortress.md``): "when built and at the
beginning of each resource round, place a faction cube here (to a maximum of 2)"; and the Inferno Brimstone
Stormclouds (``docs/towns/inferno.md``), the same cubes placed when built and as each astrologer round begins
(town/triggers.py), at most 3, each spent in a combat for +1 Power, one per spell. The building's steps say
which: ``cage_cube`` with ``max`` and ``reward`` (``stat``, the default, or ``power``; combat/cage.py).

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
from ..content.clash import clash_content

CAGE_MAX = 2  # printed: "to a maximum of 2"
STAT, POWER = "stat", "power"


def holder(faction: str, buildings: list[str]) -> tuple[str, str] | None:
    """The building of the owner's that holds the cubes and what they buy in a combat, read from its cube step
    (None: no such building; a player owns one faction town board, H3-21)."""
    board = clash_content().towns.get(faction)
    if board is None:
        return None
    for b in board.buildings:
        if b.id not in buildings:
            continue
        for step in (*(s for c in b.built for s in c.steps), *b.passive):
            if step.effect == "cage_cube":
                return b.id, step.word("reward") or STAT
    return None


def reward_of(faction: str, buildings: list[str]) -> str | None:
    """What the owner's cubes buy in a combat (``holder``'s reward)."""
    held = holder(faction, buildings)
    return held[1] if held is not None else None


def view(p: Player) -> dict[str, object] | None:
    """The cubes on the player's town board as everyone sees them (public): the building, its count, its reward."""
    held = holder(p.faction, p.buildings)
    return None if held is None else {"building": held[0], "cubes": p.cage_cubes, "reward": held[1]}


def add_cube(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """One more cube on the Cage, never more than ``max`` (2); a full Cage takes none (the event says so)."""
    most = eff.num("max", CAGE_MAX)
    storm = eff.word("reward") == POWER
    if p.cage_cubes >= most:
        full = (cm.STORM_FULL if storm else cm.CAGE_FULL)(seat=m.seat(p.seat), n=p.cage_cubes)
        return [Event.to_all("h3_cage_full", full, seat=p.seat)]
    p.cage_cubes += 1
    said = (cm.STORM_CUBE if storm else cm.CAGE_CUBE)(seat=m.seat(p.seat), n=p.cage_cubes)
    return [Event.to_all("h3_cage_cube", said, seat=p.seat)]


def lay(state: ClashState, combat: Combat) -> None:
    """The owner's cubes go with every side of theirs into the combat (combat/cage.py spends them there)."""
    for side in combat.sides:
        if side.owner is not None and side.ai is None:
            p = state.player(side.owner)
            side.cage_cubes = p.cage_cubes
            side.cage_reward = "power" if reward_of(p.faction, p.buildings) == POWER else "stat"


def collect(state: ClashState, combat: Combat) -> None:
    """The cubes not spent in the combat stay on the owner's Cage; the spent ones went back to the supply."""
    for side in combat.sides:
        if side.owner is not None and side.ai is None:
            state.player(side.owner).cage_cubes = side.cage_cubes
