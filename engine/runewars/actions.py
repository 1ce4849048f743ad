"""Action models of the flow part of Runewars (every ``type`` starts with ``rw_``).

Most decisions are "pick one of these" and use ``rw_choose`` with the option's value;
the prompt that offers them says what the value means (an area id, a faction id, a
dial, "yes"/"no", ...). Structured answers get their own model. Battle (``battle_*``)
and hero/quest/duel (``hero_*``, ``quest_*``, ``duel_*``) actions are defined by
``battle.py`` and ``heroes.py`` and joined into the ruleset's union there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Choose(_A):
    """Pick one enumerated option of the current prompt."""

    type: Literal["rw_choose"]
    value: str


class PlaceTile(_A):
    """P-3: put one of your setup tiles on the table (RW-4.3-4.5)."""

    type: Literal["rw_tile"]
    tile: str
    q: int
    r: int
    rotation: int = Field(ge=0, le=5)


class PlaceMarker(_A):
    """P-4: a home-realm marker covering two empty hex positions at the board's edge (RW-4.7)."""

    type: Literal["rw_marker"]
    hexes: list[tuple[int, int]] = Field(min_length=2, max_length=2)


class PlaceHomeTile(_A):
    """P-5: replace marker ``marker`` with your home tile (RW-4.8)."""

    type: Literal["rw_home_tile"]
    marker: int
    q: int
    r: int
    rotation: int = Field(ge=0, le=5)


class AutoMap(_A):
    """P-3..P-5 shortcut: build the rest of the map with a legal standard layout."""

    type: Literal["rw_auto_map"]


class Placement(_A):
    """P-7 / P-52: how many units of each type go to each area: {area: {unit_type: n}}."""

    type: Literal["rw_place_units"]
    placement: dict[str, dict[str, int]]


class ChooseOrder(_A):
    """P-30: the secret order card (RW-7.2); ``lock`` false keeps it changeable."""

    type: Literal["rw_order"]
    card: int = Field(ge=1, le=8)
    lock: bool = True


class Bid(_A):
    """P-11: the secret influence bid (RW-31.2.2)."""

    type: Literal["rw_bid"]
    amount: int = Field(ge=0)
    lock: bool = True


class Move(_A):
    """One model's one-step move for Strategize: a unit id or a hero id."""

    model_config = ConfigDict(extra="forbid")
    unit: int | None = None
    hero: str | None = None
    to: str


class Strategize(_A):
    """P-33: every model moves at most one step (RW-10.6)."""

    type: Literal["rw_strategize"]
    moves: list[Move] = Field(default_factory=list)
    portal: bool = False  # RW-34.4.3: pay 1 influence to use the magic portals for this Strategize


class MoveUnits(_A):
    """P-35: the units that move into the activated area (RW-10.7.2)."""

    type: Literal["rw_move"]
    units: list[int] = Field(default_factory=list)
    portal: bool = False  # pay 1 influence to use the face-up Magic Portals (RW-34.4.3)


class Destroy(_A):
    """P-14 / P-63: units chosen for destruction."""

    type: Literal["rw_destroy"]
    units: list[int]


class Discard(_A):
    """P-64: cards discarded down to a hand limit."""

    type: Literal["rw_discard"]
    cards: list[str]


class RuneDiscard(_A):
    """P-60: up to two false runes in controlled areas to discard (RW-27.3.1)."""

    type: Literal["rw_rune_discard"]
    areas: list[str] = Field(default_factory=list, max_length=2)


class Title(_A):
    """P-57: take ``title`` by paying ``amount`` influence (RW-18.7.2)."""

    type: Literal["rw_title"]
    title: str
    amount: int = Field(ge=1)


class PlayTactics(_A):
    """P-32: play a tactics card from hand."""

    type: Literal["rw_tactics"]
    card: str


RW_ACTIONS = (
    Choose,
    PlaceTile,
    PlaceMarker,
    PlaceHomeTile,
    AutoMap,
    Placement,
    ChooseOrder,
    Bid,
    Strategize,
    MoveUnits,
    Destroy,
    Discard,
    RuneDiscard,
    Title,
    PlayTactics,
)
