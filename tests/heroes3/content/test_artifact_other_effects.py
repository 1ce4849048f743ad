"""Artifact cards' other printed effect in combat (H3-17.1, H3-13.2.2): "discard a card for more",
draws, healing, the enemy's random discard, initiative, morale, each played as mode ``other``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import flow as flow_rules
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat, PendingAttack
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from ..helpers import combat_state, dice, hand, side, unit


def _duel(cards: list[str], enemy: list[str] | None = None) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=enemy or [])],
        units=[unit("a1", "crusaders", "few", 0, (0, 1)), unit("d1", "skeletons", "few", 1, (0, 3))],
    )


def _others(c: Combat, card: str, *, activating: bool = False) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [
        o.action
        for o in card_rules.playable(c, c.sides[0], activating)
        if o.action["card"] == inst and o.action["mode"] == "other"
    ]


def _play(c: Combat, card: str, **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, 0, card), mode="other", **kw)
    assert card_rules.as_offered(action) in _others(c, card, activating=True)
    return card_rules.play(c, c.sides[0], action, dice(0))


def test_h3_17_1_titans_gladius_top_discards_a_card_for_three_attack() -> None:
    # S-H1 Titan's Gladius: top "discard a card: +3 attack" (the bottom +2 stays the basic mode).
    c = _duel(["titans_gladius", "attack"])
    pay = hand(c, 0, "attack")
    assert _others(c, "titans_gladius") == [
        {"type": "play", "card": hand(c, 0, "titans_gladius"), "mode": "other", "target": "a1", "discard": pay}
    ]
    _play(c, "titans_gladius", target="a1", discard=pay)
    deck = c.sides[0].deck
    assert deck is not None and c.unit("a1").attack_bonus == 3
    assert deck.hand == [] and sorted(deck.discard) == sorted([pay, "s0c00"])  # H3-13.2.2
    # without a card to pay, the top effect is not offered
    assert _others(_duel(["titans_gladius"]), "titans_gladius") == []


def test_h3_17_1_titans_cuirass_top_gives_four_power_for_a_discard() -> None:
    c = _duel(["titans_cuirass", "defense"])
    _play(c, "titans_cuirass", discard=hand(c, 0, "defense"))
    assert c.sides[0].pending_power == 4


def test_h3_17_1_tunic_and_breastplate_tops_draw() -> None:
    c = _duel(["tunic_of_the_cyclops_king", "breastplate_of_petrified_wood"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile = ["x1", "x2"]
    deck.names.update({"x1": "attack", "x2": "defense"})
    _play(c, "tunic_of_the_cyclops_king")
    assert c.sides[0].pending_power == 1 and "x1" in deck.hand
    _play(c, "breastplate_of_petrified_wood")
    assert "x2" in deck.hand


def test_h3_17_1_vial_of_lifeblood_top_heals_up_to_three() -> None:
    c = _duel(["vial_of_lifeblood"])
    assert _others(c, "vial_of_lifeblood") == []  # nobody is damaged
    c.unit("a1").damage = 3
    c.unit("a1").paralysed = True
    _play(c, "vial_of_lifeblood", target="a1")
    assert c.unit("a1").damage == 0 and c.unit("a1").paralysed  # damage only


def test_h3_17_1_dragon_wing_tabard_top_makes_the_enemy_discard_at_random() -> None:
    c = _duel(["dragon_wing_tabard"], enemy=["attack", "power"])
    events = _play(c, "dragon_wing_tabard")
    enemy = c.sides[1].deck
    assert enemy is not None and len(enemy.hand) == 1 and len(enemy.discard) == 1
    assert "h3_discarded" in [e.kind for e in events]
    assert _others(_duel(["dragon_wing_tabard"]), "dragon_wing_tabard") == []  # empty enemy hand


def test_h3_17_1_glyph_top_gives_morale_and_gloves_give_initiative() -> None:
    c = _duel(["glyph_of_gallantry", "equestrians_gloves"])
    _play(c, "glyph_of_gallantry")
    assert c.sides[0].morale == 1  # H3-11.1
    gloves = hand(c, 0, "equestrians_gloves")
    offered = [o.action for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == gloves]
    assert {"type": "play", "card": gloves, "mode": "basic", "target": "a1"} in offered
    assert not [o for o in card_rules.playable(c, c.sides[0], False) if o.action["card"] == gloves]  # H3-35.3
    card_rules.play(c, c.sides[0], Play(type="play", card=gloves, mode="basic", target="a1"), dice())
    assert c.unit("a1").initiative_bonus == 1


def test_h3_35_an_unoffered_other_effect_is_refused() -> None:
    # H3-35: with no card to pay, Sentinel's Shield's top effect is not offered, so playing it is refused.
    c = _duel(["sentinels_shield"])
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    play = {"type": "play", "card": hand(c, 0, "sentinels_shield"), "mode": "other", "target": "a1"}
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, play)
    assert load().other_effects["sentinels_shield_other"].discard_cost == 1


def test_h3_33_6_centaurs_axe_top_triples_the_attack_die_of_ones_own_attack() -> None:
    # S-H1 Centaur's Axe top: offered in the window of one's own unit's attack, before the roll.
    c = _duel(["centaurs_axe"])
    assert _others(c, "centaurs_axe") == []  # no attack declared
    c.attack = PendingAttack(attacker="d1", target="a1")
    assert _others(c, "centaurs_axe") == []  # the enemy's attack
    c.attack = PendingAttack(attacker="a1", target="d1")
    _play(c, "centaurs_axe")
    c.attack.die, c.attack.dice = 1, [1]
    # crusaders 3 + 3 x (+1) - skeletons' defence 1 = 5
    assert r.attack_damage(c, c.attack) == 5


def test_h3_33_8_pendant_wards_off_paralysis_and_its_bottom_removes_a_token() -> None:
    c = _duel(["pendant_of_second_sight", "pendant_of_second_sight"])
    first = hand(c, 0, "pendant_of_second_sight")
    card_rules.play(c, c.sides[0], Play(type="play", card=first, mode="basic", target="a1"), dice())
    assert r.paralyse(c, c.unit("a1")) == [] and not c.unit("a1").paralysed
    c.unit("a1").paralysed = True  # put there before the ward, say
    _play(c, "pendant_of_second_sight", target="a1")
    assert not c.unit("a1").paralysed


def test_h3_11_1_hourglass_bottom_rolls_for_morale() -> None:
    c = _duel(["hourglass_of_the_evil_hour"])
    inst = hand(c, 0, "hourglass_of_the_evil_hour")
    card_rules.play(c, c.sides[0], Play(type="play", card=inst, mode="basic"), dice(0))
    assert c.sides[0].morale == 1
    c = _duel(["hourglass_of_the_evil_hour"])
    inst = hand(c, 0, "hourglass_of_the_evil_hour")
    card_rules.play(c, c.sides[0], Play(type="play", card=inst, mode="basic"), dice(1))
    assert c.sides[0].morale == 0


def test_h3_13_2_7_ring_of_the_wayfarer_bottom_paralyses_a_neutral_as_the_combat_begins() -> None:
    c = Combat(kind="neutral", sides=[side(0, cards=["ring_of_the_wayfarer"]), side(1, owner=None, seat=1)])
    c.units = [unit("a1", "crusaders", "few", 0, (0, 1)), unit("n1", "n_goblins", "neutral", 1, (0, 3))]
    inst = hand(c, 0, "ring_of_the_wayfarer")
    start = [o.action for o in card_rules.playable(c, c.sides[0], False, True)]
    assert start == [{"type": "play", "card": inst, "mode": "other", "target": "n1"}]
    card_rules.play(c, c.sides[0], Play(type="play", card=inst, mode="other", target="n1"), dice())
    assert c.unit("n1").paralysed


def test_h3_35_5_blackshard_top_attacks_with_two_then_a_discarded_spell_draws() -> None:
    # S-H1 Blackshard of the Dead Knight: top "+2 attack and discard a card; a spell discarded draws a card".
    c = _duel(["blackshard_of_the_dead_knight", "magic_arrow", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile = ["x1"]
    deck.names["x1"] = "defense"
    spell = hand(c, 0, "magic_arrow")
    assert len(_others(c, "blackshard_of_the_dead_knight")) == 2  # one unit x two cards to discard
    _play(c, "blackshard_of_the_dead_knight", target="a1", discard=spell)
    assert c.unit("a1").attack_bonus == 2 and spell in deck.discard and "x1" in deck.hand  # H3-13.2.2
    c = _duel(["blackshard_of_the_dead_knight", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile = ["x1"]
    deck.names["x1"] = "defense"
    _play(c, "blackshard_of_the_dead_knight", target="a1", discard=hand(c, 0, "attack"))
    assert deck.hand == [] and deck.draw.draw_pile == ["x1"]  # not a spell: no draw
    # alone in hand: the bonus with nothing to discard
    assert _others(_duel(["blackshard_of_the_dead_knight"]), "blackshard_of_the_dead_knight") == [
        {"type": "play", "card": "s0c00", "mode": "other", "target": "a1"}
    ]


def test_h3_13_2_2_targ_top_discards_two_for_two_defence_and_comes_back() -> None:
    # S-H1 Targ of the Rampaging Ogre: top "discard 2 cards: +2 defence; this card goes back to hand".
    c = _duel(["targ_of_the_rampaging_ogre", "attack", "power"])
    targ, a, b = hand(c, 0, "targ_of_the_rampaging_ogre"), hand(c, 0, "attack"), hand(c, 0, "power")
    assert _others(c, "targ_of_the_rampaging_ogre") == [
        {"type": "play", "card": targ, "mode": "other", "target": "a1", "discards": [a, b]}
    ]
    events = _play(c, "targ_of_the_rampaging_ogre", target="a1", discards=[a, b])
    deck = c.sides[0].deck
    assert deck is not None and c.unit("a1").defense_bonus == 2
    assert deck.hand == [targ] and sorted(deck.discard) == sorted([a, b])
    assert "h3_back_to_hand" in [e.kind for e in events]
    assert _others(c, "targ_of_the_rampaging_ogre") == []  # one card is not enough


def test_h3_13_2_3_rib_cage_top_takes_a_spell_back_and_reshuffles() -> None:
    # S-H1 Rib Cage: top "a spell of your choice from the discard pile to hand, then shuffle the pile into the deck".
    c = _duel(["rib_cage"])
    deck = c.sides[0].deck
    assert deck is not None
    assert _others(c, "rib_cage") == []  # no spell in the discard pile
    deck.discard = ["y1", "y2"]
    deck.names.update({"y1": "magic_arrow", "y2": "attack"})
    assert _others(c, "rib_cage") == [{"type": "play", "card": "s0c00", "mode": "other", "target": None, "pick": "y1"}]
    events = _play(c, "rib_cage", pick="y1")
    assert deck.hand == ["y1"] and deck.discard == []
    assert sorted(deck.draw.draw_pile) == ["s0c00", "y2"]  # the played Rib Cage was discarded first
    assert {"h3_recall", "h3_reshuffled"} <= {e.kind for e in events}


def test_h3_35_a_forged_pick_is_refused() -> None:
    c = _duel(["rib_cage", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.discard = ["y2"]
    deck.names["y2"] = "attack"  # not a spell
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    play = {"type": "play", "card": hand(c, 0, "rib_cage"), "mode": "other", "pick": "y2"}
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, play)
    assert deck.discard == ["y2"] and "y2" not in deck.hand


def test_h3_35_5_sword_of_judgement_discards_any_number_for_one_each() -> None:
    # S-H1 Sword of Judgement: "discard X cards: +X attack" (top) or "+X defence" (bottom). The play
    # names how many cards pay; which ones is asked next, one at a time (H3-13.2.2).
    c = _duel(["sword_of_judgement", "attack", "power", "defense"])
    sword = hand(c, 0, "sword_of_judgement")
    offered = _others(c, "sword_of_judgement")
    assert [o["count"] for o in offered] == [1, 2, 3]  # one unit x each count, not every subset
    a, b = hand(c, 0, "attack"), hand(c, 0, "power")
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    play = {"type": "play", "card": sword, "mode": "other", "target": "a1", "count": 2}
    state, _ = SKIRMISH.apply(state, 0, play)
    after = state.combat
    assert after is not None and after.unit("a1").attack_bonus == 2  # H3-35.5
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 0)
    assert prompt.rule == "H3-13.2.2" and prompt.secret  # the hand (H-1)
    assert sorted(o.action["target"] for o in prompt.options) == sorted([a, b, hand(c, 0, "defense")])
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "strike", "target": sword})  # already in the discard pile
    state, events = SKIRMISH.apply(state, 0, {"type": "strike", "target": a})
    assert any(e.kind == "h3_discarded" for e in events)
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": b})
    final = state.combat
    assert final is not None and final.sides[0].deck is not None
    deck = final.sides[0].deck
    assert deck.hand == [hand(c, 0, "defense")]
    assert sorted(deck.discard) == sorted([sword, a, b])  # H3-13.2.2
    assert not any(p.seat == 0 and p.rule == "H3-13.2.2" for p in SKIRMISH.prompts(state))  # two asked, no more
    c = _duel(["sword_of_judgement", "attack"])
    sword = hand(c, 0, "sword_of_judgement")
    action = Play(type="play", card=sword, mode="basic", target="a1", count=1)
    offered = [o.action for o in card_rules.playable(c, c.sides[0], False)]
    assert card_rules.as_offered(action) in offered
    card_rules.play(c, c.sides[0], action, dice())
    assert c.unit("a1").defense_bonus == 1
    too_many = Play(type="play", card=sword, mode="basic", target="a1", count=2)
    assert card_rules.as_offered(too_many) not in offered  # only as many cards as the hand holds
    assert _others(_duel(["sword_of_judgement"]), "sword_of_judgement") == []  # nothing to discard


def test_h3_13_2_helm_takes_a_spell_back_and_mystic_orb_draws_only_with_an_empty_discard() -> None:
    # S-H1 Helm of the Alabaster Unicorn (top) and Mystic Orb of Mana (bottom), Tower box.
    c = _duel(["helm_of_the_alabaster_unicorn", "mystic_orb_of_mana"])
    deck = c.sides[0].deck
    assert deck is not None
    helm, orb = hand(c, 0, "helm_of_the_alabaster_unicorn"), hand(c, 0, "mystic_orb_of_mana")
    deck.draw.draw_pile = ["x1", "x2", "x3"]
    deck.names.update({"x1": "attack", "x2": "defense", "x3": "power"})
    playable = [o.action for o in card_rules.playable(c, c.sides[0], False)]
    assert {"type": "play", "card": orb, "mode": "basic", "target": None} in playable
    assert not [a for a in playable if a["card"] == helm and a["mode"] == "basic"]  # no spell in the discard pile
    card_rules.play(c, c.sides[0], Play(type="play", card=orb, mode="basic"), dice())
    assert "x1" in deck.hand and "x2" in deck.hand and deck.discard == [orb]
    deck.discard.append("y1")
    deck.names["y1"] = "magic_arrow"
    action = Play(type="play", card=helm, mode="basic", pick="y1")
    assert card_rules.as_offered(action) in [o.action for o in card_rules.playable(c, c.sides[0], False)]
    card_rules.play(c, c.sides[0], action, dice())
    assert "y1" in deck.hand and deck.discard == [orb, helm]  # no reshuffle
    c = _duel(["mystic_orb_of_mana"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.discard = ["y2"]
    deck.names["y2"] = "attack"
    offered = [o.action for o in card_rules.playable(c, c.sides[0], False)]
    assert not [a for a in offered if a["mode"] == "basic"]  # the discard pile is not empty


def test_h3_37_9_shackles_top_forbids_the_enemy_hero_to_surrender() -> None:
    # S-H1 Shackles of War: top, played as the combat begins: the enemy hero can neither retreat
    # (never possible in a hero combat, H3-36.4) nor surrender.
    c = _duel(["shackles_of_war"])
    inst = hand(c, 0, "shackles_of_war")
    c.sides[1].gold = 10
    start = [o.action for o in card_rules.playable(c, c.sides[0], False, True)]
    assert start == [{"type": "play", "card": inst, "mode": "basic", "target": None}]
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["mode"] == "basic"]  # start only
    assert flow_rules._may_surrender(c, c.sides[1])
    events = card_rules.play(c, c.sides[0], Play(type="play", card=inst, mode="basic"), dice())
    assert "h3_shackled" in [e.kind for e in events] and c.sides[1].shackled
    assert not flow_rules._may_surrender(c, c.sides[1])


def test_h3_13_2_2_shackles_bottom_draws_two_and_discards_the_one_not_kept() -> None:
    c = _duel(["shackles_of_war", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile = ["x1", "x2"]
    deck.names.update({"x1": "defense", "x2": "power"})
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    state, _ = SKIRMISH.apply(state, 0, {"type": "play", "card": hand(c, 0, "shackles_of_war"), "mode": "other"})
    after = state.combat
    assert after is not None
    deck = after.sides[0].deck
    assert deck is not None and {"x1", "x2"} <= set(deck.hand)
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 0)
    assert sorted(o.action["target"] for o in prompt.options) == ["x1", "x2"]  # the hand's old card is not asked
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "strike", "target": hand(after, 0, "attack")})
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "x2"})
    final = state.combat
    assert final is not None and final.sides[0].deck is not None
    assert "x1" in final.sides[0].deck.hand and "x2" in final.sides[0].deck.discard


def test_h3_35_3_orb_of_inhibition_stops_spell_and_specialty_damage_for_the_combat() -> None:
    # S-H1 Orb of Inhibition (Tower box), top, ongoing: spells and specialties deal no damage this
    # combat; the card is removed afterwards.
    c = _duel(["orb_of_inhibition", "magic_arrow"])
    orb = hand(c, 0, "orb_of_inhibition")
    assert not [o for o in card_rules.playable(c, c.sides[0], False) if o.action["card"] == orb]  # H3-35.3
    offered = [o.action for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == orb]
    assert {"type": "play", "card": orb, "mode": "basic", "target": None} in offered  # (the bottom: for the GM)
    events = card_rules.play(c, c.sides[0], Play(type="play", card=orb, mode="basic"), dice())
    deck = c.sides[0].deck
    assert deck is not None and c.inhibited and deck.removed == [orb] and orb not in deck.discard
    assert "h3_inhibit" in [e.kind for e in events]
    assert not [o for o in card_rules.playable(c, c.sides[0], True) if o.action["card"] == orb]
    hit = r.spell_damage(c, c.unit("d1"), 3)
    assert c.unit("d1").damage == 0 and [e.kind for e in hit] == ["h3_inhibited"]
    arrow = hand(c, 0, "magic_arrow")
    card_rules.play(c, c.sides[0], Play(type="play", card=arrow, mode="cast", target="d1"), dice())
    assert c.unit("d1").damage == 0
    r.deal_damage(c, c.unit("d1"), 1)  # an attack's damage is not a spell's
    assert c.unit("d1").damage == 1
