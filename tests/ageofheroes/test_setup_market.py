"""Setup and Market Day: TC-01, TC-02, TC-03, TC-27 (AH-3, AH-4)."""

from __future__ import annotations

import json

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import market as M
from engine.ageofheroes.flow import advance
from engine.ageofheroes.state import AohState, Frame, Road
from engine.core import Event

from .support import battle_top, deck_top, give, kinds, position, top


def test_tc01_first_player_tie_redraws_only_the_tied() -> None:
    # AH-3.3.1, AH-3.3.2, AH-3.3.3
    state = position(3)
    battle_top(state, 5, 5, 2, 3, 6)
    assert M.first_player(state) == 1  # B
    assert state.first_draws == [[[0, 5], [1, 5], [2, 2]], [[0, 3], [1, 6]]]  # C never draws again
    assert len(state.battle_deck.draw_pile) == 24 and not state.battle_deck.discard_pile


def _tc02() -> tuple[AohState, list[Event]]:
    state = position(3)
    state.first_seat = 1  # B first: deal order B, C, A
    for p in state.seats:
        p.hand = []
    deck_top(state, "wood", "wood", "iron", "wood", "wood", "volcano", "stone", "stone", "population_boom")
    events: list[Event] = []
    M.opening_deal(state, Frame(kind="deal"), events)
    return state, events


def test_tc02_opening_deal_discards_disasters_and_applies_population_boom() -> None:
    # AH-3.6, AH-3.7, AH-3.8
    state, _ = _tc02()
    a = state.seats[0]
    assert kinds(a.hand) == ["iron"]  # no replacement for either card
    assert a.cities == 2 and state.supply["city"] == 8
    assert sorted(c.split("-")[0] for c in state.deck.discard_pile) == ["population_boom", "volcano"]
    assert RS.view(state, None)["players"][0]["hand_size"] == 1


def test_tc03_first_market_day_discards_disasters_keeps_held_events() -> None:
    # AH-4.2, AH-4.9
    state, _ = _tc02()
    state.first_market = True
    give(state, 2, "grain")
    deck_top(state, "famine", "wood", "luck")  # B, C, A
    sizes = [len(p.hand) for p in state.seats]
    events: list = []
    advance(state, events)
    # each draws exactly one: B's Famine is discarded unused and not replaced
    assert [len(p.hand) - s for p, s in zip(state.seats, sizes, strict=False)] == [1, 0, 1]
    assert "wood" in kinds(state.seats[2].hand)
    assert "grain" in kinds(state.seats[2].hand)  # no Famine effect
    assert "luck" in kinds(state.seats[0].hand)
    assert top(state) == "trade"
    public = json.dumps(RS.view(state, None))
    assert "luck" not in public.replace("luck_", "")  # A's Luck stays secret; only the size shows


def test_tc03_variant_population_boom_on_first_market_day_applies() -> None:
    # AH-4.9 (CFG first_market_day_population_boom=apply)
    state, _ = _tc02()
    state.first_market = True
    deck_top(state, "wood", "wood", "population_boom")
    before = state.seats[0].cities
    advance(state, [])
    assert state.seats[0].cities == before + 1


def test_tc27_market_day_draw_counts() -> None:
    # AH-4.2, AMB-08
    state = position(4)
    state.roads = [Road(a=0, b=1, builder=0), Road(a=1, b=2, builder=1)]
    state.supply["road"] -= 2
    assert [M.market_draws(state, s) for s in range(4)] == [2, 3, 2, 1]
    state.options = state.options.model_copy(update={"roads_market_bonus": "builder_only"})
    assert [M.market_draws(state, s) for s in range(4)] == [2, 2, 1, 1]


def test_tribe_draft_in_seat_order_from_first_player() -> None:
    # AH-3.4.1, AH-3.4.2
    state = RS.setup({"players": 3}, 11)
    first = state.first_seat
    order = [(first + i) % 3 for i in range(3)]
    for seat in order:
        prompt = RS.prompts(state)[0]
        assert prompt.seat == seat and prompt.rule == "AH-3.4"
        state, _ = RS.apply(state, seat, prompt.options[0].action)
    tribes = [p.tribe for p in state.seats]
    assert len(set(tribes)) == 3
    assert all(p.cities >= 1 and p.armies for p in state.seats)  # AH-3.5
    assert top(state) == "trade"  # the first Market Day follows (AH-3.10)
