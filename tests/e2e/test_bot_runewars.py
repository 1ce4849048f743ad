"""Runewars end to end: the real bot, three fake players, a full first year through DMs and buttons.

The game master fixes the seed (``SEED``), so every run plays the same game; the players
still play adaptively: the test follows the game from the database (replaying the log with
the engine) and answers
each open prompt by pressing the button, or picking the select option, of the message the
bot sent for it: secret prompts (order cards, bids, rune faces, tactics) in the seat's DMs,
public ones in the game thread, game-master rulings with the thread's GM button. The
players steer towards the situations of issue 5: they order Conquer and Mobilize early and
activate areas held by neutrals, try diplomacy once and then fight. Engine-only runs show the
policy reaches a battle and a diplomacy attempt in the first year under almost every seed,
but not all (a bot-drawn seed once gave a year without a battle), so the seed is fixed to
one where it does; a bid happens only when a season card calls for one, and then it is
played out.

Afterwards: a board picture was posted after setup and after every season, every public
payload is checked against every seat's secrets at every prefix of the log, and the fake
Discord recorded no broken limit (labels, descriptions, option counts, content length).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine
from cogs import ids
from engine.core import Event, Prompt
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    check_public_payloads,
    db_path,
    open_game,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio

RS = engine.ruleset("runewars")
MAX_DECISIONS = 400
TIME_BUDGET = 170.0  # seconds of play before the test gives up
SEED = "rw-e2e-0"  # fixed by the GM: the first year has a battle, diplomacy, a quest phase


# ---- the players' brain: which option to take (pure, engine-only) -------------------------------
@dataclass
class Goals:
    battle: bool = False
    diplomacy: bool = False  # "Attempt diplomacy" chosen and influence spent (RW-12)
    quest: bool = False  # a quest phase with hero actions (RW-21)
    hero_actions: int = 0
    bid_called: bool = False  # a season card asked for an influence bid (RW-31)
    bid: bool = False
    winter: bool = False  # the winter food limit was checked (RW-6.8)
    orders_revealed: int = 0
    seasons_over: int = 0
    kinds: list[str] = field(default_factory=list)

    def missing(self) -> list[str]:
        out = [n for n in ("battle", "diplomacy", "quest", "winter") if not getattr(self, n)]
        if self.bid_called and not self.bid:
            out.append("bid")
        if self.orders_revealed < 4:
            out.append("orders")
        return out


def update_goals(goals: Goals, events: list[Event]) -> None:
    for e in events:
        if e.audience is not None:
            continue
        goals.kinds.append(e.kind)
        goals.battle |= e.kind == "battle"
        goals.quest |= e.kind == "quest_phase"
        goals.hero_actions += e.kind == "hero_action"
        goals.bid |= e.kind == "bids_revealed"
        goals.winter |= e.kind == "winter"
        goals.orders_revealed += e.kind == "orders_revealed"
        goals.seasons_over += e.kind == "season_over"


PREFER = {"spring": [3, 2], "summer": [2, 3], "autumn": [3, 2, 5], "winter": [5, 4, 6, 7, 1]}


def find(prompt: Prompt, pred: Any) -> int | None:
    return next((i for i, o in enumerate(prompt.options) if pred(o)), None)


def decide(state: Any, prompt: Prompt, goals: Goals) -> int:
    """The option a purposeful player takes: quick setup, early attacks on neutrals, diplomacy once."""
    rule = prompt.rule
    if rule == "RW-4.3":  # the setup's default layout
        i = find(prompt, lambda o: o.action.get("type") == "rw_auto_map")
        return i or 0
    if rule == "RW-7.2":
        for card in PREFER[state.season_name]:
            i = find(prompt, lambda o, c=card: o.action.get("card") == c)
            if i is not None:
                return i
        return 0
    if rule == "RW-10.7.1":
        seat = prompt.seat

        def neutral(a: str) -> bool:
            return any(u.area == a and u.owner is None for u in state.units)

        def enemy(a: str) -> bool:
            return any(u.area == a and u.owner not in (None, seat) for u in state.units)

        # An activation option says what stands there; its description, how many units can reach it.
        reach = [i for i, o in enumerate(prompt.options) if o.description and "none of your" not in o.description]
        for pred in (neutral, enemy):
            for i in reach:
                if pred(prompt.options[i].action["value"]):
                    return i
        return reach[0] if reach else 0
    if rule == "RW-10.7.2":
        return find(prompt, lambda o: o.label.startswith("Move all")) or 0
    if rule == "RW-12.1":
        want = "diplomacy" if not goals.diplomacy else "battle"
        i = find(prompt, lambda o: o.action.get("value") == want)
        return 0 if i is None else i
    if rule == "RW-12.2":
        return min(1, len(prompt.options) - 1)
    if rule == BID:
        goals.bid_called = True
        return find(prompt, lambda o: o.label == "Bid 1") or 0
    if rule == "RW-21.4.4":  # duel, quest or nothing: nothing keeps the test short
        return len(prompt.options) - 1
    return 0


BID = "RW-31.2"


# ---- following the game from the database ------------------------------------------------------
class Follower(LogFollower):
    """The game as the database has it, with the situations this year must show."""

    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.goals = Goals()
        self.answers: list[tuple[int, str, dict[str, Any]]] = []

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        update_goals(self.goals, events)
        if action.get("type") == "rw_choose" and action.get("value") == "diplomacy":
            self.goals.diplomacy = True


# ---- pressing what the bot sent ---------------------------------------------------------------------
@dataclass
class Table(PromptTable):
    selects_used: set[str] = field(default_factory=set)

    async def answer(self, prompt: Prompt, index: int) -> str:
        """Press the option's button, or pick it in its select menu; returns the bot's reply."""
        message = await self.arrived(prompt)
        user = self.user_of(prompt)
        button = ids.encode_prompt(ids.OPTION, self.game_id, prompt.seat, ids.key_hash(prompt.key), index)
        if button in message.custom_ids:
            handle = await self.fake.press(user, message, button)
        else:
            select = next(s for s in message.selects if any(o["value"] == str(index) for o in s.get("options", [])))
            self.selects_used.add(prompt.rule)
            handle = await self.fake.select(user, message, select["custom_id"], [str(index)])
        reply = (await handle.response(timeout=20)).text
        assert "⛔" not in reply and "Something went wrong" not in reply, (
            prompt.rule,
            prompt.options[index].label,
            reply,
        )
        self.follower.refresh()
        return reply


async def open_table(fake: Any, world: Any, tmp_path: Path) -> Table:
    game_id, thread, users = await open_game(fake, world, tmp_path, "runewars", seed=SEED)
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    return Table(fake, world, thread, game_id, users, follower)


def boards(fake: Any, thread: Any) -> list[Any]:
    return [m for m in fake.messages(thread) if any(a.filename.endswith(".png") for a in m.attachments)]


async def test_a_full_year_through_dms_and_buttons(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    table = await open_table(fake, world, tmp_path)
    follower, goals = table.follower, table.follower.goals
    started = time.monotonic()
    decisions = 0
    order_dm_checked = False

    while follower.state.year == 1 and RS.result(follower.state) is None:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"still in year 1 ({follower.state.season_name}) after {decisions} decisions; missing {goals.missing()}"
        )
        prompts = follower.prompts()
        prompt = next((p for p in prompts if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        if prompt.rule == "RW-7.2" and not order_dm_checked:
            order_dm_checked = True
            await check_order_dm(table, [p for p in prompts if p.rule == "RW-7.2"])
        await table.answer(prompt, decide(follower.state, prompt, goals))
        decisions += 1

    assert not goals.missing(), f"missing {goals.missing()}: {sorted(set(goals.kinds))}"
    assert goals.seasons_over == 4 and goals.hero_actions > 0
    # Order cards, and any bid, were answered in DMs; battle and movement decisions in the thread.
    assert {"RW-7.2"} <= table.dm_prompts and "RW-7.2" in table.selects_used
    if goals.bid_called:
        assert BID in table.dm_prompts
    assert {"RW-10.7.1", "RW-12.1"} <= table.thread_prompts

    thread = table.thread
    # The reveal reached the thread in one message, with every seat's card.
    reveal = await fake.wait_for_message(lambda m: "Order cards revealed" in shown(m), channel=thread, timeout=15)
    assert shown(reveal).count("#") >= 3, shown(reveal)
    # A board picture after setup and after each of the four seasons, with the season's summary.
    await expect_season_boards(fake, thread)
    # Rules text on request, only to the asker.
    await ask_rules_and_hand(fake, world, thread)

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 50
    assert not any("You chose #" in shown(p) for p in fake.payloads() if p.visibility == "public")
    fake.assert_no_violations()


async def expect_season_boards(fake: Any, thread: Any) -> None:
    await fake.wait_for(lambda: len(boards(fake, thread)) >= 5, timeout=30, what="five board pictures")
    summaries = lambda: [m for m in fake.messages(thread) if "Season summary" in shown(m)]  # noqa: E731
    await fake.wait_for(lambda: len(summaries()) >= 4, timeout=30, what="four season summaries")
    assert any("Order cards revealed" in shown(m) for m in summaries()), shown(summaries()[0])


async def ask_rules_and_hand(fake: Any, world: Any, thread: Any) -> None:
    r = await (await fake.slash(world.bob, "rw rule", channel=thread, options={"name": "Conquer"})).response(timeout=10)
    assert r.ephemeral and "Highest bonus" in r.text, r.text
    r = await (await fake.slash(world.carol, "rw hand", channel=thread)).response(timeout=10)
    assert r.ephemeral and "Order cards in hand" in r.text and "Tactics cards" in r.text, r.text


async def check_order_dm(table: Table, prompts: list[Prompt]) -> None:
    """Each seat's order DM is a select menu of its cards, with the ability and bonus in the description."""
    for prompt in prompts:
        message = await table.fake.wait_for(lambda p=prompt: table.prompt_message(p), timeout=20, what="order DM")
        assert message.selects, message.custom_ids
        options = [o for s in message.selects for o in s["options"]]
        assert len(options) == len(prompt.options)
        assert all(o.get("description") for o in options), options
        assert any("bonus" in (o.get("description") or "").lower() for o in options), options
