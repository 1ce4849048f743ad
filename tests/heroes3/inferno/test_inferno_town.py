"""The Inferno town board in play (H3-21; S-H1 docs/towns/inferno.md): the dwellings' tiers, City Hall's 6 gold or
3 building materials, the Castle Gate's once-a-turn choice (an opponent's random discard for 3 gold, or the hero
moved between towns and settlements of its player), and the Brimstone Stormclouds' faction cubes (placed when built
and each astrologer round, 3 at most; spent in a combat for +1 Power, one cube per spell)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash.common import bases, index, location
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, PlacedTile
from engine.heroes3.combat import cage
from engine.heroes3.combat.models import ArmyCard, Combat
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH
from engine.heroes3.town import cage as town_cage
from engine.heroes3.town.army import recruitable
from engine.heroes3.town.cage import reward_of

from ..clash.helpers import act, front, mutate, new_game, play_to_round, play_until, refused_rule, to_main
from ..helpers import combat_state, side, unit


def _inferno(**options: Any) -> ClashState:
    return new_game(2, factions=["inferno", "castle"], expansions=["inferno"], **options)


def test_h3_21_2_each_dwelling_opens_its_tier() -> None:
    state = mutate(_inferno())
    p = state.player(0)
    p.army = []
    p.buildings = ["inferno_dwelling_bronze"]
    p.resources = {"gold": 60, "building_materials": 10, "valuables": 5}
    assert recruitable(p) == ["familiars", "magogs", "cerberi"]
    p.buildings += ["inferno_dwelling_silver", "inferno_dwelling_gold"]
    assert recruitable(p) == ["familiars", "magogs", "cerberi", "demons", "pit_lords", "efreet", "arch_devils"]


def test_h3_7_3_1_city_hall_six_gold_or_three_building_materials() -> None:
    state = mutate(_inferno())
    state.player(0).buildings.append("inferno_city_hall")

    def asked(s: ClashState) -> bool:
        st = front(s)
        return st.kind == "ask" and st.data.get("what") == "effect_choice" and st.seat == 0

    state, _ = play_until(state, asked, "the City Hall's question")
    assert [o.action["pick"] for o in CLASH.prompts(state)[0].options] == ["0", "1"]
    res = dict(state.player(0).resources)
    gold, _ = act(mutate(state), 0, {"type": "choose", "pick": "0"})
    assert gold.player(0).resources["gold"] == res.get("gold", 0) + 6
    bm, _ = act(state, 0, {"type": "choose", "pick": "1"})
    assert bm.player(0).resources["building_materials"] == res.get("building_materials", 0) + 3


# ---- the Castle Gate -----------------------------------------------------------------------------------------
def _gate_options(state: ClashState) -> list[dict[str, Any]]:
    return [o.action for o in CLASH.prompts(state)[0].options if o.action.get("building") == "inferno_castle_gate"]


def test_h3_21_2_castle_gate_makes_an_opponent_discard_at_random_for_three_gold() -> None:
    state = mutate(to_main(_inferno(), 0))
    me = state.player(0)
    me.buildings.append("inferno_castle_gate")
    me.resources["gold"] = 3
    bob = state.player(1)
    bob.deck.hand += bob.deck.draw.draw_pile[:2]
    del bob.deck.draw.draw_pile[:2]
    hand_before = list(bob.deck.hand)
    # the move is not offered: no other town or settlement of Alice's to go to
    assert _gate_options(state) == [{"type": "use_building", "building": "inferno_castle_gate", "choice": 0}]
    assert refused_rule(state, {"type": "use_building", "building": "inferno_castle_gate", "choice": 1}) == "H3-21.2"
    state, _ = act(state, 0, {"type": "use_building", "building": "inferno_castle_gate", "choice": 0})
    assert state.player(0).resources["gold"] == 0
    prompt = CLASH.prompts(state)[0]
    state, events = act(state, 0, dict(next(o.action for o in prompt.options if o.action.get("pick") == "1")))
    assert len(state.player(1).deck.hand) == len(hand_before) - 1
    assert "h3_enemy_discards" in [e.kind for e in events]
    assert _gate_options(state) == []  # once a turn
    assert refused_rule(state, {"type": "use_building", "building": "inferno_castle_gate", "choice": 0}) == "H3-21.2"


def test_h3_21_2_castle_gate_moves_the_hero_from_its_town_to_a_settlement_of_its_player() -> None:
    state = mutate(to_main(_inferno(), 0))
    me = state.player(0)
    me.buildings.append("inferno_castle_gate")
    me.resources["gold"] = 0  # the discard is not affordable
    assert me.main is not None
    town = me.main.field
    state.tiles.append(PlacedTile(centre=(7, 0), tile="F16", kind="far", face_up=True))
    spot = next(p for p in index(state) if (loc := location(state, p)) is not None and loc.kind == "settlement")
    state.field(spot).flag = 0
    assert set(bases(state, 0)) == {town, spot}
    assert _gate_options(state) == [{"type": "use_building", "building": "inferno_castle_gate", "choice": 1}]
    state, _ = act(state, 0, {"type": "use_building", "building": "inferno_castle_gate", "choice": 1})
    prompt = CLASH.prompts(state)[0]
    picks = [o.action["pick"] for o in prompt.options]
    assert picks == [f"{spot[0]},{spot[1]}"]
    state, events = act(state, 0, {"type": "choose", "pick": picks[0]})
    hero = state.player(0).main
    assert hero is not None and hero.field == spot
    assert "h3_portal" in [e.kind for e in events]


# ---- the Brimstone Stormclouds ---------------------------------------------------------------------------------
def test_h3_21_2_stormclouds_cubes_when_built_and_each_astrologer_round_three_at_most() -> None:
    state = mutate(to_main(_inferno(), 0))
    state.player(0).resources = {"gold": 20, "building_materials": 10, "valuables": 5}
    state, events = act(state, 0, {"type": "build", "building": "inferno_brimstone_stormclouds"})
    assert state.player(0).cage_cubes == 1 and "h3_cage_cube" in [e.kind for e in events]
    assert reward_of("inferno", state.player(0).buildings) == "power"
    state, _ = play_to_round(state, 3)  # round 2, an astrologer round (H3-7.3): its cube came as it began
    assert state.player(0).cage_cubes == 2  # round 3, a resource round, brings none
    state, _ = play_to_round(state, 5)  # round 4
    assert state.player(0).cage_cubes == 3
    state, seen = play_to_round(state, 7)  # round 6
    assert state.player(0).cage_cubes == 3  # "to a maximum of 3"
    assert "h3_cage_full" in [e.kind for e in seen]
    assert state.player(1).cage_cubes == 0


def _storm_combat(cubes: int) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=["magic_arrow", "magic_arrow"], cage_cubes=cubes, cage_reward="power"), side(1, cards=[])],
        units=[unit("a1", "demons", "few", 0, (1, 2)), unit("d1", "hydras", "few", 1, (1, 4))],
    )


def test_stormclouds_cubes_give_one_power_per_spell() -> None:
    c = _storm_combat(3)
    state = combat_state(c)
    FLOW.push(state, FLOW.new(state, "h3c_act", 0, unit="a1", phase="move"))
    cubes = [o.action for o in SKIRMISH.prompts(state)[0].options if o.action["type"] == "cage"]
    assert cubes == [{"type": "cage", "stat": "power"}]
    state, events = SKIRMISH.apply(state, 0, cubes[0])
    assert state.combat is not None
    side0 = state.combat.sides[0]
    assert side0.pending_power == 1 and side0.cage_cubes == 2
    assert "h3_cage" in [e.kind for e in events] and all(e.audience is None for e in events)  # public
    # only one cube per spell: the next waits for a cast
    assert cage.options(state.combat, side0) == []
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "cage", "stat": "power"})
    assert refused.value.rule == "H3-21.2" and state.model_dump() == before
    arrow = next(
        o.action
        for o in SKIRMISH.prompts(state)[0].options
        if o.action.get("type") == "play" and o.action.get("mode") == "cast"
    )
    state, events = SKIRMISH.apply(state, 0, arrow)
    assert state.combat is not None
    assert any(e.kind == "h3_spell" and e.data.get("power") == 1 for e in events)  # cast with the cube's Power
    assert state.combat.sides[0].pending_power == 0
    assert cage.options(state.combat, state.combat.sides[0]) == [
        cage.Option.of(cage.t.OPT_STORM_POWER(), {"type": "cage", "stat": "power"})
    ]


def test_the_owner_lays_the_stormclouds_reward_on_its_sides_and_fortress_keeps_the_cage() -> None:
    state = mutate(_inferno())
    p = state.player(0)
    p.buildings.append("inferno_brimstone_stormclouds")
    p.cage_cubes = 2
    c = Combat(kind="player", sides=[side(0, owner=0), side(1, owner=1)], units=[])
    c.sides[0].army = [ArmyCard(card="demons", side="few")]
    town_cage.lay(state, c)
    assert (c.sides[0].cage_cubes, c.sides[0].cage_reward) == (2, "power")
    assert (c.sides[1].cage_cubes, c.sides[1].cage_reward) == (0, "stat")
    assert reward_of("fortress", ["fortress_cage_of_warlords"]) == "stat"
