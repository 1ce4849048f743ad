"""H3-32.4 at three players: the player to the attacker's right runs the neutrals of a combat.

Seats sit clockwise and play goes clockwise (to the left, H3-7.1), so the player to the right of
seat ``s`` is seat ``s - 1`` (seat 0's is the last seat). The Discord table routes a prompt by its
seat alone, so the prompts checked here are exactly what reaches each player: the controller gets
the neutrals' placement and moves as its own prompts while the attacker waits, and the third
player is asked only for its town reaction (H3-10.3).
"""

from __future__ import annotations

import pytest

from engine.heroes3.adventure import encounters, visits
from engine.heroes3.clash.ruleset import CLASH

from .helpers import act, mutate, new_game, to_main
from .test_examples import _mine_next_to

PLAYERS = 3


@pytest.mark.parametrize("attacker", [0, 1])
def test_the_player_to_the_right_places_and_moves_the_neutrals(attacker: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = mutate(to_main(new_game(players=PLAYERS), attacker))
    _, mine = _mine_next_to(state, attacker)
    monkeypatch.setattr(visits, "guarded", lambda s, pos: 2 if pos == mine and not s.field(pos).ever_flagged else None)
    state, _ = act(state, attacker, {"type": "walk", "hero": "main", "to": list(mine)})
    assert state.combat is not None and state.combat.kind == "neutral"
    right = (attacker - 1) % PLAYERS
    assert encounters.right_of(state, attacker) == right
    neutrals = next(side for side in state.combat.sides if side.owner is None)
    assert neutrals.controller == right  # H3-32.4
    other = next(s for s in range(PLAYERS) if s not in (attacker, right))

    asked: dict[int, set[str]] = {s: set() for s in range(PLAYERS)}
    neutral_moves = 0
    for _ in range(300):
        if state.combat is None:
            break
        waiting = [p for p in CLASH.prompts(state) if p.waiting]
        assert len(waiting) == 1, [(p.seat, p.rule) for p in waiting]
        prompt = waiting[0]
        asked[prompt.seat].add(prompt.rule)
        units = {str(o.action["unit"]) for o in prompt.options if "unit" in o.action}
        if prompt.rule == "H3-10.3":  # every seat's town reaction before the combat's setup: no unit in it
            assert not units, units
        elif prompt.seat == right:  # the neutrals' own decisions, about neutral units only
            assert units and all(u.startswith("n") for u in units), (prompt.rule, units)
            neutral_moves += 1
        elif units:  # the attacker's decisions are about its own army
            assert prompt.seat == attacker and not any(u.startswith("n") for u in units), (prompt.seat, units)
        pick = next((i for i, o in enumerate(prompt.options) if o.action.get("choice") != "retreat"), 0)
        state, _ = act(state, prompt.seat, dict(prompt.options[pick].action))
    assert state.combat is None, "the combat did not end"
    assert "H3-32" in asked[right] and neutral_moves >= 2, asked  # placed the neutrals (H3-32) and more
    assert asked[other] <= {"H3-10.3"}, asked  # the third seat: only its town reaction
