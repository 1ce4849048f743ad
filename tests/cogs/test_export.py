"""``/game export`` names the content a game was played with: its recorded pack, else the shipped content."""

from __future__ import annotations

from types import SimpleNamespace

import engine
from cogs.table import recorded_content
from engine.core.export import shipped_content_hash


def test_the_export_names_the_recorded_pack_else_the_shipped_content() -> None:
    shipped = shipped_content_hash(engine.ruleset("runewars"))
    assert recorded_content(SimpleNamespace(ruleset="runewars", options={"players": 3})) == shipped
    pinned = SimpleNamespace(ruleset="runewars", options={"content_pack": "{}", "content_hash": "ab" * 32})
    assert recorded_content(pinned) == "ab" * 32
