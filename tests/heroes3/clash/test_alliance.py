"""Heroes III Alliance mode (H3-3.2.3): a 4-player table in two teams of two on the house scenario
Four Winds Alliance, the teams alternating turns in an order each team chooses (H3-7.8), and a team
winning or losing together (H3-5.5, H3-5.6 and the round limit, made team-wide by the scenario)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3 import names as h3_names
from engine.heroes3.clash import rounds
from engine.heroes3.clash.briefing import scenario_lines
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import OPTION_LABELS, OPTION_VALUES, ClashState
from engine.heroes3.content.clash import clash_content
from i18n import EN, ZH_HANS, ZH_HANT, render

from .helpers import act, bobs_settlement, front, mutate, new_game

FACTIONS = ["castle", "necropolis", "dungeon", "tower"]


def _alliance(starting: int = 0, seed: int = 1) -> ClashState:
    # H3-7.8: these tests play the fallback alone (the member seated first clockwise decides); the
    # recommended agreement is tested in test_alliance_order.py
    return new_game(4, seed=seed, mode="alliance", factions=FACTIONS, starting_player=starting, team_order="captain")


def _say(msgs: list[Any], locale: str) -> str:
    return "\n".join(render(x, locale, h3_names()) for x in msgs)


def _ask(state: ClashState) -> tuple[int, list[str]]:
    """The team-order question at the front: who is asked, and the picks offered."""
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "team_order", st
    prompt = CLASH.prompts(state)[0]
    assert prompt.rule == "H3-7.8"
    return prompt.seat, [str(o.action["pick"]) for o in prompt.options]


def _play(state: ClashState, picks: dict[int, str], turns: int) -> tuple[ClashState, list[int], list[int]]:
    """Play ``turns`` empty turns (draw nothing, end the turn), answering each team-order question
    with ``picks[asked seat]``; returns the state, the seats whose turns were played in order and the
    seats asked for their team's order in order."""
    played: list[int] = []
    asked: list[int] = []
    for _ in range(400):
        if state.winners is not None:
            return state, played, asked
        st = front(state)
        if len(played) == turns and st.kind != "last_call_w":  # the round ends after its last call
            return state, played, asked
        prompt = CLASH.prompts(state)[0]
        if st.kind == "ask" and st.data.get("what") == "team_order":
            asked.append(prompt.seat)
            state, _ = act(state, prompt.seat, {"type": "choose", "pick": picks[prompt.seat]})
        elif st.kind == "hand":
            state, _ = act(state, prompt.seat, {"type": "draw", "n": 0})
        elif st.kind == "main":
            played.append(prompt.seat)
            state, _ = act(state, prompt.seat, {"type": "end_turn"})
        elif st.kind == "last_call_w":
            state, _ = act(state, prompt.seat, {"type": "town_pass"})
        else:
            state, _ = act(state, prompt.seat, dict(prompt.options[0].action))
    raise AssertionError("the turns did not come")


# ---- setup (H3-3.2.3) -------------------------------------------------------------------------------------
def test_alliance_mode_plays_the_house_alliance_scenario_with_alternating_teams() -> None:
    # H3-3.2.3: 2 vs 2; the house scenario seats the teams alternately around the table
    state = _alliance()
    sc = clash_content().scenarios["alliance_four_winds"]
    assert state.mode == "alliance" and state.scenario == "alliance_four_winds"
    assert sc.type == "alliance" and sc.house and "House" in sc.text
    assert state.teams == [[0, 2], [1, 3]]
    assert CLASH.view(state, None)["teams"] == [[0, 2], [1, 3]]  # public
    clash = new_game(4, factions=FACTIONS)
    assert clash.teams == [] and CLASH.view(clash, None)["teams"] == []  # H3-3.2.1: no teams in a Clash
    assert not any(st.kind.startswith("team_") for st in clash.steps)


@pytest.mark.parametrize("players", [2, 3])
def test_alliance_mode_refuses_a_table_of_other_than_four(players: int) -> None:
    # H3-3.2.3: the engine plays the usual 2 vs 2 only; the refusal says so in the reader's language
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({"players": players, "mode": "alliance"}, 1)
    assert refused.value.rule == "H3-3.2.3"
    msg = refused.value.msg
    assert msg is not None
    assert "4 players" in render(msg, EN, h3_names()) and "同盟" in render(msg, ZH_HANS, h3_names())


def test_an_alliance_scenario_only_in_alliance_mode_and_the_reverse() -> None:
    # H3-3.2: the scenario's type and the table's mode must match, as for Tournament
    with pytest.raises(RuleViolation):
        CLASH.setup({"players": 4, "scenario": "alliance_four_winds"}, 1)
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({"players": 4, "mode": "alliance", "scenario": "clash_four_winds"}, 1)
    msg = refused.value.msg
    assert msg is not None and "四方之风" in render(msg, ZH_HANS, h3_names())


# ---- turn order (H3-7.8) ----------------------------------------------------------------------------------
def test_the_starting_team_chooses_first_and_the_chosen_order_is_played() -> None:
    # H3-7.8: the starting player's team plays first; the member seated first clockwise (Rec. fallback)
    # chooses who plays first and last; the options name both members
    state = _alliance(starting=0)
    seat, picks = _ask(state)
    assert seat == 0 and sorted(picks) == ["0,2", "2,0"]
    labels = [render(o.msg, EN, h3_names()) for o in CLASH.prompts(state)[0].options if o.msg is not None]
    assert labels == ["Seat 1 first, seat 3 last", "Seat 3 first, seat 1 last"]
    state, played, asked = _play(state, {0: "2,0", 1: "3,1"}, 4)
    # teams alternate: X's first, Y's first, X's last, Y's last
    assert played == [2, 3, 0, 1] and asked == [0, 1]


def test_the_other_team_chooses_only_after_the_first_team_member_played() -> None:
    # H3-7.8: "at the start of a team's first turn in a round": team Y decides after X's first turn
    state = _alliance(starting=0)
    state, _ = act(state, 0, {"type": "choose", "pick": "0,2"})
    assert front(state).kind == "hand" and front(state).seat == 0  # X's first member plays now
    assert not any(st.kind == "ask" and st.data.get("what") == "team_order" for st in state.steps)
    state, played, _ = _play(state, {}, 1)
    assert played == [0]
    seat, picks = _ask(state)
    assert seat == 1 and sorted(picks) == ["1,3", "3,1"]


def test_with_another_starting_player_that_team_goes_first_and_decides_clockwise_from_it() -> None:
    # H3-7.1 / H3-7.8: seat 2 starts: team [0, 2] first, asked to seat 2; team [1, 3] is asked at
    # seat 3, its member seated first clockwise from the starting player
    state = _alliance(starting=2)
    assert _ask(state)[0] == 2
    state, played, asked = _play(state, {2: "2,0", 3: "1,3"}, 4)
    assert played == [2, 1, 0, 3] and asked == [2, 3]


def test_the_order_is_chosen_again_each_round() -> None:
    # H3-7.8: "in this round": the next round asks again
    state, played, asked = _play(_alliance(), {0: "0,2", 1: "1,3"}, 4)
    assert state.round == 2 and asked == [0, 1]
    state, played, asked = _play(state, {0: "2,0", 1: "3,1"}, 4)
    assert played == [2, 3, 0, 1] and asked == [0, 1]


def test_an_unoffered_order_is_refused_and_changes_nothing() -> None:
    state = _alliance()
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as refused:
        act(state, 0, {"type": "choose", "pick": "1,3"})
    assert refused.value.rule == "H3-7.8" and state.model_dump_json() == before


def test_an_eliminated_member_is_skipped_and_a_lone_member_just_plays() -> None:
    # H3-5.4 with H3-7.8: seat 2 is eliminated in seat 0's turn: its later turn is skipped; next round
    # team [0, 2] is not asked (one member left) and seat 0 plays at its team's place
    state = _alliance()
    state, _ = act(state, 0, {"type": "choose", "pick": "0,2"})
    state = mutate(state)
    rounds.eliminate(state, 2, "H3-5.3.2")
    assert state.winners is None
    state, played, asked = _play(state, {1: "3,1"}, 3)
    assert played == [0, 3, 1] and asked == [1] and state.round == 2
    state, played, asked = _play(state, {1: "1,3"}, 3)
    assert played == [0, 1, 3] and asked == [1]


# ---- victory (H3-5.5, H3-5.6, round limit; team-wide in this scenario) -------------------------------------
def test_both_enemies_eliminated_the_whole_team_wins_at_once() -> None:
    # H3-5.5 for teams: seat 2 is out too, yet its team wins with seat 0
    state = mutate(_alliance())
    rounds.eliminate(state, 2, "H3-5.3.2")
    rounds.eliminate(state, 1, "H3-5.3.2")
    assert state.winners is None  # seat 3 is still in
    events = rounds.eliminate(state, 3, "H3-5.3.2")
    assert state.winners == [0, 2] and state.end_reason == "team_last_standing"
    over = [e for e in events if e.kind == "h3_game_over"]
    assert over and over[0].msg is not None
    assert render(over[0].msg, EN, h3_names()) == "The game is over. The team of seat 1, seat 3 wins."
    result = CLASH.result(state)
    assert result is not None and result.winners == [0, 2]


def test_a_faction_cube_of_each_enemy_held_by_the_team_together_wins_at_the_end_of_the_round() -> None:
    # H3-5.6 for teams: each member holds the cube of a different enemy, so together they hold both
    state = mutate(_alliance())
    state.player(0).cubes = {1: 1}
    state.player(2).cubes = {3: 1}
    assert rounds.met_victory(state, 0) and rounds.met_victory(state, 2)
    assert not rounds.met_victory(state, 1)
    events = rounds.check_victory(state)
    assert state.met == [0, 2] and len(events) == 1 and state.winners is None  # H3-5.2: at round end
    state, _, _ = _play(state, {0: "0,2", 1: "1,3"}, 4)
    assert state.winners == [0, 2] and state.end_reason == "team_victory"


def test_in_a_clash_the_cubes_still_count_per_player() -> None:
    # H3-5.6 in a Clash: unchanged, each player alone
    state = mutate(new_game(4, factions=FACTIONS))
    state.player(0).cubes = {1: 1, 3: 1}
    state.player(2).cubes = {3: 1}
    assert not rounds.met_victory(state, 0)
    state.player(0).cubes[2] = 1
    assert rounds.met_victory(state, 0)


def test_at_the_round_limit_the_team_holding_most_towns_and_settlements_wins() -> None:
    # scenario rule (house): towns and settlements counted per team; ties share the win
    state = mutate(_alliance())
    assert rounds.limit_winners(state) == [0, 1, 2, 3]  # each holds its own town: 2 against 2
    bobs_settlement(state)  # seat 1 flags a settlement
    assert rounds.limit_winners(state) == [1, 3]


def test_a_random_alliance_game_finishes_with_every_invariant_holding() -> None:
    # H3-3.2.3 / H3-7.8: a whole seeded random 2 vs 2 game, checked after every action
    from engine import sim

    report = sim.run("heroes3", games=1, seed=5, players=4, options={"mode": "alliance"}, probe=1)
    assert report["finished"] == 1 and report["invariant_failures"] == 0, report


# ---- what the table is told (H3-3.1) and the lobby ---------------------------------------------------------
def test_the_briefing_names_the_teams_their_turn_order_and_the_team_goals() -> None:
    lines = scenario_lines("alliance_four_winds")
    en, zh = _say(lines, EN), _say(lines, ZH_HANS)
    assert "Team 1: seat 1, seat 3." in en and "Team 2: seat 2, seat 4." in en
    assert "H3-7.8" in en and "alternately" in en
    assert "every seat of the enemy team is eliminated" in en
    assert "team holding most towns and settlements together" in en
    assert "同盟" in zh and "队伍" in zh and "Team" not in zh
    events = CLASH.opening_events(_alliance())
    assert [e.msg for e in events[1:]] == lines  # the same words as the /h3 scenario lookup


def test_the_lobby_offers_alliance_mode_in_every_language() -> None:
    # H3-3.2.3: the mode option's value and its explanation, in en / zh_Hans / zh_Hant
    value = OPTION_VALUES["mode"]["alliance"]()
    label = OPTION_LABELS["mode"]()
    assert "Alliance" in render(value, EN) and "H3-3.2.3" in render(label, EN)
    for locale in (ZH_HANS, ZH_HANT):
        assert "同盟" in render(value, locale) and "同盟" in render(label, locale)
    scenario = OPTION_VALUES["scenario"]["alliance_four_winds"]()
    assert render(scenario, ZH_HANS) != render(scenario, EN)


def _kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_the_chosen_order_is_announced_to_everyone() -> None:
    # H3-7.8: the team's choice is public
    state = _alliance()
    state, events = act(state, 0, {"type": "choose", "pick": "2,0"})
    said = [e for e in events if e.kind == "h3_team_order"]
    assert said and said[0].audience is None and said[0].msg is not None
    assert (
        render(said[0].msg, EN, h3_names()) == "In this round seat 3 plays first and seat 1 plays last for their team."
    )
    assert "h3_turn" in _kinds(events)
