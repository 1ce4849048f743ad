"""H3-48.3 Draft start and A-49 (its leftovers): the starting deck drafted from packets passed left,
then right, then 7 chosen from the drafted and statistic cards plus the 2 set-aside cards."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash import draft
from engine.heroes3.clash.invariants import check
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, Draft
from engine.heroes3.content.clash import clash_content

from .helpers import front, new_game

FACTIONS = ["castle", "necropolis", "dungeon", "tower"]


def _game(players: int = 3, **options: Any) -> ClashState:
    return new_game(players, factions=FACTIONS[:players], draft_start=True, **options)


def _d(state: ClashState) -> Draft:
    assert state.draft is not None
    return state.draft


def _pick_round(state: ClashState, picks: dict[int, str] | None = None) -> tuple[ClashState, dict[int, str]]:
    """Every seat answers the current pick (the first card it may choose unless told)."""
    chosen = {s: (picks or {}).get(s) or draft.choices(state, s)[0] for s in range(state.players)}
    for s, card in chosen.items():
        state, _ = CLASH.apply(state, s, {"type": "draft_pick", "card": card})
    return state, chosen


def _finish_draft(state: ClashState) -> ClashState:
    while state.draft is not None:
        state, _ = _pick_round(state)
    return state


def test_draft_start_is_off_by_default_and_setup_unchanged() -> None:
    # H3-48: off unless agreed; H3-6.11..6.13: the usual 9-card deck with its Magic Arrows
    plain = new_game(3, factions=FACTIONS[:3])
    assert not plain.variant("draft_start") and plain.draft is None
    assert front(plain).kind != "draft"
    for p in plain.seats:
        deck = sorted(plain.cards[c] for c in p.deck.all_cards())
        assert deck == sorted(clash_content().starting_deck(p.hero))
    assert CLASH.view(plain, 0)["draft"] is None
    assert _game().variants == ["draft_start"]


def test_draft_start_sets_aside_ability_and_specialty_and_deals_six_card_packets() -> None:
    # H3-48.3 steps 1, 2 and 4; A-49: no Magic Arrows are added
    state = _game(3)
    d = _d(state)
    assert front(state).kind == "draft" and d.phase == "left"
    for p in state.seats:
        hero = clash_content().heroes[p.hero]
        assert p.deck.all_cards() == []
        assert [state.cards[c] for c in d.aside[p.seat]] == [hero.ability, hero.specialty_cards[1]]
        assert len(d.stats[p.seat]) == (6 if hero.might else 5)
        packet = [state.cards[c] for c in d.packets[p.seat]]
        kinds = Counter(clash_content().cards[c].kind for c in packet)
        assert kinds == {"ability": 2, "artifact": 2, "spell": 2}
    assert check(state) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_start_packets_pass_left_six_times_then_right_six_times(players: int) -> None:
    # H3-48.3 steps 2 and 3: keep one, pass the rest to the left (seat + 1), then to the right
    state = _game(players)
    for phase, step in (("left", 1), ("right", -1)):
        for n in range(6):
            assert _d(state).phase == phase and _d(state).picks == n
            before = [list(x) for x in _d(state).packets]
            state, chosen = _pick_round(state)
            if n < 5:
                for s in range(players):
                    giver = (s - step) % players  # the seat on the other side passes to s
                    expected = [c for c in before[giver] if c != chosen[giver]]
                    assert _d(state).packets[s] == expected, (phase, n, s)
                    assert len(expected) == 5 - n
    d = _d(state)
    assert d.phase == "keep" and all(len(x) == 12 for x in d.drafted)  # H3-48.3: 12 drafted each
    kinds = Counter(clash_content().cards[state.cards[c]].kind for c in d.drafted[0])
    assert kinds == {"ability": 4, "artifact": 4, "spell": 4}
    assert check(state) == []


def test_draft_start_with_two_players_both_directions_pass_to_the_other() -> None:
    # H3-48.3: with 2 players left and right are the same seat
    state = _game(2)
    before = [list(x) for x in _d(state).packets]
    state, chosen = _pick_round(state)
    assert _d(state).packets[0] == [c for c in before[1] if c != chosen[1]]
    assert _d(state).packets[1] == [c for c in before[0] if c != chosen[0]]


def test_draft_start_builds_a_nine_card_deck_and_discards_the_unchosen_drafted_cards() -> None:
    # H3-48.3 steps 4 and 5; A-49: unchosen drafted cards go to their decks' discard piles
    state = _game(3)
    for _ in range(12):
        state, _ = _pick_round(state)
    d = _d(state)
    assert [len(d.drafted[s]) + len(d.stats[s]) for s in range(3)] == [
        18 if clash_content().heroes[p.hero].might else 17 for p in state.seats
    ]
    drafted = [list(x) for x in d.drafted]
    stats = [list(x) for x in d.stats]
    aside = [list(x) for x in d.aside]
    kept: dict[int, list[str]] = {s: [] for s in range(3)}
    for n in range(7):
        # seat 0 keeps 2 statistic cards and 5 drafted; the others take whatever comes first
        picks = {0: stats[0][n] if n < 2 else drafted[0][n]}
        state, chosen = _pick_round(state, picks)
        for s, c in chosen.items():
            kept[s].append(c)
    assert state.draft is None and front(state).kind != "draft"
    for p in state.seats:
        deck = p.deck.all_cards()
        assert len(deck) == 9  # H3-6.13.1
        assert sorted(deck) == sorted(kept[p.seat] + aside[p.seat])
        for c in drafted[p.seat]:
            if c in kept[p.seat]:
                continue
            home = cards.home_deck(state, c)
            assert home is not None and c in state.decks[home].discard_pile
        for c in stats[p.seat]:
            assert (c in state.removed) == (c not in kept[p.seat])
    assert kept[0][:2] == stats[0][:2]
    public = CLASH.view(state, None)
    leftovers = sum(12 - len([c for c in kept[s] if c in drafted[s]]) for s in range(3))
    assert sum(len(v["discard"]) for v in public["decks"].values()) >= leftovers
    assert check(state) == []


def test_draft_start_packets_are_hidden_from_the_public_and_other_seats() -> None:
    # H3-48.3 ⟦H: packets passed are seen only by the current holder⟧
    state = _game(3)
    d = _d(state)
    mine = d.packets[0]
    public = json.dumps(CLASH.view(state, None), default=str)
    other = json.dumps(CLASH.view(state, 1), default=str)
    own = CLASH.view(state, 0)["draft"]["mine"]
    assert [x["id"] for x in own["packet"]] == mine
    for inst in mine:
        assert f'"{inst}"' not in public and f'"{inst}"' not in other
    assert "mine" not in CLASH.view(state, None)["draft"]
    assert CLASH.view(state, 1)["draft"]["mine"]["packet"] == [{"id": c, "card": state.cards[c]} for c in d.packets[1]]
    assert set(mine) <= CLASH.secrets(state)[0]
    prompts = CLASH.prompts(state)
    assert sorted(p.seat for p in prompts) == [0, 1, 2]
    assert all(p.secret and p.simultaneous for p in prompts)
    for p in prompts:
        offered = {o.action["card"] for o in p.options}
        assert offered <= set(d.packets[p.seat])
    # a locked-in pick stays secret too: the event names the seat, not the card
    state2, events = CLASH.apply(state, 0, {"type": "draft_pick", "card": mine[0]})
    assert all(mine[0] not in json.dumps(e.model_dump(), default=str) for e in events if e.audience is None)
    assert f'"{mine[0]}"' not in json.dumps(CLASH.view(state2, 1), default=str)


def test_draft_start_refuses_a_card_not_in_the_packet_and_changes_nothing() -> None:
    # H3-48.3: a seat keeps a card of the packet it holds, nothing else
    state = _game(3)
    d = _d(state)
    before = state.model_dump_json()
    for card in (d.packets[1][0], "k999", d.aside[0][0]):
        with pytest.raises(RuleViolation) as err:
            CLASH.apply(state, 0, {"type": "draft_pick", "card": card})
        assert err.value.rule == "H3-48.3"
    assert state.model_dump_json() == before


def test_draft_start_a_seat_may_change_its_pick_until_all_have_locked_in() -> None:
    # H3-48.3 as a kernel SecretChoice: the last lock-in resolves the round
    state = _game(2)
    d = _d(state)
    first, second = d.packets[0][0], d.packets[0][1]
    state, _ = CLASH.apply(state, 0, {"type": "draft_pick", "card": first})
    state, _ = CLASH.apply(state, 0, {"type": "draft_pick", "card": second})
    assert _d(state).picks == 0
    state, _ = CLASH.apply(state, 1, {"type": "draft_pick", "card": _d(state).packets[1][0]})
    assert _d(state).picks == 1
    assert second in _d(state).drafted[0] and first not in _d(state).drafted[0]


def test_draft_start_keep_step_refuses_a_card_already_kept() -> None:
    # H3-48.3 step 5: 7 different cards of the 18 (17)
    state = _game(2)
    for _ in range(12):
        state, _ = _pick_round(state)
    state, chosen = _pick_round(state)
    with pytest.raises(RuleViolation) as err:
        CLASH.apply(state, 0, {"type": "draft_pick", "card": chosen[0]})
    assert err.value.rule == "H3-48.3"


def test_draft_start_play_goes_on_after_the_draft() -> None:
    # H3-48.3: then play starts as usual (the starting tile turn, H3-6.22)
    state = _finish_draft(_game(2))
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "start_rotate"


@pytest.mark.parametrize(
    "opts",
    [{"players": 3, "draft_start": True}, {"players": 2, "mode": "tournament", "draft_start": True}],
)
def test_draft_start_a_random_game_finishes(opts: dict[str, Any]) -> None:
    # H3-48.3: a whole random game with the variant on, every invariant holding after each action
    from engine import sim

    report = sim.run("heroes3", games=1, seed=2, options=opts, probe=1)
    assert report["finished"] == 1 and report["invariant_failures"] == 0, report
