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
FACTIONS: tuple[str, ...] = ("castle", "necropolis", "dungeon", "tower", "rampart", "fortress", "inferno")

# The effect vocabulary of unit abilities (S.4): every ability names one of these and its
# parameters; ``text`` abilities are shown to players but have no automatic effect yet.
EFFECTS: frozenset[str] = frozenset(
    {
        "retaliate_unlimited",  # retaliation: no black cube (H3-33.7, E-4)
        "no_retaliation",  # attack: the target does not retaliate
        "ignore_ranged_penalty",  # passive/attack: no two-dice penalty (H3-28.3.2)
        "defend_on_die",  # passive: +1 defence when the attacker's die shows one of ``faces``
        "spell_damage_reduction",  # passive: spell damage reduced by ``amount`` (``adjacent``: friendly neighbours too)
        "spell_power_drain",  # passive: enemy spells are cast with ``amount`` less Power, never below 0
        "spell_immune",  # passive: spells have no effect on it
        "magic_arrow_immune",  # passive: Magic Arrow has no effect on it (``school``: nor that school's damage)
        "move_anywhere",  # passive: its regular move may end on any empty space (Arch Devils, Pack)
        "summon_demons",  # other: once a combat, after a friendly unit left the board, summon/reinforce ``unit``
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
        "ignore_own_die",  # attack: its own attack die counts as 0 (neutral Mummies)
        "attackers_die_fixed",  # passive: an attack on it uses die result ``die`` (neutral Mummies: -1)
        "mark_damage",  # attack: ``amount`` cubes on the target; each of its activations removes one for 1 damage
        "weaken",  # attack: the target has -``amount`` attack for ``rounds`` combat rounds (Weakness token)
        "heal_friend_or_attack",  # activation: remove ``amount`` damage from a friendly unit, else +``bonus`` attack
        "push_roll",  # attack: roll a die after the attack; ``faces`` push the target 1 space away
        "activation_spell_damage",  # activation: a spell dealing ``amount`` damage to a chosen enemy unit
        "resist_card_roll",  # passive: a spell or specialty aimed at it alone is ignored on die ``faces``
        "reroll_after_move",  # attack: may re-roll its die when it ended its move on another space
        "discard_ignore_die",  # passive: when attacked, its controller may discard a card so the attack die counts 0
        "boost_other",  # other: instead of acting, a friendly ground/flying unit gets +``amount`` attack for ``rounds``
        "siege_breaker",  # other: instead of acting, destroy a wall or the gate (``tower``: or the arrow tower)
        "attack_on_kill",  # attack: after defeating its target, may attack another adjacent enemy
        "deck_spell_search",  # other/attack: discard the top ``amount`` cards of the deck (attack: up to), keep a spell
        "caster_discards",  # passive: an enemy casting a spell from hand discards a card of its choice
        # (``power``: a card with Power, i.e. a Power-giving card or a spell, H3-15.3/H3-15.4);
        # a caster who could not discard may not cast (S-H1 note on Familiars)
        "defeat_reinforce",  # passive: when it is defeated, an enemy hero of ``faction`` reinforces
        # one of its ``tier`` units for free (H3-26.4), damage carried to the Pack side
        # ---- Fortress box (H3-1.2)
        "strip_ongoing",  # attack: every ongoing card effect the target's own side played on it ends (Dragon Flies)
        "multi_target",  # attack: up to ``amount`` different adjacent enemies, one attack each, no retaliation (Hydras)
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
    """A Might & Magic card usable in combat (statistic, ability, spell, hero specialty or artifact).

    ``timing`` is the printed effect type (H3-13.2.7) of the basic effect; ``expert_timing``
    overrides it for the expert effect (Tactics: basic at the start of combat, expert on
    activation). ``start`` is the card type "at the start of combat" (played in the start
    window before the first activation). ``effect`` names the vocabulary entry play() knows.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    kind: Literal["statistic", "ability", "spell", "specialty", "artifact", "war_machine"]
    timing: Literal["instant", "activation", "ongoing", "start"]
    expert_timing: Literal["instant", "activation", "ongoing", "start"] | None = None
    effect: Literal[
        "attack",  # +N attack to a friendly unit (H3-35.5)
        "defense",  # +N defence to a friendly unit
        "power",  # +N Power for the next spell (H3-15.3)
        "recall_spell",  # Knowledge: the last cast spell back to hand
        "damage",  # spell damage to a unit (H3-27.1: defence does not reduce it)
        "initiative",  # ongoing +N initiative (Haste)
        "heal",  # remove paralysis and N damage (Cure)
        "first_aid",  # basic: N damage off a friendly unit; expert: the First Aid Tent acts now, N times (H3-19)
        "tent_boost",  # ongoing: the First Aid Tent in play removes N times as much damage this combat (Gem VI)
        "morale",  # gain a positive morale token (H3-11.1); expert draws ``expert_draw`` first
        "swap",  # two friendly units exchange spaces (Tactics)
        "attack_or_defense",  # +N attack or +N defence to a friendly unit, doubled for ``double_for``
        "hp",  # ongoing: +N HP for the rest of the combat, doubled for ``double_for``
        "frost_ring",  # discard ``discard_cost`` cards; every unit next to a chosen space takes ``damage[0]``
        "resurrection",  # cancel an attack that would defeat a friendly unit, paying ``power_cost`` by tier
        "chain_lightning",  # ``damage[0]`` to a unit and ``damage[1]`` to one of the two units closest to it
        "weakness",  # -N attack to a unit until its next attack resolves or the activation ends (H3-35.5)
        "fire_shield",  # this combat round, an adjacent unit attacking the target takes N damage
        # Clash spells (H3-15; their printed effects, combat/spells.py). ``tiers`` hold, by Power
        # paid, either an amount or (``tier_limit``) the highest unit tier reached: 1 bronze, 2 silver, 3 gold.
        "anti_magic",  # ongoing: the unit cannot be targeted by spells nor hurt by area spells
        "berserk",  # ongoing: in its activations the unit must attack the nearest unit, of either side
        "bless",  # instant: the unit's next attack rolls no attack die, +N attack
        "blind",  # activation: a paralysis token on the unit (H3-33.8)
        "chain_spell",  # activation: a unit and the two closest to it take ``damage_tiers`` in order
        "counterstrike",  # instant: the unit's black cube is removed (H3-33.7)
        "dispel",  # instant: every ongoing card effect on the unit ends
        "disrupting_ray",  # ongoing: until the combat ends the unit's abilities do not work
        "fireball",  # activation: units on two adjacent spaces take N damage
        "prayer",  # instant: +N attack, defence or (this combat round) initiative, caster's choice
        "shield",  # instant: the unit defending against a ground or flying attacker gets +N defence
        "teleport",  # activation: a friendly unit moves to any empty space
        "draw",  # draw ``draw`` cards (an artifact's other effect)
        "enemy_discard",  # the enemy hero discards ``basic`` random cards from hand
        "die_times",  # the attack being declared: its attack die result counts ``basic`` times
        "ward_paralysis",  # ongoing: a friendly unit cannot be paralysed for the rest of the combat
        "unparalyse",  # a friendly unit's paralysis token is removed
        "morale_roll",  # roll the attack die: on 0 gain a positive morale token (H3-11.1)
        "paralyse_neutral",  # start of a neutral combat: paralyse a neutral unit that is not azure
        "attack_then_discard",  # +N attack, then a card of one's choice is discarded; a spell draws ``draw``
        "defense_back_to_hand",  # discard ``discard_cost`` cards: +N defence, and the card goes back to hand
        "take_spell",  # a card of ``pick_kinds`` (a spell) of one's choice from one's discard pile back into hand
        "take_spell_reshuffle",  # as take_spell, then the discard pile is shuffled into the deck
        "return_spell",  # Mysticism: the spell just cast back to hand (expert: with the Power cards played for it)
        "counter_spell",  # right after an enemy casts a spell of at most ``basic`` (expert ``expert``) Power: no effect
        "counter_roll",  # after an enemy casts a spell, roll two attack dice and keep one: on +1 it has no effect
        "cancel_die",  # after the attack die is rolled: its result and whatever it set off are ignored
        "deck_take_one",  # discard up to ``basic`` cards from the top of one's deck, take one of them into hand
        "defense_per_discard",  # discard any number of cards from hand: +N defence for each
        "attack_per_discard",  # discard any number of cards from hand: +N attack for each
        "draw_if_no_discard",  # only while one's discard pile is empty: draw ``draw`` cards
        "no_surrender",  # start of a combat against a player's hero: that hero may not surrender
        "draw_keep_one",  # draw ``draw`` cards, keep one of them and discard the others
        "inhibit",  # ongoing: spells and specialties deal no damage this combat; the card is removed
        "mute_abilities",  # ongoing: no unit on the board uses its abilities until this combat round ends
        "start_spell",  # before any unit activates, a spell may be cast (expert: ``expert`` more this round)
        "archery",  # your ranged units: +1 attack against a unit not next to them until the round ends
        # (``expert`` rounds more, and +1 initiative meanwhile)
        "school_power",  # expert: +``expert`` Power for the next spell of ``school`` (a Magic ability)
        # Spellbinder's Hat: the top effect Searches a shared deck after the removal, done on the map only (a
        # combat holds a copy of the hand, so it is refused there); the bottom removes it and one more card
        "remove_and_search",
        "remove_self_and_one",
        # ---- Tower-box heroes (C)
        "retaliation_guard",  # the next retaliation against a friendly unit deals ``basic`` less damage (Lord Haart)
        "retaliation_worst",  # ongoing: a unit retaliating against the friendly unit rolls two dice, keeps the lower
        "meteor_shower",  # a unit and ``basic`` units next to it take ``tiers``[Power] damage, either side (Deemer)
        "power_or_reshuffle",  # +``basic`` Power, or the discard pile shuffled into the deck, then ``draw`` cards
        "deck_take_kinds",  # turn up to ``basic`` top deck cards: ``pick_kinds`` to hand, the rest discarded
        # ---- Tower-box heroes (D)
        "attack_vs_faster",  # +N attack, N more against a unit of higher initiative, until its next attack (Cyra IV)
        "initiative_guard",  # ongoing: +N initiative, +1 defence against attackers of lower initiative (Cyra VI)
        "spell_ward",  # ongoing: spells deal N less damage to the unit this combat, never below 0 (Clancy VI)
        "ballista_shot",  # one of the side's Ballistas (H3-19) shoots now (Torosar I)
        "ballista_gain",  # ``basic`` more Ballistas for this combat; all of them shoot now (Torosar VI)
        # ---- Fortress-box heroes (Adrienne, Tazar)
        "school_boost",  # ongoing: this combat, your spells of ``school`` are cast with +N Power (Adrienne I / VI)
        "lasting_defense",  # ongoing: +N defence for the rest of the combat, not only against one attack (Tazar IV)
        "deck_search_reshuffle",  # Search (N) your own deck, then shuffle your discard pile into it (Adrienne IV)
        # ---- Inferno-box heroes (Rashka, Zydar; combat/cards.py)
        "lasting_fire_shield",  # ongoing: this combat a ground or flying attacker of the unit takes N damage
        "power_or_draw_after_cast",  # +N Power, or right after casting a spell draw ``draw`` cards (Zydar I)
        "power_or_free_spell",  # +N Power, or one more spell this combat round (Zydar IV)
        "power_and_cast_draw",  # +N Power, and a card drawn after each spell cast this combat round (Zydar VI)
        "gm",  # a printed effect the engine holds only as text: played, announced, and the game master carries it out
        "none",  # no effect in combat (Wisdom acts in a town): never offered
    ]
    basic: int = 0
    expert: int | None = None
    draw: int = 0
    expert_draw: int | None = None  # cards drawn by the expert effect when it differs from ``draw``
    school: str | None = None
    tiers: list[int] = Field(default_factory=list)  # spell effect by Power paid (0, 1, 2)
    target: Literal["any", "friendly", "friendly_melee", "none"] = "friendly"
    double_for: list[str] = Field(default_factory=list)  # unit ids for which the effect doubles
    discard_cost: int = 0  # cards from hand discarded to play it (Frost Ring)
    centre: bool = False  # frost_ring: the chosen space's own unit is hit too (Xyron's Inferno)
    power_cost: dict[str, int] = Field(default_factory=dict)  # Power paid, by the saved unit's tier
    damage: list[int] = Field(default_factory=list)
    damage_tiers: list[list[int]] = Field(default_factory=list)  # Chain Lightning (spell): damages by Power
    tier_limit: bool = False  # ``tiers`` give the highest unit tier the spell reaches (1..3)
    other: str | None = None  # an artifact's other printed effect in combat: its id in ``other_effects``
    map_gm: bool = False  # the printed effect also applies on the map, where the game master carries it out
    pick_kinds: list[str] = Field(default_factory=lambda: ["spell"])  # take_spell: card kinds it may take back
    # playable only while its side has this war machine in play or in hand (Gem's First Aid: "if you already
    # have a First Aid Tent", H3-19)
    needs_machine: str | None = None
    text: str

    def timing_for(self, mode: str) -> str:
        return self.expert_timing if mode == "expert" and self.expert_timing is not None else self.timing


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
    substitutes: list[str]  # house: combat cards standing in for ability/specialty cards not modelled

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


class Overlay(BaseModel):
    """A card laid on a unit card that replaces its statistics until the card's own HP run out
    (Sandro's Cloak of the Undead King: Horde / Legion of Skeletons, Horde of Zombies)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str  # the Might & Magic card (Clash content id)
    unit: str  # the unit card it is laid on
    sides: list[SideName]  # which side of that card must be up
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
    overlays: dict[str, Overlay] = Field(default_factory=dict)
    other_effects: dict[str, CardDef] = Field(default_factory=dict)  # artifacts' second effects (``other``)

    def unit(self, card: str) -> UnitCard:
        return self.units[card]

    def neutrals(self, tier: Tier) -> list[str]:
        return sorted(u.id for u in self.units.values() if u.faction == "neutral" and u.tier == tier)

    def hero_deck(self, hero: str) -> list[str]:
        """The 9-card starting deck (E-11, H3-6.13): statistics by the hero's values, Magic Arrow
        (1 for might, 2 for magic), the starting ability and the level I specialty. A card the
        engine does not model yet is replaced by the next of the hero's house ``substitutes``."""
        h = self.heroes[hero]
        deck = ["attack"] * h.attack + ["defense"] * h.defense + ["power"] * h.power + ["knowledge"] * h.knowledge
        deck += ["magic_arrow"] * (1 if h.might else 2)
        deck += [c for c in (h.ability, h.specialty) if c in self.cards]
        deck += h.substitutes[: 9 - len(deck)]
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
        overlays={o["id"]: Overlay.model_validate(o) for o in data.get("overlays", [])},
        other_effects={c["id"]: CardDef.model_validate(c) for c in data.get("other_effects", [])},
    )
    for unit in content.units.values():
        for side in unit.sides.values():
            for ability in side.abilities:
                if ability.effect not in EFFECTS:
                    raise ValueError(f"{unit.id}: unknown ability effect {ability.effect!r}")
    return content
