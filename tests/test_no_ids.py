"""Names, never ids: no internal id reaches a player.

Seeded random games of every shipped game are played with the seats' sample actions. Every
event, every prompt (question, option labels and descriptions) and the refusals of stale
actions (an earlier prompt's option sent again, which names real units, areas and cards) are
rendered in English and Simplified Chinese through the functions the cogs use
(``cogs.lang.event_text``, ``localize_prompt``, ``violation_reason``, with the game's names).
A word shaped like an id fails the test: all capitals with an underscore (``UTHUK_BERSERKER``),
a bare all-capitals content key (``BEASTMAN``), a numbered internal name (``hero-3``), or a
Python dict or list repr (``{'10A': …}``, ``['a', 'b']``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from cogs import lang
from cogs.runewars_units import build_picker
from engine.core import Event, Prompt, RuleViolation
from i18n import EN, ZH_HANS

GAMES = ("runewars", "ageofheroes", "cloudspire", "heroes3-skirmish", "heroes3")
# (seed, players): every table size, so every faction of a four-seat game appears.
SEEDS = (("names-1", 2), ("names-2", 3), ("names-3", 4))
ACTIONS = 220  # per game and seed: past setup into the first rounds of every game
STALE_TRIES = 2  # earlier options sent again at each step

ID_SHAPES = {
    "an id in capitals": re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"),
    "a content key in capitals": re.compile(r"\b[A-Z]{5,}\b"),
    "a numbered internal name": re.compile(r"\b[a-z]+(?:_[a-z]+)*-\d+\b"),
    "a dict or list repr": re.compile(r"[{\[]'|'[}\]]|': "),
}
# Capitalised words that are words, not ids (Discord markup and abbreviations players know).
WORDS = {"SHA-256", "JSON"}


def id_words(text: str) -> list[str]:
    found: list[str] = []
    for what, shape in ID_SHAPES.items():
        found += [f"{what}: {m.group(0)!r}" for m in shape.finditer(text) if m.group(0) not in WORDS]
    return found


def prompt_texts(prompt: Prompt, locale: str, names: Any) -> Iterator[str]:
    shown = lang.localize_prompt(prompt, locale, names)
    yield shown.question
    for option in shown.options:
        yield option.label
        if option.description:
            yield option.description


def play(ruleset: str, seed: str, seats: int) -> Iterator[tuple[str, Any]]:
    """("event", Event), ("prompt", Prompt) and ("refusal", RuleViolation) of one seeded game."""
    rs = engine.ruleset(ruleset)
    players = max(getattr(rs, "min_players", 2), min(seats, getattr(rs, "max_players", seats)))
    state = rs.setup({"players": players}, seed)
    rng = random.Random(seed)
    for event in rs.opening_events(state):
        yield "event", event
    earlier: list[tuple[int, dict[str, Any]]] = []
    for _ in range(ACTIONS):
        if rs.result(state) is not None:
            break
        prompts = rs.prompts(state)
        for prompt in prompts:
            yield "prompt", prompt
        waiting = [p for p in prompts if p.waiting and p.seat >= 0]
        if not waiting:
            break
        seat = waiting[0].seat
        for old_seat, old in rng.sample(earlier, min(STALE_TRIES, len(earlier))):
            try:
                rs.apply(state, seat if old_seat != seat else old_seat, old)
            except RuleViolation as exc:
                yield "refusal", exc
        earlier += [(p.seat, o.action) for p in waiting for o in p.options[:3]]
        earlier = earlier[-60:]
        action = rs.sample_action(state, seat, rng)
        state, events = rs.apply(state, seat, action)
        for event in events:
            yield "event", event


def texts(kind: str, item: Any, locale: str, names: Any) -> Iterator[str]:
    if kind == "event":
        assert isinstance(item, Event)
        yield lang.event_text(item, locale, names)
    elif kind == "prompt":
        yield from prompt_texts(item, locale, names)
        picker = build_picker(item, locale, names)  # Runewars' unit-by-unit menus (cogs.runewars_picker)
        if picker is not None:
            for candidate in picker.candidates:
                yield candidate.group
                yield candidate.label
    else:
        yield lang.violation_reason(item, locale, names)


@pytest.mark.parametrize("ruleset", GAMES)
def test_no_id_reaches_a_player(ruleset: str) -> None:
    names = lang.names_for(ruleset)
    problems: dict[str, str] = {}
    seen = 0
    for seed, seats in SEEDS:
        for kind, item in play(ruleset, seed, seats):
            for locale in (EN, ZH_HANS):
                for text in texts(kind, item, locale, names):
                    seen += 1
                    for problem in id_words(text):
                        problems.setdefault(f"{kind} {problem}", f"[{locale}] {text[:200]}")
    assert seen > 200
    assert not problems, "\n".join(f"{k}\n    {v}" for k, v in sorted(problems.items()))


def test_the_shapes_catch_the_reported_leaks() -> None:
    for leak in (
        "Place your starting units (UTHUK_BERSERKER, …)",
        "places recruits: {'10A': {'HUMAN_INFANTRY': 4}}",
        "Hero hero-3 is placed in 13A",
        "drew for UNDEAD_SKELETON_ARCHER",
        "2 BEASTMAN placed in 12A",
        "Factions: ELVES, HUMANS, UNDEAD, UTHUK",
    ):
        assert id_words(leak), leak
    for fine in ("4B: 2 Footmen, 1 Knight · city", "Seed hash (SHA-256): abc", "Latari Elves move to 12A."):
        assert not id_words(fine), fine


def runewars_prompts(seed: str, kind: str, limit: int = 400) -> Iterator[tuple[Any, Prompt]]:
    """(state, prompt) for every waiting Runewars prompt whose key starts with ``kind``."""
    rs = engine.ruleset("runewars")
    state = rs.setup({"players": 3}, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        waiting = [p for p in rs.prompts(state) if p.waiting and p.seat >= 0]
        if not waiting or rs.result(state) is not None:
            return
        for prompt in waiting:
            if prompt.key.startswith(kind):
                yield state, prompt
        state, _ = rs.apply(state, waiting[0].seat, rs.sample_action(state, waiting[0].seat, rng))


def test_activation_options_say_what_stands_in_the_area_and_leave_out_the_unreachable() -> None:
    # RW-10.7.1: "4B: 2 Footmen, 1 Knights · city", described by how many units can reach it.
    seen = 0
    for state, prompt in runewars_prompts("names-1", "activate"):
        seen += 1
        for option in prompt.options:
            area = option.action["value"]
            assert option.label.startswith(f"{area}: "), option.label
            assert "no unit can reach" not in option.label, option.label
            assert option.description and "can reach it" in option.description
            assert ("· city" in option.label) == bool(state.board[area].city), option.label
    assert seen


def test_pick_units_is_offered_only_when_something_can_be_picked() -> None:
    from engine.runewars.turn.picks import unit_list_schema

    assert unit_list_schema({"type": "integer"}, []) is None
    for _state, prompt in runewars_prompts("names-2", "move_units"):
        candidates = (prompt.answer_schema or {}).get("x-candidates")
        assert prompt.answer_schema is None or candidates, prompt.key
