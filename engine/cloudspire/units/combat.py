"""Attacks, counter-attacks, damage and defeats (CS-26, CS-19.5, CS-7.9, CS-6.2.5, CS-9.8.5, CS-10.5)."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Ref, message

from ..board.geometry import range_within, unkey
from ..common import (
    CONTENT,
    friendly,
    gain,
    landmark_def,
    lm_talent,
    market_chip,
    occupied,
    side,
    talent,
    tower_side,
    unit_def,
)
from ..flow import FLOW, new_id, push
from ..state import CsState, Landmark, Tower, Unit
from ..supply import chips_fit, clip_hp
from ..waves.end import on_breach

ATTACKS = message("cs.combat.attacks", "{unit} attacks {target} for {n} damage.")
COUNTERS = message("cs.combat.counters", "{unit} counter-attacks {target} for {n} damage.")
GATE_COUNTER = message("cs.combat.gate_counter", "The gate strikes back at {unit} for 1 damage.")
DEFEATED = message("cs.combat.defeated", "{unit} is defeated.")
REWARD = message("cs.combat.reward", "Seat {seat} gains {n} Source.")
TOWER_HIT = message("cs.combat.tower_hit", "{tower} loses its bottom {chip} chip.")
TOWER_HOLDS = message("cs.combat.tower_holds", "{tower}'s bottom defense chip holds.")
TOWER_DESTROYED = message("cs.combat.tower_destroyed", "{tower} is destroyed.")
GATE_HIT = message("cs.combat.gate_hit", "Seat {seat}'s gate drops to {hp} HP.")
BREACHED = message("cs.combat.breached", "Seat {seat}'s gate is breached!")
SQUAD_NEXT = message("cs.combat.squad_next", "{unit} takes the top of the squad with {hp} HP.")
RELIC_DRAWN = message("cs.combat.relic_drawn", "You draw the relic {relic}.")
RELIC_COUNT = message("cs.combat.relic_count", "Seat {seat} draws a relic.")
IMPALE = message("cs.combat.impale", "{unit} impales {target} for {n} damage.")
TOXIC = message("cs.combat.toxic", "{landmark}'s toxic fog deals {n} damage to {unit}.")
GATE_NAME = message("cs.combat.gate_name", "the gate of seat {seat}")
DICE = message("cs.combat.dice", "The dice show {faces}.")


def uref(unit: Unit) -> Ref:
    return Ref(kind="landmark" if unit.kind == "landmark" else "unit", id=unit.type_id)


def attack_value(state: CsState, unit: Unit) -> int:
    base = side(state, unit).attack
    if unit.kind == "hero":
        base += unit.chips.count("attack")  # CS-10.4.1
    return base + (talent(state, unit, "attack_bonus") or 0)


def unit_range(state: CsState, unit: Unit) -> int:
    """CS-8.5: 1 (adjacent) unless an N Range talent; hero range chips add 1 each (CS-10.4.3)."""
    n = talent(state, unit, "range")
    if n is None:
        return 1
    return n + (unit.chips.count("range") if unit.kind == "hero" else 0)


def roll(state: CsState, n: int) -> list[int]:
    """Tower attack dice from the game's Rng (or injected by a test, P-5)."""
    faces: list[int] = []
    for _ in range(n):
        injected = state.options.dice
        if injected:
            faces.append(injected.pop(0))
        else:
            faces.append(state.rng.choice(CONTENT.tower_die))
    state.dice_log.extend(faces)
    return faces


def endless(state: CsState) -> int:
    """CS-19.5.7: roll until blank or 2; the last roll counts."""
    total = 0
    for _ in range(50):
        face = roll(state, 1)[0]
        total += face
        if face in (0, 2):
            break
    return total


# ---- landmark units: revealed landmarks with HP are units of nobody (CS-8.1, AMB-32) ----------
LANDMARK_SEAT = -2


def landmark_unit(lm: Landmark) -> Unit:
    return Unit(
        uid=lm.lid, owner=LANDMARK_SEAT, type_id=lm.chip, kind="landmark", hp=lm.hp, hex=lm.hex, countered=lm.countered
    )


# ---- damage ----------------------------------------------------------------------------------
def damage_unit(state: CsState, target: Unit, amount: int, credit: int | None, *, by_hero: Unit | None) -> list[Event]:
    """CS-26.2: hero defense chips first (AMB-12), then HP chips; a defeat resolves at once."""
    if amount <= 0:
        return []
    state.activity += 1
    if target.kind == "hero":
        while amount > 0 and "defense" in target.chips:
            target.chips.remove("defense")
            amount -= 1
    target.hp -= amount
    if target.hp > 0:
        return []
    return defeat_unit(state, target, credit, by_hero=by_hero)


def damage_landmark(
    state: CsState, lm: Landmark, amount: int, credit: int | None, *, by_hero: Unit | None
) -> list[Event]:
    if amount <= 0:
        return []
    state.activity += 1
    lm.hp -= amount
    if lm.hp > 0:
        return []
    events = [Event.to_all("defeated", DEFEATED(unit=Ref(kind="landmark", id=lm.chip)))]
    state.landmarks.remove(lm)
    state.lm_defeated.append(lm.chip)  # CS-11.7: to the discard, well uncovered
    if credit is not None and credit >= 0:
        events += give_reward(state, credit, landmark_def(lm.chip).reward.source, by_hero)
        reward = landmark_def(lm.chip).reward
        for _ in range(reward.relics):
            events += draw_relic(state, credit)
        if reward.free_tower:
            push_after_front(state, "free_tower", credit, well=lm.hex)
        if by_hero is not None:
            events += level_up_trigger(state, by_hero)
    return events


def push_after_front(state: CsState, kind: str, seat: int | None, **data: object) -> None:
    """Interrupts go to the front: they resolve before the active player's next action (P-19 notes)."""
    push(state, kind, seat, **data)


def give_reward(state: CsState, seat: int, amount: int, by_hero: Unit | None) -> list[Event]:
    if by_hero is not None:
        amount += talent(state, by_hero, "bounty") or 0
    kept = gain(state, seat, amount)
    return [Event.to_all("reward", REWARD(seat=seat + 1, n=kept), seat=seat, source=kept)] if amount else []


def draw_relic(state: CsState, seat: int) -> list[Event]:
    """CS-19.5.10: drawn into a hidden hand; the count is public (AMB-27)."""
    if not state.relics:
        state.relics, state.relic_discard = state.relic_discard, []
        state.rng.shuffle(state.relics)
    if not state.relics:
        return []
    card = state.relics.pop()
    state.pl[seat].relics.append(card)
    return [
        Event.to_seats(seat, "relic", RELIC_DRAWN(relic=Ref(kind="relic", id=card)), reveals=True),
        Event.to_all("relic_count", RELIC_COUNT(seat=seat + 1)),
    ]


def defeat_unit(state: CsState, target: Unit, credit: int | None, *, by_hero: Unit | None) -> list[Event]:
    """CS-19.5.9: reward to whoever defeated it, chips to their destination, squads activate (CS-9.8.5)."""
    events = [Event.to_all("defeated", DEFEATED(unit=uref(target)))]
    owner = state.pl[target.owner]
    if credit is not None and credit >= 0 and not friendly(state, credit, target.owner):
        events += give_reward(state, credit, side(state, target).reward, by_hero)
    if target.kind == "minion" and not target.merc:
        owner.barracks[target.type_id] = owner.barracks.get(target.type_id, 0) + 1  # CS-9.10
    if target.members:
        nxt = target.members[0]
        nxt.members = target.members[1:]
        nxt.hex = target.hex
        # CS-9.8.5 forced; under strict supply (CS-3.1) what is left. The felled top just gave its
        # HP chips back, so at least one is there.
        nxt.hp, short = clip_hp(state, side(state, nxt).hp, uref(nxt))
        events += short
        nxt.attacked = target.attacked
        nxt.countered = True  # CS-9.8.5: no counter for the blow that felled the one above
        nxt.moved = target.moved
        idx = state.units.index(target)
        state.units[idx] = nxt
        events.append(Event.to_all("squad_next", SQUAD_NEXT(unit=uref(nxt), hp=nxt.hp)))
    else:
        state.units.remove(target)
    if by_hero is not None and by_hero.hp > 0:
        events += level_up_trigger(state, by_hero)
    return events


def level_up_trigger(state: CsState, hero: Unit) -> list[Event]:
    """CS-10.5.1: the owner is asked at once (P-19), even on another seat's turn."""
    if hero.kind != "hero" or hero.hp <= 0 or hero not in state.units:
        return []
    if level_options(state, hero):
        push_after_front(state, "level_up", hero.owner, unit=hero.uid)
    return []


def level_options(state: CsState, hero: Unit) -> list[str]:
    s = side(state, hero)
    if len(hero.chips) < s.level_cap:
        opts = ["attack", "defense"]
        if talent(state, hero, "range") is not None:
            opts.append("range")  # CS-10.4.3, RT-09
        opts = [c for c in opts if chips_fit(state, [c])]  # CS-3.1: strict supply, an empty pool is no choice
        return opts + ["decline"]
    d = side(state, hero)
    if not hero.promoted and d is not None:
        if unit_def(state, hero.owner, hero.type_id, hero.merc).promoted is not None:
            return ["flip", "decline"]  # CS-10.5.3
    return []


def apply_level(state: CsState, hero: Unit, choice: str) -> list[Event]:
    """Apply a checked level-up choice; the events tell of HP chips the strict supply could not give."""
    if choice in ("attack", "defense", "range"):
        hero.chips.append(choice)
    elif choice == "flip":
        basic_hp = side(state, hero).hp
        hero.promoted = True
        hero.chips = []
        new_hp = side(state, hero).hp
        target = min(new_hp, hero.hp + max(0, new_hp - basic_hp))  # CS-10.5.3, AMB-11
        if target <= hero.hp:
            hero.hp = target
            return []
        given, short = clip_hp(state, target - hero.hp, uref(hero))  # CS-3.1: the added HP chips
        hero.hp += given
        return short
    return []


def damage_tower(state: CsState, tower: Tower, amount: int, credit: int | None, *, by_hero: Unit | None) -> list[Event]:
    """CS-7.9: at most one chip; a bottom defense chip falls only to 2+ damage."""
    if amount <= 0 or not tower.chips:
        return []
    state.activity += 1
    name = Ref(kind="tower", id=tower.type_id)
    bottom = tower.chips[-1]
    if bottom == "defense" and amount < 2:
        return [Event.to_all("tower_holds", TOWER_HOLDS(tower=name))]
    tower.chips.pop()
    events = [Event.to_all("tower_hit", TOWER_HIT(tower=name, chip=Ref(kind="chip", id=bottom)))]
    if tower.chips:
        return events
    events.append(Event.to_all("tower_destroyed", TOWER_DESTROYED(tower=name)))
    state.towers.remove(tower)
    if not tower.merc:
        state.pl[tower.owner].barracks[tower.type_id] = state.pl[tower.owner].barracks.get(tower.type_id, 0) + 1
    if credit is not None and credit >= 0:
        events += give_reward(state, credit, tower_side(state, tower).reward, by_hero)
    if by_hero is not None:
        events += level_up_trigger(state, by_hero)
    return events


def damage_gate(state: CsState, seat: int, amount: int, attacker: Unit) -> list[Event]:
    """CS-6.2.4-6.2.6 and the gate's counter-attack on every attack (CS-6.2.5, AMB-31)."""
    state.activity += 1
    p = state.pl[seat]
    p.gate_hp = max(0, p.gate_hp - amount)
    events = [Event.to_all("gate_hit", GATE_HIT(seat=seat + 1, hp=p.gate_hp))]
    if p.gate_hp == 0 and not p.breached:
        p.breached = True
        p.breached_wave = state.wave
        events.append(Event.to_all("breached", BREACHED(seat=seat + 1), breacher=attacker.owner))
        events += on_breach(state, seat, attacker.owner)
        if attacker.kind == "hero":
            events += level_up_trigger(state, attacker)
    events.append(Event.to_all("gate_counter", GATE_COUNTER(unit=uref(attacker))))
    events += damage_unit(state, attacker, 1, seat, by_hero=None)
    return events


# ---- attacks ---------------------------------------------------------------------------------
def in_reach(state: CsState, unit: Unit, reach: int) -> dict[str, int]:
    assert unit.hex is not None
    return range_within(state.board, unkey(unit.hex), reach)


def targets(state: CsState, unit: Unit) -> list[tuple[str, str]]:
    """CS-19.5.3 valid targets as (kind, id): enemy units, revealed landmarks with HP, enemy towers
    and unbreached enemy gates within range; Engage narrows the list (CS-11.9)."""
    if unit.hex is None or unit.attacked or (unit.kind == "hero" and state.pl[unit.owner].rest):
        return []
    reach = in_reach(state, unit, unit_range(state, unit))
    out: list[tuple[str, str]] = []
    engage: list[tuple[str, str]] = []
    for u in state.units:
        if u.hex in reach and u.hex != unit.hex and not friendly(state, u.owner, unit.owner):
            out.append(("unit", u.uid))
    for lm in state.landmarks:
        if lm.face_up and lm.hp > 0 and lm.hex in reach:
            out.append(("landmark", lm.lid))
            if lm_talent(lm, "engage"):
                engage.append(("landmark", lm.lid))
    for t in state.towers:
        if t.hex in reach and not friendly(state, t.owner, unit.owner):
            out.append(("tower", t.tid))
    for k, c in state.board.items():
        if c.gate is not None and k in reach and not friendly(state, c.gate, unit.owner):
            if not state.pl[c.gate].breached:
                out.append(("gate", str(c.gate)))
    return engage or out


def hunter_bonus(state: CsState, unit: Unit, kind: str) -> int:
    return 1 if kind == "landmark" and talent(state, unit, "hunter") is not None else 0  # TU-1


def resolve_attack(state: CsState, attacker: Unit, kind: str, tid: str) -> list[Event]:
    """CS-26.1: damage, then the gate's or the target's counter-attack, defeats at once."""
    attacker.attacked = True
    state.activity += 1
    dmg = attack_value(state, attacker) + hunter_bonus(state, attacker, kind)
    events: list[Event] = []
    by_hero = attacker if attacker.kind == "hero" else None
    if kind == "gate":
        events.append(Event.to_all("attack", ATTACKS(unit=uref(attacker), target=GATE_NAME(seat=int(tid) + 1), n=dmg)))
        return events + damage_gate(state, int(tid), dmg, attacker)
    if kind == "tower":
        tower = next(t for t in state.towers if t.tid == tid)
        events.append(
            Event.to_all("attack", ATTACKS(unit=uref(attacker), target=Ref(kind="tower", id=tower.type_id), n=dmg))
        )
        return events + damage_tower(state, tower, dmg, attacker.owner, by_hero=by_hero)  # no counter (AMB-05)
    if kind == "landmark":
        lm = next(x for x in state.landmarks if x.lid == tid)
        events.append(
            Event.to_all("attack", ATTACKS(unit=uref(attacker), target=Ref(kind="landmark", id=lm.chip), n=dmg))
        )
        events += damage_landmark(state, lm, dmg, attacker.owner, by_hero=by_hero)
        if lm in state.landmarks and not lm.countered:
            events += landmark_counter(state, lm, attacker)
        return events
    target = next(u for u in state.units if u.uid == tid)
    events.append(Event.to_all("attack", ATTACKS(unit=uref(attacker), target=uref(target), n=dmg)))
    events += damage_unit(state, target, dmg, attacker.owner, by_hero=by_hero)
    if target in state.units and target.hp > 0 and not target.countered:
        events += unit_counter(state, target, attacker)
    return events


def counter_damage(state: CsState, defender_attack: int, endless_ret: bool, victim: Unit) -> int:
    dmg = endless(state) if endless_ret else defender_attack
    tough = talent(state, victim, "tough")
    if tough is not None:
        dmg = min(dmg, tough)  # AMB-13: a cap on counter damage taken
    return dmg


def unit_counter(state: CsState, defender: Unit, attacker: Unit) -> list[Event]:
    """CS-19.5.6: once per turn, against an attacker within the defender's own range."""
    if attack_value(state, defender) <= 0 or attacker.hex is None or defender.hex is None:
        return []
    if attacker.hex not in in_reach(state, defender, unit_range(state, defender)):
        return []  # (b): out of range does not use up the counter
    if defender.kind == "hero" and state.pl[defender.owner].rest:
        return []
    defender.countered = True
    dmg = counter_damage(state, attack_value(state, defender), False, attacker)
    events = [Event.to_all("counter", COUNTERS(unit=uref(defender), target=uref(attacker), n=dmg))]
    by_hero = defender if defender.kind == "hero" else None
    return events + damage_unit(state, attacker, dmg, defender.owner, by_hero=by_hero)


def landmark_counter(state: CsState, lm: Landmark, attacker: Unit) -> list[Event]:
    d = landmark_def(lm.chip)
    endless_ret = lm_talent(lm, "endless_retaliation")
    if (d.attack <= 0 and not endless_ret) or attacker.hex is None:
        return []  # CS-19.5.6(c)
    reach = range_within(state.board, unkey(lm.hex), 1)
    if attacker.hex not in reach:
        return []
    lm.countered = True
    dmg = counter_damage(state, d.attack, endless_ret, attacker)
    events = [Event.to_all("counter", COUNTERS(unit=Ref(kind="landmark", id=lm.chip), target=uref(attacker), n=dmg))]
    return events + damage_unit(state, attacker, dmg, None, by_hero=None)  # AMB-32: no reward


def after_move(state: CsState, unit: Unit) -> list[Event]:
    """Movement triggers after a move: Impale (TU-5) and landmark Toxic Fog (TL-1); neither is an attack.

    Both trigger at the same moment. When the order changes the outcome (the fog would defeat the
    mover before it impales, or the impale would defeat a fogging landmark before it breathes) the
    active player orders them (CS-1.6, AMB-35): a ``trigger_order`` decision whose default is the
    fixed order used otherwise, Impale first.
    """
    if unit.hex is None:
        return []
    if triggers_compete(state, unit):
        chooser = state.active if state.active is not None else unit.owner
        push(state, "trigger_order", chooser, unit=unit.uid)
        return []
    return resolve_impale(state, unit) + resolve_fog(state, unit)


def fog_sources(state: CsState, unit: Unit) -> list[tuple[Landmark, int]]:
    """Revealed Toxic Fog landmarks next to ``unit`` and their damage (TL-1)."""
    if unit.hex is None or unit not in state.units:
        return []
    adj = range_within(state.board, unkey(unit.hex), 1)
    out: list[tuple[Landmark, int]] = []
    for lm in state.landmarks:
        fog = [t.n for t in landmark_def(lm.chip).talents if t.id == "toxic_fog"]
        if lm.face_up and fog and lm.hex in adj:
            out.append((lm, fog[0]))
    return out


def triggers_compete(state: CsState, unit: Unit) -> bool:
    """CS-1.6: both triggers fire and their order can change what happens."""
    n = talent(state, unit, "impale") or 0
    targets = impale_targets(state, unit) if n else []
    fogs = fog_sources(state, unit)
    if not targets or not fogs:
        return False
    fog_kills_mover = sum(d for _, d in fogs) >= unit.hp
    impale_kills_fog = any(lm.lid in targets and lm.hp <= n for lm, _ in fogs)
    return fog_kills_mover or impale_kills_fog


def resolve_impale(state: CsState, unit: Unit) -> list[Event]:
    """Impale now (one target) or ask the owner which adjacent enemy (P-20, several)."""
    n = talent(state, unit, "impale")
    if not n or unit not in state.units:
        return []
    found = impale_targets(state, unit)
    if len(found) == 1:
        return impale(state, unit, found[0], n)
    if found:
        push(state, "impale", unit.owner, unit=unit.uid, targets=found)
    return []


def resolve_fog(state: CsState, unit: Unit) -> list[Event]:
    """Each adjacent revealed Toxic Fog landmark damages the mover (TL-1); no reward (AMB-32)."""
    events: list[Event] = []
    for lm, n in fog_sources(state, unit):
        if unit not in state.units:
            break
        events.append(Event.to_all("toxic", TOXIC(landmark=Ref(kind="landmark", id=lm.chip), n=n, unit=uref(unit))))
        events += damage_unit(state, unit, n, None, by_hero=None)
    return events


def impale_targets(state: CsState, unit: Unit) -> list[str]:
    """TU-5: adjacent enemy units and revealed landmarks with HP (hostile to all, AMB-32)."""
    if unit.hex is None:
        return []
    adj = range_within(state.board, unkey(unit.hex), 1)
    out = [
        u.uid
        for u in state.units
        if u.hex in adj and u.hex != unit.hex and u.owner != LANDMARK_SEAT and not friendly(state, u.owner, unit.owner)
    ]
    return out + [lm.lid for lm in state.landmarks if lm.face_up and lm.hp > 0 and lm.hex in adj]


def impale(state: CsState, unit: Unit, target: str, n: int) -> list[Event]:
    """Impale deals n damage; it is not an attack, so nothing counter-attacks (TU-5, CS-26.3)."""
    for u in state.units:
        if u.uid == target:
            events = [Event.to_all("impale", IMPALE(unit=uref(unit), target=uref(u), n=n))]
            return events + damage_unit(state, u, n, unit.owner, by_hero=None)
    for lm in state.landmarks:
        if lm.lid == target:
            events = [Event.to_all("impale", IMPALE(unit=uref(unit), target=Ref(kind="landmark", id=lm.chip), n=n))]
            return events + damage_landmark(state, lm, n, unit.owner, by_hero=None)
    return []


def equipment_talent(eq: str, tid: str) -> int | None:
    for t in market_chip(eq).talents:
        if t.id == tid:
            return t.n
    return None


__all__ = ["FLOW", "new_id"]


def occupied_keys(state: CsState) -> set[str]:
    return set(occupied(state))
