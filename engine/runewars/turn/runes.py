"""Dragon runes (RW-27): gaining, placing, inspecting and the Fortify rearrangement.

Rune faces are the game's central secret. ``Area.rune`` holds the truth; views show only
that a token lies there (except in the epic variant, RW-35.3, and after the game ends);
a seat sees faces only where RW-27.5 lets it look right now (``visible_runes``), and a
placement tells the placer privately which token went where.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import Event, Prompt
from engine.core.text import Item, Msg, message
from engine.runewars import board as B
from engine.runewars.actions import Choose, RuneDiscard
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, decision, done, push, step
from engine.runewars.heroes import core as H
from engine.runewars.heroes.core import dragon_throne_areas
from engine.runewars.state import RunewarsState
from engine.runewars.text import ask, en, loaded, need, option, ref, seat_ref, semicolons, stored, to_all, to_seats

# A rune token's face, as a word in sentences ("7A: dragon").
FACE = {
    "dragon": message("rw.rune.face.dragon", "dragon"),
    "false": message("rw.rune.face.false", "false"),
}
NO_RUNE = message("rw.rune.face.none", "no rune")
FACE_IN = message("rw.rune.face_in", "{area}: {face}")
LOOK = message("rw.rune.look", "You look at the runes: {faces}.")
DISCARD_NONE = message("rw.rune.discard.none", "Discard no false rune")
DISCARD_IN = message("rw.rune.discard.option", "Discard the false rune(s) in {areas}")
DISCARD_Q = message(
    "rw.rune.discard.question",
    "Gain a dragon rune ({source}): first discard up to 2 false runes from areas you control?",
)
DISCARD_BAD = message("rw.rune.discard.refused", "You may discard only false runes from areas you control.")
DISCARDED = message("rw.rune.discard.done", "{seat} discards false rune(s) from {areas}, face up (RW-27.3.1).")
PLACE_DRAGON_TO = message("rw.rune.place.dragon_to", "Dragon rune to {area}")
PLACE_FALSE_TO = message("rw.rune.place.false_to", "False rune to {area}")
PLACE_NONE = message("rw.rune.place.none", "No legal area: the {face} rune returns face up")
PLACE_Q = message(
    "rw.rune.place.question",
    "Place your {face} rune face down in a friendly or uncontrolled area without a rune "
    "(a different area from the other token).",
)
PLACE_BAD = message("rw.rune.place.refused", "Runes go to different friendly or uncontrolled areas that hold no rune.")
RETURNED = message("rw.rune.place.returned", "A {face} rune cannot be placed and returns face up (RW-27.3.4).")
PLACED = message("rw.rune.place.done", "{seat} places rune token(s) face down in {areas}.")
PLACED_FACE = message("rw.rune.place.private_face", "{face} rune in {area}")
PLACED_PRIVATE = message("rw.rune.place.private", "{placed}.")
EPIC_NONE = message("rw.rune.epic.none", "No rune can be placed")
EPIC_Q = message("rw.rune.epic.question", "Place your dragon rune face up (AMB-70).")
EPIC_BAD = message(
    "rw.rune.epic.refused", "The dragon rune goes face up to a friendly or uncontrolled area without a rune."
)
EPIC_CANNOT = message("rw.rune.epic.cannot", "{seat} cannot place a dragon rune.")
EPIC_PLACED = message("rw.rune.epic.placed", "{seat} places a dragon rune face up in {area}.")
KEEP = message("rw.rune.arrange.keep", "Keep: {face_a} in {a}, {face_b} in {b}")
SWAP = message("rw.rune.arrange.swap", "Swap: {face_a} in {a}, {face_b} in {b}")
ONE_IN = message("rw.rune.arrange.one_in", "{face} rune in {area}")
ARRANGE_Q = message(
    "rw.rune.arrange.question", "Fortify: you look at the runes of {a} and {b}; place them back, one per area."
)
ARRANGE_BAD = message("rw.rune.arrange.refused", "Keep or swap the two areas' runes.")
ARRANGED = message("rw.rune.arrange.done", "{seat} rearranges the runes of {a} and {b} (RW-18.8.1).")


def face_of(rune: str | None) -> Msg:
    said = FACE.get(rune or "")
    return said() if said is not None else NO_RUNE()


def _areas(areas: list[str] | tuple[str, ...]) -> list[Item]:
    return [ref("area", a) for a in areas]


def visible_runes(state: RunewarsState, seat: int) -> dict[str, str]:
    """RW-27.5: faces in areas the seat controls or where one of its heroes stands."""
    eligible = set(B.controlled_areas(state, seat)) | H.hero_areas(state.heroes, seat)
    return {a: state.board[a].rune for a in sorted(eligible) if a in state.board and state.board[a].rune}  # type: ignore[misc]


def rune_faces_text(state: RunewarsState, areas: list[str]) -> Msg:
    parts = [FACE_IN(area=ref("area", a), face=face_of(state.board[a].rune)) for a in areas if a in state.board]
    return LOOK(faces=semicolons(parts))


def queue_gain(state: RunewarsState, seat: int, source: Msg | str) -> None:
    """RW-27.3: queue the gain procedure (P-60 then P-61); epic: one face-up dragon rune (AMB-70)."""
    if state.seats[seat].eliminated:
        return
    if state.options.epic:
        push(state, step(state, "rune_place_epic", seat, source=stored(source)))
    else:
        push(state, step(state, "rune_discard", seat, source=stored(source)))


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
    opts = [option(DISCARD_NONE(), {"type": "rw_rune_discard", "areas": []})]
    for k in (1, 2):
        for combo in combinations(falses, k):
            opts.append(option(DISCARD_IN(areas=_areas(combo)), {"type": "rw_rune_discard", "areas": list(combo)}))
    question = DISCARD_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, "RW-27.3.1", question, secret=True, options=opts)]


@applies("rune_discard")
def _discard_apply(state: RunewarsState, st: Any, seat: int, action: RuneDiscard) -> list[Event]:
    falses = _false_runes(state, seat)
    need(
        len(set(action.areas)) == len(action.areas) and all(a in falses for a in action.areas),
        "RW-27.3.1",
        DISCARD_BAD(),
    )
    events: list[Event] = []
    for a in action.areas:
        state.board[a].rune = None
        state.rune_supply["false"] += 1
        state.revealed_false += 1
    if action.areas:
        events.append(
            to_all(
                "false_runes",
                DISCARDED(seat=seat_ref(seat), areas=_areas(action.areas)),
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
    push(state, step(state, "rune_place", seat, source=stored(loaded(st.data["source"])), todo=todo, placed={}))
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
    to = PLACE_DRAGON_TO if stage == "dragon" else PLACE_FALSE_TO
    opts = [option(to(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a) for a in areas]
    if not areas:
        opts = [option(PLACE_NONE(face=face_of(stage)), {"type": "rw_choose", "value": "-"})]
    question = PLACE_Q(face=face_of(stage))
    return [ask(st.seat, st.key, "RW-27.3.3", question, secret=True, options=opts)]


@applies("rune_place")
def _place_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    stage = _stage(st)
    areas = _placeable(state, seat, exclude=_taken(st))
    need(
        action.value in areas if areas else action.value == "-",
        "RW-27.3.3",
        PLACE_BAD(),
    )
    events: list[Event] = []
    st.data["todo"] = st.data["todo"][1:]
    if action.value == "-":  # RW-27.3.4
        state.rune_supply[stage] += 1
        if stage == "false":
            state.revealed_false += 1
        events.append(
            to_all(
                "rune_returned",
                RETURNED(face=face_of(stage)),
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
        events.append(
            to_all(
                "runes_placed",
                PLACED(seat=seat_ref(seat), areas=_areas(sorted(placed))),
                seat=seat,
                areas=sorted(placed),
            )
        )
        faces = [PLACED_FACE(face=face_of(f), area=ref("area", a)) for a, f in sorted(placed.items())]
        events.append(
            to_seats(seat, "runes_placed_private", PLACED_PRIVATE(placed=semicolons(faces)), placed=dict(placed))
        )
    return events


@decision("rune_place_epic", "rw_choose")
def _epic_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    areas = _placeable(state, st.seat)
    opts = [option(PLACE_DRAGON_TO(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a) for a in areas]
    if not areas or state.rune_supply["dragon"] <= 0:
        opts = [option(EPIC_NONE(), {"type": "rw_choose", "value": "-"})]
    return [Prompt(seat=st.seat, key=st.key, rule="RW-35.4", question=en(EPIC_Q()), msg=EPIC_Q(), options=opts)]


@applies("rune_place_epic")
def _epic_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    areas = _placeable(state, seat)
    possible = bool(areas) and state.rune_supply["dragon"] > 0
    need(
        action.value in areas if possible else action.value == "-",
        "RW-35.4",
        EPIC_BAD(),
    )
    done(state, st)
    if action.value == "-":
        return [to_all("rune_none", EPIC_CANNOT(seat=seat_ref(seat)))]
    state.board[action.value].rune = "dragon"
    state.rune_supply["dragon"] -= 1
    return [
        to_all(
            "rune_epic",
            EPIC_PLACED(seat=seat_ref(seat), area=ref("area", action.value)),
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
    area_a, area_b = ref("area", a), ref("area", b)
    if ra and rb:
        opts = [
            option(
                KEEP(face_a=face_of(ra), a=area_a, face_b=face_of(rb), b=area_b), {"type": "rw_choose", "value": "keep"}
            ),
            option(
                SWAP(face_a=face_of(rb), a=area_a, face_b=face_of(ra), b=area_b), {"type": "rw_choose", "value": "swap"}
            ),
        ]
    else:
        one = face_of(ra or rb)
        opts = [
            option(ONE_IN(face=one, area=area_a), {"type": "rw_choose", "value": "keep" if ra else "swap"}),
            option(ONE_IN(face=one, area=area_b), {"type": "rw_choose", "value": "swap" if ra else "keep"}),
        ]
    question = ARRANGE_Q(a=area_a, b=area_b)
    return [ask(st.seat, st.key, "RW-18.8.1", question, secret=True, options=opts)]


@applies("rune_arrange")
def _arrange_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("keep", "swap"), "RW-18.8.1", ARRANGE_BAD())
    a, b = st.data["areas"]
    if action.value == "swap":
        state.board[a].rune, state.board[b].rune = state.board[b].rune, state.board[a].rune
    done(state, st)
    return [
        to_all(
            "runes_moved", ARRANGED(seat=seat_ref(seat), a=ref("area", a), b=ref("area", b)), seat=seat, areas=[a, b]
        ),
        to_seats(seat, "runes_moved_private", rune_faces_text(state, [a, b]), areas=[a, b]),
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
