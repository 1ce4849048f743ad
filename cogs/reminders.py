"""Reminders and deadlines: the bot knows whom it waits on and nudges them.

``plan_reminders`` is a pure function of the clock, the table's settings and who
the game waits on, so the schedule is unit tested with an injected time. The
``Reminders`` cog runs it for every active game on a ``discord.ext.tasks`` loop:

* a seat whose decision has waited ``reminder_minutes`` since the last action (or
  since its last ping) is pinged in the thread, outside quiet hours (on the table's
  clock: the IANA ``time_zone`` if set, so daylight saving is followed, else UTC plus
  ``utc_offset_hours``, which is what games set up before time zones had);
* at the deadline, with ``auto_default`` on, the prompt's published default (or a
  random legal answer) is applied for that seat, logged as a GM action by the bot;
  otherwise the game master is told once that the game has stalled. If applying the
  default fails (the rules refuse it, the game has no default to offer), the game
  master is told once for that wait, the failure is logged, and the bot does not
  retry on every tick.

A locked-in simultaneous answer (``waiting=False``) is never pinged. Secret
prompts are pinged without their question, which may name a secret.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from discord.ext import commands, tasks

import engine
from engine.core import GM_SEAT, Prompt, RuleViolation
from engine.core.text import Msg, Ref, message
from store import Notice, ReminderRows, StoreError

from . import lang, store_text, text
from .referee import TO_GM, line

log = logging.getLogger(__name__)

# What the thread reads (issue 10): in the game's language, rendered at delivery.
SECRET_WAITING = message(
    "bot.remind.secret_waiting", "your secret decision is waiting in your DMs (or use `/game hand`)"
)
PING = message("bot.remind.ping", "⏰ {player}, {title} is waiting on you: {what}")
STALLED = message("bot.remind.stalled", "{title} has passed its deadline waiting on {seats}.")
DEFAULT_FAILED = message(
    "bot.remind.default_failed",
    "{title} passed its deadline, but I could not apply the default answer for seat {seat}: {reason} "
    "Please decide with `/gm override` (edit:action) or extend the deadline.",
)
FAILED_RULE = message("bot.remind.failed_rule", "{reason} ({rule}).")
FAILED_UNEXPECTED = message("bot.remind.failed_unexpected", "an unexpected error (see the bot's log).")

Clock = Callable[[], datetime]
STALL_MARK = GM_SEAT  # the reminders row that remembers when the GM was last told


def default_failed_mark(seat: int) -> int:
    """The reminders row remembering when applying ``seat``'s default last failed (-2, -3, ...)."""
    return -2 - seat


@dataclass(frozen=True)
class Ping:
    seat: int
    prompt: Prompt


@dataclass(frozen=True)
class ApplyDefault:
    seat: int
    prompt: Prompt


@dataclass(frozen=True)
class Stalled:
    seats: tuple[int, ...]


Plan = Ping | ApplyDefault | Stalled


def aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def table_zone(settings: Any) -> tzinfo:
    """The table's clock: its IANA ``time_zone`` (daylight saving included), else the fixed
    ``utc_offset_hours`` that older games were set up with.

    A name this machine cannot resolve (it was checked when set, but the tz data may
    differ after a move) falls back to the offset with a warning rather than stopping
    the game's reminders.
    """
    name = getattr(settings, "time_zone", None)
    zone = _named_zone(name) if name else None
    return zone or timezone(timedelta(hours=int(getattr(settings, "utc_offset_hours", 0) or 0)))


@functools.lru_cache(maxsize=256)
def _named_zone(name: str) -> tzinfo | None:
    """``ZoneInfo(name)``, or None (warned once per name, not on every tick) if unknown here."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        log.warning("unknown time zone %r in a game's settings; using its UTC offset", name)
        return None


def in_quiet_hours(now: datetime, start: int | None, end: int | None, zone: int | tzinfo = 0) -> bool:
    """Whether ``now`` falls in [start, end) on the table's clock (``zone``: a time zone, or
    hours from UTC); a window may wrap past midnight."""
    if start is None or end is None or start == end:
        return False
    clock = timezone(timedelta(hours=zone)) if isinstance(zone, int) else zone
    hour = aware(now).astimezone(clock).hour
    return start <= hour < end if start < end else hour >= start or hour < end


def plan_reminders(
    now: datetime,
    *,
    status: str,
    settings: Any,
    waiting_since: datetime,
    prompts: list[Prompt],
    last_reminded: dict[int, datetime | None],
) -> list[Plan]:
    """What to do for one game right now. ``last_reminded[GM_SEAT]`` is the last stall notice."""
    if status != "active":
        return []
    now, waiting_since = aware(now), aware(waiting_since)
    firsts: dict[int, Prompt] = {}
    for prompt in prompts:
        if prompt.waiting and prompt.seat not in firsts:
            firsts[prompt.seat] = prompt
    if not firsts:
        return []
    out: list[Plan] = []
    deadline_passed = bool(settings.deadline_hours) and now - waiting_since >= timedelta(hours=settings.deadline_hours)
    quiet = in_quiet_hours(now, settings.quiet_start_hour, settings.quiet_end_hour, table_zone(settings))
    stalled: list[int] = []
    for seat, prompt in sorted(firsts.items()):
        if seat == GM_SEAT:
            if deadline_passed:
                stalled.append(seat)
            continue
        if deadline_passed:
            if settings.auto_default:
                failed = last_reminded.get(default_failed_mark(seat))
                if failed is None or aware(failed) < waiting_since:
                    out.append(ApplyDefault(seat, prompt))
                # else: it failed during this wait and the GM was told; do not retry every tick
            else:
                stalled.append(seat)
            continue
        if settings.reminder_minutes and not quiet:
            last = last_reminded.get(seat)
            base = max(waiting_since, aware(last)) if last is not None else waiting_since
            if now - base >= timedelta(minutes=settings.reminder_minutes):
                out.append(Ping(seat, prompt))
    if stalled:
        told = last_reminded.get(STALL_MARK)
        if told is None or aware(told) < waiting_since:
            out.append(Stalled(tuple(stalled)))
    return out


def waiting_seats(prompts: list[Prompt]) -> list[int]:
    """The seats whose decision is awaited (a locked-in simultaneous answer is not), in prompt order:
    all that ``plan_reminders`` reads of the prompts to decide whether anything is due."""
    return list(dict.fromkeys(p.seat for p in prompts if p.waiting))


def _awaited(seat: int) -> Prompt:
    """A stand-in for a seat's awaited prompt, to decide from the stored seats alone; a plan it makes
    is decided again from the real prompts before anything is sent."""
    return Prompt(seat=seat, key="awaited", rule="", question="")


@functools.lru_cache(maxsize=1)
def rules_fingerprint() -> str:
    """A hash of the engine's code and content: who a state waits on is a function of the state and
    this code, so stored waiting seats computed by other code (before an upgrade) are read again."""
    root = Path(engine.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in {".py", ".json", ".toml", ".yaml"} and path.is_file():
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class Reminders(commands.Cog):
    """Runs ``plan_reminders`` over the active games every ``tick_seconds``."""

    def __init__(
        self, bot: commands.Bot, referee: Any, *, tick_seconds: float = 300.0, clock: Clock | None = None
    ) -> None:
        self.bot = bot
        self.r = referee
        self.clock: Clock = clock or referee.clock
        self.rng = random.Random()
        self.loop = tasks.loop(seconds=tick_seconds)(self._tick)
        self.loop.before_loop(self._before)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _before(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        # Several bot processes may share one PostgreSQL database (issue 19): one tick at a time
        # runs, held by an advisory lock that a dying process releases; on SQLite it is always ours.
        async with self.r.store.db.exclusive("reminders") as mine:
            if mine:
                await self.run_once()

    async def run_once(self, now: datetime | None = None) -> list[tuple[int, Plan]]:
        """One pass over every active game; returns what it did (for tests and logs).

        It never raises: an exception escaping a tick would stop the ``tasks.loop`` for good.
        """
        now = now or self.clock()
        done: list[tuple[int, Plan]] = []
        try:
            rows = await self.r.store.reminder_rows()
        except (sqlite3.Error, StoreError):
            log.exception("reminder tick: could not list the active games")
            return done
        code = rules_fingerprint()
        seen: list[tuple[int, int, list[int]]] = []
        for game in rows.games:
            try:
                done += [(game.id, p) for p in await self._game(game, now, rows, code, seen)]
            except Exception as exc:  # noqa: BLE001 - one game's failure must not stop the loop; traceback logged below
                failure = exc
            else:
                continue
            log.error("reminders failed for game %s", game.id, exc_info=failure)
        try:
            await self.r.store.set_waiting_seats(seen, code)
        except (sqlite3.Error, StoreError):  # derived rows: the next tick reads those games again
            log.exception("reminder tick: could not store the seats the games wait on")
        return done

    async def _game(
        self, game: Any, now: datetime, rows: ReminderRows, code: str, seen: list[tuple[int, int, list[int]]]
    ) -> list[Plan]:
        """Decide from the stored rows; load the game only when something is due.

        Why not load every game: a load rebuilds an uncached state (snapshot plus replay), and with
        hundreds of live games and the store's cache of 64, every tick rebuilt nearly all of them
        and pushed the games being played out of the cache. ``plan_reminders`` reads only which
        seats are awaited, and that changes only when the log moves: it is stored per game with the
        log seq it was read at (``waiting_seats``), taken from the store's cached state when the game
        moved in this process, and rebuilt only for a game that moved out of it (or before its first
        tick). A due plan is then decided again from the loaded game's own prompts, so what is sent
        is exactly what loading every game decided.
        """
        last: dict[int, datetime | None] = dict(rows.marks.get(game.id, {}))

        def decide(prompts: list[Prompt]) -> list[Plan]:
            return plan_reminders(
                now,
                status=game.status,
                settings=game.settings,
                waiting_since=game.last_action_at or game.updated_at,
                prompts=prompts,
                last_reminded=last,
            )

        stored = rows.waiting.get(game.id)
        if stored is not None and stored[0] == game.last_seq and stored[2] == code:
            plans = decide([_awaited(seat) for seat in stored[1]])
        else:
            seq, prompts = game.last_seq, self.r.store.cached_prompts(game.id, game.last_seq)
            if prompts is None:
                cold = await self.r.store.load(game.id)
                seq, prompts = cold.seq, cold.prompts
            seen.append((game.id, seq, waiting_seats(prompts)))
            plans = decide(prompts)
        if not plans:  # the usual tick: nothing due, nothing loaded
            return plans
        loaded = await self.r.store.load(game.id)
        plans = decide(loaded.prompts)
        loaded = await self.r.store.load(game.id)
        seats = {s.seat: s for s in loaded.seats if s.seat is not None}
        for plan in plans:
            if isinstance(plan, Ping):
                record = seats.get(plan.seat)
                if record is None or not record.user_id:
                    continue
                # Rendered at send time in the thread's language: a public question as the game asked it,
                # a secret one never shown.
                what: Msg | str = (
                    SECRET_WAITING()
                    if plan.prompt.secret
                    else plan.prompt.msg
                    if plan.prompt.msg is not None
                    else text.truncate(plan.prompt.question, text.MAX_CONTENT // 2)
                )
                ping = PING(player=text.mention(record.user_id), title=self.r.title(game), what=what)
                await self._remind(game, plan.seat, now, line(ping, ping=True))
            elif isinstance(plan, ApplyDefault):
                await self._apply_default(game, loaded, plan, now)
            elif isinstance(plan, Stalled):
                # Each seat's label is read at send time ("seat 2 Daqan (@alice)", in the thread's language).
                waiting = [Ref(kind=lang.SEAT_KIND, id=str(s)) for s in plan.seats]
                await self._remind(
                    game, STALL_MARK, now, line(STALLED(title=self.r.title(game), seats=waiting), to=TO_GM)
                )
        return plans

    async def _remind(self, game: Any, mark: int, now: datetime, said: dict[str, Any]) -> None:
        """Post a reminder (or a notice to the GM) through the outbox (issue 18): its row is written with
        the mark that keeps the next tick from planning it again, so it is neither lost nor sent twice."""
        notice = Notice(items=[said])
        await self.r.store.mark_reminded(game.id, mark, now, notice=notice)
        await self.r.after_commit(None, game, lambda: self.r.announce(game, notice))

    async def _apply_default(self, game: Any, loaded: Any, plan: ApplyDefault, now: datetime) -> bool:
        """Apply the late seat's default; on failure tell the GM once for this wait and log it."""
        rs = engine.ruleset(game.ruleset)
        bot_id = self.bot.user.id if self.bot.user else 0
        async with self.r.lock(game.id):
            try:
                action = plan.prompt.default or rs.sample_action(loaded.state, plan.seat, self.rng)
                before = (await self.r.store.load(game.id)).prompts
                outcome = await self.r.store.gm_act(
                    game.id, bot_id, action, "deadline passed: default applied", seat=plan.seat
                )
            except (RuleViolation, StoreError, ValueError, LookupError) as exc:
                # A refused or malformed default (pydantic's ValidationError is a ValueError): nothing changed.
                failure = exc
            else:
                # Committed: a failed post is retried by the delivery outbox, never reported as a failure here.
                await self.r.after_commit(None, game, lambda: self.r.publish(game, before, outcome))
                return True
        reason = _failure_words(failure)
        log.warning(
            "game %s: applying the default for seat %s at the deadline failed: %s",
            game.id,
            plan.seat + 1,
            reason.english(),
            exc_info=not isinstance(failure, (RuleViolation, StoreError)),
        )
        # The reason is a rule sentence or a table refusal, never the hidden prompt itself.
        said = DEFAULT_FAILED(title=self.r.title(game), seat=plan.seat + 1, reason=reason)
        await self._remind(game, default_failed_mark(plan.seat), now, line(said, to=TO_GM))
        return False


def _failure_words(exc: BaseException) -> Msg:
    """Why the default failed, in words the game master reads in the game's language."""
    if isinstance(exc, RuleViolation):
        reason = exc.msg if exc.msg is not None else exc.message
        return FAILED_RULE(reason=reason, rule=exc.rule)
    if isinstance(exc, StoreError):
        return store_text.store_reason(exc)
    return FAILED_UNEXPECTED()


async def setup(bot: commands.Bot) -> None:
    referee = bot.referee  # type: ignore[attr-defined]
    tick = float(getattr(bot, "reminder_tick_seconds", 300.0))
    await bot.add_cog(Reminders(bot, referee, tick_seconds=tick))
