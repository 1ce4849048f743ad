"""How much a game writes to its table: ``python -m bench table``.

The real bot runs against the emulator (tests/e2e/fake_discord). Three fake players play
a seeded Runewars game through its first year and a seeded Age of Heroes game through its
first rounds, pressing the buttons the bot sent (the same players as the e2e tests). The
emulator records every request, so the figures are what Discord would have received:

- ``posts``: new messages in the game thread (lobby and start included);
- ``edits``: edits of messages in the game thread (a running log, a marked prompt);
- ``mentions``: user pings, i.e. ``<@id>`` in a new thread message whose allowed mentions
  let it ping (an edit never pings);
- ``dms``: direct messages to the players.

One JSON line per game: totals, and per Runewars year or per Age of Heroes round and turn.
Issue 12's goals: at most 50 new thread messages per Runewars year with three players and
at most 2 per Age of Heroes turn (``goal_ok``).

Options: ``--game runewars|ageofheroes|all`` (all), ``--rounds N`` (Age of Heroes rounds, 2),
``--keep`` (keep the temp dir).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

RW_POSTS_PER_YEAR = 50  # issue 12: new thread messages per Runewars year with three players
AOH_POSTS_PER_TURN = 2  # issue 12: new thread messages per Age of Heroes turn
MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Counts:
    """What one stretch of play sent to Discord."""

    posts: int = 0
    edits: int = 0
    mentions: int = 0
    dms: int = 0


def pings(payload: Any) -> int:
    """The users a new message pings: mentioned in its content and allowed to be pinged."""
    raw = payload.raw if isinstance(payload.raw, dict) else {}
    allowed = raw.get("allowed_mentions")
    found = set(MENTION.findall(payload.content or ""))
    if allowed is None:
        return len(found)  # Discord's default: every mention in the content pings
    if "users" in (allowed.get("parse") or []):
        return len(found)
    return len(found & {str(u) for u in allowed.get("users") or []})


def count(fake: Any, thread_id: int, players: list[Any], since_seq: int = 0) -> Counts:
    """Count the accepted payloads after ``since_seq``: the thread's posts and edits, the players' DMs."""
    out = Counts()
    dm_channels = {fake.dm_channel(u).id for u in players}
    for p in fake.payloads():
        if p.seq <= since_seq:
            continue
        if p.channel_id == thread_id and p.kind == "message":
            out.posts += 1
            out.mentions += pings(p)
        elif p.channel_id == thread_id and p.kind == "edit":
            out.edits += 1
        elif p.kind == "message" and p.channel_id in dm_channels:
            out.dms += 1
    return out


async def settle(fake: Any, quiet: float = 1.0, timeout: float = 30.0) -> None:
    """Wait until the bot has sent nothing for ``quiet`` seconds (its last posts are on their way)."""
    end = time.monotonic() + timeout
    seen = len(fake.sent)
    still = time.monotonic()
    while time.monotonic() < end:
        await asyncio.sleep(0.2)
        if len(fake.sent) != seen:
            seen, still = len(fake.sent), time.monotonic()
        elif time.monotonic() - still >= quiet:
            return


def _e2e_path() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


@dataclass
class RwFigures:
    counts: Counts
    decisions: int
    thread: Any  # the game's thread in the emulator
    follower: Any  # the game as the database has it (``tests.e2e.test_bot_runewars.Follower``)


async def runewars_year(fake: Any, world: Any, tmp: Path, budget: float = 600.0) -> RwFigures:
    """Play the seeded Runewars game of the e2e test through its first year (its last step included)."""
    _e2e_path()
    from tests.e2e.bot_helpers import db_path, open_game
    from tests.e2e.test_bot_runewars import RS, SEED, Follower, Table, decide

    game_id, thread, users = await open_game(fake, world, tmp, "runewars", seed=SEED, timeout=60)
    follower = Follower(db_path(tmp), game_id)
    follower.refresh()
    table = Table(fake, world, thread, game_id, users, follower)
    started, decisions = time.monotonic(), 0
    while follower.state.year == 1 and RS.result(follower.state) is None:
        if time.monotonic() - started > budget:
            raise TimeoutError(f"Runewars year 1 not over after {decisions} decisions")
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        if prompt is None:
            raise RuntimeError("the Runewars game waits on nobody")
        await table.answer(prompt, decide(follower.state, prompt, follower.goals))
        decisions += 1
    await settle(fake)
    return RwFigures(count(fake, thread.id, list(users.values())), decisions, thread, follower)


async def ageofheroes_rounds(fake: Any, world: Any, tmp: Path, rounds: int, budget: float = 600.0) -> AohFigures:
    """Play the seeded Age of Heroes game of the e2e test through ``rounds`` rounds.

    After each answer the bench waits until the bot is quiet and books what was sent to
    the phase the game is then in (a seat's turn, or a Market Day), so a turn's figure
    holds its log message and the prompt that opened it.
    """
    _e2e_path()
    from tests.e2e.bot_helpers import db_path, open_game
    from tests.e2e.test_bot_ageofheroes import OPTIONS, RS, SEED, Follower, Table, decide

    game_id, thread, users = await open_game(fake, world, tmp, "ageofheroes", options=OPTIONS, seed=SEED, timeout=60)
    follower = Follower(db_path(tmp), game_id)
    follower.refresh()
    table = Table(fake, thread, game_id, users, follower)
    players = list(users.values())
    started, decisions = time.monotonic(), 0
    phases: dict[tuple[int, str], Counts] = {}
    first = 0
    while follower.state.round <= rounds and RS.result(follower.state) is None:
        if time.monotonic() - started > budget:
            raise TimeoutError(f"Age of Heroes round {follower.state.round} not over after {decisions} decisions")
        prompt = next((p for p in follower.prompts() if p.waiting), None)
        if prompt is None:
            raise RuntimeError("the Age of Heroes game waits on nobody")
        mark = fake.sent[-1].seq if fake.sent else 0
        await table.answer(prompt, decide(follower.state, prompt, follower.goals))
        decisions += 1
        await settle(fake, quiet=0.3)
        state = follower.state
        if state.round >= 1 and not first:
            first = mark
        phase = (state.round, "market" if state.market else f"turn {state.turn_no}")
        got = count(fake, thread.id, players, since_seq=mark)
        booked = phases.setdefault(phase, Counts())
        for name in ("posts", "edits", "mentions", "dms"):
            setattr(booked, name, getattr(booked, name) + getattr(got, name))
    await settle(fake)
    total = count(fake, thread.id, players)
    turns = {k: v for k, v in phases.items() if k[1] != "market" and 1 <= k[0] <= rounds}
    in_rounds = [v for k, v in phases.items() if 1 <= k[0] <= rounds]
    per_round = Counts(*(sum(getattr(c, f) for c in in_rounds) for f in ("posts", "edits", "mentions", "dms")))
    return AohFigures(total, per_round, turns, decisions)


@dataclass
class AohFigures:
    total: Counts  # everything, lobby and setup included
    rounds: Counts  # the played rounds (turns and Market Days), summed
    turns: dict[tuple[int, str], Counts]  # each turn of those rounds
    decisions: int


def _sums(counts: Any) -> tuple[int, int, int, int]:
    listed = list(counts)
    return (
        sum(c.posts for c in listed),
        sum(c.edits for c in listed),
        sum(c.mentions for c in listed),
        sum(c.dms for c in listed),
    )


def _per(counts: Counts, n: int) -> dict[str, float]:
    return {k: round(v / max(n, 1), 2) for k, v in asdict(counts).items()}


async def _with_bot(tmp: Path, play: Any, log_level: str = "WARNING") -> Any:
    _e2e_path()
    from tests.e2e.bot_helpers import bot_env
    from tests.e2e.fake_discord import BotProcess, FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    bot = None
    try:
        world = fake.create_standard_guild()
        env = bot_env(tmp)
        env["BOT_LOG_LEVEL"] = log_level
        bot = BotProcess(fake, "bot", env=env, cwd=ROOT, log_dir=tmp)
        await bot.start(wait_ready=True, timeout=60, settle=2.5)
        result = await play(fake, world)
        if fake.violations:
            print(json.dumps({"bench": "table", "figure": "violations", "n": len(fake.violations)}), flush=True)
        return result
    finally:
        if bot is not None:
            await bot.stop()
        await fake.stop()


async def run(game: str, rounds: int, keep: bool) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    ok = True
    try:
        if game in ("runewars", "all"):
            where = tmp / "runewars"
            where.mkdir()
            rw: RwFigures = await _with_bot(where, lambda f, w: runewars_year(f, w, where))
            counts, decisions = rw.counts, rw.decisions
            good = counts.posts <= RW_POSTS_PER_YEAR
            ok &= good
            line = {"bench": "table", "game": "runewars", "players": 3, "years": 1, "decisions": decisions}
            line |= {"per_year": asdict(counts), "goal_posts_per_year": RW_POSTS_PER_YEAR, "goal_ok": good}
            print(json.dumps(line), flush=True)
        if game in ("ageofheroes", "all"):
            where = tmp / "ageofheroes"
            where.mkdir()
            aoh: AohFigures = await _with_bot(where, lambda f, w: ageofheroes_rounds(f, w, where, rounds))
            most = max((c.posts for c in aoh.turns.values()), default=0)
            good = most <= AOH_POSTS_PER_TURN
            ok &= good
            line = {"bench": "table", "game": "ageofheroes", "players": 3, "rounds": rounds, "turns": len(aoh.turns)}
            line |= {"decisions": aoh.decisions, "total": asdict(aoh.total), "per_round": _per(aoh.rounds, rounds)}
            line |= {"per_turn": _per(Counts(*_sums(aoh.turns.values())), len(aoh.turns)), "max_posts_per_turn": most}
            line |= {"goal_posts_per_turn": AOH_POSTS_PER_TURN, "goal_ok": good}
            print(json.dumps(line), flush=True)
        return 0 if ok else 1
    finally:
        if keep:
            print(json.dumps({"bench": "table", "tmp": str(tmp)}), flush=True)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench table", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=["runewars", "ageofheroes", "all"], default="all")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv or [])
    return asyncio.run(run(args.game, args.rounds, args.keep))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
