"""Which neutral units guard a field: the difficulty table (D-10 / game-data.md 3.2, H3-29.3)."""

from __future__ import annotations

from typing import Literal

from engine.core import Deck, Rng

from ..content import TIERS, Tier, load

Difficulty = Literal["easy", "normal", "hard", "impossible"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "normal", "hard", "impossible")

_CODE: dict[str, Tier] = {"B": "bronze", "S": "silver", "G": "gold", "A": "azure"}
# Rows: field level I..VII; columns: Easy, Normal, Hard, Impossible (⟨R⟩, from S-H1 docs/difficulties.md).
_TABLE: dict[int, tuple[str, str, str, str]] = {
    1: ("B", "B", "BB", "BBB"),
    2: ("BB", "BB", "BBB", "BBS"),
    3: ("BS", "BBS", "BSS", "SSS"),
    4: ("BBS", "BSS", "SSS", "SSG"),
    5: ("BBSG", "BSSG", "SSGG", "SGGG"),
    6: ("BBSSG", "BSSGG", "SSGGG", "SGGGG"),
    7: ("A", "AA", "GAA", "GGAA"),
}


def draw_plan(level: int, difficulty: Difficulty) -> list[Tier]:
    """The tiers drawn for a field of ``level`` (1..7) at the game's ``difficulty`` (D-10)."""
    return [_CODE[c] for c in _TABLE[level][DIFFICULTIES.index(difficulty)]]


def new_decks(rng: Rng) -> dict[str, Deck[str]]:
    """H3-29.1/29.2: four separate neutral decks, shuffled at setup; order hidden from all."""
    content = load()
    return {tier: Deck[str].shuffled(content.neutrals(tier), rng) for tier in TIERS}


def draw_neutrals(decks: dict[str, Deck[str]], level: int, difficulty: Difficulty, rng: Rng) -> list[str]:
    """H3-29.3: draw the table's units; an empty deck reshuffles its discard pile (H3-29.2)."""
    out: list[str] = []
    for tier in draw_plan(level, difficulty):
        card = decks[tier].draw_one(rng)
        if card is not None:
            out.append(card)
    return out
