"""What a seat (or the public) may see: the projection renderers and messages are built from.

The shape is documented in ``VIEW.md``. Public = the Hidden information map's "anything
not listed" (board, units, strongholds, developments, activation tokens, rune *presence*,
dials, influence, hand sizes, used order cards, heroes, titles, decks' sizes and discard
piles). A seat's view adds its hands, its chosen order and bid, the rune faces it may
look at now (RW-27.5) and its objective.
"""

from __future__ import annotations

from typing import Any

from engine.runewars import board as B
from engine.runewars.battle import battle_view
from engine.runewars.catalog import catalog
from engine.runewars.heroes.core import HeroContent, heroes_view
from engine.runewars.heroes.quests import quest_phase_view
from engine.runewars.state import SEASONS, RunewarsState
from engine.runewars.turn.runes import dragon_areas, visible_runes


def _units_by_area(state: RunewarsState) -> dict[str, list[dict[str, Any]]]:
    groups: dict[tuple[str, int | None, str, bool], int] = {}
    for u in state.units:
        key = (u.area, u.owner, u.kind, u.routed)
        groups[key] = groups.get(key, 0) + 1
    out: dict[str, list[dict[str, Any]]] = {}
    for (area, owner, kind, routed), n in sorted(
        groups.items(), key=lambda kv: (kv[0][0], -1 if kv[0][1] is None else kv[0][1], kv[0][2], kv[0][3])
    ):
        out.setdefault(area, []).append(
            {"owner": owner, "type": kind, "count": n, "routed": routed, "neutral": catalog().is_neutral_kind(kind)}
        )
    return out


def _pre_attack_controller(state: RunewarsState) -> int | None:
    """RW-2.7 during a battle: the contested area shows the side that controlled it before the
    attack (the defender), judged without the attacker's units, instead of whichever unit happens
    to be listed first, until the battle resolves."""
    battle = state.battle
    assert battle is not None
    shown = state.model_copy(
        update={"units": [u for u in state.units if not (u.area == battle.area and u.owner == battle.attacker)]}
    )
    return B.controller(shown, battle.area)


def view(state: RunewarsState, seat: int | None, waiting: set[int] | None = None) -> dict[str, Any]:
    cat = catalog()
    over = state.phase == "over"
    public_runes = over or state.options.epic  # RW-28.2 / RW-35.3
    units = _units_by_area(state)
    ctl = B.controllers(state) if state.phase != "setup" else {}
    if state.battle is not None and state.battle.area in ctl:  # RW-2.7: the defender until it resolves
        ctl[state.battle.area] = _pre_attack_controller(state)
    areas = []
    for a in sorted(state.board.values(), key=lambda x: x.id):
        areas.append(
            {
                "id": a.id,
                "tile": a.tile,
                "hex": list(a.hex),
                "edges": list(a.edges),
                "adj": dict(sorted(a.adj.items())),
                "food": a.food,
                "wood": a.wood,
                "ore": a.ore,
                "home_of": a.home_of,
                "city": ({"id": a.city, "name": cat.cities[a.city].name} if a.city else None),
                "controller": ctl.get(a.id),
                "stronghold": (a.stronghold.model_dump() if a.stronghold else None),
                "rune": (a.rune if public_runes else ("token" if a.rune else None)),
                "activation": sorted(a.activation),
                "units": units.get(a.id, []),
            }
        )
    seats = []
    for p in state.seats:
        seats.append(
            {
                "seat": p.seat,
                "faction": p.faction,
                "faction_name": cat.factions[p.faction].name if p.faction else None,
                "dials": dict(p.dials),
                "influence": p.influence,
                "starting_influence": p.starting_influence,
                "tactics_count": len(p.tactics),
                "quest_count": len(state.heroes.quest_hands.get(p.seat, [])),
                "orders_used": list(p.orders_used),
                "order_now": p.order_now,
                "order_prev": p.order_prev,
                "titles": sorted(t for t, h in state.titles.items() if h.holder == p.seat),
                "has_objective": p.objective is not None,
                "eliminated": p.eliminated,
                "dragon_runes": dragon_areas(state, p.seat) if public_runes and p.faction else None,
                "strongholds": B.strongholds_of(state, p.seat) if state.board else [],
            }
        )
    out: dict[str, Any] = {
        "phase": state.phase,
        "year": state.year,
        "season": SEASONS[state.season],
        "last_year": 8 if state.options.epic else 6,
        "options": {"exploration": state.options.exploration, "epic": state.options.epic},
        "start_player": state.start_player,
        "starting_draw": {str(k): v for k, v in state.starting_draw.items()},
        "season_card": (
            {
                "id": state.season_card,
                "name": cat.seasons[state.season_card].name,
                "text": cat.seasons[state.season_card].text,
            }
            if state.season_card
            else None
        ),
        "season_discard": list(state.season_discard),
        "areas": areas,
        "seats": seats,
        "titles": {
            t: {"name": cat.titles[t].name, "holder": h.holder, "tokens": h.tokens}
            for t, h in sorted(state.titles.items())
        },
        "destiny": {"deck": len(state.destiny.draw_pile), "discard": list(state.destiny.discard_pile)},
        "tactics_deck": {
            "deck": len(state.tactics_deck.draw_pile),
            "discard": list(state.tactics_deck.discard_pile)
            if state.options.public_discards
            else len(state.tactics_deck.discard_pile),
        },
        "rune_supply": dict(state.rune_supply),
        "false_runes_revealed": state.revealed_false,
        "claimed_objectives": list(state.claimed_objectives),
        "winter_water": state.winter_water,
        "modifiers": [m.model_dump() for m in state.modifiers],
        "turn": state.turn.model_dump() if state.turn else None,
        "resolve_order": list(state.resolve_order),
        "choice": state.choice.public() if state.choice else None,
        "waiting_on": sorted(waiting or ()),
        "setup": {
            "markers": state.setup.get("markers", []),
            "setup_quests": state.setup.get("setup_quests", {}),
            "tiles_in_hand": state.setup.get("tiles_in_hand", {}),
        }
        if state.phase == "setup"
        else None,
        "heroes": _heroes(state, seat if seat is not None and seat >= 0 else None, cat.hero_content),
        "battle": battle_view(state.battle, seat if seat is not None and seat >= 0 else None) if state.battle else None,
        "result": (
            {
                "winners": state.winner,
                "reason": state.win_reason,
                "scores": {str(k): v for k, v in state.final_scores.items()},
            }
            if over
            else None
        ),
        "gm_tasks": [{"id": t.id, "rule": t.rule} for t in state.gm.tasks],
    }
    if state.options.content_hash:  # a content pack (docs/content-packs.md): pictures and panels read its content
        out["content_hash"] = state.options.content_hash
    if seat is not None and 0 <= seat < state.players:
        p = state.seats[seat]
        out["me"] = {
            "seat": seat,
            "tactics": [
                {
                    "id": c.id,
                    "name": cat.tactics[c.id].name,
                    "timing": cat.tactics[c.id].timing,
                    "text": cat.tactics[c.id].text,
                    "playable_from_next_season": c.gained == state.season_index,
                }
                for c in p.tactics
            ],
            "quests": list(state.heroes.quest_hands.get(seat, [])),
            "objective": (
                {"id": p.objective, "name": cat.objectives[p.objective].name, "text": cat.objectives[p.objective].text}
                if p.objective
                else None
            ),
            "runes": visible_runes(state, seat),
            "order_hand": [c for c in range(1, 9) if c not in p.orders_used],
            "chosen": state.choice.private(seat).get("my_answer")
            if state.choice and seat in state.choice.seats
            else None,
        }
    return out


def _heroes(state: RunewarsState, seat: int | None, content: HeroContent) -> dict[str, Any]:
    """The hero view, with the quest phase (RW-21) while one is running."""
    out = heroes_view(state.heroes, seat, state.quest_phase, content=content)
    if state.quest_phase is not None:
        out["quest_phase"] = quest_phase_view(state.quest_phase, seat)
    return out
