"""War machines in combat (H3-19): the Ballista as each combat round begins, the First Aid Tent once in
each round at its owner's moments, the Ammo Cart's +2 initiative and no ranged penalty (H3-28.3.2);
and, in the Clash, the war machine in play going with its owner's army into the combat (public)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure import encounters
from engine.heroes3.adventure.geometry import neighbours, step_ok
from engine.heroes3.clash import invariants
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.combat import rules as r
from engine.heroes3.combat import war_machines as machines
from engine.heroes3.combat.models import Combat
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState

from ..clash.helpers import act, give_card, mutate, new_game, to_main
from ..helpers import combat_state, side, unit


def _round(state: SkirmishState) -> list[object]:
    """Run the next combat round's start (H3-34.1) through the flow; its events."""
    FLOW.push(state, FLOW.new(state, "h3c_round"))
    return list(FLOW.advance(state))


def _fresh(combat: Combat) -> SkirmishState:
    state = combat_state(combat)
    combat.round = 0
    return state


def _kinds(events: list[object]) -> list[str]:
    return [str(getattr(e, "kind", "")) for e in events]


def test_h3_19_ballista_hits_the_enemy_with_the_lowest_initiative_as_each_round_begins() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ballista"), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),
            unit("d1", "skeletons", "few", 1, (0, 4)),  # initiative 4
            unit("d2", "zombies", "few", 1, (1, 4)),  # initiative 3: the lowest
        ],
    )
    state = _fresh(c)
    events = _round(state)
    assert c.round == 1
    assert "h3_ballista" in _kinds(events)
    assert (c.unit("d2").damage, c.unit("d1").damage, c.unit("a1").damage) == (1, 0, 0)
    _round(state)
    assert c.round == 2 and c.unit("d2").damage == 2  # again at the next round's start
    assert all(e.audience is None for e in events if getattr(e, "kind", "") == "h3_ballista")  # type: ignore[attr-defined]


def test_h3_19_ballista_tie_is_settled_by_its_owner() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ballista"), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (0, 4)),  # initiative 3
            unit("d2", "dwarves", "few", 1, (1, 4)),  # initiative 3 too
        ],
    )
    state = _fresh(c)
    _round(state)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-19"
    assert [o.action["target"] for o in prompt.options] == ["d1", "d2"]
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "strike", "target": "a1"})  # not one of the tied enemies
    assert refused.value.rule == "H3-19" and state.model_dump() == before
    state, events = SKIRMISH.apply(state, 0, {"type": "strike", "target": "d2"})
    assert state.combat is not None
    assert (state.combat.unit("d2").damage, state.combat.unit("d1").damage) == (1, 0)
    assert "h3_ballista" in _kinds(list(events))


def test_h3_19_ballista_of_an_engine_run_side_takes_the_first_tied_unit() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ballista", seat=None), side(1)],
        units=[
            unit("a1", "halberdiers", "few", 0, (0, 0)),
            unit("d1", "zombies", "few", 1, (0, 4)),
            unit("d2", "dwarves", "few", 1, (1, 4)),
        ],
    )
    c.sides[0].controller = None
    state = _fresh(c)
    shots = [e for e in _round(state) if getattr(e, "kind", "") == "h3_ballista"]
    assert [e.data["target"] for e in shots] == ["d1"]  # type: ignore[attr-defined]  # no question asked


def _tent_combat() -> tuple[SkirmishState, Combat]:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="first_aid_tent"), side(1)],
        units=[
            unit("a1", "crusaders", "few", 0, (0, 0), damage=2),  # HP 4
            unit("a2", "halberdiers", "few", 0, (1, 0)),  # not damaged
            unit("d1", "zombies", "few", 1, (0, 4)),
        ],
    )
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    return state, c


def _tent_picks(state: SkirmishState, seat: int = 0) -> list[str]:
    return [str(o.action["target"]) for o in SKIRMISH.prompts(state)[0].options if o.action["type"] == "tent"]


def test_h3_19_first_aid_tent_heals_one_damage_once_per_round() -> None:
    state, c = _tent_combat()
    assert _tent_picks(state) == ["a1"]  # only a damaged unit of its owner: never above its HP
    state, events = SKIRMISH.apply(state, 0, {"type": "tent", "target": "a1"})
    assert state.combat is not None
    c = state.combat
    assert c.unit("a1").damage == 1 and c.sides[0].tent_round == 1
    assert "h3_tent" in _kinds(list(events))
    assert SKIRMISH.prompts(state)[0].seat == 0  # still a1's activation: the tent did not end it
    assert _tent_picks(state) == []  # once in the combat round
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "tent", "target": "a1"})
    assert refused.value.rule == "H3-19" and state.model_dump() == before
    # the next round it may be used again
    c.round += 1
    assert _tent_picks(state) == ["a1"]
    state, _ = SKIRMISH.apply(state, 0, {"type": "tent", "target": "a1"})
    assert state.combat is not None and state.combat.unit("a1").damage == 0
    assert machines.tent_targets(state.combat, state.combat.sides[0]) == []


def test_h3_19_first_aid_tent_never_takes_off_more_damage_than_the_unit_has() -> None:
    state, c = _tent_combat()
    c.unit("a1").damage = 1
    c.sides[0].tent_heals = 3  # a card may raise what one use takes off
    state, events = SKIRMISH.apply(state, 0, {"type": "tent", "target": "a1"})
    assert state.combat is not None
    a1 = state.combat.unit("a1")
    assert a1.damage == 0 and a1.remaining() == a1.hp()  # back to its HP, never above it
    said = [e for e in events if getattr(e, "kind", "") == "h3_tent"]
    assert said and said[0].data["n"] == 1


def test_h3_19_first_aid_tent_is_offered_in_an_enemy_attacks_card_window() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, cards=["attack"], war_machine="first_aid_tent"), side(1)],
        units=[
            unit("a1", "crusaders", "few", 0, (0, 3), damage=1),
            unit("d1", "zombies", "few", 1, (0, 4)),
        ],
    )
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 1, unit="d1", phase="move"))
    state, _ = SKIRMISH.apply(state, 1, {"type": "attack", "unit": "d1", "target": "a1"})
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-34.5"
    assert {"type": "tent", "target": "a1"} in [o.action for o in prompt.options]
    state, _ = SKIRMISH.apply(state, 0, {"type": "tent", "target": "a1"})
    assert state.combat is not None and state.combat.unit("a1").damage == 0


def test_h3_19_ammo_cart_gives_ranged_units_initiative_and_no_penalty() -> None:
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ammo_cart"), side(1)],
        units=[
            unit("a1", "marksmen", "few", 0, (0, 3)),  # ranged, initiative 4
            unit("a2", "halberdiers", "few", 0, (1, 0)),  # ground, initiative 4
            unit("d1", "zombies", "few", 1, (0, 4)),  # adjacent to the marksmen
            unit("d2", "evil_eyes", "few", 1, (2, 4)),  # an enemy ranged unit: no cart of its own
        ],
    )
    state = _fresh(c)
    events = machines.arm(c)
    assert "h3_machine" in _kinds(list(events))
    assert (c.unit("a1").initiative(), c.unit("a2").initiative(), c.unit("d2").initiative()) == (6, 4, 5)
    assert not r.penalty(c, c.unit("a1"), c.unit("d1"))  # H3-28.3.2 ignored
    c.sides[0].war_machine = None
    assert r.penalty(c, c.unit("a1"), c.unit("d1"))  # without the cart: two dice, the lower
    c.sides[0].war_machine = "ammo_cart"
    _round(state)
    assert c.unit("a1").initiative() == 6  # kept round after round


def test_h3_19_ammo_cart_counts_only_while_the_unit_is_ranged() -> None:
    # Gremlins: the Pack is ranged (initiative 5), the Few a ground unit (initiative 4)
    c = Combat(
        kind="player",
        sides=[side(0, war_machine="ammo_cart"), side(1)],
        units=[unit("a1", "gremlins", "pack", 0, (0, 0)), unit("d1", "zombies", "few", 1, (0, 4))],
    )
    machines.arm(c)
    assert c.unit("a1").initiative() == 7
    c.unit("a1").side = "few"  # flipped by damage: a ground unit now
    assert c.unit("a1").initiative() == 4


def test_h3_19_the_war_machine_in_play_goes_into_the_clash_combat_publicly() -> None:
    state = mutate(to_main(new_game(2, expansions=["rampart"]), 0))
    tent = give_card(state, "first_aid_tent")
    state, _ = act(state, 0, {"type": "play_card", "card": tent, "mode": "basic"})
    state = mutate(state)
    held = give_card(state, "ballista")  # one in hand rides along as a card of no combat use
    p = state.player(0)
    assert p.main is not None
    origin = p.main.field
    target = next(n for n in neighbours(origin) if step_ok(state, origin, n))
    p.level = 1
    events = encounters.neutral_combat(state, 0, "main", origin, target, 2)
    assert state.combat is not None
    assert state.combat.sides[0].war_machine == "first_aid_tent"
    assert any(e.kind == "h3_machine" and e.audience is None for e in events)
    for seat in (None, 0, 1):
        view = CLASH.view(state, seat)
        assert view["combat"]["sides"][0]["war_machine"] == "first_aid_tent"
    assert state.player(0).permanent == tent  # it stays in play
    deck = state.combat.sides[0].deck
    assert deck is not None and held in deck.hand
    assert invariants.check(state) == []
