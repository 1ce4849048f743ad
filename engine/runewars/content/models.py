"""Pydantic models for every printed Runewars component the rules refer to (D-1..D-17).

Why models at all: the content is data that a group may replace with a transcription
of their own printed game, so every file is validated on load and a typo fails loudly
with the field's path instead of surfacing mid-game. Every model is frozen (the
content is shared by all games in the process) and forbids unknown keys.

Every entry carries ``house``: ``false`` for facts taken from the public references
(``shared/reference/game-data.md``), ``true`` for house content invented so the game is
playable. ``note`` says which parts of a partly-known entry are house values.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.hexgrid import DIRECTIONS, Hex, connected_components, direction_to, neighbour, rotate
from engine.runewars.content.effects import Condition, Effects, Shape, walk

Fate = Literal["ALLY", "WITHDRAW", "CONFRONT"]
Alignment = Literal["good", "evil"]
HeroAlignment = Literal["good", "neutral", "evil"]
Season = Literal["spring", "summer", "autumn", "winter"]
Trait = Literal["swift", "flying"]
Border = Literal["none", "water", "mountain"]
Direction = Literal["E", "NE", "NW", "W", "SW", "SE"]

#: Direction names in the index order of ``engine.core.hexgrid.DIRECTIONS``, so that
#: edge ``DIRECTION_NAMES[i]`` of a hex faces ``neighbour(h, i)``.
DIRECTION_NAMES: tuple[Direction, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTION_INDEX: dict[str, int] = {name: i for i, name in enumerate(DIRECTION_NAMES)}

NEUTRAL = "neutral"


class ContentModel(BaseModel):
    """Base for content: immutable and strict, so a misspelt key is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Entry(ContentModel):
    """A printed component; ``house`` is required so no file can leave provenance implicit."""

    house: bool
    note: str | None = None


# --------------------------------------------------------------------------- D-3 destiny


class DestinyIcon(ContentModel):
    """One icon in a shape section (RW-13.3). ``blank`` has amount 0 and stands alone."""

    kind: Literal["blank", "special", "rout", "damage"]
    amount: int = Field(ge=0)

    @model_validator(mode="after")
    def _amount_fits_kind(self) -> DestinyIcon:
        if (self.kind == "blank") != (self.amount == 0):
            raise ValueError("a blank icon has amount 0 and every other icon amount >= 1")
        return self


Section = tuple[DestinyIcon, ...]


class DestinyCard(Entry):
    """A destiny card (D-3): fate symbol, four shape sections, special number 1-30.

    Sections are lists so a transcription with two icons in one section fits (D-3).
    """

    number: int = Field(ge=1, le=30)
    fate: Fate
    triangle: Section = Field(min_length=1)
    rectangle: Section = Field(min_length=1)
    hexagon: Section = Field(min_length=1)
    circle: Section = Field(min_length=1)

    @model_validator(mode="after")
    def _blank_stands_alone(self) -> DestinyCard:
        for shape in ("triangle", "rectangle", "hexagon", "circle"):
            icons = getattr(self, shape)
            if len(icons) > 1 and any(i.kind == "blank" for i in icons):
                raise ValueError(f"card {self.number}: a blank {shape} section holds no other icon")
        return self

    def section(self, shape: Shape) -> Section:
        """The section a unit of base shape ``shape`` reads (RW-13.4); heroes read circle."""
        section: Section = getattr(self, shape)
        return section

    def total(self, shape: Shape, kind: Literal["special", "rout", "damage"]) -> int:
        return sum(i.amount for i in self.section(shape) if i.kind == kind)

    def is_blank(self, shape: Shape) -> bool:
        return all(i.kind == "blank" for i in self.section(shape))


# --------------------------------------------------------------------------- RW-7 orders


class OrderCard(Entry):
    """One of the 8 order cards every faction owns (RW-7.1). Fortify has no bonus."""

    number: int = Field(ge=1, le=8)
    name: str
    basic_ability: str
    highest_bonus: str | None
    rule: str

    @model_validator(mode="after")
    def _only_fortify_lacks_bonus(self) -> OrderCard:
        if (self.number == 8) != (self.highest_bonus is None):
            raise ValueError("exactly order #8 (Fortify) has no highest bonus (RW-18.8.2)")
        return self


# --------------------------------------------------------------------------- D-1/D-2 units


class UnitSpecial(ContentModel):
    """A unit's special ability: the printed text plus the effects the engine resolves."""

    name: str
    text: str
    effects: Effects


class UnitType(Entry):
    """A faction or neutral unit type (D-1, D-2). ``count`` is the figure supply (RW-1.9.2)."""

    id: str = Field(pattern=r"^[A-Z][A-Z_]*$")
    name: str
    faction: str
    count: int = Field(ge=1)
    shape: Shape
    health: int = Field(ge=1)
    initiative: int = Field(ge=1, le=5)
    traits: tuple[Trait, ...] = ()
    special: UnitSpecial

    @property
    def is_neutral(self) -> bool:
        return self.faction == NEUTRAL


# --------------------------------------------------------------------------- D-1 factions


class DialPosition(ContentModel):
    """One dial position: its value and the icons printed there (RW-9.1)."""

    value: int = Field(ge=0)
    units: tuple[str, ...] = ()
    tactics: int = Field(default=0, ge=0)
    influence: int = Field(default=0, ge=0)


class Dial(ContentModel):
    """A resource dial track; ``start_position`` is the red-highlighted value (RW-3.7)."""

    positions: tuple[DialPosition, ...] = Field(min_length=2)
    start_position: int = Field(ge=0)

    @model_validator(mode="after")
    def _values_are_a_track(self) -> Dial:
        values = [p.value for p in self.positions]
        if values[0] != 0 or any(b <= a for a, b in itertools.pairwise(values)):
            raise ValueError(f"dial values must start at 0 and increase: {values}")
        if self.start_position >= len(self.positions):
            raise ValueError("start_position is beyond the dial")
        return self

    @property
    def max_value(self) -> int:
        return self.positions[-1].value

    @property
    def start_value(self) -> int:
        return self.positions[self.start_position].value

    def at_or_below(self, value: int) -> tuple[DialPosition, ...]:
        """Every position whose value is at most ``value`` (RW-9.5 "at or below")."""
        return tuple(p for p in self.positions if p.value <= value)

    def units_at_or_below(self, value: int) -> tuple[str, ...]:
        """Units Recruit gives from this dial at ``value`` (RW-18.5.1), one per icon."""
        return tuple(u for p in self.at_or_below(value) for u in p.units)

    def tactics_at_or_below(self, value: int) -> int:
        return sum(p.tactics for p in self.at_or_below(value))

    def influence_at_or_below(self, value: int) -> int:
        return sum(p.influence for p in self.at_or_below(value))


class Dials(ContentModel):
    food: Dial
    wood: Dial
    ore: Dial

    def get(self, resource: Literal["food", "wood", "ore"]) -> Dial:
        dial: Dial = getattr(self, resource)
        return dial


class DefenseDevelopment(ContentModel):
    """The faction-specific defense development (RW-19.4)."""

    name: str
    text: str
    effects: Effects
    discarded_after_use: bool


class StrongholdToken(ContentModel):
    """Stronghold strength per side (D-15); ``count`` tokens per faction (RW-1.4)."""

    count: int = Field(ge=1)
    intact: int = Field(ge=0)
    damaged: int = Field(ge=0)

    @model_validator(mode="after")
    def _damaged_not_stronger(self) -> StrongholdToken:
        if self.damaged > self.intact:
            raise ValueError("a damaged stronghold cannot be stronger than an intact one")
        return self


class DevelopmentTokens(ContentModel):
    """How many development tokens of each type a faction owns (D-14)."""

    resource: int = Field(ge=0)
    diplomacy: int = Field(ge=0)
    training: int = Field(ge=0)
    defense: int = Field(ge=0)

    @property
    def total(self) -> int:
        return self.resource + self.diplomacy + self.training + self.defense


class Faction(Entry):
    """A faction sheet (D-1) plus the faction's tokens (D-14, D-15)."""

    id: str = Field(pattern=r"^[A-Z]+$")
    name: str
    colour: str
    alignment: Alignment
    starting_influence: int = Field(ge=0)
    starting_tactics: int = Field(ge=0)
    dials: Dials
    unit_types: tuple[str, ...]
    defense_development: DefenseDevelopment
    stronghold: StrongholdToken
    developments: DevelopmentTokens

    def setup_recruits(self) -> tuple[str, ...]:
        """Units recruited at setup from all three dials at their starts (RW-3.8.2, AMB-18)."""
        return tuple(
            u
            for dial in (self.dials.food, self.dials.wood, self.dials.ore)
            for u in dial.units_at_or_below(dial.start_value)
        )


# --------------------------------------------------------------------------- D-4 map


class NeutralSetup(ContentModel):
    unit_type: str
    count: int = Field(ge=1)


class Area(ContentModel):
    """One hex of a tile (RW-2.1) at local axial coordinates (q, r).

    ``borders`` lists coloured edges only (a missing edge is ``none``). A mountain edge
    needs one plastic mountain; ``mountain_slots`` names the edges of this area where
    one stands. An edge shared by two areas of the same tile is slotted on one of them.
    """

    area_id: str = Field(pattern=r"^[0-9]+[A-Z]$")
    q: int
    r: int
    terrain: Literal["plains", "forest", "hills", "mountains", "marsh", "lake", "wasteland"]
    food: int = Field(default=0, ge=0)
    wood: int = Field(default=0, ge=0)
    ore: int = Field(default=0, ge=0)
    neutrals: tuple[NeutralSetup, ...] = ()
    city_spot: bool = False
    borders: dict[Direction, Border] = Field(default_factory=dict)
    mountain_slots: tuple[Direction, ...] = ()

    @model_validator(mode="after")
    def _slots_on_mountains(self) -> Area:
        for d in self.mountain_slots:
            if self.borders.get(d) != "mountain":
                raise ValueError(f"{self.area_id}: mountain slot on {d}, which is not a mountain edge")
        if len(set(self.mountain_slots)) != len(self.mountain_slots):
            raise ValueError(f"{self.area_id}: duplicate mountain slot")
        return self

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    def border(self, direction: int) -> Border:
        """The border type of edge ``direction`` (index into ``DIRECTIONS``)."""
        return self.borders.get(DIRECTION_NAMES[direction % 6], "none")


@dataclass(frozen=True)
class PlacedArea:
    """An area after its tile was rotated and moved onto the board.

    ``borders[i]`` is the border facing ``neighbour(hex, i)`` on the board.
    """

    area_id: str
    tile_id: str
    hex: Hex
    borders: tuple[Border, Border, Border, Border, Border, Border]


def rotate_direction(direction: int, steps: int) -> int:
    """The direction edge ``direction`` faces after ``rotate(..., steps)``.

    Computed from ``rotate`` itself so it always agrees with the kernel's sense of turn.
    """
    turned = rotate(DIRECTIONS[direction % 6], steps)
    result = direction_to(Hex(0, 0), turned)
    assert result is not None
    return result


class MapTile(Entry):
    """A map tile (D-4): 2-4 areas; a home tile has exactly 3 mutually adjacent areas.

    Area ids are the tile id plus a letter, so quest cards (RW-21.9.1) find their tile.
    """

    tile_id: str = Field(pattern=r"^[0-9]+$")
    is_home: bool
    faction: str | None = None
    setup_quest: str | None = None
    areas: tuple[Area, ...] = Field(min_length=2, max_length=4)

    @model_validator(mode="after")
    def _geometry(self) -> MapTile:
        where = f"tile {self.tile_id}"
        if self.is_home != (self.faction is not None):
            raise ValueError(f"{where}: a home tile names its faction and only a home tile does")
        hexes = [a.hex for a in self.areas]
        if len(set(hexes)) != len(hexes):
            raise ValueError(f"{where}: two areas share a hex")
        if len(connected_components(hexes)) != 1:
            raise ValueError(f"{where}: areas are not connected")
        for a in self.areas:
            if not (a.area_id[:-1] == self.tile_id):
                raise ValueError(f"{where}: area {a.area_id} does not belong to this tile's numbering")
        if self.is_home:
            if len(self.areas) != 3 or any(
                direction_to(x, y) is None for i, x in enumerate(hexes) for y in hexes[i + 1 :]
            ):
                raise ValueError(f"{where}: a home tile is 3 mutually adjacent areas (RW-2.6, RW-4.8)")
            if self.setup_quest is not None:
                raise ValueError(f"{where}: home tiles are not dealt by setup quests (RW-4.2)")
        by_hex = {a.hex: a for a in self.areas}
        for a in self.areas:
            for d in range(6):
                other = by_hex.get(neighbour(a.hex, d))
                if other is None:
                    continue
                back = (d + 3) % 6
                if a.border(d) != other.border(back):
                    raise ValueError(f"{where}: {a.area_id} and {other.area_id} disagree about their shared edge")
                if a.border(d) == "mountain":
                    slots = (DIRECTION_NAMES[d] in a.mountain_slots) + (DIRECTION_NAMES[back] in other.mountain_slots)
                    if slots != 1:
                        raise ValueError(
                            f"{where}: the mountain between {a.area_id} and {other.area_id} needs exactly one slot"
                        )
            for d in range(6):
                if a.border(d) == "mountain" and neighbour(a.hex, d) not in by_hex:
                    if DIRECTION_NAMES[d] not in a.mountain_slots:
                        raise ValueError(f"{where}: outer mountain edge {a.area_id} {DIRECTION_NAMES[d]} has no slot")
        return self

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(a.hex for a in self.areas)

    @property
    def mountain_count(self) -> int:
        """Plastic mountains this tile needs (RW-1.6)."""
        return sum(len(a.mountain_slots) for a in self.areas)

    def area(self, area_id: str) -> Area:
        for a in self.areas:
            if a.area_id == area_id:
                return a
        raise KeyError(area_id)

    def place(self, rotation: int, offset: Hex) -> tuple[PlacedArea, ...]:
        """This tile turned by ``rotation`` sixths (``hexgrid.rotate``) about its (0, 0), then moved by ``offset``."""
        placed = []
        for a in self.areas:
            borders = ["none"] * 6
            for d in range(6):
                borders[rotate_direction(d, rotation)] = a.border(d)
            placed.append(
                PlacedArea(
                    area_id=a.area_id,
                    tile_id=self.tile_id,
                    hex=rotate(a.hex, rotation) + offset,
                    borders=tuple(borders),  # type: ignore[arg-type]
                )
            )
        return tuple(placed)


# --------------------------------------------------------------------------- D-5 cities


class CityToken(Entry):
    """A city token (D-5): the four Rally Support benefits (RW-18.6.1)."""

    city_id: str
    name: str
    neutrals: NeutralSetup
    tactics: int = Field(ge=1)
    influence: int = Field(ge=1)
    quests: int = Field(ge=1)


# --------------------------------------------------------------------------- D-6 seasons

SEASON_SECONDARY: dict[str, str] = {
    "spring": "spring_refresh",
    "summer": "quest_phase",
    "autumn": "destiny_reshuffle_and_choice",
    "winter": "food_limit_and_frozen_water",
}


class SeasonCard(Entry):
    """A season card (D-6). The primary effect is ``effects``; the secondary is fixed per season (RW-6.4)."""

    card_id: str
    name: str
    season: Season
    council_of_wizards: bool = False
    duration: Literal["immediate", "until_next_season"] = "immediate"
    refers_to_false_runes: bool = False
    text: str
    effects: Effects
    secondary: Literal["spring_refresh", "quest_phase", "destiny_reshuffle_and_choice", "food_limit_and_frozen_water"]

    @model_validator(mode="after")
    def _secondary_matches_season(self) -> SeasonCard:
        if SEASON_SECONDARY[self.season] != self.secondary:
            raise ValueError(f"{self.card_id}: a {self.season} card's secondary is {SEASON_SECONDARY[self.season]}")
        return self

    @property
    def has_bid(self) -> bool:
        return any(e.kind == "bid_influence" for e in walk(self.effects))  # type: ignore[attr-defined]

    @property
    def has_desertion(self) -> bool:
        return any(e.kind == "desert_heroes" for e in walk(self.effects))  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- D-7 tactics

TacticsTiming = Literal[
    "own_turn",
    "start_of_battle",
    "start_of_duel",
    "attribute_test",
    "diplomacy",
    "quest_phase",
]


class TacticsCard(Entry):
    """A tactics card (D-7); ``timing`` is its play window (RW-30.2)."""

    card_id: str
    name: str
    timing: TacticsTiming
    refers_to_false_runes: bool = False
    text: str
    effects: Effects


# --------------------------------------------------------------------------- D-8 quests


class AttributeTest(ContentModel):
    """Draw destiny cards equal to the attribute; succeed on one of ``fates`` (RW-22)."""

    attribute: Literal["strength", "agility", "wisdom"]
    fates: tuple[Fate, ...] = Field(min_length=1)


class NeutralDuel(ContentModel):
    """Duel a neutral unit taken from the supply for the duel only (RW-25)."""

    unit_type: str


class QuestCard(Entry):
    """A quest card (D-8, D-16). A setup quest names the tile it deals (RW-4.2).

    Exactly one of ``test``/``duel`` is set, or neither when the instructions are
    scripted (then ``success`` carries everything). ``requires_city`` and
    ``requires_influence`` are the checks of a scripted quest: the engine offers the attempt
    only to a hero standing in an area with a city token, of a player holding that much
    influence, so the check runs before any reward is drawn (RW-21.9).
    """

    quest_id: str
    name: str
    setup: bool = False
    setup_tile: str | None = None
    flavour: str
    area_id: str | None
    instructions: str
    test: AttributeTest | None = None
    duel: NeutralDuel | None = None
    requires_city: bool = False
    requires_influence: int = Field(default=0, ge=0)
    success: Effects

    @model_validator(mode="after")
    def _shape(self) -> QuestCard:
        if self.setup != (self.setup_tile is not None):
            raise ValueError(f"{self.quest_id}: setup quests, and only they, name a setup tile")
        if self.test is not None and self.duel is not None:
            raise ValueError(f"{self.quest_id}: a quest is a test or a duel, not both")
        if not self.success:
            raise ValueError(f"{self.quest_id}: a quest must give something on success")
        return self


# --------------------------------------------------------------------------- D-9 rewards


class RewardCard(Entry):
    """A reward card (D-9). ``trigger`` says when it may be used (RW-23.6)."""

    reward_id: str
    name: str
    trait: Literal["weapon", "armor", "none"]
    trigger: Literal["duel_special", "duel_round", "own_turn", "quest_phase", "attribute_test", "passive"]
    single_use: bool
    text: str
    effects: Effects

    @property
    def grants_dragon_rune(self) -> bool:
        return any(e.kind == "gain_dragon_rune" for e in walk(self.effects))  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- D-10 heroes


class HeroAbility(ContentModel):
    timing: Literal[
        "start_of_duel",
        "start_of_duel_as_attacker",
        "duel_round",
        "quest_phase",
        "own_turn",
        "attribute_test",
        "passive",
    ]
    text: str
    effects: Effects


class HeroCard(Entry):
    """A hero card (D-10). Heroes are circles in duels (RW-13.1)."""

    hero_id: str
    name: str
    alignment: HeroAlignment
    health: int = Field(ge=1)
    strength: int = Field(ge=0)
    agility: int = Field(ge=0)
    wisdom: int = Field(ge=0)
    ability: HeroAbility


# --------------------------------------------------------------------------- D-11 objectives


class ObjectiveCard(Entry):
    """An objective (D-11), claimable during the owner's own turn (RW-29.2)."""

    objective_id: str
    name: str
    alignment: Alignment
    text: str
    condition: Condition


# --------------------------------------------------------------------------- D-12 titles


class TitleAbility(ContentModel):
    """One ability of a title and the moment it applies."""

    trigger: Literal[
        "council_card_drawn",
        "breaks_bid_ties",
        "prevents_desertion",
        "battle_as_attacker",
        "quest_completed",
    ]
    effects: Effects = ()


class TitleCard(Entry):
    """A title card (D-12): never shuffled, taken with Acquire Power (RW-32)."""

    title_id: str
    name: str
    text: str
    abilities: tuple[TitleAbility, ...] = Field(min_length=1)


# --------------------------------------------------------------------------- D-13 exploration

EXPLORATION_KIND: dict[str, str] = {
    "dragon_throne": "destructible_site",
    "village": "destructible_site",
    "magic_portal": "destructible_site",
    "dungeon": "site",
    "temple": "site",
    "hall": "site",
    "travelling_merchant": "event",
    "ambush": "event",
    "prophets_scroll": "event",
    "training": "event",
}


class ExplorationToken(Entry):
    """An exploration token (D-13, RW-34). Its effect is fixed by ``type`` (RW-34.4)."""

    token_id: str
    back: Literal[1, 2]
    type: Literal[
        "dragon_throne",
        "village",
        "magic_portal",
        "dungeon",
        "temple",
        "hall",
        "travelling_merchant",
        "ambush",
        "prophets_scroll",
        "training",
    ]
    kind: Literal["event", "site", "destructible_site"]
    resource: Literal["food", "wood", "ore"] | None = None

    @model_validator(mode="after")
    def _kind_and_resource(self) -> ExplorationToken:
        if EXPLORATION_KIND[self.type] != self.kind:
            raise ValueError(f"{self.token_id}: a {self.type} is a {EXPLORATION_KIND[self.type]} (RW-34.4)")
        if (self.type == "village") != (self.resource is not None):
            raise ValueError(f"{self.token_id}: villages, and only villages, show a resource (RW-34.4.2)")
        return self
