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

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path

import matplotlib as mpl
from matplotlib import font_manager

FONT_PACKAGE = "noto_cjk_sans_otc"  # PyPI noto-cjk-sans-otc (requirements.txt)
FONT_FILE = "NotoSansCJK-Regular.ttc"
# Face names inside the collection, by catalog locale (i18n/locales.py).
CJK_FAMILY = {"zh_Hans": "Noto Sans CJK SC", "zh_Hant": "Noto Sans CJK TC"}
DEFAULT_CJK = CJK_FAMILY["zh_Hans"]
_lock = threading.Lock()


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
    """Draw inside this block with ``locale``'s CJK face as the fallback."""
    register()
    with mpl.rc_context({"font.family": families(locale)}):
        yield
