"""Pydantic models of the Cloudspire content files (spec DATA-1..DATA-12).

Every entry carries ``house``: ``false`` for numbers taken from the public references
(``shared/reference/game-data.md`` section 2, the rulebook's tutorial TU-n), ``true`` for
house content invented so that the game plays; ``note`` says which parts are house values.
Talents and card effects are data in the vocabulary of ``content/effects.py`` (``talents``),
never code per card; ``printed_talents`` keeps the printed names the vocabulary does not run
yet, so a reader sees what is missing instead of silently losing it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Terrain = Literal["P", "G", "F", "M", "W"]
TERRAIN_RANK: dict[str, int] = {"P": 0, "G": 1, "F": 2, "M": 3, "W": 4}  # CS-4.4
Chip = Literal["attack", "range", "defense"]


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    house: bool
    note: str = ""


class Talent(BaseModel):
    """One talent in the effect vocabulary: ``id`` names the rule hook, ``n`` its number."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    n: int = 0


class UnitSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    name_zh: str = ""
    hp: int = Field(ge=1)
    attack: int = Field(ge=0)
    move: int = Field(ge=0)
    terrain: int = Field(ge=0, le=4)  # CS-4.5: 0 path only .. 4 every terrain
    reward: int = Field(ge=0)
    level_cap: int = 0  # heroes only (CS-10.1)
    talents: tuple[Talent, ...] = ()
    printed_talents: tuple[str, ...] = ()


class UnitDef(Entry):
    id: str
    kind: Literal["hero", "minion"]
    copies: int = Field(ge=1)
    cp: int = Field(ge=0)
    starting: bool = False  # the 0-CP starting hero (CS-10.7.1)
    basic: UnitSide
    promoted: UnitSide | None = None


class TowerSide(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    name_zh: str = ""
    cost: int = Field(ge=0)
    reward: int = Field(ge=0)
    attack: int = Field(ge=0)
    range: int = Field(ge=0)
    defense: int = Field(ge=0)
    level_cap: int = Field(ge=0)
    talents: tuple[Talent, ...] = ()
    printed_talents: tuple[str, ...] = ()

    @property
    def start_chips(self) -> int:
        return self.attack + self.range + self.defense


class TowerDef(Entry):
    id: str
    copies: int = Field(ge=1)
    basic: TowerSide
    promoted: TowerSide | None = None
    unlocked_by: str | None = None  # advancement id that unlocks the promoted side (CS-7.1)


class Effect(BaseModel):
    """One effect of an advancement, relic or event: ``op`` from the vocabulary, ``when`` its timing tag."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: str
    when: Literal["passive", "now", "income", "prep", "turn_start"] = "now"
    amount: int = 0
    who: Literal["self", "all", "others"] = "self"
    target: str = ""
    text: str = ""  # for op "gm": what the game master is asked to do


class Advancement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    cost: int = Field(ge=0)
    effects: tuple[Effect, ...] = ()
    house: bool = False
    enabled: bool = True  # printed advancements whose effect the vocabulary cannot run yet are listed, not offered
    note: str = ""


class Structure(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    levels: tuple[Advancement, ...]


class FactionDef(Entry):
    id: str
    name: str
    name_zh: str
    colour: str
    units: tuple[UnitDef, ...]
    towers: tuple[TowerDef, ...]
    structures: tuple[Structure, ...]
    dice: tuple[str, ...] = ()
    starting_dice: tuple[str, ...] = ()
    wave1_any_hero: bool = False  # Brawnen reference card (game-data 2.3)


class MarketChip(Entry):
    id: str
    type: Literal["equipment", "merc_tower", "merc_minion", "merc_hero"]
    price: int = Field(ge=0)
    unit: UnitDef | None = None
    tower: TowerDef | None = None
    talents: tuple[Talent, ...] = ()  # equipment
    printed_talents: tuple[str, ...] = ()


class Reward(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: int = 0
    relics: int = 0
    free_tower: bool = False


class LandmarkDef(Entry):
    id: str
    name: str
    name_zh: str = ""
    category: str
    hp: int = 0  # 0: no HP chips on reveal, so never a unit (CS-8.1)
    attack: int = 0
    talents: tuple[Talent, ...] = ()
    reward: Reward = Reward()
    pool: bool = True  # False: the set-aside chip or a tutorial-only chip
    aside: bool = False  # the Ancient Dragon (CS-5.9.1)


class IsleDef(Entry):
    id: int
    terrain: tuple[Terrain, ...] = Field(min_length=13, max_length=13)
    wells: tuple[int, ...]


class EarthscapeDef(Entry):
    id: int
    terrain: tuple[Terrain, ...] = Field(min_length=3, max_length=3)
    wells: tuple[int, ...]


class CardDef(Entry):
    id: str
    name: str
    name_zh: str = ""
    effects: tuple[Effect, ...]
    first_game: bool = False
    tags: tuple[str, ...] = ()  # "event_related", "market_related" (CS-24.1, CS-24.3)
    lasting: bool = False


class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    factions: tuple[FactionDef, ...]
    market: tuple[MarketChip, ...]
    landmarks: tuple[LandmarkDef, ...]
    isles: tuple[IsleDef, ...]
    earthscapes: tuple[EarthscapeDef, ...]
    relics: tuple[CardDef, ...]
    events: tuple[CardDef, ...]
    tower_die: tuple[int, ...] = (0, 0, 1, 1, 2, 2)  # DATA-9, AMB-29 placeholder
