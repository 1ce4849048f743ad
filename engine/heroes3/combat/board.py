"""Combat board geometry behind one interface (S.4), so naval and battlefield boards can follow.

The rules only ever ask a board four things: which spaces touch (adjacency, H3-33.4), how far
a unit can walk around obstacles (paths, H3-28.4), how far apart two spaces are (AI "nearest",
A-40) and which row or half a space is in (placement H3-32, ranged penalty H3-28.3.2, siege
protection H3-39.7). ``CombatBoard`` is that interface; ``GridBoard`` is the core 4 x 5 board.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Literal, Protocol

Cell = tuple[int, int]  # (column, row)
Row = Literal["back", "front", "middle"]


class CombatBoard(Protocol):
    name: str

    def cells(self) -> list[Cell]: ...
    def adjacent(self, cell: Cell) -> list[Cell]: ...
    def row(self, cell: Cell) -> Row: ...
    def half(self, cell: Cell) -> int | None: ...
    def deploy_cells(self, team: int) -> list[Cell]: ...
    def back_row(self, team: int) -> list[Cell]: ...
    def middle_row(self) -> list[Cell]: ...


class GridBoard:
    """H3-32.1: 4 columns, 5 rows: back, front, middle, front, back.

    Row 0 is the attacker's back row, 1 its front row, 2 the middle row, 3 the defender's
    front row and 4 its back row; team 0 is the attacker, team 1 the defender.
    """

    name = "standard"

    def __init__(self, cols: int = 4, rows: int = 5) -> None:
        self.cols = cols
        self.rows = rows
        self._cells = [(c, r) for r in range(rows) for c in range(cols)]

    def cells(self) -> list[Cell]:
        return list(self._cells)

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows

    def adjacent(self, cell: Cell) -> list[Cell]:
        """H3-33.4: orthogonal neighbours only."""
        c, r = cell
        out = [(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        return [x for x in out if self.on_board(x)]

    def row(self, cell: Cell) -> Row:
        r = cell[1]
        if r in (0, self.rows - 1):
            return "back"
        if r == self.rows // 2:
            return "middle"
        return "front"

    def half(self, cell: Cell) -> int | None:
        """The team whose half the space is in (None for the middle row)."""
        if cell[1] < self.rows // 2:
            return 0
        if cell[1] > self.rows // 2:
            return 1
        return None

    def deploy_cells(self, team: int) -> list[Cell]:
        """H3-32.2.1/H3-32.3: a side places in its own back and front rows."""
        return [cell for cell in self._cells if self.half(cell) == team]

    def back_row(self, team: int) -> list[Cell]:
        r = 0 if team == 0 else self.rows - 1
        return [(c, r) for c in range(self.cols)]

    def middle_row(self) -> list[Cell]:
        return [(c, self.rows // 2) for c in range(self.cols)]


def steps_from(
    board: CombatBoard, start: Cell, passable: Callable[[Cell], bool], limit: int | None = None
) -> dict[Cell, int]:
    """Breadth-first step counts from ``start`` through passable spaces (H3-28.4)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if limit is not None and seen[cell] >= limit:
            continue
        for nxt in board.adjacent(cell):
            if nxt not in seen and passable(nxt):
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    return seen


def square(cell: Cell) -> str:
    """A square as an option names its place on the board (``Option.at``), "column,row": the key the
    decision picture outlines (H3-32.1)."""
    return f"{cell[0]},{cell[1]}"


def manhattan(a: Cell, b: Cell) -> int:
    """Straight orthogonal distance, ignoring obstacles (flying units, A-40)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def reachable(
    board: CombatBoard,
    start: Cell,
    moves: int,
    blocked: Callable[[Cell], bool],
    may_stop: Callable[[Cell], bool],
    flying: bool,
) -> list[Cell]:
    """Spaces a unit may end on after up to ``moves`` orthogonal steps (H3-28.1/28.2/28.4).

    Walkers path through unblocked spaces; flyers ignore obstacles (H3-28.2) but, like
    walkers, must end on a space they may stop on.
    """
    if flying:
        cells: Iterable[Cell] = [c for c in board.cells() if manhattan(start, c) <= moves]
    else:
        cells = steps_from(board, start, lambda c: not blocked(c), moves)
    return sorted(c for c in cells if c != start and may_stop(c))


def path_distance(board: CombatBoard, start: Cell, goal: Cell, blocked: Callable[[Cell], bool]) -> int | None:
    """Walking distance from ``start`` to a space next to ``goal`` plus one (None if cut off)."""
    if goal in board.adjacent(start):
        return 1
    dist = steps_from(board, start, lambda c: not blocked(c))
    best = [dist[c] + 1 for c in board.adjacent(goal) if c in dist]
    return min(best) if best else None
