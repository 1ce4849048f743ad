"""Fifty players pressing at once: one serial order, nothing lost, nothing doubled."""

from __future__ import annotations

import asyncio
import random

from store import GameStore

from .helpers import started_game, state_json, users_by_seat


async def test_fifty_concurrent_acts_are_serialised(store: GameStore) -> None:
    start = await started_game(store, players=4, options={"rounds": 3, "hand_size": 6})
    game_id, hands = start.game.id, start.state.hands
    users = await users_by_seat(store, game_id)
    rng = random.Random(3)
    # Un-locked picks are legal in any order, so every one of them must be applied.
    calls = []
    for i in range(50):
        seat = i % 4
        calls.append((f"press-{i}", seat, {"type": "pick", "card": rng.choice(hands[seat]), "lock": False}))
    store.cache.clear()  # the first callers race to load the game, too
    outcomes = await asyncio.gather(
        *(store.act(game_id, users[seat], action, interaction_id=iid) for iid, seat, action in calls)
    )
    assert sorted(o.seq for o in outcomes) == list(range(1, 51))
    assert not any(o.duplicate for o in outcomes)
    log = await store.log(game_id, limit=100)
    assert [e.seq for e in log] == list(range(1, 51))
    stored = await store.db.fetchall("SELECT interaction_id FROM log WHERE game_id = ?", (game_id,))
    assert sorted(r["interaction_id"] for r in stored) == sorted(iid for iid, _, _ in calls)
    # Each call's outcome is the log entry at its seq: the order the caller saw is the order stored.
    for (_iid, seat, action), outcome in zip(calls, outcomes, strict=False):
        assert log[outcome.seq - 1].action == action and log[outcome.seq - 1].seat == seat
    # The final answers are each seat's last press in that serial order.
    last = {e.seat: e.action["card"] for e in log}
    final = await store.load(game_id)
    assert final.state is not None
    assert {s: a["card"] for s, a in final.state.choice.answers.items()} == last
    assert state_json(await store.replay(game_id)) == state_json(final.state)


async def test_same_interaction_sent_concurrently_is_applied_once(store: GameStore) -> None:
    start = await started_game(store)
    game_id, hands = start.game.id, start.state.hands
    users = await users_by_seat(store, game_id)
    action = {"type": "pick", "card": hands[0][0], "lock": False}
    outcomes = await asyncio.gather(
        *(store.act(game_id, users[0], action, interaction_id="double-click") for _ in range(5)),
        store.act(game_id, users[1], {"type": "pick", "card": hands[1][0], "lock": False}, interaction_id="other"),
    )
    originals = [o for o in outcomes[:5] if not o.duplicate]
    assert len(originals) == 1
    assert all(o.seq == originals[0].seq for o in outcomes[:5])
    log = await store.log(game_id)
    assert len(log) == 2 and sorted(e.seat for e in log) == [0, 1]
