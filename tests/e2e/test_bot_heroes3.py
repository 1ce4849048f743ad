"""Heroes III skirmish end to end (issue 17): the real bot, two fake players, a combat to its end.

The game master fixes the seed, so every run plays the same combat. The players follow the game
from the database (replaying the log with the engine) and answer each open prompt by pressing
its button, or picking its select-menu entry, on the message the bot sent for it: a decision
that may offer cards from the hand (a unit's activation, the card window before an attack,
H3-34.5; the start-of-combat window, H3-13.2.7) arrives by DM, the others (placement, H3-32)
in the game thread. bob's Discord client is Chinese (zh-CN): his DMs are in Chinese.

Afterwards: a board picture was posted after setup and at every milestone step (each combat
round's start, the end); decisions on board squares carried a picture; every public payload
passed the leak check (no card instance of a hand or deck, and no label of a hand card's play
option, ever reached the thread); ``/h3`` lookups answered each player in their language; the
fake Discord recorded no broken limit.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import Event, Prompt
from i18n import render
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    board_posts,
    check_public_payloads,
    db_path,
    open_duel,
    shows,
    start_referee,
)

pytestmark = pytest.mark.asyncio

RS = engine.ruleset("heroes3-skirmish")
TIME_BUDGET = 360.0  # seconds of play before the test gives up
MAX_DECISIONS = 400
SEED = "h3-e2e-1"
OPTIONS = {"mode": "duel", "preset": "starter", "level": 2}
CJK = re.compile(r"[\u4e00-\u9fff]")


# ---- the players' brain: which option to take (pure, engine-only) -------------------------------
def _distance(a: list[int] | tuple[int, int], b: list[int] | tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def decide(prompt: Prompt, state: Any) -> int:
    """A purposeful player: places its units, attacks when it can, else closes in; keeps its cards."""
    actions = [o.action for o in prompt.options]
    kinds = [str(a.get("type")) for a in actions]
    if "attack" in kinds:
        return kinds.index("attack")
    if "move" in kinds and prompt.rule in ("H3-28.1", "H3-28.3"):
        combat = state.combat
        active = combat.unit(combat.active) if combat and combat.active else None
        enemies = [u.pos for u in combat.on_board() if active is not None and u.team != active.team and u.pos]
        if enemies:
            moves = [(i, a) for i, a in enumerate(actions) if a.get("type") == "move"]
            best = min(moves, key=lambda ia: min(_distance(ia[1]["cell"], e) for e in enemies))
            return best[0]
    for kind in ("place", "pass", "end", "activate"):
        if kind in kinds:
            return kinds.index(kind)
    return next((i for i, k in enumerate(kinds) if k not in ("surrender", "retreat", "defend")), 0)


def play_labels(prompt: Prompt, locales: tuple[str, ...] = ("en", "zh_Hans")) -> set[str]:
    """The labels of the options that play a card from the hand, in each language a reader may see."""
    from engine.heroes3 import names

    out: set[str] = set()
    for option in prompt.options:
        if option.action.get("type") == "play" and option.msg is not None:
            out |= {render(option.msg, loc, names()) for loc in locales}
    return out


# ---- following the game from the database ------------------------------------------------------
class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.kinds: list[str] = []
        self.milestones = 0

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        self.kinds += [e.kind for e in events if e.audience is None]
        self.milestones += any(e.milestone and e.audience is None for e in events)


@dataclass
class Table(PromptTable):
    hand_labels: set[str] = field(default_factory=set)
    pictured: set[tuple[str, bool]] = field(default_factory=set)  # (rule, secret) of prompts that had a picture

    async def answer(self, prompt: Prompt, index: int) -> None:
        """Press the option's button, or pick it in its select menu (turning to its page first)."""
        message = await self.arrived(prompt)
        if any(a.filename.endswith(".png") for a in message.attachments):
            self.pictured.add((prompt.rule, prompt.secret))
        await self.choose(prompt, message, index)


async def open_skirmish(fake: Any, world: Any, tmp_path: Path) -> Table:
    """A two-player skirmish (alice, bob) started by the game master with ``SEED``."""
    game_id, thread, users = await open_duel(
        fake, world, tmp_path, "heroes3-skirmish", seed=SEED, options=json.dumps(OPTIONS)
    )
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    return Table(fake, world, thread, game_id, users, follower)


async def test_a_skirmish_combat_to_its_end_through_components(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    fake.set_locale(world.bob, "zh-CN")
    await start_referee(start_bot, tmp_path)
    table = await open_skirmish(fake, world, tmp_path)
    follower = table.follower
    started, decisions = time.monotonic(), 0
    while RS.result(follower.state) is None:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"round {follower.state.combat.round} after {decisions} decisions"
        )
        prompts = follower.prompts()
        for p in prompts:
            table.hand_labels |= play_labels(p)
            if any(o.action.get("type") == "play" for o in p.options):
                assert p.secret, f"{p.rule} offers cards from a hand in the thread"
        prompt = next((p for p in prompts if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        await table.answer(prompt, decide(prompt, follower.state))
        decisions += 1

    result = RS.result(follower.state)
    assert result is not None and result.reason in ("victory", "surrender", "retreat"), result
    assert {"h3_round", "h3_wins"} <= set(follower.kinds), sorted(set(follower.kinds))
    # Placement (H3-32) in the thread; activations and card windows by DM (they may offer the hand).
    assert "H3-32" in table.thread_prompts, table.thread_prompts
    assert {"H3-28.1"} & table.dm_prompts or {"H3-28.3"} & table.dm_prompts, table.dm_prompts
    # bob's client is Chinese: his DMs (his own decisions) are written in Chinese.
    bob_dms = " ".join(m.content for m in fake.dms(world.bob))
    assert CJK.search(bob_dms), bob_dms[:300]

    # The board after setup and at every milestone step (each combat round's start, the end).
    await fake.wait_for(
        lambda: len(board_posts(fake.messages(table.thread))) >= 1 + follower.milestones,
        timeout=90,
        what=f"{1 + follower.milestones} board pictures",
    )
    assert follower.milestones >= 2
    # Decisions on board squares carried the board with their candidates: placement (H3-32) in the
    # thread, a unit's moves and targets (H3-28.1 / H3-28.3) by DM.
    assert ("H3-32", False) in table.pictured, table.pictured
    assert {("H3-28.1", True), ("H3-28.3", True)} & table.pictured, table.pictured

    await ask_lookups(fake, world, table.thread)

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 10
    assert table.hand_labels, "nobody was ever offered a card"
    public = [p for p in fake.payloads() if p.visibility == "public"]
    leaked = sorted(label for label in table.hand_labels for p in public if shows(p, label))
    assert not leaked, f"a hand card's play option reached the thread: {leaked[:5]}"
    fake.assert_no_violations()


async def ask_lookups(fake: Any, world: Any, thread: Any) -> None:
    """``/h3 unit|hero|card|building|location`` answer only the asker, in their language; autocomplete
    offers names in it."""
    r = await (await fake.slash(world.alice, "h3 unit", channel=thread, options={"name": "griffins"})).response(
        timeout=10
    )
    assert r.ephemeral and "Griffins" in r.text and "initiative 9" in r.text, r.text
    r = await (await fake.slash(world.bob, "h3 hero", channel=thread, options={"name": "catherine"})).response(
        timeout=10
    )
    assert r.ephemeral and "凯瑟琳" in r.text, r.text
    typed = await fake.autocomplete(world.bob, "h3 card", "name", "魔法", channel=thread)
    choices = (await typed.response(timeout=10)).choices or []
    assert choices and all(CJK.search(c["name"]) for c in choices), choices
    value = next(c["value"] for c in choices if c["value"] == "magic_arrow")
    r = await (await fake.slash(world.bob, "h3 card", channel=thread, options={"name": value})).response(timeout=10)
    assert r.ephemeral and "魔法箭" in r.text and "🏠" in r.text, r.text
    # Locations and town buildings (issue 17), by a Chinese name typed in full.
    typed = await fake.autocomplete(world.bob, "h3 building", "name", "圣地", channel=thread)
    value = ((await typed.response(timeout=10)).choices or [{}])[0].get("value")
    r = await (await fake.slash(world.bob, "h3 building", channel=thread, options={"name": value})).response(timeout=10)
    assert r.ephemeral and "圣地" in r.text and "需先建造" in r.text, r.text
    r = await (
        await fake.slash(world.alice, "h3 location", channel=thread, options={"name": "Castle Settlement"})
    ).response(timeout=10)
    assert r.ephemeral and "to flag" in r.text and "H3-50" in r.text, r.text
