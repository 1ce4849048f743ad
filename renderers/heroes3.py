"""Heroes III pictures, found by the game's name (``heroes3`` and ``heroes3-skirmish``).

Importing this module registers both: the combat board of a skirmish (``heroes3_combat``) and
the Clash adventure map (``heroes3_map``, which draws a combat fought on the map with the
combat board). Two modules because they share nothing but the helpers of ``renderers``.
"""

from __future__ import annotations

from renderers import heroes3_combat, heroes3_map
from renderers.heroes3_combat import render_board, render_decision

__all__ = ["heroes3_combat", "heroes3_map", "render_board", "render_decision"]
