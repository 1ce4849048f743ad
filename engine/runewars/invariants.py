"""Checks the simulator runs after every action, and each seat's secrets for its leak check.

Secrets are given as the exact JSON fragments a leak would produce (``"T07"`` with its
quotes, ``"rune": "dragon"``), so the simulator's substring test cannot match by accident.
"""

from __future__ import annotations

import json

from engine.runewars import board as B
from engine.runewars.catalog import catalog
from engine.runewars.heroes.core import HIDDEN, heroes_invariants, heroes_secrets
from engine.runewars.heroes.quests import quest_phase_secrets
from engine.runewars.state import RunewarsState

DRAGON_RUNES = 21  # RW-1.4
FALSE_RUNES = 17


def _q(value: str) -> str:
    return json.dumps(value)


def secrets(state: RunewarsState) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {s: set() for s in range(state.players)}
    for p in state.seats:
        out[p.seat].update(_q(c.id) for c in p.tactics)
        if p.objective:
            out[p.seat].add(_q(p.objective))
    if state.phase != "over" and not state.options.epic:
        faces = {f'"rune": {_q(a.rune)}' for a in state.board.values() if a.rune}
        for seat in out:  # every seat has face-down runes it must not see published
            out[seat].update(faces)
    hero_secrets = heroes_secrets(state.heroes, state.quest_phase)
    if state.quest_phase is not None:
        for seat, values in quest_phase_secrets(state.quest_phase).items():
            hero_secrets.setdefault(seat, set()).update(values)
    for seat, values in hero_secrets.items():
        target = out.setdefault(seat if seat != HIDDEN else 0, set())
        target.update(_q(v) for v in values)
    return {k: v for k, v in out.items() if v}


def invariants(state: RunewarsState) -> list[str]:
    problems: list[str] = []
    cat = catalog()
    # RW-1.9.2 figure supply
    counts: dict[str, int] = {}
    for u in state.units:
        counts[u.kind] = counts.get(u.kind, 0) + 1
        if u.area not in state.board:
            problems.append(f"unit {u.id} stands in unknown area {u.area}")
    for kind, n in counts.items():
        if n > cat.unit_types[kind].count:
            problems.append(f"{n} {kind} on the board but only {cat.unit_types[kind].count} figures exist")
    if len({u.id for u in state.units}) != len(state.units):
        problems.append("two units share an id")
    # RW-10.9.1: 8 per area, except in a battle (RW-10.9.3) or while the owner is choosing losses
    pending = {s.seat for s in state.steps if s.kind == "destroy"}
    # Units that just moved in wait for their arrival step (after the RW-30.2 tactics
    # checkpoint that follows movement); the limit is applied on arrival (RW-10.9.2).
    arriving = {(s.data.get("area"), s.seat) for s in state.steps if s.kind == "arrive"}
    contested = state.battle.area if state.battle is not None else None
    per: dict[tuple[str, int], int] = {}
    mixed: set[str] = set()  # areas where a battle or diplomacy is about to happen (RW-10.9.3)
    owners_in: dict[str, set[int | None]] = {}
    for u in state.units:
        owners_in.setdefault(u.area, set()).add(u.owner)
        if u.owner is not None:
            per[(u.area, u.owner)] = per.get((u.area, u.owner), 0) + 1
    mixed = {a for a, o in owners_in.items() if len(o) > 1}
    for (area, owner), n in per.items():
        if (
            n > B.UNIT_LIMIT
            and owner not in pending
            and area != contested
            and area not in mixed
            and (area, owner) not in arriving
        ):
            problems.append(f"seat {owner + 1} has {n} units in {area}")
    # allied neutrals only where their player controls the area (RW-11.4), or stands with his own
    # faction units in an area still contested before its battle or diplomacy (RW-2.7.1, RW-11.4.1)
    if state.battle is None and state.phase == "play":
        with_faction = {
            (u.area, u.owner) for u in state.units if u.owner is not None and not cat.is_neutral_kind(u.kind)
        }
        for u in state.units:
            if (
                u.owner is not None
                and cat.is_neutral_kind(u.kind)
                and (u.area, u.owner) not in with_faction
                and B.controller(state, u.area) != u.owner
            ):
                problems.append(f"allied neutral {u.id} in {u.area}, which its player does not control")
    # rune conservation (RW-1.4, RW-27)
    if state.phase != "setup":
        in_hand = {"dragon": 0, "false": 0}
        for s in state.steps:
            if s.kind == "rune_place":
                for face in s.data.get("todo", []):
                    in_hand[face] += 1
                for face in s.data.get("placed", {}).values():
                    in_hand[face] += 1
        on_board = {"dragon": 0, "false": 0}
        for a in state.board.values():
            if a.rune:
                on_board[a.rune] += 1
        if on_board["dragon"] + state.rune_supply["dragon"] + in_hand["dragon"] != DRAGON_RUNES:
            problems.append("dragon runes are not conserved")
        if not state.options.epic and on_board["false"] + state.rune_supply["false"] + in_hand["false"] != FALSE_RUNES:
            problems.append("false runes are not conserved")
        for a in state.board.values():
            if state.options.epic and a.rune == "false":
                problems.append(f"a false rune in {a.id} in the epic variant")
    # strongholds: at most 4 per faction on the board (RW-17.1)
    for p in state.seats:
        if p.faction and len(B.strongholds_of(state, p.seat)) > cat.factions[p.faction].stronghold.count:
            problems.append(f"seat {p.seat + 1} has too many strongholds")
        if p.influence < 0:
            problems.append(f"seat {p.seat + 1} has negative influence")
        for r, v in p.dials.items():
            if p.faction and not 0 <= v <= cat.factions[p.faction].dials.get(r).max_value:  # type: ignore[arg-type]
                problems.append(f"seat {p.seat + 1}'s {r} dial is off the track")
        if len(p.tactics) > 10 and not any(s.kind == "discard" and s.seat == p.seat for s in state.steps):
            problems.append(f"seat {p.seat + 1} holds more than 10 tactics cards")
    # tactics card conservation
    cards = (
        [c.id for p in state.seats for c in p.tactics] + state.tactics_deck.draw_pile + state.tactics_deck.discard_pile
    )
    if state.phase != "setup" and sorted(cards) != sorted(cat.tactics):
        problems.append("tactics cards were lost or duplicated")
    # the destiny deck holds 30 cards in total (deck + discard + any drawn and not yet discarded)
    if state.heroes.reward_deck.draw_pile or state.heroes.heroes:  # the reward deck exists once setup dealt heroes
        problems += [f"heroes: {p}" for p in heroes_invariants(state.heroes, cat.hero_content)]
    return problems
