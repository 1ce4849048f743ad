"""Schema versioning (PRAGMA user_version), forward migrations, WAL."""

from __future__ import annotations

import sqlite3

import pytest

from store import GameStore, StoreError
from store.schema import LATEST_VERSION, MIGRATIONS, migrate, user_version


async def test_new_file_is_at_latest_version_in_wal_mode(sqlite_path: str) -> None:
    store = await GameStore.open(sqlite_path)
    await store.close()
    conn = sqlite3.connect(sqlite_path)
    try:
        assert user_version(conn) == LATEST_VERSION == len(MIGRATIONS)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "seats", "log", "snapshots", "gm_audit", "reminders", "outbox", "user_locale"} <= tables
    finally:
        conn.close()


async def test_version_1_file_migrates_forward_and_keeps_its_games(sqlite_path: str) -> None:
    conn = sqlite3.connect(sqlite_path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at, updated_at)"
        " VALUES (5, 6, 'highcard', '{\"rounds\": 2}', 'open', 9, '2024-01-01T00:00:00.000000+00:00',"
        " '2024-01-01T00:00:00.000000+00:00')"
    )
    conn.close()

    store = await GameStore.open(sqlite_path)
    try:
        game = await store.get_game(1)
        assert (game.guild_id, game.options, game.status) == (5, {"rounds": 2}, "open")
        assert game.settings.reminder_minutes == 720  # the column added by version 2 has its default
        await store.mark_reminded(1, 0, game.created_at)
        assert await store.last_reminded(1, 0) == game.created_at
    finally:
        await store.close()
    conn = sqlite3.connect(sqlite_path)
    assert user_version(conn) == LATEST_VERSION
    conn.close()


async def test_file_from_a_newer_release_is_refused(sqlite_path: str) -> None:
    conn = sqlite3.connect(sqlite_path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError) as caught:
        await GameStore.open(sqlite_path)
    assert caught.value.code == "schema_too_new"


async def test_reopening_does_not_migrate_twice(sqlite_path: str) -> None:
    for _ in range(2):
        store = await GameStore.open(sqlite_path)
        await store.close()
    conn = sqlite3.connect(sqlite_path)
    assert user_version(conn) == LATEST_VERSION
    conn.close()


async def test_version_4_gives_kept_dms_of_replaced_players_to_the_seats_holder(sqlite_path: str) -> None:
    """Before version 4 a replacement left the kept DMs with the player who left."""
    conn = sqlite3.connect(sqlite_path, isolation_level=None)
    assert migrate(conn, target=3) == 3
    at = "2024-01-01T00:00:00.000000+00:00"
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at, updated_at)"
        " VALUES (5, 6, 'highcard', '{}', 'active', 9, ?, ?)",
        (at, at),
    )
    for seat, user in ((0, 11), (1, 0)):  # seat 1 was given to user 11; seat 2 is vacant
        conn.execute("INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (1, ?, ?, ?)", (seat, user, at))
    for user, dm_seat, text in (
        (10, 0, "old seat 1"),
        (12, 1, "old seat 2"),
        (11, 0, "new seat 1"),
        (10, None, "no seat"),
    ):
        conn.execute(
            "INSERT INTO pending_dm (game_id, user_id, seat, content, at) VALUES (1, ?, ?, ?, ?)",
            (user, dm_seat, text, at),
        )
    conn.close()

    store = await GameStore.open(sqlite_path)
    try:
        assert await store.take_pending_dms(1, 11) == ["old seat 1", "new seat 1"]
        assert await store.take_pending_dms(1, 12) == []  # kicked: the vacant seat keeps it
        assert await store.take_pending_dms(1, 10) == ["no seat"]
        assert await store.take_pending_dms(1, 0) == ["old seat 2"]
    finally:
        await store.close()


async def test_version_5_keeps_each_users_language_choice_and_last_seen_locale(sqlite_path: str) -> None:
    """Issue 10: a choice made with /game language and the client's last locale survive a restart;
    a version 4 file gains the table and its games read English (the language they were written in)."""
    conn = sqlite3.connect(sqlite_path, isolation_level=None)
    assert migrate(conn, target=4) == 4
    at = "2024-01-01T00:00:00.000000+00:00"
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, ruleset, options, status, created_by, created_at, updated_at)"
        " VALUES (5, 6, 'highcard', '{}', 'open', 9, ?, ?)",
        (at, at),
    )
    conn.close()
    store = await GameStore.open(sqlite_path)
    try:
        assert (await store.get_game(1)).settings.language == "en"
        assert await store.user_locale(42) == (None, None)
        await store.set_user_locale(42, seen="zh_Hant")
        await store.set_user_locale(42, preferred="zh_Hans")
        await store.set_user_locale(42, seen="en")  # a later client locale keeps the choice
        assert await store.user_locale(42) == ("zh_Hans", "en")
        assert (await store.update_settings(1, language="zh_Hant")).language == "zh_Hant"
        with pytest.raises(StoreError):
            await store.update_settings(1, language="fr")
    finally:
        await store.close()
    store = await GameStore.open(sqlite_path)
    try:
        assert await store.user_locale(42) == ("zh_Hans", "en")
        await store.set_user_locale(42, preferred="")  # back to automatic
        assert await store.user_locale(42) == (None, "en")
        assert (await store.get_game(1)).settings.language == "zh_Hant"
    finally:
        await store.close()


def test_version_10_keeps_only_kept_dms_nonces_unique(sqlite_path: str) -> None:
    """Issue 19: a published row's random nonce is no longer indexed for uniqueness (one index insert
    less in every action's commit); a kept DM's nonce still is, so a resent refusal is kept once."""
    conn = sqlite3.connect(sqlite_path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")  # the outbox rows alone: no game row is needed here
    migrate(conn, target=9)
    row = (
        "INSERT INTO outbox (game_id, seq, n, audience, kind, payload, nonce, created_at)"
        " VALUES (1, ?, 0, 'table', ?, '{}', 'same', '2026-01-01T00:00:00+00:00')"
    )
    conn.execute(row, (1, "publish"))
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(row, (2, "publish"))
    assert migrate(conn) == LATEST_VERSION == 10
    conn.execute(row, (2, "publish"))
    conn.execute(row, (3, "kept_dm"))
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(row, (4, "kept_dm"))
    assert conn.execute("SELECT count(*) FROM outbox").fetchone()[0] == 3
    conn.close()
