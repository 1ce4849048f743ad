"""Phases (CS-13..CS-19), setup and kit (CS-2, CS-3, CS-5), content shape (CS-9.1, CS-10.1, CS-12.2)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.cloudspire.common import CONTENT, faction, market_chip
from engine.cloudspire.flow import FLOW
from engine.cloudspire.state import CsState, Unit
from engine.cloudspire.units import combat as C
from engine.cloudspire.units.movement import progress_map
from engine.cloudspire.waves import siege
from engine.cloudspire.waves.end import repair, wave_end
from engine.cloudspire.waves.phases import check_stack, event_phase, income
from engine.core import RuleViolation

from .support import RS, act, front, new_game, place
from .tutorial_map import install

FOUR = ["brawnen", "grovetenders", "heirs", "narora"]


def test_player_counts_and_modes() -> None:
    # CS-1.1, CS-1.5, CS-25: 2-4 players competitive; solo/co-op/endless (CS-25.1, CS-25.2) are not offered
    assert new_game().players == 2
    for n in (3, 4):
        assert new_game(players=n, factions=FOUR[:n]).players == n
    with pytest.raises(RuleViolation):
        RS.setup({"players": 1}, 1)
    # CS-1.3: four waves by default; CS-1.2 / CS-13.3: strength decides after the last one
    s = new_game()
    assert s.options.waves == 4
    s.wave = 4
    wave_end(s, s.steps[0])
    assert s.winner is not None and s.result_reason in ("strength", "draw")


def test_rule_ids_on_refusals() -> None:
    # CS-0.1: refusals name a stable rule id a test can cite
    s = new_game()
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "buy", "chip": "no_such_chip"})
    assert re.fullmatch(r"(CS|CORE)-[0-9.A-Za-z()-]+", exc.value.rule)


def test_factions_kit_and_roster() -> None:
    # CS-2.1: four factions with the rulebook names; CS-2.3: 3 heroes, one starting at 0 CP; 2 tower chips
    names = {f.id: f.name_zh for f in CONTENT.factions}
    assert names == {"brawnen": "蠻巨人", "grovetenders": "御林族", "heirs": "翼族", "narora": "諾藍族"}
    for fid in FOUR:
        f = faction(fid)
        heroes = [u for u in f.units if u.kind == "hero"]
        assert len(heroes) == 3 and [h.cp for h in heroes if h.starting] == [0]
        assert len(f.towers) == 2 and all(t.promoted is not None for t in f.towers)
        assert len(f.dice) == 3  # CS-2.2: three faction dice
    # CS-5.3: each seat gets its kit: barracks with every chip, gate dial, Source dial
    s = new_game()
    assert s.pl[1].barracks["war_briar"] == 3 and s.pl[1].barracks["shrubbery"] == 4 and s.pl[1].source == 5


def test_factions_picked_in_turn_order_without_repeats() -> None:
    # CS-2.4, CS-5.2 (P-1): from the first player clockwise; a taken faction is refused
    s = RS.setup({"players": 2, "first_player": 1}, 3)
    prompt = RS.prompts(s)[0]
    assert prompt.seat == 1
    s, _ = RS.apply(s, 1, {"type": "pick_faction", "faction": "heirs"})
    with pytest.raises(RuleViolation):
        RS.apply(s, 0, {"type": "pick_faction", "faction": "heirs"})
    assert {"type": "pick_faction", "faction": "heirs"} not in [o.action for o in RS.prompts(s)[0].options]


def test_components_and_islands() -> None:
    # CS-3: 19 landmark chips (the Ancient Dragon aside), 20 market chips, 8 land tiles, 8 isles
    assert len(CONTENT.landmarks) >= 19 and len(CONTENT.market) == 20
    assert len(CONTENT.earthscapes) == 8 and len(CONTENT.isles) == 8
    # CS-5.5: six ring isles, the seventh unused and never shown (H2)
    s = new_game()
    assert len(s.ring) == 6 and all(s.revealed) and s.unused_isle is not None
    view = RS.view(s, 0)
    assert s.unused_isle not in view["ring"] and "unused_isle" not in view


def test_content_fields() -> None:
    # CS-9.1, CS-10.1: every unit has HP, attack, movement, terrain cap, CP and reward on both sides
    for f in CONTENT.factions:
        for u in f.units:
            for side in (u.basic, u.promoted):
                if side is None:
                    continue
                assert side.hp > 0 and side.attack >= 0 and side.move >= 0 and 0 <= side.terrain <= 4
                assert side.reward >= 0 and u.cp >= 0
            if u.kind == "hero":
                assert u.basic.level_cap >= 0
    # CS-12.2: four market chip types
    assert {c.type for c in CONTENT.market} == {"merc_minion", "merc_hero", "merc_tower", "equipment"}
    assert market_chip("brick_and_mortars").type == "merc_tower"


def test_phase_order() -> None:
    # CS-13.1: event, income, market, build, prep, siege
    s = new_game()
    seen = [front(s)]
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "pass"})
    seen.append(front(s))
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "pass"})
    seen.append(front(s))
    assert s.wave == 1 and s.event is None  # the event phase is empty in wave 1 (CS-14.1)
    assert seen == ["market", "build", "target"]
    s = act(s, 0, {"type": "target", "seat": 1})
    s = act(s, 1, {"type": "target", "seat": 0})
    s = act(s, 0, {"type": "deploy", "stack": [{"units": ["awsh"]}]})
    # CS-18.5: a hero keeps its own HP chips; CS-18.7: the prep phase ends once every stack is placed
    assert s.pl[0].stack[0].hp == 3 and s.pl[0].stack[0].hex is None
    s = act(s, 1, {"type": "deploy", "stack": [{"units": ["dywen"]}]})
    assert s.phase == "siege"


def test_events() -> None:
    # CS-14.2: from wave 2 the first player draws an event, public; CS-14.4: discarded at the end of the wave
    s = new_game(events=True)
    s.wave = 2
    st = FLOW.new(s, "event_phase")
    event_phase(s, st)
    assert s.event is not None
    assert RS.view(s, 1)["event"] is not None  # public
    drawn = s.event
    wave_end(s, s.steps[0])
    assert s.event is None and drawn in s.event_discard
    # CS-14.1 / CS-24.1: none without the deck
    t = new_game()
    t.wave = 2
    event_phase(t, FLOW.new(t, "event_phase"))
    assert t.event is None


def test_income_cap_and_repair_after_income() -> None:
    # CS-15.2: Source above 20 is lost
    s = new_game()
    s.pl[0].source = 19
    income(s, FLOW.new(s, "income"))
    assert s.pl[0].source == 20
    # CS-15.3: a breached gate (3-4 players) is repaired after the income is paid
    t = new_game(players=3, factions=FOUR[:3])
    p = t.pl[2]
    p.breached, p.gate_hp, p.source, p.advancements = True, 0, 0, []
    t.steps = []
    income(t, FLOW.new(t, "income"))
    assert [st.kind for st in t.steps] == ["repair"]
    assert p.source == 5
    repair(t, 2)
    assert p.gate_hp == 2 and p.source == 5 - 4 and not p.breached


def test_once_per_turn_resets_each_turn() -> None:
    # CS-0.5: counter and attack limits reset at the start of every player's turn, not once a round
    s = new_game()
    install(s)
    u = place(s, 1, "war_briar", "5,1")
    u.attacked, u.countered = True, True
    s.steps = []
    siege.turn(s, FLOW.new(s, "turn", 0))
    assert not u.attacked and not u.countered


def test_siege_end_checked_at_turn_end() -> None:
    # CS-19.6, CS-20.1: with no minion and no stack left the siege ends at the turn's end
    s = new_game()
    s.steps = []
    siege.turn_end(s, FLOW.new(s, "turn_end", 0))
    assert s.phase == "wave_end" and [st.kind for st in s.steps] == ["wave_end"]


def test_progress_distance_ignores_units() -> None:
    # CS-9.3: progress counts hexes to the target gate within the terrain cap, units ignored, landmarks not
    s = new_game()
    install(s)
    s.pl[0].target = 1
    d = progress_map(s, 0, 0)
    assert d["11,0"] == 1 and d["1,0"] > d["5,1"] > d["11,0"]
    place(s, 1, "war_briar", "10,0")
    assert progress_map(s, 0, 0) == d
    assert "1,1" not in d  # a landmark's hex is never on a route (CS-11.2)


def test_stack_units_act_only_by_deploying() -> None:
    # CS-8.7: a unit still in the deploy stack is in play but not a target, and cannot attack
    s = new_game()
    install(s)
    s.pl[0].stack = [Unit(uid="u9980", owner=0, type_id="battleborn", kind="minion", hp=3)]
    g = place(s, 1, "war_briar", "1,0")  # next to the Brawnen gate
    assert ("unit", "u9980") not in C.targets(s, g) and C.targets(s, s.pl[0].stack[0]) == []
    assert siege.in_play(s, 0)


def test_equipment_only_under_heroes() -> None:
    # CS-10.8, CS-18.5: equipment bought in the market goes under a hero in the stack, never a minion
    from engine.cloudspire.actions import StackEntry

    s = new_game()
    s.wave = 2
    s.pl[0].target = 1
    s.pl[0].beside = ["makeshift_wings"]

    def e(units: list[str], eq: list[str]) -> list[Any]:
        return [StackEntry(units=units, equipment=eq)]

    assert check_stack(s, 0, e(["awsh"], ["makeshift_wings"])) is None
    assert check_stack(s, 0, e(["battleborn"], ["makeshift_wings"])) == "CS-10.8"
    assert check_stack(s, 0, e(["awsh"], ["time_vials"])) == "CS-10.8"  # not bought


def test_speed_up_options_combine() -> None:
    # CS-24.2: any or all of the speed-up options at once
    s = new_game(skip_market=True, simultaneous_prep=True, waves=3)
    assert front(s) == "build" and s.options.waves == 3


def test_units_sides_and_landmark_units() -> None:
    # CS-8.2: selected basic side up; CS-8.1: a revealed landmark with HP is a unit to attack
    s: CsState = new_game()
    install(s)
    m = place(s, 0, "battleborn", "1,0")
    assert not m.promoted
    lm = next(x for x in s.landmarks if x.hex == "1,1")
    lm.face_up, lm.hp = True, 4
    assert C.landmark_unit(lm).kind == "landmark" and ("landmark", lm.lid) in C.targets(s, m)


def test_talents_are_data_in_the_vocabulary() -> None:
    # CS-8.9, CS-1.4: talents come from the content (reference-card data) as hooks; an unknown one is refused
    from engine.cloudspire.content.effects import TALENTS, check_talent

    used = {t.id for f in CONTENT.factions for u in f.units for t in u.basic.talents}
    assert {"hunter", "range", "impale", "tough"} <= used <= set(TALENTS)
    with pytest.raises(ValueError):
        check_talent("no_such_talent", "test")


def test_event_effects_apply_when_they_say() -> None:
    # CS-14.3: an "event phase" effect applies at once; an income effect overrides the wave table (CS-1.4)
    s = new_game(events=True)
    s.wave = 2
    s.events = ["source_surge"]
    before = [p.source for p in s.pl]
    event_phase(s, FLOW.new(s, "event_phase"))
    assert [p.source for p in s.pl] == [b + 2 for b in before]
    t = new_game(events=True)
    t.wave = 2
    t.events = ["lean_season"]
    event_phase(t, FLOW.new(t, "event_phase"))
    t.pl[0].source = 0
    income(t, FLOW.new(t, "income"))
    assert t.pl[0].source == 7 - 2
