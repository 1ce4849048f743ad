"""Issue 12 (lock-step press -> next prompt): what a Runewars decision picture reuses from the pictures
before it, and that reusing it never shows an old board.

* the layout is remembered by what it depends on (the map's hexes, the setup markers, the panels'
  heights, the width): the same board gets the very same layout, a board that gained a tile (RW-4.3)
  another one, and a remembered layout is the layout drawn from scratch;
* a decision picture after a tile placement shows the new tile: with warm caches it is, pixel for
  pixel, the picture drawn with every cache emptied, and it differs from the picture before the tile;
* the static map layer drawn straight onto its figure (no Axes) gives exactly the pixels the Axes gave,
  for the empty map of the setup (its note), a map being built and a crowded board;
* a locale's fonts are set for the drawing and put back without copying all of ``rcParams``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import engine
from bench.render import crowded_view
from cogs import decision_pictures
from engine.core import Prompt
from renderers import fonts
from renderers import runewars as R
from renderers.canvas import new_figure, to_rgba
from renderers.runewars_draw import Batch
from renderers.runewars_scene import Scene, build_scene, content_scope

RS = engine.ruleset("runewars")


def _waiting(state: Any) -> Prompt:
    return next(p for p in RS.prompts(state) if p.waiting)


def _to_tiles(seed: str) -> Any:
    """A three-player game at its first tile placement (RW-4.3): factions taken (RW-3.2) by first option."""
    state = RS.setup({"players": 3}, seed)
    for _ in range(20):
        prompt = _waiting(state)
        if prompt.rule == "RW-4.3":
            return state
        state, _ = RS.apply(state, prompt.seat, prompt.options[0].action)
    raise AssertionError("no tile placement within 20 decisions")


def _place_tile(state: Any) -> Any:
    """The waiting seat places a tile by hand (not the automatic map), as RW-4.3 asks."""
    prompt = _waiting(state)
    assert prompt.rule == "RW-4.3"
    i = next(i for i, o in enumerate(prompt.options) if o.action.get("type") != "rw_auto_map")
    state, _ = RS.apply(state, prompt.seat, prompt.options[i].action)
    return state


def _decision(state: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """The public view and the candidates of the decision the game waits on (a map decision)."""
    prompt = _waiting(state)
    view = decision_pictures.picture_view(RS, state, prompt)
    chosen = decision_pictures.candidates(prompt, view)
    assert chosen, prompt.rule
    return view, chosen


def _scene(view: dict[str, Any]) -> Scene:
    words = R.words_for("en")
    with fonts.for_locale(words.locale), content_scope(view):
        return build_scene(view, words)


def _cold(view: dict[str, Any], chosen: dict[str, str]) -> Any:
    """The decision picture with every cache of the renderer emptied first."""
    R.STATIC_CACHE._items.clear()
    R.PANEL_CACHE._items.clear()
    R._LAYOUTS.clear()
    return R.decision_pixels(view, chosen)


def test_the_layout_is_remembered_for_the_same_board_and_made_anew_for_a_new_tile() -> None:
    state = _place_tile(_to_tiles("reuse-layout"))  # a first tile: the map exists
    view = RS.view(state, None)
    scene = _scene(view)
    first = R.layout(scene, 1800)
    assert R.layout(_scene(view), 1800) is first  # the same board: the very same layout
    assert first == R._layout(scene, 1800)  # and it is the layout drawn from scratch
    grown = _scene(RS.view(_place_tile(state), None))
    assert len(grown.areas) > len(scene.areas)  # RW-4.3: the tile's areas joined the map
    after = R.layout(grown, 1800)
    assert after is not first and after == R._layout(grown, 1800)
    assert R.layout(scene, 900) != first  # the width is part of what a layout depends on


def test_a_decision_picture_after_a_tile_placement_shows_the_new_tile() -> None:
    state = _place_tile(_to_tiles("reuse-picture"))
    view, chosen = _decision(state)
    before = R.decision_pixels(view, chosen)  # warms the map layer and the layout of this board
    assert np.array_equal(before, _cold(view, chosen))
    state = _place_tile(state)
    view2, chosen2 = _decision(state)
    new_areas = {a.id for a in _scene(view2).areas} - {a.id for a in _scene(view).areas}
    assert new_areas  # the placed tile's areas (RW-4.3)
    warm = R.decision_pixels(view2, chosen2)
    assert warm.shape != before.shape or not np.array_equal(warm, before)
    assert np.array_equal(warm, _cold(view2, chosen2))  # nothing of the old board was reused


def _axes_static_layer(scene: Scene, lay: R.Layout, words: Any) -> Any:
    """The static map layer as it was drawn before: through an Axes spanning its figure."""
    mx, my, mw, mh = lay.map_rect
    fig = new_figure(mw, mh, facecolor=R.BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(mx, mx + mw)
    ax.set_ylim(my + mh, my)
    ax.axis("off")
    R._draw_terrain(ax, scene, lay)
    R._draw_setup_markers(ax, scene, lay)
    if not scene.areas:
        note = "\n".join(fonts.wrap(words(R.MAP_TO_COME()), mw * 0.7 / R._HINTING, 26 * lay.k, locale=words.locale))
        ax.text(
            mx + mw / 2,
            my + mh / 2,
            note,
            fontsize=26 * lay.k * R.PT_PER_PX,
            color="#6b5d45",
            ha="center",
            va="center",
            linespacing=1.4,
            zorder=5,
        )
    R._draw_borders(ax, scene, lay)
    b = Batch(locale=words.locale)
    codes = {res: words(R.RESOURCE_CODES[res]()) for res in R.RESOURCE_CODES}
    for a in scene.areas:
        R._draw_area_print(b, a, lay, codes)
    b.draw(ax)
    return to_rgba(fig)


def _views() -> list[dict[str, Any]]:
    empty = _to_tiles("reuse-static")
    return [RS.view(empty, None), RS.view(_place_tile(_place_tile(empty)), None), crowded_view()]


@pytest.mark.parametrize("which", [0, 1, 2], ids=["empty map", "map being built", "crowded board"])
@pytest.mark.parametrize("locale", ["en", "zh_Hans"])
def test_the_static_layer_without_an_axes_is_the_pixels_the_axes_gave(which: int, locale: str) -> None:
    view = _views()[which]
    words = R.words_for(locale)
    with fonts.for_locale(words.locale), content_scope(view):
        scene = build_scene(view, words)
        if which == 0:
            assert not scene.areas  # the note "the map is built during setup" is drawn
        lay = R.layout(scene, 1800)
        assert np.array_equal(
            np.asarray(R._static_layer(scene, lay, words)), np.asarray(_axes_static_layer(scene, lay, words))
        )


def test_a_locales_fonts_are_set_for_the_block_and_put_back() -> None:
    """``fonts.for_locale`` no longer copies ``rcParams``: it sets only ``font.family`` for the block
    and puts back what was there (after ``fonts.register``, as ``rc_context`` did), also when the
    drawing inside fails."""
    import matplotlib as mpl

    fonts.register()
    outside = list(mpl.rcParams["font.family"])
    for locale in ("zh_Hant", "zh_Hans", "en"):
        with fonts.for_locale(locale):
            assert list(mpl.rcParams["font.family"]) == fonts.families(locale)
        assert list(mpl.rcParams["font.family"]) == outside
    with pytest.raises(RuntimeError), fonts.for_locale("zh_Hant"):
        assert list(mpl.rcParams["font.family"]) == fonts.families("zh_Hant")
        raise RuntimeError("a drawing failed")
    assert list(mpl.rcParams["font.family"]) == outside
