"""Chinese end to end (issue 10): a Runewars year and Age of Heroes turns read entirely in Chinese.

The three players' Discord clients are ``zh-CN``, ``zh-CN`` and ``zh-TW`` (the game master's
``zh-CN``), the server's language is Chinese and each game is created with
``/game new language:简体中文``. The games are driven exactly as in ``test_bot_runewars`` and
``test_bot_ageofheroes`` (the players decide from the engine's own view of the game, replayed
from the database, and press what the bot sent), so only the words change.

Then every payload the bot showed (thread posts, DMs, ephemeral replies, edits, thread names,
button labels, select options and placeholders, embeds) must contain Chinese and no English
sentence (``english_sentences``); the ``zh-TW`` reader's DMs and replies must be Traditional
and the ``zh-CN`` readers' Simplified; and the no-leak check of the other games still passes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cogs import ids
from engine.ageofheroes import AGE_OF_HEROES
from tests.e2e import test_bot_ageofheroes as aoh
from tests.e2e import test_bot_runewars as rw
from tests.e2e.bot_helpers import check_public_payloads, db_path, open_game, start_referee

LANGUAGE = "zh_Hans"  # the value of /game new language: (shown to players as 简体中文)
RW_DECISIONS = 400
RW_BUDGET = 200.0  # seconds of play for the Runewars year
AH_TURNS = 4  # Age of Heroes turns after the first Market Day
AH_BUDGET = 120.0

# ---- what counts as English ---------------------------------------------------------------------
# Removed before looking for words: things every client shows as they are, in any language.
NOT_WORDS = [
    re.compile(r"<a?:\w+:\d+>"),  # custom emoji
    re.compile(r"<(?:@[!&]?|#)\d+>"),  # user, role and channel mentions
    re.compile(r"<t:\d+(?::[a-zA-Z])?>"),  # Discord timestamps
    re.compile(r"https?://\S+"),  # links
    re.compile(r"[\w.-]+\.(?:png|jpe?g|json|txt)\b"),  # file names
    # A slash command as the player types it, with its option names: `/game join`, `/rw rule name:`.
    re.compile(r"(?<![\w/])/[a-z][a-z0-9_-]*(?: [a-z][a-z0-9_-]*){0,2}"),
    re.compile(r"\b[a-z_]+:(?=\S)"),  # an option written with its value (name:Conquer)
    re.compile(r"\b[a-z][a-z0-9_]*=\S+"),  # a game option as typed (prompts_auto_pass_without_card=true)
]
# An English sentence (or phrase): two or more ASCII words of letters in a row (two letters or
# more each), separated by spaces and plain punctuation only. Ids (12A, W3, ah-7), numbers,
# hashes and single words (a rule id's RW, SHA-256) are not sentences. Two words rather than
# three because a button says little: "Pick units…" is as English as a whole sentence.
ENGLISH_RUN = re.compile(r"\b[A-Za-z][A-Za-z']+(?:[\s,;:()\-\"]+[A-Za-z][A-Za-z']+\b)+")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Characters written differently in Simplified and Traditional (战/戰, 选/選 …): a reader of one
# script must never receive the other's.
SIMPLIFIED_ONLY = "战选择张为这们时从给级军动单个将进会对发现开关还让说过"
TRADITIONAL_ONLY = "戰選擇張為這們時從給級軍動單個將進會對發現開關還讓說過"


def english_sentences(text: str) -> list[str]:
    for pattern in NOT_WORDS:
        text = pattern.sub(" ", text)
    return [m.group(0) for m in ENGLISH_RUN.finditer(text)]


def component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for c in components:
        for key in ("label", "placeholder", "content", "title", "value"):
            value = c.get(key)
            if isinstance(value, str) and key != "value":
                yield value
        for option in c.get("options") or []:
            yield str(option.get("label") or "")
            yield str(option.get("description") or "")
        yield from component_texts(c.get("components") or [])
        accessory = c.get("accessory")
        if isinstance(accessory, dict):
            yield from component_texts([accessory])


def payload_texts(p: Any) -> list[str]:
    """Every piece of text a payload shows, each checked on its own (a label is not a sentence's end)."""
    out = [p.content or ""]
    for e in p.embeds:
        out += [e.get("title") or "", e.get("description") or ""]
        out += [f.get(k) or "" for f in e.get("fields") or [] for k in ("name", "value")]
        out += [(e.get("footer") or {}).get("text") or "", (e.get("author") or {}).get("name") or ""]
    out += list(component_texts(p.components))
    if p.kind == "modal" and isinstance(p.raw, dict):
        data = p.raw.get("data") or p.raw
        out.append(str(data.get("title") or ""))
        out += list(component_texts(data.get("components") or []))
    return [t for t in out if t.strip()]


def language_problems(fake: Any, since: int = 0) -> list[str]:
    """Each payload (after ``since``) with text but no Chinese, or with an English sentence."""
    problems = []
    for p in fake.payloads():
        if p.seq < since or p.kind == "autocomplete":
            continue
        texts = payload_texts(p)
        if not texts:
            continue  # a picture alone, or an edit that only removes buttons
        if not any(CJK.search(t) for t in texts):
            problems.append(f"no Chinese in {p.kind}/{p.visibility}: {texts[:4]!r}")
        for t in texts:
            for sentence in english_sentences(t):
                problems.append(f"English in {p.kind}/{p.visibility}: {sentence!r} in {t[:160]!r}")
    return problems


def texts_for(fake: Any, user: Any, since: int = 0) -> str:
    """Everything only ``user`` read: DMs and ephemeral replies to their interactions."""
    dm = fake.dm_channel(user).id
    theirs = {i.id for i in fake.interactions if i.user.id == user.id}
    out = []
    for p in fake.payloads():
        if p.seq < since:
            continue
        if (p.dm and p.channel_id == dm) or (p.ephemeral and p.interaction_id in theirs):
            out += payload_texts(p)
    return "\n".join(out)


def assert_scripts(fake: Any, world: Any, since: int = 0) -> None:
    """carol (zh-TW) reads Traditional, alice and bob (zh-CN) Simplified."""
    carol = texts_for(fake, world.carol, since)
    assert carol, "carol received nothing of her own"
    wrong = sorted({ch for ch in carol if ch in SIMPLIFIED_ONLY})
    assert not wrong, f"Simplified {wrong} in carol's (zh-TW) messages: {carol[:400]!r}"
    assert any(ch in TRADITIONAL_ONLY for ch in carol), carol[:400]
    for user in (world.alice, world.bob):
        theirs = texts_for(fake, user, since)
        wrong = sorted({ch for ch in theirs if ch in TRADITIONAL_ONLY})
        assert not wrong, f"Traditional {wrong} in {user.username}'s (zh-CN) messages"


def chinese_world(fake: Any, world: Any) -> None:
    world.guild.preferred_locale = "zh-CN"
    for user in (world.admin, world.alice, world.bob):
        fake.set_locale(user, "zh-CN")
    fake.set_locale(world.carol, "zh-TW")


def test_english_sentence_definition() -> None:
    assert english_sentences("Order cards revealed: #3") == ["Order cards revealed"]
    assert english_sentences("你在 12A 有 3 个单位。") == []
    assert english_sentences("用 `/rw rule name:` 查看规则；<@123> 的回合 https://x.y/a b c") == []
    assert english_sentences("<:gold:123> 金币 ×2, W3, ah-7") == []
    assert english_sentences("季节卡“仲夏休整”：heal hero：选择你的英雄。") == ["heal hero"]
    assert english_sentences("Pick units…") == ["Pick units"]
    assert english_sentences("选项：prompts_auto_pass_without_card=true。种子散列（SHA-256）：c1607d9") == []
    assert english_sentences("Runewars #3") == []  # a single word: checked by the title assertion instead


# ---- Runewars --------------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_runewars_year_in_chinese(fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path) -> None:
    fake, world = fake_discord, fake_world
    chinese_world(fake, world)
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_game(fake, world, tmp_path, "runewars", seed=rw.SEED, language=LANGUAGE)
    follower = rw.Follower(db_path(tmp_path), game_id)
    follower.refresh()
    table = rw.Table(fake, world, thread, game_id, users, follower)
    started, decisions = time.monotonic(), 0
    while follower.state.year == 1 and rw.RS.result(follower.state) is None:
        assert decisions < RW_DECISIONS and time.monotonic() - started < RW_BUDGET, (
            f"still in year 1 ({follower.state.season_name}) after {decisions} decisions"
        )
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        await table.answer(prompt, rw.decide(follower.state, prompt, follower.goals))
        decisions += 1
    assert follower.goals.seasons_over == 4 and not follower.goals.missing(), follower.goals.missing()
    await fake.wait_for(lambda: len(rw.boards(fake, thread)) >= 5, timeout=30, what="five board pictures")
    # Rules and hand on request, in the asker's language (carol reads Traditional).
    r = await (await fake.slash(world.bob, "rw hand", channel=thread)).response(timeout=10)
    assert r.ephemeral and CJK.search(r.text), r.text
    r = await (await fake.slash(world.carol, "rw hand", channel=thread)).response(timeout=10)
    assert r.ephemeral and CJK.search(r.text), r.text
    r = await (await fake.slash(world.carol, "game status", channel=thread)).response(timeout=10)
    assert r.ephemeral and CJK.search(r.text), r.text

    problems = language_problems(fake)
    assert not problems, f"{len(problems)} payloads not in Chinese:\n" + "\n".join(dict.fromkeys(problems))
    assert_scripts(fake, world)
    name = fake.get_channel(thread.id).name
    assert CJK.search(name) and "Runewars" not in name, name  # the thread is named by the localized title
    follower.refresh()
    assert check_public_payloads(fake, follower.secrets, follower.public_texts) > 50
    fake.assert_no_violations()


# ---- Age of Heroes ---------------------------------------------------------------------------------
async def offer_in_chinese(table: Any, seat: int, to: int) -> None:
    """Draft an offer with the builder (its form button, the three menus, Send), found by custom id:
    the labels are Chinese, so the English test's way (by label) does not apply."""
    fake, user = table.fake, table.users[seat]
    prompt = next(p for p in table.follower.prompts() if p.seat == seat)
    message = await table.message_for(prompt)
    form = next(cid for cid in message.custom_ids if cid.startswith(f"{ids.FORM}:"))
    assert CJK.search(str(message.find_component(form).get("label"))), message.find_component(form)
    builder = (await (await fake.press(user, message, form)).response(timeout=10)).message
    assert builder is not None and builder.selects, builder

    async def pick(op: str, values: list[str]) -> None:
        nonlocal builder
        select = next(s for s in builder.selects if s["custom_id"].startswith(f"ahb:{op}:"))
        await (await fake.select(user, builder, select["custom_id"], values)).response(timeout=10)
        builder = fake.get_message(builder.id)

    await pick("to", [str(to)])
    for op in ("gv", "gt"):
        select = next((s for s in builder.selects if s["custom_id"].startswith(f"ahb:{op}:")), None)
        if select is not None and select.get("options"):
            await pick(op, [select["options"][0]["value"]])
    send = next(cid for cid in builder.custom_ids if cid.startswith("ahb:go:"))
    reply = (await (await fake.press(user, builder, send)).response(timeout=15)).text
    assert "✅" in reply and CJK.search(reply), reply
    table.follower.refresh()


async def trade_in_chinese(table: Any) -> None:
    """The first Market Day: one offer accepted, one declined, then everyone is done."""
    await offer_in_chinese(table, 0, 1)
    incoming = next(p for p in table.follower.prompts() if p.seat == 1 and p.waiting)
    await table.answer(incoming, aoh.option_for(incoming, {"type": "trade_accept"}))
    assert table.follower.goals.accepted
    await offer_in_chinese(table, 1, 2)
    incoming = next(p for p in table.follower.prompts() if p.seat == 2 and p.waiting)
    await table.answer(incoming, aoh.option_for(incoming, {"type": "trade_decline"}))
    assert table.follower.goals.refused


@pytest.mark.asyncio
async def test_age_of_heroes_turns_in_chinese(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    chinese_world(fake, world)
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_game(
        fake, world, tmp_path, "ageofheroes", options=aoh.OPTIONS, seed=aoh.SEED, timeout=15, language=LANGUAGE
    )
    follower = aoh.Follower(db_path(tmp_path), game_id)
    follower.refresh()
    table = aoh.Table(fake, thread, game_id, users, follower)
    started, decisions = time.monotonic(), 0
    # Tribes, then the first Market Day's trades through the offer builder (by DM).
    while follower.state.steps[0].kind != "trade":
        prompt = next(p for p in follower.prompts() if p.waiting)
        await table.answer(prompt, aoh.decide(follower.state, prompt, follower.goals))
    await trade_in_chinese(table)
    # Then several turns, until a build, a war with secret placement and an event card happened.
    while AGE_OF_HEROES.result(follower.state) is None:
        turns = follower.goals.kinds.count("turn_end")
        if turns >= AH_TURNS and follower.goals.done and follower.state.battle is None:
            break
        assert decisions < aoh.MAX_DECISIONS and time.monotonic() - started < AH_BUDGET, (
            f"{turns} turns after {decisions} decisions"
        )
        prompt = next(p for p in follower.prompts() if p.waiting)
        await table.answer(prompt, aoh.decide(follower.state, prompt, follower.goals))
        decisions += 1
    assert follower.goals.kinds.count("turn_end") >= AH_TURNS and follower.goals.done, follower.goals.missing()
    r = await (await fake.slash(world.carol, "ah card", channel=thread, options={"name": "luck"})).response(timeout=10)
    assert "AH-11.10" in r.text and CJK.search(r.text), r.text
    r = await (await fake.slash(world.alice, "game status", channel=thread)).response(timeout=10)
    assert r.ephemeral and CJK.search(r.text), r.text
    r = await (await fake.slash(world.bob, "game board", channel=thread)).response(timeout=20)
    assert any(a.filename.endswith(".png") for m in r.messages for a in m.attachments), r.text

    problems = language_problems(fake)
    assert not problems, f"{len(problems)} payloads not in Chinese:\n" + "\n".join(dict.fromkeys(problems))
    assert_scripts(fake, world)
    name = fake.get_channel(thread.id).name
    assert CJK.search(name) and "Age of Heroes" not in name, name  # the thread is named by the localized title
    follower.refresh()
    assert check_public_payloads(fake, follower.secrets, follower.public_texts) > 20
    fake.assert_no_violations()
