"""Issue 18 follow-up: a change that writes no log row (a seat given or emptied, a pause, a lobby
line, new settings, a reminder) writes its announcement (``Notice``) as a ``publish`` row in its
own transaction. So the change never exists without the row, a refused change writes none, and a
failure inside the transaction leaves neither. Runs on SQLite and on PostgreSQL (``conftest``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from store import GameStore, Notice, StoreError, tables

from .helpers import CHANNEL, GUILD, USERS, query, started_game

AT = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def _notice(word: str) -> Notice:
    """A notice with one line of facts (the store never reads them, it only keeps them)."""
    return Notice(items=[{"to": "post", "msg": {"id": "bot.gm.announce", "params": {"what": word}}}])


async def _publish_rows(db_path: str, game_id: int) -> list[tuple[Any, ...]]:
    return await query(
        db_path, "SELECT id, seq FROM outbox WHERE kind = 'publish' AND game_id = ? ORDER BY id", (game_id,)
    )


async def _check_row(store: GameStore, notice: Notice) -> None:
    """The notice's row is undelivered, holds its payload, and is leased to this process (it sends it now)."""
    assert notice.row_id is not None
    row = await store.outbox_row(notice.row_id)
    assert row is not None and row.kind == "publish" and row.delivered_at is None
    assert row.payload == notice.payload() and "announce" in row.payload
    assert row.claimed_by == store.owner


async def test_every_table_change_writes_its_notice_row_with_it(store: GameStore, db_path: str) -> None:
    game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
    joined = [_notice(f"join {u}") for u in USERS[:3]]
    for user, notice in zip(USERS[:3], joined, strict=True):
        await store.join(game.id, user, notice=notice)
        await _check_row(store, notice)
    left = _notice("leave")
    await store.leave(game.id, USERS[2], notice=left)
    await _check_row(store, left)
    assert [s.user_id for s in await store.seats(game.id)] == list(USERS[:2])
    settings = Notice(compose=lambda saved: [{"to": "post", "minutes": saved.reminder_minutes}])
    await store.update_settings(game.id, notice=settings, reminder_minutes=90)
    await _check_row(store, settings)
    assert settings.items == [{"to": "post", "minutes": 90}]  # composed from the settings as saved

    outcome = await started_game(store)  # a second game, started (its joins and start write as before)
    gid = outcome.game.id
    before = len(await _publish_rows(db_path, gid))  # the start's row only
    assert before == 1
    paused, resumed = _notice("pause"), _notice("resume")
    await store.set_status(gid, "pause", 555, "lunch", notice=paused)
    await store.set_status(gid, "resume", 555, "back", notice=resumed)
    replaced = _notice("replace")
    replaced.facts["welcome"] = {"user_id": 2002, "seat": 1}
    await store.gm_replace(gid, 555, 1, 2002, "left for good", notice=replaced)
    kicked = _notice("kick")
    await store.gm_kick(gid, 555, 2002, "rude", notice=kicked)
    reminded = _notice("ping")
    await store.mark_reminded(gid, 0, AT, notice=reminded)
    for notice in (paused, resumed, replaced, kicked, reminded):
        await _check_row(store, notice)
    assert await store.last_reminded(gid, 0) == AT
    rows = await _publish_rows(db_path, gid)
    assert [r[0] for r in rows[1:]] == [n.row_id for n in (paused, resumed, replaced, kicked, reminded)]
    assert all(int(r[1]) == 0 for r in rows)  # they follow the log's head (nothing played yet)
    assert len({(await store.outbox_row(int(r[0]))).nonce for r in rows}) == len(rows)  # type: ignore[union-attr]  # every row exists


async def test_a_change_without_a_notice_writes_no_row(store: GameStore, db_path: str) -> None:
    outcome = await started_game(store)
    gid = outcome.game.id
    await store.set_status(gid, "pause", 555, "lunch")
    await store.set_status(gid, "resume", 555, "back")
    await store.gm_replace(gid, 555, 1, 2002, "swap")
    await store.update_settings(gid, reminder_minutes=30)
    await store.mark_reminded(gid, 0, AT)
    assert len(await _publish_rows(db_path, gid)) == 1  # the start's row, nothing else


async def test_a_refused_change_writes_no_notice(store: GameStore, db_path: str) -> None:
    outcome = await started_game(store)
    gid = outcome.game.id
    refused = [_notice(str(i)) for i in range(5)]
    with pytest.raises(StoreError):
        await store.join(gid, 9999, notice=refused[0])  # the game has started
    with pytest.raises(StoreError):
        await store.leave(gid, USERS[0], notice=refused[1])
    with pytest.raises(StoreError):
        await store.set_status(gid, "resume", 555, "not paused", notice=refused[2])
    with pytest.raises(StoreError):
        await store.gm_kick(gid, 555, 9999, "not seated", notice=refused[3])
    with pytest.raises(StoreError):
        await store.gm_replace(gid, 555, 7, 2002, "no such seat", notice=refused[4])
    assert all(n.row_id is None for n in refused)
    assert len(await _publish_rows(db_path, gid)) == 1


@pytest.mark.parametrize("change", ["set_status", "gm_kick", "mark_reminded", "join"])
async def test_a_failure_inside_the_transaction_leaves_neither_the_change_nor_its_row(
    store: GameStore, db_path: str, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    outcome = await started_game(store)
    gid = outcome.game.id
    lobby = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])

    def broken(*_: Any, **__: Any) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(tables, "add_publish", broken)
    notice = _notice(change)
    with pytest.raises(RuntimeError):
        if change == "set_status":
            await store.set_status(gid, "pause", 555, "lunch", notice=notice)
        elif change == "gm_kick":
            await store.gm_kick(gid, 555, USERS[1], "rude", notice=notice)
        elif change == "mark_reminded":
            await store.mark_reminded(gid, 0, AT, notice=notice)
        else:
            await store.join(lobby.id, USERS[3], notice=notice)
    assert (await store.get_game(gid)).status == "active"
    assert USERS[1] in {s.user_id for s in await store.seats(gid)}
    assert await store.last_reminded(gid, 0) is None
    assert await store.seats(lobby.id) == []
    assert len(await _publish_rows(db_path, gid)) == 1 and await _publish_rows(db_path, lobby.id) == []
