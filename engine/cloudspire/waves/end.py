"""Breaches, repairs, the end of the siege, of the wave and of the game (CS-20 to CS-23)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, Step
from engine.core.text import Ref, message

from ..common import faction, friendly, gain, left_of, turn_order
from ..flow import FLOW, need
from ..state import CsState

SIEGE_ENDS = message("cs.wave.siege_ends", "The siege phase ends.")
WAVE_ENDS = message("cs.wave.ends", "Wave {wave} ends.")
GAME_ENDS = message("cs.game.ends", "The game is over: {reason}")
# CS-21: why it ended, as words (``result_reason`` keeps the machine id for Result.reason)
REASONS = {
    "breach": message("cs.game.reason.breach", "a gate was breached."),
    "strength": message("cs.game.reason.strength", "the strongest fortress wins."),
    "draw": message("cs.game.reason.draw", "the fortresses are tied: a draw."),
}
LOOT = message("cs.game.loot", "Seat {seat} loots {n} Source from the breached fortress.")
SACRIFICE_Q = message("cs.game.sacrifice", "Repair your gate: which advancement do you sacrifice?")
SACRIFICE_OPT = message("cs.game.sacrifice_option", "Sacrifice {advancement}")
SACRIFICED = message("cs.game.sacrificed", "Seat {seat} sacrifices {advancement} to repair the gate.")
BAD_SACRIFICE = message("cs.game.refused.sacrifice", "Sacrifice one of the highest-level advancements you own.")
REPAIR = message("cs.game.repair", "Seat {seat} repairs the gate to {hp} HP.")

SIEGE_KINDS = {
    "siege_round",
    "turn",
    "turn_start",
    "heroes_1",
    "minions",
    "minion_move",
    "heroes_3",
    "towers",
    "explore",
    "reveal",
    "attacks",
    "turn_end",
}


def siege_over(state: CsState) -> bool:
    """CS-20.1: no minion in play and every deploy stack empty."""
    if any(u.kind == "minion" for u in state.units):
        return False
    return all(not p.stack for p in state.pl)


def end_siege(state: CsState) -> list[Event]:
    """CS-20.2: the rest of the turn is not played; pending level-ups and rewards still resolve."""
    state.steps = [s for s in state.steps if s.kind not in SIEGE_KINDS]
    state.steps.append(FLOW.new(state, "wave_end"))
    state.phase = "wave_end"
    return [Event.to_all("siege_end", SIEGE_ENDS(), milestone=True)]


@FLOW.auto("wave_end")
def wave_end(state: CsState, st: Step) -> list[Event]:
    """CS-20.3: pegs off, the first player passes left, the event is discarded; the game may end."""
    # CS-20.5 (house): a siege ended by the stall override sends undeployed units and minions
    # still on the board back to their barracks (mercenaries are discarded, as on defeat).
    for u in [u for u in state.units if u.kind == "minion"] + [u for p in state.pl for u in p.stack]:
        for x in [u, *u.members]:
            if not x.merc:
                bar = state.pl[x.owner].barracks
                bar[x.type_id] = bar.get(x.type_id, 0) + 1
    state.units = [u for u in state.units if u.kind != "minion"]
    for p in state.pl:
        p.limited_used = 0
        p.limited_extra = 0
        p.rest = False
        p.cp_bonus = 0
        p.income_bonus = 0
        p.stack = []
        p.selected = []
    for u in state.units:
        u.attacked = u.countered = u.moved = False
    if state.event is not None:
        state.event_discard.append(state.event)
        state.event = None
    events = [Event.to_all("wave_end", WAVE_ENDS(wave=state.wave), milestone=True)]
    state.first = left_of(state, state.first)
    if state.wave >= state.options.waves:
        events += final_scoring(state)
    return events


def strength(state: CsState, seat: int) -> int:
    """CS-21.3: gate HP + advancements; breached in the final wave counts 0 (CS-22.4.5)."""
    p = state.pl[seat]
    if p.breached and p.breached_wave == state.wave and state.players > 2:
        return 0
    return p.gate_hp + len(p.advancements)


def final_scoring(state: CsState) -> list[Event]:
    """CS-21.3-21.4 (CS-23.4 team sums): strength, then gate HP, Source, towers; else a draw."""
    groups: dict[int, list[int]] = {}
    for s in state.seats:
        groups.setdefault(state.teams[s], []).append(s)

    def score(seats: list[int]) -> tuple[int, int, int, int]:
        return (
            sum(strength(state, s) for s in seats),
            sum(state.pl[s].gate_hp for s in seats),
            sum(state.pl[s].source for s in seats),
            sum(1 for t in state.towers if t.owner in seats),
        )

    best = max(score(g) for g in groups.values())
    winners = sorted(s for g in groups.values() if score(g) == best for s in g)
    state.winner = winners
    state.result_reason = "strength" if len(winners) < len(state.seats) else "draw"
    return [Event.to_all("game_end", GAME_ENDS(reason=REASONS[state.result_reason]()), milestone=True)]


def on_breach(state: CsState, seat: int, breacher: int) -> list[Event]:
    """CS-21.1 (2 players) and CS-23.4 (2v2): the game ends at once; CS-22.4 (3-4 players): loot,
    re-target, and the game ends when only one gate stands (CS-22.7.2)."""
    if state.players == 2 or state.options.mode == "2v2":
        state.winner = sorted(s for s in state.seats if friendly(state, s, breacher))
        state.result_reason = "breach"
        return [Event.to_all("game_end", GAME_ENDS(reason=REASONS["breach"]()), milestone=True)]
    events: list[Event] = []
    victim = state.pl[seat]
    if breacher >= 0:
        kept = gain(state, breacher, victim.source)  # CS-22.4.3, AMB-48
        events.append(Event.to_all("loot", LOOT(seat=breacher + 1, n=kept)))
    victim.source = 0
    standing = [s for s in state.seats if not state.pl[s].breached]
    if len(standing) == 1:
        state.winner = standing
        state.result_reason = "breach"
        return events + [Event.to_all("game_end", GAME_ENDS(reason=REASONS["breach"]()), milestone=True)]
    # CS-22.4.2 (P-21): everyone whose marker was on the breached gate re-targets at once, in turn order.
    steps = [FLOW.new(state, "target", s, retarget=True) for s in turn_order(state) if state.pl[s].target == seat]
    for s in turn_order(state):
        if state.pl[s].target == seat:
            state.pl[s].target = None
    FLOW.push(state, *steps)
    return events


@FLOW.auto("repair")
def repair_step(state: CsState, st: Step) -> list[Event]:
    return repair(state, int(st.seat or 0))


def advancement_levels(state: CsState, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for st in faction(state.pl[seat].faction).structures:
        for i, adv in enumerate(st.levels):
            out[adv.id] = i + 1
    return out


def sacrifice_choices(state: CsState, seat: int) -> list[str]:
    """CS-22.5.2: the advancements of the highest level owned (the owner picks among them, P-22)."""
    p = state.pl[seat]
    if p.gate_hp >= 3 or not p.advancements:
        return []
    levels = advancement_levels(state, seat)
    top = max(levels.get(a, 0) for a in p.advancements)
    return sorted(a for a in p.advancements if levels.get(a, 0) == top)


def sacrifice(state: CsState, seat: int, adv: str) -> list[Event]:
    p = state.pl[seat]
    p.advancements.remove(adv)
    p.gate_hp += 1  # CS-22.5.1
    return [Event.to_all("sacrifice", SACRIFICED(seat=seat + 1, advancement=Ref(kind="advancement", id=adv)))]


def repair(state: CsState, seat: int) -> list[Event]:
    """CS-22.5: sacrifice advancements from the highest level, then 2 Source per HP, up to 3 HP.
    A choice within one level is asked (P-22); the repair resumes after it."""
    p = state.pl[seat]
    events: list[Event] = []
    while True:
        choices = sacrifice_choices(state, seat)
        if not choices:
            break
        if len(choices) > 1 and 3 - p.gate_hp < len(choices):
            FLOW.push(state, FLOW.new(state, "sacrifice", seat, choices=choices), FLOW.new(state, "repair", seat))
            return events
        events += sacrifice(state, seat, choices[0])
    while p.gate_hp < 3 and p.source >= 2:  # CS-22.5.3, CS-22.5.5
        p.source -= 2
        p.gate_hp += 1
    p.breached = False
    return events + [Event.to_all("repair", REPAIR(seat=seat + 1, hp=p.gate_hp))]


@FLOW.decision("sacrifice", "sacrifice")
def sacrifice_prompts(state: CsState, st: Step) -> list[Prompt]:
    seat = int(st.seat or 0)
    opts = [
        Option.of(SACRIFICE_OPT(advancement=Ref(kind="advancement", id=a)), {"type": "sacrifice", "advancement": a})
        for a in st.data["choices"]
    ]
    return [Prompt.ask(seat, st.key, "CS-22.5.2", SACRIFICE_Q(), options=opts, default=opts[0].action)]


@FLOW.applies("sacrifice")
def sacrifice_apply(state: CsState, st: Step, seat: int, action: Any) -> list[Event]:
    need(action.advancement in st.data["choices"], "CS-22.5.2", BAD_SACRIFICE())
    FLOW.done(state, st)
    return sacrifice(state, seat, action.advancement)
