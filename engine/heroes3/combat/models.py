"""The state of one combat, embeddable in any Heroes III game state.

A combat is data inside the host's state (``CombatHost.combat``); its steps live in the host's
flow queue. The skirmish ruleset and the adventure game both subclass ``CombatHost``, so the
same step handlers (combat/flow.py) run in both.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Deck, GameState, Step

from ..content import Ability, SideName, Tier, UnitSide, UnitType, load
from .board import Cell, CombatBoard, GridBoard

TOWER = "tower"  # uid of the arrow tower (H3-39.8)
# War machine cards (H3-19) the combat knows, by their content card id (combat/war_machines.py)
BALLISTA = "ballista"
FIRST_AID_TENT = "first_aid_tent"
AMMO_CART = "ammo_cart"


class HeroDeck(BaseModel):
    """A main hero's Might & Magic cards as the combat uses them (H3-13, H3-35).

    Card instances carry ids unique in the game (``s0c03``), so hidden zones can be checked for
    leaks by value; ``names`` maps instance id to content card id.
    """

    model_config = ConfigDict(extra="forbid")

    names: dict[str, str] = Field(default_factory=dict)
    hand: list[str] = Field(default_factory=list)
    draw: Deck[str] = Field(default_factory=Deck)
    discard: list[str] = Field(default_factory=list)  # H3-13.2.2: personal, public
    removed: list[str] = Field(default_factory=list)
    # H3-48.1 chaos deck: None when the table does not play it; else the cards a reshuffle may put
    # back into the draw pile (those already settled when the combat began, statistic and specialty
    # cards). Any other discard is removed by the chaos deck, so a reshuffle sets it aside in
    # ``chaos_held`` and the encounter hands it back to the discard pile when the combat ends, where
    # the chaos deck replaces it (cards.deck.settle_chaos).
    chaos_exempt: list[str] | None = None
    chaos_held: list[str] = Field(default_factory=list)

    def all_cards(self) -> list[str]:
        return self.hand + self.draw.draw_pile + self.draw.discard_pile + self.discard + self.removed + self.chaos_held

    def to_reshuffle(self, cards: list[str]) -> list[str]:
        """Of the discards a reshuffle would put back into the draw pile, those that go back; under the
        chaos deck (H3-48.1) the rest were removed when discarded and wait in ``chaos_held``."""
        if self.chaos_exempt is None:
            return list(cards)
        exempt = set(self.chaos_exempt)
        self.chaos_held += [c for c in cards if c not in exempt]
        return [c for c in cards if c in exempt]


class ArmyCard(BaseModel):
    """One unit card of a unit deck (H3-26): which card and which side is up."""

    model_config = ConfigDict(extra="forbid")

    card: str
    side: SideName


class AiDeck(BaseModel):
    """An AI hero's combat decks (H3-41.6..H3-41.8): AI cards, AI spells and the set-aside skill.

    Order hidden from all; cards drawn are public (H3-41 section default)."""

    model_config = ConfigDict(extra="forbid")

    difficulty: Literal["easy", "normal", "hard", "impossible"] = "normal"
    cards: Deck[str] = Field(default_factory=Deck)  # ids of neutrals/aicards.AI_CARDS
    spells: Deck[str] = Field(default_factory=Deck)  # content card ids (spells)
    skill: str | None = None  # H3-41.8: the set-aside ability card, never discarded
    waiting: list[str] = Field(default_factory=list)  # H3-41.9: might cards not yet able to act
    delayed: list[tuple[str, int]] = Field(default_factory=list)  # H3-42.4: (spell, Power) cast next round
    names: dict[str, str] = Field(default_factory=dict)  # spell instance id -> content card id
    exhausted: bool = False  # H3-41.6.1: the AI deck ran out during this combat


class Lasting(BaseModel):
    """One ongoing card effect on a unit (H3-35.3) and the side whose player played it (``team``; None: not
    known, an AI spell cast outside a side's turn). Fortress Dragon Flies end those the unit's own side
    played (combat/ongoing.py); the unit's fields hold the effect itself."""

    model_config = ConfigDict(extra="forbid")

    team: int | None
    field: str  # the Unit field the effect set ("initiative_bonus", "berserk", "fire_shield", ...)
    amount: int = 0  # what it added to a numeric field (0 for a flag)


class CombatSide(BaseModel):
    """One side of a combat: who controls it and what it brings."""

    model_config = ConfigDict(extra="forbid")

    team: int  # 0 attacker, 1 defender (H3-33.1)
    owner: int | None = None  # the player whose army this is (None: neutrals)
    controller: int | None = None  # the seat that decides for it (None: the engine's AI)
    faction: str | None = None
    hero: str | None = None
    main_hero: bool = False
    level: int = 1
    deck: HeroDeck | None = None  # present only when the main hero takes part (H3-35.1)
    expert_uses: int = 0
    spells_cast: int = 0  # this combat round (H3-35.2)
    spell_limit: int = 1
    pending_power: int = 0  # H3-15.3 / A-20
    bonus_power: int = 0  # Power added to the first spell this combat round (Magi, H3-27.3)
    last_spell: str | None = None  # for Knowledge (returns the last cast spell)
    morale: int = 0  # +1 positive token, -1 negative token (H3-11)
    # Re-rolls of one's own attack die granted by a card played in the open (Luck's bottom, Cards of
    # Prophecy: on the map this turn, brought in by the host, or in this combat; public, announced
    # when played); the host takes ``rerolls_used`` off the player's allowances
    rerolls: int = 0
    rerolls_used: int = 0
    mp: int = 0  # of the hero that started the combat (H3-36.2)
    gold: int = 0  # for surrender (H3-37.9)
    army: list[ArmyCard] = Field(default_factory=list)  # the unit deck after the combat
    ai: AiDeck | None = None  # an AI hero (H3-41): engine-run, with AI decks
    permanent_lost: str | None = None  # the owner's permanent card discarded in combat (Sandro's Cloak)
    shackled: bool = False  # Shackles of War played against it: this hero may not surrender (H3-37.9)
    keep_one: list[str] = Field(default_factory=list)  # cards just drawn of which one must be discarded
    powering: list[str] = Field(default_factory=list)  # cards played for Power since the last cast (H3-15.3)
    cast_with: list[str] = Field(default_factory=list)  # the cards that gave Power to the last spell cast
    # Mysticism's "right after": the last spell was cast in this activation (or card window)
    # and nothing has been discarded since (cards.just_cast)
    cast_fresh: bool = False
    start_cast: bool = False  # Intelligence: spells may be cast in the start-of-combat window
    archery_until: int = 0  # Archery: ranged units +1 attack against non-adjacent units until this round ends
    archery_initiative_until: int = 0  # Archery (expert): ranged units +1 initiative until this round ends
    school_power: dict[str, int] = Field(default_factory=dict)  # Power for the next spell of a school only
    magic_in_play: str | None = None  # the school of the owner's Magic ability in play (+1 Power)
    gm_play: list[str] = Field(default_factory=list)  # [card, mode] just played for the game master
    take_one: list[str] = Field(default_factory=list)  # cards just turned from the deck, one goes to hand
    # H3-19: the owner's war machine in play (its content card id, public) and the combat round the
    # First Aid Tent was last used in (once per combat round; 0: not yet), combat/war_machines.py
    war_machine: str | None = None
    tent_round: int = 0
    tent_heals: int = 1  # damage one use of the First Aid Tent takes off (a card may raise it for a combat)
    # Torosar's Ballista (Tower box): Ballistas the side has besides a Ballista card in play (his level IV
    # and VI cards, which count as Ballistas), and shots a card just ordered, fired by the flow (H3-19)
    extra_ballistas: int = 0
    ballista_shots: int = 0
    # Fortress box: Adrienne's Fire Magic I / VI (ongoing: for the rest of the combat, +N Power to the side's
    # spells of a school, cards.cast_power); the owner's Cage of Warlords cubes, spent for +1 attack or
    # defence each (combat/cage.py; public, as the cubes on the town board); Adrienne IV's Search of the
    # side's own deck: the cards looked at, seen by their owner alone until one is kept (combat/own_search.py)
    school_boost: dict[str, int] = Field(default_factory=dict)
    cage_cubes: int = 0
    # Inferno box: what the owner's cubes buy (``power``: the Brimstone Stormclouds' +1 Power, one cube per
    # spell; ``stat``: the Cage of Warlords), the (combat round, spells cast) a Stormclouds cube was last
    # spent at, and Zydar VI's combat round (a card drawn after each spell cast in it; None: none)
    cage_reward: Literal["stat", "power"] = "stat"
    cage_spent_at: tuple[int, int] | None = None
    cast_draw_round: int | None = None
    summoned: list[str] = Field(default_factory=list)  # Pit Lords (uids) that used their summon (H3-52.3)
    searching: list[str] = Field(default_factory=list)


class Unit(BaseModel):
    """A unit card on (or beside) the combat board with its tokens (H3-33.11, H3-53.4)."""

    model_config = ConfigDict(extra="forbid")

    uid: str
    card: str  # content unit id, or "arrow_tower"
    side: SideName
    team: int
    army_index: int | None = None  # position in the owner's unit deck
    pos: Cell | None = None  # None: not placed (or the arrow tower beside the board)
    placed: bool = False
    alive: bool = True
    damage: int = 0
    activated: bool = False  # faction cube
    retaliated: bool = False  # black cube
    paralysed: bool = False
    defending: bool = False  # defence token
    no_defend: bool = False  # discarded its token this activation (H3-33.9)
    attack_bonus: int = 0  # until its first attack resolves or its activation ends (H3-35.5)
    defense_bonus: int = 0  # until the first attack on it resolves or the activation ends
    fire_shield: tuple[int, int] | None = None  # (damage, combat round): Fire Shield on this unit
    card_defense: int = 0  # an AI card's or AI spell's defence: stays until the first attack on it (H3-41.9)
    initiative_bonus: int = 0  # ongoing, until the end of combat (Haste)
    marks: int = 0  # faction cubes of an ability: 1 damage each time it activates (neutral Haspids)
    attack_tokens: list[tuple[int, int]] = Field(default_factory=list)  # (attack +/-, last combat round)
    hp_bonus: int = 0  # ongoing, until the end of combat, on whichever side is up (Golems specialty)
    used: list[str] = Field(default_factory=list)  # once-per-combat abilities spent (H3-27.3)
    rooted: bool = False  # started this activation next to a rooting enemy: cannot move
    # Clash spells on the unit (combat/spells.py): ongoing ones last until the combat ends (H3-35.3)
    anti_magic: bool = False  # Anti-Magic: no spell targets it, area spells do not hurt it
    berserk: bool = False  # Berserk: must attack the nearest unit of either side when it activates
    disrupted: bool = False  # Disrupting Ray: its abilities do not work
    muted: bool = False  # Orb of Inhibition (bottom): no abilities until this combat round ends
    blessed: bool = False  # Bless: its next attack rolls no die (ends like an attack boost, H3-35.5)
    round_initiative: int = 0  # Prayer's initiative: until this combat round ends (house)
    paralysis_ward: bool = False  # Pendant of Second Sight: cannot be paralysed for the rest of the combat
    overlay: UnitSide | None = None  # Sandro's Cloak of the Undead King: statistics laid over the card
    overlay_card: str | None = None  # the Cloak's card instance (discarded when the overlay's HP run out)
    # the Ammo Cart's bonus on its side's units (combat/war_machines.py), counted while the unit is ranged
    machine_initiative: int = 0
    # Lord Haart's Dread Knights (Tower box): damage off the next retaliation against the unit, and
    # (ongoing) a unit retaliating against it rolls two attack dice and keeps the lower
    retaliation_guard: int = 0
    retaliation_worst: bool = False
    # Tower-box heroes (D): Cyra IV's extra attack against a unit of higher initiative (ends as
    # ``attack_bonus`` does, H3-35.5), Cyra VI's defence against attackers of lower initiative and
    # Clancy VI's spell damage reduction (both ongoing, until the combat ends, H3-35.3)
    faster_foe_attack: int = 0
    slower_foe_defense: int = 0
    spell_ward: int = 0
    # Tazar's War Hero IV: defence for the rest of the combat (ongoing, H3-35.3), not spent by an attack
    lasting_defense: int = 0
    # the ongoing card effects on the unit and who played each (combat/ongoing.py: Fortress Dragon Flies)
    lasting: list[Lasting] = Field(default_factory=list)

    def abilities(self, effect: str) -> list[Ability]:
        return [a for a in self.stats().abilities if a.effect == effect]

    @property
    def tower(self) -> bool:
        return self.uid == TOWER

    def stats(self) -> UnitSide:
        if self.tower:
            t = load().arrow_tower
            return UnitSide(type="ranged", attack=t.attack, defense=t.defense, hp=t.hp, initiative=t.initiative)
        side = self.overlay if self.overlay is not None else load().unit(self.card).sides[self.side]
        if (self.disrupted or self.muted) and side.abilities:
            return side.model_copy(update={"abilities": []})  # Disrupting Ray; Orb of Inhibition (bottom)
        return side

    @property
    def tier(self) -> Tier:
        # H3-40.6: the arrow tower counts as a silver ranged unit for AI targeting.
        return "silver" if self.tower else load().unit(self.card).tier

    @property
    def type(self) -> UnitType:
        return self.stats().type

    def initiative(self) -> int:
        cart = self.machine_initiative if self.type == "ranged" else 0  # the Ammo Cart (H3-19): ranged units only
        return self.stats().initiative + self.initiative_bonus + self.round_initiative + cart

    def hp(self, side: SideName | None = None) -> int:
        """HP of the side up (or of ``side``), with ongoing bonuses."""
        base = self.stats().hp if side is None else load().unit(self.card).sides[side].hp
        if side is None and self.overlay is not None:
            return base  # the Cloak's own HP: card bonuses stay with the unit card beneath (house)
        return base + self.hp_bonus

    def remaining(self) -> int:
        return self.hp() - self.damage

    def has(self, effect: str) -> bool:
        return any(a.effect == effect for a in self.stats().abilities)

    def ability(self, effect: str) -> list[int] | int | None:
        for a in self.stats().abilities:
            if a.effect == effect:
                return a.faces() or a.amount()
        return None


class Structure(BaseModel):
    """A wall or the gate in the middle row (H3-39.4)."""

    model_config = ConfigDict(extra="forbid")

    col: int
    kind: Literal["wall", "gate"]
    destroyed: bool = False


class PendingAttack(BaseModel):
    """The attack being resolved: declared, cards played, die rolled, damage dealt."""

    model_config = ConfigDict(extra="forbid")

    attacker: str
    target: str
    retaliation: bool = False
    ranged: bool = False
    penalty: bool = False  # H3-28.3.2
    dice: list[int] = Field(default_factory=list)  # the attack die (two with a penalty/best-of)
    die: int | None = None  # the result used
    defense_die: int | None = None  # H3-33.9
    rerolled: bool = False
    repeat: bool = False  # a second attack granted by an ability (no further repeats)
    cancelled: bool = False  # cancelled by an ability (Archangels): no damage, no retaliation
    asked: bool = False  # the cancel question was already put
    asked_card: bool = False  # the Resurrection question was already put (H3-16, H3-35.4)
    cancelled_by_card: bool = False
    no_die: bool = False  # Bless: no attack die is rolled, so no die result exists
    die_times: int = 1  # Centaur's Axe: the die result counts this many times
    # seat -> a die-cancelling or die-re-rolling card readied (flow.die_window); secret (views.public_attack)
    ready: dict[int, str] = Field(default_factory=dict)


class PendingSpell(BaseModel):
    """A player's spell just cast (Power, card and spell count already paid, H3-15.3): its effect
    waits while the enemy may cancel it (Resistance, Surcoat of Counterpoise, Boots of Polarity)."""

    model_config = ConfigDict(extra="forbid")

    team: int
    action: dict[str, Any]  # the cast as offered (combat/cards.py), resolved afterwards
    power: int
    ai: bool = False  # an AI hero's spell (H3-41.7): ``action`` holds its AI spell and target
    cancelled: bool = False


Move = Literal["stay", "visit", "last_visited", "own_town", "removed"]


class SideOutcome(BaseModel):
    """What one side's hero and owner gain or lose on the adventure level when the combat ends
    (H3-37.4..H3-37.9, H3-38, H3-26.5). The adventure game applies it; the skirmish shows it.

    ``gold`` is the change already applied to ``CombatSide.gold`` (the combat's copy of the
    purse), so the host copies the purse back rather than adding ``gold`` a second time."""

    model_config = ConfigDict(extra="forbid")

    team: int
    owner: int | None
    hero: str | None
    main_hero: bool
    result: Literal["won", "lost", "retreated", "surrendered", "none"]
    xp: int = 0  # H3-38.1
    level_after: int | None = None  # H3-38.2: raised straight to level VII
    move: Move = "stay"  # H3-37.4 visit / H3-37.5 last visited / H3-37.6 own town / H3-37.8 removed
    eliminated_if_no_town: bool = False  # H3-37.6 / H3-5.3.2: no town or settlement to move to
    morale: int = 0  # H3-37.7: -1 = loses morale (H3-11.3, already applied to ``CombatSide.morale``)
    discard_hand: bool = False  # H3-11.4: a second negative token: discard the hand at the end of the next turn
    gold: int = 0  # H3-37.7 / H3-37.9
    faction_cubes: int = 0  # H3-37.7 / H3-37.8: cubes gained from the loser
    army: list[ArmyCard] = Field(default_factory=list)  # the unit deck after clean-up (H3-37.3)
    refill: bool = False  # H3-26.5: the unit deck is empty: replace it with the scenario's starting units


class CombatOutcome(BaseModel):
    """The combat's result as the adventure game consumes it: one ``SideOutcome`` per side."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["player", "neutral", "siege"]
    outcome: str
    winner: int | None
    instant: bool = False  # H3-30.5: a secondary hero chose instant defeat, no combat was fought
    sides: list[SideOutcome] = Field(default_factory=list)

    def side(self, team: int) -> SideOutcome:
        return self.sides[team]


class CombatResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    outcome: Literal["victory", "defeat", "retreat", "surrender", "quick", "instant"]
    winner: int | None  # team
    xp: int = 0
    level_after: int | None = None
    defeated: list[str] = Field(default_factory=list)  # uids
    consequences: CombatOutcome | None = None  # H3-37.4..H3-37.9, for the adventure game


class Combat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["player", "neutral", "siege"]
    board: Literal["standard"] = "standard"
    sides: list[CombatSide]
    units: list[Unit] = Field(default_factory=list)
    structures: list[Structure] = Field(default_factory=list)
    round: int = 0
    field_level: int | None = None  # neutral combats: the field's difficulty (I..VII as 1..7)
    time_limit: bool = False  # H3-36.1 / H3-36.4
    # H3-39.3: the defender fights in its own faction town, with walls (a siege) or without (no Citadel,
    # H3-39.2), so it may not surrender
    own_town: bool = False
    inhibited: bool = False  # Orb of Inhibition: spells and specialties deal no damage this combat
    last_tie: tuple[int, int] | None = None  # (initiative, team) of the last activation
    active: str | None = None
    moved_from: Cell | None = None
    attack: PendingAttack | None = None
    spell: PendingSpell | None = None  # a spell cast whose effect waits for the enemy's answer
    result: CombatResult | None = None
    attacks: int = 0  # counter, for event keys and tests
    reinforce_due: list[int] = Field(default_factory=list)  # teams owed a free reinforcement (neutral Skeletons)
    # H3-48.8 combat-side rows the host's table agreed to (the Clash copies them in when the combat
    # starts, adventure/encounters.py); empty in the skirmish, which offers no such options
    variants: list[str] = Field(default_factory=list)

    def variant(self, name: str) -> bool:
        """Whether the H3-48.8 row ``name`` is in force: kept on the combat itself so the combat
        code, which sees only ``CombatHost``, need not know which game hosts it."""
        return name in self.variants

    def geometry(self) -> CombatBoard:
        return BOARDS[self.board]

    def unit(self, uid: str) -> Unit:
        for u in self.units:
            if u.uid == uid:
                return u
        raise KeyError(uid)

    def find(self, uid: str) -> Unit | None:
        for u in self.units:
            if u.uid == uid:
                return u
        return None

    def at(self, cell: Cell) -> Unit | None:
        for u in self.units:
            if u.alive and u.pos == cell:
                return u
        return None

    def structure_at(self, cell: Cell) -> Structure | None:
        if cell[1] != 2 or not self.structures:
            return None
        for s in self.structures:
            if s.col == cell[0] and not s.destroyed:
                return s
        return None

    def on_board(self, team: int | None = None) -> list[Unit]:
        return [u for u in self.units if u.alive and u.pos is not None and (team is None or u.team == team)]

    def fighting(self, team: int) -> list[Unit]:
        """Units that keep a side in the fight (the arrow tower does not, H3-39.8)."""
        return [u for u in self.units if u.alive and u.placed and u.team == team and not u.tower]

    def controller(self, team: int) -> int | None:
        return self.sides[team].controller


BOARDS: dict[str, CombatBoard] = {"standard": GridBoard()}


class CombatHost(GameState):
    """What a game state needs to run combats: a flow queue, keys and the neutral decks."""

    steps: list[Step] = Field(default_factory=list)
    next_key: int = 0
    combat: Combat | None = None
    neutral_decks: dict[str, Deck[str]] = Field(default_factory=dict)  # H3-29.2, order hidden from all
