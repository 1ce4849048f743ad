"""Issue 14's acceptance: the Cloudspire board picture draws EVERY state simulated games reach (all
phases of every wave, to the end), at 2, 3 and 4 players and in 2v2 (and once with both simultaneous
variants, CS-24.3 b and c), from the public view alone, with no seat's secret in that view.

Why a sketch for most states: laying a picture out on a matplotlib figure costs ~50 ms, mostly the
figure and its axes, and a run meets ~1700 states. Every state is laid out in full (every word, where
it goes) on a sketch that draws nothing (``picture_labels(sketch=True)``); every RASTER_EVERY-th state
and the last are also laid out on a real figure, which must place the very same labels, and drawn to a
PNG that must be at least 1600 px wide and at most 400 KB. Cost: ~21 s of CPU (~45 s wall on the
shared 2-core machine under load).
"""

from __future__ import annotations

import random
import struct
from typing import Any

import pytest

from engine.cloudspire.state import CsState
from renderers.cloudspire import picture_labels, render_board
from tests.cloudspire.support import RS

SETUPS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 4, "mode": "2v2"},
    {"players": 2, "simultaneous_build": True, "simultaneous_prep": True, "events": True},
]
RASTER_EVERY = 60


def _name(options: dict[str, Any]) -> str:
    if options.get("simultaneous_prep"):
        return f"{options['players']}p-simultaneous"
    return "2v2" if options.get("mode") else f"{options['players']}p"


def _play(options: dict[str, Any], seed: str) -> list[CsState]:
    """Every state of one seeded random game, the way `engine.sim` plays it."""
    rng = random.Random(seed)
    state = RS.setup(options, seed)
    states = [state]
    for _ in range(4000):
        if RS.result(state) is not None:
            break
        waiting = [p for p in RS.prompts(state) if p.waiting]
        if not waiting:
            break
        prompt = rng.choice(waiting)
        state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
        states.append(state)
    return states


def assert_public(view: dict[str, Any], state: CsState) -> None:
    """The picture's only input holds no secret: no relic hand (H18), no stack below its top (H24),
    no squad member (H26), no face-down landmark's face (H4, H5), no pending simultaneous choice (H28)."""
    assert view["seat"] is None
    for p in view["players"]:
        assert p["relics"] is None and p["stack"] is None, p
        if state.phase == "prep" and state.options.simultaneous_prep:
            assert p["selected"] is None, p  # AMB-26: hidden from everyone until all are locked
    assert all("members" not in u for u in view["units"])
    assert all(p["stack_top"] is None or "members" not in p["stack_top"] for p in view["players"])
    assert all(lm["chip"] is None for lm in view["landmarks"] if not lm["face_up"])


def _key(labels: list[Any]) -> list[tuple[str, float, float, float]]:
    return [(lb.text, round(lb.x, 1), round(lb.y, 1), round(lb.size, 2)) for lb in labels]


@pytest.mark.parametrize("options", SETUPS, ids=_name)
def test_every_simulated_state_draws_from_its_public_view(options: dict[str, Any]) -> None:
    states = _play(options, f"render-{options['players']}-{options.get('mode', 'ffa')}")
    assert RS.result(states[-1]) is not None, "the game should reach its end"
    rastered = 0
    for i, state in enumerate(states):
        view = RS.view(state, None)  # the only input: the public view
        assert_public(view, state)
        locale = "zh_Hans" if i % 2 else "en"
        labels = picture_labels(view, locale=locale, sketch=True)
        assert labels and all(lb.text for lb in labels), i
        if i % RASTER_EVERY == 0 or i == len(states) - 1:
            assert _key(picture_labels(view, locale=locale)) == _key(labels), i  # the sketch is the layout
            png = render_board(view, locale=locale)
            width = struct.unpack(">I", png[16:20])[0]
            assert width >= 1600 and len(png) <= 400_000, (i, width, len(png))
            rastered += 1
    assert rastered >= len(states) // RASTER_EVERY
