"""The skirmish ruleset end to end: simulated games, hidden information, neutral combats."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import sim
from engine.heroes3.neutrals.difficulty import DIFFICULTIES
from engine.heroes3.skirmish.ruleset import SKIRMISH


def test_registered() -> None:
    assert engine.ruleset("heroes3-skirmish") is SKIRMISH


@pytest.mark.parametrize("mode", ["duel", "siege"])
def test_sim_player_combats_finish_cleanly(mode: str) -> None:
    # H3-34.1 / H3-37.2: every simulated combat ends; no violations, no invariant failures.
    report = sim.run("heroes3-skirmish", 6, 1, options={"mode": mode})
    assert report["finished"] == 6 and report["violations"] == 0 and report["invariant_failures"] == 0


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_sim_ai_hero_combats_every_difficulty(difficulty: str) -> None:
    # H3-41.6.2: an AI hero's cards at each difficulty; H3-41.3: fought to the end, no surrender.
    report = sim.run("heroes3-skirmish", 3, 5, options={"mode": "ai_hero", "difficulty": difficulty})
    assert report["finished"] == 3 and report["violations"] == 0 and report["invariant_failures"] == 0, report


def test_sim_secondary_defender() -> None:
    # H3-30.5: the secondary defender's yield question is part of every simulated duel.
    report = sim.run("heroes3-skirmish", 6, 2, options={"secondary": True})
    assert report["finished"] == 6 and report["violations"] == 0 and report["invariant_failures"] == 0, report


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("ai", [True, False])
def test_neutral_combats_every_difficulty(difficulty: str, ai: bool) -> None:
    # H3-29.3 / D-10: neutrals drawn for each difficulty, run by the AI (H3-40) or by the other
    # player (H3-32.4); the fields span the table.
    for level in (1, 4, 7):
        report = sim.run(
            "heroes3-skirmish",
            2,
            level * 10,
            options={"mode": "neutral", "difficulty": difficulty, "field_level": level, "level": 1, "neutral_ai": ai},
        )
        assert report["finished"] == 2, report
        assert report["violations"] == 0 and report["invariant_failures"] == 0, report


def test_ai_neutrals_prompt_nobody_but_the_player() -> None:
    # H3-40: with the AI option the neutral side never waits on a seat.
    state = SKIRMISH.setup({"mode": "neutral", "neutral_ai": True, "field_level": 5}, 8)
    rng = random.Random(8)
    while SKIRMISH.result(state) is None:
        prompts = SKIRMISH.prompts(state)
        assert all(p.seat == 0 for p in prompts), [p.rule for p in prompts]
        state, _ = SKIRMISH.apply(state, 0, SKIRMISH.sample_action(state, 0, rng))


def test_hidden_information_property() -> None:
    # H-1 / H-2: hands and deck order appear only in their owner's view, never in the public one
    # or the opponent's, at every point of random games.
    for seed in range(6):
        rng = random.Random(seed)
        state = SKIRMISH.setup({"mode": "duel" if seed % 2 else "siege"}, seed)
        for _ in range(300):
            if SKIRMISH.result(state) is not None:
                break
            secrets = SKIRMISH.secrets(state)
            public = json.dumps(SKIRMISH.view(state, None))
            for seat, values in secrets.items():
                other = json.dumps(SKIRMISH.view(state, 1 - seat))
                mine = json.dumps(SKIRMISH.view(state, seat))
                for value in values:
                    assert value not in public and value not in other
                hand = SKIRMISH.view(state, seat)["sides"][seat].get("hand", [])
                assert all(card["id"] in mine for card in hand)
            for event_seat in (0, 1):
                assert "hand" not in SKIRMISH.view(state, event_seat)["sides"][1 - event_seat]
            prompt = rng.choice(SKIRMISH.prompts(state))
            state, events = SKIRMISH.apply(state, prompt.seat, SKIRMISH.sample_action(state, prompt.seat, rng))
            for event in events:
                if event.public:
                    for values in SKIRMISH.secrets(state).values():
                        assert not any(v in json.dumps(event.model_dump()) for v in values)


def test_refusals_leave_the_state_unchanged() -> None:
    state = SKIRMISH.setup({}, 12)
    before = state.model_dump_json()
    with pytest.raises(engine.core.RuleViolation):
        SKIRMISH.apply(state, 0, {"type": "attack", "unit": "a1", "target": "d1"})
    assert state.model_dump_json() == before


def test_opening_events_deal_hands_privately() -> None:
    state = SKIRMISH.setup({"level": 3}, 3)
    events = SKIRMISH.opening_events(state)
    hands = [e for e in events if e.kind == "h3_hand"]
    assert sorted(e.audience[0] for e in hands if e.audience) == [0, 1]
    assert all(len(s["hand"]) == 5 for s in [SKIRMISH.view(state, i)["sides"][i] for i in (0, 1)])  # E-11: level III
