"""Effects each player resolves "in player order" follow RW-8.1, whatever step they push."""

from __future__ import annotations

import random
from typing import Any

from engine.runewars import flow
from engine.runewars.cards import resolve as fx
from engine.runewars.player_order import standard_order
from engine.runewars.ruleset import _advance
from engine.runewars.state import HeldCard, RunewarsState

from .flow_support import RS, act, front, make_state
from .test_control import LINE

# Previous season's order cards: Uthuk played 1, Elves 3, Humans 5, so the order is 1, 2, 0,
# unlike both seat order and the influence tie-breakers.
PREV = {0: 5, 1: 1, 2: 3}
EXPECTED = [1, 2, 0]


def _state() -> RunewarsState:
    areas = {**{k: dict(v) for k, v in LINE.items()}, "10A": {"hex": (10, 0), "home_of": 2}}
    s = make_state(["HUMANS", "UTHUK", "ELVES"], areas)
    for seat, card in PREV.items():
        s.seats[seat].order_prev = card
        s.seats[seat].tactics = [HeldCard(id="T01"), HeldCard(id="T02")]
    return s


def _decisions(s: RunewarsState, effect: dict[str, Any], *, seat: int | None = None, order: list[int] | None = None):
    """Resolve ``effect`` as a card would queue it; answer every prompt; return who was asked, in order."""
    flow.push(s, flow.step(s, "hold"))
    fx.queue(s, [effect], seat=seat, source="test card", rule="RW-6.2", order=order)
    _advance(s)
    asked: list[tuple[int, str]] = []
    rng = random.Random(1)
    for _ in range(12):
        waiting = [p for p in RS.prompts(s) if p.waiting]
        if not waiting:
            break
        p = waiting[0]
        asked.append((p.seat, p.rule))
        s = act(s, p.seat, RS.sample_action(s, p.seat, rng))
    assert front(s) == "hold"
    return s, asked


def test_rw8_1_standard_order_uses_previous_season_cards_outside_the_order_step() -> None:
    s = _state()
    assert standard_order(s) == EXPECTED  # RW-8.1 key 1 / RW-6.4: previous season's cards
    s.resolve_order = [0, 2, 1]
    for seat, card in {0: 2, 1: 8, 2: 4}.items():
        s.seats[seat].order_now = card
    assert standard_order(s) == [0, 2, 1]  # RW-8.1: during the order step, the card just revealed


def test_rw8_1_each_player_places_units_in_player_order() -> None:
    effect = {"kind": "add_units", "unit_type": "BEASTMAN", "count": 1, "where": "empty_area", "who": "each_player"}
    _, asked = _decisions(_state(), effect)
    assert [seat for seat, _ in asked] == EXPECTED  # RW-6.2 / RW-11.6


def test_rw8_1_each_player_discards_in_player_order() -> None:
    effect = {"kind": "discard_cards", "deck": "tactics", "amount": 1, "who": "each_player"}
    s, asked = _decisions(_state(), effect)
    assert [seat for seat, _ in asked] == EXPECTED  # RW-6.2
    assert all(len(p.tactics) == 1 for p in s.seats)


def test_rw8_1_each_player_draws_rewards_in_player_order() -> None:
    effect = {"kind": "draw_cards", "deck": "reward", "amount": 1, "who": "each_player"}
    _, asked = _decisions(_state(), effect)
    assert [seat for seat, _ in asked] == EXPECTED  # RW-6.2 / RW-23


def test_rw8_1_conditional_branches_run_in_player_order() -> None:
    effect = {
        "kind": "conditional",
        "condition": {"kind": "at_least", "counter": "influence", "count": 0},
        "then": [{"kind": "discard_cards", "deck": "tactics", "amount": 1}],
        "who": "each_player",
    }
    _, asked = _decisions(_state(), effect)
    assert [seat for seat, _ in asked] == EXPECTED  # RW-6.2


def test_rw8_1_each_players_branch_follows_his_own_condition() -> None:
    """Each player's part is a step of his own: his condition picks his branch, nobody else's."""
    s = _state()
    s.seats[0].influence = 0
    effect = {
        "kind": "conditional",
        "condition": {"kind": "at_least", "counter": "influence", "count": 1},
        "then": [{"kind": "gain_influence", "amount": 1}],
        "otherwise": [{"kind": "discard_cards", "deck": "tactics", "amount": 1}],
        "who": "each_player",
    }
    s, asked = _decisions(s, effect)
    assert asked == [(0, "RW-6.2")]  # only the Humans, with no influence, discard
    assert s.seats[0].influence == 0 and len(s.seats[0].tactics) == 1


def test_rw8_1_each_player_choices_in_player_order() -> None:
    effect = {
        "kind": "choose_one",
        "options": [
            [{"kind": "gain_influence", "amount": 1}],
            [{"kind": "adjust_dial", "resource": "food", "amount": 1}],
        ],
        "who": "each_player",
    }
    _, asked = _decisions(_state(), effect)
    assert [seat for seat, _ in asked] == EXPECTED  # RW-6.2


def test_rw8_1_each_player_of_a_tactics_card_reaches_every_player() -> None:
    """RW-30.2: a card queued for its player alone still gives "each player" to all, in RW-8.1 order."""
    s = _state()
    before = {p.seat: len(p.tactics) for p in s.seats}
    effect = {"kind": "discard_cards", "deck": "tactics", "amount": 1, "who": "each_other_player"}
    s, asked = _decisions(s, effect, seat=1, order=[1])
    assert [seat for seat, _ in asked] == [2, 0]
    assert {p.seat: len(p.tactics) for p in s.seats} == {0: before[0] - 1, 1: before[1], 2: before[2] - 1}
