"""Volcano, elimination, victory and trades: TC-18, TC-23 to TC-26, TC-28 (AH-4.5-4.12, AH-11.5, AH-16, AH-17)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes.flow import advance, push
from engine.ageofheroes.state import AohState, Road
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


def test_tc18_volcano_returns_a_city_to_an_empty_supply() -> None:
    # AH-11.5, AH-9.5
    state = position(4)
    for s in range(4):
        cities(state, s, 3)
    assert state.supply["city"] == 0
    deck_top(state, "volcano", "wood")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    assert state.seats[1].cities == 2 and state.supply["city"] == 1
    assert kinds(state.seats[0].hand) == ["wood"]  # the replacement draw
    state.steps = []
    give(state, 3, "stone", "wood", "wood", "stone", "wood", "wood")
    at_action(state, 3)
    state, _ = act(state, 3, type="action", choice="build")
    state, _ = act(state, 3, type="build", item="city")
    with pytest.raises(RuleViolation) as exc:
        act(state, 3, type="build", item="city")
    assert exc.value.rule == "AH-9.5"


def test_tc18_variants_luck_and_elimination() -> None:
    # AH-11.10.1, AH-11.5.4, AH-16.1, AH-16.3
    state = position(4)
    for s in range(4):
        cities(state, s, 3)
    give(state, 1, "luck")
    deck_top(state, "volcano", "wood")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=True)
    assert state.seats[1].cities == 3 and state.supply["city"] == 0

    state = position(4)
    cities(state, 2, 0)
    give(state, 2, "wood")
    state.roads = [Road(a=0, b=1, builder=0), Road(a=1, b=2, builder=1)]
    state.supply["road"] -= 2
    deck_top(state, "volcano", "wood")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)  # E: one City, no cards
    state, events = act(state, 1, type="luck", play=False)
    assert state.seats[1].eliminated and state.supply["road"] == 6 and state.roads == []
    assert any(e.kind == "eliminated" for e in events)


def test_tc23_elimination_returns_roads_and_items() -> None:
    # AH-16.1, AH-16.3, AH-16.4, AH-16.5, AH-16.7
    state = position(4)
    state.roads = [Road(a=2, b=3, builder=2), Road(a=0, b=3, builder=3)]
    state.supply["road"] -= 2
    cities(state, 3, 0)
    give(state, 3, "wood")
    state.seats[3].armies[0].status = "away"
    fortresses(state, 3, 1)
    at_action(state, 0)
    state = war(state, 0, 3, "plunder", ["a1"])
    state, _ = act(state, 3, type="respond", play="none", heroes=[])
    assert kinds(state.seats[0].hand) == ["wood"]
    d = state.seats[3]
    assert d.eliminated and not d.armies and d.fortresses == 0
    assert state.supply["road"] == 6 and state.supply["fortress"] == 12 and state.supply["army"] == 18 - 3
    assert RS.view(state, None)["players"][0]["neighbours"] == [1, 2]  # A and C are now neighbours
    assert top(state) == "monument" and state.active == 0  # A's turn goes on


def test_tc24_last_tribe_standing_wins_at_once() -> None:
    # AH-17.1
    state = position(2)
    cities(state, 1, 0)
    give(state, 1, "wood", "iron")
    state.seats[1].armies[0].status = "away"
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    result = RS.result(state)
    assert result is not None and result.winners == [0] and "AH-17.1" in result.reason
    assert RS.prompts(state) == []


def _finish_turn(state: AohState, seat: int, place: int = 0) -> tuple[AohState, list[Event]]:
    if top(state) == "action":
        state, _ = act(state, seat, type="action", choice="none")
    if top(state) == "build":
        state, _ = act(state, seat, type="finish_build")
    state, events = act(state, seat, type="place", count=place)
    return state, events


def _volcano_on_market_day(state: AohState, drawer: int, target: int) -> AohState:
    state.steps = []
    push(state, "event", drawer, card=take(state, "volcano"), context="market")
    advance(state, [])
    if top(state) == "event_target":
        state, _ = act(state, drawer, type="choose_target", target=target)
    state, _ = act(state, target, type="luck", play=False)
    return state


def _tc25(**options: Any) -> AohState:
    state = position(3, **options)
    cities(state, 0, 4)
    give(state, 0, "stone", "wood", "wood", "iron")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="city")
    state, events = _finish_turn(state, 0)
    assert state.seats[0].challenge is not None and any(e.kind == "challenge" for e in events)  # AH-17.4.1
    state = _volcano_on_market_day(state, 2, 0)
    assert state.seats[0].cities == 4
    state.steps = []
    return state


def test_tc25_challenge_repaired_in_own_turn_wins() -> None:
    # AH-17.4.2, AH-17.5 (end_check)
    state = _tc25()
    give(state, 0, "stone", "wood", "wood")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="city")
    state, _ = _finish_turn(state, 0)
    result = RS.result(state)
    assert result is not None and result.winners == [0]


def test_tc25_variant_continuous_restarts_the_challenge() -> None:
    # AH-17.5 (CFG challenge_mode=continuous)
    state = _tc25(challenge_mode="continuous")
    assert state.seats[0].challenge is None  # broken at the Volcano
    give(state, 0, "stone", "wood", "wood")
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="build")
    state, _ = act(state, 0, type="build", item="city")
    state, _ = _finish_turn(state, 0)
    assert RS.result(state) is None and state.seats[0].challenge is not None


def test_tc25_variant_no_rebuild_ends_the_challenge() -> None:
    # AH-17.4.2
    state = _tc25()
    at_action(state, 0)
    state, events = _finish_turn(state, 0)
    assert RS.result(state) is None and state.seats[0].challenge is None
    assert any(e.kind == "challenge_failed" for e in events)


def _tc26() -> AohState:
    state = position(3)
    state.seats[0].monument = [take(state, "limestone") for _ in range(5)]
    cities(state, 1, 5)
    at_action(state, 0)
    state, _ = _finish_turn(state, 0)
    state.steps = []
    at_action(state, 1)
    state, _ = _finish_turn(state, 1)
    assert state.seats[0].challenge and state.seats[1].challenge  # AH-17.6: both at once
    state.steps = []
    return state


def test_tc26_two_challengers_first_to_finish_wins() -> None:
    # AH-17.6
    state = _tc26()
    at_action(state, 0)
    state, _ = _finish_turn(state, 0)
    result = RS.result(state)
    assert result is not None and result.winners == [0]


def test_tc26_variant_raze_breaks_the_first_challenge() -> None:
    # AH-17.6, AH-10.14.3
    state = _tc26()
    armies(state, 0)
    armies(state, 2, "c1", "c2", "c3")
    at_action(state, 2)
    state = war(state, 2, 0, "raze", ["c1", "c2", "c3"])
    state, _ = act(state, 0, type="respond", play="none", heroes=[])
    assert len(state.seats[0].monument) == 3
    state, _ = _finish_turn(state, 2)
    state.steps = []
    give(state, 0, "limestone")
    at_action(state, 0)
    state, _ = _finish_turn(state, 0, place=1)
    assert len(state.seats[0].monument) == 4 and state.seats[0].challenge is None and RS.result(state) is None
    state.steps = []
    at_action(state, 1)
    state, _ = _finish_turn(state, 1)
    result = RS.result(state)
    assert result is not None and result.winners == [1]


def _market(players: int = 4) -> AohState:
    state = position(players)
    state.market = True
    push(state, "start_turns")
    push(state, "trade")
    return state


def test_tc28a_binding_trade_is_atomic_and_private() -> None:
    # AH-4.5, AH-4.12, AMB-22
    state = _market()
    give(state, 0, "iron")
    give(state, 1, "stone")
    state, _ = act(state, 0, type="trade_offer", to=1, give=["iron"], get=["stone"])
    assert RS.view(state, None)["trades"] == [{"id": 1, "from": 0, "to": 1}]
    assert RS.view(state, 1)["my_trades"][0]["give"] == ["iron"]
    state, events = act(state, 1, type="trade_accept", offer=1)
    assert kinds(state.seats[0].hand) == ["stone"] and kinds(state.seats[1].hand) == ["iron"]
    public = [e for e in events if e.public]
    assert any("traded 1/1" in e.text for e in public) and not any("Iron" in e.text for e in public)


def test_tc28b_items_and_monument_cards_cannot_be_traded() -> None:
    # AH-4.7
    state = _market()
    state.seats[0].monument = [take(state, "limestone")]
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="trade_offer", to=1, give=["city"], get=[])
    assert exc.value.rule == "AH-4.7"
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="trade_offer", to=1, give=[state.seats[0].monument[0]], get=[])
    assert exc.value.rule == "AH-4.7"


def test_tc28c_gift_for_a_promise_binds_nothing() -> None:
    # AH-4.6, AH-4.12
    state = _market()
    give(state, 0, "gold")
    state, _ = act(state, 0, type="trade_offer", to=2, give=["gold"], get=[])
    state, _ = act(state, 2, type="trade_accept", offer=1)
    assert kinds(state.seats[2].hand) == ["gold"]
    assert "promise" not in json.dumps(state.model_dump())


def test_tc28d_acceptance_fails_when_the_card_is_gone() -> None:
    # AH-4.5, §3 N4
    state = _market()
    give(state, 0, "iron")
    give(state, 1, "stone")
    give(state, 2, "marble")
    state, _ = act(state, 0, type="trade_offer", to=2, give=["iron"], get=["marble"])
    state, _ = act(state, 0, type="trade_offer", to=1, give=["iron"], get=["stone"])
    state, _ = act(state, 1, type="trade_accept", offer=2)
    state, events = act(state, 2, type="trade_accept", offer=1)
    assert kinds(state.seats[2].hand) == ["marble"]
    failed = [e for e in events if e.kind == "trade_failed"]
    assert {tuple(e.audience or []) for e in failed} == {(0,), (2,)} and not any(e.public for e in events)


def test_tc28e_no_trading_during_a_turn() -> None:
    # AH-4.11 (CFG trade_window=market_day_only)
    state = position(3)
    give(state, 0, "iron")
    at_action(state, 0)
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="trade_offer", to=1, give=["iron"], get=[])
    assert exc.value.rule == "AH-4.11"


def test_trading_ends_when_everyone_is_done() -> None:
    # AH-4.10
    state = _market(3)
    deck_top(state, "wood")
    for s in range(3):
        assert top(state) == "trade"
        state, _ = act(state, s, type="trade_done", done=True)
    assert top(state) == "action" and state.active == 0


def test_views_hide_hands_and_show_sizes() -> None:
    # §3 rows 3-4
    state = position(3)
    cards = give(state, 1, "luck", "iron")
    public = json.dumps(RS.view(state, None))
    assert all(c not in public for c in cards)
    assert RS.view(state, None)["players"][1]["hand_size"] == 2
    assert RS.view(state, 1)["hand"] == cards
    assert all(c in RS.secrets(state)[1] for c in cards)


def test_an_offer_to_a_seat_that_is_done_reopens_it() -> None:
    # AH-4.10: trading closes only when every seat has had its say, so an offer made to a seat that
    # already pressed Done takes it back into the trading (publicly) instead of lapsing unseen.
    state = _market(3)
    give(state, 0, "iron")
    give(state, 1, "stone")
    deck_top(state, "wood")
    state, _ = act(state, 1, type="trade_done", done=True)
    state, _ = act(state, 2, type="trade_done", done=True)
    state, events = act(state, 0, type="trade_offer", to=1, give=["iron"], get=["stone"])
    assert any(e.public and e.kind == "trade_done" and "trading again" in e.text for e in events)
    assert RS.view(state, None)["market_day"]["done"] == [2]
    state, _ = act(state, 0, type="trade_done", done=True)
    assert top(state) == "trade"  # seat 1 still has the offer to answer
    prompt = next(p for p in RS.prompts(state) if p.seat == 1)
    assert prompt.waiting and {"type": "trade_accept", "offer": 1} in [o.action for o in prompt.options]
    state, _ = act(state, 1, type="trade_accept", offer=1)
    assert kinds(state.seats[1].hand) == ["iron"]
    state, _ = act(state, 1, type="trade_done", done=True)
    assert top(state) == "action"


def test_accept_is_offered_only_to_a_seat_that_can_pay() -> None:
    # AH-4.5: accepting carries the trade out at once; a seat lacking the asked cards is told so
    # instead of pressing Accept and reading "the trade failed".
    state = _market(3)
    give(state, 0, "iron")
    state.seats[1].hand = [c for c in state.seats[1].hand if c.split("-")[0] != "stone"]
    state, _ = act(state, 0, type="trade_offer", to=1, give=["iron"], get=["stone"])
    (prompt,) = [p for p in RS.prompts(state) if p.seat == 1]
    kinds_offered = {o.action["type"] for o in prompt.options}
    assert "trade_accept" not in kinds_offered and "trade_decline" in kinds_offered
    assert "You cannot accept #1: your hand does not hold Stone" in prompt.question
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as exc:
        act(state, 1, type="trade_accept", offer=1)
    assert exc.value.rule == "AH-4.5" and "does not hold Stone" in exc.value.message
    assert state.model_dump_json() == before and state.trade.find(1) is not None
    # Once the seat holds the card, Accept is there and the trade goes through.
    give(state, 1, "stone")
    (prompt,) = [p for p in RS.prompts(state) if p.seat == 1]
    assert any(o.action == {"type": "trade_accept", "offer": 1} for o in prompt.options)
    state, events = act(state, 1, type="trade_accept", offer=1)
    assert any(e.kind == "trade" for e in events)
