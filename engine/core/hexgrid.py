"""Axial hex coordinates shared by Runewars, Cloudspire and Heroes III.

Axial (q, r) with the implied cube coordinate s = -q - r, as in Red Blob Games'
guide: distance and rotation are one-liners there, and every map file stores two
integers per hex. Direction 0 is east (+q) and directions turn counter-clockwise,
so edge ``i`` of a hex faces ``neighbour(h, i)``; "counter-clockwise" as seen on
screen, where y grows downward (``to_pixel``).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        assert isinstance(other, Hex)
        return _hex((self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)


# ``tuple.__new__`` skips the NamedTuple's Python-level ``__new__``: map generation and path
# searches build hexes by the ten thousand (a Runewars auto-map, RW-4.3, about 15 000 per press).
_new_tuple = tuple.__new__


def _hex(qr: tuple[int, int]) -> Hex:
    return _new_tuple(Hex, qr)


ORIGIN = Hex(0, 0)  # the default centre of rotation


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def neighbour(h: Hex, direction: int) -> Hex:
    return h + DIRECTIONS[direction % 6]


_DELTAS: tuple[tuple[int, int], ...] = tuple((d.q, d.r) for d in DIRECTIONS)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [_hex((q + dq, r + dr)) for dq, dr in _DELTAS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The edge of ``a`` that touches ``b``, or None when they are not adjacent."""
    delta = b - a
    for i, d in enumerate(DIRECTIONS):
        if d == delta:
            return i
    return None


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` by ``steps`` sixths of a turn counter-clockwise around ``center``."""
    rel = h - center
    q, r, s = rel.q, rel.r, rel.s
    for _ in range(steps % 6):
        q, r, s = -s, -q, -r
    return Hex(q, r) + center


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    results: list[Hex] = []
    h = center + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = neighbour(h, side)
    return results


def spiral(center: Hex, radius: int) -> list[Hex]:
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


Passable = Callable[[Hex, Hex], bool]


def reachable(
    start: Hex, steps: int, passable: Passable, *, can_pass_through: Callable[[Hex], bool] | None = None
) -> dict[Hex, int]:
    """Every hex reachable in at most ``steps`` moves, with its distance.

    ``passable(a, b)`` says whether a single step from a to b is allowed (terrain,
    borders, map edge). ``can_pass_through(h)`` says whether a move may continue
    beyond ``h`` (Runewars: only through friendly or empty areas); the hex itself may
    still be a destination.
    """
    seen: dict[Hex, int] = {start: 0}
    frontier: deque[Hex] = deque([start])
    while frontier:
        current = frontier.popleft()
        cost = seen[current]
        if cost >= steps:
            continue
        if current != start and can_pass_through is not None and not can_pass_through(current):
            continue
        for nxt in neighbours(current):
            if nxt in seen or not passable(current, nxt):
                continue
            seen[nxt] = cost + 1
            frontier.append(nxt)
    return seen


def path(start: Hex, goal: Hex, passable: Passable, *, limit: int | None = None) -> list[Hex] | None:
    """A shortest path from start to goal (both included), or None."""
    previous: dict[Hex, Hex | None] = {start: None}
    frontier: deque[tuple[Hex, int]] = deque([(start, 0)])
    while frontier:
        current, cost = frontier.popleft()
        if current == goal:
            out = [current]
            step = previous[current]
            while step is not None:
                out.append(step)
                step = previous[step]
            return out[::-1]
        if limit is not None and cost >= limit:
            continue
        for nxt in neighbours(current):
            if nxt in previous or not passable(current, nxt):
                continue
            previous[nxt] = current
            frontier.append((nxt, cost + 1))
    return None


def connected_components(cells: Iterable[Hex]) -> list[set[Hex]]:
    remaining = set(cells)
    parts: list[set[Hex]] = []
    while remaining:
        seed = remaining.pop()
        part = {seed}
        stack = [seed]
        while stack:
            h = stack.pop()
            for n in neighbours(h):
                if n in remaining:
                    remaining.discard(n)
                    part.add(n)
                    stack.append(n)
        parts.append(part)
    return parts


def to_pixel(h: Hex, size: float = 1.0, *, pointy: bool = True) -> tuple[float, float]:
    """Centre of a hex in a y-down-agnostic plane (renderers flip y as they need)."""
    if pointy:
        x = size * math.sqrt(3) * (h.q + h.r / 2)
        y = size * 1.5 * h.r
    else:
        x = size * 1.5 * h.q
        y = size * math.sqrt(3) * (h.r + h.q / 2)
    return x, y


def corners(h: Hex, size: float = 1.0, *, pointy: bool = True) -> list[tuple[float, float]]:
    cx, cy = to_pixel(h, size, pointy=pointy)
    offset = 30 if pointy else 0
    pts = []
    for i in range(6):
        angle = math.radians(60 * i - offset)
        pts.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return pts


def iter_edges(cells: Iterable[Hex]) -> Iterator[tuple[Hex, int, Hex]]:
    """Each shared edge between two of ``cells`` once, as (a, direction, b)."""
    cellset = set(cells)
    for h in cellset:
        for i in range(3):
            n = neighbour(h, i)
            if n in cellset:
                yield h, i, n


def edge_segment(h: Hex, direction: int, size: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of the edge of a pointy hex facing ``direction``.

    Renderers draw mountain and water borders with it. Screen coordinates (y grows
    downward), in which direction 0 is east and 1 north-east.
    """
    cx, cy = to_pixel(h, size)
    mid = -60.0 * direction
    pts = []
    for delta in (-30.0, 30.0):
        angle = math.radians(mid + delta)
        pts.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return pts[0], pts[1]
