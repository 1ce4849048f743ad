"""The tutorial fixture map (DATA-13): the rulebook's figure is not in the text, so this map
reproduces the relations the tutorial states (TC-n) on a straight corridor between the gates.

Axial hexes, the Brawnen (seat 0) gate at ``0,0`` facing east, the Grovetenders (seat 1) gate at
``12,0`` facing west, a winding path between them (``PATH``), forest and plains rows either side.
Three isles: ``isle:2`` next to the Brawnen gate (q 1-3), the central ``isle:1`` (q 4-8) and
``isle:3`` next to the Grovetenders gate (q 9-11). Landmarks on their wells (CS-5.9.6):

| hex | chip | category | tutorial |
| --- | --- | --- | --- |
| 1,1 | scarab | swamp | L1, nearest swamp to the B gate, adjacent to both B units after round 1 |
| 11,-1 | bounty_hunter | swamp | L2, nearest swamp to the G gate |
| 10,1 | hydra | ruins | L3, adjacent to the G minions after round 1 |
| 2,2 | portal | temple | L4 |
| 8,1 | source_peddler | swamp | L5 |
| 6,0 | wild_drake | drake | L6, central isle, within 2 of Dywen and next to the Porcupine in round 3 |
| 3,2 | vile_drake | relic site | L7, out of the Berserker's reach in round 4 |
| 6,2 | grail_vipers | ruins | untouched all wave |

Further wells: ``10,2`` (empty, isle 3: the Grovetenders' limited build of TC-45) and two
fortress wells per seat (CS-6.1).
"""

from __future__ import annotations

from engine.cloudspire.board.geometry import Board, Cell
from engine.cloudspire.state import CsState, Landmark

B_GATE = "0,0"
G_GATE = "12,0"

LANDMARKS: dict[str, str] = {
    "1,1": "scarab",
    "11,-1": "bounty_hunter",
    "10,1": "hydra",
    "2,2": "portal",
    "8,1": "source_peddler",
    "6,0": "wild_drake",
    "3,2": "vile_drake",
    "6,2": "grail_vipers",
}
LIDS: dict[str, str] = {
    "scarab": "L0101",
    "bounty_hunter": "L0102",
    "hydra": "L0103",
    "portal": "L0104",
    "source_peddler": "L0105",
    "wild_drake": "L0106",
    "vile_drake": "L0107",
    "grail_vipers": "L0108",
}
FOREST = {"11,1", "3,-1", "7,-1", "9,-1"}
EXTRA_WELLS = {"10,2"}
# The path: it bends round 3,0 so that the Slinger ends round 2 within 2 of the Scarab (TC-31), and
# runs round the Source Peddler (8,1) so that the Elk is next to it before and after a 2-hex move (TC-34, TC-39).
PATH = {"1,0", "2,0", "2,1", "3,1", "4,1", "5,1", "6,1", "7,1", "8,0", "9,0", "10,0", "11,0"}


def _isle(q: int) -> str:
    return "isle:2" if q <= 3 else "isle:1" if q <= 8 else "isle:3"


def tutorial_board() -> Board:
    board: Board = {
        B_GATE: Cell(t="P", mat="fort:0", gate=0),
        "-1,0": Cell(t="P", mat="fort:0", fort=0),
        "-1,1": Cell(t="P", mat="fort:0", fort=0, well=True),
        "0,-1": Cell(t="P", mat="fort:0", fort=0, well=True),
        G_GATE: Cell(t="P", mat="fort:1", gate=1),
        "13,0": Cell(t="P", mat="fort:1", fort=1),
        "13,-1": Cell(t="P", mat="fort:1", fort=1, well=True),
        "12,1": Cell(t="P", mat="fort:1", fort=1, well=True),
    }
    for q in range(1, 12):
        for r in (-1, 0, 1, 2):
            k = f"{q},{r}"
            terrain = "P" if k in PATH else "F" if k in FOREST else "G"
            board[k] = Cell(t=terrain, mat=_isle(q), well=k in LANDMARKS or k in EXTRA_WELLS)
    # the gates' third exposed sides (CS-5.6 b) and room in front of the G gate for tile #11 (TC-10)
    board["0,1"] = Cell(t="G", mat="isle:2")
    board["12,-1"] = Cell(t="P", mat="isle:3")
    board["12,-2"] = Cell(t="G", mat="isle:3")
    board["11,-2"] = Cell(t="G", mat="isle:3")
    board["13,-2"] = Cell(t="G", mat="isle:3")
    return board


# The rulebook's figure has a second lane (TC-46, TC-47): on the single-lane corridor the opposing
# minions block each other in round 4 (CS-9.5). This lane runs along the north edge, from the path
# next to the B gate (1,0) to the path before the G gate (8,0); opened for round 4 only, because on
# the first turns it would give the minions of TC-19 and TC-35 further equal choices.
NORTH_LANE = ("1,-1", "2,-1", "3,-1", "4,-1", "5,-1", "6,-1", "7,-1", "8,-1")
# Where the figure has the units when G's round-4 turn starts (TC-45 built; TC-46 moves next).
ROUND_FOUR_G = {"war_briar": "6,-1", "treed": "8,0", "dywen": "7,0", "battleborn": "5,1", "awsh": "4,1"}


def open_north_lane(state: CsState) -> None:
    """Turn the north edge of the corridor into path (the figure's second lane, DATA-13)."""
    for k in NORTH_LANE:
        state.board[k] = state.board[k].model_copy(update={"t": "P"})


def install(state: CsState) -> None:
    """Put the fixture map, its landmarks and the tutorial market (TC-04) into a set-up game."""
    state.board = tutorial_board()
    state.units, state.towers = [], []
    state.landmarks = [Landmark(lid=LIDS[chip], chip=chip, hex=k) for k, chip in LANDMARKS.items()]
    state.lm_unplaced = [c for c in state.lm_unplaced if c not in LANDMARKS.values()]
    market = state.market
    market.supply = [c for c in market.supply + market.faceup if c != "brick_and_mortars"]
    market.faceup = ["brick_and_mortars", market.supply.pop(), market.supply.pop()]
    market.tiles = [t for t in ([market.tile] if market.tile else []) + market.tiles if t != 11]
    market.tile = 11
