"""Building and upgrading towers (CS-7.3-7.12, CS-17.2.1-17.2.2, CS-19.1.3)."""

from __future__ import annotations

from itertools import permutations

from engine.core import Event
from engine.core.text import Ref, message

from ..board.geometry import groups_adjacent, neighbour_keys
from ..common import chip_refs, faction, occupied, tower_cap, tower_def
from ..content.models import TowerSide
from ..flow import need, new_id
from ..state import CsState, Tower
from ..supply import chips_fit, dice_fit, need_chips, need_dice

NO_TOWER = message("cs.build.refused.no_tower", "You have no such tower to build.")
NOT_UNLOCKED = message("cs.build.refused.not_unlocked", "That promoted tower needs its fortress advancement first.")
BAD_WELL = message("cs.build.refused.bad_well", "Towers are built on an uncovered source well within your influence.")
TOWER_CAP = message("cs.build.refused.tower_cap", "You already own {n} towers, the most allowed.")
TOO_POOR = message("cs.build.refused.too_poor", "That costs {cost} Source and you have {source}.")
BAD_ORDER = message("cs.build.refused.bad_order", "The chips under a new tower must be exactly its starting chips.")
NOT_YOURS = message("cs.build.refused.not_yours", "You can only upgrade your own towers.")
OVER_CAP = message("cs.build.refused.over_cap", "That tower cannot hold more chips.")
NO_CHIPS = message("cs.build.refused.no_chips", "Name at least one chip to add.")
MINING = message("cs.build.refused.mining", "This tower can only be built in the build phase.")
BUILT = message("cs.build.built", "Seat {seat} builds {tower} at {hex}.")
UPGRADED = message("cs.build.upgraded", "Seat {seat} adds {chips} to {tower} for {cost} Source.")


def influence(state: CsState, seat: int) -> set[str]:
    """CS-7.4: hex groups adjacent to the gate, holding a tower of the seat, or next to such a group."""
    groups: set[str] = {f"fort:{seat}"}
    gate = next(k for k, c in state.board.items() if c.gate == seat)
    for n in neighbour_keys(gate):
        c = state.board.get(n)
        if c is not None and c.fort is None and c.gate is None:
            groups.add(c.mat)
    for t in state.towers:
        if t.owner == seat:
            groups |= groups_adjacent(state.board, state.board[t.hex].mat)
    return groups


def free_wells(state: CsState, seat: int, *, anywhere: bool = False) -> list[str]:
    """Uncovered wells (CS-4.6.4) within influence; never another seat's fortress wells (CS-6.1)."""
    occ = occupied(state)
    groups = influence(state, seat)
    out = []
    for k, c in state.board.items():
        if not c.well or k in occ:
            continue
        if c.fort is not None and c.fort != seat:
            continue
        if anywhere or c.mat in groups:
            out.append(k)
    return sorted(out)


def unlocked(state: CsState, seat: int, type_id: str) -> bool:
    d = tower_def(state, seat, type_id, False)
    return d.promoted is not None and d.unlocked_by is not None and d.unlocked_by in state.pl[seat].advancements


def buildable(state: CsState, seat: int, *, limited: bool) -> list[tuple[str, bool, bool]]:
    """(type id, promoted, mercenary) of every tower the seat could pay for and place now."""
    p = state.pl[seat]
    out: list[tuple[str, bool, bool]] = []
    if sum(1 for t in state.towers if t.owner == seat) >= tower_cap(state):
        return out
    for t in faction(p.faction).towers:
        if p.barracks.get(t.id, 0) <= 0:
            continue
        for promoted in (False, True):
            if promoted and not unlocked(state, seat, t.id):
                continue
            s = t.promoted if promoted and t.promoted else t.basic
            if limited and any(x.id == "build_phase_only" for x in s.talents):
                continue
            if s.cost <= p.source and chips_fit(state, starting_chips(s)):  # CS-3.1: strict supply
                out.append((t.id, promoted, False))
    for chip in sorted(set(p.beside)):
        if not chip.startswith("tile:"):
            from ..common import market_chip

            if market_chip(chip).type == "merc_tower":
                if chips_fit(state, starting_chips(tower_def(state, seat, chip, True).basic)):
                    out.append((chip, False, True))
    return out


def starting_chips(s: TowerSide) -> list[str]:
    """The upgrade chips a tower side is built on (CS-7.1), in one order."""
    return ["attack"] * s.attack + ["range"] * s.range + ["defense"] * s.defense


def orders(state: CsState, seat: int, type_id: str, promoted: bool, merc: bool) -> list[list[str]]:
    d = tower_def(state, seat, type_id, merc)
    s = d.promoted if promoted and d.promoted else d.basic
    return [list(o) for o in sorted(set(permutations(starting_chips(s))))]


def build_tower(
    state: CsState,
    seat: int,
    type_id: str,
    promoted: bool,
    merc: bool,
    hex_key: str,
    order: list[str],
    *,
    limited: bool,
    free: bool = False,
    anywhere: bool = False,
    wells: list[str] | None = None,
) -> list[Event]:
    """Build one tower (CS-17.2.1); ``free`` for the landmark reward (AMB-47), ``wells`` to restrict the site."""
    p = state.pl[seat]
    owned = sum(1 for t in state.towers if t.owner == seat)
    need(owned < tower_cap(state), "CS-7.11", TOWER_CAP(n=owned))
    if merc:
        need(type_id in p.beside, "CS-17.2.1", NO_TOWER())
    else:
        need(p.barracks.get(type_id, 0) > 0, "CS-17.2.1", NO_TOWER())
        need(not promoted or unlocked(state, seat, type_id), "CS-7.1", NOT_UNLOCKED())
    d = tower_def(state, seat, type_id, merc)
    s = d.promoted if promoted and d.promoted else d.basic
    need(not limited or not any(x.id == "build_phase_only" for x in s.talents), "CS-19.1.3", MINING())
    allowed = wells if wells is not None else free_wells(state, seat, anywhere=anywhere)
    need(hex_key in allowed, "CS-7.3", BAD_WELL())
    need(order in orders(state, seat, type_id, promoted, merc), "CS-7.5.1", BAD_ORDER())
    need_chips(state, order)  # CS-3.1: its starting chips come from the shared pools (strict supply)
    cost = 0 if merc or free else s.cost
    need(cost <= p.source, "CS-6.4", TOO_POOR(cost=cost, source=p.source))
    p.source -= cost
    if merc:
        p.beside.remove(type_id)
    else:
        p.barracks[type_id] -= 1
    tower = Tower(
        tid=new_id(state, "T"),
        owner=seat,
        type_id=type_id,
        merc=merc,
        promoted=promoted,
        hex=hex_key,
        chips=list(order),
        start_chips=len(order),
        level_cap=s.level_cap,
    )
    state.towers.append(tower)
    name = Ref(kind="tower", id=type_id + (":promoted" if promoted else ""))
    return [Event.to_all("tower_built", BUILT(seat=seat + 1, tower=name, hex=hex_key), tower=tower.tid)]


def upgrade_cost(tower: Tower, chips: list[str]) -> int:
    """CS-7.12: attack or range costs the chip count after adding it; defense always 2 (RT-02)."""
    count = len(tower.chips)
    total = 0
    for c in chips:
        count += 1
        total += 2 if c == "defense" else count
    return total


def upgrade_tower(state: CsState, seat: int, tid: str, chips: list[str]) -> list[Event]:
    tower = next((t for t in state.towers if t.tid == tid), None)
    need(tower is not None and tower.owner == seat, "CS-17.2.2", NOT_YOURS())
    assert tower is not None
    need(bool(chips), "CS-17.2.2", NO_CHIPS())
    need(len(tower.chips) + len(chips) <= tower.start_chips + tower.level_cap, "CS-7.5.4", OVER_CAP())
    need_chips(state, chips)  # CS-3.1 (strict supply)
    need_dice(state, tower.chips.count("attack") + chips.count("attack"))
    cost = upgrade_cost(tower, chips)
    p = state.pl[seat]
    need(cost <= p.source, "CS-6.4", TOO_POOR(cost=cost, source=p.source))
    p.source -= cost
    tower.chips.extend(chips)  # CS-7.5.2: added at the bottom
    name = Ref(kind="tower", id=tower.type_id)
    return [Event.to_all("tower_upgraded", UPGRADED(seat=seat + 1, chips=chip_refs(chips), tower=name, cost=cost))]


def upgrade_choices(state: CsState, seat: int) -> list[tuple[str, list[str]]]:
    """Offered upgrades: one chip of each kind, or two attack chips, where room, Source and (under
    strict supply, CS-3.1) the shared pools and the tower attack dice allow."""
    out: list[tuple[str, list[str]]] = []
    for t in state.towers:
        if t.owner != seat:
            continue
        for chips in (["attack"], ["range"], ["defense"], ["attack", "attack"]):
            if len(t.chips) + len(chips) <= t.start_chips + t.level_cap:
                if upgrade_cost(t, chips) <= state.pl[seat].source and chips_fit(state, chips):
                    if dice_fit(state, t.chips.count("attack") + chips.count("attack")):
                        out.append((t.tid, chips))
    return out
