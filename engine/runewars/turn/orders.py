"""Resolving one player's order card (RW-7.4-7.7, RW-18) except movement (``movement.py``).

A turn is queued as ``turn_begin`` (tactics window, RW-30.2) -> the card's basic ability
-> the highest-bonus question when eligible (RW-7.6, P-31) -> ``turn_end`` (objective
claim, RW-29.2; destructible sites, RW-34.2; the card goes to the used pile, RW-7.5).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt, Window
from engine.core.text import Msg, message
from engine.runewars import board as B
from engine.runewars.actions import Choose, Placement, PlayTactics, Title
from engine.runewars.cards import resolve as cardfx
from engine.runewars.catalog import catalog
from engine.runewars.flow import FLOW, applies, auto, decision, done, push, sampler, step
from engine.runewars.heroes import glue as heroes_glue
from engine.runewars.setup.start import seat_name
from engine.runewars.state import RunewarsState, Step, Stronghold, Turn
from engine.runewars.text import (
    NOTHING,
    en,
    gm_task,
    need,
    option,
    placement,
    printed,
    ref,
    seat_ref,
    semicolons,
    to_all,
    units,
)
from engine.runewars.turn.limits import limit_check
from engine.runewars.turn.tactics_hand import play_from_hand

TURN = message("rw.turn.resolves", "{seat} resolves #{number} {order}.")
TURN_BONUS = message("rw.turn.resolves_bonus", "{seat} resolves #{number} {order} (highest bonus available).")
DONE = message("rw.turn.done", "✔ {seat} finished #{number} {order}.")
DONE_WITH = message("rw.turn.done_with", "✔ {seat} finished #{number} {order}: {what}.")
DONE_ACTIVATED = message("rw.turn.done.activated", "activated {areas}")
DONE_BATTLES = message("rw.turn.done.battles", "{n} battle(s), {won} won")
DONE_RECRUITED = message("rw.turn.done.recruited", "recruited with {resources}")
DONE_BONUS = message("rw.turn.done.bonus", "highest bonus used")
BONUS_Q = message("rw.bonus.question", "Use the highest bonus of #{number} {order} ({bonus})?")
BONUS_USE = message("rw.bonus.use", "Use the highest bonus")
PASS = message("rw.word.pass", "Pass")
YES_OR_NO = message("rw.refused.yes_or_no", "Answer yes or no.")
BONUS_NOT_ELIGIBLE = message(
    "rw.bonus.refused.not_eligible", "The highest bonus needs a card higher than every card you used this year."
)
BONUS_NOT_USED = message("rw.bonus.not_used", "{seat} does not use the highest bonus.")
BONUS_USED = message("rw.bonus.used", "{seat} uses the highest bonus.")
# The highest bonus of each order card, in a few words (RW-18.x.2).
BONUS_TEXT = {
    1: message("rw.bonus.text.1", "draw tactics cards for the tactics icons on your dials"),
    2: message("rw.bonus.text.2", "activate a second area"),
    3: message("rw.bonus.text.3", "the defender's stronghold counts 3 less in this card's battle"),
    4: message("rw.bonus.text.4", "collect from your developments and build one"),
    5: message("rw.bonus.text.5", "recruit again with a different resource"),
    6: message("rw.bonus.text.6", "spend up to 3 influence to draw heroes"),
    7: message("rw.bonus.text.7", "take a title"),
}
HARVESTS = message("rw.harvest.done", "{seat} harvests: dials now food {food}, wood {wood}, ore {ore}.")
DIPLOMACY_DEV = message("rw.harvest.diplomacy", "Diplomacy development in {area}: +2 influence.")
RESOURCE_DEV = message("rw.harvest.resource_dev", "resource development in {area}")
DEV_DIAL_Q = message("rw.harvest.dev_dial.question", "Resource development in {area}: which dial goes up by 1?")
RAISE = message("rw.harvest.dev_dial.raise", "Raise {resource}")
DEV_DIAL_BAD = message("rw.harvest.dev_dial.refused", "A resource development raises a dial its area produces.")
BUILD_NOTHING = message("rw.harvest.build.nothing", "Build nothing")
BUILD_REPLACING = message(
    "rw.harvest.build.replacing", "Pay 1 wood: {development} development in {area}, removing yours in {old}"
)
BUILD_DEV = message("rw.harvest.build.option", "Pay 1 wood: {development} development in {area}")
BUILD_Q = message(
    "rw.harvest.build.question", "Harvest bonus: pay 1 wood to build a development on one of your strongholds?"
)
BUILD_BAD = message(
    "rw.harvest.build.refused",
    "Build on your own stronghold without a development, with a token left (or one of your own developments "
    "of that type taken back, RW-1.10.2) and 1 wood to pay.",
)
DEV_REMOVED = message(
    "rw.harvest.build.removed", "{seat} removes the {development} development in {area} to reuse it (RW-1.10.2)."
)
DEV_BUILT = message("rw.harvest.build.built", "{seat} builds a {development} development in {area}.")
# Development token types (RW-1.10), as words inside sentences.
DEVELOPMENT = {
    "resource": message("rw.development.resource", "resource"),
    "diplomacy": message("rw.development.diplomacy", "diplomacy"),
    "training": message("rw.development.training", "training"),
    "defense": message("rw.development.defense", "defense"),
}
RECRUIT_DIAL = message("rw.recruit.dial.option", "{resource}: {units}")
NO_UNITS = message("rw.recruit.no_units", "no units")
RECRUIT_Q = message("rw.recruit.dial.question", "Recruit: choose a resource dial.")
RECRUIT_PICK_BAD = message("rw.recruit.dial.refused", "Choose food, wood or ore.")
RECRUIT_SAME_BAD = message("rw.recruit.dial.refused_same", "The bonus recruit must use a different resource.")
RECRUITS = message("rw.recruit.recruits", "{seat} recruits with {resource}: {units}.")
RECRUIT_LOST = message("rw.recruit.no_stronghold", "{seat} has no stronghold to place recruits in.")
SWAP_NONE = message("rw.recruit.swap.none", "Do without this {unit}")
SWAP_FROM = message("rw.recruit.swap.option", "Remove your {unit} from {area} and recruit it anew")
SWAP_Q = message(
    "rw.recruit.swap.question", "Every {unit} figure is on the board. Remove one of yours to recruit it (P-66)?"
)
SWAP_BAD = message("rw.recruit.swap.refused", "Remove one of your own units of that type (AMB-57).")
SWAPPED = message("rw.recruit.swap.done", "{seat} removes a {unit} from {area} to recruit it again (RW-1.10.1).")
PLACE_NOTHING = message("rw.recruit.place.nothing", "Nothing to place")
PLACE_ALL_IN = message("rw.recruit.place.all_in", "All in {area}")
PLACE_SPREAD = message("rw.recruit.place.spread", "Spread over your stronghold areas")
PLACE_Q = message("rw.recruit.place.question", "Place your recruits ({units}) in areas with your strongholds.")
PLACE_WHERE_BAD = message("rw.recruit.place.refused_area", "Recruits go only to areas with one of your strongholds.")
NEGATIVE_BAD = message("rw.refused.negative", "Counts cannot be negative.")
PLACE_EXACT_BAD = message("rw.recruit.place.refused_exact", "Place exactly: {units}.")
PLACED = message("rw.recruit.placed", "{seat} places recruits: {placement}.")
CITY_NEUTRALS = message("rw.rally.benefit.neutrals", "{n} {unit} (allied)")
CITY_TACTICS = message("rw.rally.benefit.tactics", "{n} tactics card(s)")
CITY_INFLUENCE = message("rw.rally.benefit.influence", "{n} influence")
CITY_QUESTS = message("rw.rally.benefit.quests", "{n} quest card(s)")
RALLY_Q = message("rw.rally.question", "Rally Support: choose {city}'s ({area}) benefit.")
RALLY_BAD = message("rw.rally.refused", "Choose one of the city's four benefits (neutrals need figures left, AMB-15).")
RALLY_LOST = message("rw.rally.refused_lost", "You no longer control that city.")
RALLY_NEUTRALS = message("rw.rally.neutrals", "{seat} gains {n} allied {unit} in {area}.")
RALLY_TACTICS = message("rw.rally.tactics", "{seat} takes tactics cards from {city}.")
RALLY_INFLUENCE = message("rw.rally.influence", "{seat} gains {n} influence from {city}.")
RALLY_QUESTS = message("rw.rally.quests", "{seat} draws quest cards from {city}.")
SPEND_Q = message(
    "rw.rally.spend.question", "Rally Support bonus: spend 0-3 influence to draw that many heroes (keep one)."
)
SPEND_N = message("rw.rally.spend.option", "Spend {n}")
SPEND_NOTHING = message("rw.rally.spend.nothing", "Spend nothing")
SPEND_BAD = message("rw.rally.spend.refused", "Spend between 0 and 3 influence, and no more than you have.")
SPENDS = message("rw.rally.spend.done", "{seat} spends {n} influence on heroes.")
ACQUIRE = message("rw.acquire.done", "{seat} gains {n} influence (RW-18.7.1).")
TITLE_NONE = message("rw.title.none", "Take no title")
TITLE_FOR = message("rw.title.option", "{title} for {n} influence")
TITLE_Q = message("rw.title.question", "Acquire Power bonus: take a title by paying more influence than lies on it?")
TITLE_PASS_BAD = message("rw.title.refused_pass", "Pass or name a title and an amount.")
TITLE_UNKNOWN = message("rw.title.refused_unknown", "There is no such title.")
TITLE_HELD = message("rw.title.refused_held", "You already hold that title (AMB-55).")
TITLE_MORE = message("rw.title.refused_more", "You must pay more than the {n} influence on it.")
TITLE_POOR = message("rw.title.refused_poor", "You do not have that much influence.")
TITLE_TAKEN = message("rw.title.taken", "{seat} takes {title} for {n} influence.")
TITLE_TAKEN_FROM = message("rw.title.taken_from", "{seat} takes {title} for {n} influence from {previous}.")
FORTIFY_DONE = message("rw.fortify.done_option", "Done fortifying")
FORTIFY_BUILD = message("rw.fortify.build", "Build a stronghold in {area} (-1 wood, -1 ore)")
FORTIFY_REBUILD = message("rw.fortify.rebuild", "Build in {area}, removing your stronghold in {old}")
FORTIFY_REPAIR = message("rw.fortify.repair", "Repair the stronghold in {area} (-1 ore)")
FORTIFY_RUNES = message("rw.fortify.runes", "Move runes between {a} and {b}")
FORTIFY_Q = message(
    "rw.fortify.question", "Fortify: build a stronghold, repair one and/or move runes, each at most once."
)
FORTIFY_BAD = message(
    "rw.fortify.refused",
    "That Fortify action is not available (each at most once; dial costs; "
    "no stronghold on a city or next to another stronghold in the area).",
)
BUILT = message("rw.fortify.built", "{seat} builds a stronghold in {area}.")
REPAIRED = message("rw.fortify.repaired", "{seat} repairs the stronghold in {area}.")
OBJ_Q = message(
    "rw.objective.question", "Your objective '{objective}' is fulfilled ({when}). Reveal it and gain a dragon rune?"
)
OBJ_CLAIM = message("rw.objective.claim", "Claim the objective")
OBJ_PASS = message("rw.objective.pass", "Pass (not now)")
OBJ_YES_NO = message("rw.objective.refused_answer", "Claim or not.")
OBJ_UNMET = message("rw.objective.refused_unmet", "The objective's condition is not met.")
OBJ_SOURCE = message("rw.objective.source", "objective {objective}")
OBJ_REVEALED = message("rw.objective.revealed", "{seat} reveals the objective '{objective}': {text}")
OBJ_CONFIRM = message("rw.objective.gm_confirm", "Confirm that {seat} fulfilled '{objective}': {condition}")
# The own-turn checkpoints (P-32), as step data keeps them, and how a question says them.
WHEN = {
    "before your order": message("rw.when.before_order", "before your order"),
    "after your order": message("rw.when.after_order", "after your order"),
    "after your order's basic ability": message("rw.when.after_basic", "after your order's basic ability"),
    "after your movement": message("rw.when.after_movement", "after your movement"),
    "this turn": message("rw.when.this_turn", "this turn"),
}
TACTICS_CONTINUE = message("rw.tactics.continue", "Continue without playing a card")
TACTICS_PLAY = message("rw.tactics.play", "Play {card}")
TACTICS_Q = message("rw.tactics.question", "Tactics: play a card {when}?")
OWN_TURN_Q = message("rw.tactics.question_rewards", "Play a tactics card or use a reward or hero ability {when}?")
TACTICS_PASS_BAD = message("rw.tactics.refused_answer", "Play a card or continue.")
TACTICS_BAD = message("rw.tactics.refused", "You can play only own-turn tactics cards you did not gain this season.")
TACTICS_SOURCE = message("rw.tactics.source", "tactics card {card}")
TRADE_DONE = message("rw.trade.done_option", "Done trading")
TRADE_OPTION = message("rw.trade.option", "{reward}: {source} to {target}")
TRADE_Q = message("rw.trade.question", "Move rewards between your heroes that share an area?")
TRADE_BAD = message("rw.trade.refused", "Rewards move only between your own heroes in the same area.")


def when_msg(when: str) -> Msg | str:
    said = WHEN.get(when)
    return said() if said is not None else when


ORDER_NAMES = {
    1: "Strategize",
    2: "Mobilize",
    3: "Conquer",
    4: "Harvest",
    5: "Recruit",
    6: "Rally Support",
    7: "Acquire Power",
    8: "Fortify",
}


def turn_steps(state: RunewarsState, seat: int, card: int) -> list[Any]:
    return [step(state, "turn_begin", seat, card=card)]


def eligible(state: RunewarsState, seat: int, card: int) -> bool:
    """RW-7.6: higher than every order card used this year; Fortify has no bonus."""
    return card != 8 and all(card > c for c in state.seats[seat].orders_used)


@auto("turn_begin")
def _turn_begin(state: RunewarsState, st: Any) -> list[Event]:
    seat, card = st.seat, st.data["card"]
    if state.seats[seat].eliminated:
        return []
    state.turn = Turn(seat=seat, card=card, eligible=eligible(state, seat, card))
    steps: list[Any] = objective_offer(state, seat, "before your order")  # RW-29.2 / AMB-49
    if own_turn_uses(state, seat):
        steps.append(tactics_window(state, seat, "before your order"))
    if reward_trades(state, seat):  # RW-23.4: during his turn, between his heroes sharing an area
        steps.append(step(state, "reward_trade", seat))
    bonus = step(state, "bonus", seat, card=card) if state.turn.eligible else None
    # Spec "Order of waiting": own-turn tactics checkpoints after the basic ability (when the highest
    # bonus follows it; otherwise the "after your order" window at turn_end is that checkpoint and
    # the one after the highest bonus) and after the movement of a Mobilize or Conquer card.
    after_basic = [checkpoint(state, seat, "after your order's basic ability"), bonus] if bonus else []
    if card == 1:
        steps.append(step(state, "strategize", seat))
        steps += after_basic
    elif card in (2, 3):
        if card == 3 and bonus:  # RW-18.3.2 applies to the battle this card causes: decide first
            steps.append(bonus)
        steps += [
            step(state, "activate", seat, n=1),
            step(state, "move_units", seat),
            checkpoint(state, seat, "after your movement"),
            step(state, "arrive", seat),
        ]
        if card == 2 and bonus:
            steps += after_basic
    elif card == 4:
        steps.append(step(state, "harvest", seat))
        steps += after_basic
    elif card == 5:
        steps.append(step(state, "recruit_dial", seat, exclude=None))
        steps += after_basic
    elif card == 6:
        for area in sorted(B.controlled_areas(state, seat)):
            if state.board[area].city:
                steps.append(step(state, "rally_city", seat, area=area))
        steps += after_basic
    elif card == 7:
        steps.append(step(state, "acquire", seat))
        steps += after_basic
    else:
        steps.append(step(state, "fortify", seat, used=[]))
    steps.append(step(state, "turn_end", seat, card=card))
    push(state, *steps)
    said = TURN_BONUS if state.turn.eligible else TURN
    return [
        to_all("turn", said(seat=seat_name(state, seat), number=card, order=ref("order", card)), seat=seat, card=card)
    ]


@auto("turn_end")
def _turn_end(state: RunewarsState, st: Any) -> list[Event]:
    seat = st.seat
    events: list[Event] = []
    if state.turn is not None and state.turn.seat == seat and not st.data.get("closing"):
        st.data["closing"] = True
        follow = [step(state, "turn_end", seat, card=st.data["card"], closing=True)]
        follow[0:0] = objective_offer(state, seat, "after your order")
        if own_turn_uses(state, seat) and not state.seats[seat].eliminated:
            follow.insert(0, tactics_window(state, seat, "after your order"))
        push(state, *follow)
        return events
    events += destructible_sites(state, seat)
    events.append(_order_done(state, seat, st.data["card"]))
    p = state.seats[seat]
    p.orders_used.append(st.data["card"])  # RW-7.5
    state.turn = None
    state.modifiers = [m for m in state.modifiers if m.until != "turn"]
    return events


def _order_done(state: RunewarsState, seat: int, card: int) -> Event:
    """The one-line log of a resolved order card (what the table shows after each order)."""
    turn = state.turn if state.turn is not None and state.turn.seat == seat else None
    bits: list[Msg] = []
    if turn is not None:
        if turn.activations:
            bits.append(DONE_ACTIVATED(areas=[ref("area", a) for a in turn.activations]))
        if turn.battles:
            bits.append(DONE_BATTLES(n=turn.battles, won=turn.battles_won))
        if turn.dials_used:
            bits.append(DONE_RECRUITED(resources=[ref("resource", r) for r in turn.dials_used]))
        if turn.bonus:
            bits.append(DONE_BONUS())
    who = {"seat": seat_name(state, seat), "number": card, "order": ref("order", card)}
    said = DONE_WITH(what=semicolons(bits), **who) if bits else DONE(**who)
    return to_all("order_done", said, seat=seat, card=card)


# ---- P-31 the highest bonus -------------------------------------------------------------------------


@decision("bonus", "rw_choose")
def _bonus_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    card = st.data["card"]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-7.6",
            question=en(BONUS_Q(number=card, order=ref("order", card), bonus=BONUS_TEXT[card]())),
            msg=BONUS_Q(number=card, order=ref("order", card), bonus=BONUS_TEXT[card]()),
            options=[
                option(BONUS_USE(), {"type": "rw_choose", "value": "yes"}),
                option(PASS(), {"type": "rw_choose", "value": "no"}),
            ],
            default={"type": "rw_choose", "value": "no"},
        )
    ]


@applies("bonus")
def _bonus_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("yes", "no"), "RW-7.6", YES_OR_NO())
    assert state.turn is not None
    need(state.turn.eligible, "RW-7.6", BONUS_NOT_ELIGIBLE())
    done(state, st)
    if action.value == "no":
        return [to_all("bonus", BONUS_NOT_USED(seat=seat_name(state, seat)), seat=seat)]
    state.turn.bonus = True
    card = st.data["card"]
    events = [to_all("bonus", BONUS_USED(seat=seat_name(state, seat)), seat=seat)]
    if card == 1:  # RW-18.1.2
        n = _dial_icons(state, seat, "tactics")
        events += cardfx.draw_tactics(state, seat, n)
    elif card == 2:  # RW-18.2.2
        push(
            state,
            step(state, "activate", seat, n=2),
            step(state, "move_units", seat),
            checkpoint(state, seat, "after your movement"),
            step(state, "arrive", seat),
        )
    elif card == 4:
        push(state, step(state, "harvest_collect", seat))
    elif card == 5:
        push(
            state,
            step(state, "recruit_dial", seat, exclude=state.turn.dials_used[0] if state.turn.dials_used else None),
        )
    elif card == 6:
        push(state, step(state, "rally_spend", seat))
    elif card == 7:
        push(state, step(state, "title", seat))
    return events


def _dial_icons(state: RunewarsState, seat: int, what: str) -> int:
    """RW-9.5 / AMB-35: icons at or below the current position of all three dials."""
    f = B.seat_faction(state, seat)
    total = 0
    for r in ("food", "wood", "ore"):
        d = f.dials.get(r)
        v = state.seats[seat].dials[r]
        total += d.tactics_at_or_below(v) if what == "tactics" else d.influence_at_or_below(v)
    return total


# ---- RW-18.4 Harvest -------------------------------------------------------------------------------


@auto("harvest")
def _harvest(state: RunewarsState, st: Any) -> list[Event]:
    """RW-18.4.1: dials set to the production of friendly areas (mandatory, AMB-34; clamped, AMB-36)."""
    prod = B.production(state, st.seat)
    for r in ("food", "wood", "ore"):
        cardfx.set_dial(state, st.seat, r, prod[r])
    dials = state.seats[st.seat].dials
    return [
        to_all(
            "harvest",
            HARVESTS(seat=seat_name(state, st.seat), food=dials["food"], wood=dials["wood"], ore=dials["ore"]),
            seat=st.seat,
            dials=dict(state.seats[st.seat].dials),
        )
    ]


def _area_resources(state: RunewarsState, area: str) -> list[str]:
    a = state.board[area]
    out = [r for r in ("food", "wood", "ore") if getattr(a, r) > 0]
    if state.heroes.exploration:
        from engine.runewars.heroes.core import village_at

        v = village_at(state.heroes, catalog().hero_content, area)
        if v and v not in out:
            out.append(v)
    return out


@auto("harvest_collect")
def _harvest_collect(state: RunewarsState, st: Any) -> list[Event]:
    """RW-18.4.2: every development pays out; resource developments raise a produced dial."""
    seat = st.seat
    events: list[Event] = []
    choices = []
    for area in B.strongholds_of(state, seat):
        dev = state.board[area].stronghold.development  # type: ignore[union-attr]
        if dev == "diplomacy":
            state.seats[seat].influence += 2
            events.append(to_all("development", DIPLOMACY_DEV(area=ref("area", area)), seat=seat))
        elif dev == "training":
            events += cardfx.draw_tactics(state, seat, 1)
        elif dev == "resource":
            res = _area_resources(state, area)
            if len(res) == 1:
                events += cardfx.adjust_dial(state, seat, res[0], 1, RESOURCE_DEV(area=ref("area", area)))
            elif len(res) > 1:
                choices.append(step(state, "harvest_dev_dial", seat, area=area, resources=res))
    push(state, *choices, step(state, "harvest_build", seat))
    return events


@decision("harvest_dev_dial", "rw_choose")
def _hdd_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.4.2",
            question=en(DEV_DIAL_Q(area=ref("area", st.data["area"]))),
            msg=DEV_DIAL_Q(area=ref("area", st.data["area"])),
            options=[
                option(RAISE(resource=ref("resource", r)), {"type": "rw_choose", "value": r})
                for r in st.data["resources"]
            ],
        )
    ]


@applies("harvest_dev_dial")
def _hdd_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in st.data["resources"], "RW-18.4.2", DEV_DIAL_BAD())
    done(state, st)
    return cardfx.adjust_dial(state, seat, action.value, 1, RESOURCE_DEV(area=ref("area", st.data["area"])))


def dev_tokens_left(state: RunewarsState, seat: int) -> dict[str, int]:
    toks = B.seat_faction(state, seat).developments
    left = {"resource": toks.resource, "diplomacy": toks.diplomacy, "training": toks.training, "defense": toks.defense}
    for area in B.strongholds_of(state, seat):
        dev = state.board[area].stronghold.development  # type: ignore[union-attr]
        if dev in left:
            left[dev] -= 1
    return left


def _build_options(state: RunewarsState, seat: int) -> list[tuple[str, str, str]]:
    """(area, type, removed): ``removed`` is "" or, when every token of that type is on the board,
    the area of one of his own developments of that type that he takes back first (RW-1.10.2, P-66)."""
    if state.seats[seat].dials["wood"] < 1:
        return []
    left = dev_tokens_left(state, seat)
    mine = B.strongholds_of(state, seat)
    spots = [
        a
        for a in mine
        if state.board[a].stronghold.development is None  # type: ignore[union-attr]
        and B.is_friendly(state, a, seat)
    ]
    out: list[tuple[str, str, str]] = []
    for a in spots:
        for t in ("resource", "diplomacy", "training", "defense"):
            if left[t] > 0:
                out.append((a, t, ""))
            else:
                out += [(a, t, old) for old in mine if old != a and state.board[old].stronghold.development == t]  # type: ignore[union-attr]
    return out


@decision("harvest_build", "rw_choose")
def _hb_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [option(BUILD_NOTHING(), {"type": "rw_choose", "value": "-"})]
    for a, t, old in _build_options(state, st.seat):
        if old:
            opts.append(
                option(
                    BUILD_REPLACING(development=DEVELOPMENT[t](), area=ref("area", a), old=ref("area", old)),
                    {"type": "rw_choose", "value": f"{a}:{t}:{old}"},
                    limit=80,
                )
            )
        else:
            opts.append(
                option(
                    BUILD_DEV(development=DEVELOPMENT[t](), area=ref("area", a)),
                    {"type": "rw_choose", "value": f"{a}:{t}"},
                )
            )
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.4.3",
            question=en(BUILD_Q()),
            msg=BUILD_Q(),
            options=opts,
            default={"type": "rw_choose", "value": "-"},
        )
    ]


@applies("harvest_build")
def _hb_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    if action.value == "-":
        done(state, st)
        return []
    area, _, kind = action.value.partition(":")
    kind, _, old = kind.partition(":")
    need(
        (area, kind, old) in _build_options(state, seat),
        "RW-1.10.2" if old else "RW-18.4.3",
        BUILD_BAD(),
    )
    done(state, st)
    events: list[Event] = []
    if old:  # RW-1.10.2 / P-66: take back one of his own developments of that type first
        state.board[old].stronghold.development = None  # type: ignore[union-attr]
        events.append(
            to_all(
                "development_removed",
                DEV_REMOVED(seat=seat_name(state, seat), development=DEVELOPMENT[kind](), area=ref("area", old)),
                seat=seat,
                area=old,
                development=kind,
            )
        )
    state.seats[seat].dials["wood"] -= 1
    state.board[area].stronghold.development = kind  # type: ignore[union-attr]
    return events + [
        to_all(
            "development_built",
            DEV_BUILT(seat=seat_name(state, seat), development=DEVELOPMENT[kind](), area=ref("area", area)),
            seat=seat,
            area=area,
            development=kind,
        )
    ]


# ---- RW-18.5 Recruit -------------------------------------------------------------------------------


def recruits(state: RunewarsState, seat: int, resource: str) -> list[str]:
    d = B.seat_faction(state, seat).dials.get(resource)
    return list(d.units_at_or_below(state.seats[seat].dials[resource]))


@decision("recruit_dial", "rw_choose")
def _rd_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = []
    for r in ("food", "wood", "ore"):
        if r == st.data.get("exclude"):
            continue
        kinds = recruits(state, st.seat, r)
        opts.append(
            option(
                RECRUIT_DIAL(resource=ref("resource", r), units=units(kinds) if kinds else NO_UNITS()),
                {"type": "rw_choose", "value": r},
                limit=80,
            )
        )
    rule = "RW-18.5.4" if st.data.get("exclude") else "RW-18.5.1"
    return [Prompt(seat=st.seat, key=st.key, rule=rule, question=en(RECRUIT_Q()), msg=RECRUIT_Q(), options=opts)]


@applies("recruit_dial")
def _rd_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("food", "wood", "ore"), "RW-18.5.1", RECRUIT_PICK_BAD())
    need(action.value != st.data.get("exclude"), "RW-18.5.4", RECRUIT_SAME_BAD())
    done(state, st)
    assert state.turn is not None
    state.turn.dials_used.append(action.value)
    # RW-1.9.2 / RW-18.5.3: only figures left in the supply can be recruited
    wanted = recruits(state, seat, action.value)
    avail: list[str] = []
    for kind in wanted:
        if B.supply_left(state, kind) - avail.count(kind) > 0:
            avail.append(kind)
    missing = list(wanted)
    for kind in avail:
        missing.remove(kind)
    events = [
        to_all(
            "recruit",
            RECRUITS(
                seat=seat_name(state, seat),
                resource=ref("resource", action.value),
                units=units(avail) if avail else NOTHING(),
            ),
            seat=seat,
            resource=action.value,
            units=avail,
        )
    ]
    swaps = [
        step(state, "recruit_swap", seat, unit_kind=k)
        for k in missing
        if any(u.owner == seat and u.kind == k for u in state.units)
    ]
    if (avail or swaps) and B.strongholds_of(state, seat):
        push(state, *swaps, step(state, "recruit_place", seat, units=avail))
    elif avail:
        events.append(to_all("recruit_lost", RECRUIT_LOST(seat=seat_name(state, seat)), seat=seat))
    return events


@decision("recruit_swap", "rw_choose")
def _swap_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    kind = st.data["unit_kind"]
    areas = sorted({u.area for u in state.units if u.owner == seat_of(st) and u.kind == kind})
    unit = ref("unit", kind)
    opts = [option(SWAP_NONE(unit=unit), {"type": "rw_choose", "value": "-"})]
    opts += [
        option(SWAP_FROM(unit=unit, area=ref("area", a)), {"type": "rw_choose", "value": a}, limit=80, at=a)
        for a in areas
    ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-1.10.1",
            question=en(SWAP_Q(unit=unit)),
            msg=SWAP_Q(unit=unit),
            options=opts,
            default={"type": "rw_choose", "value": "-"},
        )
    ]


def seat_of(st: Any) -> int:
    return int(st.seat)


@applies("recruit_swap")
def _swap_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    kind = st.data["unit_kind"]
    done(state, st)
    if action.value == "-":
        return []
    mine = [u for u in state.units if u.owner == seat and u.kind == kind and u.area == action.value]
    need(bool(mine), "RW-1.10.1", SWAP_BAD())
    mine.sort(key=lambda u: (not u.routed, u.id))
    B.remove_units(state, {mine[0].id})
    B.update_alliances(state)
    for s2 in state.steps:
        if s2.kind == "recruit_place" and s2.seat == seat:
            s2.data["units"] = list(s2.data["units"]) + [kind]
            break
    return [
        to_all(
            "recruit_swap",
            SWAPPED(seat=seat_name(state, seat), unit=ref("unit", kind), area=ref("area", action.value)),
            seat=seat,
            area=action.value,
        )
    ]


def _place_options(state: RunewarsState, seat: int, units: list[str]) -> list[Option]:
    areas = sorted(B.strongholds_of(state, seat))
    if not units:
        return [option(PLACE_NOTHING(), {"type": "rw_place_units", "placement": {}})]
    out = []
    for a in areas:
        plan: dict[str, dict[str, int]] = {a: {}}
        for k in units:
            plan[a][k] = plan[a].get(k, 0) + 1
        out.append(option(PLACE_ALL_IN(area=ref("area", a)), {"type": "rw_place_units", "placement": plan}))
    if len(areas) > 1:
        plan = {}
        for i, k in enumerate(units):
            a = areas[i % len(areas)]
            plan.setdefault(a, {})
            plan[a][k] = plan[a].get(k, 0) + 1
        out.append(option(PLACE_SPREAD(), {"type": "rw_place_units", "placement": plan}))
    return out


@decision("recruit_place", "rw_place_units")
def _rp_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.5.1",
            question=en(PLACE_Q(units=units(st.data["units"]))),
            msg=PLACE_Q(units=units(st.data["units"])),
            options=_place_options(state, st.seat, st.data["units"]),
            answer_schema={"type": "object", "description": "{area: {unit_type: count}}"},
        )
    ]


@applies("recruit_place")
def _rp_apply(state: RunewarsState, st: Any, seat: int, action: Placement) -> list[Event]:
    areas = B.strongholds_of(state, seat)
    given: list[str] = []
    for area, kinds in action.placement.items():
        need(area in areas, "RW-18.5.1", PLACE_WHERE_BAD())
        for kind, n in kinds.items():
            need(n >= 0, "RW-18.5.1", NEGATIVE_BAD())
            given += [kind] * n
    need(sorted(given) == sorted(st.data["units"]), "RW-18.5.1", PLACE_EXACT_BAD(units=units(st.data["units"])))
    done(state, st)
    for area, kinds in sorted(action.placement.items()):
        for kind, n in sorted(kinds.items()):
            for _ in range(n):
                B.add_unit(state, kind, seat, area)
    limit_check(state, seat, list(action.placement), rule="RW-18.5.2")
    return [
        to_all(
            "recruited",
            PLACED(seat=seat_name(state, seat), placement=placement(action.placement)),
            seat=seat,
            placement=action.placement,
        )
    ]


@sampler("recruit_place")
def _rp_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    areas = sorted(B.strongholds_of(state, seat))
    plan: dict[str, dict[str, int]] = {}
    for k in st.data["units"]:
        a = rng.choice(areas)
        plan.setdefault(a, {})
        plan[a][k] = plan[a].get(k, 0) + 1
    return {"type": "rw_place_units", "placement": plan}


# ---- RW-18.6 Rally Support -------------------------------------------------------------------------


def _city_benefits(state: RunewarsState, seat: int, area: str) -> list[tuple[str, Msg]]:
    city = catalog().cities[state.board[area].city]  # type: ignore[index]
    out = []
    n = city.neutrals
    left = B.supply_left(state, n.unit_type)
    if left >= (1 if state.options.rally_partial_neutrals else n.count):  # AMB-15
        out.append(("neutrals", CITY_NEUTRALS(n=min(left, n.count), unit=ref("unit", n.unit_type))))
    out.append(("tactics", CITY_TACTICS(n=city.tactics)))
    out.append(("influence", CITY_INFLUENCE(n=city.influence)))
    out.append(("quests", CITY_QUESTS(n=city.quests)))
    return out


@decision("rally_city", "rw_choose")
def _rc_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    area = st.data["area"]
    asked = RALLY_Q(city=ref("city", state.board[area].city), area=ref("area", area))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.6.1",
            question=en(asked),
            msg=asked,
            options=[
                option(text, {"type": "rw_choose", "value": k}, limit=80)
                for k, text in _city_benefits(state, st.seat, area)
            ],
        )
    ]


@applies("rally_city")
def _rc_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    area = st.data["area"]
    need(
        action.value in [k for k, _ in _city_benefits(state, seat, area)],
        "RW-18.6.1",
        RALLY_BAD(),
    )
    need(state.board[area].city is not None and B.is_friendly(state, area, seat), "RW-18.6.1", RALLY_LOST())
    done(state, st)
    city = catalog().cities[state.board[area].city]  # type: ignore[index]
    if action.value == "neutrals":
        placed = 0
        for _ in range(city.neutrals.count):
            if B.add_unit(state, city.neutrals.unit_type, seat, area):
                placed += 1
        limit_check(state, seat, [area])
        said = RALLY_NEUTRALS(
            seat=seat_name(state, seat), n=placed, unit=ref("unit", city.neutrals.unit_type), area=ref("area", area)
        )
        return [to_all("rally", said, seat=seat)]
    city_ref = ref("city", city.city_id)
    if action.value == "tactics":
        return [
            to_all("rally", RALLY_TACTICS(seat=seat_name(state, seat), city=city_ref), seat=seat)
        ] + cardfx.draw_tactics(state, seat, city.tactics)
    if action.value == "influence":
        state.seats[seat].influence += city.influence
        return [
            to_all("rally", RALLY_INFLUENCE(seat=seat_name(state, seat), n=city.influence, city=city_ref), seat=seat)
        ]
    return [
        to_all("rally", RALLY_QUESTS(seat=seat_name(state, seat), city=city_ref), seat=seat)
    ] + heroes_glue.draw_quests(state, seat, city.quests)


@decision("rally_spend", "rw_choose")
def _rs_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    top = min(3, state.seats[st.seat].influence)
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.6.2",
            question=en(SPEND_Q()),
            msg=SPEND_Q(),
            options=[
                option(SPEND_N(n=n) if n else SPEND_NOTHING(), {"type": "rw_choose", "value": str(n)})
                for n in range(top + 1)
            ],
        )
    ]


@applies("rally_spend")
def _rs_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(
        action.value.isdigit() and int(action.value) <= min(3, state.seats[seat].influence),
        "RW-18.6.2",
        SPEND_BAD(),
    )
    n = int(action.value)
    done(state, st)
    if n == 0:
        return []
    state.seats[seat].influence -= n
    return [to_all("rally_heroes", SPENDS(seat=seat_name(state, seat), n=n), seat=seat)] + heroes_glue.rally_heroes(
        state, seat, n
    )


# ---- RW-18.7 Acquire Power ---------------------------------------------------------------------------


@auto("acquire")
def _acquire(state: RunewarsState, st: Any) -> list[Event]:
    n = _dial_icons(state, st.seat, "influence")
    state.seats[st.seat].influence += n
    return [to_all("acquire", ACQUIRE(seat=seat_name(state, st.seat), n=n), seat=st.seat)]


def _title_options(state: RunewarsState, seat: int) -> list[tuple[str, int]]:
    out = []
    for tid, hold in sorted(state.titles.items()):
        if hold.holder == seat:  # AMB-55
            continue
        for amount in range(hold.tokens + 1, state.seats[seat].influence + 1):
            out.append((tid, amount))
    return out


@decision("title", "rw_title", "rw_choose")
def _title_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [option(TITLE_NONE(), {"type": "rw_choose", "value": "-"})]
    opts += [
        option(TITLE_FOR(title=ref("title", t), n=n), {"type": "rw_title", "title": t, "amount": n}, limit=80)
        for t, n in _title_options(state, st.seat)
    ]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.7.2",
            question=en(TITLE_Q()),
            msg=TITLE_Q(),
            options=opts,
            default={"type": "rw_choose", "value": "-"},
        )
    ]


@applies("title")
def _title_apply(state: RunewarsState, st: Any, seat: int, action: Title | Choose) -> list[Event]:
    if isinstance(action, Choose):
        need(action.value == "-", "RW-18.7.2", TITLE_PASS_BAD())
        done(state, st)
        return []
    hold = state.titles.get(action.title)
    need(hold is not None, "RW-32.1", TITLE_UNKNOWN())
    assert hold is not None
    need(hold.holder != seat, "RW-18.7.2", TITLE_HELD())
    need(action.amount > hold.tokens, "RW-18.7.2", TITLE_MORE(n=hold.tokens))
    need(action.amount <= state.seats[seat].influence, "RW-18.7.2", TITLE_POOR())
    done(state, st)
    state.seats[seat].influence -= action.amount
    prev = hold.holder
    hold.holder = seat
    hold.tokens = action.amount  # old tokens go to the supply (RW-32.4)
    said = {"seat": seat_name(state, seat), "title": ref("title", action.title), "n": action.amount}
    return [
        to_all(
            "title",
            TITLE_TAKEN_FROM(previous=seat_ref(prev), **said) if prev is not None else TITLE_TAKEN(**said),
            seat=seat,
            title=action.title,
            amount=action.amount,
        )
    ]


# ---- RW-18.8 Fortify ----------------------------------------------------------------------------------


def _fortify_options(state: RunewarsState, seat: int, used: list[str]) -> list[Option]:
    from engine.runewars.turn.runes import rune_pairs

    p = state.seats[seat]
    opts = [option(FORTIFY_DONE(), {"type": "rw_choose", "value": "done"})]
    if "build" not in used and p.dials["wood"] >= 1 and p.dials["ore"] >= 1:
        mine = B.strongholds_of(state, seat)
        spots = [
            a
            for a in sorted(B.controlled_areas(state, seat))
            if state.board[a].stronghold is None and state.board[a].city is None
        ]  # RW-17.4
        if len(mine) < B.seat_faction(state, seat).stronghold.count:
            for a in spots:
                opts.append(option(FORTIFY_BUILD(area=ref("area", a)), {"type": "rw_choose", "value": f"build:{a}"}))
        else:  # RW-1.10.2: every token is out; he may take one back first (P-66)
            for a in spots:
                for old in mine:
                    opts.append(
                        option(
                            FORTIFY_REBUILD(area=ref("area", a), old=ref("area", old)),
                            {"type": "rw_choose", "value": f"build:{a}:{old}"},
                            limit=80,
                        )
                    )
    if "repair" not in used and p.dials["ore"] >= 1:
        for a in B.strongholds_of(state, seat):
            if state.board[a].stronghold.damaged:  # type: ignore[union-attr]
                opts.append(option(FORTIFY_REPAIR(area=ref("area", a)), {"type": "rw_choose", "value": f"repair:{a}"}))
    if "runes" not in used:
        for a, b in rune_pairs(state, seat):
            opts.append(
                option(
                    FORTIFY_RUNES(a=ref("area", a), b=ref("area", b)), {"type": "rw_choose", "value": f"runes:{a}:{b}"}
                )
            )
    return opts


@decision("fortify", "rw_choose")
def _fortify_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-18.8.1",
            question=en(FORTIFY_Q()),
            msg=FORTIFY_Q(),
            options=_fortify_options(state, st.seat, st.data["used"]),
        )
    ]


@applies("fortify")
def _fortify_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    legal = {o.action["value"] for o in _fortify_options(state, seat, st.data["used"])}
    need(
        action.value in legal,
        "RW-18.8.1",
        FORTIFY_BAD(),
    )
    what, _, rest = action.value.partition(":")
    if what == "done":
        done(state, st)
        return []
    st.data["used"] = st.data["used"] + [what]
    p = state.seats[seat]
    if what == "build":  # RW-17.4
        rest, _, removed = rest.partition(":")
        if removed:  # RW-1.10.2 / RW-1.10.3: its development goes with it
            state.board[removed].stronghold = None
            B.update_alliances(state)  # RW-11.4: allies there may have lost their friendly area
        p.dials["wood"] -= 1
        p.dials["ore"] -= 1
        state.board[rest].stronghold = Stronghold(owner=seat)
        return [
            to_all("stronghold_built", BUILT(seat=seat_name(state, seat), area=ref("area", rest)), seat=seat, area=rest)
        ]
    if what == "repair":  # RW-17.5
        p.dials["ore"] -= 1
        state.board[rest].stronghold.damaged = False  # type: ignore[union-attr]
        return [
            to_all(
                "stronghold_repaired",
                REPAIRED(seat=seat_name(state, seat), area=ref("area", rest)),
                seat=seat,
                area=rest,
            )
        ]
    a, _, b = rest.partition(":")
    push(state, step(state, "rune_arrange", seat, areas=[a, b]))
    return []


# ---- RW-29 objectives ----------------------------------------------------------------------------------


def objective_offer(state: RunewarsState, seat: int, when: str) -> list[Any]:
    """RW-29.2 / RW-29.3 / AMB-49 (P-62): at each checkpoint of the owner's own turn (before his
    order, the tactics checkpoints, after his order) the claim is offered automatically while the
    condition holds; he may pass and is asked again at the next checkpoint."""
    if state.turn is None or state.turn.seat != seat or not objective_met(state, seat):
        return []
    return [step(state, "objective_claim", seat, when=when)]


def objective_met(state: RunewarsState, seat: int) -> bool:
    """RW-29.2 / AMB-49, checked at each own-turn checkpoint (``objective_offer``).

    A condition only a human can judge (``gm``) is offered when the turn saw a battle won as
    attacker (the only such objective asks about one); the GM then confirms the claim.
    """
    obj = state.seats[seat].objective
    if obj is None or state.seats[seat].eliminated:
        return False
    cond = catalog().objectives[obj].condition.model_dump(mode="json")
    if cond["kind"] == "gm":
        return state.turn is not None and state.turn.seat == seat and state.turn.battles_won_attacking > 0
    return cardfx.condition_holds(state, seat, cond) is True


@decision("objective_claim", "rw_choose")
def _obj_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    obj = state.seats[st.seat].objective
    asked = OBJ_Q(objective=ref("objective", obj or "?"), when=when_msg(st.data.get("when", "this turn")))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-29.2",
            secret=True,
            question=en(asked),
            msg=asked,
            options=[
                option(OBJ_CLAIM(), {"type": "rw_choose", "value": "yes"}),
                option(OBJ_PASS(), {"type": "rw_choose", "value": "no"}),
            ],
            default={"type": "rw_choose", "value": "no"},
        )
    ]


@applies("objective_claim")
def _obj_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("yes", "no"), "RW-29.2", OBJ_YES_NO())
    done(state, st)
    if action.value == "no":
        return []
    need(objective_met(state, seat), "RW-29.2", OBJ_UNMET())
    obj = state.seats[seat].objective
    assert obj is not None
    state.seats[seat].objective = None  # AMB-50: no new objective
    state.claimed_objectives.append(obj)
    from engine.runewars.turn.runes import queue_gain

    card = catalog().objectives[obj]
    queue_gain(state, seat, OBJ_SOURCE(objective=ref("objective", obj)))
    events = [
        to_all(
            "objective",
            OBJ_REVEALED(
                seat=seat_name(state, seat),
                objective=ref("objective", obj),
                text=printed("objective", obj, "text", card.text),
            ),
            reveals=True,
            seat=seat,
            objective=obj,
        )
    ]
    if card.condition.kind == "gm":  # the GM confirms before the rune is gained (or patches the claim away)
        events.append(
            gm_task(
                state,
                "RW-29.2",
                OBJ_CONFIRM(seat=seat_ref(seat), objective=ref("objective", obj), condition=card.condition.text),
                seat=seat,
            )
        )
    return events


# ---- RW-30 tactics windows (own turn) -------------------------------------------------------------------


def playable_tactics(state: RunewarsState, seat: int) -> list[str]:
    """RW-30.2 / RW-30.3: own-turn cards not gained this season."""
    cat = catalog()
    return [
        c.id
        for c in state.seats[seat].tactics
        if c.gained != state.season_index and cat.tactics[c.id].timing == "own_turn"
    ]


def own_turn_uses(state: RunewarsState, seat: int) -> bool:
    """Whether an own-turn window has anything to offer: a playable own-turn tactics card (RW-30.2)
    or a reward or hero ability usable "during your turn" (RW-23.6, D-9, D-10)."""
    return bool(playable_tactics(state, seat) or heroes_glue.turn_options(state, seat))


def checkpoint(state: RunewarsState, seat: int, when: str) -> Any:
    """A P-32 checkpoint: opens a ``tactics_window`` when reached, only if the seat then holds a
    playable own-turn card, reward or hero ability (spec "Order of waiting during a player's turn";
    RW-23.6)."""
    return step(state, "tactics_checkpoint", seat, when=when)


@auto("tactics_checkpoint")
def _tactics_checkpoint(state: RunewarsState, st: Any) -> list[Event]:
    seat = st.seat
    follow = objective_offer(state, seat, st.data["when"])  # RW-29.2 / AMB-49: also a claim checkpoint
    if (
        state.turn is not None
        and state.turn.seat == seat
        and not state.seats[seat].eliminated
        and own_turn_uses(state, seat)
    ):
        follow.append(tactics_window(state, seat, st.data["when"]))
    push(state, *follow)
    return []


def tactics_window(state: RunewarsState, seat: int, when: str) -> Step:
    """RW-30.2 / RW-23.6: a kernel response window asking the turn's player alone; playing a card
    or using a reward or hero ability keeps it open while another is usable, continuing closes it."""
    st = step(state, "tactics_window", seat, when=when)
    st.window = Window(seats=[seat], rule="RW-30.2")
    return st


@FLOW.window("tactics_window", "rw_tactics", "rw_choose", "hero_use_reward", "hero_use_ability")
def _tw_prompt(state: RunewarsState, st: Step, seat: int) -> Prompt:
    opts = [option(TACTICS_CONTINUE(), {"type": "rw_choose", "value": "-"})]
    opts += [
        option(TACTICS_PLAY(card=ref("tactics", c)), {"type": "rw_tactics", "card": c}, limit=80)
        for c in dict.fromkeys(playable_tactics(state, seat))
    ]
    # RW-23.6: rewards and hero abilities printed "during your turn" share the own-turn checkpoints;
    # the labels name face-down rewards, so the prompt stays secret (RW-23.3).
    uses = heroes_glue.turn_options(state, seat)
    opts += uses
    asked = (OWN_TURN_Q if uses else TACTICS_Q)(when=when_msg(st.data["when"]))
    return Prompt(
        seat=seat,
        key=st.key,
        rule="RW-30.2",
        secret=True,
        question=en(asked),
        msg=asked,
        options=opts,
        default={"type": "rw_choose", "value": "-"},
    )


@applies("tactics_window")
def _tw_apply(state: RunewarsState, st: Any, seat: int, action: PlayTactics | Choose | dict[str, Any]) -> list[Event]:
    if isinstance(action, Choose):
        need(action.value == "-", "RW-30.2", TACTICS_PASS_BAD())
        return FLOW.answer_window(state, st, seat, {"card": None}, responds=False)
    if isinstance(action, dict):  # RW-23.6: an own-turn reward or hero ability (checked by the heroes)
        events = heroes_glue.use_on_turn(state, seat, action)
        FLOW.answer_window(state, st, seat, {"card": None}, responds=True, final=not own_turn_uses(state, seat))
        return events
    # A card no longer in hand (an old button pressed again) is refused, not a crash (RW-30.2).
    card, played = play_from_hand(state, seat, action.card, "RW-30.2", TACTICS_BAD())
    # Another own-turn card still playable: the window stays open for it (RW-30.2).
    FLOW.answer_window(state, st, seat, {"card": action.card}, responds=True, final=not own_turn_uses(state, seat))
    cardfx.queue(
        state,
        [e.model_dump(mode="json") for e in card.effects],
        seat=seat,
        source=TACTICS_SOURCE(card=ref("tactics", action.card)),
        rule="RW-30.2",
        order=[seat],
    )
    return [played]


# ---- RW-34.2 destructible sites -----------------------------------------------------------------------------


def destructible_sites(state: RunewarsState, seat: int) -> list[Event]:
    """RW-34.2 / AMB-67: a face-up destructible site in an area the player holds with 6+ units is discarded."""
    if not state.heroes.exploration:
        return []
    from engine.runewars.heroes.core import destroy_site, exploration_face_up

    cat = catalog()
    events: list[Event] = []
    for area, token in sorted(exploration_face_up(state.heroes).items()):
        if cat.exploration[token].kind != "destructible_site":
            continue
        if B.controller(state, area) == seat and B.unit_count(state, area, seat) >= 6:
            events += destroy_site(state.heroes, area)
    return events


# ---- RW-23.4 trading rewards between own heroes during the owner's turn (P-22) ---------------------------


def reward_trades(state: RunewarsState, seat: int) -> list[tuple[str, str, str]]:
    """(reward card, from hero, to hero) for the seat's heroes standing in the same area."""
    from engine.runewars.heroes.core import heroes_of

    mine = heroes_of(state.heroes, seat)
    out = []
    for a in mine:
        for b in mine:
            if a.uid != b.uid and a.area and a.area == b.area:
                out += [(r.card, a.uid, b.uid) for r in a.rewards]
    return out


@decision("reward_trade", "rw_choose")
def _trade_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    from engine.runewars.heroes.core import find_hero

    opts = [option(TRADE_DONE(), {"type": "rw_choose", "value": "-"})]
    for card, src, dst in reward_trades(state, st.seat):
        a, b = find_hero(state.heroes, src), find_hero(state.heroes, dst)
        assert a is not None and b is not None
        opts.append(
            option(
                TRADE_OPTION(
                    reward=ref("reward", card),
                    source=ref("hero", a.card),
                    target=ref("hero", b.card),
                ),
                {"type": "rw_choose", "value": f"{card}:{src}:{dst}"},
                limit=80,
            )
        )
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-23.4",
            secret=True,
            question=en(TRADE_Q()),
            msg=TRADE_Q(),
            options=opts,
            default={"type": "rw_choose", "value": "-"},
        )
    ]


@applies("reward_trade")
def _trade_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    from engine.runewars.ctx import Ctx
    from engine.runewars.heroes.core import transfer_reward

    if action.value == "-":
        done(state, st)
        return []
    card, src, dst = (action.value.split(":") + ["", "", ""])[:3]
    need(
        (card, src, dst) in reward_trades(state, seat),
        "RW-23.4",
        TRADE_BAD(),
    )
    events = transfer_reward(state.heroes, card, src, dst, Ctx(state))
    if not reward_trades(state, seat):
        done(state, st)
    return events
