"""Start-of-turn abilities (H3-8.1.3, P-18): offered after the hand refresh, one at a time in the
player's order, each building once per turn (H3-21.2)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.cards import start
from engine.heroes3.clash.flow import FLOW
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState
from engine.heroes3.content.clash import clash_content

from ..clash.helpers import act, front, mutate, new_game, to_main


def _sandro(*buildings: str) -> ClashState:
    state = mutate(to_main(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]), 0))
    state.player(0).buildings += list(buildings)
    FLOW.push(state, FLOW.new(state, "turn_start", 0))
    FLOW.advance(state)
    return state


def test_h3_8_1_3_amplifier_uses_are_offered_at_the_start_of_the_turn() -> None:
    state = _sandro("necropolis_necromancy_amplifier")
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "turn_start"
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-8.1.3" and prompt.seat == 0
    picks = [o.action["pick"] for o in prompt.options]
    assert picks == ["necropolis_necromancy_amplifier:0", "necropolis_necromancy_amplifier:1", "done"]


def test_h3_8_1_3_a_use_resolves_and_the_building_is_spent_for_the_turn() -> None:
    state = _sandro("necropolis_necromancy_amplifier")
    necro = state.new_card("necromancy")
    state.decks["ability"].draw_pile.append(necro)  # a fixture: one Necromancy card deep in the deck
    state, _ = act(state, 0, {"type": "choose", "pick": "necropolis_necromancy_amplifier:0"})
    p = state.player(0)
    assert "necropolis_necromancy_amplifier" in p.turn_used
    assert any(state.cards[c] == "necromancy" for c in p.deck.hand)  # the amplifier's tutor
    assert front(state).kind == "main"  # nothing else is open: the question is over


def test_h3_8_1_3_finishing_skips_the_rest() -> None:
    state = _sandro("necropolis_necromancy_amplifier")
    hand = list(state.player(0).deck.hand)
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    assert front(state).kind == "main" and state.player(0).deck.hand == hand
    assert "necropolis_necromancy_amplifier" not in state.player(0).turn_used


def test_h3_8_1_3_several_abilities_in_the_players_order() -> None:
    # Mutare with two start-of-turn buildings is asked again after the first one.
    state = mutate(to_main(new_game(factions=["dungeon", "castle"], heroes=["mutare", "catherine"]), 0))
    state.player(0).buildings += ["dungeon_portal_of_summoning", "dungeon_mana_vortex"]
    FLOW.push(state, FLOW.new(state, "turn_start", 0))
    FLOW.advance(state)
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert picks == ["dungeon_portal_of_summoning:0", "dungeon_mana_vortex:0", "done"]
    state, _ = act(state, 0, {"type": "choose", "pick": "dungeon_mana_vortex:0"})
    for _ in range(10):  # answer the vortex's own questions (discard, search) until the start question is back
        st = front(state)
        if st.kind == "ask" and st.data["what"] == "turn_start":
            break
        prompt = CLASH.prompts(state)[0]
        state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "turn_start"
    picks = [o.action["pick"] for o in CLASH.prompts(state)[0].options]
    assert picks == ["dungeon_portal_of_summoning:0", "done"]


def test_h3_8_1_3_an_unoffered_use_is_refused_and_nothing_changes() -> None:
    state = _sandro("necropolis_necromancy_amplifier")
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as err:
        act(state, 0, {"type": "choose", "pick": "necropolis_cover_of_darkness:0"})
    assert err.value.rule == "H3-8.1.3" and state.model_dump_json() == before


def test_no_question_without_start_of_turn_abilities() -> None:
    state = _sandro("necropolis_cover_of_darkness")  # its uses are not start-of-turn ones
    assert front(state).kind == "main"
    board = clash_content().towns["necropolis"].building("necropolis_cover_of_darkness")
    assert not any(start.is_start(c) for c in board.turn)


def test_h3_8_1_3_the_question_follows_the_hand_refresh_in_a_real_turn() -> None:
    # H3-8.1: discard, draw, then the start-of-turn abilities (P-18) before the main menu (P-20);
    # the building's uses are no longer in the main menu.
    state = mutate(new_game(factions=["necropolis", "castle"], heroes=["sandro", "catherine"]))
    state.player(0).buildings.append("necropolis_necromancy_amplifier")
    assert front(state).kind == "hand"
    state, _ = act(state, 0, {"type": "draw", "n": 0})
    st = front(state)
    assert st.kind == "ask" and st.data["what"] == "turn_start"
    state, _ = act(state, 0, {"type": "choose", "pick": "done"})
    assert front(state).kind == "main"
    menu = [o.action for o in CLASH.prompts(state)[0].options]
    assert not [a for a in menu if a.get("building") == "necropolis_necromancy_amplifier"]
