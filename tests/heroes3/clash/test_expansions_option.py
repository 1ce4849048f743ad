"""The ``expansions`` table option (H3-49.6): an expansion box joins a scenario that does not list it,
bringing its faction, map tiles and cards; without it the scenario plays exactly as before."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashOptions, option_shown
from engine.heroes3.content.clash import clash_content
from i18n import render

from .helpers import new_game


def test_an_expansion_faction_is_refused_without_its_box_and_the_refusal_names_the_option() -> None:
    # H3-6.2: a seat plays one of the scenario's factions; Two Kingdoms lists the core box only
    with pytest.raises(RuleViolation) as refused:
        new_game(2, factions=["tower", "castle"])
    assert refused.value.rule == "H3-6.2"
    said = render(refused.value.msg, "en", h3_names()) if refused.value.msg is not None else str(refused.value)
    assert "expansions=tower" in said
    assert "Tower" in said


def test_with_the_tower_box_a_two_player_scenario_seats_tower_and_draws_from_its_tiles() -> None:
    # H3-49.6: the box's faction may be chosen, its tiles join the random pools (H3-22.2)
    state = new_game(2, factions=["tower", "castle"], expansions=["tower"])
    assert state.boxes == ["core", "tower"]
    assert state.player(0).faction == "tower"
    start = clash_content().starting_tile("tower").id
    assert any(t.tile == start for t in state.tiles)
    plain = new_game(2, factions=["necropolis", "castle"])
    assert plain.boxes == ["core"]
    assert all(not t.tile.startswith("#") for t in plain.tiles)
    # the same seed with the box added draws from a pool that holds the Tower tiles
    pools = {
        t.tile
        for seed in range(1, 8)
        for t in new_game(2, seed=seed, factions=["necropolis", "castle"], expansions=["tower"]).tiles
    }
    assert any(code.startswith("#") for code in pools)


def test_the_option_reads_as_typed_in_a_lobby() -> None:
    assert ClashOptions.model_validate({"expansions": "tower+rampart"}).expansions == ["tower", "rampart"]
    assert ClashOptions.model_validate({"expansions": "Tower"}).expansions == ["tower"]
    with pytest.raises(RuleViolation):
        CLASH.parse_options({"players": 2, "expansions": "cove"})
    shown = option_shown("expansions", "tower+rampart")
    assert shown is not None
    assert [render(m, "en") for m in shown] == ["Tower", "Rampart"]


def test_the_tournament_and_the_campaign_take_no_expansions() -> None:
    with pytest.raises(RuleViolation) as tournament:
        new_game(2, mode="tournament", expansions=["tower"])
    assert tournament.value.rule == "H3-45"  # the core box alone
    with pytest.raises(RuleViolation) as campaign:
        new_game(1, mode="cooperative", campaign="necropolis_war", expansions=["tower"])
    assert campaign.value.rule == "H3-3.2.2"


def test_the_opening_says_which_expansions_the_table_added() -> None:
    # H3-3.1 / H3-49.6: the added boxes are not in the scenario's own text, so the start says them
    state = new_game(2, factions=["tower", "castle"], expansions=["tower"])
    said = [render(e.msg, "en", h3_names()) for e in CLASH.opening_events(state) if e.msg is not None]
    assert any("Expansions added to the scenario: Tower." in line for line in said)
    four = new_game(4, expansions=["tower"])  # Four Winds holds the Tower box already: nothing added
    assert four.boxes == ["core", "tower"]
    assert not any("Expansions added" in render(e.msg, "en") for e in CLASH.opening_events(four) if e.msg)


def test_an_added_faction_starts_with_units_as_the_scenarios_own_factions_do() -> None:
    # H3-6.19: every seat begins with the scenario's starting units; an added faction's are its first units
    # on the sides the scenario gives (Two Kingdoms: two Few bronze units)
    state = new_game(2, factions=["tower", "castle"], expansions=["tower"])
    tower = state.player(0)
    assert [(a.card, a.side) for a in tower.army] == [("gremlins", "few"), ("gargoyles", "few")]
    castle = state.player(1)
    assert [(a.card, a.side) for a in castle.army] == [("halberdiers", "few"), ("marksmen", "few")]


def test_a_seat_joins_only_as_a_faction_the_table_offers() -> None:
    # H3-6.2: the scenario's factions, with the expansions' (H3-49.6); a Cooperative table leaves out the AI's
    # (H3-3.2.4), a campaign plays its own (H3-44.6); options not valid yet leave the start to say why
    assert CLASH.faction_choices({"players": 2}) == ("castle", "necropolis", "dungeon")
    assert "rampart" in CLASH.faction_choices({"players": 2, "expansions": "rampart"})
    assert "necropolis" not in CLASH.faction_choices({"players": 1, "mode": "cooperative"})
    assert CLASH.faction_choices({"players": 7}) == CLASH.factions
    with pytest.raises(RuleViolation) as refused:
        CLASH.check_faction({"players": 2}, "rampart")
    assert refused.value.rule == "H3-6.2"
    CLASH.check_faction({"players": 2, "expansions": ["rampart"]}, "rampart")  # offered: no refusal
    with pytest.raises(RuleViolation) as campaign:
        CLASH.check_faction({"players": 1, "mode": "cooperative", "campaign": "necropolis_war"}, "necropolis")
    assert campaign.value.rule == "H3-44.6"


def test_a_hero_may_be_typed_by_the_name_a_player_reads() -> None:
    # H3-6.3: each seat's hero; the lobby reads names, so the option takes them in any language
    typed = {"players": 2, "expansions": "tower", "heroes": [None, "Lord Haart (Castle)"]}
    state = new_game(2, factions=["necropolis", "castle"], expansions="tower", heroes=[None, "哈特勋爵（城堡）"])
    assert state.player(1).hero == "lord_haart_castle"
    assert CLASH.parse_options(typed).heroes == [None, "lord_haart_castle"]
    shown = option_shown("heroes", typed["heroes"])
    assert shown is not None and h3_names().name(shown[1], "en") == "Lord Haart (Castle)"
