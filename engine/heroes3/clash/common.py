"""Small shared helpers: purses (H3-20.1), heroes on fields, the bases a player controls."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import RuleViolation
from engine.core.text import Msg

from ..adventure.geometry import index, location
from ..content.clash import clash_content
from .state import ClashState, Coord, Hero, Player

RES: tuple[str, ...] = ("gold", "building_materials", "valuables")


def can_pay(p: Player, cost: Mapping[str, int]) -> bool:
    return all(p.resources.get(k, 0) >= v for k, v in cost.items())


def pay(p: Player, cost: Mapping[str, int]) -> None:
    """Resources never go negative (invariant): callers check ``can_pay`` first."""
    for k, v in cost.items():
        p.resources[k] = p.resources.get(k, 0) - v


def gain(p: Player, amounts: Mapping[str, int]) -> None:
    for k, v in amounts.items():
        if v:
            p.resources[k] = p.resources.get(k, 0) + v


def heroes(p: Player) -> list[Hero]:
    return [h for h in (p.main, p.secondary) if h is not None]


def hero(p: Player, kind: str) -> Hero | None:
    return p.main if kind == "main" else p.secondary


def heroes_at(state: ClashState, pos: Coord) -> list[tuple[int, Hero]]:
    return [(p.seat, h) for p in state.seats if not p.eliminated for h in heroes(p) if h.field == pos]


def town_owner(state: ClashState, pos: Coord) -> int | None:
    """A town's or settlement's owner: whoever's cube is on it, else the town's original owner
    (A-53); None for an unflagged settlement."""
    loc = location(state, pos)
    if loc is None or loc.kind not in ("town", "settlement"):
        return None
    fs = state.peek_field(pos)
    if fs is not None and fs.flag is not None:
        return fs.flag
    if loc.kind == "town":
        for p in state.seats:
            if p.faction == loc.faction and not p.eliminated:
                return p.seat
    return None


def bases(state: ClashState, seat: int) -> list[Coord]:
    """Towns and settlements ``seat`` controls (H3-5.3, H3-12.5, H3-37.6), in map order."""
    out: list[Coord] = []
    for pos in index(state):
        loc = location(state, pos)
        if loc is not None and loc.kind in ("town", "settlement") and town_owner(state, pos) == seat:
            out.append(pos)
    return out


def team_of(state: ClashState, seat: int) -> list[int]:
    """The seats of ``seat``'s Alliance team (H3-3.2.3); outside Alliance games just ``[seat]``."""
    for team in state.teams:
        if seat in team:
            return list(team)
    return [seat]


def allied(state: ClashState, a: int, b: int) -> bool:
    """Whether two seats are on the same side: the same seat, or teammates in an Alliance game."""
    return a == b or b in team_of(state, a)


def enemies(state: ClashState, seat: int) -> list[int]:
    """The seats ``seat`` plays against (everyone else in a Clash; the other team in an Alliance)."""
    return [p.seat for p in state.seats if not allied(state, seat, p.seat)]


def seat_order(state: ClashState, first: int) -> list[int]:
    """Clockwise from ``first`` (H3-7.1)."""
    n = state.players
    return [(first + i) % n for i in range(n)]


def has_kind(p: Player, kind: str) -> bool:
    """Whether ``p`` has built a building of ``kind`` (a dwelling tier, the Citadel, ...)."""
    town = clash_content().towns[p.faction]
    return any(town.building(b).kind == kind for b in p.buildings)


def need(cond: bool, rule: str, msg: Msg) -> None:
    """Refuse with the rule's id and a translatable sentence unless ``cond`` holds."""
    if not cond:
        raise RuleViolation(rule, msg)
