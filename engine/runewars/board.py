"""Board queries: control (RW-2.6-2.11), borders (RW-10.3), paths (RW-10.4-10.7), limits.

Pure reads of the state. Everything the rules call "friendly", "empty", "enemy" or
"neutral" is decided here and only here, so the movement, battle and rune code agree.
"""

from __future__ import annotations

from collections import deque

from engine.runewars.catalog import catalog
from engine.runewars.state import RunewarsState, Unit

UNIT_LIMIT = 8  # RW-10.9.1


def units_in(state: RunewarsState, area: str) -> list[Unit]:
    return [u for u in state.units if u.area == area]


def own_units_in(state: RunewarsState, area: str, seat: int) -> list[Unit]:
    """The seat's units there, allied neutrals included (RW-11.3)."""
    return [u for u in state.units if u.area == area and u.owner == seat]


def is_faction_unit(unit: Unit) -> bool:
    return not catalog().is_neutral_kind(unit.kind)


# Steps that keep an entered area contested until they resolve (RW-2.7.1): the move's arrival,
# the neutral choice and diplomacy (RW-12), a confrontation's withdrawal and the battle (RW-14).
_CONTEST_STEPS = frozenset(
    {"arrive", "neutral_choice", "diplomacy_spend", "diplomacy_pick", "confront", "own_retreat", "neutral_retreat"}
)


def pending_contests(state: RunewarsState) -> dict[str, int]:
    """RW-2.7.1: areas whose battle or diplomacy is still to be resolved -> the seat that moved in.

    Why derived rather than stored: an area is contested exactly while the flow still holds the
    step that will decide it (or the battle is being fought), so it can never outlive its battle.
    Units only ever enter enemy or neutral areas by the current player's move (RW-14.0.1), so an
    area where his units share the ground with another side's is contested as well.
    """
    out: dict[str, int] = {}
    if state.battle is not None:
        out[state.battle.area] = state.battle.attacker
    for st in state.steps:
        if st.kind not in _CONTEST_STEPS or st.seat is None:
            continue
        area = st.data.get("area")
        if not isinstance(area, str):
            continue
        if st.kind == "arrive" and not (st.data.get("moved") and (st.data.get("enemy") or st.data.get("neutral"))):
            continue  # not moved yet, or moved into a friendly or empty area
        mover = st.data.get("diplomat", st.seat) if st.kind == "neutral_retreat" else st.seat
        out.setdefault(area, int(mover))
    if state.turn is not None:
        mover = state.turn.seat
        sides: dict[str, set[int | None]] = {}
        for u in state.units:
            sides.setdefault(u.area, set()).add(u.owner)
        for area, owners in sides.items():
            if mover in owners and len(owners) > 1:
                out.setdefault(area, mover)
    return out


def _control(state: RunewarsState, area_id: str, present: list[Unit]) -> int | None:
    """RW-2.7 for one area given the units that count there."""
    area = state.board[area_id]
    cat = catalog()
    for u in present:
        if u.owner is not None and not cat.is_neutral_kind(u.kind) and not state.seats[u.owner].eliminated:
            return u.owner
    if area.stronghold is not None and not state.seats[area.stronghold.owner].eliminated:
        return area.stronghold.owner
    home = area.home_of
    if home is not None and not state.seats[home].eliminated and all(u.owner == home for u in present):
        return home  # RW-2.6: free of enemy units
    return None


def controller(state: RunewarsState, area_id: str) -> int | None:
    """RW-2.7: own faction units, else own stronghold, else own home area free of enemies.

    Allied neutrals and heroes never give control (RW-2.7, RW-11.4). A contested area stays
    with whoever held it before the mover came in until its battle or diplomacy is resolved
    (RW-2.7.1): it is judged without the mover's units.
    """
    return controllers(state, only=area_id)[area_id]


def controllers(state: RunewarsState, only: str | None = None) -> dict[str, int | None]:
    """RW-2.7 and RW-2.7.1 for every area (or just ``only``): the single definition of control.

    Every reader (victory RW-28.1, elimination RW-33, rune inspection RW-27.5, home realms,
    objectives, harvest, limits, alliances, retreats) goes through here, so a pending battle
    never hands the area to the attacker early.
    """
    contests = pending_contests(state)
    present: dict[str, list[Unit]] = {}
    for u in state.units:
        if only is None or u.area == only:
            present.setdefault(u.area, []).append(u)
    out: dict[str, int | None] = {}
    for area_id in [only] if only is not None else state.board:
        here = present.get(area_id, [])
        mover = contests.get(area_id)
        if mover is not None:
            here = [u for u in here if u.owner != mover]  # RW-2.7.1: the defender keeps it meanwhile
        out[area_id] = _control(state, area_id, here)
    return out


def passable_through(state: RunewarsState, seat: int, ctl: dict[str, int | None] | None = None) -> set[str]:
    """RW-10.4: the friendly or empty areas a path may cross (and, per AMB-21, not own activated ones)."""
    ctl = ctl if ctl is not None else controllers(state)
    occupied: dict[str, set[int | None]] = {}
    for u in state.units:
        occupied.setdefault(u.area, set()).add(u.owner)
    out = set()
    forbid = state.options.forbid_path_through_activated
    for a, area in state.board.items():
        owners = occupied.get(a, set())
        if owners - {seat}:
            continue  # enemy units or unallied neutrals
        if ctl[a] == seat or (
            ctl[a] is None
            and not owners
            and area.stronghold is None
            and (area.home_of is None or state.seats[area.home_of].eliminated)
        ):
            if forbid and seat in area.activation:
                continue
            out.add(a)
    return out


def reachable_from(
    state: RunewarsState, unit: Unit, steps: int, seat: int, through: set[str], portals: frozenset[str] = frozenset()
) -> set[str]:
    """Every destination ``unit`` can reach in at most ``steps`` (RW-10.7.2).

    ``portals``: face-up Magic Portal areas, mutually adjacent for this move (RW-34.4.3).
    """
    flying = catalog().flying(unit.kind)
    seen = {unit.area: 0}
    queue: deque[str] = deque([unit.area])
    dests: set[str] = set()
    while queue:
        cur = queue.popleft()
        cost = seen[cur]
        if cost >= steps:
            continue
        if cur != unit.area and cur not in through:
            continue
        links = [p for p in portals if p != cur] if cur in portals else []
        for nxt in list(state.board[cur].adj) + links:
            if nxt in seen or (nxt not in links and not passable(state, cur, nxt, flying=flying, seat=seat)):
                continue
            seen[nxt] = cost + 1
            dests.add(nxt)
            queue.append(nxt)
    dests.discard(unit.area)
    return dests


def is_friendly(state: RunewarsState, area_id: str, seat: int) -> bool:
    return controller(state, area_id) == seat


def is_empty(state: RunewarsState, area_id: str) -> bool:
    """RW-2.9: a non-home area with no units at all and no stronghold."""
    area = state.board[area_id]
    if area.home_of is not None and not state.seats[area.home_of].eliminated:
        return False
    if area.stronghold is not None:
        return False
    return not any(u.area == area_id for u in state.units)


def has_unallied_neutrals(state: RunewarsState, area_id: str) -> bool:
    return any(u.area == area_id and u.owner is None for u in state.units)


def is_neutral_area(state: RunewarsState, area_id: str) -> bool:
    """RW-2.10 / AMB-12: unallied neutrals there and no controller."""
    return controller(state, area_id) is None and has_unallied_neutrals(state, area_id)


def is_enemy_area(state: RunewarsState, area_id: str, seat: int) -> bool:
    """RW-2.8 plus RW-10.10: another player controls it, or enemy units stand there."""
    ctl = controller(state, area_id)
    if ctl is not None and ctl != seat:
        return True
    return any(u.area == area_id and u.owner is not None and u.owner != seat for u in state.units)


def friendly_or_empty(state: RunewarsState, area_id: str, seat: int) -> bool:
    """RW-10.4 / RW-10.6: the only areas a path may pass through."""
    if has_unallied_neutrals(state, area_id):
        return False
    if any(u.area == area_id and u.owner is not None and u.owner != seat for u in state.units):
        return False
    ctl = controller(state, area_id)
    return ctl == seat or (ctl is None and is_empty(state, area_id))


def has_modifier(state: RunewarsState, rule: str, seat: int | None) -> bool:
    return any(m.rule == rule and (m.seat is None or m.seat == seat) for m in state.modifiers)


def passable(state: RunewarsState, a: str, b: str, *, flying: bool = False, seat: int | None = None) -> bool:
    """RW-10.3: one step across the a|b edge. Holes are simply not in ``adj`` (RW-2.2)."""
    border = state.board[a].adj.get(b)
    if border is None:
        return False
    if border == "none" or flying:
        return True
    if border == "water":
        return state.winter_water or has_modifier(state, "ignore_water", seat)
    return has_modifier(state, "ignore_mountains", seat)


def move_allowance(state: RunewarsState, unit: Unit, seat: int) -> int:
    """RW-2.17 / RW-10.8: 3 for Swift units moving with Mobilize or Conquer, else 2."""
    if catalog().swift(unit.kind) or has_modifier(state, "all_units_swift", seat):
        return 3
    return 2


def unit_count(state: RunewarsState, area: str, seat: int) -> int:
    """RW-10.9.1: standing and routed units, allied neutrals included; heroes never."""
    return sum(1 for u in state.units if u.area == area and u.owner == seat)


def controlled_areas(state: RunewarsState, seat: int) -> list[str]:
    return [a for a, s in controllers(state).items() if s == seat]


def production(state: RunewarsState, seat: int) -> dict[str, int]:
    """RW-18.4.1: what the seat's friendly areas produce (plus face-up villages, RW-34.4.2)."""
    totals = {"food": 0, "wood": 0, "ore": 0}
    cat = catalog()
    for area_id in controlled_areas(state, seat):
        area = state.board[area_id]
        totals["food"] += area.food
        totals["wood"] += area.wood
        totals["ore"] += area.ore
        if state.heroes.exploration:
            from engine.runewars.heroes.core import village_at

            extra = village_at(state.heroes, cat.hero_content, area_id)  # RW-34.4.2
            if extra:
                totals[extra] += 1
    return totals


def seat_faction(state: RunewarsState, seat: int):
    faction = state.seats[seat].faction
    assert faction is not None
    return catalog().factions[faction]


def alignment(state: RunewarsState, seat: int) -> str:
    return seat_faction(state, seat).alignment


def left_of(state: RunewarsState, seat: int) -> int:
    """RW-0.4: the next active seat clockwise."""
    n = state.players
    for k in range(1, n + 1):
        s = (seat + k) % n
        if not state.seats[s].eliminated:
            return s
    return seat


def supply_left(state: RunewarsState, kind: str) -> int:
    """RW-1.9.2: figures of this type not on the board."""
    on_board = sum(1 for u in state.units if u.kind == kind)
    return catalog().unit_types[kind].count - on_board


def strongholds_of(state: RunewarsState, seat: int) -> list[str]:
    return [a.id for a in state.board.values() if a.stronghold is not None and a.stronghold.owner == seat]


def add_unit(state: RunewarsState, kind: str, owner: int | None, area: str) -> Unit | None:
    """Place one figure from the supply, or nothing if none is left (RW-1.9.2)."""
    if supply_left(state, kind) <= 0:
        return None
    unit = Unit(id=state.next_unit, kind=kind, owner=owner, area=area)
    state.next_unit += 1
    state.units.append(unit)
    return unit


def remove_units(state: RunewarsState, ids: set[int]) -> None:
    state.units = [u for u in state.units if u.id not in ids]


def unit_by_id(state: RunewarsState, uid: int) -> Unit | None:
    for u in state.units:
        if u.id == uid:
            return u
    return None


def update_alliances(state: RunewarsState) -> None:
    """RW-11.4: allied neutrals in an area their player does not control become unallied.

    Where the player still has faction units (a contested area, before its battle) they stay
    allied (RW-11.4.1); control is only asked for areas without them. An enemy moving in does
    not end the alliance: the area stays the player's until the battle ends (RW-11.4.0, RW-2.7.1).
    """
    cat = catalog()
    with_faction = {(u.area, u.owner) for u in state.units if u.owner is not None and not cat.is_neutral_kind(u.kind)}
    ctl: dict[str, int | None] | None = None
    for u in state.units:
        if u.owner is not None and cat.is_neutral_kind(u.kind) and (u.area, u.owner) not in with_faction:
            ctl = ctl if ctl is not None else controllers(state)
            if ctl[u.area] != u.owner:
                u.owner = None
