"""Take-backs (Board Game Arena's policy) and the game master's tools."""

from __future__ import annotations

import pytest

from engine.core import GM_SEAT, RuleViolation
from store import UNDO_NOT_YOURS, UNDO_OTHERS_ACTED, UNDO_REVEALED, GameStore, StoreError

from .helpers import USERS, started_game, state_json, users_by_seat


async def _pick_all(store: GameStore, game_id: int, users: dict[int, int], hands: list[list[str]]) -> None:
    for seat in sorted(users):
        await store.act(game_id, users[seat], {"type": "pick", "card": hands[seat][0]})


async def test_undo_own_last_action(store: GameStore) -> None:
    start = await started_game(store)
    game_id, hands = start.game.id, start.state.hands
    users = await users_by_seat(store, game_id)
    await store.act(game_id, users[0], {"type": "pick", "card": hands[0][0]})
    before = state_json((await store.load(game_id)).state)
    await store.act(game_id, users[1], {"type": "pick", "card": hands[1][0], "lock": False})
    await store.act(game_id, users[1], {"type": "pick", "card": hands[1][1], "lock": False})
    undone = await store.undo(game_id, users[1])
    assert undone.seq == 4 and [e.kind for e in undone.events] == ["undo"]
    assert hands[1][1] not in undone.events[0].text and hands[1][0] not in undone.events[0].text
    # Several own actions in a row may be taken back one by one.
    undone = await store.undo(game_id, users[1])
    assert state_json(undone.state) == before
    kinds = [(e.seq, e.kind) for e in await store.log(game_id)]
    assert kinds == [(1, "action"), (2, "action"), (3, "action"), (4, "undo"), (5, "undo")]
    assert state_json(await store.replay(game_id)) == before
    # Seat 1 acted first, but seat 2 acted (and took it back) since: seat 1 may not undo.
    with pytest.raises(RuleViolation) as others:
        await store.undo(game_id, users[0])
    assert others.value.rule == UNDO_OTHERS_ACTED
    store.cache.clear()
    assert state_json((await store.load(game_id)).state) == before


async def test_undo_refusals(store: GameStore) -> None:
    start = await started_game(store)
    game_id, hands = start.game.id, start.state.hands
    users = await users_by_seat(store, game_id)
    with pytest.raises(RuleViolation) as nothing:
        await store.undo(game_id, users[0])
    assert nothing.value.rule == UNDO_NOT_YOURS
    await store.act(game_id, users[0], {"type": "pick", "card": hands[0][0]})
    with pytest.raises(RuleViolation) as not_yours:
        await store.undo(game_id, users[1])
    assert not_yours.value.rule == UNDO_NOT_YOURS
    await store.act(game_id, users[1], {"type": "pick", "card": hands[1][0]})
    await store.act(game_id, users[2], {"type": "pick", "card": hands[2][0]})  # reveals the picks
    with pytest.raises(RuleViolation) as revealed:
        await store.undo(game_id, users[2])
    assert revealed.value.rule == UNDO_REVEALED
    call = await store.act(game_id, users[0], {"type": "call", "call": "raise"})  # draws a card
    assert any(e.reveals for e in call.events)
    with pytest.raises(RuleViolation) as drew:
        await store.undo(game_id, users[0])
    assert drew.value.rule == UNDO_REVEALED
    hold = await store.act(game_id, users[1], {"type": "call", "call": "hold"})
    undone = await store.undo(game_id, users[1])  # a public, deterministic call can be taken back
    assert undone.state.caller == 1 and hold.state.caller == 2
    with pytest.raises(StoreError) as stranger:
        await store.undo(game_id, 424242)
    assert stranger.value.code == "not_player"
    for rule in (nothing, not_yours, revealed, drew):
        assert rule.value.message.endswith(".")


async def test_gm_act_as_seat_and_as_gm_is_logged_and_audited(store: GameStore) -> None:
    start = await started_game(store)
    game_id, hands = start.game.id, start.state.hands
    outcome = await store.gm_act(game_id, 9, {"type": "pick", "card": hands[2][0]}, "player asked by DM", seat=2)
    assert outcome.state.choice.answers[2] == {"card": hands[2][0]}
    assert outcome.events[0].kind == "gm_act" and "player asked by DM" in outcome.events[0].text
    with pytest.raises(RuleViolation) as illegal:
        await store.gm_act(game_id, 9, {"type": "pick", "card": hands[0][0]}, "oops", seat=2)
    assert illegal.value.rule == "TEST-1"
    patch = [{"op": "replace", "path": "/scores/0", "value": 5}]
    patched = await store.gm_act(game_id, 9, {"type": "gm_patch", "patch": patch, "reason": "house rule"}, "house rule")
    assert patched.state.scores[0] == 5 and patched.seat == GM_SEAT
    (entry,) = await store.log(game_id, since_seq=patched.seq - 1)
    assert (entry.kind, entry.seat, entry.user_id) == ("gm", GM_SEAT, 9)
    audit = await store.audit(game_id)
    assert [(a.command, a.reason, a.detail["seq"]) for a in audit] == [
        ("act", "house rule", 2),
        ("act", "player asked by DM", 1),
    ]
    assert audit[1].detail["seat"] == 2 and audit[0].gm_user_id == 9
    with pytest.raises(StoreError) as no_seat:
        await store.gm_act(game_id, 9, {"type": "call", "call": "hold"}, "x", seat=7)
    assert no_seat.value.code == "bad_seat"
    assert state_json(await store.replay(game_id)) == state_json(patched.state)


async def test_gm_rollback_restores_exactly_and_is_itself_logged(store: GameStore) -> None:
    start = await started_game(store)
    game_id, hands = start.game.id, start.state.hands
    users = await users_by_seat(store, game_id)
    states = {0: state_json(start.state)}
    for seat in (0, 1, 2):
        outcome = await store.act(game_id, users[seat], {"type": "pick", "card": hands[seat][0]})
        states[outcome.seq] = state_json(outcome.state)
    outcome = await store.act(game_id, users[0], {"type": "call", "call": "raise"})
    states[outcome.seq] = state_json(outcome.state)
    back = await store.gm_rollback(game_id, 9, 2, "seat 3 misclicked")
    assert back.seq == 5 and state_json(back.state) == states[2]
    assert back.events[0].kind == "rollback" and back.game.last_seq == 5
    # Play goes on from there; the undone future never comes back by itself.
    redo = await store.act(game_id, users[2], {"type": "pick", "card": hands[2][1]})
    assert redo.seq == 6 and redo.state.phase == "call"
    # Rolling back to a roll-back's seq or to the start works too.
    again = await store.gm_rollback(game_id, 9, 5, "back to the roll-back point")
    assert state_json(again.state) == states[2]
    to_start = await store.gm_rollback(game_id, 9, 0, "start over")
    assert state_json(to_start.state) == states[0]
    # The player whose action is now the head may not undo across a roll-back.
    with pytest.raises(RuleViolation):
        await store.undo(game_id, users[0])
    with pytest.raises(StoreError) as future:
        await store.gm_rollback(game_id, 9, 99, "nope")
    assert future.value.code == "bad_seq"
    audit = await store.audit(game_id)
    assert [(a.command, a.detail["to_seq"]) for a in audit] == [("rollback", 0), ("rollback", 5), ("rollback", 2)]
    assert audit[-1].reason == "seat 3 misclicked" and audit[-1].detail["from_seq"] == 4
    kinds = [e.kind for e in await store.log(game_id)]
    assert kinds == ["action"] * 4 + ["rollback", "action", "rollback", "rollback"]
    assert state_json(await store.replay(game_id)) == states[0]
    store.cache.clear()
    assert state_json((await store.load(game_id)).state) == states[0]


async def test_replace_and_kick(store: GameStore) -> None:
    start = await started_game(store)
    game_id = start.game.id
    users = await users_by_seat(store, game_id)
    await store.gm_kick(game_id, 9, users[1], "vanished")
    seats = await store.seats(game_id)
    assert seats[1].user_id == 0 and seats[1].substitutes[-1]["old_user_id"] == users[1]
    with pytest.raises(StoreError) as gone:
        await store.act(game_id, users[1], {"type": "call", "call": "hold"})
    assert gone.value.code == "not_player"
    replaced = await store.gm_replace(game_id, 9, 1, 5555, "new volunteer")
    assert replaced.user_id == 5555 and replaced.seat == 1
    assert [(s["old_user_id"], s["new_user_id"], s["by"], s["reason"]) for s in replaced.substitutes] == [
        (users[1], 0, 9, "vanished"),
        (0, 5555, 9, "new volunteer"),
    ]
    outcome = await store.act(game_id, 5555, {"type": "pick", "card": start.state.hands[1][0]})
    assert outcome.seat == 1
    with pytest.raises(StoreError) as same:
        await store.gm_replace(game_id, 9, 1, 5555, "again")
    assert same.value.code == "same_user"
    assert [a.command for a in await store.audit(game_id)] == ["replace", "kick"]
    open_game = await store.create_game(1, 1, "highcard", {}, USERS[0])
    await store.join(open_game.id, USERS[0])
    await store.gm_kick(open_game.id, 9, USERS[0], "spam")
    assert await store.seats(open_game.id) == []


async def test_status_changes_are_audited_and_cancel_reveals_the_seed(store: GameStore) -> None:
    start = await started_game(store, seed="cancel-me")
    game_id = start.game.id
    with pytest.raises(StoreError) as nonsense:
        await store.set_status(game_id, "exploded", 9, "x")
    assert nonsense.value.code == "bad_status"
    with pytest.raises(StoreError) as not_paused:
        await store.set_status(game_id, "resume", 9, "x")
    assert not_paused.value.code == "bad_status"
    assert (await store.set_status(game_id, "paused", 9, "holiday")).status == "paused"
    assert (await store.get_game(game_id)).seed is None
    cancelled = await store.set_status(game_id, "cancel", 9, "abandoned")
    assert cancelled.status == "cancelled" and cancelled.seed == "cancel-me"
    assert [(a.command, a.detail) for a in await store.audit(game_id)] == [
        ("status", {"from": "paused", "to": "cancelled"}),
        ("status", {"from": "active", "to": "paused"}),
    ]
    with pytest.raises(StoreError) as final:
        await store.set_status(game_id, "active", 9, "undo cancel")
    assert final.value.code == "bad_status"
