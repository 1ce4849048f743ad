"""A ruling handed to the game master, end to end, in a game started with a GM-fixed seed.

High Card with ``gm_ties`` hands a tied reveal to the GM (``state.gm.hand_over``). The
thread hears that a ruling is due, never which card; a player cannot resolve it; the
GM resolves it with ``/gm resolve`` (a note and a patch) and play continues to the end,
where the seed fixed at the start is revealed and matches the hash published then.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import (
    SECRET_CARD,
    assert_no_secret_in_public,
    button_with_label,
    db_path,
    log_rows,
    prompt_messages,
    seat_users,
    shown,
    start_referee,
    tie_seed,
)

pytestmark = pytest.mark.asyncio


async def reply(fake: Any, user: Any, command: str, thread: Any, **options: Any) -> Any:
    h = await fake.slash(user, command, channel=thread, options=options)
    return await h.response(timeout=10)


async def test_gm_resolves_a_tie_and_play_continues(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    seed, tie_cards = tie_seed(2, rounds=1, gm_ties=True)

    created = await reply(
        fake, world.alice, "game new", world.channel, ruleset="highcard", players=2, options="rounds=1 gm_ties=true"
    )
    assert "Created" in created.text, created.text
    found = re.search(r"#(\d+)", created.text)
    assert found is not None, created.text
    game_id = int(found.group(1))
    thread = await fake.wait_for_thread(parent=world.channel)
    lobby = await fake.wait_for_message(lambda m: "opened by" in shown(m), channel=thread, timeout=10)
    assert "gm_ties=True" in shown(lobby) and "rounds=1" in shown(lobby)
    for user in (world.alice, world.bob):
        assert "joined" in (await reply(fake, user, "game join", thread)).text

    # Only a game master may fix the seed; the refusal says why and nothing starts.
    refused = await reply(fake, world.alice, "game start", thread, seed=seed)
    assert refused.ephemeral and refused.text.startswith("⛔ Only a game master can fix the seed"), refused.text
    assert "started" not in " ".join(shown(m) for m in fake.messages(thread))

    started = await reply(fake, world.admin, "game start", thread, seed=seed)
    digest = hashlib.sha256(seed.encode()).hexdigest()
    assert "has started" in started.text and digest in started.text and seed not in started.text
    announced = await fake.wait_for_message(
        lambda m: "started the game" in shown(m) and not m.ephemeral, channel=thread, timeout=10
    )
    assert digest in shown(announced) and "fixed by the game master" in shown(announced)

    # Each seat plays its card of the common value: a tie.
    users = seat_users(db_path(tmp_path), game_id)
    by_id = {world.alice.id: world.alice, world.bob.id: world.bob}
    for seat, card in enumerate(tie_cards):
        user = by_id[users[seat]]
        message = await fake.wait_for(
            lambda u=user: prompt_messages(fake, u)[-1] if prompt_messages(fake, u) else None,
            timeout=10,
            what="pick DM",
        )
        r = await (await fake.press(user, message, button_with_label(message, card))).response(timeout=10)
        assert "Done" in r.text, r.text

    handed = await fake.wait_for_message(lambda m: "must resolve this" in shown(m), channel=thread, timeout=10)
    line = next(ln for ln in shown(handed).splitlines() if "must resolve this" in ln)
    assert "(TEST-3)" in line and "tied" in line and not SECRET_CARD.search(line), line
    due = await fake.wait_for_message(
        lambda m: "waits for a game-master ruling" in shown(m), channel=thread, timeout=10
    )
    assert "/gm resolve" in shown(due) and not SECRET_CARD.search(shown(due))

    # The players see who the game waits on; only the GM's autocomplete shows the task's text.
    status = await reply(fake, world.bob, "game status", thread)
    assert "the game master: a game-master ruling" in status.text
    theirs = (
        await (await fake.autocomplete(world.bob, "gm resolve", "task", "", channel=thread)).response(timeout=10)
    ).choices
    assert not theirs
    mine = (
        await (await fake.autocomplete(world.admin, "gm resolve", "task", "", channel=thread)).response(timeout=10)
    ).choices
    assert [c["value"] for c in mine] == [1] and tie_cards[0] in mine[0]["name"]

    # A player cannot resolve it; nothing changes.
    seq_before = len(log_rows(db_path(tmp_path), game_id))
    no = await reply(fake, world.alice, "gm resolve", thread, task=1, note="I win")
    assert no.ephemeral and "Only a game master" in no.text, no.text
    if due.buttons:  # the notice may carry the task's own "Resolved" button: a player's press is refused too
        pressed_by_player = await (await fake.press(world.bob, due, due.buttons[0]["custom_id"])).response(timeout=10)
        assert pressed_by_player.ephemeral and "Only a game master" in pressed_by_player.text, pressed_by_player.text
    assert len(log_rows(db_path(tmp_path), game_id)) == seq_before

    patch = json.dumps([{"op": "replace", "path": "/scores/0", "value": 1}])
    ok = await reply(
        fake, world.admin, "gm resolve", thread, task=1, note="Seat 1 revealed first, so seat 1 scores", patch=patch
    )
    assert ok.ephemeral and "Task 1 resolved" in ok.text, ok.text
    await fake.wait_for_message(
        lambda m: "resolved task 1 with a state edit" in shown(m) and "seat 1 scores" in shown(m),
        channel=thread,
        timeout=10,
    )
    last = log_rows(db_path(tmp_path), game_id)[-1]
    assert last["kind"] == "gm" and json.loads(last["action"])["type"] == "gm_resolve"

    # Play continues: each seat calls in turn, and the game ends with seat 1 ahead.
    pressed: set[int] = set()
    for _ in range(2):
        call = await fake.wait_for_message(
            lambda m: any(b.get("label") == "Hold" for b in m.buttons) and m.id not in pressed,
            channel=thread,
            timeout=10,
        )
        pressed.add(call.id)
        owner = next(u for u in (world.alice, world.bob) if f"<@{u.id}>" in shown(call))
        assert "Done" in (await (await fake.press(owner, call, label="Hold")).response(timeout=10)).text
    over = await fake.wait_for_message(lambda m: "Game over" in shown(m), channel=thread, timeout=10)
    assert f"<@{users[0]}>" in shown(over)
    revealed = await fake.wait_for_message(lambda m: "Its seed was" in shown(m), channel=thread, timeout=10)
    assert seed in shown(revealed) and digest in shown(revealed)

    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()
