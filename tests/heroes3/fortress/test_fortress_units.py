"""Fortress unit abilities in combat (H3-27.3 timings; S-H1 docs/units/*.md): each printed ability of the seven
unit cards resolved by the combat engine, in positions built with the combat test helpers."""

from __future__ import annotations

from typing import Any

from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import ongoing
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..helpers import combat_state, dice, hand, hit_with, side, unit


def _duel(*units: Any, cards: list[str] | None = None, enemy_cards: list[str] | None = None) -> Combat:
    return Combat(kind="player", sides=[side(0, cards=cards), side(1, cards=enemy_cards)], units=list(units))


# ---- Dragon Flies: the ongoing effects the target's own side played on it end --------------------------------
def test_h3_35_3_dragon_flies_end_what_the_targets_own_side_played_on_it() -> None:
    # The Skeletons (side 1) carry their own side's +1 HP (Genies I) and an enemy Slow cast by side 0; the
    # Dragon Flies' attack ends the first and leaves the second (S-H1: "played on the target by the enemy player").
    c = _duel(
        unit("a1", "dragon_flies", "few", 0, (1, 2)),
        unit("d1", "skeletons", "few", 1, (1, 3)),
        cards=["slow"],
        enemy_cards=["genies"],
    )
    card_rules.play(c, c.sides[1], Play(type="play", card=hand(c, 1, "genies"), mode="basic", target="d1"), dice())
    card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, "slow"), mode="cast", target="d1"), dice())
    d1 = c.unit("d1")
    assert (d1.hp_bonus, d1.initiative_bonus) == (1, -1)
    assert [(x.team, x.field) for x in d1.lasting] == [(1, "hp_bonus"), (0, "initiative_bonus")]
    state = combat_state(c)
    events = hit_with(state, "a1", "d1", -1)  # 3 - 1 - 1 = 1 damage: the Skeletons (HP 2 + 1) survive
    assert d1.alive and d1.hp_bonus == 0 and d1.initiative_bonus == -1  # the enemy's Slow stays
    assert [(x.team, x.field) for x in d1.lasting] == [(0, "initiative_bonus")]
    assert "h3_stripped" in [e.kind for e in events]


def test_dragon_flies_leave_at_least_one_hp_when_an_hp_bonus_ends() -> None:
    # house (as Dispel): an HP bonus of the unit's own side taken away does not defeat it by itself
    c = _duel(unit("a1", "dragon_flies", "pack", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 3)))
    d1 = c.unit("d1")
    ongoing.give(d1, 1, "hp_bonus", 3)  # HP 2 + 3
    d1.damage = 2
    state = combat_state(c)
    state.rng = dice(-1)
    hit_with(state, "a1", "d1", -1)  # 3 - 1 - 1 = 1 damage: 3 of 5
    assert d1.alive and d1.hp() == 2 and d1.damage == 1  # the bonus ends, 1 HP is left


def test_h3_33_7_a_retaliation_against_the_dragon_flies_pack_has_minus_one_attack() -> None:
    c = _duel(unit("a1", "dragon_flies", "pack", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 3)))
    back = PendingAttack(attacker="d1", target="a1", die=0, dice=[0], retaliation=True)
    assert r.attack_value(c, back) == 2 - 1
    few = _duel(unit("a1", "dragon_flies", "few", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 3)))
    assert r.attack_value(few, back) == 2


# ---- Basilisks, Gorgons, Wyverns ------------------------------------------------------------------------------
def test_h3_33_8_basilisks_paralyse_on_a_minus_one() -> None:
    for face, paralysed in ((-1, True), (0, False), (1, False)):
        c = _duel(unit("a1", "basilisks", "few", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3)))
        state = combat_state(c)
        state.rng = dice(0)  # the Hydras' retaliation die
        hit_with(state, "a1", "d1", face)
        assert c.unit("d1").paralysed is paralysed, face


def test_h3_27_3_gorgons_pack_defeat_the_target_on_two_zeros() -> None:
    # Pack: after the attack roll 2 attack dice; a double 0 brings the target's HP to 0 (defeated)
    for faces, defeated in (((0, 0), True), ((0, -1), False), ((-1, -1), False)):
        c = _duel(unit("a1", "gorgons", "pack", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3)))
        state = combat_state(c)
        state.rng = dice(*faces, 0)
        hit_with(state, "a1", "d1", 0)  # 5 + 0 - 3 = 2 damage of 8
        assert (not c.unit("d1").alive) is defeated, faces
    few = _duel(unit("a1", "gorgons", "few", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3)))
    state = combat_state(few)
    state.rng = dice(0, 0, 0)
    hit_with(state, "a1", "d1", 0)
    assert few.unit("d1").alive  # the Few side has no ability


def test_h3_53_wyverns_mark_the_target_and_it_bleeds_as_it_activates() -> None:
    # Few: 1 cube; Pack: 2 cubes; each activation of the target takes one off for 1 damage
    for face_up, cubes in (("few", 1), ("pack", 2)):
        c = _duel(unit("a1", "wyverns", face_up, 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 3)))
        state = combat_state(c)
        state.rng = dice(0)
        hit_with(state, "a1", "d1", 0)
        d1 = c.unit("d1")
        assert d1.marks == cubes, face_up
        before = d1.damage
        cf._begin(FLOW, state, "d1")
        assert d1.marks == cubes - 1 and d1.damage == before + 1


# ---- Hydras: no retaliation; the Pack attacks up to 2 adjacent enemies -------------------------------------------
def _hydra_board(face_up: str, *, controlled: bool = True) -> tuple[SkirmishState, Combat]:
    """The Hydras between two enemy units next to them, a third enemy out of reach."""
    c = Combat(
        kind="player",
        sides=[side(0, seat=0 if controlled else None), side(1)],
        units=[
            unit("a1", "hydras", face_up, 0, (1, 2)),
            unit("d1", "gnolls", "pack", 1, (1, 3)),
            unit("d2", "lizardmen", "few", 1, (2, 2)),
            unit("d3", "gorgons", "few", 1, (3, 4)),
        ],
    )
    if not controlled:
        c.sides[0].controller = None
    return combat_state(c), c


def test_h3_34_8_hydras_provoke_no_retaliation() -> None:
    state, c = _hydra_board("few")
    hit_with(state, "a1", "d1", 0)
    assert c.unit("a1").damage == 0 and not c.unit("d1").retaliated
    assert not state.steps  # the Few side has no second target


def test_h3_27_3_hydras_pack_may_attack_a_second_adjacent_enemy() -> None:
    state, c = _hydra_board("pack")
    hit_with(state, "a1", "d1", 0)  # 7 + 0 - 1 = 6: the Gnolls Pack (HP 4) flips to Few with 2 damage
    assert (c.unit("d1").side, c.unit("d1").damage) == ("few", 2) and c.unit("a1").damage == 0
    (ask,) = state.steps
    assert ask.kind == "h3c_kill_again" and ask.data["targets"] == ["d2"] and ask.data["second"]
    prompt = SKIRMISH.prompts(state)[0]
    assert [o.action["target"] for o in prompt.options] == ["d2", ""]  # the other adjacent enemy, or none
    state.rng = dice(1)
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "d2"})
    assert state.combat is not None
    d2 = state.combat.unit("d2")
    assert not d2.alive  # its own die: 7 + 1 - 0 >= 3
    assert state.combat.unit("a1").damage == 0  # neither attack draws a retaliation


def test_hydras_pack_second_attack_may_be_declined_and_never_hits_the_same_unit() -> None:
    state, c = _hydra_board("pack")
    c.unit("d1").side = "few"
    c.unit("d1").damage = 0
    hit_with(state, "a1", "d2", -1)  # 7 - 1 - 0 = 6 on the Lizardmen (HP 3): defeated
    (ask,) = state.steps
    assert ask.data["targets"] == ["d1"]
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": ""})
    assert state.combat is not None and state.combat.unit("d1").damage == 0


def test_an_engine_run_hydras_pack_takes_its_ai_target_for_the_second_attack() -> None:
    # H3-40.2: a side nobody controls picks by the AI's target order; here the only other adjacent enemy
    state, c = _hydra_board("pack", controlled=False)
    events = hit_with(state, "a1", "d1", 0)
    assert [e.kind for e in events].count("h3_attack") == 1  # the second attack is declared at once
    assert c.attack is not None and c.attack.target == "d2" and c.attack.repeat
