"""Table and GM tools end to end: board, log, typed act, undo, rollback, override, view-as,
who gets the /gm completions, and the table's time zone for quiet hours."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import assert_no_secret_in_public, db_path, game_row, log_rows, shown, start_referee
from tests.e2e.test_bot_game import open_game, pick_all, start_game

pytestmark = pytest.mark.asyncio


async def reply(fake: Any, user: Any, command: str, thread: Any, **options: Any) -> Any:
    h = await fake.slash(user, command, channel=thread, options=options)
    return await h.response(timeout=10)


async def test_table_and_gm_tools(fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world, rounds=2)
    await start_game(fake, world, thread)

    status = await reply(fake, world.alice, "game status", thread)
    assert status.text.count("a secret decision") == 3

    # /game act with a typed option label (autocomplete offers the same labels).
    choices = (
        await (await fake.autocomplete(world.alice, "game act", "option", "", channel=thread)).response(timeout=10)
    ).choices
    assert choices and all(c["value"].count(":") == 1 for c in choices)
    r = await reply(fake, world.alice, "game act", thread, option=choices[0]["name"])
    assert "Done" in r.text, r.text
    await pick_all(fake, world, [world.bob, world.carol])
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=10)

    board = await reply(fake, world.bob, "game board", thread)
    assert not board.ephemeral and "phase: call" in board.text
    mine = await reply(fake, world.bob, "game board", thread, private=True)
    assert mine.ephemeral and "hand:" in mine.text

    # The first caller holds, then takes it back (nothing was revealed by a hold).
    call = await fake.wait_for_message(
        lambda m: any(b.get("label") == "Hold" for b in m.buttons), channel=thread, timeout=10
    )
    owner = next(u for u in (world.alice, world.bob, world.carol) if f"<@{u.id}>" in shown(call))
    await (await fake.press(owner, call, label="Hold")).response(timeout=10)
    undone = await reply(fake, owner, "game undo", thread)
    assert "taken back" in undone.text, undone.text
    await fake.wait_for_message(lambda m: "took back their last action" in shown(m), channel=thread, timeout=10)

    log = await reply(fake, world.carol, "game log", thread)
    assert "Revealed" in log.text and log.ephemeral

    refused = await reply(fake, world.alice, "gm rollback", thread, to_action=1, reason="x")
    assert "Only a game master" in refused.text
    # /gm completions are for game masters: a player gets none.
    edits = (
        await (await fake.autocomplete(world.alice, "gm override", "edit", "", channel=thread)).response(timeout=10)
    ).choices
    assert not edits
    edits = (
        await (await fake.autocomplete(world.admin, "gm override", "edit", "", channel=thread)).response(timeout=10)
    ).choices
    assert {"patch", "action"} <= {c["value"] for c in edits}

    # The table's clock by time-zone name: a bad name is refused, names what to give, changes nothing.
    zones = (
        await (await fake.autocomplete(world.bob, "game remind", "time_zone", "berl", channel=thread)).response(
            timeout=10
        )
    ).choices
    assert [c["value"] for c in zones] == ["Europe/Berlin"]
    settings_before = game_row(db_path(tmp_path), game_id)["settings"]
    bad_zone = await reply(
        fake, world.bob, "game remind", thread, time_zone="Europe/Berln", quiet_start=22, quiet_end=7
    )
    assert bad_zone.ephemeral and bad_zone.text.startswith("⛔") and "`time_zone`" in bad_zone.text, bad_zone.text
    assert "Did you mean Europe/Berlin?" in bad_zone.text
    assert game_row(db_path(tmp_path), game_id)["settings"] == settings_before
    zoned = await reply(fake, world.bob, "game remind", thread, time_zone="Europe/Berlin", quiet_start=22, quiet_end=7)
    assert "quiet hours: 22:00–07:00 Europe/Berlin" in zoned.text, zoned.text
    await fake.wait_for_message(
        lambda m: "changed the reminders" in shown(m) and "Europe/Berlin" in shown(m), channel=thread, timeout=10
    )
    bad = await reply(
        fake,
        world.admin,
        "gm override",
        thread,
        edit="patch",
        payload='[{"op": "replace", "path": "/round", "value": "two"}]',
        reason="test",
    )
    assert bad.text.startswith("⛔") and "CORE-5" in bad.text, bad.text
    ok = await reply(
        fake,
        world.admin,
        "gm override",
        thread,
        edit="patch",
        payload='[{"op": "replace", "path": "/rounds", "value": 3}]',
        reason="one more round",
    )
    assert "Done" in ok.text, ok.text
    await fake.wait_for_message(lambda m: "one more round" in shown(m) and "🛡️" in shown(m), channel=thread, timeout=10)

    seen = await reply(fake, world.admin, "gm view-as", thread, seat=2)
    assert seen.ephemeral and "hand:" in seen.text
    back = await reply(fake, world.admin, "gm rollback", thread, to_action=1, reason="replay the round")
    assert "Rolled" in back.text, back.text
    await fake.wait_for_message(lambda m: "rolled the game back" in shown(m), channel=thread, timeout=10)

    audit = await reply(fake, world.admin, "gm audit", thread)
    assert "replay the round" in audit.text and "one more round" in audit.text
    kinds = [r["kind"] for r in log_rows(db_path(tmp_path), game_id)]
    assert "undo" in kinds and "gm" in kinds and kinds[-1] == "rollback"
    assert json.loads(log_rows(db_path(tmp_path), game_id)[-1]["action"])["to_seq"] == 1
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()
