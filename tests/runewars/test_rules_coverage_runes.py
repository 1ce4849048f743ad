"""Scenario tests for runes, titles, holding limits and the epic season decks (RW-1.7, RW-27, RW-32, RW-35).

The gain procedure and the title bid are queued as the real steps and answered through
``RS.apply``; what the public view shows is checked against what only one seat may know.
"""

from __future__ import annotations

import json

import pytest

from engine.core import RuleViolation
from engine.runewars import flow
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.ruleset import _advance
from engine.runewars.state import HeldCard, RunewarsState
from engine.runewars.turn.runes import queue_gain, visible_runes

from .flow_support import RS, TWO, act, add, front, make_state, prompt, queue, start_turn, values


def gain(s: RunewarsState, seat: int = 0) -> RunewarsState:
    queue_gain(s, seat, "test")
    s.steps.append(flow.step(s, "hold"))
    _advance(s)
    return s


def test_rw27_2_a_gained_rune_never_joins_another_rune() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.board["1B"].rune = "false"
    s.board["2A"].rune = "dragon"
    s = gain(s)
    s = act(s, 0, {"type": "rw_rune_discard", "areas": []})
    p = prompt(s, 0)
    assert p.rule == "RW-27.3.3" and p.secret
    assert "1B" not in values(p) and "2A" not in values(p)  # RW-27.2: one token of either kind per area
    assert "1D" not in values(p)  # and never an enemy area (RW-27.3.3)
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_choose", "value": "1B"})
    assert s.model_dump_json() == before


def test_rw27_8_empty_dragon_supply_gives_only_the_false_rune() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.rune_supply = {"dragon": 0, "false": 5}
    s = gain(s)
    s = act(s, 0, {"type": "rw_rune_discard", "areas": []})
    p = prompt(s, 0)
    assert "false rune" in p.question
    s = act(s, 0, {"type": "rw_choose", "value": "1C"})
    assert front(s) == "hold"  # RW-27.8: nothing else to place
    assert s.rune_supply == {"dragon": 0, "false": 4} and s.board["1C"].rune == "false"
    assert sum(1 for a in s.board.values() if a.rune == "dragon") == 0


def test_rw27_6_rune_faces_stay_hidden_until_the_game_ends() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO, season=3, year=6)
    s.board["1A"].rune = "dragon"
    s.board["1B"].rune = "false"
    add(s, "HUMAN_INFANTRY", 0, "1B")
    s = gain(s)
    s = act(s, 0, {"type": "rw_rune_discard", "areas": []})
    new = act(s, 0, {"type": "rw_choose", "value": "1C"})
    new, events = RS.apply(new, 0, {"type": "rw_choose", "value": "2B"})
    public_runes = {a["id"]: a["rune"] for a in RS.view(new, None)["areas"] if a["rune"]}
    assert set(public_runes.values()) == {"token"}  # RW-27.6: face down for everyone
    public = [json.dumps(e.data) + e.text for e in events if e.audience is None]
    assert public and not any("dragon" in x or "false" in x for x in public)  # where each went stays private
    assert any(e.audience == [0] and e.data.get("placed") for e in events)  # only the placer learns it
    assert visible_runes(new, 1) == {}  # RW-27.5: seat 1 controls none of these areas
    ended = queue(new, "season_end")
    assert RS.result(ended) is not None
    faces = {a["id"]: a["rune"] for a in RS.view(ended, None)["areas"] if a["rune"]}
    assert faces["1A"] == "dragon" and faces["1B"] == "false"  # RW-27.6 / RW-28.2: revealed at the end


def test_rw27_7_runes_stay_put_when_units_move() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.board["1B"].rune = "dragon"
    movers = add(s, "HUMAN_INFANTRY", 0, "1B", 2)
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1C"})
    s = act(s, 0, {"type": "rw_move", "units": movers})
    assert s.board["1B"].rune == "dragon" and s.board["1C"].rune is None  # RW-27.7
    assert "1B" not in visible_runes(s, 0)  # he no longer controls it, so he no longer sees it


def test_rw32_3_a_title_passes_straight_from_its_holder() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    s.titles["PRIMARCH"].holder, s.titles["PRIMARCH"].tokens = 1, 2
    s.seats[0].influence = 4
    s = queue(s, "title", 0)
    p = prompt(s, 0)
    assert p.rule == "RW-18.7.2" and {"type": "rw_title", "title": "PRIMARCH", "amount": 3} in [
        o.action for o in p.options
    ]
    assert {"type": "rw_title", "title": "PRIMARCH", "amount": 2} not in [o.action for o in p.options]
    before = s.model_dump_json()
    with pytest.raises(RuleViolation) as exc:  # must bid more than the tokens on it
        act(s, 0, {"type": "rw_title", "title": "PRIMARCH", "amount": 2})
    assert exc.value.rule == "RW-18.7.2" and s.model_dump_json() == before
    s = act(s, 0, {"type": "rw_title", "title": "PRIMARCH", "amount": 3})
    assert s.titles["PRIMARCH"].holder == 0 and s.titles["PRIMARCH"].tokens == 3  # RW-32.3: one holder
    assert s.seats[0].influence == 1 and s.seats[1].influence == make_state(["HUMANS", "UTHUK"], TWO).seats[1].influence
    assert RS.view(s, None)["titles"]["PRIMARCH"]["holder"] == 0


def test_rw1_7_holding_limit_discards_the_excess_face_up() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    cardfx.draw_tactics(s, 0, 12)
    s.steps.append(flow.step(s, "hold"))
    p = prompt(s, 0)
    assert p.rule == "RW-30.5"  # RW-1.7: at most 10 tactics cards, the owner chooses
    s = act(s, 0, p.options[0].action)
    assert len(s.seats[0].tactics) == 10  # RW-1.7: as soon as he exceeds it
    assert len(s.tactics_deck.discard_pile) == 2  # AMB-56: face up on the discard pile
    assert RS.view(s, None)["tactics_deck"]["discard"] == s.tactics_deck.discard_pile


def test_rw35_5_an_exhausted_season_deck_is_reshuffled_from_the_shared_discard() -> None:
    cat = catalog()
    spring = sorted(c for c, card in cat.seasons.items() if card.season == "spring" and not card.refers_to_false_runes)
    summer = sorted(c for c, card in cat.seasons.items() if card.season == "summer")
    s = make_state(["HUMANS", "UTHUK"], TWO, season=0, year=7, options={"epic": True})
    s.season_decks["spring"] = []
    s.season_discard = [spring[0], summer[0]]
    _advance(s)
    assert s.season_card == spring[0]  # RW-35.5 / AMB-71: this season's card comes back
    assert summer[0] in s.season_discard and s.season_decks["spring"] == []


def test_rw8_3_rw31_4_a_tied_council_bid_is_settled_by_the_primarch() -> None:
    """RW-8.3: bid ties use RW-31.3, not the player order; the Primarch (seat 2, not tied) chooses."""
    s = make_state(["HUMANS", "UTHUK", "ELVES"], {**TWO, "2C": {"hex": (2, 1), "home_of": 2}})
    s.titles["PRIMARCH"].holder = 2
    s.season_decks["spring"] = ["SP2"]  # RW-31.4: a Council of Wizards card whose own text calls a bid
    for player in s.seats:
        player.influence = 4
    _advance(s)
    assert prompt(s, 0).rule == "RW-31.2"
    for seat, amount in ((0, 2), (1, 2), (2, 1)):
        s = act(s, seat, {"type": "rw_bid", "amount": amount})
    p = prompt(s)
    assert p.rule == "RW-31.3" and p.seat == 2 and values(p) == ["0", "1"]  # RW-8.3
    before = s.model_dump_json()
    with pytest.raises(RuleViolation):  # only the title holder decides
        act(s, 0, {"type": "rw_choose", "value": "0"})
    assert s.model_dump_json() == before
    tactics = len(s.seats[1].tactics)
    s = act(s, 2, {"type": "rw_choose", "value": "1"})
    assert len(s.seats[1].tactics) == tactics + 2 and s.seats[1].influence == 2 + 2  # the card's award
    assert s.seats[0].influence == 2  # every bid token is discarded (RW-31.2.4)


def test_rw27_4_a_card_that_moves_runes_is_not_a_gain() -> None:
    s = make_state(["HUMANS", "UTHUK"], TWO)
    add(s, "HUMAN_INFANTRY", 0, "1B")
    s.board["1A"].rune, s.board["1B"].rune = "dragon", "false"
    s.seats[0].tactics = [HeldCard(id="T42", gained=-1)]  # Secret Tunnels: move runes between two areas
    supply = dict(s.rune_supply)
    s = start_turn(s, 0, 4)
    s = act(s, 0, {"type": "rw_tactics", "card": "T42"})
    p = prompt(s, 0)
    assert p.rule == "RW-27.4" and values(p) == ["1A:1B"]  # only areas he controls
    s = act(s, 0, {"type": "rw_choose", "value": "1A:1B"})
    s = act(s, 0, {"type": "rw_choose", "value": "swap"})
    assert (s.board["1A"].rune, s.board["1B"].rune) == ("false", "dragon")  # moved, faces unchanged
    assert s.rune_supply == supply  # RW-27.4: nothing taken from the supply, no false rune added
    assert sum(1 for a in s.board.values() if a.rune) == 2
