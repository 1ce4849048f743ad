"""Property tests: no public payload ever holds a secret, and the take-back policy always holds."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Event, RuleViolation
from store import UNDO_NOT_YOURS, UNDO_OTHERS_ACTED, UNDO_REVEALED, ActOutcome, GameStore
from tests.support.highcard import HIGHCARD

from .helpers import USERS, state_json

PROPERTY_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


async def _new(store: GameStore, players: int, seed: str, rounds: int) -> tuple[ActOutcome, dict[int, int]]:
    game = await store.create_game(1, 1, "highcard", {"rounds": rounds}, USERS[0])
    for user in USERS[:players]:
        await store.join(game.id, user)
    outcome = await store.start(game.id, USERS[0], seed=seed)
    users = {s.seat: s.user_id for s in await store.seats(game.id) if s.seat is not None}
    return outcome, users


def _leaks(payload: Any, secrets: dict[int, set[str]], allowed: set[int]) -> list[str]:
    text = json.dumps(payload, sort_keys=True, default=str)
    return [f"seat {s + 1}: {v}" for s, values in secrets.items() if s not in allowed for v in values if v in text]


def _check_no_leak(outcome: ActOutcome, seed: str) -> None:
    secrets = HIGHCARD.secrets(outcome.state)
    assert _leaks(HIGHCARD.view(outcome.state, None), secrets, set()) == []
    for seat in range(outcome.state.players):
        assert _leaks(HIGHCARD.view(outcome.state, seat), secrets, {seat}) == []
    for event in outcome.events:
        allowed = set() if event.audience is None else set(event.audience)
        assert _leaks(event.model_dump(), secrets, allowed) == [], event
    public_prompts = [p.model_dump() for p in outcome.prompts if not p.secret]
    assert _leaks(public_prompts, secrets, set()) == []
    # The game record is public too: it carries the seed only once the game is over.
    if outcome.game.status == "active":
        assert outcome.game.seed is None
        assert seed not in outcome.game.model_dump_json()
        assert all(seed not in e.text for e in outcome.events if e.public)


def _revealed(before: Any, after: Any, events: list[Event]) -> bool:
    return any(e.reveals for e in events) or before.rng != after.rng


@PROPERTY_SETTINGS
@given(
    # A marker around the seed so a leak check cannot be fooled by a digit that happens to match.
    seed=st.text(alphabet="abcdefxyz0123456789", min_size=1, max_size=8).map(lambda s: f"seed<{s}>"),
    players=st.integers(2, 4),
    moves=st.lists(st.tuples(st.booleans(), st.integers(0, 1000), st.integers(0, 3)), min_size=1, max_size=45),
)
def test_public_payloads_never_hold_a_secret(
    session_db: str, seed: str, players: int, moves: list[tuple[bool, int, int]]
) -> None:
    async def scenario() -> None:
        store = await GameStore.open(session_db, snapshot_every=4)
        try:
            outcome, users = await _new(store, players, seed, rounds=3)
            _check_no_leak(outcome, seed)
            for is_undo, pick, who in moves:
                if outcome.result is not None:
                    break
                try:
                    if is_undo:
                        outcome = await store.undo(outcome.game.id, users[who % players])
                    else:
                        prompt = [p for p in outcome.prompts if p.waiting][
                            pick % len([p for p in outcome.prompts if p.waiting])
                        ]
                        option = prompt.options[pick % len(prompt.options)]
                        outcome = await store.act(outcome.game.id, users[prompt.seat], option.action, seat=prompt.seat)
                except RuleViolation:
                    continue
                _check_no_leak(outcome, seed)
        finally:
            await store.close()

    asyncio.run(scenario())


@PROPERTY_SETTINGS
@given(
    seed=st.text(alphabet="abc123", min_size=1, max_size=6),
    players=st.integers(2, 3),
    moves=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 1000), st.integers(0, 2)), min_size=1, max_size=40),
)
def test_undo_policy_holds(session_db: str, seed: str, players: int, moves: list[tuple[int, int, int]]) -> None:
    """A reference model of the policy decides every undo; allowed ones restore the exact earlier state."""

    async def scenario() -> None:
        store = await GameStore.open(session_db, snapshot_every=3)
        try:
            outcome, users = await _new(store, players, seed, rounds=2)
            game_id = outcome.game.id
            entries: dict[int, dict[str, Any]] = {}  # seq -> kind, seat, revealed, parent
            state_at = {0: state_json(outcome.state)}  # node -> state after it
            head = 0
            last_seq = 0
            for kind, pick, who in moves:
                if outcome.result is not None:
                    break
                if kind == 0:  # an undo attempt by some seat
                    seat = who % players
                    expected: str | None = None
                    if head == 0 or entries[head]["kind"] != "action" or entries[head]["seat"] != seat:
                        expected = UNDO_NOT_YOURS
                    elif any(entries[s]["seat"] != seat for s in range(head + 1, last_seq + 1)):
                        expected = UNDO_OTHERS_ACTED
                    elif entries[head]["revealed"]:
                        expected = UNDO_REVEALED
                    try:
                        after = await store.undo(game_id, users[seat])
                    except RuleViolation as refusal:
                        assert refusal.rule == expected, (refusal.rule, expected)
                        continue
                    assert expected is None
                    last_seq += 1
                    assert after.seq == last_seq
                    entries[last_seq] = {"kind": "undo", "seat": seat, "revealed": False, "parent": None}
                    head = entries[head]["parent"]
                    assert state_json(after.state) == state_at[head]
                    outcome = after
                else:  # a legal move by a waiting seat
                    waiting = [p for p in outcome.prompts if p.waiting]
                    prompt = waiting[pick % len(waiting)]
                    action = dict(prompt.options[pick % len(prompt.options)].action)
                    if action["type"] == "pick" and kind == 2:
                        action["lock"] = False
                    after = await store.act(game_id, users[prompt.seat], action, seat=prompt.seat)
                    last_seq += 1
                    entries[last_seq] = {
                        "kind": "action",
                        "seat": prompt.seat,
                        "revealed": _revealed(outcome.state, after.state, after.events),
                        "parent": head,
                    }
                    head = last_seq
                    state_at[head] = state_json(after.state)
                    outcome = after
            assert state_json(await store.replay(game_id)) == state_json(outcome.state)
            store.cache.clear()
            assert state_json((await store.load(game_id)).state) == state_json(outcome.state)
        finally:
            await store.close()

    asyncio.run(scenario())
