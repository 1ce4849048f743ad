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

from engine.core.hexgrid import Hex, direction_to, neighbour, neighbours, opposite
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
    cells = placed_cells(tile_id, rotation, offset)
    new_hexes = {h for h, _, _ in cells}
    if any(layout.occupied(h) for h in new_hexes) and not home:
        return "overlap"
    if not layout.cells:
        return None
    touching_new: set[Hex] = set()
    touching_old: set[Hex] = set()
    for h, _, borders in cells:
        for d in range(6):
            n = neighbour(h, d)
            old = layout.cells.get(n)
            if old is None:
                continue
            touching_new.add(h)
            touching_old.add(n)
            if _coloured(borders[d]) and _coloured(old[1][opposite(d)]):
                return "RW-4.5"
    if home:
        return None
    if len(touching_new) >= 2 and len(touching_old) >= 2:  # RW-4.4, AMB-13
        return None
    return "RW-4.4"


def legal_tile_placements(layout: Layout, tile_ids: list[str]) -> list[TilePlacement]:
    """Every legal (tile, rotation, offset); the first tile goes at the centre (RW-4.3)."""
    out: list[TilePlacement] = []
    seen: set[tuple[str, int, Hex]] = set()
    frontier = sorted({n for h in layout.cells for n in neighbours(h) if not layout.occupied(n)})
    for tile_id in tile_ids:
        for rotation in range(6):
            if not layout.cells:
                out.append(TilePlacement(tile_id, 0, 0, rotation))
                continue
            local = [h for h, _, _ in _local_cells(tile_id, rotation)]
            for spot in frontier:
                for lh in local:
                    offset = spot - lh
                    key = (tile_id, rotation, offset)
                    if key in seen:
                        continue
                    seen.add(key)
                    if tile_legal(layout, tile_id, rotation, offset):
                        out.append(TilePlacement(tile_id, offset.q, offset.r, rotation))
    return out


def place_tile(layout: Layout, tile_id: str, rotation: int, offset: Hex) -> None:
    for h, area_id, borders in placed_cells(tile_id, rotation, offset):
        layout.cells[h] = (area_id, borders)


# ---- home-realm markers (RW-4.7) ----------------------------------------------------


def _uncoloured_touches(layout: Layout, pair: tuple[Hex, Hex]) -> int:
    count = 0
    for h in pair:
        for d in range(6):
            n = neighbour(h, d)
            cell = layout.cells.get(n)
            if cell is not None and not _coloured(cell[1][opposite(d)]):
                count += 1
    return count


def board_distance(layout: Layout, a: tuple[Hex, Hex], b: tuple[Hex, Hex]) -> int | None:
    """AMB-22: shortest step count from a hex of ``a`` to a hex of ``b`` through board areas."""
    targets = set(b)
    seen = {h: 0 for h in a}
    queue = deque(a)
    while queue:
        cur = queue.popleft()
        for n in neighbours(cur):
            if n in seen:
                continue
            if n in targets:
                return seen[cur] + 1
            if n in layout.cells:
                seen[n] = seen[cur] + 1
                queue.append(n)
    return None


def marker_spacing_ok(layout: Layout, pair: tuple[Hex, Hex], spacing: int, exception_left: bool) -> tuple[bool, bool]:
    """RW-4.7.3/4.7.4: (legal, uses the one 3-area exception)."""
    uses = False
    for other in layout.markers:
        dist = board_distance(layout, pair, other)
        if dist is None or dist >= spacing:
            continue
        if dist >= spacing - 1 and exception_left and not uses:
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
            ok, uses = marker_spacing_ok(layout, pair, spacing, exception_left)
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
    return sum(1 for h, _, _ in placed_cells(p.tile, p.rotation, p.offset) for n in neighbours(h) if n in layout.cells)


def choose_compact(layout: Layout, options: list[TilePlacement], rng: Rng) -> TilePlacement:
    """The standard layout's pick: the most edges shared with the board, ties at random."""
    best = max(_compactness(layout, p) for p in options)
    top = [p for p in options if _compactness(layout, p) == best]
    return top[rng.below(len(top))]


def choose_marker(
    layout: Layout, options: list[tuple[tuple[Hex, Hex], bool]], rng: Rng
) -> tuple[tuple[Hex, Hex], bool]:
    """Prefer markers that keep the exception unused and lie far from the others."""

    def score(o: tuple[tuple[Hex, Hex], bool]) -> tuple[int, int]:
        dists = [board_distance(layout, o[0], m) or 99 for m in layout.markers]
        return (0 if o[1] else 1, min(dists) if dists else 0)

    best = max(score(o) for o in options)
    top = [o for o in options if score(o) == best]
    return top[rng.below(len(top))]
