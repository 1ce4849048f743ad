"""Cloudspire (Chip Theory Games, 2019): the rules engine, spec ``shared/rules/cloudspire.md``.

Subpackages: ``board`` (geometry), ``content`` (data), ``units``, ``towers``, ``waves``
(the phases of a wave), ``setup``. The ruleset is ``CLOUDSPIRE``.
"""

from __future__ import annotations

import engine

from .names import names
from .ruleset import CLOUDSPIRE, Cloudspire

engine.register(CLOUDSPIRE)

__all__ = ["CLOUDSPIRE", "Cloudspire", "names"]
