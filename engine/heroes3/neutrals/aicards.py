"""AI heroes' combat decks (H3-41.6..H3-41.9) and how the AI casts spells (H3-42).

The eight AI cards and their values by difficulty are printed data (S-H1 ``docs/ai``; the
"Expert" column is the rules' Hard, H3-41.6.2); texts are our own words. Everything here is
deterministic except the draws: the engine decides for the AI, and only a tie the rules leave to
"the player" would be asked (none of these cards has one: ties go to the higher tier, then the
unit id, house).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import Deck, Event, Rng

from .. import messages as m
from ..combat import rules as r
from ..combat import spells
from ..combat.models import AiDeck, Combat, Unit
from ..content import TIERS, CardDef, load
from . import ai
from .difficulty import DIFFICULTIES, Difficulty

CardType = Literal["might", "magic", "skill"]


@dataclass(frozen=True)
class AiCard:
    id: str
    type: CardType
    effect: Literal["attack", "defense_hp", "defense_next", "spell", "skill", "skill_first_round"]
    values: tuple[int, int, int, int]  # Easy, Normal, Hard ("Expert"), Impossible

    def value(self, difficulty: Difficulty) -> int:
        return self.values[DIFFICULTIES.index(difficulty)]


AI_CARDS: dict[str, AiCard] = {
    c.id: c
    for c in (
        AiCard("attack_a", "might", "attack", (0, 1, 1, 2)),  # +attack for the unit about to attack
        AiCard("attack_b", "might", "attack", (1, 1, 2, 2)),
        AiCard("defense_a", "might", "defense_hp", (0, 1, 1, 2)),  # on the unit with the highest HP
        AiCard("defense_b", "might", "defense_next", (1, 1, 2, 2)),  # on the unit that activates next
        AiCard("spell_a", "magic", "spell", (0, 1, 1, 2)),  # Power of the drawn spell
        AiCard("spell_b", "magic", "spell", (0, 1, 2, 3)),
        AiCard("skill_a", "skill", "skill", (1, 1, 2, 2)),  # times the skill is applied
        # once; Normal/Hard: shuffled back in combat round 1; Impossible: twice
        AiCard("skill_b", "skill", "skill_first_round", (1, 1, 1, 2)),
    )
}
SKILLS = ("offense", "armorer")  # ability cards whose effect the AI can apply to a unit


def build(counts: dict[str, int], spells: list[str], skill: str | None, difficulty: Difficulty, rng: Rng) -> AiDeck:
    """H3-41.6: the scenario says how many cards of each type; the specific cards are chosen at
    random among that type's printed cards. H3-41.7: the AI spell deck from the listed spells."""
    chosen: list[str] = []
    for kind in ("might", "magic", "skill"):
        pool = [c.id for c in AI_CARDS.values() if c.type == kind]
        chosen += [pool[rng.below(len(pool))] for _ in range(counts.get(kind, 0))]
    names = {f"ais{i:02d}": s for i, s in enumerate(spells)}
    return AiDeck(
        difficulty=difficulty,
        cards=Deck[str].shuffled(chosen, rng),
        spells=Deck[str].shuffled(list(names), rng),
        skill=skill,
        names=names,
    )


def shuffle_for_combat(deck: AiDeck, rng: Rng) -> None:
    """H3-41.6 / H3-41.7: before each combat both decks are shuffled with their discard piles."""
    deck.cards.reshuffle_all(rng)
    deck.spells.reshuffle_all(rng)
    deck.exhausted = False


# ---- target choices ------------------------------------------------------------------------------------
def _rank(u: Unit) -> tuple[int, str]:
    return (-TIERS.index(u.tier), u.uid)


def _ai_units(combat: Combat, team: int) -> list[Unit]:
    return [u for u in combat.on_board(team) if not u.tower]


def highest_hp(combat: Combat, team: int) -> Unit | None:
    pool = _ai_units(combat, team)
    return min(pool, key=lambda u: (-u.hp(), *_rank(u))) if pool else None


def next_to_activate(combat: Combat, team: int, current: Unit) -> Unit:
    """The AI's unit that activates next (initiative order among those still waiting, H3-34.2);
    the current unit when it is the last one this combat round."""
    waiting = [u for u in _ai_units(combat, team) if not u.activated and u.uid != current.uid]
    return min(waiting, key=lambda u: (-u.initiative(), *_rank(u))) if waiting else current


def highest_defense(pool: list[Unit]) -> Unit | None:
    return min(pool, key=lambda u: (-u.stats().defense, *_rank(u))) if pool else None


def spell_class(card: CardDef) -> Literal["damage", "multi", "defensive", "heal", "buff", "round_buff", "weaken"]:
    """H3-42: which AI casting rule a spell follows."""
    if card.effect == "fire_shield":
        return "round_buff"  # H3-42.4
    if card.effect == "weakness":
        return "weaken"  # H3-42.5
    if card.effect == "chain_lightning":
        return "multi"  # H3-42.1
    if card.effect == "damage":
        return "damage"
    if card.effect == "defense":
        return "defensive"  # H3-42.2
    if card.effect == "heal":
        return "heal"  # H3-42.3
    return "buff"


def multi_target(combat: Combat, team: int) -> Unit | None:
    """H3-42.1: a player unit with one or two adjacent player units, preferring the group with
    more high-tier units, then the least remaining HP; with no such group, a unit not adjacent to
    any AI unit; None: do not cast."""
    enemies = _ai_units(combat, 1 - team)
    groups: list[tuple[tuple[int, ...], int, tuple[int, str], Unit]] = []
    for u in enemies:
        near = [o for o in enemies if o.uid != u.uid and r.adjacent(u, o, combat)]
        if 1 <= len(near) <= 2:
            members = [u, *near]
            # "more high-tier units": compare counts from azure down to bronze
            tiers = tuple(-sum(1 for x in members if x.tier == t) for t in reversed(TIERS))
            groups.append((tiers, sum(x.remaining() for x in members), _rank(u), u))
    if groups:
        return min(groups, key=lambda g: (g[0], g[1], g[2]))[3]
    ours = _ai_units(combat, team)
    lonely = [u for u in enemies if not any(r.adjacent(u, o, combat) for o in ours)]
    return min(lonely, key=_rank) if lonely else None


def defensive_target(combat: Combat, team: int) -> Unit | None:
    """H3-42.2 (A-41): the AI unit with the highest attack, then tier, then HP, skipping units that
    already hold a defence token from a card."""
    pool = [u for u in _ai_units(combat, team) if u.card_defense == 0]
    return min(pool, key=lambda u: (-u.stats().attack, -TIERS.index(u.tier), -u.hp(), u.uid)) if pool else None


def heal_target(combat: Combat, team: int) -> Unit | None:
    """H3-42.3: the most damaged AI unit, highest tier first; None when no AI unit is damaged."""
    hurt = [u for u in _ai_units(combat, team) if u.damage > 0]
    return min(hurt, key=lambda u: (-TIERS.index(u.tier), -u.damage, u.uid)) if hurt else None


def will_retaliate(combat: Combat, unit: Unit) -> Unit | None:
    """H3-42.5: the enemy that the activating AI unit is about to attack and that will retaliate
    (an adjacent attack on a unit without a black cube, or one that retaliates without limit);
    among tied targets the first by id (house: the player's later tie choice is not known yet)."""
    plan = ai.plan(combat, unit)
    if not plan.ties or unit.has("no_retaliation"):
        return None
    target = combat.unit(sorted(plan.ties)[0])
    if unit.type == "ranged" and not r.adjacent(unit, target, combat):
        return None
    return None if target.retaliated and not target.has("retaliate_unlimited") else target


def round_buff_waits(combat: Combat, target: Unit) -> bool:
    """H3-42.4: count the units on the board of the target's tier or higher; when more than half
    of them have activated this combat round, the one-round buff waits for the next round."""
    rank = TIERS.index(target.tier)
    pool = [u for u in combat.on_board() if not u.tower and TIERS.index(u.tier) >= rank]
    return sum(1 for u in pool if u.activated) * 2 > len(pool)


def spell_target(combat: Combat, team: int, card: CardDef, unit: Unit | None = None, *, power: int = 0) -> Unit | None:
    """The AI magic card: damage or harm on the player's unit with the highest defence, a boost on
    the AI's unit with the highest defence; H3-42 for the complex kinds (``unit``: the activating
    AI unit, for H3-42.5; ``power``: the Power tier, which limits the tiers some spells reach)."""
    if card.effect in spells.EFFECTS:
        return spells.ai_target(combat, team, card, power)
    kind = spell_class(card)
    if kind == "weaken":
        return will_retaliate(combat, unit) if unit is not None else None
    if kind == "multi":
        return multi_target(combat, team)
    if kind == "defensive":
        return defensive_target(combat, team)
    if kind == "heal":
        return heal_target(combat, team)
    if kind == "damage":
        return highest_defense(_ai_units(combat, 1 - team))
    pool = _ai_units(combat, team)
    if card.target == "friendly_melee":
        pool = [u for u in pool if u.type != "ranged"]
    return highest_defense(pool)


def draw_card(deck: AiDeck, rng: Rng) -> str | None:
    """H3-41.6.1: one AI card per activation; an empty AI deck stops the drawing for the combat."""
    if deck.exhausted or not deck.cards.draw_pile:
        deck.exhausted = True
        return None
    return deck.cards.draw_pile.pop(0)


def draw_spell(deck: AiDeck, rng: Rng) -> str | None:
    """H3-41.7: the next AI spell; an empty spell deck reshuffles its discard pile."""
    return deck.spells.draw_one(rng)


def card_name(card: str) -> m.Msg:
    effect = AI_CARDS[card].effect
    if effect == "attack":
        return m.AI_CARD_ATTACK()
    if effect in ("defense_hp", "defense_next"):
        return m.AI_CARD_DEFENSE()
    if effect == "spell":
        return m.AI_CARD_SPELL()
    return m.AI_CARD_SKILL()


def drawn_event(card: str) -> Event:
    return Event.to_all("h3_ai_card", m.AI_DRAWS(card=card_name(card)), card=card, reveals=True)


def spell_def(deck: AiDeck, inst: str) -> CardDef:
    return load().cards[deck.names[inst]]
