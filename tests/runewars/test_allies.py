"""Allied neutrals count as their owner's units (RW-11.3): movement, defence, retreat, alliance."""

from __future__ import annotations

import random

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars.state import HeldCard, RunewarsState

from .flow_support import RS, act, add, make_state, prompt, start_turn, stronghold, unit
from .test_control import LINE, _mobilize_into


def _board() -> RunewarsState:
    return make_state(["HUMANS", "UTHUK"], {k: dict(v) for k, v in LINE.items()})


def _fight(state: RunewarsState, seed: int = 3) -> RunewarsState:
    """Answer every battle decision with the simulator's sampler until the battle is over."""
    rng = random.Random(seed)
    for _ in range(60):
        if state.battle is None:
            return state
        p = next(p for p in RS.prompts(state) if p.waiting)
        state = act(state, p.seat, RS.sample_action(state, p.seat, rng))
    raise AssertionError("the battle did not end")


def _enter_and_open(state: RunewarsState, dest: str, units: list[int]) -> RunewarsState:
    state = _mobilize_into(state, dest, units)
    return act(state, 0, {"type": "rw_choose", "value": "-"})  # the arrival starts the battle


def test_rw11_4_0_allied_neutrals_alone_defend_their_owners_stronghold() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    ally = add(s, "BEASTMAN", 1, "6A", 3)
    stronghold(s, "6A", 1)
    s.seats[1].tactics = [HeldCard(id="T01", gained=-1)]  # a start-of-battle card keeps the battle open
    s = _enter_and_open(s, "6A", att)
    assert s.battle is not None
    assert s.battle.defender == 1  # RW-14.0.3: the owner defends, not "the unallied neutrals"
    assert all(unit(s, uid).owner == 1 for uid in ally)  # RW-11.4.0: the attack ended no alliance
    assert {u.uid for u in s.battle.units if u.side == "defender"} == set(ally)
    assert prompt(s, 1).rule == "RW-14.3"  # he plays tactics for a battle fought by his allies alone
    assert B.controller(s, "6A") == 1


def test_rw11_4_0_allied_neutrals_alone_defend_their_owners_home_area() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "7A")
    ally = add(s, "BEASTMAN", 1, "8A", 2)
    s.seats[1].tactics = [HeldCard(id="T01", gained=-1)]
    s = _enter_and_open(s, "8A", att)
    assert s.battle is not None and s.battle.defender == 1  # RW-2.6 / RW-11.3
    assert all(unit(s, uid).owner == 1 for uid in ally)
    s = _fight(s)
    assert B.controller(s, "8A") == 1  # the allies held his home area (RW-14.9)
    assert all(unit(s, uid).owner == 1 and unit(s, uid).area == "8A" for uid in ally)  # still allied
    assert unit(s, att[0]).area == "7A" and unit(s, att[0]).routed  # RW-16.2: the attacker fell back


def test_rw11_4_1_allied_neutrals_retreat_with_their_losing_owner_and_stay_allied() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A", 6)
    add(s, "UTHUK_BERSERKER", 1, "6A")
    ally = add(s, "BEASTMAN", 1, "6A", 2)
    add(s, "UTHUK_BERSERKER", 1, "7A")  # 7A: his friendly area next door
    s = _enter_and_open(s, "6A", att)
    s = _fight(s)
    assert B.controller(s, "6A") == 0  # the attacker won (destiny deck in number order)
    survivors = [u for u in s.units if u.id in ally]
    assert survivors, "the allies retreat rather than die"
    for u in survivors:  # RW-16.1.1: into his friendly area, routed (RW-16.2), still allied
        assert u.area == "7A" and u.routed and u.owner == 1


def test_rw11_3_allied_neutrals_attack_with_their_owner_and_stay_allied_in_the_contest() -> None:
    s = _board()
    att = add(s, "HUMAN_INFANTRY", 0, "5A")
    ally = add(s, "BEASTMAN", 0, "5A", 2)
    add(s, "UTHUK_BERSERKER", 1, "6A")
    s = _mobilize_into(s, "6A", att + ally)
    assert all(unit(s, uid).owner == 0 and unit(s, uid).area == "6A" for uid in ally)


def test_rw11_4_2_allies_must_end_in_a_friendly_area_after_the_whole_strategize() -> None:
    s = _board()
    leaving = add(s, "HUMAN_INFANTRY", 0, "3A")
    ally = add(s, "BEASTMAN", 0, "2A")
    s = start_turn(s, 0, 1)
    while prompt(s, 0).rule != "RW-18.1.1":
        s = act(s, 0, {"type": "rw_choose", "value": "-"})
    moves = [{"unit": ally[0], "to": "3A"}, {"unit": leaving[0], "to": "4A"}]
    with pytest.raises(RuleViolation) as exc:  # 3A is friendly now, but empty once the infantry leaves
        act(s, 0, {"type": "rw_strategize", "moves": moves})
    assert exc.value.rule == "RW-11.4.2"
    s = act(s, 0, {"type": "rw_strategize", "moves": [{"unit": ally[0], "to": "3A"}]})
    assert unit(s, ally[0]).area == "3A" and unit(s, ally[0]).owner == 0  # the infantry stayed: still allied
