"""The spare copy of a game's state (issue 19: an action's time between press and commit).

An action changes a private copy of the state, never the cached one (a refusal must leave the
game exactly as it was). The store makes that copy while the previous action's write is in
flight, so the next press skips it; these tests pin what that may never change: the cached
state is untouched by a later action, refused or not, and the game after a refusal is the one
the log rebuilds.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from store import GameStore
from store.cache import CachedGame, GameCache
from tests.support.highcard import HIGHCARD

from .helpers import started_game, state_json, users_by_seat


def _entry(game_id: int) -> CachedGame:
    return CachedGame(record=None, seats=[], state={"game": game_id}, spare={"game": game_id})  # type: ignore[arg-type]


async def test_an_action_leaves_a_spare_that_is_a_copy_and_the_next_action_changes_it(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    first = await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    entry = store.cache.peek(game_id)
    assert entry is not None and entry.spare is not None and entry.state is not None
    assert entry.spare is not entry.state and state_json(entry.spare) == state_json(first.state)
    assert entry.spare.hands[1] is not entry.state.hands[1]  # a deep copy: nothing shared to change
    before = state_json(first.state)
    spare = entry.spare
    second = await store.act(game_id, users[1], {"type": "pick", "card": start.state.hands[1][0]})
    assert second.state is spare  # the action changed the spare instead of copying again
    assert state_json(first.state) == before  # the state the first action left is untouched


async def test_a_refused_action_uses_up_the_spare_and_the_game_is_what_the_log_rebuilds(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    first = await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    before = state_json(first.state)

    def half_done(state: Any, seat: int, action: Any) -> Any:
        state.hands[seat].clear()  # changes the copy, then refuses
        raise RuleViolation("TEST-1", "You can only play a card from your own hand.")

    HIGHCARD._apply = half_done  # type: ignore[method-assign]  # restored below
    try:
        refused = None
        try:
            await store.act(game_id, users[1], {"type": "pick", "card": start.state.hands[1][0]})
        except RuleViolation as exc:
            refused = exc
    finally:
        del HIGHCARD._apply
    assert refused is not None and refused.rule == "TEST-1"
    entry = store.cache.peek(game_id)
    assert entry is not None and entry.spare is None  # the half-changed copy is gone
    assert state_json(entry.state) == before
    after = await store.act(game_id, users[1], {"type": "pick", "card": start.state.hands[1][0]})
    store.cache.drop(game_id)
    rebuilt = await store.load(game_id)
    assert rebuilt.state is not None and state_json(after.state) == state_json(rebuilt.state)


def test_only_the_games_acted_on_last_keep_a_spare() -> None:
    cache = GameCache(capacity=10, spares=2)
    entries = {game_id: _entry(game_id) for game_id in (1, 2, 3)}
    for game_id, entry in entries.items():
        cache.put(game_id, entry)
    assert [entries[g].spare is not None for g in (1, 2, 3)] == [False, True, True]
    assert all(g in cache for g in (1, 2, 3))  # the games stay cached; only the copy goes
    cache.drop(2)
    cache.put(4, _entry(4))
    assert entries[3].spare is not None  # a dropped game no longer counts against the bound


def test_an_evicted_game_lets_go_of_its_spare() -> None:
    cache = GameCache(capacity=1, spares=5)
    first = _entry(1)
    cache.put(1, first)
    cache.put(2, _entry(2))
    assert 1 not in cache and first.spare is None
    assert first.take_spare() is None


class PromptsBroke(RuntimeError):
    """A fault in building the next prompts (a bug in a game), raised while the write is out."""


async def test_a_fault_while_the_write_is_out_is_raised_after_it_and_the_game_reloads(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)

    real = HIGHCARD.prompts

    def broken(state: Any) -> Any:
        if state.choice is not None and state.choice.answer(0) is not None:
            raise PromptsBroke("prompts")  # only for the state after the action: the write is out
        return real(state)

    HIGHCARD.prompts = broken  # type: ignore[method-assign]  # restored below
    try:
        with pytest.raises(PromptsBroke):
            await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    finally:
        del HIGHCARD.prompts
    assert game_id not in store.cache  # rebuilt from the database next time
    loaded = await store.load(game_id)
    assert loaded.seq == start.seq + 1  # the write had gone out: the action is in the log
    assert loaded.state is not None and loaded.state.choice is not None
    assert loaded.state.choice.answer(0) == {"card": start.state.hands[0][0]}
