"""A quiet thread (issue 12): a Runewars year with three players stays within 50 new thread messages.

The real bot plays the seeded year of ``test_bot_runewars`` through the fake Discord (the
same players, ``bench.table.runewars_year``), and the emulator's record is checked:

* at most ``RW_POSTS_PER_YEAR`` new messages in the thread for the whole year, lobby included;
* nothing lost: every public event of the year is a line of the thread's running log, and
  the board picture is there at every milestone (after setup and each season);
* a new message pings only the player whose decision it newly asks for, and no one twice
  in a row; the running log pings nobody;
* no secret reaches the thread before the game reveals it, and no Discord limit is broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.table import RW_POSTS_PER_YEAR, pings, runewars_year
from tests.e2e.bot_helpers import check_public_payloads, db_path, log_rows, shown, start_referee

pytestmark = pytest.mark.asyncio


def public_events(path: Path, game_id: int) -> list[dict[str, Any]]:
    return [e for r in log_rows(path, game_id) for e in json.loads(r["events"]) if e.get("audience") is None]


async def test_a_runewars_year_stays_within_fifty_thread_messages_and_loses_nothing(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_referee(start_bot, tmp_path)
    year = await runewars_year(fake, fake_world, tmp_path)
    thread, follower = year.thread, year.follower
    follower.refresh()
    assert follower.state.year == 2, "the year was not played to its end"

    # The goal: at most 50 new thread messages per year with three players.
    assert year.counts.posts <= RW_POSTS_PER_YEAR, year.counts

    # Nothing lost: one log line per public event, in the order of play.
    events = public_events(db_path(tmp_path), follower.game_id)
    messages = fake.messages(thread)
    logged = [line for m in messages if m.embeds for line in shown(m).splitlines() if line.startswith("• ")]
    assert len(logged) >= len(events) > 100, (len(logged), len(events))
    # The board after setup and after each of the four seasons, attached to the log it closes.
    boards = [m for m in messages if m.embeds and any(a.filename.endswith(".png") for a in m.attachments)]
    milestones = sum(1 for e in events if e.get("kind") == "season_over") + 1  # + the end of setup
    assert len(boards) >= milestones + 1, (len(boards), milestones)  # + the picture at the start

    # Pings: only from a new prompt message, only its own seat's player, never twice in a row.
    posts = [p for p in fake.payloads(kind="message") if p.channel_id == thread.id]
    last_pinged: str | None = None
    for p in posts:
        if not pings(p):
            continue
        assert p.components, f"a message without a decision pinged someone: {shown(p)[:200]!r}"
        raw = p.raw if isinstance(p.raw, dict) else {}
        users = [str(u) for u in (raw.get("allowed_mentions") or {}).get("users") or []]
        assert len(users) == 1 and f"<@{users[0]}>" in (p.content or ""), (users, p.content)
        assert users[0] != last_pinged, f"<@{users[0]}> was pinged twice in a row"
        last_pinged = users[0]

    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 50
    fake.assert_no_violations()
