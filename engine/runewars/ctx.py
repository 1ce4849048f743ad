"""The ``Ctx`` object the battle and hero modules receive (see INTERFACES.md).

It closes over the (private, mutable) state copy of the action being applied, so a
draw made by the battle module pops the real shared destiny deck (RW-1.8) and the map
questions it asks are answered from the live board.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.runewars import board as B
from engine.runewars.catalog import catalog
from engine.runewars.state import RunewarsState


class Ctx:
    def __init__(self, state: RunewarsState) -> None:
        self.state = state
        self.content = catalog().content
        self.exploration = state.options.exploration
        self.drawn: list[int] = []

    # ---- destiny deck (RW-13, RW-1.8) --------------------------------------------
    def draw(self) -> int:
        card = self.state.destiny.draw_one(self.state.rng)
        if card is None:  # every card is out of the deck and the pile: nothing to draw
            raise RuntimeError("the destiny deck and discard pile are both empty")
        self.drawn.append(card)
        return card

    def discard(self, cards: list[int]) -> None:
        self.state.destiny.discard(*cards)

    # ---- map -----------------------------------------------------------------------
    def neighbours(self, area: str) -> list[str]:
        return sorted(self.state.board[area].adj)

    def passable(self, a: str, b: str, flying: bool = False, seat: int | None = None) -> bool:
        return B.passable(self.state, a, b, flying=flying, seat=seat)

    def controller(self, area: str) -> int | None:
        return B.controller(self.state, area)

    def is_friendly(self, area: str, seat: int) -> bool:
        return B.is_friendly(self.state, area, seat)

    def is_empty(self, area: str) -> bool:
        return B.is_empty(self.state, area)

    def has_city(self, area: str) -> bool:
        """A city token lies in ``area`` (a quest's check, RW-21.9)."""
        return self.state.board[area].city is not None

    def add_battle_unit(self, kind: str, owner: int | None, area: str) -> int | None:
        """Place one figure from the supply into ``area`` for a battle there; its id, or None when none is left
        (RW-1.9.2)."""
        unit = B.add_unit(self.state, kind, owner, area)
        return None if unit is None else unit.id

    def left_of(self, seat: int) -> int:
        return B.left_of(self.state, seat)

    def rng(self) -> Rng:
        return self.state.rng

    def areas(self) -> list[str]:
        return sorted(self.state.board)

    def influence_of(self, seat: int) -> int:
        return self.state.seats[seat].influence

    def hostile_units_in(self, area: str, seat: int) -> bool:
        return any(u.area == area and u.owner != seat for u in self.state.units)

    def hero_move_steps(self, seat: int) -> int:
        return 3 if B.has_modifier(self.state, "hero_move_plus_one", seat) else 2

    def duel_tactics(self, seat: int) -> list[str]:
        cat = catalog()
        return [
            c.id
            for c in self.state.seats[seat].tactics
            if c.gained != self.state.season_index and cat.tactics[c.id].timing == "start_of_duel"
        ]

    def test_tactics(self, seat: int) -> list[str]:
        """RW-30.2 / RW-30.3: "attribute test" tactics cards the seat may play now (quests.py)."""
        cat = catalog()
        return [
            c.id
            for c in self.state.seats[seat].tactics
            if c.gained != self.state.season_index and cat.tactics[c.id].timing == "attribute_test"
        ]

    def unit_kind(self, kind: str) -> Any:
        return catalog().unit_types[kind]
