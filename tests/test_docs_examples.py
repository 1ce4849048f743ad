"""Every command example in the guides runs, as written, against a shipped game.

The guides' examples used to come from the test-only game and failed on Runewars and Age of
Heroes (a typed edit no game offers, a patch of a field Runewars lacks, area ids spelled
backwards). Here every ``/game``, ``/gm``, ``/ah`` and ``/rw`` line of a code block in the English
and Simplified Chinese guides, and every whole call written inline in a sentence (all required
options given, no placeholder such as ``<n>``), is parsed into its options and given to the cog's
own callback, on a fresh three-seat game started with the fixed seed the guide's
``/game start seed:`` example uses (so the seat numbers in the examples are the ones that game
asks). The game is Runewars (Age of Heroes for ``/ah``) unless an ``<!-- examples: <ruleset> -->``
comment above the block names another; what an example presupposes (a paused game for
``/gm resume``, a Market Day for ``/ah offer``, a Mobilize for ``/rw move``) is set up first. A
refusal (⛔) or an error reply fails the test. The Traditional guides are generated from the
Simplified ones (``i18n.docs_sync``), so they hold the same examples.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands

import bot
import engine
from cogs.ageofheroes import AgeOfHeroesCog
from cogs.gm import ANNOUNCE, DID_END, DID_WITH_SEED, GmCog
from cogs.runewars import RunewarsCog
from cogs.table import TableCog
from engine.core.content_packs import PackLibrary
from engine.core.text import MESSAGES, Msg
from i18n import ZH_HANS, ZH_HANT, render
from store import GameStore
from tests.cogs.stubs import StubInteraction, StubUser, open_referee

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = ROOT / "docs" / "examples"
# Every English and hand-written Simplified Chinese guide (a new guide is covered without listing it).
GUIDES = tuple(
    str(p.relative_to(ROOT)) for folder in ("docs", "docs/zh-Hans") for p in sorted((ROOT / folder).glob("*.md"))
)
SEED = "spring-cup-round-2"  # the guide's /game start seed: example (checked below)
GUILD, CHANNEL = 77, 88
PLAYERS = {"Carol": 1003, "Alice": 1001, "Bob": 1002}  # joined in this order
DANA, ADMIN = 1004, 4242
MARK = re.compile(r"<!-- examples: ([a-z0-9-]+) -->")
COMMAND = re.compile(r"^/(game|gm|ah|rw) ([a-z-]+)(.*)$")
INLINE = re.compile(r"`(/(?:game|gm|ah|rw) [^`]+)`")
PLACEHOLDER = re.compile(r"[<>…]|\.\.\.")
OPTION = re.compile(r"(?:^|\s)([a-z_]+):")
threads = itertools.count(5000)


@dataclass(frozen=True)
class Example:
    guide: str
    line: int
    ruleset: str
    group: str
    name: str
    options: dict[str, str]
    # A command written inside a sentence: an example when it is a whole call (every required
    # option, no placeholder such as <n>); otherwise it only names the command.
    inline: bool = False

    def __str__(self) -> str:
        return f"{self.guide}:{self.line} /{self.group} {self.name} {self.options}"


def parse(guide: str) -> list[Example]:
    """The slash-command lines of the guide's code blocks, with the game each is meant for."""
    found: list[Example] = []
    in_code, ruleset = False, "runewars"
    for number, raw in enumerate((ROOT / guide).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if mark := MARK.fullmatch(line):
            ruleset = mark.group(1)
        elif line.startswith("```"):
            in_code = not in_code
        elif in_code and (cmd := COMMAND.match(line)):
            found.append(Example(guide, number, ruleset, cmd.group(1), cmd.group(2), options_of(cmd.group(3))))
        elif not in_code:
            for span in INLINE.findall(line):
                cmd = COMMAND.match(span.strip())
                if cmd is None or PLACEHOLDER.search(span):
                    continue
                options = options_of(cmd.group(3))
                if options and all(options.values()):
                    game = "ageofheroes" if cmd.group(1) == "ah" else "runewars"
                    found.append(Example(guide, number, game, cmd.group(1), cmd.group(2), options, inline=True))
    return found


def options_of(rest: str) -> dict[str, str]:
    """``name:value`` pairs; a value runs to the next `` name:`` (free text and JSON included)."""
    starts = list(OPTION.finditer(rest))
    return {
        m.group(1): rest[m.end() : starts[i + 1].start() if i + 1 < len(starts) else len(rest)].strip()
        for i, m in enumerate(starts)
    }


EXAMPLES = [example for guide in GUIDES for example in parse(guide)]


def test_the_guides_have_examples_and_they_use_the_documented_seed() -> None:
    assert len(EXAMPLES) >= 30
    starts = [e for e in EXAMPLES if (e.group, e.name) == ("game", "start")]
    assert starts and all(e.options.get("seed") == SEED for e in starts)
    # The bugs this test was written for: no test-game edit, no backwards area id.
    text = "\n".join(str(e) for e in EXAMPLES)
    assert "set_power" not in text and '"call"' not in text and not re.search(r'"[A-Z]\d+"', text)


class Syncer:
    def __init__(self) -> None:
        self.forced = False

    async def sync(self, *, force: bool = False) -> None:
        self.forced = force


class ExampleFile:
    """An attachment option (``pack:runewars-pack.json``): the file of that name in docs/examples."""

    def __init__(self, name: str) -> None:
        self.path = EXAMPLE_FILES / name
        assert self.path.is_file(), f"an example attaches {name}, which is not in docs/examples"
        self.filename = name
        self.size = self.path.stat().st_size

    async def read(self) -> bytes:
        return self.path.read_bytes()


@dataclass
class Table:
    store: GameStore
    client: Any
    gm: GmCog
    table: TableCog
    packs: PackLibrary
    ah: AgeOfHeroesCog
    rw: RunewarsCog

    def cog(self, group: str) -> Any:
        return {"gm": self.gm, "game": self.table, "ah": self.ah, "rw": self.rw}[group]


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store, client, referee = await open_referee(str(tmp_path / "docs.sqlite3"))
    # What bot.py attaches to the client (the stub client is typed Any here).
    client.command_sync = Syncer()  # type: ignore[attr-defined]  # the stub client has none
    # Content packs (/gm content, /game new content:) are kept in the test's own folder.
    packs = PackLibrary(tmp_path / "packs")
    referee.content_packs = packs
    try:
        yield Table(
            store, client, GmCog(referee), TableCog(referee), packs, AgeOfHeroesCog(referee), RunewarsCog(referee)
        )
    finally:
        await store.close()


async def new_game(t: Table, ruleset: str, *, start: bool = True) -> tuple[int, int]:
    thread = next(threads)
    game = await t.store.create_game(GUILD, CHANNEL, ruleset, {"players": 3}, PLAYERS["Alice"])
    await t.store.set_thread(game.id, thread)
    for user in PLAYERS.values():
        await t.store.join(game.id, user)
    if start:
        await t.store.start(game.id, PLAYERS["Alice"], seed=SEED, seeded_by=ADMIN)
    return game.id, thread


async def prepare(t: Table, example: Example, game_id: int) -> None:
    """What must have happened before the example makes sense (it is the guide's premise)."""
    if example.name == "resume":
        await t.store.set_status(game_id, "paused", ADMIN, "before the example")
    elif example.name == "rollback":
        # Play past the action the example rolls back to, with the seats' own sample actions.
        after = int(example.options["to_action"]) + 1
        await play_until(t, example.ruleset, game_id, lambda _p: False, actions=after)
    elif (example.group, example.name) == ("ah", "offer"):
        # Market Day trading (AH-4.4): play the seats' sample actions until seat 1 may offer.
        await play_until(t, example.ruleset, game_id, lambda p: p.seat == 0 and p.answer_schema is not None)
    elif (example.group, example.name) == ("rw", "move"):
        # /rw move answers "which units move" (RW-10.7.2): seat 1 resolves Mobilize into 4T, and
        # more than ``count`` of its units stand next door in ``source``. The game master sets the
        # table up with a patch of the whole state (the position of tests/cogs/test_rw_picker.py).
        await t.store.gm_act(game_id, ADMIN, {"type": "gm_patch", "patch": mobilize_patch(example), "reason": "x"}, "x")
    elif example.name == "new" and "content" in example.options:
        # /game new content:<name> opens a game with a pack /gm content kept before (docs/examples).
        for path in sorted(EXAMPLE_FILES.glob("*.json")):
            t.packs.add(path.read_text(encoding="utf-8"))
    elif example.name == "resolve":
        task = int(example.options["task"])
        hand_over = [
            {"op": "add", "path": "/gm/tasks/-", "value": {"id": task, "rule": "RW-0", "text": "A card to rule on"}},
            {"op": "replace", "path": "/gm/next_id", "value": task + 1},
        ]
        await t.store.gm_act(game_id, ADMIN, {"type": "gm_patch", "patch": hand_over, "reason": "x"}, "x")


def mobilize_patch(example: Example) -> list[dict[str, Any]]:
    from tests.runewars.flow_support import act, add, make_state, start_turn

    source, count = example.options["source"], int(example.options.get("count", "1"))
    areas: dict[str, dict[str, Any]] = {
        "4T": {"hex": (0, 0)},
        source: {"hex": (1, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
        "9C": {"hex": (10, 8), "home_of": 2},
    }
    state = make_state(["HUMANS", "UTHUK", "ELVES"], areas)
    add(state, "HUMAN_INFANTRY", 0, source, count + 1)
    state = act(start_turn(state, 0, 2), 0, {"type": "rw_choose", "value": "4T"})  # order 2: Mobilize
    return [{"op": "replace", "path": "", "value": state.model_dump(mode="json")}]


async def play_until(t: Table, ruleset: str, game_id: int, wanted: Callable[[Any], bool], actions: int = 60) -> None:
    """The seats' sample actions until a waiting prompt is ``wanted`` (or ``actions`` were played)."""
    rng = random.Random(0)
    for _ in range(actions):
        loaded = await t.store.load(game_id)
        if any(wanted(p) for p in loaded.prompts if p.waiting):
            return
        prompt = next(p for p in loaded.prompts if p.waiting)
        action = engine.ruleset(ruleset).sample_action(loaded.state, prompt.seat, rng)
        user = next(s.user_id for s in loaded.seats if s.seat == prompt.seat)
        await t.store.act(game_id, user, action)


def choice_labels(choice: app_commands.Choice[Any]) -> set[str]:
    """A menu entry as a reader may see it: its value, its English and its Chinese labels."""
    labels = {str(choice.value), str(choice.name)}
    for msg_id in [m.id for m in MESSAGES.values() if m.english == str(choice.name)]:
        labels |= {render(Msg(id=msg_id), locale) for locale in (ZH_HANS, ZH_HANT)}
    return labels


def arguments(command: app_commands.Command[Any, Any, Any], example: Example, game_id: int) -> dict[str, Any]:
    """The example's option texts as discord.py would hand them to the callback."""
    params = {p.name: p for p in command.parameters}
    out: dict[str, Any] = {}
    for name, value in example.options.items():
        assert name in params, f"{example}: /{example.group} {example.name} has no option {name!r}"
        kind = params[name].type
        if name == "game":  # a guide's game number stands for the reader's game
            out[name] = game_id
        elif params[name].choices:  # a menu: the guide writes the label the reader picks
            labels = {label: c for c in params[name].choices for label in choice_labels(c)}
            assert value in labels, f"{example}: {value!r} is not one of the choices of {name}"
            out[name] = labels[value]
        elif kind is discord.AppCommandOptionType.integer:
            out[name] = int(value)
        elif kind is discord.AppCommandOptionType.boolean:
            out[name] = value == "true"
        elif kind is discord.AppCommandOptionType.attachment:
            out[name] = ExampleFile(value)
        elif kind is discord.AppCommandOptionType.user:
            who = value.lstrip("@")
            out[name] = StubUser(DANA if who == "Dana" else PLAYERS[who])
        else:
            out[name] = value
    return out


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
async def test_the_example_runs(table: Table, example: Example) -> None:
    t = table
    cog = t.cog(example.group)
    command = next(c for c in cog.walk_app_commands() if c.name == example.name)
    if example.inline and any(p.required and p.name not in example.options for p in command.parameters):
        return  # a sentence naming the command with some of its options, not a whole call
    fresh = (example.group, example.name) in {("game", "start"), ("game", "new")}
    game_id, thread = await new_game(t, example.ruleset, start=not fresh)
    await prepare(t, example, game_id)
    before = await t.store.get_game(game_id)
    where = CHANNEL if example.name == "new" else thread
    # A game master runs /gm; a player's commands are run by the player of seat 1 (a game master
    # too, so the GM-only options of /game, such as a fixed seed, are allowed).
    seat_one = next((x.user_id for x in await t.store.seats(game_id) if x.seat == 0), PLAYERS["Alice"])
    user = ADMIN if example.group == "gm" else seat_one
    interaction = StubInteraction(t.client, user, guild_id=GUILD, channel_id=where, admin=True)
    if "zh-Hans" in example.guide:  # a Chinese guide's reader has a Chinese client (names typed in Chinese)
        interaction.locale = discord.Locale.chinese
    callback = cast(Callable[..., Coroutine[Any, Any, None]], command.callback)
    await callback(cog, interaction, **arguments(command, example, game_id))
    said = interaction.text
    assert interaction.replies, f"{example}: no reply"
    assert "⛔" not in said and "went wrong" not in said, f"{example}: {said}"
    after = await t.store.get_game(game_id)
    acts = {("gm", "override"), ("gm", "resolve"), ("gm", "rollback"), ("rw", "move"), ("ah", "offer")}
    if (example.group, example.name) in acts:
        assert after.last_seq > before.last_seq, f"{example}: nothing was logged"
    if example.name in {"pause", "resume", "end", "start"}:
        assert after.status != before.status, f"{example}: the status did not change"
    if example.name == "sync":
        assert t.client.command_sync.forced


def test_the_no_token_hint_says_python3_as_the_readme_does() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 bot.py" in readme and "python3 bot.py" in bot.NO_TOKEN and "python bot.py" not in bot.NO_TOKEN


def test_gm_end_says_the_seed_in_its_own_sentence() -> None:
    said = render(ANNOUNCE(gm="<@1>", what=DID_WITH_SEED(what=DID_END(), seed="s", hash="h"), reason="r"), "en")
    assert "ended the game. The seed was `s`" in said


def test_game_cancel_is_documented() -> None:
    for guide in ("docs/players.md", "docs/zh-Hans/players.md"):
        assert "/game cancel reason:" in (ROOT / guide).read_text(encoding="utf-8"), guide
