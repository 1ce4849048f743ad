"""Seats changing hands (``/gm replace``, ``/gm kick``), undelivered DMs surviving a crash,
and undelivered DMs following their seat to a substitute."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_helpers import (
    assert_no_secret_in_public,
    db_path,
    game_row,
    log_rows,
    option_ids,
    prompt_messages,
    read_only,
    seat_users,
    shown,
    start_referee,
)
from tests.e2e.bot_helpers import open_game as open_started_game
from tests.e2e.test_bot_game import open_game
from tests.support.highcard import HIGHCARD

pytestmark = pytest.mark.asyncio


async def reply(fake: Any, user: Any, command: str, thread: Any, **options: Any) -> Any:
    h = await fake.slash(user, command, channel=thread, options=options)
    return await h.response(timeout=10)


async def press_first(fake: Any, user: Any, message: Any) -> str:
    h = await fake.press(user, message, option_ids(message)[0])
    return (await h.response(timeout=10)).text


async def test_replace_and_kick_move_the_seat_and_its_secrets(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    dana = fake.create_member(world.guild, "dana")
    await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    await (await fake.slash(world.alice, "game start", channel=thread)).response(timeout=10)
    for user in (world.alice, world.bob, world.carol):
        await fake.wait_for(lambda u=user: prompt_messages(fake, u), timeout=10, what="pick DM")
    seats = {uid: seat for seat, uid in seat_users(db_path(tmp_path), game_id).items()}
    carol_seat, bob_seat = seats[world.carol.id], seats[world.bob.id]
    carols_old = prompt_messages(fake, world.carol)[-1]
    bobs_old = prompt_messages(fake, world.bob)[-1]

    # A player cannot hand their seat to someone else.
    no = await reply(fake, world.carol, "gm replace", thread, seat=carol_seat + 1, player=dana, reason="I'm off")
    assert "Only a game master" in no.text and seat_users(db_path(tmp_path), game_id)[carol_seat] == world.carol.id

    # /gm replace: Dana gets the seat, a welcome and the seat's open decision by DM.
    done = await reply(
        fake, world.admin, "gm replace", thread, seat=carol_seat + 1, player=dana, reason="Carol had to drop out"
    )
    assert f"now holds seat {carol_seat + 1}" in done.text, done.text
    await fake.wait_for_message(
        lambda m: f"gave seat {carol_seat + 1}" in shown(m) and "Carol had to drop out" in shown(m),
        channel=thread,
        timeout=10,
    )
    await fake.wait_for(lambda: any("gave you seat" in shown(m) for m in fake.dms(dana)), timeout=10, what="welcome DM")
    danas = await fake.wait_for(
        lambda: (prompt_messages(fake, dana) or [None])[-1], timeout=10, what="Dana's pick prompt"
    )
    assert f"your seat {carol_seat + 1}" in shown(danas)

    # Carol's old buttons are refused and change nothing; Dana's work.
    refused = await press_first(fake, world.carol, carols_old)
    assert refused.startswith("⛔") and "not playing in this game" in refused, refused
    assert "Done" in await press_first(fake, dana, danas)

    # /gm kick: Bob's seat falls vacant and his buttons stop working.
    kicked = await reply(fake, world.admin, "gm kick", thread, player=world.bob, reason="No response for two weeks")
    assert "was removed" in kicked.text, kicked.text
    notice = await fake.wait_for_message(
        lambda m: "removed" in shown(m) and "vacant" in shown(m), channel=thread, timeout=10
    )
    assert f"seat {bob_seat + 1} is vacant" in shown(notice) and "/gm replace" in shown(notice)
    assert seat_users(db_path(tmp_path), game_id)[bob_seat] == 0
    refused = await press_first(fake, world.bob, bobs_old)
    assert refused.startswith("⛔") and "not playing in this game" in refused, refused
    info = await reply(fake, world.alice, "game info", thread)
    assert f"seat {bob_seat + 1}: vacant" in info.text

    # Carol comes back into Bob's seat: she receives that seat's decision (not her old one).
    before = len(prompt_messages(fake, world.carol))
    back = await reply(
        fake, world.admin, "gm replace", thread, seat=bob_seat + 1, player=world.carol, reason="Carol is back"
    )
    assert "now holds seat" in back.text, back.text
    fresh = await fake.wait_for(
        lambda: prompt_messages(fake, world.carol)[before:] or None, timeout=10, what="Carol's new prompt"
    )
    assert f"your seat {bob_seat + 1}" in shown(fresh[-1])

    alices = prompt_messages(fake, world.alice)[-1]
    assert "Done" in await press_first(fake, world.alice, alices)
    assert "Done" in await press_first(fake, world.carol, fresh[-1])
    await fake.wait_for_message(lambda m: "Revealed:" in shown(m), channel=thread, timeout=10)

    picks = {
        r["seat"]: r["user_id"]
        for r in log_rows(db_path(tmp_path), game_id)
        if json.loads(r["action"]).get("type") == "pick"
    }
    assert picks[carol_seat] == dana.id and picks[bob_seat] == world.carol.id
    audit = await reply(fake, world.admin, "gm audit", thread)
    assert "replace" in audit.text and "kick" in audit.text
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()


async def test_undelivered_dms_survive_a_crash_and_show_in_the_panel(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    bot = await start_referee(start_bot, tmp_path)
    thread, game_id = await open_game(fake, world)
    fake.refuse_dms(world.bob)
    await (await fake.slash(world.alice, "game start", channel=thread)).response(timeout=10)
    notice = await fake.wait_for_message(
        lambda m: "could not send you a direct message" in shown(m), channel=thread, timeout=10
    )
    await fake.wait_for(lambda: prompt_messages(fake, world.carol), timeout=10, what="the others' DMs")

    await bot.restart(hard=True, ready_pattern=r"ready as ", timeout=30)  # SIGKILL: nothing in memory survives

    panel = await fake.press(world.bob, notice, next(c for c in notice.custom_ids if c.startswith("h:")))
    r = await panel.response(timeout=10)
    assert r.ephemeral and "Messages I could not send you by DM" in r.text, r.text
    assert "pick a card" in r.text
    buttons = await fake.wait_for(
        lambda: next((m for m in fake.ephemerals(world.bob) if any(c.startswith("p:") for c in m.custom_ids)), None),
        timeout=10,
        what="prompt buttons in the panel",
    )
    assert "Done" in await press_first(fake, world.bob, buttons)

    # Taken once: the next panel no longer repeats them.
    again = await (await fake.slash(world.bob, "game hand", channel=thread)).response(timeout=10)
    assert "private panel" in again.text and "Messages I could not send you by DM" not in again.text
    # Only one closed-DM notice in the thread, before and after the restart.
    notices = [m for m in fake.messages(thread) if "could not send you a direct message" in shown(m)]
    assert len(notices) == 1
    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()


def kept_dms(tmp_path: Path, game_id: int) -> dict[int, str]:
    """user id -> the texts the bot keeps for them (closed DMs), joined, read from the database."""
    with read_only(db_path(tmp_path)) as conn:
        rows = conn.execute(
            "SELECT user_id, json_extract(payload, '$.text') AS content FROM outbox"
            " WHERE kind = 'kept_dm' AND delivered_at IS NULL AND game_id = ? ORDER BY id",
            (game_id,),
        ).fetchall()
    out: dict[int, str] = {}
    for row in rows:
        out[int(row["user_id"])] = out.get(int(row["user_id"]), "") + str(row["content"]) + "\n"
    return out


def opening_hand(tmp_path: Path, game_id: int, seat: int) -> str:
    """The opening-hand DM line of ``seat``, rebuilt from the seed (read from the database)."""
    row = game_row(db_path(tmp_path), game_id)
    state = HIGHCARD.setup(json.loads(row["options"]), row["seed"])
    return f"Your opening hand: {', '.join(state.hands[seat])}."


async def test_undelivered_dms_follow_their_seat_to_the_substitute(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    dana = fake.create_member(world.guild, "dana")
    await start_referee(start_bot, tmp_path)
    fake.refuse_dms(world.bob)
    fake.refuse_dms(world.carol)
    game_id, thread, seats = await open_started_game(
        fake, world, tmp_path, "highcard", options="rounds=1 opening_hands=true"
    )
    by_user = {u.id: seat for seat, u in seats.items()}
    carol_seat, bob_seat = by_user[world.carol.id], by_user[world.bob.id]
    carols_hand, bobs_hand = opening_hand(tmp_path, game_id, carol_seat), opening_hand(tmp_path, game_id, bob_seat)
    await fake.wait_for(
        lambda: len([m for m in fake.messages(thread) if "could not send you a direct message" in shown(m)]) == 2,
        timeout=10,
        what="two closed-DM notices",
    )
    assert carols_hand in kept_dms(tmp_path, game_id)[world.carol.id]

    # Dana (DMs open) takes Carol's seat: what the seat was sent arrives by DM at once.
    done = await reply(
        fake, world.admin, "gm replace", thread, seat=carol_seat + 1, player=dana, reason="Carol had to drop out"
    )
    assert "now holds seat" in done.text, done.text
    welcome = await fake.wait_for(
        lambda: next((m for m in fake.dms(dana) if "gave you seat" in shown(m)), None), timeout=10, what="welcome DM"
    )
    assert carols_hand in shown(welcome) and "not delivered before you took it" in shown(welcome)
    await fake.wait_for(  # delivered (forgotten right after the send), and out of Carol's reach
        lambda: not {world.carol.id, dana.id} & set(kept_dms(tmp_path, game_id)),
        timeout=10,
        what="the kept DMs handed over",
    )
    carol = await reply(fake, world.carol, "game hand", thread)
    assert carol.ephemeral and "not playing in this game" in carol.text and carols_hand not in carol.text

    # Bob is removed: his seat's messages stay with the vacant seat, not with him.
    await reply(fake, world.admin, "gm kick", thread, player=world.bob, reason="No response for two weeks")
    assert world.bob.id not in kept_dms(tmp_path, game_id) and bobs_hand in kept_dms(tmp_path, game_id)[0]
    bob = await reply(fake, world.bob, "game hand", thread)
    assert "not playing in this game" in bob.text and bobs_hand not in bob.text

    # Carol (DMs still closed) comes back into Bob's seat: her panel shows that seat's
    # messages, never those of the seat she left (Dana's hand now).
    back = await reply(
        fake, world.admin, "gm replace", thread, seat=bob_seat + 1, player=world.carol, reason="Carol is back"
    )
    assert "now holds seat" in back.text, back.text
    await fake.wait_for(  # the welcome and the seat's re-posted decision are kept after the reply
        lambda: kept_dms(tmp_path, game_id).get(world.carol.id, "").count("pick a card to play") == 2,
        timeout=10,
        what="Carol's welcome and prompt kept for her panel",
    )
    panel = await reply(fake, world.carol, "game hand", thread)
    assert panel.ephemeral and "Messages I could not send you by DM" in panel.text, panel.text
    assert bobs_hand in panel.text and "gave you seat" in panel.text
    seen_by_carol = "\n".join(shown(m) for m in fake.ephemerals(world.carol))
    assert carols_hand not in seen_by_carol
    audit = await reply(fake, world.admin, "gm audit", thread)
    assert '"pending_dms":' in audit.text

    assert_no_secret_in_public(fake, db_path(tmp_path), game_id)
    fake.assert_no_violations()
