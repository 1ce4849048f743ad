"""The eight special event cards (AH-11), and the Luck reaction window (P-04)."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, message, plural_message

from . import cards as C
from . import messages as T
from .flow import FLOW, auto, closes, new_frame, push
from .state import AohState, Frame, Quake
from .table import cards_of_kind, discard, key, seat_name, surviving
from .war import start_barbarians

DREW = message("ah.event.drew", "{seat} drew {card} ({where}).")
CITY_GAINED = message("ah.event.city_gained", "Population Boom: {seat} gains a City (AH-11.3).")
BOOM_NO_EFFECT = message("ah.event.boom_no_effect", "Population Boom has no effect: the City supply is empty (AMB-24).")
NO_TARGET = message("ah.event.no_target", "{card} has no legal target and is discarded ({rule}).")
ONLY_TARGET = message("ah.event.only_target", "{card} can only hit {seat}.")
BAD_TARGET = message("ah.event.refused.target", "{card} must target another surviving tribe that it can affect.")
BAD_ARMY = message("ah.event.refused.army", "Choose one of the target's home armies without a General.")
TARGETS = message("ah.event.targets", "{seat} targets {target} with {card}.")
WAITING_LUCK = message("ah.event.waiting_luck", "Waiting for responses to {card}…")
NO_LUCK = message("ah.event.refused.no_luck", "You do not hold Luck.")
ANSWERED = message("ah.event.answered", "{seat} has answered.")
PLAYS_LUCK = message("ah.event.plays_luck", "{seat} plays Luck against {card} (AH-11.10).")
FAMINE = message("ah.event.famine", "Famine: {seat} discards {n} Grain (AH-11.6.1).")
VOLCANO = message("ah.event.volcano", "Volcano: {seat} loses a City (AH-11.5).")
EARTHQUAKE = plural_message(
    "ah.event.earthquake",
    "Earthquake: {seat}'s {armies} is scattered (AH-11.4).",
    "Earthquake: {seat}'s {armies} are scattered (AH-11.4).",
)
EARTHQUAKE_NONE = message("ah.event.earthquake_none", "Earthquake: {seat}'s armies (none) are scattered (AH-11.4).")

RULE = {
    "population_boom": "AH-11.3",
    "earthquake": "AH-11.4",
    "volcano": "AH-11.5",
    "famine": "AH-11.6",
    "barbarians": "AH-11.7",
}


def reveal(state: AohState, seat: int, card: str, where: Msg) -> Event:
    """Immediate events are revealed the moment they are drawn (AH-11.1)."""
    return T.to_all(
        "event_drawn",
        DREW(seat=seat_name(state, seat), card=T.card(card), where=where),
        reveals=True,
        seat=seat,
        card=C.kind(card),
    )


def gain_city(state: AohState, seat: int, card: str, events: list[Event]) -> None:
    """AH-11.3 Population Boom: a City from the supply; none left means no effect (AMB-24)."""
    if state.supply["city"] > 0:
        state.supply["city"] -= 1
        state.p(seat).cities += 1
        events.append(T.to_all("city_gained", CITY_GAINED(seat=seat_name(state, seat)), seat=seat))
    else:
        events.append(T.to_all("no_effect", BOOM_NO_EFFECT(), seat=seat))
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
            events.append(T.to_all("no_effect", NO_TARGET(card=T.card(k), rule=RULE[k]), card=k))
        elif len(targets) == 1 and not (k == "earthquake" and state.options.earthquake_scope == "single_army"):
            events.append(
                T.to_all(
                    "event_target", ONLY_TARGET(card=T.card(k), seat=seat_name(state, targets[0])), target=targets[0]
                )
            )
            open_luck(state, [targets[0]], card, events, drawer=drawer, target=targets[0], army=None)
        else:
            push(state, "event_target", drawer, card=card)  # P-02 / P-03
    elif k == "famine":  # AH-11.6: everyone, the drawer included, may answer with Luck
        open_luck(state, surviving(state), card, events, drawer=drawer, target=None, army=None)
    elif k == "barbarians":
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
        raise T.refuse(rule, BAD_TARGET(card=T.card(k)))
    if k == "earthquake" and state.options.earthquake_scope == "single_army":
        arm = state.p(target).army(army or "")
        if arm is None or arm.status != "home" or arm.general:
            raise T.refuse("AH-11.4.2", BAD_ARMY())
    else:
        army = None
    FLOW.pop(state)
    events.append(
        T.to_all(
            "event_target",
            TARGETS(seat=seat_name(state, seat), target=seat_name(state, target), card=T.card(k)),
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
        events.append(T.to_all("luck_window", WAITING_LUCK(card=T.card(card)), seats=list(seats)))


def answer_luck(state: AohState, seat: int, play: bool, events: list[Event]) -> None:
    f = state.steps[0]
    if play and not cards_of_kind(state.p(seat), "luck"):
        raise T.refuse("AH-11.10", NO_LUCK())
    events.append(T.to_all("answered", ANSWERED(seat=seat_name(state, seat)), seat=seat))
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
        events.append(T.to_all("luck", PLAYS_LUCK(seat=seat_name(state, s), card=T.card(k)), seat=s))
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
                    T.to_all(
                        "famine",
                        FAMINE(seat=seat_name(state, s), n=len(grain)),
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
            events.append(T.to_all("volcano", VOLCANO(seat=seat_name(state, target)), seat=target))
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
        T.to_all(
            "earthquake",
            EARTHQUAKE(seat=seat_name(state, target), armies=T.armies([a.id for a in hit]), n=len(hit))
            if hit
            else EARTHQUAKE_NONE(seat=seat_name(state, target)),
            seat=target,
            armies=[a.id for a in hit],
        )
    )
