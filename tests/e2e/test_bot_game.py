"""The real bot, unmodified, playing High Card through the fake Discord."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import (
    assert_no_secret_in_public,
    db_path,
    label_of,
    option_ids,
    prompt_messages,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio


async def open_game(fake: Any, world: Any, *, rounds: int = 1) -> tuple[Any, int]:
    """/game new, then three players join; returns the game thread and the game number."""
    channel = world.channel
    h = await fake.slash(
        world.alice,
        "game new",
        channel=channel,
        options={"ruleset": "highcard", "players": 3, "options": f"rounds={rounds}"},
    )
    result = await h.response(timeout=10)
    assert "Created" in result.text, result.text
    found = re.search(r"#(\d+)", result.text)
    assert found is not None, result.text
    game_id = int(found.group(1))
    thread = await fake.wait_for_thread(parent=channel)
    for user in (world.alice, world.bob, world.carol):
        j = await fake.slash(user, "game join", channel=thread)
        r = await j.response(timeout=10)
        assert "joined" in r.text, r.text
    return thread, game_id


async def start_game(fake: Any, world: Any, thread: Any) -> None:
    s = await fake.slash(world.alice, "game start", channel=thread)
    r = await s.response(timeout=10)
    assert "started" in r.text, r.text
    for user in (world.alice, world.bob, world.carol):
        await fake.wait_for(
            lambda u=user: prompt_messages(fake, u), timeout=10, what=f"pick prompt DM to {user.username}"
        )


async def pick_all(fake: Any, world: Any, users: list[Any]) -> None:
    for user in users:
        message = prompt_messages(fake, user)[-1]
        first = option_ids(message)[0]
        h = await fake.press(user, message, first)
        r = await h.response(timeout=10)
        assert "Done" in r.text or "locked" in r.text.lower(), r.text


async def test_full_round_secret_dm_result_and_no_leak(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world, rounds=1)
    await start_game(fake, world, thread)
    started = await fake.wait_for_message(
        lambda m: "started the game" in shown(m) and not m.ephemeral, channel=thread, timeout=10
    )
    assert "SHA-256" in shown(started)

    # Each seat's secret choice came by DM, with one button per card in that seat's hand.
    for user in (world.alice, world.bob, world.carol):
        message = prompt_messages(fake, user)[-1]
        labels = [label_of(message, cid) for cid in option_ids(message)]
        assert len(labels) == 3 and all(re.fullmatch(r"[a-z]+-\d\d", label) for label in labels), labels

    await pick_all(fake, world, [world.alice, world.bob, world.carol])
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=10)

    # Then each seat calls publicly, in seat order, with buttons in the thread.
    pressed: set[int] = set()
    for _ in range(3):
        call = await fake.wait_for_message(
            lambda m: any(b.get("label") == "Hold" for b in m.buttons) and m.id not in pressed,
            channel=thread,
            timeout=10,
        )
        pressed.add(call.id)
        owner = next(u for u in (world.alice, world.bob, world.carol) if f"<@{u.id}>" in shown(call))
        h = await fake.press(owner, call, label="Hold")
        r = await h.response(timeout=10)
        assert "Done" in r.text, r.text
    await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=thread, timeout=10)
    await fake.wait_for_message(lambda m: "seed was" in shown(m), channel=thread, timeout=10)

    checked = assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    assert checked > 5
    fake.assert_no_violations()


async def test_button_from_before_a_restart_still_works(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    bot = await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    await start_game(fake, world, thread)
    old = {u.id: prompt_messages(fake, u)[-1] for u in (world.alice, world.bob, world.carol)}

    await bot.restart(hard=True, ready_pattern=r"ready as ", timeout=30)

    for user in (world.alice, world.bob, world.carol):
        message = old[user.id]
        h = await fake.press(user, message, option_ids(message)[1])
        r = await h.response(timeout=10)
        assert "Done" in r.text, r.text
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=10)
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)


async def test_two_presses_at_the_same_instant_apply_once(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    await start_game(fake, world, thread)
    await pick_all(fake, world, [world.alice, world.bob, world.carol])
    call = await fake.wait_for_message(
        lambda m: any(b.get("label") == "Hold" for b in m.buttons), channel=thread, timeout=10
    )
    owner = next(u for u in (world.alice, world.bob, world.carol) if f"<@{u.id}>" in shown(call))
    other = next(u for u in (world.alice, world.bob, world.carol) if u is not owner)
    raise_id = call.button("Raise")["custom_id"]
    hold_id = call.button("Hold")["custom_id"]

    handles = await asyncio.gather(
        fake.press(owner, call, raise_id), fake.press(owner, call, hold_id), fake.press(other, call, hold_id)
    )
    texts = [(await h.response(timeout=10)).text for h in handles]
    assert sum("Done" in t for t in texts[:2]) == 1, texts
    assert any("already been resolved" in t for t in texts[:2]), texts
    assert "⛔" in texts[2] or "already been resolved" in texts[2], texts[2]

    from tests.e2e.bot_helpers import log_rows

    calls = [r for r in log_rows(db_path(tmp_path), game_id) if '"call"' in r["action"] and r["kind"] == "action"]
    assert len(calls) == 1, [dict(r) for r in calls]
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
