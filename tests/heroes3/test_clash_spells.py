"""The Clash spells' printed combat effects (H3-15, H3-35; S-H1 docs/spells): each spell cast
through the same option lists a player gets, checked against its card, plus simulated combats
with every one of them in the hands and in an AI hero's spell deck."""

from __future__ import annotations

from typing import Any

import pytest

from engine import sim
from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as combat_flow
from engine.heroes3.combat import spells
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.content import Content, load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from .helpers import combat_state, dice, hand, lethal_attack, side, unit

NEW = [
    "anti_magic",
    "berserk",
    "bless",
    "blind",
    "chain_lightning_spell",
    "counterstrike",
    "dispel",
    "disrupting_ray",
    "fireball",
    "prayer",
    "resurrection_spell",
    "shield",
    "teleport",
]


def _duel(cards0: list[str], cards1: list[str] | None = None) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards0), side(1, cards=cards1 or [])],
        units=[
            unit("a1", "crusaders", "few", 0, (0, 1)),  # silver
            unit("a2", "halberdiers", "few", 0, (1, 1)),  # bronze
            unit("d1", "skeletons", "few", 1, (0, 3)),  # bronze
            unit("d2", "zombies", "few", 1, (1, 2)),  # bronze, next to a2
            unit("d3", "liches", "few", 1, (3, 4)),  # silver
        ],
    )


def _casts(c: Combat, team: int, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, team, card)
    return [
        o.action
        for o in card_rules.playable(c, c.sides[team], activating)
        if o.action["card"] == inst and o.action["mode"] == "cast"
    ]


def _cast(c: Combat, team: int, card: str, **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, team, card), mode="cast", **kw)
    data = card_rules.as_offered(action)
    assert data in _casts(c, team, card, activating=True) or data in _casts(c, team, card, activating=False)
    return card_rules.play(c, c.sides[team], action, dice())


def test_h3_15_4_every_clash_combat_spell_has_its_printed_effect() -> None:
    # H3-15.1: only the two map spells keep "alternative only" in combat; the 13 others are cast.
    cards = load().cards
    assert all(cards[c].effect not in ("none",) for c in NEW)
    assert sorted(c.id for c in cards.values() if c.kind == "spell" and c.effect == "none") == [
        "town_portal",
        "view_air",
    ]


def test_h3_15_3_anti_magic_reaches_tiers_by_power_and_shields_from_spells() -> None:
    # S-H1 Anti-Magic: Power 0 bronze, 2 silver, 4 gold; no spell targets the unit, area spells skip it.
    c = _duel(["anti_magic", "magic_arrow", "fireball"])
    assert {a["target"] for a in _casts(c, 0, "anti_magic")} == {"a2", "d1", "d2"}  # bronze only at Power 0
    c.sides[0].pending_power = 2
    assert "a1" in {a["target"] for a in _casts(c, 0, "anti_magic")}
    _cast(c, 0, "anti_magic", target="d2")
    assert c.unit("d2").anti_magic and c.sides[0].pending_power == 0 and c.sides[0].spells_cast == 1
    c.sides[0].spells_cast = 0
    assert "d2" not in {a["target"] for a in _casts(c, 0, "magic_arrow")}
    events = _cast(c, 0, "fireball", cell=[1, 1], cell2=[1, 2])  # a2 and d2
    assert c.unit("d2").damage == 0 and c.unit("a2").damage == 1
    assert "h3_spell_ignored" in [e.kind for e in events]


def test_h3_35_3_berserk_unit_must_attack_the_nearest_unit_of_either_side() -> None:
    # S-H1 Berserk (ongoing): in its activation it attacks the nearest unit, a friendly one too.
    c = _duel(["berserk"])
    c.unit("a1").pos = (0, 0)
    c.unit("a2").pos = (1, 0)
    c.unit("d2").pos = (3, 2)
    c.sides[0].pending_power = 2  # silver reached
    _cast(c, 0, "berserk", target="a1")
    assert c.unit("a1").berserk
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    options = [o.action for o in SKIRMISH.prompts(state)[0].options]
    assert options == [{"type": "attack", "unit": "a1", "target": "a2"}]  # the friendly Halberdiers are nearest
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "end", "unit": "a1"})
    state, events = SKIRMISH.apply(state, 0, options[0])
    assert "h3_attack" in [e.kind for e in events]


def test_h3_40_engine_run_berserk_unit_attacks_the_nearest_unit() -> None:
    # An engine-run (AI) berserk unit: moves next to the nearest unit and attacks it.
    c = Combat(kind="neutral", sides=[side(0, cards=["berserk"]), side(1, owner=None, seat=None)])
    c.units = [
        unit("a1", "crusaders", "few", 0, (0, 0)),
        unit("n1", "n_goblins", "neutral", 1, (3, 4)),
        unit("n2", "n_goblins", "neutral", 1, (2, 4)),
    ]
    c.unit("n1").berserk = True
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_ai", unit="n1")]
    FLOW.advance(state)
    kinds = [s.kind for s in state.steps]
    assert c.attack is not None and c.attack.target == "n2" and c.attack.attacker == "n1", kinds


def test_h3_33_6_bless_rolls_no_attack_die_and_adds_attack_by_power() -> None:
    # S-H1 Bless: the unit ignores the attack die (no result, so no die ability); Power 1 adds +1 attack.
    c = _duel(["bless"])
    c.sides[0].pending_power = 1
    assert {a["target"] for a in _casts(c, 0, "bless", activating=False)} == {"a1", "a2"}  # own ground/flying
    _cast(c, 0, "bless", target="a2")
    assert c.unit("a2").blessed and c.unit("a2").attack_bonus == 1
    state = combat_state(c)
    state.rng = dice(1, 1, 1)
    c.attack = PendingAttack(attacker="a2", target="d2")
    state.steps = [FLOW.new(state, "h3c_roll")]
    FLOW.advance(state)
    assert c.attack is None or c.attack.die is None
    # halberdiers 2 + 1 (Bless) - zombies' defence 1 = 2 damage, no die
    assert c.unit("d2").damage == 2 and not c.unit("a2").blessed and c.unit("a2").attack_bonus == 0


def test_h3_33_8_blind_paralyses_a_unit_of_the_tier_reached() -> None:
    c = _duel(["blind"])
    assert "d3" not in {a["target"] for a in _casts(c, 0, "blind")}  # silver needs Power 1
    c.sides[0].pending_power = 1
    _cast(c, 0, "blind", target="d3")
    assert c.unit("d3").paralysed


def test_h3_15_3_chain_lightning_spell_hits_three_units_by_power() -> None:
    # S-H1 Chain Lightning: a unit, then the two closest (either side): 1/1/1, Power 2: 2/1/1, Power 4: 3/2/1.
    c = _duel(["chain_lightning_spell"])
    chains = [a for a in _casts(c, 0, "chain_lightning_spell") if a["target"] == "d2"]
    # d2 (1,2): a2 (1,1) is at 1; then a1 (0,1) and d1 (0,3) tie at 2: the caster orders them
    assert sorted((a["other"], a["third"]) for a in chains) == [("a2", "a1"), ("a2", "d1")]
    c.sides[0].pending_power = 4
    _cast(c, 0, "chain_lightning_spell", target="d2", other="a2", third="d1")
    assert [c.unit(u).damage for u in ("d2", "a2", "d1")] == [3, 2, 1]


def test_h3_33_7_counterstrike_removes_the_black_cube() -> None:
    c = _duel(["counterstrike"])
    assert _casts(c, 0, "counterstrike", activating=False) == []  # nobody holds a black cube
    c.unit("a2").retaliated = True
    _cast(c, 0, "counterstrike", target="a2")
    assert not c.unit("a2").retaliated


def test_h3_35_3_dispel_ends_ongoing_effects_on_a_unit() -> None:
    c = _duel(["dispel"])
    c.unit("d2").initiative_bonus = 2  # Haste
    c.unit("d2").berserk = True
    assert {a["target"] for a in _casts(c, 0, "dispel")} == {"d2"}
    _cast(c, 0, "dispel", target="d2")
    assert c.unit("d2").initiative_bonus == 0 and not c.unit("d2").berserk


def test_h3_35_3_disrupting_ray_silences_abilities_for_the_combat() -> None:
    c = _duel(["disrupting_ray"])
    assert c.unit("d2").has("defend_on_die")
    _cast(c, 0, "disrupting_ray", target="d2")
    assert c.unit("d2").disrupted and not c.unit("d2").has("defend_on_die") and c.unit("d2").stats().abilities == []


def test_h3_27_1_fireball_burns_two_adjacent_spaces_friend_and_foe() -> None:
    c = _duel(["fireball"])
    offered = _casts(c, 0, "fireball")
    assert {
        "type": "play",
        "card": hand(c, 0, "fireball"),
        "mode": "cast",
        "target": None,
        "cell": [1, 1],
        "cell2": [1, 2],
    } in offered
    c.sides[0].pending_power = 2
    _cast(c, 0, "fireball", cell=[1, 1], cell2=[1, 2])
    assert c.unit("a2").damage == 2 and c.unit("d2").damage == 2


def test_h3_35_5_prayer_raises_the_chosen_statistic() -> None:
    c = _duel(["prayer", "prayer"])
    choices = {a["choice"] for a in _casts(c, 0, "prayer") if a["target"] == "a1"}
    assert choices == {"attack", "defense", "initiative"}
    _cast(c, 0, "prayer", target="a1", choice="initiative")
    assert c.unit("a1").initiative() == load().unit("crusaders").sides["few"].initiative + 1
    state = combat_state(c)
    combat_flow.new_round(FLOW, state, FLOW.new(state, "h3c_round"))
    assert c.unit("a1").round_initiative == 0  # only this combat round (house)
    c.sides[0].pending_power = 4
    _cast(c, 0, "prayer", target="a2", choice="defense")
    assert c.unit("a2").defense_bonus == 3


def test_h3_35_4_resurrection_spell_saves_bronze_for_no_power_and_counts_as_the_spell() -> None:
    # S-H1 Resurrection: bronze at Power 0, silver at 2, gold at 4; it is a cast (H3-35.2).
    state = lethal_attack(["resurrection_spell", "attack"])
    assert {"type": "resurrect", "play": True} in [o.action for o in SKIRMISH.prompts(state)[0].options]
    state, events = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    c = state.combat
    assert c is not None and c.unit("d1").alive and c.unit("d1").damage == 0
    assert c.sides[1].spells_cast == 1 and "h3_resurrected" in [e.kind for e in events]
    # a silver unit needs Power 2: with 1 the side is asked (Power is public) but cannot play it
    state = lethal_attack(["resurrection_spell", "attack"], power=1, target="magi")
    assert [o.action for o in SKIRMISH.prompts(state)[0].options] == [{"type": "resurrect", "play": False}]


def test_h3_35_4_shield_only_for_the_unit_defending_against_ground_or_flying() -> None:
    c = _duel([], ["shield"])
    assert _casts(c, 1, "shield", activating=False) == []  # no attack declared
    c.attack = PendingAttack(attacker="a2", target="d2")
    assert {a["target"] for a in _casts(c, 1, "shield", activating=False)} == {"d2"}
    _cast(c, 1, "shield", target="d2")
    assert c.unit("d2").defense_bonus == 1
    c.attack = PendingAttack(attacker="a2", target="d2", ranged=True)
    c.sides[1].spells_cast = 0
    c.sides[1].deck.hand.append(c.sides[1].deck.discard.pop())  # type: ignore[union-attr]  # deck is set
    assert _casts(c, 1, "shield", activating=False) == []  # a ranged attacker: not covered


def test_h3_35_3_teleport_moves_a_friendly_unit_to_any_empty_space() -> None:
    c = _duel(["teleport"])
    targets = {a["target"] for a in _casts(c, 0, "teleport")}
    assert targets == {"a2"}  # own bronze unit at Power 0
    assert not any(a["cell"] == [0, 3] for a in _casts(c, 0, "teleport"))  # occupied
    _cast(c, 0, "teleport", target="a2", cell=[3, 3])
    assert c.unit("a2").pos == (3, 3)


def test_h3_41_7_ai_spell_deck_with_every_clash_spell_never_breaks() -> None:
    # H3-41.7 / H3-42: an AI hero's spell deck holding the new spells; unsupported ones go back (no target).
    report = sim.run("heroes3-skirmish", 3, 31, options={"mode": "ai_hero", "ai_spells": NEW})
    assert report["finished"] == 3 and report["violations"] == 0 and report["invariant_failures"] == 0, report
    c = _duel([])
    for card in NEW:
        target = spells.ai_target(c, 1, load().cards[card], 4)
        if target is not None:
            spells.ai_resolve(c, load().cards[card], 4, target, dice(0, 0, 0))


@pytest.mark.parametrize("mode", ["duel", "neutral"])
def test_h3_35_sim_combats_with_every_clash_spell_in_hand(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every player's deck holds the 13 spells plus Power: the random games (berserk units of the
    # engine-run neutrals included) finish with no illegal offered option and no invariant failure.
    def deck(self: Content, hero: str) -> list[str]:
        return [*NEW, "power", "power"]

    monkeypatch.setattr(Content, "hero_deck", deck)
    options: dict[str, Any] = {"mode": mode}
    if mode == "neutral":
        options.update({"neutral_ai": True, "field_level": 4, "level": 1})
    report = sim.run("heroes3-skirmish", 4, 77, options=options)
    assert report["finished"] == 4 and report["violations"] == 0 and report["invariant_failures"] == 0, report
