"""``GameStore.load`` serves the prompts the store already built (issue 12: CPU per press).

A press reads the game (``load``) and then acts; the commit before it built the new state's
prompts, so the read reuses them instead of building them again. What it returns must still be
exactly ``prompts(state)`` (CORE-1 checks the turn against them), and a caller that changes the
list it got must not change what the next caller gets.
"""

from __future__ import annotations

from typing import Any

from store import GameStore
from tests.support.highcard import HIGHCARD

from .helpers import started_game, users_by_seat


def dumped(prompts: list[Any]) -> list[dict[str, Any]]:
    return [p.model_dump() for p in prompts]


async def test_load_reuses_the_commits_prompts_and_they_are_the_states(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    outcome = await store.act(game_id, users[0], {"type": "pick", "card": start.state.hands[0][0]})
    built: list[object] = []
    real = HIGHCARD.prompts

    def spy(state: Any) -> Any:
        built.append(state)
        return real(state)

    HIGHCARD.prompts = spy  # type: ignore[method-assign]  # a spy on this one ruleset, restored below
    try:
        loaded = await store.load(game_id)
    finally:
        del HIGHCARD.prompts
    assert loaded.state is not None
    assert built == []  # CORE-1's prompts came from the commit, not a second build
    assert dumped(loaded.prompts) == dumped(HIGHCARD.prompts(loaded.state)) == dumped(outcome.prompts)
    assert loaded.seq == outcome.seq and loaded.result is None


async def test_loaded_lists_are_the_callers_own(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    first = await store.load(game_id)
    expected = dumped(first.prompts)
    first.prompts.clear()
    first.seats.clear()
    again = await store.load(game_id)
    assert dumped(again.prompts) == expected and again.seats


async def test_a_game_rebuilt_from_the_database_builds_its_prompts_once(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    store.cache.drop(game_id)  # evicted: the next read rebuilds the state, with no prompts yet
    loaded = await store.load(game_id)
    assert loaded.state is not None
    assert dumped(loaded.prompts) == dumped(HIGHCARD.prompts(loaded.state))
    cached = store.cache.get(game_id)
    assert cached is not None and dumped(cached.prompts or []) == dumped(loaded.prompts)
