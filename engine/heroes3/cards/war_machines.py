"""War machine cards (H3-19) on the map: the face-up pile (H3-6.32) and buying from it at a War
Machine Factory (H3-50.6, the lower price) or as a Trading Post's one choice (H3-43.1.2, the higher
price). Once bought a war machine is an ordinary permanent card of its buyer (H3-19.1): it goes to the
hand (H3-19.2, H3-13.2.4) and is put into play like any permanent (cards/permanent.py), where it acts
in its owner's combats (combat/war_machines.py).

Why the pile holds content ids and not card instances: its cards are public and interchangeable, and
no rule ever puts a war machine back on it (a discarded one goes to its owner's discard pile, H3-13.2.2;
a removed one leaves the game, H3-13.2.8 / A-48), so a card gets its instance when it is bought, the
moment it becomes some player's card.

Entry points: ``in_game``, ``offer``, ``buy``.
"""

from __future__ import annotations

from typing import Literal

from engine.core import Event, RuleViolation
from engine.core.text import Msg

from ..clash import messages as m
from ..clash.common import can_pay, pay
from ..clash.state import ClashState, Player
from ..content.clash import Resources, clash_content
from . import deck as cards
from . import messages as cm

Where = Literal["factory", "post"]
WHERES: tuple[Where, ...] = ("factory", "post")
# The rule each place of purchase answers to: the factory's field, the trading post's war machine choice.
RULES: dict[Where, str] = {"factory": "H3-50.6", "post": "H3-43.1.2"}


def place(value: object) -> Where:
    """The price a step or question names: "factory", else the trading post's."""
    return "factory" if value == "factory" else "post"


def in_game(state: ClashState) -> bool:
    """H3-6.32 / H3-43.1.2: war machines exist only when a box that holds them (Rampart) is in the game;
    the content says which box each machine comes in."""
    return bool(clash_content().war_machines(tuple(state.boxes)))


def cost(card: str, where: Where) -> Resources:
    return clash_content().cards[card].price(where)


def cost_text(price: Resources) -> Msg:
    return m.COST(gold=price.gold, bm=price.building_materials, val=price.valuables)


def offer(state: ClashState, p: Player, where: Where) -> list[str]:
    """The war machines ``p`` may buy here: one of each kind still in the pile that ``p`` can pay."""
    if not in_game(state):
        return []
    return [c for c in dict.fromkeys(state.war_machines) if can_pay(p, cost(c, where).as_dict())]


def buy(state: ClashState, p: Player, card: str, where: str) -> list[Event]:
    """H3-19.2: pay the price of the place, take the card off the pile into the hand (H3-13.2.4; under
    the H3-48.8 "gains to the discard pile" row, the discard pile). A refusal changes nothing."""
    if not in_game(state):
        raise RuleViolation("H3-6.32", cm.NO_MACHINE_PILE())
    if where not in WHERES:
        raise RuleViolation("H3-19.2", cm.NO_MACHINES_HERE())
    at = place(where)
    ref = m.ref("card", card)
    if card not in state.war_machines:
        raise RuleViolation("H3-6.32", cm.NO_MACHINE_LEFT(card=ref))
    price = cost(card, at)
    if not can_pay(p, price.as_dict()):
        raise RuleViolation(RULES[at], cm.MACHINE_TOO_DEAR(card=ref, cost=cost_text(price)))
    pay(p, price.as_dict())
    _to_player(state, p, card)
    said = cm.MACHINE_BOUGHT(seat=m.seat(p.seat), card=ref, cost=cost_text(price))
    return [Event.to_all("h3_machine_bought", said, seat=p.seat, card=card)]


def _to_player(state: ClashState, p: Player, card: str) -> None:
    """Off the pile, a new card instance of ``p``'s, into the hand (H3-13.2.4)."""
    state.war_machines.remove(card)
    cards.gain_card(state, p, state.new_card(card))


# ---- Tower-box heroes (D): Torosar's Ballista I (map effect) ---------------------------------------------------
def take_refusal(state: ClashState, p: Player, card: str, gold: int) -> RuleViolation | None:
    """Why ``p`` cannot take ``card`` off the pile for ``gold`` now (None: it can). Torosar's Ballista I
    prints "pay 5 gold to gain a Ballista": with no Rampart box there is no pile to take it from
    (H3-6.32), so that half of the card cannot be played; the other half (the Ballista shooting, in a
    combat) still can, with the Ballistas his level IV and VI cards give."""
    ref = m.ref("card", card)
    if not in_game(state):
        return RuleViolation("H3-6.32", cm.NO_MACHINE_PILE())
    if card not in state.war_machines:
        return RuleViolation("H3-6.32", cm.NO_MACHINE_LEFT(card=ref))
    price = Resources(gold=gold)
    if not can_pay(p, price.as_dict()):
        return RuleViolation("H3-19.2", cm.MACHINE_TOO_DEAR(card=ref, cost=cost_text(price)))
    return None


def take_for(state: ClashState, p: Player, card: str, gold: int) -> list[Event]:
    """Pay ``gold`` and take ``card`` off the pile into the hand, as a bought one (H3-19.2, H3-13.2.4);
    refused, with nothing changed, when ``take_refusal`` says why."""
    refusal = take_refusal(state, p, card, gold)
    if refusal is not None:
        raise refusal
    price = Resources(gold=gold)
    pay(p, price.as_dict())
    _to_player(state, p, card)
    said = cm.MACHINE_BOUGHT(seat=m.seat(p.seat), card=m.ref("card", card), cost=cost_text(price))
    return [Event.to_all("h3_machine_bought", said, seat=p.seat, card=card)]
