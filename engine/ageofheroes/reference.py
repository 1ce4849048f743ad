"""Printed Age of Heroes content a player may look up at any time: card names, kinds and rules text.

Why this module: the Discord layer must not import the engine's internals (DESIGN.md, "The
Discord layer reads prompts and views only"), yet ``/ah card``, the offer builder and its
autocomplete need card names and the list of kinds a trade may name. This is that deliberate,
read-only surface, re-exported from ``engine.ageofheroes``. It reads the content files only,
never a game's state, so nothing it returns can carry a secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.text import Msg, Ref

from . import cards as C
from .cardtext import card_names, card_text, card_text_msg
from .content import CONTENT_DIR, Content, load_content
from .names import NAMES
from .packs import checked_content, pack_content

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


def card_kinds(content: str | Content = "default") -> list[str]:
    """Every kind ``/ah card`` knows: resources, specials, events, then items (of a content file by
    name, or of a game's own content: a pack may give the tribes other special resources)."""
    return card_names(load_content(content) if isinstance(content, str) else content)


def card_rules(kind: str, content: str = "default") -> str | None:
    """One paragraph of rules for a card kind or item, or None when the name is unknown."""
    return card_text(kind, load_content(content))


def card_rules_msg(kind: str, content: str = "default") -> Msg | None:
    """The same paragraph as a message, to render in the reader's language (``i18n.render``
    with ``names()``)."""
    return card_text_msg(kind, load_content(content))


# ---- the game's own content (docs/content-packs.md) ------------------------------------------
# A game played with a content pack (or another content file) must show its own numbers wherever
# a player reads a card: ``/ah card`` in its thread and the private panel.


def game_content(options: Mapping[str, Any] | None = None) -> Content:
    """The content of a game with these options: its pack's (``content_pack``), else its content file's.

    Raises ``ValueError`` for a pack that does not validate (the game itself refuses it, CORE-2)."""
    options = options or {}
    pack = options.get("content_pack")
    if isinstance(pack, str) and pack:
        return pack_content(pack)
    name = options.get("content")
    return load_content(name if isinstance(name, str) and name else "default")


def content_of_view(view: Mapping[str, Any]) -> Content | None:
    """The content a view names (its ``content_id``), if this process knows it: a shipped content
    file, or a pack checked here (at the game's setup, or by ``game_content``); None otherwise."""
    content_id = view.get("content_id")
    if not isinstance(content_id, str):
        return None
    found = checked_content(content_id)
    if found is not None:
        return found
    for path in sorted(CONTENT_DIR.glob("*.json")):
        try:
            shipped = load_content(path.stem)
        except ValueError:  # not a content file (the names file lives beside them): not this one
            continue
        if shipped.meta.content_id == content_id:
            return shipped
    return None


@dataclass(frozen=True)
class CardCount:
    """How many copies of a card kind (or items of a kind) a game has, and whether that number is
    ours: an entry of the content's ``assumed`` list (the rules post prints almost no counts), which
    the Discord layer marks 🏠 as house content (issue 11)."""

    count: int
    assumed: bool
    item: bool  # an item of the supply (AH-9), not a card of the resource deck


def card_count(kind: str, content: Content) -> CardCount | None:
    """The copies of ``kind`` in ``content`` (resource deck or item supply); None for an unknown kind."""
    k = kind.strip().lower().replace(" ", "_")
    deck = content.resource_deck
    if k in deck.regular:
        count, section, item = deck.regular[k], "resource_deck.regular", False
    elif k in content.specials():
        count, section, item = deck.special_per_tribe, "resource_deck.special_per_tribe", False
    elif k in deck.events:
        count, section, item = deck.events[k], "resource_deck.events", False
    elif k in content.item_supply:
        count, section, item = content.item_supply[k], f"item_supply.{k}", True
    else:
        return None
    assumed = any(a == section or a.startswith(f"{section} ") for a in content.assumed)
    return CardCount(count, assumed, item)


def card_rules_in(kind: str, content: Content) -> Msg | None:
    """``card_rules_msg`` for a game's own content (its costs), rather than a content file's name."""
    return card_text_msg(kind, content)
