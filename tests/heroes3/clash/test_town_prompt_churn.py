"""An out-of-turn town decision (H3-10.2) is one message per turn, not one per step.

The other seats' town actions are offered all through the active player's turn. Keyed by the turn
rather than by the step, their prompt keeps its key while its options are unchanged, so the bot
(``cogs.routing.new_prompts``) does not post it afresh after every move of the active player; once
its options change (the seat can afford something new), it is sent again.
"""

from __future__ import annotations

from cogs.routing import new_prompts
from engine.core import Prompt
from engine.heroes3.clash.ruleset import CLASH

from .helpers import act, mutate, new_game, to_main


def _town(prompts: list[Prompt], seat: int) -> Prompt:
    return next(p for p in prompts if p.seat == seat and not p.waiting)


def test_h3_10_2_the_other_seats_town_decision_keeps_its_key_across_the_active_players_steps() -> None:
    state = mutate(to_main(new_game(factions=["castle", "dungeon"]), 0))
    state.player(1).resources.update(gold=30, building_materials=5, valuables=5)
    before = CLASH.prompts(state)
    town = _town(before, 1)
    walk = next(o.action for o in before[0].options if o.action["type"] == "walk")
    state, _ = act(state, 0, dict(walk))
    after = CLASH.prompts(state)
    assert _town(after, 1).key == town.key and _town(after, 1).options == town.options
    assert all(p.seat != 1 for p in new_prompts(before, after))  # not posted again
    state.player(1).resources.update(gold=10, building_materials=0, valuables=0)  # fewer things affordable
    changed = CLASH.prompts(state)
    assert _town(changed, 1).options != town.options
    assert [p.key for p in new_prompts(after, changed) if p.seat == 1] == [town.key]  # sent again, same key
