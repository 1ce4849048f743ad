"""A structured answer through a modal, end to end (the prompt has a schema, not options)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import shown, start_referee

pytestmark = pytest.mark.asyncio


async def test_structured_prompt_is_answered_with_a_modal(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(
        start_bot, tmp_path, BOT_EXTRA_RULESETS="tests.support.highcard:HIGHCARD,tests.e2e.bot_helpers:FORMGAME"
    )
    h = await fake.slash(world.alice, "game new", channel=world.channel, options={"ruleset": "formgame", "players": 2})
    assert "Created" in (await h.response(timeout=10)).text
    thread = await fake.wait_for_thread(parent=world.channel)
    for user in (world.alice, world.bob):
        await (await fake.slash(user, "game join", channel=thread)).response(timeout=10)
    await (await fake.slash(world.alice, "game start", channel=thread)).response(timeout=10)

    prompt = await fake.wait_for_message(lambda m: "How much do you bid?" in shown(m), channel=thread, timeout=10)
    owner = next(u for u in (world.alice, world.bob) if f"<@{u.id}>" in shown(prompt))
    form_id = next(c for c in prompt.custom_ids if c.startswith("m:"))

    opened = await fake.press(owner, prompt, form_id)
    assert (await opened.response(timeout=10)).modal is not None

    bad = await fake.submit_modal(owner, fields={"amount": "lots"})
    assert "not a valid integer" in (await bad.response(timeout=10)).text

    await (await fake.press(owner, prompt, form_id)).response(timeout=10)
    illegal = await fake.submit_modal(owner, fields={"amount": "11"})
    text = (await illegal.response(timeout=10)).text
    assert text.startswith("⛔") and "(FORM-1)" in text, text

    await (await fake.press(owner, prompt, form_id)).response(timeout=10)
    ok = await fake.submit_modal(owner, fields={"amount": "7", "note": "all in"})
    assert "Done" in (await ok.response(timeout=10)).text
    await fake.wait_for_message(lambda m: "bids 7" in shown(m), channel=thread, timeout=10)

    # The answered prompt shows the choice and loses its buttons.
    await fake.wait_for(
        lambda: "Chosen" in shown(fake.get_message(prompt.id)), timeout=10, what="prompt marked as answered"
    )
    assert fake.get_message(prompt.id).custom_ids == []
    fake.assert_no_violations()
