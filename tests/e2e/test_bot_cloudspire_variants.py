"""Cloudspire's simultaneous variants end to end (issue 14, CS-24.3 b and c): the real bot, fake players.

Two players (bob's client is Chinese, zh-CN) create the game with ``/game new`` and the options
``simultaneous_build=true simultaneous_prep=true`` (P-5), then play wave 1 to the end of its prep
through components only:

* **Simultaneous build (CS-24.3b, CS-17.3)**: each build round asks every seat that has not passed
  at once, by DM (H28: a choice is the chooser's until all are in); a first answer changes nothing
  anyone else can see; once the last is in the round is carried out in turn order and the thread
  is told the outcome (the towers built, the passes). The bot is killed and restarted between the
  two answers of the first round; the second seat's DM button from before the restart still works.
* **Simultaneous prep (CS-24.3c, AMB-26)**: both deploy prompts are open at once in DMs; each seat
  builds its stack in the private builder (menus and buttons), the first one across a hard restart
  of the bot (the builder lives in its components' ids). Until both are locked in, nothing of a
  locked stack is public: no event, no public view field, no thread payload names its units, and
  the other seat's builder does not list it (the sequential H23 courtesy does not apply). Then the
  thread gets each stack's height and the public view its top unit only.

Afterwards every public payload is checked against every seat's secrets at every prefix of the log,
and the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import engine
from cogs import cloudspire_builder as builder
from cogs import ids
from engine.cloudspire import names as cloudspire_names
from engine.cloudspire.common import turn_order
from engine.core import Prompt
from engine.core.text import Ref
from tests.e2e.bot_helpers import check_public_payloads, db_path, open_duel, shown, start_referee
from tests.e2e.test_bot_cloudspire import CJK, Follower, Table, decide

pytestmark = pytest.mark.asyncio

RS = engine.ruleset("cloudspire")
SEED = "cs-e2e-sim-0"
OPTIONS = "simultaneous_build=true simultaneous_prep=true"
TIME_BUDGET = 240.0
MAX_DECISIONS = 200
BUILD_SIM_RULE = "CS-24.3"
DEPLOY_RULE = "CS-18.6"


async def open_variant_game(fake: Any, world: Any, tmp_path: Path) -> Table:
    """A two-player game (alice, bob) with both simultaneous variants, started by the game master."""
    game_id, thread, users = await open_duel(fake, world, tmp_path, "cloudspire", seed=SEED, options=OPTIONS)
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    assert follower.state.options.simultaneous_build and follower.state.options.simultaneous_prep
    return Table(fake, world, thread, game_id, users, follower)


def public_since(fake: Any, start: int) -> list[str]:
    """What readers see of every public payload recorded after the first ``start``."""
    public = [p for p in fake.payloads() if p.visibility == "public"]
    return [shown(p) + " " + str(p.components) for p in public[start:]]


def public_count(fake: Any) -> int:
    return len([p for p in fake.payloads() if p.visibility == "public"])


def unit_names(chips: list[str]) -> set[str]:
    """A selection's units as a reader of either language would see them named."""
    names = cloudspire_names()
    out: set[str] = set()
    for chip in chips:
        for kind in ("unit", "market"):
            for locale in ("en", "zh_Hans"):
                name = names.name(Ref(kind=kind, id=chip), locale)
                if name:
                    out.add(name)
    return out


async def open_builder_panel(table: Table, prompt: Prompt) -> Any:
    """The deploy prompt's form button opens the private builder in the seat's DMs."""
    fake, user = table.fake, table.users[prompt.seat]
    message = await fake.wait_for(lambda: table.prompt_message(prompt), timeout=20, what="the deploy DM")
    assert message.channel_id == fake.dm_channel(user).id, "the deploy prompt outside the DMs"
    form = ids.encode_prompt(ids.FORM, table.game_id, prompt.seat, ids.key_hash(prompt.key), 0)
    opened = await (await fake.press(user, message, form)).response(timeout=20)
    assert opened.message is not None and opened.message.channel_id == fake.dm_channel(user).id, opened.text
    return opened.message


def two_minions(prompt: Prompt) -> list[int]:
    """The two cheapest minions of different types that fit the wave's CP."""
    cands = builder.candidates(prompt)
    budget = int(str(prompt.msg.params["cp"])) if prompt.msg is not None else 0
    picks: list[int] = []
    for i, c in sorted(enumerate(cands), key=lambda ic: ic[1].cp):
        if c.role == "minion" and c.cp <= budget and len(picks) < 2 and all(cands[j].chip != c.chip for j in picks):
            picks.append(i)
            budget -= c.cp
    assert len(picks) == 2, cands
    return picks


async def add_units(table: Table, seat: int, panel: Any, picks: list[int]) -> Any:
    user = table.users[seat]
    for i in picks:
        add = next(cid for cid in panel.custom_ids if cid.startswith(f"{builder.PREFIX}:{builder.ADD}:"))
        panel = (await (await table.fake.select(user, panel, add, [str(i)])).response(timeout=20)).message
        assert panel is not None
    return panel


async def lock_in(table: Table, seat: int, panel: Any) -> None:
    lock = next(cid for cid in panel.custom_ids if cid.startswith(f"{builder.PREFIX}:{builder.CONFIRM}:"))
    reply = (await (await table.fake.press(table.users[seat], panel, lock)).response(timeout=20)).text
    assert "⛔" not in reply, reply
    table.follower.refresh()


def assert_hidden(table: Table, seat: int, chips: list[str], since: int) -> None:
    """AMB-26/H28: a locked stack of a simultaneous prep stays the owner's until every seat locked in."""
    state = table.follower.state
    assert state.phase == "prep" and state.steps[0].kind == "deploy", "the prep should still be open"
    for viewer in [None, *[s for s in state.seats if s != seat]]:
        me = RS.view(state, viewer)["players"][seat]
        assert me["selected"] is None and me["stack"] is None, (viewer, me)
        assert me["stack_entries"] == 0 and me["stack_top"] is None, (viewer, me)
    names = unit_names(chips)
    for text in public_since(table.fake, since):
        assert not any(n in text for n in names), (names, text[:300])


async def play_simultaneous_wave(table: Table, bot: Any, started: float) -> dict[str, Any]:
    """Wave 1 to the end of its prep: ordinary decisions by their components, the two simultaneous
    windows checked answer by answer. Returns what the checks saw."""
    follower, built, decisions = table.follower, set[int](), 0
    seen: dict[str, Any] = {"build_rounds": 0, "both_asked": 0, "restarted": False, "stacks": {}}
    while "prep_end" not in follower.kinds:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"wave {follower.state.wave}, phase {follower.state.phase} after {decisions} decisions"
        )
        waiting = [p for p in follower.prompts() if p.waiting]
        assert waiting, "the game waits on nobody"
        prompt = waiting[0]
        if prompt.rule == BUILD_SIM_RULE:
            await build_round(table, waiting, built, seen, bot)
        elif prompt.rule == DEPLOY_RULE:
            await simultaneous_prep(table, waiting, bot, seen)
        else:
            await table.answer(prompt, decide(prompt, built))
        decisions += 1
    return seen


async def build_round(table: Table, waiting: list[Prompt], built: set[int], seen: dict[str, Any], bot: Any) -> None:
    """One round of CS-24.3b: every seat still building is asked at once, in its DMs; the answers
    are secret until the last is in (H28), then carried out in turn order, told in the thread.
    In the first round both seats answer, the bot is killed and started again between the two
    answers: the second seat presses the button of the DM sent before the restart."""
    follower = table.follower
    window = follower.state.steps[0].window
    assert window is not None and window.together
    asked = {p.seat for p in waiting}
    assert asked == set(window.seats), (asked, window.seats)  # everyone at once, nobody waits on a turn
    assert all(p.secret and p.simultaneous for p in waiting)
    seen["build_rounds"] += 1
    seen["both_asked"] += len(asked) == len(follower.state.seats)
    towers = len(follower.state.towers)
    kinds = len(follower.kinds)
    since = public_count(table.fake)
    for i, prompt in enumerate(sorted(waiting, key=lambda p: turn_order(follower.state).index(p.seat))):
        index = decide(prompt, built)
        label = prompt.options[index].label
        await table.answer(prompt, index)
        if i < len(waiting) - 1:  # not the last: nothing of it shows yet
            assert len(follower.state.towers) == towers and len(follower.kinds) == kinds
            for text in public_since(table.fake, since):
                assert label not in text, (label, text[:300])
            if not seen.get("build_restarted"):
                await bot.restart(hard=True, ready_pattern=r"ready as ", timeout=30)
                seen["build_restarted"] = True
    assert len(follower.kinds) > kinds, "the round's outcome was not told to the table"


async def simultaneous_prep(table: Table, waiting: list[Prompt], bot: Any, seen: dict[str, Any]) -> None:
    """CS-24.3c: both deploy prompts open at once; the first seat's builder survives a restart; its
    locked stack stays hidden (AMB-26) until the second seat locks in; then only tops and heights."""
    fake, follower = table.fake, table.follower
    assert {p.seat for p in waiting} == set(follower.state.seats), "every seat's prep is asked at once"
    assert all(p.secret and p.simultaneous for p in waiting)
    first, second = sorted(waiting, key=lambda p: turn_order(follower.state).index(p.seat))
    since = public_count(fake)

    # The first seat: one unit, a hard restart, the second unit and the lock-in on the same panel.
    picks = two_minions(first)
    panel = await open_builder_panel(table, first)
    panel = await add_units(table, first.seat, panel, picks[:1])
    await bot.restart(hard=True, ready_pattern=r"ready as ", timeout=30)
    seen["restarted"] = True
    panel = await add_units(table, first.seat, fake.get_message(panel.id), picks[1:])
    cands = builder.candidates(first)
    chips = [cands[i].chip for i in picks]
    await lock_in(table, first.seat, panel)
    assert_hidden(table, first.seat, chips, since)

    # The second seat's builder does not list the first seat's locked selection (simultaneous: H28).
    other = await open_builder_panel(table, second)
    assert not any(n in other.content for n in unit_names(chips)), other.content
    if table.users[second.seat] is table.world.bob:
        assert CJK.search(other.content), other.content
    picks2 = two_minions(second)
    other = await add_units(table, second.seat, other, picks2)
    cands2 = builder.candidates(second)
    await lock_in(table, second.seat, other)

    # Both locked: the stacks are formed together, their heights told, their tops public.
    state = follower.state
    assert state.phase != "prep" or state.steps[0].kind != "deploy"
    for prompt, mine in ((first, chips), (second, [cands2[i].chip for i in picks2])):
        stack = state.pl[prompt.seat].stack
        assert sorted(u.type_id for u in stack) == sorted(mine)
        public = RS.view(state, None)["players"][prompt.seat]
        assert public["stack"] is None and public["stack_entries"] == 2 and public["stack_chips"] == 2
        assert public["stack_top"]["type"] == stack[0].type_id
        seen["stacks"][prompt.seat] = [u.type_id for u in stack]
    table.builder_seats |= {first.seat, second.seat}
    table.dm_prompts.add(DEPLOY_RULE)


async def test_simultaneous_build_and_prep_through_dms_and_components(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    fake.set_locale(world.bob, "zh-CN")
    bot = await start_referee(start_bot, tmp_path)
    table = await open_variant_game(fake, world, tmp_path)
    follower = table.follower

    seen = await play_simultaneous_wave(table, bot, time.monotonic())

    assert seen["build_rounds"] >= 2 and seen["both_asked"] >= 1, seen
    assert seen["restarted"] and seen["build_restarted"] and len(seen["stacks"]) == 2, seen
    assert BUILD_SIM_RULE in table.dm_prompts and BUILD_SIM_RULE not in table.thread_prompts
    kinds = set(follower.kinds)
    assert {"tower_built", "pass", "build_end", "stack", "prep_end"} <= kinds, sorted(kinds)
    # The thread was told each stack's height once both were locked (CS-18.6), not before.
    heights = [t for t in follower.public_texts if "deploy stack of" in t]
    assert len(heights) == 2 and all("(2 chips); its top is" in t for t in heights), heights
    # bob reads his DMs (his build rounds, his builder) in Chinese.
    assert CJK.search(" ".join(m.content for m in fake.dms(world.bob)))

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 5
    fake.assert_no_violations()
