"""Board (CS-4), towers (CS-7), units (CS-8-CS-11) on the tutorial fixture map, where distances are known."""

from __future__ import annotations

import itertools

import pytest

from engine.cloudspire.board.geometry import range_within, unkey
from engine.cloudspire.common import left_of, tower_def, turn_order
from engine.cloudspire.state import CsState, Landmark, Tower
from engine.cloudspire.towers.build import build_tower
from engine.cloudspire.units import combat as C
from engine.cloudspire.units.movement import hero_destinations, minion_options
from engine.cloudspire.waves.siege import attack_choices, tower_shots
from engine.core import RuleViolation

from .support import new_game, place
from .tutorial_map import install


def fixture() -> CsState:
    s = new_game()
    install(s)
    s.pl[0].target, s.pl[1].target = 1, 0
    return s


def tower(s: CsState, owner: int, hex_key: str, chips: list[str], *, merc: bool = False) -> Tower:
    t = Tower(
        tid=f"T9{len(s.towers):03d}",
        owner=owner,
        type_id="brick_and_mortars" if merc else "shrubbery",
        merc=merc,
        hex=hex_key,
        chips=chips,
        start_chips=len(chips),
        level_cap=2,
    )
    if not merc:
        s.pl[owner].barracks["shrubbery"] -= 1
    s.towers.append(t)
    return t


def test_seats_left_and_turn_order() -> None:
    # CS-0.3: left is the next seat clockwise, the opponent in 2 players; CS-19.0: turns from the first player
    s = new_game(players=3, factions=["brawnen", "grovetenders", "heirs"], first_player=1)
    assert left_of(s, 0) == 1 and left_of(s, 2) == 0
    assert turn_order(s) == [1, 2, 0]
    t = new_game()
    assert left_of(t, 0) == 1 and left_of(t, 1) == 0


def test_alliance_turn_order_alternates() -> None:
    # CS-23.1: turn order alternates between the teams (seats 1+3 against 2+4)
    s = new_game(players=4, factions=["brawnen", "grovetenders", "heirs", "narora"], mode="2v2")
    order = turn_order(s)
    assert all(s.teams[a] != s.teams[b] for a, b in itertools.pairwise(order))
    with pytest.raises(RuleViolation):
        new_game(players=3, factions=["brawnen", "grovetenders", "heirs"], mode="2v2")


def test_sky_and_range_over_mats() -> None:
    # CS-4.1, CS-4.3, CS-7.7, CS-4.9(a): range steps over any mat hex, occupied or not, never over sky
    s = fixture()
    reach = range_within(s.board, unkey("1,0"), 2)
    assert "1,1" in reach and reach["1,2"] == 2  # only through the Scarab's hex (occupied), which is fine
    assert "1,-2" not in reach  # sky is not a hex
    # CS-4.8: range counts across fortress hexes (mat, not sky)
    assert range_within(s.board, unkey("-1,0"), 1).keys() >= {"0,0", "-1,1"}


def test_terrain_ranks_and_caps() -> None:
    # CS-4.4, CS-4.5: ranks path < plains < forest < mountain < lake; a path-only minion stays on paths
    from engine.cloudspire.content.models import TERRAIN_RANK

    assert [TERRAIN_RANK[t] for t in "PGFMW"] == [0, 1, 2, 3, 4]
    s = fixture()
    m = place(s, 0, "battleborn", "1,0")
    moves, _ = minion_options(s, m)
    assert moves and all(s.board[mv.to].t == "P" for mv in moves)
    # CS-4.5.1: the forest-cap hero may enter forest and plains, never a gate or fortress hex (CS-4.8)
    hero = place(s, 1, "dywen", "11,0")
    dests = hero_destinations(s, hero)
    assert "11,1" in dests and "12,0" not in dests and "13,0" not in dests


def test_occupied_hexes_block_movement() -> None:
    # CS-4.7, CS-11.2: units, towers and landmarks block; a minion may not end on or pass an occupied hex
    s = fixture()
    m = place(s, 0, "battleborn", "1,0")
    place(s, 1, "war_briar", "2,1")
    moves, _ = minion_options(s, m)
    assert [mv.to for mv in moves] == ["2,0"]  # CS-9.5: the best it can do is one step
    h = place(s, 0, "awsh", "3,-1")
    assert "1,1" not in hero_destinations(s, h)  # the Scarab's hex


def test_tower_placement_on_uncovered_wells_in_influence() -> None:
    # CS-7.3: only an uncovered well within influence; CS-7.2 / CS-2.3: two tower chips of two sides = 4 types
    s = fixture()
    s.pl[1].source = 20
    with pytest.raises(RuleViolation) as exc:
        build_tower(s, 1, "shrubbery", False, False, "10,1", ["attack", "defense"], limited=False)  # the Hydra's
    assert exc.value.rule == "CS-7.3"
    build_tower(s, 1, "shrubbery", False, False, "10,2", ["attack", "defense"], limited=False)
    with pytest.raises(RuleViolation):
        build_tower(s, 1, "shrubbery", False, False, "2,2", ["attack", "defense"], limited=False)  # far off
    d = tower_def(s, 1, "shrubbery", False)
    assert d.basic.cost == 4 and d.promoted is not None  # CS-7.1 fields: cost, promoted side
    from engine.cloudspire.common import faction

    assert len(faction("grovetenders").towers) == 2


def test_tower_stats_from_chips_and_opponent_turn_only() -> None:
    # CS-7.6: range 1 + range chips, one die per attack chip; CS-7.8: towers fire on an opponent's turn only
    s = fixture()
    t = tower(s, 1, "10,2", ["attack", "range"])
    near = place(s, 0, "battleborn", "10,0")  # 2 away
    place(s, 1, "war_briar", "9,0")
    from engine.cloudspire.flow import FLOW

    b_turn = FLOW.new(s, "towers", 0, fired=[])
    assert tower_shots(s, b_turn) == [(1, t.tid, near.uid)]
    g_turn = FLOW.new(s, "towers", 1, fired=[])
    assert tower_shots(s, g_turn) == []
    t.chips = ["range"]  # CS-7.6: no attack chip, no dice, no attack
    assert tower_shots(s, b_turn) == []


def test_towers_never_attack_landmarks() -> None:
    # CS-11.6 (AMB-06): only enemy units are tower targets
    s = fixture()
    tower(s, 1, "10,2", ["attack", "range"])
    lm = next(x for x in s.landmarks if x.hex == "10,1")
    lm.face_up, lm.hp = True, 3
    from engine.cloudspire.flow import FLOW

    assert tower_shots(s, FLOW.new(s, "towers", 0, fired=[])) == []


def test_destroyed_towers() -> None:
    # CS-7.10: a mercenary tower is discarded; a hero that destroys a tower levels up; reward to the destroyer
    s = fixture()
    t = tower(s, 0, "2,0", ["attack"], merc=True)
    hero = place(s, 1, "dywen", "3,1")
    before = s.pl[1].source
    C.resolve_attack(s, hero, "tower", t.tid)
    assert t not in s.towers and "brick_and_mortars" not in s.pl[0].beside
    assert s.pl[1].source > before and s.steps[0].kind == "level_up"


def test_damage_hp_and_defeat() -> None:
    # CS-8.3, CS-26.2: each point removes an HP chip, the last one defeats; CS-9.10: back to the barracks
    s = fixture()
    m = place(s, 0, "battleborn", "2,0")
    C.damage_unit(s, m, 2, 1, by_hero=None)
    assert m.hp == 1 and m in s.units
    C.damage_unit(s, m, 1, 1, by_hero=None)
    assert m not in s.units and s.pl[0].barracks["battleborn"] == 3 and s.pl[1].source == 5 + 2
    # CS-9.10: a mercenary minion is discarded
    merc = place(s, 0, "convict", "2,0", merc=True)
    C.damage_unit(s, merc, 10, 1, by_hero=None)
    assert merc not in s.units and "convict" not in s.pl[0].barracks


def test_hero_defeat_removes_from_game() -> None:
    # CS-10.6: a defeated hero does not go back to the barracks
    s = fixture()
    h = place(s, 1, "dywen", "3,1")
    C.damage_unit(s, h, 5, 0, by_hero=None)
    assert h not in s.units and s.pl[1].barracks["dywen"] == 0


def test_attack_value_range_and_one_attack() -> None:
    # CS-8.4 (Hunter +1 on landmarks), CS-8.5 (N Range attacks and counters within N), CS-8.6 one attack a turn
    s = fixture()
    slinger = place(s, 0, "dispatch", "3,1")
    enemy = place(s, 1, "war_briar", "5,1")
    assert C.unit_range(s, slinger) == 2 and ("unit", enemy.uid) in C.targets(s, slinger)
    C.resolve_attack(s, slinger, "unit", enemy.uid)
    assert enemy.hp == 2 and slinger.hp == 3  # the adjacent-only Porcupine cannot counter at 2
    assert C.targets(s, slinger) == []  # CS-8.6
    awsh = place(s, 0, "awsh", "2,0")
    assert C.attack_value(s, awsh) + C.hunter_bonus(s, awsh, "landmark") == 2
    assert C.hunter_bonus(s, awsh, "unit") == 0


def test_counter_within_the_defenders_range() -> None:
    # CS-9.7, CS-10.3, CS-26.1: a ranged defender counters at its range; heroes counter like minions
    s = fixture()
    dywen = place(s, 1, "dywen", "5,1")
    m = place(s, 0, "dispatch", "3,1")
    C.resolve_attack(s, m, "unit", dywen.uid)
    assert dywen.hp == 1 and m.hp == 2 and dywen.countered


def test_squad_members_are_inactive() -> None:
    # CS-8.8, CS-18.4: only the top of a squad acts; the squad carries the top's HP
    s = fixture()
    top = place(s, 0, "dispatch", "3,1")
    from engine.cloudspire.state import Unit

    top.members = [Unit(uid="u9991", owner=0, type_id="battleborn", kind="minion", hp=3)]
    enemy = place(s, 1, "war_briar", "4,1")
    choices = attack_choices(s, 0)
    assert {uid for uid, _, _ in choices} == {top.uid} and ("u9991" not in {u.uid for u in s.units})
    assert enemy.uid in {tid for _, _, tid in choices}


def test_minions_never_level_up() -> None:
    # CS-9.9: a minion's kill pays its controller but brings no level-up
    s = fixture()
    m = place(s, 0, "battleborn", "2,0")
    e = place(s, 1, "war_briar", "3,1")
    e.hp = 1
    C.resolve_attack(s, m, "unit", e.uid)
    assert e not in s.units and not any(st.kind == "level_up" for st in s.steps)


def test_landmarks_face_down_and_revealed() -> None:
    # CS-11.2: a face-down landmark is never a target; CS-11.5: a revealed one is a target for every player
    s = fixture()
    scarab = next(x for x in s.landmarks if x.hex == "1,1")
    b = place(s, 0, "battleborn", "1,0")
    g = place(s, 1, "war_briar", "2,1")
    assert C.targets(s, b) == [] and ("landmark", scarab.lid) not in C.targets(s, g)
    scarab.face_up, scarab.hp = True, 4
    assert ("landmark", scarab.lid) in C.targets(s, b) and ("landmark", scarab.lid) in C.targets(s, g)
    # CS-11.1: the categories of the backs are public
    from engine.cloudspire.common import landmark_def

    assert {landmark_def(x.chip).category for x in s.landmarks} >= {"swamp", "ruins", "temple", "relic_site"}


def test_landmark_units_go_to_the_discard() -> None:
    # CS-9.10: a defeated landmark unit goes to the landmark discard area
    s = fixture()
    s.landmarks.append(Landmark(lid="L9990", chip="grail_wasps", hex="7,2", face_up=True, hp=1))
    m = place(s, 0, "battleborn", "7,1")
    C.resolve_attack(s, m, "landmark", "L9990")
    assert "grail_wasps" in s.lm_defeated and all(x.lid != "L9990" for x in s.landmarks)
