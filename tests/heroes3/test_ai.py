"""The engine-run opponent (H3-40): targeting order, ties for the human, the arrow tower."""

from __future__ import annotations

from engine.heroes3.combat import rules as r
from engine.heroes3.combat.models import Combat
from engine.heroes3.neutrals import ai
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from .helpers import combat_state, side, unit


def test_h3_40_2_2_tier_order() -> None:
    # H3-40.2.2: silver prefers silver, then bronze, then gold, then azure.
    assert r.tier_order("silver") == ["silver", "bronze", "gold", "azure"]
    assert r.tier_order("bronze") == ["bronze", "silver", "gold", "azure"]


def test_h3_40_2_ground_ai_attacks_same_tier_first() -> None:
    # H3-40.2.2 / A-40: among attackable units the same tier wins over a nearer lower tier.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=None)])
    c.units = [
        unit("n1", "n_minotaurs", "neutral", 1, (1, 3)),  # silver ground
        unit("a1", "zombies", "few", 0, (1, 2)),  # bronze, adjacent
        unit("a2", "crusaders", "few", 0, (2, 1)),  # silver, reachable
    ]
    assert ai.plan(c, c.unit("n1")).ties == ["a2"]


def test_h3_40_2_3_ranged_ai_prefers_ranged_targets() -> None:
    # H3-40.2.3: a ranged AI unit shoots ranged enemies first.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=None)])
    c.units = [
        unit("n1", "n_elves", "neutral", 1, (0, 4)),
        unit("a1", "zombies", "few", 0, (0, 1)),
        unit("a2", "marksmen", "few", 0, (3, 0)),
    ]
    assert ai.plan(c, c.unit("n1")).ties == ["a2"]


def test_h3_40_2_4_ties_are_the_players_choice() -> None:
    # H3-40.2.4: equally near targets of the same priority: the player chooses.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=None)])
    c.units = [
        unit("n1", "n_boars", "neutral", 1, (1, 2)),
        unit("a1", "zombies", "few", 0, (0, 2)),
        unit("a2", "skeletons", "few", 0, (2, 2)),
    ]
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_ai", unit="n1")]
    FLOW.advance(state)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-40.2.4" and prompt.seat == 0
    assert sorted(o.action["target"] for o in prompt.options) == ["a1", "a2"]


def test_h3_40_5_ai_units_never_defend_and_move_toward_targets() -> None:
    # H3-40.5: no defence token; A-40: out of reach, it moves toward the target.
    c = Combat(kind="neutral", sides=[side(0), side(1, owner=None, seat=None)])
    c.units = [unit("n1", "n_dwarves", "neutral", 1, (0, 4)), unit("a1", "zombies", "few", 0, (3, 0))]
    plan = ai.plan(c, c.unit("n1"))
    assert plan.ties == [] and plan.toward == "a1"
    cell = ai.approach(c, c.unit("n1"), c.unit("a1"), attack=False)
    assert cell is not None and r.distance(c, c.unit("a1"), c.unit("n1")) > 0
    assert not c.unit("n1").defending


def test_h3_40_6_arrow_tower_shoots_least_remaining_hp() -> None:
    # H3-40.6: the arrow tower (a silver ranged unit for targeting) picks the least remaining HP.
    c = Combat(kind="siege", sides=[side(0), side(1, owner=None, seat=None)])
    c.units = [
        unit("tower", "arrow_tower", "neutral", 1, None),
        unit("a1", "halberdiers", "few", 0, (0, 0)),
        unit("a2", "troglodytes", "few", 0, (3, 0), damage=1),
    ]
    assert c.unit("tower").tier == "silver"
    assert ai.plan(c, c.unit("tower")).ties == ["a2"]
