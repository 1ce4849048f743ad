"""The command tree stays inside Discord's limits; components build valid payloads."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from cogs import ids
from cogs.gm import GmCog
from cogs.layout import layout_prompt
from cogs.permissions import is_gm
from cogs.prompts import DYNAMIC_ITEMS, items_for
from cogs.sync import limit_problems, payload_hash, tree_payload
from cogs.table import TableCog, format_log
from engine.core import Event, Option, Prompt


async def make_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await bot.add_cog(TableCog(None))  # type: ignore[arg-type]  # building the command tree needs no referee
    await bot.add_cog(GmCog(None))  # type: ignore[arg-type]  # building the command tree needs no referee
    return bot


async def test_command_tree_is_within_limits_and_hash_is_stable() -> None:
    bot = await make_bot()
    payload = tree_payload(bot.tree)
    assert {c["name"] for c in payload} == {"game", "gm"}
    for group in payload:
        assert len(group["options"]) <= 25
        for sub in group["options"]:
            assert len(sub["description"]) <= 100 and len(sub.get("options", [])) <= 25
    assert limit_problems(payload) == []
    assert payload_hash(payload) == payload_hash(tree_payload((await make_bot()).tree))
    names = {sub["name"] for group in payload for sub in group["options"]}
    assert {
        "new",
        "join",
        "leave",
        "start",
        "cancel",
        "list",
        "info",
        "status",
        "board",
        "hand",
        "log",
        "undo",
        "act",
        "remind",
    } <= names
    assert {
        "rollback",
        "override",
        "replace",
        "kick",
        "pause",
        "resume",
        "end",
        "audit",
        "view-as",
        "resolve",
        "sync",
    } <= names


def test_limit_problems_catch_a_26th_subcommand() -> None:
    group = {
        "name": "x",
        "description": "d",
        "options": [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)],
    }
    assert limit_problems([group])


@pytest.mark.parametrize("n", [3, 30, 260])
async def test_dynamic_items_build_valid_components(n: int) -> None:
    prompt = Prompt(
        seat=1,
        key="k",
        rule="R",
        question="Q",
        options=[Option(label=f"o{i}", action={"type": "a", "i": i}) for i in range(n)],
    )
    view = discord.ui.View(timeout=None)
    for item in items_for(layout_prompt(9, prompt)):
        view.add_item(item)
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    custom_ids = [c["custom_id"] for row in rows for c in row["components"]]
    for cid in custom_ids:
        assert any(cls.__discord_ui_compiled_template__.fullmatch(cid) for cls in DYNAMIC_ITEMS), cid
        assert ids.decode_prompt(cid) is not None


def test_gm_check_uses_permissions_or_the_role() -> None:
    class Role:
        def __init__(self, name: str) -> None:
            self.name = name

    class Member:
        roles = [Role("Game Master")]

    class Plain:
        roles = [Role("Player")]

    assert is_gm(Member(), discord.Permissions.none(), "Game Master")
    assert not is_gm(Plain(), discord.Permissions.none(), "Game Master")
    assert is_gm(Plain(), discord.Permissions(manage_guild=True), "Game Master")
    assert is_gm(Plain(), discord.Permissions(administrator=True), "Game Master")


def test_log_hides_other_seats_private_events() -> None:
    class Entry:
        def __init__(self, seq: int, events: list[Event], kind: str = "action") -> None:
            self.seq, self.events, self.kind = seq, events, kind

    entries = [
        Entry(1, [Event.to_all("a", "public"), Event.to_seats(0, "d", "You drew ruby-07.")]),
        Entry(2, [Event.to_all("u", "undone")], "undo"),
    ]
    assert "ruby-07" in format_log(entries, 0)
    assert "ruby-07" not in format_log(entries, 1) and "ruby-07" not in format_log(entries, None)
    assert "↩️undone" in format_log(entries, None)
