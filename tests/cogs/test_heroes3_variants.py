"""``/game new`` for the Heroes III Clash with the H3-48.8 optional rules: each row is a table option
by name, explained in the reader's language, shown by name in the lobby, refused when mistyped, and
handed to the ruleset as given (H3-48: each off by default, agreed at setup)."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

import engine
from cogs.table import TableCog, options_autocomplete
from engine.heroes3.clash.state import VARIANTS, ClashOptions

from .stubs import StubClient, StubInteraction, invoke, open_referee

GUILD, CHANNEL = 77, 88
HOST = 1001
CJK = range(0x4E00, 0xA000)


def _ac(client: StubClient, locale: str) -> StubInteraction:
    ac = StubInteraction(client, HOST, guild_id=GUILD, namespace={"ruleset": "heroes3"})
    ac.locale = discord.Locale(locale)
    return ac


@pytest.mark.asyncio
async def test_the_variants_are_offered_explained_and_reach_the_ruleset(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "h3-variants.sqlite3"))
    cog = TableCog(referee)
    try:
        en = await options_autocomplete(_ac(client, "en-US"), "double_")
        assert [c.value for c in en] == ["double_income=false"]
        assert "double income (H3-48.8)" in en[0].name and len(en[0].name) <= 100
        zh = await options_autocomplete(_ac(client, "zh-CN"), "double_income=true free_")
        assert [c.value for c in zh] == ["double_income=true free_trade=false"]
        assert any(ord(c) in CJK for c in zh[0].name)
        every = [c.value for c in await options_autocomplete(_ac(client, "en-US"), "")]
        assert all(any(v.endswith(f"{name}=false") for v in every) for name in VARIANTS)

        new = StubInteraction(client, HOST, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.new, cog, new, ruleset="heroes3", players=2, options="double_income=true free_trade=true")
        assert "⛔" not in new.text, new.text
        (lobby,) = [p for p in client.all_posts() if "🎲" in p]
        assert "double mine income: on" in lobby and "free trade: on" in lobby, lobby
        assert not re.search(r"\b(double_income|free_trade|true)\b", lobby), lobby
        (game,) = await store.list_games()
        parsed = ClashOptions.model_validate(game.options)
        assert parsed.double_income and parsed.free_trade and not parsed.no_astrologers
        state = engine.ruleset("heroes3").setup(game.options, "h3-variants")
        assert state.variants == ["double_income", "free_trade"]

        bad = StubInteraction(client, HOST, guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.new, cog, bad, ruleset="heroes3", players=2, options="double_income=maybe")
        assert "⛔" in bad.text and "double_income" in bad.text, bad.text
        assert len(await store.list_games()) == 1  # the refusal opened nothing
    finally:
        await store.close()
