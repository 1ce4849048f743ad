"""The mechanics of a combat: where units may go, whom they may attack, dice and damage.

Pure functions of a ``Combat`` (and the game's ``Rng`` for dice), so the step handlers in
flow.py, the AI in neutrals/ai.py and the tests share one reading of every rule.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, Rng
from engine.core.text import Msg, Ref

from .. import messages as m
from ..content import TIERS
from . import texts as m_cloak
from .board import Cell, manhattan, path_distance, reachable
from .models import AMMO_CART, TOWER, Combat, PendingAttack, Unit

GROUND_MOVES = 3  # H3-28.1 / H3-28.2
RANGED_MOVES = 1  # H3-28.3


def label(cell: Cell) -> str:
    """ "B2": column letter, row counted from the attacker's back row."""
    return f"{'ABCD'[cell[0]]}{cell[1] + 1}"


def uname(combat: Combat, u: Unit) -> Msg:
    if u.tower:
        return m.TOWER_NAME()
    return m.UNIT_OF(unit=Ref(kind="unit", id=u.card), team=m.team_name(u.team))


def target_name(combat: Combat, target: str) -> Msg:
    if target.startswith("wall-") or target.startswith("gate-"):
        kind, col = target.split("-")
        return m.OPT_STRUCTURE(structure=m.structure_ref(kind), col="ABCD"[int(col)])
    return uname(combat, combat.unit(target))


# ---- movement (H3-28, H3-33.5, H3-39.5) --------------------------------------------------------------
def blocked_for(combat: Combat, unit: Unit) -> Callable[[Cell], bool]:
    """H3-33.5: every card is an obstacle; H3-39.5: the gate is not one for the defender."""

    def blocked(cell: Cell) -> bool:
        other = combat.at(cell)
        if other is not None and other.uid != unit.uid:
            return True
        s = combat.structure_at(cell)
        return s is not None and not (s.kind == "gate" and unit.team == 1)

    return blocked


def may_stop_for(combat: Combat, unit: Unit) -> Callable[[Cell], bool]:
    blocked = blocked_for(combat, unit)
    return lambda cell: not blocked(cell)


def move_options(combat: Combat, unit: Unit) -> list[Cell]:
    if unit.pos is None or unit.rooted:
        return []
    if unit.has("move_anywhere"):  # Arch Devils (Pack): a regular move to any empty space
        stop = may_stop_for(combat, unit)
        return [c for c in combat.geometry().cells() if c != unit.pos and stop(c)]
    moves = RANGED_MOVES if unit.type == "ranged" else GROUND_MOVES
    return reachable(
        combat.geometry(),
        unit.pos,
        moves,
        blocked_for(combat, unit),
        may_stop_for(combat, unit),
        flying=unit.type == "flying",
    )


# ---- attacks (H3-28, H3-33.7, H3-39.6) ---------------------------------------------------------------
def adjacent(a: Unit, b: Unit, combat: Combat) -> bool:
    return a.pos is not None and b.pos is not None and b.pos in combat.geometry().adjacent(a.pos)


def enemies(combat: Combat, unit: Unit) -> list[Unit]:
    return [u for u in combat.units if u.alive and u.team != unit.team and (u.pos is not None or u.tower) and u.placed]


def adjacent_enemies(combat: Combat, unit: Unit) -> list[Unit]:
    return [e for e in enemies(combat, unit) if not e.tower and adjacent(unit, e, combat)]


def attack_targets(combat: Combat, unit: Unit) -> list[Unit]:
    """Whom ``unit`` may attack from where it stands.

    Ground and flying units attack an adjacent enemy (H3-28.1/28.2); a ranged unit shoots any
    enemy, but must pick an adjacent one when it has any (H3-28.3.1). Only ranged attacks
    reach the arrow tower (H3-39.8); the tower itself shoots any enemy on the board.
    """
    near = adjacent_enemies(combat, unit)
    if unit.type != "ranged":
        return near
    if near and not unit.tower:
        return near
    return [e for e in enemies(combat, unit) if not (e.tower and unit.tower)]


def splash_targets(combat: Combat, unit: Unit, tpos: Cell, apos: Cell, target: str, *, line: bool) -> list[Unit]:
    """Who an ability's secondary hit may reach: an enemy next to the target (Liches, Magogs), or
    with ``line`` the unit of either side in the space straight behind it (dragon breath)."""
    geo = combat.geometry()
    if line:
        behind = (2 * tpos[0] - apos[0], 2 * tpos[1] - apos[1])
        if behind not in geo.adjacent(tpos):
            return []
        other = combat.at(behind)
        return [other] if other is not None and other.uid != unit.uid else []
    out = []
    for cell in geo.adjacent(tpos):
        other = combat.at(cell)
        if other is not None and other.team != unit.team and other.uid != target:
            out.append(other)
    return out


def structure_targets(combat: Combat, unit: Unit) -> list[str]:
    """H3-39.6: any adjacent ground or flying unit, of either side, may destroy a wall or the gate."""
    if unit.type == "ranged" or unit.pos is None:
        return []
    out = []
    for cell in combat.geometry().adjacent(unit.pos):
        s = combat.structure_at(cell)
        if s is not None:
            out.append(f"{s.kind}-{s.col}")
    return out


def penalty(combat: Combat, attacker: Unit, target: Unit) -> bool:
    """H3-28.3.2: a ranged attack on an adjacent enemy, or from its own back row into the
    enemy's back row, rolls two dice and keeps the lower. The arrow tower ignores position
    (H3-39.8); A-29: a ranged unit retaliating against an adjacent attacker suffers it too."""
    if attacker.type != "ranged" or attacker.tower or target.tower or attacker.has("ignore_ranged_penalty"):
        return False
    if combat.sides[attacker.team].war_machine == AMMO_CART:  # H3-19: the Ammo Cart's units ignore it
        return False
    if adjacent(attacker, target, combat):
        return True
    geo = combat.geometry()
    return (
        attacker.pos is not None
        and target.pos is not None
        and geo.row(attacker.pos) == "back"
        and geo.row(target.pos) == "back"
        and geo.half(attacker.pos) == attacker.team
        and geo.half(target.pos) == target.team
    )


def can_retaliate(combat: Combat, pending: PendingAttack) -> bool:
    """H3-33.7 / H3-34.8: the target survived an attack made by an adjacent unit and has no black
    cube (units that retaliate without limit never get one, E-4)."""
    if pending.retaliation:
        return False
    attacker = combat.unit(pending.attacker)
    target = combat.find(pending.target)
    if target is None or not target.alive or not attacker.alive:
        return False
    if attacker.has("no_retaliation"):
        return False
    if not adjacent(attacker, target, combat):
        return False
    return not target.retaliated or target.has("retaliate_unlimited")


# ---- dice and damage (H3-33.6, H3-34.6, H3-34.7) -------------------------------------------------------
def roll_die(rng: Rng) -> int:
    """H3-33.6: the attack die shows -1, 0 or +1 (D-3: face split not given; Rec. 2/2/2)."""
    return rng.below(3) - 1


def roll_attack(combat: Combat, pending: PendingAttack, rng: Rng) -> list[int]:
    """Roll the attack die (two when a rule says keep the lower or the higher) and set ``die``."""
    attacker = combat.unit(pending.attacker)
    worse = pending.penalty
    if pending.retaliation:
        original = combat.unit(pending.target)  # the unit being retaliated against
        worse = worse or original.has("retaliator_worst_of_two") or original.retaliation_worst  # Lord Haart IV
    better = attacker.has("best_of_two")
    if better and worse:
        better = worse = False
    both = attacker.has("sum_of_two") and not pending.retaliation
    dice = [roll_die(rng)] + ([roll_die(rng)] if better or worse or both else [])
    die = sum(dice) if both and not (better or worse) else min(dice) if worse else max(dice)
    faces = attacker.ability("reroll_faces")
    if isinstance(faces, list) and die in faces and not combat.variant("no_rerolls"):  # H3-48.8: no re-rolls
        die = roll_die(rng)
        dice.append(die)
    if attacker.has("ignore_own_die") and not pending.retaliation:
        die = 0  # neutral Mummies: an attack timing, so not on retaliation (H3-27.3)
    for a in combat.unit(pending.target).abilities("attackers_die_fixed"):
        die = a.num("die")
    pending.dice = dice
    pending.die = die
    return dice


def attack_value(combat: Combat, pending: PendingAttack) -> int:
    attacker = combat.unit(pending.attacker)
    target = combat.unit(pending.target)
    die = pending.die or 0
    # H3-48.8 variant: the die's result adds nothing to the attack, yet still sets off the abilities below
    added = 0 if combat.variant("flat_die") else die * pending.die_times
    value = max(0, attacker.stats().attack + attacker.attack_bonus) + added  # Weakness: >= 0
    for a in attacker.stats().abilities:
        if a.effect == "attack_bonus_vs" and a.params.get("unit") == target.card.removeprefix("n_"):
            value += a.amount()
        if a.effect == "die_bonus" and not pending.no_die and die in a.faces():
            value += a.amount()
    value += sum(amount for amount, last in attacker.attack_tokens if last >= combat.round)  # Weakness, Ogres
    if attacker.faster_foe_attack and target.initiative() > attacker.initiative():
        value += attacker.faster_foe_attack  # Cyra's Haste IV: doubled against a unit of higher initiative
    until = combat.sides[attacker.team].archery_until
    archery = until > 0 and combat.round <= until
    if archery and attacker.type == "ranged" and not adjacent(attacker, target, combat):
        value += 1  # Archery: a ranged unit against a unit not next to it
    if pending.retaliation and target.has("retaliation_penalty"):
        penalty = target.ability("retaliation_penalty")
        value -= penalty if isinstance(penalty, int) else 0
    return value


def defense_value(combat: Combat, pending: PendingAttack) -> int:
    attacker = combat.unit(pending.attacker)
    target = combat.unit(pending.target)
    printed = 0 if attacker.has("ignore_defense") else target.stats().defense
    value = printed + target.defense_bonus + target.card_defense + target.lasting_defense  # Tazar IV: ongoing
    faces = target.ability("defend_on_die")
    if isinstance(faces, list) and pending.die in faces:
        value += 1
    if pending.defense_die == 1:  # H3-33.9
        value += 1
    if target.slower_foe_defense and attacker.initiative() < target.initiative():
        value += target.slower_foe_defense  # Cyra's Haste VI: against an attacker of lower initiative
    if pending.retaliation:
        for a in target.abilities("defense_vs_retaliation"):
            value += a.amount()
    for a in attacker.abilities("defense_reduction"):
        if not a.faces() or pending.die in a.faces():
            value = max(0, value - a.amount())
    return value


def siege_protected(combat: Combat, pending: PendingAttack) -> bool:
    """H3-39.7: a defending unit on the defender's half, in the column of an undestroyed wall or
    gate, takes 1 less damage from a ranged attack made from the attacker's side of the board."""
    attacker = combat.unit(pending.attacker)
    target = combat.unit(pending.target)
    if not pending.ranged or target.team != 1 or target.pos is None or attacker.tower:
        return False
    geo = combat.geometry()
    if geo.half(target.pos) != 1 or attacker.pos is None or geo.half(attacker.pos) != 0:
        return False
    return any(s.col == target.pos[0] and not s.destroyed for s in combat.structures)


def attack_damage(combat: Combat, pending: PendingAttack) -> int:
    """H3-34.6: attack + die - defence, at least 0 (Rec.); then siege protection and caps."""
    damage = max(0, attack_value(combat, pending) - defense_value(combat, pending))
    if damage and siege_protected(combat, pending):
        damage -= 1
    cap = combat.unit(pending.target).ability("max_damage")
    if isinstance(cap, int) and cap:
        damage = min(damage, cap)
    if pending.retaliation:  # Lord Haart's Dread Knights I / VI: the unit retaliated against takes less
        damage = max(0, damage - combat.unit(pending.target).retaliation_guard)
    if combat.variant("min_damage"):
        damage = max(1, damage)  # H3-48.8 "Every unit deals at least 1 damage per attack" (H3-34.6 Rec. 0)
    return damage


def spell_damage(combat: Combat, unit: Unit, amount: int) -> list[Event]:
    """Damage from a spell or a specialty card: none while an Orb of Inhibition is in play (S-H1)."""
    if combat.inhibited:
        return [
            Event.to_all(
                "h3_inhibited",
                m_cloak.INHIBITED_HIT(card=m.card_ref("orb_of_inhibition"), unit=uname(combat, unit)),
                unit=unit.uid,
            )
        ]
    return deal_damage(combat, unit, amount)


def deal_damage(combat: Combat, unit: Unit, amount: int) -> list[Event]:
    """H3-34.7 / A-35: damage tokens; a Few unit at its HP is defeated, a Pack flips to Few with
    the excess (and is defeated too if the excess reaches the Few side's HP). Any damage
    removes paralysis (H3-33.8)."""
    events: list[Event] = []
    if amount <= 0:
        return events
    name = uname(combat, unit)
    events.append(Event.to_all("h3_damage", m.DAMAGE(unit=name, n=amount), unit=unit.uid, amount=amount))
    unit.damage += amount
    if unit.paralysed:
        unit.paralysed = False
        events.append(Event.to_all("h3_unparalysed", m.UNPARALYSED(unit=name), unit=unit.uid))
    if unit.damage < unit.hp():
        return events
    if unit.overlay is not None:
        # Sandro's Cloak: its HP run out, the card is discarded and the excess carries to the card beneath.
        unit.damage -= unit.hp()
        unit.overlay = None
        events += cloak_gone(combat, unit)
        if unit.damage < unit.hp():
            return events
    if unit.has("survive_once") and "survive_once" not in unit.used and unit.side != "pack":
        # Phoenixes: once per combat a fatal blow leaves the unit with 1 HP.
        unit.used.append("survive_once")
        unit.damage = unit.hp() - 1
        return events
    if unit.side == "pack":
        excess = unit.damage - unit.hp()
        unit.side = "few"
        unit.damage = excess
        if excess < unit.hp():
            events.append(Event.to_all("h3_flipped", m.FLIPPED(unit=name, n=excess), unit=unit.uid, damage=excess))
            return events
    return events + defeat(combat, unit)


def would_defeat(unit: Unit, amount: int) -> bool:
    """Whether ``amount`` more damage removes the unit (a Pack only when the excess also fills
    its Few side, A-35)."""
    total = unit.damage + amount
    if total < unit.hp():
        return False
    if unit.overlay is not None:  # Sandro's Cloak: the excess carries to the card beneath
        return would_defeat(unit.model_copy(update={"overlay": None, "damage": 0}), total - unit.hp())
    if unit.side == "pack":
        return total - unit.hp() >= unit.hp("few")
    return not (unit.has("survive_once") and "survive_once" not in unit.used)


def cloak_gone(combat: Combat, unit: Unit) -> list[Event]:
    """Sandro's Cloak of the Undead King is discarded to its owner's discard pile (H3-13.2.2) when
    the combat's result is applied; the side records which card left play."""
    combat.sides[unit.team].permanent_lost = unit.overlay_card  # the host moves it out of play
    unit.overlay_card = None
    return [
        Event.to_all(
            "h3_cloak_gone",
            m_cloak.CLOAK_GONE(card=m.card_ref("cloak_of_the_undead_king"), unit=uname(combat, unit)),
            unit=unit.uid,
        )
    ]


def defended(combat: Combat, unit: Unit) -> bool:
    """H3-33.9: the unit holds a defence token, or stands next to a friendly unit whose ability
    lends one (neutral Halberdiers)."""
    if unit.defending:
        return True
    return any(
        o.team == unit.team and o.uid != unit.uid and o.has("defend_aura") and adjacent(o, unit, combat)
        for o in combat.on_board(unit.team)
    )


def defeat(combat: Combat, unit: Unit) -> list[Event]:
    unit.alive = False
    unit.pos = None
    unit.paralysed = unit.defending = False
    for a in unit.abilities("defeat_reinforce"):  # neutral Skeletons: resolved by flow.reinforce_check
        other = combat.sides[1 - unit.team]
        if other.faction == a.params.get("faction") and other.hero is not None:
            combat.reinforce_due.append(other.team)
    return [Event.to_all("h3_defeated", m.DEFEATED(unit=uname(combat, unit)), unit=unit.uid)]


def push_away(combat: Combat, attacker: Unit, target: Unit) -> list[Event]:
    """Neutral Ghost Dragons: the target moves 1 space away from the attacker: straight on if
    that space is free, else (house) the first free neighbour farther from the attacker; it
    stays when none is free."""
    if attacker.pos is None or target.pos is None:
        return []
    geo = combat.geometry()
    free = [c for c in geo.adjacent(target.pos) if not blocked_for(combat, target)(c)]
    straight = (2 * target.pos[0] - attacker.pos[0], 2 * target.pos[1] - attacker.pos[1])
    away = manhattan(attacker.pos, target.pos)
    options = [c for c in free if c == straight] + [c for c in free if manhattan(attacker.pos, c) > away]
    if not options:
        return []
    target.pos = options[0]
    return [
        Event.to_all(
            "h3_pushed",
            m.PUSHED(unit=uname(combat, target), cell=label(options[0])),
            unit=target.uid,
            cell=list(options[0]),
        )
    ]


def resists_card(combat: Combat, unit: Unit, card: Ref, rng: Rng) -> list[Event] | None:
    """Neutral Dwarves: a spell or specialty aimed at the unit alone rolls a die; on the ability's
    faces the card has no effect (the events say so), else None and the card resolves."""
    for a in unit.abilities("resist_card_roll"):
        die = roll_die(rng)
        rolled = Event.to_all("h3_roll", m.ROLL(die=die), dice=[die], reveals=True)
        if die in a.faces():
            return [rolled, Event.to_all("h3_spell_ignored", m.SPELL_IGNORED(unit=uname(combat, unit), card=card))]
    return None


def spell_reduction(combat: Combat, unit: Unit) -> int:
    """How much less damage a spell deals to ``unit``: its own ``spell_damage_reduction`` or that of a
    friendly unit next to it whose ability says ``adjacent`` (Rampart Unicorns Pack). Reductions do not
    add up: the largest one counts (our reading; the printed text gives one unit's reduction). Clancy's
    Unicorns VI is a card's effect of its own, so it adds to that (our reading)."""
    best = 0
    for a in unit.abilities("spell_damage_reduction"):
        best = max(best, a.amount())
    for friend in combat.on_board(unit.team):
        if friend.uid != unit.uid and adjacent(unit, friend, combat):
            for a in friend.abilities("spell_damage_reduction"):
                if a.num("adjacent"):
                    best = max(best, a.amount())
    return best + unit.spell_ward  # Clancy's Unicorns VI: a card's reduction on top of the unit's own


def heal(combat: Combat, unit: Unit, amount: int) -> list[Event]:
    healed = min(amount, unit.damage)
    if healed <= 0:
        return []
    unit.damage -= healed
    return [Event.to_all("h3_heals", m.HEALS(unit=uname(combat, unit), n=healed), unit=unit.uid, amount=healed)]


def paralyse(combat: Combat, unit: Unit) -> list[Event]:
    if not unit.alive or unit.has("ignore_paralysis") or unit.paralysed or unit.paralysis_ward:
        return []
    unit.paralysed = True
    return [Event.to_all("h3_paralysed", m.PARALYSES(unit=uname(combat, unit)), unit=unit.uid)]


def destroy_structure(combat: Combat, unit: Unit, target: str) -> list[Event]:
    """H3-39.6: the attack always succeeds, rolls no die and provokes no retaliation. H3-39.8: the
    arrow tower falls when every wall and the gate are down."""
    kind, col = target.split("-")
    events: list[Event] = []
    for s in combat.structures:
        if s.col == int(col) and not s.destroyed:
            s.destroyed = True
            events.append(
                Event.to_all(
                    "h3_structure_destroyed",
                    m.STRUCTURE_DESTROYED(unit=uname(combat, unit), structure=m.structure_ref(kind), col="ABCD"[s.col]),
                    col=s.col,
                )
            )
    tower = combat.find(TOWER)
    if combat.structures and all(s.destroyed for s in combat.structures) and tower is not None and tower.alive:
        tower.alive = False
        events.append(Event.to_all("h3_tower_falls", m.TOWER_FALLS()))
    return events


# ---- initiative (H3-34.2, A-33) -------------------------------------------------------------------------
def next_candidates(combat: Combat) -> list[Unit]:
    """The units that may activate next: the highest initiative among units that have not yet
    activated, recomputed each time (A-33); on a cross-side tie the sides alternate starting
    with the attacker (H3-34.2)."""
    waiting = [u for u in combat.units if u.alive and u.placed and not u.activated]
    if not waiting:
        return []
    best = max(u.initiative() for u in waiting)
    tied = [u for u in waiting if u.initiative() == best]
    teams = {u.team for u in tied}
    if len(teams) == 1:
        return tied
    team = 0
    if combat.last_tie is not None and combat.last_tie == (best, 0):
        team = 1
    return [u for u in tied if u.team == team]


# ---- AI targeting (H3-40.2) ------------------------------------------------------------------------------
def tier_order(tier: str) -> list[str]:
    """H3-40.2.2: same tier, then lower tiers descending, then higher tiers ascending."""
    i = TIERS.index(tier)
    return [TIERS[i], *reversed(TIERS[:i]), *TIERS[i + 1 :]]


def distance(combat: Combat, unit: Unit, target: Unit) -> int:
    """A-40: walking distance for ground units, straight orthogonal distance for flyers."""
    if unit.pos is None or target.pos is None:
        return 0
    if unit.type == "flying" or unit.type == "ranged":
        return manhattan(unit.pos, target.pos)
    d = path_distance(combat.geometry(), unit.pos, target.pos, blocked_for(combat, unit))
    return d if d is not None else 99
