"""Runewars (Fantasy Flight Games, 2010) for 2-4 players: ``engine.ruleset("runewars")``.

The package is split by rule area (see INTERFACES.md): flow and board (``state``,
``setup``, ``mapgen``, ``seasons``, ``orders``, ``movement``, ``runes``, ``victory``,
``views``), battles (``battle*.py``) and heroes/quests/duels (``heroes.py``, ``quests.py``,
``duels.py``). Printed components are data in ``content/``.
"""

from __future__ import annotations

import engine
from engine.runewars.ruleset import RUNEWARS, Runewars

engine.register(RUNEWARS)

__all__ = ["RUNEWARS", "Runewars"]
