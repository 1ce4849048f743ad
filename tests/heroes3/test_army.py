"""The unit deck between combats (H3-26): recruit, reinforce, reinforce by effect, refill."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3 import army as A
from engine.heroes3.combat.models import ArmyCard
from engine.heroes3.content import FACTIONS, load

ALL = {"dwelling:bronze", "dwelling:silver", "dwelling:gold", "citadel"}


def test_h3_26_1_seven_units_per_faction_and_a_separate_pool() -> None:
    # H3-26.1: every faction has 7 different units; the unit deck is kept apart from the pool.
    for faction in FACTIONS:
        units = A.faction_units(faction)
        tiers = sorted(load().unit(u).tier for u in units)
        assert len(units) == 7 and tiers.count("bronze") == 3 and tiers.count("silver") == 2
    deck = [ArmyCard(card="griffins", side="few")]
    assert "griffins" not in A.unrecruited("castle", deck) and len(A.unrecruited("castle", deck)) == 6


def test_h3_26_3_recruit_and_reinforce_in_one_token_use() -> None:
    # H3-26.3 / H3-26.3.1 / H3-26.3.2: pay both costs; the recruit enters on its Few side and the
    # same unit may be reinforced at once (Rec.) with a Citadel and its dwelling.
    few, pack = load().unit("griffins").sides["few"].cost["gold"], load().unit("griffins").sides["pack"].cost["gold"]
    army, purse = A.recruit_and_reinforce([], "castle", ALL, {"gold": 20}, ["griffins"], ["griffins"])
    assert army == [ArmyCard(card="griffins", side="pack")] and purse["gold"] == 20 - few - pack
    army, _ = A.recruit_and_reinforce([], "castle", {"dwelling:bronze"}, {"gold": 20}, ["griffins"], [])
    assert army == [ArmyCard(card="griffins", side="few")]


def test_h3_26_3_refusals_change_nothing() -> None:
    # H3-26.3.1: no dwelling of the tier; H3-26.3.2: no Citadel; H3-26.3: cannot pay.
    start = [ArmyCard(card="halberdiers", side="few")]
    with pytest.raises(RuleViolation) as e1:
        A.recruit_and_reinforce(start, "castle", {"dwelling:bronze"}, {"gold": 50}, ["champions"], [])
    assert e1.value.rule == "H3-26.3.1"
    with pytest.raises(RuleViolation) as e2:
        A.recruit_and_reinforce(start, "castle", {"dwelling:bronze"}, {"gold": 50}, [], ["halberdiers"])
    assert e2.value.rule == "H3-26.3.2"
    with pytest.raises(RuleViolation) as e3:
        A.recruit_and_reinforce(start, "castle", ALL, {"gold": 0}, ["griffins"], [])
    assert e3.value.rule == "H3-26.3"
    assert start == [ArmyCard(card="halberdiers", side="few")]


def test_h3_26_6_defeated_units_can_be_recruited_again() -> None:
    # H3-26.6 / H3-26.2: a defeated faction unit left the deck, so it is in the pool again;
    # a unit still in the deck cannot be recruited a second time.
    army, _ = A.recruit_and_reinforce([], "castle", ALL, {"gold": 50}, ["griffins"], [])
    with pytest.raises(RuleViolation) as err:
        A.recruit_and_reinforce(army, "castle", ALL, {"gold": 50}, ["griffins"], [])
    assert err.value.rule == "H3-26.6"
    assert "griffins" in A.unrecruited("castle", [])


def test_h3_26_4_and_26_7_reinforce_by_effect_but_never_a_neutral() -> None:
    # H3-26.4: an effect reinforces without token, Citadel or dwelling; H3-26.7: not a neutral.
    army = [ArmyCard(card="skeletons", side="few"), ArmyCard(card="n_pegasi", side="neutral")]
    assert A.reinforce_by_effect(army, 0)[0] == ArmyCard(card="skeletons", side="pack")
    with pytest.raises(RuleViolation) as err:
        A.reinforce_by_effect(army, 1)
    assert err.value.rule == "H3-26.7"


def test_h3_26_5_refill_only_an_empty_deck() -> None:
    # H3-26.5: an emptied unit deck becomes the scenario's starting units, free.
    starting = [ArmyCard(card="skeletons", side="few"), ArmyCard(card="zombies", side="few")]
    assert A.refill([], starting) == starting
    kept = [ArmyCard(card="wraiths", side="pack")]
    assert A.refill(kept, starting) == kept
