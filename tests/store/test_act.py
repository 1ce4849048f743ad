"""Acting through the store: commit-then-deliver, refusals, idempotency, end of game, fairness."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine.core import RuleViolation
from store import GameStore, StoreError
from store.replay import Step, replay
from tests.support.highcard import HIGHCARD

from .helpers import USERS, play_out, query, random_move, started_game, state_json, table_names, users_by_seat


async def db_dump(path: str) -> list[tuple[str, list[tuple]]]:
    """Every row of every table, read through a separate connection."""
    return [(n, sorted(await query(path, f"SELECT * FROM {n}"), key=repr)) for n in await table_names(path)]


async def test_act_commits_before_returning(store: GameStore, db_path: str) -> None:
    start = await started_game(store)
    users = await users_by_seat(store, start.game.id)
    card = start.state.hands[1][0]
    outcome = await store.act(start.game.id, users[1], {"type": "pick", "card": card}, interaction_id="i-1")
    assert (outcome.seq, outcome.seat, outcome.duplicate) == (1, 1, False)
    assert [e.kind for e in outcome.events] == ["locked"]
    assert outcome.game.last_seq == 1 and outcome.result is None
    assert outcome.state.choice.answers[1] == {"card": card}
    # Another connection sees it: it is committed, not just cached.
    row = await query(db_path, "SELECT seq, seat, user_id, kind, interaction_id FROM log")
    assert row == [(1, 1, users[1], "action", "i-1")]
    (entry,) = await store.log(start.game.id)
    assert (entry.seq, entry.seat, entry.user_id, entry.kind) == (1, 1, users[1], "action")
    assert entry.action == {"type": "pick", "card": card} and entry.events == outcome.events


async def test_outcome_prompts_are_the_new_states_and_serve_the_next_turn_check(store: GameStore) -> None:
    # CORE-1: the prompts returned with an action are the new state's, and the next act's
    # turn check reuses them from the cache instead of building them again.
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    outcome = await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    assert [p.model_dump() for p in outcome.prompts] == [p.model_dump() for p in HIGHCARD.prompts(outcome.state)]
    cached = store.cache.get(game_id)
    assert cached is not None and cached.prompts is outcome.prompts
    seen: list[object] = []
    real = HIGHCARD.check_may_act

    def spy(state: Any, seat: int, prompts: Any = None) -> None:
        seen.append(prompts)
        real(state, seat, prompts)

    HIGHCARD.check_may_act = spy  # type: ignore[method-assign]  # a spy on this one ruleset, restored below
    try:
        await store.act(game_id, users[1], {"type": "pick", "card": start.state.hands[1][0]})
    finally:
        del HIGHCARD.check_may_act
    assert seen == [outcome.prompts]


async def test_rejected_action_changes_nothing(store: GameStore, db_path: str) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    before_db = await db_dump(db_path)
    before_state = state_json((await store.load(game_id)).state)
    cached_before = store.cache.get(game_id)
    illegal = [
        (users[1], {"type": "pick", "card": start.state.hands[2][0]}, "TEST-1"),  # not in your hand
        (users[1], {"type": "call", "call": "raise"}, "TEST-4"),  # not the call phase
        (users[1], {"type": "dance"}, "CORE-2"),  # not an action at all
    ]
    for user, action, rule in illegal:
        with pytest.raises(RuleViolation) as caught:
            await store.act(game_id, user, action, interaction_id=f"bad-{rule}")
        assert caught.value.rule == rule
        assert caught.value.message and caught.value.to_dict() == {"rule": rule, "message": caught.value.message}
    for user, action, code in [(424242, {"type": "call", "call": "hold"}, "not_player")]:
        with pytest.raises(StoreError) as refused:
            await store.act(game_id, user, action)
        assert refused.value.code == code
    assert await db_dump(db_path) == before_db
    assert state_json((await store.load(game_id)).state) == before_state
    assert store.cache.get(game_id) is cached_before
    assert cached_before is not None and state_json(cached_before.state) == before_state


async def test_same_interaction_id_is_applied_once(store: GameStore) -> None:
    start = await started_game(store)
    users = await users_by_seat(store, start.game.id)
    action = {"type": "pick", "card": start.state.hands[0][0], "lock": False}
    first = await store.act(start.game.id, users[0], action, interaction_id="press-1")
    again = await store.act(start.game.id, users[0], action, interaction_id="press-1")
    assert again.duplicate and not first.duplicate
    assert (again.seq, again.seat, again.events) == (first.seq, first.seat, first.events)
    assert len(await store.log(start.game.id)) == 1
    # Even when the game has moved on and the repeated action would now be illegal.
    for seat in (1, 2):
        await store.act(start.game.id, users[seat], {"type": "pick", "card": start.state.hands[seat][0]})
    final = await store.act(
        start.game.id, users[0], {"type": "pick", "card": start.state.hands[0][1]}, interaction_id="press-2"
    )
    assert final.state.phase == "call"
    late = await store.act(
        start.game.id, users[0], {"type": "pick", "card": start.state.hands[0][1]}, interaction_id="press-2"
    )
    assert late.duplicate and late.seq == final.seq
    assert len(await store.log(start.game.id)) == 4


async def test_several_seats_for_one_user(store: GameStore) -> None:
    start = await started_game(store)
    users = await users_by_seat(store, start.game.id)
    await store.gm_replace(start.game.id, 9, 2, users[1], "covering for a friend")
    hands = start.state.hands
    with pytest.raises(StoreError) as unclear:
        await store.act(start.game.id, users[1], {"type": "pick", "card": hands[1][0]})
    assert unclear.value.code == "ambiguous_seat"
    with pytest.raises(StoreError) as not_mine:
        await store.act(start.game.id, users[1], {"type": "pick", "card": hands[0][0]}, seat=0)
    assert not_mine.value.code == "not_player"
    done = await store.act(start.game.id, users[1], {"type": "pick", "card": hands[2][0]}, seat=2)
    assert done.seat == 2


async def test_only_active_games_take_actions(store: GameStore) -> None:
    start = await started_game(store)
    users = await users_by_seat(store, start.game.id)
    await store.set_status(start.game.id, "pause", 9, "holiday")
    with pytest.raises(StoreError) as paused:
        await store.act(start.game.id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    assert paused.value.code == "bad_status" and "paused" in paused.value.message
    await store.set_status(start.game.id, "resume", 9, "back")
    await store.act(start.game.id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    open_game = await store.create_game(1, 1, "highcard", {}, USERS[0])
    await store.join(open_game.id, USERS[0])
    with pytest.raises(StoreError) as not_started:
        await store.act(open_game.id, USERS[0], {"type": "call", "call": "hold"})
    assert not_started.value.code == "bad_status"


async def test_end_of_game_finishes_and_reveals_the_seed_which_replays_the_log(store: GameStore) -> None:
    start = await started_game(store, players=3, seed="reveal-me", options={"rounds": 3})
    game_id = start.game.id
    assert (await store.get_game(game_id)).seed is None
    final = await play_out(store, start, random.Random(5))
    assert final.result is not None
    assert final.game.status == "finished" and final.game.seed == "reveal-me"
    assert final.events[-1].kind == "seed_revealed" and final.events[-1].public
    record = await store.get_game(game_id)
    assert record.seed == "reveal-me" and record.seed_hash == hashlib.sha256(b"reveal-me").hexdigest()
    # Anyone with the revealed seed and the log can rebuild the final state.
    entries = await store.log(game_id, limit=10_000)
    steps = [Step(e.seq, e.kind, e.seat, e.action) for e in entries]
    rebuilt = replay(HIGHCARD, record.options, record.seed, steps)
    assert state_json(rebuilt) == state_json(final.state)
    assert state_json(await store.replay(game_id)) == state_json(final.state)
    # ...and a different seed does not.
    assert state_json(replay(HIGHCARD, record.options, "another", steps[:0])) != state_json(
        replay(HIGHCARD, record.options, record.seed, steps[:0])
    )
    with pytest.raises(StoreError) as over:
        await store.act(game_id, USERS[0], {"type": "call", "call": "hold"})
    assert over.value.code == "bad_status"


@pytest.mark.parametrize("seed", ["alpha", "beta", "gamma"])
async def test_same_seed_and_log_give_byte_identical_state(new_db: Callable[[str], Awaitable[str]], seed: str) -> None:
    """Two stores fed the same seed and actions end byte-identical, and so does a replay."""
    states = []
    for name in ("one", "two"):
        store = await GameStore.open(await new_db(name), snapshot_every=3)
        try:
            outcome = await started_game(store, players=4, seed=seed, options={"rounds": 4})
            outcome = await play_out(store, outcome, random.Random(seed))
            states.append(state_json(outcome.state))
            assert state_json(await store.replay(outcome.game.id)) == states[-1]
        finally:
            await store.close()
    assert states[0] == states[1]


async def test_cold_load_is_snapshot_plus_tail_and_matches(db_path: str) -> None:
    store = await GameStore.open(db_path, snapshot_every=4, cache_size=2)
    try:
        start = await started_game(store, players=4, seed="cold", options={"rounds": 6})
        rng = random.Random(11)
        outcome = start
        users = await users_by_seat(store, start.game.id)
        for _ in range(22):
            seat, action = random_move(outcome, rng)
            outcome = await store.act(start.game.id, users[seat], action, seat=seat)
        hot = state_json(outcome.state)
    finally:
        await store.close()
    nodes = [r[0] for r in await query(db_path, "SELECT node FROM snapshots ORDER BY node")]
    assert nodes == [4, 8, 12, 16, 20]
    reopened = await GameStore.open(db_path, snapshot_every=4)
    try:
        loaded = await reopened.load(start.game.id)
        assert loaded.seq == 22 and state_json(loaded.state) == hot
        assert [p.model_dump() for p in loaded.prompts] == [p.model_dump() for p in outcome.prompts]
        assert state_json(await reopened.replay(start.game.id)) == hot
    finally:
        await reopened.close()


async def test_cache_is_bounded(db_path: str) -> None:
    store = await GameStore.open(db_path, cache_size=2)
    try:
        games = [await started_game(store, players=2, seed=f"g{i}") for i in range(4)]
        for outcome in games:
            await store.load(outcome.game.id)
        assert len(store.cache) == 2
        assert games[0].game.id not in store.cache and games[3].game.id in store.cache
        # An evicted game comes back identical.
        loaded = await store.load(games[0].game.id)
        assert state_json(loaded.state) == state_json(games[0].state)
    finally:
        await store.close()
