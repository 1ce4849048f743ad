"""Where the mats lie and how far things are (CS-4).

The board is a dict from ``"q,r"`` to a ``Cell`` (terrain, well, mat, gate/fortress owner);
anything not in it is sky (CS-4.1). A hex group is a mat (CS-4.2): ``isle:N``, ``fort:S``
or ``tile:N``. Occupants (units, towers, landmarks) live in the game state, and the
functions here take them as a set of occupied keys so the geometry stays free of rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from pydantic import BaseModel, ConfigDict

from engine.core.hexgrid import DIRECTIONS, Hex, rotate

from ..content.models import TERRAIN_RANK


class Cell(BaseModel):
    model_config = ConfigDict(extra="forbid")

    t: str  # terrain letter P G F M W (CS-4.4)
    well: bool = False
    mat: str
    gate: int | None = None  # the seat whose gate this is (CS-4.8)
    fort: int | None = None  # a non-gate fortress hex of this seat (tower sites only)


Board = dict[str, Cell]

# Isle hex order (game-data 2.9): index 0 is the anchor, each next index one step on.
_E, _NE, _NW, _W, _SW, _SE = DIRECTIONS
_ISLE_STEPS = (_NW, _NE, _SE, _E, _SW, _SE, _W, _SW, _NW, _W, _NE, _NW)


def _isle_shape() -> tuple[Hex, ...]:
    cur = Hex(0, 0)
    out = [cur]
    for step in _ISLE_STEPS:
        cur = cur + step
        out.append(cur)
    return tuple(out)


ISLE_SHAPE = _isle_shape()
# Earthscape: anchor, then SE, then W of that (a triangle); rotations turn it about the anchor.
TILE_SHAPE = (Hex(0, 0), Hex(0, 1), Hex(-1, 1))
# The six ring positions around the central isle, in ring order (CS-5.5.2).
RING = tuple(rotate(Hex(4, -1), k) for k in range(6))


def key(h: Hex) -> str:
    return f"{h.q},{h.r}"


def unkey(s: str) -> Hex:
    q, r = s.split(",")
    return Hex(int(q), int(r))


def isle_cells(anchor: Hex, rotation: int) -> list[tuple[Hex, int]]:
    """The hexes of an isle laid at ``anchor`` turned ``rotation`` sixths, with their data index."""
    return [(rotate(h, rotation) + anchor, i) for i, h in enumerate(ISLE_SHAPE)]


def tile_cells(anchor: Hex, rotation: int) -> list[tuple[Hex, int]]:
    return [(rotate(h, rotation) + anchor, i) for i, h in enumerate(TILE_SHAPE)]


def ring_adjacent(a: int, b: int) -> bool:
    return (a - b) % 6 in (1, 5)


def fortress_cells(gate: Hex, facing: int) -> tuple[list[Hex], list[Hex]]:
    """(exposed front hexes, back fortress hexes) of a gate facing ``facing`` (CS-5.6).

    House footprint (DATA-5): the gate plus the three hexes behind it; the outer two of
    those are the fortress's source wells (CS-6.1)."""
    front = [gate + DIRECTIONS[(facing + d) % 6] for d in (-1, 0, 1)]
    back = [gate + DIRECTIONS[(facing + d) % 6] for d in (2, 3, 4)]
    return front, back


def passable_terrain(cell: Cell, cap: int) -> bool:
    return TERRAIN_RANK[cell.t] <= cap


_GROUPS: dict[tuple[object, ...], dict[str, set[str]]] = {}


def groups_adjacent(board: Board, group: str) -> set[str]:
    """Every hex group adjacent to ``group`` (CS-4.2), the group itself included.

    The mat adjacency only changes when a mat is laid, so it is cached per board layout."""
    sig = (len(board), tuple(k for k, c in board.items() if c.mat.startswith("tile:")))
    table = _GROUPS.get(sig)
    if table is None:
        table = {}
        for k, cell in board.items():
            mine = table.setdefault(cell.mat, {cell.mat})
            for n in neighbour_keys(k):
                other = board.get(n)
                if other is not None:
                    mine.add(other.mat)
        if len(_GROUPS) > 256:
            _GROUPS.clear()
        _GROUPS[sig] = table
    return set(table.get(group, {group}))


_NEIGHBOURS: dict[str, tuple[str, ...]] = {}


def neighbour_keys(k: str) -> tuple[str, ...]:
    """The six neighbour keys of a hex key, cached: geometry never changes, and BFS is the hot path."""
    out = _NEIGHBOURS.get(k)
    if out is None:
        q, r = k.split(",")
        qi, ri = int(q), int(r)
        out = tuple(f"{qi + d.q},{ri + d.r}" for d in DIRECTIONS)
        _NEIGHBOURS[k] = out
    return out


def bfs(
    board: Board, start: Iterable[Hex], ok: Callable[[str, Cell], bool], limit: int | None = None
) -> dict[str, int]:
    """Breadth-first distances over board cells satisfying ``ok(key, cell)`` (sky is never crossed)."""
    dist: dict[str, int] = {}
    frontier: deque[str] = deque()
    for h in start:
        k = key(h)
        dist[k] = 0
        frontier.append(k)
    while frontier:
        cur = frontier.popleft()
        d = dist[cur]
        if limit is not None and d >= limit:
            continue
        for k in neighbour_keys(cur):
            if k in dist:
                continue
            cell = board.get(k)
            if cell is None or not ok(k, cell):
                continue
            dist[k] = d + 1
            frontier.append(k)
    return dist


def range_within(board: Board, origin: Hex, reach: int) -> dict[str, int]:
    """CS-4.9(a): hexes within ``reach`` steps over any mat hexes, never across sky (CS-7.7)."""
    return bfs(board, [origin], lambda h, c: True, reach)


def range_distance(board: Board, a: Hex, b: Hex) -> int | None:
    return range_within(board, a, 64).get(key(b))


def path_network_connected(board: Board, gates: list[Hex]) -> bool:
    """Every gate reaches every other over path hexes (house check for earthscape placement, AMB-22)."""
    if len(gates) < 2:
        return True
    target = gates[0]
    reach = bfs(board, [target], lambda h, c: c.gate is not None or (c.t == "P" and c.fort is None))
    return all(key(g) in reach for g in gates[1:])
