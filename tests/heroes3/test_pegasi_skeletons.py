"""The last two core neutral abilities as data (effects with timing tags): neutral Pegasi and
neutral Skeletons (H3-27.3 passive, H3-26.4, H3-29.4)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as cf
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import ArmyCard, Combat, CombatSide
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from .helpers import combat_state, side, unit


def _neutral(*units: Any, cards: list[str] | None = None, **kw: Any) -> Combat:
    return Combat(kind="neutral", sides=[side(0, cards=cards, **kw), CombatSide(team=1)], units=list(units))


def test_no_core_unit_ability_is_left_as_text_outside_the_map() -> None:
    # H3-27.3: every combat ability is automated; only "map" abilities (adventure game) stay text.
    for u in load().units.values():
        for s in u.sides.values():
            for a in s.abilities:
                assert a.effect != "text" or a.timing == "map", (u.id, a.text)
    pegasi = load().unit("n_pegasi").sides["neutral"].abilities[0]
    assert (pegasi.timing, pegasi.effect, pegasi.num("power")) == ("passive", "caster_discards", 1)
    skeletons = load().unit("n_skeletons").sides["neutral"].abilities[0]
    assert (skeletons.timing, skeletons.effect) == ("passive", "defeat_reinforce")


def test_h3_27_3_pegasi_caster_discards_a_card_with_power() -> None:
    # H3-27.3 (passive) neutral Pegasi: an enemy who casts must also discard a card with Power
    # (H3-15.3/H3-15.4: a Power card or a spell); other cards are not offered nor accepted.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 1)),
        unit("n1", "n_pegasi", "neutral", 1, (0, 4)),
        cards=["magic_arrow", "attack", "power", "cure"],
    )
    state = combat_state(c)
    cf._begin(FLOW, state, "a1")
    step = FLOW.current(state)
    assert step is not None and step.kind == "h3c_act"
    cf.act_apply(FLOW, state, step, 0, Play(type="play", card="s0c00", mode="cast", target="n1"))
    forced = FLOW.current(state)
    assert forced is not None and forced.kind == "h3c_forced_discard" and forced.data.get("power") == 1
    prompt = SKIRMISH.prompts(state)[0]
    assert sorted(o.action["target"] for o in prompt.options) == ["s0c02", "s0c03"]  # Power and Cure
    with pytest.raises(RuleViolation) as err:
        SKIRMISH.apply(state, 0, {"type": "strike", "target": "s0c01"})  # Attack has no Power
    assert err.value.rule == "H3-27.3"
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "s0c02"})
    assert state.combat is not None
    deck = state.combat.sides[0].deck
    assert deck is not None and sorted(deck.hand) == ["s0c01", "s0c03"]


def test_h3_27_3_pegasi_block_a_cast_that_cannot_pay() -> None:
    # S-H1 (Familiars' note): with no card with Power left to discard, no spell may be cast.
    c = _neutral(
        unit("a1", "titans", "few", 0, (0, 1)),
        unit("n1", "n_pegasi", "neutral", 1, (0, 4)),
        cards=["magic_arrow", "attack"],
    )
    side0 = c.sides[0]
    c.active = "a1"
    casts = [o for o in card_rules.playable(c, side0, activating=True) if o.action.get("mode") == "cast"]
    assert casts == []
    refusal = card_rules.refuse(c, side0, Play(type="play", card="s0c00", mode="cast", target="n1"), True)
    assert refusal.rule == "H3-27.3"


def test_h3_26_4_skeletons_defeated_reinforce_a_bronze_unit_of_a_necropolis_hero() -> None:
    # Neutral Skeletons (passive): a Necropolis hero who defeats them reinforces one bronze unit at
    # once, free (H3-26.4); damage is carried to the Pack side; the controller chooses.
    c = _neutral(
        unit("a1", "zombies", "few", 0, (0, 1), army_index=0, damage=1),
        unit("a2", "skeletons", "few", 0, (1, 1), army_index=1),
        unit("n1", "n_skeletons", "neutral", 1, (0, 2)),
        unit("n2", "n_boars", "neutral", 1, (3, 4)),
        faction="necropolis",
        hero="sandro",
        army=[ArmyCard(card="zombies", side="few"), ArmyCard(card="skeletons", side="few")],
    )
    state = combat_state(c)
    r.deal_damage(c, c.unit("n1"), 9)
    assert c.reinforce_due == [0]
    FLOW.advance(state)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-26.4" and sorted(o.action["target"] for o in prompt.options) == ["u:a1", "u:a2"]
    state, events = SKIRMISH.apply(state, 0, {"type": "strike", "target": "u:a1"})
    assert state.combat is not None
    zombies = state.combat.unit("a1")
    assert zombies.side == "pack" and zombies.damage == 1
    assert "h3_reinforced" in [e.kind for e in events]


def test_skeletons_reinforce_nothing_for_other_factions() -> None:
    # Only a Necropolis hero benefits (the ability's ``faction``).
    c = _neutral(
        unit("a1", "halberdiers", "few", 0, (0, 1), army_index=0),
        unit("n1", "n_skeletons", "neutral", 1, (0, 2)),
        faction="castle",
        hero="catherine",
    )
    r.deal_damage(c, c.unit("n1"), 9)
    assert c.reinforce_due == []


def test_skeletons_last_unit_reinforcement_survives_the_end_of_combat() -> None:
    # The reinforcement comes before the victory's clean-up (H3-37.3), so the deck keeps the Pack.
    c = _neutral(
        unit("a1", "zombies", "few", 0, (0, 1), army_index=0),
        unit("n1", "n_skeletons", "neutral", 1, (0, 2)),
        faction="necropolis",
        hero="sandro",
        army=[ArmyCard(card="zombies", side="few")],
    )
    state = combat_state(c)
    r.deal_damage(c, c.unit("n1"), 9)
    FLOW.advance(state)
    assert state.combat is not None and state.combat.result is not None
    assert state.combat.sides[0].army == [ArmyCard(card="zombies", side="pack")]


def test_h3_34_2_order_record_uses_the_initiative_the_unit_was_chosen_with() -> None:
    # H3-34.2: a Pack chosen at initiative 5 that a neutral Haspids' mark flips to Few (4) as it
    # activates was still activated in order; the skirmish's order check must not flag it.
    c = _neutral(
        unit("a1", "iron_golems", "pack", 0, (0, 1), damage=2, marks=1),
        unit("n1", "n_gremlins", "neutral", 1, (3, 4)),
    )
    c.round = 1
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_next")]
    FLOW.advance(state)
    golems = c.unit("a1") if state.combat is None else state.combat.unit("a1")
    assert golems.side == "few" and golems.initiative() == 4 and golems.activated
    assert state.order and state.order[0][1:3] == ("a1", 5)
    assert not [f for f in SKIRMISH.invariants(state) if "activated before" in f]
