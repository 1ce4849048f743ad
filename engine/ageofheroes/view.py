"""Projections of the state (spec §3): what the public, or one seat, may see.

The public view is what the game thread and the status image use; it never holds a
hand, a deck order, an unflipped battle card or a trade's contents (unless the table
made trades public). A seat's view adds its own hand, its battle cards and placements,
its own trade offers and its own pending secret answers.

Shape (all keys always present):
  ruleset, content_id, round, turn_no, phase, active, first_player, first_player_draws,
  opening, seat_order, players[], roads[], supply{}, resource_deck{size, discard|discard_size},
  battle_deck{size}, earthquakes[], market_day{first, trading, done[]}|None, trades[],
  battle{...}|None, waiting{kind, rule, seats[]}, result|None
  players[i] = {seat, tribe, special_resource, monument_name, eliminated, hand_size, cities,
                fortresses, armies[{id, general, status, back_after_turn_of}], monument,
                monument_cards[kinds], challenge{round, turn, conditions}|None, neighbours[]}
  a seat's view adds: seat, hand[ids], hand_kinds{kind: n}, my_trades[], my_battle{drawn[], placed{}},
  my_choice (its own answer to an open secret choice).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import cards as C
from .state import BARBARIANS, AohState, Battle, Unit
from .table import neighbours


def phase(state: AohState) -> str:
    """A one-word description of where the game is, for status lines."""
    if state.winners is not None:
        return "over"
    if not state.steps:
        return "setup"
    k = state.steps[0].kind
    names = {
        "tribe": "setup-tribes",
        "trade": "market-trading",
        "action": "turn-action",
        "draw_again": "turn-draw",
        "build": "turn-build",
        "road_consent": "turn-build-road",
        "war_declare": "turn-war-declare",
        "war_response": "battle-response",
        "assign": "battle-placement",
        "duel_pick": "battle-duel",
        "plunder_pick": "battle-plunder",
        "event_target": "event-target",
        "luck_window": "event-luck",
        "monument": "turn-monument",
        "discard": "turn-discard",
        "tax_swap": "turn-tax",
    }
    return names.get(k, k)


def _unit(u: Unit, *, reveal: bool) -> dict[str, Any]:
    return {
        "id": u.id,
        "hero": u.hero is not None,
        "general": u.general,
        "hero_general": u.hero_general is not None,
        "fought": u.fought,
        "destroyed": u.destroyed,
        "card": C.battle_value(u.card) if u.card and (u.revealed or reveal) else None,
        "placed": u.card is not None,
    }


def battle_view(state: AohState, b: Battle) -> dict[str, Any]:
    return {
        "attacker": b.attacker,
        "barbarians": b.attacker == BARBARIANS,
        "defender": b.defender,
        "purpose": b.purpose,
        "attackers": [_unit(u, reveal=False) for u in b.att],
        "defenders": [_unit(u, reveal=False) for u in b.dfn],
        "cards_drawn": {"attacker": len(b.att_drawn), "defender": len(b.def_drawn)},
        "duels": [d.model_dump() for d in b.duels],
        "wins": b.wins,
    }


def public_view(state: AohState) -> dict[str, Any]:
    top = state.steps[0] if state.steps else None
    waiting_seats: list[int] = []
    if top is not None:
        if top.choice is not None:
            waiting_seats = top.choice.pending()
        elif top.window is not None and top.window.together:  # the Luck window (P-04)
            waiting_seats = top.window.pending()
        elif top.kind == "trade":
            waiting_seats = [p.seat for p in state.seats if not p.eliminated and p.seat not in state.trade.done]
        elif top.seat is not None:
            waiting_seats = [top.seat]
    players = []
    for p in state.seats:
        tribe = state.content.tribes.get(p.tribe or "")
        players.append(
            {
                "seat": p.seat,
                "tribe": p.tribe,
                "special_resource": tribe.special_resource if tribe else None,
                "monument_name": tribe.monument_name if tribe else None,
                "eliminated": p.eliminated,
                "hand_size": len(p.hand),
                "cities": p.cities,
                "fortresses": p.fortresses,
                "armies": [
                    {"id": a.id, "general": a.general, "status": a.status, "away_turn": a.away_turn} for a in p.armies
                ],
                "monument": len(p.monument),
                "monument_cards": [C.kind(c) for c in p.monument],
                "challenge": p.challenge.model_dump() if p.challenge else None,
                "neighbours": neighbours(state, p.seat) if not p.eliminated else [],
            }
        )
    discard = state.deck.discard_pile
    deck: dict[str, Any] = {
        "size": len(state.deck.draw_pile),
        "discard_size": len(discard),
        "reshuffles": state.deck.reshuffles,
    }
    if state.options.discard_pile_public:
        deck["discard"] = [C.kind(c) for c in discard]
    return {
        "ruleset": "ageofheroes",
        "content_id": state.content.meta.content_id,
        "round": state.round,
        "turn_no": state.turn_no,
        "phase": phase(state),
        "active": state.active,
        "first_player": state.first_seat,
        "first_player_draws": state.first_draws,
        "opening": state.opening,
        "seat_order": list(range(len(state.seats))),
        "players": players,
        "roads": [[r.a, r.b] for r in state.roads],
        "supply": dict(state.supply),
        "resource_deck": deck,
        "battle_deck": {"size": len(state.battle_deck.draw_pile), "reshuffles": state.battle_deck.reshuffles},
        "earthquakes": [{"drawer": q.drawer, "target": q.target, "armies": list(q.armies)} for q in state.quakes],
        "market_day": {
            "first": state.first_market,
            "trading": top is not None and top.kind == "trade",
            "done": sorted(state.trade.done),
        }
        if state.market
        else None,
        "trades": state.trade.public(contents=state.options.trade_public_contents),
        "battle": battle_view(state, state.battle) if state.battle else None,
        "waiting": {"kind": top.kind if top else None, "rule": None, "seats": waiting_seats},
        "result": {"winners": state.winners, "reason": state.reason} if state.winners is not None else None,
    }


def seat_view(state: AohState, seat: int) -> dict[str, Any]:
    out = public_view(state)
    p = state.p(seat)
    out["seat"] = seat
    out["hand"] = list(p.hand)
    out["hand_kinds"] = dict(Counter(C.kind(c) for c in p.hand))
    out["my_trades"] = state.trade.private(seat)
    b = state.battle
    if b is not None and seat in (b.attacker, b.defender):
        side = "att" if b.attacker == seat else "dfn"
        drawn = b.att_drawn if side == "att" else b.def_drawn
        out["my_battle"] = {
            "drawn": [{"id": c, "value": C.battle_value(c)} for c in drawn],
            "placed": {u.id: C.battle_value(u.card) for u in b.units(side) if u.card},
        }
    top = state.steps[0] if state.steps else None
    if top is not None and top.choice is not None and seat in top.choice.seats:
        out["my_choice"] = top.choice.private(seat)
    elif top is not None and top.window is not None and top.window.together and seat in top.window.seats:
        out["my_choice"] = top.window.private(seat)
    return out
