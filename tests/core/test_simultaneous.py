"""The kernel's secret simultaneous choice: hidden, changeable, resolved by the last lock-in."""

import pytest

from engine.core import Option, RuleViolation, SecretChoice


def make() -> SecretChoice:
    return SecretChoice(key="orders-y1-spring", rule="RW-7.2", seats=[0, 1, 2])


def test_answers_stay_secret_in_the_public_projection() -> None:
    choice = make()
    choice.submit(0, {"card": "Conquer"})
    public = choice.public()
    assert public["locked"] == [0]
    assert "Conquer" not in str(public)
    assert choice.private(0)["my_answer"] == {"card": "Conquer"}
    assert choice.private(1)["my_answer"] is None


def test_answer_may_change_until_everyone_has_locked_in() -> None:
    choice = make()
    choice.submit(0, {"card": "Harvest"})
    choice.submit(0, {"card": "Recruit"})
    assert choice.answer(0) == {"card": "Recruit"}
    choice.unlock(0)
    assert choice.pending() == [0, 1, 2]


def test_last_lock_in_completes_and_then_nothing_changes() -> None:
    choice = make()
    for seat in (0, 1):
        choice.submit(seat, {"card": "x"})
    assert not choice.complete
    choice.submit(2, {"card": "y"})
    assert choice.complete
    with pytest.raises(RuleViolation) as info:
        choice.submit(0, {"card": "z"})
    assert info.value.rule == "CORE-6"


def test_an_unlocked_answer_does_not_complete() -> None:
    choice = make()
    for seat in (0, 1, 2):
        choice.submit(seat, {"card": "x"}, lock=seat != 2)
    assert not choice.complete and choice.pending() == [2]


def test_outsiders_are_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        make().submit(5, {"card": "x"})
    assert info.value.rule == "CORE-1"


def test_prompts_are_secret_simultaneous_and_not_waiting_once_locked() -> None:
    choice = make()
    choice.submit(1, {"card": "x"})
    prompts = choice.prompts("Pick", lambda seat: [Option(label="x", action={"type": "pick"})])
    assert [p.seat for p in prompts] == [0, 1, 2]
    assert all(p.secret and p.simultaneous for p in prompts)
    assert [p.waiting for p in prompts] == [True, False, True]
