"""Heroes III with the Fortress expansion added to a core scenario, end to end (H3-49.6, H3-2.7.7, H3-6.24,
H3-7.5).

alice opens a two-player Clash typing the option ``expansions=fortress``; she joins as Fortress, bob as
Castle, and the game master starts it with ``SEED``. Both answer each open prompt by pressing its button
(ending their turns, the first option elsewhere) until round 4 begins, so the first event has been drawn
in round 3 (H3-7.5.3), read out to the table and resolved through the bot, every choice it gave asked of
the player it belongs to.

Covered, through the bot only:
- the lobby line names the expansion in words; the table is told at the start which expansion joined;
- alice plays Fortress from its starting tile with one of its heroes, and the event deck is dealt
  (H3-6.24) in a two-player game;
- the first event is drawn in round 3 by the starting player and its name is read out in the thread
  (H3-7.5.2); the map picture names it (public);
- no public payload carries a hidden card; the fake Discord recorded no broken limit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from tests.e2e.alliance_helpers import RS, open_expansion_table, play_to_round, words
from tests.e2e.bot_helpers import (
    PromptTable,
    board_posts,
    check_public_payloads,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio

SEED = "h3fortress-0"
TIME_BUDGET = 400.0
MAX_DECISIONS = 160


async def test_a_fortress_seat_and_the_first_event_on_a_core_scenario(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    game_id, thread, seats, follower = await open_expansion_table(fake, world, tmp_path, "fortress", "Fortress", SEED)
    state = follower.state
    assert state.event_deck is not None and state.event_deck.current is None  # H3-6.24: dealt, face down

    table = PromptTable(fake, world, thread, game_id, seats, follower)
    await play_to_round(table, 4, decisions=MAX_DECISIONS, seconds=TIME_BUDGET)

    follower.refresh()
    deck = follower.state.event_deck
    assert deck is not None and deck.current is not None and deck.deck.discard_pile == [deck.current]
    name = h3_names().name(Ref(kind="event", id=deck.current), "en")
    assert name is not None
    await fake.wait_for(lambda: any(name in shown(m) for m in fake.messages(thread)), timeout=60, what=name)
    assert any(f"Event: {name}" in t for t in words(RS.view(follower.state, None)))  # H3-7.5.2: face up, public
    await fake.wait_for(lambda: board_posts(fake.messages(thread)), timeout=120, what="a board picture")
    assert check_public_payloads(fake, follower.secrets, follower.public_texts) > 5
    fake.assert_no_violations()
