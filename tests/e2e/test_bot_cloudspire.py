"""Cloudspire end to end: the real bot, fake players, a whole first wave through DMs and components.

Issue 14's acceptance. The game master fixes the seed, so every run plays the same game; the
players follow the game from the database (replaying the log with the engine) and answer each
open prompt by pressing the button, or picking the select option (turning pages of a long
build list), of the message the bot sent for it: secret prompts (the deploy stack, CS-18.6;
keeping or revealing an explored landmark, CS-19.4.3) in the seat's DMs, public ones in the
game thread, a tower attack in another player's turn (CS-19.3.1) to the tower's owner.

Two players play wave 1 to its end (events on): income, market, build, target (once typed with
``/cs do``), prep by DM (one seat through the private stack builder), the whole siege, then
wave 2's event. bob's Discord client is Chinese (zh-CN): his DMs, his ``/cs do`` choices and his
``/cs rule`` answer are in Chinese. Afterwards: a board picture was posted after setup and at
every milestone (end of the build phase, of the prep, of each siege round, of the wave); every
public payload is checked against every seat's secrets at every prefix of the log; the fake
Discord recorded no broken limit.

Three players play part of wave 1 until a tower owner has answered a tower attack in another
player's turn and an explorer has kept a landmark face down after seeing it by DM.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine
from cogs import cloudspire_builder as builder
from cogs import ids
from engine.cloudspire import names as cloudspire_names
from engine.core import GM_SEAT, Event, Prompt
from engine.core.text import Ref
from renderers.cloudspire import render_board, render_decision
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    check_public_payloads,
    db_path,
    open_duel,
    open_game,
    start_referee,
    visible_labels,
)

pytestmark = pytest.mark.asyncio

RS = engine.ruleset("cloudspire")
TIME_BUDGET = 240.0  # seconds of play before the test gives up
MAX_DECISIONS = 400
SEED = "cs-e2e-0"
SEED_3P = "cs-e2e-3p-5"  # engine-only runs: a left-player tower attack and a peek in wave 1
CJK = re.compile(r"[\u4e00-\u9fff]")
HEX = re.compile(r"^-?[0-9]+,-?[0-9]+$")


# ---- the players' brain: which option to take (pure, engine-only) -------------------------------
def find(prompt: Prompt, pred: Any) -> int | None:
    return next((i for i, o in enumerate(prompt.options) if pred(o.action)), None)


def decide(prompt: Prompt, built: set[int]) -> int:
    """A purposeful player: builds one tower, deploys the suggested stack, attacks, explores, keeps faces secret."""
    rule = prompt.rule
    if rule in ("CS-17.1", "CS-24.3"):  # CS-17.2.1: one tower each, then pass (also when building at once)
        if prompt.seat not in built:
            i = find(prompt, lambda a: a.get("type") == "build_tower")
            if i is not None:
                built.add(prompt.seat)
                return i
        return find(prompt, lambda a: a.get("type") == "pass") or 0
    if rule == "CS-18.6":  # the fullest ready-made stack
        return len(prompt.options) - 1
    if rule == "CS-19.4.3":  # keep an explored landmark face down: its face stays the explorer's secret (H5)
        return find(prompt, lambda a: a.get("reveal") is False) or 0
    if rule == "CS-16.3":  # CS-16.3: keep the Source for towers
        return find(prompt, lambda a: a.get("type") == "pass") or 0
    for kind in ("fire", "attack"):
        i = find(prompt, lambda a, k=kind: a.get("type") == k)
        if i is not None:
            return i
    for kind in ("explore", "move"):
        i = find(prompt, lambda a, k=kind: a.get("type") == k)
        if i is not None:
            return i
    return 0


# ---- following the game from the database ------------------------------------------------------
class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.kinds: list[str] = []
        self.private_kinds: list[str] = []
        self.milestones = 0

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        self.kinds += [e.kind for e in events if e.audience is None]
        self.private_kinds += [e.kind for e in events if e.audience is not None]
        self.milestones += any(e.milestone and e.audience is None for e in events)


@dataclass
class Table(PromptTable):
    off_turn: set[str] = field(default_factory=set)  # rules answered by a seat other than the active one
    builder_seats: set[int] = field(default_factory=set)  # seats whose stack was built in the private builder
    use_builder: bool = False
    typed: set[str] = field(default_factory=set)  # rules answered with /cs do
    pictured: dict[str, int] = field(default_factory=dict)  # rule -> map decisions seen with their picture
    drawn_alike: int = 0  # decision pictures byte for byte those drawn here from the same view and labels

    async def answer(self, prompt: Prompt, index: int) -> str:
        """Press the option's button, or pick it in its select menu (turning to its page first)."""
        message = await self.arrived(prompt)
        user = self.user_of(prompt)
        self.check_picture(prompt, message, "zh_Hans" if user is self.world.bob and prompt.secret else "en")
        if not prompt.secret and prompt.seat != self.follower.state.active and self.follower.state.phase == "siege":
            self.off_turn.add(prompt.rule)
        return await self.choose(prompt, message, index)

    def check_picture(self, prompt: Prompt, message: Any, locale: str) -> None:
        """A hex decision's message carries the picture of its candidates, labelled as its buttons (issue 14).

        The places are worked out here from the options alone (``places_named``). When every
        candidate's first option shows in the message, the attached picture must be byte for byte
        the one drawn here from the same view with the labels read off those components.
        """
        if prompt.seat == GM_SEAT:
            return
        state = self.follower.state
        view = RS.view(state, prompt.seat if prompt.secret else None)
        named = places_named(prompt, view)
        pngs = [a for a in message.attachments if a.filename.endswith(".png")]
        if not named or 2 * len(named) < len(prompt.options):
            return
        assert pngs, f"the hex decision {prompt.rule} came without its picture"
        self.pictured[prompt.rule] = self.pictured.get(prompt.rule, 0) + 1
        shown = visible_labels(message)
        expected: dict[str, str] = {}
        for i, place in sorted(named.items()):
            if place not in expected:
                if i not in shown:
                    return  # on a later page of the menu: its label is not in this message to compare with
                expected[place] = shown[i]
        drawn = render_decision(view, expected, locale=locale)
        if drawn == pngs[0].data:
            self.drawn_alike += 1


def places_named(prompt: Prompt, view: dict[str, Any]) -> dict[int, str]:
    """Option index -> the hex it names: where it goes (``to``, ``hex``, a gate, a tile's anchor, a
    target or landmark's hex), else where the acting unit or tower stands. Worked out from the
    Cloudspire view's shapes, without the bot's code."""
    at: dict[str, str] = {lm["lid"]: lm["hex"] for lm in view.get("landmarks") or []}
    at |= {u["uid"]: u["hex"] for u in view.get("units") or [] if u.get("hex")}
    at |= {t["tid"]: t["hex"] for t in view.get("towers") or []}
    out: dict[int, str] = {}
    for i, option in enumerate(prompt.options):
        action = option.action
        for fields in (("to", "hex", "gate", "anchor", "target", "landmark"), ("unit", "tower")):
            spots = {
                str(v) if HEX.match(str(v)) else at.get(str(v), "")
                for k, v in action.items()
                if k in fields and isinstance(v, str)
            } - {""}
            if spots:
                if len(spots) == 1:
                    out[i] = spots.pop()
                break
    return out


async def open_two(fake: Any, world: Any, tmp_path: Path) -> Table:
    """A two-player game (alice, bob) started by the game master with ``SEED``."""
    game_id, thread, users = await open_duel(fake, world, tmp_path, "cloudspire", seed=SEED, options="events=true")
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    return Table(fake, world, thread, game_id, users, follower)


def boards(fake: Any, thread: Any) -> list[Any]:
    return [m for m in fake.messages(thread) if any(a.filename.endswith(".png") for a in m.attachments)]


async def play_until(table: Table, done: Any, started: float) -> int:
    follower, built, decisions = table.follower, set[int](), 0
    while not done(follower) and RS.result(follower.state) is None:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"wave {follower.state.wave}, phase {follower.state.phase} after {decisions} decisions"
        )
        prompts = follower.prompts()
        prompt = next((p for p in prompts if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        if prompt.rule == "CS-18.6" and table.use_builder and not table.builder_seats:
            await build_stack(table, prompt)
        elif prompt.rule == "CS-18.1" and table.use_builder and not table.typed:
            await type_answer(table, prompt)
        else:
            await table.answer(prompt, decide(prompt, built))
        decisions += 1
    return decisions


async def test_a_two_player_wave_through_dms_and_components(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    fake.set_locale(world.bob, "zh-CN")
    await start_referee(start_bot, tmp_path, BOT_RENDER_WORKERS="2")  # pictures from the picture processes
    table = await open_two(fake, world, tmp_path)
    table.use_builder = True
    follower = table.follower
    started = time.monotonic()

    decisions = await play_until(table, lambda f: "wave_end" in f.kinds, started)
    assert decisions > 10
    # The wave's end starts the next wave in the same step: its event is drawn (CS-14) and its income paid.
    kinds = set(follower.kinds)
    assert {
        "income",
        "tower_built",
        "build_end",
        "stack",
        "prep_end",
        "turn",
        "round_end",
        "siege_end",
        "wave_end",
        "event",
    } <= kinds, sorted(kinds)
    # The deploy stack (CS-18.6) was chosen in DMs; market, build and siege decisions in the thread.
    assert "CS-18.6" in table.dm_prompts and table.builder_seats
    assert table.typed == {"CS-18.1"}
    assert {"CS-16.3", "CS-17.1"} <= table.thread_prompts
    # Every hex decision came with its picture (issue 14): builds, moves, attack targets and exploration.
    assert {"CS-17.1", "CS-19.2.1"} <= set(table.pictured), table.pictured
    assert table.drawn_alike >= 1, "no decision picture matched the one drawn from its view and buttons"
    # bob's client is Chinese: his DMs (his secret deploy prompt) are written in Chinese.
    bob_dms = " ".join(m.content for m in fake.dms(world.bob))
    assert CJK.search(bob_dms), bob_dms[:300]

    # A board picture after setup and at every milestone step (build, prep, each siege round, the wave).
    await fake.wait_for(
        lambda: len(boards(fake, table.thread)) >= 1 + follower.milestones,
        timeout=60,
        what=f"{1 + follower.milestones} board pictures",
    )
    assert follower.milestones >= 4

    await ask_rules(fake, world, table.thread)

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 20
    fake.assert_no_violations()


async def ask_rules(fake: Any, world: Any, thread: Any) -> None:
    """``/cs rule`` answers only the asker, in their language: alice in English, bob (zh-CN) in Chinese."""
    r = await (await fake.slash(world.alice, "cs rule", channel=thread, options={"name": "awsh"})).response(timeout=10)
    assert r.ephemeral and "Basic side" in r.text and "CS-10" in r.text, r.text
    r = await (await fake.slash(world.bob, "cs rule", channel=thread, options={"name": "impale"})).response(timeout=10)
    assert r.ephemeral and "穿刺" in r.text, r.text


async def test_three_players_tower_attack_off_turn_and_an_exploration_peek(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    """Part of a 3-player wave: a tower owner answers a tower attack (CS-19.3.1) in another player's
    turn, in the thread; an explorer decides reveal-or-keep (CS-19.4.3) in DMs, having seen the face."""
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_game(fake, world, tmp_path, "cloudspire", seed=SEED_3P)
    fake.set_locale(world.bob, "zh-CN")  # after joining: open_game reads the English replies
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    table = Table(fake, world, thread, game_id, users, follower)

    def seen(f: Follower) -> bool:
        return "CS-19.3.1" in table.off_turn and "CS-19.4.3" in table.dm_prompts

    await play_until(table, seen, time.monotonic())
    assert "CS-19.3.1" in table.off_turn and "CS-19.4.3" in table.dm_prompts
    assert "CS-19.3.1" in table.thread_prompts and "CS-19.4.3" not in table.thread_prompts
    assert "peek" in follower.private_kinds, follower.private_kinds
    # The face went to the explorer by DM (H5), in their language; the thread never named it (the leak check).
    names = cloudspire_names()
    kept = [(s, lm.chip) for lm in follower.state.landmarks if not lm.face_up for s in lm.known_by]
    assert kept, "no explored landmark kept face down"
    for seat, chip in kept:
        user = users[seat]
        name = names.name(Ref(kind="landmark", id=chip), "zh_Hans" if user is world.bob else "en")
        assert name and any(name in m.content for m in fake.dms(user)), (seat, chip, name)
    follower.refresh()
    check_public_payloads(fake, follower.secrets, follower.public_texts)
    fake.assert_no_violations()


async def build_stack(table: Table, prompt: Prompt) -> None:
    """The deploy stack through the private builder (CS-18.6): the prompt's form button opens it in
    DMs; two minions that fit the CP are added, the second moved to the top, then **Lock in**."""
    fake, seat = table.fake, prompt.seat
    user = table.users[seat]
    message = await fake.wait_for(lambda: table.prompt_message(prompt), timeout=20, what="the deploy DM")
    kh = ids.key_hash(prompt.key)
    form = ids.encode_prompt(ids.FORM, table.game_id, seat, kh, 0)
    opened = await (await fake.press(user, message, form)).response(timeout=20)
    panel = opened.message
    assert panel is not None and panel.channel_id == fake.dm_channel(user).id, opened.text
    # After the builder, the seat's own picture by DM (issue 14): the board with its stack, explored
    # faces and relics under it, drawn from its own view only (the same bytes as drawn here).
    picture = await fake.wait_for(
        lambda: next((a for m in fake.dms(user) for a in m.attachments if a.filename == "cloudspire-yours.png"), None),
        timeout=30,
        what="the private picture",
    )
    locale = "zh_Hans" if user is table.world.bob else "en"
    assert picture.data == render_board(RS.view(table.follower.state, seat), locale=locale)
    cands = builder.candidates(prompt)  # as the engine lists them on the deploy prompt
    budget = int(str(prompt.msg.params["cp"])) if prompt.msg is not None else 0
    picks: list[int] = []
    for i, c in sorted(enumerate(cands), key=lambda ic: ic[1].cp):  # cheapest first, two different types
        if c.role == "minion" and c.cp <= budget and len(picks) < 2 and all(cands[j].chip != c.chip for j in picks):
            picks.append(i)
            budget -= c.cp
    assert len(picks) == 2, cands
    for i in picks:
        add = next(cid for cid in panel.custom_ids if cid.startswith(f"{builder.PREFIX}:{builder.ADD}:"))
        panel = (await (await fake.select(user, panel, add, [str(i)])).response(timeout=20)).message
        assert panel is not None
    top = next(cid for cid in panel.custom_ids if cid.startswith(f"{builder.PREFIX}:{builder.TOP}:"))
    panel = (await (await fake.select(user, panel, top, ["1"])).response(timeout=20)).message
    assert panel is not None
    lock = next(cid for cid in panel.custom_ids if cid.startswith(f"{builder.PREFIX}:{builder.CONFIRM}:"))
    reply = (await (await fake.press(user, panel, lock)).response(timeout=20)).text
    assert "⛔" not in reply, reply
    table.follower.refresh()
    stack = table.follower.state.pl[seat].stack
    assert [u.type_id for u in stack] == [cands[picks[1]].chip, cands[picks[0]].chip]
    table.builder_seats.add(seat)
    table.dm_prompts.add(prompt.rule)


async def type_answer(table: Table, prompt: Prompt) -> None:
    """``/cs do``: the asker's options complete in their language; the chosen one is applied like a button."""
    fake, user = table.fake, table.users[prompt.seat]
    done = table.follower.applied
    typed = await fake.autocomplete(user, "cs do", "choice", "", channel=table.thread)
    choices = (await typed.response(timeout=10)).choices or []
    assert len(choices) == len(prompt.options), choices
    if user is table.world.bob:  # the zh-CN client reads the options in Chinese
        assert any(CJK.search(c["name"]) for c in choices), choices
    r = await (await fake.slash(user, "cs do", channel=table.thread, options={"choice": choices[0]["value"]})).response(
        timeout=20
    )
    assert "⛔" not in r.text, r.text
    table.follower.refresh()
    assert table.follower.applied == done + 1
    table.typed.add(prompt.rule)
