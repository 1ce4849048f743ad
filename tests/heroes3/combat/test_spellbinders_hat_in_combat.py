"""Spellbinder's Hat in a combat. Its effects are instants (H3-13.2.7), which may be played at any
time in a combat involving one's main hero (H3-13.2.1, H3-35.4), so the engine resolves them there as
it does on the map (cards/map_cards.py) instead of handing them to the game master (H3-1.4 is only for
what the engine cannot know):

- the bottom effect removes the Hat and one more card of the hand or the discard pile from the game
  (H3-13.2.8), or the Hat alone; the Clash copies the combat's removed pile back when the combat ends,
  and a Tournament keeps a removed artifact for its VP (H3-45.4.3);
- the top effect's Search of a shared deck (H3-13.2.5) is left to the map: a combat plays on its own
  copy of the hand and holds no shared deck, so the top effect is not offered there and a direct
  attempt is refused with the Search's rule, changing nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3 import names
from engine.heroes3.adventure.encounters import combat_deck, restore_deck
from engine.heroes3.combat import cards as card_rules
from engine.heroes3.combat.models import Combat, HeroDeck
from engine.heroes3.skirmish.ruleset import FLOW, SKIRMISH, SkirmishState
from i18n import render

from ..clash.helpers import mutate, new_game, to_main
from ..helpers import combat_state, hand, side, unit


def _state(cards: list[str], discard: list[str] | None = None) -> SkirmishState:
    """A skirmish combat with the player's ``cards`` in hand and ``discard`` in the discard pile."""
    c = Combat(
        kind="player",
        sides=[side(0, cards=cards + (discard or []), expert_uses=0), side(1, cards=[])],
        units=[unit("a1", "marksmen", "few", 0, (0, 1)), unit("d1", "zombies", "few", 1, (0, 4))],
    )
    deck = c.sides[0].deck
    assert deck is not None
    for inst in list(deck.hand)[len(cards) :]:
        deck.hand.remove(inst)
        deck.discard.append(inst)
    state = combat_state(c)
    state.steps = [FLOW.new(state, "h3c_act", 0, unit="a1", phase="shoot")]
    return state


def _deck(state: SkirmishState) -> HeroDeck:
    assert state.combat is not None and state.combat.sides[0].deck is not None
    return state.combat.sides[0].deck


def _in(state: SkirmishState, card: str) -> str:
    """The instance of ``card`` in the player's hand."""
    assert state.combat is not None
    return hand(state.combat, 0, card)


def _hat_plays(state: SkirmishState, activating: bool = False) -> list[dict[str, object]]:
    c = state.combat
    assert c is not None
    hat = _in(state, "spellbinders_hat")
    return [dict(o.action) for o in card_rules.playable(c, c.sides[0], activating) if o.action["card"] == hat]


def test_h3_35_4_the_hats_bottom_is_offered_any_time_with_each_card_it_may_take_along() -> None:
    state = _state(["spellbinders_hat", "attack"], discard=["defense"])
    deck = _deck(state)
    hat, attack = _in(state, "spellbinders_hat"), _in(state, "attack")
    defense = deck.discard[0]
    plays = _hat_plays(state)  # H3-35.4: an instant, also while no unit of the player activates
    picks = sorted(str(p.get("pick")) for p in plays if p["mode"] == "other")
    assert picks == sorted(["None", attack, defense])  # alone, a hand card, a discard-pile card; never itself
    assert not any(p["mode"] == "basic" for p in plays)  # the top effect's Search: map only
    assert all(p["card"] == hat for p in plays)


def test_h3_13_2_8_the_hats_bottom_removes_it_and_a_hand_card_from_the_game() -> None:
    state = _state(["spellbinders_hat", "attack"])
    hat, attack = _in(state, "spellbinders_hat"), _in(state, "attack")
    action = {"type": "play", "card": hat, "mode": "other", "target": None, "pick": attack}
    state, events = SKIRMISH.apply(state, 0, action)
    deck = _deck(state)
    assert deck.removed == [hat, attack] and deck.hand == [] and deck.discard == []  # H3-13.2.8: not discarded
    assert [e.kind for e in events].count("h3_removed") == 2
    assert not state.gm.tasks and "gm_task" not in [e.kind for e in events]  # no longer the game master's
    said = [render(e.msg, "en", names()) for e in events if e.kind == "h3_removed" and e.msg is not None]
    assert said == ["Seat 1 removes Spellbinder's Hat from the game.", "Seat 1 removes Attack from the game."]


def test_h3_13_2_8_the_hats_bottom_may_take_a_card_from_the_discard_pile_or_go_alone() -> None:
    state = _state(["spellbinders_hat"], discard=["defense"])
    deck = _deck(state)
    hat, defense = _in(state, "spellbinders_hat"), deck.discard[0]
    after, _ = SKIRMISH.apply(state, 0, {"type": "play", "card": hat, "mode": "other", "target": None, "pick": defense})
    assert _deck(after).removed == [hat, defense] and _deck(after).discard == []
    alone, _ = SKIRMISH.apply(state, 0, {"type": "play", "card": hat, "mode": "other", "target": None})
    assert _deck(alone).removed == [hat] and _deck(alone).discard == [defense]


def test_h3_13_2_5_the_hats_top_search_is_refused_in_a_combat_and_changes_nothing() -> None:
    state = _state(["spellbinders_hat", "attack"])
    hat = _in(state, "spellbinders_hat")
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "play", "card": hat, "mode": "basic", "target": None})
    assert refused.value.rule == "H3-13.2.5"
    said = render(refused.value.msg, "en", names()) if refused.value.msg is not None else ""
    assert said.startswith("Spellbinder's Hat's top effect Searches a shared deck")
    assert state.model_dump() == before


@pytest.mark.parametrize("mode", ["clash", "tournament"])
def test_h3_45_4_3_a_clash_gets_the_cards_the_hat_removed_in_a_combat_back_with_its_deck(mode: str) -> None:
    options: dict[str, Any] = {"mode": "tournament"} if mode == "tournament" else {}
    state = mutate(to_main(new_game(factions=["castle", "dungeon"], **options), 0))
    p = state.player(0)
    hat, attack = state.new_card("spellbinders_hat"), state.new_card("attack")
    p.deck.hand += [hat, attack]
    deck = combat_deck(state, p)  # what encounters gives the main hero's combat side (H3-35.1)
    c = Combat(kind="neutral", sides=[side(0), side(1)])
    c.sides[0].deck = deck
    action = {"type": "play", "card": hat, "mode": "other", "target": None, "pick": attack}
    card_rules.play(c, c.sides[0], SKIRMISH.parse_action(action), state.rng)
    restore_deck(state, p, deck)
    assert p.deck.removed[-2:] == [hat, attack] and hat not in p.deck.hand + p.deck.discard
    # H3-45.4.3: in a Tournament the removed artifact (the Hat, not the statistic card) counts for VP
    assert p.removed_artifacts == ([hat] if mode == "tournament" else [])
