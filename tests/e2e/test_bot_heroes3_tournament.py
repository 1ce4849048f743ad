"""Heroes III Tournament end to end (issue 17): the real bot, two fake players, a Tournament game
(H3-45) from its own start to the second round.

alice opens the table as a player would, with the option typed as ``mode=tournament`` in
``/game new`` (``cogs.text.parse_options_arg``); the game master starts it with a fixed seed. The
players then build the map through components only: the first player turns the Centre tiles
(H3-45.2.1), both draw Near tiles from the hidden pool in turn and place them (H3-45.2.2), the
first player places the Starting tiles (H3-45.2.3), both draw and place Far tiles (H3-45.2.4).
Setup goes on (starting bonus, H3-4.2; resource dice, H3-20.5), round 1 begins and each player
draws a hand (H3-8.1), takes the Tournament mulligan (H3-45.4.1: the first to be asked keeps, the
other redraws), walks their main hero (H3-9) and ends the turn; the last call (H3-7.7) closes
round 1 and round 2 begins.

Checked: every step above was answered on the message the bot sent for it (secret ones by DM);
each tile placement's message carried the map with the free slots numbered (its options name
their hex, ``at``), and each tile rotation's message the tile previewed in every offered turn (its
options name the tile's hex and their ``turn``);
the adventure map was posted after setup and at every milestone, the first one after round 1
began showing the built map; the pools stayed hidden until each tile was drawn (the no-leak
check replays every prefix of the log); the fake Discord recorded no broken limit.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import Event, Prompt
from tests.e2e.bot_helpers import (
    LogFollower,
    PromptTable,
    board_posts,
    check_public_payloads,
    db_path,
    open_duel,
    shown,
    start_referee,
)

pytestmark = pytest.mark.asyncio

RS = engine.ruleset("heroes3")
SEED = "h3t-0"
OPTIONS = "mode=tournament"  # as a player types it in /game new's options field
TIME_BUDGET = 240.0  # seconds of play before the test gives up
MAX_DECISIONS = 80
AFTER = re.compile(r"board after action (\d+)")
PLACEMENTS = {"H3-45.2", "H3-45.2.3"}  # placing a Near or Far tile, the Starting tiles
ROTATIONS = {"H3-45.2.1", "H3-6.22", "H3-23.4"}  # turning a tile: a Centre tile, a starting tile, a discovered one
BUILD_RULES = {"H3-45.2.1", "H3-45.2", "H3-45.2.3"}  # turning Centre tiles, placing Near/Far tiles, Starting tiles


def decide(prompt: Prompt, walked: set[int], mulligans: int) -> int:
    """Keep the first hand and redraw the second (H3-45.4.1), walk the main hero once per turn,
    then end the turn; pass in the last call; otherwise the first option (a tile's first spot)."""
    actions = [o.action for o in prompt.options]
    kinds = [str(a.get("type")) for a in actions]
    if "mulligan" in kinds:
        return next(i for i, a in enumerate(actions) if a.get("redraw") == (mulligans > 0))
    if "end_turn" in kinds:
        walk = next((i for i, a in enumerate(actions) if a.get("type") == "walk" and a.get("hero") == "main"), None)
        return walk if walk is not None and prompt.seat not in walked else kinds.index("end_turn")
    if "town_pass" in kinds:
        return kinds.index("town_pass")
    return 0


class Follower(LogFollower):
    def __init__(self, path: Path, game_id: int) -> None:
        super().__init__(RS, path, game_id)
        self.kinds: list[str] = []
        self.milestones = 0
        self.rules: set[str] = set()  # the rules of the prompts answered
        self.walked: set[int] = set()  # seats whose main hero walked this turn
        self.mulligans: list[bool] = []  # each mulligan answer's redraw, in order
        self.rounds: list[int] = []
        self.built_at = 0  # the log row after which both Starting tiles were on the map

    def on_step(self, row: Any, action: dict[str, Any], events: list[Event]) -> None:
        public = [e for e in events if e.audience is None]
        self.kinds += [e.kind for e in public]
        self.milestones += any(e.milestone for e in public)
        kind = action.get("type")
        if kind == "walk":
            self.walked.add(int(row["seat"]))
        elif kind == "end_turn":
            self.walked.discard(int(row["seat"]))
        elif kind == "mulligan":
            self.mulligans.append(bool(action.get("redraw")))
        for e in public:
            if e.kind == "h3_round" and e.msg is not None and e.msg.id == "h3.clash.round":
                self.rounds.append(int(e.data["round"]))
            if e.kind == "h3_t_starts":
                self.built_at = int(row["seq"])


async def test_a_tournament_from_its_map_building_to_round_two(
    fake_discord: Any, fake_world: Any, start_bot: Any, tmp_path: Path
) -> None:
    fake, world = fake_discord, fake_world
    await start_referee(start_bot, tmp_path)
    game_id, thread, users = await open_duel(fake, world, tmp_path, "heroes3", seed=SEED, options=OPTIONS)
    follower = Follower(db_path(tmp_path), game_id)
    follower.refresh()
    assert follower.state.mode == "tournament" and follower.state.scenario == "tournament_core", follower.state.mode
    table = PromptTable(fake, world, thread, game_id, users, follower)

    started, decisions, placements, pictured = time.monotonic(), 0, 0, 0
    rotations, turns_pictured = 0, 0
    while 2 not in follower.rounds:
        assert decisions < MAX_DECISIONS and time.monotonic() - started < TIME_BUDGET, (
            f"after {decisions} decisions: rules {sorted(follower.rules)}, rounds {follower.rounds}"
        )
        assert RS.result(follower.state) is None
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        message = await table.arrived(prompt)
        follower.rules.add(prompt.rule)
        if prompt.rule in PLACEMENTS:  # where a tile goes: the message carries the map with the free slots
            placements += 1
            pictured += any(a.filename.endswith(".png") for a in message.attachments)
        if prompt.rule in ROTATIONS:  # how a tile is turned: the message carries the tile in each offered turn
            rotations += 1
            turns_pictured += any(a.filename.endswith(".png") for a in message.attachments)
        await table.choose(prompt, message, decide(prompt, follower.walked, len(follower.mulligans)))
        decisions += 1

    # The Tournament's own start (H3-45.2), every step through a component.
    assert BUILD_RULES <= follower.rules, sorted(follower.rules)
    assert {"h3_t_drawn", "h3_t_placed", "h3_t_starts"} <= set(follower.kinds), sorted(set(follower.kinds))
    assert placements >= 6 and pictured == placements, (placements, pictured)  # cogs.decision_pictures
    assert rotations >= 1 and turns_pictured == rotations, (rotations, turns_pictured)
    state = follower.state
    assert not state.pools.get("near"), state.pools  # every Near tile was drawn and placed
    assert sum(t.kind == "starting" for t in state.tiles) == 2
    # The mulligan (H3-45.4.1): once per player in round 1, one kept and one redrew.
    assert "H3-45.4.1" in follower.rules and follower.mulligans == [False, True], follower.mulligans
    assert "h3_mulligan" in follower.kinds
    assert all(p.mulligan_done for p in state.seats)
    # Round 1's turns (H3-8): a hand drawn by DM, a walk, the turn ended; round 2 announced.
    assert "H3-8.1" in table.dm_prompts, table.dm_prompts
    assert "H3-8.3" in follower.rules and follower.kinds.count("h3_turn_end") >= 2, follower.kinds
    assert follower.rounds[:2] == [1, 2], follower.rounds
    await fake.wait_for(  # the running log of the last step may still be on its way
        lambda: any("Round 2 begins." in shown(m) for m in fake.messages(thread)), timeout=60, what="round 2 announced"
    )

    # The map after setup and at every milestone; one posted once the map was built.
    await fake.wait_for(
        lambda: len(board_posts(fake.messages(thread))) >= 1 + follower.milestones,
        timeout=120,
        what=f"{1 + follower.milestones} board pictures",
    )
    boards = board_posts(fake.messages(thread))
    after = [int(x) for m in boards for x in AFTER.findall(shown(m))]
    assert any(seq > follower.built_at for seq in after), (after, follower.built_at)

    follower.refresh()
    checked = check_public_payloads(fake, follower.secrets, follower.public_texts)
    assert checked > 10
    fake.assert_no_violations()
