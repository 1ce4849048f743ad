"""Cloudspire (Chip Theory Games, 2019): the rules engine, spec ``shared/rules/cloudspire.md``.

Subpackages: ``board`` (geometry), ``content`` (data), ``units``, ``towers``, ``waves``
(the phases of a wave), ``setup``. The ruleset is ``CLOUDSPIRE``.

The public API for the Discord layer (DESIGN.md: cogs import a game's top level): the ruleset,
``names()`` (the ``i18n.names.Names`` resolver of the content) and ``catalog()`` (the printed
content as data for rules lookups, ``CatalogEntry``); none of them holds game state.
"""

from __future__ import annotations

import engine

from .catalog import CatalogEntry, catalog
from .names import names
from .ruleset import CLOUDSPIRE, Cloudspire

engine.register(CLOUDSPIRE)

__all__ = ["CLOUDSPIRE", "CatalogEntry", "Cloudspire", "catalog", "names"]
