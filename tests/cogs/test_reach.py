"""Which games a user can reach from where, and who may press a game master's button.

A direct message belongs to no server, so from a DM the read commands (``/game info``,
``log``, ``board``, ``status``) answer only for a game the user holds a seat in, or a
game of a server where they are a game master. A GM prompt's button ("Resolved")
needs a game master of the game's own server: Manage Server in some other server, or
in no server at all (a DM), is not enough. Every refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import ids
from cogs.prompts import OptionButton
from cogs.referee import Referee
from cogs.table import TableCog
from engine.core import GM_SEAT
from store import GameStore
from tests.e2e.bot_helpers import tie_seed

from .stubs import StubClient, StubInteraction, StubUser, open_referee

GUILD, OTHER_GUILD, CHANNEL, THREAD = 77, 99, 88, 500
USERS = (1001, 1002)
ADMIN, STRANGER, DM_GM = 4242, 31337, 5151


class GuildClient(StubClient):
    """A client that knows the game's server and one member of it holding the GM role."""

    def get_guild(self, guild_id: int) -> Any:
        if guild_id != GUILD:
            return None

        def member(user_id: int) -> Any:
            return StubUser(user_id, roles=[SimpleNamespace(name="Game Master")]) if user_id == DM_GM else None

        async def fetch_member(user_id: int) -> Any:
            found = member(user_id)
            if found is None:  # what Discord answers for someone who is not in the server
                response: Any = SimpleNamespace(status=404, reason="Not Found")
                raise discord.NotFound(response, {"code": 10007, "message": "Unknown Member"})
            return found

        return SimpleNamespace(id=GUILD, get_member=member, fetch_member=fetch_member)


class Tied:
    """A two-seat High Card game whose first reveal tied: the GM has an open task and a "Resolved" button."""

    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id
        self.table = TableCog(referee)

    def ask(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("guild_id", GUILD)
        kwargs.setdefault("channel_id", THREAD)
        return StubInteraction(self.client, user, **kwargs)

    def dm(self, user: int, **kwargs: Any) -> StubInteraction:
        return self.ask(user, guild_id=None, channel_id=1_000_000 + user, **kwargs)

    async def snapshot(self) -> tuple[int, str, int]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        return loaded.seq, loaded.state.model_dump_json(), len(await self.store.audit(self.game_id))


@pytest.fixture
async def tied(tmp_path: Path) -> AsyncIterator[Tied]:
    store, _, referee = await open_referee(str(tmp_path / "reach.sqlite3"))
    guild_client = GuildClient()
    guild_client.referee = referee
    referee.client = guild_client  # the referee asks this client about the game's server
    seed, cards = tie_seed(2, rounds=2, gm_ties=True)
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 2, "gm_ties": True}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed=seed)
        users = {s.seat: s.user_id for s in await store.seats(game.id)}
        for seat, card in enumerate(cards):
            await store.act(game.id, users[seat], {"type": "pick", "card": card})
        assert (await store.load(game.id)).state.gm.tasks, "the tie should hand a task to the GM"
        yield Tied(store, guild_client, referee, game.id)
    finally:
        await store.close()


async def open_tasks(t: Tied) -> list[Any]:
    state = (await t.store.load(t.game_id)).state
    assert state is not None
    return list(state.gm.tasks)


async def read_commands(t: Tied, make: Any) -> list[StubInteraction]:
    """Run /game info, log, board and status, each with a fresh interaction from ``make()``."""
    out = []
    cog = t.table
    for name, kwargs in (
        ("info", {}),
        ("log_", {"count": 15}),
        ("board", {"private": False}),
        ("status", {}),
    ):
        interaction = make()
        await getattr(cog, name).callback(cog, interaction, game=t.game_id, **kwargs)
        out.append(interaction)
    return out


async def test_from_a_dm_a_stranger_reaches_no_game_of_any_server(tied: Tied) -> None:
    before = await tied.snapshot()
    for who in (STRANGER, ADMIN):  # ADMIN has Manage Server elsewhere: a DM carries no roles
        for asked in await read_commands(tied, lambda who=who: tied.dm(who, admin=True)):
            (reply,) = asked.replies
            assert reply.ephemeral
            assert reply.content.startswith("⛔ From a direct message you can reach only your own games")
            assert f"#{tied.game_id}" in reply.content
            assert "seat" not in reply.content.replace("not one of them", "")  # nothing about the table leaks
    assert await tied.snapshot() == before
    assert tied.client.all_posts() == []


async def test_from_a_dm_a_seated_player_and_a_gm_of_the_games_server_are_answered(tied: Tied) -> None:
    for who in (USERS[1], DM_GM):
        info, log, board, status = await read_commands(tied, lambda who=who: tied.dm(who))
        assert f"#{tied.game_id}** — active, created by" in info.text and "⛔" not in info.text
        assert "⛔" not in log.text and log.replies
        assert "⛔" not in board.text and board.replies
        assert "waits" in status.text or "⏳" in status.text or "action" in status.text
        assert "⛔" not in status.text


async def test_a_gm_button_needs_a_gm_of_the_games_own_server(tied: Tied) -> None:
    loaded = await tied.store.load(tied.game_id)
    prompt = next(p for p in loaded.prompts if p.seat == GM_SEAT)
    ref = ids.PromptRef(ids.OPTION, tied.game_id, GM_SEAT, ids.key_hash(prompt.key), 0)
    before = await tied.snapshot()

    for press in (
        tied.ask(ADMIN, admin=True, guild_id=OTHER_GUILD, channel_id=THREAD),  # Manage Server, another server
        tied.dm(ADMIN, admin=True),  # Manage Server somewhere, pressed from a DM
        tied.ask(USERS[0]),  # a player of the game, in its own server
    ):
        await OptionButton(ref).callback(press)
        assert press.replies[-1].content.startswith("⛔ Only a game master can do that"), press.text
        assert "game's own server" in press.replies[-1].content
    assert await tied.snapshot() == before
    assert await open_tasks(tied)

    gm = tied.ask(ADMIN, admin=True)
    await OptionButton(ref).callback(gm)
    assert gm.replies[-1].content.startswith("✅ Done: Resolved"), gm.text
    assert not (await open_tasks(tied))


async def test_a_gm_of_the_games_server_may_press_its_gm_button_from_a_dm(tied: Tied) -> None:
    loaded = await tied.store.load(tied.game_id)
    prompt = next(p for p in loaded.prompts if p.seat == GM_SEAT)
    ref = ids.PromptRef(ids.OPTION, tied.game_id, GM_SEAT, ids.key_hash(prompt.key), 0)
    press = tied.dm(DM_GM)
    await OptionButton(ref).callback(press)
    assert press.replies[-1].content.startswith("✅ Done: Resolved"), press.text
