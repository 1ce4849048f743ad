"""Heroes III with the Rampart expansion added to a core scenario, end to end (H3-49.6, H3-2.7.6, H3-6.32).

alice opens a two-player Clash as a player would, typing the option ``expansions=rampart``; she joins as
Rampart (typed in lower case, as the autocomplete's name would be typed), bob as Castle, and the game
master starts it with ``SEED``. Both follow the game from the database and answer each open prompt by
pressing its button, ending their turns, until round 2 begins.

Covered, through the bot only:
- the lobby line names the chosen expansion in words, never its id;
- the table is told at the start which expansion joined the scenario;
- alice plays Rampart from its starting tile with its first hero, and the war machines lie in the public
  face-up pile (H3-6.32), shown in the public view by their printed names;
- joining as Rampart a table that did not add the expansion is refused at once with the rule and the
  option it needs, and writes nothing;
- no public payload carries a hidden card; the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.content.clash import clash_content
from tests.e2e.alliance_helpers import RS, create_heroes3, open_expansion_table, play_to_round, words
from tests.e2e.bot_helpers import (
    PromptTable,
    board_posts,
    check_public_payloads,
    db_path,
    start_referee,
)

pytestmark = pytest.mark.asyncio

SEED = "h3rampart-0"
TIME_BUDGET = 180.0
MAX_DECISIONS = 40


async def open_table(fake: Any, world: Any, options: str) -> tuple[int, Any, list[str]]:
    """A two-seat table opened by alice with ``options``; alice joins as Rampart (typed in lower case), bob
    as Castle."""
    return await create_heroes3(fake, world, (world.alice, world.bob), options, ("rampart", "Castle"))


async def test_a_rampart_seat_on_a_core_scenario_with_the_expansion_added(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)

    # Without the expansion, joining as Rampart is refused at once, by the rule and the option to add;
    # nothing is written: alice holds no seat, bob's join as Castle stands.
    plain_id, _, (refused, castle) = await open_table(fake, world, "scenario=clash_two_kingdoms")
    assert "⛔" in refused and "expansions=rampart" in refused and "H3-6.2" in refused, refused
    assert "⛔" not in castle, castle
    with sqlite3.connect(db_path(tmp_path)) as db:
        joined = db.execute("SELECT user_id FROM seats WHERE game_id = ?", (plain_id,)).fetchall()
    assert joined == [(world.bob.id,)]

    game_id, thread, seats, follower = await open_expansion_table(fake, world, tmp_path, "rampart", "Rampart", SEED)
    state = follower.state
    assert state.player(next(s for s, u in seats.items() if u == world.alice)).hero == "gelu"  # the first listed
    texts = words(RS.view(state, None))
    for machine in clash_content().war_machines(tuple(state.boxes)):  # H3-6.32: the face-up pile, public
        name = h3_names().name(Ref(kind="card", id=machine), "en")
        assert name is not None and any(name in t for t in texts), (name, texts)

    table = PromptTable(fake, world, thread, game_id, seats, follower)
    await play_to_round(table, 2, decisions=MAX_DECISIONS, seconds=TIME_BUDGET)

    await fake.wait_for(lambda: board_posts(fake.messages(thread)), timeout=120, what="a board picture")
    follower.refresh()
    assert check_public_payloads(fake, follower.secrets, follower.public_texts) > 5
    fake.assert_no_violations()
