"""Shared fixtures for the battle tests: the shipped content and a tiny board around a battle.

The battle module reads the board only through the flow's ``Ctx`` methods
(``neighbours``, ``passable``, ``controller``, ``is_friendly``, ``is_empty``), so a
handful of adjacent area ids with their border types and control is all a test needs.
"""

from __future__ import annotations

from engine.runewars.content.effects import Shape
from engine.runewars.content.loader import load_content

C = load_content()


class TinyBoard:
    """Adjacent areas of the battle area: border type, controller, and which are empty."""

    def __init__(
        self,
        adj: dict[str, str] | None = None,
        control: dict[str, int | None] | None = None,
        empty: set[str] | None = None,
    ) -> None:
        self.adj = adj or {}
        self.control = control or {}
        self.empty = empty or set()

    def neighbours(self, area: str) -> list[str]:
        return list(self.adj)

    def passable(self, a: str, b: str, flying: bool = False, seat: int | None = None) -> bool:
        return flying or self.adj[b] == "none"

    def controller(self, area: str) -> int | None:
        return self.control.get(area)

    def is_friendly(self, area: str, seat: int) -> bool:
        return self.control.get(area) == seat

    def is_empty(self, area: str) -> bool:
        return area in self.empty


def find_card(shape: Shape, icons: list[tuple[str, int]], used: set[int]) -> int:
    """A destiny card whose ``shape`` section shows exactly ``icons`` (blank = [])."""
    for n in range(1, 31):
        if n in used:
            continue
        got = [(i.kind, i.amount) for i in C.destiny(n).section(shape) if i.kind != "blank"]
        if sorted(got) == sorted(icons):
            used.add(n)
            return n
    raise AssertionError(f"no destiny card shows {icons} for {shape}")


class Ctx(TinyBoard):
    """The flow's Ctx as the battle sees it: a fixed deck and a tiny board around the battle."""

    def __init__(
        self,
        deck: list[int],
        adj: dict[str, str] | None = None,
        control: dict[str, int | None] | None = None,
        empty: set[str] | None = None,
    ) -> None:
        super().__init__(adj, control, empty)
        self.deck = list(deck)
        self.drawn: list[int] = []
        self.discarded: list[int] = []
        self.battle_data = C

    def draw(self) -> int:
        card = self.deck.pop(0)
        self.drawn.append(card)
        return card

    def discard(self, cards: list[int]) -> None:
        self.discarded.extend(cards)
