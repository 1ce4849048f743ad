"""Movement (RW-10), Strategize (RW-18.1), Mobilize/Conquer (RW-18.2, 18.3), diplomacy (RW-12)
and the hand-over to the battle module (RW-14).

Mobilize/Conquer is three steps: ``activate`` (P-34), ``move_units`` (P-35) and ``arrive``,
which looks at what the movers met: nothing (8-unit limit, RW-10.9.2), unallied
neutrals only (battle or diplomacy, P-36, RW-12) or an enemy (a battle, RW-10.10).
"""

from __future__ import annotations

import random
from typing import Any, Literal

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Msg, message
from engine.runewars import board as B
from engine.runewars.actions import Choose, MoveUnits, PlayTactics, Strategize
from engine.runewars.battle import (
    BattleOptions,
    advance_battle,
    apply_battle,
    battle_finished,
    battle_prompts,
    end_window,
    queue_effects,
    sample_battle_action,
    start_battle,
    take_external,
    window_pass,
    window_prompt,
    window_seats,
)
from engine.runewars.battle.retreat import retreat_destinations
from engine.runewars.catalog import catalog
from engine.runewars.ctx import Ctx
from engine.runewars.flow import FLOW, applies, auto, decision, done, push, sampler, step
from engine.runewars.heroes import core as H
from engine.runewars.setup.start import seat_name
from engine.runewars.state import RunewarsState, Step, Unit
from engine.runewars.text import (
    COUNT_OF,
    NAME,
    ask,
    en,
    fate_of,
    gm_task,
    need,
    option,
    ref,
    to_all,
    to_seats,
)
from engine.runewars.turn.limits import limit_check
from engine.runewars.turn.picks import hero_candidate, unit_candidate, unit_list_schema
from engine.runewars.turn.tactics_hand import play_from_hand

STRAT_NOTHING = message("rw.strategize.nothing", "Move nothing")
STRAT_ALL_INTO = message("rw.strategize.all_into", "Move every unit that can into {area} ({n})")
STRAT_PORTAL = message("rw.strategize.portal", "Pay 1 influence for the portals: move {n} unit(s) into {area}")
STRAT_Q = message(
    "rw.strategize.question",
    "Strategize: move any of your units and heroes one step each into adjacent friendly or empty areas.",
)
PORTAL_BAD = message(
    "rw.move.refused_portal",
    "Using the magic portals needs 2 face-up portals and 1 influence to pay.",
)
ONE_MODEL = message("rw.move.refused_one_model", "Each move names one unit or one hero.")
OWN_UNITS = message("rw.move.refused_own_units", "You can only move your own units.")
ONE_STEP = message("rw.move.refused_one_step", "Each model moves at most one step.")
ROUTED = message("rw.move.refused_routed", "Routed units cannot move.")
ACTIVATED = message("rw.move.refused_activated", "Units cannot leave an area holding your activation token.")
STRAT_UNIT_BAD = message(
    "rw.strategize.refused_unit",
    "{area} is not an adjacent friendly or empty area this unit can enter (borders, RW-10.3).",
)
OWN_HEROES = message("rw.move.refused_own_heroes", "You can only move your own heroes.")
STRAT_HERO_BAD = message(
    "rw.strategize.refused_hero", "{area} is not an adjacent friendly or empty area this hero can enter."
)
NEUTRALS_ALONE = message(
    "rw.move.refused_neutrals_alone", "Allied neutrals may move without your own units only into an area you control."
)
PORTAL_PAID = message("rw.move.portal_paid", "{seat} pays 1 influence to use the magic portals.")
STRATEGIZED = message("rw.strategize.done", "{seat} moves {units} unit(s) and {heroes} hero(es) one step.")
# What a player reads on an activation option: what stands in the area, so a menu of area ids
# says which area is which (issue 12: "4B: 2 Footmen, 1 Knights · city").
ACTIVATE_AREA = message("rw.activate.option_area", "{area}: {contents}")
ACTIVATE_AREA_CITY = message("rw.activate.option_area_city", "{area}: {contents} · city")
ACTIVATE_EMPTY = message("rw.activate.option_empty", "no units")
ACTIVATE_REACH_DESC = message("rw.activate.option_reach_description", "Activate it: {n} of your units can reach it")
ACTIVATE_NO_REACH_DESC = message(
    "rw.activate.option_no_reach_description", "Activate it: none of your units can reach it"
)
ACTIVATE_Q = message("rw.activate.question", "Choose an area to activate.")
ACTIVATE_SECOND_Q = message("rw.activate.question_second", "Second activation: Choose an area to activate.")
ACTIVATE_BAD = message("rw.activate.refused_area", "Choose an area of the board.")
ACTIVATE_TWICE = message("rw.activate.refused_twice", "That area already holds your activation token.")
ACTIVATES = message("rw.activate.done", "{seat} activates {area}.")
MOVE_NONE = message("rw.move.none", "Move no units")
MOVE_ALL = message("rw.move.all", "Move all {n} unit(s) that can reach {area}")
MOVE_FROM = message("rw.move.from", "Move the {n} unit(s) from {area}")
MOVE_PORTAL = message("rw.move.portal", "Pay 1 influence for the portals: move all {n} unit(s)")
NAMED_ONCE = message("rw.move.refused_named_once", "Each unit can be named once.")
PORTALS_NEED = message("rw.move.refused_portals", "Portals need two face-up Magic Portals and 1 influence.")
CANNOT_REACH = message(
    "rw.move.refused_reach",
    "{unit} cannot reach {area}: at most 2 steps (3 if Swift), passing only "
    "through friendly or empty areas and crossing no mountain or water border.",
)
UNIT_NAMED = message("rw.move.unit_named", "Unit {id} ({unit})")
SECOND_BATTLE = message(
    "rw.move.refused_second_battle",
    "This Mobilize card already caused a battle: you cannot move into an area that would cause another.",
)
DIPLOMACY_ONLY = message(
    "rw.move.refused_diplomacy_only", "Only diplomacy is possible there now, and it needs at least 1 influence."
)
MOVE_Q = message("rw.move.question", "Choose the units that move into {area}.")
MOVED = message("rw.move.done", "{seat} moves {n} unit(s) into {area}.")
FIGHT = message("rw.diplomacy.fight", "Fight the neutrals")
ATTEMPT = message("rw.diplomacy.attempt", "Attempt diplomacy")
NEUTRAL_Q = message(
    "rw.diplomacy.neutral_question", "Your units entered {area}, held by unallied neutrals: battle or diplomacy?"
)
NEUTRAL_BAD = message(
    "rw.diplomacy.neutral_refused", "Diplomacy needs at least 1 influence; a Mobilize card allows only one battle."
)
SPEND_Q = message("rw.diplomacy.spend_question", "Diplomacy: spend 1-6 influence (one destiny card each).")
SPEND_N = message("rw.diplomacy.spend_option", "Spend {n} influence")
SPEND_BAD = message("rw.diplomacy.spend_refused", "Spend between 1 and 6 influence, and no more than you have.")
SPENT = message(
    "rw.diplomacy.spent",
    "{seat} spends {n} influence on diplomacy in {area} and draws {n} destiny card(s).",
)
CARD_FATE = message("rw.destiny.card_fate", "#{number} {fate}")
DREW_CARDS = message("rw.diplomacy.drew", "You drew destiny cards {numbers}: {cards}.")
CARD_OPTION = message("rw.diplomacy.card_option", "Card {number}: {fate}")
PLAY_FIRST = message("rw.diplomacy.play_first", "Play {card} first")
PICK_Q = message("rw.diplomacy.pick_question", "Diplomacy: choose the destiny card whose fate resolves.")
DIPLOMACY_TACTICS_BAD = message(
    "rw.diplomacy.refused_tactics", "You can play only diplomacy cards you did not gain this season."
)
DRAW_MORE = message("rw.diplomacy.draw_more", "You draw {numbers} as well.")
GM_EFFECT = message("rw.tactics.gm_effect", "{card}: {effect}")
PICK_BAD = message("rw.diplomacy.pick_refused", "Choose one of the cards you drew.")
PICKED = message("rw.diplomacy.picked", "{seat} picks card {number}: {fate}.")
ALLY = message("rw.diplomacy.ally", "The neutrals in {area} ally with {seat}.")
NOWHERE = message("rw.diplomacy.nowhere", "The neutrals in {area} have nowhere to go and are destroyed.")
WITHDRAW = message("rw.diplomacy.withdraw", "The neutrals in {area} withdraw, routed, to {to}.")
RETREAT_Q = message(
    "rw.diplomacy.retreat_question",
    "The neutrals in {area} withdraw: choose the area they retreat to.",
)
RETREAT_TO = message("rw.diplomacy.retreat_to", "Retreat to {area}")
RETREAT_BAD = message("rw.diplomacy.retreat_refused", "Neutrals retreat to an adjacent area no player controls.")
WITHDRAW_ALL = message("rw.diplomacy.withdraw_all", "Withdraw all your units (routed)")
CONFRONT_Q = message("rw.diplomacy.confront_question", "Confrontation in {area}: fight, or withdraw all your units?")
CONFRONT_BAD = message("rw.diplomacy.confront_refused", "This Mobilize card already had its battle: you must withdraw.")
CANNOT_RETREAT = message(
    "rw.withdraw.destroyed", "{seat}'s units in {area} cannot retreat and are destroyed (RW-16.1.1)."
)
WITHDREW = message("rw.withdraw.done", "{seat} withdraws its units from {area} to {to}, routed.")
OWN_RETREAT_Q = message("rw.withdraw.question", "Choose where your units in {area} retreat.")
OWN_RETREAT_BAD = message("rw.withdraw.refused", "Retreat to an adjacent friendly area, else an empty one.")
UNALLIED = message("rw.turn.unallied_neutrals", "unallied neutrals")
ATTACKS = message("rw.turn.attacks", "{seat} attacks {area} ({defender}).")
A_BATTLE_EFFECT = message("rw.turn.battle_effect_source", "a battle effect")
PLAY = message("rw.tactics.play", "Play {card}")
WINDOW_BAD = message(
    "rw.turn.battle_tactics_window", "Start-of-battle tactics are played only in your start-of-battle window."
)
BATTLE_TACTICS_BAD = message(
    "rw.turn.battle_tactics_refused", "You can play only start-of-battle cards you did not gain this season."
)
SIDE = {
    "attacker": message("rw.turn.side.attacker", "attacker"),
    "defender": message("rw.turn.side.defender", "defender"),
}


BATTLE_OVER = message("rw.turn.battle_over", "The battle in {area} is over: the {winner} wins ({a} to {d}).")

# ---- RW-10.6 / RW-18.1 Strategize -------------------------------------------------------------


def _portal_links(state: RunewarsState, area: str, portal: bool) -> list[str]:
    """RW-34.4.3: with the portals paid for, face-up portal areas count as adjacent to each other."""
    links = portal_areas(state) if portal else frozenset()
    return sorted(p for p in links if p != area) if area in links else []


def strategize_targets(state: RunewarsState, unit: Unit, seat: int, portal: bool = False) -> list[str]:
    """One step into an adjacent friendly or empty area; not out of an own activated area.

    ``portal``: the player paid for the magic portals for this Strategize (RW-34.4.3, AMB-66)."""
    if unit.routed or seat in state.board[unit.area].activation:  # RW-10.2, RW-10.5.1
        return []
    fly = catalog().flying(unit.kind)
    links = _portal_links(state, unit.area, portal)
    return sorted(
        {
            a
            for a in state.board[unit.area].adj
            if B.passable(state, unit.area, a, flying=fly, seat=seat) and B.friendly_or_empty(state, a, seat)
        }
        | {a for a in links if B.friendly_or_empty(state, a, seat)}
    )


def hero_strategize_targets(state: RunewarsState, hero: H.Hero, seat: int, portal: bool = False) -> list[str]:
    """RW-10.11 / RW-10.5.2: heroes ignore activation tokens, obey borders; friendly or empty only."""
    if hero.routed or hero.stuck or not hero.area:
        return []
    links = _portal_links(state, hero.area, portal)
    return sorted(
        {
            a
            for a in state.board[hero.area].adj
            if B.passable(state, hero.area, a, seat=seat) and B.friendly_or_empty(state, a, seat)
        }
        | {a for a in links if B.friendly_or_empty(state, a, seat)}
    )


def _strategize_options(state: RunewarsState, seat: int) -> list[Option]:
    """Ready answers: stay put, or gather everything movable one step toward each friendly/empty area."""
    opts = [option(STRAT_NOTHING(), {"type": "rw_strategize", "moves": []})]
    mine = [u for u in state.units if u.owner == seat]
    for dest in sorted({a for u in mine for a in strategize_targets(state, u, seat)}):
        moving = [u for u in mine if dest in strategize_targets(state, u, seat)]
        if all(catalog().is_neutral_kind(u.kind) for u in moving) and not B.is_friendly(state, dest, seat):
            continue  # RW-11.4.2
        moves = [{"unit": u.id, "to": dest} for u in moving]
        opts.append(
            option(STRAT_ALL_INTO(area=ref("area", dest), n=len(moves)), {"type": "rw_strategize", "moves": moves})
        )
    if can_use_portals(state, seat):  # RW-34.4.3: one payment covers this Strategize (AMB-66)
        for dest in sorted(portal_areas(state)):
            moving = [u for u in mine if dest in strategize_targets(state, u, seat, portal=True)]
            if len(moving) <= sum(1 for u in mine if dest in strategize_targets(state, u, seat)):
                continue
            if all(catalog().is_neutral_kind(u.kind) for u in moving) and not B.is_friendly(state, dest, seat):
                continue  # RW-11.4.2
            moves = [{"unit": u.id, "to": dest} for u in moving]
            opts.insert(
                1,
                option(
                    STRAT_PORTAL(n=len(moves), area=ref("area", dest)),
                    {"type": "rw_strategize", "moves": moves, "portal": True},
                    limit=80,
                ),
            )
    return opts[:25]


@decision("strategize", "rw_strategize")
def _strat_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.1.1",
            question=en(STRAT_Q()),
            msg=STRAT_Q(),
            options=_strategize_options(state, st.seat),
            answer_schema=unit_list_schema(
                {
                    "type": "object",
                    "properties": {"unit": {"type": "integer"}, "hero": {"type": "string"}, "to": {"type": "string"}},
                },
                strategize_candidates(state, st.seat),
            ),
        )
    ]


def strategize_candidates(state: RunewarsState, seat: int) -> list[dict[str, Any]]:
    """Every single step the seat may pick (VIEW.md "Unit-list prompts"): each own unit and hero
    once per adjacent friendly or empty area it may step into (RW-10.6, RW-10.11); ``portal``
    marks steps possible only through the paid magic portals (RW-34.4.3). A figure listed under
    two destinations still moves at most once: ``apply`` refuses both (RW-10.6)."""
    portal = can_use_portals(state, seat)
    out: list[dict[str, Any]] = []
    for u in state.units:
        if u.owner != seat:
            continue
        plain = set(strategize_targets(state, u, seat))
        extra = set(strategize_targets(state, u, seat, portal=True)) - plain if portal else set()
        out += [unit_candidate(state, u, to=to, portal=to in extra) for to in sorted(plain | extra)]
    for h in H.heroes_of(state.heroes, seat):
        plain = set(hero_strategize_targets(state, h, seat))
        extra = set(hero_strategize_targets(state, h, seat, portal=True)) - plain if portal else set()
        out += [hero_candidate(h, to=to, portal=to in extra) for to in sorted(plain | extra)]
    return out


def _stranded_neutrals(state: RunewarsState, seat: int, plan: list[tuple[Unit, str]]) -> list[str]:
    """RW-11.4.2: destinations where allied neutrals arrive without own units and would not END in
    a friendly area, judged after every move of the Strategize (own units leaving count)."""
    cat = catalog()
    new_area = {u.id: d for u, d in plan}
    after = state.model_copy(
        update={
            "units": [u.model_copy(update={"area": new_area[u.id]}) if u.id in new_area else u for u in state.units]
        }
    )
    out = []
    for dest in sorted(set(new_area.values())):
        movers_in = [u for u, d in plan if d == dest]
        if all(cat.is_neutral_kind(u.kind) for u in movers_in) and not B.is_friendly(after, dest, seat):
            out.append(dest)
    return out


@applies("strategize")
def _strat_apply(state: RunewarsState, st: Any, seat: int, action: Strategize) -> list[Event]:
    seen: set[str] = set()
    plan: list[tuple[Any, str]] = []
    portal = action.portal
    if portal:
        need(
            can_use_portals(state, seat),
            "RW-34.4.3",
            PORTAL_BAD(),
        )
    for mv in action.moves:
        need((mv.unit is None) != (mv.hero is None), "RW-10.6", ONE_MODEL())
        if mv.unit is not None:
            u = B.unit_by_id(state, mv.unit)
            need(u is not None and u.owner == seat, "RW-10.6", OWN_UNITS())
            assert u is not None
            need(f"u{u.id}" not in seen, "RW-10.6", ONE_STEP())
            seen.add(f"u{u.id}")
            need(not u.routed, "RW-10.2", ROUTED())
            need(seat not in state.board[u.area].activation, "RW-10.5.1", ACTIVATED())
            need(
                mv.to in strategize_targets(state, u, seat, portal),
                "RW-10.6",
                STRAT_UNIT_BAD(area=ref("area", mv.to)),
            )
            plan.append((u, mv.to))
        else:
            h = H.find_hero(state.heroes, mv.hero or "")
            need(h is not None and h.owner == seat, "RW-10.6", OWN_HEROES())
            assert h is not None
            need(f"h{h.uid}" not in seen, "RW-10.6", ONE_STEP())
            seen.add(f"h{h.uid}")
            need(
                mv.to in hero_strategize_targets(state, h, seat, portal),
                "RW-10.11",
                STRAT_HERO_BAD(area=ref("area", mv.to)),
            )
            plan.append((h, mv.to))
    need(
        not _stranded_neutrals(state, seat, [(m, d) for m, d in plan if isinstance(m, Unit)]),
        "RW-11.4.2",
        NEUTRALS_ALONE(),
    )
    done(state, st)
    ctx = Ctx(state)
    events: list[Event] = []
    if portal:  # RW-34.4.3 / AMB-66: one payment for this order card's movement
        state.seats[seat].influence -= 1
        events.append(to_all("portal", PORTAL_PAID(seat=seat_name(state, seat)), seat=seat))
    for model, dest in plan:
        if isinstance(model, Unit):
            model.area = dest
        else:
            events += H.move_hero(state.heroes, model.uid, dest, ctx)
    B.update_alliances(state)  # RW-11.4
    limit_check(state, seat, sorted({d for _, d in plan}))
    n_units = sum(1 for m, _ in plan if isinstance(m, Unit))
    events.insert(
        0,
        to_all(
            "strategize",
            STRATEGIZED(seat=seat_name(state, seat), units=n_units, heroes=len(plan) - n_units),
            seat=seat,
            moves=[m.model_dump() for m in action.moves],
        ),
    )
    return events


@sampler("strategize")
def _strat_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    picked: list[tuple[Unit, str]] = []
    portal = can_use_portals(state, seat) and rng.random() < 0.3
    for u in state.units:
        if u.owner == seat and rng.random() < 0.5:
            targets = strategize_targets(state, u, seat, portal)
            if catalog().is_neutral_kind(u.kind):
                targets = [t for t in targets if B.is_friendly(state, t, seat)]
            if targets:
                picked.append((u, rng.choice(targets)))
    stranded = _stranded_neutrals(state, seat, picked)
    moves = [{"unit": u.id, "to": to} for u, to in picked if to not in stranded]  # RW-11.4.2
    for h in H.heroes_of(state.heroes, seat):
        if rng.random() < 0.3:
            targets = hero_strategize_targets(state, h, seat, portal)
            if targets:
                moves.append({"hero": h.uid, "to": rng.choice(targets)})
    return {"type": "rw_strategize", "moves": moves, **({"portal": True} if portal else {})}


# ---- RW-10.7 Mobilize / Conquer -------------------------------------------------------------------


def movers(state: RunewarsState, seat: int, dest: str, portal: bool = False) -> list[Unit]:
    """RW-10.7.2: standing own units (allied neutrals too), not in an own activated area, in reach."""
    return reach_map(state, seat, portal).get(dest, [])


def portal_areas(state: RunewarsState) -> frozenset[str]:
    """RW-34.4.3: face-up Magic Portals (only with the exploration tokens in play)."""
    if not state.heroes.exploration:
        return frozenset()
    return frozenset(H.portal_areas(state.heroes, catalog().hero_content))


def can_use_portals(state: RunewarsState, seat: int) -> bool:
    return len(portal_areas(state)) >= 2 and state.seats[seat].influence >= 1


def reach_map(state: RunewarsState, seat: int, portal: bool = False) -> dict[str, list[Unit]]:
    """Destination -> the units that could move there now (one BFS per unit)."""
    through = B.passable_through(state, seat)
    links = portal_areas(state) if portal else frozenset()
    out: dict[str, list[Unit]] = {}
    for u in state.units:
        if u.owner != seat or u.routed or seat in state.board[u.area].activation:
            continue
        for dest in B.reachable_from(state, u, B.move_allowance(state, u, seat), seat, through, links):
            out.setdefault(dest, []).append(u)
    return out


def _would_battle(state: RunewarsState, seat: int, dest: str) -> bool:
    return B.is_enemy_area(state, dest, seat)


def _activation_choices(state: RunewarsState, seat: int) -> list[str]:
    return sorted(a for a in state.board if seat not in state.board[a].activation)  # RW-10.5.3


def area_contents(state: RunewarsState, area: str) -> Msg:
    """``4B: 2 Footmen, 1 Knights · city``: the units standing in ``area`` by type, and its city."""
    counts: dict[str, int] = {}
    for u in state.units:
        if u.area == area:
            counts[u.kind] = counts.get(u.kind, 0) + 1
    units: list[Msg] = [COUNT_OF(n=n, unit=ref("unit", kind)) for kind, n in sorted(counts.items())]
    contents: Msg | list[Msg] = units or ACTIVATE_EMPTY()
    made = ACTIVATE_AREA_CITY if state.board[area].city else ACTIVATE_AREA
    return made(area=ref("area", area), contents=contents)


@decision("activate", "rw_choose")
def _act_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    seat = st.seat
    choices = _activation_choices(state, seat)
    reach = reach_map(state, seat)
    with_movers = [a for a in choices if reach.get(a)]
    # Areas nothing can reach are left out of the menu (activating one moves nothing); typing
    # one (/game act) is still legal (RW-10.5.3). With no reachable area at all they are the menu.
    rest = [] if with_movers else choices
    opts = [
        option(
            area_contents(state, a),
            {"type": "rw_choose", "value": a},
            description=ACTIVATE_REACH_DESC(n=len(reach[a])),
            at=a,
        )
        for a in with_movers
    ]
    opts += [
        option(area_contents(state, a), {"type": "rw_choose", "value": a}, description=ACTIVATE_NO_REACH_DESC(), at=a)
        for a in rest
    ]
    question = ACTIVATE_SECOND_Q() if st.data["n"] == 2 else ACTIVATE_Q()
    return [ask(seat, st.key, "RW-10.7.1", question, options=opts)]


@applies("activate")
def _act_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in state.board, "RW-10.7.1", ACTIVATE_BAD())
    need(seat not in state.board[action.value].activation, "RW-10.5.3", ACTIVATE_TWICE())
    done(state, st)
    state.board[action.value].activation.append(seat)
    assert state.turn is not None
    state.turn.activations.append(action.value)
    for s in state.steps:  # the following move/arrive steps act on this area
        if s.kind in ("move_units", "arrive") and s.seat == seat and "area" not in s.data:
            s.data["area"] = action.value
            if s.kind == "arrive":
                break
    return [
        to_all(
            "activate",
            ACTIVATES(seat=seat_name(state, seat), area=ref("area", action.value)),
            seat=seat,
            area=action.value,
        )
    ]


def _move_options(state: RunewarsState, seat: int, dest: str) -> list[Option]:
    units = movers(state, seat, dest)
    opts = [option(MOVE_NONE(), {"type": "rw_move", "units": []})]
    if units:
        opts.append(
            option(MOVE_ALL(n=len(units), area=ref("area", dest)), {"type": "rw_move", "units": [u.id for u in units]})
        )
        for src in sorted({u.area for u in units}):
            group = [u.id for u in units if u.area == src]
            if len(group) != len(units):
                opts.append(option(MOVE_FROM(n=len(group), area=ref("area", src)), {"type": "rw_move", "units": group}))
    if can_use_portals(state, seat):
        via = movers(state, seat, dest, portal=True)
        if len(via) > len(units):
            opts.append(
                option(MOVE_PORTAL(n=len(via)), {"type": "rw_move", "units": [u.id for u in via], "portal": True})
            )
    return opts


def _check_move(state: RunewarsState, seat: int, dest: str, ids: list[int], portal: bool = False) -> None:
    assert state.turn is not None
    need(len(set(ids)) == len(ids), "RW-10.7.2", NAMED_ONCE())
    if portal:
        need(can_use_portals(state, seat), "RW-34.4.3", PORTALS_NEED())
    legal = {u.id: u for u in movers(state, seat, dest, portal)}
    for uid in ids:
        u = B.unit_by_id(state, uid)
        need(u is not None and u.owner == seat, "RW-10.7.2", OWN_UNITS())
        assert u is not None
        need(not u.routed, "RW-10.2", ROUTED())
        need(seat not in state.board[u.area].activation, "RW-10.5.1", ACTIVATED())
        named = UNIT_NAMED(id=uid, unit=ref("unit", u.kind))
        need(uid in legal, "RW-10.4", CANNOT_REACH(unit=named, area=ref("area", dest)))
    if ids and all(catalog().is_neutral_kind(B.unit_by_id(state, uid).kind) for uid in ids):  # type: ignore[union-attr]
        need(B.is_friendly(state, dest, seat), "RW-11.4.2", NEUTRALS_ALONE())
    if ids and state.turn.card == 2 and state.turn.battles >= 1:  # RW-18.2.3
        need(not _would_battle(state, seat, dest), "RW-18.2.3", SECOND_BATTLE())
        if B.has_unallied_neutrals(state, dest):
            need(state.seats[seat].influence >= 1, "RW-18.2.3", DIPLOMACY_ONLY())


@decision("move_units", "rw_move")
def _move_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    dest = st.data["area"]
    opts = []
    for o in _move_options(state, st.seat, dest):
        try:
            _check_move(state, st.seat, dest, o.action["units"], o.action.get("portal", False))
            opts.append(o)
        except RuleViolation:  # an illegal ready answer is not offered
            continue
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-10.7.2",
            question=en(MOVE_Q(area=ref("area", dest))),
            msg=MOVE_Q(area=ref("area", dest)),
            options=opts,
            answer_schema=unit_list_schema({"type": "integer"}, move_candidates(state, opts)),
        )
    ]


def move_candidates(state: RunewarsState, options: list[Option]) -> list[dict[str, Any]]:
    """Every unit the seat may pick to move (VIEW.md "Unit-list prompts"): the units some legal
    ready answer moves. The widest answers are the ``movers`` (RW-10.7.2) and, when paid for,
    the portal movers (RW-34.4.3), so their union is exactly who may move; ``portal`` marks a
    unit that can reach the area only through the portals."""
    plain = {int(u) for o in options if not o.action.get("portal") for u in o.action.get("units") or []}
    via = {int(u) for o in options if o.action.get("portal") for u in o.action.get("units") or []} - plain
    out = []
    for uid in sorted(plain | via):
        unit = B.unit_by_id(state, uid)
        if unit is not None:
            out.append(unit_candidate(state, unit, portal=uid in via))
    return out


@applies("move_units")
def _move_apply(state: RunewarsState, st: Any, seat: int, action: MoveUnits) -> list[Event]:
    dest = st.data["area"]
    _check_move(state, seat, dest, action.units, action.portal)
    done(state, st)
    if action.portal:  # RW-34.4.3 / AMB-66: one payment for this move
        state.seats[seat].influence -= 1
    enemy = B.is_enemy_area(state, dest, seat)
    neutral = B.has_unallied_neutrals(state, dest) and not enemy
    for s in state.steps:
        if s.kind == "arrive" and s.seat == seat and s.data.get("area") == dest and "moved" not in s.data:
            s.data.update(moved=list(action.units), enemy=enemy, neutral=neutral)
            break
    for uid in action.units:
        B.unit_by_id(state, uid).area = dest  # type: ignore[union-attr]
    B.update_alliances(state)
    return [
        to_all(
            "move",
            MOVED(seat=seat_name(state, seat), n=len(action.units), area=ref("area", dest)),
            seat=seat,
            area=dest,
            units=list(action.units),
        )
    ]


@sampler("move_units")
def _move_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    dest = st.data["area"]
    units = [u.id for u in movers(state, seat, dest)]
    for _ in range(5):
        pick = [u for u in units if rng.random() < 0.8]
        try:
            _check_move(state, seat, dest, pick)
            return {"type": "rw_move", "units": pick}
        except RuleViolation:  # try another random subset
            continue
    return {"type": "rw_move", "units": []}


@auto("arrive")
def _arrive(state: RunewarsState, st: Any) -> list[Event]:
    """RW-10.7.3 / RW-10.10: what the movers met."""
    seat = st.seat
    dest = st.data.get("area")
    moved = st.data.get("moved") or []
    if not dest or not moved:
        return []
    if st.data.get("enemy"):
        return begin_battle(state, seat, dest)
    if st.data.get("neutral"):
        push(state, step(state, "neutral_choice", seat, area=dest))
        return []
    limit_check(state, seat, [dest])  # RW-10.9.2
    return []


# ---- RW-12 diplomacy --------------------------------------------------------------------------------


def _neutral_options(state: RunewarsState, seat: int) -> list[str]:
    assert state.turn is not None
    opts = []
    if not (state.turn.card == 2 and state.turn.battles >= 1):  # RW-18.2.3
        opts.append("battle")
    if state.seats[seat].influence >= 1 and not B.has_modifier(state, "no_diplomacy", seat):  # RW-12.1
        opts.append("diplomacy")
    return opts


@decision("neutral_choice", "rw_choose")
def _nc_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    labels = {"battle": FIGHT, "diplomacy": ATTEMPT}
    question = NEUTRAL_Q(area=ref("area", st.data["area"]))
    return [
        ask(
            st.seat,
            st.key,
            "RW-12.1",
            question,
            options=[option(labels[o](), {"type": "rw_choose", "value": o}) for o in _neutral_options(state, st.seat)],
        )
    ]


@applies("neutral_choice")
def _nc_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    opts = _neutral_options(state, seat)
    need(
        action.value in opts,
        "RW-12.1" if action.value == "diplomacy" else "RW-18.2.3",
        NEUTRAL_BAD(),
    )
    done(state, st)
    if action.value == "battle":
        return begin_battle(state, seat, st.data["area"])
    push(state, step(state, "diplomacy_spend", seat, area=st.data["area"]))
    return []


@decision("diplomacy_spend", "rw_choose")
def _ds_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    top = min(6, state.seats[st.seat].influence)
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-12.2",
            question=en(SPEND_Q()),
            msg=SPEND_Q(),
            options=[option(SPEND_N(n=n), {"type": "rw_choose", "value": str(n)}) for n in range(1, top + 1)],
        )
    ]


@applies("diplomacy_spend")
def _ds_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    top = min(6, state.seats[seat].influence)
    need(
        action.value.isdigit() and 1 <= int(action.value) <= top,
        "RW-12.2",
        SPEND_BAD(),
    )
    n = int(action.value)
    done(state, st)
    state.seats[seat].influence -= n
    ctx = Ctx(state)
    cards = [ctx.draw() for _ in range(n)]  # RW-12.3 / RW-13.6: all at once
    push(state, step(state, "diplomacy_pick", seat, area=st.data["area"], cards=cards))
    return [
        to_all(
            "diplomacy",
            SPENT(seat=seat_name(state, seat), n=n, area=ref("area", st.data["area"])),
            reveals=True,
            seat=seat,
        ),
        to_seats(
            seat,
            "diplomacy_cards",
            DREW_CARDS(
                numbers=list(cards),
                cards=[CARD_FATE(number=c, fate=fate_of(catalog().destiny[c].fate)) for c in cards],
            ),
            reveals=True,
            cards=cards,
        ),
    ]


def diplomacy_tactics(state: RunewarsState, seat: int) -> list[str]:
    """RW-30.2: cards with the "diplomacy" timing, not gained this season (RW-30.3)."""
    cat = catalog()
    return list(
        dict.fromkeys(
            c.id
            for c in state.seats[seat].tactics
            if c.gained != state.season_index and cat.tactics[c.id].timing == "diplomacy"
        )
    )


@decision("diplomacy_pick", "rw_choose", "rw_tactics")
def _dp_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    cat = catalog()
    opts = [
        option(CARD_OPTION(number=c, fate=fate_of(cat.destiny[c].fate)), {"type": "rw_choose", "value": str(c)})
        for c in st.data["cards"]
    ]
    opts += [
        option(PLAY_FIRST(card=ref("tactics", c)), {"type": "rw_tactics", "card": c}, limit=80)
        for c in diplomacy_tactics(state, st.seat)
    ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-12.4",
            secret=True,
            question=en(PICK_Q()),
            msg=PICK_Q(),
            options=opts,
        )
    ]


@applies("diplomacy_pick")
def _dp_apply(state: RunewarsState, st: Any, seat: int, action: Any) -> list[Event]:
    if isinstance(action, PlayTactics):  # e.g. Silver Tongue: more destiny cards for this attempt
        need(
            action.card in diplomacy_tactics(state, seat),
            "RW-30.3",
            DIPLOMACY_TACTICS_BAD(),
        )
        card, played = play_from_hand(state, seat, action.card, "RW-30.3", DIPLOMACY_TACTICS_BAD())
        events = [played]
        ctx = Ctx(state)
        for e in card.effects:
            if e.kind == "draw_cards" and e.deck == "destiny" and isinstance(e.amount, int):
                extra = [ctx.draw() for _ in range(e.amount)]
                st.data["cards"] = st.data["cards"] + extra
                events.append(
                    to_seats(seat, "diplomacy_cards", DRAW_MORE(numbers=list(extra)), reveals=True, cards=extra)
                )
            else:
                from engine.runewars.cards.resolve import effect_text

                said = GM_EFFECT(card=ref("tactics", action.card), effect=effect_text(e.model_dump(mode="json")))
                events.append(gm_task(state, "RW-30.2", said, seat=seat))
        return events
    cards: list[int] = st.data["cards"]
    need(action.value.isdigit() and int(action.value) in cards, "RW-12.4", PICK_BAD())
    done(state, st)
    picked = int(action.value)
    state.destiny.discard(*cards)  # RW-12.4: all drawn cards to the discard pile
    fate = catalog().destiny[picked].fate
    area = st.data["area"]
    events = [
        to_all(
            "diplomacy_result",
            PICKED(seat=seat_name(state, seat), number=picked, fate=fate_of(fate)),
            reveals=True,
            seat=seat,
            card=picked,
            fate=fate,
            cards=cards,
        )
    ]
    neutrals = [u for u in state.units if u.area == area and u.owner is None]
    if fate == "ALLY":  # RW-12.5.1
        for u in neutrals:
            u.owner = seat
        events.append(to_all("ally", ALLY(area=ref("area", area), seat=seat_name(state, seat)), seat=seat))
        limit_check(state, seat, [area])  # RW-10.9.4 / AMB-29
    elif fate == "WITHDRAW":  # RW-12.5.2
        events += neutral_withdraw(state, seat, area)
    else:  # RW-12.5.3
        push(state, step(state, "confront", seat, area=area))
    return events


def neutral_withdraw(state: RunewarsState, seat: int, area: str) -> list[Event]:
    """RW-12.5.2: all neutrals retreat, routed, to one adjacent area no player controls; left player picks."""
    neutrals = [u for u in state.units if u.area == area and u.owner is None]
    flyers = [catalog().flying(u.kind) for u in neutrals]
    areas, _ = retreat_destinations(area, None, flyers, Ctx(state))
    if not areas:
        B.remove_units(state, {u.id for u in neutrals})
        limit_check(state, seat, [area])  # RW-10.9.2: the diplomat's units now hold the area
        return [to_all("neutrals_destroyed", NOWHERE(area=ref("area", area)))]
    if len(areas) == 1:
        limit_check(state, seat, [area])
        return _withdraw_to(state, area, areas[0])
    push(state, step(state, "neutral_retreat", B.left_of(state, seat), area=area, options=areas, diplomat=seat))
    return []


def _withdraw_to(state: RunewarsState, area: str, dest: str) -> list[Event]:
    neutrals = [u for u in state.units if u.area == area and u.owner is None]
    flyers = {u.id: catalog().flying(u.kind) for u in neutrals}
    lost = set()
    for u in neutrals:
        if B.passable(state, area, dest, flying=flyers[u.id]):
            u.area = dest
            u.routed = True  # RW-16.2
        else:
            lost.add(u.id)  # AMB-27
    B.remove_units(state, lost)
    return [to_all("neutrals_withdraw", WITHDRAW(area=ref("area", area), to=ref("area", dest)), area=area, to=dest)]


@decision("neutral_retreat", "rw_choose")
def _nr_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-12.5.2",
            question=en(RETREAT_Q(area=ref("area", st.data["area"]))),
            msg=RETREAT_Q(area=ref("area", st.data["area"])),
            options=[
                option(RETREAT_TO(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
                for a in st.data["options"]
            ],
        )
    ]


@applies("neutral_retreat")
def _nr_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in st.data["options"], "RW-16.1.2", RETREAT_BAD())
    done(state, st)
    limit_check(state, st.data["diplomat"], [st.data["area"]])  # RW-10.9.2
    return _withdraw_to(state, st.data["area"], action.value)


def _confront_options(state: RunewarsState, seat: int) -> list[str]:
    assert state.turn is not None
    opts = ["withdraw"]
    if not (state.turn.card == 2 and state.turn.battles >= 1):
        opts.insert(0, "battle")
    return opts


@decision("confront", "rw_choose")
def _cf_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    labels = {"battle": FIGHT, "withdraw": WITHDRAW_ALL}
    question = CONFRONT_Q(area=ref("area", st.data["area"]))
    return [
        ask(
            st.seat,
            st.key,
            "RW-12.5.3",
            question,
            options=[option(labels[o](), {"type": "rw_choose", "value": o}) for o in _confront_options(state, st.seat)],
        )
    ]


@applies("confront")
def _cf_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(
        action.value in _confront_options(state, seat),
        "RW-18.2.3",
        CONFRONT_BAD(),
    )
    done(state, st)
    if action.value == "battle":
        return begin_battle(state, seat, st.data["area"])
    return own_withdraw(state, seat, st.data["area"])


def own_withdraw(state: RunewarsState, seat: int, area: str) -> list[Event]:
    """RW-12.5.3 / RW-16.1.1: all the player's units there retreat, routed, to one adjacent area."""
    mine = [u for u in state.units if u.area == area and u.owner == seat]
    flyers = [catalog().flying(u.kind) for u in mine]
    areas, _ = retreat_destinations(area, seat, flyers, Ctx(state))
    if not areas:
        B.remove_units(state, {u.id for u in mine})
        return [
            to_all(
                "withdraw_destroyed",
                CANNOT_RETREAT(seat=seat_name(state, seat), area=ref("area", area)),
                seat=seat,
            )
        ]
    if len(areas) == 1:
        return _own_withdraw_to(state, seat, area, areas[0])
    push(state, step(state, "own_retreat", seat, area=area, options=areas))
    return []


def _own_withdraw_to(state: RunewarsState, seat: int, area: str, dest: str) -> list[Event]:
    mine = [u for u in state.units if u.area == area and u.owner == seat]
    lost = set()
    for u in mine:
        if B.passable(state, area, dest, flying=catalog().flying(u.kind), seat=seat):
            u.area = dest
            u.routed = True  # RW-16.2
        else:
            lost.add(u.id)
    B.remove_units(state, lost)
    B.update_alliances(state)
    limit_check(state, seat, [dest], rule="RW-16.4")
    return [
        to_all(
            "withdraw",
            WITHDREW(seat=seat_name(state, seat), area=ref("area", area), to=ref("area", dest)),
            seat=seat,
            area=area,
            to=dest,
        )
    ]


@decision("own_retreat", "rw_choose")
def _or_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-16.1.1",
            question=en(OWN_RETREAT_Q(area=ref("area", st.data["area"]))),
            msg=OWN_RETREAT_Q(area=ref("area", st.data["area"])),
            options=[
                option(RETREAT_TO(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
                for a in st.data["options"]
            ],
        )
    ]


@applies("own_retreat")
def _or_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in st.data["options"], "RW-16.1.1", OWN_RETREAT_BAD())
    done(state, st)
    return _own_withdraw_to(state, seat, st.data["area"], action.value)


# ---- RW-14 battles (engine.runewars.battle) -------------------------------------------------------------


def begin_battle(state: RunewarsState, seat: int, area: str) -> list[Event]:
    """RW-14.0: the current player attacks whoever holds ``area`` (or its unallied neutrals)."""
    assert state.turn is not None
    state.turn.battles += 1
    attackers = [u for u in state.units if u.area == area and u.owner == seat]
    others = [u for u in state.units if u.area == area and u.owner != seat]
    # RW-14.0.3: whoever held the area before the attacker moved in: enemy units, else the stronghold or
    # home realm's owner; with none of those, the unallied neutrals defend.
    stronghold = state.board[area].stronghold
    sh_owner = stronghold.owner if stronghold is not None else None
    home = state.board[area].home_of
    defender = next((u.owner for u in others if u.owner is not None), None)
    if defender is None and sh_owner is not None and sh_owner != seat:
        defender = sh_owner
    if defender is None and not any(u.owner is None for u in others) and home is not None and home != seat:
        defender = home
    defenders = (
        [u for u in others if u.owner == defender] if defender is not None else [u for u in others if u.owner is None]
    )
    sh = state.board[area].stronghold
    cat = catalog()
    bs = start_battle(
        area,
        seat,
        defender,
        attackers,
        defenders,
        stronghold=sh if sh is not None and sh.owner == defender else None,
        conquer_bonus=state.turn.card == 3 and state.turn.bonus,
        neutral_controller=B.left_of(state, seat) if defender is None else None,
        attacker_faction=state.seats[seat].faction,
        defender_faction=state.seats[defender].faction if defender is not None else None,
        attacker_stronghold_tokens=cat.factions[state.seats[seat].faction].stronghold.count  # type: ignore[index]
        - len(B.strongholds_of(state, seat)),
        attacker_stronghold_areas=B.strongholds_of(state, seat),
        options=BattleOptions(
            count_routed_in_strength=state.options.battle_count_routed,
            flip_on_any_survivor=state.options.stronghold_flip_any_survivor,
        ),
        data=cat.content,
    )
    state.battle = bs
    warriors = cat.title_with("battle_as_attacker")  # the Warriors' Guild title (RW-32)
    if warriors and state.titles.get(warriors) and state.titles[warriors].holder == seat:
        effects = [
            e.model_dump(mode="json")
            for a in cat.titles[warriors].abilities
            if a.trigger == "battle_as_attacker"
            for e in a.effects
        ]
        queue_effects(bs, "attacker", effects, NAME(name=ref("title", warriors)), rule="RW-32.1")
    push(state, step(state, "battle", seat, area=area))
    ctx = Ctx(state)
    events = [
        to_all(
            "battle",
            ATTACKS(
                seat=seat_name(state, seat),
                area=ref("area", area),
                defender=UNALLIED() if defender is None else seat_name(state, defender),
            ),
            seat=seat,
            area=area,
        )
    ]
    events += advance_battle(bs, ctx)
    events += _open_battle_window(state)
    events += _battle_external(state)
    events += _battle_maybe_finish(state)
    return events


def _battle_external(state: RunewarsState) -> list[Event]:
    from engine.runewars.cards import resolve as cardfx

    if state.battle is None:
        return []
    events: list[Event] = []
    for ext in take_external(state.battle):
        if ext.kind == "gm":
            if ext.msg is not None:
                said = gm_task(
                    state,
                    ext.rule,
                    ext.msg,
                    seat=ext.seat,
                    public=ext.public_msg,
                    english=ext.text,
                    public_english=ext.public_text,
                )
            else:
                said = state.gm.hand_over(ext.rule, ext.text, seat=ext.seat, public_text=ext.public_text)
            events.append(said)
        elif ext.effect is not None and ext.seat is not None:
            source = ext.msg or ext.text or A_BATTLE_EFFECT()
            cardfx.queue(state, [ext.effect], seat=ext.seat, source=source, rule=ext.rule)
    return events


def battle_tactics(state: RunewarsState, seat: int) -> list[str]:
    """RW-30.2/30.3: start-of-battle cards this seat may play now (not gained this season)."""
    cat = catalog()
    return list(
        dict.fromkeys(
            c.id
            for c in state.seats[seat].tactics
            if c.gained != state.season_index and cat.tactics[c.id].timing == "start_of_battle"
        )
    )


# ---- RW-14.3 / RW-30.4 / P-40: the start-of-battle tactics window, on the kernel's response window ---------


def _open_battle_window(state: RunewarsState) -> list[Event]:
    """Open the start-of-battle window once the battle waits on it with nothing left to resolve first.

    The kernel window asks the attacker, then the defender, each only with own standing units in the
    battle (the battle's ``window_seats``; never the neutral controller, RW-11.7) and, as Runewars has
    always asked, only while holding a start-of-battle card (RW-30.4). Asking nobody closes it at once.
    """
    bs = state.battle
    if bs is None or bs.phase != "window" or bs.tasks or any(s.kind == "battle_window" for s in state.steps):
        return []
    seats = [s for s in window_seats(bs) if battle_tactics(state, s)]
    st = step(state, "battle_window", area=bs.area)
    return FLOW.open_window(state, st, seats, key=st.key, rule="RW-14.3")


@FLOW.window("battle_window", "battle_pass_window", "rw_tactics")
def _battle_window_prompt(state: RunewarsState, st: Step, seat: int) -> Prompt:
    """P-40: the battle's own question (pass) plus the start-of-battle cards the seat may play now."""
    assert state.battle is not None
    p = window_prompt(state.battle, seat, st.key)
    extra = [
        option(PLAY(card=ref("tactics", c)), {"type": "rw_tactics", "card": c}, limit=80)
        for c in battle_tactics(state, seat)
    ]
    return p.model_copy(update={"options": list(p.options) + extra, "secret": True})


@applies("battle_window")
def _battle_window_apply(state: RunewarsState, st: Step, seat: int, action: Any) -> list[Event]:
    """A card played keeps the seat asked (it may play another, RW-14.3); a pass ends its part."""
    bs = state.battle
    assert bs is not None and st.window is not None
    need(st.window.may_answer(seat), "RW-14.3", WINDOW_BAD())
    if not isinstance(action, PlayTactics):  # battle_pass_window: the battle's actions arrive unparsed
        passed = window_pass(bs, seat, action)
        return [passed, *FLOW.answer_window(state, st, seat, {"card": None}, responds=False)]
    need(action.card in battle_tactics(state, seat), "RW-30.3", BATTLE_TACTICS_BAD())
    card, played = play_from_hand(state, seat, action.card, "RW-30.3", BATTLE_TACTICS_BAD())
    FLOW.answer_window(state, st, seat, {"card": action.card}, responds=True, final=False)
    side: Literal["attacker", "defender"] = "attacker" if seat == bs.attacker else "defender"
    effects = [e.model_dump(mode="json") for e in card.effects]
    queue_effects(bs, side, effects, NAME(name=ref("tactics", action.card)), rule="RW-30.2")
    events = [played, *advance_battle(bs, Ctx(state))]
    if battle_prompts(bs):  # the card's own decisions (RW-15.4: the opponent assigns its damage) come first
        push(state, step(state, "battle", bs.attacker, area=bs.area))
    events += _battle_external(state)
    events += _battle_maybe_finish(state)
    return events


@FLOW.closes("battle_window")
def _battle_window_closes(state: RunewarsState, st: Step) -> list[Event]:
    """Every asked seat has passed (or nobody was asked): the battle goes on from its rows (RW-14.4)."""
    bs = state.battle
    if bs is None or bs.phase != "window":
        return []
    events = end_window(bs, Ctx(state))
    events += _battle_external(state)
    events += _battle_maybe_finish(state)
    return events


@sampler("battle_window")
def _battle_window_sample(state: RunewarsState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    """The simulator picks among the battle's own window options (the pass), as it did before the
    window moved onto the kernel, so seeded games replay unchanged."""
    assert state.battle is not None
    return dict(rng.choice(window_prompt(state.battle, seat, st.key).options).action)


@decision("battle")
def _battle_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    bs = state.battle
    if bs is None:
        return []
    return battle_prompts(bs, Ctx(state))


@applies("battle")
def _battle_apply(state: RunewarsState, st: Any, seat: int, action: Any) -> list[Event]:
    assert state.battle is not None
    bs = state.battle
    events = apply_battle(bs, seat, action, Ctx(state))
    if bs.phase == "window" and not bs.tasks:
        if any(s.kind == "battle_window" for s in state.steps):
            done(state, st)  # the decisions of a card played in the window are over: the window asks again
        else:
            events += _open_battle_window(state)  # effects resolved before the window (RW-32.1 titles)
    events += _battle_external(state)
    events += _battle_maybe_finish(state)
    return events


def sample_battle(state: RunewarsState, seat: int, rng: random.Random) -> dict[str, Any]:
    assert state.battle is not None
    return sample_battle_action(state.battle, seat, rng)


def _battle_maybe_finish(state: RunewarsState) -> list[Event]:
    """Apply a finished battle's outcome to the board (RW-14.7, RW-16.4, RW-11.4)."""
    bs = state.battle
    if bs is None:
        return []
    out = battle_finished(bs)
    if out is None:
        return []
    for s in state.steps:
        if s.kind == "battle":
            done(state, s)
            break
    state.battle = None
    area = out.area
    by_id = {u.id: u for u in state.units}
    attacker = bs.attacker
    destroyed = set(out.destroyed)
    if state.turn is not None and state.turn.seat == attacker:
        state.turn.destroyed_enemies += sum(1 for uid in destroyed if uid in by_id and by_id[uid].owner != attacker)
        if out.winner == "attacker":
            state.turn.battles_won += 1
            state.turn.battles_won_attacking += 1
    for uid, fate in out.fate.items():
        u = by_id.get(uid)
        if u is None:
            continue
        if fate == "destroyed":
            continue
        u.routed = fate == "routed"
        u.area = out.final_area.get(uid, u.area)
    B.remove_units(state, destroyed)
    area_obj = state.board[area]
    sh = area_obj.stronghold
    if out.stronghold_removed_from:  # P-47: the attacker removed one of his own to supply the capture
        state.board[out.stronghold_removed_from].stronghold = None
    if sh is not None and sh.owner != attacker:
        if out.stronghold_result == "captured":
            from engine.runewars.state import Stronghold

            area_obj.stronghold = Stronghold(owner=attacker, damaged=True)  # RW-14.7.2
        elif out.stronghold_result == "destroyed":
            area_obj.stronghold = None
        elif out.stronghold_damaged:
            sh.damaged = True  # RW-14.6.4 / AMB-2
        if out.defense_discarded and area_obj.stronghold is not None and area_obj.stronghold.owner == sh.owner:
            area_obj.stronghold.development = None  # RW-19.4: used tomb/spawn token goes back
    B.update_alliances(state)  # RW-11.4 / AMB-28
    events = [
        to_all(
            "battle_over",
            BATTLE_OVER(
                area=ref("area", area),
                winner=SIDE[out.winner]() if out.winner in SIDE else str(out.winner),
                a=out.strength.get("attacker", 0),
                d=out.strength.get("defender", 0),
            ),
            area=area,
            winner=out.winner,
            strength=out.strength,
        )
    ]
    for g in out.retreats:  # RW-16.4: the destination may now exceed 8
        if g.seat is not None and g.destination:
            limit_check(state, g.seat, [g.destination], rule="RW-16.4")
    if out.winner == "attacker":
        limit_check(state, attacker, [area])
    return events
