"""Board pictures: a registry from ruleset name to a matplotlib function, run off the event loop.

Game renderers register a plain function ``view -> PNG bytes`` built only from a
view (never the raw state), so a picture can never show more than the viewer may
see. ``render_png`` runs it in a worker thread: one slow picture must not stall the
other games the bot is refereeing. A picture is drawn in the game's language: a renderer
that takes ``locale`` (and ``names``, a content-names resolver) keyword arguments gets them
from ``render_png``; one that does not is drawn in English. matplotlib's global state is not thread-safe,
so renders are serialised by a lock inside the worker (the object API is used by
renderers; the lock only guards the few shared caches matplotlib keeps).

Two more pictures (issue 12): ``render_decision_png`` draws a map decision (a game registers
its decision renderer with ``register_decision``), ``render_summary_png`` the end of a game
(``renderers.summary``). Both follow the same rules: a view in, PNG bytes out, off the loop.

Board and decision pictures go through ``renderers.pool``: a cache of the last pictures and,
once the bot calls ``configure`` (issue 12: twenty games pressing at once), a pool of worker
processes that draws them beside the event loop; ``shutdown`` stops it. Without ``configure``
(tests, scripts) pictures are drawn in a thread, as before.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from renderers import pool as _pool

Renderer = Callable[[dict[str, Any]], bytes]
# view, candidates (area id -> the label its button shows) -> PNG bytes; takes ``locale`` and ``names``.
DecisionRenderer = Callable[..., bytes]

_REGISTRY: dict[str, Renderer] = {}
_DECISIONS: dict[str, DecisionRenderer] = {}
_LOCK = threading.Lock()
_CACHE = _pool.PictureCache()
_POOL: _pool.RenderPool | None = None


def configure(workers: int | None = None, *, start: bool = True) -> int:
    """Draw pictures in ``workers`` processes (None: one per core, 0: in a thread); returns the size.

    The processes start now and warm up (import matplotlib and the renderers) while the bot
    connects, so the first pictures of a burst of games are not drawn in the bot's own thread
    while the workers are still importing (issue 12: those were the slowest presses); with
    ``start=False`` the first picture starts them. Call ``shutdown`` on the way out.
    """
    global _POOL
    shutdown()
    size = _pool.workers_from(workers)
    _POOL = _pool.RenderPool(size, list(_REGISTRY)) if size > 0 else None
    if _POOL is not None and start:
        _POOL.start()
    return size


def shutdown() -> None:
    """Stop the picture processes, if any, and wait for them; later pictures are drawn in a thread."""
    global _POOL
    found, _POOL = _POOL, None
    if found is not None:
        found.shutdown()


def register(ruleset_name: str, fn: Renderer) -> Renderer:
    """Register ``fn`` as the board renderer of ``ruleset_name`` (the last registration wins)."""
    _REGISTRY[ruleset_name] = fn
    _CACHE.clear()  # a picture drawn by the previous renderer is not this one's
    return fn


def unregister(ruleset_name: str) -> None:
    _REGISTRY.pop(ruleset_name, None)
    _DECISIONS.pop(ruleset_name, None)
    _CACHE.clear()


def register_decision(ruleset_name: str, fn: DecisionRenderer) -> DecisionRenderer:
    """Register ``fn(view, candidates, *, locale, names)`` as the map-decision picture of ``ruleset_name``."""
    _DECISIONS[ruleset_name] = fn
    _CACHE.clear()
    return fn


def decision_renderer_for(ruleset_name: str) -> DecisionRenderer | None:
    """The registered decision renderer (importing the game's renderer module first), or None."""
    if ruleset_name not in _DECISIONS:
        renderer_for(ruleset_name)
    return _DECISIONS.get(ruleset_name)


def _import(ruleset_name: str) -> None:
    """Import ``renderers.<ruleset_name>`` if there is such a module (it registers itself).

    A module that exists but fails to import raises: a broken renderer is a bug to see
    at start-up (``load``), not a board that silently turns into text. A ruleset named
    ``<game>-<variant>`` (``heroes3-skirmish``) is drawn by its game's module (``renderers.heroes3``).
    """
    stem = ruleset_name.partition("-")[0]
    if stem.isidentifier():
        module = f"{__name__}.{stem}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)


def load(ruleset_names: Iterable[str]) -> list[str]:
    """Import the renderer of each ruleset that has one; returns the names now rendered as pictures.

    Called once at start-up so that a renderer that does not import stops the bot there.
    """
    names = list(ruleset_names)
    for name in names:
        if name not in _REGISTRY:
            _import(name)
    return [name for name in names if name in _REGISTRY]


def renderer_for(ruleset_name: str) -> Renderer | None:
    """The registered renderer, importing ``renderers.<ruleset_name>`` on first use (None: the game has none)."""
    if ruleset_name not in _REGISTRY:
        _import(ruleset_name)
    return _REGISTRY.get(ruleset_name)


def _speaks(fn: Renderer) -> bool:
    """Whether ``fn`` takes the game's language (``locale`` and ``names`` keyword arguments)."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # a builtin or C callable without a signature
        return False
    return "locale" in params and "names" in params


def _run(fn: Renderer, view: dict[str, Any], locale: Any = "en", names: Any = None) -> bytes:
    with _LOCK:
        if _speaks(fn):
            return fn(view, locale=locale, names=names)  # type: ignore[call-arg]  # checked by _speaks
        return fn(view)


async def render_png(
    ruleset_name: str, view: dict[str, Any], *, locale: Any = "en", names: Any = None, game: int | None = None
) -> bytes | None:
    """The board picture for ``view`` in ``locale`` (ours, a Discord locale or ``discord.Locale``),
    or None when the game has no renderer (callers fall back to text). ``names`` is an
    ``i18n.names.Names`` for content names; None lets the renderer use the game's own. ``game``
    (its id) has every picture of a game drawn by the same picture process, where its map is warm."""
    fn = _REGISTRY.get(ruleset_name) or await asyncio.to_thread(renderer_for, ruleset_name)  # first import off the loop
    if fn is None:
        return None
    return await _draw((_pool.BOARD, ruleset_name, view, locale, names), game)


async def _draw(job: _pool.Job, game: int | None = None) -> bytes:
    return await _pool.draw(job, _POOL, _CACHE, list(_REGISTRY), _pool.run_job, game)


def _run_decision(
    fn: DecisionRenderer, view: dict[str, Any], candidates: Mapping[str, str], locale: Any, names: Any
) -> bytes:
    with _LOCK:
        return fn(view, dict(candidates), locale=locale, names=names)


async def render_decision_png(
    ruleset_name: str,
    view: dict[str, Any],
    candidates: Mapping[str, str],
    *,
    locale: Any = "en",
    names: Any = None,
    game: int | None = None,
) -> bytes | None:
    """The picture of a map decision: the board of ``view`` with ``candidates`` (area or hex id ->
    the label its button shows) highlighted and labelled, the rest dimmed.

    None when the game has no map picture or no candidate is named (callers post the prompt
    without a picture). ``view`` must be the view of whoever reads the message: the public view
    for a prompt in the thread, the seat's own for a prompt sent to the seat alone. ``game`` (its
    id): drawn by the picture process that drew the game's pictures before (``render_png``).
    """
    if not candidates:
        return None
    fn = _DECISIONS.get(ruleset_name) or await asyncio.to_thread(decision_renderer_for, ruleset_name)
    if fn is None:
        return None
    return await _draw((_pool.DECISION, ruleset_name, view, dict(candidates), locale, names), game)


async def render_summary_png(
    ruleset_name: str,
    series: Any,
    standings: Any,
    view: dict[str, Any],
    *,
    title: str = "",
    locale: Any = "en",
    names: Any = None,
) -> bytes | None:
    """The end-of-game picture (``renderers.summary``): each player's course, the standings and the
    tie-breaks; ``series`` from ``summary.course_from_log``, ``standings`` from ``summary.standings``,
    ``view`` the final public view. None for a game the summary does not chart."""
    from renderers import summary

    if ruleset_name not in summary.CHARTS:
        return None
    return await asyncio.to_thread(
        _run_summary, summary.render_summary, ruleset_name, series, standings, view, title, locale, names
    )


def _run_summary(fn: Callable[..., bytes], ruleset_name: str, *args: Any) -> bytes:
    series, standings, view, title, locale, names = args
    with _LOCK:
        return fn(ruleset_name, series, standings, view, title=title, locale=locale, names=names)
