"""Map building geometry (RW-4): legal tile placements, home markers and home tiles.

Pure functions over a ``Layout``: the hexes already on the table with their six edge
borders, plus the markers. The setup steps (``setup.py``) turn a player's choice
into a placement after checking it is in the legal set computed here, and the
standard layout (``auto_layout``) uses the same functions, so an automatic board
obeys exactly the rules a player must.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache

from engine.core.hexgrid import DIRECTIONS, Hex, direction_to, neighbour, neighbours, opposite
from engine.core.rng import Rng
from engine.runewars.catalog import Catalog, catalog


@dataclass
class Layout:
    """Hex -> (area id, six edge borders in board orientation), and markers."""

    cells: dict[Hex, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    markers: list[tuple[Hex, Hex]] = field(default_factory=list)
    homes: dict[int, list[Hex]] = field(default_factory=dict)  # seat -> home hexes

    def occupied(self, h: Hex) -> bool:
        return h in self.cells or any(h in m for m in self.markers)


@dataclass(frozen=True)
class TilePlacement:
    tile: str
    q: int
    r: int
    rotation: int

    @property
    def offset(self) -> Hex:
        return Hex(self.q, self.r)


@cache
def _cells_of(cat: Catalog, tile_id: str, rotation: int) -> tuple[tuple[Hex, str, tuple[str, ...]], ...]:
    """Keyed by the catalog too: a content pack may draw a tile differently (docs/content-packs.md)."""
    tile = cat.tiles[tile_id]
    return tuple((p.hex, p.area_id, tuple(p.borders)) for p in tile.place(rotation, Hex(0, 0)))


def _local_cells(tile_id: str, rotation: int) -> tuple[tuple[Hex, str, tuple[str, ...]], ...]:
    return _cells_of(catalog(), tile_id, rotation)


def placed_cells(tile_id: str, rotation: int, offset: Hex) -> list[tuple[Hex, str, tuple[str, ...]]]:
    """The tile's areas turned ``rotation`` sixths and moved by ``offset`` (content's ``MapTile.place``)."""
    return [(Hex(h.q + offset.q, h.r + offset.r), a, b) for h, a, b in _local_cells(tile_id, rotation)]


def _coloured(b: str) -> bool:
    return b != "none"


def tile_legal(layout: Layout, tile_id: str, rotation: int, offset: Hex, *, home: bool = False) -> bool:
    return tile_problem(layout, tile_id, rotation, offset, home=home) is None


def tile_problem(layout: Layout, tile_id: str, rotation: int, offset: Hex, *, home: bool = False) -> str | None:
    """None if legal, else the rule broken: RW-4.4 (two new areas touch two old ones, AMB-13),
    RW-4.5 (no colour on colour) or "overlap"."""
    return _problem(layout, _shape(catalog(), tile_id, rotation), offset[0], offset[1], home, _marked(layout))


_STEPS = tuple((d.q, d.r) for d in DIRECTIONS)  # the six neighbours' (dq, dr), edge order

# A tile turned some sixths, for the legality checks: each cell's (dq, dr) and, per edge, whether it
# is coloured and the (dq, dr) of the cell across it. Plain int tuples: an auto-map (RW-4.3) tries
# ~1 300 placements per tile, and Hex objects made and added by the million cost ~30 ms a press.
_Shape = tuple[tuple[int, int, tuple[tuple[bool, int, int, int], ...]], ...]


@cache
def _shape(cat: Catalog, tile_id: str, rotation: int) -> _Shape:
    out = []
    for h, _, borders in _cells_of(cat, tile_id, rotation):
        edges = tuple(
            (_coloured(borders[d]), h.q + DIRECTIONS[d].q, h.r + DIRECTIONS[d].r, opposite(d)) for d in range(6)
        )
        out.append((h.q, h.r, edges))
    return tuple(out)


def _marked(layout: Layout) -> set[tuple[int, int]]:
    """The hexes under home markers (RW-4.7), which no tile may cover."""
    return {h for m in layout.markers for h in m}


def _problem(layout: Layout, shape: _Shape, oq: int, or_: int, home: bool, marked: set[tuple[int, int]]) -> str | None:
    """``tile_problem`` for a tile's ``_shape`` moved by (oq, or_), the same checks in the same order.

    A plain ``(q, r)`` tuple finds a ``Hex`` key (a NamedTuple hashes and compares as its tuple).
    """
    cells = layout.cells
    if not home:
        for q, r, _ in shape:
            h = (q + oq, r + or_)
            if h in cells or h in marked:
                return "overlap"
    if not cells:
        return None
    touching_new: set[tuple[int, int]] = set()
    touching_old: set[tuple[int, int]] = set()
    for q, r, edges in shape:
        for coloured, nq, nr, back in edges:
            n = (nq + oq, nr + or_)
            old = cells.get(n)  # type: ignore[call-overload]  # a (q, r) tuple finds its Hex key (same hash and equality)
            if old is None:
                continue
            touching_new.add((q, r))
            touching_old.add(n)
            if coloured and _coloured(old[1][back]):
                return "RW-4.5"
    if home:
        return None
    if len(touching_new) >= 2 and len(touching_old) >= 2:  # RW-4.4, AMB-13
        return None
    return "RW-4.4"


def legal_tile_placements(layout: Layout, tile_ids: list[str]) -> list[TilePlacement]:
    """Every legal (tile, rotation, offset); the first tile goes at the centre (RW-4.3)."""
    out: list[TilePlacement] = []
    seen: set[tuple[str, int, int, int]] = set()
    frontier = sorted({n for h in layout.cells for n in neighbours(h) if not layout.occupied(n)})
    taken: set[tuple[int, int]] = set(layout.cells) | _marked(layout)
    # Each area's six borders as "coloured or not" (RW-4.5), looked up by (q, r).
    colours = {(h[0], h[1]): tuple(_coloured(b) for b in borders) for h, (_, borders) in layout.cells.items()}
    cat = catalog()
    for tile_id in tile_ids:
        for rotation in range(6):
            if not layout.cells:
                out.append(TilePlacement(tile_id, 0, 0, rotation))
                continue
            shape = _shape(cat, tile_id, rotation)
            for sq, sr in frontier:
                for lq, lr, _ in shape:
                    oq, or_ = sq - lq, sr - lr
                    key = (tile_id, rotation, oq, or_)
                    if key in seen:
                        continue
                    seen.add(key)
                    if _fits(shape, oq, or_, taken, colours):
                        out.append(TilePlacement(tile_id, oq, or_, rotation))
    return out


def _fits(
    shape: _Shape, oq: int, or_: int, taken: set[tuple[int, int]], colours: dict[tuple[int, int], tuple[bool, ...]]
) -> bool:
    """``_problem`` is None for a tile that is not a home tile, on a board that has areas: the same
    three checks (no overlap, RW-4.5, then RW-4.4 with AMB-13) without building sets of hexes, since
    only whether two or more new and two or more old areas touch matters. ``legal_tile_placements``
    asks it ~1 300 times in an automatic map (RW-4.3)."""
    for q, r, _ in shape:
        if (q + oq, r + or_) in taken:
            return False
    touching_new = 0
    first_old: tuple[int, int] | None = None
    two_old = False
    for _, _, edges in shape:
        touched = False
        for coloured, nq, nr, back in edges:
            n = (nq + oq, nr + or_)
            old = colours.get(n)
            if old is None:
                continue
            touched = True
            if first_old is None:
                first_old = n
            elif n != first_old:
                two_old = True
            if coloured and old[back]:
                return False  # RW-4.5
        touching_new += touched
    return touching_new >= 2 and two_old  # RW-4.4, AMB-13


def place_tile(layout: Layout, tile_id: str, rotation: int, offset: Hex) -> None:
    for h, area_id, borders in placed_cells(tile_id, rotation, offset):
        layout.cells[h] = (area_id, borders)


# ---- home-realm markers (RW-4.7) ----------------------------------------------------


def _uncoloured_touches(layout: Layout, pair: tuple[Hex, Hex]) -> int:
    cells = layout.cells
    count = 0
    for q, r in pair:
        for d, (dq, dr) in enumerate(_STEPS):
            cell = cells.get((q + dq, r + dr))  # type: ignore[call-overload]  # a (q, r) tuple finds its Hex key
            if cell is not None and not _coloured(cell[1][(d + 3) % 6]):
                count += 1
    return count


def board_distance(layout: Layout, a: tuple[Hex, Hex], b: tuple[Hex, Hex]) -> int | None:
    """AMB-22: shortest step count from a hex of ``a`` to a hex of ``b`` through board areas.

    Breadth first over plain (q, r) tuples (an auto-map, RW-4.7, asks this a few thousand times).
    """
    cells = layout.cells
    targets = set(b)
    seen: dict[tuple[int, int], int] = {h: 0 for h in a}
    queue: deque[tuple[int, int]] = deque(a)
    while queue:
        cur = queue.popleft()
        q, r = cur
        for dq, dr in _STEPS:
            n = (q + dq, r + dr)
            if n in seen:
                continue
            if n in targets:
                return seen[cur] + 1
            if n in cells:
                seen[n] = seen[cur] + 1
                queue.append(n)
    return None


# Per home marker of a layout, in ``layout.markers`` order: its hexes, and each board area's steps to it.
_MarkerTable = list[tuple[set[tuple[int, int]], dict[tuple[int, int], int]]]


def _marker_table(layout: Layout) -> _MarkerTable:
    """Each marker's hexes and every area's distance to it (1: next to it), through board areas.

    One search per marker instead of one per candidate and marker: an auto-map (RW-4.7) weighs a
    few hundred candidate pairs against every marker already down, twice (legality, then preference).
    """
    cells = layout.cells
    table: _MarkerTable = []
    for marker in layout.markers:
        dist: dict[tuple[int, int], int] = {}
        queue: deque[tuple[int, int]] = deque()
        for q, r in marker:
            for dq, dr in _STEPS:
                n = (q + dq, r + dr)
                if n in cells and n not in dist:
                    dist[n] = 1
                    queue.append(n)
        while queue:
            cur = queue.popleft()
            q, r = cur
            step = dist[cur] + 1
            for dq, dr in _STEPS:
                n = (q + dq, r + dr)
                if n in cells and n not in dist:
                    dist[n] = step
                    queue.append(n)
        table.append(({(h[0], h[1]) for h in marker}, dist))
    return table


def _distance(pair: tuple[Hex, Hex], hexes: set[tuple[int, int]], dist: dict[tuple[int, int], int]) -> int | None:
    """``board_distance`` from ``pair`` to a marker given by its ``_marker_table`` row: a step onto the
    board and the area's own distance, or 1 when the two touch (shortest paths reverse)."""
    best: int | None = None
    for q, r in pair:
        for dq, dr in _STEPS:
            n = (q + dq, r + dr)
            if n in hexes:
                return 1
            d = dist.get(n)
            if d is not None and (best is None or d + 1 < best):
                best = d + 1
    return best


def marker_spacing_ok(
    layout: Layout, pair: tuple[Hex, Hex], spacing: int, exception_left: bool, table: _MarkerTable | None = None
) -> tuple[bool, bool]:
    """RW-4.7.3/4.7.4: (legal, uses the one 3-area exception). ``table``: ``_marker_table(layout)``."""
    uses = False
    rows = table if table is not None else _marker_table(layout)
    for hexes, dist in rows:
        found = _distance(pair, hexes, dist)
        if found is None or found >= spacing:
            continue
        if found >= spacing - 1 and exception_left and not uses:
            uses = True
            continue
        return False, False
    return True, uses


def legal_markers(
    layout: Layout, min_borders: int, spacing: int, exception_left: bool
) -> list[tuple[tuple[Hex, Hex], bool]]:
    """Every legal marker position: two adjacent hexes off the board at its edge (RW-4.7.2, 4.7.6)."""
    out: list[tuple[tuple[Hex, Hex], bool]] = []
    seen: set[frozenset[Hex]] = set()
    frontier = sorted({n for h in layout.cells for n in neighbours(h) if not layout.occupied(n)})
    table = _marker_table(layout)
    for h1 in frontier:
        for h2 in neighbours(h1):
            if layout.occupied(h2):
                continue
            key = frozenset((h1, h2))
            if key in seen:
                continue
            seen.add(key)
            pair = (min(h1, h2), max(h1, h2))
            if _uncoloured_touches(layout, pair) < min_borders:
                continue
            ok, uses = marker_spacing_ok(layout, pair, spacing, exception_left, table)
            if ok:
                out.append((pair, uses))
    return out


# ---- home tiles (RW-4.8) --------------------------------------------------------------


def home_plain_touches(layout: Layout, tile_id: str, rotation: int, offset: Hex) -> int:
    """RW-4.7.2 re-checked for the final home-tile position (RW-4.8.3): the number of edges where the
    placed home tile meets a non-home board area with a plain (uncoloured) border on both sides."""
    home_hexes = {h for hs in layout.homes.values() for h in hs}
    count = 0
    for h, _, borders in placed_cells(tile_id, rotation, offset):
        for d in range(6):
            n = neighbour(h, d)
            cell = layout.cells.get(n)
            if cell is None or n in home_hexes:
                continue
            if not _coloured(borders[d]) and not _coloured(cell[1][opposite(d)]):
                count += 1
    return count


def home_placements(layout: Layout, tile_id: str, marker: tuple[Hex, Hex], min_borders: int = 0) -> list[TilePlacement]:
    """Rotations/offsets putting two of the home tile's areas on the marker (RW-4.8.1), obeying
    RW-4.5 (AMB-23) and, with ``min_borders``, the RW-4.7.2 border-touch rule for the final
    position (RW-4.8.3): the tile itself must meet the board across ``min_borders`` plain borders."""
    out: list[TilePlacement] = []
    other_markers = [m for m in layout.markers if m != marker]
    for rotation in range(6):
        local = [h for h, _, _ in _local_cells(tile_id, rotation)]
        for _i, hi in enumerate(local):
            offset = marker[0] - hi
            hexes = {h + offset for h in local}
            if marker[1] not in hexes:
                continue
            third = [h for h in hexes if h not in marker]
            if len(third) != 1:
                continue
            t = third[0]
            if t in layout.cells or any(t in m for m in other_markers):
                continue
            if any(t in hs for hs in layout.homes.values()):
                continue
            if not tile_legal(layout, tile_id, rotation, offset, home=True):  # AMB-23
                continue
            if min_borders and home_plain_touches(layout, tile_id, rotation, offset) < min_borders:  # RW-4.7.2
                continue
            p = TilePlacement(tile_id, offset.q, offset.r, rotation)
            if p not in out:
                out.append(p)
    return out


def homes_adjacent(homes: dict[int, list[Hex]]) -> bool:
    """RW-4.8.2: any two home realms share an edge."""
    seats = list(homes)
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            if any(direction_to(x, y) is not None for x in homes[a] for y in homes[b]):
                return True
    return False


# ---- the standard layout ----------------------------------------------------------------


def _compactness(layout: Layout, p: TilePlacement) -> int:
    cells = layout.cells
    return sum(
        1
        for _, _, edges in _shape(catalog(), p.tile, p.rotation)
        for _, nq, nr, _ in edges
        if (nq + p.q, nr + p.r) in cells
    )


def choose_compact(layout: Layout, options: list[TilePlacement], rng: Rng) -> TilePlacement:
    """The standard layout's pick: the most edges shared with the board, ties at random."""
    scores = [_compactness(layout, p) for p in options]
    best = max(scores)
    top = [p for p, score in zip(options, scores, strict=True) if score == best]
    return top[rng.below(len(top))]


def choose_marker(
    layout: Layout, options: list[tuple[tuple[Hex, Hex], bool]], rng: Rng
) -> tuple[tuple[Hex, Hex], bool]:
    """Prefer markers that keep the exception unused and lie far from the others."""

    table = _marker_table(layout)

    def score(o: tuple[tuple[Hex, Hex], bool]) -> tuple[int, int]:
        dists = [_distance(o[0], hexes, dist) or 99 for hexes, dist in table]
        return (0 if o[1] else 1, min(dists) if dists else 0)

    scores = [score(o) for o in options]
    best = max(scores)
    top = [o for o, found in zip(options, scores, strict=True) if found == best]
    return top[rng.below(len(top))]
