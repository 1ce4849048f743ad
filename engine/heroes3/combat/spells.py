"""The Clash spells' printed combat effects (H3-15, H3-35): Anti-Magic, Berserk, Bless, Blind,
Chain Lightning, Counterstrike, Dispel, Disrupting Ray, Fireball, Prayer, Resurrection, Shield,
Teleport.

Why a module of its own: these spells pick targets the older cards never needed (two spaces, an
ordered chain of three units, a space to move to, a statistic to raise, only the unit defending
right now) and leave marks on units that other steps read (berserk activations in flow.py, Bless
in the roll, Anti-Magic in every targeting). cards.py enumerates and resolves the common card
kinds and hands these effects here; the AI's magic card (H3-41.7) reuses ``ai_target`` and
``resolve`` so an AI spell deck holding any of them plays them by the same reading.

House readings (README): Prayer's initiative lasts until the combat round ends (an instant has no
"until used up"); Dispel ends only card effects on the unit (Haste/Slow, an HP bonus, Fire
Shield, Berserk, Disrupting Ray, the Pendant of Second Sight's ward), never below 1 HP left;
Berserk's nearest unit is by the same distance the AI uses (A-40); an engine-run berserk unit
breaks ties by unit id.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Rng

from .. import messages as m
from ..content import TIERS, CardDef
from . import ongoing
from . import rules as r
from . import texts as t
from .actions import Play
from .board import Cell, square
from .models import Combat, CombatSide, Unit

EFFECTS: frozenset[str] = frozenset(
    {
        "anti_magic",
        "berserk",
        "bless",
        "blind",
        "chain_spell",
        "counterstrike",
        "dispel",
        "disrupting_ray",
        "fireball",
        "prayer",
        "shield",
        "teleport",
    }
)
STATS = ("attack", "defense", "initiative")


def spell_immune(target: Unit, card: CardDef, *, area: bool = False) -> bool:
    """Whether a unit's abilities make a spell pass it by (damage spells hurt units immune only
    to spell effects; ``area``: a damage spell not aimed at it alone)."""
    damage = card.effect == "damage" or area
    return (
        target.has("spell_immune")
        or (card.id == "magic_arrow" and target.has("magic_arrow_immune"))
        # Efreet (Pack, neutral): no damage from the spells of a school either (S-H1: the Fire school)
        or (damage and any(a.params.get("school") == card.school for a in target.abilities("magic_arrow_immune")))
        or (card.timing == "ongoing" and target.has("ongoing_immune"))
        or (not damage and target.has("spell_effect_immune"))
        or any(a.params.get("school") == card.school for a in target.abilities("survive_once"))
    )


def rank(u: Unit) -> int:
    """A unit's tier as the spells count it: bronze 1, silver 2, gold 3 (azure 4: never reached)."""
    return TIERS.index(u.tier) + 1


def targetable(u: Unit) -> bool:
    """Anti-Magic: no spell may target the unit (the arrow tower is never a card's target)."""
    return not u.tower and not u.anti_magic


def in_reach(card: CardDef, power: int, u: Unit) -> bool:
    """Tier-limited spells reach the tiers their Power tier names (H3-15.3)."""
    return not card.tier_limit or rank(u) <= card.tiers[power]


def has_ongoing(u: Unit) -> bool:
    """Whether Dispel has anything to end on the unit."""
    return bool(
        u.initiative_bonus
        or u.hp_bonus
        or u.fire_shield
        or u.berserk
        or u.disrupted
        or u.paralysis_ward
        or u.lasting_defense
    )


def free_cells(combat: Combat) -> list[Cell]:
    """Empty spaces: no unit, no standing wall or gate (Teleport ignores obstacles on the way)."""
    return [c for c in combat.geometry().cells() if combat.at(c) is None and combat.structure_at(c) is None]


def pool(combat: Combat, side: CombatSide, card: CardDef, power: int) -> list[Unit]:
    """The units a single-target spell may be cast on now."""
    if card.target == "any":
        units = [u for u in combat.on_board() if targetable(u)]
    else:
        units = [u for u in combat.on_board(side.team) if targetable(u)]
        if card.target == "friendly_melee":
            units = [u for u in units if u.type != "ranged"]
    units = [u for u in units if in_reach(card, power, u)]
    if card.effect == "counterstrike":
        units = [u for u in units if u.retaliated and not u.has("retaliate_unlimited")]
    elif card.effect == "dispel":
        units = [u for u in units if has_ongoing(u)]
    elif card.effect == "shield":
        pending = combat.attack
        if pending is None or pending.ranged or pending.die is not None:
            return []  # only the unit defending now, against a ground or flying attacker
        units = [u for u in units if u.uid == pending.target]
    return units


def chains(combat: Combat, first: Unit) -> list[tuple[Unit, ...]]:
    """Chain Lightning: the second hit goes to a closest unit, the third to the closest of the
    rest (either side); the caster orders units tied at the same distance (S-H1 note)."""
    here = first.pos
    assert here is not None
    rest = [u for u in combat.on_board() if not u.tower and u.uid != first.uid and u.pos is not None]
    if not rest:
        return [()]

    def dist(u: Unit) -> int:
        assert u.pos is not None and here is not None
        return abs(u.pos[0] - here[0]) + abs(u.pos[1] - here[1])

    out: list[tuple[Unit, ...]] = []
    near = min(dist(u) for u in rest)
    for second in [u for u in rest if dist(u) == near]:
        others = [u for u in rest if u.uid != second.uid]
        if not others:
            out.append((second,))
            continue
        gap = min(dist(u) for u in others)
        out += [(second, third) for third in others if dist(third) == gap]
    return out


def cast_options(combat: Combat, side: CombatSide, inst: str, card: CardDef, power: int) -> list[Option]:
    """Every legal cast of one of these spells with the Power played now."""
    ref = m.card_ref(card.id)
    out: list[Option] = []
    if card.effect == "fireball":
        geo = combat.geometry()
        for a in geo.cells():
            for b in geo.adjacent(a):
                if b <= a:
                    continue
                hit = [combat.at(a), combat.at(b)]
                if not any(u is not None and not u.tower for u in hit):
                    continue
                label = t.OPT_CAST_CELLS(card=ref, power=power, cell=r.label(a), other=r.label(b))
                out.append(Option.of(label, _act(inst, cell=list(a), cell2=list(b)), at=square(a)))
        return out
    if card.effect == "chain_spell":
        for u in [x for x in combat.on_board() if targetable(x)]:
            for chain in chains(combat, u):
                names = [r.uname(combat, x) for x in chain]
                names += [t.NOBODY()] * (2 - len(names))
                label = t.OPT_CAST_CHAIN(
                    card=ref, power=power, target=r.uname(combat, u), second=names[0], third=names[1]
                )
                ids = [x.uid for x in chain] + [None, None]
                out.append(Option.of(label, _act(inst, u.uid, other=ids[0], third=ids[1])))
        return out
    for u in pool(combat, side, card, power):
        name = r.uname(combat, u)
        if card.effect == "teleport":
            for cell in free_cells(combat):
                label = t.OPT_CAST_MOVE(card=ref, power=power, target=name, cell=r.label(cell))
                out.append(Option.of(label, _act(inst, u.uid, cell=list(cell)), at=square(cell)))
        elif card.effect == "prayer":
            n = card.tiers[power]
            for stat, msg in zip(
                STATS, (t.OPT_PRAYER_ATTACK, t.OPT_PRAYER_DEFENSE, t.OPT_PRAYER_INITIATIVE), strict=True
            ):
                out.append(Option.of(msg(card=ref, power=power, target=name, n=n), _act(inst, u.uid, choice=stat)))
        else:
            out.append(Option.of(m.OPT_CAST(card=ref, power=power, target=name), _act(inst, u.uid)))
    return out


def _act(card: str, target: str | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "play", "card": card, "mode": "cast", "target": target}
    out.update({k: v for k, v in extra.items() if v is not None})
    return out


def resolve(
    combat: Combat, card: CardDef, power: int, action: Any, rng: Rng, *, team: int | None = None
) -> list[Event]:
    """The spell's effect once cast (the cast event and the Power spent are the caller's); ``team`` is the
    caster's side, noted with an ongoing effect it leaves (combat/ongoing.py)."""
    if card.effect == "fireball":
        events: list[Event] = []
        for cell in (action.cell, action.cell2):
            hit = combat.at((int(cell[0]), int(cell[1])))
            if hit is not None and not hit.tower:
                events += area_hit(combat, card, hit, card.tiers[power])
        return events
    if card.effect == "chain_spell":
        damages = card.damage_tiers[power]
        events = []
        for uid, amount in zip((action.target, action.other, action.third), damages, strict=True):
            if uid is None:
                continue
            hit = combat.unit(uid)
            if hit.alive:
                events += area_hit(combat, card, hit, amount)
        return events
    target = combat.unit(action.target)
    resisted = r.resists_card(combat, target, m.card_ref(card.id), rng)  # neutral Dwarves: aimed at it alone
    if resisted is not None:
        return resisted
    return apply(combat, card, power, target, action.cell, action.choice, team=team)


def area_hit(combat: Combat, card: CardDef, unit: Unit, amount: int) -> list[Event]:
    """Damage of an area spell: Anti-Magic and spell immunities protect (S-H1 note on Anti-Magic);
    H3-27.1: defence does not reduce it."""
    if unit.anti_magic or spell_immune(unit, card, area=True):
        return [Event.to_all("h3_spell_ignored", m.SPELL_IGNORED(unit=r.uname(combat, unit), card=m.card_ref(card.id)))]
    return r.spell_damage(combat, unit, max(0, amount - r.spell_reduction(combat, unit)))


def apply(
    combat: Combat,
    card: CardDef,
    power: int,
    target: Unit,
    cell: list[int] | None,
    choice: str | None,
    *,
    team: int | None = None,
) -> list[Event]:
    """A single-target spell's effect on its target, immunities first; an ongoing one is noted with the
    caster's side ``team`` (combat/ongoing.py)."""
    name = r.uname(combat, target)
    if spell_immune(target, card):
        return [Event.to_all("h3_spell_ignored", m.SPELL_IGNORED(unit=name, card=m.card_ref(card.id)))]
    n = card.tiers[power]
    if card.effect == "anti_magic":
        ongoing.give(target, team, "anti_magic")  # H3-35.3: until the combat ends
        return [Event.to_all("h3_anti_magic", t.ANTI_MAGIC_ON(unit=name), unit=target.uid)]
    if card.effect == "berserk":
        ongoing.give(target, team, "berserk")
        return [Event.to_all("h3_berserk", t.BERSERK_ON(unit=name), unit=target.uid)]
    if card.effect == "bless":
        target.blessed = True
        target.attack_bonus += n  # H3-35.5: both end when its next attack resolves
        return [Event.to_all("h3_blessed", t.BLESSED(unit=name, n=n), unit=target.uid)]
    if card.effect == "blind":
        return r.paralyse(combat, target)  # H3-33.8
    if card.effect == "counterstrike":
        target.retaliated = False  # H3-33.7: the black cube is removed
        return [Event.to_all("h3_counterstrike", t.COUNTERSTRIKE_ON(unit=name), unit=target.uid)]
    if card.effect == "dispel":
        dispel(target)
        return [Event.to_all("h3_dispelled", t.DISPELLED(unit=name), unit=target.uid)]
    if card.effect == "disrupting_ray":
        ongoing.give(target, team, "disrupted")
        return [Event.to_all("h3_disrupted", t.DISRUPTED(unit=name), unit=target.uid)]
    if card.effect == "prayer" or card.effect == "shield":
        stat = choice if card.effect == "prayer" else "defense"
        if stat == "attack":
            target.attack_bonus += n  # H3-35.5
            return [Event.to_all("h3_boost", t.BOOST_ATTACK(unit=name, n=n), unit=target.uid)]
        if stat == "initiative":
            target.round_initiative += n  # the order is re-evaluated at once
            return [Event.to_all("h3_boost", t.BOOST_INITIATIVE(unit=name, n=n), unit=target.uid)]
        target.defense_bonus += n
        return [Event.to_all("h3_boost", t.BOOST_DEFENSE(unit=name, n=n), unit=target.uid)]
    if card.effect == "teleport" and cell is not None:
        to = (int(cell[0]), int(cell[1]))
        target.pos = to
        return [
            Event.to_all("h3_teleported", t.TELEPORTED(unit=name, cell=r.label(to)), unit=target.uid, cell=list(to))
        ]
    return []


def dispel(u: Unit) -> None:
    """End every ongoing card effect on the unit; an HP bonus taken away leaves at least 1 HP (house)."""
    u.initiative_bonus = 0
    u.fire_shield = None
    u.berserk = False
    u.disrupted = False
    u.paralysis_ward = False
    u.lasting_defense = 0  # Tazar's War Hero IV
    if u.hp_bonus:
        u.hp_bonus = 0
        u.damage = min(u.damage, u.hp() - 1)
    ongoing.forget(u, DISPELLED)  # whoever played them (Fortress Dragon Flies read the ledger)


# the unit fields Dispel clears (``dispel``)
DISPELLED: tuple[str, ...] = (
    "initiative_bonus",
    "fire_shield",
    "berserk",
    "disrupted",
    "paralysis_ward",
    "hp_bonus",
    "lasting_defense",
)


# ---- Berserk activations ---------------------------------------------------------------------------
def nearest(combat: Combat, u: Unit) -> list[Unit]:
    """The units nearest to a berserk unit, of either side (A-40 distance)."""
    others = [o for o in combat.on_board() if not o.tower and o.uid != u.uid]
    if not others:
        return []
    best = min(r.distance(combat, u, o) for o in others)
    return [o for o in others if r.distance(combat, u, o) == best]


def berserk_attacks(combat: Combat, u: Unit) -> list[Unit]:
    """Nearest units the berserk unit may attack from where it stands: adjacent ones, or for a
    ranged unit any of them (it must pick an adjacent one when one is adjacent, H3-28.3.1)."""
    near = nearest(combat, u)
    close = [o for o in near if r.adjacent(u, o, combat)]
    if u.type == "ranged":
        return close or near
    return close


def berserk_moves(combat: Combat, u: Unit) -> list[Cell]:
    """Where a berserk ground or flying unit may move: next to a nearest unit when it can get
    there, else any space that brings it closer to one."""
    if u.type == "ranged" or u.pos is None:
        return []
    near = nearest(combat, u)
    moves = r.move_options(combat, u)
    geo = combat.geometry()
    beside = [c for c in moves if any(o.pos is not None and c in geo.adjacent(o.pos) for o in near)]
    if beside:
        return beside
    here = min(r.distance(combat, u, o) for o in near) if near else 0
    closer = []
    for c in moves:
        moved = u.model_copy(update={"pos": c})
        if near and min(r.distance(combat, moved, o) for o in near) < here:
            closer.append(c)
    return closer


def berserk_options(combat: Combat, u: Unit, phase: str) -> list[Option]:
    """A player's berserk unit: attack a nearest unit, or move to reach one; nothing else."""
    out: list[Option] = []
    targets = berserk_attacks(combat, u)
    for o in targets:
        out.append(
            Option.of(m.OPT_ATTACK(target=r.uname(combat, o)), {"type": "attack", "unit": u.uid, "target": o.uid})
        )
    if phase == "move" and not targets:
        for cell in berserk_moves(combat, u):
            move = {"type": "move", "unit": u.uid, "cell": list(cell)}
            out.append(Option.of(m.OPT_MOVE(cell=r.label(cell)), move, at=square(cell)))
    return out


def ai_target(combat: Combat, team: int, card: CardDef, power: int) -> Unit | None:
    """An AI hero's magic card with one of these spells (H3-41.7): harm goes to the player's unit
    with the highest defence, help to its own; spells it has no rule for are not cast (the card
    then returns to the deck as with no valid target, H3-42)."""
    power = min(power, len(card.tiers) - 1)
    harm = card.effect in ("berserk", "blind", "disrupting_ray", "fireball", "chain_spell")
    if card.effect in ("dispel", "teleport", "shield", "resurrection", "counterstrike"):
        return None
    units = [u for u in combat.on_board(1 - team if harm else team) if targetable(u) and in_reach(card, power, u)]
    if card.target == "friendly_melee":
        units = [u for u in units if u.type != "ranged"]
    if not units:
        return None
    return min(units, key=lambda u: (-u.stats().defense, -TIERS.index(u.tier), u.uid))


def ai_resolve(
    combat: Combat, card: CardDef, power: int, target: Unit, rng: Rng, *, team: int | None = None
) -> list[Event]:
    """The AI's cast on the unit ``ai_target`` chose (area spells centred on it: Fireball also
    burns the adjacent space of another player unit, Chain Lightning runs its first chain)."""

    power = min(power, len(card.tiers) - 1)
    cast = Play(type="play", card=card.id, mode="cast", target=target.uid, choice="attack")
    if card.effect == "fireball":
        assert target.pos is not None
        geo = combat.geometry()
        cells = [c for c in geo.adjacent(target.pos) if (o := combat.at(c)) is not None and o.team == target.team]
        cast.cell = list(target.pos)
        cast.cell2 = list(min(cells) if cells else geo.adjacent(target.pos)[0])
    elif card.effect == "chain_spell":
        chain = chains(combat, target)[0]
        ids = [x.uid for x in chain] + [None, None]
        cast.other, cast.third = ids[0], ids[1]
    return resolve(combat, card, power, cast, rng, team=team)
