"""Setup (TC-01..TC-04), income, market, build and end-of-game rules."""

from __future__ import annotations

import pytest

from engine.cloudspire.board.geometry import fortress_cells, unkey
from engine.cloudspire.common import gate_key, landmark_def
from engine.cloudspire.state import CsState, Tower
from engine.cloudspire.towers.build import build_tower, free_wells, upgrade_cost, upgrade_tower
from engine.cloudspire.waves.end import final_scoring, strength
from engine.cloudspire.waves.phases import wave_value
from engine.core import RuleViolation
from engine.core.hexgrid import Hex

from .support import RS, act, front, new_game


def test_kit_and_first_player() -> None:
    # CS-5.7 gate at 10 and Source 0; CS-5.4 barracks; CS-5.8 the Brawnen Forsaken die (TC-01)
    s = new_game()
    assert [p.gate_hp for p in s.pl] == [10, 10]
    assert s.pl[0].dice == ["forsaken"]
    assert s.pl[0].barracks["awsh"] == 1 and s.pl[0].barracks["battleborn"] == 3
    assert s.first == 0  # CS-5.1


def test_fortress_constraints() -> None:
    # CS-5.6 (a)-(c): the gate's three exposed sides touch isle hexes, one of them a path (TC-02)
    s = new_game()
    for seat in (0, 1):
        g = unkey(gate_key(s, seat))
        fronts = [k for k in (f"{h.q},{h.r}" for h in fortress_cells(g, 0)[0])]
        assert fronts  # geometry helper works
        cells = [s.board.get(f"{n.q},{n.r}") for n in _front_of(s, seat)]
        assert all(c is not None and c.mat.startswith("isle:") for c in cells)
        assert any(c is not None and c.t == "P" for c in cells)


def _front_of(s: CsState, seat: int) -> list[Hex]:
    from engine.core.hexgrid import neighbours

    g = unkey(gate_key(s, seat))
    return [n for n in neighbours(g) if (c := s.board.get(f"{n.q},{n.r}")) is not None and c.fort is None]


def test_landmarks_on_every_island_well() -> None:
    # CS-5.9.3-5.9.4: every island well holds a face-down landmark; the Ancient Dragon is aside (TC-03)
    s = new_game()
    wells = {k for k, c in s.board.items() if c.well and c.mat.startswith("isle:")}
    assert wells == {lm.hex for lm in s.landmarks}
    assert all(not lm.face_up for lm in s.landmarks)
    assert s.lm_aside == ["ancient_traxxyr"]
    assert len(s.landmarks) == 13 and len(s.lm_unplaced) == 18 - 13
    # CS-5.9.3: each gate's nearest island well holds a swamp
    from engine.cloudspire.setup.setup import nearest_wells

    cats = {lm.hex: landmark_def(lm.chip).category for lm in s.landmarks}
    assert any(cats[lm.hex] == "swamp" for lm in s.landmarks)
    assert nearest_wells(s, 0) == []  # all wells are covered now
    # H3/H4: categories public, faces hidden from everyone
    pub = RS.view(s, None)
    assert all(lm["chip"] is None and lm["category"] for lm in pub["landmarks"])


def test_market_and_wave_one_income() -> None:
    # CS-5.10.2: players + 1 face-up chips (TC-04); CS-14.1 no event in wave 1 (TC-05); CS-15.1 income 5 (TC-06)
    s = new_game()
    assert len(s.market.faceup) == 3
    assert s.event is None and s.wave == 1
    assert [p.source for p in s.pl] == [5, 5]
    assert front(s) == "market"


def test_market_turns() -> None:
    # CS-16.3-16.5: one purchase each, refilled at once (TC-07); passing allowed (AMB-20)
    s = new_game()
    chip = next(c for c in s.market.faceup if RS.prompts(s)[0].option_for({"type": "buy", "chip": c}))
    s2 = act(s, 0, {"type": "buy", "chip": chip})
    assert chip in s2.pl[0].beside and len(s2.market.faceup) == 3
    with pytest.raises(RuleViolation):
        act(s2, 0, {"type": "pass"})  # CORE-1: one market turn each
    s3 = act(s2, 1, {"type": "pass"})
    assert front(s3) == "build"


def test_income_cap_and_wave_table() -> None:
    # CS-13.2 and CS-24.4 (RT-19): 5, 7, 9, 11, 13, 15; CS-6.4 cap at 20 (RT-01)
    assert [wave_value(w) for w in range(1, 7)] == [5, 7, 9, 11, 13, 15]
    from engine.cloudspire.common import gain

    s = new_game()
    s.pl[0].source = 18
    assert gain(s, 0, 7) == 2 and s.pl[0].source == 20


def test_upgrade_pricing_and_cap() -> None:
    # CS-7.12 (RT-02): attack/range cost the chips after adding, defense 2; CS-7.5.4 (RT-03)
    t = Tower(tid="T9999", owner=0, type_id="x", hex="0,0", chips=["attack", "range"], start_chips=2, level_cap=2)
    assert upgrade_cost(t, ["attack"]) == 3
    assert upgrade_cost(t, ["attack", "range"]) == 7
    assert upgrade_cost(t, ["defense"]) == 2
    s = new_game()
    s.pl[1].source = 20
    well = free_wells(s, 1)[0]
    build_tower(s, 1, "reetall", False, False, well, ["attack", "range"], limited=False)
    tower = s.towers[-1]
    upgrade_tower(s, 1, tower.tid, ["attack", "attack", "attack"])
    assert len(tower.chips) == 5
    with pytest.raises(RuleViolation) as exc:
        upgrade_tower(s, 1, tower.tid, ["defense"])
    assert exc.value.rule == "CS-7.5.4"


def test_influence_and_covered_wells() -> None:
    # CS-7.4 influence; CS-4.6.4 a covered well is no well (RT-07); CS-7.11 tower cap (RT-06)
    s = new_game()
    wells = free_wells(s, 0)
    occupied_wells = {lm.hex for lm in s.landmarks}
    assert wells and not set(wells) & occupied_wells
    far = [k for k, c in s.board.items() if c.well and k not in wells and c.fort is None and k not in occupied_wells]
    s.pl[0].source = 20
    for k in far:
        with pytest.raises(RuleViolation):
            build_tower(s, 0, "dispatch_platform", False, False, k, ["attack", "range"], limited=False)


def test_tower_cap() -> None:
    # CS-7.11: six towers in 2 players (RT-06)
    s = new_game()
    well = free_wells(s, 0)[0]
    for i in range(6):
        s.towers.append(
            Tower(
                tid=f"T9{i:03d}",
                owner=0,
                type_id="x",
                merc=True,
                hex=f"{90 + i},0",
                chips=["attack"],
                start_chips=1,
                level_cap=0,
            )
        )
    s.pl[0].source = 20
    with pytest.raises(RuleViolation) as exc:
        build_tower(s, 0, "dispatch_platform", False, False, well, ["attack", "range"], limited=False)
    assert exc.value.rule == "CS-7.11"


def test_build_loop_and_advancement() -> None:
    # CS-17.1: passing is final; CS-17.2.4 and CS-6.3.2: advancements in order (TC-11, TC-12)
    s = new_game()
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "pass"})
    assert front(s) == "build"
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "advance", "structure": "heart_of_oak"})
    assert s.pl[1].advancements == ["grove_oak_1"] and s.pl[1].source == 2
    assert strength(s, 1) == 11  # CS-6.3.4
    s = act(s, 1, {"type": "pass"})
    assert front(s) != "build"


def test_limited_builds() -> None:
    # CS-19.1.3: two limited builds per siege phase (RT-16)
    from engine.cloudspire.waves.siege import limited_left

    s = new_game()
    s.pl[0].limited_used = 2
    assert limited_left(s, 0) == 0


def test_final_strength_tie_breaks() -> None:
    # CS-21.3, CS-21.4 (RT-13): strength, then gate HP, Source, towers, else a draw
    s = new_game()
    s.pl[0].gate_hp, s.pl[0].advancements = 7, ["a", "b", "c"]
    s.pl[1].gate_hp, s.pl[1].advancements = 8, ["a", "b"]
    final_scoring(s)
    assert s.winner == [1]
    s.pl[0].gate_hp, s.pl[1].gate_hp = 8, 8
    s.pl[0].advancements = ["a", "b"]
    s.pl[0].source, s.pl[1].source = 3, 3
    final_scoring(s)
    assert s.winner == [0, 1] and s.result_reason == "draw"
