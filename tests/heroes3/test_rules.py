"""One test (at least) per combat rule H3-30..H3-39, each citing its id."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.flow import build_walls, finish
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from .helpers import combat_state, dice, side, unit


def play_until(state: SkirmishState, pred: Any, limit: int = 400) -> SkirmishState:
    """Answer prompts with their first option until ``pred(state)`` holds."""
    for _ in range(limit):
        if pred(state) or SKIRMISH.result(state) is not None:
            return state
        prompt = SKIRMISH.prompts(state)[0]
        state, _ = SKIRMISH.apply(state, prompt.seat, prompt.options[0].action)
    raise AssertionError("condition never reached")


def placed(state: SkirmishState) -> SkirmishState:
    return play_until(state, lambda s: s.combat is not None and s.combat.round >= 1)


def test_h3_30_2_player_combat_attacker_and_defender() -> None:
    # H3-30.2 / H3-33.1: the player who starts the combat is the attacker (team 0).
    state = SKIRMISH.setup({"factions": ["castle", "dungeon"]}, 2)
    assert state.combat is not None and state.combat.kind == "player"
    assert state.combat.sides[0].controller == 0 and state.combat.sides[1].controller == 1


def test_h3_31_1_quick_combat_draws_nothing() -> None:
    # H3-31.1: a hero above the field's difficulty fights nothing and gains no XP.
    state = SKIRMISH.setup({"mode": "neutral", "level": 3, "field_level": 1}, 1)
    assert SKIRMISH.result(state) is not None and state.combat is not None
    assert state.combat.result is not None and state.combat.result.outcome == "quick"
    assert SKIRMISH.result(state).winners == [0]  # type: ignore[union-attr]  # checked above


def test_h3_32_3_attacker_places_first_then_defender() -> None:
    # H3-32.3: attacker places all, then the defender; placement is on one's own half (H3-32.1).
    state = SKIRMISH.setup({}, 3)
    assert SKIRMISH.prompts(state)[0].seat == 0
    with pytest.raises(RuleViolation) as err:
        SKIRMISH.apply(state, 1, SKIRMISH.prompts(state)[0].options[0].action)
    assert err.value.rule == "CORE-1"
    with pytest.raises(RuleViolation) as bad:
        SKIRMISH.apply(state, 0, {"type": "place", "unit": "a1", "cell": [0, 3]})
    assert bad.value.rule == "H3-32.2.1"
    state = play_until(state, lambda s: SKIRMISH.prompts(s)[0].seat == 1)
    assert state.combat is not None
    assert all(u.pos is not None and u.pos[1] in (0, 1) for u in state.combat.units if u.team == 0)


def test_h3_32_4_ranged_neutrals_go_in_the_back_row() -> None:
    # H3-32.4: the enemy on the right places the neutrals; ranged ones in the back row if possible.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=1)])
    c.units = [unit("n1", "n_elves", "neutral", 1, None)]
    c.units[0].placed = False
    from engine.heroes3.combat.flow import place_cells

    assert set(place_cells(c, c.units[0])) == {(col, 4) for col in range(4)}


def test_h3_32_5_ai_placement() -> None:
    # H3-32.5: AI puts ranged in the back row, others in front, by descending initiative.
    state = SKIRMISH.setup({"mode": "neutral", "neutral_ai": True, "field_level": 4, "difficulty": "impossible"}, 4)
    state = placed(state)
    assert state.combat is not None
    for u in state.combat.units:
        if u.team == 1 and u.pos is not None and u.type == "ranged":
            assert u.pos[1] == 4
    neutrals = [u for u in state.combat.units if u.team == 1]
    assert all(u.placed for u in neutrals)
    fronts = sorted((u.pos[0], -u.initiative()) for u in neutrals if u.pos and u.pos[1] == 3)
    assert [f[1] for f in fronts] == sorted(f[1] for f in fronts)


def test_h3_33_4_and_33_5_orthogonal_adjacency_and_obstacles() -> None:
    # H3-28.1 / H3-28.4 / H3-33.4: orthogonal only; H3-33.5 / H3-28.2: walkers go around cards, flyers over them.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),
            unit("a2", "griffins", "few", 0, (1, 0)),
            unit("d1", "skeletons", "few", 1, (1, 1)),
            unit("d2", "skeletons", "few", 1, (0, 1)),
        ],
    )
    assert (1, 1) not in c.geometry().adjacent((0, 0))
    assert not r.adjacent(c.unit("a1"), c.unit("d1"), c)  # diagonal
    walker = r.move_options(c, c.unit("a1"))
    assert walker == []  # boxed in by cards
    flyer = r.move_options(c, c.unit("a2"))
    assert (1, 2) in flyer and (1, 1) not in flyer  # flies over, never ends on a card


def test_h3_33_8_paralysis_skips_activation() -> None:
    # H3-33.8: a paralysed unit skips its activation; damage removes the token.
    c = Combat(kind="player", sides=[side(0), side(1)], units=[unit("a1", "zombies", "few", 0, (0, 0))])
    c.unit("a1").paralysed = True
    r.deal_damage(c, c.unit("a1"), 1)
    assert not c.unit("a1").paralysed
    from engine.heroes3.combat.flow import _begin

    c.unit("a1").paralysed = True
    state = combat_state(c)
    events = _begin(FLOW, state, "a1")
    assert [e.kind for e in events][-1] == "h3_paralysed_skip"
    assert not c.unit("a1").paralysed and state.steps[0].kind == "h3c_end_act"


def test_h3_33_9_defend_token_extra_die() -> None:
    # H3-33.9: a defending unit rolls an extra die; +1 gives +1 defence for this attack.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 2))],
    )
    attack = PendingAttack(attacker="a1", target="d1", die=0, dice=[0], defense_die=1)
    assert r.defense_value(c, attack) == 1 + 1


def test_h3_34_2_initiative_and_cross_side_ties() -> None:
    # H3-34.2: descending initiative; a cross-side tie starts with the attacker, then alternates.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),  # initiative 4
            unit("d1", "troglodytes", "few", 1, (0, 4)),  # initiative 4
            unit("d2", "harpies", "few", 1, (1, 4)),  # initiative 6
        ],
    )
    assert [u.uid for u in r.next_candidates(c)] == ["d2"]
    c.unit("d2").activated = True
    assert [u.uid for u in r.next_candidates(c)] == ["a1"]
    c.last_tie = (4, 0)
    c.unit("a1").activated = True
    assert [u.uid for u in r.next_candidates(c)] == ["d1"]


def test_h3_34_3_and_34_4_player_neutrals_must_attack_and_never_defend() -> None:
    # H3-34.3: player-controlled neutrals must attack; H3-34.4: they never defend.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=1)])
    c.units = [unit("a1", "zombies", "few", 0, (0, 1)), unit("n1", "n_boars", "neutral", 1, (0, 2))]
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 1, unit="n1", phase="attack")]
    kinds = {o.action["type"] for o in SKIRMISH.prompts(state)[0].options}
    assert "attack" in kinds and "defend" not in kinds and "end" not in kinds
    with pytest.raises(RuleViolation) as err:
        SKIRMISH.apply(state, 1, {"type": "defend", "unit": "n1"})
    assert err.value.rule == "H3-34.4"


def test_h3_34_6_damage_never_negative_and_34_7_overflow() -> None:
    # H3-33.6 / H3-34.6: die -1 and minimum 0 damage; H3-34.7 / A-35: a Pack's excess at the Few HP defeats it.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "n_goblins", "neutral", 0, (0, 1)), unit("d1", "crusaders", "pack", 1, (0, 2))],
    )
    attack = PendingAttack(attacker="a1", target="d1", die=-1, dice=[-1])
    assert r.attack_damage(c, attack) == 0
    r.deal_damage(c, c.unit("d1"), 8)
    assert not c.unit("d1").alive and c.unit("d1").pos is None


def test_h3_28_3_ranged_penalty_and_adjacent_target() -> None:
    # H3-28.3.1: an adjacent enemy must be shot; H3-28.3.2: two dice, keep the lower.
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[
            unit("a1", "marksmen", "few", 0, (0, 1)),
            unit("d1", "zombies", "few", 1, (0, 2)),
            unit("d2", "zombies", "few", 1, (3, 4)),
        ],
    )
    assert [t.uid for t in r.attack_targets(c, c.unit("a1"))] == ["d1"]
    attack = PendingAttack(attacker="a1", target="d1", penalty=r.penalty(c, c.unit("a1"), c.unit("d1")))
    assert attack.penalty
    r.roll_attack(c, attack, dice(1, -1))
    assert attack.die == -1


def test_h3_35_1_only_main_heroes_play_cards() -> None:
    # H3-35.1: the neutral controller plays no cards.
    from engine.heroes3.combat.cards import playable

    c = Combat(kind="neutral", sides=[side(0, cards=["attack"]), side(1, owner=None, seat=1)])
    c.units = [unit("a1", "zombies", "few", 0, (0, 1)), unit("n1", "n_boars", "neutral", 1, (0, 2))]
    assert playable(c, c.sides[1], activating=True) == []
    assert playable(c, c.sides[0], activating=False)


def test_h3_35_3_activation_spells_only_while_activating() -> None:
    # H3-35.3: Magic Arrow (an activation spell) cannot be cast outside one's own activation.
    from engine.heroes3.combat.cards import playable

    c = Combat(kind="player", sides=[side(0, cards=["magic_arrow", "stone_skin"]), side(1)])
    c.units = [unit("a1", "zombies", "few", 0, (0, 1)), unit("d1", "skeletons", "few", 1, (0, 2))]
    modes = {(o.action["card"], o.action["mode"]) for o in playable(c, c.sides[0], activating=False)}
    assert ("s0c00", "cast") not in modes and ("s0c00", "alt") in modes and ("s0c01", "cast") in modes


def test_h3_36_time_limit_and_retreat() -> None:
    # H3-34.9 / H3-36.1 / H3-36.2 / H3-36.3 / H3-37.1: after each round of a neutral combat:
    # retreat or pay 1 MP; without MP, retreat.
    state = SKIRMISH.setup({"mode": "neutral", "field_level": 3, "mp": 1}, 11)
    state = play_until(state, lambda s: s.steps and s.steps[0].kind == "h3c_time")
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-36.2" and prompt.seat == 0
    fight = next(o.action for o in prompt.options if o.action.get("choice") == "fight")
    state, _ = SKIRMISH.apply(state, 0, fight)
    assert state.combat is not None and state.combat.sides[0].mp == 0 and state.combat.round == 2
    state = play_until(state, lambda s: s.combat is not None and s.combat.result is not None)
    assert state.combat is not None and state.combat.result is not None
    assert state.combat.result.outcome in ("retreat", "victory", "defeat")


def test_h3_36_4_azure_combats_have_no_time_limit() -> None:
    # H3-36.4: combats with azure units have no time limit.
    state = SKIRMISH.setup({"mode": "neutral", "field_level": 7, "difficulty": "easy", "level": 1}, 2)
    assert state.combat is not None and not state.combat.time_limit


def test_h3_37_3_cleanup_keeps_sides_and_drops_the_defeated() -> None:
    # H3-37.3: heal survivors, keep Few/Pack sides, defeated units leave the unit deck (H3-26.2).
    from engine.heroes3.combat.models import ArmyCard

    a = side(0, army=[ArmyCard(card="griffins", side="pack"), ArmyCard(card="zombies", side="few")])
    c = Combat(kind="player", sides=[a, side(1)])
    c.units = [
        unit("a1", "griffins", "few", 0, (0, 1), army_index=0, damage=2),
        unit("a2", "zombies", "few", 0, None, army_index=1, alive=False),
    ]
    state = combat_state(c)
    finish(FLOW, state, "victory", 0)
    assert c.sides[0].army == [ArmyCard(card="griffins", side="few")]
    assert c.unit("a1").damage == 0


def test_h3_37_9_surrender() -> None:
    # H3-39.3 (defenders of a town may not) / H3-37.9: pay 10 gold instead of activating;
    # the combat ends with no winner.
    state = placed(SKIRMISH.setup({"gold": 10}, 6))
    state = play_until(
        state, lambda s: any(o.action["type"] == "surrender" for p in SKIRMISH.prompts(s) for o in p.options)
    )
    prompt = SKIRMISH.prompts(state)[0]
    state, _ = SKIRMISH.apply(state, prompt.seat, {"type": "surrender"})
    res = SKIRMISH.result(state)
    assert res is not None and res.winners == [] and res.reason == "surrender"
    assert state.combat is not None and state.combat.result is not None and state.combat.result.xp == 0


def test_h3_38_1_xp_against_a_main_hero() -> None:
    # H3-38.1 / H3-38.3: XP by the beaten main hero's level; none when it was a secondary hero.
    from engine.heroes3.combat.flow import _experience

    c = Combat(kind="player", sides=[side(0, level=2), side(1, level=3)])
    assert _experience(c, "victory", 0) == (2, None)
    c.sides[1].main_hero = False
    assert _experience(c, "victory", 0) == (0, None)
    assert _experience(c, "surrender", None) == (0, None)


def test_h3_39_walls_gate_and_tower() -> None:
    # H3-39.2 (no Citadel: no walls) is the duel board. H3-39.4 / H3-39.5: walls and gate fill
    # the middle row; the gate lets only the defender through.
    # H3-39.6: an adjacent unit destroys a wall; H3-39.8: the tower falls with the last wall.
    c = Combat(kind="siege", sides=[side(0), side(1)])
    c.units = [
        unit("a1", "halberdiers", "few", 0, (1, 1)),
        unit("d1", "halberdiers", "few", 1, (1, 3)),
        unit("tower", "arrow_tower", "neutral", 1, None),
    ]
    build_walls(c, 1)
    assert (1, 2) not in r.move_options(c, c.unit("a1"))
    assert (1, 2) in r.move_options(c, c.unit("d1"))
    assert r.structure_targets(c, c.unit("a1")) == ["gate-1"]
    c.unit("tower").placed = True
    assert "tower" not in [t.uid for t in r.attack_targets(c, c.unit("a1"))]  # only ranged attacks reach it
    for col in range(4):
        r.destroy_structure(c, c.unit("a1"), f"wall-{col}")
    assert not c.unit("tower").alive
    assert [u.uid for u in c.fighting(1)] == ["d1"]  # the tower never keeps a side in the fight
