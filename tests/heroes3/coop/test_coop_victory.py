"""The table's shared victory and defeat in Cooperative games (H3-3.2.4, H3-5.1..H3-5.3; the
scenarios' conditions are house)."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.heroes3 import names as h3_names
from engine.heroes3.clash import rounds
from engine.heroes3.clash.elimination import eliminate
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import AI_SEAT, ClashState
from engine.heroes3.content.clash import Condition, clash_content
from engine.heroes3.coop import victory
from i18n import EN, render
from tests.heroes3.clash.helpers import act, front, mutate, play_until

from .helpers import ai_hero, coop_game


def _finish_round(state: ClashState, limit: int = 300) -> tuple[ClashState, list[Event]]:
    """Play the rest of the round as empty turns until the round changes or the game ends."""
    start = state.round
    return play_until(state, lambda s: s.winners is not None or s.round != start, "the end of the round", limit)


def _to_main(state: ClashState) -> ClashState:
    """Seat 0's main menu of the current round (its hand refreshed, drawing nothing)."""
    for _ in range(20):
        st = front(state)
        if st.kind == "main" and st.seat == 0:
            return state
        prompt = CLASH.prompts(state)[0]
        action = {"type": "draw", "n": 0} if st.kind == "hand" else dict(prompt.options[0].action)
        state, _ = act(state, prompt.seat, action)
    raise AssertionError("no main menu")


def _said(events: list[Event]) -> str:
    return "\n".join(render(e.msg, EN, h3_names()) for e in events if e.msg is not None and e.audience is None)


def _with_conditions(monkeypatch: pytest.MonkeyPatch, state: ClashState, **fields: tuple[Condition, ...]) -> None:
    """The game's scenario with other victory or defeat conditions (its declared kinds, for this test only)."""
    scenarios = clash_content().scenarios
    monkeypatch.setitem(scenarios, state.scenario, scenarios[state.scenario].model_copy(update=fields))


def test_h3_5_2_capturing_the_ai_town_wins_at_the_end_of_that_round() -> None:
    # H3-3.2.4 + H3-5.1 "defeat a given enemy town" (house: a player's flag on the AI town): the goal is
    # recorded when met, the game ends at the end of that round (H3-5.2) and the table wins together.
    state = _to_main(coop_game(players=1))
    town = state.ai_town
    assert town is not None
    assert not rounds.met_victory(state, 0)  # nothing met at the start (no cube condition misfires)
    state = mutate(state)
    state.field(town).flag = 0
    state, events = act(state, 0, {"type": "end_turn"})
    assert state.met == [0] and state.winners is None  # recorded, not over yet (H3-5.2)
    assert "Seat 1 holds Necropolis Town, the town of the AI enemy" in _said(events)
    state = mutate(state)
    state.field(town).flag = AI_SEAT  # the AI takes it back later in the round: still met
    state, events = _finish_round(state)
    assert state.winners == [0] and state.end_reason == "cooperative_victory"
    assert state.round == 1  # ended at the end of round 1, no round 2
    end = [e for e in events if e.kind == victory.END_KIND]
    assert len(end) == 1 and "wins together against the AI enemy (Necropolis)" in _said(end)
    result = CLASH.result(state)
    assert result is not None and result.winners == [0]


def test_h3_3_2_4_an_eliminated_seat_wins_with_the_table() -> None:
    # H3-3.2.4: all players share one goal; an eliminated partner wins too, as the team does.
    state = _to_main(coop_game(players=2))
    state = mutate(state)
    events = eliminate(state, 1, "H3-5.3.2")
    assert state.winners is None  # the Alliance's "last team standing" must not fire: one seat plays on
    assert [e.kind for e in events] == ["h3_eliminated"]
    assert state.ai_town is not None
    state.field(state.ai_town).flag = 0
    state, _ = act(state, 0, {"type": "end_turn"})
    assert state.met == [0, 1]
    state, _ = _finish_round(state)
    assert state.winners == [0, 1]


def test_house_round_limit_passes_the_necropolis_wins_and_no_seat_does() -> None:
    # "round_limit_passes" (house): the last round ends without a victory -> the AI enemy wins.
    state = mutate(_to_main(coop_game(players=1)))
    state.round = state.round_limit
    assert rounds.limit_winners(state) == []  # no "most towns held" against an AI enemy
    state, events = _finish_round(state)
    assert state.winners == [] and state.end_reason == "cooperative_round_limit"
    end = [e for e in events if e.kind == victory.END_KIND]
    assert len(end) == 1 and end[0].audience is None
    said = _said(end)
    assert "The AI enemy (Necropolis) wins and the table (seat 1) loses" in said and "round 12" in said
    result = CLASH.result(state)
    assert result is not None and result.winners == []


def test_house_a_loss_is_told_as_the_ai_enemys_win_not_as_nobody() -> None:
    # The bot's result line of a game no seat won reads the end event (cogs/lang.py END_KINDS).
    from cogs import lang
    from cogs.text import format_result

    state = mutate(_to_main(coop_game(players=1)))
    state.round = state.round_limit
    state, events = _finish_round(state)
    result = CLASH.result(state)
    assert result is not None
    reason = lang.result_reason(events)
    line = format_result(result, {0: "Ann"}, seed=None, seed_hash=None, reason=reason, names=h3_names())
    assert "nobody" not in line and "AI enemy (Necropolis) wins" in line, line


def test_h3_5_2_a_victory_in_the_last_round_beats_the_round_limit() -> None:
    # House: the table met its goal in time, so the round limit passing at that round's end is no loss.
    state = mutate(_to_main(coop_game(players=1)))
    state.round = state.round_limit
    assert state.ai_town is not None
    state.field(state.ai_town).flag = 0
    state, _ = act(state, 0, {"type": "end_turn"})
    state, _ = _finish_round(state)
    assert state.winners == [0] and state.end_reason == "cooperative_victory"


def test_h3_5_3_every_seat_eliminated_the_ai_wins_at_once() -> None:
    # H3-5.3 "standard_elimination": with no seat left the AI enemy wins at once, not at the round's end.
    state = mutate(_to_main(coop_game(players=2)))
    eliminate(state, 0, "H3-5.3.2")
    assert state.winners is None
    events = eliminate(state, 1, "H3-5.3.1")
    assert state.winners == [] and state.end_reason == "cooperative_eliminated"
    assert "every player is eliminated (H3-5.3)" in _said(events)
    assert CLASH.prompts(state) == []  # over: nobody is asked anything


def test_h3_5_3_a_solo_player_eliminated_loses_at_once() -> None:
    state = mutate(_to_main(coop_game(players=1)))
    events = eliminate(state, 0, "H3-5.3.2")
    assert state.winners == [] and [e.kind for e in events] == ["h3_eliminated", victory.END_KIND]


def test_house_ai_holds_a_town_loses_at_the_round_end(monkeypatch: pytest.MonkeyPatch) -> None:
    # "ai_holds_a_town" (declared, house): the AI's flag on any player's town ends the game at round end.
    state = mutate(_to_main(coop_game(players=1)))
    held = (*clash_content().scenarios[state.scenario].defeat, Condition(kind="ai_holds_a_town", house=True))
    _with_conditions(monkeypatch, state, defeat=held)
    town = next(t.centre for t in state.tiles if t.kind == "starting" and t.centre != state.ai_town)
    state.field(town).flag = AI_SEAT
    state, events = _finish_round(state)
    assert state.winners == [] and state.end_reason == "cooperative_ai_holds_a_town"
    assert "the AI enemy holds Castle Town of seat 1" in _said(events)


def test_house_ai_holds_a_town_not_declared_is_no_loss() -> None:
    # The two house scenarios do not declare it: an AI flag on the player's town ends nothing by itself.
    state = mutate(_to_main(coop_game(players=1)))
    town = next(t.centre for t in state.tiles if t.kind == "starting" and t.centre != state.ai_town)
    state.field(town).flag = AI_SEAT
    state, _ = _finish_round(state)
    assert state.winners is None and state.round == 2


def test_h3_5_1_defeat_ai_heroes_wins_when_every_ai_hero_is_defeated(monkeypatch: pytest.MonkeyPatch) -> None:
    # "defeat_ai_heroes" (declared): every AI hero defeated -> recorded, the table wins at the round end.
    state = mutate(_to_main(coop_game(players=1)))
    _with_conditions(monkeypatch, state, victory=(Condition(kind="defeat_ai_heroes", house=True),))
    ai_hero(state, "tamika").defeated = True
    assert not rounds.met_victory(state, 0)
    ai_hero(state, "sandro").defeated = True
    assert rounds.met_victory(state, 0)
    state, events = act(state, 0, {"type": "end_turn"})
    assert state.met == [0] and "Every hero of the AI enemy is defeated" in _said(events)
    state, _ = _finish_round(state)
    assert state.winners == [0]


def test_h3_5_6_no_cube_victory_with_no_enemy_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    # H3-5.6 with no enemy seat: all([]) must not make a Cooperative table win.
    state = mutate(_to_main(coop_game(players=2)))
    _with_conditions(monkeypatch, state, victory=(Condition(kind="faction_cubes"), Condition(kind="capture_ai_town")))
    assert not rounds.met_victory(state, 0) and rounds.check_victory(state) == []
