"""Test-wide set-up: the test-only ruleset is registered here, never in the engine."""

from __future__ import annotations

import engine
from tests.support.highcard import HIGHCARD

engine.register(HIGHCARD)
