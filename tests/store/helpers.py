"""Shared set-up for the store tests: tables of the test-only ``highcard`` game."""

from __future__ import annotations

import random
from typing import Any

from store import ActOutcome, GameStore
from tests.support.highcard import HIGHCARD

USERS = (1001, 1002, 1003, 1004)
GUILD = 77
CHANNEL = 88


async def started_game(
    store: GameStore,
    *,
    players: int = 3,
    seed: str | None = "test-seed",
    options: dict[str, Any] | None = None,
    factions: list[str | None] | None = None,
) -> ActOutcome:
    game = await store.create_game(GUILD, CHANNEL, "highcard", dict(options or {"rounds": 3}), USERS[0])
    for i, user in enumerate(USERS[:players]):
        await store.join(game.id, user, factions[i] if factions else None)
    return await store.start(game.id, USERS[0], seed=seed)


async def users_by_seat(store: GameStore, game_id: int) -> dict[int, int]:
    return {s.seat: s.user_id for s in await store.seats(game_id) if s.seat is not None}


def random_move(outcome: ActOutcome, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A legal (seat, action) for a seat the game is waiting on."""
    waiting = [p for p in outcome.prompts if p.waiting] or outcome.prompts
    prompt = rng.choice(waiting)
    return prompt.seat, HIGHCARD.sample_action(outcome.state, prompt.seat, rng)


async def play_out(store: GameStore, outcome: ActOutcome, rng: random.Random, *, limit: int = 500) -> ActOutcome:
    """Play random legal moves through the store until the game ends."""
    users = await users_by_seat(store, outcome.game.id)
    steps = 0
    while outcome.result is None and steps < limit:
        seat, action = random_move(outcome, rng)
        outcome = await store.act(outcome.game.id, users[seat], action, seat=seat)
        steps += 1
    return outcome


def state_json(state: Any) -> str:
    return state.model_dump_json()
