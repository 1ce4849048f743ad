"""A player's unit deck between combats (H3-26): recruiting and reinforcing with the population
token, reinforcing by effect, the army-wipe refill.

Why here and not in the adventure game: the unit deck is what the combat consumes and returns
(``CombatSide.army``, ``SideOutcome.army``), so the operations on it sit beside the combat and are
pure functions the adventure game's town action (H3-10) calls. Each returns a new list and a new
purse, or raises a ``RuleViolation`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import RuleViolation
from engine.core.text import Ref

from . import messages as m
from .combat.models import ArmyCard
from .content import FACTIONS, load

Resources = dict[str, int]


def dwelling(tier: str) -> str:
    """The building id of a tier's dwelling (``dwelling:bronze`` …); ``citadel`` is the Citadel."""
    return f"dwelling:{tier}"


def faction_units(faction: str) -> list[str]:
    """H3-26.1: every faction has 7 different units (3 bronze, 2 silver, 2 gold, D-1)."""
    return sorted(u.id for u in load().units.values() if u.faction == faction)


def unrecruited(faction: str, army: Iterable[ArmyCard]) -> list[str]:
    """H3-26.1 / H3-26.6: the faction's units not in the unit deck, defeated ones included
    (a defeated faction unit returns to this pool, H3-26.2, and can be recruited again)."""
    held = {a.card for a in army}
    return [u for u in faction_units(faction) if u not in held]


def _pay(purse: Resources, cost: Resources) -> Resources:
    left = dict(purse)
    for res, n in cost.items():
        left[res] = left.get(res, 0) - n
    return left


def recruit_and_reinforce(
    army: list[ArmyCard],
    faction: str,
    buildings: set[str],
    purse: Resources,
    recruit: list[str],
    reinforce: list[str],
) -> tuple[list[ArmyCard], Resources]:
    """H3-26.3: one use of the population token recruits and reinforces any number of units that
    the player can pay for and has the buildings for. ``recruit``: unit ids (enter on their Few
    side, H3-26.3.1); ``reinforce``: unit ids in the deck or being recruited now (Rec.: both costs
    are paid), each flipped Few → Pack (H3-26.3.2: the tier's dwelling and a Citadel)."""
    if faction not in FACTIONS:
        raise RuleViolation("H3-26.1", m.BAD_OPTION(what=faction))
    content = load()
    new = list(army)
    cost: Resources = {}

    def add(c: Resources) -> None:
        for res, n in c.items():
            cost[res] = cost.get(res, 0) + n

    pool = unrecruited(faction, army)
    for unit in recruit:
        if unit not in pool:
            raise RuleViolation("H3-26.6", m.NOT_RECRUITABLE(unit=Ref(kind="unit", id=unit)))
        pool.remove(unit)
        card = content.unit(unit)
        if dwelling(card.tier) not in buildings:
            raise RuleViolation("H3-26.3.1", m.NEEDS_DWELLING(unit=Ref(kind="unit", id=unit)))
        add(card.sides["few"].cost)
        new.append(ArmyCard(card=unit, side="few"))
    for unit in reinforce:
        i = next((k for k, a in enumerate(new) if a.card == unit and a.side != "pack"), None)
        if i is None:
            raise RuleViolation("H3-26.3.2", m.NOT_FEW(unit=Ref(kind="unit", id=unit)))
        card = content.unit(unit)
        if "pack" not in card.sides:  # H3-26.7 / H3-29.4: neutral units are single-sided
            raise RuleViolation("H3-26.7", m.NEUTRAL_NO_REINFORCE(unit=Ref(kind="unit", id=unit)))
        if dwelling(card.tier) not in buildings or "citadel" not in buildings:
            raise RuleViolation("H3-26.3.2", m.NEEDS_CITADEL(unit=Ref(kind="unit", id=unit)))
        add(card.sides["pack"].cost)
        new[i] = ArmyCard(card=unit, side="pack")
    left = _pay(purse, cost)
    if any(n < 0 for n in left.values()):
        raise RuleViolation("H3-26.3", m.CANNOT_AFFORD(gold=cost.get("gold", 0), valuables=cost.get("valuables", 0)))
    return new, left


def reinforce_by_effect(army: list[ArmyCard], index: int) -> list[ArmyCard]:
    """H3-26.4: an effect that reinforces (Necromancy, settlements, Hill Fort) needs no token,
    Citadel or dwelling; neutral units still cannot be reinforced (H3-26.7)."""
    a = army[index]
    if "pack" not in load().unit(a.card).sides:
        raise RuleViolation("H3-26.7", m.NEUTRAL_NO_REINFORCE(unit=Ref(kind="unit", id=a.card)))
    if a.side != "few":
        raise RuleViolation("H3-26.4", m.NOT_FEW(unit=Ref(kind="unit", id=a.card)))
    return [*army[:index], ArmyCard(card=a.card, side="pack"), *army[index + 1 :]]


def refill(army: list[ArmyCard], starting: list[ArmyCard]) -> list[ArmyCard]:
    """H3-26.5: a unit deck with every unit defeated is replaced, free, by the starting units."""
    return list(starting) if not army else list(army)
