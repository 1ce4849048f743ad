"""Ongoing card effects on a unit and the side that played each (H3-35.3: they last until the combat ends).

Why a ledger beside the unit's fields: the fields (``initiative_bonus``, ``berserk``, ...) are what every
rule reads, but they do not say who put them there, and the Fortress Dragon Flies end only "the ongoing
effects played on the target by the enemy player" (S-H1 ``docs/units/dragon_flies.md``), i.e. by the
target's own side: a unit may carry its own side's Haste and the enemy's Slow at once. Every ongoing card
effect that lands on a unit goes through ``give`` (cards.py, spells.py), which sets the field and notes
the side; ``strip`` takes one side's effects off again; Dispel, which ends every card effect whoever
played it (spells.dispel), drops the notes of the fields it clears (``forget``).

An effect whose side is not known (``team`` None) is never stripped (house: none is played that way
today; an AI hero's spell names its side).
"""

from __future__ import annotations

from engine.core import Event

from . import rules as r
from . import texts as t
from .models import Combat, Lasting, Unit

# fields an ongoing effect adds to, and fields it switches on
NUMERIC: tuple[str, ...] = ("initiative_bonus", "hp_bonus", "spell_ward", "slower_foe_defense", "lasting_defense")
FLAGS: tuple[str, ...] = ("anti_magic", "berserk", "disrupted", "paralysis_ward", "retaliation_worst")
FIRE_SHIELD = "fire_shield"
# Rashka's Efreet IV / VI: a fire shield for the rest of the combat (its "combat round" is this sentinel;
# flow.hit lets it burn ground and flying attackers only, as printed)
WHOLE_COMBAT = -1


def give(unit: Unit, team: int | None, field: str, amount: int = 0) -> None:
    """An ongoing card effect played by ``team``'s player lands on ``unit``: the field changes and the
    ledger notes who played it."""
    if field in NUMERIC:
        setattr(unit, field, int(getattr(unit, field)) + amount)
    elif field in FLAGS:
        setattr(unit, field, True)
    else:
        raise ValueError(f"not an ongoing unit field: {field!r}")
    unit.lasting.append(Lasting(team=team, field=field, amount=amount))


def fire_shield(unit: Unit, team: int | None, damage: int, combat_round: int) -> None:
    """Fire Shield on ``unit`` for this combat round, played by ``team``'s player."""
    unit.fire_shield = (damage, combat_round)
    unit.lasting.append(Lasting(team=team, field=FIRE_SHIELD, amount=damage))


def forget(unit: Unit, fields: tuple[str, ...]) -> None:
    """The notes of ``fields``, whose effects something else has just ended (Dispel)."""
    unit.lasting = [x for x in unit.lasting if x.field not in fields]


def played_by(unit: Unit, team: int) -> list[Lasting]:
    return [x for x in unit.lasting if x.team == team]


def strip(combat: Combat, unit: Unit, team: int) -> list[Event]:
    """End every ongoing card effect ``team``'s player played on ``unit``; effects of the other side stay.
    An HP bonus taken away leaves the unit at least 1 HP (house, as Dispel: spells.dispel)."""
    gone = played_by(unit, team)
    if not gone:
        return []
    unit.lasting = [x for x in unit.lasting if x.team != team]
    left = {x.field for x in unit.lasting}
    for x in gone:
        if x.field in NUMERIC:
            setattr(unit, x.field, int(getattr(unit, x.field)) - x.amount)
        elif x.field in FLAGS and x.field not in left:
            setattr(unit, x.field, False)
        elif x.field == FIRE_SHIELD and x.field not in left:
            unit.fire_shield = None
    if unit.damage >= unit.hp():
        unit.damage = max(0, unit.hp() - 1)
    return [Event.to_all("h3_stripped", t.ONGOING_ENDED(unit=r.uname(combat, unit), n=len(gone)), unit=unit.uid)]
