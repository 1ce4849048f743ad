"""The actions that answer combat prompts (a pydantic union on ``type``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Place(_A):
    type: Literal["place"]
    unit: str
    cell: list[int]


class PlaceDone(_A):
    type: Literal["place_done"]


class Gate(_A):
    type: Literal["gate"]
    col: int


class Activate(_A):
    type: Literal["activate"]
    unit: str


class Move(_A):
    type: Literal["move"]
    unit: str
    cell: list[int]


class Attack(_A):
    type: Literal["attack"]
    unit: str
    target: str


class Defend(_A):
    type: Literal["defend"]
    unit: str


class End(_A):
    type: Literal["end"]
    unit: str


class Play(_A):
    type: Literal["play"]
    card: str
    mode: Literal["basic", "expert", "alt", "cast", "attack", "defense", "other"]
    target: str | None = None
    other: str | None = None  # a second unit (Tactics' swap, Chain Lightning's second target)
    cell: list[int] | None = None  # a space (Frost Ring)
    discard: str | None = None  # a card paid from hand (Frost Ring)
    third: str | None = None  # Chain Lightning (spell): the unit taking the third damage
    cell2: list[int] | None = None  # Fireball: the second of its two adjacent spaces
    choice: Literal["attack", "defense", "initiative"] | None = None  # Prayer: the statistic raised
    discards: list[str] | None = None  # several cards paid from hand (Targ of the Rampaging Ogre)
    pick: str | None = None  # a card taken from the discard pile (Rib Cage)
    count: int | None = None  # Sword of Judgement: how many cards pay; which ones is asked next (flow)


class UseAbility(_A):
    """An "other" ability used instead of the activation (H3-27.3)."""

    type: Literal["ability"]
    unit: str
    target: str


class IgnoreDie(_A):
    type: Literal["ignore_die"]
    discard: str | None


class Resurrect(_A):
    type: Literal["resurrect"]
    play: bool


class Pass(_A):
    type: Literal["pass"]


class Ready(_A):
    """Pass in the card window before an attack with a die-cancelling or die-re-rolling card
    readied (see ``flow.die_window``): a secret choice, so the window goes on exactly as after a pass."""

    type: Literal["ready"]
    card: str


class Reroll(_A):
    type: Literal["reroll"]
    reroll: bool


class TimeLimit(_A):
    type: Literal["time"]
    choice: Literal["retreat", "fight"]


class Surrender(_A):
    type: Literal["surrender"]


class AiTarget(_A):
    type: Literal["ai_target"]
    target: str


class Cancel(_A):
    type: Literal["cancel"]
    cancel: bool


class Strike(_A):
    type: Literal["strike"]
    target: str


class Tent(_A):
    """The First Aid Tent in play (H3-19): take 1 damage off one of your units, once per combat round."""

    type: Literal["tent"]
    target: str


class CageCube(_A):
    """A faction cube taken off the Fortress Cage of Warlords: +1 attack or +1 defence to a unit; or off the
    Inferno Brimstone Stormclouds: +1 Power towards the next spell, no target (combat/cage.py)."""

    type: Literal["cage"]
    target: str | None = None
    stat: Literal["attack", "defense", "power"]


class Yield(_A):
    """H3-30.5: an attacked secondary hero's owner fights or accepts instant defeat."""

    type: Literal["yield"]
    give_up: bool


CombatAction = (
    Place
    | PlaceDone
    | Gate
    | Activate
    | Move
    | Attack
    | Defend
    | End
    | Play
    | Pass
    | Ready
    | Reroll
    | TimeLimit
    | Surrender
    | AiTarget
    | Cancel
    | Strike
    | Resurrect
    | UseAbility
    | IgnoreDie
    | Yield
    | Tent
    | CageCube
)
