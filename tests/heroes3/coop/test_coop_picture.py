"""The map picture of a Cooperative game (H3-3.2.4): each living AI hero drawn on its field with its
printed name, never as a seat's disc; the AI's flags in its own colour; the AI decks in no public
payload (H3-41.6)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import AI_SEAT
from engine.heroes3.clash.views import ai_secrets
from renderers import heroes3_map
from tests.heroes3.clash.helpers import mutate, play_to_round

from .helpers import ai_hero, coop_game

PNG = b"\x89PNG"


def _record(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float, str]]:
    """Each AI hero marker the picture draws: (x, y, name shown)."""
    drawn: list[tuple[float, float, str]] = []
    real = heroes3_map._ai_marker

    def marker(pen: Any, cx: float, cy: float, r: float, name: str, row: int = 0) -> None:
        drawn.append((cx, cy, name))
        real(pen, cx, cy, r, name, row)

    monkeypatch.setattr(heroes3_map, "_ai_marker", marker)
    return drawn


def test_h3_41_1_the_picture_draws_each_living_ai_hero_with_its_printed_name(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _record(monkeypatch)
    state = mutate(coop_game(players=2))
    view = CLASH.view(state, None)
    assert heroes3_map.render_board(view, names=h3_names()).startswith(PNG)
    assert [name for _, _, name in drawn] == ["Tamika", "Sandro"]
    (x0, y0, _), (x1, y1, _) = drawn
    assert y0 == y1 and x0 != x1  # two AI heroes on the town field, side by side
    drawn.clear()
    ai_hero(state, "tamika").defeated = True  # a defeated AI hero has left the map
    heroes3_map.render_board(CLASH.view(state, None), locale="zh_Hans", names=h3_names())
    assert [name for _, _, name in drawn] == ["山德鲁"]


def test_the_ai_flag_and_the_end_of_a_lost_game_are_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    # A field the AI flagged (flag -1, no seat) is drawn in the AI's colour, not as a seat's.
    state = mutate(coop_game(players=1))
    town = next(t.centre for t in state.tiles if t.kind == "starting" and t.centre != state.ai_town)
    state.field(town).flag = AI_SEAT
    colours: list[str] = []
    real = heroes3_map.Rectangle

    def rect(*args: Any, **kwargs: Any) -> Any:
        colours.append(str(kwargs.get("facecolor")))
        return real(*args, **kwargs)

    monkeypatch.setattr(heroes3_map, "Rectangle", rect)
    state.winners, state.end_reason = [], "cooperative_round_limit"
    assert heroes3_map.render_board(CLASH.view(state, None), names=h3_names()).startswith(PNG)
    assert colours.count(heroes3_map.AI_COLOUR) == 2  # the AI town and the player's town it holds


def test_h3_41_6_no_ai_deck_content_in_any_public_payload() -> None:
    # H3-41.6 ⟦H: AI decks hidden from all⟧: the view the pictures are drawn from, each seat's view and
    # the public events of two rounds (the AI's turns included) carry none of the AI decks' contents.
    state = coop_game(players=2)
    secrets = ai_secrets(state)
    assert secrets
    later, events = play_to_round(state, 3)
    payloads = [json.dumps(CLASH.view(later, s), default=str) for s in (None, 0, 1)]
    payloads += [json.dumps(e.model_dump(mode="json"), default=str) for e in events if e.audience is None]
    hidden = ai_secrets(later) if later.combat is None else secrets
    assert not [v for v in hidden for text in payloads if v in text]
