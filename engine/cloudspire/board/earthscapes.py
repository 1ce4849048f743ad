"""Land tiles (earthscapes): where one may be laid and what laying it changes (CS-17.2.3).

The rulebook only says "a valid position" (DATA-3); this is the recommended validator of
AMB-22: the tile lies fully on island hexes, covers no unit, tower, landmark, gate or
fortress hex, the covered hexes take the tile's terrain and wells, and the path network
keeps every gate and every island it reached before. A laid tile is its own hex group
(``tile:N``, AMB-23), so it counts for influence on its own.
"""

from __future__ import annotations

from engine.core.hexgrid import neighbours

from ..common import CONTENT, occupied
from ..content.models import EarthscapeDef
from ..state import CsState
from .geometry import Board, Cell, bfs, key, tile_cells, unkey


def tile_def(tile: int) -> EarthscapeDef:
    for d in CONTENT.earthscapes:
        if d.id == tile:
            return d
    raise KeyError(tile)


def tile_id(chip: str) -> int | None:
    """``tile:11`` -> 11 (land tiles beside a barracks are kept as such chips, CS-12.3)."""
    return int(chip[5:]) if chip.startswith("tile:") else None


def laid_cells(tile: int, anchor: str, rotation: int) -> dict[str, Cell]:
    d = tile_def(tile)
    return {
        key(h): Cell(t=d.terrain[i], well=i in d.wells, mat=f"tile:{tile}")
        for h, i in tile_cells(unkey(anchor), rotation)
    }


def _network(board: Board) -> tuple[set[str], set[int]]:
    """(mats with a path hex joined to the central island's paths, gates next to such a path)."""
    centre = [unkey(k) for k, c in board.items() if c.mat == "isle:1" and c.t == "P"]
    reach = bfs(board, centre, lambda h, c: c.t == "P" and c.gate is None and c.fort is None)
    mats = {board[k].mat for k in reach}
    gates: set[int] = set()
    for k, c in board.items():
        if c.gate is not None and any(key(n) in reach for n in neighbours(unkey(k))):
            gates.add(c.gate)
    return mats, gates


_CACHE: dict[tuple[int, int], list[tuple[str, int]]] = {}


def placements(state: CsState, tile: int) -> list[tuple[str, int]]:
    """Every (anchor hex, rotation) where ``tile`` may be laid now (AMB-22)."""
    occ = occupied(state)
    sig = hash((tile, tuple(sorted(occ)), tuple((k, c.t, c.mat) for k, c in state.board.items())))
    cached = _CACHE.get((tile, sig))
    if cached is not None:
        return cached
    base_mats, base_gates = _network(state.board)
    base_isles = {m for m in base_mats if m.startswith("isle:")}  # a 3-hex tile never covers a whole isle
    out: list[tuple[str, int]] = []
    for anchor, cell in state.board.items():
        if not cell.mat.startswith("isle:"):
            continue
        for rotation in range(6):
            cells = laid_cells(tile, anchor, rotation)
            below = [state.board.get(k) for k in cells]
            if any(c is None or not c.mat.startswith("isle:") for c in below):
                continue
            if any(k in occ for k in cells):
                continue
            if any(c is not None and c.t == "P" and cells[k].t != "P" for k, c in zip(cells, below, strict=True)):
                trial = {**state.board, **cells}
                mats, gates = _network(trial)
                if not base_gates <= gates or not base_isles <= mats:
                    continue
            out.append((anchor, rotation))
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[(tile, sig)] = out
    return out


def lay(state: CsState, tile: int, anchor: str, rotation: int) -> list[str]:
    """Lay the tile; returns its well hexes (the new wells of TC-10)."""
    cells = laid_cells(tile, anchor, rotation)
    state.board.update(cells)
    return sorted(k for k, c in cells.items() if c.well)


def tiles_on_board(board: Board) -> set[int]:
    return {int(c.mat[5:]) for c in board.values() if c.mat.startswith("tile:")}
