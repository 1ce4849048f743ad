"""Figures without pyplot.

pyplot keeps global state and is not thread-safe; the bot renders in worker
threads, several games at once. The object API (``Figure`` + an Agg canvas) has no
global state, so each render owns its figure and nothing leaks between games.
"""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

DPI = 100


def new_figure(width_px: int, height_px: int, *, facecolor: str = "#f4efe3") -> Figure:
    fig = Figure(figsize=(width_px / DPI, height_px / DPI), dpi=DPI, facecolor=facecolor)
    FigureCanvasAgg(fig)
    return fig


def to_png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, facecolor=fig.get_facecolor())
    return buffer.getvalue()


def to_rgba(fig: Figure) -> object:
    """The rendered pixels, for caching a static layer and drawing on top of it later."""
    canvas = fig.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    canvas.draw()
    import numpy as np

    return np.asarray(canvas.buffer_rgba()).copy()
