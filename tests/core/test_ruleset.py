"""The Ruleset base contract, exercised through the test-only High Card ruleset."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.core import GM_SEAT, Event, RuleViolation
from tests.support.highcard import HIGHCARD, HighCardState


def fresh(players: int = 3, seed: int = 11) -> HighCardState:
    return HIGHCARD.setup({"players": players}, seed)


def test_registry_knows_the_test_ruleset() -> None:
    assert engine.ruleset("highcard") is HIGHCARD
    assert "highcard" in engine.rulesets()
    with pytest.raises(KeyError):
        engine.ruleset("no-such-game")


def test_setup_is_deterministic_per_seed() -> None:
    assert fresh(seed=5).model_dump_json() == fresh(seed=5).model_dump_json()
    assert fresh(seed=5).model_dump_json() != fresh(seed=6).model_dump_json()


def test_player_count_outside_the_range_is_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.setup({"players": 9}, 1)
    assert info.value.rule == "CORE-2" and "2 to 4" in info.value.message


def test_unknown_options_are_refused() -> None:
    with pytest.raises(RuleViolation):
        HIGHCARD.setup({"players": 2, "colour": "mauve"}, 1)


def test_apply_never_mutates_its_input() -> None:
    state = fresh()
    before = state.model_dump_json()
    card = state.hands[0][0]
    new, events = HIGHCARD.apply(state, 0, {"type": "pick", "card": card})
    assert state.model_dump_json() == before
    assert new.step == state.step + 1 and events


def test_rejected_action_changes_nothing_and_names_the_rule() -> None:
    state = fresh()
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 0, {"type": "pick", "card": state.hands[1][0]})  # TEST-1
    assert info.value.rule == "TEST-1"
    assert "your own hand" in info.value.message
    assert state.model_dump_json() == before


def test_malformed_actions_are_core_2() -> None:
    state = fresh()
    for bad in ({}, {"type": "teleport"}, {"type": "pick"}, "pick"):
        with pytest.raises(RuleViolation) as info:
            HIGHCARD.apply(state, 0, bad)  # type: ignore[arg-type]  # deliberately malformed input
        assert info.value.rule in {"CORE-1", "CORE-2"}


def test_only_prompted_seats_may_act() -> None:
    state = fresh(players=2)
    for seat in (0, 1):
        state, _ = HIGHCARD.apply(state, seat, {"type": "pick", "card": state.hands[seat][0]})
    assert state.phase == "call" and state.caller == 0
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 1, {"type": "call", "call": "hold"})
    assert info.value.rule == "CORE-1" and "seat 1" in info.value.message


def test_the_turn_check_uses_the_prompts_the_caller_already_holds() -> None:
    # CORE-1: the store hands ``apply`` the prompts it built with the previous action.
    state = fresh(players=2)
    prompts = HIGHCARD.prompts(state)
    card = state.hands[1][0]
    new, _ = HIGHCARD.apply(state, 1, {"type": "pick", "card": card}, prompts=prompts)
    assert new.choice is not None and new.choice.answers[1] == {"card": card}
    with pytest.raises(RuleViolation) as info:  # a list that asks only seat 1 refuses seat 2
        HIGHCARD.apply(state, 1, {"type": "pick", "card": card}, prompts=[p for p in prompts if p.seat == 0])
    assert info.value.rule == "CORE-1" and "seat 1" in info.value.message


def test_simultaneous_reveal_happens_on_the_last_lock_in_only() -> None:
    state = fresh(players=3)
    batches = []
    for seat in range(3):
        state, events = HIGHCARD.apply(state, seat, {"type": "pick", "card": state.hands[seat][0]})
        batches.append(events)
    assert not any(e.kind == "reveal" or e.reveals for batch in batches[:2] for e in batch)
    reveal = next(e for e in batches[2] if e.kind == "reveal")
    assert reveal.public and reveal.reveals


def test_locked_seat_may_change_its_pick_before_the_others_lock() -> None:
    state = fresh(players=2)
    first, second = state.hands[0][0], state.hands[0][1]
    state, _ = HIGHCARD.apply(state, 0, {"type": "pick", "card": first})
    state, _ = HIGHCARD.apply(state, 0, {"type": "pick", "card": second})
    assert state.choice is not None and state.choice.answer(0) == {"card": second}


def test_public_view_hides_hands_and_picks() -> None:
    state = fresh(players=3)
    state, _ = HIGHCARD.apply(state, 0, {"type": "pick", "card": state.hands[0][0]})
    public = json.dumps(HIGHCARD.view(state, None))
    for values in HIGHCARD.secrets(state).values():
        for value in values:
            assert value not in public
    mine = HIGHCARD.view(state, 0)
    assert mine["hand"] == state.hands[0]


def test_private_events_are_addressed_to_their_seat() -> None:
    state = fresh(players=2)
    for seat in (0, 1):
        state, _ = HIGHCARD.apply(state, seat, {"type": "pick", "card": state.hands[seat][0]})
    state, events = HIGHCARD.apply(state, 0, {"type": "call", "call": "raise"})
    private = [e for e in events if not e.public]
    assert private and all(e.audience == [0] for e in private)
    drawn = private[0].data["card"]
    assert all(drawn not in e.text for e in events if e.public)
    assert any(e.reveals for e in events)


# ---- GM hand-over, patch and resolve (kernel rules CORE-4, CORE-5) ----------------


def test_gm_task_blocks_play_until_resolved() -> None:
    state = fresh(players=2)
    state.gm.hand_over("TEST-9", "An effect the engine cannot resolve.")
    prompts = HIGHCARD.prompts(state)
    assert [p.seat for p in prompts] == [GM_SEAT]
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 0, {"type": "pick", "card": state.hands[0][0]})
    assert info.value.rule == "CORE-1"
    resolved, events = HIGHCARD.apply(state, GM_SEAT, prompts[0].options[0].action)
    assert not resolved.gm.tasks and events[0].kind == "gm_resolved"
    assert {p.seat for p in HIGHCARD.prompts(resolved)} == {0, 1}


def test_gm_actions_are_refused_to_players() -> None:
    state = fresh()
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 0, {"type": "gm_patch", "patch": []})
    assert info.value.rule == "CORE-4"


def test_gm_patch_is_validated_against_the_state_model() -> None:
    state = fresh(players=2)
    new, events = HIGHCARD.apply(
        state,
        GM_SEAT,
        {"type": "gm_patch", "patch": [{"op": "replace", "path": "/scores/0", "value": 5}], "reason": "fix"},
    )
    assert new.scores[0] == 5 and state.scores[0] == 0
    assert "fix" in events[0].text and events[0].public
    for bad in (
        [{"op": "replace", "path": "/scores/0", "value": "lots"}],
        [{"op": "replace", "path": "/nowhere/9", "value": 1}],
        [{"op": "add", "path": "/surprise", "value": 1}],
    ):
        with pytest.raises(RuleViolation) as info:
            HIGHCARD.apply(state, GM_SEAT, {"type": "gm_patch", "patch": bad})
        assert info.value.rule == "CORE-5"


def test_gm_resolve_can_patch_and_announces_without_the_private_text() -> None:
    state = fresh(players=2)
    secret_card = state.hands[1][0]
    announce = state.gm.hand_over("TEST-9", f"Seat 2 played {secret_card}", public_text="Seat 2 played a card.")
    assert secret_card not in announce.text
    new, _ = HIGHCARD.apply(
        state,
        GM_SEAT,
        {
            "type": "gm_resolve",
            "task": 1,
            "note": "done",
            "patch": [{"op": "replace", "path": "/scores/1", "value": 1}],
        },
    )
    assert new.scores[1] == 1 and not new.gm.tasks
    with pytest.raises(RuleViolation):
        HIGHCARD.apply(state, GM_SEAT, {"type": "gm_resolve", "task": 99})


def test_game_over_refuses_further_actions() -> None:
    state = fresh(players=2)
    rng = random.Random(0)
    while HIGHCARD.result(state) is None:
        seat = next(p.seat for p in HIGHCARD.prompts(state) if p.waiting)
        state, _ = HIGHCARD.apply(state, seat, HIGHCARD.sample_action(state, seat, rng))
    assert HIGHCARD.prompts(state) == []
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 0, {"type": "call", "call": "hold"})
    assert info.value.rule == "CORE-3"


def test_after_gm_hook_runs_once_the_last_task_is_resolved() -> None:
    from tests.support.highcard import HighCard

    class Continuing(HighCard):
        def _after_gm(self, state: HighCardState) -> list[Event]:
            return [Event.to_all("resumed", "Play resumes.")]

    rs = Continuing()
    state = fresh(players=2)
    state.gm.hand_over("TEST-9", "first")
    state.gm.hand_over("TEST-9", "second")
    state, events = rs.apply(state, GM_SEAT, {"type": "gm_resolve", "task": 1})
    assert [e.kind for e in events] == ["gm_resolved"]  # a task is still open: nothing resumes
    state, events = rs.apply(state, GM_SEAT, {"type": "gm_resolve", "task": 2})
    assert [e.kind for e in events] == ["gm_resolved", "resumed"]
    _, events = rs.apply(state, GM_SEAT, {"type": "gm_patch", "patch": [], "reason": "tidy"})
    assert [e.kind for e in events] == ["gm_patch", "resumed"]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "pick"}, "`card` of a `pick` action is missing."),
        ({"type": "pick", "card": 7}, "`card` of a `pick` action must be text."),
        ({"type": "pick", "card": "x", "colour": "red"}, "`colour` is not part of a `pick` action."),
        ({"type": "dance"}, "There is no action called `dance` here; the game knows `pick`, `call`."),
    ],
)
def test_malformed_actions_are_explained_in_plain_words(action: dict, words: str) -> None:
    # CORE-2: a typed action's mistake names the field and the action, not pydantic's internals.
    state = fresh(players=2)
    before = state.model_dump_json()
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.apply(state, 0, action)
    assert info.value.rule == "CORE-2"
    assert info.value.message == f"That action is not understood. {words}"
    assert "Input should" not in info.value.message and "Field required" not in info.value.message
    assert state.model_dump_json() == before


def test_bad_options_are_explained_in_plain_words() -> None:
    # CORE-2 for game options: the unknown option is named as such.
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.setup({"players": 2, "colour": "mauve"}, 1)
    assert info.value.message == "Those game options are not valid. `colour` is not one of this game's options."
    with pytest.raises(RuleViolation) as info:
        HIGHCARD.setup({"players": "many"}, 1)
    assert info.value.message == "Those game options are not valid. `players` must be a whole number."
