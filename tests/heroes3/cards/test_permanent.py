"""Permanent cards (H3-13.2.7, P-27, A-19): into play from the hand, one at a time, public, and
the basic effect of a Magic ability in play on spells cast on the map."""

from __future__ import annotations

import json

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash import invariants
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState

from ..clash.helpers import act, mutate, new_game, to_main


def _sandro() -> ClashState:
    return mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))


def _give(state: ClashState, *card_ids: str) -> list[str]:
    out = []
    for cid in card_ids:
        inst = state.new_card(cid)
        state.player(0).deck.hand.append(inst)
        out.append(inst)
    return out


def _labels(state: ClashState, inst: str) -> list[str]:
    return [str(o.label) for o in CLASH.prompts(state)[0].options if o.action.get("card") == inst]


def _tiers(state: ClashState, inst: str) -> list[int]:
    options = CLASH.prompts(state)[0].options
    return [int(o.action["tier"]) for o in options if o.action.get("card") == inst and o.action["mode"] == "cast"]


def test_h3_13_2_7_a_permanent_goes_into_play_publicly() -> None:
    state = _sandro()
    (cloak,) = _give(state, "cloak_of_the_undead_king")
    assert any("into play" in label for label in _labels(state, cloak))
    state, events = act(state, 0, {"type": "play_card", "card": cloak, "mode": "basic"})
    p = state.player(0)
    assert p.permanent == cloak and cloak not in p.deck.hand and cloak not in p.deck.discard
    assert any(e.kind == "h3_permanent" and e.audience is None for e in events)
    other = CLASH.view(state, 1)
    assert other["players"][0]["permanent"] == "cloak_of_the_undead_king"  # public (H3-13.2.7)
    assert invariants.check(state) == []  # card zones conserved


def test_p_27_a_second_permanent_replaces_and_discards_the_first() -> None:
    state = _sandro()
    first, second = _give(state, "cloak_of_the_undead_king", "cloak_of_the_undead_king_iv")
    state, _ = act(state, 0, {"type": "play_card", "card": first, "mode": "basic"})
    labels = _labels(state, second)
    assert any("replaces" in label for label in labels)
    state, _ = act(state, 0, {"type": "play_card", "card": second, "mode": "basic"})
    p = state.player(0)
    assert p.permanent == second and first in p.deck.discard  # H3-13.2.7: only one in play
    assert invariants.check(state) == []
    assert "cloak_of_the_undead_king_iv" in json.dumps(CLASH.view(state, None))


def test_a_19_magic_ability_in_play_adds_power_to_its_school_on_the_map() -> None:
    # Air Magic in play: +1 Power to air spells (View Air), none to earth spells (Town Portal).
    state = _sandro()
    air, view_air, portal = _give(state, "air_magic", "view_air", "town_portal")
    state, _ = act(state, 0, {"type": "play_card", "card": air, "mode": "basic"})
    assert _tiers(state, view_air) == [0, 1]
    assert _tiers(state, portal) == [0]
    bm = state.player(0).resources.get("building_materials", 0)
    state, _ = act(state, 0, {"type": "play_card", "card": view_air, "mode": "cast", "tier": 1})
    assert state.player(0).resources["building_materials"] == bm + 2
    assert state.player(0).permanent == air  # it stays in play


def test_a_19_magic_expert_effect_from_play_adds_three_power_and_discards_it() -> None:
    # Air Magic's expert effect (+3 Power as an air spell is cast) used from play: one expert use.
    state = _sandro()
    p = state.player(0)
    p.level, p.xp = 2, 2
    air, view_air = _give(state, "air_magic", "view_air")
    state, _ = act(state, 0, {"type": "play_card", "card": air, "mode": "basic"})
    boosted = [
        o.action
        for o in CLASH.prompts(state)[0].options
        if o.action.get("card") == view_air and o.action.get("expert") and o.action["mode"] == "cast"
    ]
    assert [a["tier"] for a in boosted] == [2]  # 1 (in play) + 3 reaches tier 2; tiers 0-1 need no boost
    valuables = state.player(0).resources.get("valuables", 0)
    state, _ = act(state, 0, dict(boosted[0]))
    p = state.player(0)
    assert p.resources["valuables"] == valuables + 1
    assert p.permanent is None and air in p.deck.discard and p.expert_used == 1
    assert invariants.check(state) == []


def test_a_19_magic_expert_effect_needs_an_expert_use_and_a_card_of_the_school() -> None:
    state = _sandro()  # level I: no expert uses
    (view_air,) = _give(state, "view_air")
    before = state.model_dump_json()
    action = {"type": "play_card", "card": view_air, "mode": "cast", "tier": 2, "expert": True}
    with pytest.raises(RuleViolation) as err:
        act(state, 0, action)
    assert err.value.rule == "H3-12.12" and state.model_dump_json() == before
    state.player(0).level = 2
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, action)  # no Air Magic in hand or in play
    assert err.value.rule == "H3-14.1" and state.model_dump_json() == before
