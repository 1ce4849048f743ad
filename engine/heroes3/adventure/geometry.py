"""Map geometry of 7-hex tiles (H3-22.9): which field is where, who can step where, and where a
tile may go (H3-23.3).

Fields are axial hexes; a placed tile covers its centre and the six fields around it, turned by
its rotation (content/clash.py: ``field_hex``). Borders are stored per tile in tile-local
orientation (field index, edge 0..5 clockwise from north-east) and turned with the tile.
"""

from __future__ import annotations

from ..clash.state import ClashState, Coord, PlacedTile
from ..content.clash import FIELD_OFFSETS, TILE_DIRECTIONS, Location, TileField, clash_content, field_hex, rotate

DIRECTIONS: tuple[Coord, ...] = FIELD_OFFSETS[1:]  # the six axial neighbours, clockwise from north-east


def neighbours(pos: Coord) -> list[Coord]:
    return [(pos[0] + d[0], pos[1] + d[1]) for d in DIRECTIONS]


def tile_fields(tile: PlacedTile) -> list[Coord]:
    """The 7 map hexes of ``tile``, in field-index order."""
    return [field_hex(tile.centre, i, tile.rotation) for i in range(7)]


_LAYOUTS: dict[tuple[tuple[Coord, int], ...], dict[Coord, tuple[int, int]]] = {}


def index(state: ClashState) -> dict[Coord, tuple[int, int]]:
    """Map hex -> (position in ``state.tiles``, field index). Cached by the tiles' positions and
    rotations: the map changes rarely, and every move, view and check asks it."""
    key = tuple((t.centre, t.rotation) for t in state.tiles)
    out = _LAYOUTS.get(key)
    if out is None:
        out = {}
        for ti, tile in enumerate(state.tiles):
            for fi, pos in enumerate(tile_fields(tile)):
                out[pos] = (ti, fi)
        if len(_LAYOUTS) > 512:
            _LAYOUTS.clear()
        _LAYOUTS[key] = out
    return out


def tile_at(state: ClashState, pos: Coord) -> tuple[PlacedTile, int] | None:
    found = index(state).get(pos)
    if found is None:
        return None
    return state.tiles[found[0]], found[1]


def printed(state: ClashState, pos: Coord) -> TileField | None:
    """The printed field at ``pos`` of a face-up tile (None off the map or face down: H-9)."""
    found = tile_at(state, pos)
    if found is None or not found[0].face_up:
        return None
    return clash_content().tiles[found[0].tile].field(found[1])


def location(state: ClashState, pos: Coord) -> Location | None:
    f = printed(state, pos)
    return None if f is None else clash_content().locations[f.location]


def enterable(state: ClashState, pos: Coord) -> bool:
    """On a face-up tile and not blocked (H3-22.8)."""
    f = printed(state, pos)
    return f is not None and not f.blocked


def _bordered(state: ClashState, a: Coord, b: Coord) -> bool:
    """H3-22.7: a solid yellow line on the edge between ``a`` and ``b`` (seen from either side)."""
    for here, there in ((a, b), (b, a)):
        found = tile_at(state, here)
        if found is None:
            continue
        tile, fi = found
        borders = clash_content().tiles[tile.tile].borders
        if not borders:
            continue
        d = (there[0] - here[0], there[1] - here[1])
        for bf, edge in borders:
            if bf == fi and rotate(DIRECTIONS[edge], tile.rotation) == d:
                return True
    return False


def step_ok(state: ClashState, a: Coord, b: Coord) -> bool:
    """One move from ``a`` to the adjacent ``b``: enterable and no border between (H3-9.2.1)."""
    return b in neighbours(a) and enterable(state, b) and not _bordered(state, a, b)


def tile_slots_touching(state: ClashState, centre: Coord) -> list[PlacedTile]:
    placed = {t.centre: t for t in state.tiles}
    return [placed[n] for n in ((centre[0] + d[0], centre[1] + d[1]) for d in TILE_DIRECTIONS) if n in placed]


def _open_pairs(
    state: ClashState, candidate: PlacedTile, neighbour: PlacedTile, fields: dict[Coord, TileField]
) -> bool:
    """Some unblocked field of ``candidate`` borders an unblocked field of ``neighbour`` without a
    yellow line between them (the connectivity part of H3-23.3)."""
    theirs = set(tile_fields(neighbour))
    for pos, f in fields.items():
        if f.blocked:
            continue
        for n in neighbours(pos):
            if n in theirs and (neighbour.face_up is False or enterable(state, n)):
                return True
    return False


def placement_ok(state: ClashState, candidate: PlacedTile, hero: Coord | None, min_touch: int = 2) -> bool:
    """H3-23.3: adjacent to the hero (if one placed it), touching ``min_touch`` tiles, connected to
    each face-up tile it touches. A pre-positioned tile being revealed passes ``min_touch=0``."""
    if any(t.centre == candidate.centre for t in state.tiles) and min_touch:
        return False
    touching = [t for t in tile_slots_touching(state, candidate.centre) if t.centre != candidate.centre]
    if len(touching) < min_touch:
        return False
    spec = clash_content().tiles[candidate.tile]
    fields = {pos: spec.field(i) for i, pos in enumerate(tile_fields(candidate))}
    if hero is not None and not any(n in fields for n in neighbours(hero)):
        return False
    return all(_open_pairs(state, candidate, t, fields) for t in touching if t.face_up)


def new_tile_slots(state: ClashState, hero: Coord) -> list[Coord]:
    """Empty tile-lattice points whose tile would be adjacent to ``hero`` (H3-23.2)."""
    placed = {t.centre for t in state.tiles}
    out: set[Coord] = set()
    for t in state.tiles:
        for d in TILE_DIRECTIONS:
            c = (t.centre[0] + d[0], t.centre[1] + d[1])
            if c in placed:
                continue
            if any(n in {field_hex(c, i) for i in range(7)} for n in neighbours(hero)):
                out.add(c)
    return sorted(out)
