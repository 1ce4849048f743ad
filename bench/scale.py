"""Where one bot process stands with a large community: ``python -m bench scale``.

One JSON line per figure. The set-up is ``--games`` live games (default 1,000) in one SQLite
store: ``--games - --live`` of them are seeded Runewars and Age of Heroes games (alternating,
three players each) created straight through ``GameStore`` and played ``--actions`` random
legal actions each, so they are mid-game; the other ``--live`` (default 100) are opened through
the fake Discord and played by the driver while the figures are taken.

- ``preload_games_per_s``: how fast the background games were created and played (set-up only).
- ``resident_mb_all_loaded``: resident memory of a fresh process that holds every background
  game's state in the store's cache at once (``cache_size`` >= games; with ``--no-discord`` all
  ``--games`` of them), the worst case of "1,000 live games" (goal at most 1 GB);
  ``resident_mb_bot`` is the real bot process's, after the live games were played (its cache
  keeps the default 64 states; the picture-drawing processes are not counted).
- ``start_to_ready_s``: the real bot process (``python -m bot`` against the fake Discord, every
  cog, dynamic item and the reminder loop registered) from spawn to its ``ready`` log line,
  with the full database (goal at most 10 s). It includes discord.py's fixed wait of 2 s for
  further servers after the last GUILD_CREATE.
- ``first_reminder_pass_s``: the store side of what the reminder loop's tick did before issue 19's
  follow-up, in a fresh process: list the active games and load each one (cold), reading its
  reminder marks one query at a time. Kept as the cost of a cold load of every game.
- ``reminder_tick_ms``: the real reminder cog's pass (``Reminders.run_once``) over every active
  game in a fresh process, in the steady state (the median of three passes with no game changed
  since the one before; most of a large community's games are idle between two ticks).
  ``first_tick_ms`` is the first pass ever on this database (every game's state rebuilt once, to
  store the seats it waits on), ``after_restart_ms`` the first pass of a second fresh process
  (a restarted bot: it decides from the stored rows); ``cpu_ms`` the process's CPU time.
- ``press_to_prompt_ms``: the ``--live`` games played at once through Discord (presses and
  selects, as a player would), from a press to the first payload carrying the next decision
  it opened, board and decision pictures included (the ``bench discord`` figure at 100 games).

On PostgreSQL (issue 19; a real server started from the ``pgserver`` wheel in a temp dir, with
its default durability: ``fsync`` and ``synchronous_commit`` on):

- ``pg_raw_commits_per_s``: a plain asyncpg loop, one INSERT of the very row ``act`` writes into
  the store's own ``log`` table and its commit; ``pg_act_commits_per_s``: ``GameStore.act`` on a
  High Card game, each a full lock, engine apply, log and outbox rows and commit (the same loops
  as ``bench store``); ``pg_act_vs_raw`` is the ratio (goal at least 0.5). Rounds alternate, rates
  are medians.
- ``pg_two_process_*``: the same two loops in two processes at once, each on its own game
  (summed rates; goal ratio at least 0.5).

Options: ``--games N`` (1000), ``--live N`` (100), ``--actions N`` (10 per background game),
``--decisions N`` (4 per live game), ``--think S`` (0: every game presses again as soon as
its next decision is up; S > 0: a random pause of 0 to 2S seconds first, as players think),
``--no-discord`` (no bot process), ``--no-pg``,
``--pg-actions N`` (2000 commits per loop), ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engine
from bench.loop import on_bot_loop
from engine.core.prompts import GM_SEAT
from store import GameStore

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("runewars", "ageofheroes")
GUILD = 900_000_000_000_000_001  # the background games' server: not one the fake Discord knows
CHANNEL = 900_000_000_000_000_002


def emit(figure: str, value: float | None, unit: str, **extra: Any) -> None:
    line = {"bench": "scale", "figure": figure, "value": None if value is None else round(value, 3), "unit": unit}
    print(json.dumps({**line, **extra}), flush=True)


def resident_mb(pid: int | str = "self") -> float:
    """Resident set size from /proc (Linux): what the kernel actually keeps in memory for the process."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def preload(path: Path, games: int, actions: int, seed: int) -> tuple[int, int]:
    """Create ``games`` seeded mid-game tables through the store; returns (games, actions applied).

    Seats play ``sample_action`` on a random waiting prompt, as ``engine.sim`` does; a game
    waiting only on its GM is left there (it is still a live game for the reminder loop).
    """
    store = await GameStore.open(str(path), cache_size=8)
    applied = 0
    try:
        for i in range(games):
            name = RULESETS[i % len(RULESETS)]
            rs = engine.ruleset(name)
            users = [10_000 + 3 * i + k for k in range(3)]
            game = await store.create_game(GUILD, CHANNEL + i, name, {}, users[0])
            for user in users:
                await store.join(game.id, user)
            outcome = await store.start(game.id, users[0], seed=f"scale-{seed}-{i}")
            by_seat = {s.seat: s.user_id for s in await store.seats(game.id) if s.seat is not None}
            rng = random.Random(seed * 100_003 + i)
            for _ in range(actions):
                if outcome.result is not None:
                    break
                open_prompts = [p for p in outcome.prompts if p.seat != GM_SEAT]
                waiting = [p for p in open_prompts if p.waiting] or open_prompts
                if not waiting:
                    break
                prompt = rng.choice(waiting)
                action = rs.sample_action(outcome.state, prompt.seat, rng)
                outcome = await store.act(game.id, by_seat[prompt.seat], action, seat=prompt.seat)
                applied += 1
        # These games were played without a bot: their outbox rows (issue 18) say what the table
        # was never told. A bot that had played them would have delivered every row; without this
        # the bench's bot would spend its start-up posting ~10,000 rows to channels that do not exist.
        delivered = "2024-01-01T00:00:00.000000+00:00"
        await store.db.transaction(
            lambda raw: raw.execute("UPDATE outbox SET delivered_at = ? WHERE delivered_at IS NULL", (delivered,))
        )
    finally:
        await store.close()
    return games, applied


async def hold_all(path: Path) -> dict[str, Any]:
    """Load every game into one store's cache and report the process's memory (run in a fresh process)."""
    before = resident_mb()
    started = time.perf_counter()
    store = await GameStore.open(str(path), cache_size=100_000)
    try:
        games = await store.list_games(statuses=["active"])
        for game in games:
            await store.load(game.id)
        return {
            "games": len(games),
            "cached": len(store.cache),
            "load_s": time.perf_counter() - started,
            "rss_before_mb": before,
            "rss_mb": resident_mb(),
        }
    finally:
        await store.close()


async def reminder_pass(path: Path) -> dict[str, Any]:
    """The reminder loop's first tick, store side, cold (run in a fresh process): list the active
    games, load each and read its reminder marks, with the bot's default cache of 64 states."""
    started = time.perf_counter()
    store = await GameStore.open(str(path))
    try:
        games = await store.list_games(statuses=["active"])
        marks = 0
        for game in games:
            loaded = await store.load(game.id)
            for prompt in loaded.prompts:
                marks += (await store.last_reminded(game.id, prompt.seat)) is not None
        return {"games": len(games), "seconds": time.perf_counter() - started, "rss_mb": resident_mb()}
    finally:
        await store.close()


class _TickReferee:
    """What a reminder pass uses of the referee when no game is due: the store and the clock."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.clock = lambda: datetime.now(UTC)


class _TickBot:
    user = None


async def reminder_ticks(path: Path) -> dict[str, Any]:
    """The real reminder cog's pass (``Reminders.run_once``) over every active game, in a fresh process
    with the bot's default cache of 64 states: the first pass after start-up, then passes with nothing
    changed in between (the steady state: a tick every 5 minutes, most games idle)."""
    from cogs.reminders import Reminders

    store = await GameStore.open(str(path))
    try:
        cog = Reminders(_TickBot(), _TickReferee(store))  # type: ignore[arg-type]  # stand-ins: a pass with nothing due
        games = len(await store.list_games(statuses=["active"]))
        passes: list[tuple[float, float, int]] = []
        for _ in range(4):
            wall, cpu = time.perf_counter(), time.process_time()
            done = await cog.run_once()
            passes.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, len(done)))
        steady = passes[1:]
        return {
            "games": games,
            "first_ms": passes[0][0],
            "first_cpu_ms": passes[0][1],
            "steady_ms": statistics.median(p[0] for p in steady),
            "steady_cpu_ms": statistics.median(p[1] for p in steady),
            "plans": sum(p[2] for p in passes),
        }
    finally:
        await store.close()


def in_fresh_process(job: str, path: Path) -> dict[str, Any]:
    """Run ``job`` (``hold`` or ``remind``) in a new interpreter, so its memory and cold caches are its own."""
    out = subprocess.run(
        [sys.executable, "-m", "bench", "scale", f"--job={job}", f"--db={path}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


async def discord_figures(tmp: Path, live: int, decisions: int, background: int, think: float = 0.0) -> None:
    """Start the real bot on the preloaded database, open ``live`` games through the fake Discord
    and play them all at once; emits start-to-ready, the bot's memory and press-to-prompt."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.discord import game_world, open_table, press_to_prompt, wait_quiet
    from tests.e2e.bot_helpers import READY, bot_env
    from tests.e2e.fake_discord import BotProcess, FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    bot = None
    try:
        names = [f"p{i:03d}" for i in range(live * 3)]
        world = fake.create_standard_guild(players=names, channels=[f"games{g}" for g in range(live)])
        env = bot_env(tmp)
        env["BOT_LOG_LEVEL"] = "INFO"  # the ready line is INFO
        bot = BotProcess(fake, "bot", env=env, cwd=ROOT, log_dir=tmp)
        started = time.perf_counter()
        await bot.start(wait_ready=True, ready_pattern=READY, timeout=120)
        ready_s = time.perf_counter() - started
        emit("start_to_ready_s", ready_s, "s", games=background, goal="<= 10", met=ready_s <= 10, measured="real bot")
        if bot.pid is not None:
            emit("resident_mb_bot_ready", resident_mb(bot.pid), "MB", games=background)

        scenes = {name: importlib.import_module(f"tests.e2e.test_bot_{name}") for name in RULESETS}
        tables: list[tuple[Any, Any]] = []
        opened = time.perf_counter()
        for g in range(live):
            name = RULESETS[g % len(RULESETS)]
            scene: Any = scenes[name]
            table = await open_table(fake, game_world(world, names, g), tmp, scene, name, timeout=120)
            tables.append((scene, table))
        emit("open_live_games_s", time.perf_counter() - opened, "s", games=live, through="fake Discord, one by one")

        await wait_quiet(fake, 2.0)  # the starts' board pictures go out first
        samples: list[float] = []

        pauses = random.Random(7)

        async def play(scene: Any, table: Any) -> None:
            follower = table.follower
            for _ in range(decisions):
                if think:
                    await asyncio.sleep(pauses.uniform(0, 2 * think))
                prompts = follower.prompts()
                prompt = next((p for p in prompts if p.waiting), None)
                if prompt is None or scene.RS.result(follower.state) is not None:
                    return
                pressed = await press_to_prompt(fake, scene, table, prompts, prompt, timeout=120)
                if pressed is not None:
                    samples.append(pressed[0])

        t0 = time.perf_counter()
        await asyncio.gather(*(play(scene, table) for scene, table in tables))
        elapsed = time.perf_counter() - t0
        ordered = sorted(samples)
        p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)] if ordered else None
        emit(
            "press_to_prompt_ms",
            p95,
            "ms (p95)",
            p50=round(statistics.median(ordered), 1) if ordered else None,
            max=round(ordered[-1], 1) if ordered else None,
            n=len(ordered),
            games_played_at_once=live,
            games_in_store=background + live,
            think_s=think,
            presses_per_s=round(len(ordered) / elapsed, 2) if elapsed else None,
            goal="<= 500",
            met=p95 is not None and p95 <= 500,
        )
        if bot.pid is not None:
            emit("resident_mb_bot", resident_mb(bot.pid), "MB", games=background + live, goal="<= 1024")
        if fake.violations:
            emit("discord_violations", len(fake.violations), "count")
    finally:
        if bot is not None:
            await bot.stop()
        await fake.stop()


class PgRawLoop:
    """The floor on PostgreSQL: one INSERT of ``act``'s log row and one commit, nothing else."""

    def __init__(self, conn: Any, game_id: int) -> None:
        self.conn = conn
        self.game_id = game_id
        self.seq = 0

    @classmethod
    async def open(cls, url: str, store: GameStore) -> PgRawLoop:
        import asyncpg

        from bench.store import new_game

        game_id = await new_game(store)  # a real game row, so the log's foreign key holds
        return cls(await asyncpg.connect(url), game_id)

    async def run(self, count: int) -> float:
        from bench.store import RAW_ACTION, RAW_AT, RAW_EVENTS

        action, events, at = RAW_ACTION, RAW_EVENTS, RAW_AT
        started = time.perf_counter()
        for _ in range(count):
            self.seq += 1
            await self.conn.execute(  # one statement outside a transaction block: its own commit
                "INSERT INTO log (game_id, seq, kind, seat, user_id, action, events, interaction_id, revealed,"
                " parent, depth, head, at) VALUES ($1, $2, 'action', 0, 101, $3, $4, $5, 0, $6, $7, $8, $9)",
                self.game_id,
                self.seq,
                action,
                events,
                f"raw-{self.game_id}-{self.seq}",
                self.seq - 1,
                self.seq,
                self.seq,
                at,
            )
        return time.perf_counter() - started

    async def close(self) -> None:
        await self.conn.close()


async def pg_loops(url: str, count: int, rounds: int, start_at: float = 0.0) -> dict[str, Any]:
    """Median per-round rates of the raw loop and of ``act`` on one database, alternating rounds."""
    from bench.store import new_game, play

    engine.register(__import__("tests.support.highcard", fromlist=["HIGHCARD"]).HIGHCARD)
    store = await GameStore.open(url)
    raw = await PgRawLoop.open(url, store)
    try:
        game_id = await new_game(store)
        await play(store, game_id, 100)  # warm-up: caches, prepared statements
        await raw.run(100)
        if start_at:
            await asyncio.sleep(max(0.0, start_at - time.time()))
        per_round = max(1, count // rounds)
        raw_rounds: list[float] = []
        act_rounds: list[float] = []
        done = 100
        began = time.perf_counter()
        for number in range(rounds):
            # Each round starts with the other loop, so neither always finds the server warm.
            for first in ("raw", "act")[number % 2 :] + ("raw", "act")[: number % 2]:
                if first == "raw":
                    raw_rounds.append(await raw.run(per_round))
                else:
                    act_rounds.append(await play(store, game_id, per_round, start=done))
            done += per_round
        return {
            "raw_per_s": per_round / statistics.median(raw_rounds),
            "act_per_s": per_round / statistics.median(act_rounds),
            "commits": per_round * rounds * 2,
            "wall_s": time.perf_counter() - began,
        }
    finally:
        await raw.close()
        await store.close()


async def pg_figures(count: int, rounds: int) -> None:
    from tests.pg.server import create_database, start_server

    server = start_server(durable=True)
    try:
        emit("pg_server_start_s", server.started_s, "s", server="pgserver wheel (PostgreSQL 16), temp dir")
        one = await pg_loops(await create_database(server), count, rounds)
        emit("pg_raw_commits_per_s", one["raw_per_s"], "1/s", rows=count, loop="asyncpg INSERT + commit")
        emit("pg_act_commits_per_s", one["act_per_s"], "1/s", actions=count)
        ratio = one["act_per_s"] / one["raw_per_s"]
        emit("pg_act_vs_raw", ratio, "ratio", goal=">= 0.5", met=ratio >= 0.5)
        url = await create_database(server)
        store = await GameStore.open(url)  # migrated once, before the two processes start
        await store.close()
        start_at = time.time() + 8.0  # both processes begin their timed rounds together
        jobs = [
            asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench",
                "scale",
                "--job=pg",
                f"--db={url}",
                f"--pg-actions={count}",
                f"--start-at={start_at}",
                cwd=ROOT,
                stdout=asyncio.subprocess.PIPE,
            )
            for _ in range(2)
        ]
        procs = [await job for job in jobs]
        outs = [json.loads((await proc.communicate())[0].decode().strip().splitlines()[-1]) for proc in procs]
        raw_sum = sum(o["raw_per_s"] for o in outs)
        act_sum = sum(o["act_per_s"] for o in outs)
        each_raw = [round(o["raw_per_s"]) for o in outs]
        each_act = [round(o["act_per_s"]) for o in outs]
        emit("pg_two_process_raw_commits_per_s", raw_sum, "1/s", processes=2, each=each_raw)
        emit("pg_two_process_act_commits_per_s", act_sum, "1/s", processes=2, each=each_act)
        emit("pg_two_process_act_vs_raw", act_sum / raw_sum, "ratio", goal=">= 0.5", met=act_sum / raw_sum >= 0.5)
    finally:
        server.stop()


async def run(args: argparse.Namespace) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    try:
        background = args.games - (0 if args.no_discord else args.live)
        path = tmp / "referee.sqlite3"  # the name the e2e helpers read
        started = time.perf_counter()
        made, applied = await preload(path, background, args.actions, args.seed)
        took = time.perf_counter() - started
        emit("preload_games_per_s", made / took, "1/s", games=made, actions=applied, seconds=round(took, 1))
        held = in_fresh_process("hold", path)
        emit(
            "resident_mb_all_loaded",
            held["rss_mb"],
            "MB",
            games=held["games"],
            cached=held["cached"],
            empty_process_mb=round(held["rss_before_mb"], 1),
            load_all_s=round(held["load_s"], 2),
            goal="<= 1024",
            met=held["rss_mb"] <= 1024,
        )
        tick = in_fresh_process("remind", path)
        emit("first_reminder_pass_s", tick["seconds"], "s", games=tick["games"], rss_mb=round(tick["rss_mb"], 1))
        ticks = in_fresh_process("tick", path)
        restarted = in_fresh_process("tick", path)  # the stored waiting seats are there now
        emit(
            "reminder_tick_ms",
            ticks["steady_ms"],
            "ms",
            games=ticks["games"],
            cpu_ms=round(ticks["steady_cpu_ms"], 1),
            first_tick_ms=round(ticks["first_ms"], 1),
            first_tick_cpu_ms=round(ticks["first_cpu_ms"], 1),
            after_restart_ms=round(restarted["first_ms"], 1),
            after_restart_cpu_ms=round(restarted["first_cpu_ms"], 1),
        )
        if not args.no_discord:
            await discord_figures(tmp, args.live, args.decisions, background, args.think)
        if not args.no_pg:
            await pg_figures(args.pg_actions, args.pg_rounds)
        return 0
    finally:
        if args.keep:
            emit("tmp", None, str(tmp))
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench scale", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--live", type=int, default=100)
    parser.add_argument("--actions", type=int, default=10, help="random legal actions per background game")
    parser.add_argument("--decisions", type=int, default=4, help="decisions per live game")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause before each press, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-discord", action="store_true", help="store figures only, no bot process")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--no-pg", action="store_true", help="no PostgreSQL figures")
    parser.add_argument("--pg-actions", type=int, default=2000, help="commits per PostgreSQL loop")
    parser.add_argument("--pg-rounds", type=int, default=20, help="alternations of the PostgreSQL loops")
    parser.add_argument("--job", choices=["hold", "remind", "tick", "pg"], help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv or [])
    if args.job == "pg":
        print(json.dumps(on_bot_loop(pg_loops(args.db, args.pg_actions, args.pg_rounds, args.start_at))), flush=True)
        return 0
    if args.job:
        job = {"hold": hold_all, "remind": reminder_pass, "tick": reminder_ticks}[args.job]
        print(json.dumps(on_bot_loop(job(Path(args.db)))), flush=True)
        return 0
    return on_bot_loop(run(args))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
