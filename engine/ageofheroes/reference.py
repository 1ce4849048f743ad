"""Printed Age of Heroes content a player may look up at any time: card names, kinds and rules text.

Why this module: the Discord layer must not import the engine's internals (DESIGN.md, "The
Discord layer reads prompts and views only"), yet ``/ah card``, the offer builder and its
autocomplete need card names and the list of kinds a trade may name. This is that deliberate,
read-only surface, re-exported from ``engine.ageofheroes``. It reads the content files only,
never a game's state, so nothing it returns can carry a secret.
"""

from __future__ import annotations

from engine.core.text import Msg, Ref

from . import cards as C
from .cardtext import card_names, card_text, card_text_msg
from .content import load_content
from .names import NAMES

REGULAR: tuple[str, ...] = C.REGULAR  # the five regular resources (AH-2.1); a hand may hold several of each


def card_kind(card: str) -> str:
    """The kind of a card id (``iron-07`` -> ``iron``): views list hands as card ids."""
    return C.kind(card)


def card_name(card_or_kind: str, locale: str = "en") -> str:
    """The player-facing name of a card id or kind ("Population Boom"; "人口暴增" in ``zh_Hant``).

    ``locale`` is a catalog locale (``en``, ``zh_Hans``, ``zh_Hant``); an unknown kind falls back
    to its English spelling.
    """
    k = C.kind(card_or_kind) if card_or_kind.rsplit("-", 1)[-1].isdigit() else card_or_kind
    return NAMES.name(Ref(kind="card", id=k), locale) or C.name(card_or_kind)


def card_list(cards: list[str], locale: str = "en") -> str:
    """Names of several cards, comma separated ("nothing" for none). English only: in another
    language render ``messages.cards(cards)`` as a message parameter instead."""
    return C.names(cards) if locale == "en" else "、".join(card_name(c, locale) for c in cards)


def tribe_name(tribe: str, locale: str = "en") -> str:
    """A tribe's name ("Egyptian"; "埃及人" in ``zh_Hant``)."""
    return NAMES.name(Ref(kind="tribe", id=tribe), locale) or C.name(tribe)


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


def card_rules_msg(kind: str, content: str = "default") -> Msg | None:
    """The same paragraph as a message, to render in the reader's language (``i18n.render``
    with ``names()``)."""
    return card_text_msg(kind, load_content(content))
