"""The player's deck and the shared decks: Search privacy (H3-13.2.5, H-7) and another faction's
card drawn from the ability deck (H3-14.3, P-25)."""

from __future__ import annotations

import json

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import deck as cards
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState

from ..clash.helpers import act, front, mutate, new_game, to_main


def _searching(faction: str, hero: str, top: list[str]) -> tuple[ClashState, list[str]]:
    """Seat 0 at a Search (2) of the ability deck whose top cards are ``top`` (a fixture)."""
    other = "castle" if faction != "castle" else "dungeon"
    other_hero = "catherine" if faction != "castle" else "mutare"
    state = mutate(to_main(new_game(factions=[faction, other], heroes=[hero, other_hero]), 0))
    insts = [state.new_card(c) for c in top]
    state.decks["ability"].draw_pile[0:0] = insts
    cards.start_search(state, 0, "ability", 2)
    return state, insts


def test_h3_13_2_5_seen_cards_reach_only_the_searchers_view() -> None:
    # H3-13.5: shared-deck order hidden, the X cards seen are private to the searcher.
    state, (a, b) = _searching("castle", "catherine", ["estates", "logistics"])
    state, events = act(state, 0, {"type": "search", "choice": "look"})
    assert state.player(0).searching == [a, b]
    other = json.dumps(CLASH.view(state, 1))
    public = json.dumps(CLASH.view(state, None))
    assert a not in other and b not in other and a not in public and b not in public  # H-7
    own = json.dumps(CLASH.view(state, 0))
    assert a in own and b in own
    assert all(e.audience == [0] for e in events if e.kind == "h3_you_see")
    prompt = CLASH.prompts(state)[0]
    assert prompt.seat == 0 and prompt.secret  # the keep question names the seen cards


def test_h3_13_2_5_a_card_not_seen_cannot_be_kept_and_nothing_changes() -> None:
    state, _ = _searching("castle", "catherine", ["estates", "logistics"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    stranger = state.new_card("estates")
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "search", "choice": "keep", "card": stranger})
    assert err.value.rule == "H3-13.2.5" and state.model_dump_json() == before


def test_h3_14_3_p_25_keep_the_necromancy_card() -> None:
    state, (necro, _other) = _searching("castle", "catherine", ["necromancy", "estates"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "foreign_card"
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-14.3" and prompt.secret
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    assert necro in state.player(0).deck.hand and front(state).kind == "main"


def test_h3_14_3_p_25_discard_and_draw_a_private_replacement() -> None:
    state, (necro, _estates) = _searching("castle", "catherine", ["necromancy", "estates"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    replacement = state.decks["ability"].draw_pile[0]
    state, events = act(state, 0, {"type": "choose", "pick": "redraw"})
    p = state.player(0)
    assert necro not in p.deck.hand and necro in state.decks["ability"].discard_pile
    assert replacement in p.deck.hand
    drawn = [e for e in events if e.kind == "h3_you_drew"]
    assert drawn and all(e.audience == [0] for e in drawn)  # the replacement is private
    assert replacement not in json.dumps(CLASH.view(state, 1))


def test_h3_14_3_p_25_asks_again_when_the_replacement_is_necromancy_too() -> None:
    state, (necro, _estates) = _searching("castle", "catherine", ["necromancy", "estates"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    state = mutate(state)
    second = state.new_card("necromancy")
    state.decks["ability"].draw_pile.insert(0, second)
    state, _ = act(state, 0, {"type": "choose", "pick": "redraw"})
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "foreign_card" and st.data["card"] == second
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    assert second in state.player(0).deck.hand


def test_h3_14_3_necropolis_keeps_necromancy_without_a_question() -> None:
    state, (necro, _estates) = _searching("necropolis", "sandro", ["necromancy", "estates"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    assert necro in state.player(0).deck.hand and front(state).kind == "main"


def test_h3_14_3_a_kept_foreign_card_leaves_the_hand_only_by_discarding() -> None:
    # H3-13.3 / H3-14.3: a faction card in another faction's hand is never playable.
    state, (necro, _estates) = _searching("castle", "catherine", ["necromancy", "estates"])
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": necro})
    state, _ = act(state, 0, {"type": "choose", "pick": "keep"})
    offered = [o.action for o in CLASH.prompts(state)[0].options if o.action.get("card") == necro]
    assert offered == []  # never playable (basic, expert or as Power)


def test_h3_12_3_the_main_hero_starts_at_level_one_and_levels_by_xp() -> None:
    # H3-12.3 / H3-12.9: level I at the start; 2 XP per level; a level reached resolves at once.
    state = mutate(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]))
    p = state.player(0)
    assert (p.level, p.xp) == (1, 0)
    cards.gain_xp(state, p, 1)
    assert (p.level, p.xp) == (1, 1)
    cards.gain_xp(state, p, 1)
    assert (p.level, p.xp) == (2, 2)
    assert [s.kind for s in state.steps[:1]] == ["search"] and state.steps[0].data["deck"] == "ability"


def test_h3_17_3_an_artifact_location_searches_the_artifact_deck() -> None:
    # H3-17.3 / H3-50.1: artifacts come from exploring; the Artifact field is a Search (2) of the artifact deck.
    from engine.heroes3.adventure import effects
    from engine.heroes3.clash.flow import FLOW
    from engine.heroes3.content.clash import clash_content

    state = mutate(to_main(new_game(factions=["castle", "dungeon"], heroes=["catherine", "mutare"]), 0))
    steps = clash_content().locations["artifact"].choices[0].steps
    effects.push_effects(state, 0, "main", steps)
    FLOW.advance(state)  # the effect step queues the Search
    assert front(state).kind == "search" and front(state).data["deck"] == "artifact"
    state, _ = act(state, 0, {"type": "search", "choice": "look"})
    p = state.player(0)
    assert len(p.searching) == 2
    kinds = {clash_content().cards[state.cards[c]].kind for c in p.searching}
    assert kinds == {"artifact"}
    state, _ = act(state, 0, {"type": "search", "choice": "keep", "card": p.searching[0]})
    kept = state.player(0).deck.hand[-1]
    assert clash_content().cards[state.cards[kept]].kind == "artifact"  # H3-13.2.4: straight to hand
