"""Hex-board drawing shared by Runewars, Cloudspire and Heroes III.

The static layer (terrain, borders, area ids) is the expensive part and never
changes during a game, so it is drawn once, kept as pixels in ``StaticLayerCache``
and laid under each redraw; a redraw then only draws pieces.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Polygon

from engine.core.hexgrid import Hex, corners, edge_segment, to_pixel


@dataclass(frozen=True)
class HexCell:
    hex: Hex
    fill: str
    label: str = ""
    hatch: str = ""
    edgecolour: str = "#5a5040"


@dataclass(frozen=True)
class HexEdge:
    hex: Hex
    direction: int
    colour: str
    width: float = 4.0


@dataclass
class Bounds:
    xmin: float
    xmax: float
    ymin: float
    ymax: float

    @property
    def width(self) -> float:
        return self.xmax - self.xmin

    @property
    def height(self) -> float:
        return self.ymax - self.ymin


def bounds(cells: Iterable[Hex], size: float = 1.0, margin: float = 0.3) -> Bounds:
    xs: list[float] = []
    ys: list[float] = []
    for h in cells:
        for x, y in corners(h, size):
            xs.append(x)
            ys.append(y)
    if not xs:
        return Bounds(-1, 1, -1, 1)
    return Bounds(min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin)


def prepare_axes(ax: Axes, box: Bounds) -> None:
    """Equal aspect, y down (as on screen and in hexgrid's pixel maths), no ticks."""
    ax.set_xlim(box.xmin, box.xmax)
    ax.set_ylim(box.ymax, box.ymin)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_cells(ax: Axes, cells: Iterable[HexCell], size: float = 1.0, *, label_size: float = 9) -> None:
    for cell in cells:
        ax.add_patch(
            Polygon(
                corners(cell.hex, size),
                closed=True,
                facecolor=cell.fill,
                edgecolor=cell.edgecolour,
                linewidth=1.0,
                hatch=cell.hatch or None,
                zorder=1,
            )
        )
        if cell.label:
            x, y = to_pixel(cell.hex, size)
            ax.text(
                x,
                y - 0.72 * size,
                cell.label,
                ha="center",
                va="center",
                fontsize=label_size,
                fontweight="bold",
                color="#2b2b2b",
                zorder=5,
            )


def draw_edges(ax: Axes, edges: Iterable[HexEdge], size: float = 1.0) -> None:
    for edge in edges:
        (x1, y1), (x2, y2) = edge_segment(edge.hex, edge.direction, size)
        ax.plot([x1, x2], [y1, y2], color=edge.colour, linewidth=edge.width, solid_capstyle="round", zorder=3)


def fingerprint(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


@dataclass
class StaticLayerCache:
    """A small LRU of rendered static layers keyed by a fingerprint of the map."""

    capacity: int = 32
    _items: "OrderedDict[str, Any]" = field(default_factory=OrderedDict)
    hits: int = 0
    misses: int = 0

    def get(self, key: str, build: Callable[[], Any]) -> Any:
        if key in self._items:
            self._items.move_to_end(key)
            self.hits += 1
            return self._items[key]
        self.misses += 1
        value = build()
        self._items[key] = value
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)
        return value


def lay_background(fig: Figure, ax: Axes, pixels: Any, box: Bounds) -> None:
    """Put cached static-layer pixels under the axes' data coordinates."""
    ax.imshow(pixels, extent=(box.xmin, box.xmax, box.ymax, box.ymin), zorder=0, interpolation="nearest")
