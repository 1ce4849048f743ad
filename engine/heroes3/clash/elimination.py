"""Elimination (H3-5.3, H3-5.4, H3-5.5), below the round flow so the map's combats can eliminate a
player without importing the rounds module."""

from __future__ import annotations

from engine.core import Event

from . import messages as m
from .flow import FLOW
from .state import ClashState


def eliminate(state: ClashState, seat: int, rule: str) -> list[Event]:
    """H3-5.4: cubes and heroes leave the map; the deck no longer matters. H3-5.5: the last
    player standing wins at once."""
    p = state.player(seat)
    if p.eliminated:
        return []
    p.eliminated = True
    p.main = None
    p.secondary = None
    for fs in state.fields.values():
        if fs.flag == seat:
            fs.flag = None
        if seat in fs.flags:
            fs.flags.remove(seat)
    q = FLOW.queue(state)
    q[:] = [
        s
        for s in q
        if not (
            s.kind in ("hand", "main", "mulligan", "turn", "turn_start", "ask", "search", "fx", "enter")
            and s.seat == seat
        )
    ]
    if state.active == seat:
        state.active = None
    events = [Event.to_all("h3_eliminated", m.ELIMINATED_NOW(seat=m.seat(seat), rule=rule), milestone=True)]
    alive = state.alive()
    if len(alive) == 1:
        state.winners = alive
        state.end_reason = "last_standing"
        events.append(
            Event.to_all("h3_game_over", m.GAME_OVER_WINNERS(seats=[m.seat(s) for s in alive]), milestone=True)
        )
    return events
