"""The delivery worker of the durable outbox (issue 18).

The store writes a ``publish`` row in the same transaction as every committed change
(``GameStore._commit``, ``GameStore.start``), so no change exists without the record
that the table must hear of it. A change that writes no log row (a seat given or emptied,
a pause, a lobby line, new settings, a reminder) writes its announcement the same way: a
``publish`` row whose payload is a ``Notice`` (``{"announce": [...]}``, sent by
``Referee.announce``). This worker turns rows into Discord messages:

* in the hot path the referee hands over the change it just committed (``run``): the
  row is delivered at once, in the presser's interaction, so the table sees it as fast
  as before; its steps are recorded as they go out (``cogs.delivery.Sending``);
* on start-up, before the bot reports ready, every row still undelivered (the process
  died between a commit and its posts, or while they went out) is rebuilt from the
  store (``GameStore.outbox_outcome``) and delivered, skipping the steps it recorded.

One game's rows never overtake each other: a row runs only when nothing of its game
waits in the delivery queue (else it queues behind, ``Delivery.later``), and the start-up
resend runs each game's rows in order (different games side by side). Across processes
sharing a PostgreSQL database (issue 19) a row first waits for every older undelivered row of
its game that another process holds (``Outbox._after_older``). A failed row
stays undelivered in the store and is retried by the delivery queue with growing pauses
(429, 5xx, timeouts and dropped connections; Discord's own refusals are handled per
message by ``Delivery``: a closed DM becomes a kept DM and the closed-DM notice).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import signal
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from engine.core.text import plural_message
from i18n import render
from store import GameStore, OutboxRow, StoreError

from . import delivery as delivery_module
from .delivery import SEND_ERRORS, Delivery, Sending

log = logging.getLogger(__name__)

Body = Callable[[], Coroutine[Any, Any, object]]
# Rebuilds a row after a restart: the game record and what delivering it means.
Recover = Callable[[OutboxRow], Awaitable[tuple[Any, Body]]]

BEHIND = plural_message(
    "bot.status.outbox_behind",
    "📮 {n} delivery to the table is still waiting (the oldest for {minutes} min); it is being retried.",
    "📮 {n} deliveries to the table are still waiting (the oldest for {minutes} min); they are being retried.",
)

# A delivery is "behind" once its oldest undelivered row is this old (seconds): a change
# whose board picture is still being drawn is not.
BEHIND_AFTER = 60.0

# A row that failed this many times (over restarts too) is closed with its last error and
# logged, so one broken row cannot make every start-up try it again forever.
GIVE_UP_AFTER = 12
# What publishing a rebuilt row may raise besides a send failure: the store, a renderer or a
# game's text failing on it. Logged with its trace; the row is retried in the delivery queue.
RESEND_FAILURES: tuple[type[BaseException], ...] = (
    StoreError,
    sqlite3.Error,
    LookupError,
    ValueError,
    TypeError,
    RuntimeError,
)
# Issue 19: a row's lease is renewed before a try when fewer seconds than this are left of it,
# and the rows of a dead process (lease run out) are taken over every SWEEP_SECONDS.
LEASE_MARGIN = 30.0
SWEEP_SECONDS = 60.0
# Issue 19: a row whose game has an older row held by another process polls for it, first after
# ORDER_POLL_FIRST seconds, then doubling up to ORDER_POLL_MAX; it waits the lease, a sweep and
# ORDER_SLACK seconds at most (``Outbox.order_wait``).
ORDER_POLL_FIRST = 0.05
ORDER_POLL_MAX = 1.0
ORDER_SLACK = 30.0
# How many recent lags (commit -> delivered, seconds) are kept for ``bench``.
LAGS_KEPT = 10_000


class Outbox:
    """Delivers the store's ``publish`` rows in order per game; see the module docstring."""

    def __init__(self, store: GameStore, delivery: Delivery) -> None:
        self.store = store
        self.delivery = delivery
        # Set once the start-up resend is done; ``run`` waits for it so a new change never
        # overtakes an older one that is still being resent. Set from the start for a bot
        # that does not resend (unit tests): ``hold`` clears it.
        self.ready = asyncio.Event()
        self.ready.set()
        self.lags: deque[float] = deque(maxlen=LAGS_KEPT)
        # Fault injection (``BOT_CRASH_AFTER_COMMITS``): SIGKILL right after the Nth row is
        # committed, before any of its sends (0 = never).
        self.crash_after_commits = 0
        self._commits = 0
        self._sweeper: asyncio.Task[None] | None = None
        # Rows this process took over (start-up or sweep) and is sending now: a newer row of the same
        # game waits for them as for another process's (``_after_older``).
        self._taken: set[int] = set()
        # How often the sweep looks for a dead process's rows (``BOT_OUTBOX_SWEEP_SECONDS``).
        self.sweep_every = SWEEP_SECONDS

    def hold(self) -> None:
        """Make new rows wait until ``resume`` has resent the old ones (called before connecting)."""
        self.ready.clear()

    async def run(self, game: Any, row_id: int, body: Body) -> None:
        """Deliver the row ``row_id`` of ``game`` now with ``body`` (the referee's publishing).

        Raises what ``body`` raised: the row stays undelivered and the caller's retry
        (``Referee.after_commit`` -> ``Delivery.later``) runs it again, from the step it
        reached. When earlier deliveries of the game still wait, the row queues behind them.
        """
        game_id = int(game.id)
        if delivery_module._draining.get() != game_id:
            await self.ready.wait()
            if self.delivery.waiting(game_id):
                self.delivery.later(
                    game, f"outbox row {row_id} of game {game_id}", lambda: self.run(game, row_id, body)
                )
                return
        self._committed()
        await self._deliver(game_id, row_id, body)

    def _committed(self) -> None:
        self._commits += 1
        if self.crash_after_commits and self._commits >= self.crash_after_commits:
            log.warning("BOT_CRASH_AFTER_COMMITS=%d reached: killing the process", self.crash_after_commits)
            logging.shutdown()
            os.kill(os.getpid(), signal.SIGKILL)

    async def _deliver(self, game_id: int, row_id: int, body: Body) -> None:
        row = await self.store.outbox_row(row_id)
        if row is None or row.delivered_at is not None:
            return  # delivered already (a retry that raced the first try), or gone with its game
        if self.store.shared and not await self._after_older(row):
            return  # another process took the row over while it waited: that one sends it
        if not self._holding(row) and not await self.store.outbox_claim(row.id):
            return  # issue 19: another live process holds the row's lease and sends it
        ctx = Sending(row.id, row.nonce, game_id, row.progress)
        context = contextvars.copy_context()
        context.run(delivery_module._sending.set, ctx)
        context.run(delivery_module._draining.set, game_id)  # failures raise: the row is retried whole
        task: asyncio.Task[object] = asyncio.get_running_loop().create_task(
            body(), name=f"outbox row {row_id}", context=context
        )
        try:
            await task
        except BaseException as exc:  # counted on the row, then raised unchanged to the caller's retry
            if isinstance(exc, Exception):
                await self._failed(row, exc)
            raise
        if ctx.asides:
            # The board picture is drawn beside the flow: the row is closed once it is out too,
            # without holding up the game's next press.
            self.delivery.track(
                asyncio.get_running_loop().create_task(self._finish(row, ctx), name=f"outbox row {row_id} done")
            )
        else:
            await self._finish(row, ctx)

    async def _finish(self, row: OutboxRow, ctx: Sending) -> None:
        results = await asyncio.gather(*ctx.asides, return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            # Left undelivered: the next start-up resends the row, skipping every step it recorded.
            await self._failed(row, failures[0])
            return
        try:
            written = await self.store.outbox_delivered(row.id, ctx.leftover())
        except (sqlite3.Error, StoreError):
            log.exception("could not mark outbox row %s delivered; a restart will resend what is missing", row.id)
            return
        if written is not None:
            self.lags.append((datetime.now(UTC) - written).total_seconds())

    async def _failed(self, row: OutboxRow, exc: BaseException) -> None:
        try:
            tries = await self.store.outbox_failed(row.id, f"{type(exc).__name__}: {exc}")
            if tries >= GIVE_UP_AFTER:
                log.error("giving up outbox row %s of game %s after %d tries: %s", row.id, row.game_id, tries, exc)
                await self.store.outbox_failed(row.id, f"gave up: {exc}", give_up=True)
        except (sqlite3.Error, StoreError):
            log.exception("could not count a failed try of outbox row %s", row.id)

    async def _after_older(self, row: OutboxRow) -> bool:
        """Wait until no older row of the row's game is left to another process (issue 19).

        One process keeps a game's rows in order with its delivery queue; a row another process
        committed earlier is out of its reach, so the row waits (its own lease renewed) until that
        one is delivered: by the process holding it, or by whichever sweep takes it over once its
        process died, this one's included (``_taken``). A row the sweep handed to the delivery queue
        after a failed try is not waited for (it may be queued behind this very row). After
        ``order_wait`` seconds the row goes anyway, logged: a row stuck elsewhere must not hold the
        game's table back for good.
        Returns False when this row was taken over meanwhile (then the other process sends it).
        """
        loop = asyncio.get_running_loop()
        give_up_at = loop.time() + self.order_wait()
        pause = ORDER_POLL_FIRST
        until = row.claimed_until
        while True:
            older = [
                r
                for r in await self.store.outbox_undelivered(row.game_id)
                if r.id < row.id and (r.claimed_by != self.store.owner or r.id in self._taken)
            ]
            if not older:
                return True
            if loop.time() >= give_up_at:
                log.warning(
                    "outbox row %s of game %s goes out before older row %s, still undelivered after %.0f s",
                    row.id,
                    row.game_id,
                    older[0].id,
                    self.order_wait(),
                )
                return True
            await asyncio.sleep(pause)
            pause = min(pause * 2, ORDER_POLL_MAX)
            if until is None or (until - datetime.now(UTC)).total_seconds() < LEASE_MARGIN:
                if not await self.store.outbox_claim(row.id):
                    return False
                until = datetime.now(UTC) + self.store.outbox_lease

    def order_wait(self) -> float:
        """How long a row waits for an older one held elsewhere: long enough for that row's dead
        process's lease to run out and a sweep to take the row over and send it."""
        return self.store.outbox_lease.total_seconds() + self.sweep_every + ORDER_SLACK

    def _holding(self, row: OutboxRow) -> bool:
        """Whether this process holds the row's lease with time to spare (no renewal needed)."""
        until = row.claimed_until
        return (
            row.claimed_by == self.store.owner
            and until is not None
            and (until - datetime.now(UTC)).total_seconds() > LEASE_MARGIN
        )

    async def resume(self, recover: Recover) -> int:
        """Resend every undelivered row (before the bot reports ready); returns how many rows there were.

        Each game's rows go in order; games side by side. A row that fails here is handed
        to the delivery queue with the rest of its game behind it, so start-up never waits
        on an outage and the game's order still holds. Only rows no other live process holds
        are taken (issue 19: several processes share a PostgreSQL database; each row is leased
        to the process sending it, ``GameStore.outbox_claim_undelivered``).
        """
        try:
            return await self._resend_claimed(recover, await self.store.outbox_claim_undelivered(mine_too=True))
        finally:
            self.ready.set()

    async def _resend_claimed(self, recover: Recover, rows: list[OutboxRow]) -> int:
        games: dict[int, list[OutboxRow]] = {}
        for row in rows:
            games.setdefault(row.game_id, []).append(row)
        self._taken.update(row.id for row in rows)
        await asyncio.gather(*(self._resume_game(recover, waiting) for waiting in games.values()))
        if rows:
            log.info("resent %d undelivered outbox row(s) of %d game(s)", len(rows), len(games))
        return len(rows)

    def start_sweep(self, recover: Recover, every: float | None = None) -> None:
        """Every ``every`` seconds (default ``sweep_every``), take over the rows of a process that died
        mid-delivery (its lease ran out). With one process this finds nothing: its own rows are never taken from itself.

        A newer row of the same game that this process is about to send waits for the swept ones
        (``_taken``), so the game's posts keep their order across the take-over.
        """
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(
                self._sweep(recover, self.sweep_every if every is None else every), name="outbox sweep"
            )

    async def _sweep(self, recover: Recover, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self._resend_claimed(recover, await self.store.outbox_claim_undelivered(mine_too=False))
            except (sqlite3.Error, StoreError):
                log.exception("the outbox sweep could not read the store; it tries again later")

    async def stop(self) -> None:
        """Stop the sweep (the bot is closing)."""
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)

    async def _resume_game(self, recover: Recover, rows: list[OutboxRow]) -> None:
        try:
            await self._resend_in_order(recover, rows)
        finally:
            self._taken.difference_update(row.id for row in rows)

    async def _resend_in_order(self, recover: Recover, rows: list[OutboxRow]) -> None:
        for i, row in enumerate(rows):
            try:
                game, body = await recover(row)
            except (StoreError, LookupError, ValueError) as exc:
                log.error("cannot rebuild outbox row %s of game %s: %s", row.id, row.game_id, exc)
                await self.store.outbox_failed(row.id, f"cannot rebuild: {exc}", give_up=True)
                continue
            try:
                await self._deliver(row.game_id, row.id, body)
            except SEND_ERRORS as exc:
                log.warning("resending outbox row %s of game %s failed (%s); it will be retried", row.id, game.id, exc)
            except RESEND_FAILURES:  # one broken row (a renderer's bug) must not stop the start-up
                log.exception("resending outbox row %s of game %s failed", row.id, game.id)
            else:
                self._taken.discard(row.id)
                continue
            self._taken.difference_update(later.id for later in rows[i:])  # queued now: see ``_after_older``
            for later in rows[i:]:
                self.delivery.later(game, f"outbox row {later.id} of game {game.id}", self._resend(recover, later))
            return

    def _resend(self, recover: Recover, row: OutboxRow) -> Body:
        async def again() -> None:
            _game, body = await recover(row)
            await self._deliver(row.game_id, row.id, body)

        return again


async def behind_line(store: GameStore, game_id: int, locale: str) -> str | None:
    """``/game status``: a line when the game's deliveries are behind (rows written, not yet sent)."""
    count, oldest = await store.outbox_behind(game_id)
    if not count or oldest is None:
        return None
    waited = (datetime.now(UTC) - oldest).total_seconds()
    if waited < BEHIND_AFTER:
        return None  # still going out (a board picture being drawn): not behind
    return render(BEHIND(n=count, minutes=int(waited // 60)), locale)
