"""Event routing by audience, prompt planning and text within Discord's limits."""

from __future__ import annotations

from cogs import text
from cogs.routing import new_prompts, plan_prompts, route_events, visible_events, waiting_seats
from engine.core import GM_SEAT, Event, Option, Prompt, RuleViolation


def test_events_are_routed_by_audience() -> None:
    events = [
        Event.to_all("a", "public"),
        Event.to_seats(1, "b", "only seat 2"),
        Event.to_seats([0, 2], "c", "seats 1 and 3"),
        Event.to_seats(GM_SEAT, "d", "only the GM"),
    ]
    routed = route_events(events)
    assert [e.text for e in routed.public] == ["public"]
    assert {seat: [e.text for e in evs] for seat, evs in routed.private.items()} == {
        1: ["only seat 2"],
        0: ["seats 1 and 3"],
        2: ["seats 1 and 3"],
    }
    assert [e.text for e in routed.gm_only] == ["only the GM"]
    assert all(e.text != "only seat 2" for e in routed.public)


def test_visible_events_for_a_log_reader() -> None:
    events = [Event.to_all("a", "x"), Event.to_seats(1, "b", "y"), Event.to_seats(0, "c", "z")]
    assert [e.text for e in visible_events(events, 1)] == ["x", "y"]
    assert [e.text for e in visible_events(events, None)] == ["x"]


def _p(seat: int, key: str, *, secret: bool = False, waiting: bool = True) -> Prompt:
    return Prompt(
        seat=seat,
        key=key,
        rule="R",
        question="Q",
        options=[Option(label="a", action={"type": "a"})],
        secret=secret,
        waiting=waiting,
    )


def test_only_new_prompts_are_posted_and_secret_ones_go_by_dm() -> None:
    before = [_p(0, "pick", secret=True), _p(1, "pick", secret=True)]
    after = [_p(0, "pick", secret=True, waiting=False), _p(1, "pick", secret=True), _p(2, "call")]
    fresh = new_prompts(before, after)
    assert [(p.seat, p.key) for p in fresh] == [(2, "call")]
    plan = plan_prompts([*after, _p(GM_SEAT, "gm-1", secret=True)])
    assert [p.seat for p in plan.dm] == [0, 1]
    assert [p.seat for p in plan.thread] == [2, GM_SEAT]
    assert waiting_seats(after) == [1, 2]


def test_chunk_keeps_every_character_within_the_limit() -> None:
    body = "\n".join(f"line {i} " + "x" * (i % 50) for i in range(400)) + "\n" + "y" * 4500
    parts = text.chunk(body, 2000)
    assert all(len(p) <= 2000 for p in parts)
    assert "".join(parts).replace("\n", "") == body.replace("\n", "")
    assert text.chunk("") == [""]


def test_violation_and_truncate() -> None:
    assert text.violation(RuleViolation("RW-7.3", "No.")) == "⛔ No. (RW-7.3)"
    assert len(text.truncate("x" * 300, 80)) == 80


def test_view_pages_close_their_code_blocks() -> None:
    view = {
        "round": 1,
        "scores": [1, 2],
        "deck": {"size": 40, "discard": []},
        "areas": [{"id": i, "units": ["a"] * 30} for i in range(80)],
    }
    pages = text.format_view_pages(view, title="Board")
    assert len(pages) > 1
    for page in pages:
        assert len(page) <= 2000 and page.count("```") == 2
    assert "deck.size: 40" in pages[0]


def test_options_argument_parsing() -> None:
    assert text.parse_options_arg("rounds=2 map=small") == {"rounds": 2, "map": "small"}
    assert text.parse_options_arg('{"rounds": 3}') == {"rounds": 3}
    assert text.parse_options_arg(None) == {}
    try:
        text.parse_options_arg("rounds")
    except ValueError as exc:
        assert "key=value" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected a ValueError")
