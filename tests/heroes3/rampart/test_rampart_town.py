"""The Rampart town board in play (H3-21): the dwellings' tiers (H3-21.2, H3-26.3), Mystic Pond's
resource die each resource round (H3-7.3.1, H3-20.5) and Saplings' half-price reinforcement each
astrologer round (H3-7.3.2, H3-26.4, rounded up as the settlement does, H3-50.4.2)."""

from __future__ import annotations

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat.models import ArmyCard
from engine.heroes3.town.army import recruitable, reinforceable
from engine.heroes3.town.triggers import building_steps

from ..clash.helpers import front, mutate, new_game, play_to_round, play_until


def _rampart(**options: bool) -> ClashState:
    return new_game(2, factions=["rampart", "castle"], expansions=["rampart"], **options)


def test_h3_21_2_each_dwelling_opens_its_tier() -> None:
    state = mutate(_rampart())
    p = state.player(0)
    p.resources = {"gold": 40, "building_materials": 10, "valuables": 5}
    p.army = []
    assert recruitable(p) == []
    p.buildings = ["rampart_dwelling_bronze"]
    assert recruitable(p) == ["centaurs", "dwarves", "elves"]
    p.buildings += ["rampart_dwelling_silver"]
    assert recruitable(p) == ["centaurs", "dwarves", "elves", "pegasi", "dendroids"]
    p.buildings += ["rampart_dwelling_gold"]
    assert recruitable(p)[-2:] == ["unicorns", "gold_dragons"]
    # H3-26.3.2: reinforcing needs the Citadel too
    p.army = [ArmyCard(card="dendroids", side="few")]
    assert reinforceable(p) == []
    p.buildings += ["rampart_citadel"]
    assert reinforceable(p) == [0]


def test_h3_7_3_1_mystic_pond_rolls_a_resource_die_each_resource_round() -> None:
    plain = mutate(_rampart())
    pond = mutate(plain)
    pond.player(0).buildings.append("rampart_mystic_pond")
    plain, seen_plain = play_to_round(plain, 3)
    pond, seen_pond = play_to_round(pond, 3)
    rolls = [e for e in seen_pond if e.kind == "h3_rolled"]
    assert len(rolls) == len([e for e in seen_plain if e.kind == "h3_rolled"]) + 1
    assert sum(pond.player(0).resources.values()) > sum(plain.player(0).resources.values())
    assert pond.player(1).resources == plain.player(1).resources


def test_h3_26_4_saplings_reinforce_a_bronze_or_silver_unit_at_half_price_each_astrologer_round() -> None:
    state = mutate(_rampart(no_astrologers=True))
    p = state.player(0)
    p.buildings.append("rampart_saplings")
    p.army = [
        ArmyCard(card="centaurs", side="few"),
        ArmyCard(card="pegasi", side="few"),
        ArmyCard(card="unicorns", side="few"),
        ArmyCard(card="dwarves", side="pack"),
    ]
    p.resources["gold"] = 20
    assert [s.effect for s in building_steps("rampart", p.buildings, "astrologer_round")] == ["reinforce_discount"]

    def asked(s: ClashState) -> bool:
        st = front(s)
        return st.kind == "ask" and st.data.get("what") == "reinforce_pick"

    state, _ = play_until(state, asked, "the Saplings question")
    assert state.round == 2  # the first astrologer round (H3-7.3)
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.rule == "H3-26.4"
    picks = [o.action for o in prompt.options]
    # Centaurs Pack 3 gold -> 2, Pegasi Pack 10 -> 5; gold Unicorns and the Dwarves Pack are not offered
    assert len(picks) == 3
    gold = p.resources["gold"]
    state, events = CLASH.apply(state, 0, dict(prompt.options[1].action))
    p = state.player(0)
    assert p.army[1].side == "pack" and p.resources["gold"] == gold - 5
    assert "h3_reinforced" in [e.kind for e in events]


def test_saplings_do_nothing_for_a_player_without_them() -> None:
    state = mutate(_rampart(no_astrologers=True))
    state.player(0).army = [ArmyCard(card="centaurs", side="few")]

    def in_round_2(s: ClashState) -> bool:
        st = front(s)
        return s.round == 2 and st.kind == "main"

    state, events = play_until(state, in_round_2, "round 2")
    assert state.player(0).army[0].side == "few" and "h3_reinforced" not in [e.kind for e in events]
