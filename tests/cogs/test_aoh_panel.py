"""The Age of Heroes private panel (issue 12) and the rule that every game cog registers one.

``/game hand`` and ``/gm view-as`` show a seat's view through the game's own panel formatter,
in the reader's language; a game without one falls back to the generic key/value dump
(English field names such as ``players[1].armies[0].id``), which a shipped game must not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import ageofheroes as AH
from cogs.gm import GmCog
from engine.ageofheroes import AGE_OF_HEROES as RS
from tests.ageofheroes.support import give, position

from .stubs import StubInteraction, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
ADMIN = 4242


def trading_state() -> Any:
    """Round 2's Market Day trading; seat 0 made offer #1 to seat 1 (iron for grain)."""
    state = position(3)
    give(state, 0, "iron", "iron", "wood", "gold", "luck")
    give(state, 1, "grain", "stone", "stone", "concrete")
    from engine.ageofheroes.flow import push

    push(state, "start_turns")
    push(state, "trade")
    state.market = True
    state, _ = RS.apply(state, 0, {"type": "trade_offer", "to": 1, "give": ["iron"], "get": ["grain"]})
    return state


def panel(seat: int, locale: str = "en") -> str:
    return "\n".join(AH.format_private(RS.view(trading_state(), seat), title="Game #7", locale=locale))


def test_the_panel_groups_the_hand_by_kind_with_counts_and_what_each_does() -> None:
    shown = panel(0)
    # AH-1.6: the hand, one line per kind with its count and its rules line (AH-2.1, AH-9.3, AH-11.10).
    assert "**Hand** (5 cards):" in shown
    assert "• 2× **Iron** (AH-2.1)" in shown
    assert "• 1× **Wood** (AH-2.1)" in shown
    assert "• 1× **Gold** (AH-9.3): Wild" in shown
    assert "• 1× **Luck** (AH-11.10)" in shown
    assert shown.count("**Iron**") == 1  # grouped, not one line per card id
    assert "iron-01" not in shown and "players[" not in shown  # not the generic dump
    assert "Tribe: Egyptian" in shown
    assert "**Cities**: 1 · **fortresses**: 0" in shown
    assert "**Armies**: army 1 (at home)" in shown
    assert "**Monument** (Great Pyramid): 0/5 cards of Limestone placed" in shown  # AH-2.4
    # AH-4.12: the open offer, from the maker's side and from the recipient's.
    assert "#1 to seat 2 (Roman): you give Iron, you get Grain" in shown
    assert "#1 from seat 1 (Egyptian): you give Grain, you get Iron" in panel(1)


def test_the_panel_is_in_chinese_for_a_chinese_reader() -> None:
    shown = panel(0, "zh_Hans")
    assert "**手牌**（5张）：" in shown
    assert "• 2× **铁**（AH-2.1）" in shown
    assert "**军队**：军队1（在家）" in shown
    assert "**纪念碑**（大金字塔）：已放置0/5张石灰石" in shown
    assert "给座位 2（罗马人）的交易提议 #1：你付出铁，你得到谷物" in shown
    for english in ("Hand", "Armies", "Cities", "Monument", "Iron", "army", "offer", "seat"):
        assert english not in shown, english


def card_lines(shown: str) -> list[str]:
    """The hand's lines, up to the card's name (the rules paragraph may name other cards)."""
    return [line.split("**")[1] for line in shown.splitlines() if line.startswith("• ") and "× **" in line]


def test_the_panel_shows_nothing_of_another_seats_hand() -> None:
    # Seat 1 holds Grain, Stone ×2 and Concrete; seat 0's panel lists exactly its own five cards.
    assert card_lines(panel(0)) == ["Iron", "Wood", "Gold", "Luck"]
    assert card_lines(panel(0, "zh_Hans")) == ["铁", "木", "黄金", "幸运"]
    assert card_lines(panel(1)) == ["Grain", "Stone", "Concrete"]
    for locale, words in (
        ("en", ("**Stone**", "**Concrete**", "× **Stone")),
        ("zh_Hans", ("**石**", "**混凝土**")),
    ):
        shown = panel(0, locale)
        for word in words:
            assert word not in shown, (locale, word)
    # Seat 2 holds nothing and is in no offer: it sees no card of seat 0's or seat 1's hand.
    other = panel(2)
    assert card_lines(other) == []
    for word in ("Iron", "Luck", "Concrete", "Grain"):
        assert word not in other, word
    assert "**Hand**: empty." in other and "**Open trade offers**: none." in other


@pytest.mark.parametrize("locale", [discord.Locale.american_english, discord.Locale.chinese])
async def test_gm_view_as_uses_the_games_panel_in_the_gms_language(tmp_path: Path, locale: discord.Locale) -> None:
    store, client, referee = await open_referee(str(tmp_path / "viewas.sqlite3"))
    try:
        referee.panel_formatters[AH.RULESET] = AH.format_private
        game = await store.create_game(GUILD, CHANNEL, AH.RULESET, {}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed="panel-seed")
        gm = GmCog(referee)
        admin = StubInteraction(client, ADMIN, channel_id=THREAD, guild_id=GUILD, admin=True)
        admin.locale = locale
        await invoke(gm.view_as, gm, admin, seat=2, game=None)
        shown = admin.text
        assert "players[" not in shown and "hand_kinds" not in shown  # not the generic dump
        assert (
            ("**Hand**" in shown)
            if locale is discord.Locale.american_english
            else ("**手牌**" in shown and "**Hand**" not in shown)
        )
    finally:
        await store.close()
