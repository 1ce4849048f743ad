"""Event, income, market, build and prep phases (CS-14 to CS-18) and the wave table (CS-13.2)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation, Step
from engine.core.text import Ref, message

from ..actions import ACTION_ADAPTER, Deploy, StackEntry
from ..board.earthscapes import lay, placements, tile_id
from ..common import (
    CONTENT,
    chip_refs,
    faction,
    friendly,
    gain,
    has_advancement_op,
    landmark_def,
    market_chip,
    promoted_types,
    side,
    turn_order,
    unit_def,
)
from ..flow import FLOW, need, new_id
from ..state import CsState, Unit
from ..supply import chips_fit, clip_hp, left, need_chips, need_hp, strict
from ..towers.build import build_tower, buildable, free_wells, orders, upgrade_choices, upgrade_tower

WAVE_STARTS = message("cs.wave.starts", "Wave {wave} begins; seat {seat} is the first player.")
EVENT_DRAWN = message("cs.wave.event", "Event: {event}.")
INCOME = message("cs.wave.income", "Seat {seat} gains {n} Source in the income phase.")
MARKET_TURN = message("cs.market.turn", "Your market turn: buy one chip or pass.")
BUY = message("cs.market.buy", "Buy {chip} for {price} Source")
PASS = message("cs.common.pass", "Pass")
BUY_TILE = message("cs.market.buy_tile", "Buy land tile {tile} for {price} Source")
BOUGHT_TILE = message("cs.market.bought_tile", "Seat {seat} buys land tile {tile}.")
NO_TILE = message("cs.market.refused.no_tile", "No land tile is face up in the market.")
TILE_TAKEN = message("cs.market.refused.tile_taken", "A land tile has already been bought this wave.")
TILE_PRICE = 2  # CS-12.4
PLACE_TILE_OPT = message("cs.build.place_tile_option", "Lay land tile {tile} at {hex} (rotation {rotation})")
TILE_LAID = message("cs.build.tile_laid", "Seat {seat} lays land tile {tile} at {hex}.")
NO_SUCH_TILE = message("cs.build.refused.no_tile", "You hold no such land tile.")
BAD_TILE_SPOT = message("cs.build.refused.tile_spot", "The land tile cannot be laid there.")
TILE_TOWER_Q = message("cs.build.tile_tower", "Build a tower on a well of the land tile you laid?")
BOUGHT = message("cs.market.bought", "Seat {seat} buys {chip}.")
PASSED = message("cs.common.passed", "Seat {seat} passes.")
NOT_OFFERED = message("cs.market.refused.not_offered", "That chip is not face up in the market.")
POOR = message("cs.common.refused.poor", "That costs {cost} Source and you have {source}.")
BUILD_TURN = message("cs.build.turn", "Your build turn: build, upgrade, advance your fortress, or pass.")
BUILD_OPT = message("cs.build.option", "Build {tower} at {hex} ({order})")
UPGRADE_OPT = message("cs.build.upgrade_option", "Add {chips} to the tower at {hex}")
ADVANCE_OPT = message("cs.build.advance_option", "Advance {structure} to {advancement} for {cost} Source")
ADVANCED = message("cs.build.advanced", "Seat {seat} buys the fortress advancement {advancement}.")
NO_ADVANCE = message("cs.build.refused.no_advance", "That structure has no next advancement you can buy.")
TARGET_Q = message("cs.prep.target", "Which enemy gate does your faction marker target?")
RETARGET_Q = message("cs.prep.retarget", "The gate you targeted is breached: which enemy gate do you target now?")
TARGET_OPT = message("cs.prep.target_option", "The gate of seat {seat}")
BAD_TARGET = message("cs.prep.refused.bad_target", "You cannot target that gate.")
TARGETED = message("cs.prep.targeted", "Seat {seat} targets the gate of seat {target}.")
DEPLOY_Q = message("cs.prep.deploy", "Choose your units (CP {cp}) and order your deploy stack, top first.")
DEPLOY_NOTHING = message("cs.prep.deploy_nothing", "Deploy nothing")
DEPLOY_HERO = message("cs.prep.deploy_hero", "Only {hero}")
DEPLOY_ALL = message("cs.prep.deploy_suggested", "Suggested stack: {units}")
DEPLOY_LOCKED = message("cs.prep.locked", "Seat {seat} has formed a deploy stack of {entries} entries ({chips} chips).")
DEPLOY_LOCKED_TOP = message(
    "cs.prep.locked_top",
    "Seat {seat} has formed a deploy stack of {entries} entries ({chips} chips); its top is {top}.",
)
STACK_BAD = message("cs.prep.refused.stack", "That deploy stack breaks {what}.")
BUILD_ENDS = message("cs.build.ends", "The build phase ends.")
PREP_ENDS = message("cs.prep.ends", "Every deploy stack is locked in.")
STACK_CUT = message(
    "cs.supply.stack_cut",
    "Strict supply (CS-3.1): the chips left in the supply cover only the top {entries} entries of seat {seat}'s "
    "deploy stack; the entries below stay in the barracks or beside the fortress.",
)
BUILD_SIM_Q = message(
    "cs.build.simultaneous",
    "Build round {round}: everyone chooses at once; the choices are carried out in turn order.",
)
BUILD_LOST = message(
    "cs.build.lost",
    "Seat {seat}'s build could not be carried out after the builds before it in turn order; they choose again.",
)
NOT_OFFERED_BUILD = message("cs.build.refused.not_offered", "That is not one of your build options now.")

PREP_CP = {1: 5, 2: 7, 3: 9, 4: 11}


def wave_value(wave: int) -> int:
    """CS-13.2 and CS-24.4: 5, 7, 9, 11, then 2n + 3."""
    return 2 * wave + 3


# ---- the wave ---------------------------------------------------------------------------------
@FLOW.auto("wave")
def wave_start(state: CsState, st: Step) -> list[Event]:
    state.wave += 1
    state.phase = "event"
    events = [Event.to_all("wave", WAVE_STARTS(wave=state.wave, seat=state.first + 1), milestone=True)]
    steps = [FLOW.new(state, "event"), FLOW.new(state, "income")]
    if not state.options.skip_market:
        steps.append(FLOW.new(state, "market_refresh"))
        steps += [FLOW.new(state, "market", s) for s in turn_order(state)]
    if state.options.simultaneous_build:  # CS-24.3(b)
        steps.append(FLOW.new(state, "build_sim_open", None, passed=[], round=1))
    else:
        steps.append(FLOW.new(state, "build", None, passed=[]))
    steps += [FLOW.new(state, "target", s) for s in turn_order(state)]
    steps.append(FLOW.new(state, "deploy_open"))
    steps.append(FLOW.new(state, "siege_start"))
    FLOW.push(state, *steps)
    return events


def apply_effects(state: CsState, seat: int, effects: Any, when: str) -> list[Event]:
    """Run card or advancement effects with the given timing tag (content/effects.py)."""
    events: list[Event] = []
    for e in effects:
        if e.when != when:
            continue
        seats = [seat] if e.who == "self" else [s for s in state.seats if e.who == "all" or s != seat]
        for s in seats:
            p = state.pl[s]
            if e.op == "gain_source":
                gain(state, s, e.amount)
            elif e.op == "lose_source":
                p.source = max(0, p.source - e.amount)
            elif e.op == "heal_gate" and not p.breached:
                p.gate_hp = min(p.gate_max, p.gate_hp + e.amount)
            elif e.op == "gate_max":
                p.gate_max += e.amount
            elif e.op == "cp_bonus":
                p.cp_bonus += e.amount
            elif e.op == "income_bonus":
                p.income_bonus += e.amount
            elif e.op == "extra_limited_build":
                p.limited_extra += e.amount
            elif e.op == "heal_units":
                for u in state.units:
                    if u.owner == s:
                        wanted = min(side(state, u).hp, u.hp + e.amount) - u.hp
                        given, short = clip_hp(state, wanted, Ref(kind="unit", id=u.type_id))  # CS-3.1
                        u.hp += given
                        events += short
            elif e.op == "heal_landmarks":
                for lm in state.landmarks:
                    if lm.face_up and lm.hp > 0:
                        wanted = min(landmark_def(lm.chip).hp, lm.hp + e.amount) - lm.hp
                        given, short = clip_hp(state, wanted, Ref(kind="landmark", id=lm.chip))  # CS-3.1
                        lm.hp += given
                        events += short
            elif e.op == "gm":
                events.append(state.gm.hand_over("CS-1.4", e.text, seat=s))
    return events


@FLOW.auto("event")
def event_phase(state: CsState, st: Step) -> list[Event]:
    """CS-14: from wave 2, the first player draws an event; 'event phase' effects apply at once."""
    if state.wave == 1 or not state.options.events or not state.events:
        return []
    card = state.events.pop()
    state.event = card
    d = next(c for c in CONTENT.events if c.id == card)
    events = [Event.to_all("event", EVENT_DRAWN(event=Ref(kind="event", id=card)), reveals=True)]
    events += apply_effects(state, state.first, d.effects, "now")
    events += apply_effects(state, state.first, d.effects, "income")
    events += apply_effects(state, state.first, d.effects, "prep")
    return events


@FLOW.auto("income")
def income(state: CsState, st: Step) -> list[Event]:
    """CS-15: the wave's Source plus advancement income, capped (CS-6.4); 3-4p repairs (CS-22.5)."""
    state.phase = "income"
    events: list[Event] = []
    for s in turn_order(state):
        p = state.pl[s]
        amount = wave_value(state.wave) + sum(has_advancement_op(state, s, "income_bonus")) + p.income_bonus
        kept = gain(state, s, amount)
        events.append(Event.to_all("income", INCOME(seat=s + 1, n=kept)))
    # CS-15.3, CS-22.4.4: breached gates are repaired after income, in turn order.
    repairs = [s for s in turn_order(state) if state.pl[s].breached and state.players > 2]
    FLOW.push(state, *[FLOW.new(state, "repair", s) for s in repairs if state.options.mode == "ffa"])
    return events


# ---- market (CS-16) ---------------------------------------------------------------------------
def refill_tile(state: CsState) -> None:
    """CS-5.10.3, CS-16.4: the next land tile turns face up; an empty pile takes its shuffled discard (AMB-21)."""
    m = state.market
    if m.tile is not None:
        return
    if not m.tiles and m.tile_discard:
        m.tiles, m.tile_discard = m.tile_discard, []
        state.rng.shuffle(m.tiles)
    if m.tiles:
        m.tile = m.tiles.pop()


def refill_market(state: CsState) -> None:
    m = state.market
    refill_tile(state)
    while len(m.faceup) < state.players + 1:
        if not m.supply and m.discard:
            m.supply, m.discard = m.discard, []
            state.rng.shuffle(m.supply)  # AMB-21
        if not m.supply:
            break
        m.faceup.append(m.supply.pop())


@FLOW.auto("market_refresh")
def market_refresh(state: CsState, st: Step) -> list[Event]:
    """CS-16.2: every market phase but wave 1's starts with a fresh market."""
    state.phase = "market"
    state.market.tile_bought = False
    if state.wave > 1:
        state.market.discard += state.market.faceup
        state.market.faceup = []
        if state.market.tile is not None:
            state.market.tile_discard.append(state.market.tile)
            state.market.tile = None
        refill_market(state)
    return []


@FLOW.decision("market", "buy", "buy_tile", "pass")
def market_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    p = state.pl[seat]
    opts = [
        Option.of(BUY(chip=Ref(kind="market", id=c), price=market_chip(c).price), {"type": "buy", "chip": c})
        for c in state.market.faceup
        if market_chip(c).price <= p.source
    ]
    m = state.market
    if m.tile is not None and not m.tile_bought and p.source >= TILE_PRICE:
        opts.append(Option.of(BUY_TILE(tile=m.tile, price=TILE_PRICE), {"type": "buy_tile"}))
    opts.append(Option.of(PASS(), {"type": "pass"}))
    return [Prompt.ask(seat, st.key, "CS-16.3", MARKET_TURN(), options=opts, default={"type": "pass"})]


@FLOW.applies("market")
def market_turn(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "pass":
        FLOW.done(state, st)
        return [Event.to_all("pass", PASSED(seat=seat + 1))]  # AMB-20
    p = state.pl[seat]
    m = state.market
    if action.type == "buy_tile":
        need(m.tile is not None, "CS-16.3", NO_TILE())
        need(not m.tile_bought, "CS-16.3", TILE_TAKEN())
        need(p.source >= TILE_PRICE, "CS-12.4", POOR(cost=TILE_PRICE, source=p.source))
        assert m.tile is not None
        FLOW.done(state, st)
        tile = m.tile
        p.source -= TILE_PRICE
        p.beside.append(f"tile:{tile}")  # CS-12.3
        m.tile = None
        m.tile_bought = True  # CS-16.3(b): one land tile per wave across all players
        refill_tile(state)  # CS-16.4
        return [Event.to_all("bought_tile", BOUGHT_TILE(seat=seat + 1, tile=tile))]
    need(action.chip in state.market.faceup, "CS-16.3", NOT_OFFERED())
    price = market_chip(action.chip).price
    need(price <= p.source, "CS-12.4", POOR(cost=price, source=p.source))
    FLOW.done(state, st)
    p.source -= price
    state.market.faceup.remove(action.chip)
    p.beside.append(action.chip)  # CS-16.5
    refill_market(state)  # CS-16.4
    return [Event.to_all("bought", BOUGHT(seat=seat + 1, chip=Ref(kind="market", id=action.chip)))]


# ---- build (CS-17) ----------------------------------------------------------------------------
def next_advancement(state: CsState, seat: int, structure: str) -> Any:
    for st in faction(state.pl[seat].faction).structures:
        if st.id != structure:
            continue
        for adv in st.levels:
            if adv.id not in state.pl[seat].advancements:
                return adv if adv.enabled else None
    return None


def tower_options(state: CsState, seat: int, *, limited: bool, wells: list[str] | None = None) -> list[Option]:
    """Every tower build (P-7): type, chip order and uncovered well within influence (or among ``wells``)."""
    opts: list[Option] = []
    sites = free_wells(state, seat)
    if wells is not None:
        sites = [w for w in sites if w in wells]
    for type_id, promoted, merc in buildable(state, seat, limited=limited):
        for order in orders(state, seat, type_id, promoted, merc):
            if not chips_fit(state, order):  # CS-3.1: strict supply, the pools cannot give its starting chips
                continue
            for w in sites:
                action = {
                    "type": "build_tower",
                    "tower": type_id,
                    "promoted": promoted,
                    "merc": merc,
                    "hex": w,
                    "order": order,
                }
                name = Ref(kind="tower", id=type_id + (":promoted" if promoted else ""))
                opts.append(Option.of(BUILD_OPT(tower=name, hex=w, order=chip_refs(order)), action, at=w))
    return opts


def build_options(state: CsState, seat: int, *, limited: bool) -> list[Option]:
    """Enumerated build options (P-7, P-11): towers with every chip order, upgrades, tiles, advancements."""
    opts = tower_options(state, seat, limited=limited)
    for tid, chips in upgrade_choices(state, seat):
        hex_key = next(t.hex for t in state.towers if t.tid == tid)
        opts.append(
            Option.of(
                UPGRADE_OPT(chips=chip_refs(chips), hex=hex_key),
                {"type": "upgrade", "tower": tid, "chips": chips},
                at=hex_key,
            )
        )
    if not limited:  # CS-19.1.3 (RT-16): limited builds neither lay tiles nor advance
        for chip in sorted(set(state.pl[seat].beside)):
            tile = tile_id(chip)
            if tile is None:
                continue
            for anchor, rotation in placements(state, tile):
                label = PLACE_TILE_OPT(tile=tile, hex=anchor, rotation=rotation)
                opts.append(
                    Option.of(
                        label, {"type": "place_tile", "tile": tile, "anchor": anchor, "rotation": rotation}, at=anchor
                    )
                )
        for st in faction(state.pl[seat].faction).structures:
            adv = next_advancement(state, seat, st.id)
            if adv is not None and adv.cost <= state.pl[seat].source:
                label = ADVANCE_OPT(
                    structure=Ref(kind="structure", id=st.id),
                    advancement=Ref(kind="advancement", id=adv.id),
                    cost=adv.cost,
                )
                opts.append(Option.of(label, {"type": "advance", "structure": st.id}))
    return opts


def build_seat(state: CsState, st: Step) -> int | None:
    passed = st.data.get("passed", [])
    order = turn_order(state)
    start = int(st.data.get("at", 0))
    for i in range(len(order)):
        s = order[(start + i) % len(order)]
        if s not in passed:
            return s
    return None


def place_tile(state: CsState, seat: int, tile: int, anchor: str, rotation: int) -> list[Event]:
    """CS-17.2.3: lay a land tile from beside the barracks (AMB-22); a tower on one of its wells
    within influence may follow as part of the same option (the ``tile_tower`` step)."""
    p = state.pl[seat]
    need(f"tile:{tile}" in p.beside, "CS-17.2.3", NO_SUCH_TILE())
    need((anchor, rotation) in placements(state, tile), "CS-17.2.3", BAD_TILE_SPOT())
    p.beside.remove(f"tile:{tile}")
    wells = lay(state, tile, anchor, rotation)
    if wells:
        FLOW.push(state, FLOW.new(state, "tile_tower", seat, wells=wells))
    return [Event.to_all("tile_laid", TILE_LAID(seat=seat + 1, tile=tile, hex=anchor), tile=tile)]


@FLOW.decision("tile_tower", "build_tower", "pass")
def tile_tower_prompts(state: CsState, st: Step) -> list[Prompt]:
    """The optional tower of CS-17.2.3: normal cost (a mercenary tower is free), influence and cap apply."""
    seat = int(st.seat or 0)
    wells = set(st.data.get("wells", []))
    opts = tower_options(state, seat, limited=False, wells=sorted(wells))
    if not opts:
        return []
    opts.append(Option.of(PASS(), {"type": "pass"}))
    return [Prompt.ask(seat, st.key, "CS-17.2.3", TILE_TOWER_Q(), options=opts, default={"type": "pass"})]


@FLOW.applies("tile_tower")
def tile_tower(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    if action.type == "pass":
        FLOW.done(state, st)
        return []
    need(action.hex in st.data.get("wells", []), "CS-17.2.3", BAD_TILE_SPOT())
    events = build_tower(
        state, seat, action.tower, action.promoted, action.merc, action.hex, action.order, limited=False
    )
    FLOW.done(state, st)
    return events


@FLOW.decision("build", "build_tower", "upgrade", "advance", "place_tile", "pass")
def build_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = build_seat(state, st)
    if seat is None:
        return []
    opts = build_options(state, seat, limited=False) + [Option.of(PASS(), {"type": "pass"})]
    return [Prompt.ask(seat, st.key, "CS-17.1", BUILD_TURN(), options=opts, default={"type": "pass"})]


def do_build(state: CsState, seat: int, action: Any, *, limited: bool) -> list[Event]:
    if action.type == "build_tower":
        return build_tower(
            state, seat, action.tower, action.promoted, action.merc, action.hex, action.order, limited=limited
        )
    if action.type == "upgrade":
        return upgrade_tower(state, seat, action.tower, action.chips)
    need(not limited, "CS-19.1.3", NO_ADVANCE())
    if action.type == "place_tile":
        return place_tile(state, seat, action.tile, action.anchor, action.rotation)
    adv = next_advancement(state, seat, action.structure)
    need(adv is not None, "CS-6.3.2", NO_ADVANCE())
    p = state.pl[seat]
    need(adv.cost <= p.source, "CS-17.2.4", POOR(cost=adv.cost, source=p.source))
    p.source -= adv.cost
    p.advancements.append(adv.id)
    events = [Event.to_all("advanced", ADVANCED(seat=seat + 1, advancement=Ref(kind="advancement", id=adv.id)))]
    return events + apply_effects(state, seat, adv.effects, "now")


@FLOW.applies("build")
def build_turn(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    need(seat == build_seat(state, st), "CS-17.1", PASS())
    order = turn_order(state)
    if action.type == "pass":
        st.data["passed"] = [*st.data.get("passed", []), seat]  # CS-17.1: skipped from now on
        events = [Event.to_all("pass", PASSED(seat=seat + 1))]
    else:
        events = do_build(state, seat, action, limited=False)
    st.data["at"] = (order.index(seat) + 1) % len(order)
    if build_seat(state, st) is None:
        FLOW.done(state, st)
        # The board changed in this phase: its end is a milestone (the thread shows the board).
        events.append(Event.to_all("build_end", BUILD_ENDS(), milestone=True))
    return events


# ---- simultaneous build (CS-24.3b, CS-17.3) ----------------------------------------------------
@FLOW.auto("build_sim_open")
def build_sim_open(state: CsState, st: Step) -> list[Event]:
    """One round of the build loop with every seat that has not passed answering at once (each-SIM).

    Why a window per round: CS-17.1 still holds (one option per round, a pass is final), only the
    waiting is gone; the answers are secret until the last one is in, then applied in turn order."""
    state.phase = "build"
    passed = list(st.data.get("passed", []))
    seats = [s for s in turn_order(state) if s not in passed]
    window = FLOW.new(state, "build_sim", None, passed=passed, round=int(st.data.get("round", 1)))
    return FLOW.open_window(state, window, seats, together=True, rule="CS-24.3")


@FLOW.window("build_sim", "build_tower", "upgrade", "advance", "place_tile", "pass")
def build_sim_prompt(state: CsState, st: Step, seat: int) -> Prompt:
    opts = build_options(state, seat, limited=False) + [Option.of(PASS(), {"type": "pass"})]
    return Prompt.ask(
        seat,
        st.key,
        "CS-24.3",
        BUILD_SIM_Q(round=int(st.data.get("round", 1))),
        options=opts,
        secret=True,
        simultaneous=True,
        default={"type": "pass"},
    )


@FLOW.applies("build_sim")
def build_sim(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    answer = action.model_dump(mode="json", exclude_none=True)
    if action.type != "pass":  # checked against the board as it is now; the turn order decides clashes later
        need(any(o.action == answer for o in build_options(state, seat, limited=False)), "CS-17.1", NOT_OFFERED_BUILD())
    return FLOW.answer_window(state, st, seat, answer, responds=action.type != "pass")


@FLOW.closes("build_sim")
def build_sim_closed(state: CsState, st: Step) -> list[Event]:
    """Apply the round's answers in turn order (CS-24.3b): a build an earlier seat made impossible
    (the same well, the last chip, a tile spot) is lost and that seat chooses again next round."""
    assert st.window is not None
    passed = list(st.data.get("passed", []))
    events: list[Event] = []
    before = len(state.steps)
    nxt = FLOW.new(state, "build_sim_open", None, passed=passed, round=int(st.data.get("round", 1)) + 1)
    FLOW.push(state, nxt)
    for seat in turn_order(state):
        if seat not in st.window.seats:
            continue
        answer = st.window.answers.get(seat) or {"type": "pass"}
        if answer.get("type") == "pass":
            passed.append(seat)  # CS-17.1: skipped from now on
            events.append(Event.to_all("pass", PASSED(seat=seat + 1)))
            continue
        try:
            events += do_build(state, seat, ACTION_ADAPTER.validate_python(answer), limited=False)
        except RuleViolation:
            events.append(Event.to_all("build_lost", BUILD_LOST(seat=seat + 1)))
    # tile sub-choices (CS-17.2.3) were pushed in front one by one: put them back in turn order
    added = len(state.steps) - before - 1
    if added > 1:
        state.steps[:added] = list(reversed(state.steps[:added]))
    nxt.data["passed"] = passed
    if len(passed) >= len(state.seats):
        FLOW.done(state, nxt)  # CS-17.1: the phase ends once everyone has passed
        events.append(Event.to_all("build_end", BUILD_ENDS(), milestone=True))  # the thread shows the board
    return events


# ---- prep (CS-18) -----------------------------------------------------------------------------
def target_choices(state: CsState, seat: int) -> list[int]:
    """P-8: an unbreached enemy gate; in 2v2 not the one the teammate targets (CS-23.2)."""
    out = [s for s in state.seats if not friendly(state, s, seat) and not state.pl[s].breached]
    if state.options.mode == "2v2":
        mate = [s for s in state.seats if s != seat and friendly(state, s, seat)]
        taken = {state.pl[m].target for m in mate}
        out = [s for s in out if s not in taken] or out
    return out


@FLOW.decision("target", "target")
def target_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    opts = [Option.of(TARGET_OPT(seat=s + 1), {"type": "target", "seat": s}) for s in target_choices(state, seat)]
    if st.data.get("retarget"):  # P-21 after a breach
        return [
            Prompt.ask(seat, st.key, "CS-22.4.2", RETARGET_Q(), options=opts, default=opts[0].action if opts else None)
        ]
    return [Prompt.ask(seat, st.key, "CS-18.1", TARGET_Q(), options=opts)]


@FLOW.applies("target")
def target(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    need(action.seat in target_choices(state, seat), "CS-18.1", BAD_TARGET())
    FLOW.done(state, st)
    state.pl[seat].target = action.seat
    return [Event.to_all("target", TARGETED(seat=seat + 1, target=action.seat + 1))]


def wave_cp(state: CsState, seat: int) -> int:
    return wave_value(state.wave) + state.pl[seat].cp_bonus  # CS-13.2, CS-18.2


def heroes_in_play(state: CsState, seat: int) -> int:
    return sum(1 for u in state.units if u.owner == seat and u.kind == "hero") + sum(
        1 for u in state.pl[seat].stack if u.kind == "hero"
    )


def check_stack(state: CsState, seat: int, entries: list[Any]) -> str | None:
    """CS-18.8: what a proposed deploy stack breaks, or None."""
    p = state.pl[seat]
    f = faction(p.faction)
    counts: dict[str, int] = {}
    mercs: dict[str, int] = {}
    cp = 0
    heroes = 0
    kinds: list[str] = []
    on_board = {u.type_id for u in state.units if u.owner == seat and u.kind == "hero"}
    for e in entries:
        if not e.units:
            return "CS-18.6"
        ds = []
        for uid in e.units:
            merc = uid in p.beside
            if merc:
                chip = market_chip(uid)
                if chip.unit is None:
                    return "CS-18.8"
                mercs[uid] = mercs.get(uid, 0) + 1
                if mercs[uid] > p.beside.count(uid):
                    return "CS-18.8"
                d = chip.unit
            else:
                d = next((u for u in f.units if u.id == uid), None)  # type: ignore[assignment]
                if d is None:
                    return "CS-18.8"
                counts[uid] = counts.get(uid, 0) + 1
                if counts[uid] > p.barracks.get(uid, 0) or uid in on_board:
                    return "CS-18.8"
                cp += d.cp
            ds.append((d, merc))
        if len(ds) > 1:
            if any(d.kind == "hero" for d, _ in ds):
                return "CS-10.7.3"
            moves = [
                (d.promoted if d.id in promoted_types(state, seat) and d.promoted else d.basic).move for d, _ in ds
            ]
            if moves != sorted(moves):
                return "CS-9.8.2"
        d0, merc0 = ds[0]
        if d0.kind == "hero":
            heroes += 1
            if (state.wave == 1 and not (d0.starting or f.wave1_any_hero)) or (state.wave == 1 and merc0):
                return "CS-10.7.1"
        elif e.equipment:
            return "CS-10.8"
        for eq in e.equipment:
            if eq not in p.beside or market_chip(eq).type != "equipment":
                return "CS-10.8"
        kinds.append(d0.kind)
    if cp > wave_cp(state, seat):
        return "CS-18.2"
    limit = 1 if state.wave == 1 else 2
    if heroes + heroes_in_play(state, seat) > limit:
        return "CS-10.7.4"
    # CS-10.7.5: heroes above or below all minions, never between.
    text = "".join("h" if k == "hero" else "m" for k in kinds)
    core = text.strip("h")
    if "h" in core:
        return "CS-10.7.5"
    eqs: list[str] = [x for e in entries for x in e.equipment]
    if any(eqs.count(x) > p.beside.count(x) for x in eqs):
        return "CS-10.8"
    return None


def deploy_hp(state: CsState, seat: int, type_id: str, merc: bool) -> tuple[bool, int]:
    """(promoted, printed HP) of a unit as it goes into the deploy stack (CS-9.9, CS-18.4)."""
    d = unit_def(state, seat, type_id, merc)
    promoted = d.kind == "minion" and type_id in promoted_types(state, seat) and d.promoted is not None
    s = d.promoted if promoted and d.promoted else d.basic
    return promoted, s.hp


def make_unit(state: CsState, seat: int, type_id: str, merc: bool) -> Unit:
    kind = unit_def(state, seat, type_id, merc).kind
    promoted, hp = deploy_hp(state, seat, type_id, merc)
    return Unit(uid=new_id(state, "u"), owner=seat, type_id=type_id, kind=kind, merc=merc, promoted=promoted, hp=hp)


def shield_chips(eq: str) -> int:
    """Defense chips an equipment's Shield talent puts on the hero it is attached to."""
    return next((t.n for t in market_chip(eq).talents if t.id == "shield"), 0)


def stack_supply(state: CsState, seat: int, entries: list[Any]) -> tuple[int, int]:
    """(HP chips, defense chips) a deploy stack takes from the shared pools: each entry's top gets its
    HP chips (a squad only its top's, CS-9.8.3, CS-18.4) and each Shield its defense chips (CS-10.8)."""
    hp = sum(deploy_hp(state, seat, e.units[0], e.units[0] in state.pl[seat].beside)[1] for e in entries if e.units)
    return hp, sum(shield_chips(eq) for e in entries for eq in e.equipment)


def need_stack_supply(state: CsState, seat: int, entries: list[Any]) -> None:
    """CS-3.1 (strict supply): refuse a deploy stack whose HP or defense chips the pools no longer hold."""
    if strict(state):
        hp, defense = stack_supply(state, seat, entries)
        need_hp(state, hp)
        need_chips(state, ["defense"] * defense)


def stack_that_fits(state: CsState, seat: int, entries: list[Any]) -> list[Any]:
    """CS-3.1: the longest top part of a stack locked in together (CS-24.3c) whose chips are still in the
    pools once the stacks before it in turn order took theirs; the entries below stay where they were."""
    if not strict(state):
        return entries
    have = left(state)
    for n in range(len(entries), -1, -1):
        hp, defense = stack_supply(state, seat, entries[:n])
        if hp <= have["hp"] and defense <= have["defense"]:
            return entries[:n]
    return []


def form_stack(state: CsState, seat: int, entries: list[Any]) -> None:
    """CS-18.4-18.7: take the chips, give HP chips (a squad: its top's HP), stack on the gate."""
    p = state.pl[seat]
    stack: list[Unit] = []
    selected: list[str] = []
    for e in entries:
        units = []
        for uid in e.units:
            merc = uid in p.beside
            if merc:
                p.beside.remove(uid)
            else:
                p.barracks[uid] -= 1
            units.append(make_unit(state, seat, uid, merc))
            selected.append(uid)
        top = units[0]
        top.members = units[1:]
        for eq in e.equipment:
            p.beside.remove(eq)
            top.equipment.append(eq)
            top.chips += ["defense"] * shield_chips(eq)
        stack.append(top)
    p.stack = stack
    p.selected = sorted(selected)


@FLOW.auto("deploy_open")
def deploy_open(state: CsState, st: Step) -> list[Event]:
    """P-9/P-10: each seat in turn order secretly forms its stack; later seats see earlier
    selections (H23). Under simultaneous prep (CS-24.3c) all answer at once."""
    state.phase = "prep"
    return FLOW.open_window(
        state, FLOW.new(state, "deploy"), turn_order(state), together=state.options.simultaneous_prep, rule="CS-18.6"
    )


def stack_suggestions(state: CsState, seat: int) -> list[list[dict[str, list[str]]]]:
    """A few ready-to-apply stacks: nothing, the starting hero alone, and a greedy full stack."""
    p = state.pl[seat]
    f = faction(p.faction)
    out: list[list[dict[str, list[str]]]] = [[]]
    hero_ok = [
        u.id
        for u in f.units
        if u.kind == "hero"
        and p.barracks.get(u.id, 0) > 0
        and (u.starting or state.wave > 1 or f.wave1_any_hero)
        and u.cp <= wave_cp(state, seat)
    ]
    hero_ok = [h for h in hero_ok if heroes_in_play(state, seat) < (1 if state.wave == 1 else 2)][:1]
    if hero_ok:
        out.append([{"units": [hero_ok[0]], "equipment": []}])
    budget = wave_cp(state, seat) - (next(u.cp for u in f.units if u.id == hero_ok[0]) if hero_ok else 0)
    greedy: list[dict[str, list[str]]] = []
    left = dict(p.barracks)
    for u in sorted((u for u in f.units if u.kind == "minion"), key=lambda u: u.cp):
        while left.get(u.id, 0) > 0 and u.cp <= budget:
            greedy.append({"units": [u.id], "equipment": []})
            left[u.id] -= 1
            budget -= u.cp
    for chip in p.beside:
        if not chip.startswith("tile:") and market_chip(chip).type == "merc_minion":
            greedy.append({"units": [chip], "equipment": []})
    if greedy:
        out.append(greedy + ([{"units": [hero_ok[0]], "equipment": []}] if hero_ok else []))
    if not strict(state):
        return out
    fitting: list[list[dict[str, list[str]]]] = []
    for stack in out:  # CS-3.1: a suggestion is cut to what the pools still cover, never offered refused
        cut = stack[: len(stack_that_fits(state, seat, [StackEntry.model_validate(e) for e in stack]))]
        if cut not in fitting:
            fitting.append(cut)
    return fitting


DEPLOY_CANDIDATES = "x-candidates"  # the deploy prompt's schema: what a builder may offer (CS-18.6)
STACKABLE_CHIPS = ("merc_hero", "merc_minion", "equipment")  # market chips that go into a stack (CS-16)


def deploy_candidates(state: CsState, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` may put in its deploy stack (CS-18.6), carried by its deploy prompt so that a
    builder offers it without knowing the rules: one entry per unit in its barracks (the towers
    stay there, CS-7), then the mercenaries and equipment beside its fortress, each with its role
    (hero, minion, merc_hero, merc_minion, equipment) and CP. Only the seat's own pieces: its prompt
    is secret. Offering is not allowing: the stack is still checked when it is locked in (CS-18.8)."""
    p = state.pl[seat]
    units = {u.id: u for f in CONTENT.factions for u in f.units}
    out: list[dict[str, Any]] = []
    for type_id, count in sorted(p.barracks.items()):
        unit = units.get(type_id)
        if unit is not None:
            out += [{"chip": type_id, "role": unit.kind, "cp": unit.cp} for _ in range(int(count))]
    for chip in p.beside:
        if not chip.startswith("tile:") and market_chip(chip).type in STACKABLE_CHIPS:
            out.append({"chip": chip, "role": market_chip(chip).type, "cp": 0})
    return out


@FLOW.window("deploy", "deploy")
def deploy_prompt(state: CsState, st: Step, seat: int) -> Prompt:
    opts = []
    for stack in stack_suggestions(state, seat):
        if not stack:
            label = DEPLOY_NOTHING()
        elif len(stack) == 1:
            label = DEPLOY_HERO(hero=Ref(kind="unit", id=stack[0]["units"][0]))
        else:
            label = DEPLOY_ALL(units=[Ref(kind="unit", id=e["units"][0]) for e in stack])
        opts.append(Option.of(label, {"type": "deploy", "stack": stack}))
    schema = {
        "type": "object",
        "properties": {
            "stack": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "units": {"type": "array", "items": {"type": "string"}},
                        "equipment": {"type": "array", "items": {"type": "string"}},
                    },
                },
            }
        },
        DEPLOY_CANDIDATES: deploy_candidates(state, seat),
    }
    return Prompt.ask(
        seat,
        st.key,
        "CS-18.6",
        DEPLOY_Q(cp=wave_cp(state, seat)),
        options=opts,
        answer_schema=schema,
        secret=True,
        simultaneous=state.options.simultaneous_prep,
        default={"type": "deploy", "stack": []},
    )


def stack_told(state: CsState, seat: int) -> Event:
    """What the table learns of a locked deploy stack (CS-18.6, H25): its height (entries and chips)
    and its top unit, nothing below it (H24) nor inside a squad under the top (H26)."""
    p = state.pl[seat]
    chips = sum(1 + len(u.members) for u in p.stack)
    if not p.stack:
        return Event.to_all("stack", DEPLOY_LOCKED(seat=seat + 1, entries=0, chips=0))
    top = Ref(kind="market" if p.stack[0].merc else "unit", id=p.stack[0].type_id)  # a mercenary is a market chip
    return Event.to_all("stack", DEPLOY_LOCKED_TOP(seat=seat + 1, entries=len(p.stack), chips=chips, top=top))


@FLOW.applies("deploy")
def deploy(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    broken = check_stack(state, seat, action.stack)
    need(broken is None, broken or "CS-18.8", STACK_BAD(what=broken or ""))
    need_stack_supply(state, seat, action.stack)  # CS-3.1 (strict supply)
    if not state.options.simultaneous_prep:
        form_stack(state, seat, action.stack)
        return [stack_told(state, seat), *FLOW.answer_window(state, st, seat, {}, responds=True)]
    return FLOW.answer_window(state, st, seat, action.model_dump(mode="json"), responds=True)


@FLOW.closes("deploy")
def deploy_closed(state: CsState, st: Step) -> list[Event]:
    events: list[Event] = []
    assert st.window is not None
    if state.options.simultaneous_prep:
        for seat in turn_order(state):
            ans = Deploy.model_validate(st.window.answers.get(seat) or {"type": "deploy", "stack": []})
            if check_stack(state, seat, ans.stack) is not None:
                ans = Deploy(type="deploy", stack=[])
            fits = stack_that_fits(state, seat, ans.stack)  # CS-3.1: earlier stacks may have emptied a pool
            if len(fits) < len(ans.stack):
                events.append(Event.to_all("supply_short", STACK_CUT(seat=seat + 1, entries=len(fits))))
            form_stack(state, seat, fits)
            events.append(stack_told(state, seat))
    # The stacks' tops and heights are now public (CS-18.8): a milestone, so the thread shows them.
    return [*events, Event.to_all("prep_end", PREP_ENDS(), milestone=True)]
