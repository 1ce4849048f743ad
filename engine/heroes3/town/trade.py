"""One trade with the supply at the trade table's rate (H3-43.1.1): a trading post's visit and the
H3-48.8 "trade at any time" row make the same exchange and say it the same way."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, Ref

from ..clash import messages as m
from ..clash.common import gain, pay
from ..clash.state import Player
from ..content.clash import TradeRate, clash_content


def exchange(p: Player, give: str, get: str) -> list[Event]:
    """One trade at the trade table's rate (H3-43.1.1), already checked: at a trading post or, under
    the H3-48.8 row, at any time."""
    rate = clash_content().trade_rate(give, get)  # type: ignore[arg-type]  # callers pass resource names
    assert rate is not None
    pay(p, {give: rate.give_amount})
    gain(p, {get: rate.get_amount})
    return [
        Event.to_all(
            "h3_traded",
            m.TRADED(
                seat=m.seat(p.seat),
                give=rate.give_amount,
                what=Ref(kind="h3_resource", id=give),
                get=rate.get_amount,
                into=Ref(kind="h3_resource", id=get),
            ),
        )
    ]


def affordable(p: Player) -> list[tuple[TradeRate, Msg]]:
    """Each trade of the table (H3-43.1.1, D-11) the purse affords, with its words for an option."""
    out: list[tuple[TradeRate, Msg]] = []
    for rate in clash_content().trade:
        if p.resources.get(rate.give, 0) >= rate.give_amount:
            label = m.OPT_TRADE(
                give=rate.give_amount,
                what=Ref(kind="h3_resource", id=rate.give),
                get=rate.get_amount,
                into=Ref(kind="h3_resource", id=rate.get),
            )
            out.append((rate, label))
    return out
