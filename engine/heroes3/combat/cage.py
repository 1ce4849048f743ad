"""The Fortress Cage of Warlords in a combat (S-H1 ``docs/towns/fortress.md``): "during any combat, a
player can remove them (the faction cubes on it) to gain +1 attack or +1 defence per cube".

Reading (house, README): the owner spends the cubes for their own army, in any combat where one side is
theirs (whichever hero leads it, or their units alone defending a town, H3-39.1: the cubes are no card, so
H3-35.1 does not hold them back), one cube at a time, at the moments an instant can be played: the side's
own activations and the card window of every attack (H3-34.5). Each cube acts as a statistic card does:
+1 attack until the unit's next attack resolves, or +1 defence until the next attack on it resolves
(H3-35.5, A-36). The host lays the owner's count on the side when the combat is built and takes the count
left back afterwards (town/cage.py); the count is public, as the cubes on the town board are.

The Inferno Brimstone Stormclouds (S-H1 ``docs/towns/inferno.md``) are the same cubes with another reward
(``CombatSide.cage_reward == "power"``): "during any combat, you can remove them to gain +1 Power per cube;
only one cube can be used per spell". House (README): a cube is taken off at the same moments, for the side's
hero (a side with no hero deck casts nothing, so none is offered), as a Power card is played: +1 towards the
next spell (H3-15.3), fizzling as Power does; a second cube waits until that Power is spent on a spell or has
fizzled (``cage_spent_at``: the combat round and spell count it was taken at).
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
    if side.cage_reward == "power":
        if side.deck is None or _waiting(combat, side):
            return []
        return [Option.of(t.OPT_STORM_POWER(), {"type": "cage", "stat": "power"})]
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
    if side.cage_reward == "power" and (side.cage_cubes <= 0 or _waiting_side(side)):
        return RuleViolation("H3-21.2", t.NO_STORM_CUBE())
    if side.cage_cubes <= 0:
        return RuleViolation("H3-21.2", t.NO_CAGE_CUBE())
    return RuleViolation("H3-21.2", m.NOT_OFFERED())


def _waiting(combat: Combat, side: CombatSide) -> bool:
    """A Stormclouds cube already waits for the next spell: taken this combat round, no spell cast since, and
    the Power played is not spent (casting or the end of the activation sets it to 0)."""
    return side.cage_spent_at == (combat.round, side.spells_cast) and side.pending_power > 0


def _waiting_side(side: CombatSide) -> bool:
    return side.cage_spent_at is not None and side.cage_spent_at[1] == side.spells_cast and side.pending_power > 0


def use(combat: Combat, side: CombatSide, action: Any) -> list[Event]:
    """Take one cube off: +1 attack (H3-35.5) or +1 defence (A-36) to the unit, or (Stormclouds) +1 Power
    towards the side's next spell (H3-15.3), announced to everyone."""
    seat = m.seat_name(side.controller)
    if action.stat == "power":
        side.cage_cubes -= 1
        side.pending_power += CUBE_BONUS
        side.cage_spent_at = (combat.round, side.spells_cast)
        said = t.STORM_POWER(seat=seat, n=side.cage_cubes)
        return [
            Event.to_all("h3_cage", said, team=side.team, stat="power"),
            Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)),
        ]
    u = combat.unit(str(action.target))
    side.cage_cubes -= 1
    if action.stat == "attack":
        u.attack_bonus += CUBE_BONUS
        said = t.CAGE_ATTACK(seat=seat, target=r.uname(combat, u), n=side.cage_cubes)
    else:
        u.defense_bonus += CUBE_BONUS
        said = t.CAGE_DEFENSE(seat=seat, target=r.uname(combat, u), n=side.cage_cubes)
    return [Event.to_all("h3_cage", said, team=side.team, unit=u.uid, stat=action.stat)]
