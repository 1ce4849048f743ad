"""The combat's steps on the kernel flow (H3-32..H3-37): placement, rounds, activations, card
windows, dice, damage, retaliation, time limit, the end of combat.

``install(flow)`` registers every step kind on a game's ``Flow``; ``start_combat`` queues a
combat in a ``CombatHost`` state. The skirmish ruleset and the adventure game call exactly
these two.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.flow import Flow, Step
from engine.core.text import Ref

from .. import messages as m
from ..cards import messages as cm
from ..content import TIERS, CardDef, load
from ..content.texts import text_ref
from ..neutrals import ai, aicards
from . import cage, ongoing, own_search, spells, summon
from . import cards as card_rules
from . import rules as r
from . import texts as t
from . import war_machines as machines
from .actions import Play
from .board import Cell, square
from .models import (
    TOWER,
    AiDeck,
    Combat,
    CombatHost,
    CombatOutcome,
    CombatResult,
    CombatSide,
    PendingAttack,
    PendingSpell,
    Structure,
    Unit,
)
from .outcome import consequences

F = Flow[CombatHost, Step]
PREFIX = "h3c_"


def combat_of(state: CombatHost) -> Combat:
    assert state.combat is not None
    return state.combat


def need(cond: bool, rule: str, msg: m.Msg) -> None:
    if not cond:
        raise RuleViolation(rule, msg)


def _key(st: Step) -> str:
    return f"{st.key}.{st.data.get('n', 0)}"


def _bump(st: Step) -> None:
    st.data["n"] = int(st.data.get("n", 0)) + 1


# ==== starting a combat ============================================================================
def start_combat(flow: F, state: CombatHost, combat: Combat, window: Sequence[Step] = ()) -> list[Event]:
    """Queue a combat whose units are already listed (``placed=False``). H3-30.4: the host's
    town-action reaction window (``window``, steps of the host's own kinds) opens before any
    setup step; H3-30.5: an attacked secondary hero's owner may then yield; H3-32.2/H3-32.3:
    the attacker places, then the defender; H3-39.4: a Citadel adds walls, gate and arrow tower."""
    state.combat = combat
    steps = list(window)
    events: list[Event] = []
    if window:
        events.append(Event.to_all("h3_declared", m.DECLARED(seat=_side_name(combat.sides[0]))))
    defender = combat.sides[1]
    if defender.hero is not None and not defender.main_hero and defender.controller is not None:
        if defender.ai is None and defender.owner is not None:
            steps.append(flow.new(state, "h3c_yield", defender.controller))
    for team in (0, 1):
        seat = combat.controller(team)
        kind = "h3c_place" if seat is not None else "h3c_ai_place"  # H3-32.5: AI placement
        steps.append(flow.new(state, kind, seat, team=team))
    if combat.kind == "siege":
        steps.append(flow.new(state, "h3c_gate", combat.controller(1)))
    steps.append(flow.new(state, "h3c_round"))
    flow.push(state, *steps)
    return events


# ==== placement (H3-32) ============================================================================
def place_cells(combat: Combat, unit: Unit) -> list[Cell]:
    geo = combat.geometry()
    free = [c for c in geo.deploy_cells(unit.team) if combat.at(c) is None]
    side = combat.sides[unit.team]
    if side.owner is None and unit.type == "ranged":
        # H3-32.4: ranged neutrals go in the back row if possible.
        back = [c for c in free if c in geo.back_row(unit.team)]
        if back:
            return back
    return free


def place_options(combat: Combat, team: int) -> list[Option]:
    out: list[Option] = []
    waiting = [u for u in combat.units if u.team == team and not u.placed and not u.tower and u.alive]
    placed = [u for u in combat.units if u.team == team and u.placed and not u.tower]
    for u in waiting:
        for cell in place_cells(combat, u):
            out.append(
                Option.of(
                    m.OPT_PLACE(unit=r.uname(combat, u), cell=r.label(cell)),
                    {"type": "place", "unit": u.uid, "cell": list(cell)},
                    at=square(cell),
                )
            )
    if placed and waiting and len(placed) < 5:
        out.append(Option.of(m.OPT_DONE(), {"type": "place_done"}))
    return out


def _ai_rank(u: Unit) -> tuple[bool, int, int]:
    return (u.type != "ranged", -u.initiative(), -TIERS.index(u.tier))


def ai_place_tie(combat: Combat, team: int, prefer: list[str]) -> list[str]:
    """H3-32.5: units of different cards still tied after initiative and tier, not yet ordered by
    the player: the first such group in placement order (empty when nothing is left to ask)."""
    waiting = [u for u in combat.units if u.team == team and not u.placed and not u.tower and u.alive][:5]
    groups: dict[tuple[bool, int, int], list[Unit]] = {}
    for u in waiting:
        if u.uid not in prefer:
            groups.setdefault(_ai_rank(u), []).append(u)
    for rank in sorted(groups):
        if len({u.card for u in groups[rank]}) > 1:
            return [u.uid for u in groups[rank]]
    return []


def ai_place(combat: Combat, team: int, prefer: list[str] | None = None) -> list[Event]:
    """H3-32.5: ranged units in the back row, then ground and flying in the front row, left to
    right, in descending initiative; ties: higher tier first, then the order the player chose
    (``prefer``), then card id (identical cards, where the order changes nothing)."""
    prefer = prefer or []
    geo = combat.geometry()
    waiting = [u for u in combat.units if u.team == team and not u.placed and not u.tower and u.alive][:5]
    waiting.sort(key=lambda u: (*_ai_rank(u), prefer.index(u.uid) if u.uid in prefer else len(prefer), u.card))
    back = geo.back_row(team)
    front = [c for c in geo.deploy_cells(team) if c not in back]
    events: list[Event] = []
    for group, rows in (("ranged", (back, front)), ("other", (front, back))):
        for u in [w for w in waiting if (w.type == "ranged") == (group == "ranged")]:
            cell = next((c for row in rows for c in row if combat.at(c) is None), None)
            if cell is None:
                continue
            events += _place(combat, u, cell)
    return events


def _place(combat: Combat, u: Unit, cell: Cell) -> list[Event]:
    u.pos = cell
    u.placed = True
    return [
        Event.to_all("h3_placed", m.PLACED(unit=r.uname(combat, u), cell=r.label(cell)), unit=u.uid, cell=list(cell))
    ]


def _placement_over(combat: Combat, team: int) -> bool:
    waiting = [u for u in combat.units if u.team == team and not u.placed and not u.tower and u.alive]
    placed = [u for u in combat.units if u.team == team and u.placed and not u.tower]
    return not waiting or len(placed) >= 5


# ==== the round (H3-34) ============================================================================
def _begin(flow: F, state: CombatHost, uid: str) -> list[Event]:
    """H3-33.2/H3-34.3: the unit activates: faction cube, defence token discarded (H3-33.9),
    paralysis skips the activation (H3-33.8), activation abilities resolve (H3-27.3)."""
    combat = combat_of(state)
    u = combat.unit(uid)
    u.activated = True
    combat.last_tie = (u.initiative(), u.team)
    combat.active = uid
    combat.moved_from = u.pos
    events = [Event.to_all("h3_activates", m.ACTIVATES(unit=r.uname(combat, u)), unit=uid)]
    u.no_defend = u.defending
    u.defending = False
    u.rooted = any(e.has("root_adjacent") and r.adjacent(u, e, combat) for e in r.enemies(combat, u))
    if u.marks > 0:  # neutral Haspids' cube: removed as the unit activates, for 1 damage
        u.marks -= 1
        events.append(Event.to_all("h3_mark_hurts", m.MARK_HURTS(unit=r.uname(combat, u)), unit=uid))
        events += r.deal_damage(combat, u, 1)
        if not u.alive:
            flow.push(state, flow.new(state, "h3c_end_act", unit=uid))
            return events
    if u.paralysed:
        u.paralysed = False
        flow.push(state, flow.new(state, "h3c_end_act", unit=uid))
        return events + [Event.to_all("h3_paralysed_skip", m.PARALYSED_SKIP(unit=r.uname(combat, u)), unit=uid)]
    events += activation_abilities(state, u)
    if combat.sides[u.team].ai is not None:
        events += ai_hero_cards(state, u)  # H3-40.2.1: the AI card first
    if u.rooted:
        events.append(Event.to_all("h3_rooted", m.ROOTED(unit=r.uname(combat, u)), unit=uid))
    seat = combat.controller(u.team)
    if seat is None:
        flow.push(state, flow.new(state, "h3c_ai", unit=uid))
    else:
        phase = "shoot" if u.type == "ranged" else "move"
        flow.push(state, flow.new(state, "h3c_act", seat, unit=uid, phase=phase))
    for a in u.abilities("activation_spell_damage"):
        # neutral Faerie Dragons (H3-27.3 activation): a spell on a chosen enemy, before acting.
        pool = [e.uid for e in r.enemies(combat, u) if not e.tower and e.pos is not None]
        if len(pool) > 1 and seat is not None:
            flow.push(
                state, flow.new(state, "h3c_strike", seat, unit=uid, targets=pool, attack=0, amount=a.amount(), spell=1)
            )
        elif pool:
            best = min(pool, key=lambda x: (combat.unit(x).remaining(), x))
            events += strike(combat, state, u, combat.unit(best), 0, a.amount(), spell=True)
    if combat.spell is not None and combat.spell.ai:  # an AI hero's spell waits for the answer
        seat = card_rules.counter_seat(combat, combat.sides[combat.spell.team])
        answer = [flow.new(state, "h3c_counter", seat)] if seat is not None else []
        flow.push(state, *answer, flow.new(state, "h3c_cast_resolve"))
    return events


def activation_abilities(state: CombatHost, u: Unit) -> list[Event]:
    """H3-27.3: abilities with the activation timing resolve as the unit activates."""
    combat = combat_of(state)
    own = combat.sides[u.team]
    enemy = combat.sides[1 - u.team]
    events: list[Event] = []
    for a in u.stats().abilities:
        if a.timing != "activation":
            continue
        if a.effect == "heal_self":
            events += r.heal(combat, u, a.amount())
        elif a.effect == "enemy_morale_loss" and enemy.morale > 0:
            enemy.morale = 0  # H3-11: the positive morale token is discarded
            events.append(Event.to_all("h3_morale_lost", m.MORALE_LOST(seat=_side_name(enemy))))
        elif a.effect == "enemy_discard_random" and enemy.deck is not None:
            for _ in range(a.amount()):
                if not enemy.deck.hand:
                    break
                card = enemy.deck.hand.pop(state.rng.below(len(enemy.deck.hand)))
                enemy.deck.discard.append(card)  # H3-13.2.2
                events.append(
                    Event.to_all(
                        "h3_discarded",
                        m.DISCARDED_RANDOM(seat=_side_name(enemy), card=m.card_ref(enemy.deck.names[card])),
                        card=card,
                    )
                )
        elif a.effect == "heal_friend_or_attack":
            # neutral Enchanters; house: the engine heals the most damaged friendly unit.
            hurt = [f for f in combat.on_board(u.team) if f.damage > 0 and not f.tower]
            if hurt:
                events += r.heal(combat, max(hurt, key=lambda f: (f.damage, f.uid)), a.amount())
            else:
                u.attack_bonus += a.num("bonus")
                events.append(Event.to_all("h3_attack_up", m.ATTACK_UP(unit=r.uname(combat, u), n=a.num("bonus"))))
        elif a.effect == "first_spell_power" and own.spells_cast == 0 and own.deck is not None:
            own.bonus_power = max(own.bonus_power, a.amount())
            events.append(
                Event.to_all(
                    "h3_power_bonus",
                    m.POWER_BONUS(unit=r.uname(combat, u), n=a.amount(), seat=_side_name(own)),
                )
            )
    return events


def _side_name(side: CombatSide) -> m.Msg:
    if side.ai is not None:
        return m.AI_SIDE()
    return m.seat_name(side.controller) if side.owner is not None else m.NEUTRAL_SIDE()


# ==== AI heroes' cards (H3-41.6..H3-41.9, H3-42) =======================================================
def ai_hero_cards(state: CombatHost, u: Unit) -> list[Event]:
    """H3-41.6.1: an AI hero's unit activates: might cards still waiting for a unit able to attack
    act first (H3-41.9), then one AI card is drawn and executed before the unit moves."""

    combat = combat_of(state)
    deck = combat.sides[u.team].ai
    assert deck is not None
    events: list[Event] = []
    first = not any(x.activated for x in combat.units if x.team == u.team and x.uid != u.uid)
    if first and deck.delayed:  # H3-42.4: the delayed buffs instead of an AI card
        due, deck.delayed = list(deck.delayed), []
        for inst, power in due:
            events += _ai_resolve_spell(state, deck, inst, power, u, delayed=True)
        return events
    able = bool(ai.plan(combat, u).ties)
    for held in list(deck.waiting):
        if able:
            deck.waiting.remove(held)
            events += _ai_attack_card(combat, deck, u, held)
    was_empty = deck.exhausted
    card = aicards.draw_card(deck, state.rng)
    if card is None:
        if not was_empty:
            events.append(Event.to_all("h3_ai_empty", m.AI_DECK_EMPTY()))
        return events
    events.append(aicards.drawn_event(card))
    info = aicards.AI_CARDS[card]
    value = info.value(deck.difficulty)
    if info.effect == "attack":
        if able:
            return events + _ai_attack_card(combat, deck, u, card)
        deck.waiting.append(card)  # H3-41.9
        return events + [Event.to_all("h3_ai_waits", m.AI_WAITS())]
    if info.effect in ("defense_hp", "defense_next"):
        deck.cards.discard(card)
        target = (
            aicards.highest_hp(combat, u.team)
            if info.effect == "defense_hp"
            else aicards.next_to_activate(combat, u.team, u)
        )
        if value == 0 or target is None:
            return events + [Event.to_all("h3_ai_nothing", m.AI_NOTHING())]
        target.card_defense += value  # H3-41.9: until the first defence occurs
        return events + [Event.to_all("h3_ai_defense", m.AI_DEFENSE_ON(unit=r.uname(combat, target), n=value))]
    if info.effect == "spell":
        return events + _ai_cast(state, deck, card, value, u)
    return events + _ai_skill(state, deck, u, card, value)


def _ai_attack_card(combat: Combat, deck: AiDeck, u: Unit, card: str) -> list[Event]:
    deck.cards.discard(card)
    value = aicards.AI_CARDS[card].value(deck.difficulty)
    if value == 0:
        return [Event.to_all("h3_ai_nothing", m.AI_NOTHING())]
    u.attack_bonus += value  # H3-35.5: until its first attack resolves
    return [Event.to_all("h3_attack_up", m.ATTACK_UP(unit=r.uname(combat, u), n=value))]


def _ai_cast(state: CombatHost, deck: AiDeck, card: str, power: int, u: Unit) -> list[Event]:
    """H3-41.7 / H3-42: draw the next AI spell and cast it with the card's Power; a spell with no
    valid target goes back into the spell deck and the magic card to the bottom of the AI deck."""

    inst = aicards.draw_spell(deck, state.rng)
    if inst is None:
        deck.cards.discard(card)
        return [Event.to_all("h3_ai_nothing", m.AI_NOTHING())]
    events = _ai_resolve_spell(state, deck, inst, power, u, card=card)
    return events


def _ai_resolve_spell(
    state: CombatHost, deck: AiDeck, inst: str, power: int, u: Unit, card: str | None = None, delayed: bool = False
) -> list[Event]:
    """Cast AI spell ``inst`` (drawn by magic card ``card``, or delayed from the last round)."""

    combat = combat_of(state)
    team = u.team
    spell = aicards.spell_def(deck, inst)
    tiers = spell.tiers or spell.damage
    power = max(0, power - card_rules.power_drain(combat, combat.sides[team]))  # Rampart Pegasi Pack
    level = min(power, len(tiers) - 1) if tiers else 0
    target = aicards.spell_target(combat, team, spell, u, power=level)
    ref = m.card_ref(spell.id)
    if target is None:  # H3-42.1 / H3-42.3 / H3-42.5
        if card is not None:
            deck.cards.put_bottom(card)
        deck.spells.put_bottom(inst)
        deck.spells.shuffle(state.rng)
        return [Event.to_all("h3_ai_no_cast", m.AI_NO_CAST(card=ref))]
    if card is not None:
        deck.cards.discard(card)
    kind = aicards.spell_class(spell)
    if kind == "round_buff" and not delayed and aicards.round_buff_waits(combat, target):
        deck.delayed.append((inst, power))  # H3-42.4
        return [Event.to_all("h3_ai_delayed", m.AI_DELAYED(card=ref))]
    deck.spells.discard(inst)  # H3-41.7: the AI spell discard pile
    events = [
        Event.to_all(
            "h3_ai_cast", m.AI_CASTS(card=ref, power=level, unit=r.uname(combat, target)), card=spell.id, power=level
        )
    ]
    if card_rules.counter_seat(combat, combat.sides[team]) is not None:
        # Resistance / Surcoat / Boots answer an AI hero's spell too; _begin asks before the unit acts.
        combat.spell = PendingSpell(team=team, action={"card": inst, "target": target.uid}, power=level, ai=True)
        return events
    return events + _ai_effect(state, spell, level, target, team)


def _ai_effect(state: CombatHost, spell: CardDef, level: int, target: Unit, team: int) -> list[Event]:
    """What the spell of the AI hero of ``team`` does to its target once cast (H3-42)."""
    combat = combat_of(state)
    kind = aicards.spell_class(spell)
    ref = m.card_ref(spell.id)
    events: list[Event] = []
    resisted = r.resists_card(combat, target, ref, state.rng)
    if resisted is not None:
        return events + resisted
    if spell.effect in spells.EFFECTS:  # the Clash spells' printed effects (combat/spells.py)
        return events + spells.ai_resolve(combat, spell, level, target, state.rng, team=team)
    if kind == "multi":  # Chain Lightning: the first hit, then one of the two closest (house: the weakest)
        near = [x for x in card_rules.closest(combat, target, 2) if x.team != team]
        events += r.spell_damage(combat, target, spell.damage[0])
        near = [x for x in near if x.alive]
        if near and len(spell.damage) > 1:
            events += r.spell_damage(combat, min(near, key=lambda x: (x.remaining(), x.uid)), spell.damage[1])
        return events
    if kind == "defensive":  # H3-42.2: a defence token that stays until that defence is resolved
        target.card_defense += spell.tiers[level]
        return events + [
            Event.to_all("h3_ai_defense", m.AI_DEFENSE_ON(unit=r.uname(combat, target), n=spell.tiers[level]))
        ]
    return events + card_rules.cast_effect(combat, spell, spell.tiers[level], target, team)


def _ai_skill(state: CombatHost, deck: AiDeck, u: Unit, card: str, times: int) -> list[Event]:
    """H3-41.8: the set-aside skill card acts (and is never discarded); the AI skill card is
    discarded, or in combat round 1 at Normal/Hard shuffled back into the AI deck (S-H1)."""

    combat = combat_of(state)
    info_first = card == "skill_b" and deck.difficulty in ("normal", "hard") and combat.round == 1
    events: list[Event] = []
    if deck.skill is None:
        deck.cards.discard(card)
        return [Event.to_all("h3_ai_nothing", m.AI_NOTHING())]
    skill = load().cards[deck.skill]
    for _ in range(times):
        events.append(Event.to_all("h3_ai_skill", m.AI_SKILL(card=m.card_ref(skill.id), unit=r.uname(combat, u))))
        if skill.effect == "attack":
            u.attack_bonus += skill.basic
        elif skill.effect == "defense":
            u.card_defense += skill.basic  # H3-41.9
    if info_first:
        deck.cards.put_bottom(card)
        deck.cards.shuffle(state.rng)
        events.append(Event.to_all("h3_ai_back", m.AI_SHUFFLED_BACK()))
        return events
    deck.cards.discard(card)
    return events


def act_options(state: CombatHost, st: Step) -> list[Option]:
    """P-49: every choice of the activating unit, ready to apply."""
    combat = combat_of(state)
    u = combat.unit(str(st.data["unit"]))
    side = combat.sides[u.team]
    phase = st.data["phase"]
    neutral = side.owner is None
    out: list[Option] = []
    if phase == "return":  # Harpies (H3-27.3): fly back to the space the activation began on
        assert combat.moved_from is not None
        back = combat.moved_from
        return [
            Option.of(
                m.OPT_RETURN(cell=r.label(back)), {"type": "move", "unit": u.uid, "cell": list(back)}, at=square(back)
            ),
            Option.of(m.OPT_END(), {"type": "end", "unit": u.uid}),
        ]
    if phase == "move" and not st.data.get("acted") and _may_surrender(combat, side):
        out.append(Option.of(m.OPT_SURRENDER(gold=10), {"type": "surrender"}))
    if u.berserk and phase in ("move", "attack", "shoot"):
        # Berserk (S-H1): attack the nearest unit of either side, or move to reach it; cards stay open.
        forced = spells.berserk_options(combat, u, "move" if phase == "shoot" else phase)
        out += forced + card_rules.playable(combat, side, activating=True)
        if not forced:
            out.append(Option.of(m.OPT_END(), {"type": "end", "unit": u.uid}))
        return out
    if phase in ("move", "shoot", "after"):
        for cell in r.move_options(combat, u):
            move = {"type": "move", "unit": u.uid, "cell": list(cell)}
            out.append(Option.of(m.OPT_MOVE(cell=r.label(cell)), move, at=square(cell)))
    targets: list[Unit] = []
    if phase in ("move", "attack", "shoot"):
        targets = r.attack_targets(combat, u)
        for t in targets:
            out.append(
                Option.of(m.OPT_ATTACK(target=r.uname(combat, t)), {"type": "attack", "unit": u.uid, "target": t.uid})
            )
        for s in r.structure_targets(combat, u):
            out.append(Option.of(r.target_name(combat, s), {"type": "attack", "unit": u.uid, "target": s}))
        # H3-33.9 / H3-34.4: defend instead of attacking; neutrals never defend.
        if not neutral and not u.no_defend and not u.tower:
            out.append(Option.of(m.OPT_DEFEND(), {"type": "defend", "unit": u.uid}))
        out += card_rules.playable(combat, side, activating=True)
    if phase in ("move", "shoot") and not st.data.get("acted") and not (neutral and targets):
        out += other_options(combat, u)  # H3-27.3 "other"; H3-34.3: neutrals that can attack must
    out += machines.tent_options(combat, side)  # H3-19: the First Aid Tent, once in the round
    out += cage.options(combat, side)  # the Fortress Cage of Warlords' cubes, as an instant
    if not (neutral and targets and phase != "after"):  # H3-34.3: player-controlled neutrals must attack
        out.append(Option.of(m.OPT_END(), {"type": "end", "unit": u.uid}))
    return out


def other_options(combat: Combat, u: Unit) -> list[Option]:
    """H3-27.3: abilities with the "other" timing, used instead of moving and attacking."""
    out: list[Option] = []
    for a in u.abilities("boost_other"):
        for f in combat.on_board(u.team):
            if not f.tower and f.type != "ranged":
                label = m.OPT_BOOST(n=a.amount(), target=r.uname(combat, f))
                out.append(Option.of(label, {"type": "ability", "unit": u.uid, "target": f.uid}))
    deck = combat.sides[u.team].deck
    for a in u.abilities("deck_spell_search"):
        if a.timing == "other" and deck is not None and (deck.draw.draw_pile or deck.discard):
            label = m.OPT_SEARCH_SPELL(n=a.amount())
            out.append(Option.of(label, {"type": "ability", "unit": u.uid, "target": "deck"}))
    out += summon.options(combat, u)  # Pit Lords (Pack): H3-52.3
    for a in u.abilities("siege_breaker"):
        for s in combat.structures:
            if not s.destroyed:
                target = f"{s.kind}-{s.col}"
                label = m.OPT_BREAK(target=r.target_name(combat, target))
                out.append(Option.of(label, {"type": "ability", "unit": u.uid, "target": target}))
        tower = combat.find(TOWER)
        if a.num("tower") and tower is not None and tower.alive and tower.placed and tower.team != u.team:
            label = m.OPT_BREAK(target=m.TOWER_NAME())
            out.append(Option.of(label, {"type": "ability", "unit": u.uid, "target": TOWER}))
    return out


def use_other(combat: Combat, u: Unit, target: str) -> list[Event]:
    if summon.is_summon(target):
        return summon.use(combat, u, target)
    if target == TOWER:
        combat.unit(TOWER).alive = False  # H3-39.8: a card effect may destroy it
        return [Event.to_all("h3_tower_destroyed", m.TOWER_DESTROYED(unit=r.uname(combat, u)))]
    if target.startswith(("wall-", "gate-")):
        return r.destroy_structure(combat, u, target)
    for a in u.abilities("boost_other"):
        f = combat.unit(target)
        f.attack_tokens.append((a.amount(), combat.round + a.num("rounds") - 1))
        return [Event.to_all("h3_attack_token", m.ATTACK_TOKEN(unit=r.uname(combat, f), n=a.amount()))]
    return []


def deck_search(flow: F, state: CombatHost, u: Unit, n: int) -> list[Event]:
    """Genies: the top ``n`` cards of the owner's deck go to the discard pile (public, H3-13.2.2)
    and a spell among them may be taken into hand (the owner picks when there are several). If
    the deck runs out, the old discard pile is shuffled into a new deck and the search goes on."""
    combat = combat_of(state)
    side = combat.sides[u.team]
    deck = side.deck
    if deck is None or n <= 0:
        return []
    seen, events = card_rules.discard_top(side, n, state.rng)  # H3-13.2.3 refills an empty deck
    spells = [c for c in seen if card_rules.card_def(deck, c).kind == "spell"]
    if len(spells) > 1 and side.controller is not None:
        flow.push(state, flow.new(state, "h3c_pick_spell", side.controller, team=u.team, cards=spells))
    elif spells:
        events += take_spell(combat, side, spells[0])
    return events


def take_spell(combat: Combat, side: CombatSide, card: str) -> list[Event]:
    deck = side.deck
    assert deck is not None
    deck.discard.remove(card)
    deck.hand.append(card)
    msg = m.RECALLED(seat=m.seat_name(side.controller), card=m.card_ref(deck.names[card]))
    return [Event.to_all("h3_recall", msg)]


def _caster_discards(flow: F, state: CombatHost, side: CombatSide, action: Any) -> list[Event]:
    """Neutral Familiars: an enemy who casts a spell from hand must discard a card from hand
    (the caster chooses which); neutral Pegasi: a card with Power (``has_power``). The cards
    with Power are asked for first, so a card that could pay either is not spent on Familiars.
    Shackles of War's bottom asks the same way which of the cards it drew is discarded."""
    combat = combat_of(state)
    if side.gm_play:
        card, mode = side.gm_play
        side.gm_play = []
        return [_for_gm(state, side, card, mode)]
    if side.take_one and side.controller is not None:  # Chain Lightning IV: one of the cards turned
        among, side.take_one = list(side.take_one), []
        if len(among) == 1:
            return take_spell(combat, side, among[0])
        flow.push(state, flow.new(state, "h3c_pick_spell", side.controller, team=side.team, cards=among, any=True))
        return []
    count = getattr(action, "count", None)
    if count and side.deck is not None and card_rules.card_def(side.deck, action.card).effect == "deck_take_one":
        count = None  # Chain Lightning IV: its count is how many cards were turned, none is paid
    if count and side.controller is not None:  # Sword of Judgement, Frost Ring VI: the N cards paid, one at a time
        steps = [
            flow.new(state, "h3c_forced_discard", side.controller, team=side.team, pay=action.card, left=count - i)
            for i in range(count)
        ]
        flow.push(state, *steps)
        return []
    if side.ballista_shots:  # Torosar's Ballista cards: the shots they ordered (H3-19), a tie asked
        return machines.fire_ordered(flow, state, combat, side)
    if side.searching and side.controller is not None:  # Adrienne IV: which searched card is kept (H3-13.2.5)
        flow.push(state, flow.new(state, "h3c_search_own", side.controller, team=side.team))
        return []
    if side.keep_one and side.controller is not None:
        among, side.keep_one = list(side.keep_one), []
        flow.push(state, flow.new(state, "h3c_forced_discard", side.controller, team=side.team, among=among))
        return []
    if action.mode != "cast" or side.deck is None or side.controller is None:
        return []
    anything, power = card_rules.caster_tax(combat, side)
    steps = [flow.new(state, "h3c_forced_discard", side.controller, team=side.team, power=1) for _ in range(power)]
    steps += [flow.new(state, "h3c_forced_discard", side.controller, team=side.team) for _ in range(anything)]
    pending = combat.spell
    if pending is not None and pending.team == side.team:
        seat = card_rules.counter_seat(combat, side)
        answer = [flow.new(state, "h3c_counter", seat)] if seat is not None else []
        steps = [*answer, flow.new(state, "h3c_cast_resolve"), *steps]  # the effect, then the tax
    if steps:
        flow.push(state, *steps)
    return []


def _for_gm(state: CombatHost, side: CombatSide, card: str, mode: str) -> Event:
    """H3-1.4: the effect was played like any other (revealed, discarded, an expert use spent);
    its printed text is announced to everyone and the game master carries it out before play goes
    on (the game waits on open GM tasks)."""
    text = card_rules.gm_text(card, mode) or ""
    seat = side.controller if side.controller is not None else side.owner
    label = t.MODE_OTHER() if mode == "other" else m.MODE_EXPERT() if mode == "expert" else m.MODE_BASIC()
    task = cm.GM_CARD_EFFECT(card=m.card_ref(card), mode=label, seat=m.seat_name(seat), what=text_ref(text))
    return state.gm.hand_over("H3-1.4", task, seat=seat, card=card, mode=mode)


def forced_pool(side: CombatSide, st: Step) -> list[str]:
    """Cards that may pay a forced discard (all the hand, or only cards with Power)."""
    deck = side.deck
    assert deck is not None
    if st.data.get("power"):
        return [c for c in deck.hand if card_rules.has_power(card_rules.card_def(deck, c))]
    if st.data.get("among"):
        return [c for c in deck.hand if c in st.data["among"]]  # Shackles of War: one of the cards drawn
    return list(deck.hand)


def _may_surrender(combat: Combat, side: CombatSide) -> bool:
    """H3-37.9: player combats only, 10 gold (Rec.), never when defending your own town (H3-39.3), whether
    or not it has walls (``Combat.own_town``: a town without a Citadel is still the defender's own town)."""
    other = combat.sides[1 - side.team]
    if combat.kind == "neutral" or other.owner is None or side.owner is None or side.gold < 10:
        return False
    if side.shackled:
        return False  # Shackles of War (S-H1) played against this hero
    return not ((combat.kind == "siege" or combat.own_town) and side.team == 1)


def act_prompt(state: CombatHost, st: Step) -> list[Prompt]:
    combat = combat_of(state)
    u = combat.unit(str(st.data["unit"]))
    name = r.uname(combat, u)
    phase = st.data["phase"]
    question = (
        m.ASK_RETURN(unit=name, cell=r.label(combat.moved_from or (0, 0)))
        if phase == "return"
        else m.ASK_SHOOT(unit=name)
        if phase == "shoot"
        else m.ASK_AFTER(unit=name)
        if phase == "after"
        else m.ASK_ACT(unit=name)
    )
    rule = "H3-28.3" if u.type == "ranged" else "H3-28.1"
    # H-1 / H3-34 ⟦H: hands hidden⟧: a side with a hand may be offered its cards here, so the decision
    # goes to its seat alone, whether or not a card is playable now (the switch would tell).
    private = combat.sides[u.team].deck is not None
    return [Prompt.ask(int(st.seat or 0), _key(st), rule, question, options=act_options(state, st), secret=private)]


def act_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    combat = combat_of(state)
    offered = [o.action for o in act_options(state, st)]
    data = card_rules.as_offered(action)
    u = combat.find(str(data.get("unit") or st.data["unit"]))
    if data not in offered:
        raise _refuse_act(combat, st, data, u)
    assert u is not None
    _bump(st)
    kind = data["type"]
    if kind == "play":
        st.data["acted"] = True
        events = card_rules.play(combat, combat.sides[u.team], action, state.rng)
        return events + _caster_discards(flow, state, combat.sides[u.team], action)
    if kind == "tent":  # H3-19: the First Aid Tent does not end the activation
        return machines.use_tent(combat, combat.sides[u.team], str(data["target"]))
    if kind == "cage":  # the Cage of Warlords' cube: an instant, the activation goes on
        return cage.use(combat, combat.sides[u.team], action)
    if kind == "surrender":
        return finish(flow, state, "surrender", None, surrendered=u.team)
    if kind == "move":
        cell = (int(data["cell"][0]), int(data["cell"][1]))
        u.pos = cell
        st.data["acted"] = True
        msg = m.RETURNS if st.data["phase"] == "return" else m.MOVES
        events = [
            Event.to_all("h3_moves", msg(unit=r.uname(combat, u), cell=r.label(cell)), unit=u.uid, cell=list(cell))
        ]
        phase = st.data["phase"]
        if phase == "move":
            st.data["phase"] = "attack"
        else:  # ranged: moving ends the activation (H3-28.3); so does flying back
            flow.done(state, st)
            flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        return events
    flow.done(state, st)
    if kind == "ability":
        flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        if data["target"] == "deck":
            return deck_search(flow, state, u, u.abilities("deck_spell_search")[0].amount())
        return use_other(combat, u, str(data["target"]))
    if kind == "defend":
        u.defending = True
        flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        return [Event.to_all("h3_defends", m.DEFENDS(unit=r.uname(combat, u)), unit=u.uid)]
    if kind == "end":
        flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        return [Event.to_all("h3_ends", m.ENDS(unit=r.uname(combat, u)), unit=u.uid)]
    target = str(data["target"])
    then = "after" if u.type == "ranged" else "end"
    if target.startswith(("wall-", "gate-")):
        flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        return r.destroy_structure(combat, u, target)
    return declare(flow, state, u.uid, target, then=then)


def _refuse_act(combat: Combat, st: Step, data: dict[str, Any], u: Unit | None) -> RuleViolation:
    if u is None or u.uid != st.data["unit"]:
        return RuleViolation("H3-34.3", m.NO_SUCH_UNIT())
    side = combat.sides[u.team]
    kind = data.get("type")
    if kind == "play":
        return card_rules.refuse(combat, side, _Play(data), activating=True)
    if kind == "defend" and side.owner is None:
        return RuleViolation("H3-34.4", m.NEUTRALS_NO_DEFEND())
    if kind == "end" and side.owner is None:
        return RuleViolation("H3-34.3", m.NEUTRALS_MUST_ATTACK())
    if kind == "surrender":
        return RuleViolation("H3-37.9", m.SURRENDER_NOT_ALLOWED(gold=10))
    if kind == "tent":
        return RuleViolation("H3-19", t.NO_TENT())
    if kind == "cage":
        return cage.refusal(side)
    if kind == "move" and isinstance(data.get("cell"), list) and len(data["cell"]) == 2:
        return RuleViolation("H3-28.4", m.TOO_FAR(unit=r.uname(combat, u), cell=r.label(tuple(data["cell"]))))
    if kind == "attack":
        target = combat.find(str(data.get("target")))
        if u.type == "ranged" and r.adjacent_enemies(combat, u) and target is not None:
            return RuleViolation("H3-28.3.1", m.MUST_SHOOT_ADJACENT())
        if u.type != "ranged" and target is not None:
            return RuleViolation("H3-28.1", m.NOT_ADJACENT(unit=r.uname(combat, u)))
    return RuleViolation("H3-34.3", m.NOT_OFFERED())


class _Play:
    """A card-play action read from its dict (for the refusal helper)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.card = data.get("card")
        self.mode = data.get("mode")
        self.target = data.get("target")


# ==== attacks (H3-34.5..H3-34.8) =====================================================================
def declare(
    flow: F,
    state: CombatHost,
    attacker: str,
    target: str,
    *,
    then: str,
    retaliation: bool = False,
    repeat: bool = False,
) -> list[Event]:
    """An attack is declared: the card window (H3-34.5), the roll, the hit, then ``then``."""
    combat = combat_of(state)
    a = combat.unit(attacker)
    t = combat.unit(target)
    combat.attack = PendingAttack(
        attacker=attacker,
        target=target,
        retaliation=retaliation,
        ranged=a.type == "ranged",
        penalty=r.penalty(combat, a, t),
        repeat=repeat,
    )
    combat.attacks += 1
    msg = m.RETALIATES if retaliation else m.DECLARES
    events = [
        Event.to_all("h3_attack", msg(unit=r.uname(combat, a), target=r.uname(combat, t)), unit=attacker, target=target)
    ]
    steps = []
    seats = _window_seats(combat, a.team)
    steps.append(flow.new(state, "h3c_roll"))
    steps.append(flow.new(state, "h3c_cont", unit=combat.active, then=then))
    flow.push(state, *steps)
    if seats:
        events += flow.open_window(
            state, flow.new(state, "h3c_cards", seats=seats, own=not retaliation), seats, rule="H3-34.5"
        )
    return events


def _window_seats(combat: Combat, attacking_team: int) -> list[int]:
    """A-34: the attacking unit's controller first, then the other player; only players whose main
    hero is in the combat (H3-35.1)."""
    out: list[int] = []
    for team in (attacking_team, 1 - attacking_team):
        side = combat.sides[team]
        if side.deck is not None and side.controller is not None and side.controller not in out:
            out.append(side.controller)
    return out


def _side_of_seat(combat: Combat, seat: int) -> CombatSide:
    for side in combat.sides:
        if side.controller == seat and side.deck is not None:
            return side
    raise RuleViolation("H3-35.1", m.NO_CARDS())


def cards_options(state: CombatHost, st: Step, seat: int) -> list[Option]:
    combat = combat_of(state)
    side = _side_of_seat(combat, seat)
    pending = combat.attack
    own = bool(st.data.get("own")) and pending is not None and combat.unit(pending.attacker).team == side.team
    ready = _ready_options(combat, side, seat, own)
    tent = machines.tent_options(combat, side)  # H3-19: the First Aid Tent, at any moment of the round
    cubes = cage.options(combat, side)  # the Fortress Cage of Warlords, as an instant
    return [
        *card_rules.playable(combat, side, activating=own),
        *ready,
        *tent,
        *cubes,
        Option.of(m.OPT_PASS(), {"type": "pass"}),
    ]


def _ready_options(combat: Combat, side: CombatSide, seat: int, own: bool) -> list[Option]:
    """A die-cancelling or die-re-rolling card in hand may be readied for this attack (``die_window``),
    once; ``own``: the seat's unit is activating (H3-35.3)."""
    pending, deck = combat.attack, side.deck
    if pending is None or deck is None or seat in pending.ready:
        return []
    out: list[Option] = []
    for inst in deck.hand:
        card = m.card_ref(deck.names[inst])
        if card_rules.cancels_die(deck, inst):
            out.append(Option.of(t.OPT_READY_DIE_CANCEL(card=card), {"type": "ready", "card": inst}))
        elif card_rules.may_ready_reroll(combat, side, inst, own):
            out.append(Option.of(t.OPT_READY_REROLL(card=card), {"type": "ready", "card": inst}))
    return out


def cards_prompt(state: CombatHost, st: Step, seat: int) -> Prompt:
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    q = m.ASK_CARDS(
        unit=r.uname(combat, combat.unit(pending.attacker)), target=r.uname(combat, combat.unit(pending.target))
    )
    # H3-34.5 ⟦H: hands hidden⟧: the options are the seat's playable cards.
    return Prompt.ask(seat, f"{_key(st)}.{seat}", "H3-34.5", q, options=cards_options(state, st, seat), secret=True)


def cards_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    combat = combat_of(state)
    data = card_rules.as_offered(action)
    if data not in [o.action for o in cards_options(state, st, seat)]:
        if data.get("type") == "play":
            pending = combat.attack
            own = (
                bool(st.data.get("own"))
                and pending is not None
                and combat.unit(pending.attacker).team == _side_of_seat(combat, seat).team
            )
            raise card_rules.refuse(combat, _side_of_seat(combat, seat), action, activating=own)
        if data.get("type") == "tent":
            raise RuleViolation("H3-19", t.NO_TENT())
        if data.get("type") == "cage":
            raise cage.refusal(_side_of_seat(combat, seat))
        raise RuleViolation("H3-34.5", m.NOT_OFFERED())
    _bump(st)
    w = st.window
    assert w is not None
    if data["type"] == "ready":
        assert combat.attack is not None
        combat.attack.ready[seat] = str(data["card"])  # secret: to the table it is a pass
        return flow.answer_window(state, st, seat, {"type": "pass"}, responds=False)
    if data["type"] == "pass":
        return flow.answer_window(state, st, seat, data, responds=False)
    events = flow.answer_window(state, st, seat, data, responds=True, final=False)
    if data["type"] == "tent":  # H3-19: the First Aid Tent answers like a card played
        events += machines.use_tent(combat, _side_of_seat(combat, seat), str(data["target"]))
    elif data["type"] == "cage":  # so does a Cage of Warlords cube
        events += cage.use(combat, _side_of_seat(combat, seat), action)
    else:
        events += card_rules.play(combat, _side_of_seat(combat, seat), action, state.rng)
        events += _caster_discards(flow, state, _side_of_seat(combat, seat), action)
    # A-34: after a play the other player answers again; the window closes when both pass in a row.
    others = [s for s in w.seats if s != seat]
    for o in others:
        if o in w.through:
            w.through.remove(o)
    w.seats = others + [seat]
    return events


def roll(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """H3-34.6: after the cards, roll the attack die (H3-33.9: plus the defence die)."""
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    target = combat.find(pending.target)
    attacker = combat.find(pending.attacker)
    if target is None or not target.alive or attacker is None or not attacker.alive:
        combat.attack = None
        return []  # a card in the window already decided it
    if attacker.blessed:
        # Bless: no attack die is rolled, so no die result exists for abilities, morale or re-rolls (S-H1 note).
        pending.no_die = True
        events = [
            Event.to_all(
                "h3_no_die", t.NO_DIE(card=m.card_ref("bless"), unit=r.uname(combat, attacker)), unit=attacker.uid
            )
        ]
        if r.defended(combat, target):
            pending.defense_die = r.roll_die(state.rng)
            events.append(Event.to_all("h3_defense_roll", m.DEFENSE_ROLL(die=pending.defense_die), reveals=True))
        flow.push(state, flow.new(state, "h3c_hit"))
        return events
    r.roll_attack(combat, pending, state.rng)
    events = [Event.to_all("h3_roll", m.ROLL(die=pending.die or 0), dice=list(pending.dice), reveals=True)]
    if r.defended(combat, target):
        pending.defense_die = r.roll_die(state.rng)
        events.append(Event.to_all("h3_defense_roll", m.DEFENSE_ROLL(die=pending.defense_die), reveals=True))
    side = combat.sides[attacker.team]
    steps = []
    moved = combat.active == attacker.uid and combat.moved_from is not None and combat.moved_from != attacker.pos
    rerolls = not combat.variant("no_rerolls")  # H3-48.8 "You cannot re-roll your dice": no ability, no morale
    if rerolls and attacker.has("reroll_after_move") and moved and not pending.retaliation and not pending.repeat:
        # Champions (Pack), attack timing: a unit that ended its move elsewhere may re-roll.
        if side.controller is not None:
            steps.append(flow.new(state, "h3c_reroll", side.controller, ability=True))
        elif pending.die == -1:
            events += _reroll(combat, pending, state.rng)
    if rerolls and side.morale > 0 and side.controller is not None and side.faction != "necropolis":
        steps.append(flow.new(state, "h3c_reroll", side.controller))  # H3-11.2.3 / H3-35.6
    if rerolls and side.rerolls > side.rerolls_used and side.controller is not None:
        # Luck's bottom / Cards of Prophecy played in the open (on the map this turn, or in this combat):
        # the allowance is public, so it is asked openly
        steps.append(flow.new(state, "h3c_reroll", side.controller, card=True))
    other = combat.sides[target.team]
    if target.has("discard_ignore_die") and other.controller is not None and other.deck and other.deck.hand:
        # Halberdiers (Pack): asked whenever the hand is not empty (its size is public, H3-13.1).
        steps.append(flow.new(state, "h3c_ignore_die", other.controller, team=target.team))
    if pending.ready:
        steps.append(flow.new(state, "h3c_die_window"))  # after every re-roll: the final result
    steps.append(flow.new(state, "h3c_hit"))
    flow.push(state, *steps)
    return events


def reroll_prompt(state: CombatHost, st: Step) -> list[Prompt]:
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    options = [
        Option.of(m.OPT_KEEP(), {"type": "reroll", "reroll": False}),
        Option.of(m.OPT_REROLL(), {"type": "reroll", "reroll": True}),
    ]
    if st.data.get("ability"):
        q = m.ASK_REROLL_MOVED(unit=r.uname(combat, combat.unit(pending.attacker)), die=pending.die or 0)
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]
    if st.data.get("card"):
        q = t.ASK_REROLL_CARD(die=pending.die or 0)
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-35.3", q, options=options)]
    return [Prompt.ask(int(st.seat or 0), _key(st), "H3-11.2.3", m.ASK_REROLL(die=pending.die or 0), options=options)]


def ignore_prompt(state: CombatHost, st: Step) -> list[Prompt]:
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    deck = combat.sides[int(st.data["team"])].deck
    assert deck is not None
    options = [Option.of(m.OPT_KEEP(), {"type": "ignore_die", "discard": None})] + [
        Option.of(m.OPT_IGNORE_DIE(card=m.card_ref(deck.names[c])), {"type": "ignore_die", "discard": c})
        for c in deck.hand
    ]
    q = m.ASK_IGNORE_DIE(unit=r.uname(combat, combat.unit(pending.target)), die=pending.die or 0)
    return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]


def ignore_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    side = combat.sides[int(st.data["team"])]
    deck = side.deck
    assert deck is not None
    need(action.discard is None or action.discard in deck.hand, "H3-13.2", m.NOT_IN_HAND())
    flow.done(state, st)
    if action.discard is None:
        return []
    deck.hand.remove(action.discard)
    deck.discard.append(action.discard)  # H3-13.2.2
    pending.die = 0
    card = m.card_ref(deck.names[action.discard])
    msg = m.DIE_IGNORED(seat=m.seat_name(seat), card=card, unit=r.uname(combat, combat.unit(pending.target)))
    return [Event.to_all("h3_die_ignored", msg, card=deck.names[action.discard])]


def die_window(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """Shield of the Dwarven Lords' top: "after the attack die is rolled, ignore the result"; Luck's
    bottom and Cards of Prophecy: "re-roll any (one) die".

    House reading (Secrets: H3-35 ⟦H: hands hidden⟧): the card is readied in the card window
    before the attack (``_ready_options``, answered as a pass), and played here only if the final
    result goes against its holder: a negative die for the attacking side, a positive one for the
    defending side (a re-rolling card only ever for the attacking side: its own die, H3-11.2.3).
    A question after the roll, put only to a player holding such a card, would tell the table who
    holds it; put to everyone, it would add a question to every attack. The attacking side's card
    comes first (A-34), so a re-rolled die may still go against the other side's shield.
    """
    combat = combat_of(state)
    pending = combat.attack
    if pending is None or pending.die is None or pending.no_die or not pending.ready:
        return []
    attacker = combat.unit(pending.attacker)
    events: list[Event] = []
    for seat in _window_seats(combat, attacker.team):  # A-34: the attacking unit's controller first
        inst = pending.ready.get(seat)
        side = _side_of_seat(combat, seat)
        if inst is None or side.deck is None or inst not in side.deck.hand or pending.die is None:
            continue
        own = side.team == attacker.team
        against = pending.die < 0 if own else pending.die > 0
        if not against:
            continue
        if card_rules.cancels_die(side.deck, inst):
            pending.ready = {}
            return events + card_rules.play(combat, side, Play(type="play", card=inst, mode="other"), state.rng)
        mode = card_rules.reroll_mode(side.deck, inst)
        if own and mode is not None and (mode == "basic" or side.expert_uses > 0):
            del pending.ready[seat]
            events += card_rules.play_reroll(combat, side, inst) + _reroll(combat, pending, state.rng)
    return events


def counter_options(state: CombatHost, seat: int) -> list[Option]:
    combat = combat_of(state)
    return [*card_rules.counter_plays(combat, _side_of_seat(combat, seat)), Option.of(m.OPT_PASS(), {"type": "pass"})]


def counter_prompt(state: CombatHost, st: Step) -> list[Prompt]:
    """ "Right after an enemy casts a spell" (Resistance, Surcoat of Counterpoise, Boots of
    Polarity): asked of the enemy whenever it has a hand (cards.counter_seat), so the question
    tells nobody what is in it; a hand without such a card can only pass."""
    combat = combat_of(state)
    pending = combat.spell
    assert pending is not None
    q = t.ASK_COUNTER(
        seat=_side_name(combat.sides[pending.team]), spell=card_rules.pending_spell_ref(combat), power=pending.power
    )
    options = counter_options(state, int(st.seat or 0))
    return [Prompt.ask(int(st.seat or 0), _key(st), "H3-35.4", q, options=options, secret=True)]  # the hand (H-1)


def counter_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    combat = combat_of(state)
    data = card_rules.as_offered(action)
    if data not in [o.action for o in counter_options(state, seat)]:
        side = _side_of_seat(combat, seat)
        if data.get("type") == "play" and (side.deck is None or action.card not in side.deck.hand):
            raise card_rules.refuse(combat, side, action, activating=False)
        if data.get("type") == "play" and action.mode == "expert" and side.expert_uses <= 0:
            raise card_rules.refuse(combat, side, action, activating=False)  # H3-14.1
        raise RuleViolation("H3-35.4", m.NOT_OFFERED())  # only a card that answers this spell
    flow.done(state, st)
    if data["type"] == "pass":
        return []
    return card_rules.play(combat, _side_of_seat(combat, seat), action, state.rng)


def cast_resolve(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """The spell's effect once the enemy has answered (or had nothing to answer with)."""
    combat = combat_of(state)
    pending, combat.spell = combat.spell, None
    if pending is None or pending.cancelled:
        return []
    ai = combat.sides[pending.team].ai
    if pending.ai and ai is not None:
        spell = aicards.spell_def(ai, str(pending.action["card"]))
        target = combat.unit(str(pending.action["target"]))
        return _ai_effect(state, spell, pending.power, target, pending.team) if target.alive else []
    deck = combat.sides[pending.team].deck
    assert deck is not None
    action = Play.model_validate(pending.action)
    card = card_rules.card_def(deck, action.card)
    return card_rules.resolve_cast(combat, card, pending.power, action, state.rng, team=pending.team)


def _reroll(combat: Combat, pending: PendingAttack, rng: Any) -> list[Event]:
    pending.die = r.roll_die(rng)
    pending.dice.append(pending.die)
    pending.rerolled = True
    return [Event.to_all("h3_roll", m.ROLL(die=pending.die), dice=list(pending.dice), reveals=True)]


def reroll_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    combat = combat_of(state)
    pending = combat.attack
    assert pending is not None
    side = combat.sides[combat.unit(pending.attacker).team]
    if st.data.get("card"):
        # H3-35.3: an ongoing effect lasts until used up; the allowance is checked before anything changes
        need(side.rerolls > side.rerolls_used, "H3-35.3", m.NOT_OFFERED())
    flow.done(state, st)
    if not action.reroll:
        return []
    if st.data.get("ability"):
        return _reroll(combat, pending, state.rng)
    if st.data.get("card"):
        side.rerolls_used += 1
        return [
            Event.to_all("h3_card_reroll", t.ALLOWANCE_REROLL(seat=m.seat_name(seat))),
            *_reroll(combat, pending, state.rng),
        ]
    side.morale = 0
    pending.die = r.roll_die(state.rng)
    pending.dice.append(pending.die)
    pending.rerolled = True
    return [
        Event.to_all("h3_morale_reroll", m.MORALE_REROLL(seat=m.seat_name(seat))),
        Event.to_all("h3_roll", m.ROLL(die=pending.die), dice=list(pending.dice), reveals=True),
    ]


def hit(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """H3-34.6..H3-34.8: damage, defeat or flip, attack abilities, then retaliation."""
    combat = combat_of(state)
    pending = combat.attack
    if pending is None:
        return []
    a = combat.unit(pending.attacker)
    t = combat.unit(pending.target)
    damage = r.attack_damage(combat, pending)
    if not pending.asked_card:
        # H3-16 / H3-35.4: Resurrection is the instant played between the roll and the damage.
        pending.asked_card = True
        if card_rules.may_resurrect(combat, t, damage):
            found = card_rules.resurrection_card(combat, t, damage)
            seat = combat.controller(t.team)
            card, cost = found if found is not None else (None, 0)
            step = flow.new(state, "h3c_resurrect", seat, unit=t.uid, card=card, cost=cost)
            flow.push(state, step, flow.new(state, "h3c_hit"))
            return []
    if not pending.asked:
        angel = _canceller(combat, t, damage)
        if angel is not None:
            pending.asked = True
            seat = combat.controller(angel.team)
            if seat is not None:
                flow.push(state, flow.new(state, "h3c_cancel", seat, unit=angel.uid), flow.new(state, "h3c_hit"))
                return []
            angel.used.append("cancel_lethal")  # the engine-run side always saves its unit
            pending.cancelled = True
    a.attack_bonus = 0  # H3-35.5: boosts end when this attack resolves
    a.faster_foe_attack = 0  # Cyra's Haste IV ends with the boost it doubles
    a.blessed = False  # Bless ends with them
    t.defense_bonus = 0  # A-36
    t.card_defense = 0  # H3-41.9: the AI card stays attached until the first defence occurs
    if pending.retaliation:
        t.retaliation_guard = 0  # Lord Haart's Dread Knights: spent on the next retaliation against it
    if pending.cancelled_by_card:
        combat.attack = None
        return []
    if pending.cancelled:
        combat.attack = None
        angel = next(u for u in combat.units if "cancel_lethal" in u.used and u.team == t.team)
        return [Event.to_all("h3_cancelled", m.CANCELLED(unit=r.uname(combat, angel), target=r.uname(combat, t)))]
    tpos, apos = t.pos, a.pos
    events = r.deal_damage(combat, t, damage)
    if not events:
        events.append(Event.to_all("h3_damage", m.DAMAGE(unit=r.uname(combat, t), n=0), unit=t.uid, amount=0))
    if t.alive and damage == 0 and t.paralysed:
        t.paralysed = False  # H3-33.8: attacked at all
    # H3-27.3: attack abilities resolve for the first attack only; retaliation ones on retaliating.
    timing = "retaliation" if pending.retaliation else "attack"
    strikes: list[tuple[list[str], int, int]] = []  # (candidates, attack, fixed damage)
    for ab in a.stats().abilities:
        if ab.timing != timing or (pending.repeat and timing == "attack"):
            continue
        if ab.effect == "paralyze_on_retaliation":
            events += r.paralyse(combat, t)
        elif ab.effect == "paralyze_on_die" and pending.die in ab.faces():
            events += r.paralyse(combat, t)
        elif ab.effect == "paralyze_roll" and t.alive and r.roll_die(state.rng) in ab.faces():
            events += r.paralyse(combat, t)
        elif ab.effect == "extra_damage_roll" and t.alive and r.roll_die(state.rng) in ab.faces():
            events += r.deal_damage(combat, t, ab.amount())
        elif ab.effect == "strip_ongoing" and t.alive:
            events += ongoing.strip(combat, t, t.team)  # Dragon Flies: what the target's own side played on it
        elif ab.effect == "mark_damage" and t.alive:
            t.marks += ab.amount()
            events.append(Event.to_all("h3_marked", m.MARKED(unit=r.uname(combat, t)), unit=t.uid))
        elif ab.effect == "weaken" and t.alive:
            t.attack_tokens.append((-ab.amount(), combat.round + ab.num("rounds") - 1))
            events.append(Event.to_all("h3_weakened", m.WEAKENED(unit=r.uname(combat, t), n=ab.amount())))
        elif ab.effect == "push_roll" and t.alive:
            die = r.roll_die(state.rng)
            events.append(Event.to_all("h3_roll", m.ROLL(die=die), dice=[die], reveals=True))
            if die in ab.faces():
                events += r.push_away(combat, a, t)
        elif ab.effect == "deck_spell_search" and combat.sides[a.team].deck is not None:
            seat = combat.controller(a.team)
            if seat is not None:  # Genies (Pack): "up to" the amount, the controller says how many
                flow.push(state, flow.new(state, "h3c_search_count", seat, unit=a.uid, n=ab.amount()))
        elif ab.effect == "heal_after_attack":
            events += r.heal(combat, a, ab.amount())
        elif ab.effect == "draw_on_die" and pending.die in ab.faces():
            events += card_rules.draw(combat.sides[a.team], ab.amount(), state.rng)
        elif ab.effect == "death_roll" and t.alive:
            rolls = [r.roll_die(state.rng), r.roll_die(state.rng)]
            events.append(Event.to_all("h3_roll", m.ROLL(die=rolls[0]), dice=rolls, reveals=True))
            if all(x in ab.faces() for x in rolls):
                events += r.defeat(combat, t)
        elif ab.effect in ("splash", "breath") and tpos is not None and apos is not None:
            near = tpos in combat.geometry().adjacent(apos)
            if ab.num("nonadjacent") and near:
                continue
            # Cerberi (Pack): the other enemy hit stands next to the Cerberi, not next to the target
            around = apos if ab.num("around_attacker") else tpos
            pool = r.splash_targets(combat, a, around, apos, t.uid, line=ab.effect == "breath")
            if pool:
                strikes.append(([u.uid for u in pool], ab.num("attack"), ab.amount()))
    shield = t.fire_shield
    # Fire Shield lasts its combat round; Rashka's Efreet IV / VI the whole combat, against ground and flying
    # attackers only (as printed)
    lasting = shield is not None and shield[1] == ongoing.WHOLE_COMBAT and a.type != "ranged"
    if (
        shield is not None
        and (shield[1] == combat.round or lasting)
        and a.alive
        and tpos is not None
        and apos is not None
    ):
        if tpos in combat.geometry().adjacent(apos):  # Fire Shield: even when the shielded unit falls (S-H1)
            burn = m.FIRE_SHIELD_BURNS(unit=r.uname(combat, a), target=r.uname(combat, t))
            events.append(Event.to_all("h3_fire_shield_burns", burn, unit=a.uid))
            events += r.deal_damage(combat, a, shield[0])
    combat.attack = None
    if _over(combat):
        return events
    if not pending.retaliation and r.can_retaliate(combat, pending):
        if not t.has("retaliate_unlimited"):
            t.retaliated = True  # black cube
        if not pending.repeat and a.has("attack_again_after_retaliation"):
            flow.push(state, flow.new(state, "h3c_again", unit=a.uid, target=t.uid))
        events += declare(flow, state, t.uid, a.uid, then="none", retaliation=True)
    elif not pending.retaliation and not pending.repeat and t.alive and _again(combat, a, t, pending):
        events += declare(flow, state, a.uid, t.uid, then="none", repeat=True)
    elif not pending.retaliation and not pending.repeat and not t.alive and a.has("attack_on_kill"):
        events += _attack_on_kill(flow, state, a)
    elif not pending.retaliation and not pending.repeat and a.has("multi_target"):
        events += _follow_up(flow, state, a, exclude=t.uid, second=True)  # Hydras: a second adjacent enemy
    for pool_ids, attack, amount in reversed(strikes):
        seat = combat.controller(a.team)
        if len(pool_ids) > 1 and seat is not None:
            step = flow.new(state, "h3c_strike", seat, unit=a.uid, targets=pool_ids, attack=attack, amount=amount)
            flow.push(state, step)
        else:
            best = min(pool_ids, key=lambda uid: (combat.unit(uid).remaining(), uid))  # engine-run: the weakest
            events += strike(combat, state, a, combat.unit(best), attack, amount)
    return events


def _attack_on_kill(flow: F, state: CombatHost, a: Unit) -> list[Event]:
    """Neutral Ayssids: having defeated the target, they may attack another adjacent unit (the
    controller chooses or declines; the engine-run side picks by its target order, H3-40.2)."""
    return _follow_up(flow, state, a)


def _follow_up(flow: F, state: CombatHost, a: Unit, exclude: str | None = None, second: bool = False) -> list[Event]:
    """One more attack by ``a`` on another adjacent enemy (not ``exclude``), as a repeat (no further ones):
    the neutral Ayssids after a kill, the Hydras' second target (``second``: S-H1 "attacks up to 2 adjacent
    enemy units", each attack with its own die and no retaliation, the player ordering them). The
    controller picks one or declines; an engine-run side takes its AI target (H3-40.2)."""
    combat = combat_of(state)
    pool = [u for u in r.adjacent_enemies(combat, a) if u.uid != exclude]
    if not pool:
        return []
    seat = combat.controller(a.team)
    if seat is not None:
        targets = [u.uid for u in pool]
        flow.push(state, flow.new(state, "h3c_kill_again", seat, unit=a.uid, targets=targets, second=second))
        return []
    return declare(flow, state, a.uid, ai.best_target(combat, a, pool), then="none", repeat=True)


def _canceller(combat: Combat, target: Unit, damage: int) -> Unit | None:
    """Archangels (Pack): once per combat, a friendly unit may cancel an attack that would
    defeat another unit of its side."""
    if damage <= 0 or not r.would_defeat(target, damage):
        return None
    for u in combat.on_board(target.team):
        if u.uid != target.uid and u.has("cancel_lethal") and "cancel_lethal" not in u.used:
            return u
    return None


def _again(combat: Combat, a: Unit, t: Unit, pending: PendingAttack) -> bool:
    """Marksmen (and Elves on ``faces``): a non-adjacent target is attacked a second time."""
    for ab in a.abilities("attack_again_nonadjacent"):
        if not r.adjacent(a, t, combat) and (not ab.faces() or pending.die in ab.faces()):
            return True
    return False


def strike(
    combat: Combat, state: CombatHost, a: Unit, victim: Unit, attack: int, amount: int, *, spell: bool = False
) -> list[Event]:
    """A secondary hit of an ability (Liches' splash, dragon breath): with its own attack value and
    die against the victim's defence, or a fixed amount of damage; it provokes no retaliation.
    ``spell``: the hit is a spell (Faerie Dragons), so spell immunities and reductions apply."""
    events = [
        Event.to_all(
            "h3_strikes", m.STRIKES(unit=r.uname(combat, a), target=r.uname(combat, victim)), target=victim.uid
        )
    ]
    if spell:
        source = Ref(kind="unit", id=a.card)
        if victim.has("spell_immune") or victim.anti_magic:  # Anti-Magic: no spell targets it
            ignored = m.SPELL_IGNORED(unit=r.uname(combat, victim), card=source)
            return events + [Event.to_all("h3_spell_ignored", ignored)]
        resisted = r.resists_card(combat, victim, source, state.rng)
        if resisted is not None:
            return events + resisted
        amount = max(0, amount - r.spell_reduction(combat, victim))
    if attack:
        die = r.roll_die(state.rng)
        events.append(Event.to_all("h3_roll", m.ROLL(die=die), dice=[die], reveals=True))
        added = 0 if combat.variant("flat_die") else die  # H3-48.8: the die no longer changes damage
        held = victim.defense_bonus + victim.card_defense + victim.lasting_defense
        amount = max(0, attack + added - victim.stats().defense - held)
    return events + r.deal_damage(combat, victim, amount)


def again(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """Wolf Raiders: after the retaliation, the attacker strikes the same target once more."""
    combat = combat_of(state)
    a = combat.find(str(st.data["unit"]))
    t = combat.find(str(st.data["target"]))
    if a is None or t is None or not a.alive or not t.alive or not r.adjacent(a, t, combat):
        return []
    return declare(flow, state, a.uid, t.uid, then="none", repeat=True)


def cont(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """What the activating unit does after its attack (ranged: may still move 1, H3-28.3)."""
    combat = combat_of(state)
    then = st.data.get("then")
    uid = st.data.get("unit")
    if then == "none" or uid is None:
        return []
    u = combat.find(str(uid))
    if then == "after" and u is not None and u.alive and r.move_options(combat, u):
        seat = combat.controller(u.team)
        if seat is not None:
            flow.push(state, flow.new(state, "h3c_act", seat, unit=u.uid, phase="after"))
            return []
    back = combat.moved_from
    if then == "end" and u is not None and u.alive and u.has("return_after_attack") and back is not None:
        seat = combat.controller(u.team)
        if seat is not None and u.pos != back and combat.at(back) is None:
            flow.push(state, flow.new(state, "h3c_act", seat, unit=u.uid, phase="return"))
            return []
    flow.push(state, flow.new(state, "h3c_end_act", unit=uid))
    return []


def end_act(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """H3-35.5 / A-36: boosts end with the activation; A-20: unspent Power fizzles."""
    combat = combat_of(state)
    for u in combat.units:
        u.attack_bonus = 0
        u.faster_foe_attack = 0  # Cyra's Haste IV, as the boost (H3-35.5)
        u.blessed = False  # H3-35.5: Bless ends with the attack boosts
        u.defense_bonus = 0
        u.no_defend = False
        u.rooted = False
    for side in combat.sides:
        side.pending_power = 0
        side.powering = []  # H3-15.3: Power not spent fizzles, and its cards with it
        side.school_power = {}
        side.cast_fresh = False  # Mysticism: no longer "right after" the cast
    combat.active = None
    combat.moved_from = None
    flow.push(state, flow.new(state, "h3c_next"))
    return []


def next_unit(flow: F, state: CombatHost, st: Step) -> list[Event]:
    combat = combat_of(state)
    cands = r.next_candidates(combat)
    if not cands:
        flow.push(state, flow.new(state, "h3c_round_end"))
        return []
    team = cands[0].team
    seat = combat.controller(team)
    if len(cands) > 1 and seat is not None:
        # P-48: same-side ties are ordered by that side's controller.
        flow.push(state, flow.new(state, "h3c_choose", seat, units=[u.uid for u in cands]))
        return []
    return _begin(flow, state, cands[0].uid)


def new_round(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """H3-34.1/H3-33.7: a new combat round: cubes removed, spell counts reset (H3-35.2)."""
    combat = combat_of(state)
    combat.round += 1
    combat.last_tie = None
    for u in combat.units:
        u.activated = False
        u.retaliated = False
        u.round_initiative = 0  # Prayer's initiative lasts this combat round (house)
        u.muted = False  # Orb of Inhibition (bottom): this combat round only
        u.attack_tokens = [(n, last) for n, last in u.attack_tokens if last >= combat.round]
    for side in combat.sides:
        side.spells_cast = 0
        side.spell_limit = 1
        side.pending_power = 0
        side.powering = []
        side.school_power = {}
        side.cast_fresh = False
        side.bonus_power = 0
        if side.archery_initiative_until >= combat.round:  # Archery (expert): still this round
            for u in combat.units:
                if u.team == side.team and u.alive and u.type == "ranged":
                    u.round_initiative += 1
    steps = []
    if combat.round == 1:  # H3-13.2.7: "at the start of combat" cards (Tactics), attacker first
        for side in combat.sides:
            # H3-13.1: every player with a hand is asked, so the question reveals nothing held.
            if side.controller is not None and side.deck is not None:
                steps.append(flow.new(state, "h3c_start", side.controller, team=side.team))
    flow.push(state, *steps, flow.new(state, "h3c_next"))
    events = [Event.to_all("h3_round", m.ROUND(round=combat.round), milestone=True, round=combat.round)]
    events += machines.round_start(flow, state, combat)  # H3-19: the Ballista, as the round begins
    if combat.round == 1:  # Archangels (Few): their owner draws as the combat begins
        for u in combat.on_board():
            for a in u.abilities("draw_at_start"):
                events += card_rules.draw(combat.sides[u.team], a.amount(), state.rng)
    return events


def round_end(flow: F, state: CombatHost, st: Step) -> list[Event]:
    """H3-34.9 / H3-36.2: the time-limit check for neutral combats."""
    combat = combat_of(state)
    if combat.time_limit:
        side = combat.sides[0]
        free = combat.variant("extend_free")  # H3-48.8: fighting on costs no MP, so none is needed
        if (side.mp <= 0 and not free) or side.controller is None:
            return finish(flow, state, "retreat", None)
        flow.push(state, flow.new(state, "h3c_time", side.controller))
        return []
    flow.push(state, flow.new(state, "h3c_round"))
    return []


# ==== end of combat (H3-36, H3-37, H3-38) ==========================================================
def _over(combat: Combat) -> bool:
    return combat.result is not None or not combat.fighting(0) or not combat.fighting(1)


def reinforce_candidates(combat: Combat, team: int) -> list[str]:
    """Neutral Skeletons: the side's bronze Few faction units, on the board (``u:uid``) or still in
    its unit deck (``a:index``); neutral units cannot be reinforced (H3-26.7)."""

    content = load()
    side = combat.sides[team]
    out = [
        f"u:{u.uid}"
        for u in combat.units
        if u.team == team and u.alive and not u.tower and u.side == "few" and "pack" in content.unit(u.card).sides
        if content.unit(u.card).tier == "bronze"
    ]
    used = {u.army_index for u in combat.units if u.team == team}
    for i, a in enumerate(side.army):
        card = content.unit(a.card)
        if i not in used and a.side == "few" and card.tier == "bronze" and "pack" in card.sides:
            out.append(f"a:{i}")
    return out


def reinforce(combat: Combat, team: int, pick: str) -> list[Event]:
    """H3-26.4: a reinforcement by effect needs no token, Citadel or dwelling; S-H1: the damage on
    the Few side moves to the Pack side."""
    side = combat.sides[team]
    kind, _, ref = pick.partition(":")
    if kind == "u":
        u = combat.unit(ref)
        u.side = "pack"
        name: m.Msg | Ref = r.uname(combat, u)
    else:
        i = int(ref)
        side.army[i] = side.army[i].model_copy(update={"side": "pack"})
        name = Ref(kind="unit", id=side.army[i].card)
    return [Event.to_all("h3_reinforced", m.REINFORCED(seat=_side_name(side), unit=name), unit=pick)]


def reinforce_check(flow: F, state: CombatHost) -> list[Event]:
    """Neutral Skeletons defeated: the Necropolis hero's side reinforces one bronze unit at once
    (its controller chooses among several)."""
    combat = state.combat
    if combat is None or combat.result is not None or not combat.reinforce_due:
        return []
    team = combat.reinforce_due.pop(0)
    picks = reinforce_candidates(combat, team)
    seat = combat.controller(team)
    if len(picks) > 1 and seat is not None:
        flow.push(state, flow.new(state, "h3c_reinforce", seat, team=team, picks=picks))
        return []
    return reinforce(combat, team, picks[0]) if picks else []


def check_end(flow: F, state: CombatHost) -> list[Event]:
    """After every step: a side without units on the board has lost (H3-34.1, H3-37.1/37.2)."""
    combat = state.combat
    if combat is None or combat.result is not None or combat.round == 0:
        return []
    front = flow.current(state)
    if combat.reinforce_due or (front is not None and front.kind == "h3c_reinforce"):
        return []  # the free reinforcement comes first, so the unit returns to the deck as a Pack
    alive = [bool(combat.fighting(t)) for t in (0, 1)]
    if all(alive):
        return []
    if not any(alive):
        return finish(flow, state, "defeat", 1)
    winner = 0 if alive[0] else 1
    if combat.kind == "neutral" and winner == 1:
        # H3-37.1: losing every unit in the combat is a retreat while the unit deck still has units.
        side = combat.sides[0]
        left = [u for u in combat.units if u.team == 0 and u.alive and not u.placed]
        return finish(flow, state, "retreat" if left or _unplaced(side, combat) else "defeat", 1)
    return finish(flow, state, "victory", winner)


def _unplaced(side: CombatSide, combat: Combat) -> bool:
    used = {u.army_index for u in combat.units if u.team == side.team}
    return any(i not in used for i in range(len(side.army)))


def finish(flow: F, state: CombatHost, outcome: str, winner: int | None, surrendered: int | None = None) -> list[Event]:
    """H3-37.3: clean-up (heal, return units to unit decks keeping their side, discard neutrals),
    then experience (H3-38); the combat's remaining steps leave the queue."""
    combat = combat_of(state)
    events: list[Event] = []
    if outcome == "surrender" and surrendered is not None:
        loser = combat.sides[surrendered]
        other = combat.sides[1 - surrendered]
        loser.gold -= 10
        other.gold += 10
        events.append(Event.to_all("h3_surrender", m.SURRENDER(seat=m.seat_name(loser.controller), gold=10)))
    if outcome == "retreat":
        events.append(Event.to_all("h3_retreat", m.RETREAT()))
    defeated = [u.uid for u in combat.units if not u.alive and not u.tower]
    for side in combat.sides:
        units = {u.army_index: u for u in combat.units if u.team == side.team and u.army_index is not None}
        if side.owner is None and side.ai is None:
            for nu in units.values():
                deck = state.neutral_decks.get(nu.tier)
                if deck is not None:
                    deck.discard(nu.card)  # H3-29.4 / H3-37.3
            continue
        kept = []
        for i, card in enumerate(side.army):
            fought = units.get(i)
            if fought is None:
                kept.append(card)
            elif fought.alive:
                kept.append(card.model_copy(update={"side": fought.side}))  # H3-27.1: sides persist
            # a defeated unit leaves the unit deck (H3-26.2)
        side.army = kept
    for u in combat.units:
        u.damage = 0  # H3-27.1: all damage is healed at the end of combat
    for side in combat.sides:
        if side.ai is not None:  # H3-41.9 / H3-42.4: cards and spells still held go to their discard piles
            side.ai.cards.discard(*side.ai.waiting)
            side.ai.spells.discard(*(inst for inst, _ in side.ai.delayed))
            side.ai.waiting, side.ai.delayed = [], []
    xp, level_after = _experience(combat, outcome, winner)
    after = consequences(combat, outcome, winner, xp, level_after, surrendered)
    combat.result = CombatResult(
        outcome=outcome, winner=winner, xp=xp, level_after=level_after, defeated=defeated, consequences=after
    )
    if winner is not None:
        events.append(
            Event.to_all("h3_wins", m.WINS(team=m.team_name(winner)), milestone=True, winner=winner, outcome=outcome)
        )
    else:
        events.append(Event.to_all("h3_no_winner", m.NO_WINNER(outcome=outcome), milestone=True, outcome=outcome))
    if xp:
        events.append(Event.to_all("h3_xp", m.XP(n=xp), xp=xp))
    if level_after == 7:
        events.append(Event.to_all("h3_level_vii", m.LEVEL_VII()))
    events += consequence_events(combat, after)
    q = flow.queue(state)
    q[:] = [s for s in q if not s.kind.startswith(PREFIX)]
    return events


def consequence_events(combat: Combat, after: CombatOutcome) -> list[Event]:
    """H3-37.4..H3-37.8 / H3-26.5: announce what the adventure level will apply."""
    events: list[Event] = []
    for rec in after.sides:
        side = combat.sides[rec.team]
        who = _side_name(side)
        if rec.move == "visit":
            events.append(Event.to_all("h3_after_visit", m.AFTER_VISIT(seat=who), team=rec.team))
        elif rec.move == "last_visited":
            events.append(Event.to_all("h3_after_back", m.AFTER_BACK(seat=who), team=rec.team))
        elif rec.move == "own_town":
            events.append(Event.to_all("h3_after_town", m.AFTER_TOWN(seat=who), team=rec.team))
        elif rec.move == "removed":
            events.append(Event.to_all("h3_after_removed", m.AFTER_REMOVED(seat=who), team=rec.team))
        if rec.morale < 0:
            events.append(Event.to_all("h3_after_morale", m.AFTER_MORALE(seat=who), team=rec.team))
        if rec.gold < 0 and after.outcome != "surrender":
            events.append(Event.to_all("h3_after_gold", m.AFTER_GOLD(seat=who, gold=-rec.gold), team=rec.team))
        if rec.faction_cubes:
            events.append(Event.to_all("h3_after_cube", m.AFTER_CUBE(seat=who, n=rec.faction_cubes), team=rec.team))
        if rec.refill:
            events.append(Event.to_all("h3_after_refill", m.AFTER_REFILL(seat=who), team=rec.team))
    return events


def _experience(combat: Combat, outcome: str, winner: int | None) -> tuple[int, int | None]:
    """H3-38: a winning main hero gains 1 XP for an equal difficulty or enemy level, 2 for a
    higher one; an azure neutral raises it to level VII (H3-38.2); nothing for surrender,
    secondary heroes or beating a secondary hero (H3-38.3)."""
    if outcome != "victory" or winner is None:
        return 0, None
    side = combat.sides[winner]
    if not side.main_hero:
        return 0, None
    if combat.kind == "neutral":
        if any(u.tier == "azure" for u in combat.units if u.team == 1):
            return 0, 7
        other = combat.field_level or 0
    else:
        loser = combat.sides[1 - winner]
        if not loser.main_hero:
            return 0, None
        other = loser.level
    xp = 2 if other > side.level else 1 if other == side.level else 0
    return xp, None


# ==== AI (H3-40) =====================================================================================
def ai_step(flow: F, state: CombatHost, st: Step) -> list[Event]:
    combat = combat_of(state)
    u = combat.unit(str(st.data["unit"]))
    if u.berserk:
        return _ai_berserk(flow, state, u)
    plan = ai.plan(combat, u)
    if len(plan.ties) > 1:
        human = combat.controller(1 - u.team)
        if human is not None:
            flow.push(state, flow.new(state, "h3c_ai_tie", human, unit=u.uid, ties=plan.ties))
            return []
    return ai_execute(flow, state, u, plan.ties[0] if plan.ties else None, plan.toward)


def ai_execute(flow: F, state: CombatHost, u: Unit, target: str | None, toward: str | None) -> list[Event]:
    combat = combat_of(state)
    events: list[Event] = []
    goal = target or toward
    if goal is not None and u.type != "ranged":
        cell = ai.approach(combat, u, combat.unit(goal), attack=target is not None)
        if cell is not None and cell != u.pos:
            u.pos = cell
            events.append(
                Event.to_all(
                    "h3_moves", m.MOVES(unit=r.uname(combat, u), cell=r.label(cell)), unit=u.uid, cell=list(cell)
                )
            )
    if target is not None and target in [t.uid for t in r.attack_targets(combat, u)]:
        events.append(
            Event.to_all(
                "h3_ai_target", m.AI_TARGET(unit=r.uname(combat, u), target=r.uname(combat, combat.unit(target)))
            )
        )
        return events + declare(flow, state, u.uid, target, then="end")
    flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
    return events


def _ai_berserk(flow: F, state: CombatHost, u: Unit) -> list[Event]:
    """An engine-run berserk unit: it attacks the nearest unit of either side, moving next to it
    first when it must; ties go to the lowest unit id (house: nobody owns the choice)."""
    combat = combat_of(state)
    events: list[Event] = []
    if not spells.berserk_attacks(combat, u):
        moves = spells.berserk_moves(combat, u)
        if moves:
            cell = min(moves)
            u.pos = cell
            msg = m.MOVES(unit=r.uname(combat, u), cell=r.label(cell))
            events.append(Event.to_all("h3_moves", msg, unit=u.uid, cell=list(cell)))
    targets = spells.berserk_attacks(combat, u)
    if not targets:
        flow.push(state, flow.new(state, "h3c_end_act", unit=u.uid))
        return events + [Event.to_all("h3_berserk_idle", t.BERSERK_IDLE(unit=r.uname(combat, u)), unit=u.uid)]
    goal = min(targets, key=lambda o: o.uid)
    msg = t.BERSERK_ACTS(unit=r.uname(combat, u), target=r.uname(combat, goal))
    events.append(Event.to_all("h3_berserk_acts", msg, unit=u.uid, target=goal.uid))
    return events + declare(flow, state, u.uid, goal.uid, then="end")


def ai_tie_prompt(state: CombatHost, st: Step) -> list[Prompt]:
    combat = combat_of(state)
    u = combat.unit(str(st.data["unit"]))
    options = [
        Option.of(m.OPT_TARGET(target=r.uname(combat, combat.unit(t))), {"type": "ai_target", "target": t})
        for t in st.data["ties"]
    ]
    return [
        Prompt.ask(int(st.seat or 0), _key(st), "H3-40.2.4", m.ASK_AI_TIE(unit=r.uname(combat, u)), options=options)
    ]


def ai_tie_apply(flow: F, state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
    need(action.target in st.data["ties"], "H3-40.2.4", m.NOT_OFFERED())
    flow.done(state, st)
    return ai_execute(flow, state, combat_of(state).unit(str(st.data["unit"])), action.target, None)


# ==== registration ====================================================================================
def install(flow: F) -> None:
    """Register every combat step kind on ``flow`` (the host game's one flow)."""

    @flow.decision("h3c_place", "place", "place_done")
    def _place_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        team = int(st.data["team"])
        left = len([u for u in combat.units if u.team == team and not u.placed and not u.tower and u.alive])
        return [
            Prompt.ask(int(st.seat or 0), _key(st), "H3-32", m.ASK_PLACE(n=left), options=place_options(combat, team))
        ]

    @flow.applies("h3c_place")
    def _place_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = combat_of(state)
        team = int(st.data["team"])
        data = action.model_dump()
        if data not in [o.action for o in place_options(combat, team)]:
            u = combat.find(str(data.get("unit")))
            if data.get("type") == "place" and (u is None or u.team != team or u.placed):
                raise RuleViolation("H3-32", m.NO_SUCH_UNIT())
            if (
                data.get("type") == "place"
                and u is not None
                and combat.sides[team].owner is None
                and u.type == "ranged"
            ):
                raise RuleViolation("H3-32.4", m.RANGED_BACK_ROW())
            if data.get("type") == "place":
                raise RuleViolation("H3-32.2.1", m.CELL_TAKEN(cell=r.label(tuple(data["cell"]))))
            raise RuleViolation("H3-32", m.NOT_OFFERED())
        _bump(st)
        if data["type"] == "place_done":
            flow.done(state, st)
            return []
        events = _place(combat, combat.unit(data["unit"]), (int(data["cell"][0]), int(data["cell"][1])))
        if _placement_over(combat, team):
            flow.done(state, st)
        return events

    @flow.auto("h3c_ai_place")
    def _ai_place(state: CombatHost, st: Step) -> list[Event]:
        combat = combat_of(state)
        team = int(st.data["team"])
        prefer = [str(x) for x in st.data.get("prefer", [])]
        tied = ai_place_tie(combat, team, prefer)
        human = combat.controller(1 - team)
        if tied and human is not None:  # H3-32.5 / P-56: the player breaks the final tie
            flow.push(state, flow.new(state, "h3c_ai_order", human, team=team, units=tied, prefer=prefer))
            return []
        return ai_place(combat, team, prefer)

    @flow.decision("h3c_ai_order", "ai_target")
    def _ai_order_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        options = [
            Option.of(m.OPT_TARGET(target=r.uname(combat, combat.unit(uid))), {"type": "ai_target", "target": uid})
            for uid in st.data["units"]
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-32.5", m.ASK_AI_ORDER(), options=options)]

    @flow.applies("h3c_ai_order")
    def _ai_order_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.target in st.data["units"], "H3-32.5", m.NOT_OFFERED())
        flow.done(state, st)
        prefer = [*st.data["prefer"], action.target]
        flow.push(state, flow.new(state, "h3c_ai_place", team=st.data["team"], prefer=prefer))
        return []

    @flow.decision("h3c_gate", "gate")
    def _gate_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        options = [Option.of(m.OPT_GATE(col="ABCD"[c]), {"type": "gate", "col": c}) for c in range(4)]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-39.4", m.ASK_GATE(), options=options)]

    @flow.applies("h3c_gate")
    def _gate_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(0 <= action.col < 4, "H3-39.4", m.NOT_OFFERED())
        flow.done(state, st)
        return build_walls(combat_of(state), action.col)

    flow.auto("h3c_round")(lambda state, st: new_round(flow, state, st))
    flow.auto("h3c_next")(lambda state, st: next_unit(flow, state, st))
    flow.auto("h3c_end_act")(lambda state, st: end_act(flow, state, st))
    flow.auto("h3c_round_end")(lambda state, st: round_end(flow, state, st))
    flow.auto("h3c_roll")(lambda state, st: roll(flow, state, st))
    flow.auto("h3c_hit")(lambda state, st: hit(flow, state, st))
    flow.auto("h3c_cont")(lambda state, st: cont(flow, state, st))
    flow.auto("h3c_ai")(lambda state, st: ai_step(flow, state, st))
    flow.auto("h3c_again")(lambda state, st: again(flow, state, st))

    @flow.decision("h3c_cancel", "cancel")
    def _cancel_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        pending = combat.attack
        assert pending is not None
        q = m.ASK_CANCEL(
            attacker=r.uname(combat, combat.unit(pending.attacker)),
            target=r.uname(combat, combat.unit(pending.target)),
            unit=r.uname(combat, combat.unit(str(st.data["unit"]))),
        )
        options = [
            Option.of(m.OPT_CANCEL(), {"type": "cancel", "cancel": True}),
            Option.of(m.OPT_ALLOW(), {"type": "cancel", "cancel": False}),
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]

    @flow.applies("h3c_cancel")
    def _cancel_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = combat_of(state)
        flow.done(state, st)
        if action.cancel and combat.attack is not None:
            combat.unit(str(st.data["unit"])).used.append("cancel_lethal")
            combat.attack.cancelled = True
        return []

    @flow.decision("h3c_resurrect", "resurrect")
    def _resurrect_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        pending = combat.attack
        assert pending is not None
        q = m.ASK_LETHAL(
            attacker=r.uname(combat, combat.unit(pending.attacker)), target=r.uname(combat, combat.unit(pending.target))
        )
        options = [Option.of(m.OPT_ALLOW(), {"type": "resurrect", "play": False})]
        if st.data.get("card") is not None:
            side = combat.sides[combat.unit(str(st.data["unit"])).team]
            assert side.deck is not None
            card = m.card_ref(side.deck.names[str(st.data["card"])])
            play = m.OPT_RESURRECT(card=card, power=int(st.data["cost"]))
            options.insert(0, Option.of(play, {"type": "resurrect", "play": True}))
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-16.2", q, options=options)]

    @flow.applies("h3c_resurrect")
    def _resurrect_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = combat_of(state)
        need(not action.play or st.data.get("card") is not None, "H3-16.2", m.NOT_OFFERED())
        flow.done(state, st)
        if not action.play or combat.attack is None:
            return []
        unit = combat.unit(str(st.data["unit"]))
        side = combat.sides[unit.team]
        inst = str(st.data["card"])
        spell = side.deck is not None and card_rules.card_def(side.deck, inst).kind == "spell"
        events = card_rules.resurrect(combat, unit, inst, state.rng)  # a spell may wait for the enemy's answer
        if spell:  # the Resurrection spell is cast from hand: the answer, then the Familiars' / Pegasi's tax
            events += _caster_discards(flow, state, side, Play(type="play", card=inst, mode="cast", target=unit.uid))
        return events

    @flow.decision("h3c_start", "play", "pass")
    def _start_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        side = combat.sides[int(st.data["team"])]
        options = [
            *card_rules.playable(combat, side, activating=False, start=True),
            Option.of(m.OPT_PASS(), {"type": "pass"}),
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-13.2.7", m.ASK_START(), options=options, secret=True)]

    @flow.applies("h3c_start")
    def _start_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = combat_of(state)
        side = combat.sides[int(st.data["team"])]
        data = card_rules.as_offered(action)
        if data != {"type": "pass"} and data not in [o.action for o in card_rules.playable(combat, side, False, True)]:
            raise card_rules.refuse(combat, side, action, activating=False)
        _bump(st)
        if data["type"] == "pass":
            flow.done(state, st)
            return []
        events = card_rules.play(combat, side, action, state.rng)
        events += _caster_discards(flow, state, side, action)
        if not card_rules.playable(combat, side, activating=False, start=True):
            flow.done(state, st)
        return events

    @flow.decision("h3c_kill_again", "strike")
    def _kill_again_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        options = [
            Option.of(m.OPT_ATTACK(target=r.uname(combat, combat.unit(t))), {"type": "strike", "target": t})
            for t in st.data["targets"]
        ] + [Option.of(m.OPT_END(), {"type": "strike", "target": ""})]
        who = r.uname(combat, combat.unit(str(st.data["unit"])))
        q = t.ASK_SECOND_TARGET(unit=who) if st.data.get("second") else m.ASK_KILL_AGAIN(unit=who)
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]

    @flow.applies("h3c_kill_again")
    def _kill_again_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.target in [*st.data["targets"], ""], "H3-27.3", m.NOT_OFFERED())
        flow.done(state, st)
        combat = combat_of(state)
        a = combat.unit(str(st.data["unit"]))
        if not action.target or not a.alive or not combat.unit(action.target).alive:
            return []
        return declare(flow, state, a.uid, action.target, then="none", repeat=True)

    @flow.decision("h3c_search_count", "strike")
    def _count_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        options = [
            Option.of(m.OPT_SEARCH_SPELL(n=k), {"type": "strike", "target": str(k)})
            for k in range(int(st.data["n"]), 0, -1)
        ] + [Option.of(m.OPT_PASS(), {"type": "strike", "target": "0"})]
        q = m.ASK_SEARCH_COUNT(unit=r.uname(combat_of(state), combat_of(state).unit(str(st.data["unit"]))))
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]

    @flow.applies("h3c_search_count")
    def _count_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        allowed = [str(k) for k in range(int(st.data["n"]) + 1)]
        need(action.target in allowed, "H3-27.3", m.NOT_OFFERED())
        flow.done(state, st)
        u = combat_of(state).unit(str(st.data["unit"]))
        return deck_search(flow, state, u, int(action.target))

    @flow.decision("h3c_pick_spell", "strike")
    def _pick_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        deck = combat_of(state).sides[int(st.data["team"])].deck
        assert deck is not None
        options = [
            Option.of(m.OPT_TAKE(card=m.card_ref(deck.names[c])), {"type": "strike", "target": c})
            for c in st.data["cards"]
        ]
        if st.data.get("any"):  # Chain Lightning IV: any of the cards turned (H3-16)
            return [Prompt.ask(int(st.seat or 0), _key(st), "H3-16.2", t.ASK_PICK_CARD(), options=options, secret=True)]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", m.ASK_PICK_SPELL(), options=options, secret=True)]

    @flow.applies("h3c_pick_spell")
    def _pick_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.target in st.data["cards"], "H3-16.2" if st.data.get("any") else "H3-27.3", m.NOT_OFFERED())
        flow.done(state, st)
        combat = combat_of(state)
        return take_spell(combat, combat.sides[int(st.data["team"])], action.target)

    @flow.decision("h3c_forced_discard", "strike")
    def _forced_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        side = combat_of(state).sides[int(st.data["team"])]
        deck = side.deck
        assert deck is not None
        options = [
            Option.of(m.OPT_DISCARD(card=m.card_ref(deck.names[c])), {"type": "strike", "target": c})
            for c in forced_pool(side, st)
        ]
        q = (
            m.ASK_FORCED_DISCARD_POWER()
            if st.data.get("power")
            else t.ASK_KEEP_ONE()
            if st.data.get("among")
            else t.ASK_PAY_DISCARD(card=m.card_ref(deck.names[str(st.data["pay"])]), n=int(st.data["left"]))
            if st.data.get("pay")
            else m.ASK_FORCED_DISCARD()
        )
        rule = "H3-13.2.2" if st.data.get("among") or st.data.get("pay") else "H3-27.3"
        return [Prompt.ask(int(st.seat or 0), _key(st), rule, q, options=options, secret=True)]  # the hand (H-1)

    @flow.applies("h3c_forced_discard")
    def _forced_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        side = combat_of(state).sides[int(st.data["team"])]
        deck = side.deck
        assert deck is not None
        need(action.target in deck.hand, "H3-13.2", m.NOT_IN_HAND())
        need(action.target in forced_pool(side, st), "H3-27.3", m.NEEDS_POWER_CARD())
        flow.done(state, st)
        deck.hand.remove(action.target)
        deck.discard.append(action.target)  # H3-13.2.2
        card = m.card_ref(deck.names[action.target])
        return [
            Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat_name(seat), card=card), card=deck.names[action.target])
        ]

    @flow.decision("h3c_strike", "strike")
    def _strike_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        options = [
            Option.of(m.OPT_TARGET(target=r.uname(combat, combat.unit(t))), {"type": "strike", "target": t})
            for t in st.data["targets"]
        ]
        q = m.ASK_STRIKE(unit=r.uname(combat, combat.unit(str(st.data["unit"]))))
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-27.3", q, options=options)]

    @flow.applies("h3c_strike")
    def _strike_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.target in st.data["targets"], "H3-27.3", m.NOT_OFFERED())
        combat = combat_of(state)
        flow.done(state, st)
        victim = combat.unit(action.target)
        if not victim.alive:
            return []
        a = combat.unit(str(st.data["unit"]))
        spell = bool(st.data.get("spell"))
        return strike(combat, state, a, victim, int(st.data["attack"]), int(st.data["amount"]), spell=spell)

    @flow.decision("h3c_choose", "activate")
    def _choose_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        options = [
            Option.of(m.OPT_ACTIVATE(unit=r.uname(combat, combat.unit(uid))), {"type": "activate", "unit": uid})
            for uid in st.data["units"]
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-34.2", m.ASK_ACTIVATE(), options=options)]

    @flow.applies("h3c_choose")
    def _choose_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.unit in st.data["units"], "H3-34.2", m.NOT_OFFERED())
        flow.done(state, st)
        return _begin(flow, state, action.unit)

    acts = ("move", "attack", "defend", "end", "play", "surrender", "ability", "tent", "cage")
    flow.decision("h3c_act", *acts)(act_prompt)
    flow.decision("h3c_ignore_die", "ignore_die")(ignore_prompt)
    flow.applies("h3c_ignore_die")(lambda state, st, seat, action: ignore_apply(flow, state, st, seat, action))
    flow.applies("h3c_act")(lambda state, st, seat, action: act_apply(flow, state, st, seat, action))
    flow.window("h3c_cards", "play", "ready", "pass", "tent", "cage")(cards_prompt)
    flow.applies("h3c_cards")(lambda state, st, seat, action: cards_apply(flow, state, st, seat, action))
    flow.decision("h3c_counter", "play", "pass")(counter_prompt)
    flow.applies("h3c_counter")(lambda state, st, seat, action: counter_apply(flow, state, st, seat, action))
    flow.auto("h3c_cast_resolve")(lambda state, st: cast_resolve(flow, state, st))
    flow.auto("h3c_die_window")(lambda state, st: die_window(flow, state, st))
    flow.decision("h3c_reroll", "reroll")(reroll_prompt)
    flow.applies("h3c_reroll")(lambda state, st, seat, action: reroll_apply(flow, state, st, seat, action))
    flow.decision("h3c_ai_tie", "ai_target")(ai_tie_prompt)
    flow.applies("h3c_ai_tie")(lambda state, st, seat, action: ai_tie_apply(flow, state, st, seat, action))

    @flow.decision("h3c_time", "time")
    def _time_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        side = combat.sides[0]
        if combat.variant("extend_free"):  # H3-48.8: extending a combat costs no MP
            options = [
                Option.of(m.OPT_RETREAT(), {"type": "time", "choice": "retreat"}),
                Option.of(t.OPT_FIGHT_ON_FREE(), {"type": "time", "choice": "fight"}),
            ]
            return [Prompt.ask(int(st.seat or 0), _key(st), "H3-48.8", t.ASK_TIME_FREE(), options=options)]
        options = [
            Option.of(m.OPT_RETREAT(), {"type": "time", "choice": "retreat"}),
            Option.of(m.OPT_FIGHT_ON(), {"type": "time", "choice": "fight"}),
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-36.2", m.ASK_TIME(mp=side.mp), options=options)]

    @flow.applies("h3c_time")
    def _time_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        combat = combat_of(state)
        flow.done(state, st)
        if action.choice == "retreat":
            return finish(flow, state, "retreat", None)  # H3-36.3
        flow.push(state, flow.new(state, "h3c_round"))
        if combat.variant("extend_free"):  # H3-48.8: no MP spent (H3-36.2 would take 1)
            return [Event.to_all("h3_fight_on", t.FIGHT_ON_FREE(seat=m.seat_name(seat)))]
        combat.sides[0].mp -= 1
        return [Event.to_all("h3_fight_on", m.FIGHT_ON(seat=m.seat_name(seat)))]

    @flow.decision("h3c_yield", "yield")
    def _yield_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        options = [
            Option.of(m.OPT_FIGHT(), {"type": "yield", "give_up": False}),
            Option.of(m.OPT_YIELD(), {"type": "yield", "give_up": True}),
        ]
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-30.5", m.ASK_YIELD(), options=options)]

    @flow.applies("h3c_yield")
    def _yield_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        flow.done(state, st)
        if not action.give_up:
            return []
        side = combat_of(state).sides[1]
        return [Event.to_all("h3_yielded", m.YIELDED(seat=_side_name(side)))] + finish(flow, state, "instant", 0)

    @flow.decision("h3c_reinforce", "strike")
    def _reinforce_prompts(state: CombatHost, st: Step) -> list[Prompt]:
        combat = combat_of(state)
        side = combat.sides[int(st.data["team"])]
        options = []
        for pick in st.data["picks"]:
            kind, _, ref = str(pick).partition(":")
            name: m.Msg | Ref = (
                r.uname(combat, combat.unit(ref)) if kind == "u" else Ref(kind="unit", id=side.army[int(ref)].card)
            )
            options.append(Option.of(m.OPT_REINFORCE(unit=name), {"type": "strike", "target": pick}))
        return [Prompt.ask(int(st.seat or 0), _key(st), "H3-26.4", m.ASK_REINFORCE(), options=options)]

    @flow.applies("h3c_reinforce")
    def _reinforce_apply(state: CombatHost, st: Step, seat: int, action: Any) -> list[Event]:
        need(action.target in st.data["picks"], "H3-26.4", m.NOT_OFFERED())
        flow.done(state, st)
        return reinforce(combat_of(state), int(st.data["team"]), action.target)

    machines.install(flow)  # H3-19: the Ballista's tie question
    own_search.install(flow)  # Adrienne's Fire Magic IV: which searched card is kept
    flow.after_step(lambda state: reinforce_check(flow, state))
    flow.after_step(lambda state: check_end(flow, state))


def build_walls(combat: Combat, gate_col: int) -> list[Event]:
    """H3-39.4: three walls and the gate fill the middle row; the arrow tower stands beside the board."""
    combat.structures = [Structure(col=c, kind="gate" if c == gate_col else "wall") for c in range(4)]
    tower = combat.find(TOWER)
    if tower is not None:
        tower.placed = True
    return [Event.to_all("h3_walls", m.WALLS_PLACED(col="ABCD"[gate_col]), gate=gate_col)]


def sample(state: CombatHost, options: list[Option], rng: random.Random) -> dict[str, Any]:
    """A purposeful random choice for the simulator: attacks and placements over passing."""
    weights = []
    for o in options:
        kind = o.action.get("type")
        weights.append(
            {"attack": 6, "place": 3, "move": 2, "play": 1, "pass": 2, "surrender": 0.05, "end": 0.5}.get(str(kind), 1)
        )
    return dict(rng.choices(options, weights=weights, k=1)[0].action)


def refuse_untimed_retreat(combat: Combat | None, action: Any) -> None:
    """H3-36.4: a combat with no time limit (azure units, another player, an AI hero, H3-41.3) never
    offers the retreat; one asked for anyway is refused in these words rather than as "not offered",
    by every ruleset that hosts a combat (the Clash and the skirmish)."""
    if getattr(action, "type", None) == "time" and combat is not None and not combat.time_limit:
        raise RuleViolation("H3-36.4", t.NO_RETREAT())
