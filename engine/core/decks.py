"""Decks whose order is part of the (secret) state.

A shuffle writes the new order into the state; a draw pops from it. Because no
randomness is consumed at draw time, a replay of the same actions draws the same
cards, and a view can hide the order simply by leaving ``draw_pile`` out.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .rng import Rng

C = TypeVar("C")


class Deck(BaseModel, Generic[C]):
    model_config = ConfigDict(extra="forbid")

    draw_pile: list[C] = Field(default_factory=list)
    discard_pile: list[C] = Field(default_factory=list)
    reshuffles: int = 0

    @classmethod
    def shuffled(cls, cards: list[C], rng: Rng) -> Deck[C]:
        deck = cls(draw_pile=list(cards))
        rng.shuffle(deck.draw_pile)
        return deck

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.draw_pile)

    def reshuffle_all(self, rng: Rng) -> None:
        """Return the discards to the deck and shuffle everything."""
        self.draw_pile.extend(self.discard_pile)
        self.discard_pile.clear()
        rng.shuffle(self.draw_pile)
        self.reshuffles += 1

    def draw(self, rng: Rng, count: int = 1) -> list[C]:
        """Draw up to ``count`` cards, reshuffling the discard pile when the deck runs out.

        Returns fewer cards only when deck and discard pile are both exhausted.
        """
        drawn: list[C] = []
        for _ in range(count):
            if not self.draw_pile:
                if not self.discard_pile:
                    break
                self.reshuffle_all(rng)
            drawn.append(self.draw_pile.pop(0))
        return drawn

    def draw_one(self, rng: Rng) -> C | None:
        cards = self.draw(rng, 1)
        return cards[0] if cards else None

    def discard(self, *cards: C) -> None:
        self.discard_pile.extend(cards)

    def put_top(self, *cards: C) -> None:
        self.draw_pile[0:0] = list(cards)

    def put_bottom(self, *cards: C) -> None:
        self.draw_pile.extend(cards)

    def public(self) -> dict[str, object]:
        """What anyone at the table may see: sizes and the face-up discard pile."""
        return {"size": len(self.draw_pile), "discard": list(self.discard_pile)}
