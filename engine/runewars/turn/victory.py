"""Victory (RW-28), elimination (RW-33) and the end of the game.

``check`` runs after every automatic step and every action (AMB-53): the engine knows
every rune face, so it declares an instant win itself the moment a player controls
6 (epic: 7) dragon-rune areas, and eliminates a player who controls no area.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Item, message
from engine.runewars import board as B
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.setup.start import seat_name
from engine.runewars.state import RunewarsState
from engine.runewars.text import seat_ref, to_all
from engine.runewars.turn.runes import dragon_areas, dragon_counts

WINS_RUNES = message("rw.victory.runes", "{seat} controls {n} dragon-rune areas and wins (RW-28.1)!")
WINS_LAST = message("rw.victory.last", "{seat} is the last player left and wins.")
SEAT_RUNES = message("rw.victory.seat_runes", "{seat}: {n}")
FINAL = message("rw.victory.final", "The game ends. Dragon runes controlled: {counts}. {seat} wins (RW-28.2, RW-28.3).")
ELIMINATED = message("rw.victory.eliminated", "{seat} controls no area and is eliminated (RW-33).")


def threshold(state: RunewarsState) -> int:
    return 7 if state.options.epic else 6  # RW-28.1, RW-35.2


def _rank(state: RunewarsState, seats: list[int]) -> list[int]:
    """RW-28.3: most runes, then most influence, then highest starting influence."""
    n = state.players
    return sorted(
        seats,
        key=lambda s: (
            -dragon_areas(state, s),
            -state.seats[s].influence,
            -state.seats[s].starting_influence,
            (s - state.start_player) % n,
        ),
    )


def _reveal_all(state: RunewarsState) -> None:
    state.log_reveal = {a.id: a.rune for a in state.board.values() if a.rune}


def check(state: RunewarsState) -> list[Event]:
    if state.phase != "play":
        return []
    ctl = B.controllers(state)
    events = _eliminations(state, ctl)
    active = state.active_seats()
    counts = dragon_counts(state, ctl)
    reached = [s for s in active if counts[s] >= threshold(state)]
    if reached:
        best = _rank(state, reached)[0]
        _end(state, [best], f"controls {dragon_areas(state, best)} areas with dragon runes (RW-28.1)")
        events.append(
            to_all(
                "victory",
                WINS_RUNES(seat=seat_name(state, best), n=dragon_areas(state, best)),
                reveals=True,
                winner=best,
                runes=dict(state.log_reveal),
            )
        )
    elif len(active) == 1:
        _end(state, active, "is the last player not eliminated (RW-33)")
        events.append(
            to_all(
                "victory",
                WINS_LAST(seat=seat_name(state, active[0])),
                reveals=True,
                winner=active[0],
            )
        )
    return events


def _end(state: RunewarsState, winners: list[int], reason: str) -> None:
    _reveal_all(state)
    state.final_scores = {
        s: float(dragon_areas(state, s)) for s in range(state.players) if not state.seats[s].eliminated
    }
    state.winner = winners
    state.win_reason = reason
    state.phase = "over"
    state.steps.clear()
    state.battle = None
    state.quest_phase = None
    state.choice = None


def final_scoring(state: RunewarsState) -> list[Event]:
    """RW-28.2: after the last winter every rune turns face up; most dragon runes wins."""
    ranked = _rank(state, state.active_seats())
    best = ranked[0]
    _end(state, [best], f"controls the most dragon runes at the end of year {state.year} (RW-28.2)")
    counts: list[Item] = [SEAT_RUNES(seat=seat_ref(s), n=dragon_areas(state, s)) for s in ranked]
    return [
        to_all(
            "final_scoring",
            FINAL(counts=counts, seat=seat_name(state, best)),
            reveals=True,
            winner=best,
            runes=dict(state.log_reveal),
        )
    ]


def _eliminations(state: RunewarsState, ctl: dict[str, int | None]) -> list[Event]:
    """RW-33.1: a player who controls no area is out (RW-33.2, AMB-58)."""
    events: list[Event] = []
    holders = set(ctl.values())
    for p in state.seats:
        if p.eliminated or p.faction is None:
            continue
        if p.seat in holders:
            continue
        seat = p.seat
        p.eliminated = True
        for c in p.tactics:
            state.tactics_deck.draw_pile.append(c.id)
        p.tactics = []
        state.tactics_deck.shuffle(state.rng)
        if p.objective:
            deck = state.objective_decks.setdefault(B.alignment(state, seat), [])
            deck.append(p.objective)
            state.rng.shuffle(deck)
            p.objective = None
        p.influence = 0
        for hold in state.titles.values():  # RW-33.2: titles return with their tokens on them
            if hold.holder == seat:
                hold.holder = None
        for area in state.board.values():
            if seat in area.activation:
                area.activation.remove(seat)
        for u in state.units:
            if u.owner == seat:
                u.owner = None  # his allied neutrals lose their alliance (RW-11.4)
        events += heroes_glue.eliminate(state, seat)
        state.steps = [s for s in state.steps if s.seat != seat or s.kind in ("turn_end",)]
        if state.choice is not None and seat in state.choice.seats:
            state.choice.seats.remove(seat)
        events.append(to_all("eliminated", ELIMINATED(seat=seat_name(state, seat)), seat=seat))
    return events
