"""``/game board private:true`` for Age of Heroes shows the seat's secrets (issue 12).

The seat's picture is the public table with a strip under it: its hand by kind and, in a
battle it fights, the battle cards it drew and placed face down (AH-10). The public picture
has no strip, and the strip of one seat never names another seat's cards.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any

import numpy as np
from PIL import Image

import engine
from renderers import ageofheroes as A
from renderers.words import Words

RS = engine.ruleset("ageofheroes")


def _battle_state() -> tuple[Any, int]:
    """A state where some seat holds drawn battle cards, and that seat."""
    for n in range(12):
        state = RS.setup({"players": 3}, f"private-{n}")
        rng = random.Random(n)
        for _ in range(400):
            if RS.result(state) is not None:
                break
            prompts = RS.prompts(state)
            p = rng.choice([x for x in prompts if x.waiting] or prompts)
            action = RS.sample_action(state, p.seat, rng) if p.seat >= 0 else dict(p.options[0].action)
            state, _ = RS.apply(state, p.seat, action)
            for seat in range(3):
                if (RS.view(state, seat).get("my_battle") or {}).get("drawn"):
                    return state, seat
    raise AssertionError("no battle in twelve random games")


def _pixels(png: bytes) -> Any:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"))


def test_a_seats_picture_adds_its_hand_and_battle_cards_under_the_public_table() -> None:
    state, seat = _battle_state()
    public, mine = RS.view(state, None), RS.view(state, seat)
    pub_px, my_px = _pixels(A.render_tableau(public, width=800)), _pixels(A.render_tableau(mine, width=800))
    assert my_px.shape[0] > pub_px.shape[0]  # was byte-identical before issue 12
    ctx = A._Context.of(mine, list(mine["players"]), Words())
    lines = A._private_lines(mine, ctx)
    kinds = Counter(str(c).rsplit("-", 1)[0] for c in mine["hand"])
    assert sum(int(part.split("×")[0]) for part in lines[0].split(" · ")) == sum(kinds.values())
    drawn = ", ".join(str(c["value"]) for c in mine["my_battle"]["drawn"])
    assert any(drawn in line for line in lines[1:])


def test_the_public_picture_has_no_strip_and_a_strip_names_only_its_seats_cards() -> None:
    state, seat = _battle_state()
    public = RS.view(state, None)
    assert "seat" not in public and "hand" not in public
    for other in range(3):
        view = RS.view(state, other)
        ctx = A._Context.of(view, list(view["players"]), Words())
        text = " ".join(A._private_lines(view, ctx))
        assert text.count("×") == len(view["hand_kinds"])
        if other != seat and not (view.get("my_battle") or {}).get("drawn"):
            assert "battle" not in text
