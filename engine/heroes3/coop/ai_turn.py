"""The AI heroes' turn on the map (H3-41.4, H3-41.5, A-42, P-56): after the players each round.

Each living AI hero, in scenario order, gets ``AI_MP`` MP and spends them one field at a time,
choosing afresh before every MP by the H3-41.4 priority (``_goals``). The engine decides every
move; a human is asked only what the rules leave to "the player": how to turn a tile an AI hero
explores (H3-41.5) and which way to go when several are equally short (A-42). Nothing here is
random: the same game and answers give the same moves.

Steps: ``ai_turns`` (announces the turn, queues one ``ai_move`` per AI hero) and ``ai_move`` (one
AI hero's turn; it queues itself again behind a question it asks). Combats and sieges go to
``ai_combat`` (``ai_attacks_hero``, ``ai_attacks_town``), which push their steps at the front.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..adventure import movement, visits
from ..adventure.geometry import (
    DIRECTIONS,
    location,
    neighbours,
    printed,
    step_ok,
    tile_at,
    tile_fields,
)
from ..clash import messages as cm
from ..clash.asks import ask, asked_centre, push_ask
from ..clash.common import heroes_at, town_owner
from ..clash.flow import FLOW, seat_of
from ..clash.state import AI_MP, AI_SEAT, AiHero, ClashState, Coord, PlacedTile
from ..content.clash import clash_content, rotate
from . import ai_combat
from . import messages as msg
from .ai_combat import hero_ref


# ---- the turn ---------------------------------------------------------------------------------------
@FLOW.auto("ai_turns")
def _ai_turns(state: ClashState, st: Step) -> list[Event]:
    """H3-41.4: the AI enemy acts after the players; its heroes move one after another, in the
    scenario's order. A hero defeated before its turn comes is skipped when the turn comes."""
    living = [a for a in state.ai_heroes if not a.defeated]
    if not living:
        return []
    faction = Ref(kind="faction", id=state.ai_faction or "")
    events = [Event.to_all("h3_ai_turn", msg.AI_TURN(faction=faction), milestone=True, round=state.round)]
    FLOW.push(state, *(FLOW.new(state, "ai_move", ai=a.id, fresh=True) for a in living))
    return events


@FLOW.auto("ai_move")
def _ai_move(state: ClashState, st: Step) -> list[Event]:
    """One AI hero's turn, or its continuation after a question (``fresh`` is false then)."""
    ai = ai_combat.named(state, str(st.data["ai"]))
    if ai is None or ai.defeated:
        return []
    if st.data.get("fresh"):
        ai.mp = AI_MP  # H3-41.4
    return _spend(state, ai)


def _spend(state: ClashState, ai: AiHero) -> list[Event]:
    """H3-41.4: repeat the priority until the MP are gone. Stops early (returning) when a question
    or a combat has been queued; the question's answer queues the rest of the turn again."""
    events: list[Event] = []
    while ai.mp > 0 and not ai.defeated and state.winners is None:
        plan = _plan(state, ai)
        if plan is None:
            ai.mp = 0
            events.append(Event.to_all("h3_ai_stays", msg.AI_STAYS(hero=hero_ref(ai), q=ai.field[0], r=ai.field[1])))
            break
        nexts = sorted({n for n, _ in plan.ways})
        if len({_first_move(state, n) for n in nexts}) > 1:  # equally short ways part here: a human picks
            FLOW.push(state, FLOW.new(state, "ai_move", ai=ai.id, fresh=False))
            ways = [[n[0], n[1], t[0], t[1]] for n, t in plan.ways]
            push_ask(state, "ai_path", _decider(state, plan.goals), ai=ai.id, ways=ways)
            return events
        more, asked = _advance(state, ai, nexts[0], plan.goals, resume=True)
        events += more
        if asked:
            return events
    return events


def _first_move(state: ClashState, to: Coord) -> Coord:
    """What spending the next MP towards ``to`` does: enter ``to``, or explore the face-down tile it
    lies on (named by the tile's centre). Ways that begin by exploring the same tile are one choice
    until the tile is turned face up."""
    found = tile_at(state, to)
    return found[0].centre if found is not None and not found[0].face_up else to


def _advance(state: ClashState, ai: AiHero, to: Coord, goals: list[Coord], resume: bool) -> tuple[list[Event], bool]:
    """One MP towards ``to``: explore it first if its tile is face down (H3-41.5), else enter it.
    Says whether a question now waits (the rest of the turn then waits behind it; ``resume``: queue
    that rest here, false when the caller's question already has it queued)."""
    found = tile_at(state, to)
    assert found is not None  # the plan only crosses placed tiles
    tile = found[0]
    if not tile.face_up:
        return _explore(state, ai, tile, goals, resume)
    origin = ai.field
    ai.mp -= 1
    return _enter(state, ai, origin, to), False


# ---- where to go (H3-41.4, A-42) ----------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """The goals of this MP (the nearest fields of the highest H3-41.4 priority that can be reached)
    and every way towards them as (next field, goal) pairs, one per shortest path's first step."""

    goals: list[Coord]
    ways: list[tuple[Coord, Coord]]


def _plan(state: ClashState, ai: AiHero) -> Plan | None:
    dist, firsts = _reach(state, ai.field)
    for goals in _goals(state, ai):
        reachable = [g for g in goals if g in dist and g != ai.field]
        if not reachable:
            continue
        best = min(dist[g] for g in reachable)
        nearest = sorted(g for g in reachable if dist[g] == best)
        ways = sorted({(n, g) for g in nearest for n in firsts[g]})
        return Plan(goals=nearest, ways=ways)
    return None


def _goals(state: ClashState, ai: AiHero) -> list[list[Coord]]:
    """The H3-41.4 priority, highest first; the first that has a reachable field wins.

    H3-41.4.1: fields of players' heroes on the AI hero's tile (not in a sanctuary, H3-50.5, where
    no combat can start). H3-41.4.2: mines and settlements on that tile the AI does not hold yet
    (a settlement a player holds is flagged by besieging it). H3-41.4.3: the players' town; house
    reading for several players (and for one who holds settlements too): every town and settlement
    a player holds, of which the nearest is sought. House, last: with no such town left (the players
    hold none, or none can be reached), the nearest players' hero anywhere, so the AI keeps marching
    on what remains of the players rather than standing still."""
    found = tile_at(state, ai.field)
    here = tile_fields(found[0]) if found is not None else []
    heroes = [pos for pos in here if _player_heroes(state, pos)]
    flaggable = [pos for pos in here if _flaggable(state, pos)]
    everywhere = _positions(state)
    bases = [pos for pos in everywhere if (o := town_owner(state, pos)) is not None and o != AI_SEAT]
    anywhere = [pos for pos in everywhere if _player_heroes(state, pos)]
    return [heroes, flaggable, bases, anywhere]


def _positions(state: ClashState) -> list[Coord]:
    return [pos for t in state.tiles if t.face_up for pos in tile_fields(t)]


def _player_heroes(state: ClashState, pos: Coord) -> list[tuple[int, str]]:
    """Players' heroes an AI hero entering ``pos`` attacks, main heroes first (H3-9.5)."""
    if movement.sanctuary(state, pos):
        return []
    found = sorted(heroes_at(state, pos), key=lambda e: (e[1].kind != "main", e[0]))
    return [(s, h.kind) for s, h in found]


def _flaggable(state: ClashState, pos: Coord) -> bool:
    """H3-41.4.2: a mine or settlement not flagged by the AI."""
    loc = location(state, pos)
    if loc is None or loc.kind not in ("mine", "settlement"):
        return False
    fs = state.peek_field(pos)
    return fs is None or fs.flag != AI_SEAT


def _step(state: ClashState, a: Coord, b: Coord) -> bool:
    """A-42: one AI step honouring borders (H3-22.7) and blocked fields (H3-22.8); guards do not
    stop it (H3-41.5). A face-down tile is crossed as unknown ground: it is explored before it is
    entered, and only what is printed on face-up tiles (their borders) is consulted, so the choice
    of path reveals nothing of a face-down tile."""
    fa, fb = tile_at(state, a), tile_at(state, b)
    if fb is None:
        return False
    if fa is not None and fa[0].face_up and fb[0].face_up:
        return step_ok(state, a, b)
    if fb[0].face_up and (f := printed(state, b)) is not None and f.blocked:
        return False
    for here, there, found in ((a, b, fa), (b, a, fb)):
        if found is not None and found[0].face_up and _border(found[0], found[1], here, there):
            return False
    return True


def _border(tile: PlacedTile, fi: int, here: Coord, there: Coord) -> bool:
    """H3-22.7 on a face-up tile's side of the edge ``here``-``there``."""
    d = (there[0] - here[0], there[1] - here[1])
    return any(
        bf == fi and rotate(DIRECTIONS[edge], tile.rotation) == d
        for bf, edge in clash_content().tiles[tile.tile].borders
    )


def _reach(state: ClashState, start: Coord) -> tuple[dict[Coord, int], dict[Coord, set[Coord]]]:
    """Shortest distances in fields from ``start`` (A-42) and, for every field, the first steps of
    all its shortest paths. A players' hero's field, or a field where a siege starts, ends a path
    (entering it starts a combat), so nothing is reached through it."""
    dist: dict[Coord, int] = {start: 0}
    firsts: dict[Coord, set[Coord]] = {start: set()}
    todo: deque[Coord] = deque([start])
    while todo:
        pos = todo.popleft()
        if pos != start and _stops(state, pos):
            continue
        for n in neighbours(pos):
            if not _step(state, pos, n):
                continue
            via = {n} if pos == start else firsts[pos]
            if n not in dist:
                dist[n] = dist[pos] + 1
                firsts[n] = set(via)
                todo.append(n)
            elif dist[n] == dist[pos] + 1:
                firsts[n] |= via
    return dist, firsts


def _stops(state: ClashState, pos: Coord) -> bool:
    """Entering ``pos`` ends the AI hero's move there: a combat with a hero or a siege."""
    found = tile_at(state, pos)
    if found is None or not found[0].face_up:
        return False
    owner = town_owner(state, pos)
    return bool(_player_heroes(state, pos)) or (owner is not None and owner != AI_SEAT)


def _decider(state: ClashState, goals: list[Coord]) -> int:
    """P-56, house: the human who decides for the AI is the seat whose hero, town, settlement or
    mine the AI hero is heading for (the first such goal); else the starting player; an eliminated
    seat hands it to the next living seat."""
    for pos in goals:
        heroes = _player_heroes(state, pos)
        if heroes:
            return heroes[0][0]
        owner = town_owner(state, pos)
        fs = state.peek_field(pos)
        held = owner if owner is not None else fs.flag if fs is not None else None
        if held is not None and held != AI_SEAT and not state.player(held).eliminated:
            return held
    seats = [(state.starting + i) % state.players for i in range(state.players)]
    return next((s for s in seats if not state.player(s).eliminated), state.starting)


def _what(state: ClashState, pos: Coord) -> Msg:
    """What lies on ``pos``, in words a player reads (A-42 choices)."""
    found = tile_at(state, pos)
    if found is None or not found[0].face_up:
        return msg.WHAT_FACE_DOWN()
    heroes = _player_heroes(state, pos)
    if heroes:
        return msg.WHAT_HERO(kind=cm.hero_kind(heroes[0][1]), seat=cm.seat(heroes[0][0]))
    loc = location(state, pos)
    if loc is None or loc.kind == "empty":
        return msg.WHAT_EMPTY()
    return msg.WHAT_LOCATION(loc=Ref(kind="h3_location", id=loc.id))


def _ai_path_q(state: ClashState, st: Step) -> Msg:
    ai = ai_combat.named(state, str(st.data["ai"]))
    return msg.ASK_AI_PATH(hero=hero_ref(ai) if ai is not None else "")


def _way_pick(way: list[int]) -> str:
    return f"{way[0]},{way[1]}"


@ask("ai_path", "A-42", _ai_path_q, where=lambda pick: [int(x) for x in pick.split(",")])
def _ai_path_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """One option per different next MP: a field leading to several goals is named with the first,
    and fields of one face-down tile are one option (exploring it comes first, ``_first_move``)."""
    out: dict[Coord, tuple[Msg, str]] = {}
    for way in st.data["ways"]:
        q, r, tq, tr = (int(x) for x in way)
        move = _first_move(state, (q, r))
        if move in out:
            continue
        label = msg.OPT_AI_PATH(q=q, r=r, what=_what(state, (q, r)), tq=tq, tr=tr, goal=_what(state, (tq, tr)))
        out[move] = (label, _way_pick(way))
    return list(out.values())


@_ai_path_options
def _ai_path_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The AI hero spends one MP towards the chosen field; the rest of its turn (queued behind this
    question) chooses afresh."""
    ai = ai_combat.named(state, str(st.data["ai"]))
    if ai is None or ai.defeated:
        return []
    q, r = (int(x) for x in pick.split(","))
    goals = [(int(w[2]), int(w[3])) for w in st.data["ways"] if _way_pick(w) == pick]
    said = msg.AI_PATH_CHOSEN(seat=cm.seat(seat_of(st)), hero=hero_ref(ai), q=q, r=r)
    events, _ = _advance(state, ai, (q, r), goals, resume=False)  # the rest of the turn is queued behind
    return [Event.to_all("h3_ai_path", said), *events]


# ---- exploring a face-down tile (H3-41.5) -------------------------------------------------------------
def _explore(
    state: ClashState, ai: AiHero, tile: PlacedTile, goals: list[Coord], resume: bool
) -> tuple[list[Event], bool]:
    """H3-41.5: 1 MP to reveal the tile; the human (P-56, ``_decider``) turns it unless the scenario
    fixes its turn. The rest of the AI hero's turn waits behind that question."""
    ai.mp -= 1
    tile.face_up = True
    c = tile.centre
    said = msg.AI_EXPLORES(hero=hero_ref(ai), tile=tile.tile, q=c[0], r=c[1])
    events = [Event.to_all("h3_ai_explores", said, reveals=True)]
    fixed = movement.fixed_rotation(state, c)
    if fixed is not None:
        tile.rotation = fixed
        return events, False
    turns = movement.revealed_turns(state, tile)
    if len(turns) == 1:
        tile.rotation = turns[0]
        return events, False
    if resume:
        FLOW.push(state, FLOW.new(state, "ai_move", ai=ai.id, fresh=False))
    push_ask(state, "ai_rotate", _decider(state, goals), ai=ai.id, centre=list(c), rotations=turns)
    return events, True


def _ai_rotate_q(state: ClashState, st: Step) -> Msg:
    ai = ai_combat.named(state, str(st.data["ai"]))
    c = st.data["centre"]
    return msg.ASK_AI_ROTATE(hero=hero_ref(ai) if ai is not None else "", q=int(c[0]), r=int(c[1]))


@ask("ai_rotate", "H3-41.5", _ai_rotate_q, turn_of=asked_centre)  # the picture shows each turn
def _ai_rotate_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(cm.OPT_ROTATION(n=int(r) * 60), str(r)) for r in st.data["rotations"]]


@_ai_rotate_options
def _ai_rotate_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    centre = (int(st.data["centre"][0]), int(st.data["centre"][1]))
    for t in state.tiles:
        if t.centre == centre:
            t.rotation = int(pick)
    ai = ai_combat.named(state, str(st.data["ai"]))
    hero = hero_ref(ai) if ai is not None else ""
    said = msg.AI_ROTATED(seat=cm.seat(seat_of(st)), hero=hero, q=centre[0], r=centre[1], n=int(pick) * 60)
    return [Event.to_all("h3_rotated", said)]


# ---- entering a field (H3-41.5) -----------------------------------------------------------------------
def _enter(state: ClashState, ai: AiHero, origin: Coord, to: Coord) -> list[Event]:
    """H3-41.5: a players' hero there is attacked (the turn ends: H3-41.4.1 spends all MP to start
    the combat); a players' town or settlement is besieged (house: this too ends the turn, as a
    combat would); otherwise the AI hero stands there, beats any guard at once and flags or visits
    the field, gaining nothing. Another AI hero there is no obstacle: they share the field."""
    heroes = _player_heroes(state, to)
    if heroes:
        ai.mp = 0
        seat, kind = heroes[0]
        said = msg.AI_ATTACKS_HERO(hero=hero_ref(ai), kind=cm.hero_kind(kind), seat=cm.seat(seat), q=to[0], r=to[1])
        return [Event.to_all("h3_ai_attacks", said)] + ai_combat.ai_attacks_hero(state, ai, origin, to, seat, kind)
    owner = town_owner(state, to)
    if owner is not None and owner != AI_SEAT:
        ai.mp = 0
        loc = location(state, to)
        assert loc is not None  # an owned field is a town or settlement
        where = Ref(kind="h3_location", id=loc.id)
        said = msg.AI_ATTACKS_TOWN(hero=hero_ref(ai), loc=where, seat=cm.seat(owner), q=to[0], r=to[1])
        return [Event.to_all("h3_ai_attacks", said)] + ai_combat.ai_attacks_town(state, ai, origin, to, owner)
    ai.field = ai.last_visited = to
    events = [
        Event.to_all("h3_ai_moved", msg.AI_MOVED(hero=hero_ref(ai), q0=origin[0], r0=origin[1], q=to[0], r=to[1]))
    ]
    if visits.guarded(state, to) is not None:
        state.field(to).cleared = True  # H3-41.5: the AI wins every neutral combat, and gains nothing
        events.append(Event.to_all("h3_ai_guard", msg.AI_BEAT_GUARD(hero=hero_ref(ai), q=to[0], r=to[1])))
    return events + _visit(state, ai, to)


def _visit(state: ClashState, ai: AiHero, pos: Coord) -> list[Event]:
    """H3-41.5: flag a flaggable field (a player's cube there goes, and its income with it), put the
    black cube on a visitable one; the AI takes no reward, resource, card or choice from either.
    An Obelisk keeps the players' cubes and gets none of the AI's (house: its cube would count for
    nobody). A revisitable field is left as it was."""
    loc = location(state, pos)
    if loc is None or loc.category in ("empty", "blocked", "revisitable"):
        return []
    fs = state.field(pos)
    where = Ref(kind="h3_location", id=loc.id)
    if loc.category == "visitable":
        if fs.black:
            return []
        fs.black = True
        return [Event.to_all("h3_ai_visited", msg.AI_VISITED(hero=hero_ref(ai), loc=where, q=pos[0], r=pos[1]))]
    if loc.multi_flag:
        fs.cleared = True
        return [Event.to_all("h3_ai_visited", msg.AI_VISITED(hero=hero_ref(ai), loc=where, q=pos[0], r=pos[1]))]
    previous = fs.flag
    if previous == AI_SEAT:
        return []
    events: list[Event] = []
    if previous is not None:
        visits.lose_production(state, previous, loc, fs)  # H3-50.4.1 / H3-50.4.2: it goes with the cube
        said = msg.AI_FLAG_TAKEN(seat=cm.seat(previous), loc=where, q=pos[0], r=pos[1], hero=hero_ref(ai))
        events.append(Event.to_all("h3_ai_flag_taken", said, seat=previous))
    fs.flag, fs.ever_flagged, fs.cleared, fs.produce = AI_SEAT, True, True, None
    events.append(Event.to_all("h3_ai_flagged", msg.AI_FLAGGED(hero=hero_ref(ai), loc=where, q=pos[0], r=pos[1])))
    return events
