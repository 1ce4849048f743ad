"""Rule-coverage tests for Heroes III combat rules no other test cited: the core tokens on units (H3-53.4)
and per-card readings carried in the card data (H3-53.5)."""

from __future__ import annotations

from engine.heroes3.combat.flow import _begin, new_round
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH
from tests.heroes3.helpers import combat_state, dice, side, unit


def test_h3_53_4_damage_activation_and_retaliation_tokens() -> None:
    """H3-53.4 (with H3-33.11): an activating unit takes a faction cube, a unit hit takes damage tokens, a
    retaliating unit takes a black cube; a new combat round removes the cubes and keeps the damage."""
    c = Combat(
        kind="player",
        sides=[side(0), side(1)],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 2))],
    )
    state = combat_state(c, seed=3)
    state.rng = dice(0, 0, 0, 0)
    _begin(FLOW, state, "a1")
    assert c.unit("a1").activated and not c.unit("d1").activated
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="attack")]
    state, events = SKIRMISH.apply(state, 0, {"type": "attack", "unit": "a1", "target": "d1"})
    assert [e.kind for e in events].count("h3_attack") == 2  # the attack and the retaliation
    after = state.combat
    assert after is not None
    d1 = after.unit("d1")
    assert d1.alive and d1.damage > 0 and d1.retaliated  # damage tokens, black cube
    assert not after.unit("a1").retaliated  # a retaliation never triggers one (H3-33.7)
    damage = d1.damage
    new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert not any(u.activated or u.retaliated for u in after.units)
    assert after.unit("d1").damage == damage


def test_h3_53_5_per_card_readings_travel_with_the_card_data() -> None:
    """H3-53.5: card-specific clarifications belong to the card data (D-4): every unit ability in the content
    carries its timing, its effect and its own reading as text, so the engine and the players read the same."""
    content = load()
    abilities = [a for u in content.units.values() for s in u.sides.values() for a in s.abilities]
    assert len(abilities) > 20
    for a in abilities:
        assert a.timing and a.effect and a.text.strip(), a
