"""Heroes III Clash (adventure game) content as data: tiles, locations, towns, heroes, M&M cards, scenarios.

The Clash engine reads everything it knows about a printed component from the ``clash/*.json``
files and ``scenarios/*.json`` through ``clash_content()``; it never hard-codes a tile, a building
or a card. Effects are steps in a small vocabulary (``MAP_EFFECTS``, the adventure-game sibling
of the combat ``EFFECTS``) so a group can add a tile, a location or a scenario by editing data;
a step whose effect is ``text`` is shown and handed to the GM. The README says which values are
printed (public sources) and which are house, and every house value is labelled in the data.

Geometry (H3-22.9, Rec.): fields are pointy-top hexes in axial ``(q, r)`` coordinates (``q``
grows east, ``r`` grows south-east). A tile is the 7-hex flower around its centre field. Field
index 0 is the centre; 1..6 go clockwise from the north-east field (``FIELD_OFFSETS``). Tile
centres lie on the index-7 sub-lattice; ``TILE_DIRECTIONS`` lists the six neighbouring tile
centres clockwise, side 0 being the north-east neighbour. A rotation ``k`` turns a tile ``k``
times 60 degrees clockwise (``rotate``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..neutrals.difficulty import DIFFICULTIES, Difficulty, draw_plan
from . import FACTIONS, HERE, load

CLASH = HERE / "clash"
SCENARIOS = HERE / "scenarios"

ResourceName = Literal["gold", "building_materials", "valuables"]
RESOURCES: tuple[ResourceName, ...] = ("gold", "building_materials", "valuables")
TileKind = Literal["starting", "far", "near", "centre"]
TILE_KINDS: tuple[TileKind, ...] = ("starting", "far", "near", "centre")
Box = Literal["core", "tower", "rampart", "fortress", "inferno"]
Timing = Literal["instant", "activation", "map", "ongoing", "permanent", "start"]
Deckname = Literal["ability", "artifact", "spell"]

# Axial offsets of the 7 fields of a tile in its own orientation (rotation 0).
FIELD_OFFSETS: tuple[tuple[int, int], ...] = ((0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
# H3-22.9: the six neighbouring tile centres, clockwise from the north-east one.
TILE_DIRECTIONS: tuple[tuple[int, int], ...] = ((3, -2), (2, 1), (-1, 3), (-3, 2), (-2, -1), (1, -3))


def rotate(offset: tuple[int, int], rotation: int) -> tuple[int, int]:
    """Turn an axial offset ``rotation`` times 60 degrees clockwise (tiles rotate freely, H3-23.4)."""
    q, r = offset
    for _ in range(rotation % 6):
        q, r = -r, q + r
    return q, r


def field_hex(centre: tuple[int, int], index: int, rotation: int = 0) -> tuple[int, int]:
    """The map hex of field ``index`` of a tile whose centre field is ``centre``."""
    dq, dr = rotate(FIELD_OFFSETS[index], rotation)
    return centre[0] + dq, centre[1] + dr


def is_tile_centre(pos: tuple[int, int]) -> bool:
    """H3-22.9: tile centres form the lattice spanned by (2, 1) and (-1, 3); its index is 7."""
    q, r = pos
    return (3 * q + r) % 7 == 0


MAP_EFFECTS: frozenset[str] = frozenset(
    {
        "gain",  # gain the resources in ``gold``/``building_materials``/``valuables`` now
        "production",  # raise production by those amounts (H3-20.3); first flagger ever also gains them once
        "production_step",  # settlement: raise one chosen resource by one track step (``STEP``), H3-50.4.2
        "reinforce_discount",  # reinforce one unit of ``tiers`` at ``fraction`` of the cost (settlement, Hill Fort)
        "resource_dice",  # roll ``count`` resource dice, keep ``keep`` of them (H3-20.5)
        "treasure_dice",  # roll ``count`` treasure dice, resolve ``keep`` of them (H3-20.6)
        "xp",  # the main hero gains ``amount`` XP (H3-12.9)
        "search",  # Search (``x``) the ``deck`` deck, ``times`` times (H3-13.2.5)
        "morale",  # gain a ``polarity`` morale token (H3-11)
        "mp",  # the visiting hero gains ``amount`` MP this turn
        "discard_recall",  # look at the top ``x`` cards of your discard pile, take one back to hand (Magic Spring)
        "witch_hut",  # remove an ability card from hand, or look at the top ability card: keep or discard it
        "trade",  # trade resources with the supply by the trade table (H3-43.1.1)
        "remove_for_gold",  # remove one card from hand (not ``except`` kinds) to gain ``gold`` (H3-43.1.3)
        "remove_card",  # remove one card of ``kinds`` from hand (then ``then`` step, if any)
        "remove_then_search",  # remove a card from hand, then Search (``x``) one of ``decks`` (Market of Time)
        "discover_tile",  # discover a face-down adjacent tile or place one from your supply (Redwood Observatory)
        "secondary_hero",  # gain a secondary hero on this field (``else_gold`` if you already have one)
        "sanctuary",  # heroes here cannot be attacked (passive)
        "grail",  # take the grail token (H3-50.7); its effect is the scenario's
        "scenario",  # effect set by the scenario (Obelisk, Dragon Utopia)
        "town",  # a faction town: flag it or besiege it (H3-50.3)
        "buy_artifact",  # look at the top ``x`` of the artifact discard pile, buy one at ``prices`` by rank
        "swap_statistic",  # pay to replace a statistic card in hand or discard pile, up to ``times`` (Library)
        "search_discard",  # pay to take one of the top ``x`` cards of the ``deck`` discard pile (University)
        "enemy_discard_random",  # an enemy discards ``amount`` random cards (now, or ``when`` a hero combat begins)
        "draw",  # draw ``amount`` cards from your deck
        "recruit_discount",  # recruit/reinforce one unit with ``gold`` off its cost
        "unlock_tier",  # a dwelling: recruiting of ``tier`` units (H3-21.2)
        "reinforcing",  # Citadel: reinforcing with the population token (H3-26.3.2)
        "siege_defence",  # Citadel: walls, gate and arrow tower in a siege (H3-39)
        "spell_book",  # Mage Guild: the spell book token may buy Search (``x``) of the spell deck for ``cost``
        "hand_limit",  # hand limit +``amount``
        "remove_self",  # remove the played card from the game (H3-13.2.8)
        "discard",  # discard ``amount`` cards from hand (a cost inside an effect)
        "lose",  # lose the resources in the params, never below 0 (what you cannot pay is ignored)
        "next_income",  # at the next resource round every player's income changes by the params (may be negative)
        "hand_to_deck",  # shuffle the hand cards of ``kinds`` into your deck, then draw as many (Annoying Lizard)
        "cycle",  # discard up to ``max`` cards from hand, then draw as many (Cover of Darkness)
        "first_spell_returns",  # the first spell each player plays goes back to hand (until the next astrologer round)
        "spell_power_bonus",  # the first spell in each player's turn gets +``amount`` Power (``scope``)
        "clear_black_cubes",  # remove every black cube from the map; ``not_in_round``: redraw if drawn in that round
        "neutral_swap",  # a neutral combat's attacker may replace ``amount`` neutral card(s) by one of the same tier
        "reroll",  # once per ``per`` re-roll one die of ``dice``
        "flip_to_few",  # every player turns ``amount`` Pack unit(s) to the Few side, if they have one
        "tutor",  # go through the ``deck`` deck for ``card``, take it into hand, shuffle that deck
        "recall_discard",  # take ``amount`` card(s) of ``kinds`` (card kinds or ids) from your discard pile into hand
        "neutral_recruit",  # draw ``draw`` neutral card(s) of a tier you have a dwelling for; recruit one at its cost
        "reshuffle_discard",  # shuffle your discard pile into your deck
        "search_own_deck",  # look at your deck's top ``x`` cards, take one into hand, the rest to your discard pile
        "move_to_own_town",  # move the hero to a town or settlement its player controls (Town Portal)
        "remove_and_search",  # remove a card from hand, then Search (``x``) that card's deck (Spellbinder's Hat)
        "remove_any",  # remove one card from your hand or discard pile (H3-13.2.8)
        "scouting",  # played when a Search begins: it becomes Search (``x``) (cards/map_cards.py)
        "set_die",  # played when a die of ``dice`` was rolled on the map: turn it to a chosen face
        "logistics",  # at the end of this turn the hero may move to an adjacent empty field (cards/map_cards.py)
        "pass_through",  # this turn a hero may pass ``what`` (guards / blocked / any) fields unresolved (+``mp``)
        "diplomacy_pass",  # this turn, guards of the hero's level are skipped and the field visited, no XP
        "mysticism",  # played right after a spell is cast on the map: it (``with``: and its Power cards) back to hand
        "buy_war_machine",  # buy one war machine of the pile at its ``price`` ("factory" or "post"), H3-19.2
        "swap_unit",  # discard your ``unit`` card (``side`` up), then take ``to`` from the ``tier`` neutral deck
        "take_war_machine",  # take war machine ``card`` from the pile into your hand for free (Gem's First Aid)
        "deck_take_kinds",  # draw ``amount`` cards; keep those of ``kinds``, discard the others (Jeddite)
        "extra_ballista",  # until the round ends, ``amount`` more Ballista(s) in each combat of your army (Torosar IV)
        # [EXP: Fortress] the faction (town/cage.py, adventure/scholar.py, cards/map_cards.py)
        "cage_cube",  # Cage of Warlords: a faction cube on the building, ``max`` at most (combat/cage.py spends them)
        "scholar",  # Scholar (H3-50.8): roll the attack die; +1 a statistic card, 0 / -1 two ability / spell cards
        "artifact_for_cards",  # remove 1 card from hand or discard ``discard``, then draw the top artifact (Tazar VI)
        # [EXP: Inferno] (adventure/empowered.py)
        "empower_statistic",  # Star Axis (H3-50.8): a statistic card from hand removed for its empowered form
        "scholar_empower",  # Scholar (expert): remove it and up to ``max`` statistic cards, empowered ones to discard
        # [EXP: Fortress] event cards (H3-7.5, clash/events/): what each player does for their own part
        "treasure_gamble",  # roll ``count`` treasure dice: a ``fail`` face gives nothing, else keep ``keep``
        "remove_kinds",  # remove ``min``..``max`` cards of ``kinds``; each ``per`` removed: Search (``x``) of ``decks``
        "discard_cheapest_unit",  # discard your cheapest unit card from your army
        "neutral_peek",  # look at ``x`` cards of a neutral deck, buy one at its cost, put the rest on top or bottom
        "artifact_offer",  # draw ``x`` artifacts: buy one at ``prices``, or discard them for ``dice`` resource dice
        "draw_from",  # draw ``amount`` cards from your deck or from the top of your discard pile
        "discard_any",  # discard any number of cards from hand
        "draw_to_limit",  # draw up to your hand limit + ``amount``
        "discard_hand",  # discard your whole hand
        "pay_mp",  # spend ``amount`` MP of one of your heroes
        "hermit_gamble",  # name a resource, roll ``count`` resource dice: none shows it, keep one; else lose one
        "die_price_search",  # roll a resource die; you may pay what it shows to Search (``x``) the ``deck`` deck
        "propose_exchange",  # offer the other players one exchange of one resource for another
        # [EXP: Fortress] event cards the drawer resolves once for the whole table, asking each player in turn
        "merchant",  # reveal ``x`` cards of ``deck``; clockwise each player may buy one at ``prices`` by rank
        "auction",  # ``times``: reveal the top ``deck`` card; secret gold bids, the single highest bid takes it
        "spell_market",  # ``per_player`` spells each; each buys one for ``gold`` or ``valuables`` (or ``or_die``)
        "forest_pool",  # each adds a card of ``kinds`` face down to a pool, shuffled; each takes one or ``gold``
        "mercenary_camp",  # each lays out up to ``max`` neutral units; then each may recruit one of them
        "prison",  # pass-along neutral units (not azure): buy one of ``x`` or discard it for ``gold``
        "leprechaun",  # a pool of ``treasure`` + ``resource`` dice; each player's matching roll takes one die
        "text",  # shown and handed to the GM
    }
)


class Resources(BaseModel):
    """Three resources (H3-20.1); amounts in data are never negative."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold: int = Field(default=0, ge=0)
    building_materials: int = Field(default=0, ge=0)
    valuables: int = Field(default=0, ge=0)

    def get(self, name: ResourceName) -> int:
        return int(getattr(self, name))

    def as_dict(self) -> dict[str, int]:
        return {name: self.get(name) for name in RESOURCES}

    def total(self) -> int:
        return self.gold + self.building_materials + self.valuables


# Rec. (A-23, D-12): one production-track step per resource.
STEP = Resources(gold=5, building_materials=2, valuables=1)

StepParam = int | str | list[int] | list[str] | dict[str, int]


class Step(BaseModel):
    """One effect step in the ``MAP_EFFECTS`` vocabulary, with its parameters and our own short text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: str
    params: dict[str, StepParam] = Field(default_factory=dict)
    text: str = ""

    def num(self, key: str, default: int = 0) -> int:
        value = self.params.get(key, default)
        return value if isinstance(value, int) else default

    def word(self, key: str, default: str = "") -> str:
        value = self.params.get(key, default)
        return value if isinstance(value, str) else default

    def words(self, key: str) -> list[str]:
        value = self.params.get(key, [])
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    def resources(self) -> Resources:
        """The resource amounts of a gain/production/cost-like step (never negative)."""
        return Resources(**{name: self.num(name) for name in RESOURCES})

    def delta(self) -> dict[str, int]:
        """Signed resource amounts (``next_income`` may lower income)."""
        return {name: self.num(name) for name in RESOURCES}


class Choice(BaseModel):
    """One option of a visit or effect: pay ``cost`` (optional payments are always skippable, H3-50),
    then resolve ``steps`` in order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cost: Resources = Field(default_factory=Resources)
    steps: tuple[Step, ...] = ()
    # offered only when this box is in the game: a core location's expansion option, such as the
    # trading post's war machine (H3-43.1.2, [EXP: Rampart])
    box: Box | None = None


class Location(BaseModel):
    """A map location (H3-50). ``category``: V visitable (black cube), F flaggable (faction cube),
    R revisitable (1 MP to revisit), E empty, B blocked (H3-22.5, H3-22.8). ``choices``: the visitor
    picks one (a single choice is just resolved); ``optional`` says the visitor may decline all."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str  # English printed name; other languages in names.json under "location"
    category: Literal["visitable", "flaggable", "revisitable", "empty", "blocked"]
    kind: Literal[
        "empty",
        "blocked",
        "town",
        "settlement",
        "mine",
        "symbol",
        "visitable",
        "revisitable",
        "obelisk",
        "grail",
        "other",
    ]
    faction: str | None = None  # towns and settlements
    resource: ResourceName | None = None  # mines
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    multi_flag: bool = False  # several players may each flag it (Obelisk, H3-50.7)
    rule: str  # the H3 id that defines it
    box: Box = "core"
    house: bool = False
    text: str = ""  # our own words


class TileField(BaseModel):
    """One of a tile's 7 fields (H3-22.3): index 0 = centre, 1..6 clockwise from the north-east."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    index: int = Field(ge=0, le=6)
    location: str  # a Location id ("empty", "blocked", "mine_gold", ...)
    guard: int | None = Field(default=None, ge=1, le=7)  # field difficulty numeral I..VII (H3-22.6)

    @property
    def blocked(self) -> bool:
        return self.location == "blocked"


class Tile(BaseModel):
    """A printed map tile (H3-22): its 7 fields in our index order (centre, then clockwise from the
    north-east field). ``borders`` are the solid yellow lines (H3-22.7) no public source lists yet."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str  # printed code: "S1", "F2", "N3", "C1"; Tower tiles "#S1", "#F1", ...
    kind: TileKind
    band: str  # back numerals: "I", "II-III", "IV-V", "VI-VII"
    terrain: str
    faction: str | None = None  # starting tiles
    box: Box = "core"
    fields: tuple[TileField, ...]
    borders: tuple[tuple[int, int], ...] = ()  # (field index, edge 0..5 clockwise from NE): yellow lines, H3-22.7
    house: bool = False

    def field(self, index: int) -> TileField:
        return self.fields[index]


class Building(BaseModel):
    """A town building (H3-21). Effects by when they happen: ``built`` (immediate, once),
    ``resource_round`` (start of each resource round; several choices = the owner picks one),
    ``turn`` (once per own turn, optional; a first step with ``when: turn_start`` is offered only
    as the turn begins), ``passive`` (always on; ``when`` names a trigger such as ``astrologer_round``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str  # "<faction>_<slug>"
    name: str
    kind: Literal[
        "city_hall", "citadel", "mage_guild", "dwelling_bronze", "dwelling_silver", "dwelling_gold", "faction"
    ]
    cost: Resources
    requires: tuple[str, ...] = ()
    built: tuple[Choice, ...] = ()
    resource_round: tuple[Choice, ...] = ()
    turn: tuple[Choice, ...] = ()
    passive: tuple[Step, ...] = ()
    rule: str = "H3-21.2"
    house: bool = False
    text: str = ""


class TownBoard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    faction: str
    box: Box = "core"
    buildings: tuple[Building, ...]
    units: tuple[str, ...]  # the faction's 7 unit card ids (units.json), bronze to gold
    heroes: tuple[str, ...]  # hero board ids usable in this content
    settlement: str  # Location id
    town: str  # Location id
    starting_tile: str

    def building(self, building_id: str) -> Building:
        for b in self.buildings:
            if b.id == building_id:
                return b
        raise KeyError(building_id)


class Level(BaseModel):
    """A row of the level track (H3-12.9..12.12)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: int = Field(ge=1, le=7)
    xp: int = Field(ge=0)
    hand_limit: int
    expert_uses: int
    effect: Literal["specialty", "search_ability"]


class HeroBoard(BaseModel):
    """A hero board side for the adventure game (H3-12.4): statistics, class, starting ability and
    the three specialty cards by level (I, IV, VI)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    faction: str
    might: bool  # Might hero (1 Magic Arrow) or Magic hero (2), H3-6.12
    hero_class: str
    attack: int
    defense: int
    power: int
    knowledge: int
    ability: str  # MMCard id of the starting ability
    specialty: str  # the specialty's name key
    specialty_cards: dict[int, str]  # level (1, 4, 6) -> MMCard id
    box: Box = "core"
    house: bool = False


class CardEffect(BaseModel):
    """One effect of an M&M card: its printed timing type (H3-13.2.7) and a step in the combat card
    vocabulary (``combat`` = a cards.json id the combat engine plays) or the map vocabulary (``steps``);
    ``text`` (our words) when neither can express it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    timing: Timing
    combat: str | None = None
    steps: tuple[Step, ...] = ()
    text: str


class SpellTier(BaseModel):
    """One empower level of a spell (H3-15.2): the Power paid, what it does, and for spells that act on
    the map the steps of that level (Town Portal)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    power: int = Field(ge=0)
    text: str
    steps: tuple[Step, ...] = ()


class MMCard(BaseModel):
    """A Might & Magic card (H3-13..H3-17). Statistic and ability: ``basic`` + ``expert``. Spell:
    ``basic`` (Power 0), ``tiers`` (empower costs), ``alternative``. Specialty: ``basic`` only,
    ``hero``/``level``. Artifact: ``basic`` (top) and ``expert`` holds the bottom effect, ``rank``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    kind: Literal["statistic", "ability", "spell", "specialty", "artifact", "war_machine"]
    copies: int = Field(
        ge=0
    )  # copies in the shared deck (statistics: the supply; specialties: 1; war machines: the pile)
    copies_house: bool = False  # the count is ours: no public source gives it
    basic: CardEffect
    expert: CardEffect | None = None
    alternative: CardEffect | None = None
    tiers: tuple[SpellTier, ...] = ()
    school: Literal["air", "earth", "fire", "water", "any"] | None = None
    spell_level: Literal["basic", "expert"] | None = None
    rank: Literal["minor", "major", "relic"] | None = None
    hero: str | None = None
    level: int | None = None
    faction_only: str | None = None  # Necromancy (H3-14.3)
    removable: bool = True  # H3-43.1.3: statistics, specialties, starting abilities, Magic Arrow are not
    # H3-19.3 (D-4): a war machine's two prices, at a War Machine Factory and at a Trading Post
    factory_price: Resources | None = None
    post_price: Resources | None = None
    box: Box = "core"
    house: bool = False
    # [EXP: Inferno] H3-14.4: an empowered statistic card names the statistic it is the stronger form of
    empowers: str | None = None

    @model_validator(mode="after")
    def _machine_prices(self) -> MMCard:
        """H3-19.1 / H3-19.3: a war machine is a permanent with both prices; no other card has a price."""
        machine = self.kind == "war_machine"
        if machine and (self.factory_price is None or self.post_price is None or self.basic.timing != "permanent"):
            raise ValueError(f"card {self.id}: a war machine is permanent and has both prices (H3-19)")
        if not machine and (self.factory_price is not None or self.post_price is not None):
            raise ValueError(f"card {self.id}: only war machines have factory and trading-post prices")
        return self

    def price(self, where: Literal["factory", "post"]) -> Resources:
        """H3-19.2: the lower price at a factory, the higher at a trading post."""
        price = self.factory_price if where == "factory" else self.post_price
        assert price is not None, f"{self.id} is not a war machine"
        return price


class AstrologerCard(BaseModel):
    """An Astrologers Proclaim card (H3-7.3.2); lasts until the next astrologer round (A-10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    copies: int = 1
    steps: tuple[Step, ...] = ()  # resolved once when drawn (each player, clockwise from the starting player)
    duration: Literal["instant", "until_next"] = "until_next"
    text: str
    box: Box = "core"
    house: bool = False


class EventOption(BaseModel):
    """One option of an event card that each player chooses from (H3-7.5.4): pay ``cost`` (offered only to
    a player who can), then resolve ``steps``; ``faction``: offered only to that faction's player (Crypt,
    Cursed Swamp: Necropolis). ``text`` is our words for the option, shown in the question."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cost: Resources = Field(default_factory=Resources)
    steps: tuple[Step, ...] = ()
    faction: str | None = None
    text: str


class EventCard(BaseModel):
    """An event card of the Fortress box (H3-2.7.7, H3-7.5): drawn at the start of a resource round and
    resolved for every player clockwise from the drawer (H3-7.5.4). ``table`` steps are resolved once by
    the drawer and ask each player in turn (a market passed round the table); then each player resolves
    ``steps`` or chooses one of ``options`` for their own part."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str  # English printed name; other languages in names.json under "event"
    copies: int = Field(default=1, ge=1)
    copies_house: bool = False  # the count is ours: no public source gives it
    table: tuple[Step, ...] = ()
    steps: tuple[Step, ...] = ()
    options: tuple[EventOption, ...] = ()
    text: str
    box: Box = "fortress"
    house: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> EventCard:
        if not (self.table or self.steps or self.options):
            raise ValueError(f"event {self.id}: give table steps, steps or options (H3-7.5.4)")
        return self


class TimedEvent(BaseModel):
    """A scenario's event on the round tracker (H3-7.4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round: int = Field(ge=1)
    steps: tuple[Step, ...]
    who: Literal["all", "each_hero"] = "all"
    text: str
    house: bool = False


class Slot(BaseModel):
    """A tile position of a scenario map: ``centre`` is the axial hex of its centre field (a tile
    lattice point). Either a fixed ``tile`` or a ``pool`` drawn at random at setup (H3-22.2);
    ``seat`` (0-based) for starting tiles (``pool: starting`` = that seat's faction tile)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    centre: tuple[int, int]
    tile: str | None = None
    pool: TileKind | None = None
    seat: int | None = None
    ai: bool = False  # ``pool: starting`` of the AI enemy (Cooperative): its faction's starting tile
    face_up: bool = False
    rotation: int | None = None  # fixed rotation; None = the revealer chooses (H3-23.4)

    @model_validator(mode="after")
    def _one_source(self) -> Slot:
        if (self.tile is None) == (self.pool is None):
            raise ValueError(f"slot {self.centre}: give exactly one of tile / pool")
        if self.pool == "starting" and (self.seat is None) == (not self.ai):
            raise ValueError(f"slot {self.centre}: a starting slot needs a seat, or is the AI enemy's")
        return self


class Condition(BaseModel):
    """A victory or defeat condition as data, e.g. ``{"kind": "capture_all_towns"}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[
        "eliminate_all",  # H3-5.5
        "faction_cubes",  # H3-5.6 (3+ players)
        "capture_all_towns",  # flag every enemy town
        "most_towns_at_round_limit",  # at the round limit, most towns + settlements flagged wins
        "grail",  # hold the grail token
        "most_vp",  # Tournament (H3-45.5)
        "standard_elimination",  # defeat: H3-5.3
        "capture_ai_town",  # Cooperative (H3-3.2.4): the players hold the AI enemy's town
        "defeat_ai_heroes",  # Cooperative: every AI hero is defeated
        "ai_holds_a_town",  # Cooperative defeat: the AI enemy flags any player's town
        "round_limit_passes",  # Cooperative defeat: the round limit ends the game before a victory
    ]
    params: dict[str, StepParam] = Field(default_factory=dict)
    rule: str = "H3-5.1"
    house: bool = False
    text: str = ""


class TournamentSpec(BaseModel):
    """H3-45.2: pools the players build the map from. ``centre`` tiles are placed by the starting
    player per ``centre_slots``; Near tiles drawn from ``near`` (must include 2+ Obelisk tiles);
    each player then draws ``far_each`` Far tiles from ``far``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    centre: tuple[str, ...]
    centre_slots: tuple[tuple[int, int], ...]
    near: tuple[str, ...]
    far: tuple[str, ...]
    far_each: int
    removed_cards: tuple[str, ...] = ("diplomacy", "hourglass_of_the_evil_hour")  # H3-45.1
    vp: dict[str, int] = Field(default_factory=dict)  # H3-45.5 scoring table


class AiHeroSpec(BaseModel):
    """One AI hero of a Cooperative scenario (H3-41.1, D-8 ``ai_heroes``): ``hero`` a hero board of
    the AI faction (its name and portrait); ``units`` "unit_id:few|pack", or "tier:<tier>" for a
    neutral unit of that tier (H3-41.1); ``cards`` how many might, magic and skill AI cards
    (H3-41.6); ``spells`` the AI spell deck (H3-41.7); ``skill`` the set-aside ability (H3-41.8).
    ``deck``: AI heroes naming the same deck share it (H3-41.10); none = its own."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    hero: str
    units: tuple[str, ...]
    cards: dict[str, int] = Field(default_factory=lambda: {"might": 3, "magic": 1, "skill": 1})
    spells: tuple[str, ...] = ()
    skill: str | None = None
    deck: str | None = None


class AiSpec(BaseModel):
    """The AI enemy of a Cooperative scenario (H3-3.2.4, H3-41): its faction (whose starting tile is
    the slot marked ``ai``, with its town) and its heroes, who start in that town (H3-41.4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    faction: str
    heroes: tuple[AiHeroSpec, ...]


class Scenario(BaseModel):
    """A scenario (H3-3, D-8). Numbers not printed in a public source are house and say so."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    type: Literal["clash", "tournament", "alliance", "cooperative"]
    players: int = Field(ge=1, le=4)
    # H3-3.2.3: an Alliance scenario's teams, each a list of seats; empty for every other type
    teams: tuple[tuple[int, ...], ...] = ()
    factions: tuple[str, ...]  # allowed factions
    boxes: tuple[Box, ...] = ("core",)  # which tile sets the random pools draw from
    slots: tuple[Slot, ...] = ()
    far_supply: int = 0  # face-down Far tiles dealt to each player's own supply (H3-23.2)
    starting_resources: Resources
    starting_income: Resources
    prebuilt: tuple[str, ...] = ()  # building kinds pre-built for every player (H3-6.7): "city_hall", ...
    starting_units: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # faction -> "unit_id:few|pack" (H3-6.19)
    round_limit: int = Field(ge=1)
    victory: tuple[Condition, ...]
    defeat: tuple[Condition, ...] = (Condition(kind="standard_elimination", rule="H3-5.3"),)
    timed_events: tuple[TimedEvent, ...] = ()
    obelisk: tuple[Step, ...] = ()  # what flagging an Obelisk does in this scenario (H3-50.7)
    dragon_utopia: tuple[Step, ...] = ()
    grail: tuple[Step, ...] = ()
    difficulty: Difficulty = "normal"
    tournament: TournamentSpec | None = None
    ai: AiSpec | None = None  # Cooperative (H3-3.2.4): the AI enemy
    house: bool = True
    text: str = ""


class TradeRate(BaseModel):
    """D-11: give ``give_amount`` of ``give`` to get ``get_amount`` of ``get``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    give: ResourceName
    give_amount: int = Field(gt=0)
    get: ResourceName
    get_amount: int = Field(gt=0)


class DieFace(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: tuple[Step, ...]
    house: bool = False


class ClashContent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    locations: dict[str, Location]
    tiles: dict[str, Tile]
    towns: dict[str, TownBoard]
    heroes: dict[str, HeroBoard]
    cards: dict[str, MMCard]
    astrologers: dict[str, AstrologerCard]
    scenarios: dict[str, Scenario]
    levels: tuple[Level, ...]
    trade: tuple[TradeRate, ...]
    resource_die: tuple[DieFace, ...]  # H3-20.5, six faces
    treasure_die: tuple[DieFace, ...]  # H3-20.6, six faces (D-9; printed in S-H1)
    attack_die: tuple[int, ...]  # H3-20.7, six faces: -1, 0, +1 twice each (D-9; printed in S-H1)
    events: dict[str, EventCard] = Field(default_factory=dict)  # [EXP: Fortress] H3-7.5

    def tiles_of(self, kind: TileKind, boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """Tile ids of a kind in the given boxes, sorted (a pool for H3-22.2)."""
        return sorted(t.id for t in self.tiles.values() if t.kind == kind and t.box in boxes)

    def starting_tile(self, faction: str) -> Tile:
        return self.tiles[self.towns[faction].starting_tile]

    def level(self, level: int) -> Level:
        return self.levels[level - 1]

    def level_for_xp(self, xp: int) -> int:
        """H3-12.9: 2 XP per level, level VII at most."""
        return max(row.level for row in self.levels if row.xp <= xp)

    def deck(self, kind: Literal["ability", "artifact", "spell"], boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """The shared deck of ``kind`` (H3-6.15) with copies, sorted; Magic Arrows left over from
        starting decks are added by the engine (H3-6.15)."""
        out: list[str] = []
        for card in sorted(self.cards.values(), key=lambda c: c.id):
            if card.kind == kind and card.box in boxes:
                out += [card.id] * card.copies
        return out

    def war_machines(self, boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """H3-6.32: the face-up pile of war machine cards of the boxes in play, with copies, sorted."""
        out: list[str] = []
        for card in sorted(self.cards.values(), key=lambda c: c.id):
            if card.kind == "war_machine" and card.box in boxes:
                out += [card.id] * card.copies
        return out

    def empowered_pile(self, boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """H3-6.28 [EXP: Inferno]: the face-up pile of empowered statistic cards of the boxes in play, with
        copies, sorted."""
        out: list[str] = []
        for card in sorted(self.cards.values(), key=lambda c: c.id):
            if card.empowers is not None and card.box in boxes:
                out += [card.id] * card.copies
        return out

    def astrologer_deck(self, boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """The astrologer cards of the boxes in play (H3-6.21), sorted; the engine shuffles them."""
        out: list[str] = []
        for card in sorted(self.astrologers.values(), key=lambda a: a.id):
            if card.box in boxes:
                out += [card.id] * card.copies
        return out

    def event_deck(self, boxes: tuple[str, ...] = ("core",)) -> list[str]:
        """The event cards of the boxes in play (H3-6.24, [EXP: Fortress]), with copies, sorted; the
        engine shuffles them."""
        out: list[str] = []
        for card in sorted(self.events.values(), key=lambda e: e.id):
            if card.box in boxes:
                out += [card.id] * card.copies
        return out

    def starting_deck(self, hero: str) -> list[str]:
        """H3-6.11..6.13: statistics by the board, 1 or 2 Magic Arrows, starting ability, level I specialty."""
        h = self.heroes[hero]
        deck = ["attack"] * h.attack + ["defense"] * h.defense + ["power"] * h.power + ["knowledge"] * h.knowledge
        deck += ["magic_arrow"] * (1 if h.might else 2)
        return deck + [h.ability, h.specialty_cards[1]]

    def guards(self, level: int, difficulty: Difficulty) -> list[str]:
        """D-10: the neutral tiers guarding a field of ``level`` at ``difficulty`` (neutrals/difficulty.py)."""
        return list(draw_plan(level, difficulty))

    def recruit_cost(self, unit_id: str) -> Resources:
        """H3-26.3: recruiting pays the cost printed on the Few side (a neutral card's only side)."""
        sides = load().units[unit_id].sides
        side = sides["few"] if "few" in sides else sides["neutral"]
        return Resources.model_validate(side.cost)

    def reinforce_cost(self, unit_id: str) -> Resources:
        """H3-26.3.2: reinforcing Few -> Pack pays the cost printed on the Pack side (our reading of the
        two printed costs; neutral units cannot be reinforced, H3-26.7)."""
        return Resources.model_validate(load().units[unit_id].sides["pack"].cost)

    def removable(self, card_id: str, hero: str) -> bool:
        """H3-43.1.3: statistic and specialty cards, Magic Arrows and the main hero's own starting
        ability card cannot be removed at a trading post."""
        card = self.cards[card_id]
        return card.removable and card_id != self.heroes[hero].ability

    def trade_rate(self, give: ResourceName, get: ResourceName) -> TradeRate | None:
        for rate in self.trade:
            if rate.give == give and rate.get == get:
                return rate
        return None


def _read(name: str) -> object:
    return json.loads((CLASH / name).read_text(encoding="utf-8"))


def _as_list(data: object, key: str) -> list[dict[str, object]]:
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ValueError(f"clash content: expected a list under {key!r}")
    return [item for item in data[key] if isinstance(item, dict)]


@cache
def clash_content() -> ClashContent:
    """Load and cross-check all Clash content (cached; content is immutable)."""
    locations = {x["id"]: Location.model_validate(x) for x in _as_list(_read("locations.json"), "locations")}
    tiles = {x["id"]: Tile.model_validate(x) for x in _as_list(_read("tiles.json"), "tiles")}
    towns_data = _read("towns.json")
    towns = {x["faction"]: TownBoard.model_validate(x) for x in _as_list(towns_data, "towns")}
    heroes = {x["id"]: HeroBoard.model_validate(x) for x in _as_list(_read("heroes.json"), "heroes")}
    cards = {x["id"]: MMCard.model_validate(x) for x in _as_list(_read("cards.json"), "cards")}
    astro = {x["id"]: AstrologerCard.model_validate(x) for x in _as_list(_read("astrologers.json"), "astrologers")}
    events = {x["id"]: EventCard.model_validate(x) for x in _as_list(_read("events.json"), "events")}
    tables = _read("tables.json")
    if not isinstance(tables, dict):
        raise ValueError("clash content: tables.json must be an object")
    scenarios: dict[str, Scenario] = {}
    for path in sorted(SCENARIOS.glob("*.json")):
        scenario = Scenario.model_validate(json.loads(path.read_text(encoding="utf-8")))
        scenarios[scenario.id] = scenario
    content = ClashContent(
        locations=locations,
        tiles=tiles,
        towns=towns,
        heroes=heroes,
        cards=cards,
        astrologers=astro,
        scenarios=scenarios,
        levels=tuple(Level.model_validate(x) for x in _as_list(tables, "levels")),
        trade=tuple(TradeRate.model_validate(x) for x in _as_list(tables, "trade")),
        resource_die=tuple(DieFace.model_validate(x) for x in _as_list(tables, "resource_die")),
        treasure_die=tuple(DieFace.model_validate(x) for x in _as_list(tables, "treasure_die")),
        attack_die=tuple(int(x) for x in tables.get("attack_die", [])),
        events=events,
    )
    problems = validate(content)
    if problems:
        raise ValueError("clash content:\n" + "\n".join(problems))
    return content


def _steps_of(content: ClashContent) -> list[tuple[str, Step]]:
    out: list[tuple[str, Step]] = []
    for loc in content.locations.values():
        out += [(loc.id, s) for c in loc.choices for s in c.steps]
    for town in content.towns.values():
        for b in town.buildings:
            for group in (b.built, b.resource_round, b.turn):
                out += [(b.id, s) for c in group for s in c.steps]
            out += [(b.id, s) for s in b.passive]
    for card in content.cards.values():
        for eff in (card.basic, card.expert, card.alternative):
            if eff is not None:
                out += [(card.id, s) for s in eff.steps]
        out += [(card.id, s) for tier in card.tiers for s in tier.steps]
    for a in content.astrologers.values():
        out += [(a.id, s) for s in a.steps]
    for e in content.events.values():
        out += [(e.id, s) for s in (*e.table, *e.steps, *(s for o in e.options for s in o.steps))]
    for sc in content.scenarios.values():
        for ev in sc.timed_events:
            out += [(sc.id, s) for s in ev.steps]
        out += [(sc.id, s) for s in (*sc.obelisk, *sc.dragon_utopia, *sc.grail)]
    for die in (content.resource_die, content.treasure_die):
        out += [("die", s) for face in die for s in face.steps]
    return out


def validate(content: ClashContent) -> list[str]:
    """Loader-time cross-check: every referenced id exists, every tile has 7 fields (H3-22.3),
    scenario slots sit on the tile lattice without overlap, effects use the vocabulary."""
    problems: list[str] = []
    combat = load()
    for owner, step in _steps_of(content):
        if step.effect not in MAP_EFFECTS:
            problems.append(f"{owner}: unknown map effect {step.effect!r}")
    for tile in content.tiles.values():
        if [f.index for f in tile.fields] != list(range(7)):
            problems.append(f"tile {tile.id}: fields must be indexed 0..6 in order")
        for f in tile.fields:
            loc = content.locations.get(f.location)
            if loc is None:
                problems.append(f"tile {tile.id} field {f.index}: unknown location {f.location!r}")
            elif loc.box not in ("core", tile.box):
                problems.append(f"tile {tile.id} field {f.index}: {loc.id} belongs to the {loc.box} box")
        if tile.kind == "starting":
            centre = content.locations.get(tile.fields[0].location)
            if centre is None or centre.kind != "town" or centre.faction != tile.faction:
                problems.append(f"tile {tile.id}: a starting tile has its faction's town at the centre (H3-21.1)")
    for faction, town in content.towns.items():
        if faction not in FACTIONS:
            problems.append(f"town {faction}: unknown faction")
        ids = {b.id for b in town.buildings}
        for b in town.buildings:
            problems += [f"{b.id}: requires unknown {r!r}" for r in b.requires if r not in ids]
        for unit in town.units:
            if unit not in combat.units:
                problems.append(f"town {faction}: unknown unit {unit!r}")
        for hero_id in town.heroes:
            if hero_id not in content.heroes:
                problems.append(f"town {faction}: unknown hero {hero_id!r}")
        for ref in (town.settlement, town.town):
            if ref not in content.locations:
                problems.append(f"town {faction}: unknown location {ref!r}")
        if town.starting_tile not in content.tiles:
            problems.append(f"town {faction}: unknown starting tile {town.starting_tile!r}")
    for hero in content.heroes.values():
        refs = [hero.ability, *hero.specialty_cards.values()]
        problems += [f"hero {hero.id}: unknown card {c!r}" for c in refs if c not in content.cards]
        if sorted(hero.specialty_cards) != [1, 4, 6]:
            problems.append(f"hero {hero.id}: specialty cards for levels I, IV, VI (H3-16.1)")
        total = hero.attack + hero.defense + hero.power + hero.knowledge
        if total != (6 if hero.might else 5):
            problems.append(f"hero {hero.id}: statistics sum to 6 (might) or 5 (magic), H3-6.13.1")
    for card in content.cards.values():
        for eff in (card.basic, card.expert, card.alternative):
            if eff is not None and eff.combat is not None and eff.combat not in combat.cards:
                problems.append(f"card {card.id}: unknown combat card {eff.combat!r}")
    for e in content.events.values():
        problems += [
            f"event {e.id}: unknown faction {o.faction!r}" for o in e.options if o.faction and o.faction not in FACTIONS
        ]
    for sc in content.scenarios.values():
        problems += _check_scenario(content, sc)
    return problems


def _check_scenario(content: ClashContent, sc: Scenario) -> list[str]:
    problems: list[str] = []
    seen: set[tuple[int, int]] = set()
    for slot in sc.slots:
        if not is_tile_centre(slot.centre):
            problems.append(f"scenario {sc.id}: slot {slot.centre} is not on the tile lattice (H3-22.9)")
        if slot.centre in seen:
            problems.append(f"scenario {sc.id}: two slots at {slot.centre}")
        seen.add(slot.centre)
        if slot.tile is not None and slot.tile not in content.tiles:
            problems.append(f"scenario {sc.id}: unknown tile {slot.tile!r}")
        if slot.seat is not None and not 0 <= slot.seat < sc.players:
            problems.append(f"scenario {sc.id}: seat {slot.seat} out of range")
    if sc.slots and not _connected([s.centre for s in sc.slots]):
        problems.append(f"scenario {sc.id}: the tile slots do not form one connected map (H3-23.3)")
    seats = sorted(s.seat for s in sc.slots if s.pool == "starting" and s.seat is not None)
    if sc.type in ("clash", "alliance") and seats != list(range(sc.players)):
        problems.append(f"scenario {sc.id}: one starting slot per seat")
    problems += _check_teams(sc)
    for faction in sc.factions:
        if faction not in content.towns:
            problems.append(f"scenario {sc.id}: no town board for {faction!r}")
    for kind in TILE_KINDS[1:]:
        wanted = sum(1 for s in sc.slots if s.pool == kind)
        if kind == "far":
            wanted += sc.far_supply * sc.players
        fixed = {s.tile for s in sc.slots if s.tile is not None}
        available = [t for t in content.tiles_of(kind, sc.boxes) if t not in fixed]
        if wanted > len(available):
            problems.append(f"scenario {sc.id}: needs {wanted} {kind} tiles, the boxes hold {len(available)}")
    if sc.tournament is not None:
        spec = sc.tournament
        for tile in (*spec.centre, *spec.near, *spec.far):
            if tile not in content.tiles:
                problems.append(f"scenario {sc.id}: unknown tournament tile {tile!r}")
        obelisks = sum(1 for t in spec.near if t in content.tiles and _has(content.tiles[t], "obelisk"))
        if obelisks < 2:
            problems.append(f"scenario {sc.id}: Tournament needs 2+ Near tiles with an Obelisk (H3-45.2.2)")
        if spec.far_each * 2 > len(spec.far):
            problems.append(f"scenario {sc.id}: not enough Far tiles for the Tournament")
        for c in spec.removed_cards:
            if c not in content.cards:
                problems.append(f"scenario {sc.id}: unknown removed card {c!r}")
    for faction in sc.factions:
        if faction not in sc.starting_units:
            problems.append(f"scenario {sc.id}: no starting units for {faction!r}")
    for faction, units in sc.starting_units.items():
        town = content.towns.get(faction)
        for entry in units:
            unit, _, side = entry.partition(":")
            if town is None or unit not in town.units or side not in ("few", "pack"):
                problems.append(f"scenario {sc.id}: bad starting unit {entry!r} for {faction!r}")
    for building in sc.prebuilt:
        if building not in (
            "city_hall",
            "citadel",
            "mage_guild",
            "dwelling_bronze",
            "dwelling_silver",
            "dwelling_gold",
        ):
            problems.append(f"scenario {sc.id}: unknown pre-built building kind {building!r}")
    return problems


def _check_teams(sc: Scenario) -> list[str]:
    """H3-3.2.3: an Alliance scenario splits its seats into teams (normally 2 vs 2), every seat in
    exactly one team; no other scenario type has teams."""
    if sc.type != "alliance":
        return [f"scenario {sc.id}: only Alliance scenarios have teams (H3-3.2.3)"] if sc.teams else []
    members = sorted(s for team in sc.teams for s in team)
    problems: list[str] = []
    if members != list(range(sc.players)):
        problems.append(f"scenario {sc.id}: every seat in exactly one team (H3-3.2.3)")
    if len(sc.teams) < 2 or any(not team for team in sc.teams):
        problems.append(f"scenario {sc.id}: an Alliance needs two or more teams (H3-3.2.3)")
    return problems


def _connected(centres: list[tuple[int, int]]) -> bool:
    """Whether the tile positions form one group through neighbouring tiles (TILE_DIRECTIONS)."""
    todo = [centres[0]]
    seen = {centres[0]}
    wanted = set(centres)
    while todo:
        q, r = todo.pop()
        for dq, dr in TILE_DIRECTIONS:
            nxt = (q + dq, r + dr)
            if nxt in wanted and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == wanted


def _has(tile: Tile, location: str) -> bool:
    return any(f.location == location for f in tile.fields)


__all__ = [
    "DIFFICULTIES",
    "FIELD_OFFSETS",
    "MAP_EFFECTS",
    "RESOURCES",
    "STEP",
    "TILE_DIRECTIONS",
    "AstrologerCard",
    "Building",
    "CardEffect",
    "Choice",
    "ClashContent",
    "Condition",
    "DieFace",
    "EventCard",
    "EventOption",
    "HeroBoard",
    "Level",
    "Location",
    "MMCard",
    "Resources",
    "Scenario",
    "Slot",
    "SpellTier",
    "Step",
    "Tile",
    "TileField",
    "TimedEvent",
    "TournamentSpec",
    "TownBoard",
    "TradeRate",
    "clash_content",
    "field_hex",
    "is_tile_centre",
    "rotate",
]
