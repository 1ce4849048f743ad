"""Lookups shared by the rule modules: content of a unit or tower, occupancy, who is an enemy."""

from __future__ import annotations

from engine.core.hexgrid import Hex
from engine.core.text import Ref

from .board.geometry import key, unkey
from .content import Content, load_content
from .content.models import FactionDef, LandmarkDef, MarketChip, TowerDef, TowerSide, UnitDef, UnitSide
from .state import CsState, Landmark, Tower, Unit

CONTENT: Content = load_content()


def faction(fid: str) -> FactionDef:
    for f in CONTENT.factions:
        if f.id == fid:
            return f
    raise KeyError(fid)


def market_chip(cid: str) -> MarketChip:
    for c in CONTENT.market:
        if c.id == cid:
            return c
    raise KeyError(cid)


def landmark_def(chip: str) -> LandmarkDef:
    for lm in CONTENT.landmarks:
        if lm.id == chip:
            return lm
    raise KeyError(chip)


def unit_def(state: CsState, owner: int, type_id: str, merc: bool) -> UnitDef:
    if merc:
        chip = market_chip(type_id)
        assert chip.unit is not None
        return chip.unit
    for u in faction(state.pl[owner].faction).units:
        if u.id == type_id:
            return u
    raise KeyError(type_id)


def tower_def(state: CsState, owner: int, type_id: str, merc: bool) -> TowerDef:
    if merc:
        chip = market_chip(type_id)
        assert chip.tower is not None
        return chip.tower
    for t in faction(state.pl[owner].faction).towers:
        if t.id == type_id:
            return t
    raise KeyError(type_id)


def tower_side(state: CsState, tower: Tower) -> TowerSide:
    d = tower_def(state, tower.owner, tower.type_id, tower.merc)
    return d.promoted if tower.promoted and d.promoted else d.basic


def side(state: CsState, unit: Unit) -> UnitSide:
    if unit.kind == "landmark":
        lm = landmark_def(unit.type_id)
        return UnitSide(name=lm.name, hp=max(1, lm.hp), attack=lm.attack, move=0, terrain=0, reward=lm.reward.source)
    d = unit_def(state, unit.owner, unit.type_id, unit.merc)
    return d.promoted if unit.promoted and d.promoted else d.basic


def talent(state: CsState, unit: Unit, tid: str) -> int | None:
    """The talent's number if ``unit`` has it (printed side or equipment), else None."""
    talents = side(state, unit).talents if unit.kind != "landmark" else landmark_def(unit.type_id).talents
    for t in talents:
        if t.id == tid:
            return t.n
    for eq in unit.equipment:
        for t in market_chip(eq).talents:
            if t.id == tid:
                return t.n
    return None


def lm_talent(lm: Landmark, tid: str) -> bool:
    return any(t.id == tid for t in landmark_def(lm.chip).talents)


def friendly(state: CsState, a: int, b: int) -> bool:
    """Same seat, or teammates in 2v2 (CS-23.3)."""
    return state.teams[a] == state.teams[b]


def occupied(state: CsState) -> dict[str, str]:
    """Hex key -> what stands there: ``u:<uid>``, ``t:<tid>``, ``l:<lid>`` (CS-4.7)."""
    occ: dict[str, str] = {}
    for u in state.units:
        if u.hex is not None:
            occ[u.hex] = "u:" + u.uid
    for t in state.towers:
        occ[t.hex] = "t:" + t.tid
    for lm in state.landmarks:
        occ[lm.hex] = "l:" + lm.lid
    return occ


def unit_by_id(state: CsState, uid: str) -> Unit | None:
    for u in state.units:
        if u.uid == uid:
            return u
    return None


def tower_by_id(state: CsState, tid: str) -> Tower | None:
    for t in state.towers:
        if t.tid == tid:
            return t
    return None


def landmark_by_id(state: CsState, lid: str) -> Landmark | None:
    for lm in state.landmarks:
        if lm.lid == lid:
            return lm
    return None


def gate_hex(state: CsState, seat: int) -> Hex:
    for k, c in state.board.items():
        if c.gate == seat:
            return unkey(k)
    raise KeyError(seat)


def gate_key(state: CsState, seat: int) -> str:
    return key(gate_hex(state, seat))


def left_of(state: CsState, seat: int) -> int:
    order = state.seats
    return order[(order.index(seat) + 1) % len(order)]


def turn_order(state: CsState) -> list[int]:
    """Seats from the first player clockwise (CS-0.3)."""
    order = state.seats
    i = order.index(state.first)
    return order[i:] + order[:i]


def has_advancement_op(state: CsState, seat: int, op: str) -> list[int]:
    """Amounts of every passive effect ``op`` the seat's owned advancements give."""
    out: list[int] = []
    for st in faction(state.pl[seat].faction).structures:
        for adv in st.levels:
            if adv.id in state.pl[seat].advancements:
                out += [e.amount for e in adv.effects if e.op == op and e.when == "passive"]
    return out


def promoted_types(state: CsState, seat: int) -> set[str]:
    out: set[str] = set()
    for st in faction(state.pl[seat].faction).structures:
        for adv in st.levels:
            if adv.id in state.pl[seat].advancements:
                out |= {e.target for e in adv.effects if e.op == "promote_minions"}
    return out


def source_cap(state: CsState, seat: int) -> int:
    return max([20, *has_advancement_op(state, seat, "source_cap")])  # CS-6.4


def gain(state: CsState, seat: int, amount: int) -> int:
    """Add Source up to the cap (CS-6.4, CS-15.2); returns what was actually kept."""
    p = state.pl[seat]
    before = p.source
    p.source = max(0, min(source_cap(state, seat), p.source + amount))
    return p.source - before


def tower_cap(state: CsState) -> int:
    """CS-7.11: 6 towers in 2 players, 5 in 3, 4 in 4."""
    return {2: 6, 3: 5}.get(state.players, 4)


def hexes_of(keys: list[str]) -> list[Hex]:
    return [unkey(k) for k in keys]


def chip_refs(chips: list[str]) -> list[Ref]:
    """Upgrade chips as names, so a label reads 攻击 rather than the English id in Chinese."""
    return [Ref(kind="chip", id=c) for c in chips]
