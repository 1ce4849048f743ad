"""Retreat (RW-16): where a group of units may go, and what happens when it cannot.

Usable on its own by the flow (diplomacy "withdraw" RW-12.5.2, "confrontation" RW-12.5.3)
and by the battle's end (RW-14.7.1 loser, RW-10.9.3 excess, RW-19.4 wards).

The board is read through the flow's ``Ctx`` (see INTERFACES.md): ``neighbours(area)``,
``passable(a, b, flying=...)`` (borders, winter water), ``controller(area)``,
``is_friendly(area, seat)``, ``is_empty(area)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def retreat_destinations(
    from_area: str, seat: int | None, flyers: Sequence[bool], ctx: Any
) -> tuple[list[str], dict[str, list[int]]]:
    """Legal destinations for a retreating group, and which members reach each one.

    ``seat`` is the player the units belong to (allied neutrals included), or None for
    unallied neutrals. ``flyers[i]`` says whether member ``i`` flies. Returns
    ``(areas, reach)``; ``reach[area]`` lists the member indexes that can get there.
    An empty list of areas means the whole group is destroyed.

    * RW-16.1.1 player units: an adjacent friendly area; if none, an adjacent empty area.
    * RW-16.1.2 unallied neutrals: an adjacent area no player controls (empty or neutral).
    * RW-16.3 borders still apply (flying units ignore them); an area counts only if at least
      one member can reach it, and areas every member can reach are preferred (AMB-27):
      when one exists, only those are offered. Members that cannot reach the chosen area
      are destroyed.
    """
    neighbours = list(ctx.neighbours(from_area))
    if seat is None:
        tiers = [[a for a in neighbours if ctx.controller(a) is None]]
    else:
        tiers = [
            [a for a in neighbours if ctx.is_friendly(a, seat)],
            [a for a in neighbours if ctx.is_empty(a)],
        ]
    for tier in tiers:
        reach = {a: [i for i, fly in enumerate(flyers) if ctx.passable(from_area, a, flying=fly)] for a in tier}
        reachable = [a for a in tier if reach[a]]
        if reachable:
            everyone = [a for a in reachable if len(reach[a]) == len(flyers)]
            chosen = everyone or reachable
            return chosen, {a: reach[a] for a in chosen}
    return [], {}
