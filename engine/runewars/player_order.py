"""RW-8 player order and its tie-breakers, in one place.

Key 1 is an order-card number (which card depends on the moment: the card just
revealed while orders resolve, the previous season's card during the season step,
this year's spring card in the quest phase); key 2 is influence in the supply (titles
excluded, RW-8.2); key 3 starting influence; key 4 (AMB-25) seat order clockwise from
the starting player.
"""

from __future__ import annotations

from typing import Literal

from engine.runewars.state import RunewarsState

Basis = Literal["now", "prev", "spring", "none"]


def player_order(state: RunewarsState, basis: Basis) -> list[int]:
    n = state.players

    def card(seat: int) -> int:
        p = state.seats[seat]
        value = {"now": p.order_now, "prev": p.order_prev, "spring": p.order_spring, "none": None}[basis]
        return value if value is not None else 0

    def key(seat: int) -> tuple[int, int, int, int]:
        p = state.seats[seat]
        return (card(seat), -p.influence, -p.starting_influence, (seat - state.start_player) % n)

    return sorted(state.active_seats(), key=key)


def season_step_order(state: RunewarsState) -> list[int]:
    """RW-6.4: the previous season's cards; none yet in year 1 spring (influence decides)."""
    return player_order(state, "prev")


def standard_order(state: RunewarsState) -> list[int]:
    """RW-8.1 "whenever the sequence of players matters", evaluated now (RW-8.2 / AMB-24).

    Key 1 is the card just revealed while this season's orders resolve (every card is revealed
    at once, RW-7.3), and the previous season's card at any other moment (the season-card step,
    its effects and secondaries, RW-6.4). Effects that each player resolves "in player order"
    use this, whoever played the card that carries them.
    """
    return player_order(state, "now" if state.resolve_order else "prev")
