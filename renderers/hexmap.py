"""Hex-board drawing shared by Runewars, Cloudspire and Heroes III.

The static layer (terrain, borders, area ids) is the expensive part and never
changes during a game, so it is drawn once, kept as pixels in ``StaticLayerCache``
and laid under each redraw; a redraw then only draws pieces.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

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
    _items: OrderedDict[str, Any] = field(default_factory=OrderedDict)
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


def draw_over(fig: Figure, background: Any, *, patches: Iterable[tuple[int, int, Any]] = ()) -> Any:
    """Draw ``fig``'s artists over cached pixels and return the resulting RGBA array.

    ``background`` is an (H, W, 4) uint8 array of the figure's size (``to_rgba`` of the
    static layer); ``patches`` are further cached pixel blocks pasted at (top, left)
    before drawing (a side panel, a banner). The figure's own background patch is
    hidden, so only its pieces are rasterised: a redraw costs what changed, not the map.
    """
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    renderer = canvas.get_renderer()
    buffer = np.asarray(renderer.buffer_rgba())
    if buffer.shape != background.shape:
        raise ValueError(f"background {background.shape} does not match the figure {buffer.shape}")
    patches = list(patches)
    height, width = buffer.shape[0], buffer.shape[1]
    if not any(
        top <= 0 and left <= 0 and top + block.shape[0] >= height and left + block.shape[1] >= width
        for top, left, block in patches
    ):  # a block covering the whole picture (a decision's cut of the map) makes the fill a wasted copy
        if background.strides[:2] == (0, 0) and buffer.flags.c_contiguous:
            # One colour everywhere (a broadcast pixel): filled as whole 32-bit pixels, several times
            # faster than numpy's byte-by-byte broadcast copy of a 10 MB picture.
            buffer.view(np.uint32)[...] = np.ascontiguousarray(background[0, 0]).view(np.uint32)
        else:
            buffer[...] = background
    for top, left, block in patches:
        h, w = block.shape[0], block.shape[1]
        buffer[top : top + h, left : left + w] = block[: buffer.shape[0] - top, : buffer.shape[1] - left]
    fig.patch.set_visible(False)
    fig.draw(renderer)
    return np.asarray(renderer.buffer_rgba())


def png_from_pixels(pixels: Any, *, level: int = 1) -> bytes:
    """Encode (H, W, 4) uint8 RGBA pixels as a PNG, several times faster than ``savefig``.

    Every row uses PNG's "Sub" filter (each byte minus the same channel of the pixel to
    its left), computed with numpy: board pictures are mostly flat colour, which the
    filter turns into runs of zeros that zlib's fastest level squeezes well. The bot
    posts one picture per turn, so encoding time matters more than the last hundred
    kilobytes. RGB input is accepted and written as RGB.
    """
    import struct
    import zlib

    import numpy as np

    px = np.ascontiguousarray(pixels, dtype=np.uint8)
    height, width, channels = px.shape
    if channels not in (3, 4):
        raise ValueError(f"expected RGB or RGBA pixels, got {channels} channels")
    flat = px.reshape(height, width * channels)
    rows = np.empty((height, width * channels + 1), dtype=np.uint8)
    rows[:, 0] = 1  # filter type Sub
    rows[:, 1 : 1 + channels] = flat[:, :channels]
    np.subtract(flat[:, channels:], flat[:, :-channels], out=rows[:, 1 + channels :])
    data = zlib.compress(rows.data, level)

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    colour_type = 6 if channels == 4 else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def png_quantized(pixels: Any, *, colours: int = 256, level: int = 1) -> bytes:
    """Encode opaque (H, W, 3 or 4) uint8 pixels as a palette PNG: about a quarter of ``png_from_pixels``.

    Board pictures are a few hundred flat colours plus their anti-aliased edges, so an
    octree palette of 256 colours (no dithering: dithering speckles flat areas and
    compresses worse) keeps every flat colour exact and moves edge pixels by a shade; a
    crowded Runewars board drops from ~750 KB to ~220 KB (a Discord post on a phone's
    data plan) for ~20 ms more than ``png_from_pixels`` (zlib level 6 saves 40 KB more for
    another 15 ms: a picture goes out every turn). A picture with transparency keeps
    its alpha channel through ``png_from_pixels`` instead.
    """
    import io

    import numpy as np
    from PIL import Image

    px = np.asarray(pixels, dtype=np.uint8)
    if px.ndim != 3 or px.shape[2] not in (3, 4):
        raise ValueError(f"expected RGB or RGBA pixels, got shape {px.shape}")
    if px.shape[2] == 4 and int(px[:, :, 3].min()) < 255:
        return png_from_pixels(px)
    # PIL drops the alpha byte while it reads the buffer ("RGBX"): slicing it off with numpy first
    # cost a copy of the whole picture (7-13 ms of a 25-45 ms encoding, issue 12).
    height, width = px.shape[0], px.shape[1]
    raw = "RGBX" if px.shape[2] == 4 else "RGB"
    image = Image.frombytes("RGB", (width, height), np.ascontiguousarray(px), "raw", raw)
    if height * width >= 250_000:
        # The palette is chosen from every other pixel of every other row (issue 12: a decision
        # picture per prompt, twenty games at once): every flat colour is still there, and mapping
        # the full picture onto a given palette is three times faster than building one from it.
        # PIL's nearest-pixel halving takes that sample without a numpy copy.
        sample = image.resize(((width + 1) // 2, (height + 1) // 2), Image.Resampling.NEAREST)
        palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=level)
    return out.getvalue()


def widen(lo: float, hi: float, least: float, floor: float, ceiling: float) -> tuple[float, float]:
    """The span [lo, hi] grown about its middle to at least ``least`` and kept inside [floor, ceiling]: the
    part of a board a decision picture is cut to, wide enough for the reader to see where it is."""
    if hi - lo < least:
        mid = (lo + hi) / 2
        lo, hi = mid - least / 2, mid + least / 2
    if lo < floor:
        lo, hi = floor, hi + (floor - lo)
    if hi > ceiling:
        lo, hi = lo - (hi - ceiling), ceiling
    return max(lo, floor), min(hi, ceiling)
