"""Heroes III's solo Campaign end to end (H3-3.2.2, H3-44): the real bot, one fake player, the house
campaign "The Necropolis War" from its first scenario into its second, in one thread.

alice opens the table (``/game new`` with ``players 1`` and the options typed as
``mode=cooperative campaign=necropolis_war``), joins alone and the game master starts it with
``SEED``. She plays her first turn from her DMs; then the game master records, by an audited
``/gm override edit:patch``, that the table's goal is met this round (``met``: what holding the
Necropolis town records, coop/victory.py), standing in for a whole scenario's play.

Covered, through components only:
- the campaign is announced as the game begins (scenario 1 of 2) and its bonus replaces the
  difficulty bonus (H3-4.5);
- at the end of that round the scenario is won but the game goes on (H3-5.7): alice is asked whether
  to change hero (H3-44.6), then for the cards to carry (H3-44.2: 5, or all her deck has besides its
  statistic and specialty cards after one round), each by DM (the deck is hers alone); the thread
  hears only how many she has chosen;
- the second scenario, The Barrow Road, begins in the same thread with her carried deck: statistic
  cards, the level I specialty and the 5 picks, her hero at level I;
- no card she carried is named in any public payload, in English or Chinese; every public payload
  passed the leak check; the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core import Event
from engine.core.text import Ref
from engine.heroes3 import names as h3_names
from engine.heroes3.content.clash import clash_content
from tests.e2e.alliance_helpers import RS, decide, open_heroes3
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    check_public_payloads,
    db_path,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio

SEED = "h3camp-0"
OPTIONS = "mode=cooperative campaign=necropolis_war"
TIME_BUDGET = 180.0
MAX_DECISIONS = 60
REASON = "test: the scenario's goal stands as met"
LOCALES = ("en", "zh_Hans", "zh_Hant")


class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.kinds: list[str] = []  # public event kinds, in order

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        self.kinds += [e.kind for e in events if e.audience is None]


async def test_a_campaign_goes_from_its_first_scenario_to_its_second(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    game_id, thread, seats = await open_heroes3(fake, world, tmp_path, (world.alice,), OPTIONS, SEED)
    assert seats == {0: world.alice}
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    state = follower.state
    assert state.campaign is not None and state.scenario == "coop_lone_vigil"
    # H3-3.2.2: the opening messages say where in the campaign the table stands
    said = "Campaign The Necropolis War: scenario 1 of 2, 0 won so far."
    await fake.wait_for(lambda: any(said in shown(m) for m in fake.messages(thread)), timeout=30, what=said)
    table = PromptTable(fake, world, thread, game_id, {0: world.alice}, follower)

    started, decisions, patched = time.monotonic(), 0, False
    picks: list[str] = []  # the cards alice carries into the second scenario (content ids: the next
    # scenario deals them as new instances, so no instance id is ever reused)
    while follower.state.scenario == "coop_lone_vigil":
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"round {follower.state.round} after {decisions} decisions: {follower.kinds[-5:]}"
        )
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        decisions += 1
        if not patched and prompt.rule == "H3-8.3":  # her main menu: the game master records the goal met
            ops = [{"op": "replace", "path": "/met", "value": [0]}]
            options = {"edit": "patch", "payload": json.dumps(ops), "reason": REASON}
            r = await (await fake.slash(world.admin, "gm override", channel=thread, options=options)).response(
                timeout=30
            )
            assert "⛔" not in r.text, r.text
            follower.refresh()
            assert follower.state.met == [0]
            patched = True
            continue
        if prompt.rule == "H3-44.2":  # the cards to carry: hers alone, by DM (H-1)
            assert prompt.secret, prompt
            picks.append(follower.state.cards[str(prompt.options[0].action["pick"])])
        await table.choose(prompt, await table.arrived(prompt), decide(prompt))

    state = follower.state
    # H3-5.7 / H3-44.2: won, and the next scenario set up in the same game with the carried deck
    assert "h3_campaign_won" in follower.kinds and "h3_campaign_next" in follower.kinds, follower.kinds
    assert state.winners is None and state.scenario == "coop_barrow_road" and state.campaign is not None
    assert state.campaign.index == 1 and state.campaign.won == 1
    # up to 5: a deck of one short scenario may hold fewer cards that are neither statistic nor specialty
    assert 1 <= len(picks) <= 5 and "H3-44.2" in table.dm_prompts, (picks, table.dm_prompts)
    p = state.player(0)
    assert p.level == 1
    carried = p.deck.hand + p.deck.draw.draw_pile + p.deck.discard
    kinds = [clash_content().cards[state.cards[c]].kind for c in carried]
    assert sorted(picks) == sorted(
        state.cards[c] for c in carried if clash_content().cards[state.cards[c]].kind not in ("statistic", "specialty")
    ), kinds
    said = "The Necropolis War, scenario 2 of 2: The Barrow Road begins."
    await fake.wait_for(lambda: any(said in shown(m) for m in fake.messages(thread)), timeout=60, what=said)

    # None of the carried cards is named in public, in any language.
    names = {h3_names().name(Ref(kind="card", id=c), loc) for c in picks for loc in LOCALES}
    public = [shown(m) for m in fake.messages(thread)]
    assert not [t for t in public if any(n and n in t for n in names)], "a carried card named in the thread"
    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 5
    fake.assert_no_violations()
