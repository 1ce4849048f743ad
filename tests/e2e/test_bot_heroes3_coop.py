"""Heroes III Cooperative, played solo, end to end (H3-3.2.4): the real bot, one fake player against the
AI enemy, round 1 and the AI heroes' turn that follows it (H3-41.4).

bob opens the table as a player would (``/game new`` with ``players 1`` and the option typed as
``mode=cooperative``), joins alone and the game master starts it with ``SEED``. bob's Discord client
is Chinese (zh-CN). He follows the game from the database and answers each open prompt by pressing
its button on the message the bot sent for it, ending his turn from the main menu.

Covered, through components only:
- one seat starts a Cooperative table (``Ruleset.seat_range``), on the house scenario "Lone Vigil";
- after bob's turn and the last call, the AI enemy's heroes take their turn on their own: the thread is
  told of it, every AI move is public, and any question the rules leave to the player (the turn of a
  tile an AI hero explores, H3-41.5; a tie between equally short ways, A-42) reaches bob and nobody
  else, who answers it by button; round 2 then begins with bob's turn;
- the map picture posted in the thread is drawn from a public view carrying the AI heroes, and draws
  them by their printed names;
- the AI decks (hidden from all, H3-41.6) are among the secrets every public payload is checked
  against; the thread pings nobody while the AI moves; the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from bench.table import pings
from engine.core import Event
from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.views import ai_secrets
from tests.e2e.alliance_helpers import RS, decide, open_heroes3, words
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    board_posts,
    check_public_payloads,
    db_path,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio

SEED = "h3coop-0"
TIME_BUDGET = 180.0  # seconds of play before the test gives up
MAX_DECISIONS = 40
CJK = re.compile(r"[\u4e00-\u9fff]")


class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.ai_events: list[Event] = []  # the public events of the AI enemy's turn (h3_ai_*)

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        self.ai_events += [e for e in events if e.audience is None and e.kind.startswith("h3_ai_")]


async def test_a_solo_cooperative_round_and_the_ai_turn(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    fake.set_locale(world.bob, "zh-CN")
    await start_referee(start_bot, tmp_path)
    game_id, thread, seats = await open_heroes3(fake, world, tmp_path, (world.bob,), "mode=cooperative", SEED)
    assert seats == {0: world.bob}

    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    state = follower.state
    assert (state.mode, state.scenario, state.teams) == ("cooperative", "coop_lone_vigil", [[0]])
    assert [a.id for a in state.ai_heroes] == ["tamika", "sandro"] and state.ai_town is not None
    assert ai_secrets(state) <= follower.secrets  # the AI decks are checked for leaks like any hand
    table = PromptTable(fake, world, thread, game_id, {0: world.bob}, follower)

    started, decisions = time.monotonic(), 0
    ai_asked: list[str] = []  # rules of the questions the AI's turn asked bob
    ai_turn_at: int | None = None  # the fake's mark when the AI enemy's turn began
    while follower.state.round < 2 or follower.state.active != 0:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"round {follower.state.round} after {decisions} decisions"
        )
        if ai_turn_at is None and follower.ai_events:
            ai_turn_at = len(fake.sent)
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        assert prompt.seat == 0, prompt  # the only human answers everything the rules give a player (P-56)
        decisions += 1
        if prompt.rule in ("H3-41.5", "A-42"):
            ai_asked.append(prompt.rule)
        await table.choose(prompt, await table.arrived(prompt), decide(prompt))

    # H3-41.4: the AI heroes moved after bob's turn, in public, by their printed names.
    kinds = [e.kind for e in follower.ai_events]
    assert kinds[0] == "h3_ai_turn" and ("h3_ai_moved" in kinds or "h3_ai_explores" in kinds), kinds
    moved = {a.id: tuple(a.field) for a in follower.state.ai_heroes}
    assert any(field != tuple(follower.state.ai_town) for field in moved.values()), moved
    said = ("The AI enemy (Necropolis) takes its turn.", "Tamika moves from (-6, 4)")  # the thread's English
    await fake.wait_for(
        lambda: all(any(x in shown(m) for m in fake.messages(thread)) for x in said), timeout=60, what=f"{said}"
    )
    assert ai_turn_at is not None
    ai_posts = [p for p in fake.sent[ai_turn_at:] if p.kind == "message" and p.channel_id == thread.id]
    if not ai_asked:  # nothing was asked of bob: nobody's decision was awaited, so nobody was pinged
        assert not [p.content for p in ai_posts if pings(p)], "the AI's own moves pinged someone"

    # The map: posted in the thread, drawn from a public view that carries the AI heroes by name.
    await fake.wait_for(lambda: board_posts(fake.messages(thread)), timeout=120, what="a board picture")
    view = RS.view(follower.state, None)
    assert [a["hero"] for a in view["ai"]["heroes"]] == ["tamika", "sandro"], view["ai"]
    texts = words(view)
    for hero in ("tamika", "sandro"):
        name = h3_names().name(Ref(kind="hero", id=hero), "en")
        assert name is not None and any(name in t for t in texts), (name, texts)

    # bob's client is Chinese: his DMs (his own decisions) are written in Chinese.
    assert CJK.search(" ".join(m.content for m in fake.dms(world.bob)))

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 5
    fake.assert_no_violations()
