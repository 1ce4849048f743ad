"""Getting messages to the right eyes: the game thread for the table, DMs for one seat.

DMs fail often (closed DMs answer 403 / 50007). A failed DM is never dropped: its
text waits in the store (``GameStore.add_pending_dm``, the ``pending_dm`` table) and
is shown in the player's ephemeral private panel the next time they interact in the
game, the thread gets one line asking them to open their DMs (with an "Open my
private panel" button), and the game master is told. Because the texts are in the
database, a restart (or a crash) of the bot does not lose them. Without a store
(unit tests of this module) they are kept in memory instead.

A kept DM describes a seat (its hand, its secret decisions), not a person: when a
game master gives the seat to a substitute, the store hands the kept rows over in the
same transaction, ``seat_changed`` moves any kept in memory, and ``welcome`` sends
them to the substitute at once (or leaves them for the substitute's panel).

A thread post is never dropped either. When Discord cannot be reached (a server error,
rate limiting, a dropped connection, a timeout), what was not sent waits in the game's
outbox and a worker retries it with growing pauses; while anything waits, later posts
of that game queue behind it so the thread keeps the order of play. ``later`` queues a
whole step (a referee's publishing after a commit) the same way. The outbox lives in
memory: a restart loses what still waits there (the log and ``/game status`` keep the
truth, and every open decision is reachable through ``/game act`` and the panel).
Only a post Discord itself refuses (a 4xx: no permission, the thread deleted) is
logged as an error and not tried again, since the same request would fail the same way.

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
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

from engine.core.text import message
from i18n import render
from store import StoreError

from . import lang
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
        # With a store, only ``notified`` is used here (the texts are in the database).
        self.pending: dict[tuple[int, int], Pending] = {}
        self._dm_channels: dict[int, discord.abc.Messageable] = {}
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self._outbox: dict[int, deque[Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        # game -> its open running-log message (id, text), None when closed; see ``log``.
        self._open: dict[int, tuple[int, str] | None] = {}
        self._posted: dict[int, int] = {}  # game -> messages posted to its thread (``posted``)
        self._aside: set[asyncio.Task[object]] = set()  # steps run beside the flow (``aside``)
        # Who reads which language (the Referee shares its own, so choices apply at once).
        self.locales = lang.Locales(store)

    # ---- the table -------------------------------------------------------------
    def channel_of(self, game: Any) -> discord.abc.Messageable:
        channel_id = game.thread_id or game.channel_id
        return self.client.get_partial_messageable(
            int(channel_id), guild_id=int(game.guild_id) if game.guild_id else None
        )

    def gm_mention(self, guild_id: int | None, locale: str = "en") -> str:
        guild = self.client.get_guild(int(guild_id)) if guild_id else None
        role = discord.utils.get(guild.roles, name=self.gm_role) if guild is not None else None
        return role.mention if role is not None else render(GM_FALLBACK(role=self.gm_role), locale)

    async def post(
        self,
        game: Any,
        content: lang.Text,
        *,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        filename: str = "board.png",
        mentions: discord.AllowedMentions | None = None,
    ) -> discord.Message | None:
        """Post to the game thread; long text becomes several messages, components go on the last.

        Returns the last message sent, or None when (part of) the post waits in the outbox.
        A ``Msg`` is rendered in the game's language, with the game's names.
        """
        if not isinstance(content, str):
            content = render(content, lang.game_locale(game), lang.game_content_names(game))
        parts = chunk(content)
        game_id = int(game.id)
        if self._outbox.get(game_id) and _draining.get() != game_id:
            self._enqueue(game_id, self._post_job(game, parts, view, png, filename, mentions, failed=False))
            return None
        sent: discord.Message | None = None
        for i in range(len(parts)):
            try:
                sent = await self._send_part(game, parts, i, view, png, filename, mentions)
            except SEND_ERRORS as exc:
                if _draining.get() == game_id:
                    raise  # the worker retries the entry it is running
                if refused(exc):
                    log.error("Discord refused a post to the thread of game %s: %s", game_id, exc)
                    continue
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
    ) -> discord.Message:
        last = i == len(parts) - 1
        kwargs: dict[str, Any] = {"allowed_mentions": mentions or NO_MENTIONS}
        if last and view is not None:
            kwargs["view"] = view
        if last and png is not None:
            kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)  # a fresh File per try
        sent = await self.channel_of(game).send(parts[i] or None, **kwargs)
        self._count_post(game)
        return sent

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
            ended.append(await self._log_now(game, content, close))

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
            text = f"{where[1]}\n{line}" if where[1] else line
            file = discord.File(io.BytesIO(png), filename=filename)
            try:
                await (
                    self._thread(game)
                    .get_partial_message(where[0])
                    .edit(embeds=log_embeds(text), attachments=[file], allowed_mentions=NO_MENTIONS)
                )
                return
            except SEND_ERRORS as exc:
                log.info("could not add the board to message %s of game %s (%s); posting it", where[0], game.id, exc)
        await self.post(game, line, png=png, filename=filename)

    def _thread(self, game: Any) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(
            int(game.thread_id or game.channel_id), guild_id=int(game.guild_id) if game.guild_id else None
        )

    async def _log_now(self, game: Any, content: str, close: bool) -> tuple[int, str]:
        """One try of ``log``: edit the open message, else post a new one; raises on failure."""
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
        for part in parts:
            sent = await channel.send(embeds=log_embeds(part), allowed_mentions=NO_MENTIONS)
            self._count_post(game)
            ended = (sent.id, part)
            await self._keep_open(game_id, sent.id, part)
        if close:
            await self._keep_open(game_id, None)
        return ended

    def _count_post(self, game: Any) -> None:
        self._posted[int(game.id)] = self._posted.get(int(game.id), 0) + 1

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
        kwargs: dict[str, Any] = {"content": content, "view": view, "allowed_mentions": NO_MENTIONS}
        kwargs["attachments"] = [discord.File(io.BytesIO(png), filename=filename)] if png is not None else []
        if self._outbox.get(int(game.id)) and _draining.get() != int(game.id):
            return False  # posts wait: an edit now would overtake them
        try:
            await self._thread(game).get_partial_message(int(message_id)).edit(**kwargs)
        except SEND_ERRORS as exc:
            log.info("could not edit message %s of game %s (%s); posting instead", message_id, game.id, exc)
            return False
        return True

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
        if self.store is not None:
            try:
                await self.store.set_table_message(game_id, LOG_SLOT, message_id, content)
            except (sqlite3.Error, StoreError):
                # Only the restart case needs the store: this process goes on with its own copy.
                log.exception("could not keep the open log message of game %s", game_id)

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
        task: asyncio.Task[object] = asyncio.get_running_loop().create_task(run(), name=what)
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
        notice = render(GM_NOTICE(gm=self.gm_mention(game.guild_id, locale), text=body), locale)
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
        self, game: Any, user_id: int, content: str, view: discord.ui.View | None, png: bytes | None = None
    ) -> None:
        """Send one DM (split at 2000 characters, components and picture on the last part); raises on failure."""
        channel = await self._dm_channel(user_id)
        parts = chunk(content)
        for i, part in enumerate(parts):
            kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
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
        try:
            await self._send_dm(game, user_id, content, view, png)
            return True
        except SEND_ERRORS as exc:
            self._log_failure(user_id, exc)
            waiting = await self._keep(game, user_id, content, seat)
            if isinstance(exc, discord.HTTPException):
                # Discord refused it (closed DMs): tell the table once, not again while this process
                # already did, nor when older messages were already waiting (the notice was posted
                # then, perhaps before a restart). A network failure is not the player's to fix:
                # the text just waits for their panel.
                await self._announce_closed(game, user_id, seat, first=waiting == 1)
            return False

    async def welcome(self, game: Any, user_id: int, seat: int, content: str) -> bool:
        """DM a seat's new holder ``content`` plus whatever was kept for the seat and never delivered.

        The kept texts leave the store only once the DM went out, so a crash in between
        repeats them in the panel rather than losing them. If the DM fails they stay for
        the new holder's panel, and the table is told even though older messages already
        wait: those were kept for the previous holder, whose closed DMs were the notice's subject.
        """
        kept = await self._kept(int(game.id), user_id)
        body = content
        if kept:
            header = render(KEPT_HEADER(), await self.reader(game, user_id))
            body += f"\n\n{header}\n" + "\n".join(t for _, t in kept)
        try:
            await self._send_dm(game, user_id, body, None)
        except SEND_ERRORS as exc:
            self._log_failure(user_id, exc)
            await self._keep(game, user_id, content, seat)
            if isinstance(exc, discord.HTTPException):
                await self._announce_closed(game, user_id, seat, first=True)
            return False
        await self._forget_kept(int(game.id), user_id, kept)
        return True

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

    async def _keep(self, game: Any, user_id: int, content: str, seat: int | None) -> int:
        """Keep an undelivered text; returns how many now wait for that player in the store
        (1 when only this process holds it: then this process's own flag decides the notice)."""
        state = self.pending.setdefault((int(game.id), user_id), Pending())
        if self.store is not None:
            try:
                return int(await self.store.add_pending_dm(int(game.id), user_id, seat, content))
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
        if state.notified or not first:
            state.notified = True
            return
        state.notified = True
        locale = lang.game_locale(game)  # a line in the thread: the game's language
        who = lang.seat_label(seat, locale=locale) if seat is not None and seat >= 0 else render(A_PLAYER(), locale)
        text = (
            render(DMS_CLOSED(player=mention(user_id, locale)), locale)
            + "\n"
            + render(DMS_CLOSED_GM(gm=self.gm_mention(game.guild_id, locale), who=who), locale)
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
