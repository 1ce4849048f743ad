"""Fixtures for the Cloudspire tests: a game through setup, and units placed by hand."""

from __future__ import annotations

from typing import Any

import engine
from engine.cloudspire.board.geometry import unkey
from engine.cloudspire.common import gate_hex, occupied, side
from engine.cloudspire.ruleset import Cloudspire
from engine.cloudspire.state import CsState, Unit
from engine.cloudspire.waves.phases import make_unit
from engine.core.hexgrid import neighbours

RS: Cloudspire = engine.ruleset("cloudspire")  # type: ignore[assignment]


def new_game(seed: int = 1, **options: Any) -> CsState:
    """Brawnen (seat 1, first player) against Grovetenders, setup decisions taken by first option."""
    opts = {"players": 2, "factions": ["brawnen", "grovetenders"], "first_player": 0, **options}
    state = RS.setup(opts, seed)
    while state.phase in ("setup", "landmarks"):
        prompt = RS.prompts(state)[0]
        state, _ = RS.apply(state, prompt.seat, prompt.options[0].action)
    return state


def act(state: CsState, seat: int, action: dict[str, Any]) -> CsState:
    new, _ = RS.apply(state, seat, action)
    return new


def front(state: CsState) -> str:
    return state.steps[0].kind if state.steps else ""


def until_step(state: CsState, kind: str) -> CsState:
    """Answer every prompt with its first option (seeded game) until the step ``kind`` is in front."""
    for _ in range(200):
        if front(state) == kind:
            return state
        p = RS.prompts(state)[0]
        state, _ = RS.apply(state, p.seat, p.options[0].action)
    raise AssertionError(f"never reached {kind}")


def path_hexes_near(state: CsState, seat: int) -> list[str]:
    """Free path hexes next to the seat's gate, nearest first."""
    g = gate_hex(state, seat)
    occ = occupied(state)
    out = []
    for n in neighbours(g):
        k = f"{n.q},{n.r}"
        c = state.board.get(k)
        if c is not None and c.t == "P" and c.gate is None and c.fort is None and k not in occ:
            out.append(k)
    return out


def place(state: CsState, seat: int, type_id: str, hex_key: str, *, merc: bool = False) -> Unit:
    u = make_unit(state, seat, type_id, merc)
    if not merc:
        state.pl[seat].barracks[type_id] -= 1
    u.hex = hex_key
    state.units.append(u)
    return u


def free_neighbour(state: CsState, hex_key: str) -> str:
    occ = occupied(state)
    for n in neighbours(unkey(hex_key)):
        k = f"{n.q},{n.r}"
        c = state.board.get(k)
        if c is not None and c.gate is None and c.fort is None and k not in occ:
            return k
    raise AssertionError("no free neighbour")


__all__ = ["RS", "act", "front", "new_game", "place", "side"]
