"""Every shipped game shows its private panel (``/game hand``, ``/gm view-as``) through its own
formatter, in the reader's language; the generic key/value dump of the view
(``cogs.text.format_view_pages``) is for tests and games under development only.

The game cogs of the bot's extensions are set up as ``bot.py`` loads them, then each registered ruleset must have
a formatter, and the formatter must turn a seeded game's seat view into pages in English and in
Simplified Chinese.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands

import engine
from cogs import EXTENSIONS, lang, text
from i18n import EN, ZH_HANS

from .stubs import open_referee

# The shipped games: registered from engine/ (a test-only game such as High Card is not shipped).
SHIPPED = [name for name in engine.rulesets() if type(engine.ruleset(name)).__module__.startswith("engine.")]


@pytest.fixture
async def referee(tmp_path: Path) -> AsyncIterator[Any]:
    store, _client, ref = await open_referee(str(tmp_path / "panels.sqlite3"))
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    bot.referee = ref  # type: ignore[attr-defined]  # where bot.py keeps it for the extensions' setup()
    try:
        # The game cogs (a module naming its RULESET) register the panels; the others (reminders'
        # clock loop) have nothing to do with them.
        for ext in EXTENSIONS:
            module = importlib.import_module(ext)
            if getattr(module, "RULESET", None) is not None:
                await module.setup(bot)
        yield ref
    finally:
        await store.close()


@pytest.mark.parametrize("ruleset", SHIPPED)
async def test_every_game_has_its_own_panel(referee: Any, ruleset: str) -> None:
    formatter = referee.panel_formatters.get(ruleset)
    assert formatter is not None, f"{ruleset} falls back to the generic dump of its view"
    rs = engine.ruleset(ruleset)
    state = rs.setup({"players": getattr(rs, "min_players", 2)}, "panel-seed")
    names = lang.names_for(ruleset)
    view = rs.view(state, 0)
    for locale in (EN, ZH_HANS):
        pages = formatter(view, title="Seat 1", locale=locale, names=names)
        assert pages and all(isinstance(p, str) and p.strip() for p in pages), (ruleset, locale)
        assert pages != text.format_view_pages(view, title="Seat 1"), f"{ruleset}'s panel is the generic dump"
