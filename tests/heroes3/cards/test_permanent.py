"""Permanent cards (H3-13.2.7, P-27, A-19): into play from the hand, one at a time, public, and
the basic effect of a Magic ability in play on spells cast on the map."""

from __future__ import annotations

import json

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash import invariants
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content import SideName

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


def _cloak_combat(card: str, army: list[tuple[str, SideName]]) -> ClashState:
    """Sandro with ``card`` in play and ``army``, attacking a level II neutral field."""
    from engine.heroes3.adventure import encounters
    from engine.heroes3.adventure.geometry import neighbours, step_ok
    from engine.heroes3.combat.models import ArmyCard

    state = _sandro()
    (cloak,) = _give(state, card)
    state, _ = act(state, 0, {"type": "play_card", "card": cloak, "mode": "basic"})
    state = mutate(state)
    p = state.player(0)
    p.army = [ArmyCard(card=c, side=s) for c, s in army]
    assert p.main is not None
    origin = p.main.field
    target = next(n for n in neighbours(origin) if step_ok(state, origin, n))
    p.level = 1
    encounters.neutral_combat(state, 0, "main", origin, target, 2)
    return state


def test_h3_13_2_7_cloak_of_the_undead_king_lays_the_horde_over_the_skeletons_pack() -> None:
    # S-H1 Sandro I: on the Pack of Skeletons it replaces the statistics (attack 3, defence 1, HP 2,
    # initiative 6) until its own HP run out; the excess carries to the Pack, the card is discarded.
    from engine.heroes3.clash.flow import FLOW
    from engine.heroes3.combat import rules as r
    from engine.heroes3.combat.flow import finish

    state = _cloak_combat("cloak_of_the_undead_king", [("zombies", "pack"), ("skeletons", "pack")])
    combat = state.combat
    assert combat is not None
    horde = next(u for u in combat.units if u.card == "skeletons")
    zombies = next(u for u in combat.units if u.card == "zombies")
    assert zombies.overlay is None
    assert (horde.stats().attack, horde.stats().defense, horde.hp(), horde.initiative()) == (3, 1, 2, 6)
    cloak = horde.overlay_card
    assert cloak is not None
    assert not r.would_defeat(horde, 3)  # 2 on the Cloak, 1 carried to the Pack (HP 2)
    events = r.deal_damage(combat, horde, 3)
    assert "h3_cloak_gone" in [e.kind for e in events]
    assert horde.overlay is None and horde.side == "pack" and horde.damage == 1 and horde.alive
    assert horde.stats().attack == 3 and horde.initiative() == 5  # the Pack's own card again
    state.steps[:] = [s for s in state.steps if s.kind == "after_combat"]
    finish(FLOW, state, "retreat", None)
    FLOW.advance(state)
    p = state.player(0)
    assert p.permanent is None and cloak in p.deck.discard  # H3-13.2.2: out of play, to the discard pile
    assert invariants.check(state) == []


def test_h3_13_2_7_cloak_iv_needs_the_zombies_pack_and_vi_any_skeletons() -> None:
    state = _cloak_combat("cloak_of_the_undead_king_iv", [("zombies", "few"), ("skeletons", "pack")])
    assert state.combat is not None and all(u.overlay is None for u in state.combat.units)
    state = _cloak_combat("cloak_of_the_undead_king_vi", [("skeletons", "few")])
    assert state.combat is not None
    legion = next(u for u in state.combat.units if u.card == "skeletons")
    assert legion.overlay is not None and legion.stats().attack == 4 and legion.hp() == 2
    assert state.player(0).permanent is not None  # still in play while the Cloak has HP
