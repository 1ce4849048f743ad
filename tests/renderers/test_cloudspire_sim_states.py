"""Issue 14: the Cloudspire board picture draws the states simulated games reach (every sixth,
all phases of every wave, to the end), at 2, 3 and 4 players and in 2v2, from the public view
alone (the engine's own property test shows that view holds no seat's secret; this one shows
the picture needs nothing else)."""

from __future__ import annotations

import random
import struct
from typing import Any

import pytest

from engine.cloudspire.state import CsState
from renderers.cloudspire import picture_words, render_board
from tests.cloudspire.support import RS

SETUPS: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "mode": "2v2"}]
# Laying out a picture costs ~40 ms: every WORDS_EVERY-th state is laid out (a sample that still
# meets every phase of every wave), every RASTER_EVERY-th and the last drawn in full.
WORDS_EVERY = 6
RASTER_EVERY = 60


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


@pytest.mark.parametrize("options", SETUPS, ids=lambda o: "2v2" if o.get("mode") else f"{o['players']}p")
def test_every_simulated_state_draws_from_its_public_view(options: dict[str, Any]) -> None:
    states = _play(options, f"render-{options['players']}-{options.get('mode', 'ffa')}")
    assert RS.result(states[-1]) is not None, "the game should reach its end"
    for i, state in enumerate(states):
        if i % WORDS_EVERY and i != len(states) - 1:
            continue
        view = RS.view(state, None)  # the only input: the public view
        locale = "zh_Hans" if (i // WORDS_EVERY) % 2 else "en"
        assert picture_words(view, locale=locale), i
        if i % RASTER_EVERY == 0 or i == len(states) - 1:
            png = render_board(view, locale=locale)
            width = struct.unpack(">I", png[16:20])[0]
            assert width >= 1600 and len(png) <= 400_000, (i, width, len(png))
