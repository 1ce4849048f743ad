"""Card kinds and identities.

Every physical card gets a unique id (``iron-07``, ``bc5-03``) so that hands can be
tracked, conserved and leak-checked; rules only ever look at a card's *kind*. The
numbers are fixed-width so that no id is a substring of another.
"""

from __future__ import annotations

REGULAR: tuple[str, ...] = ("iron", "wood", "grain", "stone", "gold")
WILD = "gold"  # AH-9.3
IMMEDIATE: tuple[str, ...] = ("population_boom", "earthquake", "volcano", "famine", "barbarians")
HELD: tuple[str, ...] = ("olympic_games", "mighty_hero", "luck")
DISASTERS: tuple[str, ...] = ("earthquake", "volcano", "famine", "barbarians")  # AH-0.3; Luck-blockable (AH-11.1)
EVENTS: tuple[str, ...] = IMMEDIATE + HELD
ITEMS: tuple[str, ...] = ("army", "fortress", "general", "road", "city")

NAMES: dict[str, str] = {
    "population_boom": "Population Boom",
    "olympic_games": "Olympic Games",
    "mighty_hero": "Mighty Hero",
}


def kind(card: str) -> str:
    """The kind of a resource card id: ``iron-07`` -> ``iron``."""
    return card.rsplit("-", 1)[0]


def name(card_or_kind: str) -> str:
    """A player-facing name for a card id or kind."""
    k = kind(card_or_kind) if "-" in card_or_kind and card_or_kind.rsplit("-", 1)[1].isdigit() else card_or_kind
    return NAMES.get(k, k.replace("_", " ").title())


def names(cards: list[str]) -> str:
    return ", ".join(name(c) for c in cards) if cards else "nothing"


def card_id(k: str, n: int) -> str:
    return f"{k}-{n:02d}"


def battle_id(value: int, n: int) -> str:
    return f"bc{value}-{n:02d}"


def battle_value(card: str) -> int:
    """The icon count of a battle card id: ``bc5-03`` -> 5 (AH-1.4)."""
    return int(card[2:].split("-", 1)[0])


def is_event(card: str) -> bool:
    return kind(card) in EVENTS


def is_immediate(card: str) -> bool:
    return kind(card) in IMMEDIATE
