"""The neutral combats of a Cooperative game are run by the engine under the AI rules (H3-34.10,
H3-40) and placed by the AI placement rule (H3-32.5): adventure/encounters.py ``neutral_combat``."""

from __future__ import annotations

import random

from engine.heroes3.adventure import encounters
from engine.heroes3.clash.ruleset import CLASH

from ..clash.helpers import act, mutate, new_game, to_main
from .test_ai_combat import _next_to, _ready


def test_h3_34_10_h3_32_5_neutrals_in_a_cooperative_combat_are_run_by_the_engine() -> None:
    state = _ready()
    p = state.player(0)
    assert p.main is not None
    origin = p.main.field
    encounters.neutral_combat(state, 0, "main", origin, _next_to(state, origin), 4)
    combat = state.combat
    assert combat is not None and combat.sides[1].controller is None  # H3-34.10: no player runs them
    assert [s.kind for s in state.steps if s.kind.startswith("h3c_") and "place" in s.kind] == [
        "h3c_place",
        "h3c_ai_place",  # H3-32.5: the AI placement
    ]
    rng = random.Random(1)
    for _ in range(100):  # the player places, then the engine does
        if all(u.placed for u in combat.units if u.team == 1):
            break
        prompt = CLASH.prompts(state)[0]
        assert prompt.seat == 0
        state, _ = act(state, 0, CLASH.sample_action(state, 0, rng))
        combat = state.combat
        assert combat is not None
    neutrals = [u for u in combat.units if u.team == 1]
    assert neutrals and all(u.placed for u in neutrals)
    geo = combat.geometry()
    back = geo.back_row(1)
    front_row = [c for c in geo.deploy_cells(1) if c not in back]
    ranged = [u for u in neutrals if u.type == "ranged"]
    others = [u for u in neutrals if u.type != "ranged"]
    assert all(u.pos in back for u in ranged[: len(back)])  # ranged units in the back row
    assert all(u.pos in front_row for u in others[: len(front_row)])  # the others in the front row
    for row, units in ((back, ranged), (front_row, others)):  # left to right, descending initiative
        placed = sorted((row.index(u.pos), u) for u in units if u.pos in row)
        inits = [u.initiative() for _, u in placed]
        assert inits == sorted(inits, reverse=True)


def test_h3_32_4_outside_cooperative_games_a_player_still_runs_the_neutrals() -> None:
    state = mutate(to_main(new_game(players=2), 0))
    p = state.player(0)
    assert p.main is not None
    encounters.neutral_combat(state, 0, "main", p.main.field, _next_to(state, p.main.field), 4)
    assert state.combat is not None and state.combat.sides[1].controller == encounters.right_of(state, 0)
