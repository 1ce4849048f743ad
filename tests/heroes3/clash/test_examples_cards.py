"""Worked examples of section E around cards and the parts the other example files leave out:
E-5's combat (Lightning Bolt empowered by Haste's alternative effect, A-21), E-7's secondary hero
and City Hall choice, and E-11's derived card rules."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import Hero
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.actions import Play
from engine.heroes3.combat.models import Combat

from ..helpers import dice, hand, side, unit
from .helpers import act, mutate, new_game


def test_e5_lightning_bolt_empowered_by_haste_alternative_defeats_the_troglodytes() -> None:
    # E-5 / H3-15.3 / H3-15.4 / A-21: Haste's alternative (+1 Power) then Lightning Bolt with 1 Power
    # deals 3 to the neutral Troglodytes (HP 3); the right-hand player (seat 1) controls the neutrals.
    c = Combat(
        kind="neutral",
        sides=[
            side(0, cards=["power", "lightning_bolt", "haste", "haste"], expert_uses=1),
            side(1, owner=None, seat=1),
        ],
        units=[unit("a1", "skeletons", "pack", 0, (0, 1)), unit("n1", "n_troglodytes", "neutral", 1, (0, 3))],
        field_level=2,
    )
    alice = c.sides[0]
    haste = hand(c, 0, "haste")
    card_rules.play(c, alice, Play(type="play", card=haste, mode="alt"), dice())
    assert alice.pending_power == 1 and alice.spells_cast == 0  # not a cast
    bolt = hand(c, 0, "lightning_bolt")
    options = [o.action for o in card_rules.playable(c, alice, activating=True)]
    assert {"type": "play", "card": bolt, "mode": "cast", "target": "n1"} in options
    card_rules.play(c, alice, Play(type="play", card=bolt, mode="cast", target="n1"), dice())
    trogs = c.unit("n1")
    assert not trogs.alive  # 2 + 1 Power = 3 damage >= 3 HP
    assert alice.spells_cast == 1 and alice.pending_power == 0
    deck = alice.deck
    assert deck is not None and haste in deck.discard and bolt in deck.discard
    # H3-15.6: the other Haste cannot be cast as a spell in the same combat round ...
    second = hand(c, 0, "haste")
    assert not any(
        o.action.get("mode") == "cast" and o.action.get("card") == second
        for o in card_rules.playable(c, alice, activating=True)
    )
    with pytest.raises(RuleViolation) as err:
        raise card_rules.refuse(c, alice, Play(type="play", card=second, mode="cast", target="a1"), activating=True)
    assert err.value.rule == "H3-35.2"
    # ... and the Power card stays in hand for Town Portal on the map (E-5's second half, test_examples.py).
    assert hand(c, 0, "power") in deck.hand


def test_e7_round_five_secondary_hero_mp_and_city_hall_choices() -> None:
    # E-7 (Alice = Tower, Bob = Dungeon, Alice starts): H3-7.4 the round-5 timed event gives every
    # hero +1 MP this round (main 3 -> 4, secondary 2 -> 3); H3-7.3.1 / P-11 City Hall choices:
    # Alice (Tower: 4 gold or a card) draws, Bob (Dungeon: 5 gold or 1 valuables) takes 5 gold.
    state = new_game(
        players=4,
        factions=["tower", "dungeon", "castle", "necropolis"],
        heroes=["josephine", "mutare", "catherine", "sandro"],
        scenario="clash_four_winds",
    )
    state = mutate(state)
    state.round = 4
    alice = state.player(0)
    assert alice.main is not None
    alice.secondary = Hero(kind="secondary", field=alice.main.field, mp=0, last_visited=alice.main.field)
    for p in state.seats[:2]:
        p.buildings.append(f"{p.faction}_city_hall")
    state.steps[:] = [FLOW.new(state, "round_end")]
    FLOW.advance(state)
    assert state.round == 5
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and len(prompt.options) == 2  # clockwise from the starting player
    hand_before, gold_alice = len(alice.deck.hand), alice.resources["gold"]
    state, _ = act(state, 0, dict(prompt.options[1].action))
    assert len(state.player(0).deck.hand) == hand_before + 1 and state.player(0).resources["gold"] == gold_alice
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 1 and len(prompt.options) == 2
    gold_bob = state.player(1).resources["gold"]
    state, _ = act(state, 1, dict(prompt.options[0].action))
    assert state.player(1).resources["gold"] == gold_bob + 5
    # then the timed event (A-73: after the City Halls, last before the first turn)
    alice, bob = state.player(0), state.player(1)
    assert alice.main is not None and alice.main.mp == 4
    assert alice.secondary is not None and alice.secondary.mp == 3
    assert bob.main is not None and bob.main.mp == 4 and bob.secondary is None


def test_e11_expert_uses_are_spent_by_expert_effects_and_refresh_each_round() -> None:
    # E-11 / H3-12.12 / H3-7.2.3: a level II hero has 1 expert use; it refreshes at the next round.
    state = mutate(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]))
    p = state.player(0)
    p.level, p.xp = 2, 2
    assert cards.expert_left(p) == 1
    p.expert_used = 1
    assert cards.expert_left(p) == 0
    state.steps[:] = [FLOW.new(state, "round_end")]
    FLOW.advance(state)
    assert cards.expert_left(state.player(0)) == 1
