"""A Fortress join refused without the box (H3-6.2); the Tower box's Fortress heroes (H3-49.6). What every
expansion faction shares (set-up, a few rounds, tiles, the Skirmish) is in tests/heroes3/test_expansion_factions.py."""

from __future__ import annotations

import pytest

from engine.core import RuleViolation
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from i18n import render

from ..clash.helpers import new_game


def test_h3_6_2_a_fortress_join_is_refused_on_a_table_without_the_box() -> None:
    with pytest.raises(RuleViolation) as refused:
        CLASH.check_faction({"players": 2}, "fortress")
    assert refused.value.rule == "H3-6.2"
    assert refused.value.msg is not None
    said = render(refused.value.msg, "en", h3_names())
    assert "expansions=fortress" in said  # the refusal names the option that adds the faction
    assert "fortress" not in CLASH.faction_choices({"players": 2})
    assert "fortress" in CLASH.faction_choices({"players": 2, "expansions": "fortress"})
    CLASH.check_faction({"players": 2, "expansions": ["fortress"]}, "fortress")  # offered: no refusal


def test_h3_49_6_bron_and_tazar_need_the_tower_box_as_well() -> None:
    with pytest.raises(RuleViolation) as refused:
        new_game(2, factions=["fortress", "castle"], heroes=["bron", None], expansions=["fortress"])
    assert refused.value.rule == "H3-49.6"
    state = new_game(2, factions=["fortress", "castle"], heroes=["tazar", None], expansions=["tower", "fortress"])
    assert state.player(0).hero == "tazar"
