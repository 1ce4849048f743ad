"""The Runewars board picture: every state of random games renders, from the public view only.

What is checked here, not how fast (timings live in ``bench/render.py``):

* every Nth state (and the last) of simulated 2-, 3- and 4-player games renders to a
  PNG of the asked width, and the view it was built from holds none of the
  ``rs.secrets(state)`` strings (Hidden information map, RW-27.5);
* a seat's own picture differs from the public one only by the rune faces its view
  lets it see and the "private view" note;
* a crowded area (a full army of 8 units of four types, an allied neutral and two
  heroes) lays its stacks out without overlaps;
* the static map layer is drawn once per map and reused.
"""

from __future__ import annotations

import io
import json
import random
from dataclasses import asdict
from typing import Any

import pytest
from PIL import Image

import engine
import renderers
from renderers import runewars as R
from renderers.runewars_scene import build_scene

WIDTH = 900  # smaller than the bot's 1800 to keep the suite quick; layout scales with width


def _play(players: int, seed: int, actions: int, every: int) -> tuple[Any, list[Any]]:
    rs = engine.ruleset("runewars")
    state = rs.setup({"players": players}, seed)
    rng = random.Random(seed)
    kept = [state]
    for n in range(1, actions + 1):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            break
        prompt = rng.choice(waiting)
        if prompt.seat < 0:
            action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
        else:
            action = rs.sample_action(state, prompt.seat, rng)
        state, _ = rs.apply(state, prompt.seat, action)
        if n % every == 0:
            kept.append(state)
    if kept[-1] is not state:
        kept.append(state)
    return rs, kept


@pytest.fixture(scope="module")
def games() -> dict[int, tuple[Any, list[Any]]]:
    # 2 players to the end of the game; 3 and 4 players well into the mid-game.
    return {2: _play(2, 3, 1000, 70), 3: _play(3, 5, 160, 45), 4: _play(4, 7, 160, 45)}


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        return im.size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_nth_state_renders_from_a_view_without_secrets(games: dict[int, Any], players: int) -> None:
    rs, states = games[players]
    assert len(states) >= 3
    for state in states:
        view = rs.view(state, None)
        public = json.dumps(view, sort_keys=True, default=str)
        for seat, values in rs.secrets(state).items():
            for value in values:
                assert not value or value not in public, f"public view leaks seat {seat}'s secret {value!r}"
        width, height = _png_size(R.render_board(view, width=WIDTH))
        assert width == WIDTH and height > WIDTH // 3


def test_a_finished_game_shows_its_result(games: dict[int, Any]) -> None:
    rs, states = games[2]
    view = rs.view(states[-1], None)
    if view.get("phase") != "over":
        pytest.skip("the simulated 2-player game did not finish")
    assert "Game over" in build_scene(view).banner.status


def _private_diff(public: dict[str, Any], private: dict[str, Any]) -> list[str]:
    """Where two scenes differ, as readable paths."""
    a, b = build_scene(public), build_scene(private)
    out: list[str] = []
    for x, y in zip(a.areas, b.areas, strict=False):
        assert x.id == y.id
        dx, dy = asdict(x), asdict(y)
        for key in dx:
            if dx[key] != dy[key]:
                out.append(f"area {x.id} {key}")
    if [asdict(p) for p in a.panels] != [asdict(p) for p in b.panels]:
        out.append("panels")
    ba, bb = asdict(a.banner), asdict(b.banner)
    out += [f"banner {k}" for k in ba if ba[k] != bb[k]]
    return out


def test_a_seat_sees_only_the_rune_faces_its_view_allows(games: dict[int, Any]) -> None:
    rs, states = games[4]
    checked = 0
    for state in states[1:]:
        public = rs.view(state, None)
        for seat in range(4):
            private = rs.view(state, seat)
            allowed = set((private.get("me") or {}).get("runes") or {})
            for where in _private_diff(public, private):
                if where.startswith("area "):
                    area, field = where.split()[1:3]
                    assert field == "tokens" and area in allowed, where
                else:
                    assert where == "banner viewer", where
            scene = build_scene(private)
            shown = {a.id: t.detail for a in scene.areas for t in a.tokens if t.kind == "rune" and t.detail}
            assert shown == {a: f for a, f in (private["me"]["runes"] or {}).items() if a in shown}
            assert set(shown) == allowed & {a.id for a in scene.areas}
            checked += len(allowed)
    assert checked, "no seat could look at any rune: the test proved nothing"
    # Both pictures render; the private one differs when it shows a face.
    state = states[-1]
    pub = R.render_board(rs.view(state, None), width=WIDTH)
    own = R.render_board(rs.view(state, 0), width=WIDTH)
    assert _png_size(pub) == _png_size(own)


def test_the_public_scene_never_shows_a_rune_face_before_the_end(games: dict[int, Any]) -> None:
    rs, states = games[3]
    for state in states:
        view = rs.view(state, None)
        if view.get("phase") == "over" or (view.get("options") or {}).get("epic"):
            continue
        faces = [t.detail for a in build_scene(view).areas for t in a.tokens if t.kind == "rune" and t.detail]
        assert faces == []


def _boxes(batch: Any, zs: set[int]) -> list[tuple[float, float, float, float, str]]:
    out = []
    for (z, shape, size, *_), (xs, ys) in batch.glyphs.items():
        if z in zs:
            half = size / 2
            out += [
                (
                    x - half,
                    y - half * (0.66 if shape == "rectangle" else 1),
                    x + half,
                    y + half * (0.66 if shape == "rectangle" else 1),
                    shape,
                )
                for x, y in zip(xs, ys, strict=False)
            ]
    return out


def _overlap(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:  # boxes: (x0, y0, x1, y1, ...)
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_a_crowded_area_lays_out_its_stacks_without_overlap(games: dict[int, Any]) -> None:
    from bench.render import crowd
    from renderers.runewars_draw import Batch, label_width

    rs, states = games[4]
    view = crowd(rs.view(states[-1], None))
    scene = build_scene(view)
    lay = R.layout(scene, 1800)
    crowded = max(scene.areas, key=lambda a: len(a.units) + len(a.heroes))
    assert sum(u.count for u in crowded.units if u.owner == 0) >= 8 and len(crowded.units) >= 4
    batch = Batch()
    R._draw_area(batch, crowded, lay, [])
    cells = _boxes(batch, {10})
    assert len(cells) == len(crowded.units) + len(crowded.heroes)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert not _overlap(a, b), (a, b)
    # Type codes (z=11 labels with a halo) stay clear of every other stack's glyph.
    for (z, text, size, _colour, bold, halo), (xs, ys) in batch.labels.items():
        if z != 11 or halo is None:
            continue
        w = label_width(text, size, bold)
        for x, y in zip(xs, ys, strict=False):
            box = (x - w / 2, y - size * 0.36, x + w / 2, y + size * 0.36)
            touching = [c for c in cells if _overlap(box, c)]
            assert len(touching) <= 1, (text, box, touching)
    # Everything in the area stays inside its hex.
    cx, cy = lay.centre(crowded.hex)
    for x0, y0, x1, y1, _ in _boxes(batch, {10, 12, 14}):
        assert abs((x0 + x1) / 2 - cx) < lay.radius * 0.87 and abs((y0 + y1) / 2 - cy) < lay.radius
    assert _png_size(R.render_board(view))[0] == 1800


def test_the_static_map_is_drawn_once_per_map(games: dict[int, Any]) -> None:
    rs, states = games[4]
    later = [s for s in states if rs.view(s, None).get("phase") == "play"][-2:]
    assert len(later) == 2
    R.render_board(rs.view(later[0], None), width=WIDTH)
    misses = R.STATIC_CACHE.misses
    R.render_board(rs.view(later[1], None), width=WIDTH)
    assert R.STATIC_CACHE.misses == misses


def test_half_built_and_empty_views_still_render() -> None:
    assert _png_size(R.render_board({}, width=600))[0] == 600
    rs = engine.ruleset("runewars")
    state = rs.setup({"players": 3}, 1)
    assert _png_size(R.render_board(rs.view(state, None), width=600))[0] == 600
    odd = {
        "areas": [{"id": "1A", "hex": [0, 0], "units": [{"owner": 0, "type": "NOT_A_UNIT", "count": 2}]}],
        "seats": [{"seat": 0}],
        "year": 1,
        "season": "spring",
    }
    assert _png_size(R.render_board(odd, width=600))[0] == 600


def test_runewars_is_registered() -> None:
    assert renderers.renderer_for("runewars") is R.render_board


def test_fast_png_encoding_is_lossless() -> None:
    import numpy as np

    from renderers.hexmap import png_from_pixels

    rng = np.random.default_rng(3)
    for channels in (3, 4):
        pixels = rng.integers(0, 256, (41, 67, channels), dtype=np.uint8)
        with Image.open(io.BytesIO(png_from_pixels(pixels))) as im:
            assert np.array_equal(np.asarray(im), pixels)


def test_factions_differ_by_more_than_colour() -> None:
    from renderers.palette import colour_style
    from renderers.runewars_scene import LINE_STYLES, unit_kind

    styles = [colour_style(c) for c in ("blue", "red", "green", "purple")]
    assert all(styles) and len({s.colour for s in styles if s}) == 4
    assert len(set(map(str, LINE_STYLES[:4]))) == 4  # each seat's control ring has its own dash pattern
    codes = {(unit_kind(k).shape, unit_kind(k).code) for k in ("HUMAN_ARCHER", "HUMAN_INFANTRY")}
    assert len(codes) == 2  # two triangle types of one faction are told apart by their letters
