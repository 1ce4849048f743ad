"""The whole game in one pydantic model, secrets included.

Views (view.py) decide what a seat may see; nothing here is ever shown raw. The flow
of the game is the kernel's queue of steps (``steps``, engine/core/flow.py, configured in
flow.py): automatic steps run at once, waiting steps are the decisions a prompt asks for.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Deck, GameState, SecretChoice
from engine.core.flow import Step
from engine.core.trades import TradeBook

from .content import Content
from .options import AohOptions

BARBARIANS = -2  # the Barbarians' "seat" in a battle (AH-11.7)


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Army(_M):
    id: str
    general: bool = False
    status: Literal["home", "away", "scattered"] = "home"
    away_turn: int | None = None  # the turn number it went away in (AH-10.16)


class Challenge(_M):
    round: int
    turn: int
    conditions: list[str]


class Player(_M):
    seat: int
    tribe: str | None = None
    hand: list[str] = Field(default_factory=list)
    cities: int = 0
    fortresses: int = 0
    armies: list[Army] = Field(default_factory=list)
    monument: list[str] = Field(default_factory=list)
    eliminated: bool = False
    challenge: Challenge | None = None
    next_army: int = 1

    def army(self, army_id: str) -> Army | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def available(self) -> list[Army]:
        """Armies at home: neither away nor scattered (AH-0.3)."""
        return [a for a in self.armies if a.status == "home"]


class Road(_M):
    a: int
    b: int
    builder: int


class Quake(_M):
    """An Earthquake marker beside its target until its duration ends (AH-11.4.4)."""

    card: str
    drawer: int
    target: int
    armies: list[str]


class Unit(_M):
    """One fighting unit: a real army, or a Mighty Hero used as an army, or a Barbarian."""

    id: str
    army: str | None = None
    hero: str | None = None  # Mighty Hero card id when the unit *is* the hero
    general: bool = False  # a real General
    hero_general: str | None = None  # Mighty Hero card id used as this unit's general
    card: str | None = None  # assigned battle card id (secret until flipped)
    fought: bool = False
    destroyed: bool = False
    revealed: bool = False

    @property
    def has_general(self) -> bool:
        return self.general or self.hero_general is not None


class Duel(_M):
    attacker_unit: str
    defender_unit: str
    attacker_value: int
    defender_value: int
    attacker_total: int
    defender_total: int
    winner: Literal["attacker", "defender", "tie"]


class Battle(_M):
    attacker: int  # a seat, or BARBARIANS
    defender: int
    purpose: Literal["conquest", "plunder", "raze"]
    source_card: str | None = None  # the Barbarians card while it is being resolved
    att: list[Unit] = Field(default_factory=list)
    dfn: list[Unit] = Field(default_factory=list)
    att_drawn: list[str] = Field(default_factory=list)
    def_drawn: list[str] = Field(default_factory=list)
    heroes: list[str] = Field(default_factory=list)  # Mighty Hero cards in play, discarded after (AH-11.9.3)
    duels: list[Duel] = Field(default_factory=list)
    wins: int = 0
    barbarian_order: list[str] = Field(default_factory=list)  # the Barbarians' random duel picks
    victories: int | None = None

    def units(self, side: str) -> list[Unit]:
        return self.att if side == "att" else self.dfn

    def seat_of(self, side: str) -> int:
        return self.attacker if side == "att" else self.defender


class Frame(Step):
    """One step of the game flow (flow.py), with the event card it resolves and, for battle-card
    placement and duel picks, the secret simultaneous choice it collects."""

    card: str | None = None
    choice: SecretChoice | None = None


class AohState(GameState):
    options: AohOptions
    content: Content
    seats: list[Player]
    deck: Deck[str]
    battle_deck: Deck[str]
    supply: dict[str, int]
    first_seat: int = 0
    first_draws: list[list[list[int]]] = Field(default_factory=list)  # rounds of [seat, value] (AH-3.3)
    opening: list[dict[str, Any]] = Field(default_factory=list)  # public setup reveals (AH-3.7, AH-3.8)
    round: int = 0
    turn_no: int = 0
    active: int | None = None
    turns_this_round: list[int] = Field(default_factory=list)
    first_market: bool = True
    market: bool = False
    roads: list[Road] = Field(default_factory=list)
    quakes: list[Quake] = Field(default_factory=list)
    steps: list[Frame] = Field(default_factory=list)
    next_key: int = 1
    battle: Battle | None = None
    trade: TradeBook = Field(default_factory=TradeBook)
    winners: list[int] | None = None
    reason: str = ""

    def p(self, seat: int) -> Player:
        return self.seats[seat]
