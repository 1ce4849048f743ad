"""CS-3.1 / AMB-36: the component pools (CS-3: 69 HP chips, 18 attack, 14 range and 12 defense upgrade chips,
6 tower attack dice) are unlimited by default and a limit only under the ``strict_supply`` table option."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.sim as sim
from cogs.table import describe_options, options_line
from engine.cloudspire.actions import ACTION_ADAPTER
from engine.cloudspire.content.models import Effect
from engine.cloudspire.flow import FLOW, push
from engine.cloudspire.invariants import check
from engine.cloudspire.state import CsState, Landmark, Tower, Unit
from engine.cloudspire.supply import POOLS, TOWER_DICE, dice_for, in_play, left
from engine.cloudspire.towers.build import build_tower, free_wells, upgrade_choices, upgrade_tower
from engine.cloudspire.units import combat as C
from engine.cloudspire.waves import siege
from engine.cloudspire.waves.phases import apply_effects
from engine.core import RuleViolation
from i18n import render

from .support import RS, act, front, new_game, place, until_step


def _spare_hex(s: CsState) -> str:
    """A free board hex that is no well, gate or fortress (a filler piece there blocks nothing)."""
    taken = {u.hex for u in s.units} | {t.hex for t in s.towers} | {lm.hex for lm in s.landmarks}
    return next(k for k, c in s.board.items() if not c.well and c.gate is None and c.fort is None and k not in taken)


def _drain_hp(s: CsState, leave: int) -> Landmark:
    """Put all but ``leave`` HP chips of the pool under one revealed landmark (data set by hand)."""
    lm = next(x for x in s.landmarks if not x.face_up)
    lm.face_up, lm.hp = True, 0
    lm.hp = left(s)["hp"] - leave
    return lm


def _drain_chips(s: CsState, kind: str, leave: int) -> Unit:
    """Put all but ``leave`` upgrade chips of one pool on a filler minion (data set by hand)."""
    filler = place(s, 0, "battleborn", _spare_hex(s))
    filler.chips = [kind] * (left(s)[kind] - leave)
    return filler


def _build_turn(**options: Any) -> CsState:
    """Wave 1, the build phase, seat 1 (the first player) to act with Source to spend."""
    s = new_game(**options)
    s = act(s, 0, {"type": "pass"})
    s = act(s, 1, {"type": "pass"})
    assert front(s) == "build"
    s.pl[0].source = 20
    return s


def _dispatch_platform(well: str) -> dict[str, Any]:
    """Build a Dispatch Platform (its starting chips: attack, range) on ``well``."""
    return {
        "type": "build_tower",
        "tower": "dispatch_platform",
        "promoted": False,
        "merc": False,
        "hex": well,
        "order": ["attack", "range"],
    }


def test_cs3_1_amb36_default_is_unlimited_and_the_view_shows_no_supply() -> None:
    """AMB-36: without the option nothing is refused or clipped, whatever is already in play."""
    s = _build_turn()
    assert not s.options.strict_supply and RS.view(s, None)["supply"] is None
    _drain_chips(s, "attack", 0)
    s.units[-1].chips += ["attack"] * 5  # beyond the box's 18 (data set by hand)
    lm = _drain_hp(s, 0)
    lm.hp += 10
    well = free_wells(s, 0)[0]
    s = act(
        s,
        0,
        _dispatch_platform(well),
    )
    assert in_play(s)["attack"] > POOLS["attack"]
    other = next(x for x in s.landmarks if not x.face_up)
    siege.reveal_landmark(s, other.lid)
    assert other.hp == siege.landmark_def(other.chip).hp  # full HP chips (CS-11.4)
    assert dice_for(s, 9) == 9 and not [v for v in check(s) if "CS-3.1" in v]


def test_cs3_1_strict_build_refuses_what_the_pool_lacks_and_changes_nothing() -> None:
    s = _build_turn(strict_supply=True)
    filler = _drain_chips(s, "attack", 0)
    well = free_wells(s, 0)[0]
    build = _dispatch_platform(well)
    offered = [o.action for p in RS.prompts(s) for o in p.options]
    assert not any("attack" in a.get("order", []) for a in offered)  # not offered (CS-3.1)
    before = s.model_dump()
    with pytest.raises(RuleViolation) as exc:
        RS.apply(s, 0, build)
    assert exc.value.rule == "CS-3.1" and "18" not in str(exc.value) and "attack" in str(exc.value)
    assert s.model_dump() == before
    filler.chips.pop()  # one attack chip back in the pool
    s = act(s, 0, build)
    assert left(s)["attack"] == 0 and left(s)["range"] == POOLS["range"] - 1


def test_cs3_1_strict_upgrade_and_tower_dice() -> None:
    s = _build_turn(strict_supply=True)
    well = free_wells(s, 0)[0]
    build_tower(s, 0, "dispatch_platform", False, False, well, ["attack", "range"], limited=False)
    tower = s.towers[-1]
    _drain_chips(s, "range", 0)
    assert all("range" not in chips for _, chips in upgrade_choices(s, 0))
    with pytest.raises(RuleViolation) as exc:
        upgrade_tower(s, 0, tower.tid, ["range"])
    assert exc.value.rule == "CS-3.1" and tower.chips == ["attack", "range"]
    # The box has 6 tower attack dice (CS-3): no upgrade may make a tower roll more (data set by hand).
    tower.chips, tower.start_chips, tower.level_cap = ["attack"] * TOWER_DICE, TOWER_DICE, 3
    assert all("attack" not in chips for _, chips in upgrade_choices(s, 0))
    with pytest.raises(RuleViolation) as exc:
        upgrade_tower(s, 0, tower.tid, ["attack"])
    assert exc.value.rule == "CS-3.1" and tower.chips.count("attack") == TOWER_DICE


def test_cs3_1_strict_tower_rolls_at_most_six_dice_and_says_so() -> None:
    s = new_game(strict_supply=True)
    target = place(s, 1, "war_briar", _spare_hex(s))
    t = Tower(
        tid="T9001",
        owner=0,
        type_id="dispatch_platform",
        hex=next(k for k, c in s.board.items() if c.well),
        chips=["attack"] * 7,
        start_chips=7,
        level_cap=0,
    )
    s.towers.append(t)
    s.options.dice = [0] * 10
    st = FLOW.new(s, "towers", 1, fired=[])
    FLOW.push(s, st)
    shots = siege.tower_shots(s, st)
    assert (0, t.tid, target.uid) in shots
    events = siege.fire(
        s, st, 0, ACTION_ADAPTER.validate_python({"type": "fire", "tower": t.tid, "target": target.uid})
    )
    assert len(s.dice_log) == TOWER_DICE and len(s.options.dice) == 10 - TOWER_DICE
    assert any(e.kind == "supply_short" and "CS-3.1" in e.text for e in events)


def test_cs3_1_strict_level_up_refuses_an_empty_pool_and_clips_a_flip() -> None:
    s = new_game(strict_supply=True)
    a = _spare_hex(s)
    dywen = place(s, 1, "dywen", a)
    _drain_chips(s, "attack", 0)
    assert C.level_options(s, dywen) == ["defense", "range", "decline"]
    push(s, "level_up", 1, unit=dywen.uid)
    before = s.model_dump()
    with pytest.raises(RuleViolation) as exc:
        RS.apply(s, 1, {"type": "level_up", "choice": "attack"})
    assert exc.value.rule == "CS-3.1" and s.model_dump() == before
    # CS-10.5.3: the flip adds an HP chip (2 -> 3 printed); with none left the table is told, not refused.
    dywen.chips, dywen.hp = ["range"], 1
    _drain_hp(s, 0)
    events = C.apply_level(s, dywen, "flip")
    assert dywen.promoted and dywen.hp == 1 and dywen.chips == []
    assert [e.kind for e in events] == ["supply_short"] and "CS-3.1" in events[0].text


def test_cs3_1_strict_forced_hp_chips_give_what_is_left() -> None:
    """CS-11.4 (a revealed landmark) and a heal effect are forced: the pool gives what it has, and says so."""
    s = new_game(strict_supply=True)
    _drain_hp(s, 2)
    lm = next(x for x in s.landmarks if not x.face_up and siege.landmark_def(x.chip).hp > 2)
    events = siege.reveal_landmark(s, lm.lid)
    assert lm.face_up and lm.hp == 2 and left(s)["hp"] == 0
    assert [e.kind for e in events] == ["revealed", "supply_short"]
    assert "2" in events[1].text and "CS-3.1" in events[1].text
    hurt = place(s, 0, "battleborn", _spare_hex(s))
    printed = hurt.hp
    hurt.hp = 1
    lm.hp -= printed  # frees the chips the filler unit now holds, and one more
    assert left(s)["hp"] == 1
    out = apply_effects(s, 0, [Effect(op="heal_units", amount=5)], "now")
    assert hurt.hp == 2 and left(s)["hp"] == 0 and [e.kind for e in out] == ["supply_short"]


def test_cs3_1_strict_squad_next_minion_gets_the_chips_the_top_gave_back() -> None:
    """CS-9.8.5 under strict supply: the felled top's HP chips return first, so the next minion is served."""
    s = new_game(strict_supply=True)
    top = place(s, 0, "battleborn", _spare_hex(s))
    from engine.cloudspire.waves.phases import make_unit

    member = make_unit(s, 0, "battleborn", False)
    s.pl[0].barracks["battleborn"] -= 1
    top.members = [member]
    _drain_hp(s, 0)
    C.damage_unit(s, top, top.hp, None, by_hero=None)
    nxt = next(u for u in s.units if u.uid == member.uid)
    assert nxt.hp >= 1 and check(s) == []


def test_cs3_1_strict_deploy_stack_refused_then_cut_when_locked_in_together() -> None:
    s = until_step(new_game(seed=3, strict_supply=True), "deploy")
    seat = RS.prompts(s)[0].seat
    hero = "awsh" if s.pl[seat].faction == "brawnen" else "dywen"
    _drain_hp(s, 1)
    before = s.model_dump()
    with pytest.raises(RuleViolation) as exc:
        RS.apply(s, seat, {"type": "deploy", "stack": [{"units": [hero]}]})
    assert exc.value.rule == "CS-3.1" and s.model_dump() == before
    offered = [o.action for p in RS.prompts(s) for o in p.options]
    assert offered and all(RS.apply(s, seat, a) for a in offered)  # suggestions are cut to fit, never refused
    # CS-24.3(c): stacks locked in at once are formed in turn order; a later one the pool no longer covers
    # is cut from the bottom, publicly, and the cut chips stay in the barracks.
    s = until_step(new_game(seed=3, strict_supply=True, simultaneous_prep=True), "deploy")
    _drain_hp(s, 3)  # Awsh takes 3 (CS-18.5); Dywen's 2 are then missing
    heroes = {0: "awsh", 1: "dywen"}
    s, _ = RS.apply(s, 0, {"type": "deploy", "stack": [{"units": [heroes[0]]}]})
    s, events = RS.apply(s, 1, {"type": "deploy", "stack": [{"units": [heroes[1]]}]})
    assert [u.type_id for u in s.pl[0].stack] == ["awsh"] and s.pl[1].stack == []
    assert s.pl[1].barracks["dywen"] == 1 and left(s)["hp"] == 0
    assert any(e.kind == "supply_short" and "CS-3.1" in e.text for e in events)


def test_cs3_1_strict_chips_return_when_pieces_leave_play() -> None:
    s = new_game(strict_supply=True)
    hero = place(s, 1, "dywen", _spare_hex(s))
    hero.chips = ["attack", "defense"]
    assert left(s)["attack"] == POOLS["attack"] - 1 and left(s)["hp"] == POOLS["hp"] - hero.hp
    C.damage_unit(s, hero, 1, None, by_hero=None)  # the defense chip goes back first (CS-10.4.2)
    assert left(s)["defense"] == POOLS["defense"]
    C.damage_unit(s, hero, 10, None, by_hero=None)  # defeated: its HP and upgrade chips go back
    assert left(s) == POOLS
    well = free_wells(s, 0)[0]
    s.pl[0].source = 20
    build_tower(s, 0, "dispatch_platform", False, False, well, ["attack", "range"], limited=False)
    tower = s.towers[-1]
    assert left(s)["attack"] == POOLS["attack"] - 1
    C.damage_tower(s, tower, 2, None, by_hero=None)
    C.damage_tower(s, tower, 2, None, by_hero=None)  # destroyed (CS-7.9): its chips go back
    assert tower not in s.towers and left(s) == POOLS


def test_cs3_1_strict_public_view_counts_what_is_left() -> None:
    s = new_game(strict_supply=True)
    _drain_chips(s, "defense", 4)
    for seat in (None, 0, 1):
        supply = RS.view(s, seat)["supply"]
        assert supply == {**left(s), "dice": TOWER_DICE} and supply["defense"] == 4
    s.units[-1].chips += ["defense"] * 6  # overdrawn by hand: the invariant names the rule
    assert any("CS-3.1" in v for v in check(s))


def test_cs3_1_strict_supply_option_is_named_in_the_lobby_in_chinese() -> None:
    """P-5: the option is explained by ``/game new`` and shown by name in the lobby, in both scripts."""
    rs = RS
    assert rs.options_model.model_fields["strict_supply"].default is False  # AMB-36
    assert options_line(rs, {"strict_supply": True}, "zh_Hans") == "严格的筹码供应：开"
    assert options_line(rs, {"strict_supply": True}, "zh_Hant") == "嚴格的籌碼供應：開"
    assert options_line(rs, {"strict_supply": True}, "en") == "strict chip supply: on"
    help_zh = render(describe_options(rs), "zh_Hans")
    assert "`strict_supply`" in help_zh and "血量筹码" in help_zh and "CS-3.1" in help_zh


def test_cs3_1_strict_supply_games_keep_their_invariants() -> None:
    """Whole random games under the option: no pool is ever overdrawn and nothing gets stuck."""
    result = sim.play_one(RS, {"players": 2, "strict_supply": True}, 11, max_actions=3000, probe=1)
    assert result["violations"] == 0 and not result["failures"] and result["finished"], result
    rng = random.Random(4)
    state = RS.setup({"players": 3, "strict_supply": True, "simultaneous_prep": True}, 4)
    for _ in range(600):
        if RS.result(state) is not None:
            break
        prompt = rng.choice(RS.prompts(state))
        state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
        assert all("CS-3.1" not in v for v in check(state))


@pytest.mark.parametrize("seed", [11, 12])
def test_cs3_1_strict_supply_with_tiny_pools_never_offers_a_refused_action(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stress: pools far below the box's (HP 14, two of each upgrade chip) make every CS-3.1 path bind; the
    offered options and the simulator's stacks are still all accepted, no pool is overdrawn, games end."""
    from engine.cloudspire import supply

    for kind, n in {"hp": 14, "attack": 2, "range": 2, "defense": 2}.items():
        monkeypatch.setitem(supply.POOLS, kind, n)
    result = sim.play_one(RS, {"players": 2, "strict_supply": True}, seed, max_actions=3000, probe=1)
    assert result["violations"] == 0 and not result["failures"] and result["finished"], result
