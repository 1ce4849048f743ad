"""Limits that destroy units: the winter food limit (RW-6.8) and the 8-unit area limit (RW-10.9.2).

These live apart from the season flow because card effects, movement, orders and battles all
check them; each of those may import this module without importing the season machinery.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt
from engine.core.text import message
from engine.runewars import board as B
from engine.runewars.actions import Destroy
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, push, sampler, step
from engine.runewars.player_order import season_step_order
from engine.runewars.setup.start import seat_name
from engine.runewars.state import RunewarsState
from engine.runewars.text import en, loaded, need, option, ref, stored, to_all
from engine.runewars.turn.picks import DESTROY, unit_candidate, unit_list_schema

FOOD_LIMIT = message("rw.limit.food", "your food limit of {n} units per area")
UNIT_LIMIT = message("rw.limit.units", "the 8-unit limit")
WINTER = message("rw.limit.winter", "Winter: water borders are ignored until the end of the season (RW-6.8.3).")
WEAKEST_FIRST = message("rw.limit.weakest_first", "Destroy {n}: weakest standing units first")
NUMEROUS_FIRST = message("rw.limit.numerous_first", "Destroy {n}: most numerous type first")
N_OF_IN = message("rw.limit.n_of_in", "{n} of the {total} units in {area}")
DESTROY_Q = message("rw.limit.question", "Destroy units over {why}: {where}.")
ONCE = message("rw.limit.refused_once", "Each unit can be destroyed only once.")
OWN_OVER = message("rw.limit.refused_own", "Choose your own units in the areas over the limit.")
EXACTLY = message("rw.limit.refused_exactly", "Destroy exactly {n} unit(s) in {area}.")
STANDING_FIRST = message("rw.limit.refused_standing_first", "In {area} destroy standing units before routed ones.")
DESTROYED = message("rw.limit.destroyed", "{seat} destroys {n} unit(s) over the limit.")


def winter_check(state: RunewarsState, offset: int = 0, set_water: bool = True) -> list[Event]:
    """RW-6.8.1-2: per area, units over min(8, food) are destroyed by their owner (AMB-33)."""
    queued = []
    for seat in season_step_order(state):
        limit = max(0, min(B.UNIT_LIMIT, state.seats[seat].dials["food"] + offset))
        areas = sorted({u.area for u in state.units if u.owner == seat})
        over = {a: B.unit_count(state, a, seat) - limit for a in areas if B.unit_count(state, a, seat) > limit}
        if over:
            queued.append(
                step(
                    state,
                    "destroy",
                    seat,
                    areas=over,
                    rule="RW-6.8.2",
                    why=stored(FOOD_LIMIT(n=limit)),
                )
            )
    if set_water:
        queued.append(step(state, "winter_water"))
    push(state, *queued)
    return []


@auto("winter_water")
def _winter_water(state: RunewarsState, st: Any) -> list[Event]:
    state.winter_water = True  # RW-6.8.3
    return [to_all("winter", WINTER())]


# ---- P-14 / P-63 destroying units over a limit --------------------------------------------------


def routed_allowed(state: RunewarsState, seat: int, area: str, n: int) -> int:
    """RW-15.5: how many of the ``n`` units destroyed in ``area`` may be routed ones.

    A forced destruction takes standing units rather than routed ones where possible, so routed
    units go only for the part of ``n`` that the owner's standing units there cannot cover.
    """
    standing = sum(1 for u in state.units if u.area == area and u.owner == seat and not u.routed)
    return max(0, n - standing)


def _destroy_options(state: RunewarsState, seat: int, areas: dict[str, int]) -> list[Option]:
    """A few ready answers: for each area, lose the weakest or the most common type first, both
    standing units before routed ones (RW-15.5)."""
    out = []
    for label, prefer in ((WEAKEST_FIRST, "weakest"), (NUMEROUS_FIRST, "numerous")):
        chosen: list[int] = []
        for area, n in sorted(areas.items()):
            mine = [u for u in state.units if u.area == area and u.owner == seat]
            counts: dict[str, int] = {}
            for u in mine:
                counts[u.kind] = counts.get(u.kind, 0) + 1
            if prefer == "weakest":
                mine.sort(key=lambda u: (u.routed, catalog().unit_types[u.kind].health, u.id))
            else:
                mine.sort(key=lambda u: (u.routed, -counts[u.kind], u.id))
            chosen += [u.id for u in mine[:n]]
        out.append(option(label(n=sum(areas.values())), {"type": "rw_destroy", "units": chosen}))
    if out[0].action == out[1].action:
        out = out[:1]
    return out


@decision("destroy", "rw_destroy")
def _destroy_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    areas: dict[str, int] = st.data["areas"]
    # How many must go and how many stand there (issue 12), per area over the limit.
    where = [N_OF_IN(n=n, total=B.unit_count(state, a, st.seat), area=ref("area", a)) for a, n in sorted(areas.items())]
    question = DESTROY_Q(why=loaded(st.data["why"]) if "why" in st.data else UNIT_LIMIT(), where=list(where))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data.get("rule", "RW-10.9.2"),
            question=en(question),
            msg=question,
            options=_destroy_options(state, st.seat, areas),
            # VIEW.md "Unit-list prompts": every own unit in the areas over the limit is listed, with
            # its routed flag, and how many must go in each area; the pick must take standing units
            # before routed ones (RW-15.5), which ``_destroy_apply`` checks.
            answer_schema=unit_list_schema(
                {"type": "integer"},
                [unit_candidate(state, u) for u in state.units if u.owner == st.seat and u.area in areas],
                **{DESTROY: dict(sorted(areas.items()))},
            ),
        )
    ]


@applies("destroy")
def _destroy_apply(state: RunewarsState, st: Any, seat: int, action: Destroy) -> list[Event]:
    areas: dict[str, int] = st.data["areas"]
    rule = st.data.get("rule", "RW-10.9.2")
    picked = [B.unit_by_id(state, uid) for uid in action.units]
    need(len(set(action.units)) == len(action.units), rule, ONCE())
    need(all(u is not None and u.owner == seat and u.area in areas for u in picked), rule, OWN_OVER())
    for area, n in areas.items():
        need(sum(1 for u in picked if u and u.area == area) == n, rule, EXACTLY(n=n, area=ref("area", area)))
        # RW-15.5: a forced destruction (the 8-unit limit, the winter food limit) takes standing
        # units rather than routed ones where possible; "of his choice" (RW-10.9.2, RW-6.8.2) is
        # the choice among those.
        routed = sum(1 for u in picked if u and u.area == area and u.routed)
        need(routed <= routed_allowed(state, seat, area, n), "RW-15.5", STANDING_FIRST(area=ref("area", area)))
    B.remove_units(state, set(action.units))
    B.update_alliances(state)
    done(state, st)
    return [
        to_all(
            "destroyed",
            DESTROYED(seat=seat_name(state, seat), n=len(action.units)),
            seat=seat,
            units=list(action.units),
        )
    ]


@sampler("destroy")
def _destroy_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    chosen: list[int] = []
    for area, n in sorted(st.data["areas"].items()):
        standing = [u.id for u in state.units if u.area == area and u.owner == seat and not u.routed]
        routed = [u.id for u in state.units if u.area == area and u.owner == seat and u.routed]
        # RW-15.5: standing units first; routed ones only for what the standing cannot cover
        chosen += rng.sample(standing, min(n, len(standing))) + rng.sample(routed, max(0, n - len(standing)))
    return {"type": "rw_destroy", "units": chosen}


def limit_check(state: RunewarsState, seat: int, areas: list[str], rule: str = "RW-10.9.2") -> None:
    """RW-10.9.2: queue the owner's P-63 choice for every listed area above 8 units."""
    over = {
        a: B.unit_count(state, a, seat) - B.UNIT_LIMIT
        for a in set(areas)
        if B.unit_count(state, a, seat) > B.UNIT_LIMIT
    }
    if over:
        push(state, step(state, "destroy", seat, areas=over, rule=rule, why=stored(UNIT_LIMIT())))


# ---- RW-7.2 / 7.3 order cards ---------------------------------------------------------------------
