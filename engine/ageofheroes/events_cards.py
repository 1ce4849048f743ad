"""The eight special event cards (AH-11), and the Luck reaction window (P-04)."""

from __future__ import annotations

from engine.core import Event, RuleViolation

from . import cards as C
from .flow import FLOW, auto, closes, new_frame, push
from .state import AohState, Frame, Quake
from .table import cards_of_kind, discard, key, seat_name, surviving

RULE = {
    "population_boom": "AH-11.3",
    "earthquake": "AH-11.4",
    "volcano": "AH-11.5",
    "famine": "AH-11.6",
    "barbarians": "AH-11.7",
}


def reveal(state: AohState, seat: int, card: str, where: str) -> Event:
    """Immediate events are revealed the moment they are drawn (AH-11.1)."""
    return Event.to_all(
        "event_drawn",
        f"{seat_name(state, seat)} drew {C.name(card)} ({where}).",
        reveals=True,
        seat=seat,
        card=C.kind(card),
    )


def gain_city(state: AohState, seat: int, card: str, events: list[Event]) -> None:
    """AH-11.3 Population Boom: a City from the supply; none left means no effect (AMB-24)."""
    if state.supply["city"] > 0:
        state.supply["city"] -= 1
        state.p(seat).cities += 1
        events.append(
            Event.to_all("city_gained", f"Population Boom: {seat_name(state, seat)} gains a City (AH-11.3).", seat=seat)
        )
    else:
        events.append(
            Event.to_all("no_effect", "Population Boom has no effect: the City supply is empty (AMB-24).", seat=seat)
        )
    discard(state, card)


def quake_targets(state: AohState, drawer: int) -> list[int]:
    """AH-11.4.1: another surviving tribe with a home army that has no General."""
    return [
        s
        for s in surviving(state)
        if s != drawer and any(a.status == "home" and not a.general for a in state.p(s).armies)
    ]


def volcano_targets(state: AohState, drawer: int) -> list[int]:
    """AH-11.5.1: another tribe that owns at least one City."""
    return [s for s in surviving(state) if s != drawer and state.p(s).cities > 0]


@auto("event")
def resolve_event(state: AohState, frame: Frame, events: list[Event]) -> None:
    """Resolve one immediate event drawn by ``frame.seat`` (AH-11.2)."""
    assert frame.card is not None and frame.seat is not None
    k, drawer, card = C.kind(frame.card), frame.seat, frame.card
    if k == "population_boom":
        gain_city(state, drawer, card, events)
    elif k in ("earthquake", "volcano"):
        targets = quake_targets(state, drawer) if k == "earthquake" else volcano_targets(state, drawer)
        if not targets:  # AMB-25
            discard(state, card)
            events.append(
                Event.to_all("no_effect", f"{C.name(k)} has no legal target and is discarded ({RULE[k]}).", card=k)
            )
        elif len(targets) == 1 and not (k == "earthquake" and state.options.earthquake_scope == "single_army"):
            events.append(
                Event.to_all(
                    "event_target", f"{C.name(k)} can only hit {seat_name(state, targets[0])}.", target=targets[0]
                )
            )
            open_luck(state, [targets[0]], card, events, drawer=drawer, target=targets[0], army=None)
        else:
            push(state, "event_target", drawer, card=card)  # P-02 / P-03
    elif k == "famine":  # AH-11.6: everyone, the drawer included, may answer with Luck
        open_luck(state, surviving(state), card, events, drawer=drawer, target=None, army=None)
    elif k == "barbarians":
        from .war import start_barbarians

        start_barbarians(state, drawer, card, events)
    else:  # pragma: no cover - held events never reach here
        state.p(drawer).hand.append(card)


def choose_target(state: AohState, seat: int, target: int, army: str | None, events: list[Event]) -> None:
    """P-02 / P-03: the drawer names the target; the target then gets its Luck window."""
    frame = state.steps[0]
    assert frame.card is not None
    k = C.kind(frame.card)
    legal = quake_targets(state, seat) if k == "earthquake" else volcano_targets(state, seat)
    if target not in legal:
        rule = "AH-11.4.1" if k == "earthquake" else "AH-11.5.1"
        raise RuleViolation(rule, f"{C.name(k)} must target another surviving tribe that it can affect.")
    if k == "earthquake" and state.options.earthquake_scope == "single_army":
        arm = state.p(target).army(army or "")
        if arm is None or arm.status != "home" or arm.general:
            raise RuleViolation("AH-11.4.2", "Choose one of the target's home armies without a General.")
    else:
        army = None
    FLOW.pop(state)
    events.append(
        Event.to_all(
            "event_target",
            f"{seat_name(state, seat)} targets {seat_name(state, target)} with {C.name(k)}.",
            target=target,
        )
    )
    open_luck(state, [target], frame.card, events, drawer=seat, target=target, army=army)


def open_luck(
    state: AohState,
    seats: list[int],
    card: str,
    events: list[Event],
    *,
    drawer: int,
    target: int | None,
    army: str | None,
) -> None:
    """P-04: every affected player is asked the same way, holder or not (§3 N2).

    A kernel response window asking everyone at once, secretly; answers may change until the
    last seat has answered, and closing it resolves the harm (``_luck_closed``).
    """
    if state.options.prompts_auto_pass_without_card:
        seats = [s for s in seats if cards_of_kind(state.p(s), "luck")]
    f = new_frame(state, "luck_window", drawer, card=card, target=target, army=army)
    closed = FLOW.open_window(state, f, seats, together=True, key=f"luck-{key(state)}", rule="AH-11.10")
    if not seats:
        events += closed
    else:
        events.append(Event.to_all("luck_window", f"Waiting for responses to {C.name(card)}…", seats=list(seats)))


def answer_luck(state: AohState, seat: int, play: bool, events: list[Event]) -> None:
    f = state.steps[0]
    if play and not cards_of_kind(state.p(seat), "luck"):
        raise RuleViolation("AH-11.10", "You do not hold Luck.")
    events.append(Event.to_all("answered", f"{seat_name(state, seat)} has answered.", seat=seat))
    events += FLOW.answer_window(state, f, seat, {"play": play}, responds=play)


@closes("luck_window")
def _luck_closed(state: AohState, f: Frame) -> list[Event]:
    """Everyone has answered: Luck is played by those who chose it, the harm hits the rest."""
    assert f.window is not None
    events: list[Event] = []
    apply_harm(state, f, [s for s in f.window.seats if f.window.answers[s]["play"]], events)
    return events


def apply_harm(state: AohState, frame: Frame, lucky: list[int], events: list[Event]) -> None:
    """Resolve Famine / Volcano / Earthquake after the Luck window (AH-11.10.1)."""
    assert frame.card is not None
    k = C.kind(frame.card)
    for s in lucky:
        luck = cards_of_kind(state.p(s), "luck")[0]
        state.p(s).hand.remove(luck)
        discard(state, luck)
        events.append(Event.to_all("luck", f"{seat_name(state, s)} plays Luck against {C.name(k)} (AH-11.10).", seat=s))
    if k == "famine":
        cancelled = bool(lucky) and state.options.luck_famine_scope == "cancel_for_all"
        if not cancelled:
            for s in surviving(state):
                if s in lucky:
                    continue  # AH-11.6.2 holder_only
                grain = cards_of_kind(state.p(s), "grain")
                for c in grain:
                    state.p(s).hand.remove(c)
                discard(state, *grain)
                events.append(
                    Event.to_all(
                        "famine",
                        f"Famine: {seat_name(state, s)} discards {len(grain)} Grain (AH-11.6.1).",
                        seat=s,
                        cards=grain,
                    )
                )
        discard(state, frame.card)
        return
    target = frame.data["target"]
    if target in lucky or state.p(target).eliminated:
        discard(state, frame.card)
        return
    if k == "volcano":  # AH-11.5.1
        if state.p(target).cities > 0:
            state.p(target).cities -= 1
            state.supply["city"] += 1
            events.append(
                Event.to_all("volcano", f"Volcano: {seat_name(state, target)} loses a City (AH-11.5).", seat=target)
            )
        discard(state, frame.card)
        return
    # Earthquake (AH-11.4.2-3): scatter home armies without a General.
    wanted = frame.data.get("army")
    hit = [
        a for a in state.p(target).armies if a.status == "home" and not a.general and (wanted is None or a.id == wanted)
    ]
    for a in hit:
        a.status = "scattered"
    if hit:
        state.quakes.append(
            Quake(card=frame.card, drawer=int(frame.seat or 0), target=target, armies=[a.id for a in hit])
        )
    else:
        discard(state, frame.card)
    events.append(
        Event.to_all(
            "earthquake",
            f"Earthquake: {seat_name(state, target)}'s armies {', '.join(a.id for a in hit) or '(none)'} "
            "are scattered (AH-11.4).",
            seat=target,
            armies=[a.id for a in hit],
        )
    )
