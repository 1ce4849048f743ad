"""Subprocess for test_crash: plays forever, printing ``game_id seq`` after each commit.

Run as ``python -m tests.store.crash_worker DB SEED [new]``; with ``new`` it never resumes a game
already in the database (two workers sharing one PostgreSQL database then play their own). Each
line is printed only
after ``act`` returned, i.e. after the commit: the parent kills this process at
random moments and then checks that every printed action is in the database.
"""

from __future__ import annotations

import asyncio
import random
import sys

import engine
from store import GameStore
from tests.support.highcard import HIGHCARD


async def main(path: str, seed: int, resume: bool = True) -> None:
    engine.register(HIGHCARD)
    rng = random.Random(seed)
    store = await GameStore.open(path, snapshot_every=7)
    print("ready", flush=True)
    games = await store.list_games(statuses=["active"]) if resume else []
    while True:
        if games:
            game_id = games[0].id
        else:
            game = await store.create_game(1, 1, "highcard", {"rounds": 10, "hand_size": 6}, 1)
            for user in (1, 2, 3, 4):
                await store.join(game.id, user)
            await store.start(game.id, 1, seed=f"crash-{seed}-{game.id}")
            game_id = game.id
        loaded = await store.load(game_id)
        users = {s.seat: s.user_id for s in loaded.seats}
        outcome_state, prompts, result = loaded.state, loaded.prompts, loaded.result
        assert outcome_state is not None, "the worker plays a started game"
        while result is None:
            waiting = [p for p in prompts if p.waiting] or prompts
            seat = rng.choice(waiting).seat
            action = HIGHCARD.sample_action(outcome_state, seat, rng)
            if action["type"] == "pick" and rng.random() < 0.7:
                action["lock"] = False  # keeps the game long: un-locked picks can repeat
            outcome = await store.act(game_id, users[seat], action, seat=seat, interaction_id=f"{seed}-{rng.random()}")
            print(f"{game_id} {outcome.seq}", flush=True)
            outcome_state, prompts, result = outcome.state, outcome.prompts, outcome.result
        games = []


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), resume=sys.argv[3:] != ["new"]))
