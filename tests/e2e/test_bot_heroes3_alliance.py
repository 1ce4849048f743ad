"""Heroes III Alliance end to end (H3-3.2.3): the real bot, four fake players in two teams, round 1.

alice opens the table as a player would (``/game new`` with ``players 4`` and the option typed as
``mode=alliance``); alice, bob, carol and dave join and the game master starts it with ``SEED``, so
every run plays the same game. bob's Discord client is Chinese (zh-CN). The players follow the game
from the database (replaying the log with the engine) and answer each open prompt by pressing its
button, or picking its select-menu entry, on the message the bot sent for it.

Covered, through components only:
- the team order (H3-7.8, the table's default ``team_order: agree``): each team's question reaches
  every member at once in their DMs (a secret simultaneous choice), nobody outside the team is asked
  or pinged; both members press the same order, the starting team against the clock, the other
  keeping it; both orders are announced and round 1's turns alternate between the teams in them;
- ally trading (H3-43.3.1): the first player of round 1 offers their ally 1 gold for 1 building
  materials from their main menu, the ally accepts from the decision the bot sends them (out of
  turn, ``waiting=False``) and both purses change in the database; a second offer is declined and
  no purse changes;
- the adventure map posted in the thread is drawn from a public view that carries the teams, and
  the picture of that view writes "Team 1"/"Team 2" on the seats' panels;
- every public payload passed the leak check; the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from bench.table import pings
from engine.core import Event, Prompt
from engine.heroes3 import ally_offer_lines
from engine.heroes3 import names as h3_names
from i18n import render
from tests.e2e.alliance_helpers import RS, answer_message, decide, index_of, open_alliance, seat_four, team_order, words
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

TIME_BUDGET = 180.0  # seconds of play before the test gives up
MAX_DECISIONS = 60
RESOURCES = ("gold", "building_materials", "valuables")
OFFER = ({"gold": 1}, {"building_materials": 1})  # what the first player gives and asks in the accepted offer
CJK = re.compile(r"[\u4e00-\u9fff]")


Purses = dict[int, dict[str, int]]  # seat -> resource -> amount


def purses(state: Any) -> Purses:
    return {p.seat: {k: int(p.resources.get(k, 0)) for k in RESOURCES} for p in state.seats}


class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.turns: list[int] = []  # seats whose turn began in round 1 (h3_turn), in order
        self.orders: list[str] = []  # the team orders announced (h3_team_order)
        self.trades: list[tuple[str, Purses, Purses]] = []  # (event kind, purses before, purses after)
        self._before = purses(self.state)

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        public = [e for e in events if e.audience is None]
        after = purses(self.state)
        for e in public:
            if e.kind == "h3_turn" and self.state.round == 1:
                self.turns.append(int(e.data["seat"]))
            elif e.kind == "h3_team_order":
                self.orders.append(e.text)
            elif e.kind in ("h3_ally_traded", "h3_ally_declined"):
                self.trades.append((e.kind, self._before, after))
        self._before = after


async def trade(table: PromptTable, prompt: Prompt, accept: bool) -> None:
    """H3-43.3.1: the active player offers their ally 1 gold for 1 building materials from the main menu;
    the ally answers from the out-of-turn decision the bot sends them."""
    follower = table.follower
    seat = prompt.seat
    ally = next(s for t in follower.state.teams if seat in t for s in t if s != seat)
    give, want = OFFER
    offer = {"type": "ally_offer", "to": ally, "give": give, "want": want}
    message = await table.arrived(prompt)
    offered = table.fake.mark()  # messages sent from here on have greater ids
    await table.choose(prompt, message, index_of(prompt, lambda a: a == offer))
    assert [(o.by, o.to) for o in follower.state.ally_offers] == [(seat, ally)], follower.state.ally_offers
    answer = next((p for p in follower.prompts() if p.seat == ally and p.rule == "H3-43.3"), None)
    assert answer is not None and not answer.waiting, [(p.seat, p.rule, p.waiting) for p in follower.prompts()]
    message = await answer_message(table, answer, offered)
    if accept:  # /game status: the active seat holds the game up; the others' open decisions hold nobody up
        r = await (await table.fake.slash(table.world.alice, "game status", channel=table.thread)).response(timeout=10)
        assert r.text.count("⏳") == 1 and r.text.count("➖") == 3 and "locked in" not in r.text, r.text
        await open_offer_on_panel(table, seat)
    # Nobody waits on it, yet the ally has not answered it: it is not "locked in" (a simultaneous answer's words).
    assert "locked in" not in message.content, message.content
    want_action = {"type": "ally_answer", "by": seat, "accept": accept}
    await table.choose(answer, message, index_of(answer, lambda a: a == want_action))
    assert not follower.state.ally_offers


async def quiet_optional_prompts(table: PromptTable) -> None:
    """The other seats' town actions (H3-10.2) are open to them at every step of the active player
    (``waiting=False``): renewed on the seat's last message rather than posted again at each step, they
    never ping."""
    fake, thread = table.fake, table.thread
    posts = [
        p for p in fake.payloads(kind="message") if p.channel_id == thread.id and "rule H3-10.2" in (p.content or "")
    ]
    assert posts, "no town action was offered out of turn"
    assert not [p.content for p in posts if pings(p)], "an optional decision pinged its player"
    for seat in table.users:
        mine = [p for p in posts if f"seat {seat + 1} (<@" in (p.content or "")]
        assert len(mine) <= 2, f"seat {seat + 1}'s town action was posted {len(mine)} times"


async def open_offer_on_panel(table: PromptTable, seat: int) -> None:
    """``/game hand``: the offerer's panel lists the open offer (H3-43.3.1), in the reader's language
    (bob's client is Chinese)."""
    user = table.users[seat]
    locale = "zh_Hans" if user is table.world.bob else "en"
    lines = [render(line, locale, h3_names()) for line in ally_offer_lines(RS.view(table.follower.state, seat))]
    assert len(lines) == 1, lines
    handle = await table.fake.slash(user, "game hand", channel=table.thread)
    r = await handle.response(timeout=20)
    assert r.ephemeral, r.text
    await table.fake.wait_for(lambda: lines[0] in handle.result().text, timeout=20, what=f"the panel line {lines[0]}")


async def test_an_alliance_round_through_components(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    seat_four(fake, world)
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_alliance(fake, world, tmp_path)
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    state = follower.state
    assert state.mode == "alliance" and state.scenario == "alliance_four_winds", (state.mode, state.scenario)
    assert state.teams == [[0, 2], [1, 3]] and len(users) == 4, (state.teams, users)
    table = PromptTable(fake, world, thread, game_id, users, follower)

    asked: list[tuple[int, list[int]]] = []  # (asked seat, chosen order) of each team-order question
    traded = 0  # offers answered: the first accepted, the second declined
    started, decisions = time.monotonic(), 0
    while len(follower.turns) < 4:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"round {follower.state.round} after {decisions} decisions: turns {follower.turns}"
        )
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        decisions += 1
        if prompt.rule == "H3-7.8":
            await team_order(table, prompt, asked)
        elif prompt.rule == "H3-8.3" and traded < 2:
            await trade(table, prompt, accept=traded == 0)
            traded += 1
        else:
            await table.choose(prompt, await table.arrived(prompt), decide(prompt))

    # H3-7.8: both teams chose, each once; the turns alternate between the teams in the chosen orders.
    assert len(asked) == 2, asked
    (_, first_order), (_, second_order) = asked
    assert follower.turns == [first_order[0], second_order[0], first_order[1], second_order[1]], (
        follower.turns,
        asked,
    )
    assert follower.state.starting in first_order  # the starting player's team goes first (H3-7.1)
    announced = [f"In this round seat {o[0] + 1} plays first and seat {o[1] + 1} plays last" for _, o in asked]
    assert all(a in t for a, t in zip(announced, follower.orders, strict=True)), follower.orders
    await fake.wait_for(
        lambda: all(any(a in shown(m) for m in fake.messages(thread)) for a in announced),
        timeout=60,
        what="both team orders announced in the thread",
    )

    # H3-43.3.1: the accepted offer moved both purses at once; the declined one moved nothing.
    assert [kind for kind, _, _ in follower.trades] == ["h3_ally_traded", "h3_ally_declined"], follower.trades
    (_, before, after), (_, before2, after2) = follower.trades
    giver = first_order[0]
    ally = next(s for s in first_order if s != giver)
    give, want = OFFER
    changed = {s for s in before if before[s] != after[s]}
    assert changed == {giver, ally}, (before, after)
    for k in RESOURCES:
        assert after[giver][k] == before[giver][k] - give.get(k, 0) + want.get(k, 0), (k, before, after)
        assert after[ally][k] == before[ally][k] + give.get(k, 0) - want.get(k, 0), (k, before, after)
    assert before2 == after2, (before2, after2)
    said = (
        f"Trade between allies: seat {giver + 1} gives seat {ally + 1} 1 gold; seat {ally + 1} gives seat {giver + 1}",
        f"Seat {ally + 1} declines the offer of seat {giver + 1}.",
    )
    await fake.wait_for(
        lambda: all(any(x in shown(m) for m in fake.messages(thread)) for x in said), timeout=60, what=f"{said}"
    )
    # The ally's answer is an option of ally trading, whose prompt goes to its seat alone (the engine marks
    # it secret, H-27): it came by DM.
    assert "H3-43.3" in table.dm_prompts, (table.dm_prompts, table.thread_prompts)

    # The map of the table: posted in the thread, drawn from a public view that names the teams.
    await fake.wait_for(lambda: board_posts(fake.messages(thread)), timeout=120, what="a board picture")
    view = RS.view(follower.state, None)
    assert view["teams"] == [[0, 2], [1, 3]], view.get("teams")
    texts = words(view)
    assert texts.count("Team 1") == 2 and texts.count("Team 2") == 2, [t for t in texts if "Team" in t]

    await quiet_optional_prompts(table)

    # bob's client is Chinese: his DMs (his own decisions) are written in Chinese.
    assert CJK.search(" ".join(m.content for m in fake.dms(world.bob)))

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 10
    fake.assert_no_violations()
