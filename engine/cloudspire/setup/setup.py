"""Setup steps: faction picks (P-1), isle reveals and orientation (P-2), fortress placement (P-3),
swamp landmark ties (P-4), then the automatic landmark, market and deck setup (CS-5.9-5.11)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, Step
from engine.core.hexgrid import Hex, neighbours, ring
from engine.core.text import Ref, message

from ..board.geometry import ISLE_SHAPE, RING, Cell, bfs, fortress_cells, isle_cells, key, ring_adjacent, unkey
from ..common import CONTENT, faction, landmark_def, turn_order
from ..flow import FLOW, need, new_id, push
from ..state import CsState, Landmark

PICK_FACTION = message("cs.setup.pick_faction", "Choose your faction.")
FACTION_PICKED = message("cs.setup.faction_picked", "Seat {seat} plays the {faction}.")
FACTION_NAME = message("cs.setup.faction_name", "{faction}")
FACTION_TAKEN = message("cs.setup.refused.faction_taken", "That faction is taken or unknown.")
CHOOSE_ISLE = message("cs.setup.choose_isle", "Choose a face-down island to reveal.")
ISLE_SLOT = message("cs.setup.isle_slot", "Ring position {slot}")
BAD_SLOT = message("cs.setup.refused.bad_slot", "You may not reveal that island now.")
ORIENT = message("cs.setup.orient", "Turn island {isle} so that its paths meet the central island's paths.")
ROTATION = message("cs.setup.rotation", "Rotation {rotation}")
BAD_ROTATION = message("cs.setup.refused.bad_rotation", "That orientation does not connect the paths.")
ISLE_REVEALED = message("cs.setup.isle_revealed", "Seat {seat} reveals island {isle} at ring position {slot}.")
PLACE_FORTRESS = message("cs.setup.place_fortress", "Attach your fortress to island {isle}.")
GATE_AT = message("cs.setup.gate_at", "Gate at {hex}")
BAD_FORTRESS = message("cs.setup.refused.bad_fortress", "The fortress cannot go there.")
FORTRESS_PLACED = message("cs.setup.fortress_placed", "Seat {seat} attaches the fortress with its gate at {hex}.")
SWAMP_TIE = message(
    "cs.setup.swamp_tie", "Two source wells are equally near your gate: which one gets the swamp landmark?"
)
WELL_AT = message("cs.setup.well_at", "Well at {hex}")
BAD_WELL = message("cs.setup.refused.bad_well", "That well is not one of the nearest.")
LANDMARKS_PLACED = message(
    "cs.setup.landmarks_placed", "The landmarks are placed face down on the island source wells."
)


def isle_terrain(isle: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    for d in CONTENT.isles:
        if d.id == isle:
            return tuple(d.terrain), d.wells
    raise KeyError(isle)


def lay_isle(state: CsState, isle: int, anchor: Hex, rotation: int) -> None:
    terrain, wells = isle_terrain(isle)
    for h, i in isle_cells(anchor, rotation):
        state.board[key(h)] = Cell(t=terrain[i], well=i in wells, mat=f"isle:{isle}")


def footprint(slot: int) -> set[str]:
    return {key(h + RING[slot]) for h in ISLE_SHAPE}


def all_footprints() -> set[str]:
    out = {key(h) for h in ISLE_SHAPE}
    for s in range(6):
        out |= footprint(s)
    return out


def reveal_plan(state: CsState) -> None:
    """Queue the reveal decisions in the order CS-5.5.4 (2 players) or CS-22.1 (3-4 players) gives."""
    order = turn_order(state)
    steps: list[Step] = []
    if state.players == 2:
        first, second = order
        plan = [(second, True), (first, True), (second, False), (first, False), (second, False), (first, False)]
    else:
        ccw = [order[-1]] + list(reversed(order[:-1]))
        plan = [(s, True) for s in ccw]
        rest = 6 - len(ccw)
        last = ccw[-1]
        i = ccw.index(last)
        cycle = ccw[i:] + ccw[:i]
        plan += [(cycle[j % len(cycle)], False) for j in range(rest)]
    for seat, fortress in plan:
        steps.append(FLOW.new(state, "choose_isle", seat, fortress=fortress))
    FLOW.push(state, *steps)


def candidate_slots(state: CsState, st: Step) -> list[int]:
    down = [s for s in range(6) if not state.revealed[s]]
    seat = int(st.seat or 0)
    if not st.data.get("fortress"):
        return down
    placed = list(state.fortress_slot.values())
    if state.players == 2:
        # CS-5.5.4 step 2: not adjacent to the island of the first fortress.
        return [s for s in down if not any(ring_adjacent(s, p) or s == p for p in placed)] or down
    if not placed:
        return down  # CS-22.1.4: the first revealer picks freely
    prev = state.fortress_slot[[x for x in state.fortress_slot if x != seat][-1]]
    walk = [(prev - k) % 6 for k in range(1, 6)]  # counter-clockwise (AMB-17)
    n = 3 if state.players == 3 else 2
    return [s for s in walk if not state.revealed[s]][:n] or down


@FLOW.decision("choose_isle", "choose_isle")
def choose_isle_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    opts = [Option.of(ISLE_SLOT(slot=s + 1), {"type": "choose_isle", "slot": s}) for s in candidate_slots(state, st)]
    return [Prompt.ask(seat, st.key, "CS-5.5.4", CHOOSE_ISLE(), options=opts)]


@FLOW.applies("choose_isle")
def choose_isle(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    need(action.slot in candidate_slots(state, st), "CS-5.5.4", BAD_SLOT())
    FLOW.done(state, st)
    isle = state.ring[action.slot]
    assert isle is not None
    state.revealed[action.slot] = True
    push(state, "orient", seat, slot=action.slot, fortress=bool(st.data.get("fortress")))
    return [Event.to_all("isle_revealed", ISLE_REVEALED(seat=seat + 1, isle=isle, slot=action.slot + 1), reveals=True)]


def connected_rotations(state: CsState, slot: int) -> list[int]:
    """Rotations whose path hexes join the central island's path network (CS-5.5.3)."""
    isle = state.ring[slot]
    assert isle is not None
    good: list[int] = []
    center_paths = [unkey(k) for k, c in state.board.items() if c.mat == "isle:1" and c.t == "P"]
    for rot in range(6):
        trial = dict(state.board)
        terrain, wells = isle_terrain(isle)
        for h, i in isle_cells(RING[slot], rot):
            trial[key(h)] = Cell(t=terrain[i], well=i in wells, mat=f"isle:{isle}")
        reach = bfs(trial, center_paths, lambda h, c: c.t == "P" and c.gate is None and c.fort is None)
        if any(trial[k].mat == f"isle:{isle}" for k in reach):
            good.append(rot)
    return good or list(range(6))


@FLOW.decision("orient", "orient")
def orient_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat, slot = int(st.seat or 0), int(st.data["slot"])
    opts = [
        Option.of(ROTATION(rotation=r), {"type": "orient", "rotation": r}) for r in connected_rotations(state, slot)
    ]
    return [Prompt.ask(seat, st.key, "CS-5.5.3", ORIENT(isle=state.ring[slot] or 0), options=opts)]


@FLOW.applies("orient")
def orient(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    slot = int(st.data["slot"])
    need(action.rotation in connected_rotations(state, slot), "CS-5.5.3", BAD_ROTATION())
    FLOW.done(state, st)
    isle = state.ring[slot]
    assert isle is not None
    state.ring_rot[slot] = action.rotation
    lay_isle(state, isle, RING[slot], action.rotation)
    if st.data.get("fortress"):
        push(state, "fortress", seat, slot=slot)
    return []


def fortress_options(state: CsState, slot: int) -> list[tuple[str, int]]:
    """(gate key, facing) pairs meeting CS-5.6 (a)-(c) on the isle at ``slot`` (AMB-15)."""
    taken = all_footprints() | set(state.board)
    out: list[tuple[str, int]] = []
    for g in ring(RING[slot], 2):
        if key(g) in taken:
            continue
        for facing in range(6):
            front, back = fortress_cells(g, facing)
            cells = [state.board.get(key(h)) for h in front]
            if any(c is None or not c.mat.startswith("isle:") for c in cells):
                continue
            if not any(c is not None and c.t == "P" for c in cells):
                continue
            if any(key(h) in taken for h in back):
                continue
            out.append((key(g), facing))
    # Prefer gates whose path reaches the centre's paths, so minions can march (CS-9.3).
    center = [unkey(k) for k, c in state.board.items() if c.mat == "isle:1" and c.t == "P"]
    reach = bfs(state.board, center, lambda h, c: c.t == "P" and c.gate is None and c.fort is None)
    good = [
        (g, f)
        for g, f in out
        if any(key(h) in reach for h in fortress_cells(unkey(g), f)[0] if state.board[key(h)].t == "P")
    ]
    return good or out


@FLOW.decision("fortress", "place_fortress")
def fortress_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat, slot = int(st.seat or 0), int(st.data["slot"])
    opts = [
        Option.of(GATE_AT(hex=g), {"type": "place_fortress", "gate": g, "facing": f}, at=g)
        for g, f in fortress_options(state, slot)
    ]
    return [Prompt.ask(seat, st.key, "CS-5.6", PLACE_FORTRESS(isle=state.ring[slot] or 0), options=opts)]


@FLOW.applies("fortress")
def place_fortress(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    slot = int(st.data["slot"])
    need((action.gate, action.facing) in fortress_options(state, slot), "CS-5.6", BAD_FORTRESS())
    FLOW.done(state, st)
    g = unkey(action.gate)
    _front, back = fortress_cells(g, action.facing)
    state.board[action.gate] = Cell(t="P", mat=f"fort:{seat}", gate=seat)
    for i, h in enumerate(back):
        state.board[key(h)] = Cell(t="P", well=i != 1, mat=f"fort:{seat}", fort=seat)
    state.fortress_slot[seat] = slot
    return [Event.to_all("fortress_placed", FORTRESS_PLACED(seat=seat + 1, hex=action.gate))]


# ---- landmarks (CS-5.9) ---------------------------------------------------------------------
def island_wells_free(state: CsState) -> list[str]:
    taken = {lm.hex for lm in state.landmarks}
    return [k for k, c in state.board.items() if c.well and c.mat.startswith("isle:") and k not in taken]


def nearest_wells(state: CsState, seat: int) -> list[str]:
    g = next(unkey(k) for k, c in state.board.items() if c.gate == seat)
    dist = bfs(state.board, [g], lambda h, c: True)
    free = [k for k in island_wells_free(state) if k in dist]
    if not free:
        return []
    best = min(dist[k] for k in free)
    return sorted(k for k in free if dist[k] == best)


def place_landmark(state: CsState, chip: str, hex_key: str) -> None:
    state.landmarks.append(Landmark(lid=new_id(state, "L"), chip=chip, hex=hex_key))


@FLOW.auto("landmarks")
def landmarks(state: CsState, st: Step) -> list[Event]:
    """Swamps go to each gate's nearest island well (ties asked, P-4), then the rest at random."""
    pending = [int(s) for s in st.data.get("gates", [])]
    while pending:
        seat = pending.pop(0)
        wells = nearest_wells(state, seat)
        if len(wells) > 1:
            push(state, "landmarks", None, gates=pending)
            push(state, "swamp_tie", seat, wells=wells)
            return []
        if wells:
            place_landmark(state, state.lm_unplaced.pop(_swamp_index(state)), wells[0])
    rest = list(state.lm_unplaced)
    state.rng.shuffle(rest)
    for hex_key in island_wells_free(state):
        if rest:
            place_landmark(state, rest.pop(), hex_key)
    state.lm_unplaced = rest
    return [Event.to_all("landmarks_placed", LANDMARKS_PLACED())]


def _swamp_index(state: CsState) -> int:
    swamps = [i for i, c in enumerate(state.lm_unplaced) if landmark_def(c).category == "swamp"]
    return swamps[state.rng.below(len(swamps))]


@FLOW.decision("swamp_tie", "choose_well")
def swamp_tie_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    opts = [Option.of(WELL_AT(hex=w), {"type": "choose_well", "hex": w}, at=w) for w in st.data["wells"]]
    return [Prompt.ask(seat, st.key, "CS-5.9.3", SWAMP_TIE(), options=opts)]


@FLOW.applies("swamp_tie")
def swamp_tie(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    need(action.hex in st.data["wells"], "CS-5.9.3", BAD_WELL())
    FLOW.done(state, st)
    place_landmark(state, state.lm_unplaced.pop(_swamp_index(state)), action.hex)
    return []


# ---- factions (P-1) -------------------------------------------------------------------------
FACTIONS = ("brawnen", "grovetenders", "heirs", "narora")


@FLOW.decision("pick_faction", "pick_faction")
def pick_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    taken = {p.faction for p in state.pl}
    opts = [
        Option.of(FACTION_NAME(faction=Ref(kind="faction", id=f)), {"type": "pick_faction", "faction": f})
        for f in FACTIONS
        if f not in taken
    ]
    return [Prompt.ask(seat, st.key, "CS-2.4", PICK_FACTION(), options=opts)]


@FLOW.applies("pick_faction")
def pick_faction(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    taken = {p.faction for p in state.pl}
    need(action.faction in FACTIONS and action.faction not in taken, "CS-2.4", FACTION_TAKEN())
    FLOW.done(state, st)
    give_kit(state, seat, action.faction)
    return [Event.to_all("faction", FACTION_PICKED(seat=seat + 1, faction=Ref(kind="faction", id=action.faction)))]


def give_kit(state: CsState, seat: int, fid: str) -> None:
    """CS-5.3-5.8: barracks, gate at 10, Source 0, starting dice."""
    p = state.pl[seat]
    f = faction(fid)
    p.faction = fid
    p.barracks = {u.id: u.copies for u in f.units}
    p.barracks.update({t.id: t.copies for t in f.towers})
    p.dice = list(f.starting_dice)
    p.gate_hp = p.gate_max = 10
    p.source = 0


def neighbours_keys(k: str) -> list[str]:
    return [key(n) for n in neighbours(unkey(k))]
