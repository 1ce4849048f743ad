"""Board pictures: a registry from ruleset name to a matplotlib function, run off the event loop.

Game renderers register a plain function ``view -> PNG bytes`` built only from a
view (never the raw state), so a picture can never show more than the viewer may
see. ``render_png`` runs it in a worker thread: one slow picture must not stall the
other games the bot is refereeing. A picture is drawn in the game's language: a renderer
that takes ``locale`` (and ``names``, a content-names resolver) keyword arguments gets them
from ``render_png``; one that does not is drawn in English. matplotlib's global state is not thread-safe,
so renders are serialised by a lock inside the worker (the object API is used by
renderers; the lock only guards the few shared caches matplotlib keeps).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
import threading
from collections.abc import Callable, Iterable
from typing import Any

Renderer = Callable[[dict[str, Any]], bytes]

_REGISTRY: dict[str, Renderer] = {}
_LOCK = threading.Lock()


def register(ruleset_name: str, fn: Renderer) -> Renderer:
    """Register ``fn`` as the board renderer of ``ruleset_name`` (the last registration wins)."""
    _REGISTRY[ruleset_name] = fn
    return fn


def unregister(ruleset_name: str) -> None:
    _REGISTRY.pop(ruleset_name, None)


def _import(ruleset_name: str) -> None:
    """Import ``renderers.<ruleset_name>`` if there is such a module (it registers itself).

    A module that exists but fails to import raises: a broken renderer is a bug to see
    at start-up (``load``), not a board that silently turns into text.
    """
    if ruleset_name.isidentifier():
        module = f"{__name__}.{ruleset_name}"
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


async def render_png(ruleset_name: str, view: dict[str, Any], *, locale: Any = "en", names: Any = None) -> bytes | None:
    """The board picture for ``view`` in ``locale`` (ours, a Discord locale or ``discord.Locale``),
    or None when the game has no renderer (callers fall back to text). ``names`` is an
    ``i18n.names.Names`` for content names; None lets the renderer use the game's own."""
    fn = _REGISTRY.get(ruleset_name) or await asyncio.to_thread(renderer_for, ruleset_name)  # first import off the loop
    if fn is None:
        return None
    return await asyncio.to_thread(_run, fn, view, locale, names)
