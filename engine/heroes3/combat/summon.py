"""Summoning in combat (H3-52): the Pack of Pit Lords' "other" ability (H3-52.3, S-H1 ``docs/units/pit_lords.md``).

Once in a combat, after one of its side's units has been removed from the board, a Pack of Pit Lords may, instead
of moving and attacking (H3-27.3), summon Few Demons onto an empty space next to it, or reinforce the side's Few
Demons already in the combat to their Pack side at no cost (H3-26.4). The Demons are the Inferno player's own unit
card, never the neutral one (A-62 Rec.): a summon is possible only while that card is not in the side's unit deck;
a Demons card in the deck but not on the board (defeated, or not yet placed) allows neither (house). The summoned
card joins the unit deck and stays there after the combat (S-H1 note; finish() keeps every card of ``side.army``).
It activates this combat round if its initiative is at most the Pit Lords' (H3-52.1), else counts as activated.
"""

from __future__ import annotations

from engine.core import Event, Option
from engine.core.text import Ref

from . import rules as r
from . import texts as t
from .board import square
from .models import ArmyCard, Combat, Unit

SUMMON, REINFORCE = "summon:", "reinforce:"


def options(combat: Combat, u: Unit) -> list[Option]:
    """The summons and reinforcements ``u`` may make now (none once it has used its ability this combat)."""
    side = combat.sides[u.team]
    out: list[Option] = []
    for a in u.abilities("summon_demons"):
        card = str(a.params.get("unit", "demons"))
        if side.owner is None or u.uid in side.summoned or u.pos is None:
            continue
        if not any(x.team == u.team and not x.alive and not x.tower for x in combat.units):
            continue  # "if one of your units has been removed from the board during this combat"
        mine = [x for x in combat.units if x.team == u.team and x.card == card]
        for x in mine:
            if x.alive and x.placed and x.side == "few":
                label = t.OPT_SUMMON_REINFORCE(unit=r.uname(combat, x))
                out.append(Option.of(label, {"type": "ability", "unit": u.uid, "target": REINFORCE + x.uid}))
        if mine or any(c.card == card for c in side.army):
            continue
        for cell in combat.geometry().adjacent(u.pos):
            if combat.at(cell) is None and r.may_stop_for(combat, u)(cell):
                label = t.OPT_SUMMON(unit=Ref(kind="unit", id=card), cell=r.label(cell))
                action = {"type": "ability", "unit": u.uid, "target": f"{SUMMON}{cell[0]},{cell[1]}:{card}"}
                out.append(Option.of(label, action, at=square(cell)))
    return out


def is_summon(target: str) -> bool:
    return target.startswith((SUMMON, REINFORCE))


def use(combat: Combat, u: Unit, target: str) -> list[Event]:
    """Resolve an offered summon or reinforcement, announced to everyone."""
    side = combat.sides[u.team]
    side.summoned.append(u.uid)
    if target.startswith(REINFORCE):
        demons = combat.unit(target.removeprefix(REINFORCE))
        demons.side = "pack"  # free (H3-26.4); the damage stays with the card (S-H1, as any reinforcement)
        said = t.SUMMON_REINFORCED(unit=r.uname(combat, u), target=r.uname(combat, demons))
        return [Event.to_all("h3_summon_reinforced", said, unit=u.uid, target=demons.uid)]
    where, _, card = target.removeprefix(SUMMON).partition(":")
    col, row = (int(x) for x in where.split(","))
    side.army.append(ArmyCard(card=card, side="few"))
    index = len(side.army) - 1
    new = Unit(uid=f"{'ad'[u.team]}{index + 1}", card=card, side="few", team=u.team, army_index=index)
    new.pos, new.placed = (col, row), True
    new.activated = new.initiative() > u.initiative()  # H3-52.1
    combat.units.append(new)
    said = t.SUMMONED(unit=r.uname(combat, u), target=Ref(kind="unit", id=card), cell=r.label((col, row)))
    return [Event.to_all("h3_summoned", said, unit=u.uid, target=new.uid, cell=[col, row])]
