"""The fake Discord splits guilds between shards as Discord does (issue 19's shard test rests on it).

Two raw gateway clients identify as shard 0 and shard 1 of 2; each must receive only its own
guilds' events and interactions, DMs only on shard 0, and an interaction whose shard has no
live session must reach nobody (Discord shows the user "This interaction failed").
"""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_discord import ChannelType, FakeDiscord, NotDelivered, World, shard_of

pytestmark = pytest.mark.asyncio

# GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES
INTENTS = 1 | 1 << 9 | 1 << 12


async def identify(http: aiohttp.ClientSession, fake: FakeDiscord, shard: list[int]) -> tuple[Any, dict[str, Any]]:
    """A raw gateway client identified as ``shard``; returns it with its READY (GUILD_CREATEs read)."""
    ws = await http.ws_connect(fake.gateway_url)
    assert (await ws.receive_json())["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": INTENTS, "properties": {}, "shard": shard}})
    ready = await ws.receive_json()
    assert ready["t"] == "READY", ready
    ready["guild_creates"] = [(await ws.receive_json())["d"] for _ in ready["d"]["guilds"]]
    return ws, ready


async def next_event(ws: Any) -> dict[str, Any]:
    frame: dict[str, Any] = await ws.receive_json(timeout=5)
    return frame


async def nothing_pending(ws: Any) -> None:
    """Nothing was dispatched to ``ws``: a heartbeat's ACK is the next frame it receives (the fake
    sends a dispatch before the driver call that caused it returns, so no timing is involved)."""
    await ws.send_json({"op": 1, "d": None})
    frame = await next_event(ws)
    assert frame["op"] == 11, f"expected nothing for this shard, got {frame.get('t')}"


async def answer(http: aiohttp.ClientSession, fake: FakeDiscord, event: dict[str, Any], text: str) -> None:
    d = event["d"]
    url = f"{fake.api_base}/interactions/{d['id']}/{d['token']}/callback"
    async with http.post(url, json={"type": 4, "data": {"content": text, "flags": 64}}) as r:
        assert r.status == 204, await r.text()


async def test_each_shard_gets_only_its_guilds_and_shard_0_the_dms(
    fake_discord: FakeDiscord, fake_worlds_on_two_shards: tuple[World, World]
) -> None:
    fake = fake_discord
    zero, one = fake_worlds_on_two_shards
    assert (shard_of(zero.guild.id, 2), shard_of(one.guild.id, 2)) == (0, 1)
    fake._global_commands.append({"id": "1", "name": "ping", "type": 1, "description": "d", "options": []})
    async with aiohttp.ClientSession() as http:
        ws0, ready0 = await identify(http, fake, [0, 2])
        ws1, ready1 = await identify(http, fake, [1, 2])
        # READY lists, and GUILD_CREATE follows for, the shard's own guilds only; READY echoes the shard.
        assert ready0["d"]["guilds"] == [{"id": str(zero.guild.id), "unavailable": True}]
        assert ready1["d"]["guilds"] == [{"id": str(one.guild.id), "unavailable": True}]
        assert [g["id"] for g in ready0["guild_creates"]] == [str(zero.guild.id)]
        assert [g["id"] for g in ready1["guild_creates"]] == [str(one.guild.id)]
        assert (ready0["d"]["shard"], ready1["d"]["shard"]) == ([0, 2], [1, 2])

        # A guild message reaches its guild's shard only.
        await fake.send_message(one.alice, one.channel, "hello shard one")
        event = await next_event(ws1)
        assert (event["t"], event["d"]["guild_id"]) == ("MESSAGE_CREATE", str(one.guild.id))
        await nothing_pending(ws0)
        # A DM reaches shard 0 only, whichever guild its author shares with the bot.
        await fake.send_message(one.bob, fake.dm_channel(one.bob), "a DM")
        event = await next_event(ws0)
        assert event["t"] == "MESSAGE_CREATE" and "guild_id" not in event["d"]
        await nothing_pending(ws1)
        # A thread created in guild one: its THREAD_CREATE goes to shard 1 only.
        auth = {"Authorization": f"Bot {fake.token}"}
        body = {"name": "a thread", "type": ChannelType.PUBLIC_THREAD}
        async with http.post(f"{fake.api_base}/channels/{one.channel.id}/threads", json=body, headers=auth) as r:
            assert r.status in (200, 201), await r.text()
            thread = fake.get_channel(int((await r.json())["id"]))
        assert (await next_event(ws1))["t"] == "THREAD_CREATE"
        await nothing_pending(ws0)

        # Interactions: a guild's (channel or thread) to its shard, a DM's to shard 0.
        for user, channel, ws, other in (
            (one.alice, one.channel, ws1, ws0),
            (one.alice, thread, ws1, ws0),
            (zero.alice, zero.channel, ws0, ws1),
            (one.carol, fake.dm_channel(one.carol), ws0, ws1),
        ):
            handle = await fake.slash(user, "ping", channel=channel)
            event = await next_event(ws)
            assert (event["t"], event["d"]["channel_id"]) == ("INTERACTION_CREATE", str(channel.id))
            await nothing_pending(other)
            await answer(http, fake, event, "pong")
            assert (await handle.response()).content == "pong" and handle.delivered

        # Shard 1 goes away: guild one's interactions reach nobody (no wait for a bot, no violation:
        # the bot never saw them), while shard 0 still gets its guild's and the DMs.
        await ws1.close()
        await fake.wait_for(lambda: sum(s.connected for s in fake.sessions) == 1, 5, "shard 1 to disconnect")
        lost = await fake.slash(one.alice, "ping", channel=one.channel)
        assert not lost.delivered and fake.undelivered == [lost.interaction]
        with pytest.raises(NotDelivered):
            await lost.acknowledged()
        handle = await fake.slash(one.bob, "ping", channel=fake.dm_channel(one.bob))
        event = await next_event(ws0)
        assert event["t"] == "INTERACTION_CREATE"
        await answer(http, fake, event, "still here")
        assert (await handle.response()).content == "still here"

        # A shard outside the count is refused as Discord does (close code 4010).
        bad = await http.ws_connect(fake.gateway_url)
        await bad.receive_json()
        await bad.send_json(
            {"op": 2, "d": {"token": fake.token, "intents": INTENTS, "properties": {}, "shard": [2, 2]}}
        )
        await bad.receive()
        assert bad.close_code == 4010
        await ws0.close()
    fake.assert_no_violations()


async def test_guild_ids_land_on_the_shard_asked_for(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    for count in (2, 3, 5):
        for shard in range(count):
            guild = fake.create_guild(f"g{shard}of{count}", shard=(shard, count))
            assert shard_of(guild.id, count) == shard
    ids = [g.id for g in fake._guilds.values()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)  # snowflakes still increase
    with pytest.raises(ValueError):
        fake.create_guild("nowhere", shard=(2, 2))
