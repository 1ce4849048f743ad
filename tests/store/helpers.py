"""Shared set-up for the store tests: tables of the test-only ``highcard`` game."""

from __future__ import annotations

import random
import sqlite3
from typing import Any

import asyncpg

from store import ActOutcome, GameStore
from store.pg import coerce_params, is_postgres_url, translate
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


async def query(target: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run one statement (the store's SQLite dialect) through a connection of its own, not the
    store's, on either backend, and commit it; returns its rows as tuples."""
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            prepared = await conn.prepare(translate(sql).sql)
            types = [t.name for t in prepared.get_parameters()]
            rows = await prepared.fetch(*coerce_params(params, types))
        finally:
            await conn.close()
        return [tuple(r) for r in rows]
    raw = sqlite3.connect(target)
    try:
        found = raw.execute(sql, params).fetchall()
        raw.commit()
        return [tuple(r) for r in found]
    finally:
        raw.close()


async def table_names(target: str) -> list[str]:
    """The store's tables on either backend, sorted."""
    if is_postgres_url(target):
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    return [str(r[0]) for r in await query(target, sql)]
