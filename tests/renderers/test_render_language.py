"""The pictures speak the game's language (issue 10, "Pictures"): no tofu, no English, no spill.

A Runewars board and an Age of Heroes table are rendered in Simplified and Traditional
Chinese with every cache emptied, so that every layer (map, banner, panels, legend, pieces)
is drawn afresh; each figure made on the way is kept and read back:

* every character of every drawn string (``Text`` artists, and the label markers of
  ``renderers.runewars_draw`` whose gid carries their text) has a glyph in the fonts the
  picture uses, read from the font files themselves with fontTools (DejaVu Sans, and the
  Noto Sans CJK collection shipped by the ``noto-cjk-sans-otc`` package);
* the picture is Chinese: it has Chinese text and no English word (codes such as ``12A``,
  ``Be`` and numbers are fine);
* every label stays inside its own figure (a faction panel, the banner, the legend are each
  one figure), so a wide Chinese label was measured with the font it is drawn in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]  # fontTools ships no stubs
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, findfont
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox

import engine
from renderers import ageofheroes as A
from renderers import fonts
from renderers import runewars as R
from renderers.runewars_draw import TEXT_GID, Stamps

LOCALES = ("zh_Hans", "zh_Hant")
# Runs of Latin letters allowed in a Chinese picture: unit and development codes, area ids, marks.
CODE = re.compile(r"^[A-Za-z]{1,2}$")


@cache
def _cmaps() -> list[set[int]]:
    """The code points of DejaVu Sans (regular and bold) and of Noto Sans CJK, from the files."""
    out = []
    for weight in ("normal", "bold"):
        path = findfont(FontProperties(family=fonts.LATIN, weight=weight), fallback_to_default=False)
        with TTFont(path, lazy=True) as font:
            out.append(set(font.getBestCmap()))
    collection = TTCollection(str(fonts.cjk_font_path()), lazy=True)
    for font in collection.fonts:
        family = font["name"].getDebugName(1) or ""
        if family in fonts.CJK_FAMILY.values():
            out.append(set(font.getBestCmap()))
    collection.close()
    assert len(out) >= 4, "the CJK collection lost its SC or TC face"
    return out


def _no_glyph(text: str) -> set[str]:
    have = _cmaps()
    return {ch for ch in text if not ch.isspace() and not any(ord(ch) in cmap for cmap in have)}


def _drawn(figures: list[Figure]) -> Iterator[tuple[Figure, Bbox, str]]:
    """(figure, display box, string) for every string drawn on ``figures``: Text artists, and labels
    stamped as markers (``Stamps``, or a ``Line2D`` whose gid names its text)."""
    for fig in figures:
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg canvas (renderers.canvas)
        for artist in fig.findobj(lambda a: isinstance(a, Text | Line2D | Stamps)):
            if isinstance(artist, Text):
                text = artist.get_text()
                if text and artist.get_visible():
                    yield fig, artist.get_window_extent(renderer), text
            elif isinstance(artist, Stamps):
                for text, box in artist.labels():
                    yield fig, box, text
            else:
                gid = artist.get_gid() or ""
                if gid.startswith(TEXT_GID):
                    yield fig, artist.get_window_extent(renderer), gid[len(TEXT_GID) :]


def _record(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[Figure]:
    made: list[Figure] = []
    original = module.new_figure

    def new_figure(*args: Any, **kwargs: Any) -> Figure:
        fig = original(*args, **kwargs)
        made.append(fig)
        return fig

    monkeypatch.setattr(module, "new_figure", new_figure)
    return made


def _check(figures: list[Figure]) -> list[str]:
    """Every drawn string: glyphs exist, no English word, inside its figure. Returns the strings."""
    strings = []
    for fig, box, text in _drawn(figures):
        strings.append(text)
        assert not _no_glyph(text), f"no glyph for {sorted(_no_glyph(text))} in {text!r}"
        for word in re.findall(r"[A-Za-z]+", text):
            assert CODE.match(word), f"English {word!r} in a Chinese picture: {text!r}"
        width = fig.bbox.width
        assert box.x0 >= -1.5 and box.x1 <= width + 1.5, f"{text!r} spills out of its figure: {box} vs {width}"
    assert any(fonts.is_wide(ch) for s in strings for ch in s), "the picture has no Chinese text"
    return strings


def _runewars_view() -> dict[str, Any]:
    from bench.render import crowd, simulate

    rs, states = simulate(4, 7, 160, every=160)
    view = crowd(rs.view(states[-1], None))
    view["waiting_on"] = [0, 1]
    return view


def _ageofheroes_views() -> list[dict[str, Any]]:
    """A war, Market Day trading and the last state of a seeded 4-player game."""
    rs = engine.ruleset("ageofheroes")
    rng = random.Random(11)
    state = rs.setup({"players": 4}, 11)
    picked: dict[str, dict[str, Any]] = {}
    for _ in range(3000):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        state, _ = rs.apply(state, prompt.seat, rs.sample_action(state, prompt.seat, rng))
        view = rs.view(state, None)
        if view.get("battle"):
            picked.setdefault("war", view)
        if (view.get("market_day") or {}).get("trading"):
            picked.setdefault("trading", view)
    picked["last"] = rs.view(state, None)
    return list(picked.values())


@pytest.mark.parametrize("locale", LOCALES)
def test_a_chinese_runewars_board_draws_every_character(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    view = _runewars_view()
    R.STATIC_CACHE._items.clear()
    R.PANEL_CACHE._items.clear()
    figures = _record(monkeypatch, R)
    png = R.render_board(view, width=1800, locale=locale)
    assert png[:4] == b"\x89PNG"
    strings = _check(figures)
    joined = "".join(strings)
    assert "符文战争" in joined if locale == "zh_Hans" else "符文戰爭" in joined
    assert "图例" in joined if locale == "zh_Hans" else "圖例" in joined


@pytest.mark.parametrize("locale", LOCALES)
def test_a_chinese_age_of_heroes_table_draws_every_character(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    views = _ageofheroes_views()
    assert len(views) >= 2
    A._STATIC._items.clear()
    figures = _record(monkeypatch, A)
    for view in views:
        A.render_tableau(view, locale=locale)
    joined = "".join(_check(figures))
    assert "英雄时代" in joined if locale == "zh_Hans" else "英雄時代" in joined


def test_english_stays_the_default_and_languages_do_not_share_layers() -> None:
    """The old call (no locale) is English; a Chinese picture of the same view differs from it."""
    view = _runewars_view()
    english = R.render_board(view, width=900)
    assert R.render_board(view, width=900, locale="en") == english
    assert R.render_board(view, width=900, locale="zh-CN") != english
    assert R.render_board(view, width=900) == english  # not served a Chinese cached layer


def test_text_is_measured_in_the_font_it_is_drawn_with() -> None:
    """A Chinese character is about one em wide, not a DejaVu tofu box's width."""
    from renderers.runewars_draw import label_width

    em = 20.0
    wide = label_width("符文战争", em, bold=False, locale="zh_Hans")
    assert 3.6 * em <= wide <= 4.4 * em
    assert label_width("Runewars", em) == pytest.approx(fonts.text_width("Runewars", em, bold=True))
    lines = fonts.wrap("设施：资 资源，外 外交，训 训练场，防 防御奖励。", 6 * em, em, locale="zh_Hans")
    assert len(lines) > 1 and all(fonts.text_width(line, em) <= 6 * em for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)


def test_render_png_passes_the_language_to_renderers_that_take_it() -> None:
    import asyncio

    import renderers

    seen: list[Any] = []

    def speaking(view: dict[str, Any], *, locale: Any = "en", names: Any = None) -> bytes:
        seen.append(locale)
        return b"png"

    def english_only(view: dict[str, Any]) -> bytes:
        seen.append("old")
        return b"png"

    renderers.register("test-speaking", speaking)
    renderers.register("test-english", english_only)
    try:
        assert asyncio.run(renderers.render_png("test-speaking", {}, locale="zh-TW")) == b"png"
        assert asyncio.run(renderers.render_png("test-english", {}, locale="zh-TW")) == b"png"
        assert asyncio.run(renderers.render_png("test-speaking", {})) == b"png"
    finally:
        renderers.unregister("test-speaking")
        renderers.unregister("test-english")
    assert seen == ["zh-TW", "old", "en"]
