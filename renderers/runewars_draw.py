"""Fast drawing primitives for the Runewars board: batched glyphs and stamped labels.

matplotlib draws one ``Text`` in about a millisecond; a crowded board has a few
hundred labels. Agg stamps a ``Line2D``'s marker: it rasterises the marker once and
copies it to every point. So glyphs (unit bases, tokens) and short labels (counts,
type codes) are collected, grouped by look, and drawn as one ``Line2D`` per group;
a label becomes a marker made from its ``TextPath``. Everything here works in
pixels of a y-down axes covering the whole figure.

Labels are outlines in the picture's own fonts (``renderers.fonts``: DejaVu Sans, then
Noto Sans CJK for what DejaVu lacks), and widths are measured in those same fonts, so a
Chinese label is laid out at its true width.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache, lru_cache
from numbers import Real
from typing import Any

import numpy as np
from matplotlib import rcParams
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.colors import to_rgba
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, Bbox

from renderers import fonts

PT_PER_PX = 0.72  # 72 points per inch at 100 dpi
# The gid of a label's artist starts with this, followed by the text: tests read back what was drawn.
TEXT_GID = "text:"


def _regular_polygon(n: int, start_deg: float, sx: float = 1.0) -> Path:
    angles = [math.radians(start_deg + 360 * i / n) for i in range(n)]
    pts = [(sx * math.cos(a), math.sin(a)) for a in angles]
    return Path(pts + [pts[0]], closed=True)


def _scaled(path: Path, box: float = 1.0) -> Path:
    """A path padded with two invisible points so matplotlib's marker rescale keeps its true size."""
    vertices = np.asarray(path.vertices, dtype=float)
    if path.codes is None:
        own = np.full(len(vertices), Path.LINETO, dtype=Path.code_type)
        own[:1] = Path.MOVETO
    else:
        own = np.asarray(path.codes, dtype=Path.code_type)
    verts = np.vstack([vertices, [(-box, -box), (box, box)]])
    codes = np.concatenate([own, np.array([Path.MOVETO, Path.MOVETO], dtype=Path.code_type)])
    return Path(verts, codes)


@cache
def shape_marker(shape: str) -> MarkerStyle:
    """Unit base shapes and token shapes, all fitting a box of half-size 1 (y up)."""
    if shape == "triangle":
        p = Path([(-1.0, -0.72), (1.0, -0.72), (0.0, 1.0), (-1.0, -0.72)], closed=True)
    elif shape == "circle":
        p = Path.circle((0, 0), 0.9)
    elif shape == "rectangle":
        p = Path([(-1.0, -0.66), (1.0, -0.66), (1.0, 0.66), (-1.0, 0.66), (-1.0, -0.66)], closed=True)
    elif shape == "hexagon":
        p = _regular_polygon(6, 0)
    elif shape == "diamond":
        p = Path([(0, -1), (0.72, 0), (0, 1), (-0.72, 0), (0, -1)], closed=True)
    elif shape == "star":
        pts = []
        for i in range(10):
            r = 1.0 if i % 2 == 0 else 0.45
            a = math.radians(90 + 36 * i)
            pts.append((r * math.cos(a), r * math.sin(a) - 0.08))
        p = Path(pts + [pts[0]], closed=True)
    elif shape == "castle":  # a keep with battlements
        p = Path(
            [
                (-0.9, -0.85),
                (0.9, -0.85),
                (0.9, 0.85),
                (0.55, 0.85),
                (0.55, 0.55),
                (0.18, 0.55),
                (0.18, 0.85),
                (-0.18, 0.85),
                (-0.18, 0.55),
                (-0.55, 0.55),
                (-0.55, 0.85),
                (-0.9, 0.85),
                (-0.9, -0.85),
            ],
            closed=True,
        )
    elif shape == "pill":  # a wide rounded badge, 1 : 0.36
        pts = [(-0.82 + 0.18 * math.cos(math.radians(a)), 0.18 * math.sin(math.radians(a))) for a in range(90, 271, 15)]
        pts += [(0.82 + 0.18 * math.cos(math.radians(a)), 0.18 * math.sin(math.radians(a))) for a in range(-90, 91, 15)]
        p = Path(pts + [pts[0]], closed=True)
    elif shape == "octagon":
        p = _regular_polygon(8, 22.5)
    elif shape == "square":
        p = Path([(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85), (-0.85, -0.85)], closed=True)
    elif shape == "flag":
        p = Path([(-0.7, -1.0), (-0.7, 1.0), (0.9, 0.55), (-0.5, 0.1), (-0.5, -1.0), (-0.7, -1.0)], closed=True)
    else:
        p = Path.circle((0, 0), 0.9)
    return MarkerStyle(_scaled(p))


def _text_marker(text: str, bold: bool, locale: str = "") -> tuple[MarkerStyle, float, float, float]:
    """A label as a marker centred on its ink (see ``_marker_in``)."""
    return _marker_in(text, bold, fonts.face(locale) if not text.isascii() else "")


@lru_cache(maxsize=4096)
def _marker_in(text: str, bold: bool, face: str) -> tuple[MarkerStyle, float, float, float]:
    """A label as a marker centred on its ink, in the fonts of ``face`` (``fonts.face``).

    Returns the marker, the half-size of its box, the ink centre's distance from the
    text origin and the advance width, all in font units of a 10 px font.
    """
    tp = TextPath((0, 0), text, size=10, prop=fonts.properties(face, bold))
    verts = tp.vertices
    if len(verts):
        x0, x1 = float(verts[:, 0].min()), float(verts[:, 0].max())
        y0, y1 = float(verts[:, 1].min()), float(verts[:, 1].max())
    else:
        x0 = x1 = y0 = y1 = 0.0
    cx = (x0 + x1) / 2
    cy = 3.65  # half the cap height: "1" and "g" sit on the same line, centred like va="center"
    box = max(abs(x0 - cx), abs(x1 - cx), 7.3, abs(y0 - cy), abs(y1 - cy)) + 0.5
    advance = fonts.text_width(text, 10, bold=bold, locale=face)  # 10 pt == 10 units
    return MarkerStyle(_scaled(Path(verts - (cx, cy), tp.codes), box)), box, cx, advance


def _xy() -> tuple[list[float], list[float]]:
    return [], []


@dataclass
class Batch:
    """Collects glyphs and labels, then draws them as few artists as possible.

    ``locale`` picks the CJK glyph shapes (Traditional for ``zh_Hant``) of the labels.
    """

    locale: str = ""
    glyphs: dict[tuple[Any, ...], tuple[list[float], list[float]]] = field(default_factory=lambda: defaultdict(_xy))
    labels: dict[tuple[Any, ...], tuple[list[float], list[float]]] = field(default_factory=lambda: defaultdict(_xy))

    def glyph(
        self,
        shape: str,
        x: float,
        y: float,
        size_px: float,
        face: str,
        edge: str = "#222222",
        lw: float = 1.2,
        z: int = 10,
        alpha: float = 1.0,
    ) -> None:
        xs, ys = self.glyphs[(z, shape, round(size_px, 1), face, edge, round(lw, 2), alpha)]
        xs.append(x)
        ys.append(y)

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size_px: float,
        colour: str = "#111111",
        *,
        bold: bool = True,
        halo: str | None = None,
        z: int = 20,
        align: str = "center",
    ) -> None:
        """A short label centred on (x, y); ``align="left"``/``"right"`` anchor its start/end at x instead."""
        if not text:
            return
        if align != "center":
            _, _, ink_centre, advance = _text_marker(text, bold, self.locale)
            scale = size_px / 10.0
            x = x + ink_centre * scale if align == "left" else x - (advance - ink_centre) * scale
        xs, ys = self.labels[(z, text, round(size_px, 1), colour, bold, halo)]
        xs.append(x)
        ys.append(y)

    def draw(self, ax: Any, transform: Any = None) -> int:
        """Add the batched artists to ``ax`` (an Axes, or a Figure with ``pixel_transform``).

        Returns how many groups of stamps it drew (each what one ``Line2D`` used to be). The
        groups go into one ``Stamps`` artist per z-order, in the order they were collected, so
        the picture is the same as with a ``Line2D`` per group; on a Figure no Axes is needed at all,
        which saves the Axes' own set-up (ticks, limits) on every live redraw.
        """
        tf = transform if transform is not None else getattr(ax, "transData", None)
        layers: dict[float, list[Stamp]] = defaultdict(list)
        for (z, shape, size, face, edge, lw, alpha), (xs, ys) in self.glyphs.items():
            # The padded marker box is 2 units for a shape of half-size 1: markersize = glyph size.
            # A shape spans its whole marker box, so the marker size in points is the glyph size.
            layers[z].append(
                Stamp(
                    _points(xs, ys),
                    shape_marker(shape),
                    size * PT_PER_PX,
                    to_rgba(face, alpha),
                    to_rgba(edge, alpha),
                    lw,
                )
            )
        for (z, text, size, colour, bold, halo), (xs, ys) in self.labels.items():
            marker, box, _, _ = _text_marker(text, bold, self.locale)
            ms = 2 * box * size * PT_PER_PX / 10
            points = _points(xs, ys)
            if halo:
                rgba = to_rgba(halo)
                layers[z - 0.5].append(Stamp(points, marker, ms, rgba, rgba, max(1.5, size * 0.18)))
            face = to_rgba(colour)
            # A filled marker's "auto" edge: black with the face's alpha, not stroked (width 0).
            layers[z].append(Stamp(points, marker, ms, face, (0.0, 0.0, 0.0, face[3]), 0.0, text))
        made = 0
        for z, stamps in layers.items():
            ax.add_artist(Stamps(stamps, z, tf))
            made += len(stamps)
        return made


def _points(xs: list[float], ys: list[float]) -> Path:
    return Path(np.column_stack([np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)]))


@dataclass(frozen=True)
class Stamp:
    """One marker stamped at many points: a glyph group, a label or its halo (``text`` names a label)."""

    points: Path
    marker: MarkerStyle
    size_pt: float
    face: tuple[float, float, float, float]
    edge: tuple[float, float, float, float]
    edge_width: float
    text: str = ""


class Stamps(Artist):
    """Groups of stamped markers at one z-order, drawn as ``Line2D`` draws its markers but without
    an artist per group (issue 12: a ``Line2D`` costs ~0.3 ms to make and draw, a decision
    picture had 130 of them: a third of its drawing time)."""

    def __init__(self, stamps: list[Stamp], zorder: float, transform: Any) -> None:
        super().__init__()
        self.stamps = stamps
        self.set_zorder(zorder)
        self.set_transform(transform)

    def labels(self) -> list[tuple[str, Bbox]]:
        """(text, display box) of every label stamp, as ``Line2D.get_window_extent`` measures a marker line."""
        out = []
        transform = self.get_transform()
        fig = self.get_figure(root=True)
        dpi = fig.dpi if fig is not None else 100.0
        for stamp in self.stamps:
            if stamp.text:
                box = Bbox([[0, 0], [0, 0]])
                box.update_from_data_xy(transform.transform(stamp.points.vertices), ignore=True)
                out.append((stamp.text, box.padded(stamp.size_pt / 72.0 * dpi * 0.5)))
        return out

    def draw(self, renderer: Any) -> None:
        if not self.get_visible():
            return
        affine = self.get_transform().frozen()
        antialiased = bool(rcParams["lines.antialiased"])
        for stamp in self.stamps:
            marker = stamp.marker
            gc = renderer.new_gc()
            self._set_gc_clip(gc)  # type: ignore[attr-defined]  # Artist's own helper, absent from the stubs
            gc.set_linewidth(stamp.edge_width)
            gc.set_antialiased(antialiased)
            gc.set_foreground(stamp.edge, isRGBA=True)
            snap = marker.get_snap_threshold()
            gc.set_snap(renderer.points_to_pixels(stamp.size_pt) >= snap if isinstance(snap, Real) else snap)
            gc.set_joinstyle(marker.get_joinstyle())
            gc.set_capstyle(marker.get_capstyle())
            shape = marker.get_transform()  # an Affine2D (a path marker); scaled as Line2D does
            assert isinstance(shape, Affine2D)
            scaled = shape.scale(renderer.points_to_pixels(stamp.size_pt))
            renderer.draw_markers(gc, marker.get_path(), scaled, stamp.points, affine, stamp.face)
            gc.restore()
        self.stale = False


def label_width(text: str, size_px: float, bold: bool = True, locale: str = "") -> float:
    """Advance width of ``text`` at a font size of ``size_px`` pixels (for layout), in the drawn fonts."""
    return fonts.text_width(text, size_px, bold=bold, locale=locale)


def pixel_transform(height: int) -> Any:
    """Figure pixels with y growing downward (as the axes of ``pixel_axes``) to display coordinates."""
    return Affine2D().scale(1.0, -1.0).translate(0.0, float(height))


def pixel_axes(fig: Any, width: int, height: int) -> Axes:
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    ax.patch.set_visible(False)
    return ax
