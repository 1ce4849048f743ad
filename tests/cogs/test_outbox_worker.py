"""The outbox worker (issue 18): what a crash left unsent goes out on start-up, once.

A "crash" here is a referee that committed changes and never published them (or
published part of them): a fresh referee on the same database (a restarted bot, with
nothing in memory) resumes the rows. What the table then reads is compared with a run
that published every change as it was committed.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs.referee import Referee
from store import ActOutcome, GameStore
from tests.support.highcard import HIGHCARD

from .stubs import StubChannel, StubClient, as_client

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
SEED = "outbox-worker"


class FlakyDMs(StubClient):
    """DMs fail as a dropped connection would, ``failures`` times after ``fail_after`` went through."""

    def __init__(self) -> None:
        super().__init__()
        self.fail_after = 0
        self.failures = 0
        self.sent_dms = 0

    async def create_dm(self, user: Any) -> StubChannel:
        return FlakyDMChannel(self, 1_000_000 + user.id, dm_user=user.id)


class FlakyDMChannel(StubChannel):
    async def send(self, content: str | None = None, *, view: Any = None, **kwargs: Any) -> Any:
        client = self.client
        assert isinstance(client, FlakyDMs)
        if client.sent_dms >= client.fail_after and client.failures > 0:
            client.failures -= 1
            raise aiohttp.ClientConnectionError("connection reset by peer")
        client.sent_dms += 1
        return await super().send(content, view=view, **kwargs)


async def _table(path: Path, client: StubClient) -> tuple[GameStore, Referee, int]:
    store = await GameStore.open(str(path))
    referee = Referee(as_client(client), store)
    client.referee = referee
    game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
    await store.set_thread(game.id, THREAD)
    for user in USERS:
        await store.join(game.id, user)
    return store, referee, game.id


async def _moves(store: GameStore, game_id: int, first: ActOutcome, count: int) -> list[tuple[list[Any], ActOutcome]]:
    """``count`` seeded moves through the store alone (nothing published): (prompts before, outcome)."""
    rng = random.Random(7)
    users = {s.seat: s.user_id for s in await store.seats(game_id) if s.seat is not None}
    out: list[tuple[list[Any], ActOutcome]] = []
    outcome = first
    for _ in range(count):
        waiting = [p for p in outcome.prompts if p.waiting] or outcome.prompts
        seat = min(p.seat for p in waiting)
        action = HIGHCARD.sample_action(outcome.state, seat, rng)
        before = outcome.prompts
        outcome = await store.act(game_id, users[seat], action, seat=seat)
        out.append((before, outcome))
    return out


def _seen(client: StubClient) -> tuple[list[str], dict[int, list[str]]]:
    return client.all_posts(), {user: [s.content for s in sent] for user, sent in sorted(client.dms.items())}


async def _clean_run(tmp_path: Path) -> tuple[list[str], dict[int, list[str]]]:
    client = StubClient()
    store, referee, game_id = await _table(tmp_path / "clean.sqlite3", client)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        await referee.publish(start.game, [], start)
        for before, outcome in await _moves(store, game_id, start, 4):
            await referee.publish(outcome.game, before, outcome)
        await referee.delivery.flush()
        assert await store.outbox_undelivered() == []
        return _seen(client)
    finally:
        await referee.delivery.close()
        await store.close()


async def test_rows_committed_but_never_published_go_out_on_resume(tmp_path: Path) -> None:
    expected = await _clean_run(tmp_path)
    client = StubClient()
    store, _crashed, game_id = await _table(tmp_path / "crash.sqlite3", client)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        await _moves(store, game_id, start, 4)  # committed; the process "dies" before publishing any of it
        assert len(await store.outbox_undelivered(game_id)) == 5
        assert client.all_posts() == []
        restarted = Referee(as_client(client), store)  # nothing in memory, as after a restart
        restarted.outbox.hold()
        assert await restarted.resume() == 5
        await restarted.delivery.flush()
        assert await store.outbox_undelivered() == []
        assert _seen(client) == expected
    finally:
        await store.close()


async def test_a_row_that_failed_half_way_resumes_after_what_went_out(tmp_path: Path) -> None:
    expected = await _clean_run(tmp_path)
    client = FlakyDMs()
    store, referee, game_id = await _table(tmp_path / "flaky.sqlite3", client)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        client.fail_after, client.failures = 1, 100  # the first DM goes out, then the connection drops
        with pytest.raises(aiohttp.ClientError):  # the row's publishing fails half-way
            await referee.publish(start.game, [], start)
        (row,) = await store.outbox_undelivered(game_id)
        assert row.attempts == 1 and row.progress["m"], "what went out is recorded"
        client.failures = 0
        moves = await _moves(store, game_id, start, 4)
        assert len(moves) == 4
        restarted = Referee(as_client(client), store)
        restarted.outbox.hold()
        await restarted.resume()
        await restarted.delivery.flush()
        assert await store.outbox_undelivered() == []
        assert _seen(client) == expected  # the first DM was not sent twice, nothing is missing
    finally:
        await referee.delivery.close()
        await store.close()


async def test_a_failed_row_is_retried_in_the_process_and_delivered_once(tmp_path: Path) -> None:
    expected = await _clean_run(tmp_path)
    client = FlakyDMs()
    store, referee, game_id = await _table(tmp_path / "retry.sqlite3", client)
    referee.delivery.retry_delays = (0.0, 0.0, 0.0)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        client.fail_after, client.failures = 2, 1
        await referee.after_commit(None, start.game, lambda: referee.publish(start.game, [], start))
        await referee.delivery.flush()  # the delivery queue retried the row, from the failed DM on
        for before, outcome in await _moves(store, game_id, start, 4):
            await referee.publish(outcome.game, before, outcome)
        await referee.delivery.flush()
        assert await store.outbox_undelivered() == []
        assert _seen(client) == expected
    finally:
        await referee.delivery.close()
        await store.close()


class DeletedThread(StubClient):
    """The game's thread was deleted: Discord answers 404 / 10003 (Unknown Channel) to its posts."""

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> StubChannel:
        return GoneChannel(self, channel_id)


class GoneChannel(StubChannel):
    async def send(self, content: str | None = None, *, view: Any = None, **kwargs: Any) -> Any:
        if self.id == THREAD:
            response: Any = SimpleNamespace(status=404, reason="Not Found")
            raise discord.NotFound(response, {"code": 10003, "message": "Unknown Channel"})
        return await super().send(content, view=view, **kwargs)


async def test_a_deleted_thread_tells_the_gm_once_and_the_row_is_done(tmp_path: Path) -> None:
    client = DeletedThread()
    store, referee, game_id = await _table(tmp_path / "gone.sqlite3", client)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        await referee.publish(start.game, [], start)
        for before, outcome in await _moves(store, game_id, start, 2):
            await referee.publish(outcome.game, before, outcome)
        await referee.delivery.flush()
        notices = client.posts.get(CHANNEL, [])
        assert len(notices) == 1 and "is gone" in notices[0].content  # once, in the channel it was opened from
        assert await store.outbox_undelivered() == []  # the same post would fail the same way: not retried
        assert all(client.dms.get(user) for user in USERS)  # the DMs still went out
    finally:
        await referee.delivery.close()
        await store.close()


async def test_a_gm_change_and_its_announcement_go_out_together_once_after_a_crash(tmp_path: Path) -> None:
    """Issue 18: a GM's roll-back is announced to the table (who, what, why) from its outbox row,
    so a crash between the commit and the posts neither loses the announcement nor repeats it."""
    from cogs.gm import ANNOUNCE, DID_ROLLBACK

    client = StubClient()
    store, referee, game_id = await _table(tmp_path / "gm.sqlite3", client)
    try:
        start = await store.start(game_id, USERS[0], seed=SEED)
        await referee.publish(start.game, [], start)
        await _moves(store, game_id, start, 2)
        await referee.resume()  # the two moves go out
        await referee.delivery.flush()
        note = ANNOUNCE(gm="<@555>", what=DID_ROLLBACK(seq=1), reason="a misclick")
        await store.gm_rollback(game_id, 555, 1, "a misclick", note=note)  # the process dies here
        (row,) = await store.outbox_undelivered(game_id)
        assert row.payload["note"] == note.model_dump(mode="json")
        restarted = Referee(as_client(client), store)
        restarted.outbox.hold()
        assert await restarted.resume() == 1
        assert await restarted.resume() == 0  # delivered: a second start sends nothing again
        await restarted.delivery.flush()
        announced = [p for p in client.all_posts() if "<@555>" in p]  # the GM's note (the log says it too)
        assert len(announced) == 1 and "a misclick" in announced[0]
        assert await store.outbox_undelivered() == []
    finally:
        await referee.delivery.close()
        await store.close()
