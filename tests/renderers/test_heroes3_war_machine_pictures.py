"""War machines in the pictures (H3-6.32, H3-13.2.7, H3-19.1): the map picture shows the face-up pile
still for sale and each seat's permanent in play; the combat picture shows a side's war machine. All
public: drawn from the public view."""

from __future__ import annotations

import pytest

from engine.heroes3.clash.ruleset import CLASH
from renderers import heroes3_combat as H
from renderers import heroes3_map as M
from tests.heroes3.clash.helpers import mutate, new_game


def _texts(view: dict, locale: str = "en") -> list[str]:
    _, pen, _, _ = M._pixels(view, 1800, M._words(locale, None))
    return [t.get_text() for t in pen.ax.texts]


@pytest.mark.parametrize(
    ("locale", "pile", "in_play"),
    [("en", "War machines for sale: Ammo Cart, First Aid Tent", "In play: Ballista"), ("zh_Hans", "弹药车", "弩车")],
)
def test_the_map_picture_shows_the_pile_and_the_machine_in_play(locale: str, pile: str, in_play: str) -> None:
    state = mutate(new_game(2, factions=["rampart", "castle"], expansions=["rampart"]))
    state.war_machines.remove("ballista")  # bought (H3-19.2) and played as the seat's permanent (H3-19.1)
    state.player(0).permanent = state.new_card("ballista")
    texts = "\n".join(_texts(CLASH.view(state, None), locale))
    assert pile in texts and in_play in texts


def test_a_core_game_draws_no_pile() -> None:
    texts = _texts(CLASH.view(new_game(2), None))
    assert not [t for t in texts if "War machines" in t or "In play" in t]


def test_the_combat_picture_names_a_sides_war_machine() -> None:
    view = {"sides": [{"team": 0, "hero": "gelu", "faction": "rampart", "level": 1, "war_machine": "ammo_cart"}]}
    _, pen = H._canvas(1600, H.words_for("en", None))
    lines = H._side_lines(pen, view, view["sides"][0])
    assert any("war machine: Ammo Cart" in line for line in lines), lines
