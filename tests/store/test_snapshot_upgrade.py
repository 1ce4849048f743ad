"""A snapshot written by an older engine (its state had another shape) never makes a game unloadable:
the store rebuilds the state from the seed and the logged actions instead."""

from __future__ import annotations

import logging
import random

import pytest

from store import GameStore

from .helpers import play_out, started_game, state_json


async def test_an_unreadable_snapshot_is_replaced_by_a_replay_from_the_seed(
    db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = await GameStore.open(db_path, snapshot_every=2)
    try:
        outcome = await started_game(store)
        outcome = await play_out(store, outcome, random.Random(3), limit=7)
        expected = state_json(outcome.state)
        game_id = outcome.game.id
        rows = await store._db.fetchall("SELECT node FROM snapshots WHERE game_id = ?", (game_id,))
        assert rows, "the game should have written snapshots"
        # What an engine upgrade does to an old snapshot: the state no longer validates.
        await store._db.transaction(
            lambda raw: raw.execute("UPDATE snapshots SET state = '{\"renamed\": 1}' WHERE game_id = ?", (game_id,))
        )
        store.cache.clear()
        with caplog.at_level(logging.WARNING, logger="store.service"):
            loaded = await store.load(game_id)
        assert state_json(loaded.state) == expected
        assert "replaying from the seed" in caplog.text
    finally:
        await store.close()
