"""After the store committed an action, nothing may tell the player "nothing was changed".

If publishing fails (a renderer bug, a dropped connection), the player is told the
action was recorded and that the post will follow, and the delivery outbox retries
the post. A thread post that Discord did not take is queued, retried in order, and
never dropped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs import ids
from cogs.delivery import Delivery
from cogs.prompts import OptionButton
from cogs.referee import Referee
from store import GameStore

from .stubs import StubChannel, StubClient, StubInteraction, as_client, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
NO_WAIT = (0.0, 0.0, 0.0)


class FlakyChannel(StubChannel):
    """A thread whose next ``client.failures`` sends fail as a dropped connection would."""

    async def send(self, content: str | None = None, *, view: Any = None, **kwargs: Any) -> Any:
        client = self.client
        assert isinstance(client, FlakyClient)
        if self.dm_user is None and client.refuse:
            response: Any = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})
        if self.dm_user is None and client.failures > 0:
            client.failures -= 1
            raise aiohttp.ClientConnectionError("connection reset by peer")
        return await super().send(content, view=view, **kwargs)


class FlakyClient(StubClient):
    def __init__(self) -> None:
        super().__init__()
        self.failures = 0
        self.refuse = False

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> StubChannel:
        return FlakyChannel(self, channel_id)


@pytest.fixture
async def started(tmp_path: Path) -> AsyncIterator[tuple[GameStore, StubClient, Referee, int]]:
    store, client, referee = await open_referee(str(tmp_path / "commit.sqlite3"))
    referee.delivery.retry_delays = NO_WAIT
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed="commit-seed")
        yield store, client, referee, game.id
    finally:
        await referee.delivery.close()
        await store.close()


async def test_a_publish_failure_after_the_commit_says_recorded_and_the_post_follows(
    started: tuple[GameStore, StubClient, Referee, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, client, referee, game_id = started
    loaded = await store.load(game_id)
    prompt = next(p for p in loaded.prompts if p.seat == 0)
    user = next(s.user_id for s in loaded.seats if s.seat == 0)
    real_publish = referee.publish
    calls: list[str] = []

    async def publish(*args: Any, **kwargs: Any) -> None:
        calls.append("publish")
        if len(calls) == 1:
            raise RuntimeError("a renderer blew up")  # not a Discord HTTP error
        await real_publish(*args, **kwargs)

    monkeypatch.setattr(referee, "publish", publish)
    press = StubInteraction(client, user, guild_id=GUILD, channel_id=THREAD)
    ref = ids.PromptRef(ids.OPTION, game_id, 0, ids.key_hash(prompt.key), 0)
    await OptionButton(ref).callback(press)

    assert (await store.load(game_id)).seq == loaded.seq + 1, "the action is committed"
    said = press.text
    assert "nothing was changed" not in said and "went wrong" not in said
    assert "✅ Your action was recorded" in said and "the post will follow" in said

    await referee.delivery.flush()  # the outbox retried the publishing, and it went through
    assert calls == ["publish", "publish"]
    assert referee.delivery.waiting(game_id) == 0


async def test_a_thread_post_that_fails_is_queued_and_delivered_in_order(tmp_path: Path) -> None:
    client = FlakyClient()
    delivery = Delivery(as_client(client), "Game Master")
    delivery.retry_delays = NO_WAIT
    game = type("G", (), {"id": 7, "thread_id": THREAD, "channel_id": CHANNEL, "guild_id": GUILD})()
    client.failures = 2
    try:
        assert await delivery.post(game, "first") is None  # failed: queued, not dropped
        assert await delivery.post(game, "second") is None  # queued behind it: the thread keeps the order
        assert delivery.waiting(7) == 2
        await delivery.flush()
    finally:
        await delivery.close()
    assert client.all_posts() == ["first", "second"]
    assert delivery.waiting(7) == 0
    assert (await delivery.post(game, "third")) is not None  # the outbox is empty again: straight out
    assert client.all_posts() == ["first", "second", "third"]


async def test_a_post_discord_refuses_is_logged_and_holds_up_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    client = FlakyClient()
    delivery = Delivery(as_client(client), "Game Master")
    game = type("G", (), {"id": 8, "thread_id": THREAD, "channel_id": CHANNEL, "guild_id": GUILD})()
    client.refuse = True  # no permission in the thread: the same request would fail the same way
    assert await delivery.post(game, "refused") is None
    assert delivery.waiting(8) == 0
    assert "Discord refused a post to the thread of game 8" in caplog.text
    client.refuse = False
    assert await delivery.post(game, "next") is not None
    assert client.all_posts() == ["next"]
