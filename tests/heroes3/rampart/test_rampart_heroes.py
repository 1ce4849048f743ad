"""Gelu's and Gem's cards (H3-12.4, H3-16): the Sharpshooters and First Aid specialties at levels I,
IV and VI, and the First Aid ability, played in combat (combat/cards.py) and on the map (the map
steps of clash/cards.json)."""

from __future__ import annotations

from typing import Any

from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat import war_machines as machines
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import FIRST_AID_TENT, ArmyCard, Combat
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, card_plays, mutate, new_game, to_main
from ..helpers import dice, hand, side, unit


def _play(c: Combat, card: str, mode: str = "basic", **kw: Any) -> list[Any]:
    return card_rules.play(c, c.sides[0], Play(type="play", card=hand(c, 0, card), mode=mode, **kw), dice())


def _offered(c: Combat, card: str, *, activating: bool = True) -> list[dict[str, Any]]:
    inst = hand(c, 0, card)
    return [o.action for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == inst]


def _duel(cards: list[str]) -> Combat:
    return Combat(
        kind="player",
        sides=[side(0, cards=cards), side(1, cards=[])],
        units=[
            unit("a1", "elves", "few", 0, (0, 1)),
            unit("a2", "centaurs", "few", 0, (1, 1)),
            unit("d1", "dendroids", "few", 1, (0, 4)),
        ],
    )


def test_h3_16_sharpshooters_i_and_vi_double_for_elves() -> None:
    # Gelu I: +1 attack or +1 defence (instant); VI: +2 initiative for the combat (ongoing, H3-35.3);
    # Elves (and Sharpshooters) get twice as much
    c = _duel(["sharpshooters", "sharpshooters", "sharpshooters_vi", "sharpshooters_vi"])
    assert {o["mode"] for o in _offered(c, "sharpshooters", activating=False)} == {"attack", "defense"}
    _play(c, "sharpshooters", mode="attack", target="a1")
    _play(c, "sharpshooters", mode="defense", target="a2")
    assert c.unit("a1").attack_bonus == 2 and c.unit("a2").defense_bonus == 1
    assert _offered(c, "sharpshooters_vi", activating=False) == []
    elves, centaurs = c.unit("a1").initiative(), c.unit("a2").initiative()
    _play(c, "sharpshooters_vi", target="a1")
    _play(c, "sharpshooters_vi", target="a2")
    assert c.unit("a1").initiative() == elves + 4 and c.unit("a2").initiative() == centaurs + 2


def test_h3_16_sharpshooters_iv_draws_a_card_in_combat() -> None:
    c = _duel(["sharpshooters_iv"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x1"] = "attack"
    deck.draw.draw_pile = ["x1"]
    _play(c, "sharpshooters_iv")
    assert "x1" in deck.hand


def test_h3_16_gem_iv_and_first_aid_remove_damage_from_a_friendly_unit() -> None:
    # Gem IV: 2 damage off one of your units; the First Aid ability (basic): 1; never beyond the damage
    c = _duel(["gem_first_aid_iv", "first_aid"])
    assert _offered(c, "gem_first_aid_iv", activating=False) == []  # nobody is hurt yet
    c.unit("a1").damage = 1
    c.unit("a2").damage = 2
    assert {o["target"] for o in _offered(c, "gem_first_aid_iv", activating=False)} == {"a1", "a2"}
    assert {o["mode"] for o in _offered(c, "first_aid", activating=False)} == {"basic"}
    _play(c, "gem_first_aid_iv", target="a1")
    _play(c, "first_aid", target="a2")
    assert c.unit("a1").damage == 0 and c.unit("a2").damage == 1


def _gelu() -> ClashState:
    state = new_game(2, factions=["rampart", "castle"], heroes=["gelu", None], expansions=["rampart"])
    return mutate(to_main(state, 0))


def test_h3_16_sharpshooters_iv_on_the_map_trades_the_elves_pack_for_the_sharpshooters() -> None:
    state = _gelu()
    me = state.player(0)
    me.army = [ArmyCard(card="elves", side="pack"), ArmyCard(card="centaurs", side="few")]
    inst = state.new_card("sharpshooters_iv")
    me.deck.hand.append(inst)
    swap = {"type": "play_card", "card": inst, "mode": "expert"}
    assert swap in card_plays(state, inst)
    silver = state.neutral_decks["silver"]
    assert "n_sharpshooters" in silver.draw_pile + silver.discard_pile
    state, events = act(state, 0, swap)
    me = state.player(0)
    assert [a.card for a in me.army] == ["centaurs", "n_sharpshooters"]
    assert "n_sharpshooters" not in state.neutral_decks["silver"].draw_pile
    assert {"h3_unit_out", "h3_unit_in"} <= {e.kind for e in events}


def test_h3_16_gem_i_takes_the_first_aid_tent_from_the_pile_for_free() -> None:
    state = new_game(2, factions=["rampart", "castle"], heroes=["gem", None], expansions=["rampart"])
    state = mutate(to_main(state, 0))
    me = state.player(0)
    assert "first_aid_tent" in state.war_machines  # H3-6.32: the Rampart box's face-up pile
    inst = state.new_card("gem_first_aid")
    me.deck.hand.append(inst)
    gold = dict(me.resources)
    take = {"type": "play_card", "card": inst, "mode": "expert"}
    assert take in card_plays(state, inst)
    state, events = act(state, 0, take)
    me = state.player(0)
    assert "first_aid_tent" not in state.war_machines and me.resources == gold
    assert any(state.cards[c] == "first_aid_tent" for c in me.deck.hand)
    assert "h3_machine_taken" in [e.kind for e in events]
    assert clash_content().cards["gem_first_aid"].basic.combat == "gem_first_aid"  # the draw, in combat


def _tent_duel(cards: list[str]) -> Combat:
    c = _duel(cards)
    c.sides[0].war_machine = FIRST_AID_TENT  # H3-19.1: the owner's permanent in play (combat/war_machines.py)
    c.sides[0].expert_uses = 1
    c.round = 1
    return c


def test_h3_19_first_aid_expert_makes_the_tent_act_three_times_on_one_unit() -> None:
    # First Aid (expert): the Tent's use of this round, resolved three times on the same unit
    c = _duel(["first_aid"])
    c.sides[0].expert_uses = 1
    c.unit("a2").damage = 2
    assert {o["mode"] for o in _offered(c, "first_aid")} == {"basic"}  # no Tent: only the basic effect
    c = _tent_duel(["first_aid"])
    c.unit("a2").damage = 2
    c.unit("a1").damage = 2
    experts = [o for o in _offered(c, "first_aid") if o["mode"] == "expert"]
    assert {o["target"] for o in experts} == {"a1", "a2"}
    events = _play(c, "first_aid", mode="expert", target="a2")
    assert c.unit("a2").damage == 0  # three times 1, never more than the damage dealt
    assert c.sides[0].tent_round == c.round and c.sides[0].tent_heals == 1 and c.sides[0].expert_uses == 0
    assert "h3_tent" in [e.kind for e in events]
    assert machines.tent_options(c, c.sides[0]) == []  # the Tent's use of this round is spent


def test_h3_16_gem_vi_doubles_the_tent_for_the_combat() -> None:
    c = _duel(["gem_first_aid_vi"])
    assert _offered(c, "gem_first_aid_vi") == []  # no Tent in play: nothing to double
    c = _tent_duel(["gem_first_aid_vi"])
    assert _offered(c, "gem_first_aid_vi", activating=False) == []  # ongoing: in one's own activation (H3-35.3)
    _play(c, "gem_first_aid_vi")
    assert c.sides[0].tent_heals == 2
    c.unit("a1").damage = 3
    machines.use_tent(c, c.sides[0], "a1")
    assert c.unit("a1").damage == 1


def test_h3_16_gem_i_draws_in_combat_only_with_a_first_aid_tent() -> None:
    c = _duel(["gem_first_aid"])
    assert _offered(c, "gem_first_aid") == []
    c = _tent_duel(["gem_first_aid"])
    deck = c.sides[0].deck
    assert deck is not None
    deck.names["x1"] = "attack"
    deck.draw.draw_pile = ["x1"]
    assert len(_offered(c, "gem_first_aid")) == 1
    _play(c, "gem_first_aid")
    assert "x1" in deck.hand
    in_hand = _duel(["gem_first_aid", "first_aid_tent"])  # a Tent still in hand counts as had too
    assert len(_offered(in_hand, "gem_first_aid")) == 1
