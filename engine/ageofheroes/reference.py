"""Printed Age of Heroes content a player may look up at any time: card names, kinds and rules text.

Why this module: the Discord layer must not import the engine's internals (DESIGN.md, "The
Discord layer reads prompts and views only"), yet ``/ah card``, the offer builder and its
autocomplete need card names and the list of kinds a trade may name. This is that deliberate,
read-only surface, re-exported from ``engine.ageofheroes``. It reads the content files only,
never a game's state, so nothing it returns can carry a secret.
"""

from __future__ import annotations

from . import cards as C
from .cardtext import card_names, card_text
from .content import load_content

REGULAR: tuple[str, ...] = C.REGULAR  # the five regular resources (AH-2.1); a hand may hold several of each


def card_kind(card: str) -> str:
    """The kind of a card id (``iron-07`` -> ``iron``): views list hands as card ids."""
    return C.kind(card)


def card_name(card_or_kind: str) -> str:
    """The player-facing name of a card id or kind ("Population Boom")."""
    return C.name(card_or_kind)


def card_list(cards: list[str]) -> str:
    """Names of several cards, comma separated ("nothing" for none)."""
    return C.names(cards)


def tradable_kinds(content: str = "default") -> list[str]:
    """Every card kind a trade may name (AH-4.12), in a fixed order: regular resources, the
    tribes' special resources, then the held events."""
    return [*C.REGULAR, *sorted(load_content(content).specials()), *C.HELD]


def card_kinds(content: str = "default") -> list[str]:
    """Every kind ``/ah card`` knows: resources, specials, events, then items."""
    return card_names(load_content(content))


def card_rules(kind: str, content: str = "default") -> str | None:
    """One paragraph of rules for a card kind or item, or None when the name is unknown."""
    return card_text(kind, load_content(content))
