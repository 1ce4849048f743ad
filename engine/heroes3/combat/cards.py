"""Might & Magic cards in combat (H3-35, H3-13.2, H3-14, H3-15): what may be played now, and its effect.

Every legal play is enumerated as a ready-to-apply action; applying one checks it against the
same list, so an offered option is always legal and anything else is refused with the rule
that forbids it.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Rng, RuleViolation
from engine.core.text import Msg

from .. import messages as m
from ..content import CardDef, load
from .board import manhattan
from .models import Combat, CombatSide, HeroDeck, Unit
from .rules import deal_damage, heal, resists_card, uname, would_defeat
from .rules import label as label_cell


def card_def(deck: HeroDeck, instance: str) -> CardDef:
    return load().cards[deck.names[instance]]


def friendly(combat: Combat, side: CombatSide) -> list[Unit]:
    return [u for u in combat.on_board(side.team) if not u.tower]


def targets_for(combat: Combat, side: CombatSide, card: CardDef) -> list[Unit]:
    if card.target == "any":
        return [u for u in combat.on_board() if not u.tower]
    if card.target == "friendly_melee":
        return [u for u in friendly(combat, side) if u.type != "ranged"]
    return friendly(combat, side)


def has_power(card: CardDef) -> bool:
    """A "card with Power" (neutral Pegasi): one that can give Power (H3-15.3): a Power-giving
    statistic or ability card, or any spell through its alternative effect (H3-15.4)."""
    return card.effect == "power" or card.kind == "spell"


def caster_tax(combat: Combat, side: CombatSide) -> tuple[int, int]:
    """Discards an enemy spell costs ``side`` (neutral Familiars, Pegasi): (any card, card with Power)."""
    anything = power = 0
    for u in combat.on_board(1 - side.team):
        for a in u.abilities("caster_discards"):
            if a.num("power"):
                power += 1
            else:
                anything += 1
    return anything, power


def may_pay_tax(combat: Combat, side: CombatSide, casting: str) -> bool:
    """S-H1 (Familiars' note): a spell may be cast only when the discards it triggers can be paid
    from the cards left in hand."""
    deck = side.deck
    assert deck is not None
    anything, power = caster_tax(combat, side)
    rest = [c for c in deck.hand if c != casting]
    with_power = sum(1 for c in rest if has_power(card_def(deck, c)))
    return with_power >= power and len(rest) >= anything + power


def playable(combat: Combat, side: CombatSide, activating: bool, start: bool = False) -> list[Option]:
    """The card plays open to ``side`` now. ``activating``: one of its units is activating and
    has not attacked yet (H3-35.3), which activation and ongoing cards need. ``start``: the
    start-of-combat window, where only "at the start of combat" effects are played (Tactics)."""
    deck = side.deck
    if deck is None or side.controller is None:
        return []
    out: list[Option] = []
    for inst in deck.hand:
        card = card_def(deck, inst)
        ref = m.card_ref(card.id)
        if card.kind == "spell":
            if start:
                continue
            # H3-15.4: the alternative effect (+1 Power) is not a cast and is always open.
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=m.MODE_ALT()), _act(inst, "alt")))
            if card.effect == "none":
                continue  # a Clash spell with no combat effect modelled: only its alternative (H3-15.4)
            if side.spells_cast >= side.spell_limit:
                continue  # H3-35.2
            if card.timing != "instant" and not activating:
                continue
            if not may_pay_tax(combat, side, inst):
                continue  # neutral Familiars / Pegasi
            power = min(side.pending_power + side.bonus_power, len(card.tiers) - 1)
            for u in targets_for(combat, side, card):
                out.append(
                    Option.of(m.OPT_CAST(card=ref, power=power, target=uname(combat, u)), _act(inst, "cast", u.uid))
                )
            continue
        if card.effect in ("none", "resurrection"):
            continue  # Wisdom acts in towns; Resurrection is asked when an attack would defeat (flow.hit)
        if card.effect == "attack_or_defense":
            modes = ["attack", "defense"]
        else:
            modes = ["basic"] + (["expert"] if card.expert is not None and side.expert_uses > 0 else [])
        for mode in modes:
            timing = card.timing_for(mode)
            if (timing == "start") != start:
                continue  # H3-13.2.7: "at the start of combat" only in the start window
            if timing in ("activation", "ongoing") and not activating:
                continue  # H3-35.3
            out += _plays(combat, side, inst, card, mode)
    return out


def _mode_label(mode: str) -> Msg:
    return {
        "expert": m.MODE_EXPERT,
        "attack": m.MODE_ATTACK,
        "defense": m.MODE_DEFENSE,
    }.get(mode, m.MODE_BASIC)()


def _plays(combat: Combat, side: CombatSide, inst: str, card: CardDef, mode: str) -> list[Option]:
    """Every target choice of one non-spell card in one mode."""
    deck = side.deck
    assert deck is not None
    ref = m.card_ref(card.id)
    label = _mode_label(mode)
    out: list[Option] = []
    own = friendly(combat, side)
    if card.effect in ("attack", "defense", "attack_or_defense", "hp"):
        for u in own:
            out.append(Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid)))
    elif card.effect == "power":
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "recall_spell" and side.last_spell in deck.discard:
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "morale" and side.faction != "necropolis":  # H3-11.5
        out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    elif card.effect == "swap":
        for i, a in enumerate(own):
            for b in own[i + 1 :]:
                out.append(
                    Option.of(
                        m.OPT_SWAP(card=ref, mode=label, unit=uname(combat, a), other=uname(combat, b)),
                        _act(inst, mode, a.uid, other=b.uid),
                    )
                )
    elif card.effect == "frost_ring":
        payable = [c for c in deck.hand if c != inst]
        if len(payable) < card.discard_cost:
            return out
        geo = combat.geometry()
        for cell in geo.cells():
            near = [combat.at(n) for n in geo.adjacent(cell)]
            if not any(u is not None and not u.tower for u in near):
                continue
            for pay in payable:
                out.append(
                    Option.of(
                        m.OPT_FROST(card=ref, cell=label_cell(cell), discard=m.card_ref(deck.names[pay])),
                        _act(inst, mode, cell=list(cell), discard=pay),
                    )
                )
    elif card.effect == "chain_lightning":
        for u in [x for x in combat.on_board() if not x.tower]:
            for o in closest(combat, u, 2):
                out.append(
                    Option.of(
                        m.OPT_CHAIN(card=ref, target=uname(combat, u), other=uname(combat, o)),
                        _act(inst, mode, u.uid, other=o.uid),
                    )
                )
    return out


def closest(combat: Combat, unit: Unit, n: int) -> list[Unit]:
    """The ``n`` units nearest to ``unit`` (orthogonal distance, either side); units tied with
    the n-th are all included (house: the card does not say how a tie is broken)."""
    here = unit.pos
    assert here is not None
    dist = {u.uid: manhattan(here, u.pos) for u in combat.on_board() if not u.tower and u.uid != unit.uid and u.pos}
    if not dist:
        return []
    ranked = sorted(dist, key=lambda uid: (dist[uid], uid))
    cut = dist[ranked[min(n, len(ranked)) - 1]]
    return [combat.unit(uid) for uid in ranked if dist[uid] <= cut]


def _act(
    card: str,
    mode: str,
    target: str | None = None,
    *,
    other: str | None = None,
    cell: list[int] | None = None,
    discard: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "play", "card": card, "mode": mode, "target": target}
    for key, value in (("other", other), ("cell", cell), ("discard", discard)):
        if value is not None:
            out[key] = value
    return out


def as_offered(action: Any) -> dict[str, Any]:
    """An action as the options list spells it (a play's unused extra fields left out)."""
    data: dict[str, Any] = action.model_dump()
    if data.get("type") == "play":
        for key in ("other", "cell", "discard"):
            if data.get(key) is None:
                data.pop(key, None)
    return data


def refuse(combat: Combat, side: CombatSide, action: Any, activating: bool) -> RuleViolation:
    """The most specific reason an unoffered card play is illegal."""
    deck = side.deck
    if deck is None or side.controller is None:
        return RuleViolation("H3-35.1", m.NO_CARDS())
    if action.card not in deck.hand:
        return RuleViolation("H3-13.2", m.NOT_IN_HAND())
    card = card_def(deck, action.card)
    if action.mode == "cast" and side.spells_cast >= side.spell_limit:
        return RuleViolation("H3-35.2", m.SPELL_LIMIT())
    if action.mode == "cast" and card.timing != "instant" and not activating:
        return RuleViolation("H3-35.3", m.ACTIVATION_ONLY())
    if action.mode == "cast" and not may_pay_tax(combat, side, action.card):
        return RuleViolation("H3-27.3", m.CANNOT_PAY_DISCARD())
    if action.mode == "expert" and side.expert_uses <= 0:
        return RuleViolation("H3-14.1", m.NO_EXPERT_USE())
    target = combat.find(action.target) if action.target else None
    if action.target and target is not None:
        return RuleViolation("H3-35", m.BAD_TARGET(card=m.card_ref(card.id), target=uname(combat, target)))
    return RuleViolation("H3-35", m.NOT_OFFERED())


def play(combat: Combat, side: CombatSide, action: Any, rng: Rng) -> list[Event]:
    """Resolve one card play already checked against ``playable``."""
    deck = side.deck
    assert deck is not None
    card = card_def(deck, action.card)
    seat = m.seat_name(side.controller)
    ref = m.card_ref(card.id)
    deck.hand.remove(action.card)
    deck.discard.append(action.card)  # H3-13.2.2
    target = combat.unit(action.target) if action.target else None
    events: list[Event] = []
    if action.mode == "alt":
        side.pending_power += 1
        events.append(
            Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=m.MODE_ALT()), card=card.id)
        )
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
        return events
    if action.mode == "cast":
        assert target is not None
        power = min(side.pending_power + side.bonus_power, len(card.tiers) - 1)
        side.pending_power = side.bonus_power = 0  # H3-15.3: casting consumes all Power played so far
        side.spells_cast += 1
        side.last_spell = action.card
        events.append(
            Event.to_all(
                "h3_spell",
                m.SPELL_CAST(seat=seat, card=ref, power=power, target=uname(combat, target)),
                card=card.id,
                power=power,
                target=target.uid,
            )
        )
        resisted = resists_card(combat, target, ref, rng)  # neutral Dwarves
        if resisted is not None:
            return events + resisted
        return events + _spell(combat, card, card.tiers[power], target)
    expert = action.mode == "expert"
    if expert:
        side.expert_uses -= 1  # H3-14.1
    amount = card.expert if expert and card.expert is not None else card.basic
    if target is not None and target.card in card.double_for:
        amount *= 2  # hero specialties: the named unit gets twice the effect (H3-16)
    label = _mode_label(action.mode)
    other = combat.unit(action.other) if action.other else None
    if card.effect in ("swap", "chain_lightning") and target is not None and other is not None:
        events.append(
            Event.to_all(
                "h3_card",
                m.CARD_PLAYED_TWO(
                    seat=seat, card=ref, mode=label, target=uname(combat, target), other=uname(combat, other)
                ),
                card=card.id,
            )
        )
    elif target is not None:
        events.append(
            Event.to_all(
                "h3_card", m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=uname(combat, target)), card=card.id
            )
        )
    else:
        events.append(Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=card.id))
    draws = card.expert_draw if expert and card.expert_draw is not None else card.draw
    if card.kind == "specialty" and target is not None and other is None:
        resisted = resists_card(combat, target, ref, rng)  # neutral Dwarves: a specialty aimed at it alone
        if resisted is not None:
            return events + resisted
    if card.effect == "attack" and target is not None:
        target.attack_bonus += amount  # H3-35.5: until its first attack resolves
    elif card.effect == "defense" and target is not None:
        target.defense_bonus += amount
    elif card.effect == "attack_or_defense" and target is not None:
        if action.mode == "attack":
            target.attack_bonus += amount  # H3-35.5
        else:
            target.defense_bonus += amount
    elif card.effect == "hp" and target is not None:
        target.hp_bonus += amount  # H3-35.3: ongoing effects last until the combat ends
    elif card.effect == "power":
        side.pending_power += amount
        events.append(Event.to_all("h3_power", m.POWER_ADDED(seat=seat, n=side.pending_power)))
    elif card.effect == "recall_spell" and side.last_spell in deck.discard:
        spell = side.last_spell
        deck.discard.remove(spell)
        deck.hand.append(spell)
        events.append(Event.to_all("h3_recall", m.RECALLED(seat=seat, card=m.card_ref(deck.names[spell]))))
        if expert:
            side.spell_limit += 1
    elif card.effect == "morale":
        events += draw(side, draws, rng)  # Leadership (expert): draw first, then the token
        draws = 0
        events += gain_morale(side, seat)
    elif card.effect == "swap" and target is not None and other is not None:
        target.pos, other.pos = other.pos, target.pos
    elif card.effect == "frost_ring" and action.cell is not None:
        assert action.discard is not None
        deck.hand.remove(action.discard)
        deck.discard.append(action.discard)  # the card paid (H3-13.2.2)
        events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=seat, card=m.card_ref(deck.names[action.discard]))))
        cell = (int(action.cell[0]), int(action.cell[1]))
        for n in combat.geometry().adjacent(cell):
            hit = combat.at(n)
            if hit is not None and not hit.tower:
                events += deal_damage(combat, hit, card.damage[0])  # H3-27.1: defence does not count
    elif card.effect == "chain_lightning" and target is not None and other is not None:
        events += deal_damage(combat, target, card.damage[0])
        if other.alive:
            events += deal_damage(combat, other, card.damage[1])
    if draws:
        events += draw(side, draws, rng)
    return events


def gain_morale(side: CombatSide, seat: Msg) -> list[Event]:
    """H3-11.1: a negative token is discarded instead; a second positive token is lost;
    H3-11.5: Necropolis never gains morale."""
    if side.faction == "necropolis":
        return []
    if side.morale < 0:
        side.morale = 0
        return [Event.to_all("h3_morale_negative_gone", m.MORALE_NEGATIVE_GONE(seat=seat))]
    if side.morale > 0:
        return []
    side.morale = 1
    return [Event.to_all("h3_morale_gained", m.MORALE_GAINED(seat=seat))]


def may_resurrect(combat: Combat, unit: Unit, damage: int) -> bool:
    """When the side of a unit about to be defeated is asked whether to cancel the attack with
    a card (Resurrection): it has a hand, a controller and Power played (public, H3-15.3), so
    the question itself tells the other player nothing about the hand (H3-13.1)."""
    side = combat.sides[unit.team]
    if side.deck is None or side.controller is None or side.pending_power <= 0:
        return False
    return damage > 0 and would_defeat(unit, damage)


def resurrection_card(combat: Combat, unit: Unit, damage: int) -> tuple[str, int] | None:
    """A Resurrection card the unit's side may play now (H3-35.4: this card is played between
    the roll and the damage): the attack would defeat the unit and the side has the Power its
    tier costs (H3-15.3). Returns (card instance, cost)."""
    side = combat.sides[unit.team]
    deck = side.deck
    if deck is None or side.controller is None or damage <= 0 or not would_defeat(unit, damage):
        return None
    for inst in deck.hand:
        card = card_def(deck, inst)
        cost = card.power_cost.get(unit.tier)
        if card.effect == "resurrection" and cost is not None and side.pending_power >= cost:
            return inst, cost
    return None


def resurrect(combat: Combat, unit: Unit, inst: str) -> list[Event]:
    """Play Resurrection: the card is discarded, all Power played is spent (H3-15.3)."""
    side = combat.sides[unit.team]
    deck = side.deck
    assert deck is not None
    deck.hand.remove(inst)
    deck.discard.append(inst)  # H3-13.2.2
    side.pending_power = 0
    card = m.card_ref(deck.names[inst])
    return [
        Event.to_all(
            "h3_card",
            m.CARD_PLAYED(
                seat=m.seat_name(side.controller), card=card, mode=m.MODE_BASIC(), target=uname(combat, unit)
            ),
            card=deck.names[inst],
        ),
        Event.to_all("h3_resurrected", m.CARD_CANCELS(card=card, unit=uname(combat, unit))),
    ]


def cast_effect(combat: Combat, card: CardDef, amount: int, target: Unit) -> list[Event]:
    """A spell's effect on its target (immunities first); shared by players and AI heroes."""
    return _spell(combat, card, amount, target)


def _spell(combat: Combat, card: CardDef, amount: int, target: Unit) -> list[Event]:
    immune = (
        target.has("spell_immune")
        or (card.id == "magic_arrow" and target.has("magic_arrow_immune"))
        or (card.timing == "ongoing" and target.has("ongoing_immune"))
        or (card.effect != "damage" and target.has("spell_effect_immune"))
        or any(a.params.get("school") == card.school for a in target.abilities("survive_once"))
    )
    if immune:
        return [Event.to_all("h3_spell_ignored", m.SPELL_IGNORED(unit=uname(combat, target), card=m.card_ref(card.id)))]
    if card.effect == "damage":
        # H3-27.1 / E-3: defence does not reduce spell damage.
        reduction = target.ability("spell_damage_reduction")
        return deal_damage(combat, target, max(0, amount - (reduction if isinstance(reduction, int) else 0)))
    if card.effect == "defense":
        target.defense_bonus += amount
    elif card.effect == "attack":
        target.attack_bonus += amount
    elif card.effect == "weakness":
        target.attack_bonus -= amount  # H3-35.5 by analogy: until its next attack resolves
        return [Event.to_all("h3_weakness", m.SPELL_WEAKENED(unit=uname(combat, target), n=amount), unit=target.uid)]
    elif card.effect == "fire_shield":
        target.fire_shield = (amount, combat.round)
        return [Event.to_all("h3_fire_shield", m.FIRE_SHIELD_ON(unit=uname(combat, target), n=amount), unit=target.uid)]
    elif card.effect == "initiative":
        target.initiative_bonus += amount  # ongoing until the end of combat (A-33 re-evaluates order)
    elif card.effect == "heal":
        target.paralysed = False
        return heal(combat, target, amount)
    return []


def draw(side: CombatSide, n: int, rng: Rng) -> list[Event]:
    """Draw ``n`` cards; an empty deck is refilled from the personal discard pile (H3-13.2.3)."""
    deck = side.deck
    if deck is None:
        return []
    got: list[str] = []
    for _ in range(n):
        if not deck.draw.draw_pile and deck.discard:
            deck.draw.draw_pile.extend(deck.discard)
            deck.discard.clear()
            deck.draw.shuffle(rng)
        if not deck.draw.draw_pile:
            break
        got.append(deck.draw.draw_pile.pop(0))
    deck.hand.extend(got)
    if not got:
        return []
    seat = side.controller if side.controller is not None else side.owner or 0
    return [
        Event.to_all("h3_drew", m.DREW(seat=m.seat_name(seat), n=len(got))),
        Event.to_seats(
            seat, "h3_you_drew", m.YOU_DREW(cards=[m.card_ref(deck.names[c]) for c in got]), reveals=True, cards=got
        ),
    ]
