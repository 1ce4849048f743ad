"""The whole Cloudspire game as one pydantic model (DATA-16), secrets included.

Views (views.py) decide what each seat may see; nothing here is shown as is.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import GameOptions, GameState, Step
from engine.core.text import Message, message

from .board.geometry import Board


class CsOptions(GameOptions):
    """Table options (P-5). ``mode``: ``ffa`` or ``2v2`` (CS-23, 4 players, teams 1+3 and 2+4)."""

    mode: Literal["ffa", "2v2"] = "ffa"
    events: bool = False  # CS-5.11.1: first games are played without events; CS-24.1
    first_game_relics: bool = False  # CS-5.11.2
    skip_market: bool = False  # CS-24.3(a)
    simultaneous_build: bool = False  # CS-24.3(b), CS-17.3: build rounds answered at once, applied in turn order
    simultaneous_prep: bool = False  # CS-24.3(c)
    waves: int = Field(default=4, ge=1, le=8)  # CS-24.3(d) shorter (3) and CS-24.4 lengthening
    max_rounds: int = Field(default=16, ge=2, le=100)  # a hard cap on siege rounds (CS-20.5, automated)
    # CS-20.5 / P-25: a stalled siege ends at once (the recommended reading), or the host (GM seat) is asked.
    stall: Literal["ask", "end"] = "end"
    # CS-3.1 / AMB-36: the box's HP chips, upgrade chips and tower attack dice are a limit only when
    # a table asks for it (engine/cloudspire/supply.py); unlimited by default.
    strict_supply: bool = False
    first_player: int | None = None  # fixed by a test fixture; otherwise random (CS-5.1)
    dice: list[int] | None = None  # tests only: injected tower-die results (P-5)


# P-5: what each table option means, for the people creating a game (``/game new`` lists and completes
# the options by name=value; these say what a name does, in the reader's language). Options a table
# does not choose (``first_player``, ``dice``: test fixtures) have none.
OPTION_LABELS: dict[str, Message] = {
    "mode": message("cs.option.mode", "Mode: ffa (every player for themselves) or 2v2 (4 players, teams; CS-23)"),
    "events": message("cs.option.events", "Event cards from wave 2 (CS-14; off for a first game, CS-24.1)"),
    "first_game_relics": message("cs.option.first_game_relics", "First-game relic cards only (CS-5.11.2)"),
    "skip_market": message("cs.option.skip_market", "Speed-up: no market phase (CS-24.3a)"),
    "simultaneous_build": message(
        "cs.option.simultaneous_build",
        "Speed-up: everyone builds at once, by DM; a contested source well goes by turn order (CS-24.3b)",
    ),
    "simultaneous_prep": message(
        "cs.option.simultaneous_prep",
        "Speed-up: everyone forms their deploy stack at once, by DM, hidden until all are locked in (CS-24.3c)",
    ),
    "waves": message(
        "cs.option.waves", "Number of waves: 4, 3 for a shorter game, more to lengthen it (CS-24.3d, CS-24.4)"
    ),
    "max_rounds": message("cs.option.max_rounds", "Most siege rounds in one wave before it stops (CS-20.5)"),
    "stall": message("cs.option.stall", "A stalled siege: end it at once (end) or ask the host (ask) (CS-20.5)"),
    "strict_supply": message(
        "cs.option.strict_supply",
        "Strict supply: no more than the box's 69 HP chips, 18 attack, 14 range and 12 defense upgrade chips "
        "and 6 tower attack dice (CS-3.1; unlimited by default)",
    ),
}
# What a lobby shows for each option a table chose (``name: value``, never the option's id; P-5), and
# the words for the values that are ids themselves (numbers and on/off are the bot's).
OPTION_NAMES: dict[str, Message] = {
    "mode": message("cs.option.name.mode", "mode"),
    "events": message("cs.option.name.events", "event cards"),
    "first_game_relics": message("cs.option.name.first_game_relics", "first-game relics only"),
    "skip_market": message("cs.option.name.skip_market", "no market phase"),
    "simultaneous_build": message("cs.option.name.simultaneous_build", "everyone builds at once"),
    "simultaneous_prep": message("cs.option.name.simultaneous_prep", "everyone forms their stack at once"),
    "waves": message("cs.option.name.waves", "waves"),
    "max_rounds": message("cs.option.name.max_rounds", "most siege rounds in a wave"),
    "stall": message("cs.option.name.stall", "a stalled siege"),
    "strict_supply": message("cs.option.name.strict_supply", "strict chip supply"),
    "first_player": message("cs.option.name.first_player", "first player"),
    "dice": message("cs.option.name.dice", "fixed dice rolls"),
}
OPTION_VALUES: dict[str, dict[str, Message]] = {
    "mode": {
        "ffa": message("cs.option.value.mode.ffa", "every player for themselves"),
        "2v2": message("cs.option.value.mode.2v2", "2 against 2"),
    },
    "stall": {
        "end": message("cs.option.value.stall.end", "ends at once"),
        "ask": message("cs.option.value.stall.ask", "the host is asked"),
    },
    "first_player": {"None": message("cs.option.value.first_player.none", "at random")},
    "dice": {"None": message("cs.option.value.dice.none", "none, rolled")},
}


class Unit(BaseModel):
    """A unit chip with its HP chips; a squad is its top minion with ``members`` under it (CS-9.8)."""

    model_config = ConfigDict(extra="forbid")

    uid: str
    owner: int
    type_id: str
    kind: Literal["hero", "minion", "landmark"]
    merc: bool = False
    promoted: bool = False
    hp: int
    chips: list[str] = Field(default_factory=list)  # hero upgrade chips (CS-10.4)
    equipment: list[str] = Field(default_factory=list)
    members: list[Unit] = Field(default_factory=list)  # squad members below the top, in order
    hex: str | None = None  # None while in a deploy stack
    attacked: bool = False
    countered: bool = False
    moved: bool = False


class Tower(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tid: str
    owner: int
    type_id: str
    merc: bool = False
    promoted: bool = False
    hex: str
    chips: list[str]  # top to bottom (CS-7.5)
    start_chips: int
    level_cap: int


class Landmark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lid: str
    chip: str
    hex: str
    face_up: bool = False
    known_by: list[int] = Field(default_factory=list)  # H5
    explored: bool = False  # this turn (CS-19.4.4)
    hp: int = 0
    countered: bool = False


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    faction: str
    source: int = 0
    gate_hp: int = 10
    breached: bool = False
    breached_wave: int = 0
    advancements: list[str] = Field(default_factory=list)
    barracks: dict[str, int] = Field(default_factory=dict)  # unit and tower type -> chips in the barracks
    beside: list[str] = Field(default_factory=list)  # bought market chips and land tiles (CS-12.3)
    relics: list[str] = Field(default_factory=list)  # H18
    target: int | None = None  # faction marker (CS-18.1)
    stack: list[Unit] = Field(default_factory=list)  # deploy stack, top first (H24)
    selected: list[str] = Field(default_factory=list)  # this wave's selection (H23)
    limited_used: int = 0  # CS-19.1.3 pegs
    limited_extra: int = 0
    rest: bool = False  # rest mode (CS-19.1.1)
    dice: list[str] = Field(default_factory=list)
    gate_max: int = 10
    cp_bonus: int = 0
    income_bonus: int = 0  # this wave only (events)


class Market(BaseModel):
    model_config = ConfigDict(extra="forbid")

    supply: list[str] = Field(default_factory=list)  # H11: hidden order
    faceup: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    tiles: list[int] = Field(default_factory=list)  # H13: below the top, hidden
    tile: int | None = None
    tile_discard: list[int] = Field(default_factory=list)
    tile_bought: bool = False


class CsState(GameState):
    options: CsOptions
    steps: list[Step] = Field(default_factory=list)
    next_key: int = 0
    next_id: int = 0
    seats: list[int] = Field(default_factory=list)  # clockwise seat order (CS-0.3)
    teams: list[int] = Field(default_factory=list)  # team per seat (2v2), else the seat itself
    first: int = 0
    wave: int = 0
    phase: str = "setup"
    active: int | None = None
    round: int = 0
    pl: list[Player] = Field(default_factory=list)  # per seat
    board: Board = Field(default_factory=dict)
    ring: list[int | None] = Field(default_factory=list)  # isle id per ring slot (H1: hidden until revealed)
    ring_rot: list[int] = Field(default_factory=lambda: [0] * 6)
    revealed: list[bool] = Field(default_factory=lambda: [False] * 6)
    unused_isle: int | None = None  # H2
    fortress_slot: dict[int, int] = Field(default_factory=dict)  # seat -> ring slot
    units: list[Unit] = Field(default_factory=list)  # deployed units
    towers: list[Tower] = Field(default_factory=list)
    landmarks: list[Landmark] = Field(default_factory=list)
    lm_unplaced: list[str] = Field(default_factory=list)  # H8: hidden from all
    lm_defeated: list[str] = Field(default_factory=list)  # H9
    lm_aside: list[str] = Field(default_factory=list)  # H10
    market: Market = Field(default_factory=Market)
    events: list[str] = Field(default_factory=list)  # H15
    event_discard: list[str] = Field(default_factory=list)
    event: str | None = None  # H16
    relics: list[str] = Field(default_factory=list)  # H17
    relic_discard: list[str] = Field(default_factory=list)
    activity: int = 0  # moves, attacks and damage this siege (stall detection, CS-20.5)
    round_activity: int = -1
    winner: list[int] | None = None
    result_reason: str = ""
    dice_log: list[int] = Field(default_factory=list)
