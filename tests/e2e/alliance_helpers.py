"""Shared steps of the Heroes III Alliance end-to-end tests (H3-3.2.3): four fake players at a seeded
table, the team-order questions (H3-7.8) answered as players would, and the map picture's words.

Shared by tests/e2e/test_bot_heroes3_alliance.py and tests/e2e/test_bot_heroes3_alliance_swap.py so
both open the same game the same way (same seed, same choices), rather than each keeping a copy.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import engine
from bench.table import MENTION, pings
from engine.core import Prompt
from engine.heroes3.content.clash import clash_content
from renderers import heroes3_map as M
from tests.e2e.bot_helpers import LogFollower, PromptTable, db_path, find_prompt_message, seat_users, shown

RS = engine.ruleset("heroes3")
# Found with the engine alone: under it seat 4 starts, so the starting team's member seated first
# clockwise (seat 4, whose answer decides if the members disagree) is not its lowest seat number, and
# the fourth turn of round 1 begins after 22 decisions (the four starting tiles, bonuses and resource
# dice, two team orders, two offers); each team order counts as one decision here, answered in secret
# by both members (H3-7.8, ``team_order: agree``).
SEED = "h3a-0"
OPTIONS = "mode=alliance"  # as a player types it in /game new's options field


def seat_four(fake: Any, world: Any) -> None:
    """The fake world has three players; an Alliance table needs a fourth (dave). bob's client is
    Chinese (zh-CN), so every test also meets a second locale."""
    world.users["dave"] = fake.create_member(world.guild, "dave")
    world.players.append(world.users["dave"])
    fake.set_locale(world.bob, "zh-CN")


def clockwise(state: Any) -> list[int]:
    """The seats clockwise from the starting player (H3-7.1): seat numbers go round the table."""
    n = len(state.seats)
    return [(state.starting + i) % n for i in range(n)]


def words(view: dict[str, Any], locale: str = "en") -> list[str]:
    """Every word the map picture of ``view`` draws over its cached map layer (laid out, not rasterised),
    as tests/renderers/test_heroes3_map.py reads them."""
    _, pen, _, _ = M._pixels(view, 1800, M._words(locale, None))
    return [t.get_text() for t in pen.ax.texts]


async def create_heroes3(
    fake: Any, world: Any, players: tuple[Any, ...], options: str, factions: tuple[str | None, ...] = ()
) -> tuple[int, Any, list[str]]:
    """Create a Heroes III table as its first player would (``/game new`` with the seat count and the
    options as typed) and join ``players``, each with its typed faction if ``factions`` gives one; returns
    its id, its thread (the one this creation opened) and the replies to the joins."""
    opts: dict[str, Any] = {"ruleset": "heroes3", "players": len(players), "options": options}
    known = {t.id for t in fake.threads(world.channel)}
    result = await (await fake.slash(players[0], "game new", channel=world.channel, options=opts)).response(timeout=10)
    match = re.search(r"(?<!<)#(\d+)", result.text)
    assert match is not None, result.text
    thread = await fake.wait_for_thread(lambda t: t.id not in known, parent=world.channel)
    replies = []
    for i, user in enumerate(players):
        faction = factions[i] if i < len(factions) else None
        joining = {"options": {"faction": faction}} if faction else {}
        replies.append(
            (await (await fake.slash(user, "game join", channel=thread, **joining)).response(timeout=10)).text
        )
    return int(match.group(1)), thread, replies


async def open_expansion_table(
    fake: Any, world: Any, tmp_path: Path, expansion: str, name: str, seed: str
) -> tuple[int, Any, dict[int, Any], LogFollower]:
    """A two-seat Clash whose table adds the box ``expansion`` (typed ``expansions=<id>``; ``name`` its English
    name), alice joining as its faction (typed in lower case), bob as Castle, started by the game master with
    ``seed`` (H3-49.6). Checked on the way: the lobby line names the expansion in words, never the typed id; the
    table is told at the start that it joined the scenario; alice plays that faction from its starting tile with
    one of its heroes. Returns the game's id, its thread, seat -> user and a follower of its log."""
    game_id, thread, replies = await create_heroes3(
        fake, world, (world.alice, world.bob), f"expansions={expansion}", (expansion, "Castle")
    )
    assert not [r for r in replies if "⛔" in r], replies
    lobby = " ".join(shown(m) for m in fake.messages(thread)) + " ".join(shown(m) for m in fake.messages(world.channel))
    assert f"expansions: {name}" in lobby and expansion not in lobby  # in words, never the typed id
    started = await (await fake.slash(world.admin, "game start", channel=thread, options={"seed": seed})).response(
        timeout=30
    )
    assert "⛔" not in started.text, started.text
    by_id = {world.alice.id: world.alice, world.bob.id: world.bob}
    seats = {seat: by_id[uid] for seat, uid in seat_users(db_path(tmp_path), game_id).items()}
    said = f"Expansions added to the scenario: {name}."
    await fake.wait_for(lambda: any(said in shown(m) for m in fake.messages(thread)), timeout=60, what=said)
    follower = LogFollower(RS, db_path(tmp_path), game_id)
    follower.refresh()
    state = follower.state
    mine = next(p for p in state.seats if p.faction == expansion)
    assert seats[mine.seat] == world.alice and state.boxes == ["core", expansion]
    assert mine.hero in clash_content().towns[expansion].heroes
    assert any(t.tile == clash_content().starting_tile(expansion).id for t in state.tiles)
    return game_id, thread, seats, follower


async def play_to_round(table: PromptTable, until: int, *, decisions: int, seconds: float) -> int:
    """Answer every prompt the game waits on through the bot (``decide``: end the turn, else the first
    option) until round ``until`` begins, within ``decisions`` presses and ``seconds``; returns the presses."""
    follower, began, made = table.follower, time.monotonic(), 0
    while follower.state.round < until:
        assert made < decisions and time.monotonic() - began < seconds, follower.state.round
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        assert prompt is not None, "the game waits on nobody"
        made += 1
        await table.choose(prompt, await table.arrived(prompt), decide(prompt))
    return made


async def open_heroes3(
    fake: Any, world: Any, tmp_path: Path, players: tuple[Any, ...], options: str, seed: str
) -> tuple[int, Any, dict[int, Any]]:
    """A Heroes III table created and joined by ``players`` (``create_heroes3``), started by the game master
    with ``seed``; returns its id, thread and seat -> user. Replies are checked for the absence of a refusal
    only (a client may be Chinese)."""
    game_id, thread, replies = await create_heroes3(fake, world, players, options)
    assert not [r for r in replies if "⛔" in r], replies
    r = await (await fake.slash(world.admin, "game start", channel=thread, options={"seed": seed})).response(timeout=30)
    assert "⛔" not in r.text, r.text
    by_id = {u.id: u for u in players}
    return game_id, thread, {seat: by_id[uid] for seat, uid in seat_users(db_path(tmp_path), game_id).items()}


async def open_alliance(fake: Any, world: Any, tmp_path: Path) -> tuple[int, Any, dict[int, Any]]:
    """The four-player Alliance table of ``SEED``: alice, bob, carol and dave."""
    return await open_heroes3(fake, world, tmp_path, (world.alice, world.bob, world.carol, world.dave), OPTIONS, SEED)


def index_of(prompt: Prompt, pred: Any) -> int:
    return next(i for i, o in enumerate(prompt.options) if pred(o.action))


async def team_order(table: PromptTable, prompt: Prompt, asked: list[tuple[int, list[int]]]) -> None:
    """H3-7.8 (Rec., the table's default ``team_order: agree``): the question is the team's, asked of every
    living member at once as a secret choice: it reaches each member in their DMs (nobody else gets it) and
    the thread pings nobody outside the team while they choose. Every member presses the same order, so it
    is played as chosen. The starting team reverses the clockwise order, the other keeps it; ``asked`` gets
    (the member seated first clockwise, the order)."""
    fake, state = table.fake, table.follower.state
    since = len(fake.sent)
    ring = clockwise(state)
    team = next(t for t in state.teams if prompt.seat in t)
    members = sorted(team, key=ring.index)
    questions = {p.seat: p for p in table.follower.prompts() if p.rule == "H3-7.8"}
    assert sorted(questions) == sorted(members), (questions, members, state.starting)
    order = list(reversed(members)) if not asked else members
    pick = ",".join(str(s) for s in order)
    asked.append((members[0], order))
    messages: dict[int, Any] = {}
    for seat in members:
        question = questions[seat]
        assert question.secret and question.simultaneous and question.waiting, question
        messages[seat] = await table.arrived(question)  # in the seat's DMs (PromptTable.arrived)
    others = [s for s in table.users if s not in members]
    for seat in others:
        assert find_prompt_message(fake.dms(table.users[seat]), table.game_id, questions[members[0]]) is None, seat
    assert find_prompt_message(fake.messages(table.thread), table.game_id, questions[members[0]]) is None
    uids = {str(table.users[s].id) for s in members}
    for seat in members:
        thread = [p for p in fake.sent[since:] if p.kind == "message" and p.channel_id == table.thread.id]
        for payload in thread:  # e.g. a member's lock-in in the log: it names no answer and pings no one else
            assert set(MENTION.findall(payload.content or "")) <= uids and pings(payload) <= 1, payload.content
        await table.choose(questions[seat], messages[seat], index_of(questions[seat], lambda a: a.get("pick") == pick))


def decide(prompt: Prompt) -> int:
    """End the turn in the main menu; otherwise the first option (a tile's turn, a bonus, a draw)."""
    return next((i for i, o in enumerate(prompt.options) if o.action.get("type") == "end_turn"), 0)


async def answer_message(table: PromptTable, prompt: Prompt, after: int) -> Any:
    """The DM the bot sent for ``prompt`` after the snowflake ``after`` (``fake.mark()``), once sent.

    Why not simply the newest message of its key: the other seats' decision keeps its key for the whole
    turn (clash/rounds.py) while its options change (a town action, then the answer to an ally's offer,
    then a town action again), so an older DM carries the same component ids with other options, and
    the bot refuses a press whose label is not the option's now. A player answers on the newest one."""
    assert prompt.secret, f"{prompt.rule} is not a DM"

    def sent() -> Any:
        return find_prompt_message([m for m in table.where(prompt) if m.id > after], table.game_id, prompt)

    message = await table.fake.wait_for(sent, timeout=20, what=f"the DM of {prompt.rule} for seat {prompt.seat + 1}")
    assert (await table.arrived(prompt)).id == message.id  # the newest of its key, in the seat's DMs
    return message
