"""``/rules id:`` and the Rule button under a refusal (issue 12), called with stub interactions.

The reply is ephemeral and in the reader's language; an id without an entry of its own shows
its nearest parent's and says so; a refusal citing a rule with an entry carries a button whose
custom id names the rule (``r:RW-10.9.2``), which shows the same entry to whoever presses it.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import cogs
from cogs import ids
from cogs.referee import Referee
from cogs.rules import RuleButton, RulesCog, rule_autocomplete, rule_view
from engine.core import RuleViolation
from i18n import rules as reference
from i18n.locales import EN, ZH_HANS, ZH_HANT

from .stubs import StubClient, StubInteraction, invoke, open_referee

USER = 1001


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[tuple[StubClient, Referee]]:
    store, client, referee = await open_referee(str(tmp_path / "rules.sqlite3"))
    try:
        yield client, referee
    finally:
        await store.close()


def interaction(client: StubClient, locale: str | None = None) -> StubInteraction:
    out = StubInteraction(client, USER)
    if locale is not None:
        out.locale = discord.Locale(locale)  # what discord.py sets from the client's language
    return out


def entry(rule_id: str, locale: str) -> tuple[str, str]:
    found = reference.load(reference.game_of(rule_id) or "", locale)[rule_id]
    return found


async def test_lookup_replies_ephemerally_with_the_entry(table: tuple[StubClient, Referee]) -> None:
    client, _ = table
    cog = RulesCog()
    asker = interaction(client)
    await invoke(cog.rules, cog, asker, id="rw-10.9.2")
    title, text = entry("RW-10.9.2", EN)
    assert len(asker.replies) == 1 and asker.replies[0].ephemeral
    reply = asker.replies[0].content
    assert "RW-10.9.2" in reply and title in reply and text in reply
    assert "no entry of its own" not in reply


async def test_an_id_without_an_entry_shows_its_parent_and_says_so(table: tuple[StubClient, Referee]) -> None:
    client, _ = table
    cog = RulesCog()
    asker = interaction(client)
    await invoke(cog.rules, cog, asker, id="RW-10.9.4")  # in the specification, cited by no refusal
    reply = asker.replies[0].content
    assert "RW-10.9.4 has no entry of its own; showing RW-10.9." in reply
    assert entry("RW-10.9", EN)[0] in reply


async def test_words_find_a_rule_and_nonsense_is_explained(table: tuple[StubClient, Referee]) -> None:
    client, _ = table
    cog = RulesCog()
    by_words = interaction(client)
    await invoke(cog.rules, cog, by_words, id="Olympic Games")
    assert "AH-11.8" in by_words.replies[0].content
    nonsense = interaction(client)
    await invoke(cog.rules, cog, nonsense, id="zzqx")
    assert nonsense.replies[0].ephemeral
    assert nonsense.replies[0].content.startswith("No rule matches zzqx.")


async def test_a_chinese_reader_reads_chinese(table: tuple[StubClient, Referee]) -> None:
    client, _ = table
    cog = RulesCog()
    hans = interaction(client, "zh-CN")
    await invoke(cog.rules, cog, hans, id="RW-10.9.2")
    assert entry("RW-10.9.2", ZH_HANS)[1] in hans.replies[0].content
    hant = StubInteraction(client, USER + 1)
    hant.locale = discord.Locale.taiwan_chinese
    await invoke(cog.rules, cog, hant, id="AH-9.3")
    assert entry("AH-9.3", ZH_HANT)[1] in hant.replies[0].content
    fallback = interaction(client, "zh-CN")  # same user: the client's locale was recorded
    await invoke(cog.rules, cog, fallback, id="RW-10.9.4")
    assert "RW-10.9.4没有单独的条目；显示的是RW-10.9。" in fallback.replies[0].content


async def test_autocomplete_by_id_prefix_and_by_words(table: tuple[StubClient, Referee]) -> None:
    client, _ = table
    by_id = await rule_autocomplete(interaction(client), "rw-10.9")
    values = [c.value for c in by_id]
    assert values[:2] == ["RW-10.9", "RW-10.9.1"] and "RW-10.9.2" in values
    assert all(v.startswith("RW-10.9") for v in values) and len(values) <= 25
    assert all(len(c.name) <= 100 for c in by_id)
    by_words = await rule_autocomplete(interaction(client), "unit limit")
    assert "RW-10.9" in [c.value for c in by_words]
    chinese = await rule_autocomplete(interaction(client, "zh-CN"), "单位上限")
    assert "RW-10.9" in [c.value for c in chinese]
    assert any(entry("RW-10.9", ZH_HANS)[0] in c.name for c in chinese)
    empty = await rule_autocomplete(interaction(client), "")
    assert empty and all("." not in c.value for c in empty)


async def test_a_refusal_carries_a_rule_button_that_shows_the_entry(table: tuple[StubClient, Referee]) -> None:
    client, referee = table
    refused = interaction(client)
    await referee.fail(refused, RuleViolation("RW-10.9.2", "You would have more than 8 units in 7A."))
    sent = refused.replies[-1]
    assert sent.ephemeral and "RW-10.9.2" in sent.content
    assert sent.custom_ids == ["r:RW-10.9.2"]
    assert sent.view.children[0].item.label == "Rule RW-10.9.2"

    template = RuleButton.__discord_ui_compiled_template__  # how discord.py routes a press after a restart
    match = re.match(template, sent.custom_ids[0])
    assert match is not None
    button = await RuleButton.from_custom_id(refused, sent.view.children[0].item, match)
    presser = interaction(client, "zh-CN")
    await button.callback(presser)
    assert presser.replies[0].ephemeral
    assert entry("RW-10.9.2", ZH_HANS)[1] in presser.replies[0].content


async def test_no_button_for_a_rule_without_an_entry(table: tuple[StubClient, Referee]) -> None:
    client, referee = table
    refused = interaction(client)
    await referee.fail(refused, RuleViolation("TEST-1", "Not in this test game."))
    assert refused.replies[-1].custom_ids == []
    kernel = interaction(client, "zh-TW")
    await referee.fail(kernel, RuleViolation("CORE-1", "It is not your turn."))
    assert kernel.replies[-1].custom_ids == ["r:CORE-1"]
    assert kernel.replies[-1].view.children[0].item.label == "規則 CORE-1"
    assert rule_view("not an id", EN) is None


def test_custom_ids_and_registration() -> None:
    assert ids.encode_rule("H3-27.3") == "r:H3-27.3"
    assert ids.decode_rule("r:RW-10.9.2") == "RW-10.9.2"
    assert ids.decode_rule("p:1:0:deadbeef:0") is None
    with pytest.raises(ValueError):
        ids.encode_rule("rw 10")
    assert "cogs.rules" in cogs.EXTENSIONS


async def test_setup_registers_the_button_and_the_command() -> None:
    import cogs.rules as module  # at call time: another test may have reloaded the extension

    added: list[Any] = []

    class Bot(StubClient):
        async def add_cog(self, cog: Any) -> None:
            added.append(cog)

    bot = Bot()
    await module.setup(bot)  # type: ignore[arg-type]  # the stub models only what setup calls
    assert module.RuleButton in bot.dynamic_items
    assert [type(c).__name__ for c in added] == ["RulesCog"]
