"""What the table sees of a solo campaign (H3-3.2.2): where in its chain the scenario stands, in the
view, the panel and the opening messages; never the recorded deck (H3-44.3), which is the player's."""

from __future__ import annotations

import json

import pytest

from engine.core import RuleViolation
from engine.heroes3 import campaign_lines, names
from engine.heroes3.clash.ruleset import CLASH
from i18n import render

OPTIONS = {"players": 1, "mode": "cooperative", "campaign": "necropolis_war"}


def test_the_campaigns_progress_is_public_and_its_deck_is_not() -> None:
    state = CLASH.setup(OPTIONS, "shown")
    view = CLASH.view(state, None)
    assert view["campaign"] == {"id": "necropolis_war", "scenario": 1, "total": 2, "won": 0}  # H3-3.2.2
    assert state.campaign is not None and state.campaign.deck  # H3-44.3: the list a lost scenario replays
    public = json.dumps(view)
    assert "deck" not in view["campaign"] and json.dumps(state.campaign.deck) not in public
    (line,) = campaign_lines(view)
    assert render(line, "en", names()) == "Campaign The Necropolis War: scenario 1 of 2, 0 won so far."
    said = [e for e in CLASH.opening_events(state) if e.kind == "h3_campaign"]
    assert len(said) == 1 and said[0].audience is None


def test_no_campaign_line_outside_a_campaign() -> None:
    state = CLASH.setup({"players": 1, "mode": "cooperative"}, "plain")
    assert CLASH.view(state, None)["campaign"] is None
    assert campaign_lines(CLASH.view(state, None)) == []
    assert not [e for e in CLASH.opening_events(state) if e.kind == "h3_campaign"]


def test_a_campaign_never_drafts_its_deck() -> None:
    # H3-44.2: the deck is carried from scenario to scenario, so the draft start (H3-48.3) is refused
    with pytest.raises(RuleViolation) as refused:
        CLASH.setup({**OPTIONS, "draft_start": True}, "draft")
    assert refused.value.rule == "H3-44.2"
