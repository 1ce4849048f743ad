"""Issue 19: a process that does not cache a game's server asks Discord's REST API about it.

A DM interaction reaches shard 0's process only, and an outbox row may be sent by any process:
the game's server may then be another shard's, absent from this process's cache. Whether a DM's
user is a game master of that server (``Referee.gm_of``) and the GM role to mention in its thread
(``Delivery.gm_mention``) are then asked of REST, each answer kept a minute (one call for a burst
of presses), and a member without the role is still refused with the same sentence.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.delivery import Delivery
from cogs.permissions import GM_REFUSAL, GuildLookup
from cogs.referee import GM_REFUSAL_ELSEWHERE, Referee, UserError
from store import GameStore

from .stubs import StubClient, StubInteraction, StubUser, as_client

GUILD = 4_000_000_000_000_000_001  # another shard's server: this process's cache lacks it
OWNER, GM, MANAGER, PLAYER, STRANGER = 11, 12, 13, 14, 15
GM_ROLE_ID, MANAGE_ROLE_ID = 901, 902
MANAGE_SERVER = discord.Permissions(manage_guild=True).value


def not_found(code: int, what: str) -> discord.NotFound:
    response: Any = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": code, "message": what})


class Rest:
    """Discord's REST answers about ``GUILD`` (the shapes discord.py's HTTPClient returns), counted."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int | None]] = []
        self.down = False
        self.roles = {
            GUILD: ("@everyone", 0),
            GM_ROLE_ID: ("Game Master", 0),
            MANAGE_ROLE_ID: ("Moderator", MANAGE_SERVER),
        }
        self.members = {OWNER: [], GM: [GM_ROLE_ID], MANAGER: [MANAGE_ROLE_ID], PLAYER: []}

    async def get_guild(self, guild_id: int, *, with_counts: bool = True) -> dict[str, Any]:
        self.calls.append(("guild", guild_id, None))
        await asyncio.sleep(0)  # a real call yields: concurrent callers overlap
        if self.down:
            raise OSError("connection refused")
        if guild_id != GUILD:
            raise not_found(10004, "Unknown Guild")
        roles = [{"id": str(i), "name": n, "permissions": str(p)} for i, (n, p) in self.roles.items()]
        return {"id": str(GUILD), "owner_id": str(OWNER), "roles": roles}

    async def get_member(self, guild_id: int, user_id: int) -> dict[str, Any]:
        self.calls.append(("member", guild_id, user_id))
        await asyncio.sleep(0)
        if self.down:
            raise OSError("connection refused")
        if guild_id != GUILD or user_id not in self.members:
            raise not_found(10007, "Unknown Member")
        return {"user": {"id": str(user_id)}, "roles": [str(r) for r in self.members[user_id]]}


class ShardClient(StubClient):
    """A client of a process whose shards do not hold ``GUILD``: no cache, only REST."""

    def __init__(self) -> None:
        super().__init__()
        self.rest = Rest()
        self.http = SimpleNamespace(get_guild=self.rest.get_guild, get_member=self.rest.get_member)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def referee(tmp_path: Path) -> AsyncIterator[tuple[GameStore, ShardClient, Referee]]:
    store = await GameStore.open(str(tmp_path / "lookup.sqlite3"))
    client = ShardClient()
    referee = Referee(as_client(client), store)
    client.referee = referee
    try:
        yield store, client, referee
    finally:
        await store.close()


def dm(client: ShardClient, user: int) -> StubInteraction:
    return StubInteraction(client, StubUser(user), guild_id=None, channel_id=1_000_000 + user)


async def test_from_a_dm_the_gm_role_manage_server_and_the_owner_count_over_rest(
    referee: tuple[GameStore, ShardClient, Referee],
) -> None:
    _, client, ref = referee
    assert client.get_guild(GUILD) is None
    assert await ref.gm_of(dm(client, GM), GUILD)  # the "Game Master" role, by name
    assert await ref.gm_of(dm(client, MANAGER), GUILD)  # Manage Server through a role
    assert await ref.gm_of(dm(client, OWNER), GUILD)  # the owner holds every permission
    assert not await ref.gm_of(dm(client, PLAYER), GUILD)  # a member without any of them
    assert not await ref.gm_of(dm(client, STRANGER), GUILD)  # not a member there (404)
    assert not await ref.gm_of(dm(client, GM), GUILD + 1)  # a server the bot cannot see (404)


async def test_everyone_with_manage_server_makes_every_member_a_gm(
    referee: tuple[GameStore, ShardClient, Referee],
) -> None:
    _, client, ref = referee
    client.rest.roles[GUILD] = ("@everyone", MANAGE_SERVER)
    assert await ref.gm_of(dm(client, PLAYER), GUILD)


async def test_a_member_without_the_role_gets_the_same_refusal(
    referee: tuple[GameStore, ShardClient, Referee],
) -> None:
    _, client, ref = referee
    game = SimpleNamespace(id=1, guild_id=GUILD)
    with pytest.raises(UserError) as refused:
        await ref.require_gm_of(dm(client, PLAYER), game)  # type: ignore[arg-type]  # gm_of reads guild_id only
    expected = GM_REFUSAL_ELSEWHERE(refusal=GM_REFUSAL(role="Game Master"))
    assert refused.value.reason == expected
    await ref.require_gm_of(dm(client, GM), game)  # type: ignore[arg-type]  # the same game, a GM: no refusal


async def test_a_burst_of_presses_makes_one_call_each_and_the_answer_expires() -> None:
    client = ShardClient()
    clock = Clock()
    lookup = GuildLookup(as_client(client), ttl=60.0, clock=clock)
    answers = await asyncio.gather(*(lookup.is_gm(GUILD, GM, "Game Master") for _ in range(20)))
    assert all(answers)
    assert client.rest.calls == [("guild", GUILD, None), ("member", GUILD, GM)]  # concurrent callers share
    assert await lookup.is_gm(GUILD, PLAYER, "Game Master") is False
    assert await lookup.is_gm(GUILD, STRANGER, "Game Master") is False
    assert await lookup.is_gm(GUILD, STRANGER, "Game Master") is False  # a 404 is kept too
    assert len(client.rest.calls) == 4

    # The role taken away: seen once the kept answer expires.
    client.rest.members[GM] = []
    clock.now += 30
    assert await lookup.is_gm(GUILD, GM, "Game Master")
    clock.now += 31
    assert not await lookup.is_gm(GUILD, GM, "Game Master")
    assert client.rest.calls[-2:] == [("guild", GUILD, None), ("member", GUILD, GM)]


async def test_discord_unreachable_means_no_gm_power_and_is_not_kept() -> None:
    client = ShardClient()
    lookup = GuildLookup(as_client(client))
    client.rest.down = True
    assert not await lookup.is_gm(GUILD, GM, "Game Master")
    assert await lookup.gm_role_id(GUILD, "Game Master") is None
    client.rest.down = False
    assert await lookup.is_gm(GUILD, GM, "Game Master")  # asked again, not a kept failure


async def test_a_post_for_an_uncached_server_mentions_the_gm_role() -> None:
    client = ShardClient()
    delivery = Delivery(as_client(client), "Game Master")
    assert await delivery.gm_mention(GUILD) == f"<@&{GM_ROLE_ID}>"
    assert await delivery.gm_mention(GUILD) == f"<@&{GM_ROLE_ID}>"
    assert [c[0] for c in client.rest.calls] == ["guild"]  # kept: one call for both
    # A server without the role (or one the bot cannot see): the role's name, as before.
    assert await delivery.gm_mention(GUILD + 1) == "Game master (Game Master)"
    assert await delivery.gm_mention(None) == "Game master (Game Master)"
