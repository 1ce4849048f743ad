"""Elimination (H3-5.3, H3-5.4, H3-5.5), below the round flow so the map's combats can eliminate a
player without importing the rounds module."""

from __future__ import annotations

from engine.core import Event

from ..coop import victory as coop_victory
from . import messages as m
from .common import team_of
from .flow import FLOW
from .state import ClashState


def eliminate(state: ClashState, seat: int, rule: str) -> list[Event]:
    """H3-5.4: cubes and heroes leave the map; the deck no longer matters. H3-5.5: the last
    player standing wins at once; in an Alliance (H3-3.2.3), the team whose members are the only
    ones left, every member of it (an eliminated one too, as the team wins together). In a Cooperative
    game the other seats play on, and the AI enemy wins when no seat is left (H3-3.2.4)."""
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
    if coop_victory.cooperative(state):  # H3-3.2.4: the AI enemy wins once no seat is left (coop/victory.py)
        return events + coop_victory.after_elimination(state)
    alive = state.alive()
    if state.teams and alive and all(s in team_of(state, alive[0]) for s in alive):
        state.winners = sorted(team_of(state, alive[0]))
        state.end_reason = "team_last_standing"
        msg = m.GAME_OVER_TEAM(seats=[m.seat(s) for s in state.winners])
        events.append(Event.to_all("h3_game_over", msg, milestone=True))
    elif not state.teams and len(alive) == 1:
        state.winners = alive
        state.end_reason = "last_standing"
        events.append(
            Event.to_all("h3_game_over", m.GAME_OVER_WINNERS(seats=[m.seat(s) for s in alive]), milestone=True)
        )
    return events
