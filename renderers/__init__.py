"""Board pictures: a registry from ruleset name to a matplotlib function, run off the event loop.

Game renderers register a plain function ``view -> PNG bytes`` built only from a
view (never the raw state), so a picture can never show more than the viewer may
see. ``render_png`` runs it in a worker thread: one slow picture must not stall the
other games the bot is refereeing. matplotlib's global state is not thread-safe,
so renders are serialised by a lock inside the worker (the object API is used by
renderers; the lock only guards the few shared caches matplotlib keeps).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

Renderer = Callable[[dict[str, Any]], bytes]

_REGISTRY: dict[str, Renderer] = {}
_LOCK = threading.Lock()


def register(ruleset_name: str, fn: Renderer) -> Renderer:
    """Register ``fn`` as the board renderer of ``ruleset_name`` (the last registration wins)."""
    _REGISTRY[ruleset_name] = fn
    return fn


def unregister(ruleset_name: str) -> None:
    _REGISTRY.pop(ruleset_name, None)


def renderer_for(ruleset_name: str) -> Renderer | None:
    """The registered renderer, importing ``renderers.<ruleset_name>`` on first use.

    Game renderer modules register themselves when imported, so loading lazily keeps
    start-up fast and a broken renderer from taking the others (or the bot) down.
    """
    fn = _REGISTRY.get(ruleset_name)
    if fn is None and ruleset_name.isidentifier():
        module = f"{__name__}.{ruleset_name}"
        try:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
        except Exception:
            log.exception("renderer module %s failed to load", module)
        fn = _REGISTRY.get(ruleset_name)
    return fn


def _run(fn: Renderer, view: dict[str, Any]) -> bytes:
    with _LOCK:
        return fn(view)


async def render_png(ruleset_name: str, view: dict[str, Any]) -> bytes | None:
    """The board picture for ``view``, or None when the game has no renderer (callers fall back to text)."""
    fn = _REGISTRY.get(ruleset_name) or await asyncio.to_thread(renderer_for, ruleset_name)  # first import off the loop
    if fn is None:
        return None
    return await asyncio.to_thread(_run, fn, view)
