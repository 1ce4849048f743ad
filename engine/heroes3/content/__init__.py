"""Heroes III printed components as data: unit cards, combat cards, heroes, preset armies.

Everything a combat reads about a card comes from ``units.json`` and ``cards.json``; the code
only knows the effect vocabulary (``EFFECTS``), never a particular unit. The README in this
folder says which numbers are printed and where they come from, and which are house values.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

HERE = Path(__file__).parent

Tier = Literal["bronze", "silver", "gold", "azure"]
UnitType = Literal["ground", "flying", "ranged"]
Timing = Literal["activation", "attack", "other", "passive", "retaliation", "map"]
SideName = Literal["few", "pack", "neutral"]
TIERS: tuple[Tier, ...] = ("bronze", "silver", "gold", "azure")
FACTIONS: tuple[str, ...] = ("castle", "necropolis", "dungeon", "tower")

# The effect vocabulary of unit abilities (S.4): every ability names one of these and its
# parameters; ``text`` abilities are shown to players but have no automatic effect yet.
EFFECTS: frozenset[str] = frozenset(
    {
        "retaliate_unlimited",  # retaliation: no black cube (H3-33.7, E-4)
        "no_retaliation",  # attack: the target does not retaliate
        "ignore_ranged_penalty",  # passive/attack: no two-dice penalty (H3-28.3.2)
        "defend_on_die",  # passive: +1 defence when the attacker's die shows one of ``faces``
        "spell_damage_reduction",  # passive: spell damage reduced by ``amount``
        "spell_immune",  # passive: spells have no effect on it
        "magic_arrow_immune",  # passive: Magic Arrow has no effect on it
        "heal_self",  # activation: remove up to ``amount`` damage from itself
        "heal_after_attack",  # attack: remove up to ``amount`` damage from itself after attacking
        "attack_again_nonadjacent",  # attack: a non-adjacent target is attacked again (if the die is in ``faces``)
        "paralyze_on_retaliation",  # retaliation: the unit hit is paralysed
        "paralyze_on_die",  # attack: the target is paralysed when the die shows one of ``faces``
        "paralyze_roll",  # attack/retaliation: roll a die after it; ``faces`` paralyse the target
        "attack_bonus_vs",  # attack: +``amount`` attack against unit ``unit``
        "reroll_faces",  # attack/passive: re-roll a die showing one of ``faces`` (once)
        "die_bonus",  # attack: +``amount`` attack when the die shows one of ``faces``
        "best_of_two",  # attack/passive: roll two dice, keep the higher
        "ignore_defense",  # attack: the target's printed defence does not count
        "retaliator_worst_of_two",  # attack: the retaliation against it rolls two dice, keeps the lower
        "ignore_paralysis",  # passive: never paralysed
        "retaliation_penalty",  # attack: the retaliation against it has -``amount`` attack
        "extra_damage_roll",  # attack: roll a die after the attack; ``faces`` deal ``amount`` more damage
        "defense_reduction",  # attack: the target defends with ``amount`` less (on ``faces`` if given)
        "max_damage",  # passive: at most ``amount`` damage from one attack
        "splash",  # attack: strike a unit next to the target with attack ``attack`` (or deal ``amount``)
        "breath",  # attack: strike the unit in the space behind the target with attack ``attack``
        "return_after_attack",  # attack: may fly back to the space it started the activation from
        "cancel_lethal",  # passive: once per combat, cancel an attack that would defeat another friendly unit
        "draw_at_start",  # passive: its owner draws ``amount`` cards when the combat begins
        "draw_on_die",  # attack: its owner draws ``amount`` cards when the die shows one of ``faces``
        "enemy_morale_loss",  # activation: the enemy side discards its positive morale token
        "enemy_discard_random",  # activation: the enemy hero discards ``amount`` random cards from hand
        "ongoing_immune",  # passive: ongoing spells have no effect on it
        "spell_effect_immune",  # passive: spells other than damage have no effect on it
        "first_spell_power",  # activation: its owner's first spell this combat round gets +``amount`` Power
        "defend_aura",  # passive: adjacent friendly units count as holding a defence token
        "attack_again_after_retaliation",  # attack: attacks the same target again after the retaliation
        "root_adjacent",  # passive: enemies starting their activation next to it cannot move
        "death_roll",  # attack: roll two dice after the attack; both in ``faces`` defeat the target
        "sum_of_two",  # attack: roll two attack dice and add both
        "defense_vs_retaliation",  # passive: +``amount`` defence against retaliations
        "survive_once",  # passive: once per combat a fatal attack leaves 1 HP; immune to ``school`` spells
        "text",  # shown, not automated
    }
)


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    timing: Timing
    effect: str
    params: dict[str, int | str | list[int]] = Field(default_factory=dict)
    text: str  # our own words, never the printed text

    def faces(self) -> list[int]:
        value = self.params.get("faces", [])
        return list(value) if isinstance(value, list) else []

    def amount(self) -> int:
        return self.num("amount")

    def num(self, key: str) -> int:
        value = self.params.get(key, 0)
        return value if isinstance(value, int) else 0


class UnitSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: UnitType
    attack: int
    defense: int
    hp: int
    initiative: int
    cost: dict[str, int] = Field(default_factory=dict)
    abilities: list[Ability] = Field(default_factory=list)


class UnitCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    faction: str
    tier: Tier
    type: UnitType
    sides: dict[SideName, UnitSide]


class CardDef(BaseModel):
    """A Might & Magic card usable in combat (statistic, ability or spell)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    kind: Literal["statistic", "ability", "spell"]
    timing: Literal["instant", "activation", "ongoing"]
    effect: Literal["attack", "defense", "power", "recall_spell", "damage", "initiative", "heal"]
    basic: int = 0
    expert: int | None = None
    draw: int = 0
    school: str | None = None
    tiers: list[int] = Field(default_factory=list)  # spell effect by Power paid (0, 1, 2)
    target: Literal["any", "friendly", "friendly_melee", "none"] = "friendly"
    text: str


class HeroDef(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    faction: str
    attack: int
    defense: int
    power: int
    knowledge: int
    ability: str
    specialty: str
    substitutes: list[str]  # house: combat cards standing in for unmodelled ability/specialty cards

    @property
    def might(self) -> bool:
        """H3-6.13.1: statistics sum to 6 for might heroes and 5 for magic heroes."""
        return self.attack + self.defense + self.power + self.knowledge == 6


class TowerStats(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    attack: int
    defense: int
    hp: int
    initiative: int


class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    units: dict[str, UnitCard]
    cards: dict[str, CardDef]
    heroes: dict[str, HeroDef]
    armies: dict[str, dict[str, list[str]]]
    arrow_tower: TowerStats

    def unit(self, card: str) -> UnitCard:
        return self.units[card]

    def neutrals(self, tier: Tier) -> list[str]:
        return sorted(u.id for u in self.units.values() if u.faction == "neutral" and u.tier == tier)

    def hero_deck(self, hero: str) -> list[str]:
        """The 9-card starting deck (E-11): statistics by the hero's values, Magic Arrow (1 for
        might, 2 for magic), the starting ability and the specialty. Ability and specialty cards
        that the engine cannot play yet are replaced by the hero's house ``substitutes``."""
        h = self.heroes[hero]
        deck = ["attack"] * h.attack + ["defense"] * h.defense + ["power"] * h.power + ["knowledge"] * h.knowledge
        deck += ["magic_arrow"] * (1 if h.might else 2)
        extra = [h.ability] if h.ability in self.cards else []
        deck += extra + h.substitutes[: 9 - len(deck) - len(extra)]
        return deck


@cache
def load() -> Content:
    units = json.loads((HERE / "units.json").read_text(encoding="utf-8"))["units"]
    data = json.loads((HERE / "cards.json").read_text(encoding="utf-8"))
    content = Content(
        units={u["id"]: UnitCard.model_validate(u) for u in units},
        cards={c["id"]: CardDef.model_validate(c) for c in data["cards"]},
        heroes={h["id"]: HeroDef.model_validate(h) for h in data["heroes"]},
        armies=data["armies"],
        arrow_tower=TowerStats.model_validate(data["arrow_tower"]),
    )
    for unit in content.units.values():
        for side in unit.sides.values():
            for ability in side.abilities:
                if ability.effect not in EFFECTS:
                    raise ValueError(f"{unit.id}: unknown ability effect {ability.effect!r}")
    return content
