"""Rule-coverage tests for Heroes III (adventure side) rules no other test cited: precedence (H3-0.1), the game
and its boxes (H3-1.1..H3-1.3), components (H3-2.1, H3-2.6, H3-2.7) and building upgrades (H3-21.4)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.combat.board import GridBoard
from engine.heroes3.combat.models import Unit
from engine.heroes3.content.clash import ClashContent, clash_content
from tests.heroes3.clash.helpers import act, mutate, new_game, play_to_round, to_main


@pytest.fixture(scope="module")
def c() -> ClashContent:
    return clash_content()


# ---- H3-0 precedence ----------------------------------------------------------------------------------------


def test_h3_0_1_the_scenario_overrides_the_rulebook_movement_points() -> None:
    """H3-0.1: the scenario (mission book) ranks above the rulebook: the rulebook gives a main hero 3 MP a
    round (H3-9.2), and Two Kingdoms' round-5 timed event gives every hero one more (H3-7.4)."""
    state = new_game(seed=4, no_astrologers=True)  # no astrologer card to change MP as well
    assert state.scenario == "clash_two_kingdoms"
    sc = clash_content().scenarios[state.scenario]
    assert [e.round for e in sc.timed_events] == [5]
    r4, _ = play_to_round(state, 4)
    h4 = r4.player(0).main
    assert h4 is not None and h4.mp_left() == 3
    r5, _ = play_to_round(r4, 5)
    h5 = r5.player(0).main
    assert h5 is not None and h5.mp_left() == 4


# ---- H3-1 the game ------------------------------------------------------------------------------------------


def test_h3_1_1_core_supports_up_to_three_players_expansions_allow_more(c: ClashContent) -> None:
    """H3-1.1: the core box alone supports 1-3 players; a game for more players needs an expansion (here the
    Tower box, which the four-player scenario plays)."""
    for sc in c.scenarios.values():
        if sc.type != "clash":
            continue
        if sc.boxes == ("core",):
            assert 1 <= sc.players <= 3, sc.id
        else:
            assert "tower" in sc.boxes
    assert {sc.players for sc in c.scenarios.values() if sc.type == "clash"} == {2, 3, 4}
    four = new_game(players=4, seed=2)
    assert four.players == 4 and "tower" in clash_content().scenarios[four.scenario].boxes


def test_h3_1_2_core_factions_and_the_tower_expansion_faction(c: ClashContent) -> None:
    """H3-1.2: Castle, Dungeon and Necropolis are the core factions; Tower, Rampart, Fortress and Inferno come with
    their own boxes, and a scenario offers only the factions of the boxes it plays."""
    boxes = {faction: town.box for faction, town in c.towns.items()}
    expansions = {"tower": "tower", "rampart": "rampart", "fortress": "fortress", "inferno": "inferno"}
    assert boxes == {"castle": "core", "dungeon": "core", "necropolis": "core", **expansions}
    for sc in c.scenarios.values():
        assert all(boxes[f] in sc.boxes for f in sc.factions), sc.id


def test_h3_1_3_three_kinds_of_player_action() -> None:
    """H3-1.3: a turn offers movement actions (H3-9), town actions (H3-10) and morale actions (H3-11); each
    spends its own resource (MP, the build token, the morale token)."""
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], seed=5), 0))
    p = state.player(0)
    p.morale = 1
    p.resources.update(gold=50, building_materials=20, valuables=10)
    kinds = {o.action["type"] for o in CLASH.prompts(state)[0].options}
    assert {"walk", "build", "morale"} <= kinds
    walk = next(o.action for o in CLASH.prompts(state)[0].options if o.action["type"] == "walk")
    moved, _ = act(state, 0, dict(walk))
    walker = moved.player(0).main
    assert walker is not None and walker.mp_left() < 3
    built, _ = act(state, 0, {"type": "build", "building": "castle_citadel"})
    assert "build" in built.player(0).tokens_used
    cheered, _ = act(state, 0, {"type": "morale", "use": "draw"})
    assert cheered.player(0).morale == 0


# ---- H3-2 components --------------------------------------------------------------------------------------


def test_h3_2_1_map_components_in_the_state() -> None:
    """H3-2.1: the map's components as state: tiles of the four kinds, movement tokens (a hero's MP, all green
    at the start of a round), black cubes and faction cubes on fields, the grail, the round tracker."""
    state = new_game(seed=6)
    assert {t.kind for t in state.tiles} >= {"starting", "near", "centre"}  # far tiles come from the supply
    assert all(p.far_supply for p in state.seats) and not state.grail_taken and state.round == 1
    assert all(not fs.black for fs in state.fields.values())  # no field visited yet
    state = to_main(state, 0)
    hero = state.player(0).main
    assert hero is not None and hero.mp == 3


def test_h3_2_6_combat_board_and_unit_tokens() -> None:
    """H3-2.6: a combat board of 4 columns x 5 rows; paralysis/defence tokens and damage tokens on units;
    a positive or negative morale token per player."""
    board = GridBoard()
    cells = board.cells()
    assert len(cells) == 20 and {col for col, _ in cells} == set(range(4)) and {r for _, r in cells} == set(range(5))
    assert not board.on_board((4, 0)) and not board.on_board((0, 5))
    u = Unit(uid="u1", card="halberdiers", side="few", team=0)
    assert (u.paralysed, u.defending, u.damage) == (False, False, 0)
    state = to_main(new_game(seed=6), 0)
    assert state.player(0).morale in (-1, 0, 1)


def test_h3_2_7_expansion_components_join_only_with_their_box(c: ClashContent) -> None:
    """H3-2.7: expansion components are tagged by the box that brings them; a core game uses none of the
    Tower box's cards or tiles, the four-player scenario (core + Tower) uses them."""
    tower_cards = {cid for cid, card in c.cards.items() if card.box == "tower"}
    tower_tiles = {tid for tid, tile in c.tiles.items() if tile.box == "tower"}
    assert tower_cards and tower_tiles
    core = new_game(seed=7)
    in_core = set(core.cards.values())
    assert not in_core & tower_cards and not {t.tile for t in core.tiles} & tower_tiles
    four = new_game(players=4, seed=7)
    assert set(four.cards.values()) & tower_cards


# ---- H3-21 towns --------------------------------------------------------------------------------------------


def test_h3_21_4_upgrades_in_order_each_a_separate_build_action() -> None:
    """H3-21.4: an upgrade is built in order, and each upgrade is its own build action: the silver dwelling
    is refused before the bronze one, and after the bronze one the build token is spent for this round."""
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], seed=8), 0))
    state.player(0).resources.update(gold=80, building_materials=30, valuables=10)
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "build", "building": "castle_dwelling_silver"})
    assert err.value.rule == "H3-21.2" and state.model_dump_json() == before
    state, _ = act(state, 0, {"type": "build", "building": "castle_dwelling_bronze"})
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "build", "building": "castle_dwelling_silver"})
    assert err.value.rule == "H3-10.1"
    state, _ = play_to_round(state, state.round + 1)
    state, _ = act(state, 0, {"type": "build", "building": "castle_dwelling_silver"})
    assert state.player(0).buildings[-2:] == ["castle_dwelling_bronze", "castle_dwelling_silver"]
