"""The action shapes (a pydantic discriminated union on ``type``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PickFaction(_A):
    type: Literal["pick_faction"]
    faction: str


class ChooseIsle(_A):
    type: Literal["choose_isle"]
    slot: int


class Orient(_A):
    type: Literal["orient"]
    rotation: int


class PlaceFortress(_A):
    type: Literal["place_fortress"]
    gate: str
    facing: int


class ChooseWell(_A):
    type: Literal["choose_well"]
    hex: str


class Buy(_A):
    type: Literal["buy"]
    chip: str


class BuyTile(_A):
    type: Literal["buy_tile"]


class PlaceTile(_A):
    type: Literal["place_tile"]
    tile: int
    anchor: str
    rotation: int = Field(ge=0, le=5)


class Vanguard(_A):
    type: Literal["vanguard"]
    unit: str


class Impale(_A):
    type: Literal["impale"]
    target: str


class TriggerOrder(_A):
    type: Literal["trigger_order"]
    first: Literal["impale", "toxic_fog"]


class Sacrifice(_A):
    type: Literal["sacrifice"]
    advancement: str


class Stall(_A):
    type: Literal["stall"]
    end: bool


class Pass(_A):
    type: Literal["pass"]


class Done(_A):
    type: Literal["done"]


class BuildTower(_A):
    type: Literal["build_tower"]
    tower: str
    promoted: bool = False
    merc: bool = False
    hex: str
    order: list[Literal["attack", "range", "defense"]]


class Upgrade(_A):
    type: Literal["upgrade"]
    tower: str
    chips: list[Literal["attack", "range", "defense"]]


class Advance(_A):
    type: Literal["advance"]
    structure: str


class Target(_A):
    type: Literal["target"]
    seat: int


class StackEntry(_A):
    units: list[str] = Field(min_length=1)  # top first; more than one: a squad (CS-9.8)
    equipment: list[str] = Field(default_factory=list)


class Deploy(_A):
    type: Literal["deploy"]
    stack: list[StackEntry]


class PlayRelic(_A):
    type: Literal["play_relic"]
    relic: str


class Move(_A):
    type: Literal["move"]
    unit: str
    to: str


class MinionMove(_A):
    type: Literal["minion_move"]
    to: str | None
    swap: str | None = None


class Fire(_A):
    type: Literal["fire"]
    tower: str
    target: str


class Explore(_A):
    type: Literal["explore"]
    landmark: str


class Stop(_A):
    type: Literal["stop"]


class Reveal(_A):
    type: Literal["reveal"]
    reveal: bool


class Attack(_A):
    type: Literal["attack"]
    unit: str
    kind: Literal["unit", "landmark", "tower", "gate"]
    target: str


class EndAttacks(_A):
    type: Literal["end_attacks"]


class LevelUp(_A):
    type: Literal["level_up"]
    choice: Literal["attack", "defense", "range", "flip", "decline"]


class FreeTower(_A):
    type: Literal["free_tower"]
    tower: str
    promoted: bool = False
    merc: bool = False
    order: list[Literal["attack", "range", "defense"]]


Action = Annotated[
    PickFaction
    | ChooseIsle
    | Orient
    | PlaceFortress
    | ChooseWell
    | Buy
    | BuyTile
    | PlaceTile
    | Vanguard
    | Impale
    | TriggerOrder
    | Sacrifice
    | Stall
    | Pass
    | Done
    | BuildTower
    | Upgrade
    | Advance
    | Target
    | Deploy
    | PlayRelic
    | Move
    | MinionMove
    | Fire
    | Explore
    | Stop
    | Reveal
    | Attack
    | EndAttacks
    | LevelUp
    | FreeTower,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
