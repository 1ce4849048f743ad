"""What the start delivers (opening events, the seed hash, a GM-fixed seed), undelivered
DMs kept in the database, and settings rows written before a field existed."""

from __future__ import annotations

import hashlib
import json

import pytest

from store import GameStore, StoreError
from tests.support.highcard import HIGHCARD

from .helpers import CHANNEL, GUILD, USERS, query, started_game, users_by_seat


async def test_start_delivers_the_rulesets_opening_events(store: GameStore) -> None:
    outcome = await started_game(store, players=3, options={"rounds": 1, "opening_hands": True})
    kinds = [e.kind for e in outcome.events]
    assert kinds[0] == "started" and kinds.count("hand") == 3 and "dealt" in kinds
    expected = HIGHCARD.opening_events(outcome.state)
    assert outcome.events[1:] == expected
    # Public ones go to the thread, each hand only to its own seat.
    public = [e for e in outcome.events if e.public]
    assert [e.kind for e in public] == ["started", "dealt"]
    for seat in range(3):
        (mine,) = [e for e in outcome.events if e.kind == "hand" and e.audience == [seat]]
        assert all(card in mine.text for card in outcome.state.hands[seat])
    for event in public:
        assert not any(card in event.text for hand in outcome.state.hands for card in hand)


async def test_start_without_opening_events_is_unchanged(store: GameStore) -> None:
    outcome = await started_game(store, options={"rounds": 1})
    assert [e.kind for e in outcome.events] == ["started"]


async def test_a_gm_fixed_seed_is_audited_and_announced_without_the_seed(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
    for user in USERS[:2]:
        await store.join(game.id, user)
    outcome = await store.start(game.id, 555, seed="tournament-7", seeded_by=555)
    started = outcome.events[0]
    digest = hashlib.sha256(b"tournament-7").hexdigest()
    assert digest in started.text and "fixed by the game master <@555>" in started.text
    assert "tournament-7" not in started.text and started.data["fixed_seed"] is True
    (entry,) = await store.audit(game.id)
    assert (entry.command, entry.gm_user_id, entry.detail["seed_hash"]) == ("seed", 555, digest)
    assert "tournament-7" not in json.dumps(entry.detail)
    assert outcome.state.hands == HIGHCARD.setup({**outcome.game.options}, "tournament-7").hands


async def test_an_empty_fixed_seed_is_refused(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    for user in USERS[:2]:
        await store.join(game.id, user)
    with pytest.raises(StoreError) as caught:
        await store.start(game.id, USERS[0], seed="  ", seeded_by=USERS[0])
    assert caught.value.code == "bad_options"
    assert (await store.get_game(game.id)).status == "open"


async def test_pending_dms_survive_reopening_and_are_taken_once(db_path: str) -> None:
    store = await GameStore.open(db_path)
    try:
        outcome = await started_game(store, options={"rounds": 1})
        game_id = outcome.game.id
        users = await users_by_seat(store, game_id)
        assert await store.add_pending_dm(game_id, users[0], 0, "first") == 1
        assert await store.add_pending_dm(game_id, users[0], 0, "second") == 2
        assert await store.add_pending_dm(game_id, users[1], 1, "other") == 1
        with pytest.raises(StoreError):
            await store.add_pending_dm(9999, users[0], 0, "no such game")
    finally:
        await store.close()

    store = await GameStore.open(db_path)  # as after a restart
    try:
        assert await store.pending_dm_games(users[0]) == [game_id]
        assert await store.has_pending_dms(game_id, users[0])
        assert await store.take_pending_dms(game_id, users[0]) == ["first", "second"]
        assert await store.take_pending_dms(game_id, users[0]) == []
        assert not await store.has_pending_dms(game_id, users[0])
        assert await store.pending_dm_games(users[0]) == []
        assert await store.pending_dm_games(users[1]) == [game_id]  # someone else's stay
    finally:
        await store.close()


async def test_settings_written_before_utc_offset_existed_still_load(db_path: str) -> None:
    store = await GameStore.open(db_path)
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    finally:
        await store.close()
    old = {
        "reminder_minutes": 60,
        "deadline_hours": None,
        "quiet_start_hour": 22,
        "quiet_end_hour": 7,
        "auto_default": False,
    }
    await query(db_path, "UPDATE games SET settings = ? WHERE id = ?", (json.dumps(old), game.id))
    store = await GameStore.open(db_path)
    try:
        loaded = await store.get_game(game.id)
        assert loaded.settings.utc_offset_hours == 0 and loaded.settings.quiet_start_hour == 22
        changed = await store.update_settings(game.id, utc_offset_hours=2)
        assert changed.utc_offset_hours == 2
        with pytest.raises(StoreError) as caught:
            await store.update_settings(game.id, utc_offset_hours=20)
        assert caught.value.code == "bad_settings"
    finally:
        await store.close()
