"""A CJK font for Chinese labels, installed from PyPI and registered with matplotlib.

The board pictures draw with matplotlib's default DejaVu Sans, which has no Chinese
glyphs: a Chinese label would come out as tofu boxes. ``noto-cjk-sans-otc`` (a PyPI
package, OFL) ships Noto Sans CJK as one collection with Simplified (SC) and Traditional
(TC) faces. We register it and append it to matplotlib's sans-serif list, so matplotlib's
per-glyph fallback draws Latin text in the current font and only the characters DejaVu
lacks in Noto. (matplotlib falls back along ``font.family``, not along the generic
``font.sans-serif`` list, hence ``font.family = ["sans-serif", <CJK faces>]``.) No system
font install is needed, so ``pip install -r requirements.txt``
is the whole set-up.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import matplotlib as mpl
from matplotlib import font_manager
from matplotlib.font_manager import FontProperties

FONT_PACKAGE = "noto_cjk_sans_otc"  # PyPI noto-cjk-sans-otc (requirements.txt)
FONT_FILE = "NotoSansCJK-Regular.ttc"
# Face names inside the collection, by catalog locale (i18n/locales.py).
CJK_FAMILY = {"zh_Hans": "Noto Sans CJK SC", "zh_Hant": "Noto Sans CJK TC"}
DEFAULT_CJK = CJK_FAMILY["zh_Hans"]
LATIN = "DejaVu Sans"  # matplotlib's own default face: every Latin label keeps it
_lock = threading.Lock()


class _NoBoldCjk(logging.Filter):
    """Drop matplotlib's note that Noto Sans CJK has no bold face (known: the package ships Regular only)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Noto Sans CJK" not in record.getMessage()


@cache
def cjk_font_path() -> Path:
    """The Noto Sans CJK collection file shipped by the ``noto-cjk-sans-otc`` package."""
    path = Path(str(resources.files(FONT_PACKAGE).joinpath(FONT_FILE)))
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: reinstall noto-cjk-sans-otc (requirements.txt)")
    return path


def register() -> None:
    """Add the CJK faces to matplotlib and to the end of ``font.family`` (idempotent).

    At the end, so every glyph the current font has is still drawn with it.
    """
    with _lock:
        known = {f.name for f in font_manager.fontManager.ttflist}
        if not set(CJK_FAMILY.values()) <= known:
            font_manager.fontManager.addfont(str(cjk_font_path()))
            logging.getLogger("matplotlib.font_manager").addFilter(_NoBoldCjk())
        mpl.rcParams["font.family"] = families(None, list(mpl.rcParams["font.family"]))


def families(locale: str | None = None, base: list[str] | None = None) -> list[str]:
    """The ``font.family`` list for ``locale``: the current fonts first, then the locale's CJK
    face (Traditional glyph shapes for ``zh_Hant``), then the other one."""
    current = base if base is not None else list(mpl.rcParams["font.family"])
    preferred = CJK_FAMILY.get(locale or "", DEFAULT_CJK)
    kept = [f for f in current if f not in CJK_FAMILY.values()]
    return kept + [preferred] + [f for f in CJK_FAMILY.values() if f != preferred]


@contextmanager
def for_locale(locale: str | None) -> Iterator[None]:
    """Draw inside this block with ``locale``'s CJK face as the fallback.

    Only ``font.family`` is set and put back: ``rc_context`` copied all of ``rcParams`` twice, a
    third of a millisecond of every picture (issue 12: a decision picture per press).
    """
    register()
    wanted = families(locale)
    before = mpl.rcParams["font.family"]
    if list(before) == wanted:
        yield
        return
    mpl.rcParams["font.family"] = wanted
    try:
        yield
    finally:
        mpl.rcParams["font.family"] = before


def face(locale: str | None) -> str:
    """The font key of ``locale``: ``zh_Hant`` draws Traditional glyph shapes, everything else the default."""
    return "zh_Hant" if locale == "zh_Hant" else ""


@lru_cache(maxsize=8)
def properties(locale: str | None = None, bold: bool = False) -> FontProperties:
    """The font drawn for a label in ``locale`` at 10 pt: DejaVu Sans, then the CJK faces.

    The same list ``for_locale`` puts in ``font.family``, so what is measured is what is drawn:
    a width measured with DejaVu alone would take every Chinese character for a tofu box.
    """
    register()
    return FontProperties(family=families(face(locale), [LATIN]), weight="bold" if bold else "normal", size=10)


@lru_cache(maxsize=8192)
def _width_10(text: str, locale: str, bold: bool) -> float:
    from matplotlib.textpath import text_to_path

    width, _, _ = text_to_path.get_text_width_height_descent(text, properties(locale, bold), ismath=False)
    return float(width)


def text_width(text: str, size: float, *, bold: bool = False, locale: str | None = None) -> float:
    """Advance width of ``text`` at font size ``size`` (points give points, pixels give pixels),
    measured in the fonts it is drawn with (unhinted outlines)."""
    if not text:
        return 0.0
    return _width_10(text, face(locale) if not text.isascii() else "", bold) * size / 10.0


def is_wide(ch: str) -> bool:
    """A character that may start a new line anywhere (CJK ideographs, kana, full-width forms)."""
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or 0x3000 <= o <= 0x303F


# Full-width punctuation that must not begin a line (kinsoku shori, simplified).
_NO_LINE_START = set("，。、：；？！）》」』”’…—")


def wrap(text: str, room: float, size: float, *, bold: bool = False, locale: str | None = None) -> list[str]:
    """``text`` broken into lines no wider than ``room`` at ``size``: between words for Latin text,
    between any two characters for Chinese (never before closing punctuation)."""
    tokens: list[str] = []
    for word in text.split(" "):
        piece = ""
        for ch in word:
            if is_wide(ch) and piece and ch not in _NO_LINE_START:
                tokens.append(piece)
                piece = ""
            piece += ch
        tokens.append(piece + " ")
    lines: list[str] = []
    line = ""
    for tok in tokens:
        trial = line + tok
        if line and text_width(trial.rstrip(), size, bold=bold, locale=locale) > room:
            lines.append(line.rstrip())
            line = tok
        else:
            line = trial
    if line.strip():
        lines.append(line.rstrip())
    return lines
