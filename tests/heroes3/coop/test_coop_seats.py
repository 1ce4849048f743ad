"""How many seats a Cooperative table has (H3-3.2.4): one player alone, or two together; the lobby,
the start and the options check agree (``Ruleset.seat_range``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash.ruleset import CLASH
from store import GameStore, StoreError

GUILD, CHANNEL = 1, 2


def test_cooperative_is_played_by_one_or_two_seats() -> None:
    # H3-3.2.4: the house Cooperative scenarios are for one seat (solo) and for two
    assert CLASH.seat_range({"mode": "cooperative"}) == (1, 2)
    assert CLASH.seat_range({}) == (2, 4)  # H3-3.2.1: Clash keeps its 2 to 4
    solo = CLASH.setup({"players": 1, "mode": "cooperative"}, "solo")
    assert solo.scenario == "coop_lone_vigil" and solo.teams == [[0]]
    pair = CLASH.setup({"players": 2, "mode": "cooperative"}, "pair")
    assert pair.scenario == "coop_necropolis_rising" and pair.teams == [[0, 1]]


def test_one_seat_outside_cooperative_and_three_in_it_are_refused() -> None:
    with pytest.raises(RuleViolation) as alone:
        CLASH.setup({"players": 1}, "alone")
    assert alone.value.rule == "CORE-2" and "2 to 4" in alone.value.message
    with pytest.raises(RuleViolation) as crowd:
        CLASH.setup({"players": 3, "mode": "cooperative"}, "crowd")
    assert "1 to 2" in crowd.value.message


async def test_a_solo_cooperative_table_starts_with_its_one_player(tmp_path: Path) -> None:
    store = await GameStore.open(f"sqlite:///{tmp_path / 'coop.sqlite3'}")
    try:
        solo = await store.create_game(GUILD, CHANNEL, "heroes3", {"mode": "cooperative"}, 11)
        await store.join(solo.id, 11)
        outcome = await store.start(solo.id, 11, seed="solo")
        assert outcome.game.status == "active" and outcome.state.players == 1
        clash = await store.create_game(GUILD, CHANNEL, "heroes3", {}, 11)
        await store.join(clash.id, 11)
        with pytest.raises(StoreError) as few:
            await store.start(clash.id, 11)
        assert few.value.code == "too_few"  # a Clash still needs two (H3-3.2.1)
        assert (await store.get_game(clash.id)).status == "open"
        pair = await store.create_game(GUILD, CHANNEL, "heroes3", {"mode": "cooperative"}, 11)
        for user in (11, 12):
            await store.join(pair.id, user)
        with pytest.raises(StoreError) as full:
            await store.join(pair.id, 13)  # the lobby holds the mode's most seats, two
        assert full.value.code == "full"
    finally:
        await store.close()
