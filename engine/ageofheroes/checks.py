"""Invariants the simulator checks after every action: conservation, supply limits, signs."""

from __future__ import annotations

from collections import Counter

from .state import AohState


def invariants(state: AohState) -> list[str]:
    out: list[str] = []
    # Resource cards: every card is in exactly one zone.
    zones: list[str] = list(state.deck.draw_pile) + list(state.deck.discard_pile)
    for p in state.seats:
        zones += p.hand + p.monument
    zones += [q.card for q in state.quakes]
    zones += [f.card for f in state.steps if f.card is not None]
    if state.battle is not None:
        zones += state.battle.heroes
        if state.battle.source_card:
            zones.append(state.battle.source_card)
    expected = Counter(state.content.resource_cards())
    have = Counter(zones)
    if have != expected:
        missing = sorted((expected - have).elements())[:5]
        extra = sorted((have - expected).elements())[:5]
        out.append(f"resource cards not conserved: missing {missing}, extra {extra}")
    # Battle cards: deck plus the ones out in a battle.
    battle = list(state.battle_deck.draw_pile) + list(state.battle_deck.discard_pile)
    if state.battle is not None:
        battle += state.battle.att_drawn + state.battle.def_drawn
    if Counter(battle) != Counter(state.content.battle_cards()):
        out.append("battle cards not conserved")
    if state.battle is None and (
        state.battle_deck.discard_pile or len(state.battle_deck.draw_pile) != len(state.content.battle_cards())
    ):
        out.append("battle deck not whole between battles (AH-15.2)")
    battle_frames = {"war_response", "assign", "duel", "duel_pick"}
    if state.battle is not None and not any(f.kind in battle_frames for f in state.steps):
        out.append("a battle is open with nothing left to resolve it")
    # Items: supply + in play == the content's pile, never negative (AH-9.5).
    limbo = state.options.elimination_items == "leave_in_limbo"
    in_play = {
        "city": sum(p.cities for p in state.seats),
        "army": sum(len(p.armies) for p in state.seats),
        "general": sum(1 for p in state.seats for a in p.armies if a.general),
        "fortress": sum(p.fortresses for p in state.seats),
        "road": len(state.roads),
    }
    for item, total in state.content.item_supply.items():
        if state.supply[item] < 0:
            out.append(f"negative {item} supply")
        if (state.supply[item] + in_play[item] != total) and not limbo:
            out.append(f"{item}: supply {state.supply[item]} + in play {in_play[item]} != {total}")
    for p in state.seats:
        if p.cities < 0 or p.fortresses < 0:
            out.append(f"seat {p.seat + 1} has a negative count")
        if len({a.id for a in p.armies}) != len(p.armies):
            out.append(f"seat {p.seat + 1} has duplicate army ids")
        if p.eliminated and (p.hand or (p.cities and not limbo)):
            out.append(f"eliminated seat {p.seat + 1} still holds cards or cities")
        if not p.eliminated and not p.hand and p.cities == 0 and state.winners is None:
            out.append(f"seat {p.seat + 1} should have been eliminated (AH-16.1)")
        for a in p.armies:
            if a.status == "scattered" and not any(a.id in q.armies and q.target == p.seat for q in state.quakes):
                out.append(f"seat {p.seat + 1}'s army {a.id} is scattered without an Earthquake")
    for r in state.roads:
        if state.seats[r.a].eliminated or state.seats[r.b].eliminated:
            out.append("a road touches an eliminated tribe (AH-16.3)")
    pairs = [frozenset((r.a, r.b)) for r in state.roads]
    if len(set(pairs)) != len(pairs):
        out.append("two roads join the same pair (AH-9.9.2)")
    return out
