"""Issue 18 follow-up: what the table is told of a change without a log row goes through the outbox.

A game master's note of a seat change, a kick, a pause or resume or end; a lobby line (a join,
a leave, new settings, the thread's language); a reminder, a stall notice: each is written with
its change (``Notice``) and delivered by the worker once. A "crash" here is the command's change
committed (and its reply sent) while the post never went out: a fresh ``Referee`` on the same
database (a restarted bot) resends it once, rendered at send time in the thread's language.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from cogs.gm import GmCog
from cogs.referee import SEED_SLOT, Referee
from cogs.reminders import Ping, Reminders, Stalled
from cogs.table import TableCog
from store import GameStore, Notice

from .stubs import StubClient, StubInteraction, StubUser, as_client, invoke

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
ADMIN, SUBSTITUTE = 4242, 2002
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


class World:
    """A real store, a stub Discord and the bot's referee: ``restart`` is a new process on the same file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.client = StubClient()
        self.store: GameStore
        self.referee: Referee
        self.game_id = 0
        self.lost: list[int] = []  # notice rows a "crashed" referee committed and never sent

    async def open(self, *, started: bool) -> None:
        self.store = await GameStore.open(str(self.path), clock=lambda: T0)
        self.referee = Referee(as_client(self.client), self.store, clock=lambda: T0)
        self.client.referee = self.referee
        game = await self.store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await self.store.set_thread(game.id, THREAD)
        self.game_id = game.id
        if started:
            for user in USERS:
                await self.store.join(game.id, user)
            start = await self.store.start(game.id, USERS[0], seed="notice-seed")
            await self.referee.publish(start.game, [], start)
            await self.referee.delivery.flush()

    def crash(self) -> None:
        """From now on the process dies right after each commit: its notices are never sent."""

        async def dies(game: Any, notice: Notice) -> None:
            assert notice.row_id is not None  # the change wrote its row
            self.lost.append(notice.row_id)

        self.referee.announce = dies  # type: ignore[method-assign]  # the crash point, between commit and post

    async def restart(self) -> int:
        """A new bot process: nothing in memory; the start-up resend sends what the outbox owes."""
        self.referee = Referee(as_client(self.client), self.store, clock=lambda: T0)
        self.client.referee = self.referee
        self.referee.outbox.hold()
        resent = await self.referee.resume()
        await self.referee.delivery.flush()
        return resent

    def interaction(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("channel_id", THREAD)
        kwargs.setdefault("guild_id", GUILD)
        return StubInteraction(self.client, user, **kwargs)

    def posts_with(self, needle: str) -> list[str]:
        return [p for p in self.client.all_posts() if needle in p]


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    made = World(tmp_path / "notices.sqlite3")
    try:
        yield made
    finally:
        await made.referee.delivery.close()
        await made.store.close()


async def _gm_command(world: World, command: str) -> str:
    """Run one GM command as the admin; returns the text that must reach the table once (its reason)."""
    gm = GmCog(world.referee)
    admin = world.interaction(ADMIN, admin=True)
    reason = f"because {command}"
    if command == "pause":
        await invoke(gm.pause, gm, admin, reason=reason)
    elif command == "kick":
        await invoke(gm.kick, gm, admin, player=StubUser(USERS[2]), reason=reason)
    elif command == "replace":
        await invoke(gm.replace, gm, admin, seat=2, player=StubUser(SUBSTITUTE), reason=reason)
    else:
        await invoke(gm.end, gm, admin, reason=reason)
    assert admin.replies and admin.replies[0].content.startswith("✅"), admin.text  # the GM was told "done"
    return reason


@pytest.mark.parametrize("command", ["pause", "kick", "replace", "end"])
async def test_a_gm_note_lost_in_a_crash_is_sent_once_after_the_restart(world: World, command: str) -> None:
    await world.open(started=True)
    world.crash()
    reason = await _gm_command(world, command)
    assert world.posts_with(reason) == []  # the process died before the post
    assert len(world.lost) == 1 and [r.id for r in await world.store.outbox_undelivered(world.game_id)] == world.lost
    dms_before = len(world.client.dms.get(SUBSTITUTE, []))

    assert await world.restart() == 1
    (note,) = world.posts_with(reason)
    assert f"<@{ADMIN}>" in note
    assert await world.store.outbox_undelivered() == []
    assert await world.restart() == 0  # delivered: a second start sends nothing again
    assert len(world.posts_with(reason)) == 1
    if command == "end":
        assert "notice-seed" in note and SEED_SLOT not in note  # the seed the end revealed, filled in at send time
    if command == "replace":
        dms = world.client.dms.get(SUBSTITUTE, [])[dms_before:]
        assert len([d for d in dms if "gave you seat 2" in d.content]) == 1  # the new holder's welcome, once
        assert len(dms) == 2  # and the seat's open (secret) decision, afresh, once


@pytest.mark.parametrize("command", ["pause", "kick", "replace", "end"])
async def test_a_gm_note_goes_out_at_once_and_only_once(world: World, command: str) -> None:
    await world.open(started=True)
    reason = await _gm_command(world, command)
    await world.referee.delivery.flush()
    assert len(world.posts_with(reason)) == 1
    assert await world.store.outbox_undelivered() == []
    assert await world.restart() == 0
    assert len(world.posts_with(reason)) == 1


async def test_a_note_is_rendered_in_the_threads_language_at_send_time(world: World) -> None:
    await world.open(started=True)
    world.crash()
    await _gm_command(world, "pause")
    await world.store.update_settings(world.game_id, language="zh_Hans")  # changed before the row went out
    assert await world.restart() == 1
    (note,) = world.posts_with("because pause")
    assert "主持人" in note and "暂停了游戏" in note


async def _lobby_command(world: World, command: str) -> str:
    """One lobby command by a player; returns a piece of the line the table must read once."""
    cog = TableCog(world.referee)
    player = world.interaction(USERS[0])
    if command == "join":
        await invoke(cog.join, cog, world.interaction(USERS[2]))
        return f"<@{USERS[2]}>"
    if command == "leave":
        await invoke(cog.leave, cog, world.interaction(USERS[1]))
        return f"<@{USERS[1]}>"
    if command == "remind":
        await invoke(cog.remind, cog, player, every_hours=7)
        return "7"
    if command == "language":
        choice = app_commands.Choice(name="简体中文", value="zh_Hans")
        await invoke(cog.language, cog, player, choice=choice, game=world.game_id)
        return f"<@{USERS[0]}>"
    await invoke(cog.cancel, cog, player, reason="not enough players")
    return "not enough players"


@pytest.mark.parametrize("command", ["join", "leave", "remind", "language", "cancel"])
async def test_a_lobby_line_lost_in_a_crash_is_sent_once_after_the_restart(world: World, command: str) -> None:
    await world.open(started=False)
    for user in USERS[:2]:
        await world.store.join(world.game_id, user)
    world.crash()
    needle = await _lobby_command(world, command)
    assert len(world.lost) == 1, "the change wrote its line"
    assert world.client.all_posts() == []
    assert await world.restart() == 1
    assert len(world.posts_with(needle)) == 1
    assert await world.restart() == 0
    assert len(world.posts_with(needle)) == 1
    if command == "join":  # into the lobby's running log, with the count after the join
        assert "3/" in world.posts_with(needle)[0]


@pytest.mark.parametrize("command", ["join", "leave", "remind", "language", "cancel"])
async def test_a_lobby_line_goes_out_at_once_and_only_once(world: World, command: str) -> None:
    await world.open(started=False)
    for user in USERS[:2]:
        await world.store.join(world.game_id, user)
    needle = await _lobby_command(world, command)
    await world.referee.delivery.flush()
    assert len(world.posts_with(needle)) == 1
    assert await world.store.outbox_undelivered() == []
    assert await world.restart() == 0


class FakeBot:
    user = type("U", (), {"id": 999})()


async def test_a_reminder_lost_in_a_crash_is_sent_once_and_not_planned_again(world: World) -> None:
    await world.open(started=True)
    await world.store.update_settings(world.game_id, reminder_minutes=60, deadline_hours=5)
    world.crash()
    cog = Reminders(FakeBot(), world.referee, clock=lambda: T0)  # type: ignore[arg-type]  # only .user is read
    done = await cog.run_once(T0 + timedelta(minutes=61))
    pinged = sorted(p.seat for _, p in done if isinstance(p, Ping))
    assert pinged and len(world.lost) == len(pinged)
    assert world.posts_with("⏰") == []
    assert await world.restart() == len(pinged)
    assert len(world.posts_with("⏰")) == len(pinged)
    again = Reminders(FakeBot(), world.referee, clock=lambda: T0)  # type: ignore[arg-type]  # only .user is read
    assert await again.run_once(T0 + timedelta(minutes=62)) == []  # the mark was written with the row
    assert await world.restart() == 0
    assert len(world.posts_with("⏰")) == len(pinged)

    # The deadline (no automatic default): the GM is told once that the game stalled.
    world.crash()
    stalled = await Reminders(FakeBot(), world.referee, clock=lambda: T0).run_once(T0 + timedelta(hours=6))  # type: ignore[arg-type]  # only .user is read
    assert [p for _, p in stalled if isinstance(p, Stalled)]
    assert world.posts_with("deadline") == []
    assert await world.restart() == 1
    (notice,) = world.posts_with("deadline")
    assert f"<@{USERS[0]}>" in notice or "seat" in notice  # the waiting seats, named at send time
    assert await Reminders(FakeBot(), world.referee, clock=lambda: T0).run_once(T0 + timedelta(hours=7)) == []  # type: ignore[arg-type]  # only .user is read
    assert len(world.posts_with("deadline")) == 1


@pytest.mark.parametrize("crashed", [False, True])
async def test_a_new_games_lobby_is_written_with_the_game_and_sent_once(tmp_path: Path, crashed: bool) -> None:
    """``/game new``: the lobby (its lines and the Join and Start buttons) is the new game's outbox row."""
    world = World(tmp_path / "lobby.sqlite3")
    world.store = await GameStore.open(str(world.path), clock=lambda: T0)
    world.referee = Referee(as_client(world.client), world.store, clock=lambda: T0)
    try:
        if crashed:
            world.crash()
        cog = TableCog(world.referee)
        host = world.interaction(USERS[0], channel_id=CHANNEL)
        choice = app_commands.Choice(name="简体中文", value="zh_Hans")
        await invoke(cog.new, cog, host, ruleset="highcard", players=3, language=choice)
        assert "⛔" not in host.text, host.text
        await world.referee.delivery.flush()
        if crashed:
            assert world.client.all_posts() == [] and len(world.lost) == 1
            assert await world.restart() == 1
        (lobby,) = [s for sents in world.client.posts.values() for s in sents]
        assert f"<@{USERS[0]}>" in lobby.content and "简体中文" in lobby.content
        assert len(lobby.custom_ids) == 2  # Join and Start
        assert await world.restart() == 0
        assert len(world.client.all_posts()) == 1
    finally:
        await world.referee.delivery.close()
        await world.store.close()
