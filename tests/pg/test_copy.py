"""``python -m store.copy`` (issue 19): a SQLite store moved into an empty PostgreSQL database is the
same set of games there: they load, equal the source, and go on. A target that already holds
games, or a source at another schema version, is refused with nothing written."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import asyncpg

import engine
from engine.core.prompts import GM_SEAT
from store import ActOutcome, GameStore, schema
from store.copy import copy, store_tables
from tests.store.helpers import USERS, started_game, users_by_seat

ROOT = Path(__file__).resolve().parents[2]
GUILD = 42
CHANNEL = 43


async def _played(store: GameStore, ruleset: str, seed: str, actions: int) -> ActOutcome:
    """A seeded three-seat game of ``ruleset`` played ``actions`` random legal moves in (as bench scale does)."""
    rs = engine.ruleset(ruleset)
    game = await store.create_game(GUILD, CHANNEL, ruleset, {}, USERS[0])
    for user in USERS[:3]:
        await store.join(game.id, user)
    outcome = await store.start(game.id, USERS[0], seed=seed)
    by_seat = await users_by_seat(store, game.id)
    rng = random.Random(seed)
    for _ in range(actions):
        waiting = [p for p in outcome.prompts if p.seat != GM_SEAT and p.waiting]
        if outcome.result is not None or not waiting:
            break
        prompt = rng.choice(waiting)
        outcome = await store.act(game.id, by_seat[prompt.seat], rs.sample_action(outcome.state, prompt.seat, rng))
    return outcome


async def _fill(path: Path) -> dict[str, int]:
    """A SQLite store with the kinds of rows an operator's store holds; returns the games by role."""
    store = await GameStore.open(str(path))
    try:
        runewars = await _played(store, "runewars", "copy-rw", 6)
        heroes = await _played(store, "ageofheroes", "copy-aoh", 6)
        finished = await started_game(store, seed="copy-hc-done")
        rng = random.Random(1)
        users = await users_by_seat(store, finished.game.id)
        while finished.result is None:
            prompt = rng.choice([p for p in finished.prompts if p.waiting])
            action = engine.ruleset("highcard").sample_action(finished.state, prompt.seat, rng)
            finished = await store.act(finished.game.id, users[prompt.seat], action, seat=prompt.seat)
        # An undone action, a GM override, a kept DM, a reminder mark, settings and a language.
        undone = await started_game(store, seed="copy-hc-undo")
        users = await users_by_seat(store, undone.game.id)
        prompt = next(p for p in undone.prompts if p.waiting)
        action = engine.ruleset("highcard").sample_action(undone.state, prompt.seat, rng)
        await store.act(undone.game.id, users[prompt.seat], action, seat=prompt.seat)
        await store.undo(undone.game.id, users[prompt.seat])
        loaded = await store.load(undone.game.id)
        gm_seat = next(p.seat for p in loaded.prompts if p.waiting)
        gm_action = engine.ruleset("highcard").sample_action(loaded.state, gm_seat, rng)
        await store.gm_act(undone.game.id, USERS[3], gm_action, "player away", seat=gm_seat)
        await store.add_pending_dm(undone.game.id, users[gm_seat], gm_seat, "your hand: 7")
        await store.mark_reminded(undone.game.id, gm_seat, store._now())
        await store.update_settings(undone.game.id, reminder_minutes=90)
        await store.set_user_locale(USERS[1], preferred="zh-CN")
        lobby = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 2}, USERS[0])
        await store.join(lobby.id, USERS[0])
        return {
            "runewars": runewars.game.id,
            "ageofheroes": heroes.game.id,
            "finished": finished.game.id,
            "undone": undone.game.id,
            "lobby": lobby.id,
        }
    finally:
        await store.close()


async def _counts(url: str) -> dict[str, int]:
    conn = await asyncpg.connect(url)
    try:
        out: dict[str, int] = {}
        for table in store_tables():
            if await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", table.name):
                out[table.name] = int(await conn.fetchval(f"SELECT COUNT(*) FROM {table.name}"))
        return out
    finally:
        await conn.close()


def _rows(store_path: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(store_path)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def test_the_tables_come_from_the_schema_parents_first() -> None:
    names = [t.name for t in store_tables()]
    assert names[0] == "games" and "pending_dm" not in names  # dropped by migration 7
    assert {"seats", "log", "snapshots", "gm_audit", "reminders", "outbox", "user_locale", "table_message"} <= set(
        names
    )
    for position, table in enumerate(store_tables()):
        assert table.references <= set(names[:position])


async def test_a_sqlite_store_copied_to_postgresql_loads_equal_and_plays_on(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "bot.db"
    games = await _fill(source)
    printed: list[str] = []
    assert await copy(f"sqlite:///{source}", pg_url, out=printed.append) == 0
    assert any(line.startswith("log: ") and line.endswith(" ok") for line in printed)
    assert printed[-1].startswith("Done: ") and "4 of 4 started games replay to the same state" in printed[-1]

    old = await GameStore.open(str(source))
    new = await GameStore.open(pg_url)
    try:
        for game_id in games.values():
            a, b = await old.load(game_id), await new.load(game_id)
            assert b.game == a.game and b.seats == a.seats and b.seq == a.seq
            assert (None if b.state is None else b.state.model_dump_json()) == (
                None if a.state is None else a.state.model_dump_json()
            )
            assert b.prompts == a.prompts and b.result == a.result
            assert await new.log(game_id, limit=1000) == await old.log(game_id, limit=1000)
            assert await new.audit(game_id) == await old.audit(game_id)
        undone = games["undone"]
        user = next(s.user_id for s in await old.seats(undone) if s.seat is not None)
        assert await new.peek_pending_dms(undone, user) == await old.peek_pending_dms(undone, user) != []
        seat = (await old.seats(undone))[0].seat
        assert seat is not None
        assert await new.last_reminded(undone, seat) == await old.last_reminded(undone, seat)
        assert (await new.get_game(undone)).settings.reminder_minutes == 90
        assert await new.user_locale(USERS[1]) == await old.user_locale(USERS[1])
        assert await new.outbox_undelivered() == await old.outbox_undelivered()

        # The games go on: one more legal action of each live game commits on PostgreSQL.
        for role in ("runewars", "ageofheroes", "undone"):
            loaded = await new.load(games[role])
            prompt = next(p for p in loaded.prompts if p.waiting and p.seat != GM_SEAT)
            by_seat = {s.seat: s.user_id for s in loaded.seats}
            action = engine.ruleset(loaded.game.ruleset).sample_action(loaded.state, prompt.seat, random.Random(5))
            outcome = await new.act(games[role], by_seat[prompt.seat], action, seat=prompt.seat)
            assert outcome.seq == loaded.seq + 1 and not outcome.duplicate
        # The identity columns moved past the copied ids: a new game and a new kept DM get new numbers.
        fresh = await new.create_game(GUILD, CHANNEL, "highcard", {"rounds": 2}, USERS[0])
        assert fresh.id > max(games.values())
        await new.add_pending_dm(undone, user, None, "another")
    finally:
        await old.close()
        await new.close()


async def test_a_target_that_holds_games_is_refused_and_left_unchanged(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "bot.db"
    await _fill(source)
    assert await copy(str(source), pg_url, out=lambda _line: None) == 0
    before = await _counts(pg_url)
    lines: list[str] = []
    assert await copy(str(source), pg_url, out=lines.append) == 2
    said = "\n".join(lines)
    assert "already holds 5 game(s)" in said and "nothing was written" in said
    assert await _counts(pg_url) == before


async def test_a_source_at_another_schema_version_is_refused(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "old.db"
    conn = sqlite3.connect(source, isolation_level=None)
    schema.migrate(conn, target=schema.LATEST_VERSION - 1)
    conn.close()
    lines: list[str] = []
    assert await copy(f"sqlite:///{source}", pg_url, out=lines.append) == 2
    said = "\n".join(lines)
    assert f"schema version {schema.LATEST_VERSION - 1}" in said and "Start the bot once on the source" in said
    assert await _counts(pg_url) == {}  # not even migrated
    assert _rows(source, "PRAGMA user_version") == [(schema.LATEST_VERSION - 1,)]  # the source is not migrated


async def test_a_dry_run_from_the_command_line_counts_and_writes_nothing(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "bot.db"
    await _fill(source)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "store.copy",
        "--from",
        f"sqlite:///{source}",
        "--to",
        pg_url,
        "--dry-run",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    assert proc.returncode == 0
    said = out.decode().splitlines()
    assert "games: 5 rows would be copied" in said and said[-1].startswith("Dry run: ")
    assert await _counts(pg_url) == {}
