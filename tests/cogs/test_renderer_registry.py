"""The renderer registry: a game without a renderer falls back to text (None)."""

from __future__ import annotations

import threading

import renderers


async def test_render_png_runs_the_registered_function_off_the_loop() -> None:
    seen: list[tuple[dict, bool]] = []

    def fake_renderer(view: dict) -> bytes:
        seen.append((view, threading.current_thread() is threading.main_thread()))
        return b"\x89PNG fake"

    assert await renderers.render_png("nogame", {"a": 1}) is None
    renderers.register("nogame", fake_renderer)
    try:
        assert await renderers.render_png("nogame", {"a": 1}) == b"\x89PNG fake"
        assert seen == [({"a": 1}, False)]  # rendered in a worker thread
    finally:
        renderers.unregister("nogame")
    assert renderers.renderer_for("nogame") is None
