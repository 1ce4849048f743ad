"""Closed DMs, GM refusals and GM tools, end to end against the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import assert_no_secret_in_public, db_path, option_ids, prompt_messages, shown, start_referee
from tests.e2e.test_bot_game import open_game

pytestmark = pytest.mark.asyncio


async def test_closed_dms_fall_back_to_an_ephemeral_panel(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    fake.refuse_dms(world.bob)
    s = await fake.slash(world.alice, "game start", channel=thread)
    await s.response(timeout=10)

    notice = await fake.wait_for_message(
        lambda m: "could not send you a direct message" in shown(m), channel=thread, timeout=10
    )
    assert f"<@{world.bob.id}>" in shown(notice)
    assert "🛡️" in shown(notice)  # the game master is told in the same line block
    assert any(cid.startswith("h:") for cid in notice.custom_ids)
    assert not prompt_messages(fake, world.bob)

    # Bob's next interaction in the game brings up his private panel, ephemerally.
    h = await fake.slash(world.bob, "game status", channel=thread)
    result = await h.response(timeout=10)
    await fake.wait_for(
        lambda: any("could not DM you" in shown(m) for m in fake.ephemerals(world.bob)),
        timeout=10,
        what="fallback panel",
    )
    panel_prompt = await fake.wait_for(
        lambda: next((m for m in fake.ephemerals(world.bob) if any(c.startswith("p:") for c in m.custom_ids)), None),
        timeout=10,
        what="prompt buttons in the panel",
    )
    assert result.ephemeral

    # The panel's buttons work like the DM ones would have.
    press = await fake.press(world.bob, panel_prompt, option_ids(panel_prompt)[0])
    r = await press.response(timeout=10)
    assert "Done" in r.text, r.text

    # And the notice's button opens the panel at any time.
    again = await fake.press(world.bob, notice, next(c for c in notice.custom_ids if c.startswith("h:")))
    r2 = await again.response(timeout=10)
    assert "private panel" in r2.text and r2.ephemeral
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()


async def test_gm_commands_refuse_non_admins_and_are_announced(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    s = await fake.slash(world.alice, "game start", channel=thread)
    await s.response(timeout=10)
    await fake.wait_for(lambda: prompt_messages(fake, world.carol), timeout=10, what="prompt DM")

    refused = await fake.slash(world.alice, "gm pause", channel=thread, reason="I want a break")
    r = await refused.response(timeout=10)
    assert r.ephemeral and "Only a game master" in r.text, r.text

    view = await fake.slash(world.bob, "gm view-as", channel=thread, seat=1)
    r = await view.response(timeout=10)
    assert "Only a game master" in r.text and "hand" not in r.text

    paused = await fake.slash(world.admin, "gm pause", channel=thread, reason="holiday")
    r = await paused.response(timeout=10)
    assert "paused" in r.text, r.text
    await fake.wait_for_message(
        lambda m: "paused the game" in shown(m) and "holiday" in shown(m), channel=thread, timeout=10
    )

    # While paused, a press is refused with the store's sentence and nothing changes.
    message = prompt_messages(fake, world.carol)[-1]
    h = await fake.press(world.carol, message, option_ids(message)[0])
    r = await h.response(timeout=10)
    assert r.text.startswith("⛔") and "paused" in r.text, r.text

    audit = await fake.slash(world.admin, "gm audit", channel=thread)
    r = await audit.response(timeout=10)
    assert "holiday" in r.text and r.ephemeral
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
