"""Pictures drawn in worker processes, and a small cache of the last ones (issue 12: latency).

Why processes: with twenty games pressing at once, pictures are the bot's heaviest work
(40-110 ms of matplotlib each), and in a thread they hold the interpreter lock the event
loop needs to answer every other interaction. One worker process per core (each a one-process
``ProcessPoolExecutor``) draws them beside the event loop, each keeping its own warm static-layer
caches; a game's pictures always go to the same worker (``RenderPool.worker_for``), so its map is
drawn once there rather than once in every worker, again each time twenty games pushed it out.

Why optional and lazy: a library user and the tests call ``renderers.render_png`` with no pool
at all (the picture is drawn in a thread, as before); the bot turns the pool on with
``configure`` (``BOT_RENDER_WORKERS``; 0 keeps drawing in a thread). The workers are started by
``configure`` (or else by the first picture), not at import, and until they have warmed up (imported
matplotlib and the renderers) pictures are still drawn in the thread, so no player waits for a
process to start.
``shutdown`` joins them (the bot calls it on close); nothing is left running behind.

The start method is ``spawn``: forking a process that runs an asyncio loop and holds sqlite
and socket handles copies them into the child; a spawned worker starts clean.

Why a cache: the same picture of the same prompt (same view, candidates, language and names)
is asked for again when a prompt is re-posted or shown to several readers of one language; it
is drawn once and the bytes reused. The key is a hash of the job as pickled for a worker, so
the cache costs one pickling, which a pool needs anyway.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import heapq
import io
import logging
import multiprocessing
import os
import pickle
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any

log = logging.getLogger(__name__)

BOARD, DECISION = "board", "decision"
CACHE_SIZE = 64  # pictures (each 40-400 KB): a few per active game
MAX_WORKERS = 4
Job = tuple[Any, ...]  # (kind, ruleset, view, [candidates,] locale, names)


def workers_from(setting: int | None) -> int:
    """The pool size for a setting: None -> one worker per core (at most ``MAX_WORKERS``), 0 -> no pool."""
    if setting is None:
        return max(1, min(MAX_WORKERS, os.cpu_count() or 1))
    return max(0, int(setting))


class _JobPickler(pickle.Pickler):
    """Pickles a job, sending a game's shared content-names resolver by reference.

    A game's names resolver holds its whole content (Runewars: ~190 KB pickled); the worker
    has the very same object one import away (``renderers.words.game_names``), so it travels
    as ``game_names("engine.<game>")`` instead.
    """

    def __init__(self, file: io.BytesIO, shared: dict[int, str]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._shared = shared

    def reducer_override(self, obj: Any) -> Any:
        package = self._shared.get(id(obj))
        if package is not None:
            from renderers.words import game_names

            return game_names, (package,)
        return NotImplemented


@lru_cache(maxsize=8)
def _shared_names(rulesets: tuple[str, ...]) -> dict[int, str]:
    """id of each game's names resolver -> its package, for the rulesets that have one (the
    resolvers are made once per process, so their ids hold; looked up once per list of rulesets)."""
    from renderers.words import game_names

    out: dict[int, str] = {}
    for name in rulesets:
        package = f"engine.{name}"
        try:
            found = game_names(package)
        except ImportError:  # a ruleset registered from outside ``engine`` (tests' High Card)
            continue
        if found is not None:
            out[id(found)] = package
    return out


def dumps(job: Job, rulesets: Iterable[str]) -> bytes:
    """The job as the bytes a worker gets (and the cache's key is made from)."""
    buffer = io.BytesIO()
    _JobPickler(buffer, _shared_names(tuple(rulesets))).dump(job)
    return buffer.getvalue()


def run_job(job: Job) -> bytes:
    """Draw one job (in a worker, or in the bot's thread when there is no pool)."""
    import renderers

    kind, ruleset, view, *rest = job
    if kind == DECISION:
        candidates, locale, names = rest
        fn = renderers.decision_renderer_for(ruleset)
        if fn is None:
            raise LookupError(f"no decision picture for {ruleset}")
        return renderers._run_decision(fn, view, candidates, locale, names)
    locale, names = rest
    board = renderers.renderer_for(ruleset)
    if board is None:
        raise LookupError(f"no picture for {ruleset}")
    return renderers._run(board, view, locale, names)


def _work(payload: bytes) -> bytes:
    """A worker's task: unpickle the job and draw it."""
    job: Job = pickle.loads(payload)
    return run_job(job)


def _warm(rulesets: tuple[str, ...]) -> int:
    """A worker's first task: import the renderers (and matplotlib) so real pictures start warm."""
    import renderers

    renderers.load(rulesets)
    return os.getpid()


class RenderPool:
    """``workers`` processes drawing pictures, started on first use; see the module's docstring.

    Each worker is a process of its own (a one-process executor), so a game's pictures can go to
    the same worker every time (``draw``'s ``affinity``): its static map layer is then drawn once
    and found warm by the game's next pictures, where a shared queue handed them to whichever
    worker was free and, with twenty games, each worker's cache of twelve maps kept none of them.
    """

    def __init__(self, workers: int, rulesets: Iterable[str] = ()) -> None:
        self.workers = workers
        self.rulesets = tuple(rulesets)
        self._executors: list[concurrent.futures.ProcessPoolExecutor] = []
        self._warming: list[concurrent.futures.Future[int]] = []
        self._lock = threading.Lock()
        self.pids: set[int] = set()
        self.drawn = 0  # pictures the workers drew
        self._busy = [False] * workers  # whether each worker has a job in hand
        self._waiting: list[list[tuple[int, int, asyncio.Future[None]]]] = [[] for _ in range(workers)]
        self._order = 0

    def start(self) -> None:
        """Start the workers and their warm-up now (idempotent); ``draw`` starts them otherwise."""
        self._start()

    def _start(self) -> None:
        with self._lock:
            if self._executors:
                return
            context = multiprocessing.get_context("spawn")
            self._executors = [
                concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=context) for _ in range(self.workers)
            ]
            self._warming = [executor.submit(_warm, self.rulesets) for executor in self._executors]

    @property
    def ready(self) -> bool:
        """Whether every worker has warmed up (until then pictures are drawn in the thread)."""
        if not self._executors or not self._warming:
            return False
        if not all(f.done() for f in self._warming):
            return False
        for f in self._warming:
            if f.exception() is None:
                self.pids.add(f.result())
        return True

    @property
    def busy(self) -> int:
        """How many workers have a job in hand."""
        return sum(self._busy)

    def worker_for(self, affinity: int | str | None) -> int:
        """The worker that draws a job: a game's own (``affinity``, its id), else the least loaded."""
        if affinity is not None:
            key = affinity if isinstance(affinity, int) else zlib.crc32(str(affinity).encode())
            return key % self.workers
        return min(range(self.workers), key=lambda w: (self._busy[w] + len(self._waiting[w]), w))

    async def draw(self, payload: bytes, priority: int = 0, affinity: int | str | None = None) -> bytes | None:
        """The picture drawn by a worker, or None when the pool cannot draw it now (not warm yet, or broken).

        At most one job per worker is handed to its process; the others wait here, lowest
        ``priority`` first, so a decision picture that a player waits for is drawn before the
        board pictures of a burst of milestones (which go out after their prompts anyway). Jobs
        of one ``affinity`` (a game) always go to the same worker (``worker_for``).
        """
        if not self._executors:
            self._start()
            return None
        if not self.ready:
            return None
        worker = self.worker_for(affinity)
        if self._busy[worker]:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._order += 1
            heapq.heappush(self._waiting[worker], (priority, self._order, waiter))
            try:
                await waiter  # a finishing job hands its worker over (``_wake``)
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._wake(worker)  # handed the worker, then cancelled: pass it on
                raise
        else:
            self._busy[worker] = True
        try:
            return await self._submit(payload, worker)
        finally:
            self._wake(worker)

    def _wake(self, worker: int) -> None:
        """Hand a finished job's worker to its most urgent waiter still waiting, or free it."""
        waiting = self._waiting[worker]
        while waiting:
            _, _, waiter = heapq.heappop(waiting)
            if not waiter.done():
                waiter.set_result(None)
                return
        self._busy[worker] = False

    async def _submit(self, payload: bytes, worker: int = 0) -> bytes | None:
        executors = self._executors
        if not executors:
            return None
        try:
            future = executors[worker % len(executors)].submit(_work, payload)
        except (BrokenProcessPool, RuntimeError):  # a worker died, or the pool is shutting down
            self._reset()
            return None
        try:
            png: bytes = await asyncio.wrap_future(future)
            self.drawn += 1
            return png
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if future.cancelled() and not (task is not None and task.cancelling()):
                return None  # the pool was shut down under this picture: the thread draws it
            raise
        except BrokenProcessPool:
            log.warning("a picture worker died; drawing in the bot's thread until the pool restarts")
            self._reset()
            return None
        except (ImportError, AttributeError, pickle.UnpicklingError, EOFError):
            # The job did not arrive whole in the worker (a class it cannot import): the thread
            # draws it, so the picture fails or succeeds exactly as it would without the pool.
            log.warning("a picture could not be drawn in a worker; drawing it in the bot's thread", exc_info=True)
            return None

    def _reset(self) -> None:
        with self._lock:
            executors, self._executors, self._warming = self._executors, [], []
        for executor in executors:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the workers and wait for them (no process outlives the bot)."""
        with self._lock:
            executors, self._executors, self._warming = self._executors, [], []
        for executor in executors:
            executor.shutdown(wait=True, cancel_futures=True)


class PictureCache:
    """The last ``size`` pictures by the hash of their job (see the module's docstring)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        # key -> a future done when the picture being drawn for it is in the cache (or failed):
        # the same job asked again meanwhile waits for it instead of drawing it a second time.
        self.drawing: dict[str, asyncio.Future[None]] = {}

    @staticmethod
    def key(payload: bytes) -> str:
        return hashlib.blake2b(payload, digest_size=16).hexdigest()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: str, png: bytes) -> None:
        with self._lock:
            self._items[key] = png
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


async def draw(
    job: Job,
    pool: RenderPool | None,
    cache: PictureCache,
    rulesets: Iterable[str],
    in_thread: Callable[[Job], bytes],
    affinity: int | str | None = None,
) -> bytes:
    """The picture of ``job``: from the cache, else from the pool, else drawn by ``in_thread`` off the loop.
    ``affinity`` (the game's id) sends every picture of a game to the same worker (``RenderPool.draw``).

    A job that cannot be pickled (a names resolver that holds a live client) is drawn in the
    thread and not cached: correctness first, the pool is only a speed-up. A job asked for while
    the same job is being drawn waits for that drawing (issue 12: CPU per press) rather than
    drawing it again.
    """
    try:
        payload = dumps(job, rulesets)
    except (pickle.PicklingError, TypeError, AttributeError):
        return await asyncio.to_thread(in_thread, job)
    key = cache.key(payload)
    loop = asyncio.get_running_loop()
    while True:
        found = cache.get(key)
        if found is not None:
            return found
        under_way = cache.drawing.get(key)
        if under_way is None or under_way.get_loop() is not loop:
            break
        # The same picture is being drawn (a prompt posted to several readers at once): wait for it
        # (``wait`` neither cancels it with this task nor raises its error), then take it from the
        # cache; if it failed, the loop finds no picture and nobody drawing, and draws it here.
        await asyncio.wait({under_way})
    marker: asyncio.Future[None] = loop.create_future()
    cache.drawing[key] = marker
    try:
        return await _draw_new(job, key, payload, pool, cache, in_thread, affinity)
    finally:
        if cache.drawing.get(key) is marker:
            del cache.drawing[key]
        marker.set_result(None)


async def _draw_new(
    job: Job,
    key: str,
    payload: bytes,
    pool: RenderPool | None,
    cache: PictureCache,
    in_thread: Callable[[Job], bytes],
    affinity: int | str | None = None,
) -> bytes:
    """Draw a picture no cache entry holds, in the pool or else in a thread, and cache it."""
    priority = 0 if job[0] == DECISION else 1  # someone waits on a decision's picture
    started = time.perf_counter()
    png = await pool.draw(payload, priority, affinity) if pool is not None and pool.workers > 0 else None
    where = "pool"
    if png is None:
        where = "thread"
        png = await asyncio.to_thread(in_thread, job)
    cache.put(key, png)
    log.debug("%s picture of %s: %.0f ms (%s)", job[0], job[1], (time.perf_counter() - started) * 1000, where)
    return png
