"""Undelivered DMs follow the seat through ``/gm replace`` and ``/gm kick``, called as cog
callbacks over a real store with stub Discord objects (closed DMs are simulated)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs.delivery import Delivery
from cogs.gm import GmCog
from cogs.referee import Referee
from cogs.table import TableCog
from store import GameStore

from .stubs import StubClient, StubInteraction, StubUser, as_client, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
ALICE, BOB, CAROL = 1001, 1002, 1003
DANA, ERIN = 1004, 1005
ADMIN = 4242


class Game:
    """A started three-seat High Card game whose opening hands are DMed, with Bob's and Carol's DMs closed."""

    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id
        self.table, self.gm = TableCog(referee), GmCog(referee)

    def interaction(self, user: int, **kwargs: Any) -> StubInteraction:
        return StubInteraction(self.client, user, guild_id=GUILD, channel_id=THREAD, **kwargs)

    async def seat_of(self, user: int) -> int:
        return next(s.seat for s in await self.store.seats(self.game_id) if s.user_id == user and s.seat is not None)

    async def hand_line(self, seat: int) -> str:
        """The opening-hand DM text of ``seat`` (a secret of whoever holds the seat)."""
        state = (await self.store.load(self.game_id)).state
        assert state is not None
        hand = state.hands[seat]
        return f"Your opening hand: {', '.join(hand)}."

    async def replace(self, seat: int, user: int, reason: str) -> StubInteraction:
        admin = self.interaction(ADMIN, admin=True)
        await invoke(self.gm.replace, self.gm, admin, seat=seat + 1, player=StubUser(user), reason=reason, game=None)
        return admin

    async def panel(self, user: int) -> StubInteraction:
        looking = self.interaction(user)
        await invoke(self.table.hand, self.table, looking, game=None)
        return looking


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[Game]:
    store, client, referee = await open_referee(str(tmp_path / "seats.sqlite3"))
    client.closed_dms |= {BOB, CAROL}
    try:
        record = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1, "opening_hands": True}, ALICE)
        await store.set_thread(record.id, THREAD)
        for user in (ALICE, BOB, CAROL):
            await store.join(record.id, user)
        table = TableCog(referee)
        starter = StubInteraction(client, ADMIN, guild_id=GUILD, channel_id=THREAD, admin=True)
        await invoke(table.start, table, starter, game=None, seed="handover")
        assert "has started" in starter.text, starter.text
        yield Game(store, client, referee, record.id)
    finally:
        await store.close()


async def kept(game: Game, user: int) -> list[str]:
    return [text for _, text in await game.store.peek_pending_dms(game.game_id, user)]


async def test_a_substitute_with_open_dms_gets_the_seats_kept_messages_at_once(game: Game) -> None:
    seat = await game.seat_of(CAROL)
    secret = await game.hand_line(seat)
    assert secret in "".join(await kept(game, CAROL))  # her DMs were closed at the start

    done = await game.replace(seat, DANA, "Carol had to drop out")
    assert f"now holds seat {seat + 1}" in done.text, done.text

    welcome, *rest = game.client.dms[DANA]
    assert "gave you seat" in welcome.content and secret in welcome.content
    assert any(m.custom_ids for m in rest)  # then the seat's open decision, with its buttons
    assert await kept(game, DANA) == []  # delivered, so no longer kept
    assert await kept(game, CAROL) == [] and await game.store.pending_dm_games(CAROL) == []
    (audit, *_) = await game.store.audit(game.game_id)
    assert audit.command == "replace" and audit.detail["pending_dms"] == 2

    carol = await game.panel(CAROL)
    assert carol.replies[-1].content == "⛔ You are not playing in this game."
    assert secret not in carol.text
    assert secret not in "".join(game.client.all_posts())


async def test_after_a_kick_the_vacant_seats_messages_wait_for_the_next_holder(game: Game) -> None:
    carols_seat, bobs_seat = await game.seat_of(CAROL), await game.seat_of(BOB)
    carols_secret, bobs_secret = await game.hand_line(carols_seat), await game.hand_line(bobs_seat)
    await game.replace(carols_seat, DANA, "Carol had to drop out")

    admin = game.interaction(ADMIN, admin=True)
    await invoke(game.gm.kick, game.gm, admin, player=StubUser(BOB), reason="silent for weeks", game=None)
    assert "was removed" in admin.text, admin.text
    bob = await game.panel(BOB)
    assert bob.replies[-1].content == "⛔ You are not playing in this game." and bobs_secret not in bob.text
    assert await game.store.pending_dm_games(BOB) == []

    # Carol comes back into Bob's seat; her DMs are still closed, so the seat's messages
    # wait in her panel: Bob's seat's, never those of the seat she held before (Dana's now).
    await game.replace(bobs_seat, CAROL, "Carol is back")
    panel = await game.panel(CAROL)
    first = panel.replies[0].content
    assert "Messages I could not send you by DM" in first, first
    assert bobs_secret in first and "gave you seat" in first
    assert carols_secret not in panel.text
    assert await kept(game, CAROL) == []  # shown once
    assert bobs_secret not in "".join(game.client.all_posts())


async def test_a_substitute_with_closed_dms_is_told_even_though_messages_already_wait(game: Game) -> None:
    seat = await game.seat_of(BOB)
    secret = await game.hand_line(seat)
    game.client.closed_dms.add(ERIN)
    notices_before = [p for p in game.client.all_posts() if "could not send you a direct message" in p]

    await game.replace(seat, ERIN, "Bob is away")
    notices = [p for p in game.client.all_posts() if "could not send you a direct message" in p][len(notices_before) :]
    assert len(notices) == 1 and f"<@{ERIN}>" in notices[0] and f"seat {seat + 1}'s DMs are closed" in notices[0]
    panel = await game.panel(ERIN)
    assert secret in panel.replies[0].content and "gave you seat" in panel.replies[0].content
    assert secret not in "".join(game.client.all_posts())


async def test_messages_kept_only_in_memory_follow_the_seat_too() -> None:
    """Without a store (or when it refused a text) the process's own copy moves with the seat."""
    client = StubClient()
    delivery = Delivery(as_client(client), "Game Master", None)
    record = type("G", (), {"id": 3, "guild_id": GUILD, "channel_id": CHANNEL, "thread_id": THREAD})()
    client.closed_dms.add(BOB)
    await delivery.dm(record, BOB, "seat 2 secret", seat=1)
    await delivery.dm(record, BOB, "seat 3 secret", seat=2)
    delivery.seat_changed(3, 1, BOB, DANA)
    assert await delivery.take_pending(3, BOB) == ["seat 3 secret"]
    assert await delivery.welcome(record, DANA, 1, "welcome")
    assert [m.content for m in client.dms[DANA]] == [
        "welcome\n\n**Messages for your seat that were not delivered before you took it:**\nseat 2 secret"
    ]
    assert await delivery.take_pending(3, DANA) == []
