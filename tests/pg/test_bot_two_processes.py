"""Two real bot processes on one PostgreSQL database (issue 19), against the fake Discord.

The fake hands each interaction to the newest live gateway session, so the presses of one game
reach the first process, then the second once it has connected, then the first again after the
second is SIGKILLed mid-game. Every acknowledged press must be in the log once, with no gap, and
the game must play on to its end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg

from tests.e2e.bot_helpers import READY, bot_env, shown
from tests.e2e.conftest import fake_discord, fake_world, start_bot
from tests.e2e.test_bot_game import open_game, pick_all, start_game
from tests.pg.server import Server, create_database

__all__ = ["fake_discord", "fake_world", "start_bot"]


async def call_all(fake: Any, world: Any, thread: Any, pressed: set[int]) -> None:
    """Each seat's public call ("Hold"), in the order the thread asks."""
    users = (world.alice, world.bob, world.carol)
    for _ in range(3):
        call = await fake.wait_for_message(
            lambda m: any(b.get("label") == "Hold" for b in m.buttons) and m.id not in pressed,
            channel=thread,
            timeout=20,
        )
        pressed.add(call.id)
        owner = next(u for u in users if f"<@{u.id}>" in shown(call))
        reply = await (await fake.press(owner, call, label="Hold")).response(timeout=20)
        assert "Done" in reply.text, reply.text


async def test_a_game_moves_between_two_processes_and_survives_one_being_killed(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path, pg_server: Server
) -> None:
    fake, world = fake_discord, fake_world
    url = await create_database(pg_server)
    env = bot_env(tmp_path, DATABASE_URL=url)
    await start_bot("bot", env, ready_pattern=READY, timeout=90)
    thread, game_id = await open_game(fake, world, rounds=1)
    await start_game(fake, world, thread)  # served by the first process

    second = await start_bot("bot", env, ready_pattern=READY, timeout=90)
    await pick_all(fake, world, [world.alice, world.bob])  # served by the second process
    await second.kill()  # mid-round: the first process takes the presses again
    await fake.wait_for(
        lambda: sum(1 for s in fake.sessions if s.connected and s.ready) == 1, timeout=20, what="one live session"
    )
    await pick_all(fake, world, [world.carol])
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=20)
    await call_all(fake, world, thread, set())
    await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=thread, timeout=20)

    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT seq, interaction_id FROM log WHERE game_id = $1 ORDER BY seq", game_id)
        status = await conn.fetchval("SELECT status FROM games WHERE id = $1", game_id)
    finally:
        await conn.close()
    # Three picks and three calls, every acknowledged press once, no gap.
    assert [r["seq"] for r in rows] == list(range(1, 7))
    ids = [r["interaction_id"] for r in rows]
    assert None not in ids and len(set(ids)) == len(ids)
    assert status == "finished"
    fake.assert_no_violations()
