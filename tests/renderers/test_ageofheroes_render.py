"""The Age of Heroes table picture: every sampled state of random games renders, from views only.

Games are played by the engine's own sampler (as ``engine/sim.py`` does). The test keeps
to a few seconds by rendering every Nth state, the last one, and the first state showing
each situation worth drawing (a war, Barbarians, Market Day trading, an elimination).
"""

from __future__ import annotations

import io
import json
import random
import struct
from typing import Any

import numpy as np
import pytest
from PIL import Image

import engine
import renderers
from renderers.ageofheroes import panel_boxes, render_tableau

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def _situations(view: dict[str, Any]) -> set[str]:
    out = set()
    battle = view.get("battle")
    if battle:
        out.add("barbarians" if battle.get("attacker", 0) < 0 else "war")
    if (view.get("market_day") or {}).get("trading"):
        out.add("trading")
    if any(p.get("eliminated") for p in view.get("players") or []):
        out.add("eliminated")
    if any(a.get("status") != "home" for p in view.get("players") or [] for a in p.get("armies") or []):
        out.add("armies-out")
    return out


def _play(players: int, seed: int, every: int, max_actions: int = 4000) -> list[tuple[Any, Any]]:
    """(state, public view) pairs: every ``every``-th, first sightings of each situation, the last."""
    rs = engine.ruleset("ageofheroes")
    rng = random.Random(seed)
    state = rs.setup({"players": players}, seed)
    picked = [(state, rs.view(state, None))]
    seen: set[str] = set()
    for step in range(1, max_actions + 1):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        state, _ = rs.apply(state, prompt.seat, rs.sample_action(state, prompt.seat, rng))
        view = rs.view(state, None)
        new = _situations(view) - seen
        if new or step % every == 0:
            seen |= new
            picked.append((state, view))
    if picked[-1][0] is not state:
        picked.append((state, rs.view(state, None)))
    return picked


@pytest.mark.parametrize(("players", "seed", "every"), [(2, 3, 150), (4, 11, 300), (6, 5, 700)])
def test_sampled_states_of_random_games_render(players: int, seed: int, every: int) -> None:
    rs = engine.ruleset("ageofheroes")
    picked = _play(players, seed, every)
    heights = set()
    for state, view in picked:
        public = json.dumps(view, sort_keys=True, default=str)
        for seat, secrets in rs.secrets(state).items():
            for secret in secrets:
                assert not (secret and secret in public), f"public view leaks seat {seat}'s secret {secret!r}"
        png = render_tableau(view)
        width, height = _png_size(png)
        assert width == 1600
        heights.add(height)
        assert 20_000 < len(png) < 3_000_000
    assert len(heights) == 1  # the table keeps its shape for the whole game
    assert len(picked) >= 3


def test_a_seat_view_draws_the_public_table_and_its_own_secrets_under_it() -> None:
    """Issue 12: the table itself is the public one (no other seat's secret reaches it); only a
    strip under it, for that seat's eyes, adds its hand (tests/renderers/test_private_pictures.py)."""
    rs = engine.ruleset("ageofheroes")
    state, view = _play(4, 7, 10_000, max_actions=150)[-1]
    with Image.open(io.BytesIO(render_tableau(view, width=600))) as im:
        public = np.asarray(im.convert("RGB"))
    for seat in range(4):
        seat_view = rs.view(state, seat)
        assert seat_view.get("hand") is not None
        with Image.open(io.BytesIO(render_tableau(seat_view, width=600))) as im:
            mine = np.asarray(im.convert("RGB"))
        assert mine.shape[0] > public.shape[0]
        assert np.array_equal(mine[: public.shape[0]], public)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_panels_never_overlap_and_stay_on_the_picture(players: int) -> None:
    rs = engine.ruleset("ageofheroes")
    view = rs.view(rs.setup({"players": players}, 1), None)
    boxes = panel_boxes(view, width=400)
    png = render_tableau(view, width=400)
    width, height = _png_size(png)
    assert width == 400
    for i, (x, y, w, h) in enumerate(boxes):
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
        for x2, y2, w2, h2 in boxes[i + 1 :]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_optional_fields_may_be_missing() -> None:
    """A bare view (an older engine, a test double) still draws."""
    view = {
        "round": 1,
        "players": [
            {"seat": 0, "tribe": "greek", "cities": 6, "armies": [{"status": "away", "general": True}] * 12},
            {"seat": 1, "eliminated": True},
            {"seat": 2, "tribe": "celtic", "monument": 7, "hand_size": 12},
        ],
        "battle": {"attacker": -2, "defender": 2, "purpose": "plunder"},
    }
    assert _png_size(render_tableau(view))[0] == 1600


def test_registered_with_the_renderer_registry() -> None:
    assert renderers.renderer_for("ageofheroes") is render_tableau
