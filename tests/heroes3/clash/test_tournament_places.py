"""The Tournament's tile placements (H3-45.2) name their hex, so the table can draw them on the map.

A placement's pick is "q,r,rotation"; its option also carries ``at`` = [q, r], the shape
``cogs.decision_pictures`` reads as a place of the map. The answer may leave ``at`` out (logs
written before it existed replay unchanged); an ``at`` that is not the pick's hex is refused with
the question's rule and changes nothing.
"""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState


def _to_placement() -> tuple[ClashState, int, list[dict[str, object]]]:
    """The first Near tile placement of a seeded Tournament (after the Centre tiles are turned)."""
    state = CLASH.setup({"players": 2, "mode": "tournament"}, "h3t-places")
    for _ in range(10):
        prompt = next(p for p in CLASH.prompts(state) if p.waiting)
        if prompt.rule == "H3-45.2":
            return state, prompt.seat, [dict(o.action) for o in prompt.options]
        state, _ = CLASH.apply(state, prompt.seat, dict(prompt.options[0].action))
    raise AssertionError("no tile placement was asked")


def test_each_placement_option_names_the_hex_of_its_pick() -> None:
    _, _, actions = _to_placement()
    assert actions
    for a in actions:
        q, r, _ = str(a["pick"]).split(",")
        assert a["at"] == [int(q), int(r)], a


def test_an_answer_without_its_hex_is_taken_and_a_wrong_hex_is_refused() -> None:
    state, seat, actions = _to_placement()
    pick = str(actions[0]["pick"])
    wrong = {"type": "choose", "pick": pick, "at": [99, 99]}
    before = CLASH.copy_state(state)
    with pytest.raises(RuleViolation) as refused:
        CLASH.apply(state, seat, wrong)
    assert refused.value.rule == "H3-45.2"
    assert state == before  # nothing changed
    tiles = len(state.tiles)
    after, events = CLASH.apply(state, seat, {"type": "choose", "pick": pick})  # the old shape
    assert len(after.tiles) == tiles + 1 and any(e.kind == "h3_t_placed" for e in events)
