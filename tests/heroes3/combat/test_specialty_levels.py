"""Level IV and VI hero specialty cards in combat (H3-12.10.2, H3-16): each is offered and
resolved by the engine as the level I card is, with its own numbers (clash/cards.json ``combat``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.combat.rules import would_defeat
from engine.heroes3.content import load
from engine.heroes3.content.clash import clash_content
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH

from ..helpers import combat_state, dice, hand, lethal_attack, side, unit

LEVELLED = [
    "crusaders_iv",
    "crusaders_vi",
    "dread_knights_iv",
    "dread_knights_vi",
    "dragons_iv",
    "dragons_vi",
    "golems_iv",
    "golems_vi",
    "frost_ring_iv",
    "frost_ring_vi",
    "resurrection_iv",
    "resurrection_vi",
    "chain_lightning_iv",
    "chain_lightning_vi",
]


def _play(c: Combat, team: int, card: str, mode: str = "basic", **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, team, card), mode=mode, **kw)
    return card_rules.play(c, c.sides[team], action, dice())


def _offered(c: Combat, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


def _duel(cards: list[str], extra: list[Any] | None = None) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=[])],
        units=[
            unit("a1", "crusaders", "few", 0, (0, 1)),
            unit("a2", "halberdiers", "few", 0, (1, 1)),
            unit("d1", "skeletons", "few", 1, (0, 3)),
            unit("d2", "zombies", "few", 1, (1, 2)),
            *(extra or []),
        ],
    )


def test_h3_16_every_level_iv_and_vi_specialty_with_a_combat_effect_has_a_combat_card() -> None:
    # H3-12.10.2 / H3-16.1: the cards a hero gains at levels IV and VI; only Sandro's Cloak is a
    # permanent played on the map (cards/permanent.py), every other one is played in combat.
    content = clash_content()
    for card_id in LEVELLED:
        effect = content.cards[card_id].basic
        assert effect is not None and effect.combat == card_id, card_id
        assert load().cards[card_id].kind == "specialty"
    missing = [
        c.id
        for c in content.cards.values()
        if c.kind == "specialty"
        and c.basic is not None
        and c.basic.combat is None
        and c.basic.timing != "permanent"
        and not c.basic.steps  # a map effect (Lord Haart's Estates, Vidomina's Necromancy) is played on the map
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("card", "unit_id", "double"),
    [("crusaders_iv", "a1", True), ("dread_knights_iv", "a2", False), ("dragons_iv", "g1", True)],
)
def test_h3_35_3_level_iv_hp_specialties_are_ongoing_and_double_for_their_unit(
    card: str, unit_id: str, double: bool
) -> None:
    # H3-16 (Catherine / Tamika / Mutare IV): +1 HP for the combat, twice for the named unit;
    # an ongoing effect is played only while one's own unit activates (H3-35.3).
    c = _duel([card], [unit("g1", "black_dragons", "few", 0, (2, 1))])
    assert _offered(c, card, activating=False) == []
    assert {o["target"] for o in _offered(c, card)} == {"a1", "a2", "g1"}
    _play(c, 0, card, target=unit_id)
    assert c.unit(unit_id).hp_bonus == (2 if double else 1)
    assert c.sides[0].spells_cast == 0  # H3-16.2: not a spell


@pytest.mark.parametrize(
    ("card", "unit_id", "double"),
    [("crusaders_vi", "a2", False), ("dread_knights_vi", "k1", True), ("dragons_vi", "g1", True)],
)
def test_h3_35_3_level_vi_initiative_specialties_double_for_their_unit(card: str, unit_id: str, double: bool) -> None:
    c = _duel([card], [unit("g1", "ghost_dragons", "few", 0, (2, 1)), unit("k1", "dread_knights", "few", 0, (3, 1))])
    assert _offered(c, card, activating=False) == []
    before = c.unit(unit_id).initiative()
    _play(c, 0, card, target=unit_id)
    assert c.unit(unit_id).initiative() == before + (2 if double else 1)


def test_h3_16_golems_iv_attack_or_defence_and_vi_attack_double_for_iron_golems() -> None:
    # Josephine IV: +1 attack or +1 defence (instant, also outside an activation); VI: +2 attack;
    # Iron Golems get twice as much.
    c = _duel(["golems_iv", "golems_vi", "golems_iv"], [unit("i1", "iron_golems", "few", 0, (2, 1))])
    modes = {(o["mode"], o["target"]) for o in _offered(c, "golems_iv", activating=False)}
    assert ("attack", "i1") in modes and ("defense", "a1") in modes
    assert {o["mode"] for o in _offered(c, "golems_vi", activating=False)} == {"basic"}
    _play(c, 0, "golems_iv", mode="defense", target="i1")
    _play(c, 0, "golems_iv", mode="attack", target="a1")
    _play(c, 0, "golems_vi", target="i1")
    assert c.unit("i1").defense_bonus == 2 and c.unit("a1").attack_bonus == 1
    assert c.unit("i1").attack_bonus == 4


def test_h3_16_frost_ring_iv_takes_a_spell_or_specialty_back_from_the_discard_pile() -> None:
    # Adelaide IV: a spell or specialty card of one's choice from the discard pile back to hand;
    # statistics are not offered, and an empty choice offers nothing.
    c = _duel(["frost_ring_iv"])
    assert _offered(c, "frost_ring_iv") == []
    deck = c.sides[0].deck
    assert deck is not None
    deck.names.update({"x1": "magic_arrow", "x2": "frost_ring", "x3": "attack"})
    deck.discard = ["x1", "x2", "x3"]
    assert sorted(o["pick"] for o in _offered(c, "frost_ring_iv", activating=False)) == ["x1", "x2"]
    events = _play(c, 0, "frost_ring_iv", pick="x2")
    assert "x2" in deck.hand and "x2" not in deck.discard and "h3_recall" in [e.kind for e in events]


def test_h3_16_frost_ring_vi_pays_two_cards_and_deals_two_to_every_neighbour() -> None:
    # Adelaide VI: discard 2 cards and pick a space: every unit next to it takes 2 (H3-27.1: defence
    # does not count). The play names the space; the two cards paid are asked next (H3-13.2.2).
    c = _duel(["frost_ring_vi", "attack"])
    assert _offered(c, "frost_ring_vi") == []  # one other card cannot pay two
    c = _duel(["frost_ring_vi", "attack", "defense", "power"])
    offered = _offered(c, "frost_ring_vi", activating=False)
    assert offered and all(o["count"] == 2 and "discard" not in o for o in offered)
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    ring = hand(c, 0, "frost_ring_vi")
    state, _ = SKIRMISH.apply(
        state, 0, {"type": "play", "card": ring, "mode": "basic", "target": None, "cell": [1, 3], "count": 2}
    )
    after = state.combat
    assert after is not None
    assert not after.unit("d1").alive  # Skeletons (HP 2) at (0,3) take 2
    assert after.unit("d2").damage == 2  # Zombies (HP 3) at (1,2)
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 0)
    assert prompt.rule == "H3-13.2.2" and prompt.secret
    attack, defense = hand(after, 0, "attack"), hand(after, 0, "defense")
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": attack})
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": defense})
    final = state.combat
    assert final is not None and final.sides[0].deck is not None
    assert [final.sides[0].deck.names[x] for x in final.sides[0].deck.hand] == ["power"]
    assert sorted(final.sides[0].deck.discard) == sorted([ring, attack, defense])
    assert final.sides[0].spells_cast == 0


def test_h3_16_chain_lightning_vi_hits_a_unit_and_both_closest_two_one_one() -> None:
    # Solmyr VI: a unit and the 2 units closest to it take 2, 1 and 1 (either side, H3-27.1).
    c = _duel(["chain_lightning_vi"])
    assert _offered(c, "chain_lightning_vi", activating=False) == []  # an activation effect (H3-35.3)
    offered = _offered(c, "chain_lightning_vi")
    # From d2 (1,2): a2 (1,1) and d1 (0,3) are at 1 and 2, a1 (0,1) at 2 too: d1 or a1 is the second closest.
    pairs = {frozenset((o["other"], o["third"])) for o in offered if o["target"] == "d2"}
    assert pairs == {frozenset(("a2", "d1")), frozenset(("a2", "a1"))}
    _play(c, 0, "chain_lightning_vi", target="d2", other="a2", third="d1")
    assert c.unit("d2").damage == 2 and c.unit("a2").damage == 1
    assert c.unit("d1").damage == 1 and c.unit("a1").damage == 0
    assert c.sides[0].spells_cast == 0  # H3-16.2: a specialty is no spell


def test_h3_16_chain_lightning_iv_turns_up_to_three_deck_cards_and_keeps_one() -> None:
    # Solmyr IV: discard up to 3 cards from the top of the deck (public, H3-13.2.2) and take one of
    # them into hand; the choice is private and limited to those cards.
    c = _duel(["chain_lightning_iv", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    assert _offered(c, "chain_lightning_iv") == []  # nothing to turn
    deck.draw.draw_pile = ["x1", "x2", "x3", "x4"]
    deck.names.update({"x1": "defense", "x2": "power", "x3": "magic_arrow", "x4": "knowledge"})
    assert [o["count"] for o in _offered(c, "chain_lightning_iv", activating=False)] == [1, 2, 3]
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    card = hand(c, 0, "chain_lightning_iv")
    state, events = SKIRMISH.apply(state, 0, {"type": "play", "card": card, "mode": "basic", "count": 3})
    shown = next(e for e in events if e.kind == "h3_deck_discarded")
    assert shown.data["cards"] == ["defense", "power", "magic_arrow"]
    prompt = next(p for p in SKIRMISH.prompts(state) if p.seat == 0)
    assert prompt.rule == "H3-16.2" and prompt.secret
    assert sorted(o.action["target"] for o in prompt.options) == ["x1", "x2", "x3"]
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "strike", "target": "x4"})  # still in the deck
    state, _ = SKIRMISH.apply(state, 0, {"type": "strike", "target": "x3"})
    after = state.combat
    assert after is not None and after.sides[0].deck is not None
    assert "x3" in after.sides[0].deck.hand and sorted(after.sides[0].deck.discard) == sorted([card, "x1", "x2"])
    assert after.sides[0].deck.draw.draw_pile == ["x4"]
    # One card turned goes to hand at once, nothing is asked and nothing is paid.
    c = _duel(["chain_lightning_iv", "attack"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.draw.draw_pile = ["x1"]
    deck.names["x1"] = "defense"
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="move")]
    state, _ = SKIRMISH.apply(
        state, 0, {"type": "play", "card": hand(c, 0, "chain_lightning_iv"), "mode": "basic", "count": 1}
    )
    after = state.combat
    assert after is not None and after.sides[0].deck is not None and "x1" in after.sides[0].deck.hand
    assert len(after.sides[0].deck.hand) == 2
    assert not any(p.seat == 0 and p.rule in ("H3-16.2", "H3-13.2.2") for p in SKIRMISH.prompts(state))


def test_h3_35_4_resurrection_iv_saves_bronze_for_no_power() -> None:
    # Alamar IV: bronze 0, silver 1, gold 3 Power.
    state = lethal_attack(["resurrection_iv", "attack"], 0)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.seat == 1 and {"type": "resurrect", "play": True} in [o.action for o in prompt.options]
    state, events = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    c = state.combat
    assert c is not None and c.unit("d1").alive and "h3_resurrected" in [e.kind for e in events]
    # A silver unit needs 1 Power: with none played the question is not asked at all.
    state = lethal_attack(["resurrection_iv", "attack"], 0, target="magi")
    assert state.combat is not None and not state.combat.unit("d1").alive


def test_h3_35_4_resurrection_vi_saves_silver_for_no_power_and_the_question_stays_public() -> None:
    # Alamar VI: bronze 0, silver 0, gold 2. The silver unit's side is asked while the card is not in
    # the (public) discard pile, whether it is in hand or still in the deck (H3-13.1: hands hidden).
    state = lethal_attack(["resurrection_vi", "attack"], 0, target="magi")
    assert {"type": "resurrect", "play": True} in [o.action for o in SKIRMISH.prompts(state)[0].options]
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    assert state.combat is not None and state.combat.unit("d1").alive
    in_deck = Combat(
        kind="player",
        sides=[side(0), side(1, cards=["attack"])],
        units=[unit("a1", "crusaders", "few", 0, (0, 2)), unit("d1", "magi", "few", 1, (0, 3))],
    )
    deck = in_deck.sides[1].deck
    assert deck is not None
    deck.names["x9"] = "resurrection_vi"
    deck.draw.draw_pile = ["x9"]
    magi = in_deck.unit("d1")
    assert would_defeat(magi, 9)
    assert card_rules.may_resurrect(in_deck, magi, 9)  # asked: the card could be in hand
    assert card_rules.resurrection_card(in_deck, magi, 9) is None  # but nothing can be played
    deck.draw.draw_pile = []
    deck.discard = ["x9"]
    assert not card_rules.may_resurrect(in_deck, magi, 9)  # discarded (public): not asked


def test_h3_35_4_the_cheapest_resurrection_in_hand_is_offered() -> None:
    state = lethal_attack(["resurrection", "resurrection_iv", "attack"], 1)
    prompt = SKIRMISH.prompts(state)[0]
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    c = state.combat
    assert c is not None and c.sides[1].deck is not None
    assert [c.sides[1].deck.names[x] for x in c.sides[1].deck.discard] == ["resurrection_iv"]
    assert c.sides[1].pending_power == 0 and prompt.rule == "H3-16.2"
