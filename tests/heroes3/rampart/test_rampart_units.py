"""Rampart unit abilities in combat (H3-27.3 timings): each printed ability of the seven unit cards,
resolved by the combat engine in a position built with the combat test helpers."""

from __future__ import annotations

from typing import Any

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW

from ..helpers import combat_state, dice, hit_with, side, unit


def _arrow(c: Combat, target: str, *faces: int) -> list[Any]:
    """Seat 0's active unit casts Magic Arrow (Power 0: 1 damage, H3-15.9) at ``target``."""
    state = combat_state(c)
    state.rng = dice(*faces)
    cf._begin(FLOW, state, "a1")
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_act"
    return cf.act_apply(FLOW, state, step, 0, Play(type="play", card="s0c00", mode="cast", target=target))


def _duel(*units: Any, cards: list[str] | None = None) -> Combat:
    return Combat(kind="player", sides=[side(0, cards=cards), side(1)], units=list(units))


def test_h3_27_3_dwarves_ignore_a_spell_aimed_at_them_alone_on_a_plus_one() -> None:
    # Dwarves (passive, both sides): a spell or specialty aimed at them alone rolls a die; +1 ignores it
    c = _duel(unit("a1", "titans", "few", 0, (0, 1)), unit("d1", "dwarves", "few", 1, (0, 4)), cards=["magic_arrow"])
    events = _arrow(c, "d1", 1)
    assert c.unit("d1").damage == 0 and "h3_spell_ignored" in [e.kind for e in events]
    c = _duel(unit("a1", "titans", "few", 0, (0, 1)), unit("d1", "dwarves", "pack", 1, (0, 4)), cards=["magic_arrow"])
    _arrow(c, "d1", 0)
    assert c.unit("d1").damage == 1  # H3-27.1: a 0 lets the arrow through; defence does not reduce it


def test_h3_34_8_elves_pack_shoot_again_on_minus_one_or_zero() -> None:
    # Elves Pack (attack): against a non-adjacent target, a -1 or 0 gives a second shot; Few have none
    c = _duel(unit("a1", "elves", "pack", 0, (3, 0)), unit("d1", "dendroids", "few", 1, (3, 4)))
    state = combat_state(c)
    hit_with(state, "a1", "d1", 0, ranged=True)
    assert state.steps and state.steps[0].kind == "h3c_roll"  # the second shot
    state = combat_state(c)
    hit_with(state, "a1", "d1", 1, ranged=True)
    assert not state.steps
    few = _duel(unit("a1", "elves", "few", 0, (3, 0)), unit("d1", "dendroids", "few", 1, (3, 4)))
    state = combat_state(few)
    hit_with(state, "a1", "d1", 0, ranged=True)
    assert not state.steps


def test_h3_15_3_pegasi_pack_take_one_power_off_enemy_spells() -> None:
    # Pegasi Pack (passive): every enemy spell is cast with 1 Power less, never below 0
    c = _duel(
        unit("a1", "titans", "few", 0, (0, 1)),
        unit("d1", "pegasi", "pack", 1, (0, 4)),
        unit("d2", "centaurs", "few", 1, (3, 4)),
        cards=["magic_arrow"],
    )
    arrow = load().cards["magic_arrow"]
    c.sides[0].pending_power = 2
    assert card_rules.cast_power(c.sides[0], arrow, c) == 1 and card_rules.cast_power(c.sides[0], arrow) == 2
    c.sides[0].pending_power = 0
    assert card_rules.cast_power(c.sides[0], arrow, c) == 0  # not below 0
    # the Pegasi's own side casts at full Power; Few Pegasi drain nothing
    assert card_rules.power_drain(c, c.sides[1]) == 0
    c.unit("d1").side = "few"
    assert card_rules.power_drain(c, c.sides[0]) == 0
    c.unit("d1").side = "pack"
    c.sides[0].pending_power = 2
    _arrow(c, "d2")
    assert c.unit("d2").damage == 2  # Magic Arrow at Power 1 (not 2): 2 damage, the Centaurs survive


def test_h3_28_4_dendroids_pack_root_adjacent_enemies() -> None:
    c = _duel(unit("a1", "griffins", "few", 0, (1, 2)), unit("d1", "dendroids", "pack", 1, (1, 3)))
    state = combat_state(c)
    cf._begin(FLOW, state, "a1")
    assert c.unit("a1").rooted and r.move_options(c, c.unit("a1")) == []
    few = _duel(unit("a1", "griffins", "few", 0, (1, 2)), unit("d1", "dendroids", "few", 1, (1, 3)))
    state = combat_state(few)
    cf._begin(FLOW, state, "a1")
    assert not few.unit("a1").rooted


def test_h3_27_1_unicorns_take_less_spell_damage_and_the_pack_shields_its_neighbours() -> None:
    # Unicorns Few: 1 less damage from spells; Pack: also the friendly units next to them
    c = _duel(unit("a1", "titans", "few", 0, (0, 1)), unit("d1", "unicorns", "few", 1, (0, 4)), cards=["magic_arrow"])
    _arrow(c, "d1")
    assert c.unit("d1").damage == 0
    c = _duel(
        unit("a1", "titans", "few", 0, (0, 1)),
        unit("d1", "unicorns", "pack", 1, (0, 4)),
        unit("d2", "centaurs", "few", 1, (1, 4)),
        unit("d3", "elves", "few", 1, (3, 4)),
        cards=["magic_arrow"],
    )
    assert r.adjacent(c.unit("d1"), c.unit("d2"), c) and not r.adjacent(c.unit("d1"), c.unit("d3"), c)
    assert [r.spell_reduction(c, c.unit(u)) for u in ("d1", "d2", "d3")] == [1, 1, 0]
    _arrow(c, "d2")
    assert c.unit("d2").damage == 0
    few = _duel(unit("d1", "unicorns", "few", 1, (0, 4)), unit("d2", "centaurs", "few", 1, (1, 4)))
    assert r.spell_reduction(few, few.unit("d2")) == 0  # the Few side shields itself only


def test_h3_27_3_gold_dragons_breathe_on_the_unit_behind_the_target() -> None:
    # Gold Dragons (attack): the unit straight behind the target is struck with attack 2 (Few) / 3 (Pack)
    for side_name, attack in (("few", 2), ("pack", 3)):
        c = _duel(
            unit("a1", "gold_dragons", side_name, 0, (1, 1)),
            unit("d1", "dendroids", "pack", 1, (1, 2)),
            unit("d2", "unicorns", "few", 1, (1, 3)),
        )
        state = combat_state(c)
        state.rng = dice(0)
        hit_with(state, "a1", "d1", 0)
        assert c.unit("d2").damage == attack + 0 - 1, side_name  # Unicorns' defence 1
