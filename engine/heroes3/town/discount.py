"""The Legion artifacts' discount (Head, Legs and Loins of Legion, H3-17: "Recruiting or reinforcing
one unit costs N gold less (never below 0)"): playing one leaves a pending discount on the player
(``Player.discounts``, public), which the next recruit or reinforcement of a unit uses.

House readings, where the card and the rules are silent:
* the discount goes to the unit that gains most from it: the one with the highest gold cost among
  those bought together (ties: the first), so a player never has to choose a worse use;
* several pending discounts go to different units, the largest to the dearest;
* an unused discount lapses when the round it was played in ends (the card was discarded when
  played, H3-13.2.2, so nothing else is kept). Kept lazily: ``active`` reads only this round's.

Why here, beside the town and gold-pool code: every way of recruiting or reinforcing (the town
menu, the neutral armies of H3-48.2, the gold pool's reshaping of H3-48.5) asks the same two
questions: what may be offered (``best``) and what is paid (``allot`` / ``spend``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Event
from engine.core.text import Ref

from ..cards import messages as cm
from ..clash import messages as m
from ..clash.state import ClashState, Player, RecruitDiscount


def active(state: ClashState, p: Player) -> list[RecruitDiscount]:
    """The discounts still usable: those played this round (house: they lapse at its end)."""
    return [d for d in p.discounts if d.round == state.round]


def lapse(state: ClashState, p: Player) -> None:
    """Drop the discounts of earlier rounds (house reading in the module docstring)."""
    p.discounts = active(state, p)


def best(state: ClashState, p: Player) -> int:
    """The largest discount one unit could get now (0 with none): what makes a unit affordable."""
    return max((d.gold for d in active(state, p)), default=0)


def apply(cost: Mapping[str, int], gold: int) -> dict[str, int]:
    """``cost`` with ``gold`` off its gold, never below 0."""
    out = dict(cost)
    if gold and "gold" in out:
        out["gold"] = max(0, out["gold"] - gold)
    return out


def allot(state: ClashState, p: Player, costs: Sequence[Mapping[str, int]]) -> list[RecruitDiscount | None]:
    """Which pending discount each of the units bought together gets: the largest discount to the
    unit with the highest gold cost (ties: the first), the next to the next; one per unit."""
    pending = sorted(active(state, p), key=lambda d: -d.gold)
    order = sorted(range(len(costs)), key=lambda i: -costs[i].get("gold", 0))
    out: list[RecruitDiscount | None] = [None] * len(costs)
    for d, i in zip(pending, order, strict=False):
        if costs[i].get("gold", 0) > 0:
            out[i] = d
    return out


def spend(state: ClashState, p: Player, d: RecruitDiscount, unit: str, cost: Mapping[str, int]) -> Event:
    """Use discount ``d`` for ``unit`` whose full cost is ``cost``: the discount is gone, and the
    event says what it saved."""
    p.discounts = [x for x in p.discounts if x is not d]
    saved = min(d.gold, cost.get("gold", 0))
    return Event.to_all(
        "h3_discount_used",
        cm.DISCOUNT_USED(
            seat=m.seat(p.seat), card=Ref(kind="card", id=state.cards[d.card]), unit=Ref(kind="unit", id=unit), n=saved
        ),
        seat=p.seat,
        saved=saved,
    )
