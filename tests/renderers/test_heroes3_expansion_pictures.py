"""The expansions' public pieces where the table reads them. [EXP: Fortress] The event deck (H3-7.5.2, H3-7.5.3,
H-12): the map picture's band names the event face up; the panel says what it does, what it laid on the table,
how many events are left and who draws next, never the deck's order; the Cage of Warlords' cubes. [EXP: Inferno]
the Brimstone Stormclouds' cubes and the empowered statistic cards' face-up pile (H3-6.28)."""

from __future__ import annotations

import pytest

from cogs.heroes3_clash import format_private
from engine.heroes3.clash.ruleset import CLASH
from renderers import heroes3_combat as H
from renderers import heroes3_map as M
from tests.heroes3.clash.events.helpers import deck, fortress_game, to_event
from tests.heroes3.clash.helpers import mutate, new_game


def _texts(view: dict, locale: str = "en") -> list[str]:
    _, pen, _, _ = M._pixels(view, 1800, M._words(locale, None))
    return [t.get_text() for t in pen.ax.texts]


@pytest.mark.parametrize(("locale", "said"), [("en", "Event: Artifact Merchant"), ("zh_Hans", "神器商人")])
def test_the_map_picture_names_the_event_face_up(locale: str, said: str) -> None:
    state, _ = to_event(fortress_game(2), "artifact_merchant")  # H3-7.5.2: drawn and read out in round 3
    assert said in "\n".join(_texts(CLASH.view(state, None), locale))


def test_before_any_event_the_band_names_none() -> None:
    texts = "\n".join(_texts(CLASH.view(fortress_game(2), None)))
    assert "Event:" not in texts


def test_the_panel_says_the_event_its_cards_and_the_deck_but_not_the_order() -> None:
    state, _ = to_event(fortress_game(2), "artifact_merchant", "crypt")
    ev = deck(state)
    assert ev.revealed  # H3-7.5.6: the top five artifacts are turned up for everyone
    text = "\n".join(format_private(CLASH.view(state, 0), title="t"))
    assert "**Event (face up):** Artifact Merchant:" in text
    assert "On the table for the event:" in text
    revealed = [CLASH.view(state, None)["events"]["revealed"]][0]
    assert all(isinstance(c, str) for c in revealed)
    left = len(ev.deck.draw_pile)
    assert f"Event deck: {left} cards left; seat {ev.drawer + 1} draws the next event." in text  # H3-7.5.3
    assert "Crypt" not in text  # H-12: the next event stays face down


def test_the_cage_of_warlords_cubes_are_in_the_panel_and_the_combat_picture() -> None:
    """[EXP: Fortress] The Cage's faction cubes (public, as on the town board) in the owner's panel, and a
    combat side's cubes still to spend beside its purse."""
    state = fortress_game(2, factions=["fortress", "castle"])
    state.player(0).buildings.append("fortress_cage_of_warlords")
    state.player(0).cage_cubes = 2
    text = "\n".join(format_private(CLASH.view(state, 0), title="t"))
    assert "**Cage of Warlords:** 2 faction cubes, each +1 attack or +1 defence" in text
    assert "Cage of Warlords" not in "\n".join(format_private(CLASH.view(state, 1), title="t"))
    view = {"sides": [{"team": 0, "hero": "wystan", "faction": "fortress", "level": 1, "cage_cubes": 1}]}
    _, pen = H._canvas(1600, H.words_for("en", None))
    assert any(
        "faction cubes: 1 (+1 attack or defence each)" in line for line in H._side_lines(pen, view, view["sides"][0])
    )


def test_the_brimstone_stormclouds_cubes_and_the_empowered_pile_in_the_panel() -> None:
    """[EXP: Inferno] The Stormclouds' cubes buy Power (town/cage.py); the empowered statistic cards lie face up in
    their own pile (H3-6.28, H3-14.4): both public, in every seat's panel for the pile, the owner's for the cubes."""
    state = mutate(new_game(2, factions=["inferno", "castle"], expansions=["inferno"]))
    state.player(0).buildings.append("inferno_brimstone_stormclouds")
    state.player(0).cage_cubes = 3
    mine = "\n".join(format_private(CLASH.view(state, 0), title="t"))
    assert "**Brimstone Stormclouds:** 3 faction cubes, each +1 Power for one spell in a combat" in mine
    theirs = "\n".join(format_private(CLASH.view(state, 1), title="t"))
    assert "**Empowered statistic cards (face-up pile):**" in theirs and "×" in theirs
    view = {
        "sides": [
            {"team": 0, "hero": "fiona", "faction": "inferno", "level": 1, "cage_cubes": 2, "cage_reward": "power"}
        ]
    }
    _, pen = H._canvas(1600, H.words_for("zh_Hans", None))
    assert any("2" in line and "魔法威力" in line for line in H._side_lines(pen, view, view["sides"][0]))
