"""The map-building searches (RW-4.3 to RW-4.7) agree with the rules checked one placement at a time.

``legal_tile_placements`` and the marker searches take shortcuts for speed (issue 12: an automatic
map was ~30 ms of a press, paid by the bot and by every replay): tiles are tried as plain (q, r)
offsets against a precomputed board, and a pair's distance to each marker comes from one search per
marker. Each shortcut is checked here against the plain rule: ``tile_problem`` for every offset near
the board (RW-4.4, RW-4.5, no overlap) and ``board_distance``'s own breadth-first search (AMB-22),
on boards being built by hand and by the automatic map.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.core.hexgrid import Hex
from engine.runewars.setup import mapgen
from engine.runewars.setup.start import layout_of

RS = engine.ruleset("runewars")


def _boards(seed: str, players: int) -> list[Any]:
    """The layouts of one game's map as it is built by hand, tile by tile (RW-4.3), then its markers."""
    rng = random.Random(seed)
    state = RS.setup({"players": players}, seed)
    out = []
    for _ in range(80):
        prompt = next((p for p in RS.prompts(state) if p.waiting), None)
        if prompt is None or not prompt.rule.startswith(("RW-3.2", "RW-4")):
            break
        if prompt.rule.startswith("RW-4"):
            out.append((layout_of(state), dict(state.setup.get("tiles_in_hand") or {})))
        options = [o for o in prompt.options if o.action.get("type") != "rw_auto_map"] or prompt.options
        state, _ = RS.apply(state, prompt.seat, rng.choice(options).action)
    return out


@pytest.mark.parametrize(("seed", "players"), [("search-a", 2), ("search-b", 3), ("search-c", 4)])
def test_the_searches_agree_with_the_rules_one_placement_at_a_time(seed: str, players: int) -> None:
    boards = _boards(seed, players)
    assert len(boards) > players  # tiles were placed one by one
    for layout, hands in boards:
        tiles = sorted({t for hand in hands.values() for t in hand})
        if layout.cells and tiles:
            found = {(p.tile, p.rotation, p.q, p.r) for p in mapgen.legal_tile_placements(layout, tiles)}
            qs = [h.q for h in layout.cells]
            rs = [h.r for h in layout.cells]
            plain = {
                (t, rot, q, r)
                for t in tiles
                for rot in range(6)
                for q in range(min(qs) - 4, max(qs) + 5)
                for r in range(min(rs) - 4, max(rs) + 5)
                if mapgen.tile_problem(layout, t, rot, Hex(q, r)) is None
            }
            assert found == plain
        if layout.cells:
            pairs = [pair for pair, _ in mapgen.legal_markers(layout, 0, 1, False)]
            for pair in pairs[:12]:
                for other in layout.markers + pairs[-6:]:
                    if set(pair) & set(other):
                        continue
                    table = mapgen._marker_table(mapgen.Layout(layout.cells, [other]))
                    assert mapgen._distance(pair, *table[0]) == mapgen.board_distance(layout, pair, other)
