"""Rules the worked examples (spec §7) do not reach on their own: components, setup, the turn's
skeleton, deck management, elimination and victory conditions. Each test names the rules whose
behaviour it checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import cards as C
from engine.ageofheroes.flow import advance, push
from engine.ageofheroes.state import BARBARIANS, AohState, Battle, Unit
from engine.ageofheroes.table import neighbours
from engine.ageofheroes.victory import conditions
from engine.ageofheroes.war import duel_totals
from engine.core import Event, RuleViolation

from .support import (
    act,
    armies,
    at_action,
    begin_turn,
    cities,
    deck_top,
    fortresses,
    give,
    kinds,
    position,
    take,
    top,
    war,
)

SPECIALS = {
    "egyptian": "limestone",
    "roman": "concrete",
    "greek": "marble",
    "babylonian": "brick",
    "celtic": "sandstone",
    "chinese": "granite",
}


def _answer_luck(state: AohState, seats: list[int]) -> AohState:
    for s in seats:
        state, _ = act(state, s, type="luck", play=False)
    return state


def _public(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.public)


# ---- components (AH-1, AH-2) -------------------------------------------------------------------
def test_three_card_families_and_the_resource_deck_classes() -> None:
    # AH-1.1 three families; AH-1.2 regular, special, events; AH-1.4 battle values 1-6; AH-2.1 tribes
    state = position(6)
    resource = list(state.deck.draw_pile)
    battle = list(state.battle_deck.draw_pile)
    assert not set(resource) & set(battle)  # told apart: no card belongs to two families
    found = {C.kind(c) for c in resource}
    assert found == set(C.REGULAR) | set(SPECIALS.values()) | set(C.EVENTS)
    assert not found & set(C.ITEMS)  # items are no deck's cards (AH-1.3)
    assert {C.battle_value(c) for c in battle} == {1, 2, 3, 4, 5, 6}
    assert {t: v.special_resource for t, v in state.content.tribes.items()} == SPECIALS


def test_item_supply_is_public_and_a_hard_limit() -> None:
    # AH-1.3 one face-up pile per item type, its size limits what is in play; AH-1.5 the tribe card
    state = position(4)
    view = RS.view(state, None)
    assert set(view["supply"]) == set(C.ITEMS)
    in_play = {"city": 4, "army": 4}
    for item, total in state.content.item_supply.items():
        assert view["supply"][item] + in_play.get(item, 0) == total
    for row in view["players"]:
        assert row["special_resource"] == SPECIALS[row["tribe"]]


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    # AH-1.8: six tribes, so two to six players
    with pytest.raises(RuleViolation):
        RS.setup({"players": players}, 1)


def test_an_unplayed_tribes_special_resource_is_a_dead_card_that_still_counts() -> None:
    # AH-2.3: held, traded and counted towards the hand limit like any card, used by nobody
    state = position(2)  # Egyptian and Roman: Granite belongs to nobody
    granite = give(state, 0, "granite")
    state.market = True
    push(state, "start_turns")
    push(state, "trade")
    state, _ = act(state, 0, type="trade_offer", to=1, give=["granite"], get=[])
    state, _ = act(state, 1, type="trade_accept", offer=1)
    assert state.seats[1].hand == granite
    state.steps = []
    give(state, 1, "iron", "iron", "wood", "wood", "stone")
    at_action(state, 1)
    state, _ = act(state, 1, type="action", choice="none")
    state, _ = act(state, 1, type="place", count=0)
    assert top(state) == "discard"  # six cards, the Granite among them


# ---- monument and victory conditions (AH-2.4, AH-12, AH-17) ------------------------------------
def test_monument_condition_needs_five_own_cards_and_more_are_allowed() -> None:
    # AH-2.4, AH-12.3, AH-17.3: five or more of the own kind; the sixth is allowed (a buffer)
    state = position(2)
    own = [take(state, "limestone") for _ in range(6)]
    state.seats[0].monument = own[:4]
    assert conditions(state, 0) == []
    state.seats[0].monument = own[:5]
    assert conditions(state, 0) == ["monument"]
    state.seats[0].monument = []
    state.seats[0].hand = list(own)
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=6)
    assert len(state.seats[0].monument) == 6
    assert state.seats[0].challenge is not None and state.seats[0].challenge.conditions == ["monument"]


def test_empire_condition_is_five_cities() -> None:
    # AH-17.2
    state = position(2)
    cities(state, 0, 4)
    assert conditions(state, 0) == []
    cities(state, 0, 5)
    assert conditions(state, 0) == ["empire"]


def test_a_condition_met_off_turn_starts_a_challenge_only_at_the_own_turn_end() -> None:
    # AH-17.7, AH-17.4.1
    state = position(2)
    cities(state, 1, 5)  # say, a fifth City from Population Boom
    deck_top(state, "wood")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=0)
    assert state.active == 1 and state.seats[1].challenge is None  # seat 0's turn end is not seat 1's
    state, _ = act(state, 1, type="action", choice="none")
    state, _ = act(state, 1, type="place", count=0)
    assert state.seats[1].challenge is not None and state.seats[1].challenge.conditions == ["empire"]


def test_monument_cards_leave_only_by_raze_not_by_plunder() -> None:
    # AH-12.4, AH-10.5: Plunder takes from the hand, Raze from the monument, Conquest Cities
    results: dict[str, AohState] = {}
    for purpose in ("conquest", "plunder", "raze"):
        state = position(3)
        armies(state, 0, "a1", "a2")
        state.seats[1].armies[0].status = "away"  # no defenders: V = 2
        cities(state, 1, 2)
        give(state, 1, "iron", "wood", "stone", "grain")
        state.seats[1].monument = [take(state, "concrete"), take(state, "concrete")]
        at_action(state, 0)
        state = war(state, 0, 1, purpose, ["a1", "a2"])
        state, _ = act(state, 1, type="respond", play="none", heroes=[])
        results[purpose] = state
    conquest, plunder, raze = results["conquest"], results["plunder"], results["raze"]
    assert (conquest.seats[1].cities, len(conquest.seats[1].hand), len(conquest.seats[1].monument)) == (1, 4, 2)
    assert (plunder.seats[1].cities, len(plunder.seats[1].hand), len(plunder.seats[1].monument)) == (2, 0, 2)
    assert (raze.seats[1].cities, len(raze.seats[1].hand), len(raze.seats[1].monument)) == (2, 4, 1)


# ---- setup (AH-3) ------------------------------------------------------------------------------
def test_decks_are_shuffled_separately() -> None:
    # AH-3.1: each seed deals its own orders from the same cards
    a, b = RS.setup({"players": 3}, 1), RS.setup({"players": 3}, 2)

    def every(state: AohState) -> list[str]:
        return sorted(state.deck.draw_pile + state.deck.discard_pile + [c for p in state.seats for c in p.hand])

    assert a.deck.draw_pile != b.deck.draw_pile and every(a) == every(b)
    assert sorted(a.battle_deck.draw_pile) == sorted(b.battle_deck.draw_pile)
    assert a.battle_deck.draw_pile != b.battle_deck.draw_pile


def test_seat_order_defines_neighbours_and_turn_order() -> None:
    # AH-3.2, AH-9.9.1: clockwise seat order; the neighbours are the two adjacent seats
    state = position(4)
    assert RS.view(state, None)["seat_order"] == [0, 1, 2, 3]
    assert neighbours(state, 0) == [1, 3] and neighbours(state, 2) == [1, 3]
    deck_top(state, "wood")
    at_action(state, 1)
    state, _ = act(state, 1, type="action", choice="none")
    state, _ = act(state, 1, type="place", count=0)
    assert state.active == 2  # play passes clockwise


def test_held_events_in_the_opening_hand_are_kept() -> None:
    # AH-3.9, AH-3.6: Olympic Games, Mighty Hero and Luck stay, secretly, in the opening hands
    state = RS.setup({"players": 2}, 3)  # draft: waits for the tribes before dealing
    deck_top(state, "luck", "mighty_hero", "olympic_games", "iron", "wood", "stone", "grain", "grain")
    while top(state) == "tribe":
        prompt = RS.prompts(state)[0]
        state, _ = RS.apply(state, prompt.seat, prompt.options[0].action)
    held = sorted(c for p in state.seats for c in kinds(p.hand) if c in C.HELD)
    assert held == ["luck", "mighty_hero", "olympic_games"]
    assert state.opening == []  # nothing was revealed
    assert all(len(p.hand) == 4 for p in state.seats)  # three dealt, one from the first Market Day


# ---- rounds and Market Day (AH-4) --------------------------------------------------------------
def _market_day(state: AohState) -> tuple[AohState, list[Event]]:
    events: list[Event] = []
    push(state, "market_day")
    advance(state, events)
    return state, events


def test_a_round_is_market_day_then_turns_from_the_first_player() -> None:
    # AH-4.1, AH-5.2
    state = position(3)
    state.first_seat = 1
    deck_top(state, "wood", "wood", "wood", "stone")
    state, _ = _market_day(state)
    assert top(state) == "trade" and state.round == 3
    for s in range(3):
        state, _ = act(state, s, type="trade_done", done=True)
    assert state.active == 1 and top(state) == "action"


def test_a_round_starts_after_an_eliminated_first_player() -> None:
    # AH-16.6, AH-4.1
    state = position(3)
    state.seats[0].eliminated = True
    state.seats[0].cities = 0
    state.seats[0].armies = []
    deck_top(state, "wood", "wood", "stone")
    state, _ = _market_day(state)
    for s in (1, 2):
        state, _ = act(state, s, type="trade_done", done=True)
    assert state.active == 1


def test_market_day_events_resolve_after_everyone_has_drawn() -> None:
    # AH-4.3, AH-11.2: seat 0's Famine waits until seat 1 has drawn its Grain, which it then loses
    state = position(3)
    deck_top(state, "famine", "grain", "wood")
    state, _ = _market_day(state)
    assert top(state) == "luck_window"
    state = _answer_luck(state, [0, 1, 2])
    assert state.seats[0].hand == [] and state.seats[1].hand == []  # no replacement on Market Day
    assert kinds(state.seats[2].hand) == ["wood"] and top(state) == "trade"


# ---- the turn (AH-5, AH-6, AH-7) --------------------------------------------------------------
def test_the_five_steps_in_order() -> None:
    # AH-5, AH-5.1, AH-6.1: draw one card, then Action, Monument, Discard, Retrieve; then the next seat
    state = position(2)
    deck_top(state, "wood", "stone")
    size = len(state.deck.draw_pile)
    seen: list[str | None] = []
    begin_turn(state, 0)
    seen.append(top(state))
    assert kinds(state.seats[0].hand) == ["wood"] and len(state.deck.draw_pile) == size - 1
    state, _ = act(state, 0, type="action", choice="none")
    seen.append(top(state))
    give(state, 0, "iron", "iron", "iron", "iron", "iron")
    state, _ = act(state, 0, type="place", count=0)
    seen.append(top(state))
    state, events = act(state, 0, type="discard", cards=[state.seats[0].hand[0]])
    assert seen == ["action", "monument", "discard"]
    assert state.active == 1 and "End of seat 1" in _public(events)


def test_the_active_player_eliminated_in_their_own_turn_ends_it() -> None:
    # AH-5.3, AH-16.7, AH-16.1: a Famine takes seat 0's last card; it has no City
    state = position(3)
    cities(state, 0, 0)
    give(state, 0, "grain")
    deck_top(state, "famine", "wood", "stone")
    begin_turn(state, 0)
    state = _answer_luck(state, [0, 1, 2])
    assert state.seats[0].eliminated
    assert state.active == 1 and top(state) == "action"  # no replacement draw, no Action for seat 0


def test_everyone_eliminated_at_once_is_a_shared_draw() -> None:
    # AH-16.8
    state = position(2)
    for s in (0, 1):
        cities(state, s, 0)
        give(state, s, "grain")
    deck_top(state, "famine")
    begin_turn(state, 0)
    state = _answer_luck(state, [0, 1])
    result = RS.result(state)
    assert result is not None and result.winners == [0, 1]


def test_exactly_one_action_per_turn() -> None:
    # AH-7.1 Tax, Build, War or none; AH-7.2 one action: after a Build no War follows
    state = position(3)
    give(state, 0, "iron", "grain", "grain")
    at_action(state, 0)
    prompt = next(p for p in RS.prompts(state) if p.seat == 0)
    assert [o.action["choice"] for o in prompt.options] == ["tax", "build", "war", "none"]
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="army")
    state, _ = act(state, 0, type="finish_build")
    assert top(state) == "monument"
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="action", choice="war")
    assert exc.value.rule == "AH-7.1"


# ---- decks (AH-6.4, AH-15) -----------------------------------------------------------------------
def test_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    # AH-6.4, AH-15.1
    state = position(3)
    woods = [c for c in state.deck.draw_pile if C.kind(c) == "wood"]
    state.deck.draw_pile = []
    state.deck.discard_pile = list(woods)
    before = state.deck.reshuffles
    begin_turn(state, 0)
    assert kinds(state.seats[0].hand) == ["wood"] and state.deck.reshuffles == before + 1
    assert len(state.deck.draw_pile) == len(woods) - 1 and state.deck.discard_pile == []


def test_no_card_anywhere_means_the_draw_yields_nothing() -> None:
    # AH-15.3
    state = position(3)
    state.deck.draw_pile, state.deck.discard_pile = [], []
    events = begin_turn(state, 0)
    assert state.seats[0].hand == [] and top(state) == "action"
    assert "nothing is drawn" in _public(events)


def test_the_discard_pile_is_public() -> None:
    # AH-15.4, AH-9.4: payments go face up to a public discard pile
    state = position(3)
    give(state, 0, "iron", "grain", "grain")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="army")
    assert sorted(RS.view(state, None)["resource_deck"]["discard"]) == ["grain", "grain", "iron"]


# ---- Build (AH-9) --------------------------------------------------------------------------------
def test_any_number_of_items_in_one_build() -> None:
    # AH-9.1, AH-9.10: each item paid separately; a City is counted at once
    state = position(3)
    give(state, 0, "iron", "grain", "grain", "iron", "wood", "stone", "stone", "wood", "wood")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    for item in ("army", "fortress", "city"):
        state, _ = act(state, 0, type="build", item=item)
    p = state.seats[0]
    assert (len(p.armies), p.fortresses, p.cities, p.hand) == (2, 1, 2, [])


def test_each_city_gives_one_tax_card() -> None:
    # AH-9.10, AH-8.1
    state = position(3)
    cities(state, 0, 2)
    deck_top(state, "wood", "stone", "iron")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="tax")
    assert kinds(state.seats[0].hand) == ["stone", "wood"]


def test_fortresses_add_to_every_defending_duel_and_stack() -> None:
    # AH-9.7, AH-10.11: +1 per Fortress when defending (Barbarians too), nothing when attacking
    state = position(3)
    fortresses(state, 0, 3)
    fortresses(state, 1, 2)
    a, d = Unit(id="a1", card="bc3-01"), Unit(id="a1", card="bc3-02")
    assert duel_totals(state, Battle(attacker=0, defender=1, purpose="plunder"), a, d) == (3, 5)
    assert duel_totals(state, Battle(attacker=BARBARIANS, defender=0, purpose="plunder"), a, d) == (3, 6)


# ---- War (AH-10) -----------------------------------------------------------------------------------
def test_one_army_one_battle_card() -> None:
    # AH-9.6, AH-10.8: each fighting army draws one battle card
    state = position(3)
    armies(state, 0, "a1", "a2")
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1", "a2"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    b = state.battle
    assert b is not None and (len(b.att_drawn), len(b.def_drawn)) == (2, 1)


def test_exactly_one_other_surviving_tribe_is_the_target() -> None:
    # AH-10.2: not oneself, not an eliminated tribe; any other, neighbour or not (AMB-02)
    state = position(5)
    state.seats[4].eliminated = True
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="war")
    for target in (0, 4):
        with pytest.raises(RuleViolation) as exc:
            act(state, 0, type="declare_war", target=target, purpose="plunder", armies=["a1"], heroes=[])
        assert exc.value.rule == "AH-10.2"
    assert 2 not in neighbours(state, 0)
    state, _ = act(state, 0, type="declare_war", target=2, purpose="plunder", armies=["a1"], heroes=[])
    assert state.battle is not None and state.battle.defender == 2


def test_a_declared_attack_cannot_be_recalled_or_reinforced() -> None:
    # AH-10.4, AH-10.6: the defender answers (here with a Mighty Hero); the attacker's force stays
    state = position(3)
    armies(state, 0, "a1", "a2")
    give(state, 0, "mighty_hero")
    give(state, 1, "mighty_hero")
    at_action(state, 0)
    state = war(state, 0, 1, "conquest", ["a1"])
    with pytest.raises(RuleViolation) as exc:  # nothing is asked of the attacker any more (CORE-1)
        act(state, 0, type="cancel_war")
    assert exc.value.rule == "CORE-1" and state.battle is not None
    response = next(p for p in RS.prompts(state) if p.seat == 1)
    assert response.secret and response.rule == "AH-10.6"
    state, _ = act(state, 1, type="respond", play="none", heroes=[{"use": "army", "army": None}])
    b = state.battle
    assert b is not None and [u.id for u in b.att] == ["a1"] and len(b.dfn) == 2


def test_the_response_window_opens_even_with_nothing_to_play() -> None:
    # AH-10.6 (§3 N2): the defender is asked the same way, card or no card
    state = position(3)
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1"])
    prompt = next(p for p in RS.prompts(state) if p.seat == 1)
    assert top(state) == "war_response" and prompt.secret
    assert [o.action for o in prompt.options] == [{"type": "respond", "play": "none", "heroes": []}]


def test_aftermath_and_armies_kept_at_home() -> None:
    # AH-10.15: results, survivors away, heroes discarded, battle deck whole again; AH-10.17 a2 stays home
    state = position(3)
    armies(state, 0, "a1", "a2")
    hero = give(state, 0, "mighty_hero")
    state.seats[1].armies[0].status = "away"
    give(state, 1, "iron", "wood", "stone", "grain")
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1"], [{"use": "army", "army": None}])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    assert state.battle is None and len(state.seats[0].hand) == 4  # V = 2: four cards plundered
    assert hero[0] in state.deck.discard_pile
    assert len(state.battle_deck.draw_pile) == sum(state.content.battle_deck.values())
    status = {a.id: a.status for a in state.seats[0].armies}
    assert status == {"a1": "away", "a2": "home"}


# ---- events (AH-11) ------------------------------------------------------------------------------
def test_held_events_go_secretly_to_the_hand_immediate_ones_are_revealed() -> None:
    # AH-11.1, AH-11.2, AH-6.2: an immediate event resolves before the Action step and never stays
    state = position(3)
    deck_top(state, "luck", "wood")
    events = begin_turn(state, 0)
    assert kinds(state.seats[0].hand) == ["luck", "wood"] and "Luck" not in _public(events)
    state = position(3)
    deck_top(state, "volcano", "wood")
    events = begin_turn(state, 0)
    assert "Volcano" in _public(events) and top(state) == "event_target"
    assert "volcano" not in kinds(state.seats[0].hand)


@pytest.mark.parametrize("supply,gained", [(5, 1), (0, 0)])
def test_population_boom(supply: int, gained: int) -> None:
    # AH-11.3: a City from the supply, if there is one (AMB-24); the card is discarded
    state = position(3)
    state.supply["city"] = supply
    boom = deck_top(state, "population_boom", "wood")
    begin_turn(state, 0)
    assert state.seats[0].cities == 1 + gained and state.supply["city"] == supply - gained
    assert boom[0] in state.deck.discard_pile


def test_an_earthquake_is_discarded_only_when_its_effect_ends() -> None:
    # AH-11.11, AH-14.2: the Earthquake stays in play until the drawer's Retrieve step
    state = position(3)
    armies(state, 1, "a1")
    quake = deck_top(state, "earthquake", "wood")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    assert quake[0] not in state.deck.discard_pile and state.seats[1].armies[0].status == "scattered"
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=0)
    assert quake[0] in state.deck.discard_pile and state.seats[1].armies[0].status == "home"


# ---- elimination (AH-16) -----------------------------------------------------------------------
def test_a_voluntary_self_elimination_needs_confirmation() -> None:
    # AH-16.2: the button says so; without confirm the build is refused, with it the seat is out
    state = position(3)
    cities(state, 0, 0)
    give(state, 0, "iron", "grain", "grain")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    prompt = next(p for p in RS.prompts(state) if p.seat == 0)
    army: dict[str, Any] = next(o.action for o in prompt.options if o.action.get("item") == "army")
    assert army["confirm"] is True
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="build", item="army")
    assert exc.value.rule == "AH-16.2"
    state, _ = act(state, 0, **{k: v for k, v in army.items() if k != "type"}, type="build")
    assert state.seats[0].eliminated
