"""Drawing in design pixels (y down) on one axes, shared by the renderers that lay a picture out at a
fixed design width and scale it to the width asked for.

Each such renderer used to carry its own copy of these few primitives; one copy keeps their pictures
alike (the same rounded boxes, the same text scaling) when one of them is tuned.
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from renderers import fonts
from renderers.canvas import DPI, new_figure
from renderers.words import Words

PT = DPI / 72  # design px per point: fonts.text_width answers in points


def design_canvas(width: int, design_w: float, design_h: float, *, facecolor: str) -> tuple[Figure, Axes, float]:
    """A figure ``width`` px wide whose axes run over ``design_w`` x ``design_h`` design px, y down;
    returns it, its axes and the scale (output px per design px)."""
    scale = width / design_w
    fig = new_figure(width, round(design_h * scale), facecolor=facecolor)
    return fig, design_axes(fig, design_w, design_h), scale


def design_axes(fig: Figure, design_w: float, design_h: float) -> Axes:
    """Axes over all of ``fig`` running over ``design_w`` x ``design_h`` design px, y down, no frame."""
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, design_w)
    ax.set_ylim(design_h, 0)
    ax.set_axis_off()
    return ax


class BoxPen:
    """Rounded boxes in design px on one axes, scaled to the output."""

    box_radius = 8.0  # a box's corner radius (design px) unless told

    def __init__(self, ax: Axes, scale: float, words: Words) -> None:
        self.ax, self.s, self.words = ax, scale, words

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        face: str,
        edge: str = "none",
        lw: float = 0,
        radius: float | None = None,
        z: float = 2,
        hatch: str | None = None,
        ls: str = "-",
        alpha: float = 1.0,
    ) -> None:
        """A rounded rectangle with its top-left corner at (``x``, ``y``); ``lw`` in design px."""
        self.ax.add_artist(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle=f"round,pad=0,rounding_size={self.box_radius if radius is None else radius}",
                facecolor=face,
                edgecolor=edge,
                linewidth=lw * self.s,
                zorder=z,
                hatch=hatch,
                linestyle=ls,
                alpha=alpha,
            )
        )


class DesignPen(BoxPen):
    """Text and boxes in design px on one axes; font sizes are points at the design width, scaled."""

    ink = "#23201b"  # the default text colour
    min_size = 6.0  # the smallest font size (pt) ``fit`` shrinks a text to

    def width(self, text: str, size: float, *, bold: bool = False) -> float:
        """``text``'s width in design px at ``size``."""
        return fonts.text_width(text, size, bold=bold, locale=self.words.locale) * PT

    def fit(self, text: str, size: float, room: float, *, bold: bool = False) -> float:
        """``size``, or a smaller one (not under ``min_size``) at which ``text`` fits ``room`` design px."""
        width = self.width(text, size, bold=bold)
        return size if width <= room or width <= 0 else max(self.min_size, size * room / width)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        *,
        colour: str | None = None,
        bold: bool = False,
        ha: str = "left",
        va: str = "center",
        z: float = 6,
        room: float | None = None,
    ) -> None:
        """``s`` at (``x``, ``y``), shrunk to ``room`` design px when given."""
        if not s:
            return
        if room is not None:
            size = self.fit(s, size, room, bold=bold)
        self.ax.text(
            x,
            y,
            s,
            fontsize=size * self.s,
            color=self.ink if colour is None else colour,
            fontweight="bold" if bold else "normal",
            ha=ha,
            va=va,
            zorder=z,
        )
