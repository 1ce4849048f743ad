"""The Fortress Cage of Warlords in a combat (S-H1 ``docs/towns/fortress.md``): "during any combat, a
player can remove them (the faction cubes on it) to gain +1 attack or +1 defence per cube".

Reading (house, README): the owner spends the cubes for their own army, in any combat where one side is
theirs (whichever hero leads it, or their units alone defending a town, H3-39.1: the cubes are no card, so
H3-35.1 does not hold them back), one cube at a time, at the moments an instant can be played: the side's
own activations and the card window of every attack (H3-34.5). Each cube acts as a statistic card does:
+1 attack until the unit's next attack resolves, or +1 defence until the next attack on it resolves
(H3-35.5, A-36). The host lays the owner's count on the side when the combat is built and takes the count
left back afterwards (town/cage.py); the count is public, as the cubes on the town board are.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, RuleViolation

from .. import messages as m
from . import rules as r
from . import texts as t
from .models import Combat, CombatSide

CUBE_BONUS = 1  # printed: +1 attack or +1 defence per cube


def options(combat: Combat, side: CombatSide) -> list[Option]:
    """One cube for +1 attack or +1 defence to each of the owner's units on the board."""
    if side.cage_cubes <= 0 or side.owner is None or side.controller is None:
        return []
    out: list[Option] = []
    for u in combat.on_board(side.team):
        if u.tower:
            continue
        name = r.uname(combat, u)
        out.append(Option.of(t.OPT_CAGE_ATTACK(target=name), {"type": "cage", "target": u.uid, "stat": "attack"}))
        out.append(Option.of(t.OPT_CAGE_DEFENSE(target=name), {"type": "cage", "target": u.uid, "stat": "defense"}))
    return out


def refusal(side: CombatSide) -> RuleViolation:
    """Why a cube play that was not offered is refused (the state is left as it was)."""
    if side.cage_cubes <= 0:
        return RuleViolation("H3-21.2", t.NO_CAGE_CUBE())
    return RuleViolation("H3-21.2", m.NOT_OFFERED())


def use(combat: Combat, side: CombatSide, action: Any) -> list[Event]:
    """Take one cube off: +1 attack (H3-35.5) or +1 defence (A-36) to the unit, announced to everyone."""
    u = combat.unit(str(action.target))
    side.cage_cubes -= 1
    seat = m.seat_name(side.controller)
    if action.stat == "attack":
        u.attack_bonus += CUBE_BONUS
        said = t.CAGE_ATTACK(seat=seat, target=r.uname(combat, u), n=side.cage_cubes)
    else:
        u.defense_bonus += CUBE_BONUS
        said = t.CAGE_DEFENSE(seat=seat, target=r.uname(combat, u), n=side.cage_cubes)
    return [Event.to_all("h3_cage", said, team=side.team, unit=u.uid, stat=action.stat)]
