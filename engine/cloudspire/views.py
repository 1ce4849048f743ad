"""What each seat may see (the hidden-information map H1-H28 of the spec)."""

from __future__ import annotations

from typing import Any

from .common import landmark_def, turn_order
from .state import CsState, Unit
from .supply import public as supply_left


def _unit(u: Unit, mine: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "uid": u.uid,
        "owner": u.owner,
        "type": u.type_id,
        "kind": u.kind,
        "merc": u.merc,
        "promoted": u.promoted,
        "hp": u.hp,
        "chips": list(u.chips),
        "equipment": list(u.equipment),
        "hex": u.hex,
        "squad_size": 1 + len(u.members),  # H26: the count is public
    }
    if mine:
        out["members"] = [m.type_id + ":" + m.uid for m in u.members]
    return out


def _selection_visible(state: CsState, owner: int, seat: int | None) -> bool:
    """H23: the owner; later seats once it is locked (sequential prep); everyone after prep."""
    if seat == owner:
        return True
    if state.phase not in ("prep",):
        return True
    if state.options.simultaneous_prep or seat is None:
        return False
    order = turn_order(state)
    return order.index(seat) > order.index(owner) and bool(state.pl[owner].selected)


def view(state: CsState, seat: int | None) -> dict[str, Any]:
    players = []
    for s, p in enumerate(state.pl):
        mine = seat == s
        top = p.stack[0] if p.stack else None
        players.append(
            {
                "seat": s,
                "faction": p.faction,
                "source": p.source,
                "gate_hp": p.gate_hp,
                "gate_max": p.gate_max,
                "breached": p.breached,
                "advancements": list(p.advancements),
                "barracks": dict(p.barracks),
                "beside": list(p.beside),
                "relic_count": len(p.relics),  # H18: the count is public
                "relics": list(p.relics) if mine else None,
                "target": p.target,
                "limited_used": p.limited_used,
                "rest": p.rest,
                "dice": list(p.dice),
                # H24/H25: the top unit and the height are public, the order below is the owner's.
                "stack_top": _unit(top, mine) if top is not None else None,
                "stack_entries": len(p.stack),
                "stack_chips": sum(1 + len(u.members) for u in p.stack),
                "stack": [_unit(u, True) for u in p.stack] if mine else None,
                "selected": list(p.selected) if _selection_visible(state, s, seat) else None,
            }
        )
    landmarks = []
    for lm in state.landmarks:
        known = lm.face_up or (seat is not None and seat in lm.known_by)
        landmarks.append(
            {
                "lid": lm.lid,
                "hex": lm.hex,
                "category": landmark_def(lm.chip).category,  # H3
                "face_up": lm.face_up,
                "chip": lm.chip if known else None,  # H4, H5
                "hp": lm.hp if lm.face_up else None,
                "explored_by": list(lm.known_by),  # H6
            }
        )
    return {
        "seat": seat,
        "wave": state.wave,
        "waves": state.options.waves,
        "phase": state.phase,
        "round": state.round,
        "first": state.first,
        "active": state.active,
        "mode": state.options.mode,
        "teams": list(state.teams),
        "players": players,
        "board": {k: c.model_dump() for k, c in state.board.items()},
        "ring": [state.ring[i] if state.revealed[i] else None for i in range(6)],  # H1, H2
        "units": [_unit(u, seat == u.owner) for u in state.units],
        "towers": [t.model_dump() for t in state.towers],
        "landmarks": landmarks,
        "landmark_discard": {"defeated": list(state.lm_defeated), "unplaced": len(state.lm_unplaced)},  # H8, H9
        "landmark_aside": list(state.lm_aside),  # H10
        "market": {
            "faceup": list(state.market.faceup),
            "tile": state.market.tile,  # H12
            "tiles_left": len(state.market.tiles),  # H13: the pile below is hidden
            "tile_discard": list(state.market.tile_discard),
            "tile_bought": state.market.tile_bought,
            "supply": len(state.market.supply),
            "discard": list(state.market.discard),
        },
        "event": state.event,
        "events_left": len(state.events),
        "relics_left": len(state.relics),
        "relic_discard": list(state.relic_discard),
        "steps": [{"kind": st.kind, "seat": st.seat} for st in state.steps[:1]],
        "winner": state.winner,
        "dice": state.dice_log[-12:],
        # CS-3.1: under strict supply, what each shared pool still holds (the pools lie in everyone's
        # reach, CS-5.12, so the counts are public); None when the pools are unlimited (AMB-36).
        "supply": supply_left(state),
    }


def secrets(state: CsState) -> dict[int, set[str]]:
    """Strings only some seats may see now: explored faces (H5), relic hands (H18), the stack
    below its top and squad members (H24, H26)."""
    out: dict[int, set[str]] = {s: set() for s in state.seats}
    for lm in state.landmarks:
        if not lm.face_up:
            for s in lm.known_by:
                out[s].add(lm.chip)
    for s, p in enumerate(state.pl):
        out[s] |= set(p.relics)
        for u in p.stack[1:]:
            out[s].add(u.uid)
        for u in p.stack:
            out[s] |= {m.uid for m in u.members}
    for u in state.units:
        out[u.owner] |= {m.uid for m in u.members}
    return out
