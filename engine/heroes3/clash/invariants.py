"""Checks the simulator runs after every action (issue 16 acceptance): resources never
negative, every card instance in exactly one zone, heroes on enterable fields, no two players'
heroes on one field (H3-9.4, except passing a sanctuary, H3-50.5, or allies forced together, H3-8.5),
tiles legally laid out."""

from __future__ import annotations

from collections import Counter

from ..adventure.geometry import enterable, location, tile_fields
from ..content.clash import is_tile_centre
from .common import allied, heroes
from .draft import zones as draft_zones
from .state import ClashState


def card_zones(state: ClashState) -> Counter[str]:
    seen: Counter[str] = Counter()
    live = {}
    if state.combat is not None:
        live = {s.owner: s.deck for s in state.combat.sides if s.owner is not None and s.deck is not None}
    for p in state.seats:
        deck = live.get(p.seat) or p.deck
        seen.update(deck.all_cards())
        seen.update(p.searching)
        if p.permanent is not None:
            seen[p.permanent] += 1
        for e in p.pool_units:  # H3-48.5: Legion cards kept beside their units as reminders
            seen.update(c for c in (e.recruit_card, e.reinforce_card) if c is not None)
    for d in state.decks.values():
        seen.update(d.draw_pile)
        seen.update(d.discard_pile)
    seen.update(state.removed)
    if state.event_deck is not None:  # [EXP: Fortress] cards an event turned up or pooled (H3-7.5.5)
        seen.update(state.event_deck.revealed)
        seen.update(state.event_deck.pool)
    seen.update(draft_zones(state))  # H3-48.3: cards in packets, drafted, set aside
    return seen


def check(state: ClashState) -> list[str]:
    bad: list[str] = []
    for p in state.seats:
        for k, v in p.resources.items():
            if v < 0:
                bad.append(f"seat {p.seat + 1} has {v} {k}")
        if p.eliminated and heroes(p):
            bad.append(f"eliminated seat {p.seat + 1} still has a hero on the map")
    seen = card_zones(state)
    for inst, n in seen.items():
        if n != 1:
            bad.append(f"card {inst} is in {n} zones")
    missing = set(state.cards) - set(seen)
    if missing:
        bad.append(f"cards in no zone: {sorted(missing)[:5]}")
    extra = set(seen) - set(state.cards)
    if extra:
        bad.append(f"unknown cards in zones: {sorted(extra)[:5]}")
    owners: dict[tuple[int, int], int] = {}
    # a hero passing through (Pathfinding, Angel Wings) stands unresolved on a blocked field or with an
    # enemy hero for as long as it moves on or stops (cards/map_cards.py)
    passing = {h.field for q in state.seats for h in heroes(q) if h.passing == h.field}
    for p in state.seats:
        for h in heroes(p):
            if h.field in passing:
                owners[h.field] = p.seat
                continue
            if not enterable(state, h.field):
                bad.append(f"seat {p.seat + 1}'s {h.kind} hero stands on {h.field}, which cannot be entered")
            other = owners.get(h.field)
            loc = location(state, h.field)
            sanctuary = loc is not None and loc.id == "sanctuary"
            # allies may be forced together (H3-8.5, the seed's 同盟英雄 line): the next MP parts them
            if other is not None and not allied(state, other, p.seat) and not sanctuary:
                bad.append(f"heroes of seats {other + 1} and {p.seat + 1} share {h.field}")
            owners[h.field] = p.seat
            if h.mp < 0 or h.mp_turn < 0:
                bad.append(f"seat {p.seat + 1}'s {h.kind} hero has negative MP")
    hexes: set[tuple[int, int]] = set()
    centres: set[tuple[int, int]] = set()
    for t in state.tiles:
        if not is_tile_centre(t.centre):
            bad.append(f"tile {t.tile} is off the tile lattice at {t.centre}")
        if t.centre in centres:
            bad.append(f"two tiles at {t.centre}")
        centres.add(t.centre)
        for pos in tile_fields(t):
            if pos in hexes:
                bad.append(f"tiles overlap at {pos}")
            hexes.add(pos)
    return bad
