"""Axial hex helpers shared by the hex-map games."""

from engine.core.hexgrid import (
    DIRECTIONS,
    Hex,
    connected_components,
    direction_to,
    distance,
    edge_segment,
    neighbours,
    opposite,
    path,
    reachable,
    ring,
    rotate,
    spiral,
    to_pixel,
)


def test_neighbours_are_at_distance_one_and_directions_invert() -> None:
    origin = Hex(0, 0)
    for i, n in enumerate(neighbours(origin)):
        assert distance(origin, n) == 1
        assert direction_to(origin, n) == i
        assert direction_to(n, origin) == opposite(i)


def test_distance() -> None:
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(-2, 2), Hex(2, -2)) == 4


def test_rotation_six_times_is_identity_and_preserves_distance() -> None:
    h = Hex(2, -1)
    c = Hex(1, 1)
    assert rotate(h, 6, c) == h
    assert distance(rotate(h, 1, c), c) == distance(h, c)
    assert rotate(Hex(1, 0), 1) == DIRECTIONS[1]


def test_ring_and_spiral_sizes() -> None:
    assert len(ring(Hex(0, 0), 2)) == 12
    assert len(spiral(Hex(0, 0), 2)) == 19
    assert all(distance(h, Hex(0, 0)) == 2 for h in ring(Hex(0, 0), 2))


def test_reachable_respects_passability_and_pass_through() -> None:
    board = set(spiral(Hex(0, 0), 2))
    wall = Hex(1, 0)

    def passable(a: Hex, b: Hex) -> bool:
        return b in board and b != wall

    assert Hex(2, 0) not in reachable(Hex(0, 0), 2, passable)  # the wall costs a detour
    reach = reachable(Hex(0, 0), 3, passable)
    assert wall not in reach and reach[Hex(2, 0)] == 3
    blocked = Hex(0, 1)
    reach2 = reachable(Hex(0, 0), 2, lambda a, b: b in board, can_pass_through=lambda h: h != blocked)
    assert blocked in reach2  # may stop there
    assert Hex(0, 2) not in reach2  # the only 2-step route runs through the blocked hex
    around = reachable(Hex(0, 0), 3, lambda a, b: b in board, can_pass_through=lambda h: h != blocked)
    assert around[Hex(0, 2)] == 3  # around it via (1, 0) and (1, 1)


def test_path_finds_a_shortest_route_or_none() -> None:
    board = set(spiral(Hex(0, 0), 3))
    route = path(Hex(-2, 0), Hex(2, 0), lambda a, b: b in board)
    assert route is not None and route[0] == Hex(-2, 0) and route[-1] == Hex(2, 0) and len(route) == 5
    assert path(Hex(0, 0), Hex(9, 9), lambda a, b: b in board) is None


def test_connected_components() -> None:
    parts = connected_components([Hex(0, 0), Hex(1, 0), Hex(5, 5)])
    assert sorted(len(p) for p in parts) == [1, 2]


def test_edge_segment_lies_between_the_two_centres() -> None:
    a = Hex(0, 0)
    for d in range(6):
        (x1, y1), (x2, y2) = edge_segment(a, d)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        ax, ay = to_pixel(a)
        bx, by = to_pixel(neighbours(a)[d])
        assert abs(mx - (ax + bx) / 2) < 1e-9 and abs(my - (ay + by) / 2) < 1e-9
