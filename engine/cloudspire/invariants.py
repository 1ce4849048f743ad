"""What must hold after every action (the simulator calls ``check``): gate HP, Source, unit HP,
occupancy, stack integrity, chip conservation and the wave counters."""

from __future__ import annotations

from .board.earthscapes import tiles_on_board
from .common import CONTENT, faction, side, source_cap, tower_side
from .state import CsState
from .supply import overdrawn


def check(state: CsState) -> list[str]:
    out: list[str] = []
    if not 0 <= state.wave <= state.options.waves:
        out.append(f"wave {state.wave} outside 0..{state.options.waves}")
    seen: dict[str, str] = {}
    for u in state.units:
        if u.hex is None:
            out.append(f"deployed unit {u.uid} has no hex")
            continue
        cell = state.board.get(u.hex)
        if cell is None or cell.gate is not None or cell.fort is not None:
            out.append(f"unit {u.uid} stands on {u.hex}, which no unit may enter (CS-4.8)")
        if u.hex in seen:
            out.append(f"two occupants on {u.hex} (CS-4.7)")
        seen[u.hex] = u.uid
        if not 1 <= u.hp <= side(state, u).hp:
            out.append(f"unit {u.uid} has {u.hp} HP (printed {side(state, u).hp})")
    for t in state.towers:
        if t.hex in seen:
            out.append(f"two occupants on {t.hex} (CS-4.7)")
        seen[t.hex] = t.tid
        if not state.board[t.hex].well:
            out.append(f"tower {t.tid} is not on a source well (CS-7.3)")
        if not t.chips or len(t.chips) > t.start_chips + t.level_cap:
            out.append(f"tower {t.tid} has {len(t.chips)} chips (CS-7.5.4)")
        tower_side(state, t)
    for lm in state.landmarks:
        if lm.hex in seen:
            out.append(f"two occupants on {lm.hex} (CS-4.7)")
        seen[lm.hex] = lm.lid
        if lm.face_up and lm.hp < 0:
            out.append(f"landmark {lm.lid} has negative HP")
    for s, p in enumerate(state.pl):
        if not p.faction:
            continue
        if not 0 <= p.gate_hp <= p.gate_max:
            out.append(f"seat {s + 1} gate HP {p.gate_hp} outside 0..{p.gate_max} (CS-6.2.3)")
        if not 0 <= p.source <= source_cap(state, s):
            out.append(f"seat {s + 1} Source {p.source} outside 0..{source_cap(state, s)} (CS-6.4)")
        if p.limited_used > 2 + p.limited_extra:
            out.append(f"seat {s + 1} used {p.limited_used} limited builds (CS-19.1.3)")
        if sum(1 for t in state.towers if t.owner == s) > {2: 6, 3: 5}.get(state.players, 4):
            out.append(f"seat {s + 1} owns too many towers (CS-7.11)")
        kinds = "".join("h" if u.kind == "hero" else "m" for u in p.stack)
        if "h" in kinds.strip("h"):
            out.append(f"seat {s + 1} has a hero between minions in the stack (CS-10.7.5)")
        for u in p.stack:
            if u.members and (u.kind == "hero" or any(m.kind == "hero" for m in u.members)):
                out.append(f"seat {s + 1} has a hero in a squad (CS-10.7.3)")
        f = faction(p.faction)
        for d in f.units:
            if d.kind != "minion":
                continue
            in_play = 0
            for u in state.units + p.stack:
                if u.owner == s:
                    in_play += sum(1 for x in [u, *u.members] if x.type_id == d.id and not x.merc)
            if p.barracks.get(d.id, 0) + in_play != d.copies:
                out.append(f"seat {s + 1} {d.id}: barracks {p.barracks.get(d.id, 0)} + in play {in_play} != {d.copies}")
        for td in f.towers:
            built = sum(1 for t in state.towers if t.owner == s and t.type_id == td.id and not t.merc)
            if p.barracks.get(td.id, 0) + built != td.copies:
                out.append(f"seat {s + 1} tower {td.id}: chips not conserved")
    m = state.market
    held = [c for p in state.pl for c in p.beside if c.startswith("tile:")]
    tiles = len(m.tiles) + len(m.tile_discard) + (m.tile is not None) + len(held) + len(tiles_on_board(state.board))
    if not state.options.skip_market and tiles != len(CONTENT.earthscapes):
        out.append(f"{tiles} land tiles accounted for, not {len(CONTENT.earthscapes)} (CS-5.10.3)")
    if len(state.market.faceup) > state.players + 1:
        out.append("market shows too many chips (CS-12.1)")
    out += overdrawn(state)  # CS-3.1: strict supply never hands out more than the box holds
    return out
