"""Build (AH-9): costs with Gold as wild, supply limits, Generals and Roads with consent."""

from __future__ import annotations

from collections import Counter

from engine.core import Event, RuleViolation

from . import cards as C
from .flow import FLOW, push
from .state import AohState, Army, Road
from .table import has_road, neighbours, seat_name


def payment_problem(state: AohState, item: str, pay: list[str], hand: list[str]) -> str | None:
    """Why ``pay`` cannot pay for ``item`` exactly (AH-9.2-9.4), or None when it can."""
    if len(set(pay)) != len(pay) or any(c not in hand for c in pay):
        return "You can only pay with cards in your hand, each once."
    kinds = Counter(C.kind(c) for c in pay)
    if any(k not in C.REGULAR for k in kinds):
        return "Only regular resources pay for items; special resources and events never do (AH-2.2)."
    need = Counter(state.content.costs[item])
    gold_free = sum(need.values())
    for k, n in kinds.items():
        if k == C.WILD:
            continue
        if n > need.get(k, 0):
            return f"The cost of a {item} has no room for {n} {C.name(k)}; payment is exact (AH-9.4)."
        gold_free -= n
    if kinds.get(C.WILD, 0) != gold_free:
        return (
            f"That is not the exact cost of a {item} ({cost_text(state, item)}); "
            "Gold may stand in for any regular resource."
        )
    return None


def cost_text(state: AohState, item: str) -> str:
    return " + ".join(f"{n} {C.name(k)}" for k, n in state.content.costs[item].items())


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
        raise RuleViolation("AH-9.5", f"The {item} supply is empty; no {item} can be built until one returns.")
    if item == "general":
        legal = general_targets(state, seat)
        if not legal:
            raise RuleViolation("AH-9.8.3", "You have no home army without a General to attach one to.")
        if (army or (legal[0] if len(legal) == 1 else None)) not in legal:
            raise RuleViolation("AH-9.8.1", "Name one of your home armies without a General for the new General.")
    if item == "road":
        if neighbour is None or neighbour not in neighbours(state, seat):
            raise RuleViolation("AH-9.9.1", "A road can only join you to one of your two seat neighbours.")
        if has_road(state, seat, neighbour):
            raise RuleViolation("AH-9.9.2", "There is already a road between those two tribes.")


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
        raise RuleViolation("AH-9.5", f"The {item} supply is empty; no {item} can be built until one returns.")
    chosen = pay if pay is not None else auto_payment(state, item, p.hand)
    if chosen is None:
        raise RuleViolation("AH-9.2", f"You cannot pay for a {item} ({cost_text(state, item)}).")
    problem = payment_problem(state, item, chosen, p.hand)
    if problem:
        raise RuleViolation("AH-9.3", problem)
    check_item(state, seat, item, army, neighbour)
    if eliminates(state, seat, chosen) and not confirm:
        raise RuleViolation(
            "AH-16.2", "Paying this leaves you with no cards and no City, which eliminates you; confirm to go ahead."
        )
    if item == "road":
        assert neighbour is not None
        push(state, "road_consent", neighbour, requester=seat, pay=list(chosen))
        events.append(
            Event.to_all(
                "road_request",
                f"{seat_name(state, seat)} asks {seat_name(state, neighbour)} to agree to a road (AH-9.9.3).",
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
    where = f" for army {target.id}" if target is not None else ""
    _built(
        state,
        events,
        f"{seat_name(state, seat)} builds {'an' if item[0] in 'aeiou' else 'a'} {C.name(item)}{where}, "
        f"paying {C.names(chosen)}.",
        seat,
        item,
        chosen,
    )


def _pay(state: AohState, seat: int, pay: list[str]) -> None:
    for c in pay:
        state.p(seat).hand.remove(c)
    state.deck.discard(*pay)  # AH-9.4: face up to the discard pile


def _built(state: AohState, events: list[Event], text: str, seat: int, item: str, pay: list[str]) -> None:
    frame = next(f for f in state.steps if f.kind == "build")
    frame.data["built"] = int(frame.data.get("built", 0)) + 1
    frame.data["may_switch"] = False
    events.append(Event.to_all("built", text, seat=seat, item=item, paid=[C.kind(c) for c in pay]))


def answer_road(state: AohState, seat: int, consent: bool, events: list[Event]) -> None:
    """P-12: the neighbour consents (the road is paid and placed) or refuses (nothing is paid)."""
    frame = FLOW.pop(state)
    requester = int(frame.data["requester"])
    pay = list(frame.data["pay"])
    build_frame = next(f for f in state.steps if f.kind == "build")
    if not consent:
        build_frame.data["may_switch"] = int(build_frame.data.get("built", 0)) == 0  # AH-9.9.4
        events.append(
            Event.to_all(
                "road_refused", f"{seat_name(state, seat)} refuses the road; nothing is paid (AH-9.9.4).", seat=seat
            )
        )
        return
    p = state.p(requester)
    if any(c not in p.hand for c in pay) or state.supply["road"] <= 0 or has_road(state, requester, seat):
        events.append(Event.to_all("road_failed", "The road can no longer be built.", seat=requester))
        return
    _pay(state, requester, pay)
    state.supply["road"] -= 1
    state.roads.append(Road(a=min(requester, seat), b=max(requester, seat), builder=requester))
    _built(
        state,
        events,
        f"{seat_name(state, seat)} consents: a road joins {seat_name(state, requester)} and {seat_name(state, seat)}.",
        requester,
        "road",
        pay,
    )
