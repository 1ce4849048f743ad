"""Elimination (AH-16) and victory with the challenge round (AH-17)."""

from __future__ import annotations

from engine.core import Event
from engine.core.text import Msg, Ref, message

from . import cards as C
from . import messages as T
from .flow import after_step
from .state import AohState, Challenge, Quake
from .table import discard, order_from, round_start, seat_name, surviving

GAME_OVER = message("ah.victory.game_over", "The game is over: {who} ({reason}).")
REASON_HELD = message("ah.victory.reason.held", "{condition} held through a challenge round (AH-17.4.2)")
REASON_LAST = message("ah.victory.reason.last", "last tribe standing (AH-17.1)")
REASON_DRAW = message("ah.victory.reason.draw", "everyone left was eliminated at once: a shared draw (AH-16.8)")
CHALLENGE_FAILS = message("ah.victory.challenge_fails", "{seat}'s challenge fails (AH-17.4.2).")
CHALLENGE = message(
    "ah.victory.challenge", "{seat} meets the {conditions} condition and enters a challenge (AH-17.4.1)."
)
CHALLENGE_BROKEN = message("ah.victory.challenge_broken", "{seat}'s challenge is broken (AH-17.5).")
ELIMINATED = message("ah.victory.eliminated", "{seat} has no City and no cards and is eliminated (AH-16.1).")


def condition(c: str) -> Ref:
    return Ref(kind="condition", id=c)


def conditions_msg(met: list[str]) -> Msg | Ref:
    """ "empire", or "empire and monument" (the two conditions of AH-17.2 and AH-17.3)."""
    if len(met) == 1:
        return condition(met[0])
    out: Msg | Ref = condition(met[0])
    for c in met[1:]:
        out = T.AND(a=out, b=condition(c))
    return out


def conditions(state: AohState, seat: int) -> list[str]:
    """AH-17.2 Empire (five Cities) and AH-17.3 Monument (five own special resources)."""
    p = state.p(seat)
    k = state.content.constants
    out: list[str] = []
    if p.cities >= k.empire_cities:
        out.append("empire")
    special = state.content.special_of(p.tribe)
    if sum(1 for c in p.monument if C.kind(c) == special) >= k.monument_size:
        out.append("monument")
    return out


def win(state: AohState, seats: list[int], reason: Msg, events: list[Event]) -> None:
    """``state.reason`` keeps the English (the kernel's ``Result.reason`` is plain text)."""
    state.winners = sorted(seats)
    state.reason = T.en(reason)
    state.steps.clear()
    who = [seat_name(state, s) for s in state.winners]
    events.append(T.to_all("game_over", GAME_OVER(who=who, reason=reason), winners=state.winners, reason=state.reason))


def end_of_turn_check(state: AohState, seat: int, events: list[Event]) -> None:
    """AH-17.4: enter a challenge, or win / end the one begun at the previous turn end."""
    p = state.p(seat)
    met = conditions(state, seat)
    if p.challenge is not None:
        ok = [c for c in met if c in p.challenge.conditions] if state.options.challenge_same_condition else met
        if ok:  # AH-17.4.2, AH-17.6: the earliest-started successful challenge ends the game
            win(state, [seat], REASON_HELD(condition=condition(ok[0])), events)
            return
        p.challenge = None
        events.append(T.to_all("challenge_failed", CHALLENGE_FAILS(seat=seat_name(state, seat)), seat=seat))
        return
    if met:  # AH-17.4.1
        p.challenge = Challenge(round=state.round, turn=state.turn_no, conditions=met)
        events.append(
            T.to_all(
                "challenge",
                CHALLENGE(seat=seat_name(state, seat), conditions=conditions_msg(met)),
                seat=seat,
                conditions=met,
            )
        )


def continuous_check(state: AohState, events: list[Event]) -> None:
    """CFG challenge_mode=continuous: a challenge ends the moment its condition breaks (AMB-16)."""
    if state.options.challenge_mode != "continuous" or state.winners is not None:
        return
    for p in state.seats:
        if p.challenge is not None and not p.eliminated:
            met = conditions(state, p.seat)
            if state.options.challenge_same_condition:
                met = [c for c in met if c in p.challenge.conditions]
            if not met:
                p.challenge = None
                events.append(
                    T.to_all("challenge_failed", CHALLENGE_BROKEN(seat=seat_name(state, p.seat)), seat=p.seat)
                )


def eliminate(state: AohState, seat: int, events: list[Event]) -> None:
    """AH-16.3/16.4: roads, items, monument and Earthquakes leave play with the tribe."""
    p = state.p(seat)
    p.eliminated = True
    touching = [r for r in state.roads if seat in (r.a, r.b)]
    state.roads = [r for r in state.roads if seat not in (r.a, r.b)]
    state.supply["road"] += len(touching)  # AH-16.3
    if state.options.elimination_items == "return_to_supply":  # AH-16.4
        state.supply["army"] += len(p.armies)
        state.supply["general"] += sum(1 for a in p.armies if a.general)
        state.supply["fortress"] += p.fortresses
        state.supply["city"] += p.cities
        p.armies = []
        p.fortresses = 0
        p.cities = 0
    discard(state, *p.monument)
    p.monument = []
    discard(state, *p.hand)
    p.hand = []
    p.challenge = None
    for quake in [q for q in state.quakes if seat in (q.drawer, q.target)]:  # AMB-42
        lift_quake(state, quake)
    state.trade.drop_seat(seat)
    # Decisions that belonged to the eliminated seat go with it.
    kept = []
    for frame in state.steps:
        if frame.window is not None and frame.window.together:  # a Luck window (AH-11.10)
            frame.window.drop(seat)
        if frame.choice is not None and seat in frame.choice.seats:
            frame.choice.seats.remove(seat)
            frame.choice.answers.pop(seat, None)
            if seat in frame.choice.locked:
                frame.choice.locked.remove(seat)
        if frame.seat == seat and frame.kind in ("event", "event_target"):
            if frame.card:
                discard(state, frame.card)
            continue
        if frame.seat == seat and frame.kind == "market_draw":
            continue
        kept.append(frame)
    state.steps[:] = kept
    events.append(T.to_all("eliminated", ELIMINATED(seat=seat_name(state, seat)), seat=seat))
    if seat == state.active and not state.market:  # AH-16.7: the turn ends at once
        idx = next((i for i, f in enumerate(state.steps) if f.kind == "turn_end" and f.seat == seat), None)
        if idx is not None:  # the nearest end of this seat's turn: everything before it is dropped
            del state.steps[:idx]


def lift_quake(state: AohState, quake: Quake) -> None:
    target = state.p(quake.target)
    for army in target.armies:
        if army.id in quake.armies and army.status == "scattered":
            army.status = "home"
    discard(state, quake.card)
    state.quakes.remove(quake)


def elimination_sweep(state: AohState, events: list[Event]) -> None:
    """AH-16.1: a player with no cards in hand and no City is out at once."""
    if state.winners is not None:
        return
    gone = [s for s in order_from(state, round_start(state)) if not state.p(s).hand and state.p(s).cities == 0]
    for s in gone:
        eliminate(state, s, events)
    if gone:
        alive = surviving(state)
        if len(alive) == 1:
            win(state, alive, REASON_LAST(), events)
        elif not alive:
            win(state, gone, REASON_DRAW(), events)


after_step(elimination_sweep)
after_step(continuous_check)
