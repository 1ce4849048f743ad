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
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable
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
            content = render(content, lang.game_locale(game), lang.names_for(str(getattr(game, "ruleset", ""))))
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
        return await self.channel_of(game).send(parts[i] or None, **kwargs)

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

    async def flush(self) -> None:
        """Wait until every outbox is empty (tests, and a clean shutdown after a short outage)."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    async def close(self) -> None:
        """Stop the outbox workers; what still waits is logged, since it is lost with the process."""
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
        body = lang.tr(text, locale, lang.names_for(str(getattr(game, "ruleset", ""))))
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

    async def _send_dm(self, game: Any, user_id: int, content: str, view: discord.ui.View | None) -> None:
        """Send one DM (split at 2000 characters, components on the last part); raises on failure."""
        channel = await self._dm_channel(user_id)
        parts = chunk(content)
        for i, part in enumerate(parts):
            kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
            if i == len(parts) - 1 and view is not None:
                kwargs["view"] = view
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
    ) -> bool:
        """DM a player; on failure keep the text for their private panel and raise the alarm once.

        A ``Msg`` is rendered in the recipient's language (``reader``).
        """
        if not isinstance(content, str):
            locale = await self.reader(game, user_id)
            content = render(content, locale, lang.names_for(str(getattr(game, "ruleset", ""))))
        try:
            await self._send_dm(game, user_id, content, view)
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
