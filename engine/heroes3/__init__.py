"""Heroes of Might and Magic III: The Board Game (Archon Studio).

Grouped by subsystem: ``combat/`` (the combat sub-engine the adventure game calls),
``content/`` (units, cards, heroes as data), ``neutrals/`` (difficulty table and AI) and
``skirmish/`` (the standalone one-combat ruleset ``heroes3-skirmish``).
"""

from __future__ import annotations

import engine
from engine.heroes3.content.names import Heroes3Names, names
from engine.heroes3.panel import panel_lines
from engine.heroes3.skirmish.ruleset import SKIRMISH, Skirmish

engine.register(SKIRMISH)

# The public API for the Discord layer (DESIGN.md: cogs import a game's top level): the ruleset
# and ``names()``, the ``i18n.names.Names`` resolver of units, cards, heroes, factions and walls
# in every language (content/names.json), which holds no game state and so no secret.
# ``panel_lines(view)`` is the private panel as messages, for the cog's panel formatter.
__all__ = ["SKIRMISH", "Heroes3Names", "Skirmish", "names", "panel_lines"]
