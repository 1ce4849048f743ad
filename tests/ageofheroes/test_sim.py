"""Random playthroughs with every invariant checked, under the defaults and the variant switches (§6)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.sim import run

VARIANTS: list[dict[str, Any]] = [
    {},
    {
        "setup_tribe_selection": "random",
        "draw_step_replacement": "none",
        "tax_replacement": True,
        "market_day_replacement": True,
    },
    {
        "market_day_event_timing": "after_each_player",
        "first_market_day_population_boom": "discard",
        "earthquake_scope": "single_army",
        "draw_step_replacement_draw": "may",
    },
    {
        "earthquake_duration": "target_turn_end",
        "luck_famine_scope": "cancel_for_all",
        "roads_market_bonus": "builder_only",
        "roads_count_indirect": True,
    },
    {
        "war_target_scope": "neighbours_only",
        "war_duel_pick": "attacker_first",
        "war_reveal_unfought_cards": True,
        "plunder_selection": "attacker_choice_blind",
    },
    {
        "war.duel_pick": "defender_first",
        "olympic.return": "immediate",
        "mighty_hero.max_per_side": 1,
        "general.attach_to": "any_army",
    },
    {
        "barbarians_mode": "battle_card",
        "challenge_mode": "continuous",
        "challenge_same_condition": True,
        "trade_allow_gifts": False,
    },
    {
        "barbarians_mode": "defender_plus",
        "trade_public_contents": True,
        "discard_pile_public": False,
        "prompts_auto_pass_without_card": True,
    },
    {
        "war_target_scope": "road_connected_only",
        "neighbours_recompute_on_elimination": False,
        "trade_window": "any_time",
    },
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(sorted(o)) or "defaults")
def test_random_games_finish_cleanly(options: dict[str, Any]) -> None:
    # AH-1..AH-17 end to end: every game ends, no invariant fails, no sampled action is rejected
    report = run("ageofheroes", games=2, seed=41, options=options, max_actions=6000)
    assert report["finished"] == 2
    assert report["invariant_failures"] == 0 and report["violations"] == 0
