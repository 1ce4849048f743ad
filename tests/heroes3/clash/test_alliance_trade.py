"""Trading between Alliance allies (H3-43.3): resource offers answered by the ally (H3-43.3.1) and
swaps of spell and artifact cards between heroes on adjacent fields (H3-43.3.2), whose cards only the
two traders may see (H-27).

Until the Alliance setup builds the teams, the positions here are four-player Clash games with
``mode`` "alliance" and the teams [[0, 2], [1, 3]] set by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3.adventure.geometry import location, neighbours, step_ok, tile_at
from engine.heroes3.clash import ally_trade
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Coord
from engine.heroes3.content.clash import clash_content
from engine.heroes3.panel import ally_offer_lines

from .helpers import act, front, mutate, new_game, to_main

ALLY = 2  # seat 0's teammate; seats 1 and 3 are the enemies


def _game(alliance: bool = True) -> ClashState:
    """Seat 0's main menu in round 1 of a four-player game, as an Alliance or as a Clash."""
    state = mutate(to_main(new_game(players=4), 0))
    if alliance:
        state.mode = "alliance"
        state.teams = [[0, 2], [1, 3]]
    return state


def _refused(state: ClashState, seat: int, action: dict[str, Any], rule: str) -> RuleViolation:
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, seat, action)
    assert err.value.rule == rule
    assert state.model_dump_json() == before  # a refusal changes nothing
    return err.value


def _take(state: ClashState, seat: int, kind: str) -> str:
    """Put a card of ``kind`` in ``seat``'s hand: from its own deck, else from the shared deck."""
    p = state.player(seat)
    kinds = clash_content().cards
    shared = state.decks[kind].draw_pile if kind in state.decks else []
    for pile in (p.deck.draw.draw_pile, shared):
        for c in pile:
            if kinds[state.cards[c]].kind == kind:
                pile.remove(c)
                p.deck.hand.append(c)
                return c
    raise AssertionError(f"no {kind} card to take")


def _open_next_to(state: ClashState, around: Coord) -> Coord:
    for n in neighbours(around):
        found = tile_at(state, n)
        loc = location(state, n)
        if found is None or not found[0].face_up or (loc is not None and loc.category != "empty"):
            continue
        if step_ok(state, n, around):
            return n
    raise AssertionError("no open field next to the hero")


def _side_by_side(state: ClashState) -> None:
    """Stand the ally's main hero on a field next to seat 0's main hero."""
    alice, ally = state.player(0).main, state.player(ALLY).main
    assert alice is not None and ally is not None
    ally.field = ally.last_visited = _open_next_to(state, alice.field)


def _offer(give: dict[str, int], want: dict[str, int] | None = None, to: int = ALLY) -> dict[str, Any]:
    return {"type": "ally_offer", "to": to, "give": give, "want": want or {}}


def _seen_by(events: list[Event], seat: int | None) -> str:
    return json.dumps([e.model_dump(mode="json") for e in events if e.visible_to(seat)])


# ---- H3-43.3.1: resources ---------------------------------------------------------------------------
def test_offer_then_accept_moves_both_sides() -> None:
    # H3-43.3.1: nothing moves on the offer; accepting moves both sides at once, in public
    state = _game()
    a0, a2 = dict(state.player(0).resources), dict(state.player(ALLY).resources)
    state, events = act(state, 0, _offer({"gold": 3}, {"valuables": 1}))
    assert state.player(0).resources == a0 and state.player(ALLY).resources == a2
    assert [e.kind for e in events if e.public] == ["h3_ally_offer"]
    # the ally is asked in their own prompt, which the game does not wait on
    ask = next(p for p in CLASH.prompts(state) if p.seat == ALLY)
    assert ask.rule == "H3-43.3" and not ask.waiting
    answers = [o.action for o in ask.options if o.action["type"] == "ally_answer"]
    assert {"type": "ally_answer", "by": 0, "accept": True} in answers
    assert {"type": "ally_answer", "by": 0, "accept": False} in answers
    state, events = act(state, ALLY, {"type": "ally_answer", "by": 0, "accept": True})
    assert state.player(0).resources["gold"] == a0["gold"] - 3
    assert state.player(0).resources["valuables"] == a0["valuables"] + 1
    assert state.player(ALLY).resources["gold"] == a2["gold"] + 3
    assert state.player(ALLY).resources["valuables"] == a2["valuables"] - 1
    assert any(e.kind == "h3_ally_traded" and e.public for e in events)
    assert state.ally_offers == [] and front(state).kind == "main"


def test_the_ally_may_offer_in_the_active_players_turn_and_the_active_player_answers() -> None:
    # H3-43.3.1: "during their turns": the turn of either ally
    state = _game()
    state, _ = act(state, ALLY, _offer({"building_materials": 1}, to=0))
    main = next(p for p in CLASH.prompts(state) if p.seat == 0)
    assert {"type": "ally_answer", "by": ALLY, "accept": True} in [o.action for o in main.options]
    bm = state.player(0).resources["building_materials"]
    state, _ = act(state, 0, {"type": "ally_answer", "by": ALLY, "accept": True})
    assert state.player(0).resources["building_materials"] == bm + 1


def test_decline_and_withdraw_move_nothing() -> None:
    # H3-43.3.1: both allies must agree
    state = _game()
    purses = [dict(p.resources) for p in state.seats]
    declined, events = act(state, 0, _offer({"gold": 2}))
    declined, events = act(declined, ALLY, {"type": "ally_answer", "by": 0, "accept": False})
    assert [dict(p.resources) for p in declined.seats] == purses and declined.ally_offers == []
    assert any(e.kind == "h3_ally_declined" for e in events)
    withdrawn, _ = act(state, 0, _offer({"gold": 2}))
    withdrawn, events = act(withdrawn, 0, {"type": "ally_withdraw", "to": ALLY})
    assert [dict(p.resources) for p in withdrawn.seats] == purses and withdrawn.ally_offers == []
    _refused(withdrawn, ALLY, {"type": "ally_answer", "by": 0, "accept": True}, "H3-43.3.1")


def test_accept_is_refused_when_a_side_can_no_longer_pay() -> None:
    # H3-43.3.1: the trade moves both sides or nothing
    state = _game()
    state, _ = act(state, 0, _offer({"gold": 3}, {"valuables": 2}))
    poor = mutate(state)
    poor.player(ALLY).resources["valuables"] = 1
    err = _refused(poor, ALLY, {"type": "ally_answer", "by": 0, "accept": True}, "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_you_cannot_pay"
    spent = mutate(state)
    spent.player(0).resources["gold"] = 2
    err = _refused(spent, ALLY, {"type": "ally_answer", "by": 0, "accept": True}, "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_offerer_cannot_pay"
    # and the accept button is not offered while it would be refused
    ask = next(p for p in CLASH.prompts(spent) if p.seat == ALLY)
    assert all(not o.action.get("accept") for o in ask.options if o.action["type"] == "ally_answer")


def test_offer_refusals_outside_alliance_non_ally_and_bad_amounts() -> None:
    # H3-43.3.1: only Alliance games, only the ally, only what you can pay
    clash = _game(alliance=False)
    err = _refused(clash, 0, _offer({"gold": 1}), "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_not_alliance"
    assert not [o for p in CLASH.prompts(clash) for o in p.options if o.action["type"] in ally_trade.TYPES]
    state = _game()
    err = _refused(state, 0, _offer({"gold": 1}, to=1), "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_not_ally"
    _refused(state, 0, _offer({"gold": 1}, to=0), "H3-43.3.1")
    _refused(state, 0, _offer({"gold": 99}), "H3-43.3.1")
    _refused(state, 0, _offer({}, {"gold": 1}), "H3-43.3.1")
    _refused(state, 0, _offer({"gold": 1, "valuables": -1}), "H3-43.3.1")


def test_only_in_the_turn_of_one_of_the_allies() -> None:
    # H3-43.3.1: the enemy team may not trade during seat 0's turn
    state = _game()
    err = _refused(state, 3, _offer({"gold": 1}, to=1), "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_not_their_turn"
    assert not [
        o for p in CLASH.prompts(state) if p.seat in (1, 3) for o in p.options if o.action["type"] in ally_trade.TYPES
    ]


def test_no_trading_during_a_combat() -> None:
    # H3-43.3.1: "except during combat": seat 0's hero walks onto an enemy hero
    state = _game()
    alice, bob = state.player(0).main, state.player(1).main
    assert alice is not None and bob is not None
    to = _open_next_to(state, alice.field)
    bob.field = bob.last_visited = to
    state, _ = act(state, 0, {"type": "walk", "hero": "main", "to": list(to)})
    assert state.combat is not None and state.pending is not None
    tried: set[str] = set()
    for _ in range(8):  # through the declaration window into the combat's setup
        prompts = CLASH.prompts(state)
        for p in prompts:
            if p.seat in (0, ALLY):
                err = _refused(state, p.seat, _offer({"gold": 1}, to=ALLY - p.seat), "H3-43.3.1")
                assert err.msg is not None and err.msg.id == "h3.clash.no.ally_in_combat"
                assert not [o for o in p.options if o.action["type"] in ally_trade.TYPES]
                tried.add(front(state).kind)
        state, _ = act(state, prompts[0].seat, dict(prompts[0].options[0].action))
    assert {"declare", "h3c_place"} <= tried


def test_one_open_offer_per_pair_and_changing_ones_own() -> None:
    state = _game()
    state, _ = act(state, 0, _offer({"gold": 1}))
    err = _refused(state, ALLY, _offer({"gold": 1}, to=0), "H3-43.3.1")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_answer_first"
    state, _ = act(state, 0, _offer({"gold": 2}, {"building_materials": 1}))  # replaces the open one
    assert len(state.ally_offers) == 1 and state.ally_offers[0].give == {"gold": 2}


def test_an_open_offer_lapses_when_the_turn_ends() -> None:
    state = _game()
    state, _ = act(state, 0, _offer({"gold": 1}))
    state, events = act(state, 0, {"type": "end_turn"})
    assert state.ally_offers == [] and any(e.kind == "h3_ally_lapsed" for e in events)


def test_every_offered_ally_option_is_legal() -> None:
    # the buttons build any offer one resource (or card) at a time; each must apply
    state = _game()
    _side_by_side(state)
    _take(state, 0, "artifact")
    _take(state, ALLY, "spell")
    for _ in range(3):
        for prompt in CLASH.prompts(state):
            for o in prompt.options:
                if o.action["type"] in ally_trade.TYPES:
                    act(state, prompt.seat, dict(o.action))
        mine = [o for p in CLASH.prompts(state) if p.seat == 0 for o in p.options if o.action["type"] == "ally_offer"]
        state, _ = act(state, 0, dict(mine[-1].action))
    assert state.ally_offers and sum(state.ally_offers[0].want.values()) >= 2
    # a purse spent below the open offer (a building bought meanwhile): only legal buttons remain
    spent = mutate(state)
    spent.player(0).resources = {"gold": 0, "building_materials": 0, "valuables": 0}
    for prompt in CLASH.prompts(spent):
        for o in prompt.options:
            if o.action["type"] in ally_trade.TYPES:
                act(spent, prompt.seat, dict(o.action))


# ---- H3-43.3.2: spell and artifact cards ---------------------------------------------------------------
def test_swap_between_adjacent_heroes_moves_the_cards() -> None:
    # H3-43.3.2: the same number each way, hand to hand
    state = _game()
    _side_by_side(state)
    art = _take(state, 0, "artifact")
    spell = _take(state, ALLY, "spell")
    state, _ = act(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [art]})
    assert art in state.player(0).deck.hand  # nothing moves before the answer
    ask = next(p for p in CLASH.prompts(state) if p.seat == ALLY)
    assert ask.secret  # it names cards of both hands (H-27)
    assert {"type": "ally_answer", "by": 0, "accept": True, "cards": [spell]} in [o.action for o in ask.options]
    state, _ = act(state, ALLY, {"type": "ally_answer", "by": 0, "accept": True, "cards": [spell]})
    assert art in state.player(ALLY).deck.hand and art not in state.player(0).deck.hand
    assert spell in state.player(0).deck.hand and spell not in state.player(ALLY).deck.hand
    assert CLASH.invariants(state) == []


def test_swap_refused_when_not_adjacent() -> None:
    # H3-43.3.2: heroes on adjacent fields only
    state = _game()
    art = _take(state, 0, "artifact")
    err = _refused(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [art]}, "H3-43.3.2")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_not_adjacent"
    assert not [o for p in CLASH.prompts(state) for o in p.options if o.action["type"] == "ally_swap"]


def test_swap_refusals_statistic_not_in_hand_unequal() -> None:
    # H3-43.3.2: spell and artifact cards, from hands only, the same number
    state = _game()
    _side_by_side(state)
    stat = _take(state, 0, "statistic")
    err = _refused(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [stat]}, "H3-43.3.2")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_not_swappable"
    in_deck = next(c for c in state.player(0).deck.draw.draw_pile)
    _refused(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [in_deck]}, "H3-43.3.2")
    _refused(state, 0, {"type": "ally_swap", "to": 1, "cards": [stat]}, "H3-43.3.2")
    art = _take(state, 0, "artifact")
    spell, spell2 = _take(state, ALLY, "spell"), _take(state, ALLY, "artifact")
    state, _ = act(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [art]})
    err = _refused(state, ALLY, {"type": "ally_answer", "by": 0, "accept": True, "cards": [spell, spell2]}, "H3-43.3.2")
    assert err.msg is not None and err.msg.id == "h3.clash.no.ally_unequal"
    _refused(state, ALLY, {"type": "ally_answer", "by": 0, "accept": True, "cards": []}, "H3-43.3.2")


def test_swapped_cards_are_seen_by_the_two_traders_only() -> None:
    # H3-43.3.2 / H-27: the public and a third seat learn only that N cards were swapped
    state = _game()
    _side_by_side(state)
    art = _take(state, 0, "artifact")
    spell = _take(state, ALLY, "spell")
    names = {state.cards[art], state.cards[spell]}
    before = {s: json.dumps(CLASH.view(state, s)) for s in (None, 1)}
    assert not any(n in before[s] for n in names for s in before)
    state, offered = act(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [art]})
    views = {s: json.dumps(CLASH.view(state, s)) for s in (None, 1, 3)}
    for s, text in views.items():
        assert art not in text and state.cards[art] not in text, s
    assert state.cards[art] in json.dumps(CLASH.view(state, ALLY)["ally_offers"])
    assert CLASH.view(state, None)["ally_offers"] == [{"by": 0, "to": ALLY, "kind": "cards", "n": 1}]
    state, swapped = act(state, ALLY, {"type": "ally_answer", "by": 0, "accept": True, "cards": [spell]})
    events = offered + swapped
    for seat in (None, 1, 3):
        seen = _seen_by(events, seat)
        assert not any(n in seen or c in seen for n in names for c in (art, spell)), seat
        text = json.dumps(CLASH.view(state, seat))
        assert not any(n in text for n in names), seat
    assert any(e.kind == "h3_ally_swapped" and e.public for e in swapped)
    private = [e for e in swapped if e.kind == "h3_ally_swapped_cards"]
    assert private and private[0].audience == [0, ALLY]
    assert all(n in _seen_by(events, s) for n in names for s in (0, ALLY))
    # the third seats' prompts never name the cards either
    for p in CLASH.prompts(state):
        if p.seat in (1, 3):
            assert not any(n in json.dumps(p.model_dump(mode="json")) for n in names)


def test_panel_lines_show_open_offers_and_hide_a_swaps_cards() -> None:
    # H3-43.3 / H-27: the panel reads the view, so a third seat sees the count, the traders the cards
    state = _game()
    state, _ = act(state, 0, _offer({"gold": 2}, {"valuables": 1}))
    lines = ally_offer_lines(CLASH.view(state, 1))
    assert [x.id for x in lines] == ["h3.clash.panel.ally_offer"]
    assert "2 gold" in lines[0].english() and "1 valuables" in lines[0].english()
    state, _ = act(state, 0, {"type": "ally_withdraw", "to": ALLY})
    _side_by_side(state)
    art = _take(state, 0, "artifact")
    state, _ = act(state, 0, {"type": "ally_swap", "to": ALLY, "cards": [art]})
    third = ally_offer_lines(CLASH.view(state, 3))
    assert [x.id for x in third] == ["h3.clash.panel.ally_swap"] and state.cards[art] not in third[0].model_dump_json()
    trader = ally_offer_lines(CLASH.view(state, ALLY))
    assert [x.id for x in trader] == ["h3.clash.panel.ally_swap_cards"] and state.cards[art] in trader[
        0
    ].model_dump_json()
