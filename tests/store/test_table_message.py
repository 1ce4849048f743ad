"""The thread message a game keeps editing (issue 12: the running log), remembered across restarts."""

from __future__ import annotations

from store import GameStore


async def test_the_open_log_message_survives_a_restart_and_closes(db_path: str) -> None:
    path = db_path
    store = await GameStore.open(path)
    try:
        game = await store.create_game(1, 2, "runewars", {}, 10)
        assert await store.table_message(game.id, "log") is None
        await store.set_table_message(game.id, "log", 555, "• one")
        await store.set_table_message(game.id, "log", 555, "• one\n• two")  # an edit replaces the text
    finally:
        await store.close()
    store = await GameStore.open(path)  # a restarted bot
    try:
        assert await store.table_message(game.id, "log") == (555, "• one\n• two")
        assert await store.table_message(game.id, "other") is None  # slots are separate
        await store.set_table_message(game.id, "log", None)  # the season is over
        assert await store.table_message(game.id, "log") is None
    finally:
        await store.close()
