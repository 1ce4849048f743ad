"""``/game export`` through the real bot: a game master may export a running game (without its
seed), a player only a finished one, and the file checks out with ``engine.replay``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tests.support.highcard  # noqa: F401  # registers the test game the bot plays, for the replay here
from engine.replay import ReplayRefused, verify
from tests.e2e.bot_helpers import shown, start_referee
from tests.e2e.test_bot_game import open_game, pick_all, start_game

pytestmark = pytest.mark.asyncio


async def export(fake: Any, user: Any, thread: Any) -> tuple[Any, dict[str, Any] | None]:
    h = await fake.slash(user, "game export", channel=thread)
    reply = await h.response(timeout=10)
    files = [a for m in reply.messages for a in m.attachments]
    if not files:
        return reply, None
    assert reply.ephemeral and files[0].filename.endswith(".json")
    return reply, json.loads(files[0].data)


async def test_export_then_replay(fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world, rounds=1)
    await start_game(fake, world, thread)

    refused, doc = await export(fake, world.bob, thread)
    assert doc is None and "only a game master" in refused.text, refused.text
    running, doc = await export(fake, world.admin, thread)
    assert doc is not None and doc["seed"] is None and doc["seed_hash"], running.text
    with pytest.raises(ReplayRefused, match="not revealed"):
        verify(doc)

    await pick_all(fake, world, [world.alice, world.bob, world.carol])
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=10)
    pressed: set[int] = set()
    for _ in range(3):
        call = await fake.wait_for_message(
            lambda m: any(b.get("label") == "Hold" for b in m.buttons) and m.id not in pressed,
            channel=thread,
            timeout=10,
        )
        pressed.add(call.id)
        owner = next(u for u in (world.alice, world.bob, world.carol) if f"<@{u.id}>" in shown(call))
        await (await fake.press(owner, call, label="Hold")).response(timeout=10)
    await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=thread, timeout=10)

    done, doc = await export(fake, world.bob, thread)
    assert doc is not None, done.text
    assert "python3 -m engine.replay" in done.text
    assert doc["game"] == game_id and doc["status"] == "finished" and doc["seed"]
    assert doc["result"] is not None and len(doc["log"]) >= 6
    # Only actions travel: the logged events hold every seat's private hand.
    assert all(set(row) == {"seq", "kind", "seat", "action"} for row in doc["log"])
    checked = verify(doc)
    assert checked.result == doc["result"] and checked.actions == len(doc["log"])
    fake.assert_no_violations()
