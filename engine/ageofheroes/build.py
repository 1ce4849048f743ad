"""Build (AH-9): costs with Gold as wild, supply limits, Generals and Roads with consent."""

from __future__ import annotations

from collections import Counter

from engine.core import Event
from engine.core.text import Msg, message

from . import cards as C
from . import messages as T
from .flow import FLOW, push
from .state import AohState, Army, Road
from .table import has_road, neighbours, seat_name

PAY_FROM_HAND = message("ah.build.refused.pay_from_hand", "You can only pay with cards in your hand, each once.")
PAY_REGULAR_ONLY = message(
    "ah.build.refused.regular_only",
    "Only regular resources pay for items; special resources and events never do (AH-2.2).",
)
PAY_NO_ROOM = message(
    "ah.build.refused.no_room", "The cost of a {item} has no room for {n} {card}; payment is exact (AH-9.4)."
)
PAY_NOT_EXACT = message(
    "ah.build.refused.not_exact",
    "That is not the exact cost of a {item} ({cost}); Gold may stand in for any regular resource.",
)
COST_PART = message("ah.build.cost_part", "{n} {card}")
PLUS = message("ah.build.plus", "{a} + {b}")
SUPPLY_EMPTY = message(
    "ah.build.refused.supply_empty", "The {item} supply is empty; no {item} can be built until one returns."
)
NO_GENERAL_TARGET = message(
    "ah.build.refused.no_general_target", "You have no home army without a General to attach one to."
)
NAME_GENERAL_ARMY = message(
    "ah.build.refused.name_general_army", "Name one of your home armies without a General for the new General."
)
ROAD_NEIGHBOUR = message(
    "ah.build.refused.road_neighbour", "A road can only join you to one of your two seat neighbours."
)
ROAD_EXISTS = message("ah.build.refused.road_exists", "There is already a road between those two tribes.")
CANNOT_PAY = message("ah.build.refused.cannot_pay", "You cannot pay for a {item} ({cost}).")
ELIMINATES = message(
    "ah.build.refused.eliminates",
    "Paying this leaves you with no cards and no City, which eliminates you; confirm to go ahead.",
)
ROAD_REQUEST = message("ah.build.road_request", "{seat} asks {other} to agree to a road (AH-9.9.3).")
BUILT_A = message("ah.build.built_a", "{seat} builds a {item!c}{where}, paying {cards}.")
BUILT_AN = message("ah.build.built_an", "{seat} builds an {item!c}{where}, paying {cards}.")
FOR_ARMY = message("ah.build.for_army", " for {army}")
ROAD_REFUSED = message("ah.build.road_refused", "{seat} refuses the road; nothing is paid (AH-9.9.4).")
ROAD_FAILED = message("ah.build.road_failed", "The road can no longer be built.")
ROAD_BUILT = message("ah.build.road_built", "{seat} consents: a road joins {a} and {b}.")


def payment_problem(state: AohState, item: str, pay: list[str], hand: list[str]) -> tuple[str, Msg] | None:
    """Why ``pay`` cannot pay for ``item`` exactly, with the rule that says so, or None when it can.

    Each refusal names its own rule: cards not in hand (AH-9.1, paid from the hand), a special
    resource or an event (AH-2.2), more of a kind or more Gold than the cost has room for
    (AH-9.4, payment is exact), too little (AH-9.2, the cost; Gold is wild, AH-9.3).
    """
    if len(set(pay)) != len(pay) or any(c not in hand for c in pay):
        return "AH-9.1", PAY_FROM_HAND()
    kinds = Counter(C.kind(c) for c in pay)
    if any(k not in C.REGULAR for k in kinds):
        return "AH-2.2", PAY_REGULAR_ONLY()
    need = Counter(state.content.costs[item])
    gold_free = sum(need.values())
    for k, n in kinds.items():
        if k == C.WILD:
            continue
        if n > need.get(k, 0):
            return "AH-9.4", PAY_NO_ROOM(item=T.item(item), n=n, card=T.card(k))
        gold_free -= n
    gold = kinds.get(C.WILD, 0)
    if gold > gold_free:
        return "AH-9.4", PAY_NOT_EXACT(item=T.item(item), cost=cost_text(state, item))
    if gold < gold_free:
        return "AH-9.2", PAY_NOT_EXACT(item=T.item(item), cost=cost_text(state, item))
    return None


def cost_text(state: AohState, item: str) -> Msg:
    return cost_msg(state.content.costs[item])


def cost_msg(cost: dict[str, int]) -> Msg:
    """ "1 Iron + 2 Grain": the parts joined by nested pluses, so any number of parts reads right."""
    parts = [COST_PART(n=n, card=T.card(k)) for k, n in cost.items()]
    out = parts[0] if parts else T.NOTHING()
    for part in parts[1:]:
        out = PLUS(a=out, b=part)
    return out


def auto_payment(state: AohState, item: str, hand: list[str]) -> list[str] | None:
    """The payment a button uses: the named resources first, Gold for whatever is missing."""
    pay: list[str] = []
    missing = 0
    for k, n in state.content.costs[item].items():
        have = [c for c in hand if C.kind(c) == k and c not in pay]
        if k == C.WILD:
            missing += n
            continue
        pay.extend(have[:n])
        missing += max(0, n - len(have))
    gold = [c for c in hand if C.kind(c) == C.WILD and c not in pay]
    if len(gold) < missing:
        return None
    pay.extend(gold[:missing])
    return pay


def general_targets(state: AohState, seat: int) -> list[str]:
    """AH-9.8.3: home armies without a General (CFG general_attach_to=any_army: any army without one)."""
    p = state.p(seat)
    if state.options.general_attach_to == "home_only":
        return [a.id for a in p.armies if a.status == "home" and not a.general]
    return [a.id for a in p.armies if not a.general]


def road_targets(state: AohState, seat: int) -> list[int]:
    """AH-9.9.1-2: a seat neighbour not yet joined by a road."""
    return [n for n in neighbours(state, seat) if not has_road(state, seat, n)]


def check_item(state: AohState, seat: int, item: str, army: str | None, neighbour: int | None) -> None:
    if state.supply[item] <= 0:
        raise T.refuse("AH-9.5", SUPPLY_EMPTY(item=T.item(item)))
    if item == "general":
        legal = general_targets(state, seat)
        if not legal:
            raise T.refuse("AH-9.8.3", NO_GENERAL_TARGET())
        if (army or (legal[0] if len(legal) == 1 else None)) not in legal:
            raise T.refuse("AH-9.8.1", NAME_GENERAL_ARMY())
    if item == "road":
        if neighbour is None or neighbour not in neighbours(state, seat):
            raise T.refuse("AH-9.9.1", ROAD_NEIGHBOUR())
        if has_road(state, seat, neighbour):
            raise T.refuse("AH-9.9.2", ROAD_EXISTS())


def eliminates(state: AohState, seat: int, pay: list[str]) -> bool:
    """AH-16.2: would spending ``pay`` leave the player with no cards and no City?"""
    p = state.p(seat)
    return p.cities == 0 and len(pay) == len(p.hand)


def build(
    state: AohState,
    seat: int,
    item: str,
    pay: list[str] | None,
    army: str | None,
    neighbour: int | None,
    confirm: bool,
    events: list[Event],
) -> None:
    """P-10: one item, paid from hand; a road first asks the neighbour (P-12)."""
    p = state.p(seat)
    if state.supply[item] <= 0:
        raise T.refuse("AH-9.5", SUPPLY_EMPTY(item=T.item(item)))
    chosen = pay if pay is not None else auto_payment(state, item, p.hand)
    if chosen is None:
        raise T.refuse("AH-9.2", CANNOT_PAY(item=T.item(item), cost=cost_text(state, item)))
    problem = payment_problem(state, item, chosen, p.hand)
    if problem:
        raise T.refuse(*problem)
    check_item(state, seat, item, army, neighbour)
    if eliminates(state, seat, chosen) and not confirm:
        raise T.refuse("AH-16.2", ELIMINATES())
    if item == "road":
        assert neighbour is not None
        push(state, "road_consent", neighbour, requester=seat, pay=list(chosen))
        events.append(
            T.to_all(
                "road_request",
                ROAD_REQUEST(seat=seat_name(state, seat), other=seat_name(state, neighbour)),
                seat=seat,
                neighbour=neighbour,
            )
        )
        return
    _pay(state, seat, chosen)
    state.supply[item] -= 1
    if item == "army":
        p.armies.append(Army(id=f"a{p.next_army}"))
        p.next_army += 1
    elif item == "fortress":
        p.fortresses += 1
    elif item == "city":
        p.cities += 1
    target = None
    if item == "general":
        legal = general_targets(state, seat)
        target = p.army(army or legal[0])
        assert target is not None
        target.general = True
    where: Msg | str = FOR_ARMY(army=T.army(target.id)) if target is not None else ""
    built = BUILT_AN if item[0] in "aeiou" else BUILT_A
    _built(
        state,
        events,
        built(seat=seat_name(state, seat), item=T.item(item), where=where, cards=T.cards(chosen)),
        seat,
        item,
        chosen,
    )


def _pay(state: AohState, seat: int, pay: list[str]) -> None:
    for c in pay:
        state.p(seat).hand.remove(c)
    state.deck.discard(*pay)  # AH-9.4: face up to the discard pile


def _built(state: AohState, events: list[Event], text: Msg, seat: int, item: str, pay: list[str]) -> None:
    frame = next(f for f in state.steps if f.kind == "build")
    frame.data["built"] = int(frame.data.get("built", 0)) + 1
    frame.data["may_switch"] = False
    events.append(T.to_all("built", text, seat=seat, item=item, paid=[C.kind(c) for c in pay]))


def answer_road(state: AohState, seat: int, consent: bool, events: list[Event]) -> None:
    """P-12: the neighbour consents (the road is paid and placed) or refuses (nothing is paid)."""
    frame = FLOW.pop(state)
    requester = int(frame.data["requester"])
    pay = list(frame.data["pay"])
    build_frame = next(f for f in state.steps if f.kind == "build")
    if not consent:
        build_frame.data["may_switch"] = int(build_frame.data.get("built", 0)) == 0  # AH-9.9.4
        events.append(T.to_all("road_refused", ROAD_REFUSED(seat=seat_name(state, seat)), seat=seat))
        return
    p = state.p(requester)
    if any(c not in p.hand for c in pay) or state.supply["road"] <= 0 or has_road(state, requester, seat):
        events.append(T.to_all("road_failed", ROAD_FAILED(), seat=requester))
        return
    _pay(state, requester, pay)
    state.supply["road"] -= 1
    state.roads.append(Road(a=min(requester, seat), b=max(requester, seat), builder=requester))
    _built(
        state,
        events,
        ROAD_BUILT(seat=seat_name(state, seat), a=seat_name(state, requester), b=seat_name(state, seat)),
        requester,
        "road",
        pay,
    )
