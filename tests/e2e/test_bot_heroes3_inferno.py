"""Heroes III with the Inferno expansion added to a core scenario, end to end (H3-49.6, H3-2.7.5, H3-6.28).

alice opens a two-player Clash typing ``expansions=inferno`` and joins as Inferno, bob as Castle; the game
master starts it. Covered through the bot only: the lobby and the opening name the expansion in words;
alice plays Inferno from its starting tile with one of its heroes; the empowered statistic cards lie in
their face-up pile, public; round 1 is played to round 2 by pressing buttons; no public payload carries a
hidden card and the fake Discord recorded no broken limit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.alliance_helpers import RS, open_expansion_table, play_to_round
from tests.e2e.bot_helpers import PromptTable, board_posts, check_public_payloads, start_referee

pytestmark = pytest.mark.asyncio

SEED = "h3inferno-0"


async def test_an_inferno_seat_on_a_core_scenario_with_the_expansion_added(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    game_id, thread, seats, follower = await open_expansion_table(fake, world, tmp_path, "inferno", "Inferno", SEED)
    assert sorted(RS.view(follower.state, None)["empowered"]) == sorted(follower.state.empowered)  # H3-6.28
    assert follower.state.empowered  # face up, only with the box
    table = PromptTable(fake, world, thread, game_id, seats, follower)
    await play_to_round(table, 2, decisions=60, seconds=240.0)
    await fake.wait_for(lambda: board_posts(fake.messages(thread)), timeout=120, what="a board picture")
    follower.refresh()
    assert check_public_payloads(fake, follower.secrets, follower.public_texts) > 5
    fake.assert_no_violations()
