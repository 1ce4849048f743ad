"""The rulebook's worked examples owned by the flow: EX-1..EX-6 and EX-13..EX-20.

Each test builds the stated position directly (``flow_support``), runs the real ruleset
and checks the stated outcome. Rule ids are cited where they are asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleViolation
from engine.runewars import board as B
from engine.runewars import flow
from engine.runewars.cards import resolve as cardfx
from engine.runewars.player_order import player_order
from engine.runewars.ruleset import _advance
from engine.runewars.setup.mapgen import Layout, board_distance, homes_adjacent, marker_spacing_ok
from engine.runewars.state import RunewarsState
from engine.runewars.turn.orders import playable_tactics

from .flow_support import (
    RS,
    act,
    add,
    front,
    make_state,
    prompt,
    queue,
    start_turn,
    stronghold,
    stronghold_at,
    units_in,
    values,
)

# A strip of areas: home realm H1-H3 for seat 0, then a row of open areas.
LINE: dict[str, dict[str, Any]] = {
    "1A": {"hex": (0, 0)},
    "1B": {"hex": (1, 0)},
    "1C": {"hex": (2, 0)},
    "1D": {"hex": (3, 0)},
    "2A": {"hex": (4, 0)},
    "2B": {"hex": (5, 0)},
}


# ---- EX-1 highest-bonus eligibility -------------------------------------------------------------


def test_ex1_recruit_after_fortify_has_no_bonus() -> None:
    # RW-7.6: a card is eligible only if higher than every card used this year.
    s = make_state(["UTHUK", "HUMANS"], {**LINE, "1A": {"hex": (0, 0), "home_of": 0}}, season=1)
    stronghold(s, "1A", 0)
    s.seats[0].orders_used = [8]
    s = start_turn(s, 0, 5)
    assert s.turn is not None and s.turn.eligible is False
    assert front(s) == "recruit_dial"
    s = act(s, 0, {"type": "rw_choose", "value": "food"})
    p = prompt(s, 0)
    s = act(s, 0, p.options[0].action)
    # RW-7.6: no "use the highest bonus" question; the turn is over and the card is used (RW-7.5).
    assert front(s) == "hold"
    assert s.seats[0].orders_used == [8, 5]


def test_ex1_contrast_spring_card_is_always_eligible() -> None:
    # RW-7.6: in spring (nothing used yet) every card but Fortify is eligible.
    s = make_state(["UTHUK", "HUMANS"], {**LINE, "1A": {"hex": (0, 0), "home_of": 0}})
    stronghold(s, "1A", 0)
    s = start_turn(s, 0, 5)
    assert s.turn is not None and s.turn.eligible
    s = act(s, 0, {"type": "rw_choose", "value": "food"})
    s = act(s, 0, prompt(s, 0).options[0].action)
    assert front(s) == "bonus"
    with pytest.raises(RuleViolation) as exc:  # RW-18.5.4: the second recruit uses a different dial
        s2 = act(s, 0, {"type": "rw_choose", "value": "yes"})
        act(s2, 0, {"type": "rw_choose", "value": "food"})
    assert exc.value.rule == "RW-18.5.4"


# ---- EX-2 a full autumn season, 3 players ---------------------------------------------------------


def test_ex2_autumn_season_three_players() -> None:
    areas: dict[str, dict[str, Any]] = {
        "1A": {"hex": (0, 0), "home_of": 0, "food": 2, "wood": 1},
        "1B": {"hex": (2, 0), "home_of": 1, "food": 1, "ore": 1},
        "1C": {"hex": (4, 0), "home_of": 2, "wood": 2},
        "1D": {"hex": (1, 0)},
        "2A": {"hex": (3, 0)},
    }
    s = make_state(["ELVES", "UTHUK", "HUMANS"], areas, season=2)
    elf, uthuk, human = 0, 1, 2
    s.seats[elf].orders_used = [3, 5]
    s.seats[uthuk].orders_used = [2, 6]
    s.seats[human].orders_used = [1, 2]
    s.seats[elf].order_prev, s.seats[uthuk].order_prev, s.seats[human].order_prev = 5, 6, 2
    s.seats[uthuk].influence, s.seats[human].influence = 5, 3
    s.season_decks["autumn"] = ["AU1"]  # "Harvest Festival": reset dials to production, +1 food (AMB-61)
    s.season_decks["winter"] = ["WI8"]
    s.destiny.draw_pile = list(range(4, 31))
    s.destiny.discard(1, 2, 3)
    _advance(s)  # the queue is empty: the season starts (RW-5.2)
    # RW-6.2: the primary effect reset every dial to what the player's areas produce (+1 food)
    assert s.seats[elf].dials == {"food": 3, "wood": 1, "ore": 0}
    assert s.seats[uthuk].dials == {"food": 2, "wood": 0, "ore": 1}
    # RW-6.7.1: the destiny discard pile is shuffled back in
    assert s.destiny.discard_pile == [] and len(s.destiny.draw_pile) == 30
    # RW-6.7.2 / RW-8.1: the autumn choice goes in the order of last season's (summer) cards
    asked = []
    for _ in range(3):
        p = prompt(s)
        assert p.rule == "RW-6.7.2"
        asked.append(p.seat)
        s = act(s, p.seat, {"type": "rw_choose", "value": "influence"})
    assert asked == [human, elf, uthuk]
    # RW-7.2: secret simultaneous choice; RW-7.3: revealed only when everyone has chosen
    s = act(s, elf, {"type": "rw_order", "card": 1})
    s = act(s, uthuk, {"type": "rw_order", "card": 3})
    assert "rw_order" not in str(RS.view(s, None)["choice"])
    s = act(s, human, {"type": "rw_order", "card": 3})
    # RW-7.4 / RW-8.1: #1 first; Uthuk before Human on the tie because Uthuk has more influence
    assert s.resolve_order == [elf, uthuk, human]
    assert s.turn is not None and s.turn.seat == elf and not s.turn.eligible  # used #3 and #5
    s = act(s, elf, {"type": "rw_strategize", "moves": []})
    assert s.turn is not None and s.turn.seat == uthuk and not s.turn.eligible  # used #6
    s = act(s, uthuk, {"type": "rw_choose", "value": "1D"})
    s = act(s, uthuk, {"type": "rw_move", "units": []})
    assert s.turn is not None and s.turn.seat == human and s.turn.eligible  # used only #1, #2
    assert prompt(s, human).rule == "RW-7.6"  # the Conquer bonus (-3 stronghold) is offered
    s = act(s, human, {"type": "rw_choose", "value": "yes"})
    s = act(s, human, {"type": "rw_choose", "value": "2A"})
    s = act(s, human, {"type": "rw_move", "units": []})
    # RW-5.2: the season ends; the next card comes from the winter deck (RW-6.1)
    assert s.season == 3 and s.season_card == "WI8"


# ---- EX-3 Strategize -----------------------------------------------------------------------------------


def _ex3_state() -> tuple[RunewarsState, list[int], int]:
    areas: dict[str, dict[str, Any]] = {
        "3A": {"hex": (0, 0)},
        "3B": {"hex": (1, 0)},
        "3C": {"hex": (0, 2)},
        "7A": {"hex": (1, 2)},
        "6A": {"hex": (-1, 2)},
        "3D": {"hex": (0, 3)},
        "9A": {"hex": (5, 5), "home_of": 0},
        "9B": {"hex": (6, 5), "home_of": 1},
    }
    s = make_state(["HUMANS", "ELVES"], areas, borders={("3C", "6A"): "mountain"})
    inf = add(s, "HUMAN_INFANTRY", 0, "3A", 2)
    add(s, "HUMAN_ARCHER", 0, "3B")  # makes 3B friendly
    knight = add(s, "HUMAN_KNIGHT", 0, "3C")[0]
    add(s, "BEASTMAN", None, "7A", 2)
    return s, inf, knight


def test_ex3_strategize_moves_and_rejections() -> None:
    s, inf, knight = _ex3_state()
    s = start_turn(s, 0, 1)
    assert front(s) == "strategize"
    with pytest.raises(RuleViolation) as exc:  # RW-10.6: 7A holds neutral units
        act(s, 0, {"type": "rw_strategize", "moves": [{"unit": knight, "to": "7A"}]})
    assert exc.value.rule == "RW-10.6"
    with pytest.raises(RuleViolation):  # RW-10.3: mountain border to 6A
        act(s, 0, {"type": "rw_strategize", "moves": [{"unit": knight, "to": "6A"}]})
    moves = [{"unit": inf[0], "to": "3B"}, {"unit": inf[1], "to": "3B"}, {"unit": knight, "to": "3D"}]
    s = act(s, 0, {"type": "rw_strategize", "moves": moves})
    assert len(units_in(s, "3B", 0)) == 3 and len(units_in(s, "3D", 0)) == 1
    assert all(not a.activation for a in s.board.values())  # RW-18.1.1: no activation token
    # RW-18.1.2: the bonus draws one tactics card per tactics icon at or below the dials (1 here)
    assert front(s) == "bonus"
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    assert len(s.seats[0].tactics) == 1
    # RW-30.3: a card gained this season cannot be played until the next one
    s.seats[0].tactics[0].id = "T30"  # an own-turn card, to make the timing the only obstacle
    assert playable_tactics(s, 0) == []
    s.season += 1
    assert playable_tactics(s, 0) == ["T30"]


def test_ex3_each_model_moves_at_most_one_step() -> None:
    s, inf, _ = _ex3_state()
    s = start_turn(s, 0, 1)
    with pytest.raises(RuleViolation) as exc:  # RW-10.6: one step each
        act(s, 0, {"type": "rw_strategize", "moves": [{"unit": inf[0], "to": "3B"}, {"unit": inf[0], "to": "3A"}]})
    assert exc.value.rule == "RW-10.6"


# ---- EX-4 Mobilize ----------------------------------------------------------------------------------------


def test_ex4_mobilize_into_neutrals() -> None:
    areas: dict[str, dict[str, Any]] = {
        "4T": {"hex": (0, 0)},
        "4B": {"hex": (1, 0)},
        "4C": {"hex": (2, 0)},
        "4D": {"hex": (3, 0)},
        "5A": {"hex": (-1, 1)},
        "5B": {"hex": (0, -1)},
        "5C": {"hex": (0, -2)},
        "5D": {"hex": (-1, 0)},
        "5E": {"hex": (-2, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
    }
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "DRAGON", None, "4T")
    add(s, "BEASTMAN", None, "4T", 2)
    inf = add(s, "HUMAN_INFANTRY", 0, "4B", 2)
    knight = add(s, "HUMAN_KNIGHT", 0, "4D")  # 3 steps: 4D-4C-4B-4T through friendly/empty areas
    siege = add(s, "HUMAN_SIEGE_ENGINE", 0, "5B", routed=True)  # within 2, but routed
    archers = add(s, "HUMAN_ARCHER", 0, "5E", 2)  # 5E-5D-4T: 5D holds enemy units
    add(s, "UTHUK_BERSERKER", 1, "5D")
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "4T"})
    assert 0 in s.board["4T"].activation  # RW-10.7.1
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "rw_move", "units": inf + siege})
    assert exc.value.rule == "RW-10.2"  # routed units cannot move
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "rw_move", "units": inf + archers})
    assert exc.value.rule == "RW-10.4"  # paths only through friendly or empty areas
    s = act(s, 0, {"type": "rw_move", "units": inf + knight})  # RW-2.17: the Swift knight moves 3
    assert sorted(u.id for u in units_in(s, "4T", 0)) == sorted(inf + knight)
    p = prompt(s, 0)  # RW-10.7.3 / RW-12.1: battle or diplomacy
    assert p.rule == "RW-12.1" and sorted(values(p)) == ["battle", "diplomacy"]


def test_ex4_units_cannot_leave_own_activated_area() -> None:
    s = make_state(
        ["HUMANS", "UTHUK"], {**LINE, "9A": {"hex": (8, 8), "home_of": 0}, "9B": {"hex": (9, 8), "home_of": 1}}
    )
    inf = add(s, "HUMAN_INFANTRY", 0, "1B")
    s.board["1B"].activation.append(0)
    s = start_turn(s, 0, 2)
    s = act(s, 0, {"type": "rw_choose", "value": "1C"})
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "rw_move", "units": inf})
    assert exc.value.rule == "RW-10.5.1"
    with pytest.raises(RuleViolation) as exc:  # RW-10.5.3: cannot activate an area holding his token
        s2 = start_turn(make_state(["HUMANS", "UTHUK"], LINE), 0, 2)
        s2.board["1B"].activation.append(0)
        act(s2, 0, {"type": "rw_choose", "value": "1B"})
    assert exc.value.rule == "RW-10.5.3"


# ---- EX-5 winter limit ------------------------------------------------------------------------------------------


def _ex5_state(food: int) -> RunewarsState:
    areas: dict[str, dict[str, Any]] = {
        "5X": {"hex": (0, 0)},
        "5Y": {"hex": (1, 0)},
        "5W": {"hex": (2, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
    }
    s = make_state(["UTHUK", "HUMANS"], areas, borders={("5Y", "5W"): "water"}, season=3)
    add(s, "UTHUK_BERSERKER", 0, "5X", 5)
    add(s, "BEASTMAN", 0, "5X", 2)  # allied neutrals count (RW-6.8.1)
    s.seats[0].dials["food"] = food
    return s


def test_ex5_winter_food_limit() -> None:
    s = _ex5_state(5)
    s = queue(s, "season_secondary")
    p = prompt(s, 0)
    assert p.rule == "RW-6.8.2"
    mine = [u.id for u in units_in(s, "5X", 0)]
    with pytest.raises(RuleViolation):  # exactly the excess
        act(s, 0, {"type": "rw_destroy", "units": mine[:1]})
    s = act(s, 0, {"type": "rw_destroy", "units": mine[:2]})
    assert len(units_in(s, "5X", 0)) == 5
    assert s.winter_water  # RW-6.8.3: water borders ignored for the rest of winter
    assert B.passable(s, "5Y", "5W")


def test_ex5_enough_food_destroys_nothing() -> None:
    s = _ex5_state(7)
    s = queue(s, "season_secondary")
    assert front(s) == "hold"  # RW-6.8.1: 7 units, food 7: nothing to destroy
    assert len(units_in(s, "5X", 0)) == 7


# ---- EX-6 diplomacy -----------------------------------------------------------------------------------------------


def _ex6_state() -> tuple[RunewarsState, list[int], list[int]]:
    areas: dict[str, dict[str, Any]] = {
        "6N": {"hex": (0, 0)},
        "6B": {"hex": (1, 0)},
        "6C": {"hex": (-1, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
    }
    s = make_state(["ELVES", "UTHUK"], areas)
    neutrals = add(s, "SORCERER", None, "6N", 2)
    elves = add(s, "ELF_ARCHER", 0, "6B", 2)
    add(s, "ELF_WARRIOR", 0, "6B")  # stays behind: 6B remains the Elves' area
    s.seats[0].influence = 4
    return s, neutrals, elves


def test_ex6_diplomacy_ally() -> None:
    s, _neutrals, elves = _ex6_state()
    s.destiny.draw_pile = [1, 5, 2] + [n for n in range(3, 31) if n != 5]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})  # the Conquer bonus question (eligible in spring)
    s = act(s, 0, {"type": "rw_choose", "value": "6N"})
    s = act(s, 0, {"type": "rw_move", "units": elves})
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})  # RW-12.1
    s = act(s, 0, {"type": "rw_choose", "value": "3"})  # RW-12.2
    assert s.seats[0].influence == 1
    p = prompt(s, 0)
    assert p.secret and sorted(values(p)) == ["1", "2", "5"]  # RW-12.3: all three drawn at once
    s = act(s, 0, {"type": "rw_choose", "value": "5"})  # card 5 shows ALLY
    assert all(u.owner == 0 for u in units_in(s, "6N"))  # RW-12.5.1
    assert sorted(s.destiny.discard_pile) == [1, 2, 5]  # RW-12.4
    assert B.controller(s, "6N") == 0
    # RW-11.4: the alliance lasts while his units stay; if they leave, the neutrals are unallied
    for u in units_in(s, "6N", 0):
        if u.id in elves:
            u.area = "6B"
    B.update_alliances(s)
    assert all(u.owner is None for u in units_in(s, "6N"))


def test_ex6_diplomacy_needs_influence() -> None:
    s, _, elves = _ex6_state()
    s.seats[0].influence = 0
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "6N"})
    s = act(s, 0, {"type": "rw_move", "units": elves})
    assert values(prompt(s, 0)) == ["battle"]  # RW-12.1: no influence, no diplomacy


def test_diplomacy_withdraw_sends_neutrals_away_routed() -> None:
    s, neutrals, elves = _ex6_state()
    s.destiny.draw_pile = [3] + [n for n in range(1, 31) if n != 3]
    s = start_turn(s, 0, 3)
    s = act(s, 0, {"type": "rw_choose", "value": "no"})
    s = act(s, 0, {"type": "rw_choose", "value": "6N"})
    s = act(s, 0, {"type": "rw_move", "units": elves})
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})
    s = act(s, 0, {"type": "rw_choose", "value": "1"})
    s = act(s, 0, {"type": "rw_choose", "value": "3"})  # WITHDRAW (RW-12.5.2)
    # only 6C is free (6B is the Elves'): the neutrals go there, routed
    assert all(u.area == "6C" and u.routed for u in s.units if u.id in neutrals)
    assert B.controller(s, "6N") == 0


# ---- EX-13 influence bid with a tie / EX-14 rune gain --------------------------------------------------------


def _bid_state() -> RunewarsState:
    areas: dict[str, dict[str, Any]] = {
        "1A": {"hex": (0, 0), "home_of": 0},
        "1B": {"hex": (1, 0)},
        "1C": {"hex": (2, 0), "home_of": 1},
        "1D": {"hex": (4, 0), "home_of": 2},
        "2A": {"hex": (0, 1)},
    }
    s = make_state(["ELVES", "UTHUK", "HUMANS"], areas, season=3)
    s.seats[0].influence, s.seats[1].influence, s.seats[2].influence = 4, 2, 1
    return s


def test_ex13_bid_tie_decided_by_most_influence_left() -> None:
    s = _bid_state()
    effect = {
        "kind": "bid_influence",
        "award": "highest_wins",
        "winner_effects": [{"kind": "gain_dragon_rune", "who": "self"}],
        "loser_effects": [],
    }
    cardfx.queue(s, [effect], seat=None, source="Rune Conclave", rule="RW-31.2", order=[0, 1, 2])
    flow.push(s, flow.step(s, "hold"))
    flow.push(s, *[])
    s.steps = [st for st in s.steps if st.kind != "hold"] + [flow.step(s, "hold")]
    _advance(s)
    assert {p.seat for p in RS.prompts(s)} == {0, 1, 2} and all(p.secret and p.simultaneous for p in RS.prompts(s))
    s = act(s, 0, {"type": "rw_bid", "amount": 2})
    assert "amount" not in str(RS.view(s, None)["choice"])  # RW-31.2.2: hidden until the reveal
    s = act(s, 1, {"type": "rw_bid", "amount": 2})
    s = act(s, 2, {"type": "rw_bid", "amount": 0})
    # RW-31.2.4: every bid token is discarded
    assert [p.influence for p in s.seats] == [2, 0, 1]
    p = prompt(s)
    assert p.rule == "RW-31.3" and p.seat == 0  # no Primarch: most influence left decides
    assert sorted(values(p)) == ["0", "1"]
    s = act(s, 0, {"type": "rw_choose", "value": "0"})
    assert front(s) == "rune_discard" and s.steps[0].seat == 0  # EX-14 follows


def test_bid_tie_primarch_decides() -> None:
    s = _bid_state()
    s.titles["PRIMARCH"].holder = 2  # RW-31.3: the Primarch decides, even if not tied
    effect = {"kind": "bid_influence", "award": "highest_wins", "winner_effects": [], "loser_effects": []}
    cardfx.queue(s, [effect], seat=None, source="bid", rule="RW-31.2", order=[0, 1, 2])
    s.steps.append(flow.step(s, "hold"))
    _advance(s)
    for seat, amount in ((0, 1), (1, 1), (2, 0)):
        s = act(s, seat, {"type": "rw_bid", "amount": amount})
    assert prompt(s).seat == 2


def test_ex14_gaining_a_dragon_rune() -> None:
    s = _bid_state()
    s.board["1A"].rune = "false"
    s.rune_supply = {"dragon": 21, "false": 16}
    s = queue(s, "rune_discard", 0, source="a bid")
    p = prompt(s, 0)
    assert p.secret and {"type": "rw_rune_discard", "areas": ["1A"]} in [o.action for o in p.options]
    s = act(s, 0, {"type": "rw_rune_discard", "areas": ["1A"]})  # RW-27.3.1
    assert s.board["1A"].rune is None and s.revealed_false == 1
    # RW-27.3.3: friendly or uncontrolled areas without a rune; not 1C/1D (other players' homes)
    p = prompt(s, 0)
    assert sorted(values(p)) == ["1A", "1B", "2A"]
    s = act(s, 0, {"type": "rw_choose", "value": "1B"})
    assert s.board["1B"].rune is None  # nothing is public until both are placed
    with pytest.raises(RuleViolation):  # two different areas
        act(s, 0, {"type": "rw_choose", "value": "1B"})
    s = act(s, 0, {"type": "rw_choose", "value": "2A"})
    assert s.board["1B"].rune == "dragon" and s.board["2A"].rune == "false"
    assert s.rune_supply == {"dragon": 20, "false": 16}  # dragon -1, false -1 +1
    public = RS.view(s, None)
    assert {a["id"]: a["rune"] for a in public["areas"]}["1B"] == "token"  # RW-27.5: faces stay hidden
    assert RS.view(s, 0)["me"]["runes"].get("1A") is None


# ---- EX-15 Harvest ---------------------------------------------------------------------------------------------------


def test_ex15_harvest_with_bonus() -> None:
    areas: dict[str, dict[str, Any]] = {
        "10A": {"hex": (0, 0), "home_of": 0, "food": 1},
        "10B": {"hex": (1, 0), "home_of": 0, "food": 1, "wood": 1},
        "10C": {"hex": (0, 1), "home_of": 0, "food": 1, "wood": 1, "ore": 1},
        "1B": {"hex": (2, 0), "food": 1, "wood": 1, "ore": 1},
        "2A": {"hex": (3, 0), "food": 5},
        "9B": {"hex": (6, 6), "home_of": 1},
    }
    s = make_state(["HUMANS", "UTHUK"], areas)
    stronghold(s, "10A", 0, development="diplomacy")
    stronghold(s, "1B", 0)
    add(s, "HUMAN_KNIGHT", 0, "1B")
    s.seats[0].dials = {"food": 2, "wood": 4, "ore": 2}
    inf = s.seats[0].influence
    s = start_turn(s, 0, 4)
    assert s.seats[0].dials == {"food": 4, "wood": 3, "ore": 2}  # RW-18.4.1: up, down, unchanged
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    assert s.seats[0].influence == inf + 2  # RW-18.4.2 diplomacy development
    p = prompt(s, 0)
    assert "1B:resource" in values(p) and not any(v.startswith("10A:") for v in values(p))  # one per stronghold
    s = act(s, 0, {"type": "rw_choose", "value": "1B:resource"})  # RW-18.4.3
    assert s.seats[0].dials["wood"] == 2 and stronghold_at(s, "1B").development == "resource"


# ---- EX-16 Recruit with the bonus and the unit limit -----------------------------------------------------------------


def test_ex16_recruit_bonus_and_limit() -> None:
    s = make_state(
        ["HUMANS", "UTHUK"],
        {"10A": {"hex": (0, 0), "home_of": 0}, "1B": {"hex": (1, 0)}, "9B": {"hex": (6, 6), "home_of": 1}},
        season=1,
    )
    stronghold(s, "10A", 0)
    add(s, "HUMAN_ARCHER", 0, "10A", 3)
    add(s, "HUMAN_INFANTRY", 0, "10A", 2)
    s.seats[0].orders_used = [1]
    s.seats[0].dials = {"food": 0, "wood": 3, "ore": 4}
    s = start_turn(s, 0, 5)
    s = act(s, 0, {"type": "rw_choose", "value": "wood"})
    assert sorted(s.steps[0].data["units"]) == ["HUMAN_ARCHER", "HUMAN_ARCHER"]  # RW-18.5.1 icons at 1 and 3
    s = act(s, 0, {"type": "rw_place_units", "placement": {"10A": {"HUMAN_ARCHER": 2}}})
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    s = act(s, 0, {"type": "rw_choose", "value": "ore"})  # RW-18.5.4
    assert sorted(s.steps[0].data["units"]) == ["HUMAN_KNIGHT", "HUMAN_SIEGE_ENGINE"]
    s = act(s, 0, {"type": "rw_place_units", "placement": {"10A": {"HUMAN_KNIGHT": 1, "HUMAN_SIEGE_ENGINE": 1}}})
    p = prompt(s, 0)
    assert p.rule == "RW-18.5.2"  # 9 units: destroy down to 8
    infantry = [u.id for u in units_in(s, "10A", 0) if u.kind == "HUMAN_INFANTRY"]
    s = act(s, 0, {"type": "rw_destroy", "units": infantry[:1]})
    kinds = sorted(u.kind for u in units_in(s, "10A", 0))
    assert kinds.count("HUMAN_ARCHER") == 5 and kinds.count("HUMAN_INFANTRY") == 1 and len(kinds) == 8
    assert s.seats[0].dials == {"food": 0, "wood": 3, "ore": 4}  # RW-9.4: dials unchanged


# ---- EX-17 Acquire Power and a title ---------------------------------------------------------------------------------


def test_ex17_acquire_power_and_title() -> None:
    s = make_state(["ELVES", "HUMANS"], {"11A": {"hex": (0, 0), "home_of": 0}, "10A": {"hex": (3, 0), "home_of": 1}})
    before = s.seats[0].influence
    s = start_turn(s, 0, 7)
    gained = s.seats[0].influence - before
    assert gained == 1  # RW-18.7.1: the influence icons at or below the dials (wood 2)
    s = act(s, 0, {"type": "rw_choose", "value": "yes"})
    with pytest.raises(RuleViolation):
        act(s, 0, {"type": "rw_title", "title": "WARRIORS_GUILD", "amount": 99})
    s = act(s, 0, {"type": "rw_title", "title": "WARRIORS_GUILD", "amount": 3})
    assert s.titles["WARRIORS_GUILD"].holder == 0 and s.titles["WARRIORS_GUILD"].tokens == 3
    assert s.seats[0].influence == before + gained - 3  # RW-32.4: spent, not counted for ties
    # another player must pay at least 4 (RW-18.7.2)
    s.seats[1].influence = 10
    s = start_turn(s, 1, 7)
    s = act(s, 1, {"type": "rw_choose", "value": "yes"})
    amounts = [o.action["amount"] for o in prompt(s, 1).options if o.action.get("title") == "WARRIORS_GUILD"]
    assert min(amounts) == 4
    with pytest.raises(RuleViolation) as exc:
        act(s, 1, {"type": "rw_title", "title": "WARRIORS_GUILD", "amount": 3})
    assert exc.value.rule == "RW-18.7.2"


def test_title_tokens_do_not_count_for_player_order() -> None:
    # RW-8.2: only tokens in the supply count for the influence tie-breaker
    s = make_state(["ELVES", "HUMANS"], {"11A": {"hex": (0, 0), "home_of": 0}, "10A": {"hex": (3, 0), "home_of": 1}})
    s.seats[0].influence, s.seats[1].influence = 2, 3
    s.titles["WARRIORS_GUILD"].holder, s.titles["WARRIORS_GUILD"].tokens = 0, 5
    s.seats[0].order_now = s.seats[1].order_now = 4
    assert player_order(s, "now") == [1, 0]


# ---- EX-18 / EX-19 map setup, 3 players ------------------------------------------------------------------------------


def test_ex18_tile_order_and_rejections() -> None:
    s = RS.setup({"players": 3, "factions": ["HUMANS", "ELVES", "UTHUK"]}, 5)
    start = s.start_player
    order = [(start + k) % 3 for k in range(3)] * 2
    seen = []
    for i in range(6):
        p = prompt(s)
        assert p.rule == "RW-4.3"
        seen.append(p.seat)
        tiles = [o.action for o in p.options if o.action["type"] == "rw_tile"]
        if i == 1:
            bad = dict(tiles[0], q=40, r=40)  # far from every placed tile
            with pytest.raises(RuleViolation) as exc:
                act(s, p.seat, bad)
            assert exc.value.rule == "RW-4.4"
        s = act(s, p.seat, tiles[0])
    assert seen == order  # RW-4.3: S, P2, P3, S, P2, P3
    assert len({a.tile for a in s.board.values()}) == 6


def test_ex18_border_rule_rejects_colour_on_colour() -> None:
    from engine.core.hexgrid import Hex
    from engine.runewars.setup.mapgen import place_tile, tile_problem

    lay = Layout()
    place_tile(lay, "4", 0, Hex(0, 0))  # 4C has a mountain on its east edge, at the tile's boundary
    found = None
    for tile in ("1", "5", "7", "8", "9"):
        for rot in range(6):
            for q in range(-4, 6):
                for r in range(-4, 5):
                    if tile_problem(lay, tile, rot, Hex(q, r)) == "RW-4.5":
                        found = (tile, rot, q, r)
    assert found is not None  # some position puts a coloured edge against a coloured edge


def test_ex19_markers_spacing_and_exception() -> None:
    from engine.core.hexgrid import Hex

    lay = Layout()
    for q in range(0, 10):
        lay.cells[Hex(q, 0)] = (f"{q}X", ("none",) * 6)
    a = (Hex(0, 1), Hex(1, 1))
    lay.markers.append(a)
    far = (Hex(6, 1), Hex(7, 1))
    near = (Hex(3, 1), Hex(4, 1))
    distance = board_distance(lay, a, far)
    assert distance is not None and distance >= 4
    assert marker_spacing_ok(lay, far, 4, exception_left=True) == (True, False)  # RW-4.7.3
    d = board_distance(lay, a, near)
    assert d == 3
    assert marker_spacing_ok(lay, near, 4, exception_left=True) == (True, True)  # RW-4.7.4: once
    assert marker_spacing_ok(lay, near, 4, exception_left=False) == (False, False)


def test_ex19_home_realms_may_not_touch() -> None:
    from engine.core.hexgrid import Hex

    assert homes_adjacent({0: [Hex(0, 0)], 1: [Hex(1, 0)]})  # RW-4.8.2
    assert not homes_adjacent({0: [Hex(0, 0)], 1: [Hex(2, 0)]})


def test_rw4_7_2_border_touch_rechecked_for_final_home_tile_position() -> None:
    """RW-4.7.2 / RW-4.8.3: the final home-tile position must itself meet the board across at least
    ``marker_borders`` plain borders (plain on both sides), not only the marker."""
    from engine.core.hexgrid import Hex
    from engine.runewars.setup.mapgen import home_placements, home_plain_touches

    plain, walled = Layout(), Layout()
    for q in range(0, 6):
        plain.cells[Hex(q, 0)] = (f"{q}X", ("none",) * 6)
        walled.cells[Hex(q, 0)] = (f"{q}X", ("mountain",) * 6)
    marker = (Hex(2, 1), Hex(3, 1))
    ok = home_placements(plain, "10", marker, 2)
    assert ok and all(home_plain_touches(plain, "10", p.rotation, p.offset) >= 2 for p in ok)
    assert home_placements(walled, "10", marker, 0)  # RW-4.5 alone allows it (coloured vs plain)...
    assert home_placements(walled, "10", marker, 2) == []  # ...the border-touch re-check does not


def test_rw4_7_2_home_tile_without_legal_final_position_restarts_markers(monkeypatch: pytest.MonkeyPatch) -> None:
    """AMB-23 / RW-4.8.3: if no free marker can take a seat's home tile legally, markers and home
    tiles are removed and RW-4.7 is repeated."""
    s = RS.setup({"players": 3, "factions": ["HUMANS", "ELVES", "UTHUK"]}, 11)
    for _ in range(6):
        p = prompt(s)
        s = act(s, p.seat, next(o.action for o in p.options if o.action["type"] == "rw_tile"))
    while front(s) == "marker":
        p = prompt(s)
        s = act(s, p.seat, next(o.action for o in p.options if o.action["type"] == "rw_marker"))
    assert front(s) == "home_tile", "seed 11 places every marker without a restart"
    seat = s.steps[0].seat
    from engine.runewars.setup import start as setup_mod

    monkeypatch.setattr(setup_mod, "home_placements", lambda *a, **k: [])  # no legal final position
    s.steps = [x for x in s.steps if x.kind not in ("home_tile",)]
    s = queue(s, "home_tile_check", seat)
    assert front(s) == "marker" and s.setup["markers"] == [] and s.setup["homes"] == {}
    assert not any(x.kind in ("home_tile", "home_tile_check", "homes_check") for x in s.steps)


def test_ex19_full_player_driven_map_setup() -> None:
    s = RS.setup({"players": 3, "factions": ["HUMANS", "ELVES", "UTHUK"]}, 11)
    start = s.start_player
    for _ in range(6):
        p = prompt(s)
        s = act(s, p.seat, next(o.action for o in p.options if o.action["type"] == "rw_tile"))
    while front(s) == "marker":
        p = prompt(s)
        assert p.seat == start  # RW-4.7.1
        s = act(s, p.seat, next(o.action for o in p.options if o.action["type"] == "rw_marker"))
    homes = []
    while front(s) == "home_tile":
        p = prompt(s)
        homes.append(p.seat)
        s = act(s, p.seat, next(o.action for o in p.options if o.action["type"] == "rw_home_tile"))
    if homes:
        assert homes[-1] == start and homes[0] == (start + 1) % 3  # RW-4.8.1: left of S first, S last
    if s.phase == "setup" and front(s) not in ("tile", "marker", "home_tile"):
        seats = {a.home_of for a in s.board.values() if a.home_of is not None}
        assert seats == {0, 1, 2}
        lay = {seat: [a.hex for a in s.board.values() if a.home_of == seat] for seat in seats}
        from engine.core.hexgrid import Hex

        assert not homes_adjacent({k: [Hex(*h) for h in v] for k, v in lay.items()})


# ---- EX-20 Mobilize: only one battle ---------------------------------------------------------------------------------


def _ex20_state() -> tuple[RunewarsState, list[int]]:
    areas: dict[str, dict[str, Any]] = {
        "7A": {"hex": (0, 0)},
        "7B": {"hex": (1, 0)},
        "7C": {"hex": (2, 0)},
        "8A": {"hex": (0, 1)},
        "8B": {"hex": (-1, 0)},
        "9A": {"hex": (8, 8), "home_of": 0},
        "9B": {"hex": (9, 8), "home_of": 1},
    }
    s = make_state(["HUMANS", "UTHUK"], areas)
    add(s, "BEASTMAN", None, "7A", 2)
    mine = add(s, "HUMAN_INFANTRY", 0, "7B", 3)
    add(s, "HUMAN_ARCHER", 0, "7B")  # stays: 7B is the only adjacent friendly area
    add(s, "UTHUK_BERSERKER", 1, "8B")
    s = start_turn(s, 0, 2)
    assert s.turn is not None
    s.turn.battles = 1  # the first activation caused a battle
    s.turn.bonus = True
    s.steps = [st for st in s.steps if st.kind not in ("activate", "move_units", "arrive", "bonus")]
    flow.push(s, flow.step(s, "activate", 0, n=2), flow.step(s, "move_units", 0), flow.step(s, "arrive", 0))
    return s, mine


def test_ex20_second_activation_neutrals_only_diplomacy_then_forced_retreat() -> None:
    s, mine = _ex20_state()
    s.seats[0].influence = 2
    s.destiny.draw_pile = [1] + list(range(2, 31))  # card 1: CONFRONT
    s = act(s, 0, {"type": "rw_choose", "value": "7A"})
    s = act(s, 0, {"type": "rw_move", "units": mine})
    assert values(prompt(s, 0)) == ["diplomacy"]  # RW-18.2.3: no second battle
    s = act(s, 0, {"type": "rw_choose", "value": "diplomacy"})
    s = act(s, 0, {"type": "rw_choose", "value": "1"})
    s = act(s, 0, {"type": "rw_choose", "value": "1"})
    assert values(prompt(s, 0)) == ["withdraw"]  # RW-12.5.3: he must retreat
    s = act(s, 0, {"type": "rw_choose", "value": "withdraw"})
    back = [u for u in s.units if u.id in mine]
    assert all(u.area == "7B" and u.routed for u in back)  # one adjacent friendly area, routed (RW-16.2)


def test_ex20_second_activation_into_enemy_area_is_rejected() -> None:
    s, mine = _ex20_state()
    add(s, "HUMAN_INFANTRY", 0, "7A")  # irrelevant: the target is the enemy area 8B
    s = act(s, 0, {"type": "rw_choose", "value": "8B"})
    with pytest.raises(RuleViolation) as exc:
        act(s, 0, {"type": "rw_move", "units": [u for u in mine][:1]})
    assert exc.value.rule in ("RW-18.2.3", "RW-10.4")


def test_ex19_markers_must_touch_plain_borders() -> None:
    from engine.core.hexgrid import Hex
    from engine.runewars.setup.mapgen import legal_markers

    plain, wet = Layout(), Layout()
    for q in range(0, 4):
        plain.cells[Hex(q, 0)] = (f"{q}X", ("none",) * 6)
        wet.cells[Hex(q, 0)] = (f"{q}X", ("water",) * 6)
    assert legal_markers(plain, 2, 4, True)  # RW-4.7.2: two plain borders touched
    assert legal_markers(wet, 2, 4, True) == []  # only coloured borders: no marker may go there
    assert all(h not in plain.cells for pair, _ in legal_markers(plain, 2, 4, True) for h in pair)  # RW-4.7.6
