"""Might & Magic cards in combat (H3-35, H3-13.2, H3-14, H3-15): what may be played now, and its effect.

Every legal play is enumerated as a ready-to-apply action; applying one checks it against the
same list, so an offered option is always legal and anything else is refused with the rule
that forbids it.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Rng, RuleViolation

from .. import messages as m
from ..content import CardDef, load
from .models import Combat, CombatSide, HeroDeck, Unit
from .rules import deal_damage, heal, uname


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


def playable(combat: Combat, side: CombatSide, activating: bool) -> list[Option]:
    """The card plays open to ``side`` now. ``activating``: one of its units is activating and
    has not attacked yet (H3-35.3), which activation and ongoing cards need."""
    deck = side.deck
    if deck is None or side.controller is None:
        return []
    out: list[Option] = []
    for inst in deck.hand:
        card = card_def(deck, inst)
        ref = m.card_ref(card.id)
        if card.kind == "spell":
            # H3-15.4: the alternative effect (+1 Power) is not a cast and is always open.
            out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=m.MODE_ALT()), _act(inst, "alt")))
            if side.spells_cast >= side.spell_limit:
                continue  # H3-35.2
            if card.timing != "instant" and not activating:
                continue
            power = min(side.pending_power + side.bonus_power, len(card.tiers) - 1)
            for u in targets_for(combat, side, card):
                out.append(
                    Option.of(m.OPT_CAST(card=ref, power=power, target=uname(combat, u)), _act(inst, "cast", u.uid))
                )
            continue
        modes = ["basic"] + (["expert"] if card.expert is not None and side.expert_uses > 0 else [])
        for mode in modes:
            label = m.MODE_BASIC() if mode == "basic" else m.MODE_EXPERT()
            if card.effect in ("attack", "defense"):
                for u in friendly(combat, side):
                    out.append(
                        Option.of(m.OPT_PLAY(card=ref, mode=label, target=uname(combat, u)), _act(inst, mode, u.uid))
                    )
            elif card.effect == "power":
                out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
            elif card.effect == "recall_spell" and side.last_spell in deck.discard:
                out.append(Option.of(m.OPT_PLAY_NO_TARGET(card=ref, mode=label), _act(inst, mode)))
    return out


def _act(card: str, mode: str, target: str | None = None) -> dict[str, Any]:
    return {"type": "play", "card": card, "mode": mode, "target": target}


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
        return events + _spell(combat, card, card.tiers[power], target)
    expert = action.mode == "expert"
    if expert:
        side.expert_uses -= 1  # H3-14.1
    amount = card.expert if expert and card.expert is not None else card.basic
    label = m.MODE_EXPERT() if expert else m.MODE_BASIC()
    if target is not None:
        events.append(
            Event.to_all(
                "h3_card", m.CARD_PLAYED(seat=seat, card=ref, mode=label, target=uname(combat, target)), card=card.id
            )
        )
    else:
        events.append(Event.to_all("h3_card", m.CARD_PLAYED_NO_TARGET(seat=seat, card=ref, mode=label), card=card.id))
    if card.effect == "attack" and target is not None:
        target.attack_bonus += amount  # H3-35.5: until its first attack resolves
    elif card.effect == "defense" and target is not None:
        target.defense_bonus += amount
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
    if card.draw:
        events += draw(side, card.draw, rng)
    return events


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
