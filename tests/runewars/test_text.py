"""Issue 10: every sentence the Runewars engine shows a player is a declared message, and the
English fields name things by their printed names, never by an internal id.

A seeded random game is played through the ruleset (as the bench does); every event, prompt
question, option label and description, and a refusal tried at every decision must carry a
``msg`` whose id is declared, and no English text may contain an id-shaped word
(``UTHUK_BERSERKER``, ``hero-3``) or a dict/list repr.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine
from engine.core import Event, Prompt, RuleViolation
from engine.core.prompts import GM_SEAT
from engine.core.text import MESSAGES, Msg
from engine.runewars.state import SEASONS
from engine.runewars.text import en, english_name
from tests.support.refs import refs_in

ID_SHAPED = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\bhero-\d+\b|[{}\[\]]")
# The kernel's own hand-over (engine/core/gm.py) is not a Runewars sentence.
KERNEL_KINDS = frozenset({"gm_task", "gm_resolved", "gm_patch", "gm_patched"})
# Ids that are their own English word: areas ("4B"), resources ("food") and season names ("spring").
PLAIN_IDS = {"area": None, "seat": None, "resource": None, "season": frozenset(SEASONS)}


def _check_msg(where: str, text: str | None, m: Msg | None, problems: list[str]) -> None:
    if m is None:
        problems.append(f"{where}: no msg for {text!r}")
        return
    if m.id not in MESSAGES:
        problems.append(f"{where}: undeclared message id {m.id}")
    if text is not None and ID_SHAPED.search(text):
        problems.append(f"{where}: id-shaped English {text!r}")
    for r in refs_in(m):
        plain = r.kind in PLAIN_IDS and (PLAIN_IDS[r.kind] is None or r.id in (PLAIN_IDS[r.kind] or ()))
        if not plain and english_name(r) == r.id:
            problems.append(f"{where}: {r.kind} {r.id!r} has no English name")


def _check_prompt(p: Prompt, problems: list[str]) -> None:
    if p.seat == GM_SEAT:
        return
    _check_msg(f"prompt {p.rule}", p.question, p.msg, problems)
    for o in p.options:
        _check_msg(f"option of {p.rule}", o.label, o.msg, problems)
        if o.description is not None:
            _check_msg(f"option description of {p.rule}", o.description, o.description_msg, problems)


def _check_event(e: Event, problems: list[str]) -> None:
    if e.kind in KERNEL_KINDS:
        return
    _check_msg(f"event {e.kind}", e.text, e.msg, problems)


def _bad_answer(prompt: Prompt) -> dict[str, Any] | None:
    """An answer of the right type that no option offers (the rules module must refuse it)."""
    for o in prompt.options:
        kind = o.action.get("type")
        if kind == "rw_choose":
            return {"type": "rw_choose", "value": "no-such-choice"}
        if kind == "rw_order":
            return {"type": "rw_order", "card": 99}
        if kind == "rw_bid":
            return {"type": "rw_bid", "amount": 10_000}
        if kind == "rw_place_units":
            return {"type": "rw_place_units", "placement": {"no-such-area": {"x": 1}}}
    return None


def _play(seed: int, players: int, max_actions: int = 1500) -> tuple[list[str], int, int]:
    rs = engine.ruleset("runewars")
    rng = random.Random(seed)
    state = rs.setup({"players": players}, seed)
    problems: list[str] = []
    refusals = 0
    n = 0
    while rs.result(state) is None and n < max_actions:
        prompts = rs.prompts(state)
        for p in prompts:
            _check_prompt(p, problems)
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            break
        prompt = rng.choice(waiting)
        if prompt.seat == GM_SEAT:
            action = dict(prompt.options[0].action)
        else:
            bad = _bad_answer(prompt)
            if bad is not None:
                try:
                    rs.apply(state, prompt.seat, bad)
                except RuleViolation as exc:
                    refusals += 1
                    if not exc.rule.startswith("CORE"):
                        _check_msg(f"refusal {exc.rule}", exc.message, exc.msg, problems)
            action = rs.sample_action(state, prompt.seat, rng)
        try:
            state, events = rs.apply(state, prompt.seat, action)
        except RuleViolation as exc:
            if not exc.rule.startswith("CORE"):
                _check_msg(f"refusal {exc.rule}", exc.message, exc.msg, problems)
            continue
        n += 1
        for e in events:
            _check_event(e, problems)
    return problems, n, refusals


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (4, 2)])
def test_a_seeded_game_speaks_in_messages(seed: int, players: int) -> None:
    problems, actions, refusals = _play(seed, players)
    assert actions > 100 and refusals > 20
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_english_names_things_by_their_printed_names() -> None:
    """A Ref renders through the content's English names; a seat reads "Seat 2"."""
    from engine.runewars.setup.start import STRONGHOLD_BUILT
    from engine.runewars.text import SEAT_WITH_FACTION, ref, seat_ref

    seat = SEAT_WITH_FACTION(seat=seat_ref(1), faction=ref("faction", "ELVES"))
    text = en(STRONGHOLD_BUILT(seat=seat, area=ref("area", "4B")))
    assert text.startswith("Seat 2 (") and text.endswith(") builds its stronghold in 4B.")
    assert not ID_SHAPED.search(text)
    assert english_name(ref("unit", "HUMAN_INFANTRY")) != "HUMAN_INFANTRY"
