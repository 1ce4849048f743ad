"""H3-36.4: a combat with no time limit never lets a side retreat; a retreat asked for anyway is refused
with that rule, in the skirmish as in the Clash (combat/flow.py ``refuse_untimed_retreat``)."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3.skirmish.ruleset import SKIRMISH


def test_h3_36_4_a_duel_has_no_retreat_and_says_why() -> None:
    state = SKIRMISH.setup({"mode": "duel"}, "no-retreat")
    assert state.combat is not None and not state.combat.time_limit  # H3-36.4: against another player
    before = state.model_dump()
    with pytest.raises(RuleViolation) as refused:
        SKIRMISH.apply(state, 0, {"type": "time", "choice": "retreat"})
    assert refused.value.rule == "H3-36.4" and "no time limit" in refused.value.message
    assert state.model_dump() == before  # a refusal changes nothing
