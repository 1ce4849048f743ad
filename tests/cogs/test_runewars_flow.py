"""The engine's side of the Discord flow: milestones, season summaries, order log lines, order menus.

Played with the engine alone over a seeded first year, so a failure points at the
engine (``engine/runewars/chronicle.py``, ``seasons.order_option``) rather than Discord.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import engine
from engine.core import GM_SEAT, Event, Prompt
from store.replay import Step, replay

RS = engine.ruleset("runewars")


@lru_cache(maxsize=1)
def first_year() -> tuple[list[Event], list[Prompt], list[tuple[int, dict[str, Any]]], str]:
    rng = random.Random(11)
    state = RS.setup({"players": 3}, "flow-tests")
    events: list[Event] = []
    orders: list[Prompt] = []
    log: list[tuple[int, dict[str, Any]]] = []
    for _ in range(3000):
        if state.year > 1 or RS.result(state) is not None:
            break
        prompts = RS.prompts(state)
        orders += [p for p in prompts if p.rule == "RW-7.2"]
        prompt = ([p for p in prompts if p.waiting] or prompts)[0]
        auto = next((o.action for o in prompt.options if o.action.get("type") == "rw_auto_map"), None)
        action = dict(
            auto or (prompt.options[0].action if prompt.seat == GM_SEAT else rng.choice(prompt.options).action)
        )
        state, new = RS.apply(state, prompt.seat, action)
        events += new
        log.append((prompt.seat, action))
    return events, orders, log, state.model_dump_json()


def test_setup_end_and_every_season_end_are_milestones_with_a_summary() -> None:
    events, _, _, _ = first_year()
    kinds = [e.kind for e in events]
    begin = events[kinds.index("begin")]
    assert begin.milestone and begin.public
    overs = [i for i, k in enumerate(kinds) if k == "season_over"]
    assert len(overs) == 4
    for i in overs:
        assert events[i].milestone
        summary = events[i + 1]
        assert summary.kind == "season_summary" and summary.public and summary.milestone
        assert summary.text.startswith("Season summary — Year 1, ")
        assert "Order cards revealed" in summary.text and len(summary.text) <= 1800


def test_every_resolved_order_gets_a_compact_log_line() -> None:
    events, _, _, _ = first_year()
    done = [e for e in events if e.kind == "order_done"]
    turns = [e for e in events if e.kind == "turn"]
    assert len(done) == len(turns) >= 12
    assert all(e.public and e.text.startswith("✔ ") and len(e.text) <= 300 for e in done)


def test_order_menu_entries_name_the_card_its_ability_and_whether_the_bonus_applies() -> None:
    _, orders, _, _ = first_year()
    assert orders
    for prompt in orders:
        assert prompt.secret and prompt.simultaneous
        for o in prompt.options:
            card = o.action["card"]
            assert o.label.startswith(f"#{card} ") and len(o.label) <= 80
            assert o.description and len(o.description) <= 100
            assert ("Bonus applies" in o.description) or ("would not apply" in o.description) or card == 8


def test_the_summary_replays_byte_for_byte() -> None:
    events, _, log, final = first_year()
    steps = [Step(i + 1, "action", seat, action) for i, (seat, action) in enumerate(log)]
    state = replay(RS, {"players": 3}, "flow-tests", steps)
    assert state.model_dump_json() == final
    assert len([e for e in events if e.kind == "season_summary"]) == 4
