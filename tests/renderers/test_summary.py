"""The end-of-game picture (issue 12): series from public views, standings with RW-28.3 tie-breaks.

* ``course_from_views`` keeps the last public view of each season (Runewars) or round
  (Age of Heroes) and reads each player's figures from it: rune tokens in their areas
  (face down, RW-27.6), areas and influence; cities, armies and monument cards;
* ``standings`` puts winners first and names the RW-28.3 steps that decided a tie;
* a whole random game of each replays from its log into a picture in English and Chinese.
"""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

import engine
from renderers import summary as S


def _rw_view(year: int, season: str, influence: list[int], areas: list[tuple[int | None, bool]]) -> dict[str, Any]:
    return {
        "phase": "play",
        "year": year,
        "season": season,
        "seats": [{"seat": i, "influence": n} for i, n in enumerate(influence)],
        "areas": [{"id": f"{i}A", "controller": c, "rune": "token" if r else None} for i, (c, r) in enumerate(areas)],
    }


def test_the_last_public_view_of_each_season_makes_one_point() -> None:
    views = [
        {"phase": "setup"},
        _rw_view(1, "spring", [1, 2], [(0, True)]),
        _rw_view(1, "spring", [3, 2], [(0, True), (1, False)]),  # the last of spring counts
        _rw_view(1, "summer", [3, 5], [(1, True), (1, True), (None, True)]),
    ]
    course = S.course_from_views("runewars", views)
    assert course.periods == [{"year": 1, "season": "spring"}, {"year": 1, "season": "summer"}]
    assert course.values["influence"] == {0: [3, 3], 1: [2, 5]}
    assert course.values["areas"] == {0: [1, 0], 1: [1, 2]}
    assert course.values["runes"] == {0: [1, 0], 1: [0, 2]}  # rune tokens in their areas, faces unseen


def test_rw_tie_breaks_name_influence_then_starting_influence() -> None:
    view = {
        "seats": [
            {"seat": 0, "dragon_runes": 3, "influence": 5, "starting_influence": 2},
            {"seat": 1, "dragon_runes": 3, "influence": 5, "starting_influence": 4},
            {"seat": 2, "dragon_runes": 1, "influence": 9, "starting_influence": 1},
        ],
        "areas": [],
    }
    final = S.standings("runewars", view, [1], "most dragon runes")
    assert [r.seat for r in final.rows] == [1, 0, 2] and final.rows[0].winner
    assert [t[0] for t in final.tie_breaks] == [S.RW_TIE_INFLUENCE, S.RW_TIE_START]
    assert final.tie_breaks[0][2] == [1, 0]  # the players tied on dragon runes
    alone = S.standings("runewars", {**view, "seats": view["seats"][1:]}, [1], "most dragon runes")
    assert alone.tie_breaks == []


def _finished(ruleset: str, seed: str) -> tuple[Any, list[tuple[int, str, int, dict[str, Any]]], Any]:
    rs = engine.ruleset(ruleset)
    state = rs.setup({"players": 3}, seed)
    rng = random.Random(seed)
    steps: list[tuple[int, str, int, dict[str, Any]]] = []
    while rs.result(state) is None and len(steps) < 6000:
        prompts = rs.prompts(state)
        prompt = rng.choice([p for p in prompts if p.waiting] or prompts)
        if prompt.seat < 0:
            action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
        else:
            auto = next((o.action for o in prompt.options if o.action.get("type") == "rw_auto_map"), None)
            action = dict(auto or rs.sample_action(state, prompt.seat, rng))
        state, _ = rs.apply(state, prompt.seat, action)
        steps.append((len(steps) + 1, "action", prompt.seat, action))
    assert rs.result(state) is not None
    return rs, steps, state


def test_whole_games_replay_into_a_summary_picture() -> None:
    for ruleset, seed in (("runewars", "full-1"), ("ageofheroes", "full-1")):
        rs, steps, state = _finished(ruleset, seed)
        course = S.course_from_log(ruleset, {"players": 3}, seed, steps)
        assert len(course.periods) >= 2
        view = rs.view(state, None)
        result = rs.result(state)
        final = S.standings(ruleset, view, result.winners, result.reason)
        assert final.rows[0].winner and {r.seat for r in final.rows} == {0, 1, 2}
        for metric, _ in S.CHARTS[ruleset].metrics:
            assert all(len(v) == len(course.periods) for v in course.values[metric].values())
        for locale in ("en", "zh_Hans"):
            png = S.render_summary(ruleset, course, final, view, width=800, locale=locale)
            with Image.open(io.BytesIO(png)) as im:
                assert im.format == "PNG" and im.width == 800 and im.height > 800
