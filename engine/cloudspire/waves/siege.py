"""The siege phase (CS-19): rounds of turns, each turn start, movement, tower attacks,
exploration and attacks; plus the interrupts a defeat can raise (level-ups P-19, free tower P-18)."""

from __future__ import annotations

from typing import Any

from engine.core import GM_SEAT, Event, Option, Prompt, Step
from engine.core.text import Ref, message

from ..board.geometry import range_within, unkey
from ..common import CONTENT, chip_refs, friendly, gate_key, landmark_def, lm_talent, turn_order, unit_by_id
from ..flow import FLOW, need, push
from ..state import CsState, Unit
from ..supply import DICE_SHORT, TOWER_DICE, chips_fit, clip_hp, dice_for, need_chips
from ..towers.build import build_tower, buildable, free_wells, orders, upgrade_choices
from ..units import combat as C
from ..units.movement import hero_destinations, minion_options, vanguard_distance
from .end import end_siege, siege_over
from .phases import apply_effects, build_options, do_build


def piece_hex(state: CsState, pid: str) -> str | None:
    """The board hex a landmark, unit or tower stands on (the place a decision picture outlines for an
    option that names the piece), or None for a piece off the board; looked up in the view's order
    (landmarks, units, towers), so an option's ``at`` is the hex the public view shows for it."""
    for pieces in (
        [(lm.lid, lm.hex) for lm in state.landmarks],
        [(u.uid, u.hex) for u in state.units],
        [(t.tid, t.hex) for t in state.towers],
    ):
        for ident, where in pieces:
            if ident == pid and where is not None and where in state.board:
                return where
    return None


STALLED = message("cs.siege.stalled", "Round {round} changed nothing: the siege phase has stalled.")
STALL_Q = message("cs.siege.stall", "The siege phase has stalled (CS-20.5). End it now?")
STALL_END = message("cs.siege.stall_end", "End the siege phase")
STALL_ON = message("cs.siege.stall_on", "Play another round")
TURN = message("cs.siege.turn", "Round {round}: seat {seat}'s turn.")
ROUND_ENDS = message("cs.siege.round_ends", "Round {round} ends.")
START_Q = message("cs.siege.turn_start", "Start of your turn: limited builds ({left} left), relics, or done.")
DONE = message("cs.common.done", "Done")
PLAY_RELIC = message("cs.siege.play_relic", "Play {relic}")
RELIC_PLAYED = message("cs.siege.relic_played", "Seat {seat} plays the relic {relic}.")
NO_RELIC = message("cs.siege.refused.no_relic", "You hold no such relic.")
NO_LIMITED = message("cs.siege.refused.no_limited", "You have used your limited build options for this siege phase.")
HEROES_Q = message("cs.siege.heroes", "Move a hero now, or go on.")
HERO_TO = message("cs.siege.hero_to", "Move {unit} to {hex}")
HERO_STAY = message("cs.siege.hero_stay", "{unit} stays")
BAD_MOVE = message("cs.siege.refused.bad_move", "That unit cannot move there now.")
MUST_DEPLOY = message("cs.siege.refused.must_deploy", "The hero on top of your deploy stack must deploy first.")
MOVED = message("cs.siege.moved", "{unit} moves to {hex}.")
MINION_Q = message("cs.siege.minion", "Choose where {unit} moves.")
MINION_TO = message("cs.siege.minion_to", "To {hex}")
MINION_SWAP = message("cs.siege.minion_swap", "To {hex}, swapping with the hero at {swap}")
VANGUARD_Q = message("cs.siege.vanguard", "Several minions are equally close to the target: which moves first?")
VANGUARD_OPT = message("cs.siege.vanguard_option", "{unit} at {hex}")
MINION_STAY = message("cs.siege.minion_stay", "Stay")
TOWER_Q = message("cs.siege.tower", "Your towers must fire: choose a tower and its target.")
FIRE = message("cs.siege.fire", "{tower} at {unit}")
BAD_FIRE = message("cs.siege.refused.bad_fire", "That tower cannot fire at that unit now.")
TOWER_FIRES = message("cs.siege.tower_fires", "{tower} fires at {unit}: dice {faces}.")
EXPLORE_Q = message("cs.siege.explore", "Explore a landmark next to your units, or stop.")
EXPLORE = message("cs.siege.explore_option", "Explore landmark {landmark} at {hex}")
STOP = message("cs.common.stop", "Stop")
BAD_EXPLORE = message("cs.siege.refused.bad_explore", "You cannot explore that landmark now.")
EXPLORED = message("cs.siege.explored", "Seat {seat} explores landmark {landmark}.")
PEEK = message("cs.siege.peek", "Landmark {landmark} is {chip}.")
REVEAL_Q = message("cs.siege.reveal_q", "Reveal {chip} or keep it face down?")
REVEAL = message("cs.siege.reveal", "Reveal")
KEEP = message("cs.siege.keep", "Keep face down")
REVEALED = message("cs.siege.revealed", "Landmark {landmark} is revealed: {chip}.")
ATTACK_Q = message("cs.siege.attack", "Choose an attacker and its target, or end your attacks.")
ATTACK_OPT = message("cs.siege.attack_option", "{unit} attacks {target}")
END_ATTACKS = message("cs.siege.end_attacks", "End attacks")
BAD_ATTACK = message("cs.siege.refused.bad_attack", "That is not a valid attack.")
MUST_ATTACK = message("cs.siege.refused.must_attack", "A minion with a valid target must attack first.")
IMPALE_Q = message("cs.siege.impale", "{unit} impales: choose the adjacent enemy.")
IMPALE_OPT = message("cs.siege.impale_option", "Impale {target}")
ORDER_Q = message(
    "cs.siege.trigger_order", "{unit}'s Impale and {landmark}'s toxic fog trigger together: which resolves first?"
)
ORDER_IMPALE = message("cs.siege.trigger_order.impale", "Impale first")
ORDER_FOG = message("cs.siege.trigger_order.fog", "Toxic fog first")
LEVEL_Q = message("cs.siege.level", "{unit} levels up: choose an upgrade.")
LEVEL_OPT = message("cs.siege.level_option", "{choice}")
BAD_LEVEL = message("cs.siege.refused.bad_level", "That level-up is not allowed.")
FREE_TOWER_Q = message("cs.siege.free_tower", "Build a free tower on the landmark's well?")
NO_TOWER = message("cs.siege.no_tower", "No tower")
BUILD_LABEL = message("cs.siege.free_tower_option", "{tower} ({order})")
REST = message("cs.siege.rest", "Seat {seat} is alone with units in play: their heroes rest until the end of the wave.")


@FLOW.after_step
def skip_empty(state: CsState) -> list[Event]:
    """A decision with nobody to ask (no legal option) is over at once (CS-0.4).

    The frequent siege decisions answer "is anything to ask?" from their option sources without
    writing the labels (``ASKS``); the answer is the same as ``bool(prompts)``, only cheaper
    (the replay budget of the bench)."""
    while True:
        front = FLOW.current(state)
        if front is None or front.window is not None or front.kind not in FLOW.prompters or state.winner is not None:
            return []
        check = ASKS.get(front.kind)
        if check(state, front) if check is not None else bool(FLOW.prompters[front.kind](state, front)):
            return []
        FLOW.pop(state)


def _turn_start_asks(state: CsState, st: Step) -> bool:
    seat = int(st.seat or 0)
    if state.pl[seat].relics:
        return True
    if limited_left(state, seat) <= 0:
        return False
    return bool(upgrade_choices(state, seat)) or bool(free_wells(state, seat) and buildable(state, seat, limited=True))


def _seat(st: Step) -> int:
    return int(st.seat or 0)


ASKS: dict[str, Any] = {
    "heroes_1": lambda state, st: bool(hero_moves(state, _seat(st), 1)),
    "heroes_3": lambda state, st: bool(hero_moves(state, _seat(st), 3)),
    "attacks": lambda state, st: bool(attack_choices(state, _seat(st))),
    "explore": lambda state, st: bool(explorable(state, _seat(st))),
    "towers": lambda state, st: bool(tower_shots(state, st)),
    "turn_start": _turn_start_asks,
}


# ---- rounds and turns -----------------------------------------------------------------------
@FLOW.auto("siege_start")
def siege_start(state: CsState, st: Step) -> list[Event]:
    state.phase = "siege"
    state.round = 0
    state.activity = 0
    state.round_activity = -1
    push(state, "siege_round")
    return []


@FLOW.auto("siege_round")
def siege_round(state: CsState, st: Step) -> list[Event]:
    """CS-19.0; the stall override of CS-20.5 ends a siege that made no progress in a round.

    The end of each round is a milestone: the thread closes the round's log with the board."""
    ended = state.round > 0 and state.round_activity != -1  # -1: the host let a stalled round play on
    done = [Event.to_all("round_end", ROUND_ENDS(round=state.round), milestone=True)] if ended else []
    if siege_over(state):
        return done + end_siege(state)
    stalled = state.round > 0 and state.activity == state.round_activity
    if state.round >= state.options.max_rounds or (stalled and state.options.stall == "end"):
        return done + end_siege(state)
    if stalled:  # CS-20.5 (AMB-38, P-25): flag the stall; the host may force the end of the siege phase
        push(state, "stall")
        return [Event.to_all("stall", STALLED(round=state.round), milestone=True)]  # the round's end, too
    state.round += 1
    state.round_activity = state.activity
    steps = [FLOW.new(state, "turn", s) for s in turn_order(state)]
    FLOW.push(state, *steps, FLOW.new(state, "siege_round"))
    return done


def in_play(state: CsState, seat: int) -> bool:
    return any(u.owner == seat for u in state.units) or bool(state.pl[seat].stack)


@FLOW.auto("turn")
def turn(state: CsState, st: Step) -> list[Event]:
    seat = int(st.seat or 0)
    state.active = seat
    for u in state.units:
        u.attacked = u.countered = u.moved = False
    for lm in state.landmarks:
        lm.explored = False
        lm.countered = False
    events = [Event.to_all("turn", TURN(round=state.round, seat=seat + 1))]
    alive = [s for s in state.seats if in_play(state, s)]
    if len(alive) == 1 and state.round > 1 and not state.pl[alive[0]].rest:  # CS-19.1.1 (AMB-14)
        state.pl[alive[0]].rest = True
        events.append(Event.to_all("rest", REST(seat=alive[0] + 1)))
    FLOW.push(
        state,
        FLOW.new(state, "turn_start", seat),
        FLOW.new(state, "heroes_1", seat),
        FLOW.new(state, "minions", seat),
        FLOW.new(state, "heroes_3", seat),
        FLOW.new(state, "towers", seat, fired=[]),
        FLOW.new(state, "explore", seat),
        FLOW.new(state, "attacks", seat),
        FLOW.new(state, "turn_end", seat),
    )
    return events


@FLOW.auto("turn_end")
def turn_end(state: CsState, st: Step) -> list[Event]:
    if siege_over(state):
        return end_siege(state)
    return []


def limited_left(state: CsState, seat: int) -> int:
    p = state.pl[seat]
    return 2 + p.limited_extra - p.limited_used  # CS-19.1.3


def turn_start_options(state: CsState, seat: int) -> list[Option]:
    opts: list[Option] = []
    if limited_left(state, seat) > 0:
        opts += build_options(state, seat, limited=True)
    for r in sorted(set(state.pl[seat].relics)):
        opts.append(Option.of(PLAY_RELIC(relic=Ref(kind="relic", id=r)), {"type": "play_relic", "relic": r}))
    return opts


@FLOW.decision("turn_start", "build_tower", "upgrade", "play_relic", "done")
def turn_start_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    opts = turn_start_options(state, seat)
    if not opts:
        return []
    opts.append(Option.of(DONE(), {"type": "done"}))
    # H18: the options name the relics in hand, so the prompt goes to its seat alone while it holds any.
    secret = bool(state.pl[seat].relics)
    return [
        Prompt.ask(
            seat,
            st.key,
            "CS-19.1.2",
            START_Q(left=limited_left(state, seat)),
            options=opts,
            default={"type": "done"},
            secret=secret,
        )
    ]


@FLOW.applies("turn_start")
def turn_start(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "done":
        FLOW.done(state, st)
        return []
    if action.type == "play_relic":
        p = state.pl[seat]
        need(action.relic in p.relics, "CS-19.1.2", NO_RELIC())
        p.relics.remove(action.relic)
        state.relic_discard.append(action.relic)
        card = next(c for c in CONTENT.relics if c.id == action.relic)
        events = [
            Event.to_all(
                "relic_played", RELIC_PLAYED(seat=seat + 1, relic=Ref(kind="relic", id=action.relic)), reveals=True
            )
        ]
        return events + apply_effects(state, seat, card.effects, "turn_start")
    need(limited_left(state, seat) > 0, "CS-19.1.3", NO_LIMITED())
    events = do_build(state, seat, action, limited=True)
    state.pl[seat].limited_used += 1
    return events


# ---- movement (CS-19.2) -----------------------------------------------------------------------
def stack_top_hero_forced(state: CsState, seat: int, window: int) -> Unit | None:
    """The hero that must deploy now: window 1 if minions are below it, window 3 always (CS-19.2.1)."""
    stack = state.pl[seat].stack
    if not stack or stack[0].kind != "hero" or state.pl[seat].rest:
        return None
    if window == 1 and not any(u.kind == "minion" for u in stack[1:]):
        return None
    return stack[0] if hero_destinations(state, stack[0]) else None


def hero_moves(state: CsState, seat: int, window: int) -> list[tuple[str, str]]:
    forced = stack_top_hero_forced(state, seat, window)
    if forced is not None:
        return [(forced.uid, h) for h in hero_destinations(state, forced)]
    if state.pl[seat].rest:
        return []
    out: list[tuple[str, str]] = []
    for u in state.units:
        if u.owner == seat and u.kind == "hero" and not u.moved:
            out += [(u.uid, h) for h in hero_destinations(state, u)]
    return out


def hero_prompt(state: CsState, st: Step, window: int) -> list[Prompt]:
    seat = int(st.seat or 0)
    moves = hero_moves(state, seat, window)
    forced = stack_top_hero_forced(state, seat, window) is not None
    if not moves:
        return []
    opts = []
    for uid, h in moves:
        u = unit_by_id(state, uid) or next(x for x in state.pl[seat].stack if x.uid == uid)
        opts.append(Option.of(HERO_TO(unit=C.uref(u), hex=h), {"type": "move", "unit": uid, "to": h}, at=h))
    if not forced:
        opts.append(Option.of(DONE(), {"type": "done"}))
    return [
        Prompt.ask(
            seat, st.key, "CS-19.2.1", HEROES_Q(), options=opts, default={"type": "done"} if not forced else None
        )
    ]


def place_from_stack(state: CsState, seat: int, uid: str) -> Unit | None:
    stack = state.pl[seat].stack
    if stack and stack[0].uid == uid:
        u = stack.pop(0)
        state.units.append(u)
        return u
    return unit_by_id(state, uid)


def hero_apply(state: CsState, st: Step, seat: int, action: Any, window: int) -> list[Event]:
    if action.type == "done":
        need(stack_top_hero_forced(state, seat, window) is None, "CS-19.2.1", MUST_DEPLOY())
        FLOW.done(state, st)
        return []
    need((action.unit, action.to) in hero_moves(state, seat, window), "CS-10.2", BAD_MOVE())
    u = place_from_stack(state, seat, action.unit)
    assert u is not None
    u.hex = action.to
    u.moved = True
    state.activity += 1
    events = [Event.to_all("moved", MOVED(unit=C.uref(u), hex=action.to))]
    return events + C.after_move(state, u)


@FLOW.decision("heroes_1", "move", "done")
def heroes_1_prompts(state: CsState, st: Step) -> list[Prompt]:
    return hero_prompt(state, st, 1)


@FLOW.applies("heroes_1")
def heroes_1(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    return hero_apply(state, st, seat, action, 1)


@FLOW.decision("heroes_3", "move", "done")
def heroes_3_prompts(state: CsState, st: Step) -> list[Prompt]:
    return hero_prompt(state, st, 3)


@FLOW.applies("heroes_3")
def heroes_3(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    return hero_apply(state, st, seat, action, 3)


def vanguard_candidates(state: CsState, seat: int) -> list[Unit]:
    """CS-9.6: the unmoved deployed minions closest to their faction marker (ties: the owner
    picks), then the stack top in order (CS-19.2.3)."""
    board = [u for u in state.units if u.owner == seat and u.kind == "minion" and not u.moved]
    if board:
        dist = {u.uid: vanguard_distance(state, u) for u in board}
        best = min(dist.values())
        return sorted((u for u in board if dist[u.uid] == best), key=lambda u: u.uid)
    stack = state.pl[seat].stack
    if stack and stack[0].kind == "minion" and not stack[0].moved:
        return [stack[0]]
    return []


def next_minion(state: CsState, seat: int) -> Unit | None:
    found = vanguard_candidates(state, seat)
    return found[0] if found else None


@FLOW.auto("minions")
def minions(state: CsState, st: Step) -> list[Event]:
    seat = int(st.seat or 0)
    found = vanguard_candidates(state, seat)
    if not found:
        return []
    push(state, "minions", seat)
    if len(found) > 1:  # CS-9.6 (P-13): the owner breaks the vanguard tie
        push(state, "vanguard", seat, units=[u.uid for u in found])
        return []
    return start_minion(state, seat, found[0])


def start_minion(state: CsState, seat: int, unit: Unit) -> list[Event]:
    """Move one minion: forced when it has one legal move, a prompt when several (CS-0.4, P-13)."""
    moves, may_stay = minion_options(state, unit)
    if not moves:
        unit.moved = True  # CS-19.2.4: a stuck stack top keeps everything below it
        if unit.hex is None:
            for u in state.pl[seat].stack:
                u.moved = True
        return []
    if len(moves) == 1 and not may_stay:
        return move_minion(state, seat, unit, moves[0].to, moves[0].swap)
    push(state, "minion_move", seat, unit=unit.uid)
    return []


@FLOW.decision("vanguard", "vanguard")
def vanguard_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    units = [u for u in (unit_by_id(state, uid) for uid in st.data["units"]) if u is not None and not u.moved]
    if not units:
        return []
    opts = [
        Option.of(
            VANGUARD_OPT(unit=C.uref(u), hex=u.hex or ""),
            {"type": "vanguard", "unit": u.uid},
            at=piece_hex(state, u.uid),
        )
        for u in units
    ]
    return [Prompt.ask(seat, st.key, "CS-9.6", VANGUARD_Q(), options=opts, default=opts[0].action)]


@FLOW.applies("vanguard")
def vanguard(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    unit = unit_by_id(state, action.unit)
    need(unit is not None and action.unit in st.data["units"] and not unit.moved, "CS-9.6", BAD_MOVE())
    assert unit is not None
    FLOW.done(state, st)
    return start_minion(state, seat, unit)


def minion_unit(state: CsState, seat: int, uid: str) -> Unit | None:
    u = unit_by_id(state, uid)
    if u is None:
        stack = state.pl[seat].stack
        u = stack[0] if stack and stack[0].uid == uid else None
    return u


@FLOW.decision("minion_move", "minion_move")
def minion_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    unit = minion_unit(state, seat, st.data["unit"])
    if unit is None:
        return []
    moves, may_stay = minion_options(state, unit)
    opts = []
    for m in moves:
        label = MINION_SWAP(hex=m.to, swap=m.swap) if m.swap else MINION_TO(hex=m.to)
        opts.append(Option.of(label, {"type": "minion_move", "to": m.to, "swap": m.swap}, at=m.to))
    if may_stay:
        opts.append(Option.of(MINION_STAY(), {"type": "minion_move", "to": None, "swap": None}))
    return [
        Prompt.ask(
            seat, st.key, "CS-9.11", MINION_Q(unit=C.uref(unit)), options=opts, default=opts[0].action if opts else None
        )
    ]


@FLOW.applies("minion_move")
def minion_move(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    unit = minion_unit(state, seat, st.data["unit"])
    assert unit is not None
    moves, may_stay = minion_options(state, unit)
    if action.to is None:
        need(may_stay, "CS-9.2", BAD_MOVE())
        FLOW.done(state, st)
        unit.moved = True
        if unit.hex is None:
            for u in state.pl[seat].stack:
                u.moved = True
        return []
    need(any(m.to == action.to and m.swap == action.swap for m in moves), "CS-9.11", BAD_MOVE())
    FLOW.done(state, st)
    return move_minion(state, seat, unit, action.to, action.swap)


def move_minion(state: CsState, seat: int, unit: Unit, to: str, swap: str | None) -> list[Event]:
    moves, _ = minion_options(state, unit)
    chosen = next(m for m in moves if m.to == to and m.swap == swap)
    if unit.hex is None:
        place_from_stack(state, seat, unit.uid)
    if chosen.swap and chosen.swap_to:
        hero = next(u for u in state.units if u.hex == chosen.swap)
        hero.hex = chosen.swap_to  # CS-9.4.2
    unit.hex = to
    unit.moved = True
    state.activity += 1
    events = [Event.to_all("moved", MOVED(unit=C.uref(unit), hex=to))]
    return events + C.after_move(state, unit)


# ---- tower attacks (CS-19.3) ------------------------------------------------------------------
def tower_shots(state: CsState, st: Step) -> list[tuple[int, str, str]]:
    """(tower owner, tower, target) for the first opponent clockwise from the active player with a shot."""
    active = int(st.seat or 0)
    order = state.seats
    i = order.index(active)
    fired = st.data.get("fired", [])
    for k in range(1, len(order)):
        owner = order[(i + k) % len(order)]
        if friendly(state, owner, active):
            continue  # CS-19.3.5: teammates do not fire
        shots = []
        for t in state.towers:
            if t.owner != owner or t.tid in fired or "attack" not in t.chips:  # no dice, no attack (CS-7.6)
                continue
            reach = range_within(state.board, unkey(t.hex), 1 + t.chips.count("range"))
            for u in state.units:
                if u.owner == active and u.hex in reach:
                    shots.append((owner, t.tid, u.uid))
        if shots:
            return shots
    return []


@FLOW.decision("towers", "fire")
def tower_prompts(state: CsState, st: Step) -> list[Prompt]:
    shots = tower_shots(state, st)
    if not shots:
        return []
    owner = shots[0][0]
    opts = []
    for _, tid, uid in shots:
        t = next(x for x in state.towers if x.tid == tid)
        u = unit_by_id(state, uid)
        assert u is not None
        opts.append(
            Option.of(
                FIRE(tower=Ref(kind="tower", id=t.type_id), unit=C.uref(u)),
                {"type": "fire", "tower": tid, "target": uid},
                at=piece_hex(state, uid),
            )
        )
    return [Prompt.ask(owner, st.key, "CS-19.3.1", TOWER_Q(), options=opts, default=opts[0].action)]


@FLOW.applies("towers")
def fire(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    shots = tower_shots(state, st)
    need((seat, action.tower, action.target) in shots, "CS-19.3.1", BAD_FIRE())
    st.data["fired"] = [*st.data.get("fired", []), action.tower]
    t = next(x for x in state.towers if x.tid == action.tower)
    u = unit_by_id(state, action.target)
    assert u is not None
    attack_chips = t.chips.count("attack")
    dice = dice_for(state, attack_chips)  # CS-7.6, CS-19.3.2; at most the box's dice under strict supply (CS-3.1)
    events: list[Event] = []
    if dice < attack_chips:
        tower = Ref(kind="tower", id=t.type_id)
        events.append(Event.to_all("supply_short", DICE_SHORT(tower=tower, need=attack_chips, dice=TOWER_DICE)))
    faces = C.roll(state, dice)
    events += [
        Event.to_all(
            "tower_fires",
            TOWER_FIRES(tower=Ref(kind="tower", id=t.type_id), unit=C.uref(u), faces=[str(f) for f in faces]),
            dice=faces,
        )
    ]
    events += C.damage_unit(state, u, sum(faces), seat, by_hero=None)
    if not tower_shots(state, st):
        FLOW.done(state, st)
    if siege_over(state):
        events += end_siege(state)
    return events


# ---- exploration (CS-19.4) --------------------------------------------------------------------
def explorable(state: CsState, seat: int) -> list[str]:
    """Face-down landmarks adjacent to a deployed, active unit, not yet explored this turn (AMB-44)."""
    if state.pl[seat].rest and not any(u.kind == "minion" for u in state.units if u.owner == seat):
        return []
    near: set[str] = set()
    for u in state.units:
        if u.owner == seat and u.hex is not None and not (u.kind == "hero" and state.pl[seat].rest):
            near |= set(range_within(state.board, unkey(u.hex), 1))
    return [lm.lid for lm in state.landmarks if not lm.face_up and not lm.explored and lm.hex in near]


@FLOW.decision("explore", "explore", "stop")
def explore_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    lids = explorable(state, seat)
    if not lids:
        return []
    opts = []
    for lid in lids:
        lm = next(x for x in state.landmarks if x.lid == lid)
        opts.append(
            Option.of(EXPLORE(landmark=lid, hex=lm.hex), {"type": "explore", "landmark": lid}, at=piece_hex(state, lid))
        )
    opts.append(Option.of(STOP(), {"type": "stop"}))
    return [Prompt.ask(seat, st.key, "CS-19.4.1", EXPLORE_Q(), options=opts, default={"type": "stop"})]


def reveal_landmark(state: CsState, lid: str) -> list[Event]:
    lm = next(x for x in state.landmarks if x.lid == lid)
    lm.face_up = True
    chip = Ref(kind="landmark", id=lm.chip)
    lm.hp = 0
    lm.hp, short = clip_hp(state, landmark_def(lm.chip).hp, chip)  # CS-11.4; strict supply: what is left (CS-3.1)
    return [Event.to_all("revealed", REVEALED(landmark=lid, chip=chip), reveals=True), *short]


@FLOW.applies("explore")
def explore(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "stop":
        FLOW.done(state, st)
        return []
    need(action.landmark in explorable(state, seat), "CS-19.4.1", BAD_EXPLORE())
    lm = next(x for x in state.landmarks if x.lid == action.landmark)
    lm.explored = True
    if seat not in lm.known_by:
        lm.known_by.append(seat)
    chip = Ref(kind="landmark", id=lm.chip)
    events = [
        Event.to_all("explored", EXPLORED(seat=seat + 1, landmark=lm.lid)),
        Event.to_seats(seat, "peek", PEEK(landmark=lm.lid, chip=chip), reveals=True),
    ]
    if lm_talent(lm, "foreboding"):  # CS-11.8
        return events + reveal_landmark(state, lm.lid)
    push(state, "reveal", seat, landmark=lm.lid)
    return events


@FLOW.decision("reveal", "reveal")
def reveal_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    lm = next(x for x in state.landmarks if x.lid == st.data["landmark"])
    opts = [
        Option.of(REVEAL(), {"type": "reveal", "reveal": True}),
        Option.of(KEEP(), {"type": "reveal", "reveal": False}),
    ]
    q = REVEAL_Q(chip=Ref(kind="landmark", id=lm.chip))
    return [
        Prompt.ask(seat, st.key, "CS-19.4.3", q, options=opts, secret=True, default={"type": "reveal", "reveal": False})
    ]


@FLOW.applies("reveal")
def reveal(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    FLOW.done(state, st)
    if action.reveal:
        return reveal_landmark(state, st.data["landmark"])
    return []


# ---- attacks (CS-19.5) ------------------------------------------------------------------------
def attack_choices(state: CsState, seat: int) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for u in state.units:
        if u.owner == seat and C.attack_value(state, u) > 0:
            out += [(u.uid, kind, tid) for kind, tid in C.targets(state, u)]
    return out


def may_end_attacks(state: CsState, seat: int) -> bool:
    """CS-19.5.2: not while a minion that has not attacked has a valid target (or a unit must Engage)."""
    for uid, kind, tid in attack_choices(state, seat):
        u = unit_by_id(state, uid)
        assert u is not None
        if u.kind == "minion":
            return False
        if kind == "landmark" and any(lm.lid == tid and lm_talent(lm, "engage") for lm in state.landmarks):
            return False
    return True


def target_ref(state: CsState, kind: str, tid: str) -> Any:
    if kind == "gate":
        return C.GATE_NAME(seat=int(tid) + 1)
    if kind == "tower":
        return Ref(kind="tower", id=next(t.type_id for t in state.towers if t.tid == tid))
    if kind == "landmark":
        return Ref(kind="landmark", id=next(lm.chip for lm in state.landmarks if lm.lid == tid))
    u = unit_by_id(state, tid)
    assert u is not None
    return C.uref(u)


@FLOW.decision("attacks", "attack", "end_attacks")
def attack_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    choices = attack_choices(state, seat)
    if not choices:
        return []
    opts = []
    for uid, kind, tid in choices:
        u = unit_by_id(state, uid)
        assert u is not None
        label = ATTACK_OPT(unit=C.uref(u), target=target_ref(state, kind, tid))
        # A gate is not a piece on the board: its attack is placed at the attacker's hex.
        at = piece_hex(state, tid) or piece_hex(state, uid)
        opts.append(Option.of(label, {"type": "attack", "unit": uid, "kind": kind, "target": tid}, at=at))
    if may_end_attacks(state, seat):
        opts.append(Option.of(END_ATTACKS(), {"type": "end_attacks"}))
    return [Prompt.ask(seat, st.key, "CS-19.5.1", ATTACK_Q(), options=opts, default=opts[0].action)]


@FLOW.applies("attacks")
def attack(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "end_attacks":
        need(may_end_attacks(state, seat), "CS-19.5.2", MUST_ATTACK())
        FLOW.done(state, st)
        return []
    need((action.unit, action.kind, action.target) in attack_choices(state, seat), "CS-19.5.3", BAD_ATTACK())
    u = unit_by_id(state, action.unit)
    assert u is not None
    events = C.resolve_attack(state, u, action.kind, action.target)
    if state.winner is None and siege_over(state):
        events += end_siege(state)  # CS-20.2
    return events


@FLOW.decision("stall", "stall")
def stall_prompts(state: CsState, st: Step) -> list[Prompt]:
    opts = [
        Option.of(STALL_END(), {"type": "stall", "end": True}),
        Option.of(STALL_ON(), {"type": "stall", "end": False}),
    ]
    return [Prompt.ask(GM_SEAT, st.key, "CS-20.5", STALL_Q(), options=opts, default=opts[0].action)]


@FLOW.applies("stall")
def stall(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    FLOW.done(state, st)
    if action.end:
        return end_siege(state)
    state.round_activity = -1  # one more round before the next stall check
    push(state, "siege_round")
    return []


# ---- interrupts -------------------------------------------------------------------------------
@FLOW.decision("level_up", "level_up")
def level_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    hero = unit_by_id(state, st.data["unit"])
    choices = C.level_options(state, hero) if hero is not None else []
    if not choices:
        return []
    assert hero is not None
    opts = [Option.of(LEVEL_OPT(choice=Ref(kind="level", id=c)), {"type": "level_up", "choice": c}) for c in choices]
    return [Prompt.ask(seat, st.key, "CS-10.5", LEVEL_Q(unit=C.uref(hero)), options=opts, default=opts[0].action)]


@FLOW.applies("level_up")
def level_up(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    hero = unit_by_id(state, st.data["unit"])
    if hero is not None and action.choice in ("attack", "defense", "range"):
        need_chips(state, [action.choice])  # CS-3.1: strict supply, said before the generic refusal
    need(hero is not None and action.choice in C.level_options(state, hero), "CS-10.5", BAD_LEVEL())
    assert hero is not None
    FLOW.done(state, st)
    return C.apply_level(state, hero, action.choice)


@FLOW.decision("impale", "impale")
def impale_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    unit = unit_by_id(state, st.data["unit"])
    if unit is None:
        return []
    found = [t for t in C.impale_targets(state, unit) if t in st.data["targets"]]
    opts = []
    for tid in found:
        kind = "landmark" if any(lm.lid == tid for lm in state.landmarks) else "unit"
        label = IMPALE_OPT(target=target_ref(state, kind, tid))
        opts.append(Option.of(label, {"type": "impale", "target": tid}, at=piece_hex(state, tid)))
    if not opts:
        return []
    return [Prompt.ask(seat, st.key, "TU-5", IMPALE_Q(unit=C.uref(unit)), options=opts, default=opts[0].action)]


@FLOW.applies("impale")
def impale(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    unit = unit_by_id(state, st.data["unit"])
    need(unit is not None and action.target in st.data["targets"], "TU-5", BAD_ATTACK())
    assert unit is not None
    need(action.target in C.impale_targets(state, unit), "TU-5", BAD_ATTACK())
    FLOW.done(state, st)
    events = C.impale(state, unit, action.target, C.talent(state, unit, "impale") or 0)
    if state.winner is None and siege_over(state):
        events += end_siege(state)
    return events


@FLOW.decision("trigger_order", "trigger_order")
def trigger_order_prompts(state: CsState, st: Step) -> list[Prompt]:
    """CS-1.6 (AMB-35): the active player orders simultaneous triggers; the default is the fixed order."""
    unit = unit_by_id(state, st.data["unit"])
    if unit is None:
        return []
    fogs = C.fog_sources(state, unit)
    if not fogs:
        return []
    opts = [
        Option.of(ORDER_IMPALE(), {"type": "trigger_order", "first": "impale"}),
        Option.of(ORDER_FOG(), {"type": "trigger_order", "first": "toxic_fog"}),
    ]
    question = ORDER_Q(unit=C.uref(unit), landmark=Ref(kind="landmark", id=fogs[0][0].chip))
    return [Prompt.ask(int(st.seat or 0), st.key, "CS-1.6", question, options=opts, default=opts[0].action)]


@FLOW.applies("trigger_order")
def trigger_order(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    unit = unit_by_id(state, st.data["unit"])
    need(unit is not None, "CS-1.6", BAD_ATTACK())
    assert unit is not None
    FLOW.done(state, st)
    events: list[Event] = []
    if action.first == "impale":
        events += C.resolve_impale(state, unit)
        if _is_impale_for(state, unit):
            # the owner picks the impale target first; the fog follows that decision
            FLOW.push_after_current(state, FLOW.new(state, "toxic_fog", unit=unit.uid))
        else:
            events += C.resolve_fog(state, unit)
    else:
        events += C.resolve_fog(state, unit)
        events += C.resolve_impale(state, unit)
    if state.winner is None and siege_over(state):
        events += end_siege(state)
    return events


def _is_impale_for(state: CsState, unit: Unit) -> bool:
    front = FLOW.current(state)
    return front is not None and front.kind == "impale" and front.data.get("unit") == unit.uid


@FLOW.auto("toxic_fog")
def toxic_fog(state: CsState, st: Step) -> list[Event]:
    """The fog half of an ordered pair (CS-1.6) after the impale target was chosen."""
    unit = unit_by_id(state, st.data["unit"])
    if unit is None or unit.hex is None:
        return []
    events = C.resolve_fog(state, unit)
    if state.winner is None and siege_over(state):
        events += end_siege(state)
    return events


def free_tower_choices(state: CsState, seat: int, well: str) -> list[dict[str, Any]]:
    """AMB-47: any tower you could build (no cost, no influence), cap applies, you choose the chips."""
    if any(t.hex == well for t in state.towers) or any(u.hex == well for u in state.units):
        return []
    saved = state.pl[seat].source
    state.pl[seat].source = 99  # cost is waived: list every type regardless of Source
    kinds = buildable(state, seat, limited=False)
    state.pl[seat].source = saved
    out = []
    for type_id, promoted, merc in kinds:
        for order in orders(state, seat, type_id, promoted, merc):
            if not chips_fit(state, order):  # CS-3.1: strict supply, its starting chips are not in the pools
                continue
            out.append({"type": "free_tower", "tower": type_id, "promoted": promoted, "merc": merc, "order": order})
    return out


@FLOW.decision("free_tower", "free_tower", "pass")
def free_tower_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    choices = free_tower_choices(state, seat, st.data["well"])
    if not choices:
        return []
    opts = [
        Option.of(BUILD_LABEL(tower=Ref(kind="tower", id=c["tower"]), order=chip_refs(c["order"])), c) for c in choices
    ]
    opts.append(Option.of(NO_TOWER(), {"type": "pass"}))
    return [Prompt.ask(seat, st.key, "CS-11.7", FREE_TOWER_Q(), options=opts, default={"type": "pass"})]


@FLOW.applies("free_tower")
def free_tower(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    FLOW.done(state, st)
    if action.type == "pass":
        return []
    well = st.data["well"]
    return build_tower(
        state,
        seat,
        action.tower,
        action.promoted,
        action.merc,
        well,
        action.order,
        limited=False,
        free=True,
        wells=[well],
    )


__all__ = ["gate_key"]
