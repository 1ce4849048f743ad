"""Scenario tests for the core definitions, setup and game structure (RW-0 to RW-5, RW-9, RW-28 to RW-32).

Each test plays the rule it cites through the real ruleset (setup, prompts, apply, view) or
builds a small position with ``flow_support`` and asks the engine what the rule decides.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars.catalog import catalog
from engine.runewars.heroes.core import Hero
from engine.runewars.ruleset import _advance
from engine.runewars.turn.movement import strategize_targets

from .flow_support import RS, TWO, act, add, make_state, prompt, queue, start_turn, stronghold, unit, values
from .scenario import play_setup

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "runewars.md"


# ---- RW-0 conventions -----------------------------------------------------------------------------


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules file is not checked out here")
def test_rw0_2_prompt_rule_ids_are_defined_in_the_rules_file() -> None:
    """RW-0.2: prompts and refusals cite stable ids, so each one must exist in the rules file."""
    defined = set(re.findall(r"^\s*(?:[#*\-]+\s*)*(?:\*\*)?(RW-[\d.]+\d)", RULES.read_text(), re.M))
    s = play_setup(3, 31, stop_at="setup_units")
    cited = {p.rule for p in RS.prompts(s)}
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    s = start_turn(s, 0, 2)
    cited |= {p.rule for p in RS.prompts(s)}
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "rw_choose", "value": "9Z"})
    cited.add(exc.value.rule)
    assert cited and all(r in defined for r in cited), cited - defined


def test_rw0_4_left_is_the_next_seat_clockwise() -> None:
    three = make_state(["HUMANS", "UTHUK", "ELVES"], TWO)
    assert [B.left_of(three, s) for s in range(3)] == [1, 2, 0]  # RW-0.4: seating order, clockwise
    three.seats[1].eliminated = True
    assert B.left_of(three, 0) == 2  # an eliminated seat is skipped
    two = make_state(["HUMANS", "UTHUK"], TWO)
    assert B.left_of(two, 0) == 1 and B.left_of(two, 1) == 0  # RW-0.4: in 2 players "left" is the opponent


def test_rw0_5_may_is_prompted_with_a_pass_option() -> None:
    """RW-0.5 / RW-7.7: the highest bonus is a "may", so its prompt has a "no" answer that changes nothing."""
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 4)  # Harvest, eligible for the bonus (no card played yet)
    p = prompt(s, 0)
    assert p.rule == "RW-7.6" and "no" in values(p)  # RW-0.5
    seats = [x.model_copy(deep=True) for x in s.seats]
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    assert [x.dials for x in s.seats] == [x.dials for x in seats]  # RW-7.7: declining the bonus costs nothing


def test_rw7_7_harvest_dial_reset_is_mandatory_and_can_lower_a_dial() -> None:
    """RW-7.7 / AMB-34: the Harvest reset is not offered as a choice; it applies even when it lowers a dial."""
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "wood": 1}
    s = make_state(["HUMANS", "UTHUK"], areas)
    s.seats[0].dials = {"food": 5, "wood": 5, "ore": 5}
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = start_turn(s, 0, 4)
    assert s.seats[0].dials == {"food": 0, "wood": 1, "ore": 0}  # RW-7.7: reset to what his areas produce


# ---- RW-2 definitions ------------------------------------------------------------------------------


def test_rw2_2_holes_block_even_flying_units_and_adjacency_ignores_colour() -> None:
    # 1A and 1C have no hex between them: 1B is a hole (RW-2.2 / RW-4.6)
    areas: dict[str, dict[str, Any]] = {
        "1A": {"hex": (0, 0), "home_of": 0},
        "1C": {"hex": (2, 0)},
        "1D": {"hex": (0, 1)},
    }
    s = make_state(["ELVES", "UTHUK"], areas, borders={("1A", "1D"): "mountain"})
    assert "1C" not in s.board["1A"].adj  # RW-2.2: no shared edge across a hole
    assert s.board["1A"].adj.get("1D") == "mountain"  # RW-2.2: a mountain border is still adjacent
    rider = unit(s, add(s, "ELF_PEGASUS_RIDER", 0, "1A")[0])
    assert "1C" not in strategize_targets(s, rider, 0)  # RW-4.6: holes are impassable, even flying
    assert "1D" in strategize_targets(s, rider, 0)  # flying crosses the mountain (RW-2.18)


def test_rw2_3_border_colours_restrict_movement() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, borders={("1B", "1C"): "water", ("1B", "2B"): "mountain"})
    assert B.passable(s, "1B", "2A")  # RW-2.3: a normal edge
    assert not B.passable(s, "1B", "1C") and not B.passable(s, "1B", "2B")  # water and mountain block
    archer = unit(s, add(s, "HUMAN_ARCHER", 0, "1B")[0])
    assert set(strategize_targets(s, archer, 0)) == {"1A", "2A"}


def test_rw2_4_heroes_are_models_not_units() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1B", 8)
    for i in range(3):
        s.heroes.heroes.append(Hero(uid=f"H{i}", card=f"H0{i + 1}", owner=0, area="1B"))
    assert B.unit_count(s, "1B", 0) == 8  # RW-2.4: heroes are not counted as units (RW-10.9.1)
    s.heroes.heroes.append(Hero(uid="H9", card="H05", owner=1, area="2B"))
    assert B.controller(s, "2B") is None and B.is_empty(s, "2B")  # a hero alone is no unit


def test_rw2_5_routed_units_cannot_move() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    standing = add(s, "HUMAN_INFANTRY", 0, "1A")
    routed = add(s, "HUMAN_INFANTRY", 0, "1A", routed=True)
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    offered = {uid for o in prompt(s, 0).options for uid in o.action["units"]}
    assert offered == set(standing)  # RW-2.5: the routed one is not offered
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_move", "units": routed})
    assert s.model_dump_json() == before


def test_rw2_8_and_rw2_11_enemy_and_free_areas() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1C", 1)
    add(s, "BEASTMAN", None, "2B")
    assert B.is_enemy_area(s, "1C", 0) and not B.is_enemy_area(s, "1C", 1)  # RW-2.8: controlled by another
    assert B.is_enemy_area(s, "1D", 0)  # RW-2.8: his home realm
    assert B.controller(s, "2B") is None and B.controller(s, "1B") is None  # RW-2.11: neutral and empty are free
    assert B.is_neutral_area(s, "2B") and B.is_empty(s, "1B")


def test_rw2_12_allied_neutrals_of_another_player_are_enemy_units() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "UTHUK_BERSERKER", 1, "1C")
    add(s, "BEASTMAN", 1, "1C")
    add(s, "HUMAN_INFANTRY", 0, "1B", 2)
    assert B.is_enemy_area(s, "1C", 0)  # RW-2.12: a neutral allied to seat 1 is an enemy of seat 0
    assert "1C" not in B.passable_through(s, 0)  # so no path of seat 0 crosses it (RW-10.4)
    add(s, "BEASTMAN", None, "2A")
    assert "2A" not in B.passable_through(s, 0) and "2A" not in B.passable_through(s, 1)  # RW-11.2: to everyone


def test_rw11_2_unallied_neutrals_are_met_by_every_player() -> None:
    """RW-11.2: whoever enters an area of unallied neutrals must fight or attempt diplomacy (RW-10.10)."""
    for seat, faction_unit, home in ((0, "HUMAN_INFANTRY", "1A"), (1, "UTHUK_BERSERKER", "1D")):
        s = make_state(["HUMANS", "UTHUK"], TWO)
        target = "1B" if seat == 0 else "1C"
        add(s, "BEASTMAN", None, target)
        movers = add(s, faction_unit, seat, home)
        s = start_turn(s, seat, 2)
        s = act(s, seat, {"type": "rw_choose", "value": target})
        s = act(s, seat, {"type": "rw_move", "units": movers})
        p = prompt(s, seat)
        assert p.rule == "RW-12.1" and {"battle", "diplomacy"} <= set(values(p))


def test_rw2_13_only_own_activation_tokens_hold_units_back() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    near = add(s, "HUMAN_INFANTRY", 0, "2A")
    s.board["2A"].activation = [1]  # RW-2.13: another player's token has no effect on him
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    assert near[0] in {uid for o in prompt(s, 0).options for uid in o.action["units"]}
    s2 = make_state(["HUMANS", "UTHUK"], TWO)
    own = add(s2, "HUMAN_INFANTRY", 0, "2A")
    s2.board["2A"].activation = [0]  # his own token: units there may not move (RW-10.7.2)
    s2 = start_turn(s2, 0, 2)
    s2 = act(s2, 0, {"type": "rw_choose", "value": "1B"})
    assert own[0] not in {uid for o in prompt(s2, 0).options for uid in o.action["units"]}


def test_rw2_15_current_player_only_while_resolving_orders() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_ARCHER", 0, "1B")
    assert s.turn is None and RS.view(s, None)["turn"] is None  # RW-2.15: no current player outside a turn
    s = start_turn(s, 1, 4)
    assert s.turn is not None and s.turn.seat == 1  # exactly one: the player resolving his order card
    assert RS.view(s, None)["turn"]["seat"] == 1


# ---- RW-3 / RW-4 setup ---------------------------------------------------------------------------------


def test_rw3_0_variants_are_game_creation_options() -> None:
    plain = play_setup(2, 41)
    assert plain.options.exploration is False and plain.heroes.exploration == []  # RW-3.0
    explored = play_setup(2, 41, exploration=True)
    assert explored.options.exploration and explored.heroes.exploration  # RW-3.0 / RW-34.1
    assert RS.view(explored, None)["options"] == {"exploration": True, "epic": False}


def test_rw3_2_factions_are_picked_clockwise_and_never_twice() -> None:
    s = play_setup(3, 42, stop_at="faction")
    first = prompt(s).seat
    assert first == s.start_player  # RW-3.2: from the starting player
    picked = values(prompt(s, first))[0]
    s = act(s, first, {"type": "rw_choose", "value": picked})
    nxt = prompt(s).seat
    assert nxt == (first + 1) % 3 and picked not in values(prompt(s, nxt))  # clockwise; taken factions go
    before = s.model_dump_json()
    with pytest.raises(RuleViolation) as exc:
        act(s, nxt, {"type": "rw_choose", "value": picked})
    assert exc.value.rule == "RW-3.2" and s.model_dump_json() == before


def test_rw3_3_setup_builds_a_connected_board_with_three_home_areas_each() -> None:
    s = play_setup(3, 43)
    start = next(iter(s.board))
    seen, todo = {start}, [start]
    while todo:
        for nxt in s.board[todo.pop()].adj:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(s.board)  # RW-3.3 / RW-4: one board
    assert all(sum(1 for a in s.board.values() if a.home_of == p) == 3 for p in range(3))
    assert all(set(a.adj) <= set(s.board) for a in s.board.values())  # RW-4.6: holes are never adjacent


def test_rw3_11_rune_supplies_are_public_and_rw3_13_play_begins_in_spring_of_year_1() -> None:
    s = play_setup(2, 44)
    view = RS.view(s, None)
    assert view["rune_supply"] == {"dragon": 21 - 4, "false": 17 - 2}  # RW-3.11: two face-up piles
    assert (s.year, s.season, view["season"]) == (1, 0, "spring")  # RW-3.13


def test_rw9_2_dials_start_at_the_faction_start_value() -> None:
    s = play_setup(2, 45, stop_at="setup_stronghold")
    for p in s.seats:
        assert p.faction is not None
        fac = catalog().factions[p.faction]
        assert p.dials == {r: fac.dials.get(r).start_value for r in ("food", "wood", "ore")}  # RW-9.2


def test_rw17_3_each_player_places_one_intact_stronghold_in_his_home_realm() -> None:
    s = play_setup(2, 46, stop_at="setup_stronghold")
    seat = prompt(s).seat
    opts = values(prompt(s, seat))
    assert sorted(opts) == sorted(a.id for a in s.board.values() if a.home_of == seat)  # RW-17.3
    before = s.model_dump_json()
    other = next(a.id for a in s.board.values() if a.home_of not in (seat,))
    with pytest.raises(RuleViolation):
        act(s, seat, {"type": "rw_choose", "value": other})
    assert s.model_dump_json() == before
    s = act(s, seat, {"type": "rw_choose", "value": opts[0]})
    sh = s.board[opts[0]].stronghold
    assert sh is not None and sh.owner == seat and not sh.damaged  # intact


def test_rw29_1_objectives_match_alignment_and_stay_secret() -> None:
    s = play_setup(2, 47)
    cat = catalog()
    for p in s.seats:
        assert p.objective is not None
        assert cat.objectives[p.objective].alignment == B.alignment(s, p.seat)  # RW-29.1
    public = json.dumps(RS.view(s, None))
    assert all(p.objective not in public for p in s.seats if p.objective)  # kept secret
    assert RS.view(s, None)["seats"][0]["has_objective"] is True


def test_rw30_1_setup_tactics_follow_the_faction_sheet() -> None:
    s = play_setup(2, 48)
    for p in s.seats:
        assert p.faction is not None
        assert len(p.tactics) == catalog().factions[p.faction].starting_tactics  # RW-30.1


def test_rw32_2_titles_start_face_up_unheld() -> None:
    s = play_setup(2, 49)
    view = RS.view(s, None)["titles"]
    assert set(view) == set(catalog().titles)  # RW-32.2: all three, beside the board, public
    assert all(t["holder"] is None and t["tokens"] == 0 for t in view.values())


def test_rw31_5_influence_is_public() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.seats[1].influence = 7
    assert [x["influence"] for x in RS.view(s, None)["seats"]] == [s.seats[0].influence, 7]  # RW-31.5


# ---- RW-5 game structure ----------------------------------------------------------------------------------


def test_rw5_1_seasons_follow_in_order_and_winter_turns_the_year() -> None:
    seen = []
    for season in range(4):
        s = make_state(["HUMANS", "UTHUK"], TWO, season=season, year=2)
        s = queue(s, "season_end")
        seen.append((s.year, s.season))
    assert seen == [(2, 1), (2, 2), (2, 3), (3, 0)]  # RW-5.1: spring, summer, autumn, winter, next spring


def test_rw5_3_the_game_ends_the_moment_six_dragon_areas_are_held() -> None:
    """RW-5.3: a Mobilize that takes the sixth dragon-rune area ends the game in the middle of the turn."""
    areas: dict[str, dict[str, Any]] = {f"{i}A": {"hex": (i, 0)} for i in range(1, 8)}
    areas["1A"]["home_of"] = 0
    areas["9A"] = {"hex": (0, 5), "home_of": 1}
    s = make_state(["HUMANS", "UTHUK"], areas)
    for i in range(1, 7):
        s.board[f"{i}A"].rune = "dragon"
        if 1 < i < 6:
            add(s, "HUMAN_ARCHER", 0, f"{i}A")
    movers = add(s, "HUMAN_INFANTRY", 0, "7A")
    s = start_turn(s, 0, 2)
    assert RS.result(s) is None
    s = act(s, 0, {"type": "rw_choose", "value": "6A"})
    s = act(s, 0, {"type": "rw_move", "units": movers})
    r = RS.result(s)
    assert r is not None and r.winners == [0]  # RW-5.3 / RW-28.1, before the order card finishes


def test_rw5_4_and_rw28_4_timed_end() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=5)
    s = queue(s, "season_end")
    assert RS.result(s) is None and (s.year, s.season) == (6, 0)  # RW-5.4: year 5 is not the last
    s = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=6)
    s = queue(s, "season_end")
    assert RS.result(s) is not None  # RW-5.4: after year 6's winter, score (RW-28.2)
    epic = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=6, options={"epic": True})
    epic = queue(epic, "season_end")
    assert RS.result(epic) is None and epic.year == 7  # RW-28.4: the epic game runs to year 8
    epic = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=8, options={"epic": True})
    epic = queue(epic, "season_end")
    assert RS.result(epic) is not None


def test_rw5_5_season_and_year_are_tracked_and_public() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=2, year=3)
    s.season_decks["autumn"] = ["AU1"]
    _advance(s)
    view = RS.view(s, None)
    assert (view["year"], view["season"]) == (3, "autumn")  # RW-5.5
    assert s.season_card == "AU1" and view["season_card"]["id"] == "AU1"  # the card on top is this season's


# ---- RW-9 dials ----------------------------------------------------------------------------------------------


def test_rw9_3_taking_new_areas_does_not_move_the_dials() -> None:
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "food": 3, "wood": 2}
    s = make_state(["HUMANS", "UTHUK"], areas)
    movers = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    dials = dict(s.seats[0].dials)
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": movers})
    assert B.controller(s, "1B") == 0
    assert s.seats[0].dials == dials  # RW-9.3: control alone changes no dial


# ---- RW-10 movement ------------------------------------------------------------------------------------------


def test_rw10_1_heroes_never_move_with_mobilize() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1A")
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=0, area="1A"))
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_move", "units": [u.id for u in s.units if u.owner == 0]})
    assert s.heroes.heroes[0].area == "1A"  # RW-10.1: the hero stays behind


def test_rw10_8_swift_only_for_mobilize_and_conquer() -> None:
    cat = catalog()
    kind = next(k for k in cat.unit_types if cat.swift(k) and not cat.flying(k))
    faction = cat.unit_types[kind].faction
    line: dict[str, dict[str, Any]] = {f"{i}A": {"hex": (i, 0)} for i in range(1, 5)}
    line["1A"]["home_of"] = 0
    s = make_state([faction, "UTHUK"], line)
    rider = add(s, kind, 0, "1A")
    assert strategize_targets(s, unit(s, rider[0]), 0) == ["2A"]  # RW-10.8: Strategize is one step, Swift or not
    s = start_turn(s, 0, 2)
    assert "4A" in values(prompt(s, 0))  # Mobilize: 3 steps for Swift (RW-2.17)
    s = act(s, 0, {"type": "rw_choose", "value": "4A"})
    s = act(s, 0, {"type": "rw_move", "units": rider})
    assert unit(s, rider[0]).area == "4A"
