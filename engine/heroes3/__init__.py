"""Heroes of Might and Magic III: The Board Game (Archon Studio).

Grouped by subsystem: ``clash/`` (the core Clash game and Tournament mode, ruleset ``heroes3``),
``adventure/`` (map, movement, visits, combats on the map), ``town/`` (town actions),
``cards/`` (decks, searches, levels, morale, map card plays), ``combat/`` (the combat
sub-engine), ``content/`` (data), ``neutrals/`` (difficulty table and AI) and ``skirmish/``
(the standalone one-combat ruleset ``heroes3-skirmish``).
"""

from __future__ import annotations

import engine
from engine.heroes3.clash.briefing import campaign_lines
from engine.heroes3.clash.ruleset import CLASH, Clash
from engine.heroes3.content.clash import clash_content
from engine.heroes3.content.names import Heroes3Names, names
from engine.heroes3.content.texts import content_text, text_ref
from engine.heroes3.panel import ally_offer_lines, card_state_lines, event_lines, lookup, panel_lines, purse
from engine.heroes3.skirmish.ruleset import SKIRMISH, Skirmish

engine.register(SKIRMISH)
engine.register(CLASH)

# The public API for the Discord layer (DESIGN.md: cogs import a game's top level): the rulesets
# and ``names()``, the ``i18n.names.Names`` resolver of units, cards, heroes, factions and walls
# in every language (content/names.json), which holds no game state and so no secret.
# ``panel_lines(view)`` is the private panel as messages, for the cog's panel formatter; ``lookup``
# the printed content (units, heroes, cards) for the ``/h3`` lookups; ``purse`` a Clash player's
# resources line, which the map picture and the Clash panel both say. ``text_ref``/``content_text``
# carry a content text (an ability's, a card's, a location's words) into the reader's language;
# ``ally_offer_lines(view)`` the open offers between Alliance allies (H3-43.3) for the Clash panel;
# ``card_state_lines(player)`` what the cards a player played still leave pending (public); ``event_lines(view)``
# the Fortress event deck as everyone sees it (H3-7.5).
__all__ = [
    "CLASH",
    "SKIRMISH",
    "Clash",
    "Heroes3Names",
    "Skirmish",
    "ally_offer_lines",
    "campaign_lines",
    "card_state_lines",
    "clash_content",
    "content_text",
    "event_lines",
    "lookup",
    "names",
    "panel_lines",
    "purse",
    "text_ref",
]
