"""Issue 12 (press -> next prompt within 500 ms with twenty games): pictures cost less CPU, and look the same.

* a ``Batch`` drawn as ``Stamps`` (one artist per z-order) gives exactly the pixels it gave as one
  ``Line2D`` per group (the reference below is the old drawing, kept here to compare against);
* a faction's panel block and the banner's status line, drawn straight onto their figure, give
  exactly the pixels they gave through an Axes spanning it;
* ``draw_over`` fills a one-colour background and skips it under a block that covers the picture,
  with the same pixels as a plain copy;
* ``png_quantized`` reads RGBA pixels without copying them to RGB first: the same PNG either way;
* a picture asked for while the same picture is being drawn is drawn once (a failed drawing is
  retried by the one that waited, not handed on as its error).
"""

from __future__ import annotations

import asyncio
import math
import threading
from typing import Any

import numpy as np
import pytest
from matplotlib.lines import Line2D

from bench.render import crowded_view
from renderers import fonts, pool
from renderers import runewars as R
from renderers.canvas import new_figure, to_rgba
from renderers.hexmap import draw_over, png_quantized
from renderers.runewars_draw import (
    PT_PER_PX,
    TEXT_GID,
    Batch,
    Stamps,
    _text_marker,
    pixel_axes,
    pixel_transform,
    shape_marker,
)
from renderers.runewars_scene import build_scene, content_scope


def _batch() -> Batch:
    """Glyphs of several looks (one half transparent), labels with and without a halo, a Chinese one."""
    b = Batch(locale="zh_Hans")
    for i, shape in enumerate(("triangle", "circle", "castle", "pill", "flag", "star")):
        b.glyph(shape, 30 + 45 * i, 40, 28, "#c0392b" if i % 2 else "#2e86c1", "#222222", 1.2 + 0.3 * i, z=10 + i % 2)
        b.glyph(shape, 30 + 45 * i, 95, 18.25, "#f1c40f", lw=0.8, z=12, alpha=0.55 if i == 3 else 1.0)
    for i, text in enumerate(("3", "Kn", "12", "突袭", "VP")):
        b.label(text, 30 + 55 * i, 140, 14 + 2 * i, "#111111", halo="#ffffff" if i % 2 else None, z=11 + i % 3)
        b.label(text, 30 + 55 * i, 175, 12, "#ffffff", bold=False, z=20, align="left" if i % 2 else "right")
    return b


def _line2d_pixels(b: Batch, width: int, height: int) -> Any:
    """The batch drawn as before Stamps: one ``Line2D`` per glyph group, label and halo."""
    fig = new_figure(width, height, facecolor="#f4efe3")
    tf = pixel_transform(height)
    for (z, shape, size, face, edge, lw, alpha), (xs, ys) in b.glyphs.items():
        fig.add_artist(
            Line2D(
                xs,
                ys,
                linestyle="none",
                marker=shape_marker(shape),
                markersize=size * PT_PER_PX,
                markerfacecolor=face,
                markeredgecolor=edge,
                markeredgewidth=lw,
                alpha=alpha,
                zorder=z,
                transform=tf,
            )
        )
    for (z, text, size, colour, bold, halo), (xs, ys) in b.labels.items():
        marker, box, _, _ = _text_marker(text, bold, b.locale)
        ms = 2 * box * size * PT_PER_PX / 10
        if halo:
            fig.add_artist(
                Line2D(
                    xs,
                    ys,
                    linestyle="none",
                    marker=marker,
                    markersize=ms,
                    markerfacecolor=halo,
                    markeredgecolor=halo,
                    markeredgewidth=max(1.5, size * 0.18),
                    zorder=z - 0.5,
                    transform=tf,
                )
            )
        fig.add_artist(
            Line2D(
                xs,
                ys,
                linestyle="none",
                marker=marker,
                markersize=ms,
                markerfacecolor=colour,
                markeredgewidth=0,
                zorder=z,
                transform=tf,
                gid=TEXT_GID + text,
            )
        )
    return to_rgba(fig)


def test_stamps_draw_the_pixels_a_line2d_per_group_drew() -> None:
    b = _batch()
    fig = new_figure(300, 200, facecolor="#f4efe3")
    made = b.draw(fig, pixel_transform(200))
    assert made == len(b.glyphs) + len(b.labels) + sum(1 for key in b.labels if key[5])
    stamps = [a for a in fig.get_children() if isinstance(a, Stamps)]
    assert len(stamps) == len(
        {z for z, *_ in b.glyphs} | {z for z, *_ in b.labels} | {z - 0.5 for z, *_, halo in b.labels if halo}
    )
    labels = sorted(text for s in stamps for text, _ in s.labels())
    assert labels == sorted(text for _, text, *_ in b.labels)  # a halo is not a second label
    assert np.array_equal(np.asarray(to_rgba(fig)), np.asarray(_line2d_pixels(b, 300, 200)))


@pytest.mark.parametrize("locale", ["en", "zh_Hans"])
def test_panel_blocks_and_the_status_line_are_the_pixels_an_axes_gave(locale: str) -> None:
    view = crowded_view()
    words = R.words_for(locale)
    with fonts.for_locale(words.locale), content_scope(view):
        scene = build_scene(view, words)
        lay = R.layout(scene, 1800)
        k = lay.k
        assert scene.panels and scene.banner.status
        for panel, (_, _, bw, bh) in zip(scene.panels, lay.blocks, strict=False):
            fig = new_figure(math.ceil(bw), math.ceil(bh), facecolor=R.BACKGROUND)
            ax = pixel_axes(fig, math.ceil(bw), math.ceil(bh))
            R._faction_block(ax, panel, 1.5 * k, 1.5 * k, bw - 3 * k, bh - 3 * k, k, words)
            assert np.array_equal(np.asarray(R._block_layer(panel, bw, bh, k, words)), np.asarray(to_rgba(fig)))
        h = max(1, round(R._STATUS_H * k))
        fig = new_figure(lay.width, h, facecolor=R.BANNER)
        ax = pixel_axes(fig, lay.width, h)
        text = R._fit(scene.banner.status, 15 * k, lay.width - 32 * k, words.locale)
        top = 94 * k - round(R._STATUS_TOP * k)
        ax.text(16 * k, top, text, fontsize=15 * k * PT_PER_PX, color="#dddddd", va="center")
        status = R._status_layer(scene.banner.status, lay, words)
        assert np.array_equal(np.asarray(status), np.asarray(to_rgba(fig)))


def test_draw_over_fills_and_pastes_as_a_plain_copy_would() -> None:
    colour = np.array([244, 239, 227, 255], dtype=np.uint8)
    plain = np.broadcast_to(colour, (60, 80, 4))
    block = np.random.default_rng(1).integers(0, 256, (60, 80, 4), dtype=np.uint8)
    small = block[:20, :30]
    for patches in ([], [(5, 7, small)], [(0, 0, block)], [(0, 0, block), (5, 7, small)]):
        fast = draw_over(new_figure(80, 60), plain, patches=patches).copy()
        expected = np.array(plain)
        for top, left, piece in patches:
            expected[top : top + piece.shape[0], left : left + piece.shape[1]] = piece
        assert np.array_equal(fast, expected), patches


@pytest.mark.parametrize("size", [(40, 50), (600, 500)])  # a full palette, and one chosen from a sample
def test_quantized_png_is_the_same_from_rgba_or_rgb(size: tuple[int, int]) -> None:
    rng = np.random.default_rng(2)
    rgb = rng.choice(np.arange(0, 256, 17, dtype=np.uint8), (*size, 3))
    rgba = np.concatenate([rgb, np.full((*size, 1), 255, dtype=np.uint8)], axis=2)
    assert png_quantized(rgba) == png_quantized(rgb) == png_quantized(rgba[:, :, :3])


def _job(n: int = 0) -> pool.Job:
    return (pool.BOARD, "no-such-game", {"n": n}, "en", None)


def test_a_picture_asked_for_while_it_is_drawn_is_drawn_once() -> None:
    drawn: list[pool.Job] = []
    gate = threading.Event()

    def in_thread(job: pool.Job) -> bytes:
        gate.wait(10)
        drawn.append(job)
        return b"png" + str(job[2]["n"]).encode()

    async def main() -> list[bytes]:
        cache = pool.PictureCache()
        tasks = [asyncio.create_task(pool.draw(_job(n), None, cache, (), in_thread)) for n in (0, 0, 0, 1)]
        await asyncio.sleep(0)  # every task has asked (and all but one of each job wait)
        gate.set()
        out = await asyncio.gather(*tasks)
        assert not cache.drawing
        return out

    assert asyncio.run(main()) == [b"png0", b"png0", b"png0", b"png1"]
    assert sorted(job[2]["n"] for job in drawn) == [0, 1]


def test_a_failed_drawing_is_drawn_again_by_whoever_waited() -> None:
    calls: list[int] = []
    gate = threading.Event()

    def in_thread(job: pool.Job) -> bytes:
        gate.wait(10)
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the first drawing fails")
        return b"png"

    async def main() -> list[Any]:
        cache = pool.PictureCache()
        tasks = [asyncio.create_task(pool.draw(_job(), None, cache, (), in_thread)) for _ in range(2)]
        await asyncio.sleep(0)
        gate.set()
        return await asyncio.gather(*tasks, return_exceptions=True)

    first, second = asyncio.run(main())
    assert isinstance(first, RuntimeError) and second == b"png" and len(calls) == 2
