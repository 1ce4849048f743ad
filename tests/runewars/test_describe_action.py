"""Confirmations in words for answers picked unit by unit (the presser sees them)."""

from __future__ import annotations

import random

import engine
from engine.runewars.catalog import catalog
from engine.runewars.state import RunewarsState

RS = engine.ruleset("runewars")


def _with_units() -> RunewarsState:
    state = RS.setup({"players": 3}, "describe")
    rng = random.Random(1)
    while not any(u.owner == 0 for u in state.units):
        prompt = next(p for p in RS.prompts(state) if p.waiting)
        state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
    return state


def test_unit_picks_are_described_by_type_and_area() -> None:
    # RW-10.7.2 / RW-6.8.2 / RW-18.1.1: a custom pick is confirmed as what moves or dies, not as "rw_move".
    state = _with_units()
    mine = [u for u in state.units if u.owner == 0]
    names = {u.id: catalog().unit_types[u.kind].name for u in mine}
    first = mine[0]
    assert RS.describe_action(state, 0, {"type": "rw_destroy", "units": [first.id]}) == (
        f"destroy 1 {names[first.id]} from {first.area}"
    )
    moved = RS.describe_action(state, 0, {"type": "rw_move", "units": [u.id for u in mine]})
    assert moved.startswith("move ") and all(names[u.id] in moved and u.area in moved for u in mine)
    hero_id, hero = next(iter(catalog().heroes.items()))
    text = RS.describe_action(
        state, 0, {"type": "rw_strategize", "moves": [{"unit": first.id, "to": "3A"}, {"hero": hero_id, "to": "4B"}]}
    )
    assert text == f"strategize: {names[first.id]} to 3A; {hero.name} to 4B"
    # Nothing recognisable: the action type, as for any game.
    assert RS.describe_action(state, 0, {"type": "rw_move", "units": ["zz"]}) == "rw_move"
