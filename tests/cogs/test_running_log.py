"""The running log of a season or turn (issue 12): one thread message, edited as steps resolve.

Checked without Discord (``StubClient``) against a real store: lines are appended by editing
the open message; a season's end closes it; a message that would pass ``LOG_LIMIT`` is
continued in a new one; a restarted bot goes on editing the message the store remembers;
a deleted message is replaced; a failed send waits in the outbox and loses no line. And
the referee's part: a seat's prompt pings its player only when newly awaited.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import pytest

from cogs.delivery import LOG_LIMIT, Delivery
from cogs.referee import Referee
from engine.core import Option, Prompt
from store import GameStore, SeatRecord

from .stubs import StubChannel, StubClient, as_client, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 600
USERS = (2001, 2002, 2003)
NO_WAIT = (0.0, 0.0, 0.0)


class DroppingChannel(StubChannel):
    """A thread whose next ``client.failures`` sends fail as a dropped connection would."""

    async def send(self, content: str | None = None, *, view: Any = None, **kwargs: Any) -> Any:
        client = self.client
        assert isinstance(client, DroppingClient)
        if client.failures > 0:
            client.failures -= 1
            raise aiohttp.ClientConnectionError("connection reset by peer")
        return await super().send(content, view=view, **kwargs)


class DroppingClient(StubClient):
    def __init__(self) -> None:
        super().__init__()
        self.failures = 0

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> StubChannel:
        return DroppingChannel(self, channel_id)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(str(tmp_path / "log.sqlite3"))
    try:
        yield opened
    finally:
        await opened.close()


async def a_game(store: GameStore) -> Any:
    game = await store.create_game(GUILD, CHANNEL, "runewars", {}, USERS[0])
    return await store.set_thread(game.id, THREAD)


def thread_posts(client: StubClient) -> list[str]:
    return [s.content for s in client.posts.get(THREAD, [])]


async def test_lines_are_appended_to_one_message_until_the_season_closes(store: GameStore) -> None:
    client = StubClient()
    delivery = Delivery(as_client(client), "Game Master", store)
    game = await a_game(store)
    first = await delivery.log(game, "• one")
    await delivery.log(game, "• two")
    closed = await delivery.log(game, "• season over", close=True)
    assert thread_posts(client) == ["• one\n• two\n• season over"]  # one message, edited twice
    assert first is not None and closed is not None and closed[0] == first[0]
    assert client.messages[first[0]].edits == 2
    await delivery.log(game, "• next season")  # the closed message stays as it is
    assert thread_posts(client) == ["• one\n• two\n• season over", "• next season"]


async def test_a_full_message_is_continued_in_a_new_one(store: GameStore) -> None:
    client = StubClient()
    delivery = Delivery(as_client(client), "Game Master", store)
    game = await a_game(store)
    line = "• " + "x" * 998
    for _ in range(LOG_LIMIT // 1000 + 1):
        await delivery.log(game, line)
    posts = thread_posts(client)
    assert len(posts) == 2 and all(len(p) <= LOG_LIMIT for p in posts)
    assert sum(p.count("• ") for p in posts) == LOG_LIMIT // 1000 + 1  # no line lost


async def test_a_restarted_bot_goes_on_editing_the_open_message(store: GameStore) -> None:
    client = StubClient()
    game = await a_game(store)
    await Delivery(as_client(client), "Game Master", store).log(game, "• before the restart")
    restarted = Delivery(as_client(client), "Game Master", store)  # a new process: only the store remembers
    await restarted.log(game, "• after the restart")
    assert thread_posts(client) == ["• before the restart\n• after the restart"]


async def test_a_deleted_log_message_is_replaced(store: GameStore) -> None:
    client = StubClient()
    delivery = Delivery(as_client(client), "Game Master", store)
    game = await a_game(store)
    opened = await delivery.log(game, "• one")
    assert opened is not None
    del client.messages[opened[0]]  # a moderator deleted it
    await delivery.log(game, "• two")
    assert thread_posts(client) == ["• one", "• two"]


async def test_a_failed_log_post_waits_in_the_outbox_and_keeps_every_line(store: GameStore) -> None:
    client = DroppingClient()
    delivery = Delivery(as_client(client), "Game Master", store)
    delivery.retry_delays = NO_WAIT
    game = await a_game(store)
    client.failures = 1
    try:
        assert await delivery.log(game, "• one") is None  # queued, not dropped
        assert await delivery.log(game, "• two") is None  # behind it, in order
        await delivery.flush()
    finally:
        await delivery.close()
    assert thread_posts(client) == ["• one\n• two"]


async def test_the_board_is_added_to_the_message_the_season_closed(store: GameStore) -> None:
    client = StubClient()
    delivery = Delivery(as_client(client), "Game Master", store)
    game = await a_game(store)
    closed = await delivery.log(game, "• season over", close=True)
    await delivery.attach(game, closed, "🗺️ board", b"\x89PNG")
    assert thread_posts(client) == ["• season over\n🗺️ board"]
    await delivery.attach(game, None, "🗺️ board", b"\x89PNG")  # the log still waits: the picture goes alone
    assert thread_posts(client)[-1] == "🗺️ board"


def ask(seat: int, key: str) -> Prompt:
    # RW-10.7.1: an area to activate (any public, sequential decision would do)
    return Prompt.ask(seat, key, "RW-10.7.1", "Choose an area.", options=[Option.of("7A", {"type": "x"})])


async def test_a_prompt_pings_only_a_newly_awaited_seat(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "ping.sqlite3"))
    assert isinstance(referee, Referee)
    sent: list[Any] = []
    real = referee.delivery.post

    async def post(game: Any, content: Any, **kwargs: Any) -> Any:
        sent.append(kwargs.get("mentions"))
        return await real(game, content, **kwargs)

    referee.delivery.post = post  # type: ignore[method-assign]  # a recording wrapper around the real post
    try:
        game = await a_game(store)
        # What post_prompts reads of a seat: its number, player and faction.
        seats = cast(
            dict[int, SeatRecord], {i: SimpleNamespace(seat=i, user_id=u, faction=None) for i, u in enumerate(USERS)}
        )
        await referee.post_prompts(game, seats, [ask(0, "a")], awaited=frozenset())
        await referee.post_prompts(game, seats, [ask(1, "b")], awaited=frozenset({0}))
        # Seat 2 is asked again at once: its message of a moment ago shows the new decision, no ping.
        await referee.post_prompts(game, seats, [ask(1, "c")], awaited=frozenset({1}))
    finally:
        await store.close()
    assert [m.users[0].id if m and m.users else None for m in sent] == [USERS[0], USERS[1]]
    assert all(not m.everyone and not m.roles for m in sent if m)
    posts = thread_posts(client)
    assert len(posts) == 2 and "Choose an area." in posts[1]
    assert client.posts[THREAD][1].edits == 1  # the second decision of seat 2 replaced the first
