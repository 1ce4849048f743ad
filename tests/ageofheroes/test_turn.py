"""Turn steps: TC-04 to TC-08, TC-21, TC-22, TC-30 (AH-6 to AH-9, AH-12, AH-13)."""

from __future__ import annotations

import pytest

from engine.ageofheroes.events_cards import quake_targets
from engine.ageofheroes.market import market_draws
from engine.ageofheroes.state import Army, Battle, Unit
from engine.ageofheroes.war import duel_totals
from engine.core import RuleViolation

from .support import act, at_action, begin_turn, cities, deck_top, give, kinds, position, top


def test_tc04_famine_luck_and_replacement_draws() -> None:
    # AH-6.3, AH-11.6, AH-11.10
    state = position(3)
    give(state, 0, "iron", "grain", "grain")
    give(state, 1, "grain", "stone")
    give(state, 2, "grain", "luck")
    deck_top(state, "famine", "luck", "wood")
    begin_turn(state, 0)
    assert top(state) == "luck_window"
    assert sorted(p.seat for p in __import__("engine").ruleset("ageofheroes").prompts(state)) == [0, 1, 2]  # §3 N2
    state, _ = act(state, 0, type="luck", play=False)
    state, _ = act(state, 1, type="luck", play=False)
    state, _ = act(state, 2, type="luck", play=True)
    assert kinds(state.seats[0].hand) == ["iron", "luck", "wood"]
    assert kinds(state.seats[1].hand) == ["stone"]
    assert kinds(state.seats[2].hand) == ["grain"]
    assert top(state) == "action"


def test_tc04_variant_immediate_only_replacement() -> None:
    # AH-6.3 (CFG draw_step_replacement=immediate_only)
    state = position(3, draw_step_replacement="immediate_only")
    give(state, 0, "iron", "grain", "grain")
    give(state, 1, "grain", "stone")
    give(state, 2, "grain", "luck")
    deck_top(state, "famine", "luck", "wood")
    begin_turn(state, 0)
    for seat, play in ((0, False), (1, False), (2, True)):
        state, _ = act(state, seat, type="luck", play=play)
    assert kinds(state.seats[0].hand) == ["iron", "luck"]
    assert state.deck.draw_pile[0].startswith("wood")


def test_tc05a_tax_with_an_earthquake_in_the_middle() -> None:
    # AH-8.1, AH-8.3, AH-11.4
    state = position(3)
    cities(state, 0, 3)
    deck_top(state, "stone", "earthquake", "iron")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="tax")
    assert top(state) == "event_target"  # P-02: A picks the target
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    assert kinds(state.seats[0].hand) == ["iron", "stone"]  # not replaced (tax_replacement=false)
    assert state.seats[1].armies[0].status == "scattered"


def test_tc05b_tax_without_a_city_swaps_one_card() -> None:
    # AH-8.2
    state = position(4)
    cities(state, 3, 0)
    marble = give(state, 3, "marble")
    deck_top(state, "wood")
    at_action(state, 3)
    state, _ = act(state, 3, type="action", choice="tax")
    state, _ = act(state, 3, type="tax_swap", card=marble[0])
    assert kinds(state.seats[3].hand) == ["wood"]
    assert state.deck.discard_pile[-1] == marble[0]


def test_tc05b_no_tax_swap_with_an_empty_hand() -> None:
    # AH-8.2
    state = position(4)
    cities(state, 3, 0)
    give(state, 3, "wood")
    at_action(state, 3)
    state.seats[3].hand = []  # forced position: nothing to swap
    with pytest.raises(RuleViolation) as exc:
        act(state, 3, type="action", choice="tax")
    assert exc.value.rule == "AH-8.2"


def test_tc06_build_costs_gold_wild_and_supply() -> None:
    # AH-9.2, AH-9.3, AH-9.4, AH-9.5
    state = position(3)
    iron, grain, gold, stone, wood1, wood2 = give(state, 0, "iron", "grain", "gold", "stone", "wood", "wood")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="army", pay=[iron, grain, gold])
    state, _ = act(state, 0, type="build", item="city", pay=[stone, wood1, wood2])
    assert state.seats[0].hand == [] and len(state.seats[0].armies) == 2 and state.seats[0].cities == 2
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="general")
    assert exc.value.rule == "AH-9.2"


def test_tc06_negative_and_positive_cases() -> None:
    # AH-9.5 empty City supply; AH-2.2 special resources are never wild; AH-9.3 Gold for anything
    state = position(3)
    give(state, 0, "iron", "grain", "gold", "stone", "wood", "wood")
    state.supply["city"] = 0
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="city")
    assert exc.value.rule == "AH-9.5"
    act(state, 0, type="build", item="army")  # still legal

    state = position(3)
    stone, wood, marble = give(state, 0, "stone", "wood", "marble")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="city", pay=[stone, wood, marble])
    assert exc.value.rule == "AH-2.2"  # the rule the refusal names: a special resource pays for nothing
    golds = give(state, 0, "gold", "gold", "gold")
    state, _ = act(state, 0, type="build", item="fortress", pay=golds)
    assert state.seats[0].fortresses == 1


def test_tc07_general_goes_on_a_home_army_without_one() -> None:
    # AH-9.8.1, AH-9.8.3, AH-9.8.4, AH-9.8.5
    state = position(3)
    state.seats[0].armies = [Army(id="a1"), Army(id="a2", status="away", away_turn=0)]
    state.supply["army"] -= 1
    give(state, 0, "iron", "gold")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    with pytest.raises(RuleViolation):
        act(state, 0, type="build", item="general", army="a2")
    state, _ = act(state, 0, type="build", item="general")
    a1, a2 = state.seats[0].army("a1"), state.seats[0].army("a2")
    assert a1 is not None and a1.general and a2 is not None and not a2.general
    b = Battle(attacker=0, defender=1, purpose="plunder")
    a, d = Unit(id="a1", card="bc3-01", general=True), Unit(id="b1", card="bc3-02")
    assert duel_totals(state, b, a, d) == (5, 3)
    assert 0 not in quake_targets(state, 1)  # immune to Earthquake
    give(state, 0, "iron", "gold")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="general")
    assert exc.value.rule == "AH-9.8.3"


def test_tc08_road_needs_a_neighbour_and_consent() -> None:
    # AH-9.9.1, AH-9.9.3, AH-9.9.4, AH-4.2
    state = position(4)
    give(state, 0, "stone", "stone", "iron")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="road", neighbour=2)
    assert exc.value.rule == "AH-9.9.1"
    state, _ = act(state, 0, type="build", item="road", neighbour=1)
    assert top(state) == "road_consent" and state.steps[0].seat == 1  # P-12
    state, _ = act(state, 1, type="road_answer", consent=False)
    assert kinds(state.seats[0].hand) == ["iron", "stone", "stone"]  # nothing paid
    state, _ = act(state, 0, type="action", choice="war")  # P-13: switch, nothing built yet
    assert top(state) == "war_declare"

    state = position(4)
    give(state, 0, "stone", "stone", "iron")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="road", neighbour=1)
    state, _ = act(state, 1, type="road_answer", consent=True)
    assert kinds(state.seats[0].hand) == ["iron"] and state.supply["road"] == 5
    assert [market_draws(state, s) for s in range(4)] == [2, 2, 1, 1]


def test_tc21_hand_limit_only_in_own_discard_step() -> None:
    # AH-13.1, AH-13.2, AH-4.8
    state = position(3)
    give(state, 0, *["iron", "wood", "stone", "grain", "gold", "iron", "wood", "stone"])
    give(state, 2, *["iron", "wood", "stone", "grain", "gold", "iron", "wood"])
    deck_top(state, "grain")
    begin_turn(state, 0)
    assert len(state.seats[0].hand) == 9
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=0)
    assert top(state) == "discard"
    state, _ = act(state, 0, type="discard", cards=state.seats[0].hand[:4])
    assert len(state.seats[0].hand) == 5 and len(state.seats[2].hand) == 7


def test_tc22_monument_only_own_kind_only_in_monument_step() -> None:
    # AH-12.1, AH-12.2, AH-4.7
    state = position(3)
    lime1, lime2, concrete = give(state, 0, "limestone", "limestone", "concrete")
    at_action(state, 0)
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="place", cards=[lime1])
    assert exc.value.rule == "AH-12.2"
    state, _ = act(state, 0, type="action", choice="none")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="place", cards=[concrete])
    assert exc.value.rule == "AH-12.1"
    state, _ = act(state, 0, type="place", cards=[lime1, lime2])
    assert len(state.seats[0].monument) == 2
    from engine.ageofheroes import AGE_OF_HEROES as RS

    assert RS.view(state, None)["players"][0]["monument"] == 2


def test_tc30_chained_events_in_the_draw_step() -> None:
    # AH-6.3, AH-11.4, AH-11.5
    state = position(3)
    cities(state, 1, 2)  # so the Volcano does not eliminate B
    deck_top(state, "volcano", "earthquake", "iron")
    begin_turn(state, 0)
    assert top(state) == "event_target"
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    assert top(state) == "event_target"  # the Earthquake, drawn as the replacement
    state, _ = act(state, 0, type="choose_target", target=2)
    state, _ = act(state, 2, type="luck", play=False)
    assert kinds(state.seats[0].hand) == ["iron"]
    assert top(state) == "action"


def test_payment_refusals_cite_the_rule_they_name() -> None:
    # AH-9.1 paid from the hand; AH-9.4 overpaying (a kind or Gold beyond the cost); AH-9.2 too little
    state = position(3)
    iron, grain, grain2, gold, gold2 = give(state, 0, "iron", "grain", "grain", "gold", "gold")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    cases = [
        (["iron-999"], "AH-9.1"),
        ([iron, grain, grain2, gold], "AH-9.4"),  # an Army with a Gold too many
        ([iron, iron], "AH-9.1"),  # the same card twice
        ([gold, gold2, grain, grain2], "AH-9.4"),  # two Grain and two Gold: a Gold too many
        ([iron, grain], "AH-9.2"),  # one Grain short
    ]
    for pay, rule in cases:
        with pytest.raises(RuleViolation) as exc:
            act(state, 0, type="build", item="army", pay=pay)
        assert exc.value.rule == rule, pay
    state, _ = act(state, 0, type="build", item="army", pay=[iron, gold, grain])  # AH-9.3: Gold for a Grain
    assert len(state.seats[0].armies) == 2


def test_replacement_draw_is_made_for_the_player_by_default() -> None:
    # AH-6.3 「並能再抽取」 read as "gets to draw again" (the rules file's reading): no question asked
    state = position(3)
    deck_top(state, "luck", "wood")
    begin_turn(state, 0)
    assert kinds(state.seats[0].hand) == ["luck", "wood"] and top(state) == "action"


def test_replacement_draw_may_be_refused_when_the_table_reads_may() -> None:
    # AH-6.3 (CFG draw_step_replacement_draw=may): after each event the player chooses; the
    # question is public, because the table already saw that some event was drawn.
    from engine.ageofheroes import AGE_OF_HEROES as RS

    state = position(3, draw_step_replacement_draw="may")
    deck_top(state, "luck", "mighty_hero", "wood")
    events = begin_turn(state, 0)
    assert top(state) == "draw_again" and any("may draw again" in e.text for e in events if e.public)
    prompt = next(p for p in RS.prompts(state) if p.seat == 0)
    assert not prompt.secret and prompt.rule == "AH-6.3"
    state, _ = act(state, 0, type="draw_again", draw=True)
    assert kinds(state.seats[0].hand) == ["luck", "mighty_hero"] and top(state) == "draw_again"
    state, events = act(state, 0, type="draw_again", draw=False)
    assert kinds(state.seats[0].hand) == ["luck", "mighty_hero"] and top(state) == "action"
    assert state.deck.draw_pile[0].startswith("wood")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="draw_again", draw=True)
    assert exc.value.rule == "AH-6.3"


def test_replacement_draw_offered_after_an_immediate_event_resolves() -> None:
    # AH-6.2 the event resolves first; AH-6.3 (CFG may) then the choice; AH-11.3 Population Boom
    state = position(3, draw_step_replacement_draw="may")
    deck_top(state, "population_boom", "wood")
    begin_turn(state, 0)
    assert state.seats[0].cities == 2 and top(state) == "draw_again"
    state, _ = act(state, 0, type="draw_again", draw=True)
    assert kinds(state.seats[0].hand) == ["wood"] and top(state) == "action"
