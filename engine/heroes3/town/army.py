"""Which units a town may recruit or reinforce now (H3-26.3): the town menu and the gold pool's
reshaping (H3-48.5) offer the same units, so both read them here.
"""

from __future__ import annotations

from ..clash.common import can_pay, has_kind
from ..clash.state import Player
from ..content import load
from ..content.clash import clash_content
from . import discount


def recruitable(p: Player, gold_off: int = 0) -> list[str]:
    """H3-26.3.1: faction units not in the unit deck whose tier's dwelling is built, affordable
    with ``gold_off`` gold off (a pending Legion discount, town/discount.py)."""
    have = {a.card for a in p.army}
    out = []
    for unit in clash_content().towns[p.faction].units:
        card = load().unit(unit)
        if unit in have or not has_kind(p, f"dwelling_{card.tier}"):
            continue
        if can_pay(p, discount.apply(card.sides["few"].cost, gold_off)):
            out.append(unit)
    return out


def reinforceable(p: Player, gold_off: int = 0) -> list[int]:
    """H3-26.3.2: Few faction units whose dwelling is built, with a Citadel (H3-26.7: not neutrals),
    affordable with ``gold_off`` gold off."""
    if not has_kind(p, "citadel"):
        return []
    out = []
    for i, a in enumerate(p.army):
        card = load().unit(a.card)
        if a.side != "few" or card.faction != p.faction or not has_kind(p, f"dwelling_{card.tier}"):
            continue
        if can_pay(p, discount.apply(card.sides["pack"].cost, gold_off)):
            out.append(i)
    return out
