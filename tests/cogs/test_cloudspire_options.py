"""``/game new`` for Cloudspire (issue 14, P-5): the variants are table options by name, each explained
in the reader's language, and they reach the ruleset as given (CS-24.3 b and c)."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

import engine
from cogs.table import TableCog, describe_options, options_autocomplete, options_line
from engine.cloudspire.state import OPTION_LABELS, CsOptions
from i18n import render

from .stubs import StubClient, StubInteraction, invoke, open_referee

GUILD, CHANNEL = 77, 88
HOST = 1001
CJK = range(0x4E00, 0xA000)
VARIANTS = ("skip_market", "simultaneous_build", "simultaneous_prep", "waves", "events")


def test_every_variant_the_rules_name_is_an_explained_option() -> None:
    rs = engine.ruleset("cloudspire")
    fields = set(rs.options_model.model_fields)
    assert set(VARIANTS) <= set(OPTION_LABELS) <= fields  # P-5: the variants are options, each explained
    for locale in ("zh_Hans", "zh_Hant"):
        for name, label in OPTION_LABELS.items():
            said = render(label(), locale)
            assert any(ord(c) in CJK for c in said), (locale, name, said)
    # The refusal/help sentence lists them with their meaning in the reader's language.
    help_zh = render(describe_options(rs), "zh_Hans")
    assert "`simultaneous_prep`" in help_zh and "同时组成部署供应堆" in help_zh
    assert "everyone builds at once" in render(describe_options(rs), "en")


def _ac(client: StubClient, locale: str) -> StubInteraction:
    ac = StubInteraction(client, HOST, guild_id=GUILD, namespace={"ruleset": "cloudspire"})
    ac.locale = discord.Locale(locale)  # what a Discord client sends with the interaction
    return ac


@pytest.mark.asyncio
async def test_autocomplete_explains_each_option_and_new_hands_them_to_the_ruleset(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "cs-new.sqlite3"))
    cog = TableCog(referee)
    try:
        en = await options_autocomplete(_ac(client, "en-US"), "simultaneous_")
        assert [c.value for c in en] == ["simultaneous_build=false", "simultaneous_prep=false"]
        assert all(len(c.name) <= 100 for c in en) and "everyone builds at once" in en[0].name
        zh = await options_autocomplete(_ac(client, "zh-CN"), "simultaneous_build=true simultaneous_p")
        assert [c.value for c in zh] == ["simultaneous_build=true simultaneous_prep=false"]
        assert any(ord(c) in CJK for c in zh[0].name) and len(zh[0].name) <= 100

        new = StubInteraction(client, HOST, guild_id=GUILD, channel_id=CHANNEL)
        options = "simultaneous_build=true simultaneous_prep=true skip_market=true"
        await invoke(cog.new, cog, new, ruleset="cloudspire", players=2, options=options)
        assert "⛔" not in new.text, new.text
        (game,) = await store.list_games()
        rs = engine.ruleset("cloudspire")
        parsed = CsOptions.model_validate(game.options)
        assert parsed.simultaneous_build and parsed.simultaneous_prep and parsed.skip_market
        state = rs.setup(game.options, "cs-options")
        assert state.options.simultaneous_build and state.options.simultaneous_prep  # reached the ruleset
    finally:
        await store.close()


OPTION_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)*=\S")  # ``skip_market=true``: an option's id as typed


@pytest.mark.asyncio
@pytest.mark.parametrize("language", ["en", "zh_Hans"])
async def test_the_lobby_shows_options_by_name_and_value_never_by_id(tmp_path: Path, language: str) -> None:
    """P-5: the lobby lists the chosen options by their names in the thread's language, not ``name=value``."""
    store, client, referee = await open_referee(str(tmp_path / f"cs-lobby-{language}.sqlite3"))
    cog = TableCog(referee)
    try:
        new = StubInteraction(client, HOST, guild_id=GUILD, channel_id=CHANNEL)
        options = "skip_market=true mode=2v2 waves=3 stall=ask"
        choice = discord.app_commands.Choice(name=language, value=language)
        await invoke(cog.new, cog, new, ruleset="cloudspire", players=4, options=options, language=choice)
        assert "⛔" not in new.text, new.text
        (lobby,) = [p for p in client.all_posts() if "🎲" in p]
        assert not OPTION_ID.search(lobby), lobby
        assert not re.search(r"\b(skip_market|stall|2v2|true)\b", lobby), lobby
        shown = {
            "en": ("no market phase: on", "mode: 2 against 2", "waves: 3", "a stalled siege: the host is asked"),
            "zh_Hans": ("跳过市场阶段：开", "模式：2对2", "兵潮数：3", "攻城陷入僵局时：询问主持人"),
        }[language]
        assert all(s in lobby for s in shown), lobby
    finally:
        await store.close()


def test_an_option_a_ruleset_does_not_name_is_shown_as_typed() -> None:
    """A game that names none of its options yet still shows what was chosen (nothing hidden)."""
    rs = engine.ruleset("highcard")  # the test-only game; every shipped game names its options
    assert options_line(rs, {"gm_ties": True, "players": 3}, "en") == "gm_ties=True, players: 3"
