"""Scenario tests for neutrals, diplomacy draws, battles, retreats and strongholds (RW-11 to RW-19).

Every position is played through ``RS.apply``: a Mobilize order moves units in, and the test
reads what the engine did to the battle, the board and the public view.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars.heroes.core import Hero
from engine.runewars.state import RunewarsState

from .flow_support import (
    RS,
    TWO,
    act,
    add,
    front,
    make_state,
    prompt,
    queue,
    start_turn,
    stronghold,
    unit,
    units_in,
    values,
)


def mobilize(s: RunewarsState, seat: int, dest: str, ids: list[int]) -> RunewarsState:
    """Play Mobilize (#2) for ``seat``: activate ``dest`` and move ``ids`` in."""
    s = start_turn(s, seat, 2)
    s = act(s, seat, {"type": "rw_choose", "value": dest})
    return act(s, seat, {"type": "rw_move", "units": ids})


def answer_all(s: RunewarsState, seat: int, limit: int = 10) -> RunewarsState:
    """Take the first option of ``seat``'s prompts until it has none (retreat choices and the like)."""
    for _ in range(limit):
        ps = [p for p in RS.prompts(s) if p.seat == seat]
        if not ps or not ps[0].options:
            return s
        s = act(s, seat, ps[0].options[0].action)
    return s


# ---- RW-14 battles -------------------------------------------------------------------------------


def battle_1b() -> tuple[RunewarsState, list[int], int]:
    """Two Footmen attack 1B, held by one standing and one routed Berserker and a Uthuk hero."""
    s = make_state(["HUMANS", "UTHUK"], TWO)
    movers = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    add(s, "HUMAN_INFANTRY", 0, "1A", routed=True)
    add(s, "UTHUK_BERSERKER", 1, "1B")
    pre_routed = add(s, "UTHUK_BERSERKER", 1, "1B", routed=True)[0]
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=1, area="1B"))
    return mobilize(s, 0, "1B", movers), movers, pre_routed


def test_rw14_0_and_rw14_1_moving_into_an_enemy_area_starts_the_battle_there() -> None:
    s, _, _ = battle_1b()
    assert s.battle is not None and front(s) == "battle"  # RW-14.0.1 / RW-10.10: a battle must follow
    assert (s.battle.attacker, s.battle.defender) == (0, 1)  # RW-14.0.2 / RW-14.0.3
    assert s.battle.area == "1B"  # RW-14.1: the battle marker is in the contested area
    assert RS.view(s, None)["battle"]["area"] == "1B"  # RW-2.14: the contested area is public


def test_rw14_2_only_standing_units_deploy() -> None:
    s, movers, pre_routed = battle_1b()
    assert s.battle is not None
    view = {u["uid"]: u for u in RS.view(s, None)["battle"]["units"]}
    assert all(view[m]["in_battle"] for m in movers)  # RW-14.2: every standing unit fights
    assert not view[pre_routed]["in_battle"]  # the pre-routed one stays in the area
    assert set(view) == {u.id for u in s.units if u.area == "1B"}  # the hero takes no part (RW-14.2)


def test_rw16_5_units_routed_before_the_battle_are_destroyed_not_retreated() -> None:
    s, movers, pre_routed = battle_1b()
    s = answer_all(s, 1)  # the loser picks his retreat
    assert front(s) != "battle" and s.battle is None
    assert B.unit_by_id(s, pre_routed) is None  # RW-16.5 / RW-14.7.1: destroyed
    retreated = [u for u in s.units if u.owner == 1 and u.area != "1D"]
    assert retreated and all(u.routed and u.area != "1B" for u in retreated)  # RW-15.1: retreat routs
    assert all(unit(s, m).area == "1B" and not unit(s, m).routed for m in movers)
    assert s.heroes.heroes[0].area == "1B"  # RW-14.2: heroes are unaffected


def test_rw14_9_the_winner_controls_the_area_and_its_rune_after_the_battle() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.board["1B"].rune = "dragon"
    add(s, "UTHUK_BERSERKER", 1, "1B")
    movers = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    assert B.controller(s, "1B") == 1
    s = answer_all(mobilize(s, 0, "1B", movers), 1)
    assert s.battle is None
    assert B.controller(s, "1B") == 0 and s.board["1B"].rune == "dragon"  # RW-14.9 / RW-27.7: the rune stays
    from engine.runewars.turn.runes import visible_runes

    assert visible_runes(s, 0).get("1B") == "dragon" and "1B" not in visible_runes(s, 1)


def test_rw14_9_control_does_not_pass_before_the_battle_or_diplomacy_ends() -> None:
    """RW-14.9 / RW-2.7.1 (issue 11, family 1): five dragon-rune areas and a move into a sixth still held
    by neutrals is no win until the battle for it is won."""
    areas: dict[str, dict[str, Any]] = {f"{i}A": {"hex": (i, 0)} for i in range(1, 8)}
    areas["1A"]["home_of"] = 0
    areas["9A"] = {"hex": (0, 5), "home_of": 1}
    s = make_state(["HUMANS", "UTHUK"], areas)
    for i in range(1, 7):
        s.board[f"{i}A"].rune = "dragon"
        if 1 < i < 6:
            add(s, "HUMAN_ARCHER", 0, f"{i}A")
    add(s, "BEASTMAN", None, "6A")
    s = mobilize(s, 0, "6A", add(s, "HUMAN_KNIGHT", 0, "7A", 3))
    assert prompt(s, 0).rule == "RW-12.1"  # battle or diplomacy still to choose
    assert B.controller(s, "6A") is None and B.controllers(s)["6A"] is None  # RW-2.7.1: not his yet
    assert RS.result(s) is None
    s = act(s, 0, {"type": "rw_choose", "value": "battle"})
    s = answer_all(s, 1)
    r = RS.result(s)
    assert B.controller(s, "6A") == 0 and r is not None and r.winners == [0]  # RW-14.9: his once the battle ends


def knights_attack(s: RunewarsState, src: str, dest: str) -> tuple[RunewarsState, list[Any]]:
    """Two Knights (health 2) attack one Berserker; cards #18 #28 #15 give each side damage 1 per card."""
    add(s, "UTHUK_BERSERKER", 1, dest)
    s.destiny.draw_pile = [18, 28, 15] + [n for n in range(1, 31) if n not in (18, 28, 15)]
    s.destiny.discard_pile = []
    s.board[src].activation = []
    s.turn, s.steps = None, []
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": dest})
    return RS.apply(s, 0, {"type": "rw_move", "units": [u.id for u in units_in(s, src, 0)]})


def test_rw15_7_damage_on_units_is_healed_after_every_battle() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    knights = add(s, "HUMAN_KNIGHT", 0, "1A", 2)
    s, events = knights_attack(s, "1A", "1B")
    hurt = [e.data["unit"] for e in events if e.kind == "battle_damage" and e.data["unit"] in knights]
    assert hurt == [knights[0]]  # one Knight took 1 damage
    healed = [e.data["units"] for e in events if e.kind == "battle_heal"]
    assert healed == [[knights[0]]]  # RW-15.7 / RW-14.7.3: removed at the end of the battle
    s, events = knights_attack(s, "1B", "1C")
    again = [e.data for e in events if e.kind == "battle_damage" and e.data["unit"] == knights[0]]
    assert again == [{"unit": knights[0], "amount": 1, "destroyed": False}]  # 1 + 0 carried over < health 2
    assert {u.id for u in units_in(s, "1C", 0)} == set(knights)


def test_rw16_4_retreat_into_a_full_area_destroys_down_to_eight() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, borders={("1B", "2A"): "mountain", ("1B", "2B"): "mountain"})
    add(s, "UTHUK_BERSERKER", 1, "1B")
    add(s, "UTHUK_BERSERKER", 1, "1C", 8)
    movers = add(s, "HUMAN_INFANTRY", 0, "1A", 2)
    s = mobilize(s, 0, "1B", movers)
    assert units_in(s, "1C", 1) and len(units_in(s, "1C", 1)) == 9  # the one friendly area (RW-16.1.1)
    p = prompt(s, 1)
    assert p.rule == "RW-16.4" and "1 of the 9 units in 1C" in p.question  # RW-16.4: 9 units there now
    s = act(s, 1, p.options[0].action)
    assert B.unit_count(s, "1C", 1) == 8


def test_rw15_5_forced_destruction_takes_standing_units_first() -> None:
    # RW-15.5 narrows RW-10.9.2's "units of his choice": standing units go before routed ones.
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1B", 8)
    routed = add(s, "HUMAN_INFANTRY", 0, "1B", routed=True)
    queue(s, "destroy", 0, areas={"1B": 1})
    p = prompt(s, 0)
    before = s.model_dump_json()
    with pytest.raises(RuleViolation) as err:  # RW-15.5: a standing unit must go while he has one
        act(s, 0, {"type": "rw_destroy", "units": routed})
    assert err.value.rule == "RW-15.5"
    assert s.model_dump_json() == before and p.options
    # every ready answer takes standing units only (RW-15.5)
    assert all(set(o.action["units"]).isdisjoint(routed) for o in p.options)
    s = act(s, 0, p.options[0].action)
    assert B.unit_count(s, "1B", 0) == 8 and any(u.id in routed for u in s.units)


def test_rw15_5_routed_units_go_only_when_standing_units_are_too_few() -> None:
    # RW-15.5 "where possible": with 2 standing and 3 routed, destroying 3 takes both standing units
    # and 1 routed one; a pick that spares a standing unit is refused (RW-15.5 with RW-6.8.2).
    s = make_state(["HUMANS", "UTHUK"], TWO)
    standing = add(s, "HUMAN_INFANTRY", 0, "1B", 2)
    routed = add(s, "HUMAN_INFANTRY", 0, "1B", 3, routed=True)
    queue(s, "destroy", 0, areas={"1B": 3}, rule="RW-6.8.2")
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_destroy", "units": [standing[0], *routed[:2]]})
    assert s.model_dump_json() == before
    s = act(s, 0, {"type": "rw_destroy", "units": [*standing, routed[0]]})
    assert [u.id for u in s.units if u.area == "1B" and u.owner == 0] == routed[1:]


def test_rw15_2_routed_models_stand_up_in_spring_including_neutrals_and_heroes() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=0, year=2)
    add(s, "HUMAN_INFANTRY", 0, "1B", routed=True)
    add(s, "BEASTMAN", None, "2B", routed=True)
    s.heroes.heroes.append(Hero(uid="H1", card="H01", owner=1, area="1C", routed=True))
    s = queue(s, "season_secondary")
    assert not any(u.routed for u in s.units)  # RW-15.2 / RW-6.5
    assert not s.heroes.heroes[0].routed


def prompt_or_none(s: RunewarsState) -> Any:
    """The first prompt that still has options, if any."""
    ps = [p for p in RS.prompts(s) if p.options]
    return ps[0] if ps else None


def test_rw15_2_routed_models_stay_down_outside_spring() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=2, year=2)
    add(s, "HUMAN_INFANTRY", 0, "1B", routed=True)
    s = queue(s, "season_secondary")
    while prompt_or_none(s) is not None:  # the autumn choice, whichever it is
        p = prompt_or_none(s)
        assert p is not None
        s = act(s, p.seat, p.options[0].action)
    assert all(u.routed for u in s.units)  # RW-15.2: only the spring secondary stands them up


# ---- RW-11 neutrals and RW-12 / RW-13 diplomacy draws ------------------------------------------------------


def diplomacy(influence: int, spend: int) -> RunewarsState:
    """Elves move into 6N (a Sorcerer and two Beastmen) and attempt diplomacy, spending ``spend``."""
    s = make_state(["ELVES", "UTHUK"], {"6N": {"hex": (0, 0)}, "6B": {"hex": (1, 0)}})
    add(s, "SORCERER", None, "6N")
    add(s, "BEASTMAN", None, "6N", 2)
    elves = add(s, "ELF_ARCHER", 0, "6B", 2)
    s.seats[0].influence = influence
    s.destiny.draw_pile = [5, 1]
    s.destiny.discard_pile = [7, 8, 9]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "6N"})
    s = act(s, 0, {"type": "rw_move", "units": elves})
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})
    return act(s, 0, {"type": "rw_choose", "value": str(spend)})


def test_rw13_5_rw13_6_rw13_8_diplomacy_draws_one_card_per_influence_all_at_once() -> None:
    s = diplomacy(5, 3)
    p = prompt(s, 0)
    assert p.rule == "RW-12.4"
    assert len(values(p)) == 3  # RW-13.5: 3 influence spent, 3 cards; RW-13.6: all drawn before any choice
    assert values(p)[:2] == ["5", "1"]  # the deck's two cards...
    assert s.destiny.reshuffles == 1 and values(p)[2] in {"7", "8", "9"}  # RW-13.8: ...then the reshuffled discard
    assert s.seats[0].influence == 2  # RW-31.1: influence is spent on diplomacy


def test_rw12_6_rw13_7_the_destiny_discard_pile_is_public() -> None:
    s = diplomacy(5, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "5"})
    assert RS.view(s, None)["destiny"]["discard"] == [5, 1, 8]  # RW-12.6 / RW-13.7: for every player
    assert RS.view(s, 1)["destiny"]["discard"] == [5, 1, 8]


def test_rw11_8_diplomacy_treats_all_the_neutrals_of_the_area_as_one() -> None:
    s = diplomacy(5, 1)
    s = act(s, 0, {"type": "rw_choose", "value": "5"})  # an ALLY result
    kinds = {(u.kind, u.owner) for u in units_in(s, "6N")}
    assert kinds == {("SORCERER", 0), ("BEASTMAN", 0), ("ELF_ARCHER", 0)}  # RW-11.8: every kind together


def test_rw11_5_the_player_left_of_the_current_player_decides_for_unallied_neutrals() -> None:
    areas = {**TWO, "2C": {"hex": (2, 1), "home_of": 2}}
    for current, home, left in ((0, "1A", 1), (2, "2C", 0)):
        s = make_state(["HUMANS", "UTHUK", "ELVES"], areas)
        add(s, "BEASTMAN", None, "1B")
        kind = ("HUMAN_INFANTRY", "UTHUK_BERSERKER", "ELF_ARCHER")[current]
        s = mobilize(s, current, "1B", add(s, kind, current, home, 3))
        s = act(s, current, {"type": "rw_choose", "value": "battle"})
        assert s.battle is not None and s.battle.neutral_controller == left  # RW-11.5 / RW-11.7
        p = prompt(s)
        assert p.rule == "RW-16.1.2" and p.seat == left  # the beaten neutrals' retreat is his to choose
        before = s.model_dump_json()
        with pytest.raises(RuleViolation):
            act(s, current, p.options[0].action)
        assert s.model_dump_json() == before


def test_rw11_1_rally_support_brings_neutrals_from_the_supply() -> None:
    areas = dict(TWO)
    areas["1B"] = {"hex": (1, 0), "city": "C1"}
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "HUMAN_ARCHER", 0, "1B")
    supply = {k: B.supply_left(s, k) for k in B.catalog().unit_types if B.catalog().is_neutral_kind(k)}
    s = start_turn(s, 0, 6)
    s = act(s, 0, {"type": "rw_choose", "value": "neutrals"})
    new = [u for u in units_in(s, "1B") if B.catalog().is_neutral_kind(u.kind)]
    assert new  # RW-11.1: Rally Support is a source of neutral units
    assert all(B.supply_left(s, u.kind) == supply[u.kind] - sum(1 for x in new if x.kind == u.kind) for u in new)


# ---- RW-17 / RW-19 strongholds and developments -------------------------------------------------------------


def test_rw17_6_rw19_3_a_captured_stronghold_is_damaged_and_loses_its_development() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1B", 1, development="training")
    movers = add(s, "HUMAN_KNIGHT", 0, "1A", 4) + add(s, "HUMAN_INFANTRY", 0, "1A", 4)
    s = answer_all(mobilize(s, 0, "1B", movers), 1)
    sh = s.board["1B"].stronghold
    assert sh is not None and sh.owner == 0  # captured (RW-14.7.2)
    assert sh.damaged  # RW-17.6: it enters play damaged
    assert sh.development is None  # RW-19.3 / RW-17.6: the development is destroyed with it


def test_rw17_2_rw17_7_a_damaged_stronghold_still_controls_and_recruits() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "2B", 0, damaged=True)
    assert B.controller(s, "2B") == 0  # RW-17.2 / RW-17.7: control
    s.seats[0].dials["ore"] = 4
    s = start_turn(s, 0, 5)
    s = act(s, 0, {"type": "rw_choose", "value": "ore"})
    kinds = list(s.steps[0].data["units"])
    placement: dict[str, int] = {}
    for k in kinds:
        placement[k] = placement.get(k, 0) + 1
    s = act(s, 0, {"type": "rw_place_units", "placement": {"2B": placement}})
    assert sorted(u.kind for u in units_in(s, "2B", 0)) == sorted(kinds)  # RW-17.7: recruiting there


def test_rw17_2_recruits_go_only_to_stronghold_areas() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "2B", 0)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s.seats[0].dials["ore"] = 4
    s = start_turn(s, 0, 5)
    s = act(s, 0, {"type": "rw_choose", "value": "ore"})
    placement: dict[str, int] = {}
    for k in s.steps[0].data["units"]:
        placement[k] = placement.get(k, 0) + 1
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):  # RW-17.2: 1B is his, but has no stronghold
        act(s, 0, {"type": "rw_place_units", "placement": {"1B": placement}})
    assert s.model_dump_json() == before


def test_rw19_2_developments_go_on_own_strongholds_one_each() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    stronghold(s, "1A", 0, development="training")
    stronghold(s, "2B", 0)
    stronghold(s, "1C", 1)
    add(s, "HUMAN_ARCHER", 0, "1B")
    s = queue(s, "harvest_build", 0)
    where = {v.split(":")[0] for v in values(prompt(s, 0)) if ":" in v}
    assert where == {"2B"}  # RW-19.2: not 1A (already one), not 1B (no stronghold), not 1C (not his)
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_choose", "value": "1C:resource"})
    assert s.model_dump_json() == before
