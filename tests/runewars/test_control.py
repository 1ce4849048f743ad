"""Control of an area while its battle is pending (RW-2.7.1), one scenario per reader of control.

Each scenario moves units with a real Mobilize card into an area someone else holds, and stops in
the own-turn tactics window that follows the movement (RW-30.2): the units stand in the area, the
battle has not been fought. The attacker's units are created before the defender's, so the old
"first unit listed wins" reading would have handed him the area.
"""

from __future__ import annotations

from typing import Any

from engine.runewars import board as B
from engine.runewars.battle.retreat import retreat_destinations
from engine.runewars.cards.resolve import counter
from engine.runewars.ctx import Ctx
from engine.runewars.ruleset import _advance
from engine.runewars.state import HeldCard, RunewarsState
from engine.runewars.turn.runes import _placeable, dragon_counts, visible_runes

from .flow_support import RS, act, add, front, make_state, prompt, start_turn, stronghold

LINE: dict[str, dict[str, Any]] = {
    "1A": {"hex": (1, 0), "home_of": 0},
    "2A": {"hex": (2, 0)},
    "3A": {"hex": (3, 0)},
    "4A": {"hex": (4, 0)},
    "5A": {"hex": (5, 0)},
    "6A": {"hex": (6, 0), "food": 2, "ore": 1},
    "7A": {"hex": (7, 0), "wood": 2},
    "8A": {"hex": (8, 0), "home_of": 1},
    "9A": {"hex": (9, 0), "home_of": 1, "food": 1},
}


def _board() -> RunewarsState:
    return make_state(["HUMANS", "UTHUK"], {k: dict(v) for k, v in LINE.items()})


def _mobilize_into(state: RunewarsState, dest: str, units: list[int]) -> RunewarsState:
    """Seat 0 plays Mobilize, moves ``units`` into ``dest`` and stops in the tactics window after
    the movement, before the arrival resolves (RW-30.2 checkpoint, RW-10.7.3 still to come)."""
    state.seats[0].tactics = [HeldCard(id="T36", gained=-1)]  # keeps the own-turn windows open
    state = start_turn(state, 0, 2)
    assert prompt(state, 0).rule == "RW-30.2"
    state = act(state, 0, {"type": "rw_choose", "value": "-"})
    state = act(state, 0, {"type": "rw_choose", "value": dest})
    state = act(state, 0, {"type": "rw_move", "units": units})
    assert [st.kind for st in state.steps[:2]] == ["tactics_window", "arrive"]
    return state


def _pass_window(state: RunewarsState) -> RunewarsState:
    """Close the window: the arrival resolves and the battle is fought (no decision is needed)."""
    state = act(state, 0, {"type": "rw_choose", "value": "-"})
    assert state.battle is None and not any(st.kind == "arrive" for st in state.steps)
    return state


def test_rw2_7_1_contested_area_stays_with_the_defender_for_every_reader() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")  # created first: listed before the defender
    add(s, "UTHUK_BERSERKER", 1, "6A", 2)
    s = _mobilize_into(s, "6A", att)
    assert B.pending_contests(s) == {"6A": 0}
    assert B.controller(s, "6A") == 1 and B.controllers(s)["6A"] == 1  # RW-2.7.1: one definition
    assert B.is_enemy_area(s, "6A", 0) and not B.is_friendly(s, "6A", 0)
    assert "6A" not in B.controlled_areas(s, 0)


def test_rw28_1_no_instant_victory_before_the_battle_for_the_sixth_area() -> None:
    """The issue's example: five dragon-rune areas, one unit moves into a sixth held by five enemy units."""
    s = _board()
    for a in ("1A", "2A", "3A", "4A", "5A", "7A"):
        s.board[a].rune = "dragon"
    for a in ("2A", "3A", "4A", "5A"):
        add(s, "HUMAN_ARCHER", 0, a)
    att = add(s, "HUMAN_INFANTRY", 0, "6A")
    add(s, "UTHUK_BERSERKER", 1, "7A", 5)
    _advance(s)
    assert dragon_counts(s)[0] == 5 and RS.result(s) is None
    s = _mobilize_into(s, "7A", att)
    assert RS.result(s) is None  # RW-28.1: the sixth area is not his before the battle
    assert dragon_counts(s)[0] == 5 and dragon_counts(s)[1] == 1
    s = _pass_window(s)
    assert B.controller(s, "7A") == 1 and RS.result(s) is None  # RW-14.9: the defender won and keeps it


def test_rw33_1_no_elimination_while_the_last_home_area_is_still_defended() -> None:
    areas = {k: dict(v) for k, v in LINE.items() if k != "9A"}
    s = make_state(["HUMANS", "UTHUK"], areas)
    att = add(s, "HUMAN_INFANTRY", 0, "7A", 3)  # seat 1's only area is its home 8A
    s = _mobilize_into(s, "8A", att)
    assert not s.seats[1].eliminated  # RW-33.1 / RW-2.6: still his until the battle
    assert B.controller(s, "8A") == 1
    s = _pass_window(s)  # nobody defends: the attacker wins the area (RW-14.9)
    assert B.controller(s, "8A") == 0 and s.seats[1].eliminated
    r = RS.result(s)
    assert r is not None and r.winners == [0]


def test_rw2_6_home_area_entered_by_an_enemy_is_its_owners_until_the_battle() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "7A", 2)
    s = _mobilize_into(s, "8A", att)
    assert B.controller(s, "8A") == 1  # RW-2.6 read with RW-2.7.1
    assert counter(s, 0, "enemy_home_areas_controlled") == 0  # RW-29: objectives read the same control
    s = _pass_window(s)
    assert B.controller(s, "8A") == 0 and counter(s, 0, "enemy_home_areas_controlled") == 1


def test_rw27_5_rune_faces_of_a_contested_area_stay_with_the_defender() -> None:
    s = _board()
    s.board["6A"].rune = "dragon"
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    add(s, "UTHUK_BERSERKER", 1, "6A", 2)
    s = _mobilize_into(s, "6A", att)
    assert "6A" not in visible_runes(s, 0)  # RW-27.5: the attacker does not control it yet
    assert visible_runes(s, 1).get("6A") == "dragon"
    assert "6A" not in _placeable(s, 0)  # RW-27.3.3: an enemy area takes no rune of his


def test_rw18_4_1_harvest_counts_a_contested_area_for_its_defender() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    add(s, "UTHUK_BERSERKER", 1, "6A", 2)
    before = B.production(s, 0)
    s = _mobilize_into(s, "6A", att)
    assert B.production(s, 0) == before  # RW-18.4.1: 6A produces nothing for the attacker yet
    assert B.production(s, 1)["food"] >= 2
    assert counter(s, 0, "areas_controlled") == len(B.controlled_areas(s, 0))  # RW-29 counters agree


def test_rw16_1_1_retreat_destinations_read_the_defenders_control() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    add(s, "UTHUK_BERSERKER", 1, "6A", 2)
    s = _mobilize_into(s, "6A", att)
    # A group of seat 1 retreating out of 7A may fall back into 6A, still friendly to him; seat 0's may not.
    assert "6A" in retreat_destinations("7A", 1, [False], Ctx(s))[0]
    assert "6A" not in retreat_destinations("7A", 0, [False], Ctx(s))[0]


def test_rw11_4_0_defenders_allies_keep_their_alliance_during_the_contest() -> None:
    """RW-11.4 reads control too: the defender's allied neutrals in his stronghold area stay his."""
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A", 3)
    ally = add(s, "BEASTMAN", 1, "6A")
    stronghold(s, "6A", 1)
    s = _mobilize_into(s, "6A", att)
    assert B.controller(s, "6A") == 1
    assert next(u for u in s.units if u.id == ally[0]).owner == 1


def test_rw14_9_control_follows_rw2_7_once_diplomacy_allies_the_neutrals() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    add(s, "BEASTMAN", None, "6A", 2)
    s.destiny.draw_pile = [5, *range(6, 31)]  # card 5 is an ALLY fate
    s = _mobilize_into(s, "6A", att)
    assert B.controller(s, "6A") is None and B.is_neutral_area(s, "6A")  # RW-2.10: the neutrals hold it
    s = act(s, 0, {"type": "rw_choose", "value": "-"})
    assert front(s) == "neutral_choice" and B.controller(s, "6A") is None  # RW-12.1 still to choose
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})
    s = act(s, 0, {"type": "rw_choose", "value": "1"})
    assert front(s) == "diplomacy_pick" and B.controller(s, "6A") is None
    s = act(s, 0, {"type": "rw_choose", "value": "5"})
    assert B.controller(s, "6A") == 0  # RW-12.5.1: allied, the area is his (RW-2.7 a)
    assert all(u.owner == 0 for u in s.units if u.area == "6A")
