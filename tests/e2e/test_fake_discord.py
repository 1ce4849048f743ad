"""End-to-end tests of the fake Discord server, driven through a real discord.py bot process."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_discord import CallbackType, ChannelType, FakeDiscord, InteractionType, World

FAST_READY = {"GUILD_READY_TIMEOUT": "0.3"}  # the sample bot passes this to discord.py


async def start_sample_bot(start_bot, sample_bot_path):
    return await start_bot(sample_bot_path, FAST_READY, ready_pattern=r"BOT READY")


# --------------------------------------------------------------------------- emulator alone


@pytest.mark.asyncio
async def test_rest_limits_and_faults_without_a_bot(fake_discord: FakeDiscord, fake_world: World) -> None:
    fake = fake_discord
    chan = fake_world.channel
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:

        async def post(path, body, headers=auth):
            async with http.post(fake.api_base + path, json=body, headers=headers) as r:
                return r.status, await r.json()

        # login + unknown route + bad token
        async with http.get(fake.api_base + "/users/@me", headers=auth) as r:
            assert r.status == 200 and (await r.json())["id"] == str(fake.bot_user.id)
            assert r.headers["Content-Type"] == "application/json"
        async with http.get(fake.api_base + "/users/@me", headers={"Authorization": "Bot nope"}) as r:
            assert r.status == 401
        async with http.get(fake.api_base + "/no/such/route", headers=auth) as r:
            assert r.status == 404 and (await r.json())["message"] == "404: Not Found"
        assert fake.unknown_requests[-1].path == "/no/such/route"

        path = f"/channels/{chan.id}/messages"
        status, body = await post(path, {"content": "x" * 2001})
        assert (status, body["code"]) == (400, 50035)
        assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
        assert (await post(path, {"content": "   "}))[1]["code"] == 50006

        button = lambda i, **kw: {"type": 2, "style": 1, "label": f"b{i}", "custom_id": f"id{i}", **kw}  # noqa: E731
        row = lambda *cs: {"type": 1, "components": list(cs)}  # noqa: E731
        too_many_rows = [row(button(i)) for i in range(6)]
        too_many_buttons = [row(*[button(i) for i in range(6)])]
        long_id = [row(button(0, custom_id="c" * 101))]
        long_label = [row(button(0, label="l" * 81))]
        dup_ids = [row(button(0), button(1, custom_id="id0"))]

        def select(n: int) -> dict[str, Any]:
            return {"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)} for i in range(n)]}

        select_and_button = [row(select(2), button(1))]
        for components, where in [
            (too_many_rows, ["components"]),
            (too_many_buttons, ["components", "0", "components"]),
            (long_id, ["components", "0", "components", "0", "custom_id"]),
            (long_label, ["components", "0", "components", "0", "label"]),
            (dup_ids, ["components", "0", "components", "1", "custom_id"]),
            ([row(select(26))], ["components", "0", "components", "0", "options"]),
            (select_and_button, ["components", "0", "components"]),
        ]:
            status, body = await post(path, {"content": "hi", "components": components})
            assert (status, body["code"]) == (400, 50035), components
            node = body["errors"]
            for key in where:
                node = node[key]
            assert "_errors" in node, (where, body)
        assert (await post(path, {"content": "ok", "components": [row(select(25))]}))[0] == 200

        embed_errors = (
            await post(path, {"embeds": [{"title": "t" * 257, "fields": [{"name": "n", "value": "v"}] * 26}]})
        )[1]["errors"]
        assert set(embed_errors["embeds"]["0"]) == {"title", "fields"}
        assert (await post(path, {"embeds": [{"description": "d" * 4097}]}))[0] == 400
        assert (await post(path, {"content": "secret", "flags": 64}))[0] == 400  # ephemeral only via interactions

        # multipart upload: names and bytes are recorded
        form = aiohttp.FormData(quote_fields=False)
        form.add_field(
            "payload_json",
            json.dumps(
                {
                    "content": "with files",
                    "attachments": [{"id": 0, "filename": "board.png"}, {"id": 1, "filename": "log.txt"}],
                }
            ),
        )
        form.add_field("files[0]", b"PNGDATA", filename="board.png", content_type="application/octet-stream")
        form.add_field("files[1]", b"hello", filename="log.txt", content_type="application/octet-stream")
        async with http.post(fake.api_base + path, data=form, headers=auth) as r:
            assert r.status == 200
            sent = await r.json()
        assert [a["filename"] for a in sent["attachments"]] == ["board.png", "log.txt"]
        msg = fake.get_message(sent["id"])
        assert msg.attachment("board.png").data == b"PNGDATA"
        async with http.get(sent["attachments"][1]["url"]) as r:  # attachment URLs are served too
            assert await r.read() == b"hello"
        assert fake.sent[-1].attachments == ["board.png", "log.txt"]

        # DMs: open a channel, refusal gives 403 / 50007
        status, dm = await post("/users/@me/channels", {"recipient_id": str(fake_world.bob.id)})
        assert status == 200 and dm["type"] == ChannelType.DM
        fake.refuse_dms(fake_world.bob)
        assert await post(f"/channels/{dm['id']}/messages", {"content": "psst"}) == (
            403,
            {"message": "Cannot send messages to this user", "code": 50007},
        )
        assert fake.sent[-1].dm and fake.sent[-1].status == 403

        # 429 injection carries what discord.py needs (Via header + retry_after)
        fake.inject_rate_limit("POST", "/channels/*/messages", count=1, retry_after=0.25)
        async with http.post(fake.api_base + path, json={"content": "x"}, headers=auth) as r:
            assert r.status == 429 and r.headers["Via"] and (await r.json())["retry_after"] == 0.25
        assert (await post(path, {"content": "after the limit"}))[0] == 200
        assert len(fake.rate_limit_hits) == 1

        # command registration limits (the "26th subcommand" incident)
        app = f"/applications/{fake.application_id}/commands"
        subs = [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)]
        async with http.put(
            fake.api_base + app, json=[{"name": "game", "description": "d", "options": subs}], headers=auth
        ) as r:
            assert r.status == 400 and "options" in (await r.json())["errors"]["0"]
        async with http.put(fake.api_base + app, json=[{"name": "Bad Name", "description": "d"}], headers=auth) as r:
            assert r.status == 400

    assert {v.kind for v in fake.violations} == {"limit", "unknown_route"}


@pytest.mark.asyncio
async def test_gateway_protocol_with_a_raw_client(fake_discord: FakeDiscord, fake_world: World) -> None:
    """HELLO / IDENTIFY / READY / GUILD_CREATE / heartbeats / RESUME, plus the interaction rules."""
    fake = fake_discord
    fake.heartbeat_interval_ms = 45000
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream")
        hello = await ws.receive_json()
        assert hello == {"op": 10, "d": {"heartbeat_interval": 45000}}
        await ws.send_json({"op": 1, "d": None})
        assert (await ws.receive_json())["op"] == 11
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 513, "properties": {}}})
        ready = await ws.receive_json()
        guild_create = await ws.receive_json()
        assert (ready["t"], ready["s"]) == ("READY", 1)
        assert ready["d"]["resume_gateway_url"] == fake.gateway_url
        assert ready["d"]["guilds"] == [{"id": str(fake_world.guild.id), "unavailable": True}]
        assert (guild_create["t"], guild_create["s"]) == ("GUILD_CREATE", 2)
        g = guild_create["d"]
        assert {c["name"] for c in g["channels"]} == {"general", "games"}
        assert {m["user"]["username"] for m in g["members"]} >= {"gm", "alice", "bob", "carol", "TestBot"}
        assert any(r["name"] == "Admin" for r in g["roles"]) and g["member_count"] == len(g["members"])
        session_id = ready["d"]["session_id"]
        assert fake.bot_connected

        # An interaction; answer it twice -> 40060; follow-up works after the ack.
        await fake.send_message(fake_world.alice, fake_world.channel, "hello bot")
        assert (await ws.receive_json())["t"] == "MESSAGE_CREATE"
        fake._global_commands.append({"id": "1", "name": "ping", "type": 1, "description": "d", "options": []})
        handle = await fake.slash(fake_world.alice, "ping")
        event = await ws.receive_json()
        assert (event["t"], event["s"]) == ("INTERACTION_CREATE", 4)
        assert event["d"]["member"]["user"]["id"] == str(fake_world.alice.id)
        cb = f"{fake.api_base}/interactions/{event['d']['id']}/{event['d']['token']}/callback?with_response=true"
        async with http.post(cb, json={"type": 4, "data": {"content": "pong", "flags": 64}}) as r:
            assert r.status == 200
            assert (await r.json())["interaction"]["response_message_ephemeral"] is True
        async with http.post(cb, json={"type": 4, "data": {"content": "again"}}) as r:
            assert (r.status, (await r.json())["code"]) == (400, 40060)
        result = await handle.response()
        assert result.type == CallbackType.CHANNEL_MESSAGE and result.ephemeral and result.content == "pong"
        assert result.message is not None and result.message.visible_to == fake_world.alice.id
        assert [v.kind for v in fake.violations] == ["double_ack"]

        # Drop the connection; RESUME replays what was missed and sends RESUMED.
        await ws.close()
        await fake.wait_for(lambda: not fake.bot_connected, 2, "disconnect")
        await fake.send_message(fake_world.bob, fake_world.channel, "while you were away")
        ws = await http.ws_connect(fake.gateway_url)
        assert (await ws.receive_json())["op"] == 10
        await ws.send_json({"op": 6, "d": {"token": fake.token, "session_id": session_id, "seq": 4}})
        missed = await ws.receive_json()
        resumed = await ws.receive_json()
        # intents 513 = GUILDS | GUILD_MESSAGES: without MESSAGE_CONTENT the content is blanked, like Discord does.
        assert (missed["t"], missed["s"], missed["d"]["content"]) == ("MESSAGE_CREATE", 5, "")
        assert fake.get_message(missed["d"]["id"]).content == "while you were away"
        assert (resumed["t"], resumed["s"]) == ("RESUMED", 6)
        assert fake.resume_count == 1

        # Unknown session -> INVALID_SESSION(false)
        ws2 = await http.ws_connect(fake.gateway_url)
        await ws2.receive_json()
        await ws2.send_json({"op": 6, "d": {"token": fake.token, "session_id": "nope", "seq": 1}})
        assert await ws2.receive_json() == {"op": 9, "d": False}
        await ws2.close()
        await ws.close()


# --------------------------------------------------------------------------- with the real bot process


@pytest.mark.asyncio
async def test_bot_end_to_end(fake_discord: FakeDiscord, fake_world: World, start_bot, sample_bot_path) -> None:
    fake, w = fake_discord, fake_world
    bot = await start_sample_bot(start_bot, sample_bot_path)

    # Command sync was recorded, with the group / subcommand structure.
    assert len(fake.command_syncs) == 1
    game = fake.command("game")
    subs = {o["name"]: o for o in game["options"]}
    assert {"new", "dm", "slow", "long", "spam", "board", "admin"} <= set(subs)
    assert subs["admin"]["type"] == 2 and subs["admin"]["options"][0]["name"] == "reset"
    players = next(o for o in subs["new"]["options"] if o["name"] == "players")
    assert (players["type"], players["min_value"], players["max_value"]) == (4, 2, 6)

    # Autocomplete.
    auto = await (await fake.autocomplete(w.alice, "game new", "map", "fo", name="x", players=2)).response()
    assert auto.choices is not None
    assert [c["value"] for c in auto.choices] == ["forest", "fortress"]

    # /game new: deferred (thinking), then a follow-up with a file, a dynamic button and a select.
    handle = await fake.slash(w.alice, "game new", name="Runewars", players=4, map="forest")
    result = await handle.response()
    assert result.type == CallbackType.DEFERRED_CHANNEL_MESSAGE and result.latency < 1.0
    board = result.message
    assert board is not None
    assert "Runewars" in board.content and not board.loading and not board.ephemeral
    assert [a.filename for a in board.attachments] == ["board.png"] and board.attachments[0].data.startswith(b"\x89PNG")
    game_id = board.content.split("(")[1].split(")")[0]
    assert board.custom_ids == [f"g:{game_id}:join", f"g:{game_id}:rename", f"g:{game_id}:pick"]

    # Private thread with the secret hand, and a public thread on the board message.
    hand = await fake.wait_for_thread(lambda t: t.type == ChannelType.PRIVATE_THREAD)
    assert set(hand.thread_members) == {fake.bot_user.id, w.alice.id}
    secret = await fake.wait_for_message(lambda m: "SECRET-HAND" in m.content, channel=hand)
    assert secret.author is fake.bot_user
    table = await fake.wait_for_thread(lambda t: t.id == board.id)
    await fake.wait_for_message(lambda m: m.content == "Table talk starts here.", channel=table)
    with pytest.raises(PermissionError):
        await fake.send_message(w.bob, hand, "let me see")  # bob cannot see alice's private thread

    # Button (DynamicItem) -> UPDATE_MESSAGE.
    joined = await (await fake.press(w.bob, board, label="Join")).response()
    assert joined.type == CallbackType.UPDATE_MESSAGE and joined.message is board
    assert board.content.startswith(f"bob joined game {game_id}") and board.edits >= 2

    # Select -> DEFERRED_UPDATE_MESSAGE + ephemeral follow-up.
    picked = await (await fake.select(w.carol, board, f"g:{game_id}:pick", ["green"])).response()
    assert picked.type == CallbackType.DEFERRED_UPDATE_MESSAGE
    assert picked.followups[0].ephemeral and picked.followups[0].visible_to == w.carol.id
    assert "You picked green" in picked.followups[0].content
    with pytest.raises(ValueError):
        await fake.select(w.carol, board, f"g:{game_id}:pick", ["purple"])

    # Button -> modal -> submit.
    opened = await (await fake.press(w.carol, board, f"g:{game_id}:rename")).response()
    assert opened.modal is not None
    assert opened.type == CallbackType.MODAL and opened.modal["custom_id"] == f"m:{game_id}:rename"
    renamed = await (await fake.submit_modal(w.carol, fields={"name": "Runewars II"})).response()
    assert renamed.type == CallbackType.CHANNEL_MESSAGE and renamed.content == f"Game {game_id} renamed to Runewars II"
    assert fake.interactions[-1].type == InteractionType.MODAL_SUBMIT

    # Interaction response with a file (multipart callback) and an embed.
    shown = await (await fake.slash(w.bob, "game board")).response()
    assert shown.type == CallbackType.CHANNEL_MESSAGE and shown.message is not None
    assert [a.filename for a in shown.message.attachments] == ["board.png"]
    assert shown.message.embeds[0]["image"]["url"] == "attachment://board.png"

    # A channel created while the bot is connected reaches it as CHANNEL_CREATE.
    late = fake.create_channel(w.guild, "late-channel")
    await bot.wait_for_output(r"CHANNEL CREATED late-channel")
    await (await fake.slash(w.alice, "game dm", channel=late)).response()

    # DM.
    dm_result = await (await fake.slash(w.alice, "game dm")).response()
    assert dm_result.ephemeral and dm_result.content == "DM sent"
    assert [m.content for m in fake.dms(w.alice)] == ["Your secret orders: SECRET-DM"] * 2

    # Prefix command through MESSAGE_CREATE; reply carries a message_reference.
    ping = await fake.send_message(w.bob, w.channel, "!ping")
    pong = await fake.wait_for_message(lambda m: m.content == "pong", channel=w.channel)
    assert pong.message_reference is not None and pong.message_reference["message_id"] == str(ping.id)

    # Subcommand group with a user option; the bot checks member permissions.
    admin = await (await fake.slash(w.admin, "game admin reset", target=w.bob)).response()
    assert admin.content == "reset done for bob"
    denied = await (await fake.slash(w.alice, "game admin reset")).response()
    assert denied.content == "not allowed" and denied.ephemeral
    with pytest.raises(ValueError):
        await fake.slash(w.alice, "game new", name="x", players=9)  # Range[int, 2, 6]

    # Nothing secret was ever shown publicly, but it did go to private places.
    fake.assert_no_public_leak("SECRET")
    assert {p.visibility for p in fake.sent if p.contains("SECRET")} == {"private_thread", "ephemeral", "dm"}
    assert all(lat is not None and lat < 1.0 for lat in fake.ack_latencies.values())
    fake.assert_no_violations()
    assert bot.running


@pytest.mark.asyncio
async def test_bot_sees_refused_dms_rate_limits_and_rejected_payloads(
    fake_discord: FakeDiscord, fake_world: World, start_bot, sample_bot_path
) -> None:
    fake, w = fake_discord, fake_world
    bot = await start_sample_bot(start_bot, sample_bot_path)

    fake.refuse_dms(w.bob)
    refused = await (await fake.slash(w.bob, "game dm")).response()
    assert refused.content == "DM failed: 50007" and refused.ephemeral
    await bot.wait_for_output(r"DM FORBIDDEN 50007")
    assert fake.dms(w.bob) == []
    assert [p.status for p in fake.payloads(accepted=None) if p.dm] == [403]

    fake.inject_rate_limit("POST", "/channels/*/messages", count=2, retry_after=0.2)
    mark = fake.mark()
    spam = await (await fake.slash(w.alice, "game spam", count=3)).response(timeout=10)
    assert spam.content == "spammed 3"
    assert [m.content for m in fake.messages(w.channel) if m.id > mark and m.content.startswith("spam ")] == [
        "spam 1/3",
        "spam 2/3",
        "spam 3/3",
    ]
    assert len(fake.rate_limit_hits) == 2  # discord.py waited and retried

    long = await (await fake.slash(w.alice, "game long")).response()
    assert long.content == "rejected: 400 50035"  # the 2001-char reply was refused, the retry was fine
    rejected = [p for p in fake.payloads(accepted=False) if p.kind == "interaction_response"]
    assert len(rejected) == 1 and len(rejected[0].content or "") == 2001
    assert [v.kind for v in fake.violations] == ["limit"]


@pytest.mark.asyncio
async def test_three_second_rule(fake_discord: FakeDiscord, fake_world: World, start_bot, sample_bot_path) -> None:
    fake, w = fake_discord, fake_world
    bot = await start_sample_bot(start_bot, sample_bot_path)

    handle = await fake.slash(w.alice, "game slow", seconds=3.3)
    with pytest.raises(AssertionError, match="not acknowledged"):
        await handle.acknowledged(timeout=5)
    assert handle.expired and handle.ack_latency is None
    late = await fake.wait_for_message(
        lambda m: m.content.startswith("late response failed"), channel=w.channel, timeout=5
    )
    assert late.content == "late response failed: 10062"
    await bot.wait_for_output(r"LATE 10062")
    assert [v.kind for v in fake.violations] == ["ack_timeout", "late_callback"]
    assert fake.violations[0].interaction_id == handle.id

    quick = await (await fake.slash(w.alice, "game slow", seconds=0)).response()
    assert quick.content == "finally" and quick.latency < 1.0


@pytest.mark.asyncio
async def test_bot_kill_restart_and_resume(
    fake_discord: FakeDiscord, fake_world: World, start_bot, sample_bot_path
) -> None:
    fake, w = fake_discord, fake_world
    bot = await start_sample_bot(start_bot, sample_bot_path)
    first_pid = bot.pid

    board = (await (await fake.slash(w.alice, "game new", name="Cloudspire", players=2)).response()).message
    assert board is not None
    game_id = board.content.split("(")[1].split(")")[0]

    # Gateway RECONNECT -> the same process resumes its session.
    await fake.send_reconnect()
    await fake.wait_for(lambda: fake.resume_count == 1 and fake.bot_connected, 10, "RESUME")
    await bot.wait_for_output(r"BOT RESUMED")
    assert fake.identify_count == 1

    # kill -9, restart against the same emulator: state persists, old buttons still work.
    await bot.kill()
    assert not bot.running
    await fake.wait_for(lambda: not fake.bot_connected, 5, "gateway disconnect after kill")
    await bot.restart(ready_pattern=r"BOT READY")
    assert bot.pid != first_pid and fake.identify_count == 2
    assert len(fake.command_syncs) == 2 and fake.command("game")

    result = await (await fake.press(w.bob, board, f"g:{game_id}:join")).response()
    assert result.type == CallbackType.UPDATE_MESSAGE
    assert board.content == f"bob joined game {game_id} (pid {bot.pid})"
    opened = await (await fake.press(w.carol, board, f"g:{game_id}:rename")).response()
    assert opened.type == CallbackType.MODAL
    fake.assert_no_violations()


async def test_enforce_nonce_returns_the_existing_message(fake_discord: FakeDiscord, fake_world: World) -> None:
    """Discord: with ``enforce_nonce`` a create repeating a nonce this author used in this channel in
    the past few minutes returns that message (200) and creates none; without it, or in another
    channel, or after the window, a new message is created. Issue 18's delivery worker relies on it."""
    fake = fake_discord
    auth = {"Authorization": f"Bot {fake.token}"}
    chan, other = fake_world.channels["general"], fake_world.channels["games"]
    async with aiohttp.ClientSession() as http:

        async def post(channel_id: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            async with http.post(f"{fake.api_base}/channels/{channel_id}/messages", json=body, headers=auth) as r:
                return r.status, await r.json()

        status, first = await post(chan.id, {"content": "hello", "nonce": "row7.m0", "enforce_nonce": True})
        assert status == 200
        status, again = await post(chan.id, {"content": "hello", "nonce": "row7.m0", "enforce_nonce": True})
        assert status == 200 and again["id"] == first["id"] and fake.nonce_hits == 1
        assert [m.content for m in fake.messages(chan)].count("hello") == 1
        # Without enforce_nonce the nonce is only echoed: a second message is created.
        _, loose = await post(chan.id, {"content": "hello", "nonce": "row7.m0"})
        assert loose["id"] != first["id"]
        # Another channel has its own nonces.
        _, elsewhere = await post(other.id, {"content": "hello", "nonce": "row7.m0", "enforce_nonce": True})
        assert elsewhere["id"] != first["id"]
        # DMs too.
        async with http.post(
            f"{fake.api_base}/users/@me/channels", json={"recipient_id": str(fake_world.bob.id)}, headers=auth
        ) as r:
            dm = await r.json()
        _, dm1 = await post(int(dm["id"]), {"content": "psst", "nonce": "row8.m0", "enforce_nonce": True})
        _, dm2 = await post(int(dm["id"]), {"content": "psst", "nonce": "row8.m0", "enforce_nonce": True})
        assert dm1["id"] == dm2["id"] and len(fake.dms(fake_world.bob)) == 1
        # After the window Discord forgets the nonce.
        fake.nonce_window = 0.0
        _, late = await post(chan.id, {"content": "hello", "nonce": "row7.m0", "enforce_nonce": True})
        assert late["id"] != first["id"]
        # Discord refuses a nonce longer than 25 characters.
        status, body = await post(chan.id, {"content": "x", "nonce": "n" * 26, "enforce_nonce": True})
        assert (status, body["code"]) == (400, 50035)
