"""Battle data models (RW-13..RW-17): the units in a battle, the battle's state, its outcome.

Self-contained on purpose: the battle never imports the flow's ``RunewarsState``. The flow
converts its board units to :class:`BattleUnit` through :func:`engine.runewars.battle.start_battle`
and reads a :class:`BattleOutcome` back. See ``engine.runewars.battle`` for the public interface.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from engine.core.text import Msg

Side = Literal["attacker", "defender"]
Shape = Literal["triangle", "rectangle", "hexagon", "circle"]
SIDES: tuple[Side, Side] = ("attacker", "defender")


def other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BattleOptions(_M):
    """The battle's readings of the spec's ambiguities; every default is the recommended one."""

    # AMB-1: final strength counts standing units only (EX-8). True = count routed survivors too.
    count_routed_in_strength: bool = False
    # AMB-3: the stronghold flips when any attacking unit survived (True) or only when one
    # still stands (False, the quick rules).
    flip_on_any_survivor: bool = True
    # RW-0.5: a mandatory choice with only one (or only interchangeable) legal answer is
    # applied by the engine instead of prompting.
    auto_single_choice: bool = True
    # RW-10.9.3: units over this many in the contested area must retreat after an attacker's win.
    area_limit: int = 8


class BattleUnit(_M):
    """One figure taking part in (or standing by during) a battle.

    ``owner`` is the seat the unit fights for: a faction unit's player, an allied neutral's
    ally, or ``None`` for an unallied neutral (RW-11). ``neutral`` marks a neutral figure
    (allied or not); it returns to the neutral pool when destroyed.
    """

    uid: int
    kind: str
    name: str
    owner: int | None
    neutral: bool = False
    side: Side
    shape: Shape
    health: int
    initiative: int
    traits: list[str] = Field(default_factory=list)
    damage: int = 0
    most_damage: int = 0  # the most damage tokens it carried at once (for the outcome)
    routed: bool = False
    pre_routed: bool = False  # routed before the battle: stays in the area, takes no part (RW-14.2)
    destroyed: bool = False
    withdrawn: bool = False  # forced out of the battle by a retreat effect (RW-19.4 wards, specials)

    @property
    def in_battle(self) -> bool:
        return not (self.pre_routed or self.destroyed or self.withdrawn)

    @property
    def standing(self) -> bool:
        return self.in_battle and not self.routed

    @property
    def flying(self) -> bool:
        return "flying" in self.traits


class BattleStronghold(_M):
    """The defender's stronghold in the contested area (RW-17). Values from the faction's token."""

    owner: int
    intact: int
    damaged_value: int
    damaged: bool = False
    development: str | None = None

    @property
    def value(self) -> int:
        return self.damaged_value if self.damaged else self.intact


class DefenseDevelopment(_M):
    """The defender's faction defense development (RW-19.4), copied from content at start."""

    name: str
    text: str
    effects: list[dict[str, Any]]
    discarded_after_use: bool
    passive: bool  # only modifies strength (Reinforced Walls): applied without a prompt


class Draw(_M):
    """The destiny cards one side drew in the current iteration (RW-14.4.1-2)."""

    side: Side
    kind: str
    shape: Shape
    cards: list[int]
    units: int  # how many units drew (Beastman-style extra draws are limited by it)


class Task(_M):
    """One queued piece of battle resolution; the queue is ``BattleState.tasks``.

    Either an effect primitive from content (``effect['kind']`` is a content effect kind)
    or an internal marker whose kind starts with ``_`` (``_special``, ``_routs``,
    ``_damage``, ``_end_iteration``, ``_defense``, ``_strength``).
    """

    side: Side  # whose effect this is ("self" in content terms)
    source: str | Msg  # names where it comes from, for messages (a message, or English from outside the battle)
    rule: str
    effect: dict[str, Any]
    unit_kind: str | None = None
    remaining: int | None = None  # picks left, once started
    picked: list[int] = Field(default_factory=list)
    single_target: int | None = None


class RetreatGroup(_M):
    """Units that must leave the contested area together to one area (RW-16, AMB-26)."""

    seat: int | None  # whose units; None = unallied neutrals (RW-16.1.2)
    decider: int  # who chooses the destination (left player for unallied neutrals)
    reason: Literal["lost", "withdrawn", "excess"]
    rule: str
    units: list[int] = Field(default_factory=list)
    to_pick: int = 0  # excess groups: units still to be chosen (P-48)
    options: list[str] = Field(default_factory=list)
    reach: dict[str, list[int]] = Field(default_factory=dict)  # area -> units able to get there
    computed: bool = False
    destination: str | None = None
    destroyed: list[int] = Field(default_factory=list)
    done: bool = False


class External(_M):
    """Something the battle cannot do itself and hands to the flow (drained by ``take_external``).

    ``kind = "gm"``: pass to ``state.gm.hand_over(rule, text, public_text=public_text, seat=seat)``.
    ``kind = "effect"``: a content effect outside the battle (e.g. Knights "draw 1 tactics card")
    for the flow to resolve for ``seat``.
    """

    kind: Literal["gm", "effect"]
    rule: str
    text: str
    public_text: str | None = None
    # ``text`` and ``public_text`` as translatable messages, for a GM hand-over that carries them.
    msg: Msg | None = None
    public_msg: Msg | None = None
    seat: int | None = None
    effect: dict[str, Any] | None = None


def _no_draws() -> dict[str, Draw | None]:
    """Neither side has drawn in the current initiative row yet (P-41)."""
    return {"attacker": None, "defender": None}


def _no_drawn_types() -> dict[str, list[str]]:
    """No unit type of either side has drawn in this battle yet (RW-14.4)."""
    return {"attacker": [], "defender": []}


class BattleState(_M):
    """Everything about one battle, secrets (the undisclosed attacker draw) included."""

    area: str
    attacker: int
    defender: int | None  # None = unallied neutrals defend (RW-14.0.3)
    neutral_controller: int | None = None  # decides for unallied neutrals (RW-11.5, RW-11.7)
    attacker_faction: str | None = None
    defender_faction: str | None = None
    options: BattleOptions = Field(default_factory=BattleOptions)
    units: list[BattleUnit]
    # "window": the start-of-battle tactics window is open (RW-14.3, P-40). The embedding flow asks
    # the seats (``window_seats``) on the kernel's response window and calls ``end_window`` when it
    # closes; the battle itself keeps no list of seats to poll.
    phase: Literal["window", "rows", "end", "retreat", "capture", "excess", "done"] = "window"
    row: int = 1
    # P-41 progress in the current iteration: whose pick is awaited, or "resolving" once both drew.
    choosing: Literal["attacker", "defender", "resolving"] | None = None
    draws: dict[str, Draw | None] = Field(default_factory=_no_draws)
    chose: list[str] = Field(default_factory=list)  # sides that made their P-41 pick this iteration
    drawn_types: dict[str, list[str]] = Field(default_factory=_no_drawn_types)
    extra_draws: dict[str, int] = Field(default_factory=dict)
    tasks: list[Task] = Field(default_factory=list)
    iteration: int = 0
    stronghold: BattleStronghold | None = None
    defense: DefenseDevelopment | None = None
    defense_decided: bool = False  # P-45 answered (or passive)
    defense_used: bool = False
    conquer_bonus: bool = False
    strength_mod: dict[str, int] = Field(default_factory=lambda: {"attacker": 0, "defender": 0})
    strength: dict[str, int] | None = None
    winner: Side | None = None
    stronghold_flipped: bool = False
    stronghold_result: Literal["none", "held", "captured", "destroyed"] = "none"
    stronghold_removed_from: str | None = None
    attacker_stronghold_tokens: int = 1
    attacker_stronghold_areas: list[str] = Field(default_factory=list)
    retreats: list[RetreatGroup] = Field(default_factory=list)
    healed: list[int] = Field(default_factory=list)
    external: list[External] = Field(default_factory=list)
    seq: int = 0
    log: list[str] = Field(default_factory=list)

    # -- lookups -----------------------------------------------------------------
    def unit(self, uid: int) -> BattleUnit:
        for u in self.units:
            if u.uid == uid:
                return u
        raise KeyError(uid)

    def side_units(self, side: Side) -> list[BattleUnit]:
        return [u for u in self.units if u.side == side]

    def seat_of(self, side: Side) -> int:
        """The seat that decides for ``side`` (the left player for unallied neutrals)."""
        if side == "attacker":
            return self.attacker
        if self.defender is not None:
            return self.defender
        assert self.neutral_controller is not None
        return self.neutral_controller

    def player_of(self, side: Side) -> int | None:
        """The player fighting on ``side`` (None for unallied neutrals)."""
        return self.attacker if side == "attacker" else self.defender


class BattleOutcome(_M):
    """How a finished battle left things. Every unit appears in ``fate`` exactly once.

    ``final_area`` gives, for every unit not destroyed, where it now stands: the contested
    area, or a retreat destination. ``routed`` units are tipped over (RW-16.2).
    """

    area: str
    winner: Side
    loser: Side
    winner_seat: int | None
    loser_seat: int | None
    strength: dict[str, int]
    fate: dict[int, Literal["standing", "routed", "destroyed"]]
    final_area: dict[int, str]
    destroyed: list[int]
    routed: list[int]
    most_damage: dict[int, int]  # damage each unit carried at most before healing (RW-15.7)
    healed: list[int]
    stronghold_damaged: bool  # the defender's stronghold was flipped in this battle (RW-14.6.4)
    stronghold_result: Literal["none", "held", "captured", "destroyed"]
    stronghold_removed_from: str | None  # P-47: the attacker removed his stronghold there
    development_lost: bool  # RW-19.3
    defense_discarded: bool  # a used defense development token goes back to its owner (RW-19.4)
    retreats: list[RetreatGroup]


class BattleData(Protocol):
    """What the battle reads from content: ``RunewarsContent`` satisfies it."""

    def unit(self, unit_type_id: str) -> Any: ...
    def faction(self, faction_id: str) -> Any: ...
    def destiny(self, number: int) -> Any: ...
