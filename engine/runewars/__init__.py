"""Runewars (Fantasy Flight Games, 2010) for 2-4 players: ``engine.ruleset("runewars")``.

The package is split by rule area (see INTERFACES.md): flow and board at the top (``state``,
``flow``, ``board``, ``views``, ...), ``setup/``, ``turn/`` (seasons, orders, movement, runes,
victory), ``battle/``, ``cards/`` and ``heroes/`` (heroes, quests, duels). Printed components
are data in ``content/``.

Only the names in ``__all__`` are public: the Discord layer imports them from here.
"""

from __future__ import annotations

import engine
from engine.runewars.content.packs import pack_text
from engine.runewars.names import names
from engine.runewars.reference import (
    card_texts,
    hero_name,
    house_flags,
    is_house,
    quest_name,
    rule_texts,
    unit_name,
    unit_type_name,
)
from engine.runewars.ruleset import RUNEWARS, Runewars
from engine.runewars.turn.picks import CANDIDATES as PICK_CANDIDATES
from engine.runewars.turn.picks import DESTROY as PICK_DESTROY

engine.register(RUNEWARS)

# The public API for the Discord layer (DESIGN.md: cogs read prompts and views only and import
# a game's top level, never its modules): the ruleset, the keys under which a unit-list prompt
# carries its candidates (VIEW.md "Unit-list prompts"), and printed names and rules text by
# content id (``reference.py``), which hold no game state and so no secret; ``pack_text`` finds
# the content pack a view names (``content_hash``) so a panel shows that pack's texts.
__all__ = [
    "PICK_CANDIDATES",
    "PICK_DESTROY",
    "RUNEWARS",
    "Runewars",
    "card_texts",
    "hero_name",
    "house_flags",
    "is_house",
    "names",
    "pack_text",
    "quest_name",
    "rule_texts",
    "unit_name",
    "unit_type_name",
]
