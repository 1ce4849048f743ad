"""Shared hex-board drawing: a map renders to a PNG of the asked size, the static layer is cached."""

from __future__ import annotations

import io

from matplotlib.image import imread

from engine.core.hexgrid import Hex, spiral
from renderers.canvas import new_figure, to_png, to_rgba
from renderers.hexmap import (
    HexCell,
    HexEdge,
    StaticLayerCache,
    bounds,
    draw_cells,
    draw_edges,
    fingerprint,
    lay_background,
    prepare_axes,
)
from renderers.palette import SEAT_STYLES, seat_style, terrain_colour


def _static(cells: list[HexCell], width: int, height: int) -> object:
    fig = new_figure(width, height)
    ax = fig.add_axes((0, 0, 1, 1))
    prepare_axes(ax, bounds([c.hex for c in cells]))
    draw_cells(ax, cells)
    draw_edges(ax, [HexEdge(Hex(0, 0), 0, "#c0392b")])
    return to_rgba(fig)


def test_a_board_renders_at_the_requested_size() -> None:
    cells = [HexCell(h, terrain_colour("forest"), label=f"{i}A") for i, h in enumerate(spiral(Hex(0, 0), 2))]
    fig = new_figure(800, 600)
    ax = fig.add_axes((0, 0, 1, 1))
    prepare_axes(ax, bounds([c.hex for c in cells]))
    draw_cells(ax, cells)
    png = to_png(fig)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = imread(io.BytesIO(png))
    assert image.shape[0] == 600 and image.shape[1] == 800


def test_static_layer_is_built_once_per_map() -> None:
    cells = [HexCell(h, terrain_colour("plains")) for h in spiral(Hex(0, 0), 1)]
    cache = StaticLayerCache(capacity=2)
    key = fingerprint([c.hex for c in cells])
    first = cache.get(key, lambda: _static(cells, 300, 300))
    second = cache.get(key, lambda: _static(cells, 300, 300))
    assert first is second and cache.misses == 1 and cache.hits == 1
    fig = new_figure(300, 300)
    ax = fig.add_axes((0, 0, 1, 1))
    box = bounds([c.hex for c in cells])
    prepare_axes(ax, box)
    lay_background(fig, ax, first, box)
    assert to_png(fig)[:4] == b"\x89PNG"


def test_cache_evicts_least_recently_used() -> None:
    cache = StaticLayerCache(capacity=1)
    cache.get("a", lambda: 1)
    cache.get("b", lambda: 2)
    assert cache.get("a", lambda: 3) == 3 and cache.misses == 3


def test_seat_styles_differ_by_more_than_colour() -> None:
    hatches = {s.hatch for s in SEAT_STYLES[:4]}
    markers = {s.marker for s in SEAT_STYLES[:4]}
    assert len(hatches) == 4 and len(markers) == 4
    assert seat_style(None).name == "grey" and seat_style(1) == SEAT_STYLES[1]
