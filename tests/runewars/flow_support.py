"""Building Runewars positions directly for rule tests (helpers for the flow tests).

A test describes a small board (area ids, axial hexes, production, home realms and
coloured borders), puts units on it and queues the step it wants to exercise; the real
ruleset then resolves it. The destiny deck is in number order unless a test sets it,
so every draw is known in advance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine.core import Deck, Rng
from engine.runewars import flow
from engine.runewars.catalog import catalog
from engine.runewars.heroes.core import HeroesState
from engine.runewars.ruleset import RUNEWARS, _advance
from engine.runewars.setup.start import link_adjacency
from engine.runewars.state import Area, Border, Player, RunewarsOptions, RunewarsState, Stronghold, TitleHold, Unit

RS = RUNEWARS
_ = engine

DIRS = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}
STEP = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def make_state(
    factions: list[str],
    areas: Mapping[str, Mapping[str, Any]],
    *,
    borders: Mapping[tuple[str, str], Border] | None = None,
    season: int = 0,
    year: int = 1,
    options: dict[str, Any] | None = None,
) -> RunewarsState:
    """``areas``: id -> {"hex": (q, r), "food"/"wood"/"ore": n, "home_of": seat, "city": id}."""
    cat = catalog()
    n = len(factions)
    seats = []
    for i, f in enumerate(factions):
        fac = cat.factions[f]
        seats.append(
            Player(
                seat=i,
                faction=f,
                influence=fac.starting_influence,
                starting_influence=fac.starting_influence,
                dials={r: fac.dials.get(r).start_value for r in ("food", "wood", "ore")},
            )
        )
    state = RunewarsState(
        ruleset="runewars",
        players=n,
        rng=Rng.from_seed(7),
        options=RunewarsOptions(players=n, **(options or {})),
        seats=seats,
        phase="play",
        year=year,
        season=season,
        heroes=HeroesState(),
    )
    specs = dict(areas)
    for i in range(n):  # every seat needs an area, or RW-33 eliminates it at once
        if not any(spec.get("home_of") == i for spec in specs.values()):
            specs[f"{90 + i}H"] = {"hex": (20 + 3 * i, 20), "home_of": i}
    for aid, spec in specs.items():
        state.board[aid] = Area(
            id=aid,
            tile=aid[:-1] or aid,
            hex=tuple(spec["hex"]),
            food=spec.get("food", 0),
            wood=spec.get("wood", 0),
            ore=spec.get("ore", 0),
            home_of=spec.get("home_of"),
            city=spec.get("city"),
        )
    by_hex = {a.hex: a for a in state.board.values()}
    for (a, b), kind in (borders or {}).items():
        ha, hb = state.board[a].hex, state.board[b].hex
        d = STEP.index((hb[0] - ha[0], hb[1] - ha[1]))
        state.board[a].edges[d] = kind
        state.board[b].edges[(d + 3) % 6] = kind
    _ = by_hex
    link_adjacency(state)
    state.destiny = Deck[int](draw_pile=list(range(1, 31)))
    state.tactics_deck = Deck[str](draw_pile=sorted(cat.tactics))
    state.titles = {t: TitleHold() for t in sorted(cat.titles)}
    state.season_decks = {s: [] for s in ("spring", "summer", "autumn", "winter")}
    return state


def add(state: RunewarsState, kind: str, owner: int | None, area: str, n: int = 1, routed: bool = False) -> list[int]:
    from engine.runewars import board as B

    ids = []
    for _ in range(n):
        u = B.add_unit(state, kind, owner, area)
        assert u is not None
        u.routed = routed
        ids.append(u.id)
    return ids


def stronghold(
    state: RunewarsState, area: str, owner: int, damaged: bool = False, development: str | None = None
) -> None:
    state.board[area].stronghold = Stronghold(owner=owner, damaged=damaged, development=development)


def stronghold_at(state: RunewarsState, area: str) -> Stronghold:
    """The stronghold in ``area``; the test fails if there is none."""
    sh = state.board[area].stronghold
    assert sh is not None, f"no stronghold in {area}"
    return sh


def unit(state: RunewarsState, uid: int) -> Unit:
    """The unit with id ``uid``; the test fails if it left the board."""
    from engine.runewars import board as B

    u = B.unit_by_id(state, uid)
    assert u is not None, f"unit {uid} is not on the board"
    return u


def start_turn(state: RunewarsState, seat: int, card: int) -> RunewarsState:
    """Make ``seat`` the current player resolving ``card`` (RW-7.4), then run to its first decision."""
    state.seats[seat].order_now = card
    flow.push(state, flow.step(state, "turn_begin", seat, card=card), flow.step(state, "hold"))
    _advance(state)
    return state


def queue(state: RunewarsState, kind: str, seat: int | None = None, **data: Any) -> RunewarsState:
    """Queue one step (and a stop marker behind it) and run automatic steps."""
    flow.push(state, flow.step(state, kind, seat, **data), flow.step(state, "hold"))
    _advance(state)
    return state


def act(state: RunewarsState, seat: int, action: dict[str, Any]) -> RunewarsState:
    new, _events = RS.apply(state, seat, action)
    return new


def act_events(state: RunewarsState, seat: int, action: dict[str, Any]) -> tuple[RunewarsState, list[Any]]:
    return RS.apply(state, seat, action)


def front(state: RunewarsState) -> str | None:
    return state.steps[0].kind if state.steps else None


def prompt(state: RunewarsState, seat: int | None = None) -> Any:
    ps = [p for p in RS.prompts(state) if seat is None or p.seat == seat]
    assert ps, f"no prompt for seat {seat}; front step {front(state)}"
    return ps[0]


def values(p: Any) -> list[Any]:
    return [o.action.get("value", o.action) for o in p.options]


def units_in(state: RunewarsState, area: str, owner: int | None = -2) -> list[Any]:
    return [u for u in state.units if u.area == area and (owner == -2 or u.owner == owner)]


# A "hold" step stops the queue after the step under test, so a test never runs into the
# next season by accident.
@flow.decision("hold")
def _hold_prompts(state: RunewarsState, st: Any) -> list[Any]:
    return []


# A small two-player board (two rows of hexes, a home area at each end) the rule tests share.
TWO: dict[str, dict[str, Any]] = {
    "1A": {"hex": (0, 0), "home_of": 0},
    "1B": {"hex": (1, 0)},
    "1C": {"hex": (2, 0)},
    "1D": {"hex": (3, 0), "home_of": 1},
    "2A": {"hex": (0, 1)},
    "2B": {"hex": (1, 1)},
}
