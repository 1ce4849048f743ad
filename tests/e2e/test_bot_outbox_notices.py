"""Issue 18 follow-up with the real bot process: a GM's note of a change that writes no log row
(a pause, a kick, a seat given to a substitute) survives a SIGKILL right after its commit.

``BOT_CRASH_AFTER_COMMITS=1`` kills the bot right after the first change it commits from then on,
before any of that change's posts. Restarted, the bot sends the note (and the substitute's
welcome) once; started again, it sends nothing more.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import READY, db_path, read_only, shown, start_referee
from tests.e2e.test_bot_game import open_game

pytestmark = pytest.mark.asyncio


def _undelivered(path: Path) -> int:
    with read_only(path) as conn:
        row: sqlite3.Row = conn.execute(
            "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'publish' AND delivered_at IS NULL"
        ).fetchone()
    return int(row["n"])


def _status(path: Path, game_id: int) -> str:
    with read_only(path) as conn:
        return str(conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()["status"])


@pytest.mark.parametrize("command", ["gm pause", "gm kick", "gm replace"])
async def test_a_gm_note_survives_a_kill_right_after_its_commit(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path, command: str
) -> None:
    fake, world = fake_discord, fake_world
    dana = fake.create_member(world.guild, "dana")
    bot = await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    await (await fake.slash(world.alice, "game start", channel=thread)).response(timeout=10)
    await fake.wait_for(lambda: _undelivered(db_path(tmp_path)) == 0, timeout=15, what="the start delivered")

    bot.extra_env["BOT_CRASH_AFTER_COMMITS"] = "1"
    await bot.restart(ready_pattern=READY, timeout=30)
    reason = f"fire drill {command}"
    options: dict[str, Any] = {"reason": reason}
    if command == "gm kick":
        options["player"] = world.carol
    elif command == "gm replace":
        options |= {"seat": 1, "player": dana}
    await fake.slash(world.admin, command, channel=thread, options=options)
    await fake.wait_for(lambda: not bot.running, timeout=15, what="the kill right after the commit")
    assert _undelivered(db_path(tmp_path)) == 1  # committed with its note, which never went out
    assert not [m for m in fake.messages(thread) if reason in shown(m)]
    if command == "gm pause":
        assert _status(db_path(tmp_path), game_id) == "paused"

    bot.extra_env.pop("BOT_CRASH_AFTER_COMMITS")
    await bot.start(ready_pattern=READY, timeout=30)  # the start-up resend
    await fake.wait_for_message(lambda m: reason in shown(m), channel=thread, timeout=15)
    if command == "gm replace":
        await fake.wait_for(
            lambda: any("gave you seat" in shown(m) for m in fake.dms(dana)), timeout=15, what="welcome"
        )
    await bot.restart(ready_pattern=READY, timeout=30)  # nothing is owed any more: nothing is sent again
    await asyncio.sleep(1.0)
    assert len([m for m in fake.messages(thread) if reason in shown(m)]) == 1
    assert _undelivered(db_path(tmp_path)) == 0
    if command == "gm replace":
        assert len([m for m in fake.dms(dana) if "gave you seat" in shown(m)]) == 1
