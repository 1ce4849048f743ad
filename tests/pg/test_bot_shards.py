"""Issue 19: two shard processes on one PostgreSQL, against a fake Discord that splits guilds by shard.

Process A runs shard 0 of 2 and process B shard 1. The game's guild lands on shard 1, so its
slash commands and thread presses reach B only, while the players' DM presses reach A only
(Discord sends DMs to shard 0). A High Card game of two rounds is played across both.

Mid-game B is SIGKILLed while it delivers a committed change: the fake holds B's first post
of the last round-1 call with a long 429, so the outbox row stays undelivered, leased to B.
Then the survivor A carries on: its sweep takes the row over once B's lease runs out (both
shortened for the test by ``BOT_OUTBOX_LEASE_SECONDS`` / ``BOT_OUTBOX_SWEEP_SECONDS``) and
sends round 2's pick prompts, and A serves every round-2 pick. A thread press while shard 1
is down reaches nobody and changes nothing (Discord shows "This interaction failed"). A
replacement shard-1 process starts, as a deploy would, and the game is played to its end.

Checked afterwards: every acknowledged press is in the log once, with no gap; the game is
finished; every outbox row went out (B's orphan by A); the thread and every player's DMs read
exactly as in an uninterrupted single-process run of the same seed (each post once, in order,
in the same messages: the running log and the re-asked prompts too, though three processes
took turns posting to the thread); the fake saw no protocol violation.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests.e2e.bot_helpers import READY, bot_env, db_path, label_of, option_ids, read_only, shown, tie_seed
from tests.e2e.conftest import REPO_ROOT, fake_discord, fake_worlds_on_two_shards, start_bot
from tests.e2e.fake_discord import BotProcess, FakeDiscord, NotDelivered, shard_of
from tests.e2e.test_bot_outbox_crash import MARKS
from tests.pg.server import Server, create_database

__all__ = ["fake_discord", "fake_worlds_on_two_shards", "start_bot"]

pytestmark = pytest.mark.asyncio

SEED = "shards-19"
ROUNDS = 2
GAME = {"ruleset": "highcard", "players": 3, "options": f"rounds={ROUNDS}"}
# Short enough for a quick takeover, long enough that a live process's delivery (a few hundred
# ms, seconds on a loaded machine) never outlasts the lease it renews before each try.
LEASE_SECONDS = 10
SHARD_ENV = {"BOT_SHARD_COUNT": "2", "BOT_OUTBOX_LEASE_SECONDS": str(LEASE_SECONDS), "BOT_OUTBOX_SWEEP_SECONDS": "1"}


class Table:
    """One game's players on a fake Discord, and what the test has pressed (custom ids: a new
    round asks anew, sometimes on the same message)."""

    def __init__(self, fake: Any, world: Any) -> None:
        self.fake, self.world = fake, world
        self.users = (world.alice, world.bob, world.carol)
        self.pressed: set[str] = set()
        self.thread: Any = None

    async def open(self) -> None:
        """/game new in the world's channel, three joins and a seeded start (all guild interactions)."""
        fake, world, channel = self.fake, self.world, self.world.channel
        created = await (await fake.slash(world.alice, "game new", channel=channel, options=GAME)).response(timeout=30)
        assert "Created" in created.text, created.text
        self.thread = await fake.wait_for_thread(parent=channel)
        for user in self.users:
            joined = await (await fake.slash(user, "game join", channel=self.thread)).response(timeout=30)
            assert "joined" in joined.text, joined.text
        start = await fake.slash(world.admin, "game start", channel=self.thread, options={"seed": SEED})
        started = await start.response(timeout=30)
        assert "started" in started.text, started.text

    def transcript(self) -> dict[str, list[str]]:
        """The thread and each player's DMs, in order, ids written as names, without the marks that
        belong to an interaction's own reply (see test_bot_outbox_crash.MARKS)."""
        names = {str(u.id): u.username for u in (*self.users, self.world.admin)}
        names[str(self.world.admin_role.id)] = "GM"

        def norm(message: Any) -> str:
            text = MARKS.sub("", shown(message)).rstrip()
            return re.sub(r"\d{15,}", lambda m: names.get(m.group(0), "<id>"), text)

        seen = {"thread": [norm(m) for m in self.fake.messages(self.thread)]}
        for user in self.users:
            seen[user.username] = [norm(m) for m in self.fake.dms(user)]
        return seen

    def _fresh(self, message: Any) -> list[str]:
        return [cid for cid in option_ids(message) if cid not in self.pressed]

    async def pick_prompt(self, user: Any) -> tuple[Any, str]:
        """``user``'s newest DM asking for a pick not yet answered, and its first option."""

        def found() -> tuple[Any, str] | None:
            for message in reversed(self.fake.dms(user)):
                fresh = self._fresh(message)
                if fresh:
                    return message, fresh[0]
            return None

        got: tuple[Any, str] = await self.fake.wait_for(found, 30, f"a pick prompt DM to {user.username}")
        return got

    async def pick(self, user: Any) -> None:
        message, custom_id = await self.pick_prompt(user)
        handle = await self.fake.press(user, message, custom_id)
        self.pressed.update(option_ids(message))
        reply = await handle.response(timeout=30)
        assert "Done" in reply.text, reply.text

    async def call_prompt(self) -> tuple[Any, Any]:
        """The thread's open "Hold" call not yet pressed, and the seat's player it names."""

        def found() -> Any:
            for message in self.fake.messages(self.thread):
                hold = next((b for b in message.buttons if b.get("label") == "Hold"), None)
                if hold is not None and hold.get("custom_id") not in self.pressed:
                    return message
            return None

        message = await self.fake.wait_for(found, 30, "a Hold call in the thread")
        owner = next(u for u in self.users if f"<@{u.id}>" in shown(message))
        return message, owner

    async def call(self) -> Any:
        """Press the next call; returns its handle once acknowledged."""
        message, owner = await self.call_prompt()
        handle = await self.fake.press(owner, message, label="Hold")
        self.pressed.update(message.custom_ids)
        await handle.acknowledged(timeout=30)
        return handle


async def fetch(url: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        rows: list[asyncpg.Record] = await conn.fetch(sql, *args)
        return rows
    finally:
        await conn.close()


async def settled(fake: Any, url: str) -> None:
    """Until every outbox row is delivered (the last change's posts are all out)."""

    async def undelivered() -> int:
        return len(await fetch(url, "SELECT id FROM outbox WHERE delivered_at IS NULL"))

    for _ in range(300):
        if not await undelivered():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the outbox never emptied")


async def reference(tmp_path: Path) -> dict[str, list[str]]:
    """The same seeded game played without interruption by one unsharded bot (SQLite): what the
    table must read, each post once and in order."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    fake = FakeDiscord()
    await fake.start()
    bot = BotProcess(fake, "bot", env=bot_env(tmp_path), cwd=REPO_ROOT, log_dir=tmp_path, name="reference")
    try:
        table = Table(fake, fake.create_standard_guild())
        await bot.start(ready_pattern=READY, timeout=90)
        await table.open()
        for _ in range(ROUNDS):
            for user in table.users:
                await table.pick(user)
            for _ in range(3):
                await (await table.call()).response(timeout=30)
        await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=table.thread, timeout=30)

        def undelivered() -> int:
            with read_only(db_path(tmp_path)) as conn:
                return int(conn.execute("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").fetchone()[0])

        await fake.wait_for(lambda: undelivered() == 0, 30, "the reference run's outbox to empty")
        return table.transcript()
    finally:
        bot.cleanup()
        await fake.stop()


async def test_two_shard_processes_share_a_game_and_one_survives_the_other_dying(
    fake_discord: Any, fake_worlds_on_two_shards: Any, start_bot: Any, tmp_path: Path, pg_server: Server
) -> None:
    fake = fake_discord
    _, world = fake_worlds_on_two_shards  # the game's guild is on shard 1
    assert shard_of(world.guild.id, 2) == 1
    url = await create_database(pg_server)
    shard0 = bot_env(tmp_path, DATABASE_URL=url, BOT_SHARD_IDS="0", **SHARD_ENV)
    shard1 = bot_env(tmp_path, DATABASE_URL=url, BOT_SHARD_IDS="1", **SHARD_ENV)
    a = await start_bot("bot", shard0, ready_pattern=READY, timeout=90)
    b = await start_bot("bot", shard1, ready_pattern=READY, timeout=90)
    assert sorted(s.shard for s in fake.sessions) == [[0, 2], [1, 2]]
    a_session, b_session = sorted(fake.sessions, key=lambda s: s.shard)

    # The lobby and the start: guild interactions, so shard 1 (B) serves them.
    table = Table(fake, world)
    await table.open()
    (game_id,) = [r["id"] for r in await fetch(url, "SELECT id FROM games")]
    thread = table.thread

    # Round 1: the picks are DM presses (shard 0: A), the calls thread presses (shard 1: B).
    for user in table.users:
        await table.pick(user)
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=30)
    assert a_session.events.count("INTERACTION_CREATE") == 3
    for _ in range(2):
        await (await table.call()).response(timeout=30)
        await settled(fake, url)

    # The last call of round 1: B commits it and confirms it to the presser ("Done"), but the
    # change's first new post meets a long 429 and B dies while waiting: the outbox row stays
    # undelivered and leased to B.
    fake.inject_rate_limit("POST", "/channels/*/messages", retry_after=60)
    hits = len(fake.rate_limit_hits)
    confirmed = await (await table.call()).response(timeout=30)
    assert "Done" in confirmed.text, confirmed.text
    await fake.wait_for(lambda: len(fake.rate_limit_hits) > hits, 30, "B's delivery to meet the 429")
    await b.kill()
    fake.clear_injections()
    assert b_session.events.count("INTERACTION_CREATE") == 5 + 3  # new, 3 joins, start; 3 calls
    (orphan,) = await fetch(url, "SELECT id, seq, claimed_by FROM outbox WHERE delivered_at IS NULL")
    assert (orphan["seq"], orphan["claimed_by"]) == (6, f"{socket.gethostname()}:shards=1")

    # The survivor A takes B's row over once its lease runs out: round 2's prompts come out.
    for user in table.users:
        await table.pick_prompt(user)
    await settled(fake, url)
    (taken,) = await fetch(url, "SELECT claimed_by, delivered_at FROM outbox WHERE id = $1", orphan["id"])
    assert taken["claimed_by"] == f"{socket.gethostname()}:shards=0" and taken["delivered_at"] is not None

    # A carries on with what shard 0 receives: every round-2 pick.
    for user in table.users:
        await table.pick(user)
    logged = len(await fetch(url, "SELECT seq FROM log WHERE game_id = $1", game_id))
    assert logged == 9

    # Shard 1 is down: a thread press reaches nobody and changes nothing.
    message, owner = await table.call_prompt()
    lost = await fake.press(owner, message, label="Hold")
    with pytest.raises(NotDelivered):
        await lost.acknowledged()
    assert len(await fetch(url, "SELECT seq FROM log WHERE game_id = $1", game_id)) == logged

    # A replacement shard-1 process (a deploy) serves the thread again; the game ends.
    await start_bot("bot", shard1, ready_pattern=READY, timeout=90)
    for _ in range(3):
        await (await table.call()).response(timeout=30)
    await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=thread, timeout=30)

    rows = await fetch(url, "SELECT seq, interaction_id FROM log WHERE game_id = $1 ORDER BY seq", game_id)
    assert [r["seq"] for r in rows] == list(range(1, 13))  # 2 rounds x (3 picks + 3 calls), no gap
    ids = [r["interaction_id"] for r in rows]
    assert None not in ids and len(set(ids)) == len(ids)  # each acknowledged press once
    assert str(lost.interaction.id) not in ids
    (game,) = await fetch(url, "SELECT status FROM games WHERE id = $1", game_id)
    assert game["status"] == "finished"
    await settled(fake, url)  # every change's posts went out, B's orphan included

    # Exactly once on the table: the thread and every DM read as in an uninterrupted run.
    seen = table.transcript()
    expected = await reference(tmp_path / "reference")
    for where in expected:
        assert seen[where] == expected[where], f"{where}:\n" + json.dumps(
            {"expected": expected[where], "seen": seen[where]}, ensure_ascii=False, indent=1
        )
    fake.assert_no_violations()
    assert a.running


async def test_a_gm_acts_from_a_dm_and_the_other_shard_mentions_the_gm_role(
    fake_discord: Any, fake_worlds_on_two_shards: Any, start_bot: Any, tmp_path: Path, pg_server: Server
) -> None:
    """A DM reaches shard 0's process (A) only, which does not cache the shard-1 server of the game:
    A asks REST whether a DM's user is that server's game master (``Referee.gm_of``), and which role
    to mention when a change A publishes hands a ruling to the GM (``Delivery.gm_mention``)."""
    fake = fake_discord
    _, world = fake_worlds_on_two_shards
    assert shard_of(world.guild.id, 2) == 1
    gm_role = fake.create_role(world.guild, "Game Master")  # a role without Manage Server
    referee = fake.create_member(world.guild, "referee", roles=[gm_role])
    url = await create_database(pg_server)
    await start_bot("bot", bot_env(tmp_path, DATABASE_URL=url, BOT_SHARD_IDS="0", **SHARD_ENV), ready_pattern=READY)
    await start_bot("bot", bot_env(tmp_path, DATABASE_URL=url, BOT_SHARD_IDS="1", **SHARD_ENV), ready_pattern=READY)
    a_session, b_session = sorted(fake.sessions, key=lambda s: s.shard)

    # A two-seat High Card game whose reveal ties (TEST-3: gm_ties hands it to the GM), set up on B.
    seed, tie_cards = tie_seed(2, rounds=1, gm_ties=True)
    channel = world.channel
    new = await fake.slash(
        world.alice,
        "game new",
        channel=channel,
        options={"ruleset": "highcard", "players": 2, "options": "rounds=1 gm_ties=true"},
    )
    assert "Created" in (await new.response(timeout=30)).text
    thread = await fake.wait_for_thread(parent=channel)
    for user in (world.alice, world.bob):
        joined = await (await fake.slash(user, "game join", channel=thread)).response(timeout=30)
        assert "joined" in joined.text, joined.text
    start = await fake.slash(world.admin, "game start", channel=thread, options={"seed": seed})
    assert "started" in (await start.response(timeout=30)).text
    (game_id,) = [r["id"] for r in await fetch(url, "SELECT id FROM games")]
    b_events = b_session.events.count("INTERACTION_CREATE")

    # From a DM (A): a member holding the GM role reaches the game; one holding nothing does not.
    dm_gm = await fake.slash(referee, "game info", channel=fake.dm_channel(referee), options={"game": game_id})
    info = await dm_gm.response(timeout=30)
    assert "reach only your own games" not in info.text and f"#{game_id}" in info.text, info.text
    dm_carol = await fake.slash(
        world.carol, "game info", channel=fake.dm_channel(world.carol), options={"game": game_id}
    )
    refused = await dm_carol.response(timeout=30)
    assert refused.ephemeral and "reach only your own games" in refused.text, refused.text

    # Each seat picks its card of the common value from its DMs (A): the last pick's change,
    # published by A, tells the GM a ruling is due, with the role's mention (not its plain name).
    for user in (world.alice, world.bob):
        message = await fake.wait_for(
            lambda u=user: next((m for m in reversed(fake.dms(u)) if option_ids(m)), None), 30, "a pick DM"
        )
        card = next(cid for cid in option_ids(message) if label_of(message, cid) in tie_cards)
        picked = await (await fake.press(user, message, card)).response(timeout=30)
        assert "Done" in picked.text, picked.text
    due = await fake.wait_for_message(
        lambda m: "waits for a game-master ruling" in shown(m), channel=thread, timeout=30
    )
    assert f"<@&{gm_role.id}>" in shown(due) and "(Game Master)" not in shown(due), shown(due)
    await settled(fake, url)
    (last,) = await fetch(
        url, "SELECT claimed_by FROM outbox WHERE game_id = $1 AND seq IS NOT NULL ORDER BY seq DESC LIMIT 1", game_id
    )
    assert last["claimed_by"] == f"{socket.gethostname()}:shards=0"  # A posted it
    assert a_session.events.count("INTERACTION_CREATE") == 4  # two DM commands, two picks
    assert b_session.events.count("INTERACTION_CREATE") == b_events
    fake.assert_no_violations()
