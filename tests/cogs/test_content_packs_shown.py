"""A game played with a content pack shows the pack's content wherever a player or GM reads it
(issue 11, docs/content-packs.md): ``/rw card`` and ``/rw rule`` (lookup and autocomplete) in the
game's thread, the shipped content elsewhere (said so), ``/gm view-as`` and ``/game hand`` panels
(which get only the view: it names the pack by hash), and for Age of Heroes ``/ah card`` in the
game's thread and the private panel, with 🏠 on counts that are ours rather than the box's.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import ageofheroes as AH
from cogs import runewars as RW
from cogs.gm import GmCog
from engine.ageofheroes import packs as ah_packs
from engine.ageofheroes.state import AohState
from engine.core.content_packs import pack_hash
from engine.runewars import RUNEWARS
from store import GameStore
from tests.ageofheroes.support import give, position

from .stubs import StubInteraction, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
ADMIN = 4242
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
RW_PACK = (EXAMPLES / "runewars-pack.json").read_text(encoding="utf-8")  # T01 "Rain of Arrows", house: false
AH_PACK = (EXAMPLES / "ageofheroes-pack.json").read_text(encoding="utf-8")  # iron 10, luck 3: no longer assumed
SHIPPED_RW = "-# The bot's shipped content: in a game's thread"
SHIPPED_AH = "-# The bot's default content: in a game's thread"
HOUSE_NOTE_AH = "-# 🏠 = our count of that card"


def pack_options(text: str) -> dict[str, Any]:
    return {"content_pack": text, "content_hash": pack_hash(text)}


async def started(store: Any, ruleset: str, options: dict[str, Any], thread: int, players: int = 2) -> Any:
    game = await store.create_game(GUILD, CHANNEL, ruleset, options, USERS[0])
    await store.set_thread(game.id, thread)
    for user in USERS[:players]:
        await store.join(game.id, user)
    await store.start(game.id, USERS[0], seed="pack-seed")
    return game


# ---- Runewars ------------------------------------------------------------------------------------


async def test_rw_card_and_rule_read_the_pack_in_its_thread_and_say_shipped_elsewhere(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "rw.sqlite3"))
    try:
        game = await store.create_game(GUILD, CHANNEL, "runewars", pack_options(RW_PACK), USERS[0])
        await store.set_thread(game.id, THREAD)
        cog = RW.RunewarsCog(referee)

        inside = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        offered = await cog.choices(inside, "Arrows", RW.card_entries)
        assert [c.name for c in offered][:1] == ["Rain of Arrows (tactics card, start of battle)"]
        await invoke(cog.card, cog, inside, name="Rain of Arrows")
        assert "Deal 3 damage" in inside.text and "House content" not in inside.text
        assert SHIPPED_RW not in inside.text

        outside = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=CHANNEL)
        assert "Rain of Arrows" not in [
            c.name.split(" (")[0] for c in await cog.choices(outside, "Arrows", RW.card_entries)
        ]
        await invoke(cog.card, cog, outside, name="tactics:T01")
        assert "Volley of Arrows" in outside.text and "🏠 House content" in outside.text
        assert outside.text.rstrip().endswith("`/rw card` and `/rw rule` show that game's content pack.")

        rule = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        assert await cog.choices(rule, "Footmen", RW.rule_entries)  # the pack's (here unchanged) units are offered
        await invoke(cog.rule, cog, rule, name="order:1")
        assert SHIPPED_RW not in rule.text and "🏠" not in rule.text  # order cards are printed fact
    finally:
        await store.close()


def test_the_rw_panel_finds_the_pack_its_view_names() -> None:
    """``/game hand`` and ``/gm view-as`` pass only the view: its ``content_hash`` names the pack."""
    state = RUNEWARS.setup({"players": 2, "content_pack": RW_PACK}, 3)
    view = RUNEWARS.view(state, 0)
    view["me"]["tactics"] = [{"id": "T01", "name": "?", "timing": "start_of_battle", "text": ""}]
    lines = "\n".join(RW.format_private(view, title="t")).splitlines()
    assert lines == "\n".join(RW.format_private(view, title="t", pack=RW_PACK)).splitlines()
    tactic = next(line for line in lines if "Rain of Arrows" in line)
    assert "Deal 3 damage" in tactic and not tactic.startswith("🏠")
    shipped = dict(view)
    del shipped["content_hash"]
    tactic = next(line for line in "\n".join(RW.format_private(shipped, title="t")).splitlines() if "Arrows" in line)
    assert tactic.startswith("🏠 ") and "Volley of Arrows" in tactic


async def test_gm_view_as_shows_a_rw_pack_games_panel_with_the_packs_content(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "rwview.sqlite3"))
    try:
        referee.panel_formatters[RW.RULESET] = RW.format_private
        game = await started(store, "runewars", pack_options(RW_PACK), THREAD)
        loaded = await store.load(game.id)
        gm = GmCog(referee)
        admin = StubInteraction(client, ADMIN, channel_id=THREAD, guild_id=GUILD, admin=True)
        await invoke(gm.view_as, gm, admin, seat=1, game=None)
        expected = RW.format_private(
            RUNEWARS.view(loaded.state, 0), title="Runewars #1 — as seat 1", names=referee.names(game), pack=RW_PACK
        )
        assert "\n".join(expected[1:]) in admin.text  # the same panel as with the pack given explicitly
    finally:
        await store.close()


# ---- Age of Heroes ---------------------------------------------------------------------------------


async def test_ah_card_reads_the_games_counts_in_its_thread_and_the_default_elsewhere(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "ah.sqlite3"))
    try:
        await started(store, "ageofheroes", pack_options(AH_PACK), THREAD, players=3)
        cog = AH.AgeOfHeroesCog(referee)

        inside = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        await invoke(cog.card, cog, inside, name="iron")
        assert "**Iron** (AH-2.1)" in inside.text and "10 in the deck." in inside.text
        assert "🏠" not in inside.text and SHIPPED_AH not in inside.text
        assert "This game's content: example-counts (" in inside.text  # the pack's name and short hash, no content id
        offered = await AH.card_autocomplete(inside, "iro")  # the game's own kinds (a pack may change tribes)
        assert [c.value for c in offered] == ["iron"]
        army = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        await invoke(cog.card, cog, army, name="army")
        assert "18 in the supply 🏠" in army.text  # the pack left the army supply assumed

        outside = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.card, cog, outside, name="iron")
        assert "12 in the deck 🏠 (our count" in outside.text and SHIPPED_AH in outside.text

        chinese = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        chinese.locale = discord.Locale.chinese
        await invoke(cog.card, cog, chinese, name="luck")
        assert "牌堆中 3 张。" in chinese.text and "🏠" not in chinese.text
    finally:
        await store.close()


def hand_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("• ") and "× **" in line]


def ah_panel(**options: Any) -> str:
    state = position(3, **options)
    give(state, 0, "iron", "iron", "luck", "gold")
    return "\n".join(AH.format_private(AH.RS.view(state, 0), title="Game #7"))


def test_the_ah_panel_marks_assumed_counts_and_follows_the_pack() -> None:
    default = ah_panel()
    lines = hand_lines(default)
    assert len(lines) == 3 and all(line.endswith(" 🏠") for line in lines)  # the default's counts are ours
    assert default.rstrip().endswith("your box may differ.") and HOUSE_NOTE_AH in default
    packed = ah_panel(content_pack=AH_PACK)  # the pack gives its own resource deck
    lines = hand_lines(packed)
    assert len(lines) == 3 and not any("🏠" in line for line in lines) and HOUSE_NOTE_AH not in packed
    assert "• 2× **Iron** (AH-2.1)" in packed and "• 1× **Gold** (AH-9.3): Wild" in packed


async def test_gm_view_as_shows_an_ah_pack_games_panel(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "ahview.sqlite3"))
    try:
        referee.panel_formatters[AH.RULESET] = AH.format_private
        await started(store, "ageofheroes", pack_options(AH_PACK), THREAD, players=3)
        gm = GmCog(referee)
        admin = StubInteraction(client, ADMIN, channel_id=THREAD, guild_id=GUILD, admin=True)
        await invoke(gm.view_as, gm, admin, seat=1, game=None)
        assert "**Age of Heroes #1 — as seat 1**" in admin.text and "**Hand**" in admin.text
        assert "players[" not in admin.text  # the game's own panel, not the generic dump
    finally:
        await store.close()


async def test_an_ah_pack_games_panel_keeps_the_pack_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game loaded cold (a bot restart: a new process that never checked the pack) is read from
    its snapshot, and its panel still follows the pack: the same lines as before the restart.

    The pack replaces only the battle deck, so the resource cards' counts stay ours (🏠): a panel
    that lost the pack would show them without the mark."""
    pack = json.loads(AH_PACK)
    del pack["content"]["resource_deck"]
    text = json.dumps(pack)
    path = str(tmp_path / "ahcold.sqlite3")
    store = await GameStore.open(path, snapshot_every=1)  # every action writes a snapshot
    try:
        game = await started(store, "ageofheroes", pack_options(text), THREAD, players=3)
        rng = random.Random(1)
        for _ in range(20):  # sample actions until seat 0 holds cards
            loaded = await store.load(game.id)
            state = loaded.state
            assert isinstance(state, AohState)
            if AH.RS.view(state, 0).get("hand"):
                break
            asked = loaded.prompts[0].seat
            holder = next(s.user_id for s in loaded.seats if s.seat == asked)
            await store.act(game.id, holder, AH.RS.sample_action(state, asked, rng), seat=asked)
        assert isinstance(state, AohState) and AH.RS.view(state, 0).get("hand")
        warm = AH.format_private(AH.RS.view(state, 0), title="Age of Heroes #1 — as seat 1")
        assert any(line.endswith(" 🏠") for line in hand_lines("\n".join(warm)))
    finally:
        await store.close()
    monkeypatch.setattr(ah_packs, "_PACKS", {})  # the new process has checked no pack yet
    store, client, referee = await open_referee(path)
    try:
        referee.panel_formatters[AH.RULESET] = AH.format_private
        gm = GmCog(referee)
        admin = StubInteraction(client, ADMIN, channel_id=THREAD, guild_id=GUILD, admin=True)
        await invoke(gm.view_as, gm, admin, seat=1, game=None)
        before = "\n".join(warm)
        assert hand_lines(admin.text) == hand_lines(before), admin.text  # the same hand lines as before the restart
        assert HOUSE_NOTE_AH in admin.text
    finally:
        await store.close()
