"""A seeded random source that lives inside the game state.

Python's ``random.Random`` cannot be stored in a pydantic model as plain JSON, and
its algorithm is free to change between versions. SplitMix64 is tiny, well studied,
and its whole state is one integer, so a state that round-trips through JSON
replays the same shuffles forever.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_to_int(seed: int | str) -> int:
    """Accept any seed a table may publish (an int or a phrase) as a 64-bit integer."""
    if isinstance(seed, int):
        return seed & _MASK
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class Rng(BaseModel):
    model_config = ConfigDict(extra="forbid")

    state: int = 0
    draws: int = 0

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        return cls(state=seed_to_int(seed))

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        self.draws += 1
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included, like ``random.randint``."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
