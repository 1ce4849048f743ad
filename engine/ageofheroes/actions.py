"""Every action a seat can send, as a discriminated union on ``type``.

Each prompt option is one of these, ready to apply; structured prompts (war
declarations, battle-card placement, trade offers) publish a JSON schema of the model.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .war import HeroUse


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChooseTribe(_A):
    type: Literal["choose_tribe"]
    tribe: str


class ChooseAction(_A):
    type: Literal["action"]
    choice: Literal["tax", "build", "war", "none"]


class DrawAgain(_A):
    """CFG draw_step_replacement_draw=may (AH-6.3): take the replacement draw, or stop drawing."""

    type: Literal["draw_again"]
    draw: bool = True


class TaxSwap(_A):
    type: Literal["tax_swap"]
    card: str | None = None  # None: skip the swap


class Build(_A):
    type: Literal["build"]
    item: Literal["army", "fortress", "general", "road", "city"]
    pay: list[str] | None = None  # card ids; None: the engine pays (named resources first, then Gold)
    army: str | None = None  # the General's army
    neighbour: int | None = None  # the Road's other tribe
    confirm: bool = False  # AH-16.2: go ahead although it eliminates you


class FinishBuild(_A):
    type: Literal["finish_build"]


class RoadAnswer(_A):
    type: Literal["road_answer"]
    consent: bool


class DeclareWar(_A):
    type: Literal["declare_war"]
    target: int
    purpose: Literal["conquest", "plunder", "raze"]
    armies: list[str] = Field(default_factory=list)
    heroes: list[HeroUse] = Field(default_factory=list)


class CancelWar(_A):
    type: Literal["cancel_war"]


class Respond(_A):
    type: Literal["respond"]
    play: Literal["none", "olympic_games", "luck"] = "none"
    heroes: list[HeroUse] = Field(default_factory=list)
    armies: list[str] | None = None  # only under war_defender_commits_all=false


class Assign(_A):
    type: Literal["assign"]
    cards: dict[str, str]  # unit id -> battle card id
    lock: bool = True


class Pick(_A):
    type: Literal["pick"]
    unit: str


class PlunderPick(_A):
    type: Literal["plunder_pick"]
    positions: list[int]


class ChooseTarget(_A):
    type: Literal["choose_target"]
    target: int
    army: str | None = None  # earthquake_scope=single_army


class Luck(_A):
    type: Literal["luck"]
    play: bool


class Place(_A):
    type: Literal["place"]
    cards: list[str] | None = None
    count: int | None = None


class Discard(_A):
    type: Literal["discard"]
    cards: list[str]


class TradeOffer(_A):
    type: Literal["trade_offer"]
    to: int
    give: list[str] = Field(default_factory=list)  # card kinds (or own card ids)
    get: list[str] = Field(default_factory=list)  # card kinds asked for


class TradeAccept(_A):
    type: Literal["trade_accept"]
    offer: int


class TradeDecline(_A):
    type: Literal["trade_decline"]
    offer: int


class TradeWithdraw(_A):
    type: Literal["trade_withdraw"]
    offer: int


class TradeCounter(_A):
    type: Literal["trade_counter"]
    offer: int
    give: list[str] = Field(default_factory=list)
    get: list[str] = Field(default_factory=list)


class TradeDone(_A):
    type: Literal["trade_done"]
    done: bool = True


Action = Annotated[
    ChooseTribe
    | ChooseAction
    | DrawAgain
    | TaxSwap
    | Build
    | FinishBuild
    | RoadAnswer
    | DeclareWar
    | CancelWar
    | Respond
    | Assign
    | Pick
    | PlunderPick
    | ChooseTarget
    | Luck
    | Place
    | Discard
    | TradeOffer
    | TradeAccept
    | TradeDecline
    | TradeWithdraw
    | TradeCounter
    | TradeDone,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
