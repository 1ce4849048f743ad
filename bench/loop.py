"""The event loop a bench runs its store loops on: the bot's own (``BOT_EVENT_LOOP``), so a figure
measures the store as the bot drives it (uvloop where it is installed)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, TypeVar

from bot import Settings, run_on_loop

T = TypeVar("T")


def on_bot_loop(main: Coroutine[Any, Any, T]) -> T:
    return run_on_loop(main, Settings().event_loop)
