"""Age of Heroes (Legend Games, 2003): the rules engine, spec ``shared/rules/ageofheroes.md``."""

from __future__ import annotations

import engine

from .names import AohNames, names
from .reference import (
    REGULAR,
    CardCount,
    card_count,
    card_kind,
    card_kinds,
    card_list,
    card_name,
    card_rules,
    card_rules_in,
    card_rules_msg,
    content_of_view,
    game_content,
    tradable_kinds,
    tribe_name,
)
from .ruleset import AGE_OF_HEROES, AgeOfHeroes

engine.register(AGE_OF_HEROES)

# The public API for the Discord layer (DESIGN.md: cogs read prompts and views only and import a
# game's top level, never its modules): the ruleset and printed card names, kinds and rules text
# (``reference.py``, with a game's own content and card counts: docs/content-packs.md), which
# hold no game state and so no secret; and ``names()``, the game's
# ``i18n.names.Names`` resolver that renders its ``Ref``s (cards, tribes, items, armies …) in the
# reader's language.
__all__ = [
    "AGE_OF_HEROES",
    "REGULAR",
    "AgeOfHeroes",
    "AohNames",
    "CardCount",
    "card_count",
    "card_kind",
    "card_kinds",
    "card_list",
    "card_name",
    "card_rules",
    "card_rules_in",
    "card_rules_msg",
    "content_of_view",
    "game_content",
    "names",
    "tradable_kinds",
    "tribe_name",
]
