"""The kernel flow engine: queue order, automatic steps, stops, the settle guard, response windows."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import Field

from engine.core import Event, GameState, Prompt, Rng, RuleViolation
from engine.core.flow import Flow, Step, need


class Toy(GameState):
    steps: list[Step] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)
    over: bool = False
    next_key: int = 1
    rounds: int = 0


def new_key(state: Toy, kind: str) -> str:
    state.next_key += 1
    return f"{kind}-{state.next_key}"


FLOW: Flow[Toy, Step] = Flow("toy", Step, new_key, lambda s: s.over)


@FLOW.auto("note")
def _note(state: Toy, st: Step) -> list[Event]:
    state.log.append(str(st.data["text"]))
    return [Event.to_all("note", str(st.data["text"]))]


@FLOW.auto("interrupt")
def _interrupt(state: Toy, st: Step) -> list[Event]:
    """An automatic step that pushes two more in front of whatever was queued."""
    FLOW.push(state, FLOW.new(state, "note", text="first"), FLOW.new(state, "note", text="second"))
    return []


@FLOW.auto("loop")
def _loop(state: Toy, st: Step) -> list[Event]:
    FLOW.push(state, FLOW.new(state, "loop"))
    return []


@FLOW.auto("win")
def _win(state: Toy, st: Step) -> list[Event]:
    state.over = True
    return [Event.to_all("over", "The game is over.")]


@FLOW.auto("gm")
def _gm(state: Toy, st: Step) -> list[Event]:
    return [state.gm.hand_over("TOY-1", "An effect the engine cannot resolve.")]


@FLOW.decision("ask", "answer")
def _ask(state: Toy, st: Step) -> list[Prompt]:
    return [Prompt(seat=int(st.seat or 0), key=st.key, rule="TOY-2", question="Answer?")]


@FLOW.window("react", "respond", "pass")
def _react(state: Toy, st: Step, seat: int) -> Prompt:
    return Prompt(seat=seat, key=st.key, rule="TOY-3", question="Respond or pass?")


@FLOW.closes("react")
def _react_closed(state: Toy, st: Step) -> list[Event]:
    assert st.window is not None
    state.log.append(f"closed: responded {st.window.responded}")
    return [Event.to_all("closed", "The window closes.")]


def toy(*kinds: tuple[str, dict[str, Any]]) -> Toy:
    state = Toy(ruleset="toy", players=3, rng=Rng())
    FLOW.push(state, *(FLOW.new(state, kind, **data) for kind, data in kinds))
    return state


def test_push_puts_steps_in_front_in_the_order_given() -> None:
    state = toy(("note", {"text": "c"}))
    FLOW.push(state, FLOW.new(state, "note", text="a"), FLOW.new(state, "note", text="b"))
    assert [s.data["text"] for s in state.steps] == ["a", "b", "c"]


def test_push_after_current_keeps_the_front_step_first() -> None:
    state = toy(("ask", {}), ("note", {"text": "z"}))
    FLOW.push_after_current(state, FLOW.new(state, "note", text="y"))
    assert [s.kind for s in state.steps] == ["ask", "note", "note"]
    assert state.steps[1].data["text"] == "y"


def test_done_removes_a_step_wherever_it_is_and_pop_takes_the_front() -> None:
    state = toy(("ask", {}), ("note", {"text": "a"}), ("note", {"text": "b"}))
    FLOW.done(state, state.steps[1])
    assert [s.data.get("text") for s in state.steps] == [None, "b"]
    assert FLOW.pop(state).kind == "ask" and FLOW.current(state) is not None


def test_keys_are_unique_per_game() -> None:
    state = toy(("note", {"text": "a"}), ("note", {"text": "b"}))
    assert len({s.key for s in state.steps}) == 2


def test_automatic_steps_run_in_queue_order_and_an_interruption_goes_first() -> None:
    state = toy(("note", {"text": "zero"}), ("interrupt", {}), ("note", {"text": "last"}), ("ask", {"seat": 1}))
    events = FLOW.advance(state)
    assert state.log == ["zero", "first", "second", "last"]
    assert [e.kind for e in events] == ["note", "note", "note", "note"]


def test_advance_stops_at_a_decision_and_asks_for_it() -> None:
    state = toy(("note", {"text": "a"}), ("ask", {}), ("note", {"text": "after"}))
    state.steps[1].seat = 2
    FLOW.advance(state)
    front = FLOW.current(state)
    assert front is not None and front.kind == "ask" and state.log == ["a"]
    prompts = FLOW.prompts(state)
    assert [p.seat for p in prompts] == [2] and FLOW.accepts["ask"] == ("answer",)
    assert FLOW.may_act(front, 2) and not FLOW.may_act(front, 0)


def test_advance_stops_while_a_gm_task_is_open() -> None:
    state = toy(("gm", {}), ("note", {"text": "later"}))
    FLOW.advance(state)
    assert len(state.gm.tasks) == 1
    assert state.log == [] and [s.kind for s in state.steps] == ["note"]
    state.gm.tasks.clear()  # the GM resolves it: play continues from where it stopped
    FLOW.advance(state)
    assert state.log == ["later"]


def test_the_end_of_the_game_clears_the_queue() -> None:
    state = toy(("win", {}), ("note", {"text": "never"}), ("ask", {}))
    events = FLOW.advance(state)
    assert state.over and state.steps == [] and state.log == []
    assert [e.kind for e in events] == ["over"] and FLOW.prompts(state) == []


def test_checks_run_before_the_first_and_after_every_automatic_step() -> None:
    state = toy(("note", {"text": "a"}), ("note", {"text": "b"}), ("ask", {}))
    seen: list[int] = []

    def check(s: Toy) -> list[Event]:
        seen.append(len(s.log))
        return []

    FLOW.advance(state, check=check)
    assert seen == [0, 1, 2]


def test_an_empty_queue_is_refilled_or_ends_the_advance() -> None:
    state = toy()
    assert FLOW.advance(state) == []

    def next_round(s: Toy) -> list[Event]:
        s.rounds += 1
        FLOW.push(s, FLOW.new(s, "note", text=f"round {s.rounds}"), FLOW.new(s, "ask"))
        return []

    FLOW.advance(state, on_empty=next_round)
    assert state.log == ["round 1"] and state.rounds == 1


def test_the_settle_guard_turns_an_endless_flow_into_an_error() -> None:
    state = toy(("loop", {}))
    with pytest.raises(RuntimeError, match="did not settle"):
        FLOW.advance(state)


def test_an_unknown_step_kind_is_a_flow_bug() -> None:
    state = toy(("nobody-registered-this", {}))
    with pytest.raises(RuntimeError, match="unknown step kind"):
        FLOW.advance(state)


def test_a_kind_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError):
        FLOW.auto("note")(_note)


def test_need_raises_a_rule_violation() -> None:
    need(True, "TOY-9", "fine")
    with pytest.raises(RuleViolation) as info:
        need(False, "TOY-9", "No.")
    assert info.value.rule == "TOY-9"


# ---- response windows ---------------------------------------------------------------------------


def open_react(state: Toy, seats: list[int], *, together: bool = False) -> Step:
    st = FLOW.new(state, "react")
    events = FLOW.open_window(state, st, seats, together=together, key="react-k", rule="TOY-3")
    assert events == []
    return st


def test_an_ordered_window_asks_one_seat_at_a_time_in_order() -> None:
    state = toy(("note", {"text": "after the window"}))
    st = open_react(state, [2, 0, 1])
    assert [p.seat for p in FLOW.prompts(state)] == [2]
    with pytest.raises(RuleViolation) as info:
        FLOW.answer_window(state, st, 0, {"type": "respond"}, responds=True)
    assert info.value.rule == "CORE-1"
    assert FLOW.answer_window(state, st, 2, {"type": "pass"}, responds=False) == []
    assert [p.seat for p in FLOW.prompts(state)] == [0]
    assert FLOW.may_act(st, 0) and not FLOW.may_act(st, 1)
    FLOW.answer_window(state, st, 0, {"type": "respond"}, responds=True)
    events = FLOW.answer_window(state, st, 1, {"type": "pass"}, responds=False)
    assert [e.kind for e in events] == ["closed"] and state.log == ["closed: responded [0]"]
    assert [s.kind for s in state.steps] == ["note"]  # the window left the queue; play goes on


def test_a_response_that_is_not_final_keeps_the_seat_asked() -> None:
    state = toy()
    st = open_react(state, [1, 2])
    FLOW.answer_window(state, st, 1, {"type": "respond", "card": "a"}, responds=True, final=False)
    assert [p.seat for p in FLOW.prompts(state)] == [1]  # may play another card
    FLOW.answer_window(state, st, 1, {"type": "pass"}, responds=False)
    assert [p.seat for p in FLOW.prompts(state)] == [2]
    assert st.window is not None and st.window.responded == []  # the last word was a pass


def test_a_together_window_asks_everyone_and_answers_may_change_until_it_closes() -> None:
    state = toy()
    st = open_react(state, [0, 1, 2], together=True)
    assert [(p.seat, p.waiting) for p in FLOW.prompts(state)] == [(0, True), (1, True), (2, True)]
    FLOW.answer_window(state, st, 1, {"play": True}, responds=True)
    assert [(p.seat, p.waiting) for p in FLOW.prompts(state)] == [(0, True), (1, False), (2, True)]
    FLOW.answer_window(state, st, 1, {"play": False}, responds=False)  # changed its mind
    assert st.window is not None and st.window.public() == {
        "key": "react-k",
        "rule": "TOY-3",
        "seats": [0, 1, 2],
        "locked": [1],
    }
    assert st.window.private(1)["my_answer"] == {"play": False}
    FLOW.answer_window(state, st, 2, {"play": True}, responds=True)
    events = FLOW.answer_window(state, st, 0, {"play": False}, responds=False)
    assert [e.kind for e in events] == ["closed"] and state.log == ["closed: responded [2]"]
    with pytest.raises(RuleViolation) as info:
        FLOW.answer_window(state, st, 0, {"play": True}, responds=True)
    assert info.value.rule == "CORE-6"


def test_a_window_with_nobody_to_ask_closes_at_once() -> None:
    state = toy()
    st = FLOW.new(state, "react")
    events = FLOW.open_window(state, st, [])
    assert [e.kind for e in events] == ["closed"] and state.steps == []


def test_a_window_left_with_nobody_is_closed_by_advance() -> None:
    state = toy(("note", {"text": "then this"}))
    st = open_react(state, [1])
    assert st.window is not None
    st.window.drop(1)  # the only asked seat left the game
    events = FLOW.advance(state)
    assert [e.kind for e in events] == ["closed", "note"] and state.log == ["closed: responded []", "then this"]


def test_steps_survive_a_json_round_trip() -> None:
    state = toy(("note", {"text": "a"}))
    open_react(state, [0, 1], together=True)
    FLOW.answer_window(state, state.steps[0], 1, {"play": True}, responds=True)
    again = Toy.model_validate_json(state.model_dump_json())
    assert again == state
