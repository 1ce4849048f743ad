"""The map halves of the Tower box's Tower and Rampart specialties (H3-16, H3-13.2.7): Dracon's Enchanters IV
trades a Magi Pack for the neutral Enchanters, or draws a card; played in a Clash game whose boxes hold
the Tower box."""

from __future__ import annotations

from engine.heroes3.clash.state import ClashState
from engine.heroes3.combat.models import ArmyCard

from ..clash.helpers import act, card_plays, give_card, mutate, new_game, to_main


def _dracon() -> ClashState:
    state = new_game(2, factions=["tower", "castle"], heroes=["dracon", None], expansions=["tower", "rampart"])
    return mutate(to_main(state, 0))


def test_h3_16_dracon_iv_trades_the_magi_pack_for_the_enchanters() -> None:
    state = _dracon()
    me = state.player(0)
    me.army = [ArmyCard(card="magi", side="pack"), ArmyCard(card="gremlins", side="few")]
    inst = give_card(state, "enchanters_iv")
    swap = {"type": "play_card", "card": inst, "mode": "expert"}
    assert swap in card_plays(state, inst)
    gold = state.neutral_decks["gold"]
    assert "n_enchanters" in gold.draw_pile + gold.discard_pile
    state, events = act(state, 0, swap)
    me = state.player(0)
    assert [a.card for a in me.army] == ["gremlins", "n_enchanters"]
    assert "n_enchanters" not in state.neutral_decks["gold"].draw_pile + state.neutral_decks["gold"].discard_pile
    assert {"h3_unit_out", "h3_unit_in"} <= {e.kind for e in events}
    assert me.expert_used == 0  # a specialty's other printed half spends no expert use (H3-14.1, H3-12.12)


def test_h3_16_dracon_iv_draws_a_card_on_the_map() -> None:
    state = _dracon()
    inst = give_card(state, "enchanters_iv")
    draw = {"type": "play_card", "card": inst, "mode": "basic"}
    assert draw in card_plays(state, inst)
    before = len(state.player(0).deck.hand)
    state, _ = act(state, 0, draw)
    assert len(state.player(0).deck.hand) == before  # the card played, one drawn
    assert inst in state.player(0).deck.discard
