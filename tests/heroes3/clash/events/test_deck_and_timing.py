"""The event deck (H3-6.24, H3-7.5.1) and when its cards are drawn (H3-7.5.2, H3-7.5.3, A-73): only with the
Fortress box and two or more players, face down and hidden from all; the first event in round 3 by the
starting player, then the drawer role clockwise; after income and the start-of-resource-round effects,
before the astrologer card and the first turn; never in an astrologer round."""

from __future__ import annotations

from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content.clash import clash_content

from ..helpers import front, mutate, new_game, play_until
from .helpers import deck, events_shown, fortress_game, kinds, stack


def _after(state: ClashState, n: int) -> tuple[ClashState, list[str]]:
    """Play empty turns until round ``n`` has begun, then to the first turn of it; the event kinds seen."""
    state, events = play_until(state, lambda s: s.round == n and front(s).kind in ("hand", "main"), f"round {n}")
    return state, kinds(events)


# ---- H3-6.24 / H3-7.5.1: the deck -----------------------------------------------------------------------
def test_h3_2_7_7_the_fortress_box_holds_the_20_printed_events_one_copy_each() -> None:
    # H3-2.7.7: the event cards come in the Fortress box; S-H1 prints 20 (one copy each: house, no count given)
    c = clash_content()
    assert len(c.events) == 20 and all(
        e.box == "fortress" and e.copies == 1 and e.copies_house for e in c.events.values()
    )
    assert c.event_deck(("core",)) == [] and len(c.event_deck(("core", "fortress"))) == 20
    assert c.events["artifact_merchant"].table[0].params["prices"] == {"minor": 3, "major": 5, "relic": 7}


def test_h3_6_24_the_deck_is_shuffled_face_down_with_the_fortress_box() -> None:
    state = fortress_game(3, seed=5, starting_player=2)
    ev = deck(state)
    # H3-6.24: every event, shuffled by the game's seeded RNG; H3-7.5.3: the starting player draws first
    assert sorted(ev.deck.draw_pile) == sorted(clash_content().events) and ev.deck.discard_pile == []
    assert ev.drawer == 2 and ev.current is None
    again = fortress_game(3, seed=5, starting_player=2)
    assert deck(again).deck.draw_pile == ev.deck.draw_pile  # seeded: the same order
    other = fortress_game(3, seed=6, starting_player=2)
    assert deck(other).deck.draw_pile != ev.deck.draw_pile


def test_h3_6_24_no_event_deck_without_the_box_or_in_a_solo_game() -> None:
    assert new_game(2).event_deck is None  # the core box alone
    assert new_game(2, expansions=["tower"]).event_deck is None
    # H3-7.5.1: multiplayer only: a one-player Cooperative game has no events, a two-player one does
    solo = CLASH.setup({"players": 1, "mode": "cooperative", "expansions": ["fortress"]}, 1)
    assert solo.event_deck is None
    duo = CLASH.setup({"players": 2, "mode": "cooperative", "expansions": ["fortress"]}, 1)
    assert duo.event_deck is not None and duo.event_deck.drawer == duo.starting


def test_h_12_the_views_show_the_deck_size_never_its_order() -> None:
    state = fortress_game(2)
    for seat in (None, 0, 1):
        shown = CLASH.view(state, seat)["events"]
        assert shown["size"] == 20 and shown["drawn"] == [] and shown["current"] is None and shown["drawer"] == 0
        text = events_shown(state, seat)
        assert not any(f'"{e}"' in text for e in clash_content().events)  # H-12: none named before it is drawn


# ---- H3-7.5.2 / H3-7.5.3 / A-73: when ------------------------------------------------------------------------
def test_h3_7_5_3_first_event_in_round_3_by_the_starting_player_then_clockwise() -> None:
    state = fortress_game(3, starting_player=1)
    stack(state, "stables", "crypt", "withered_hermit", "marketplace")
    state, seen = _after(state, 2)
    assert "h3_event" not in seen and deck(state).current is None  # round 1 and the astrologer round 2: none
    drawers = []
    for n in (3, 4, 5, 6, 7, 9):
        state, seen = _after(state, n)
        drawers.append((n, deck(state).current, deck(state).drawer))
    # round 3 seat 2 (the starting player) draws; then seat 3, seat 1, seat 2 ... (clockwise); none in even rounds
    assert drawers == [
        (3, "stables", 2),
        (4, "stables", 2),
        (5, "crypt", 0),
        (6, "crypt", 0),
        (7, "withered_hermit", 1),
        (9, "marketplace", 2),
    ]
    assert deck(state).deck.discard_pile == ["stables", "crypt", "withered_hermit", "marketplace"]  # face up
    assert CLASH.view(state, None)["events"]["size"] == 16


def test_a_73_the_event_comes_after_income_and_city_halls_and_before_the_first_turn() -> None:
    state = fortress_game(2, factions=["castle", "dungeon"], starting_player=0)
    for p in state.seats:
        p.buildings.append(f"{p.faction}_city_hall")
    stack(state, "mischievous_leprechaun")  # no question of its own before its dice
    state, seen = play_until(
        state, lambda s: s.round == 3 and front(s).data.get("what") == "effect_choice", "the City Halls of round 3"
    )
    assert deck(state).current is None  # income collected, City Halls asked: the event waits
    started = kinds(seen)
    round_3 = started[len(started) - 1 - started[::-1].index("h3_round") :]
    assert round_3.count("h3_income") == 2 and "h3_event" not in round_3
    state, rest = play_until(state, lambda s: front(s).kind == "hand", "the first turn of round 3")
    order = kinds(rest)
    assert deck(state).current == "mischievous_leprechaun"
    assert order.index("h3_event") < order.index("h3_event_end") < order.index("h3_turn")


def test_a_73_more_astrologers_the_event_still_precedes_the_first_turn() -> None:
    # H3-48.8 "also an astrologer card in each resource round": both are resolved before anyone plays
    state = fortress_game(2, more_astrologers=True)
    stack(state, "mischievous_leprechaun")
    state, seen = _after(state, 3)
    round_3 = seen[len(seen) - 1 - seen[::-1].index("h3_round") :]
    assert "h3_astrologer" in round_3 and "h3_event" in round_3 and "h3_turn" in round_3
    assert round_3.index("h3_astrologer") < round_3.index("h3_turn")
    assert round_3.index("h3_event") < round_3.index("h3_turn")


def test_h3_7_5_3_an_eliminated_drawer_is_passed_over() -> None:
    state = fortress_game(3, starting_player=0)
    stack(state, "stables", "crypt")
    state, _ = _after(state, 3)
    state = mutate(state)
    state.player(1).eliminated = True  # the next drawer leaves the game
    state.player(1).main = None
    state, _ = _after(state, 5)
    assert deck(state).current == "crypt" and deck(state).drawer == 0  # seat 3 drew; seat 1 draws next
