"""Creating, joining, leaving, starting and finding tables; settings and reminders."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

import pytest

from engine.core import GM_SEAT, RuleViolation
from store import GameStore, StoreError, seat_order

from .helpers import CHANNEL, GUILD, USERS, started_game


async def test_create_validates_ruleset_and_options(store: GameStore) -> None:
    with pytest.raises(StoreError) as unknown:
        await store.create_game(GUILD, CHANNEL, "no-such-game", {}, USERS[0])
    assert unknown.value.code == "unknown_ruleset"
    with pytest.raises(RuleViolation) as bad:
        await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 99}, USERS[0])
    assert bad.value.rule == "CORE-2" and "rounds" in bad.value.message
    with pytest.raises(StoreError) as factions:
        await store.create_game(GUILD, CHANNEL, "highcard", {"factions": ["red"]}, USERS[0])
    assert factions.value.code == "bad_options"
    game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 2}, USERS[0])
    assert (game.status, game.options, game.seed_hash, game.seed, game.last_seq) == (
        "open",
        {"rounds": 2},
        None,
        None,
        0,
    )
    assert game.created_at.tzinfo is not None and game.created_at.utcoffset() == UTC.utcoffset(None)


async def test_join_refusals(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {"players": 2}, USERS[0])
    seat = await store.join(game.id, USERS[0], "red")
    assert (seat.seat, seat.user_id, seat.faction) == (None, USERS[0], "red")
    cases: list[tuple[tuple[int, int] | tuple[int, int, str], str]] = [
        ((game.id, USERS[0]), "already_joined"),
        ((game.id, USERS[1], "red"), "faction_taken"),
        ((game.id, USERS[1], " RED "), "faction_taken"),  # typed by hand: case and spaces do not matter
        ((game.id, USERS[1], "purple"), "unknown_faction"),
        ((999, USERS[1]), "not_found"),
    ]
    for args, code in cases:
        with pytest.raises(StoreError) as caught:
            await store.join(*args)
        assert caught.value.code == code, args
        assert caught.value.message.endswith(".")
    typed = await store.join(game.id, USERS[1], "Blue")
    assert typed.faction == "blue"  # stored as the game spells it
    with pytest.raises(StoreError) as full:
        await store.join(game.id, USERS[2])
    assert full.value.code == "full"


async def test_table_is_full_at_the_rulesets_maximum(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    for user in range(1, 5):
        await store.join(game.id, user)
    with pytest.raises(StoreError) as full:
        await store.join(game.id, 5)
    assert full.value.code == "full"


async def test_leave_only_while_open(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    await store.join(game.id, USERS[0])
    await store.join(game.id, USERS[1])
    await store.join(game.id, USERS[2])
    await store.leave(game.id, USERS[2])
    assert [s.user_id for s in await store.seats(game.id)] == [USERS[0], USERS[1]]
    with pytest.raises(StoreError) as stranger:
        await store.leave(game.id, USERS[3])
    assert stranger.value.code == "not_player"
    await store.start(game.id, USERS[0], seed="s")
    with pytest.raises(StoreError) as late:
        await store.leave(game.id, USERS[0])
    assert late.value.code == "bad_status"


async def test_start_needs_enough_players(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    await store.join(game.id, USERS[0])
    with pytest.raises(StoreError) as few:
        await store.start(game.id, USERS[0])
    assert few.value.code == "too_few"
    assert (await store.get_game(game.id)).status == "open"


async def test_start_seats_players_from_the_seed_and_publishes_only_its_hash(store: GameStore) -> None:
    outcome = await started_game(store, players=4, seed="fixed", factions=["gold", None, "red", "blue"])
    game = outcome.game
    joined = list(zip(USERS, ["gold", None, "red", "blue"], strict=False))
    expected = [joined[i] for i in seat_order("fixed", 4)]
    seats = await store.seats(game.id)
    assert [(s.user_id, s.faction) for s in seats] == expected
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    # Factions reach the engine by seat, and the player count is the number of seats.
    assert game.options["factions"] == [f for _, f in expected]
    assert game.options["players"] == 4 and outcome.state.players == 4
    assert game.status == "active" and outcome.seq == 0 and outcome.seat == GM_SEAT
    assert game.seed_hash == hashlib.sha256(b"fixed").hexdigest()
    assert game.seed is None
    (started,) = outcome.events
    assert started.kind == "started" and started.public
    assert game.seed_hash in started.text and "fixed" not in started.text
    assert [d["user_id"] for d in started.data["seats"]] == [u for u, _ in expected]
    assert {p.seat for p in outcome.prompts} == {0, 1, 2, 3}
    for user, _ in expected:
        assert await store.seat_of(game.id, user) == [u for u, _ in expected].index(user)
    assert await store.seat_of(game.id, 424242) is None


async def test_random_seed_when_none_given(store: GameStore) -> None:
    first = await started_game(store, seed=None)
    second = await started_game(store, seed=None)
    assert first.game.seed_hash != second.game.seed_hash
    assert len(first.game.seed_hash or "") == 64


async def test_seat_order_is_deterministic_and_a_permutation() -> None:
    assert seat_order("abc", 4) == seat_order("abc", 4)
    assert sorted(seat_order("abc", 4)) == [0, 1, 2, 3]
    orders = {tuple(seat_order(f"seed-{i}", 4)) for i in range(40)}
    assert len(orders) > 5  # the seed really shuffles


async def test_list_games_by_guild_user_and_status(store: GameStore) -> None:
    a = await started_game(store, players=2)
    b = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[3])
    await store.join(b.id, USERS[3])
    c = await store.create_game(GUILD + 1, CHANNEL, "highcard", {}, USERS[0])
    assert [g.id for g in await store.list_games(guild_id=GUILD)] == [b.id, a.game.id]
    assert [g.id for g in await store.list_games(user_id=USERS[3])] == [b.id]
    assert [g.id for g in await store.list_games(user_id=USERS[0])] == [a.game.id]
    assert [g.id for g in await store.list_games(statuses=["open"])] == [c.id, b.id]
    assert [g.id for g in await store.list_games(guild_id=GUILD, statuses=["active"])] == [a.game.id]
    assert [g.id for g in await store.list_games()] == [c.id, b.id, a.game.id]


async def test_thread_lookup(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    assert await store.game_by_thread(555) is None
    updated = await store.set_thread(game.id, 555)
    assert updated.thread_id == 555
    found = await store.game_by_thread(555)
    assert found is not None and found.id == game.id


async def test_settings_are_validated_and_kept(store: GameStore) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
    settings = await store.update_settings(game.id, deadline_hours=24, auto_default=True)
    assert (settings.deadline_hours, settings.auto_default, settings.reminder_minutes) == (24, True, 720)
    assert (await store.get_game(game.id)).settings == settings
    with pytest.raises(StoreError) as unknown:
        await store.update_settings(game.id, colour="blue")
    assert unknown.value.code == "bad_settings"
    with pytest.raises(StoreError) as bad_hour:
        await store.update_settings(game.id, quiet_start_hour=25)
    assert bad_hour.value.code == "bad_settings"
    assert (await store.get_game(game.id)).settings == settings


async def test_reminders_per_seat(store: GameStore) -> None:
    outcome = await started_game(store)
    game_id = outcome.game.id
    assert await store.last_reminded(game_id, 0) is None
    moment = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    await store.mark_reminded(game_id, 0, moment)
    later = datetime(2024, 5, 2, 8, 0, tzinfo=UTC)
    await store.mark_reminded(game_id, 0, later)
    assert await store.last_reminded(game_id, 0) == later
    assert await store.last_reminded(game_id, 1) is None


async def test_timestamps_follow_the_clock(db_path: str) -> None:
    ticks = iter(datetime(2024, 1, 1, 0, minute, tzinfo=UTC) for minute in range(60))
    store = await GameStore.open(db_path, clock=lambda: next(ticks))
    try:
        outcome = await started_game(store, players=2)
        users = {s.seat: s.user_id for s in await store.seats(outcome.game.id)}
        card = outcome.state.hands[0][0]
        acted = await store.act(outcome.game.id, users[0], {"type": "pick", "card": card})
        assert acted.game.last_action_at == acted.game.updated_at
        assert acted.game.last_action_at is not None and acted.game.last_action_at > outcome.game.updated_at
        assert await store.get_game(outcome.game.id) == acted.game
    finally:
        await store.close()
