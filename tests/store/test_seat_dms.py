"""Undelivered DMs belong to the seat: they follow it to a substitute, in the replacement's
own transaction, and the player who left can no longer read them. Plus the table's
named time zone, checked when it is set."""

from __future__ import annotations

from typing import Any

import pytest

from store import GameStore, StoreError, tables

from .helpers import started_game, users_by_seat

DANA, ERIN = 5005, 6006


async def _kept(store: GameStore, game_id: int, user_id: int) -> list[str]:
    return [text for _, text in await store.peek_pending_dms(game_id, user_id)]


async def test_replace_hands_the_seats_kept_dms_to_the_substitute(store: GameStore) -> None:
    game_id = (await started_game(store)).game.id
    users = await users_by_seat(store, game_id)
    await store.add_pending_dm(game_id, users[0], 0, "seat 1: your hand is ruby-01")
    await store.add_pending_dm(game_id, users[0], 0, "seat 1: pick a card")
    await store.add_pending_dm(game_id, users[1], 1, "seat 2: your hand is jade-02")

    await store.gm_replace(game_id, 9, 0, DANA, "dropped out")

    assert await store.take_pending_dms(game_id, users[0]) == []  # the old player reads nothing
    assert await store.pending_dm_games(users[0]) == []
    assert not await store.has_pending_dms(game_id, users[0])
    assert await store.pending_dm_games(DANA) == [game_id]
    assert await store.take_pending_dms(game_id, DANA) == ["seat 1: your hand is ruby-01", "seat 1: pick a card"]
    assert await _kept(store, game_id, users[1]) == ["seat 2: your hand is jade-02"]  # another seat's stay
    (entry, *_) = await store.audit(game_id)
    assert entry.command == "replace" and entry.detail["pending_dms"] == 2


async def test_only_the_replaced_seats_messages_move_when_a_player_holds_two(store: GameStore) -> None:
    game_id = (await started_game(store)).game.id
    users = await users_by_seat(store, game_id)
    await store.add_pending_dm(game_id, users[0], 0, "for seat 1")
    await store.add_pending_dm(game_id, users[2], 2, "for seat 3")
    await store.gm_replace(game_id, 9, 2, users[0], "seat 1 also plays seat 3")
    assert await _kept(store, game_id, users[0]) == ["for seat 1", "for seat 3"]

    await store.gm_replace(game_id, 9, 2, ERIN, "Erin takes seat 3")
    assert await _kept(store, game_id, users[0]) == ["for seat 1"]
    assert await _kept(store, game_id, ERIN) == ["for seat 3"]


async def test_kick_leaves_the_messages_with_the_vacant_seat_for_the_next_holder(store: GameStore) -> None:
    game_id = (await started_game(store)).game.id
    users = await users_by_seat(store, game_id)
    await store.add_pending_dm(game_id, users[1], 1, "seat 2: you drew opal-07")
    await store.gm_kick(game_id, 9, users[1], "silent for weeks")
    assert await store.take_pending_dms(game_id, users[1]) == []
    assert await store.pending_dm_games(users[1]) == []

    await store.gm_replace(game_id, 9, 1, DANA, "Dana takes the vacant seat")
    assert await store.take_pending_dms(game_id, DANA) == ["seat 2: you drew opal-07"]


async def test_the_move_is_part_of_the_replacement_transaction(store: GameStore, monkeypatch: Any) -> None:
    game_id = (await started_game(store)).game.id
    users = await users_by_seat(store, game_id)
    await store.add_pending_dm(game_id, users[0], 0, "secret for seat 1")

    def broken_audit(*_: Any, **__: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(tables, "add_audit", broken_audit)
    with pytest.raises(RuntimeError):
        await store.gm_replace(game_id, 9, 0, DANA, "will fail")
    monkeypatch.undo()
    store.cache.clear()
    assert (await users_by_seat(store, game_id))[0] == users[0]
    assert await _kept(store, game_id, users[0]) == ["secret for seat 1"]
    assert await _kept(store, game_id, DANA) == []

    # A refused replacement moves nothing either.
    with pytest.raises(StoreError) as same:
        await store.gm_replace(game_id, 9, 0, users[0], "same person")
    assert same.value.code == "same_user"
    assert await _kept(store, game_id, users[0]) == ["secret for seat 1"]


async def test_peek_then_drop_keeps_what_arrived_in_between(store: GameStore) -> None:
    game_id = (await started_game(store)).game.id
    users = await users_by_seat(store, game_id)
    await store.add_pending_dm(game_id, users[0], 0, "one")
    await store.add_pending_dm(game_id, users[0], 0, "two")
    seen = await store.peek_pending_dms(game_id, users[0])
    assert [t for _, t in seen] == ["one", "two"]
    assert [t for _, t in await store.peek_pending_dms(game_id, users[0])] == ["one", "two"]  # peeking removes nothing
    await store.add_pending_dm(game_id, users[0], 0, "three")
    await store.drop_pending_dms(game_id, users[0], seen[-1][0])
    assert await store.take_pending_dms(game_id, users[0]) == ["three"]


# ---- the table's clock -------------------------------------------------------------------


async def test_time_zone_is_checked_and_spelled_the_tz_databases_way(store: GameStore) -> None:
    game_id = (await started_game(store)).game.id
    assert (await store.get_game(game_id)).settings.time_zone is None  # the default: the UTC offset rules
    settings = await store.update_settings(game_id, time_zone="europe/berlin", quiet_start_hour=22, quiet_end_hour=7)
    assert settings.time_zone == "Europe/Berlin"
    before = (await store.get_game(game_id)).settings

    for bad in ("Mars/Olympus_Mons", "Europe/Berln", "../../etc/passwd", "+02:00"):
        with pytest.raises(StoreError) as caught:
            await store.update_settings(game_id, time_zone=bad, quiet_start_hour=1)
        assert caught.value.code == "bad_settings"
        assert "`time_zone`" in caught.value.message and "not changed" in caught.value.message
        assert "Europe/Berlin" in caught.value.message  # an example of a good name
        store.cache.clear()
        assert (await store.get_game(game_id)).settings == before  # the quiet hours did not change either
    with pytest.raises(StoreError) as typo:
        await store.update_settings(game_id, time_zone="Europe/Berln")
    assert "Did you mean Europe/Berlin?" in typo.value.message

    cleared = await store.update_settings(game_id, time_zone=None, utc_offset_hours=2)
    assert cleared.time_zone is None and cleared.utc_offset_hours == 2
