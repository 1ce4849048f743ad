"""War and Barbarians: TC-09 to TC-17, TC-19, TC-20, TC-29, TC-31 (AH-10, AH-11, AH-15.2)."""

from __future__ import annotations

import random

import pytest

from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes.state import AohState, Battle, Road, Unit
from engine.ageofheroes.war import _tier, duel_totals
from engine.core import Event, RuleViolation

from .support import (
    act,
    armies,
    at_action,
    battle_top,
    begin_turn,
    cities,
    deck_top,
    fortresses,
    give,
    kinds,
    place_cards,
    position,
    top,
    war,
)


def battle_deck_whole(state: AohState) -> bool:
    # AH-15.2 / TC-31: every battle card back in the deck, nothing elsewhere
    return state.battle is None and len(state.battle_deck.draw_pile) == 24 and not state.battle_deck.discard_pile


def _tc09() -> AohState:
    state = position(3)
    armies(state, 0, "a1", "a2", "a3", "a4", "a5", "a6", general=("a1",))
    armies(state, 1, "b1", "b2", "b3")
    fortresses(state, 1, 1)
    cities(state, 1, 2)
    battle_top(state, 3, 6, 1, 2, 4, 5, 4, 5, 2)
    at_action(state, 0)
    state = war(state, 0, 1, "conquest", ["a1", "a2", "a3", "a4", "a5", "a6"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    return state


def test_tc09_six_armies_against_three() -> None:
    # AH-10.8, AH-10.9, AH-10.10, AH-10.11, AH-10.12, AH-10.13, AH-10.14.1, AH-10.16, AH-15.2
    state = _tc09()
    assert top(state) == "assign"
    state, _ = act(state, 0, type="assign", cards=place_cards(state, 0, [3, 6, 1, 2, 4, 5]))
    state, _ = act(state, 1, type="assign", cards=place_cards(state, 1, [4, 5, 2]))
    army_supply = state.supply["army"]
    for a, b in (("a1", "b1"), ("a2", "b2")):
        state, _ = act(state, 0, type="pick", unit=a)
        state, events = act(state, 1, type="pick", unit=b)
    duels = [e.data for e in events if e.kind == "duel"]
    state, events = act(state, 0, type="pick", unit="a3")  # b3 is B's last: forced
    duels = [e.data for e in events if e.kind == "duel"]
    assert (duels[0]["attacker_total"], duels[0]["defender_total"], duels[0]["winner"]) == (1, 3, "defender")
    assert state.seats[0].army("a3") is None and state.supply["army"] == army_supply + 1
    victories = next(e.data["victories"] for e in events if e.kind == "victories")
    assert victories == 3  # 0 duels won + 3 unopposed
    assert state.seats[1].cities == 1 and state.seats[0].cities == 2
    assert {a.id: a.status for a in state.seats[0].armies} == {a: "away" for a in ("a1", "a2", "a4", "a5", "a6")}
    assert not any(e.kind == "unfought" for e in events)  # AMB-39: cards under a4-a6 stay hidden
    assert battle_deck_whole(state)


def test_tc09_duel_ties_cost_nothing() -> None:
    # AH-10.12: a1 (3+2) vs b1 (4+1) and a2 (6) vs b2 (5+1) are ties
    state = _tc09()
    state, _ = act(state, 0, type="assign", cards=place_cards(state, 0, [3, 6, 1, 2, 4, 5]))
    state, _ = act(state, 1, type="assign", cards=place_cards(state, 1, [4, 5, 2]))
    state, _ = act(state, 0, type="pick", unit="a1")
    state, events = act(state, 1, type="pick", unit="b1")
    duel = next(e.data for e in events if e.kind == "duel")
    assert (duel["attacker_total"], duel["defender_total"], duel["winner"]) == (5, 5, "tie")
    state, _ = act(state, 0, type="pick", unit="a2")
    state, events = act(state, 1, type="pick", unit="b2")
    duel = next(e.data for e in events if e.kind == "duel")
    assert (duel["attacker_total"], duel["defender_total"], duel["winner"]) == (6, 6, "tie")
    assert len(state.seats[0].armies) == 6 and len(state.seats[1].armies) == 3


@pytest.mark.parametrize("seed", range(12))
def test_tc09_property_victories_between_three_and_six(seed: int) -> None:
    # AH-10.13: N_A = 6, N_D = 3 gives 3 <= V <= 6 for any placement and picks
    rng = random.Random(seed)
    state = position(3)
    armies(state, 0, "a1", "a2", "a3", "a4", "a5", "a6", general=("a1",))
    armies(state, 1, "b1", "b2", "b3")
    state.battle_deck.shuffle(state.rng.model_copy(update={"state": seed}))
    at_action(state, 0)
    state = war(state, 0, 1, rng.choice(["conquest", "plunder", "raze"]), ["a1", "a2", "a3", "a4", "a5", "a6"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    events: list[Event] = []
    while state.battle is not None:
        seat = next(p.seat for p in RS.prompts(state) if p.waiting)
        state, events = act(state, seat, **RS.sample_action(state, seat, rng))
    v = next(e.data["victories"] for e in events if e.kind == "victories")
    assert 3 <= v <= 6


@pytest.mark.parametrize(
    "a_card,a_gen,d_card,d_gen,forts,totals",
    [
        (4, "general", 1, "general", 2, (6, 5)),
        (6, None, 3, None, 3, (6, 6)),
        (2, None, 2, None, 0, (2, 2)),
        (5, None, 6, None, 0, (5, 6)),
        (3, "hero", 4, None, 0, (5, 4)),
    ],
)
def test_tc10_duel_arithmetic(
    a_card: int, a_gen: str | None, d_card: int, d_gen: str | None, forts: int, totals: tuple[int, int]
) -> None:
    # AH-10.11: card + 2 per General (real or Mighty Hero) + defender's Fortresses
    state = position(2)
    fortresses(state, 1, forts)
    b = Battle(attacker=0, defender=1, purpose="conquest")
    a = Unit(
        id="a1",
        card=f"bc{a_card}-01",
        general=a_gen == "general",
        hero_general="mighty_hero-01" if a_gen == "hero" else None,
    )
    d = Unit(id="b1", card=f"bc{d_card}-02", general=d_gen == "general")
    assert duel_totals(state, b, a, d) == totals


def test_tc11_conquest_thresholds() -> None:
    # AH-10.14.1
    tiers = RS.setup({"players": 2}, 1).content.results.conquest
    assert [_tier(tiers, v) for v in range(7)] == [0, 0, 1, 1, 2, 2, 2]


def test_tc11_two_victories_take_one_city() -> None:
    # AH-10.13, AH-10.14.1
    state = position(2)
    armies(state, 0, "a1", "a2", "a3")
    armies(state, 1, "b1")
    cities(state, 1, 2)
    battle_top(state, 2, 5, 6, 4)
    at_action(state, 0)
    state = war(state, 0, 1, "conquest", ["a1", "a2", "a3"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    state, _ = act(state, 0, type="assign", cards=place_cards(state, 0, [2, 5, 6]))
    state, _ = act(state, 0, type="pick", unit="a1")  # b1 is forced
    assert state.seats[0].army("a1") is None
    assert state.seats[1].cities == 1 and state.seats[0].cities == 2
    assert {a.id: a.status for a in state.seats[0].armies} == {"a2": "away", "a3": "away"}


def test_tc11_conquest_capped_by_what_the_defender_has() -> None:
    # AH-10.14.1, AMB-26: V = 4 against one City takes that one City
    state = position(2)
    armies(state, 0, "a1", "a2", "a3", "a4")
    state.seats[1].armies[0].status = "away"
    give(state, 1, "wood")
    at_action(state, 0)
    state = war(state, 0, 1, "conquest", ["a1", "a2", "a3", "a4"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    assert state.seats[1].cities == 0 and state.seats[0].cities == 2


def _plunder(hand: int, attackers: int) -> tuple[AohState, list[Event]]:
    state = position(4)
    armies(state, 0, *[f"a{i + 1}" for i in range(attackers)])
    state.seats[1].armies[0].status = "away"  # N_D = 0, so V = N_A
    give(state, 1, *(["iron", "wood", "stone", "grain", "luck"][:hand]))
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", [f"a{i + 1}" for i in range(attackers)])
    return act(state, 1, type="respond", play="none", heroes=[])


def test_tc12_plunder_two_cards_per_victory() -> None:
    # AH-10.14.2, AH-13.2
    state, events = _plunder(5, 2)
    assert len(state.seats[1].hand) == 1 and len(state.seats[0].hand) == 4
    private = [e for e in events if e.kind == "plundered"]
    assert private and private[0].audience == [0, 1]  # C and D see only counts
    state, events = _plunder(4, 3)
    assert len(state.seats[1].hand) == 0 and len(state.seats[0].hand) == 4


def test_tc12c_plundered_hand_may_exceed_five_until_own_discard_step() -> None:
    # AH-13.2
    state, _ = _plunder(5, 2)
    state.seats[0].hand += [c for c in state.deck.draw_pile[:4]]
    del state.deck.draw_pile[:4]
    state, _ = act(state, 0, type="place", count=0)
    assert top(state) == "discard"


def test_tc13_raze_destroys_monument_cards_only() -> None:
    # AH-10.14.3, AMB-12
    state = position(3)
    from .support import take

    state.seats[1].monument = [take(state, "marble") for _ in range(4)]
    give(state, 1, "marble")
    armies(state, 0, "a1", "a2", "a3")
    state.seats[1].armies[0].status = "away"
    at_action(state, 0)
    state = war(state, 0, 1, "raze", ["a1", "a2", "a3"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    assert len(state.seats[1].monument) == 2 and kinds(state.seats[1].hand) == ["marble"]
    assert sum(1 for c in state.deck.discard_pile if c.startswith("marble")) == 2
    tiers = state.content.results.raze
    assert [_tier(tiers, v) for v in range(4)] == [0, 1, 1, 2]


def _tc14(first: str) -> tuple[AohState, list[Event]]:
    """C's Draw step: Barbarians. Tries RNG states until the Barbarians' random placement and first pick
    are the stated ones."""
    for seed in range(400):
        state = position(3)
        armies(state, 2, "c1")
        fortresses(state, 2, 1)
        give(state, 2, "iron", "wood", "stone", "marble")
        deck_top(state, "barbarians", "grain")
        battle_top(state, 5, 2, 3)
        state.rng.state = seed
        begin_turn(state, 2)
        state, events = act(state, 2, type="respond", play="none", heroes=[])
        duel = next(e.data for e in events if e.kind == "duel")
        if duel["attacker_unit"] == first and duel["attacker_value"] == (5 if first == "x1" else 2):
            return state, events
    raise AssertionError("no RNG state gives the stated Barbarian placement")


def test_tc14_barbarians_win_and_discard_the_hand() -> None:
    # AH-11.7, AH-6.3, AH-15.2, AH-16.1
    state, events = _tc14("x1")
    duel = next(e.data for e in events if e.kind == "duel")
    assert (duel["attacker_total"], duel["defender_total"], duel["winner"]) == (5, 4, "attacker")
    assert state.seats[2].armies == []
    assert next(e.data["victories"] for e in events if e.kind == "victories") == 2
    assert kinds(state.seats[2].hand) == ["grain"]  # the replacement draw after the 4 discarded cards
    assert {"iron", "wood", "stone", "marble", "barbarians"} <= {c.split("-")[0] for c in state.deck.discard_pile}
    assert not state.seats[2].eliminated and top(state) == "action"
    assert battle_deck_whole(state)


def test_tc14_variant_barbarians_pick_x2_first() -> None:
    # AH-11.7.5
    state, events = _tc14("x2")
    assert next(e.data["victories"] for e in events if e.kind == "victories") == 1
    assert [a.id for a in state.seats[2].armies] == ["c1"]
    assert len(state.seats[2].hand) == 3  # 4 - 2 discarded + Grain


def test_tc15a_luck_sends_the_barbarians_away() -> None:
    # AH-11.10.1, AH-11.7.2
    state = position(3)
    give(state, 2, "luck", "iron")
    deck_top(state, "barbarians", "grain")
    begin_turn(state, 2)
    state, _ = act(state, 2, type="respond", play="luck", heroes=[])
    assert kinds(state.seats[2].hand) == ["grain", "iron"]
    assert battle_deck_whole(state) and top(state) == "action"


def test_tc15b_luck_is_useless_against_a_player() -> None:
    # AH-11.10.2
    state = position(3)
    give(state, 2, "luck", "iron")
    at_action(state, 0)
    state = war(state, 0, 2, "plunder", ["a1"])
    with pytest.raises(RuleViolation) as exc:
        act(state, 2, type="respond", play="luck", heroes=[])
    assert exc.value.rule == "AH-11.10.2"


def test_tc16_olympic_games_cancel_a_players_attack() -> None:
    # AH-11.8.2, AH-11.8.4, AH-11.9.3, AH-10.16
    state = position(3)
    armies(state, 0, "a1", "a2")
    give(state, 0, "mighty_hero")
    give(state, 1, "olympic_games")
    at_action(state, 0)
    state = war(state, 0, 1, "conquest", ["a1", "a2"], [{"use": "army"}])
    state, _ = act(state, 1, type="respond", play="olympic_games", heroes=[])
    assert state.seats[1].cities == 1 and len(state.seats[1].armies) == 1
    assert [a.status for a in state.seats[0].armies] == ["away", "away"]
    assert {"mighty_hero", "olympic_games"} <= {c.split("-")[0] for c in state.deck.discard_pile}
    assert top(state) == "monument"  # the action is spent
    assert battle_deck_whole(state)


def test_tc17_earthquake_then_attack() -> None:
    # AH-11.4, AH-10.7, AH-14.2
    state = position(3)
    armies(state, 1, "b1", "b2", "b3", general=("b1",))
    armies(state, 0, "a1", "a2")
    give(state, 1, "iron", "wood", "stone")
    deck_top(state, "earthquake", "stone")
    battle_top(state, 4, 6, 3)
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    assert {a.id: a.status for a in state.seats[1].armies} == {"b1": "home", "b2": "scattered", "b3": "scattered"}
    assert kinds(state.seats[0].hand) == ["stone"]
    state = war(state, 0, 1, "plunder", ["a1", "a2"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    assert state.battle is not None and [u.id for u in state.battle.dfn] == ["b1"]
    state, _ = act(state, 0, type="assign", cards=place_cards(state, 0, [4, 6]))
    state, events = act(state, 0, type="pick", unit="a1")
    duel = next(e.data for e in events if e.kind == "duel")
    assert (duel["attacker_total"], duel["defender_total"]) == (4, 5)
    assert len(state.seats[1].hand) == 1 and len(state.seats[0].hand) == 3
    assert [(a.id, a.status) for a in state.seats[0].armies] == [("a2", "away")]
    assert battle_deck_whole(state)
    state, _ = act(state, 0, type="place", count=0)  # A's turn ends: Retrieve lifts the Earthquake
    assert all(a.status == "home" for a in state.seats[1].armies) and not state.quakes


def test_tc17_variant_target_turn_end_and_luck() -> None:
    # AH-11.4.4 (CFG earthquake_duration=target_turn_end), AH-11.4.5
    state = position(3, earthquake_duration="target_turn_end")
    armies(state, 1, "b1", "b2", "b3", general=("b1",))
    deck_top(state, "earthquake", "stone", "wood")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=False)
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=0)
    b2 = state.seats[1].army("b2")
    assert b2 is not None and b2.status == "scattered"
    state, _ = act(state, 1, type="action", choice="none")
    state, _ = act(state, 1, type="place", count=0)
    b2 = state.seats[1].army("b2")
    assert b2 is not None and b2.status == "home"

    state = position(3)
    armies(state, 1, "b1", "b2", "b3", general=("b1",))
    give(state, 1, "luck")
    deck_top(state, "earthquake", "stone")
    begin_turn(state, 0)
    state, _ = act(state, 0, type="choose_target", target=1)
    state, _ = act(state, 1, type="luck", play=True)
    assert all(a.status == "home" for a in state.seats[1].armies)
    assert {"earthquake", "luck"} <= {c.split("-")[0] for c in state.deck.discard_pile}


def test_tc19a_away_armies_cannot_defend_or_attack_until_retrieve() -> None:
    # AH-10.16, AH-14.1, AMB-03
    state = position(4)
    state.roads = [Road(a=0, b=1, builder=0), Road(a=1, b=2, builder=1)]
    state.supply["road"] -= 2
    armies(state, 0, "a1", "a2")
    state.seats[2].armies[0].status = "away"  # C is defenceless: no duels, both of A's armies survive
    give(state, 2, "wood", "iron", "stone")
    at_action(state, 0)
    state = war(state, 0, 2, "plunder", ["a1", "a2"])
    state, _ = act(state, 2, type="respond", play="none", heroes=[])
    assert [a.status for a in state.seats[0].armies] == ["away", "away"]
    state.steps = []
    at_action(state, 3)  # D attacks A later in the round
    state = war(state, 3, 0, "plunder", ["a1"])
    give(state, 0, "wood")
    state, _ = act(state, 0, type="respond", play="none", heroes=[])
    assert state.battle is None  # no defenders: no duels at all
    state.steps = []
    at_action(state, 0)  # A's next turn
    # A holds cards, so the public Action prompt still offers War (a Mighty Hero could be among
    # them, spec §3 N1); the away armies are refused in the secret declaration instead (AH-10.1).
    state, _ = act(state, 0, type="action", choice="war")
    with pytest.raises(RuleViolation) as exc:
        act(state, 0, type="declare_war", target=2, purpose="plunder", armies=["a1"], heroes=[])
    assert exc.value.rule == "AH-10.1"
    state, _ = act(state, 0, type="cancel_war")
    state, _ = act(state, 0, type="action", choice="none")
    state, _ = act(state, 0, type="place", count=0)
    assert all(a.status == "home" for a in state.seats[0].armies)


def test_tc19b_direct_road_brings_armies_home_at_once() -> None:
    # AH-10.16 exception
    state = position(4)
    state.roads = [Road(a=0, b=1, builder=0)]
    state.supply["road"] -= 1
    armies(state, 0, "a1", "a2")
    state.seats[1].armies[0].status = "away"
    give(state, 1, "wood")
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1", "a2"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    assert [a.status for a in state.seats[0].armies] == ["home", "home"]


def test_tc20a_mighty_hero_as_the_only_army() -> None:
    # AH-10.3.4, AH-11.9, AMB-28
    state = position(3)
    state.seats[0].armies[0].status = "away"
    give(state, 0, "mighty_hero")
    give(state, 1, "wood", "iron")
    state.seats[1].armies[0].status = "away"
    at_action(state, 0)
    state, _ = act(state, 0, type="action", choice="war")
    with pytest.raises(RuleViolation) as exc:
        act(
            state,
            0,
            type="declare_war",
            target=1,
            purpose="plunder",
            armies=[],
            heroes=[{"use": "general", "army": "a1"}],
        )
    assert exc.value.rule == "AH-10.3.4"
    state, _ = act(state, 0, type="declare_war", target=1, purpose="plunder", armies=[], heroes=[{"use": "army"}])
    state, events = act(state, 1, type="respond", play="none", heroes=[])
    assert next(e.data["victories"] for e in events if e.kind == "victories") == 1  # N_A = 1, unopposed
    assert any(c.startswith("mighty_hero") for c in state.deck.discard_pile)


def test_tc20b_defender_mighty_hero_as_general() -> None:
    # AH-11.9.2, AH-10.11
    state = position(3)
    armies(state, 1, "b1")
    give(state, 1, "mighty_hero", "wood")
    battle_top(state, 3, 2)
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1"])
    state, events = act(state, 1, type="respond", play="none", heroes=[{"use": "general", "army": "b1"}])
    duel = next(e.data for e in events if e.kind == "duel")
    assert (duel["attacker_total"], duel["defender_total"]) == (3, 4)
    assert any(c.startswith("mighty_hero") for c in state.deck.discard_pile)
    assert kinds(state.seats[1].hand) == ["wood"]


def test_tc29_defender_with_more_armies_picks_who_fights() -> None:
    # AH-10.8, AH-10.10, AH-10.13
    state = position(2)
    armies(state, 0, "a1", "a2")
    armies(state, 1, "b1", "b2", "b3", "b4")
    at_action(state, 0)
    state = war(state, 0, 1, "plunder", ["a1", "a2"])
    state, _ = act(state, 1, type="respond", play="none", heroes=[])
    b = state.battle
    assert b is not None and len(b.def_drawn) == 4  # B draws and places all four
    state, _ = act(state, 0, type="assign", cards={u.id: c for u, c in zip(b.att, b.att_drawn, strict=False)})
    state, _ = act(state, 1, type="assign", cards={u.id: c for u, c in zip(b.dfn, b.def_drawn, strict=False)})
    state, _ = act(state, 0, type="pick", unit="a1")
    state, first = act(state, 1, type="pick", unit="b3")
    assert state.steps[0].choice is not None and state.steps[0].choice.seats == [1]  # a2 is forced; B still picks
    state, events = act(state, 1, type="pick", unit="b4")
    v = next(e.data["victories"] for e in events if e.kind == "victories")
    wins = sum(1 for e in first + events if e.kind == "duel" and e.data["winner"] == "attacker")
    assert v == wins and 0 <= v <= 2  # V is the duels won: no attacker is unopposed
    assert {"b1", "b2"} <= {a.id for a in state.seats[1].armies}  # the unfought armies are untouched
    assert state.battle is None
