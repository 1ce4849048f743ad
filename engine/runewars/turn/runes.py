"""Dragon runes (RW-27): gaining, placing, inspecting and the Fortify rearrangement.

Rune faces are the game's central secret. ``Area.rune`` holds the truth; views show only
that a token lies there (except in the epic variant, RW-35.3, and after the game ends);
a seat sees faces only where RW-27.5 lets it look right now (``visible_runes``), and a
placement tells the placer privately which token went where.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import Event, Option, Prompt
from engine.runewars import board as B
from engine.runewars.actions import Choose, RuneDiscard
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, decision, done, need, push, step
from engine.runewars.heroes import core as H
from engine.runewars.heroes.core import dragon_throne_areas
from engine.runewars.state import RunewarsState


def visible_runes(state: RunewarsState, seat: int) -> dict[str, str]:
    """RW-27.5: faces in areas the seat controls or where one of its heroes stands."""
    eligible = set(B.controlled_areas(state, seat)) | H.hero_areas(state.heroes, seat)
    return {a: state.board[a].rune for a in sorted(eligible) if a in state.board and state.board[a].rune}  # type: ignore[misc]


def rune_faces_text(state: RunewarsState, areas: list[str]) -> str:
    parts = [f"{a}: {state.board[a].rune or 'no rune'}" for a in areas if a in state.board]
    return "You look at the runes: " + "; ".join(parts) + "."


def queue_gain(state: RunewarsState, seat: int, source: str) -> None:
    """RW-27.3: queue the gain procedure (P-60 then P-61); epic: one face-up dragon rune (AMB-70)."""
    if state.seats[seat].eliminated:
        return
    if state.options.epic:
        push(state, step(state, "rune_place_epic", seat, source=source))
    else:
        push(state, step(state, "rune_discard", seat, source=source))


def _placeable(state: RunewarsState, seat: int, exclude: str | None = None) -> list[str]:
    """RW-27.3.3: friendly or uncontrolled areas without a rune (AMB-10: no token at all)."""
    out = []
    for a in sorted(state.board):
        area = state.board[a]
        if a == exclude:
            continue
        if state.options.one_rune_per_area and area.rune is not None:
            continue
        if area.rune == "dragon":
            continue
        if B.controller(state, a) not in (None, seat):
            continue
        out.append(a)
    return out


def _false_runes(state: RunewarsState, seat: int) -> list[str]:
    return sorted(a for a in B.controlled_areas(state, seat) if state.board[a].rune == "false")


@decision("rune_discard", "rw_rune_discard")
def _discard_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    falses = _false_runes(state, st.seat)
    opts = [Option(label="Discard no false rune", action={"type": "rw_rune_discard", "areas": []})]
    for k in (1, 2):
        for combo in combinations(falses, k):
            opts.append(
                Option(
                    label=f"Discard the false rune(s) in {', '.join(combo)}",
                    action={"type": "rw_rune_discard", "areas": list(combo)},
                )
            )
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-27.3.1",
            secret=True,
            question=f"Gain a dragon rune ({st.data['source']}): first discard up to 2 false runes "
            "from areas you control?",
            options=opts,
        )
    ]


@applies("rune_discard")
def _discard_apply(state: RunewarsState, st: Any, seat: int, action: RuneDiscard) -> list[Event]:
    falses = _false_runes(state, seat)
    need(
        len(set(action.areas)) == len(action.areas) and all(a in falses for a in action.areas),
        "RW-27.3.1",
        "You may discard only false runes from areas you control.",
    )
    events: list[Event] = []
    for a in action.areas:
        state.board[a].rune = None
        state.rune_supply["false"] += 1
        state.revealed_false += 1
    if action.areas:
        events.append(
            Event.to_all(
                "false_runes",
                f"Seat {seat + 1} discards false rune(s) from {', '.join(action.areas)}, face up (RW-27.3.1).",
                reveals=True,
                seat=seat,
                areas=list(action.areas),
            )
        )
    # RW-27.3.2: take 1 dragon + 1 false from the supply (AMB-52 when one pile is empty)
    have_dragon = state.rune_supply["dragon"] > 0
    have_false = state.rune_supply["false"] > 0
    if have_dragon:
        state.rune_supply["dragon"] -= 1
    if have_false:
        state.rune_supply["false"] -= 1
    done(state, st)
    todo = (["dragon"] if have_dragon else []) + (["false"] if have_false else [])
    push(state, step(state, "rune_place", seat, source=st.data["source"], todo=todo, placed={}))
    return events


def _stage(st: Any) -> str:
    """Which token the current P-61 prompt places (the dragon first, then the false one)."""
    return str(st.data["todo"][0])


def _taken(st: Any) -> str | None:
    placed = st.data["placed"]
    return next(iter(placed), None)


@decision("rune_place", "rw_choose")
def _place_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    stage = _stage(st)
    areas = _placeable(state, st.seat, exclude=_taken(st))
    opts = [Option(label=f"{stage.capitalize()} rune to {a}", action={"type": "rw_choose", "value": a}) for a in areas]
    if not areas:
        opts = [
            Option(label=f"No legal area: the {stage} rune returns face up", action={"type": "rw_choose", "value": "-"})
        ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-27.3.3",
            secret=True,
            question=f"Place your {stage} rune face down in a friendly or uncontrolled area without a rune "
            "(a different area from the other token).",
            options=opts,
        )
    ]


@applies("rune_place")
def _place_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    stage = _stage(st)
    areas = _placeable(state, seat, exclude=_taken(st))
    need(
        action.value in areas if areas else action.value == "-",
        "RW-27.3.3",
        "Runes go to different friendly or uncontrolled areas that hold no rune.",
    )
    events: list[Event] = []
    st.data["todo"] = st.data["todo"][1:]
    if action.value == "-":  # RW-27.3.4
        state.rune_supply[stage] += 1
        if stage == "false":
            state.revealed_false += 1
        events.append(
            Event.to_all(
                "rune_returned",
                f"A {stage} rune cannot be placed and returns face up (RW-27.3.4).",
                reveals=True,
                face=stage,
            )
        )
    else:
        st.data["placed"][action.value] = stage
    if st.data["todo"]:
        return events  # the other token next; nothing about this one is public yet
    done(state, st)
    placed: dict[str, str] = st.data["placed"]
    for a, face in placed.items():
        state.board[a].rune = face  # type: ignore[assignment]
    if placed:
        where = ", ".join(sorted(placed))
        events.append(
            Event.to_all(
                "runes_placed",
                f"Seat {seat + 1} places rune token(s) face down in {where}.",
                seat=seat,
                areas=sorted(placed),
            )
        )
        events.append(
            Event.to_seats(
                seat,
                "runes_placed_private",
                "; ".join(f"{face} rune in {a}" for a, face in sorted(placed.items())) + ".",
                placed=dict(placed),
            )
        )
    return events


@decision("rune_place_epic", "rw_choose")
def _epic_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    areas = _placeable(state, st.seat)
    opts = [Option(label=f"Dragon rune to {a}", action={"type": "rw_choose", "value": a}) for a in areas]
    if not areas or state.rune_supply["dragon"] <= 0:
        opts = [Option(label="No rune can be placed", action={"type": "rw_choose", "value": "-"})]
    return [
        Prompt(
            seat=st.seat, key=st.key, rule="RW-35.4", question="Place your dragon rune face up (AMB-70).", options=opts
        )
    ]


@applies("rune_place_epic")
def _epic_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    areas = _placeable(state, seat)
    possible = bool(areas) and state.rune_supply["dragon"] > 0
    need(
        action.value in areas if possible else action.value == "-",
        "RW-35.4",
        "The dragon rune goes face up to a friendly or uncontrolled area without a rune.",
    )
    done(state, st)
    if action.value == "-":
        return [Event.to_all("rune_none", f"Seat {seat + 1} cannot place a dragon rune.")]
    state.board[action.value].rune = "dragon"
    state.rune_supply["dragon"] -= 1
    return [
        Event.to_all(
            "rune_epic",
            f"Seat {seat + 1} places a dragon rune face up in {action.value}.",
            seat=seat,
            area=action.value,
        )
    ]


# ---- RW-18.8.1c Fortify: move runes between two controlled areas ---------------------------------


def rune_pairs(state: RunewarsState, seat: int) -> list[tuple[str, str]]:
    mine = B.controlled_areas(state, seat)
    return [
        (a, b)
        for a, b in combinations(sorted(mine), 2)
        if state.board[a].rune is not None or state.board[b].rune is not None
    ]


@decision("rune_arrange", "rw_choose")
def _arrange_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    a, b = st.data["areas"]
    ra, rb = state.board[a].rune, state.board[b].rune
    if ra and rb:
        opts = [
            Option(label=f"Keep: {ra} in {a}, {rb} in {b}", action={"type": "rw_choose", "value": "keep"}),
            Option(label=f"Swap: {rb} in {a}, {ra} in {b}", action={"type": "rw_choose", "value": "swap"}),
        ]
    else:
        face = ra or rb
        opts = [
            Option(label=f"{face} rune in {a}", action={"type": "rw_choose", "value": "keep" if ra else "swap"}),
            Option(label=f"{face} rune in {b}", action={"type": "rw_choose", "value": "swap" if ra else "keep"}),
        ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.8.1",
            secret=True,
            question=f"Fortify: you look at the runes of {a} and {b}; place them back, one per area.",
            options=opts,
        )
    ]


@applies("rune_arrange")
def _arrange_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("keep", "swap"), "RW-18.8.1", "Keep or swap the two areas' runes.")
    a, b = st.data["areas"]
    if action.value == "swap":
        state.board[a].rune, state.board[b].rune = state.board[b].rune, state.board[a].rune
    done(state, st)
    return [
        Event.to_all(
            "runes_moved", f"Seat {seat + 1} rearranges the runes of {a} and {b} (RW-18.8.1).", seat=seat, areas=[a, b]
        ),
        Event.to_seats(seat, "runes_moved_private", rune_faces_text(state, [a, b]), areas=[a, b]),
    ]


def dragon_counts(state: RunewarsState, ctl: dict[str, int | None] | None = None) -> dict[int, int]:
    """RW-28.1 count per seat: controlled areas with a dragon rune, +1 per controlled Dragon Throne (AMB-54)."""
    ctl = ctl if ctl is not None else B.controllers(state)
    out = {s: 0 for s in range(state.players)}
    for a, area in state.board.items():
        if area.rune == "dragon" and ctl[a] is not None:
            out[ctl[a]] += 1  # type: ignore[index]
    if state.heroes.exploration:
        for a in dragon_throne_areas(state.heroes, catalog().hero_content):
            if ctl.get(a) is not None:
                out[ctl[a]] += 1  # type: ignore[index]
    return out


def dragon_areas(state: RunewarsState, seat: int) -> int:
    return dragon_counts(state)[seat]
