"""Starting ability and level I specialty cards in combat (H3-6.13, H3-14, H3-15, H3-16, H3-35):
the real cards of the data repository, each checked against its printed effect."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import rules as r
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat
from engine.heroes3.content import load
from engine.heroes3.skirmish.ruleset import SKIRMISH

from .helpers import dice, hand, lethal_attack, side, unit


def _play(c: Combat, team: int, card: str, mode: str = "basic", **kw: Any) -> list[Any]:
    action = Play(type="play", card=hand(c, team, card), mode=mode, **kw)
    return card_rules.play(c, c.sides[team], action, dice())


def _offered(c: Combat, team: int, *, activating: bool = True, start: bool = False) -> list[dict[str, Any]]:
    return [o.action for o in card_rules.playable(c, c.sides[team], activating, start)]


def _duel(cards0: list[str], cards1: list[str] | None = None, **kw: Any) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards0, **kw), side(1, cards=cards1 or [])],
        units=[
            unit("a1", "crusaders", "few", 0, (0, 1)),
            unit("a2", "halberdiers", "few", 0, (1, 1)),
            unit("d1", "skeletons", "few", 1, (0, 3)),
            unit("d2", "zombies", "few", 1, (1, 2)),
        ],
    )


def test_h3_6_13_starting_decks_hold_the_real_ability_and_level_i_specialty() -> None:
    # H3-6.13 / H3-13.1 / E-11: statistics + Magic Arrows + starting ability + level I specialty = 9.
    content = load()
    for hero in content.heroes.values():
        deck = content.hero_deck(hero.id)
        assert len(deck) == 9
        assert hero.ability in deck or (hero.ability not in content.cards and hero.substitutes)  # house stand-ins
    assert "crusaders" in content.hero_deck("catherine") and "leadership" in content.hero_deck("catherine")
    assert "chain_lightning" in content.hero_deck("solmyr") and "sorcery" in content.hero_deck("solmyr")
    # Cloak of the Undead King is not modelled: Sandro keeps one house stand-in (README).
    assert content.hero_deck("sandro")[-1] == "lightning_bolt"
    assert "cloak_of_the_undead_king" not in content.cards


def test_h3_16_2_crusaders_specialty_attack_or_defence_doubles_for_crusaders() -> None:
    # H3-16 (Catherine, Crusaders I): +1 attack or +1 defence, twice for the Crusaders; not a spell (H3-16.2).
    c = _duel(["crusaders", "crusaders"])
    offered = _offered(c, 0, activating=False)
    assert {"type": "play", "card": "s0c00", "mode": "defense", "target": "a2"} in offered  # instant: any time
    _play(c, 0, "crusaders", "attack", target="a1")
    assert c.unit("a1").attack_bonus == 2
    _play(c, 0, "crusaders", "defense", target="a2")
    assert c.unit("a2").defense_bonus == 1
    assert c.sides[0].spells_cast == 0  # H3-16.2: no spell limit
    assert not c.sides[0].deck.hand  # type: ignore[union-attr]  # the side has a deck


def test_h3_14_1_sorcery_adds_power_then_draws_expert_costs_a_use() -> None:
    # H3-14.1 / H3-15.3: Sorcery gives +1 Power (expert +2) and draws a card.
    c = _duel(["sorcery", "magic_arrow"], expert_uses=1)
    deck = c.sides[0].deck
    assert deck is not None
    inst = hand(c, 0, "sorcery")
    deck.hand.remove("s0c01")
    deck.draw.draw_pile.append("s0c01")
    assert {"type": "play", "card": inst, "mode": "expert", "target": None} in _offered(c, 0)
    _play(c, 0, "sorcery", "expert")
    assert c.sides[0].pending_power == 2 and c.sides[0].expert_uses == 0
    assert deck.hand == ["s0c01"]


def test_h3_11_1_leadership_gives_morale_and_expert_draws_two_first() -> None:
    # H3-11.1: Leadership gains a positive morale token; a negative token is discarded instead.
    c = _duel(["leadership", "leadership", "attack", "defense"], expert_uses=1, faction="castle")
    deck = c.sides[0].deck
    assert deck is not None
    for inst in ("s0c02", "s0c03"):
        deck.hand.remove(inst)
        deck.draw.draw_pile.append(inst)
    c.sides[0].morale = -1
    _play(c, 0, "leadership")
    assert c.sides[0].morale == 0
    _play(c, 0, "leadership", "expert")
    assert c.sides[0].morale == 1 and sorted(deck.hand) == ["s0c02", "s0c03"]


def test_h3_11_5_necropolis_cannot_gain_morale_from_leadership() -> None:
    # H3-11.5: a Necropolis player never gains morale, so Leadership is not offered.
    c = _duel(["leadership"], faction="necropolis")
    assert _offered(c, 0) == []


def test_h3_13_2_7_tactics_basic_only_at_the_start_expert_while_activating() -> None:
    # H3-13.2.7: Tactics' basic effect is "at the start of combat", its expert one an activation.
    c = _duel(["tactics"], expert_uses=1)
    start = _offered(c, 0, activating=False, start=True)
    assert {"type": "play", "card": "s0c00", "mode": "basic", "target": "a1", "other": "a2"} in start
    assert all(o["mode"] == "basic" for o in start)
    during = _offered(c, 0, activating=True)
    assert during and all(o["mode"] == "expert" for o in during)
    assert _offered(c, 0, activating=False) == []  # H3-35.3: activation effects need an activation
    _play(c, 0, "tactics", other="a2", target="a1")
    assert c.unit("a1").pos == (1, 1) and c.unit("a2").pos == (0, 1)


def test_h3_13_2_7_skirmish_start_window_asks_every_hand_then_the_first_activation() -> None:
    # H3-13.2.7 / H3-13.1: round 1 opens a start-of-combat question for each player with a hand,
    # even without a start card, so the question reveals nothing about the hand.
    state = SKIRMISH.setup({"factions": ["dungeon", "castle"], "heroes": ["mutare", "catherine"]}, 5)
    for _ in range(40):
        prompt = SKIRMISH.prompts(state)[0]
        if prompt.rule == "H3-13.2.7":
            break
        state, _ = SKIRMISH.apply(state, prompt.seat, prompt.options[0].action)
    assert prompt.rule == "H3-13.2.7" and prompt.seat == 0
    state, _ = SKIRMISH.apply(state, 0, {"type": "pass"})
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.rule == "H3-13.2.7" and prompt.seat == 1
    assert [o.action for o in prompt.options] == [{"type": "pass"}]  # Catherine holds no start card
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 1, {"type": "play", "card": "s1c00", "mode": "basic", "target": "d1", "other": "d2"})
    state, _ = SKIRMISH.apply(state, 1, {"type": "pass"})
    assert SKIRMISH.prompts(state)[0].rule != "H3-13.2.7"


def test_h3_35_3_golems_specialty_is_ongoing_hp_for_the_combat() -> None:
    # H3-35.3: ongoing effects only while activating, then last until the combat ends (Golems I: +1 HP, x2 Golems).
    c = _duel(["golems", "golems"])
    c.units.append(unit("a3", "iron_golems", "few", 0, (2, 1)))
    assert _offered(c, 0, activating=False) == []
    _play(c, 0, "golems", target="a3")
    _play(c, 0, "golems", target="a2")
    golems = c.unit("a3")
    assert golems.hp() == golems.stats().hp + 2 and c.unit("a2").hp_bonus == 1
    r.deal_damage(c, golems, golems.stats().hp)  # printed HP reached, the bonus keeps it alive
    assert golems.alive


def test_h3_16_2_frost_ring_discards_a_card_and_hits_every_neighbour() -> None:
    # H3-16.2 (Adelaide, Frost Ring I): discard 1 card, every unit next to the space takes 1 damage
    # whatever its defence (H3-27.1) and whichever side; no spell is counted.
    c = _duel(["frost_ring", "attack"])
    offered = _offered(c, 0, activating=False)
    play = {"type": "play", "card": "s0c00", "mode": "basic", "target": None, "cell": [1, 2], "discard": "s0c01"}
    assert play in offered
    assert not any(o.get("cell") == [3, 4] for o in offered)  # nobody next to D5
    before = {u.uid: u.damage for u in c.units}
    _play(c, 0, "frost_ring", cell=[0, 2], discard="s0c01")
    hit = {u.uid for u in c.units if not u.alive or u.damage > before[u.uid]}
    assert hit == {"a1", "d1", "d2"}  # (0,1), (0,3), (1,2) touch A3; Skeletons (Few, HP 2) survive with 1
    assert c.sides[0].deck is not None and sorted(c.sides[0].deck.discard) == ["s0c00", "s0c01"]
    assert c.sides[0].spells_cast == 0


def test_h3_16_2_frost_ring_needs_a_card_to_discard() -> None:
    c = _duel(["frost_ring"])
    assert _offered(c, 0, activating=False) == []


def test_h3_35_3_chain_lightning_is_an_activation_hitting_a_unit_and_one_of_its_two_nearest() -> None:
    # H3-35.3 / H3-16.2 (Solmyr, Chain Lightning I): 1 damage to a unit, 1 to one of its two nearest units.
    c = _duel(["chain_lightning"])
    assert _offered(c, 0, activating=False) == []
    offered = _offered(c, 0)
    seconds = {o["other"] for o in offered if o["target"] == "d1"}
    assert seconds == {"a1", "d2"}  # distances: a1 2, d2 2, a2 3
    _play(c, 0, "chain_lightning", target="d2", other="d1")
    assert c.unit("d2").damage == 1 and c.unit("d1").damage == 1
    assert c.sides[0].spells_cast == 0


def _lethal(power: int, card: str = "resurrection", cards: list[str] | None = None, target: str = "skeletons") -> Any:
    return lethal_attack([card, "attack"] if cards is None else cards, power, target)


def test_h3_35_4_resurrection_cancels_a_lethal_attack_for_power_by_tier() -> None:
    # H3-35.4: this instant is played between the roll and the damage; bronze costs 1 Power (Alamar I).
    state = _lethal(1)
    prompt = SKIRMISH.prompts(state)[0]
    assert prompt.seat == 1 and prompt.rule == "H3-16.2"
    assert {"type": "resurrect", "play": True} in [o.action for o in prompt.options]
    state, events = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    c = state.combat
    assert c is not None and c.unit("d1").alive and c.unit("d1").damage == 0
    assert c.sides[1].pending_power == 0 and "h3_resurrected" in [e.kind for e in events]
    assert c.sides[1].deck is not None and c.sides[1].deck.discard == ["s1c00"]


def test_h3_15_3_resurrection_question_comes_with_public_power_even_without_the_card() -> None:
    # H3-13.1 / H3-15.3: the question depends only on public facts (Power played, a lethal attack);
    # without a payable card only "let it resolve" is offered, and playing is refused.
    state = _lethal(1, card="attack")
    prompt = SKIRMISH.prompts(state)[0]
    assert [o.action for o in prompt.options] == [{"type": "resurrect", "play": False}]
    with pytest.raises(RuleViolation):
        SKIRMISH.apply(state, 1, {"type": "resurrect", "play": True})
    state, _ = SKIRMISH.apply(state, 1, {"type": "resurrect", "play": False})
    assert state.combat is not None and not state.combat.unit("d1").alive
    # Without Power played a bronze unit's side is still asked while it holds cards (the Resurrection
    # spell saves bronze for 0 Power), so the question tells nothing about the hand (H3-13.1) ...
    state = _lethal(0)
    assert [o.action for o in SKIRMISH.prompts(state)[0].options] == [{"type": "resurrect", "play": False}]
    # ... but with no card in hand, or a silver unit and no Power, nobody is asked and the attack resolves.
    for state in (_lethal(0, cards=[]), _lethal(0, target="magi")):
        assert state.combat is not None and not state.combat.unit("d1").alive


def test_h3_35_wisdom_has_no_combat_effect() -> None:
    # H3-35: Wisdom acts in a town; the combat never offers it.
    c = _duel(["wisdom"])
    assert _offered(c, 0) == [] and _offered(c, 0, activating=False, start=True) == []
