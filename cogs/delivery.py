"""Getting messages to the right eyes: the game thread for the table, DMs for one seat.

DMs fail often (closed DMs answer 403 / 50007). A failed DM is never dropped: its
text waits in the store (``GameStore.add_pending_dm``, a ``kept_dm`` row of the outbox) and
is shown in the player's ephemeral private panel the next time they interact in the
game, the thread gets one line asking them to open their DMs (with an "Open my
private panel" button), and the game master is told. Because the texts are in the
database, a restart (or a crash) of the bot does not lose them. Without a store
(unit tests of this module) they are kept in memory instead.

A kept DM describes a seat (its hand, its secret decisions), not a person: when a
game master gives the seat to a substitute, the store hands the kept rows over in the
same transaction, ``seat_changed`` moves any kept in memory, and ``welcome`` sends
them to the substitute at once (or leaves them for the substitute's panel).

A thread post is never dropped either. Every committed change is delivered through the
store's durable outbox (issue 18, ``cogs.outbox``): its row is written with the change, its
Discord calls are numbered steps recorded as they go out (``Sending``), and each message
they create carries a nonce with ``enforce_nonce``, so a restarted bot resends exactly
what is missing and Discord refuses a second copy of what was already made. Within the
process, what could not be sent (a server error, rate limiting, a dropped connection, a
timeout) waits in the game's in-memory queue and a worker retries it with growing pauses;
while anything waits, later posts of that game queue behind it so the thread keeps the
order of play. ``later`` queues a whole step the same way. Lobby lines, a GM's notes,
reminders and stall notices are outbox rows too (``Notice``); a post that is not part of a
row (the thread-gone notice to the GM) is lost from that queue if the process dies. Only a
post Discord itself refuses (a 4xx: no permission, the thread deleted) is logged as an
error and not tried again, since the same request would fail the same way.

A quiet thread (issue 12): public events do not get a message each. ``log`` appends them
to the game's running log, one message per season or turn that is edited as steps
resolve (a new one when it is full), ``attach`` adds the board picture to the message a
milestone closed, and ``edit`` puts a seat's next decision on the message it just
answered. Only a newly awaited decision is a new message that pings (``Referee``).
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import os
import signal
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import discord

from engine.core.text import message
from i18n import render
from store import StoreError

from . import lang
from .permissions import GuildLookup
from .prompts import PanelButton, frozen_view
from .text import chunk, mention

log = logging.getLogger(__name__)

GM_FALLBACK = message("bot.gm_fallback", "Game master ({role})")
GM_NOTICE = message("bot.gm_notice", "🛡️ {gm}: {text}")
KEPT_HEADER = message("bot.dm.kept_header", "**Messages for your seat that were not delivered before you took it:**")
DMS_CLOSED = message(
    "bot.dm.closed",
    "📭 {player}, I could not send you a direct message. Please allow DMs from this server "
    "(server name → Privacy Settings → Direct Messages). Until then, your private updates wait in "
    "your private panel: press the button or use `/game hand`.",
)
DMS_CLOSED_GM = message(
    "bot.dm.closed_gm", "🛡️ {gm}: {who}'s DMs are closed; they get their secrets through the private panel."
)
A_PLAYER = message("bot.a_player", "a player")
THREAD_GONE = message(
    "bot.thread_gone",
    "🛡️ {gm}: the thread of {title} is gone (deleted?), so what the game posts cannot reach the table. "
    "The game itself is safe: `/game status` and `/game board` still work here.",
)
# Discord's "Unknown Channel": the game's thread was deleted.
UNKNOWN_CHANNEL = 10003

NO_MENTIONS = discord.AllowedMentions.none()

# What sending to Discord raises when it fails: a refusal or server error, a dropped or
# refused connection, a timeout. All of them are worth another try later.
SEND_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
)


def refused(exc: BaseException) -> bool:
    """Discord answered and said no (a 4xx other than rate limiting: no permission, the thread
    is gone, a malformed message). Trying the same again cannot help, and waiting on it would
    hold up every later post of the game, so it is logged and given up at once."""
    return isinstance(exc, discord.HTTPException) and 400 <= exc.status < 500 and exc.status != 429


# The store's name for the running log message (``GameStore.table_message``).
LOG_SLOT = "log"
# How many messages the bot posted to a game's thread (``Delivery.posted``), kept with the
# outbox steps so a restarted bot decides "is that prompt still at the bottom" as before.
POSTED_SLOT = "posted"
# The running log is written in embeds: a message holds up to 6000 characters there (each
# embed up to 4096) against 2000 as content, so a season takes a third of the messages.
LOG_LIMIT = 6000
EMBED_LIMIT = 4096


def log_embeds(content: str) -> list[discord.Embed]:
    """The running log's text as embed descriptions (at most ``LOG_LIMIT`` characters in all)."""
    return [discord.Embed(description=part) for part in chunk(content or "\u200b", EMBED_LIMIT)]


# Pauses (seconds) before each retry of an outbox entry; after the last one it is given up (and logged).
RETRY_DELAYS: tuple[float, ...] = (5.0, 30.0, 120.0, 600.0, 1800.0)

# The game whose outbox the current task is draining: its sends go straight out and
# raise on failure, so the worker (not a new queue entry) retries them.
_draining: contextvars.ContextVar[int | None] = contextvars.ContextVar("draining", default=None)

T = TypeVar("T")


@dataclass
class Sending:
    """The durable outbox row (issue 18) whose deliveries the current task makes.

    Every Discord call made for the row is a numbered step of a ``space`` (``m`` for the
    row's own flow, ``b0``, ``b1``… for the steps run beside it, such as the board
    picture). A step's result is written to the row (``GameStore.outbox_step``) right
    after the call, together with the table messages it opened or closed, so a resend
    of the row after a crash or a failure skips the steps that went out and makes the
    same decisions again. A message a step creates carries the nonce ``<row nonce>.<space><step>``
    with ``enforce_nonce``: if the process died after Discord created it but before the
    step was written, Discord answers the resend with the message it already has.

    What Discord does not guarantee, and the worst case: nonces are remembered only for a
    few minutes, so a resend much later (the bot down for longer) may post a message a
    second time; an edit (the running log, a prompt asked again, the board added to a
    log message) is repeated with the same content, which changes nothing; a DM is a
    message creation in the DM channel and is deduplicated the same way, within the
    same window. Nothing is ever lost: at worst a message shows twice.
    """

    row_id: int
    nonce: str
    game_id: int
    progress: dict[str, list[Any]]
    space: str = "m"
    step: int = 0
    forks: int = 0
    # Table messages (slot -> message) changed by the current step: written with its record.
    table: list[tuple[int, str, int | None, str]] = field(default_factory=list)
    asides: list[asyncio.Task[object]] = field(default_factory=list)
    children: list[Sending] = field(default_factory=list)

    def fork(self) -> Sending:
        """A space for steps run beside the row's flow (their order against it is not fixed)."""
        child = Sending(self.row_id, self.nonce, self.game_id, self.progress, space=f"b{self.forks}")
        self.forks += 1
        self.children.append(child)
        return child

    def leftover(self) -> list[tuple[int, str, int | None, str]]:
        """Table writes not yet written with a step (of this space and its forks)."""
        out, self.table = self.table, []
        for child in self.children:
            out += child.leftover()
        return out


_sending: contextvars.ContextVar[Sending | None] = contextvars.ContextVar("sending", default=None)


def sending() -> Sending | None:
    """The outbox row the current task delivers, if any."""
    return _sending.get()


def _same(value: Any) -> Any:
    return value


def nonced(nonce: str | None) -> dict[str, Any]:
    """``send`` arguments for a message creation with ``nonce``: discord.py (2.4+) then also sets
    ``enforce_nonce``, so Discord returns the message it already made with that nonce instead of
    a second one."""
    return {} if nonce is None else {"nonce": nonce}


def user_mentions() -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, users=True, roles=False, replied_user=False)


def user_and_role_mentions() -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, users=True, roles=True, replied_user=False)


@dataclass
class Pending:
    # (seat, text) kept in memory: without a store, or when the store could not take it.
    # The seat is kept so the text can follow its seat to a substitute.
    texts: list[tuple[int | None, str]] = field(default_factory=list)
    notified: bool = False


@dataclass
class Job:
    """One outbox entry: ``run`` raises when it must be tried again."""

    what: str
    run: Callable[[], Awaitable[object]]
    attempts: int = 0
    # False for a post that only queues behind a waiting one: it goes as soon as its turn comes.
    failed: bool = True


__all__ = ["SEND_ERRORS", "Delivery", "Job", "frozen_view", "user_and_role_mentions", "user_mentions"]


class Delivery:
    """Sends to threads and DMs; remembers what could not be delivered."""

    def __init__(self, client: discord.Client, gm_role: str, store: Any | None = None) -> None:
        self.client = client
        self.gm_role = gm_role
        self.store = store
        self.guilds = GuildLookup(client)  # servers this process's shards do not cache (issue 19)
        # With a store, only ``notified`` is used here (the texts are in the database).
        self.pending: dict[tuple[int, int], Pending] = {}
        self._dm_channels: dict[int, discord.abc.Messageable] = {}
        self._gone: set[int] = set()  # games whose deleted thread the GM was told of (``_thread_gone``)
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._outbox: dict[int, deque[Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        # game -> its open running-log message (id, text), None when closed; see ``log``.
        self._open: dict[int, tuple[int, str] | None] = {}
        self._posted: dict[int, int] = {}  # game -> messages posted to its thread (``posted``)
        self._aside: set[asyncio.Task[object]] = set()  # steps run beside the flow (``aside``)
        # Fault injection for the crash tests (``BOT_CRASH_AFTER_SENDS``): SIGKILL this process
        # right after its Nth Discord call for an outbox row (0 = never).
        self.crash_after_sends = 0
        self._sends = 0
        # Who reads which language (the Referee shares its own, so choices apply at once).
        self.locales = lang.Locales(store)

    # ---- steps of an outbox row (issue 18) -------------------------------------------
    def _row(self, game_id: int) -> Sending | None:
        ctx = _sending.get()
        return ctx if ctx is not None and ctx.game_id == game_id else None

    async def _once(
        self,
        game: Any,
        kind: str,
        op: Callable[[str | None], Awaitable[T]],
        *,
        encode: Callable[[T], Any] = _same,
        decode: Callable[[Any], T] = _same,
    ) -> T:
        """One Discord call (or one decision, ``kind="decide"``) of the outbox row being delivered.

        Outside a row it simply runs ``op(None)``. Inside one, a step the row already
        records is not made again: its recorded result is returned (``decode``). Else
        ``op`` runs with the step's nonce and its result (``encode``) is recorded, with
        the table messages the step changed, before the next step starts. An ``op`` that
        raises records nothing: the row is tried again later from that step on.
        """
        ctx = self._row(int(game.id))
        if ctx is None:
            return await op(None)
        step = ctx.step
        ctx.step += 1
        done = ctx.progress.get(ctx.space, [])
        if step < len(done) and done[step][0] == kind:
            return decode(done[step][1])
        value = await op(f"{ctx.nonce}.{ctx.space}{step}")
        if kind != "decide":
            self._sent_one()
        recorded = [kind, encode(value)]
        table, ctx.table = ctx.table, []
        if self.store is not None:
            await self.store.outbox_step(ctx.row_id, ctx.space, step, recorded, table)
        mine = ctx.progress.setdefault(ctx.space, [])
        if len(mine) == step:
            mine.append(recorded)
        return value

    async def decide(self, game: Any, compute: Callable[[], T]) -> T:
        """A choice made from this process's memory (which message to reuse, whether to tell the
        table): recorded like a step, so a resend of the row after a restart chooses the same."""

        async def op(_nonce: str | None) -> T:
            return compute()

        return await self._once(game, "decide", op)

    def _sent_one(self) -> None:
        self._sends += 1
        if self.crash_after_sends and self._sends >= self.crash_after_sends:
            log.warning("BOT_CRASH_AFTER_SENDS=%d reached: killing the process", self.crash_after_sends)
            logging.shutdown()
            os.kill(os.getpid(), signal.SIGKILL)

    async def remember(self, game_id: int, slot: str, message_id: int | None, content: str = "") -> None:
        """Keep a table message (``GameStore.set_table_message``): with the current step of an outbox
        row (one transaction with the step's record), else at once."""
        ctx = self._row(int(game_id))
        if ctx is not None:
            ctx.table.append((int(game_id), slot, message_id, content))
            return
        if self.store is not None:
            try:
                await self.store.set_table_message(int(game_id), slot, message_id, content)
            except (sqlite3.Error, StoreError):
                # Only the restart case needs the store: this process goes on with its own copy.
                log.exception("could not keep the %s message of game %s", slot, game_id)

    # ---- the table -------------------------------------------------------------
    def channel_of(self, game: Any) -> discord.abc.Messageable:
        channel_id = game.thread_id or game.channel_id
        return self.client.get_partial_messageable(
            int(channel_id), guild_id=int(game.guild_id) if game.guild_id else None
        )

    async def gm_mention(self, guild_id: int | None, locale: str = "en") -> str:
        """The GM role's mention in the game's server; its plain name when the server has no such
        role. A server this process does not cache (another shard's, issue 19: an outbox row taken
        over, a DM press's consequences) is asked of REST, the answer kept a minute."""
        if not guild_id:
            return render(GM_FALLBACK(role=self.gm_role), locale)
        guild = self.client.get_guild(int(guild_id))
        if guild is not None:
            role = discord.utils.get(guild.roles, name=self.gm_role)
            role_id = role.id if role is not None else None
        else:
            role_id = await self.guilds.gm_role_id(int(guild_id), self.gm_role)
        return f"<@&{role_id}>" if role_id is not None else render(GM_FALLBACK(role=self.gm_role), locale)

    async def post(
        self,
        game: Any,
        content: lang.Text,
        *,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        filename: str = "board.png",
        mentions: discord.AllowedMentions | None = None,
    ) -> discord.Message | discord.PartialMessage | None:
        """Post to the game thread; long text becomes several messages, components go on the last.

        Returns the last message sent (a partial one when an outbox row's resend skipped it), or
        None when (part of) the post waits in the outbox or Discord refused it.
        A ``Msg`` is rendered in the game's language, with the game's names.
        """
        if not isinstance(content, str):
            content = render(content, lang.game_locale(game), lang.game_content_names(game))
        parts = chunk(content)
        game_id = int(game.id)
        if self._outbox.get(game_id) and _draining.get() != game_id:
            self._enqueue(game_id, self._post_job(game, parts, view, png, filename, mentions, failed=False))
            return None
        sent: discord.Message | discord.PartialMessage | None = None
        for i in range(len(parts)):
            try:
                sent = await self._send_part(game, parts, i, view, png, filename, mentions)
            except SEND_ERRORS as exc:
                if _draining.get() == game_id:
                    raise  # the worker retries the entry it is running
                log.warning("could not post to the thread of game %s (%s); it will be retried", game_id, exc)
                self._enqueue(game_id, self._post_job(game, parts[i:], view, png, filename, mentions))
                return None
        return sent

    async def _send_part(
        self,
        game: Any,
        parts: list[str],
        i: int,
        view: discord.ui.View | None,
        png: bytes | None,
        filename: str,
        mentions: discord.AllowedMentions | None,
    ) -> discord.Message | discord.PartialMessage | None:
        """One message of a post; None when Discord refused it (logged: the same request would fail
        the same way, and waiting on it would hold up every later post of the game)."""
        last = i == len(parts) - 1

        async def op(nonce: str | None) -> discord.Message | discord.PartialMessage | None:
            kwargs: dict[str, Any] = {"allowed_mentions": mentions or NO_MENTIONS, **nonced(nonce)}
            if last and view is not None:
                kwargs["view"] = view
            if last and png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)  # a fresh File per try
            try:
                sent = await self.channel_of(game).send(parts[i] or None, **kwargs)
            except SEND_ERRORS as exc:
                if not refused(exc):
                    raise
                log.error("Discord refused a post to the thread of game %s: %s", game.id, exc)
                if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
                    await self._thread_gone(game)
                return None
            await self._count_post(game)
            return sent

        return await self._once(
            game,
            "post",
            op,
            encode=lambda m: None if m is None else int(m.id),
            decode=lambda i: None if i is None else self._thread(game).get_partial_message(int(i)),
        )

    def _post_job(
        self,
        game: Any,
        parts: list[str],
        view: discord.ui.View | None,
        png: bytes | None,
        filename: str,
        mentions: discord.AllowedMentions | None,
        *,
        failed: bool = True,
    ) -> Job:
        """The not yet sent ``parts`` of a post; a retry resumes after the last part that went out."""
        remaining = list(parts)

        async def run() -> None:
            while remaining:
                await self._send_part(game, remaining, 0, view, png, filename, mentions)
                remaining.pop(0)

        return Job(f"post to the thread of game {game.id}", run, failed=failed)

    async def _thread_gone(self, game: Any) -> None:
        """The game's thread was deleted: tell the game master once (per process), in the channel
        the thread was opened from. Nothing is retried: the same post would fail the same way."""
        game_id = int(game.id)
        if game_id in self._gone or not game.thread_id or not game.channel_id:
            return
        self._gone.add(game_id)
        locale = lang.game_locale(game)
        notice = THREAD_GONE(
            gm=await self.gm_mention(game.guild_id, locale), title=lang.game_title(game.ruleset, game_id)
        )
        channel = self.client.get_partial_messageable(
            int(game.channel_id), guild_id=int(game.guild_id) if game.guild_id else None
        )
        try:
            await channel.send(render(notice, locale), allowed_mentions=user_and_role_mentions())
        except SEND_ERRORS as exc:
            log.error("could not tell the GM that the thread of game %s is gone: %s", game_id, exc)

    # ---- messages kept open and edited ----------------------------------------------
    async def log(self, game: Any, content: str, *, close: bool = False) -> tuple[int, str] | None:
        """Append lines to the game's running log: one thread message edited as steps resolve.

        Issue 12: a season or turn is one message, not one per step. A new message starts
        when there is none open, when the text would pass what one message holds
        (``LOG_LIMIT``), or when the open one is gone; ``close`` ends the season or turn, so
        the next lines start a new message. The open message's id and text are kept in the
        store, so a restarted bot goes on editing it. The log never pings anyone: whom the
        game waits for is told by the prompt. Failures are retried through the outbox like
        posts. Returns the message the lines ended in (id, whole text), None when they wait.
        """
        game_id = int(game.id)
        if not content and not close:
            return None
        ended: list[tuple[int, str]] = []

        async def run() -> None:
            done = await self._log_now(game, content, close)
            if done is not None:  # None: Discord refused it (logged)
                ended.append(done)

        job = Job(f"log of game {game_id}", run, failed=False)
        if self._outbox.get(game_id) and _draining.get() != game_id:
            self._enqueue(game_id, job)
            return None
        try:
            await job.run()
        except SEND_ERRORS as exc:
            if _draining.get() == game_id:
                raise  # the worker retries the entry it is running
            if refused(exc):
                log.error("Discord refused the log of game %s: %s", game_id, exc)
                await self._keep_open(game_id, None)
                return None
            log.warning("could not update the log of game %s (%s); it will be retried", game_id, exc)
            job.failed = True
            self._enqueue(game_id, job)
            return None
        return ended[-1] if ended else None

    async def attach(
        self, game: Any, where: tuple[int, str] | None, line: str, png: bytes, filename: str = "board.png"
    ) -> None:
        """Add the board picture (and its line) to a log message that ``log`` closed.

        It comes after the prompts, so nobody waits for a picture to learn it is their turn.
        When that message cannot take it (gone, full, or the log still waits in the outbox)
        the picture is posted on its own, as before issue 12.
        """
        if where is not None and len(where[1]) + 1 + len(line) <= LOG_LIMIT:
            message_id, text = where[0], f"{where[1]}\n{line}" if where[1] else line

            async def op(_nonce: str | None) -> bool:
                file = discord.File(io.BytesIO(png), filename=filename)
                try:
                    await (
                        self._thread(game)
                        .get_partial_message(message_id)
                        .edit(embeds=log_embeds(text), attachments=[file], allowed_mentions=NO_MENTIONS)
                    )
                except SEND_ERRORS as exc:
                    log.info(
                        "could not add the board to message %s of game %s (%s); posting it", message_id, game.id, exc
                    )
                    return False
                return True

            if await self._once(game, "attach", op):
                return
        await self.post(game, line, png=png, filename=filename)

    def _thread(self, game: Any) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(
            int(game.thread_id or game.channel_id), guild_id=int(game.guild_id) if game.guild_id else None
        )

    async def _log_now(self, game: Any, content: str, close: bool) -> tuple[int, str] | None:
        """One try of ``log``: edit the open message, else post a new one; raises on failure.

        For an outbox row the whole update is one step: whether it edits or posts depends on
        the open message, which the step itself changes, so a resend must not decide again
        (it returns what the step recorded). A failure part-way puts this process's copy of
        the open message and the post count back, so the retry decides as the first try did.
        """
        game_id = int(game.id)
        opened_before = self._open.get(game_id)
        posted_before = self._posted.get(game_id, 0)

        async def op(nonce: str | None) -> list[Any] | None:
            try:
                ended = await self._log_calls(game, content, close, nonce)
            except BaseException as exc:
                if self._row(game_id) is not None:
                    self._open[game_id] = opened_before
                    self._posted[game_id] = posted_before
                if not refused(exc):
                    raise
                # Discord refused it (no permission, the thread deleted): the same request would fail
                # the same way, so it is logged, the log message closed, and nothing waits on it.
                log.error("Discord refused the log of game %s: %s", game_id, exc)
                await self._keep_open(game_id, None)
                if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
                    await self._thread_gone(game)
                return None
            return [ended[0], ended[1]]

        done = await self._once(game, "log", op)
        return None if done is None else (int(done[0]), str(done[1]))

    async def _log_calls(self, game: Any, content: str, close: bool, nonce: str | None) -> tuple[int, str]:
        """The Discord calls of one log update; a new message ``i`` carries the nonce ``<nonce>-<i>``."""
        game_id = int(game.id)
        channel = self._thread(game)
        opened = await self._open_message(game_id)
        if opened is not None:
            message_id, before = opened
            combined = f"{before}\n{content}" if content and before else before or content
            if len(combined) <= LOG_LIMIT:
                try:
                    await channel.get_partial_message(message_id).edit(
                        embeds=log_embeds(combined), allowed_mentions=NO_MENTIONS
                    )
                except discord.NotFound:
                    log.info("the log message %s of game %s is gone; starting a new one", message_id, game_id)
                else:
                    await self._keep_open(game_id, None if close else message_id, combined)
                    return message_id, combined
        parts = chunk(content, LOG_LIMIT)
        ended = (0, "")
        for i, part in enumerate(parts):
            sent = await channel.send(
                embeds=log_embeds(part),
                allowed_mentions=NO_MENTIONS,
                **nonced(None if nonce is None else f"{nonce}-{i}"),
            )
            await self._count_post(game)
            ended = (sent.id, part)
            await self._keep_open(game_id, sent.id, part)
        if close:
            await self._keep_open(game_id, None)
        return ended

    async def _count_post(self, game: Any) -> None:
        count = self._posted.get(int(game.id), 0) + 1
        self._posted[int(game.id)] = count
        # Which prompt message is still at the bottom of the thread is read from this count
        # (``Referee._recent_prompt_message``): a restarted bot must count on from the same number.
        await self.remember(int(game.id), POSTED_SLOT, count)

    def set_posted(self, game_id: int, count: int) -> None:
        """The count a restarted bot reads back from the store (``POSTED_SLOT``)."""
        self._posted[int(game_id)] = max(self._posted.get(int(game_id), 0), int(count))

    def set_open(self, game_id: int, found: tuple[int, str] | None) -> None:
        """The open log message (id, text) as the store has it, None if closed: on PostgreSQL another
        process may have opened, grown or closed it since this one last posted (issue 19)."""
        self._open[int(game_id)] = found

    def posted(self, game_id: int) -> int:
        """How many messages this process has posted to the game's thread: whether a message is
        still at the bottom of the thread (nothing, or only a log message, after it) is read from it."""
        return self._posted.get(int(game_id), 0)

    async def edit(
        self,
        game: Any,
        message_id: int,
        content: str,
        *,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        filename: str = "board.png",
    ) -> bool:
        """Replace a thread message of the bot (a prompt asked again of the same seat) in place.

        Returns False when it could not be edited (gone, or Discord unreachable): the caller
        posts the text afresh instead, so nothing waits on an edit.
        """
        if self._outbox.get(int(game.id)) and _draining.get() != int(game.id):
            return False  # posts wait: an edit now would overtake them

        async def op(_nonce: str | None) -> bool:
            kwargs: dict[str, Any] = {"content": content, "view": view, "allowed_mentions": NO_MENTIONS}
            kwargs["attachments"] = [discord.File(io.BytesIO(png), filename=filename)] if png is not None else []
            try:
                await self._thread(game).get_partial_message(int(message_id)).edit(**kwargs)
            except SEND_ERRORS as exc:
                log.info("could not edit message %s of game %s (%s); posting instead", message_id, game.id, exc)
                return False
            return True

        return await self._once(game, "edit", op)

    async def _open_message(self, game_id: int) -> tuple[int, str] | None:
        """The open log message of the game (id, text): this process's copy, else the store's."""
        if game_id not in self._open:
            found = None
            if self.store is not None:
                try:
                    found = await self.store.table_message(game_id, LOG_SLOT)
                except (sqlite3.Error, StoreError):
                    log.exception("could not read the open log message of game %s", game_id)
            self._open[game_id] = found
        return self._open[game_id]

    async def _keep_open(self, game_id: int, message_id: int | None, content: str = "") -> None:
        self._open[game_id] = None if message_id is None else (int(message_id), content)
        await self.remember(game_id, LOG_SLOT, message_id, content)

    # ---- the outbox ----------------------------------------------------------------
    def later(self, game: Any, what: str, run: Callable[[], Awaitable[object]]) -> None:
        """Queue ``run`` (e.g. publishing a committed action that failed) behind the game's waiting posts.

        The worker runs it with this game's sends going straight out, retries it on
        failure, and gives it up (logged) after the last of ``retry_delays``. A retried
        step may repeat a line it had already posted: better twice than never.
        """
        self._enqueue(int(game.id), Job(what, run))

    def waiting(self, game_id: int) -> int:
        """How many entries wait in the game's outbox."""
        return len(self._outbox.get(int(game_id), ()))

    def _enqueue(self, game_id: int, job: Job) -> None:
        self._outbox.setdefault(game_id, deque()).append(job)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(
                self._drain(game_id), name=f"outbox-{game_id}"
            )

    async def _drain(self, game_id: int) -> None:
        """Retry the game's outbox in order until it is empty; one failing entry never stops the worker."""
        _draining.set(game_id)  # this task's own context: only its sends bypass the queue
        queue = self._outbox[game_id]
        try:
            while queue:
                job = queue[0]
                if job.failed:
                    await asyncio.sleep(self.retry_delays[min(job.attempts, len(self.retry_delays) - 1)])
                try:
                    await job.run()
                except Exception as exc:  # noqa: BLE001 - the outbox worker outlives any one entry; logged below
                    failure = exc
                else:
                    queue.popleft()
                    continue
                job.attempts += 1
                job.failed = True
                if refused(failure):
                    job.attempts = len(self.retry_delays)
                # A send failure is expected and told in one line; anything else is a bug: full traceback.
                trace = None if isinstance(failure, SEND_ERRORS) else failure
                if job.attempts >= len(self.retry_delays):
                    log.error("gave up the %s after %d tries: %s", job.what, job.attempts, failure, exc_info=trace)
                    queue.popleft()
                else:
                    log.warning("retrying the %s failed (%s); trying again", job.what, failure, exc_info=trace)
        finally:
            if not queue:
                self._outbox.pop(game_id, None)
            self._workers.pop(game_id, None)

    def aside(self, what: str, run: Callable[[], Coroutine[Any, Any, object]]) -> None:
        """Run a step nobody waits for (a board picture) beside the game's flow: the next press of
        the game is not held up by it. A failure is logged; ``flush`` and ``close`` wait for it."""
        ctx = _sending.get()
        context = contextvars.copy_context()
        if ctx is not None:
            context.run(_sending.set, ctx.fork())  # its own numbered steps: it runs beside the row's flow
        task: asyncio.Task[object] = asyncio.get_running_loop().create_task(run(), name=what, context=context)
        if ctx is not None:
            ctx.asides.append(task)
        self.track(task)

    def track(self, task: asyncio.Task[object]) -> None:
        """Let ``flush`` and ``close`` wait for ``task`` (an aside, an outbox row finishing beside the flow)."""
        self._aside.add(task)
        task.add_done_callback(self._aside_done)

    def _aside_done(self, task: asyncio.Task[object]) -> None:
        self._aside.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("%s failed", task.get_name(), exc_info=task.exception())

    async def flush(self) -> None:
        """Wait until every outbox is empty (tests, and a clean shutdown after a short outage)."""
        while self._workers or self._aside:
            await asyncio.gather(*list(self._workers.values()), *list(self._aside), return_exceptions=True)

    async def close(self) -> None:
        """Stop the outbox workers; what still waits is logged, since it is lost with the process."""
        await asyncio.gather(*list(self._aside), return_exceptions=True)  # a picture or two: let them land
        for game_id, queue in self._outbox.items():
            if queue:
                log.warning("shutting down with %d undelivered post(s) for game %s", len(queue), game_id)
        workers = list(self._workers.values())
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._workers.clear()

    async def tell_gm(self, game: Any, text: lang.Text, *, view: discord.ui.View | None = None) -> None:
        """A notice for whoever referees; ``text`` must hold no secret (the thread is public).

        In the game's language: it is posted in the thread, where every GM of the table reads it.
        """
        locale = lang.game_locale(game)
        body = lang.tr(text, locale, lang.game_content_names(game))
        notice = render(GM_NOTICE(gm=await self.gm_mention(game.guild_id, locale), text=body), locale)
        await self.post(game, notice, view=view, mentions=user_and_role_mentions())

    async def reader(self, game: Any, user_id: int) -> str:
        """The language of a DM to ``user_id`` about ``game``: theirs, else the game's."""
        return await self.locales.of_user(user_id, lang.game_locale(game))

    # ---- one seat -----------------------------------------------------------------
    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            self._dm_channels[user_id] = channel
        return channel

    async def _send_dm(
        self,
        game: Any,
        user_id: int,
        content: str,
        view: discord.ui.View | None,
        png: bytes | None = None,
        *,
        nonce: str | None = None,
    ) -> None:
        """Send one DM (split at 2000 characters, components and picture on the last part); raises on failure.
        With ``nonce`` (an outbox row's step) part ``i`` carries ``<nonce>-<i>``, so a resend makes no copy."""
        channel = await self._dm_channel(user_id)
        parts = chunk(content)
        for i, part in enumerate(parts):
            kwargs: dict[str, Any] = {
                "allowed_mentions": NO_MENTIONS,
                **nonced(None if nonce is None else f"{nonce}-{i}"),
            }
            if i == len(parts) - 1 and view is not None:
                kwargs["view"] = view
            if i == len(parts) - 1 and png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename="decision.png")  # a fresh File per try
            await channel.send(part, **kwargs)
        state = self.pending.get((int(game.id), user_id))
        if state is not None:
            state.notified = False  # DMs work again: a later failure is worth a new notice

    async def dm(
        self,
        game: Any,
        user_id: int,
        content: lang.Text,
        *,
        seat: int | None = None,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
    ) -> bool:
        """DM a player; on failure keep the text for their private panel and raise the alarm once.

        A ``Msg`` is rendered in the recipient's language (``reader``).
        """
        if not isinstance(content, str):
            locale = await self.reader(game, user_id)
            content = render(content, locale, lang.game_content_names(game))
        parts = chunk(content)
        for i, part in enumerate(parts):
            last = i == len(parts) - 1

            async def op(nonce: str | None, part: str = part, last: bool = last) -> list[Any] | None:
                kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS, **nonced(nonce)}
                if last and view is not None:
                    kwargs["view"] = view
                if last and png is not None:
                    kwargs["file"] = discord.File(io.BytesIO(png), filename="decision.png")  # a fresh File per try
                try:
                    await (await self._dm_channel(user_id)).send(part, **kwargs)
                except SEND_ERRORS as exc:
                    if nonce is not None and not refused(exc):
                        raise  # an outbox row: a server error or a dropped connection is tried again
                    self._log_failure(user_id, exc)
                    # Kept under the step's nonce: a resend of the row keeps it once.
                    waiting = await self._keep(game, user_id, content, seat, nonce=nonce)
                    return [isinstance(exc, discord.HTTPException), waiting]
                return None

            failed = await self._once(game, "dm", op)
            if failed is None:
                continue
            if failed[0]:
                # Discord refused it (closed DMs): tell the table once, not again while this process
                # already did, nor when older messages were already waiting (the notice was posted
                # then, perhaps before a restart). A network failure is not the player's to fix:
                # the text just waits for their panel.
                await self._announce_closed(game, user_id, seat, first=failed[1] == 1)
            return False
        state = self.pending.get((int(game.id), user_id))
        if state is not None:
            state.notified = False  # DMs work again: a later failure is worth a new notice
        return True

    async def welcome(self, game: Any, user_id: int, seat: int, content: str) -> bool:
        """DM a seat's new holder ``content`` plus whatever was kept for the seat and never delivered.

        The kept texts leave the store only once the DM went out, so a crash in between
        repeats them in the panel rather than losing them. If the DM fails they stay for
        the new holder's panel, and the table is told even though older messages already
        wait: those were kept for the previous holder, whose closed DMs were the notice's subject.

        Within an outbox row (a seat change, issue 18) the welcome is one step: a resend of the
        row after a crash does not welcome twice (its nonce), and a dropped connection is retried.
        """

        async def op(nonce: str | None) -> list[bool]:
            kept = await self._kept(int(game.id), user_id)
            body = content
            if kept:
                header = render(KEPT_HEADER(), await self.reader(game, user_id))
                body += f"\n\n{header}\n" + "\n".join(t for _, t in kept)
            try:
                await self._send_dm(game, user_id, body, None, nonce=nonce)
            except SEND_ERRORS as exc:
                if nonce is not None and not refused(exc):
                    raise  # an outbox row: tried again from this step
                self._log_failure(user_id, exc)
                await self._keep(game, user_id, content, seat, nonce=nonce)
                return [False, isinstance(exc, discord.HTTPException)]
            await self._forget_kept(int(game.id), user_id, kept)
            return [True, False]

        sent, closed = await self._once(game, "welcome", op)
        if closed:
            await self._announce_closed(game, user_id, seat, first=True)
        return bool(sent)

    def seat_changed(self, game_id: int, seat: int, old_user: int, new_user: int) -> None:
        """Texts of ``seat`` kept in memory follow it to its new holder (0 = vacant).

        The store moves its own rows in the replacement's transaction; this covers what
        only this process holds (no store, or the store refused the text).
        """
        old = self.pending.get((int(game_id), old_user))
        if old is None or not any(s == seat for s, _ in old.texts):
            return
        moving = [(s, t) for s, t in old.texts if s == seat]
        old.texts = [(s, t) for s, t in old.texts if s != seat]
        self.pending.setdefault((int(game_id), new_user), Pending()).texts.extend(moving)

    @staticmethod
    def _log_failure(user_id: int, exc: BaseException) -> None:
        if not isinstance(exc, discord.Forbidden):
            log.warning("DM to %s failed: %s", user_id, exc)

    async def _keep(self, game: Any, user_id: int, content: str, seat: int | None, *, nonce: str | None = None) -> int:
        """Keep an undelivered text; returns how many now wait for that player in the store
        (1 when only this process holds it: then this process's own flag decides the notice)."""
        state = self.pending.setdefault((int(game.id), user_id), Pending())
        if self.store is not None:
            try:
                return int(await self.store.add_pending_dm(int(game.id), user_id, seat, content, nonce=nonce))
            except (sqlite3.Error, StoreError):
                log.exception("could not store an undelivered DM for %s in game %s", user_id, game.id)
        state.texts.append((seat, content))
        return 1

    async def _kept(self, game_id: int, user_id: int) -> list[tuple[int | None, str]]:
        """(store id or None, text) of everything waiting for the player, oldest stored first."""
        stored = await self.store.peek_pending_dms(game_id, user_id) if self.store is not None else []
        state = self.pending.get((game_id, user_id))
        memory = [(None, t) for _, t in state.texts] if state is not None else []
        return [(i, t) for i, t in stored] + memory

    async def _forget_kept(self, game_id: int, user_id: int, kept: list[tuple[int | None, str]]) -> None:
        """Drop what ``_kept`` returned, now that it was delivered (not what was kept since)."""
        ids = [i for i, _ in kept if i is not None]
        if ids and self.store is not None:
            await self.store.drop_pending_dms(game_id, user_id, max(ids))
        state = self.pending.get((game_id, user_id))
        if state is not None:
            state.texts = state.texts[len(kept) - len(ids) :]

    async def _announce_closed(self, game: Any, user_id: int, seat: int | None, *, first: bool) -> None:
        """One line in the thread (with the panel button) and a word to the GM, once per closed-DM spell."""
        state = self.pending.setdefault((int(game.id), user_id), Pending())
        announce = await self.decide(game, lambda: not state.notified and first)
        state.notified = True
        if not announce:
            return
        locale = lang.game_locale(game)  # a line in the thread: the game's language
        who = lang.seat_label(seat, locale=locale) if seat is not None and seat >= 0 else render(A_PLAYER(), locale)
        text = (
            render(DMS_CLOSED(player=mention(user_id, locale)), locale)
            + "\n"
            + render(DMS_CLOSED_GM(gm=await self.gm_mention(game.guild_id, locale), who=who), locale)
        )
        await self.post(
            game, text, view=frozen_view([PanelButton(int(game.id), locale)]), mentions=user_and_role_mentions()
        )

    async def has_pending(self, game_id: int, user_id: int) -> bool:
        state = self.pending.get((int(game_id), user_id))
        if state is not None and state.texts:
            return True
        return bool(self.store is not None and await self.store.has_pending_dms(int(game_id), user_id))

    async def take_pending(self, game_id: int, user_id: int) -> list[str]:
        """The undelivered texts for this player and game, oldest first; they are gone once taken."""
        texts: list[str] = []
        if self.store is not None:
            texts = await self.store.take_pending_dms(int(game_id), user_id)
        state = self.pending.get((int(game_id), user_id))
        if state is not None and state.texts:
            texts, state.texts = texts + [t for _, t in state.texts], []
        return texts

    async def pending_games(self, user_id: int) -> list[int]:
        games = set(await self.store.pending_dm_games(user_id)) if self.store is not None else set()
        games |= {game for (game, user), state in self.pending.items() if user == user_id and state.texts}
        return sorted(games)

    def dms_closed(self, game_id: int, user_id: int) -> bool:
        state = self.pending.get((int(game_id), user_id))
        return bool(state and state.notified)
