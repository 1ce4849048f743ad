"""The Fortress town board in play (H3-21; S-H1 docs/towns/fortress.md): the dwellings' tiers (H3-21.2,
H3-26.3), City Hall's resource-round choice (5 gold or a trading post's trade, H3-7.3.1, H3-43.1.1), the
Blood Obelisk's Search (4) of the discard pile each resource round and after a siege of the town, and the
Cage of Warlords' faction cubes (gained when built and each resource round, 2 at most; spent in combat)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.adventure.geometry import neighbours, step_ok
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat import cage
from engine.heroes3.combat.models import ArmyCard, Combat
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH
from engine.heroes3.town.army import recruitable, reinforceable

from ..clash.helpers import act, front, mutate, new_game, play_to_round, play_until, refused_rule, to_main
from ..helpers import combat_state, side, unit


def _fortress(**options: Any) -> ClashState:
    return new_game(2, factions=["fortress", "castle"], expansions=["fortress"], **options)


def _asked(what: str, seat: int = 0) -> Any:
    def done(s: ClashState) -> bool:
        st = front(s)
        return st.kind == "ask" and st.data.get("what") == what and st.seat == seat

    return done


def test_h3_21_2_each_dwelling_opens_its_tier() -> None:
    state = mutate(_fortress())
    p = state.player(0)
    p.resources = {"gold": 60, "building_materials": 10, "valuables": 5}
    p.army = []
    p.buildings = ["fortress_dwelling_bronze"]
    assert recruitable(p) == ["gnolls", "lizardmen", "dragon_flies"]
    p.buildings += ["fortress_dwelling_silver", "fortress_dwelling_gold"]
    assert recruitable(p) == ["gnolls", "lizardmen", "dragon_flies", "basilisks", "gorgons", "wyverns", "hydras"]
    p.army = [ArmyCard(card="hydras", side="few")]
    assert reinforceable(p) == []  # H3-26.3.2: reinforcing needs the Citadel
    p.buildings.append("fortress_citadel")
    assert reinforceable(p) == [0]


def test_h3_7_3_1_city_hall_five_gold_or_a_trade() -> None:
    state = mutate(_fortress())
    me = state.player(0)
    me.buildings.append("fortress_city_hall")
    state, _ = play_until(state, _asked("effect_choice"), "the City Hall's question")
    assert state.round == 3  # the first resource round
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert picks == ["0", "1"]  # no decline: one of the two is taken
    gold = state.player(0).resources["gold"]
    gained, _ = act(mutate(state), 0, {"type": "choose", "pick": "0"})
    assert gained.player(0).resources["gold"] == gold + 5
    # the trade: as at a trading post, by the trade table (H3-43.1.1), until "done"
    state.player(0).resources.update(gold=12, building_materials=0)
    state, _ = act(state, 0, {"type": "choose", "pick": "1"})
    assert front(state).data.get("what") == "trade"
    state, events = act(state, 0, {"type": "choose", "pick": "gold>building_materials"})
    assert state.player(0).resources["building_materials"] == 1 and state.player(0).resources["gold"] == 10
    assert "h3_traded" in [e.kind for e in events]
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    assert front(state).data.get("what") != "trade"


def test_h3_13_2_5_blood_obelisk_searches_the_discard_pile_each_resource_round() -> None:
    state = mutate(_fortress())
    me = state.player(0)
    me.buildings.append("fortress_blood_obelisk")
    me.deck.discard = list(me.deck.draw.draw_pile[:5])
    del me.deck.draw.draw_pile[:5]
    state, _ = play_until(state, _asked("recall"), "the Blood Obelisk's question")
    assert state.round == 3
    me = state.player(0)
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert picks == [*me.deck.discard[-4:], "skip"]  # the top 4 of the discard pile, or none ("you can")
    took = me.deck.discard[-1]
    state, _ = act(state, 0, {"type": "choose", "pick": took})
    assert took in state.player(0).deck.hand


def test_h3_21_2_cage_of_warlords_cubes_when_built_and_each_resource_round_two_at_most() -> None:
    state = mutate(to_main(_fortress(), 0))
    state.player(0).resources = {"gold": 20, "building_materials": 10, "valuables": 5}
    state, events = act(state, 0, {"type": "build", "building": "fortress_cage_of_warlords"})
    assert state.player(0).cage_cubes == 1 and "h3_cage_cube" in [e.kind for e in events]
    state, _ = play_to_round(state, 3)
    assert state.player(0).cage_cubes == 2
    state, seen = play_to_round(state, 5)
    assert state.player(0).cage_cubes == 2  # "to a maximum of 2"
    assert "h3_cage_full" in [e.kind for e in seen]
    assert state.player(1).cage_cubes == 0


# ---- the cubes in a combat (combat/cage.py) ----------------------------------------------------------------
def _cage_combat(cubes: int) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=["attack"], cage_cubes=cubes), side(1, cards=[])],
        units=[unit("a1", "gnolls", "few", 0, (1, 2)), unit("d1", "halberdiers", "few", 1, (1, 3))],
    )


def test_cage_cubes_are_instants_for_their_owner_at_an_activation_and_in_a_card_window() -> None:
    c = _cage_combat(2)
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    cubes = [o.action for o in SKIRMISH.prompts(state)[0].options if o.action["type"] == "cage"]
    assert cubes == [
        {"type": "cage", "target": "a1", "stat": "attack"},
        {"type": "cage", "target": "a1", "stat": "defense"},
    ]
    state, events = SKIRMISH.apply(state, 0, cubes[0])
    assert state.combat is not None
    a1 = state.combat.unit("a1")
    assert a1.attack_bonus == 1 and state.combat.sides[0].cage_cubes == 1  # H3-35.5: until its next attack
    assert "h3_cage" in [e.kind for e in events] and all(e.audience is None for e in events)  # public
    assert SKIRMISH.prompts(state)[0].rule == "H3-28.1"  # the Gnolls' activation goes on
    state, _ = SKIRMISH.apply(state, 0, {"type": "cage", "target": "a1", "stat": "defense"})
    assert state.combat is not None and state.combat.unit("a1").defense_bonus == 1
    assert cage.options(state.combat, state.combat.sides[0]) == []  # none left
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "cage", "target": "a1", "stat": "attack"})
    assert refused.value.rule == "H3-21.2"
    assert state.model_dump() == before  # a refusal changes nothing
    # the enemy's side has no Cage: nothing is offered to it
    assert cage.options(state.combat, state.combat.sides[1]) == []


def test_a_siege_of_a_fortress_town_spends_cage_cubes_and_wakes_the_blood_obelisk() -> None:
    # Alice (Castle) walks into Bob's Fortress town where Bob's main hero stands: a combat over Bob's own town.
    # Bob spends a Cage cube at his Dragon Flies' activation; Alice then surrenders (H3-37.9). Afterwards Bob
    # keeps the cube left, and the Blood Obelisk lets him Search (4) his discard pile at once.
    state = new_game(2, factions=["castle", "fortress"], expansions=["fortress"])
    state = mutate(to_main(state, 0))
    bob = state.player(1)
    bob.buildings += ["fortress_blood_obelisk"]
    bob.cage_cubes = 2
    bob.army = [ArmyCard(card="dragon_flies", side="pack")]  # initiative 12: Bob's unit acts first
    bob.deck.discard = list(bob.deck.draw.draw_pile[:3])
    del bob.deck.draw.draw_pile[:3]
    assert bob.main is not None and state.player(0).main is not None
    town = bob.main.field
    spot = next(n for n in neighbours(town) if step_ok(state, n, town) and step_ok(state, town, n))
    state.player(0).main.field = state.player(0).main.last_visited = spot  # type: ignore[union-attr]
    state.player(0).resources["gold"] = 20
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(town)})
    assert state.combat is not None and state.combat.kind == "player" and state.combat.own_town  # no Citadel
    used = False
    for _ in range(200):
        if state.combat is None:
            break
        prompt = next(p for p in CLASH.prompts(state) if p.waiting or p.options)
        if prompt.seat == 1:  # H3-39.3: no surrender in one's own town, walls or not
            assert "surrender" not in [o.action.get("type") for o in prompt.options]
        cubes = [o for o in prompt.options if o.action.get("type") == "cage"]
        if prompt.seat == 1 and cubes and not used:
            state, _ = act(state, 1, dict(cubes[0].action))
            used = True
            continue
        plain = next(o for o in prompt.options if o.action.get("type") != "cage")  # the one cube only
        state, _ = act(state, prompt.seat, dict(plain.action))
    assert used and state.combat is None
    assert state.player(1).cage_cubes == 1  # the cube spent stays spent, the other stays on the Cage
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "recall" and st.seat == 1  # at once, before play goes on
    assert refused_rule(state, {"type": "choose", "pick": "not-a-card"}, seat=1) == "H3-50.7"
