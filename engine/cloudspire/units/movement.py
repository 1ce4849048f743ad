"""Minion and hero movement (CS-9.2-9.6, CS-9.11, CS-10.2, CS-19.2).

Minions: ``d`` is the progress distance of CS-9.3.3 (a BFS from the target gate over hexes
within the terrain cap, leaving out towers, landmarks, fortress hexes and other gates, units
ignored). A minion must take a longest path (at most its movement) that ends closer; with none
it may step laterally (same distance) or stay (CS-9.5). Paths are simple and end on an empty
hex; one swap with a friendly hero is allowed on the way (CS-9.4.2, AMB-37).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..board.geometry import Cell, bfs, key, neighbour_keys, unkey
from ..common import gate_hex, occupied, side, talent, unit_by_id
from ..content.models import TERRAIN_RANK
from ..state import CsState, Unit

INF = 10**6


class MinionMove(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    to: str
    swap: str | None = None  # the hero's hex the minion passes through
    swap_to: str | None = None  # where that hero goes
    steps: int = 0


def terrain_cap(state: CsState, unit: Unit) -> int:
    eq = talent(state, unit, "terrain")
    return max(side(state, unit).terrain, eq or 0)


def progress_map(state: CsState, seat: int, cap: int) -> dict[str, int]:
    """CS-9.3.3 distances to the seat's faction-marker gate."""
    target = state.pl[seat].target
    if target is None:
        return {}
    tg = gate_hex(state, target)
    blocked = {t.hex for t in state.towers} | {lm.hex for lm in state.landmarks}

    def ok(k: str, c: Cell) -> bool:
        return c.gate is None and c.fort is None and k not in blocked and TERRAIN_RANK[c.t] <= cap

    sig = (key(tg), cap, tuple(sorted(blocked)), len(state.board), _tile_sig(state))
    cached = _PROGRESS.get(sig)
    if cached is None:
        if len(_PROGRESS) > 512:
            _PROGRESS.clear()
        cached = _PROGRESS[sig] = bfs(state.board, [tg], ok)
    return cached


_PROGRESS: dict[tuple[object, ...], dict[str, int]] = {}


def _tile_sig(state: CsState) -> tuple[str, ...]:
    """Laid land tiles change terrain without changing the board's size."""
    return tuple(k for k, c in state.board.items() if c.mat.startswith("tile:"))


def start_distance(state: CsState, unit: Unit, dmap: dict[str, int]) -> int:
    if unit.hex is not None:
        return dmap.get(unit.hex, INF)
    g = gate_hex(state, unit.owner)
    near = [dmap[k] for k in neighbour_keys(key(g)) if k in dmap]
    return min(near) + 1 if near else INF


def _can_step(state: CsState, k: str, cap: int) -> bool:
    c = state.board.get(k)
    return c is not None and c.gate is None and c.fort is None and TERRAIN_RANK[c.t] <= cap


def minion_paths(state: CsState, unit: Unit) -> list[MinionMove]:
    """Every simple path of 1..movement steps, with its end, swap and length (CS-9.11 step 2)."""
    cap = terrain_cap(state, unit)
    move = side(state, unit).move
    occ = occupied(state)
    start = unit.hex if unit.hex is not None else key(gate_hex(state, unit.owner))
    out: list[MinionMove] = []

    def hero_swappable(k: str, prev: str) -> bool:
        o = occ.get(k, "")
        if not o.startswith("u:"):
            return False
        hero = unit_by_id(state, o[2:])
        if hero is None or hero.kind != "hero" or hero.owner != unit.owner:
            return False
        pc = state.board.get(prev)
        return pc is not None and pc.gate is None and TERRAIN_RANK[pc.t] <= terrain_cap(state, hero)

    def walk(cur: str, seen: list[str], swap: str | None, swap_to: str | None) -> None:
        steps = len(seen) - 1
        if steps >= 1:
            end_free = cur not in occ or cur == swap
            if end_free:
                out.append(MinionMove(to=cur, swap=swap, swap_to=swap_to, steps=steps))
        if steps >= move:
            return
        for k in neighbour_keys(cur):
            if k in seen or not _can_step(state, k, cap):
                continue
            o = occ.get(k)
            if o is None:
                walk(k, seen + [k], swap, swap_to)
            elif swap is None and hero_swappable(k, cur):
                walk(k, seen + [k], k, cur)

    walk(start, [start], None, None)
    return out


def minion_options(state: CsState, unit: Unit) -> tuple[list[MinionMove], bool]:
    """(legal moves, whether staying is allowed) under CS-9.11 steps 3-5."""
    dmap = progress_map(state, unit.owner, terrain_cap(state, unit))
    d0 = start_distance(state, unit, dmap)
    paths = minion_paths(state, unit)
    progress = [p for p in paths if dmap.get(p.to, INF) < d0]
    if progress:
        best = max(p.steps for p in progress)
        chosen = {(p.to, p.swap): p for p in progress if p.steps == best}
        return sorted(chosen.values(), key=lambda p: (p.to, p.swap or "")), False
    lateral = {(p.to, p.swap): p for p in paths if d0 < INF and dmap.get(p.to, INF) == d0}
    return sorted(lateral.values(), key=lambda p: (p.to, p.swap or "")), True


def hero_destinations(state: CsState, unit: Unit) -> list[str]:
    """CS-10.2: free movement up to the hero's movement over empty hexes within its cap."""
    cap = terrain_cap(state, unit)
    occ = occupied(state)
    start = unit.hex if unit.hex is not None else key(gate_hex(state, unit.owner))

    def ok(k: str, c: Cell) -> bool:
        return c.gate is None and c.fort is None and TERRAIN_RANK[c.t] <= cap and k not in occ

    reach = bfs(state.board, [unkey(start)], ok, side(state, unit).move)
    return sorted(k for k in reach if k != start)


def vanguard_distance(state: CsState, unit: Unit) -> int:
    dmap = progress_map(state, unit.owner, terrain_cap(state, unit))
    return start_distance(state, unit, dmap)
