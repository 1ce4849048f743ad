"""The engine-run opponent: how AI-controlled units pick targets and move (H3-40.2, A-40).

Deterministic: among equally valid targets the human player breaks the tie (H3-40.2.4); the
flow asks them (``h3c_ai_tie``) when ``plan`` returns several.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..combat import rules as r
from ..combat.board import Cell, manhattan, path_distance
from ..combat.models import Combat, Unit


@dataclass
class Plan:
    ties: list[str] = field(default_factory=list)  # equally good targets to attack now
    toward: str | None = None  # no attack possible: move toward this unit


def _priority(unit: Unit, target: Unit) -> int:
    return r.tier_order(unit.tier).index(target.tier)


def _attack_cells(combat: Combat, unit: Unit, target: Unit) -> list[Cell]:
    """Spaces from which ``unit`` could attack ``target`` this activation (A-40: "valid")."""
    if unit.pos is None or target.pos is None:
        return []
    spots = [unit.pos, *r.move_options(combat, unit)]
    near = set(combat.geometry().adjacent(target.pos))
    return [c for c in spots if c in near]


def plan(combat: Combat, unit: Unit) -> Plan:
    enemies = [e for e in r.enemies(combat, unit) if not e.tower]
    if not enemies:
        return Plan()
    if unit.type == "ranged":
        return _plan_ranged(combat, unit, enemies)
    attackable = [e for e in enemies if _attack_cells(combat, unit, e)]
    if attackable:
        return Plan(ties=_best(combat, unit, attackable))
    # nothing to attack: move toward the highest-priority nearest enemy.
    best = _best(combat, unit, enemies)
    return Plan(toward=best[0])


def best_target(combat: Combat, unit: Unit, pool: list[Unit]) -> str:
    """The engine-run side's pick among ``pool`` (H3-40.2 order, then nearest); ties by id."""
    return sorted(_best(combat, unit, pool))[0]


def _plan_ranged(combat: Combat, unit: Unit, enemies: list[Unit]) -> Plan:
    """H3-40.2.3/H3-40.4: ranged AI shoots ranged enemies first (tier order), then the others;
    adjacent enemies must be shot first (H3-28.3.1). H3-40.6: the arrow tower prefers the target
    with the least remaining HP."""
    pool = r.attack_targets(combat, unit)
    pool = [p for p in pool if not p.tower]
    if not pool:
        return Plan()
    shooters = [p for p in pool if p.type == "ranged"]
    return Plan(ties=_best(combat, unit, shooters or pool))


def _best(combat: Combat, unit: Unit, pool: list[Unit]) -> list[str]:
    top = min(_priority(unit, e) for e in pool)
    pool = [e for e in pool if _priority(unit, e) == top]
    if unit.tower:
        least = min(e.remaining() for e in pool)
        pool = [e for e in pool if e.remaining() == least]
        return [e.uid for e in pool]
    near = min(r.distance(combat, unit, e) for e in pool)
    return [e.uid for e in pool if r.distance(combat, unit, e) == near]


def approach(combat: Combat, unit: Unit, target: Unit, *, attack: bool) -> Cell | None:
    """Where the unit ends its move: a space next to ``target`` when it can attack (the nearest
    such space), else the reachable space closest to it (A-40: shortest path)."""
    if unit.pos is None or target.pos is None:
        return None
    if attack:
        cells = _attack_cells(combat, unit, target)
        if unit.pos in cells:
            return unit.pos
        return min(cells, key=lambda c: (manhattan(unit.pos or c, c), c)) if cells else None
    blocked = r.blocked_for(combat, unit)

    def gap(c: Cell) -> int:
        if unit.type == "flying":
            return manhattan(c, target.pos or c)
        d = path_distance(combat.geometry(), c, target.pos or c, blocked)
        return d if d is not None else 99

    here = gap(unit.pos)
    options = [(gap(c), c) for c in r.move_options(combat, unit)]
    better = [o for o in options if o[0] < here]
    return min(better)[1] if better else None
