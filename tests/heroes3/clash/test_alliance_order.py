"""H3-7.8's recommended reading: a team's members agree on its order for the round.

"At the start of a team's first turn in a round, that team chooses which of its members plays first and
which plays last in this round (Rec.: members must agree; fallback: the team member seated first
clockwise decides)." The table option ``team_order`` is ``agree`` by default (every living member is
asked at once, in secret; the same order from all is played, otherwise the member seated first clockwise
decides) or ``captain`` (that member decides alone, as tests/heroes3/clash/test_alliance.py plays it).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import Event, RuleViolation
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import OPTION_LABELS, OPTION_NAMES, OPTION_VALUES, ClashState
from i18n import EN, ZH_HANS, ZH_HANT, render

from .helpers import act, front, mutate, new_game
from .test_alliance import FACTIONS

PICK = "team_order_pick"


def _alliance(starting: int = 0, **options: Any) -> ClashState:
    return new_game(4, seed=1, mode="alliance", factions=FACTIONS, starting_player=starting, **options)


def _order_prompts(state: ClashState) -> dict[int, Any]:
    """The team-order prompts at the front, by seat."""
    return {p.seat: p for p in CLASH.prompts(state) if p.rule == "H3-7.8"}


def _said(events: list[Event], kind: str) -> list[str]:
    return [render(e.msg, EN, h3_names()) for e in events if e.kind == kind and e.msg is not None]


def _turns(state: ClashState, n: int, picks: dict[int, str]) -> tuple[ClashState, list[int]]:
    """Play ``n`` empty turns, every team-order question answered by each member with ``picks[seat]``;
    returns the state and the seats whose turns were played, in order."""
    played: list[int] = []
    for _ in range(400):
        st = front(state)
        if len(played) == n and st.kind != "last_call_w":
            return state, played
        prompts = CLASH.prompts(state)
        if st.kind == "team_agree":
            seat = next(p.seat for p in prompts if p.waiting)
            state, _ = act(state, seat, {"type": PICK, "pick": picks[seat]})
        elif st.kind == "hand":
            state, _ = act(state, prompts[0].seat, {"type": "draw", "n": 0})
        elif st.kind == "main":
            played.append(prompts[0].seat)
            state, _ = act(state, prompts[0].seat, {"type": "end_turn"})
        elif st.kind == "last_call_w":
            state, _ = act(state, prompts[0].seat, {"type": "town_pass"})
        else:
            state, _ = act(state, prompts[0].seat, dict(prompts[0].options[0].action))
    raise AssertionError("the turns did not come")


# ---- agree (the default) -------------------------------------------------------------------------------
def test_agree_is_the_default_and_asks_every_member_at_once_in_secret() -> None:
    # H3-7.8 (Rec.): both members of the starting team are asked the same question at the same time
    state = _alliance()
    assert state.team_order == "agree" and front(state).kind == "team_agree"
    asked = _order_prompts(state)
    assert set(asked) == {0, 2}
    for p in asked.values():
        assert p.simultaneous and p.secret and p.waiting
        assert [o.action["pick"] for o in p.options] == ["0,2", "2,0"]
    assert render(asked[0].msg, EN, h3_names()) == render(asked[2].msg, EN, h3_names())
    assert "seat 1, seated first clockwise, decides" in render(asked[0].msg, EN, h3_names())
    assert not any(p.seat in (1, 3) for p in CLASH.prompts(state))  # the other team is not asked yet


def test_agree_the_same_order_is_played_and_announced() -> None:
    # H3-7.8: both chose "seat 3 first": the order is played, announced to everyone, with no fallback
    state = _alliance()
    state, first = act(state, 2, {"type": PICK, "pick": "2,0"})
    assert front(state).kind == "team_agree" and set(_order_prompts(state)) == {0, 2}
    assert not _order_prompts(state)[2].waiting and _order_prompts(state)[0].waiting  # locked in, may change
    assert _said(first, "h3_team_order_locked") == ["Seat 3 has chosen the team's order (1 of 2)."]
    state, events = act(state, 0, {"type": PICK, "pick": "2,0"})
    assert not [e for e in events if e.kind == "h3_team_order_disagreed"]
    announced = [e for e in events if e.kind == "h3_team_order"]
    assert len(announced) == 1 and announced[0].audience is None
    assert _said(events, "h3_team_order") == ["In this round seat 3 plays first and seat 1 plays last for their team."]
    assert state.team_choice is None
    state, played = _turns(state, 4, {1: "3,1", 3: "3,1"})
    assert played == [2, 3, 0, 1]


def test_agree_a_disagreement_leaves_the_order_to_the_member_seated_first_clockwise() -> None:
    # H3-7.8 fallback: seat 4 starts, so its team [3, 1] is asked first and seat 4 (seated first
    # clockwise, not the lowest seat number) decides when the members disagree
    state = _alliance(starting=3)
    assert set(_order_prompts(state)) == {1, 3}
    state, _ = act(state, 1, {"type": PICK, "pick": "1,3"})
    state, events = act(state, 3, {"type": PICK, "pick": "3,1"})
    assert _said(events, "h3_team_order_disagreed") == [
        "The members of the team chose different orders, so seat 4, seated first clockwise, decides (H3-7.8)."
    ]
    kinds = [e.kind for e in events]
    assert kinds.index("h3_team_order_disagreed") < kinds.index("h3_team_order")
    assert _said(events, "h3_team_order") == ["In this round seat 4 plays first and seat 2 plays last for their team."]
    state, played = _turns(state, 4, {0: "2,0", 2: "0,2"})  # the other team disagrees too: seat 1 decides
    assert played == [3, 2, 1, 0]


def test_agree_an_answer_may_change_until_all_have_locked_in() -> None:
    # the kernel's secret simultaneous choice: a locked answer may be changed or unlocked before the last lock-in
    state = _alliance()
    state, _ = act(state, 0, {"type": PICK, "pick": "0,2"})
    state, _ = act(state, 0, {"type": PICK, "pick": "2,0", "lock": False})
    assert state.team_choice is not None and state.team_choice.locked == []
    assert _order_prompts(state)[0].waiting
    state, _ = act(state, 0, {"type": PICK, "pick": "2,0"})
    state, events = act(state, 2, {"type": PICK, "pick": "2,0"})
    assert _said(events, "h3_team_order") == ["In this round seat 3 plays first and seat 1 plays last for their team."]


def test_agree_the_answers_stay_secret_until_all_have_locked_in() -> None:
    # H3-7.8 with the secrecy standard: who has locked in is public, what they chose is not, neither in the
    # public view nor in the other team's (nor in the teammate's) before the last lock-in
    state = _alliance()
    state, events = act(state, 2, {"type": PICK, "pick": "2,0"})
    for e in events:
        assert e.audience is None and "seat 1 plays last" not in json.dumps(e.model_dump(mode="json"))
    public = CLASH.view(state, None)["team_choice"]
    assert public == {"key": public["key"], "rule": "H3-7.8", "seats": [0, 2], "locked": [2]}
    for seat in (None, 1, 3):
        text = json.dumps(CLASH.view(state, seat))
        assert "my_answer" not in text and '"2,0"' not in text, seat
    assert CLASH.view(state, 0)["team_choice"]["my_answer"] is None  # the teammate sees only that seat 3 chose
    assert CLASH.view(state, 2)["team_choice"]["my_answer"] == {"pick": "2,0"}  # its own answer
    for p in CLASH.prompts(state):  # each prompt offers every order; none says what a member chose
        if p.rule == "H3-7.8":
            assert p.secret and p.default is None


def test_agree_only_the_teams_living_members_may_answer_and_only_offered_orders() -> None:
    state = _alliance()
    before = state.model_dump_json()
    for seat, pick in ((1, "0,2"), (3, "2,0"), (0, "1,3"), (0, "0")):
        with pytest.raises(RuleViolation):
            act(state, seat, {"type": PICK, "pick": pick})
        assert state.model_dump_json() == before
    with pytest.raises(RuleViolation):  # the captain's answer does not answer the agreement
        act(state, 0, {"type": "choose", "pick": "0,2"})
    assert state.model_dump_json() == before


def test_agree_a_team_with_one_living_member_is_not_asked() -> None:
    # H3-5.4 with H3-7.8: seat 3 is eliminated; next round its team mate plays without being asked
    state = _alliance()
    state, _ = act(state, 0, {"type": PICK, "pick": "0,2"})
    state, _ = act(state, 2, {"type": PICK, "pick": "0,2"})
    state = mutate(state)
    from engine.heroes3.clash import rounds

    rounds.eliminate(state, 2, "H3-5.3.2")
    state, played = _turns(state, 3, {1: "1,3", 3: "1,3"})
    assert played == [0, 1, 3] and state.round == 2
    state, played = _turns(state, 3, {1: "3,1", 3: "3,1"})
    assert played == [0, 3, 1]


def test_a_random_alliance_game_with_agreement_keeps_every_invariant() -> None:
    from engine import sim

    report = sim.run("heroes3", games=1, seed=7, players=4, options={"mode": "alliance"}, probe=1)
    assert report["finished"] == 1 and report["invariant_failures"] == 0, report


# ---- captain (today's behaviour, the rule's fallback alone) ------------------------------------------------
def test_captain_asks_only_the_member_seated_first_clockwise() -> None:
    # H3-7.8 fallback as the table's choice: one question, to seat 4 when seat 4 starts
    state = _alliance(starting=3, team_order="captain")
    st = front(state)
    assert st.kind == "ask" and st.data.get("what") == "team_order"
    prompts = CLASH.prompts(state)
    assert [p.seat for p in prompts] == [3] and not prompts[0].simultaneous
    before = state.model_dump_json()
    with pytest.raises(RuleViolation):  # nor does a secret pick answer the captain's question
        act(state, 3, {"type": PICK, "pick": "3,1"})
    assert state.model_dump_json() == before
    state, events = act(state, 3, {"type": "choose", "pick": "1,3"})
    assert _said(events, "h3_team_order") == ["In this round seat 2 plays first and seat 4 plays last for their team."]
    assert not [e for e in events if e.kind in ("h3_team_order_locked", "h3_team_order_disagreed")]


# ---- the lobby -------------------------------------------------------------------------------------------
def test_the_lobby_names_the_team_order_option_in_every_language() -> None:
    # H3-7.8: the option's name, its explanation and both values, in en / zh_Hans / zh_Hant
    name, label = OPTION_NAMES["team_order"](), OPTION_LABELS["team_order"]()
    agree, captain = OPTION_VALUES["team_order"]["agree"](), OPTION_VALUES["team_order"]["captain"]()
    assert render(name, EN) == "team order" and "H3-7.8" in render(label, EN)
    assert render(agree, EN) == "the members agree"
    assert render(captain, EN) == "the member seated first clockwise decides"
    hans = [render(x, ZH_HANS) for x in (name, label, agree, captain)]
    hant = [render(x, ZH_HANT) for x in (name, label, agree, captain)]
    for zh in (hans, hant):
        assert all(z != render(x, EN) for z, x in zip(zh, (name, label, agree, captain), strict=True)), zh
        assert "队伍" in zh[0] or "隊伍" in zh[0], zh
    assert hans != hant  # zh_Hant is its own text, not the simplified one
    with pytest.raises(RuleViolation) as refused:  # an unknown value is refused in words naming both
        _alliance(team_order="vote")
    assert "'agree' or 'captain'" in str(refused.value)
