"""The simulator (engine/sim.py), exercised with the test-only ``highcard`` ruleset."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine import sim
from tests.support.highcard import HighCard, HighCardState


class LeakyHighCard(HighCard):
    """Deliberately broken: the public view shows every hand."""

    name = "highcard-leaky"

    def view(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["all_hands"] = [list(hand) for hand in state.hands]
        return out


class ScoringForbidden(HighCard):
    """Deliberately broken: an invariant that fails as soon as anyone scores."""

    name = "highcard-strict"

    def invariants(self, state: HighCardState) -> list[str]:
        return [f"seat {s + 1} scored" for s, v in enumerate(state.scores) if v > 0]


@pytest.fixture
def broken() -> Iterator[None]:
    engine.register(LeakyHighCard())
    engine.register(ScoringForbidden())
    try:
        yield
    finally:
        engine.unregister(LeakyHighCard.name)
        engine.unregister(ScoringForbidden.name)


def test_run_reports_every_field() -> None:
    report = sim.run("highcard", games=6, seed=3)
    assert set(report) == {
        "ruleset",
        "games",
        "finished",
        "actions",
        "violations",
        "invariant_failures",
        "gm_tasks",
        "games_with_gm_tasks",
        "seconds",
    }
    assert report["gm_tasks"] == 0 and report["games_with_gm_tasks"] == 0  # highcard hands nothing to the GM
    assert report["ruleset"] == "highcard" and report["games"] == 6
    assert report["finished"] == 6
    assert report["violations"] == 0 and report["invariant_failures"] == 0
    # Three rounds of picks and calls for 2..4 players: between 12 and 24 actions a game.
    assert 6 * 12 <= report["actions"] <= 6 * 24
    assert isinstance(report["seconds"], float)


def test_run_is_deterministic() -> None:
    first = sim.run("highcard", games=3, seed=9, players=4, options={"rounds": 2})
    second = sim.run("highcard", games=3, seed=9, players=4, options={"rounds": 2})
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert first["actions"] == 3 * 2 * (4 + 4)  # every round: four picks, four calls


def test_play_one_respects_max_actions() -> None:
    outcome = sim.play_one(engine.ruleset("highcard"), {"players": 2, "rounds": 5}, 1, max_actions=3)
    assert outcome == {"finished": False, "actions": 3, "violations": 0, "failures": [], "gm_tasks": 0}


def test_cli_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = sim.main(
        ["highcard", "--games", "2", "--seed", "5", "--option", "rounds=2", "--load", "tests.support.highcard"]
    )
    lines = capsys.readouterr().out.strip().splitlines()
    report = json.loads(lines[-1])
    assert code == 0
    assert report["ruleset"] == "highcard" and report["games"] == 2 and report["finished"] == 2
    assert report["invariant_failures"] == 0


def test_leaking_view_is_caught(broken: None, capsys: pytest.CaptureFixture[str]) -> None:
    report = sim.run(LeakyHighCard.name, games=2, seed=1)
    assert report["invariant_failures"] > 0
    failures = sim.play_one(engine.ruleset(LeakyHighCard.name), {"players": 2}, 1, max_actions=5)["failures"]
    assert failures and all("public view leaks" in f for f in failures)
    code = sim.main([LeakyHighCard.name, "--games", "1", "-v"])
    captured = capsys.readouterr()
    assert code == 1
    assert json.loads(captured.out.strip().splitlines()[-1])["invariant_failures"] > 0
    assert "public view leaks" in captured.err


def test_ruleset_invariants_are_run(broken: None) -> None:
    outcome = sim.play_one(engine.ruleset(ScoringForbidden.name), {"players": 3, "rounds": 3}, 4, max_actions=200)
    assert outcome["finished"]
    assert any("scored" in f for f in outcome["failures"])
    assert all(f.startswith("after action ") for f in outcome["failures"])
