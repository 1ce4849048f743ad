"""Issue 18: nothing the table is owed is lost, and nothing is posted twice, however the bot dies.

The real bot process plays a seeded High Card game (three rounds, to the end) through the
fake Discord while ``BOT_CRASH_AFTER_SENDS`` / ``BOT_CRASH_AFTER_COMMITS`` make it SIGKILL
itself right after its Nth Discord call for an outbox row (or right after its Nth commit).
N is drawn per run from a seeded RNG, so the kills fall between a press and the end of its
deliveries: after the commit and before any post, between two DMs, after a message was
created but before the step was recorded (the resend then repeats its nonce and the fake
Discord, like Discord, answers with the existing message), during the start-up resend
itself. After each kill the bot is restarted and the game played on. Afterwards the
thread and every player's DMs must read exactly as in an uninterrupted run of the same
seed: the same messages, in the same order, each once.

What the comparison leaves out, on purpose: the reply to the interaction in flight when
the process died (an ephemeral confirmation and the "✅ Chosen" mark on the pressed
message) belongs to that interaction, which dies with the process; the game's deliveries
do not. So marks and the components they remove are not compared; content is.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest

from cogs import ids
from store.replay import Step, replay
from tests.e2e.bot_helpers import READY, bot_env, read_only, shown
from tests.e2e.conftest import REPO_ROOT
from tests.e2e.fake_discord import BotProcess, FakeDiscord
from tests.support.highcard import HIGHCARD, HighCardState

pytestmark = pytest.mark.asyncio

SEED = "outbox-crash-7"
GAME = {"ruleset": "highcard", "players": 3, "options": "rounds=3"}
KILLS = 20  # at least this many kills across the run
MARKS = re.compile(r"^(✅ Chosen: .*|➡️ Your current choice: .*)$", re.MULTILINE)


class Table:
    """One fake Discord with its world and the bot process playing on it."""

    def __init__(self, tmp: Path, name: str, rng: random.Random | None) -> None:
        self.tmp, self.name, self.rng = tmp, name, rng
        self.fake = FakeDiscord()
        self.kills = 0
        self.bot: BotProcess | None = None
        self.world: Any = None
        self.thread: Any = None
        self.game_id = 0

    @property
    def db(self) -> Path:
        return self.tmp / "referee.sqlite3"

    async def open(self) -> None:
        self.tmp.mkdir(parents=True, exist_ok=True)
        await self.fake.start()
        self.world = self.fake.create_standard_guild()
        self.bot = BotProcess(self.fake, "bot", env=bot_env(self.tmp), cwd=REPO_ROOT, log_dir=self.tmp, name=self.name)
        await self.bot.start(ready_pattern=READY, timeout=30)

    async def close(self) -> None:
        if self.bot is not None:
            self.bot.cleanup()
        await self.fake.stop()

    def arm(self) -> None:
        """The next run dies after a few Discord calls (or commits), drawn from the seeded RNG."""
        assert self.bot is not None
        for var in ("BOT_CRASH_AFTER_SENDS", "BOT_CRASH_AFTER_COMMITS"):
            self.bot.extra_env.pop(var, None)
        if self.rng is None:
            return
        if self.rng.random() < 0.2:
            self.bot.extra_env["BOT_CRASH_AFTER_COMMITS"] = str(self.rng.randint(1, 2))
        else:
            self.bot.extra_env["BOT_CRASH_AFTER_SENDS"] = str(self.rng.randint(1, 3))

    async def revive(self) -> None:
        """Restart the bot after a kill (again if it dies while resending, before it is ready)."""
        assert self.bot is not None
        while not self.bot.running:
            self.kills += 1
            self.arm()
            with suppress(RuntimeError):  # died before ready: that is one more kill point
                await self.bot.start(ready_pattern=READY, timeout=30)

    # ---- reading the game from its database, as the bot's engine would --------------
    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with read_only(self.db) as conn:
            return conn.execute(sql, params).fetchall()

    def status(self) -> str:
        return str(self.query("SELECT status FROM games WHERE id = ?", (self.game_id,))[0]["status"])

    def log_length(self) -> int:
        return len(self.query("SELECT seq FROM log WHERE game_id = ?", (self.game_id,)))

    def undelivered(self) -> int:
        rows = self.query("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'publish' AND delivered_at IS NULL")
        return int(rows[0]["n"])

    def prompts(self) -> list[Any]:
        game = self.query("SELECT options, seed FROM games WHERE id = ?", (self.game_id,))[0]
        rows = self.query("SELECT * FROM log WHERE game_id = ? ORDER BY seq", (self.game_id,))
        steps = [Step(r["seq"], r["kind"], r["seat"], json.loads(r["action"])) for r in rows]
        state = HighCardState.model_validate(replay(HIGHCARD, json.loads(game["options"]), game["seed"], steps))
        return [] if HIGHCARD.result(state) is not None else HIGHCARD.prompts(state)

    def seat_user(self, seat: int) -> Any:
        (row,) = self.query("SELECT user_id FROM seats WHERE game_id = ? AND seat = ?", (self.game_id, seat))
        return next(u for u in (self.world.alice, self.world.bob, self.world.carol) if u.id == row["user_id"])

    # ---- playing ----------------------------------------------------------------------
    async def settle(self, timeout: float = 20.0) -> None:
        """Until the outbox owes nothing (or the bot died: then it is restarted and owes again)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            await self.revive()
            if self.undelivered() == 0:
                return
            assert loop.time() < deadline, f"{self.name}: deliveries never finished"
            await asyncio.sleep(0.05)

    async def play(self) -> None:
        fake, world = self.fake, self.world
        channel = world.channel
        created = await (
            await fake.slash(
                world.alice,
                "game new",
                channel=channel,
                options=GAME,
            )
        ).response(timeout=10)
        found = re.search(r"(?<!<)#(\d+)", created.text)
        assert found is not None, created.text
        self.game_id = int(found.group(1))
        self.thread = await fake.wait_for_thread(parent=channel)
        for user in (world.alice, world.bob, world.carol):
            await (await fake.slash(user, "game join", channel=self.thread)).response(timeout=10)
        self.arm()
        assert self.bot is not None
        await self.bot.restart(ready_pattern=READY, timeout=30)  # from here on the bot may die at any send
        while self.status() == "open":
            start = await fake.slash(world.admin, "game start", channel=self.thread, options={"seed": SEED})
            await self.answer(start)
        await self.settle()
        while True:
            prompts = self.prompts()
            if not prompts:
                break
            prompt = next((p for p in prompts if p.waiting), prompts[0])
            wanted = ids.encode_prompt(ids.OPTION, self.game_id, prompt.seat, ids.key_hash(prompt.key), 0)
            user = self.seat_user(prompt.seat)
            message = await self.find(user, wanted)
            if message is None:
                continue  # the bot died before posting it: restarted, it posts it now
            before = self.log_length()
            try:
                press = await fake.press(user, message, wanted)
            except (ValueError, PermissionError):
                continue  # the message changed under us (resolved elsewhere): read the game again
            await self.answer(press)
            if self.log_length() == before and self.bot is not None and self.bot.running:
                await asyncio.sleep(0.1)
            await self.settle()
        await self.settle()

    async def answer(self, handle: Any) -> None:
        """Wait for the bot's reply to an interaction, unless it died first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15
        assert self.bot is not None
        while loop.time() < deadline and self.bot.running:
            with suppress(AssertionError, TimeoutError, asyncio.TimeoutError):
                await handle.response(timeout=0.2)
                return
        await self.revive()

    async def find(self, user: Any, custom_id: str) -> Any:
        """The message carrying ``custom_id`` (in the thread or the user's DMs), waiting for it to arrive."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15
        while loop.time() < deadline:
            await self.revive()
            for message in [*self.fake.messages(self.thread), *self.fake.dms(user)]:
                if custom_id in message.custom_ids:
                    return message
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.name}: no message carries {custom_id}")

    # ---- what the table saw ---------------------------------------------------------------
    def transcript(self) -> dict[str, list[str]]:
        """The thread and each player's DMs, in order, with user ids written as names."""
        names = {str(u.id): u.username for u in (self.world.alice, self.world.bob, self.world.carol, self.world.admin)}
        names[str(self.world.admin_role.id)] = "GM"

        def norm(message: Any) -> str:
            text = MARKS.sub("", shown(message)).rstrip()
            return re.sub(r"\d{15,}", lambda m: names.get(m.group(0), "<id>"), text)

        seen = {"thread": [norm(m) for m in self.fake.messages(self.thread)]}
        for user in (self.world.alice, self.world.bob, self.world.carol):
            seen[user.username] = [norm(m) for m in self.fake.dms(user)]
        return seen


async def test_a_seeded_game_survives_twenty_kills_with_every_post_exactly_once(tmp_path: Path) -> None:
    rng = random.Random(18)
    clean = Table(tmp_path / "clean", "clean", None)
    try:
        await clean.open()
        await clean.play()
        expected = clean.transcript()
    finally:
        await clean.close()
    kills, tables, repeats = 0, 0, 0
    while kills < KILLS:  # one game usually gives enough kills; if not, the same game again on a new table
        tables += 1
        crashed = Table(tmp_path / f"crashed{tables}", f"crashed{tables}", rng)
        try:
            await crashed.open()
            await crashed.play()
            assert crashed.status() == "finished"
            seen = crashed.transcript()
        finally:
            await crashed.close()
        kills += crashed.kills
        repeats += crashed.fake.nonce_hits
        assert seen["thread"] == expected["thread"], f"table {tables} after {crashed.kills} kills:\n" + json.dumps(
            {"expected": expected["thread"], "seen": seen["thread"]}, ensure_ascii=False, indent=1
        )
        for player in ("alice", "bob", "carol"):
            assert seen[player] == expected[player], f"{player}'s DMs, table {tables} after {crashed.kills} kills"
    assert kills >= KILLS
    assert repeats > 0, "no kill fell between a message's creation and its record: the nonces were never needed"
