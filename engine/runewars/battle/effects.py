"""Resolving effects inside a battle: specials, routs, damage, destruction (RW-14.4.3-5, RW-15).

Everything that happens to units in a battle goes through one queue of :class:`Task`
records (``BattleState.tasks``): destiny-card routs and damage are ``rout_units`` /
``damage_units`` effects with ``chooser: opponent`` (the receiver allocates, RW-15.3,
RW-15.4), unit specials are the content effects of the unit type, defense developments
and tactics cards (through ``battle.queue_effects``) are the same. A task that needs a
player's choice stops the queue and becomes a prompt; everything else resolves at once.

Allocation priorities (who may be picked) apply whenever a player picks among his *own*
units (he is the receiver): routs take undamaged standing units first (RW-15.3), damage
goes to damaged standing, then standing, then damaged routed, then routed units (RW-15.4,
AMB-19), forced destruction takes standing before routed (RW-15.5). A player picking the
*enemy's* units follows only the ability's own filter (RW-15.8).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Msg, Ref, message
from engine.runewars import text as T
from engine.runewars.battle.models import BattleState, BattleUnit, External, Side, Task, other

PICK_KINDS = ("damage_units", "rout_units", "destroy_units", "retreat_units")
VERB = {"damage_units": "damage", "rout_units": "rout", "destroy_units": "destroy", "retreat_units": "force to retreat"}
PICK_RULE = {"damage_units": "RW-15.4", "rout_units": "RW-15.3", "destroy_units": "RW-15.5", "retreat_units": "RW-16"}

# ---- names of seats, sides and units
UNALLIED = message("rw.battle.name.unallied", "unallied neutrals")
SIDE_NAME = {
    "attacker": message("rw.battle.name.attacker", "the attacker ({who})"),
    "defender": message("rw.battle.name.defender", "the defender ({who})"),
}
UNIT_PLAIN = message("rw.battle.unit.plain", "{unit}")
UNIT_DAMAGED = message("rw.battle.unit.damaged", "{unit} ({damage}/{health} damage)")
UNIT_ROUTED = message("rw.battle.unit.routed", "{unit} (routed)")
UNIT_DAMAGED_ROUTED = message("rw.battle.unit.damaged_routed", "{unit} ({damage}/{health} damage, routed)")
# ---- destiny card faces
ICON = {
    "rout": message("rw.battle.icon.rout", "rout {n}"),
    "damage": message("rw.battle.icon.damage", "damage {n}"),
}
ICON_SPECIAL = message("rw.battle.icon.special", "special")
ICON_BLANK = message("rw.battle.icon.blank", "blank")
CARD_FACE = message("rw.battle.card_face", "#{number} ({face})")
JOIN_SEMI = message("rw.battle.join.semicolon", "{a}; {b}")
JOIN_THEN = message("rw.battle.join.then", "{a}; then {b}")
JOIN_SLASH = message("rw.battle.join.slash", "{a}/{b}")
NOTHING = message("rw.battle.nothing", "nothing")
SHAPE = {
    "triangle": message("rw.battle.shape.triangle", "triangle"),
    "rectangle": message("rw.battle.shape.rectangle", "rectangle"),
    "hexagon": message("rw.battle.shape.hexagon", "hexagon"),
    "circle": message("rw.battle.shape.circle", "circle"),
}
# ---- effect descriptions (option labels, GM hand-overs)
WHOSE_OWN = message("rw.battle.effect.whose_own", "your own")
WHOSE_ENEMY = message("rw.battle.effect.whose_enemy", "enemy")
UP_TO = message("rw.battle.effect.up_to", "up to {n}")
EFFECT_DAMAGE = message("rw.battle.effect.damage", "{n} damage to {whose} units")
EFFECT_DAMAGE_WHAT = message("rw.battle.effect.damage_what", "{n} damage to {whose} {what} units")
EFFECT_PICK = {
    "rout_units": message("rw.battle.effect.rout", "rout {n} {whose} unit(s)"),
    "destroy_units": message("rw.battle.effect.destroy", "destroy {n} {whose} unit(s)"),
    "retreat_units": message("rw.battle.effect.retreat", "force to retreat {n} {whose} unit(s)"),
}
EFFECT_PICK_WHAT = {
    "rout_units": message("rw.battle.effect.rout_what", "rout {n} {whose} {what} unit(s)"),
    "destroy_units": message("rw.battle.effect.destroy_what", "destroy {n} {whose} {what} unit(s)"),
    "retreat_units": message("rw.battle.effect.retreat_what", "force to retreat {n} {whose} {what} unit(s)"),
}
EFFECT_STRENGTH = message("rw.battle.effect.strength", "{amount:+d} strength")
EFFECT_CHOOSE = message("rw.battle.effect.choose_one", "choose one")
EFFECT_DRAW = {
    "destiny": message("rw.battle.effect.draw_destiny", "draw {n} destiny card(s)"),
    "tactics": message("rw.battle.effect.draw_tactics", "draw {n} tactics card(s)"),
}
EFFECT_DRAW_OTHER = message("rw.battle.effect.draw_other", "draw {n} {deck} card(s)")
EFFECT_HEALTH = message("rw.battle.effect.set_health", "{unit} health {health}")
EFFECT_RAW = message("rw.battle.effect.raw", "{text}")
# ---- events
DAMAGE = message("rw.battle.damage", "{unit} of {seat} takes {amount} damage ({source}).")
DAMAGE_DESTROYED = message(
    "rw.battle.damage_destroyed", "{unit} of {seat} takes {amount} damage ({source}) and is destroyed."
)
ROUTED = message("rw.battle.routed", "{unit} of {seat} is routed ({source}).")
DESTROYED = message("rw.battle.destroyed", "{unit} of {seat} is destroyed ({source}).")
WITHDRAWN = message("rw.battle.withdrawn", "{unit} of {seat} must retreat from the battle, routed ({source}).")
STRENGTH_MOD = message("rw.battle.strength_mod", "{source}: {side} gets {amount:+d} strength.")
SET_HEALTH = message("rw.battle.set_health", "{source}: their {unit} units have {health} health this battle.")
GM_RESOLVES = message("rw.battle.gm_resolves", "{source}: the game master resolves this effect.")
EXTERNAL = message("rw.battle.external", "{source}: {effect}")
GM_CONDITION = message("rw.battle.gm.condition", "decide whether this holds: {condition}")
JOINED = message("rw.battle.joined", "{source}: {n} {unit} join {side} from the supply, standing.")
GM_ADD_UNITS = message("rw.battle.gm.add_units", "add units: {effect}")
GM_AMOUNT = message("rw.battle.gm.amount", "{effect} (the amount depends on something outside the battle)")
GM_TEXT = message("rw.battle.gm.text", "Battle in {area}, {source}: {what}")
GM_PUBLIC = message("rw.battle.gm.public", "Battle in {area}: {source} needs the game master.")
EXTRA_DRAW = message("rw.battle.extra_draw", "{source}: {side} draws {n} more: {cards}.")
NO_TARGET = message("rw.battle.no_target", "{source}: no unit can be picked, so the remaining {n} has no effect.")
OPTION_NUMBERED = message("rw.battle.option_numbered", "{number}. {effects}")
CHOOSE_ONE_Q = message("rw.battle.choose_one", "{source}: choose one.")
AMOUNT_SINGLE = message("rw.battle.amount.single", "{n} damage (all to one unit)")
AMOUNT_TOKEN = message("rw.battle.amount.token", "1 damage token ({n} left)")
AMOUNT_UNIT = message("rw.battle.amount.unit", "1 unit ({n} left)")
PICK_Q = {
    ("own", "damage_units"): message("rw.battle.pick.own_damage", "{source}: choose your unit to damage: {amount}."),
    ("own", "rout_units"): message("rw.battle.pick.own_rout", "{source}: choose your unit to rout: {amount}."),
    ("own", "destroy_units"): message("rw.battle.pick.own_destroy", "{source}: choose your unit to destroy: {amount}."),
    ("own", "retreat_units"): message(
        "rw.battle.pick.own_retreat", "{source}: choose your unit to force to retreat: {amount}."
    ),
    ("enemy", "damage_units"): message(
        "rw.battle.pick.enemy_damage", "{source}: choose an enemy unit to damage: {amount}."
    ),
    ("enemy", "rout_units"): message("rw.battle.pick.enemy_rout", "{source}: choose an enemy unit to rout: {amount}."),
    ("enemy", "destroy_units"): message(
        "rw.battle.pick.enemy_destroy", "{source}: choose an enemy unit to destroy: {amount}."
    ),
    ("enemy", "retreat_units"): message(
        "rw.battle.pick.enemy_retreat", "{source}: choose an enemy unit to force to retreat: {amount}."
    ),
}
STOP_HERE = message("rw.battle.stop_here", "Stop here")
NOTHING_WAITING = message(
    "rw.battle.refused.nothing_waiting", "Nothing in this battle is waiting for a unit or an option to be chosen."
)
OPTION_FIRST = message("rw.battle.refused.option_first", "{source}: first choose one of the ability's options.")
OTHER_CHOICE = message("rw.battle.refused.other_choice", "That choice belongs to the other player.")
OPTION_RANGE = message("rw.battle.refused.option_range", "Pick an option number from 1 to {n}.")
CHOSE = message("rw.battle.chose", "{source}: {seat} chooses {effects}.")
NO_UNIT_WAITING = message(
    "rw.battle.refused.no_unit_waiting", "Nothing in this battle is waiting for a unit to be chosen."
)
OTHER_CHOOSES = message("rw.battle.refused.other_chooses", "The other player chooses these units.")
NOT_OPTIONAL = message("rw.battle.refused.not_optional", "{source} is not optional: all of it must be allocated.")
STOPS = message("rw.battle.stops", "{source}: {seat} stops there.")
UNIT_FIRST = message("rw.battle.refused.unit_first", "{source}: choose a unit first.")
# ---- why a pick is illegal
STATE_WORD = {
    "standing": message("rw.battle.filter.standing", "standing"),
    "routed": message("rw.battle.filter.routed", "routed"),
    "damaged": message("rw.battle.filter.damaged", "damaged"),
    "damaged_or_routed": message("rw.battle.filter.damaged_or_routed", "damaged or routed"),
}
FILTER_UNITS = message("rw.battle.filter.units", "{whose} units")
FILTER_UNITS_BITS = message("rw.battle.filter.units_bits", "{whose} {bits} units")
FILTER_MIN_HEALTH = message("rw.battle.filter.min_health", "{text} with at least {n} health")
FILTER_MIN_INITIATIVE = message("rw.battle.filter.min_initiative", "{text} with initiative {n} or more")
FILTER_DISTINCT = message("rw.battle.filter.distinct", "{text}, each a different unit")
JOIN_SPACE = message("rw.battle.join.space", "{a} {b}")
NOT_A_UNIT = message("rw.battle.refused.not_a_unit", "That is not a unit in this battle.")
WRONG_SIDE = message("rw.battle.refused.wrong_side", "{unit} is on the wrong side for {source}.")
NOT_IN_BATTLE = message("rw.battle.refused.not_in_battle", "{unit} is no longer taking part in the battle.")
NOT_LEGAL = message("rw.battle.refused.not_legal", "{unit} is not a legal target for {source}: it may pick {what}.")
ALREADY_ROUTED = message("rw.battle.refused.already_routed", "{unit} is already routed.")
ROUT_ORDER = message(
    "rw.battle.refused.rout_order",
    "Rout an undamaged standing unit first; damaged units may be routed only when every standing unit "
    "is damaged (RW-15.3).",
)
DISTINCT = message("rw.battle.refused.distinct", "Each point of this damage must go to a different unit.")
DAMAGE_ORDER = message(
    "rw.battle.refused.damage_order",
    "Damage must go to an already damaged standing unit first, then to any standing unit, "
    "and to routed units only when no standing unit is left (RW-15.4).",
)
DESTROY_ORDER = message(
    "rw.battle.refused.destroy_order",
    "Standing units must be picked before routed ones, and only units the ability names (RW-15.5).",
)
CANNOT_PICK = message("rw.battle.refused.cannot_pick", "{unit} cannot be picked for {source}.")

Source = str | Msg


def join(items: list[Msg | Ref | str], joiner: Any, empty: Msg | None = None) -> Msg | Ref | str:
    """Items joined by a declared joiner ("; ", "; then ", "/"), nested so each language may word it."""
    if not items:
        return empty if empty is not None else ""
    out = items[0]
    for item in items[1:]:
        out = joiner(a=out, b=item)
    return out


def unit_ref(u: BattleUnit) -> Ref:
    return Ref(kind="unit", id=u.kind)


def unit_names(bs: BattleState) -> dict[tuple[str, str], str]:
    """The battle's own English unit names (a house unit may not be in the catalog)."""
    return {("unit", u.kind): u.name for u in bs.units}


def seat_name(seat: int | None) -> Ref:
    return T.seat(seat)


def side_name(bs: BattleState, side: Side) -> Msg:
    seat = bs.player_of(side)
    return SIDE_NAME[side](who=UNALLIED() if seat is None else seat_name(seat))


def unit_label(u: BattleUnit) -> Msg:
    if u.damage and u.routed:
        return UNIT_DAMAGED_ROUTED(unit=unit_ref(u), damage=u.damage, health=u.health)
    if u.damage:
        return UNIT_DAMAGED(unit=unit_ref(u), damage=u.damage, health=u.health)
    if u.routed:
        return UNIT_ROUTED(unit=unit_ref(u))
    return UNIT_PLAIN(unit=unit_ref(u))


def card_icons(data: Any, number: int, shape: str) -> list[tuple[str, int]]:
    card = data.destiny(number)
    return [(i.kind, i.amount) for i in card.section(shape) if i.kind != "blank"]


def draw_total(data: Any, cards: list[int], shape: str, kind: str) -> int:
    return sum(a for n in cards for k, a in card_icons(data, n, shape) if k == kind)


def _icon(kind: str, amount: int) -> Msg:
    if kind in ICON:
        return ICON[kind](n=amount)
    return ICON_SPECIAL() if kind == "special" else EFFECT_RAW(text=f"{kind} {amount}")


def describe_cards(data: Any, cards: list[int], shape: str) -> Msg | Ref | str:
    parts: list[Msg | Ref | str] = []
    for n in cards:
        icons: list[Any] = [_icon(k, a) for k, a in card_icons(data, n, shape)]
        parts.append(CARD_FACE(number=n, face=icons or ICON_BLANK()))
    return join(parts, JOIN_SEMI)


# --------------------------------------------------------------------------- targets


def _matches(u: BattleUnit, flt: dict[str, Any]) -> bool:
    shapes = flt.get("shapes")
    if shapes and u.shape not in shapes:
        return False
    types = flt.get("unit_types")
    if types and u.kind not in types:
        return False
    if flt.get("min_health") is not None and u.health < flt["min_health"]:
        return False
    if flt.get("min_initiative") is not None and u.initiative < flt["min_initiative"]:
        return False
    state = flt.get("state", "any")
    if state == "standing" and u.routed:
        return False
    if state == "routed" and not u.routed:
        return False
    if state == "damaged" and not u.damage:
        return False
    if state == "damaged_or_routed" and not (u.damage or u.routed):
        return False
    return True


def chooser_side(task: Task) -> Side:
    return task.side if task.effect.get("chooser", "self") == "self" else other(task.side)


def target_side(task: Task) -> Side:
    return task.side if task.effect.get("side", "enemy") == "own" else other(task.side)


def legal_targets(bs: BattleState, task: Task) -> list[BattleUnit]:
    """Units the chooser may pick next for a pick-type task, priorities applied."""
    kind = task.effect["kind"]
    side = target_side(task)
    pool = [u for u in bs.side_units(side) if u.in_battle]
    if kind == "rout_units":
        pool = [u for u in pool if not u.routed]
    if kind == "damage_units" and task.effect.get("distinct"):
        pool = [u for u in pool if u.uid not in task.picked]
    flt = task.effect.get("filter") or {}
    matching = [u for u in pool if _matches(u, flt)]
    if not matching and flt.get("strict", True) is False:
        loose = dict(flt, shapes=None, unit_types=None, min_health=None, min_initiative=None)
        matching = [u for u in pool if _matches(u, loose)]
    if chooser_side(task) != side:
        return matching  # picking enemy units: only the ability's own filter (RW-15.8)
    tiers: list[Callable[[BattleUnit], bool]]
    if kind == "rout_units":  # RW-15.3
        tiers = [lambda u: u.damage == 0, lambda u: True]
    elif kind == "damage_units":  # RW-15.4, AMB-19
        tiers = [
            lambda u: not u.routed and u.damage > 0,
            lambda u: not u.routed,
            lambda u: u.routed and u.damage > 0,
            lambda u: True,
        ]
    elif kind == "destroy_units":  # RW-15.5
        tiers = [lambda u: not u.routed, lambda u: True]
    else:
        tiers = [lambda u: True]
    for tier in tiers:
        picked = [u for u in matching if tier(u)]
        if picked:
            return picked
    return []


def classes(units: list[BattleUnit]) -> list[BattleUnit]:
    """One representative per group of interchangeable units (same type, damage, state)."""
    seen: dict[tuple[Any, ...], BattleUnit] = {}
    for u in units:
        seen.setdefault((u.kind, u.damage, u.routed, u.health), u)
    return list(seen.values())


# --------------------------------------------------------------------------- unit changes


def say(bs: BattleState, kind: str, msg: Msg, *, log: bool = False, **data: Any) -> Event:
    """A public battle event whose English names the battle's own units; ``log`` also keeps it in ``bs.log``."""
    event = T.to_all(kind, msg, extra=unit_names(bs), **data)
    if log:
        bs.log.append(event.text)
    return event


def refuse(bs: BattleState, rule: str, msg: Msg) -> RuleViolation:
    return T.violation(rule, msg, extra=unit_names(bs))


def damage_unit(bs: BattleState, u: BattleUnit, amount: int, source: Source) -> list[Event]:
    u.damage += amount
    u.most_damage = max(u.most_damage, u.damage)
    said = DAMAGE
    if u.damage >= u.health:  # RW-15.6
        u.destroyed = True
        said = DAMAGE_DESTROYED
    msg = said(unit=unit_ref(u), seat=seat_name(u.owner), amount=amount, source=source)
    return [say(bs, "battle_damage", msg, log=True, unit=u.uid, amount=amount, destroyed=u.destroyed)]


def rout_unit(bs: BattleState, u: BattleUnit, source: Source) -> list[Event]:
    u.routed = True
    msg = ROUTED(unit=unit_ref(u), seat=seat_name(u.owner), source=source)
    return [say(bs, "battle_rout", msg, log=True, unit=u.uid)]


def destroy_unit(bs: BattleState, u: BattleUnit, source: Source) -> list[Event]:
    u.destroyed = True
    msg = DESTROYED(unit=unit_ref(u), seat=seat_name(u.owner), source=source)
    return [say(bs, "battle_destroy", msg, log=True, unit=u.uid)]


def withdraw_unit(bs: BattleState, u: BattleUnit, source: Source) -> list[Event]:
    u.withdrawn = True
    u.routed = True  # RW-16.2
    msg = WITHDRAWN(unit=unit_ref(u), seat=seat_name(u.owner), source=source)
    return [say(bs, "battle_withdraw", msg, log=True, unit=u.uid)]


# --------------------------------------------------------------------------- amounts, conditions


def resolve_amount(bs: BattleState, task: Task, amount: Any) -> int | None:
    """An effect amount as a number, or None when only the GM can tell (hero stats...)."""
    if isinstance(amount, int):
        return amount
    per = amount.get("per")
    plus = int(amount.get("plus", 0))
    own = [u for u in bs.side_units(task.side) if u.kind == amount.get("unit_type")]
    if per == "most_damage_on_own_unit_of_type":
        return max((u.damage for u in own if u.in_battle), default=0) + plus
    if per == "own_standing_units_of_type":
        return sum(1 for u in own if u.standing) + plus
    return None


def condition_holds(bs: BattleState, task: Task, cond: dict[str, Any]) -> bool | None:
    if cond.get("kind") == "at_least" and cond.get("counter") == "standing_units_of_type_in_battle":
        count = sum(1 for u in bs.side_units(task.side) if u.kind == cond.get("unit_type") and u.standing)
        return count >= int(cond["count"])
    return None


def _what(flt: dict[str, Any]) -> Msg | Ref | str:
    shapes = flt.get("shapes") or []
    if shapes:
        return join([SHAPE[x]() if x in SHAPE else x for x in shapes], JOIN_SLASH)
    return join([Ref(kind="unit", id=x) for x in flt.get("unit_types") or []], JOIN_SLASH)


def effect_msg(effect: dict[str, Any]) -> Msg:
    """A short description of an effect, for option labels and GM hand-overs."""
    kind = effect.get("kind")
    if kind == "gm":
        return EFFECT_RAW(text=str(effect.get("text")))
    if kind in PICK_KINDS:
        amount = effect.get("amount")
        n: Any = amount if isinstance(amount, int) else "X"
        what = _what(effect.get("filter") or {})
        whose = WHOSE_OWN() if effect.get("side") == "own" else WHOSE_ENEMY()
        if kind == "damage_units":
            if what:
                return EFFECT_DAMAGE_WHAT(n=n, whose=whose, what=what)
            return EFFECT_DAMAGE(n=n, whose=whose)
        if effect.get("up_to"):
            n = UP_TO(n=n)
        if what:
            return EFFECT_PICK_WHAT[kind](n=n, whose=whose, what=what)
        return EFFECT_PICK[kind](n=n, whose=whose)
    if kind == "modify_strength":
        return EFFECT_STRENGTH(amount=int(effect.get("amount", 0)))
    if kind == "choose_one":
        return EFFECT_CHOOSE()
    if kind == "draw_cards":
        deck = str(effect.get("deck"))
        count = int(effect.get("amount", 1))
        if deck in EFFECT_DRAW:
            return EFFECT_DRAW[deck](n=count)
        return EFFECT_DRAW_OTHER(n=count, deck=deck)
    if kind == "set_health":
        return EFFECT_HEALTH(unit=Ref(kind="unit", id=str(effect.get("unit_type"))), health=int(effect["health"]))
    return EFFECT_RAW(text=str(kind))


def effect_text(effect: dict[str, Any]) -> str:
    """The English of ``effect_msg``."""
    return T.en(effect_msg(effect))


def effects_msg(effects: list[dict[str, Any]]) -> Msg | Ref | str:
    return join([effect_msg(e) for e in effects], JOIN_THEN, NOTHING())


def dump(effect: Any) -> dict[str, Any]:
    if isinstance(effect, dict):
        return effect
    return effect.model_dump(mode="json")


# --------------------------------------------------------------------------- the queue


def run_head(
    bs: BattleState,
    data: Any,
    draw: Callable[[], int],
    events: list[Event],
    add_unit: Callable[[str, int | None, str], int | None] | None = None,
) -> bool:
    """Resolve the head task as far as possible. True = it waits for a player's decision.

    ``add_unit(kind, owner, area)`` places a figure from the flow's supply and returns its id
    (None: none left); without it, units joining a battle go to the game master.
    """
    task = bs.tasks[0]
    kind = task.effect["kind"]
    if kind in PICK_KINDS:
        return _run_pick(bs, task, events)
    bs.tasks.pop(0)
    if kind == "add_units" and task.effect.get("where") == "battle" and add_unit is not None:
        events += _join_battle(bs, task, data, add_unit)
    elif kind == "modify_strength":
        side = task.side if task.effect.get("side", "own") == "own" else other(task.side)
        bs.strength_mod[side] += int(task.effect["amount"])
        msg = STRENGTH_MOD(source=task.source, side=side_name(bs, side), amount=int(task.effect["amount"]))
        events.append(say(bs, "battle_strength_mod", msg, side=side, amount=task.effect["amount"]))
    elif kind == "set_health":
        for u in bs.side_units(task.side):
            if u.kind == task.effect["unit_type"] and u.in_battle:
                u.health = int(task.effect["health"])
                if u.damage >= u.health:
                    u.destroyed = True
        unit = Ref(kind="unit", id=str(task.effect["unit_type"]))
        msg = SET_HEALTH(source=task.source, unit=unit, health=int(task.effect["health"]))
        events.append(say(bs, "battle_set_health", msg))
    elif kind == "choose_one":
        bs.tasks.insert(0, task)  # stays until the chooser picks (P-42)
        return True
    elif kind == "conditional":
        holds = condition_holds(bs, task, task.effect["condition"])
        if holds is None:
            _hand_over(bs, task, GM_CONDITION(condition=str(task.effect["condition"])))
        else:
            branch = task.effect["then"] if holds else task.effect.get("otherwise", [])
            _push(bs, task, branch)
    elif kind == "draw_cards" and task.effect.get("deck") == "destiny":
        _extra_draw(bs, task, data, draw, events)
    elif kind in ("gm", "add_units"):
        _hand_over(bs, task, effect_msg(task.effect) if kind == "gm" else GM_ADD_UNITS(effect=str(task.effect)))
        events.append(say(bs, "battle_gm", GM_RESOLVES(source=task.source)))
    else:  # an effect outside the battle: the flow resolves it for the player
        seat = bs.player_of(task.side)
        if seat is not None:
            bs.external.append(
                External(
                    kind="effect",
                    rule=task.rule,
                    text=T.en(EXTERNAL(source=task.source, effect=effect_msg(task.effect))),
                    seat=seat,
                    effect=task.effect,
                )
            )
    return False


def _join_battle(
    bs: BattleState, task: Task, data: Any, add_unit: Callable[[str, int | None, str], int | None]
) -> list[Event]:
    """``add_units where=battle`` (Necromancers' Raise Dead): figures from the supply join this side, standing.

    Missing figures are simply not placed (RW-1.9.2). They take part from now on: they count in
    the final strength (RW-14.6) and draw in their initiative row if it is still to come (RW-14.4).
    """
    kind = str(task.effect["unit_type"])
    owner = bs.player_of(task.side)
    ut = data.unit(kind)
    joined = 0
    for _ in range(int(task.effect["count"])):
        uid = add_unit(kind, owner, bs.area)
        if uid is None:
            break
        joined += 1
        bs.units.append(
            BattleUnit(
                uid=uid,
                kind=kind,
                name=ut.name,
                owner=owner,
                neutral=bool(getattr(ut, "is_neutral", False)),
                side=task.side,
                shape=ut.shape,
                health=ut.health,
                initiative=ut.initiative,
                traits=list(ut.traits),
            )
        )
    msg = JOINED(source=task.source, n=joined, unit=Ref(kind="unit", id=kind), side=side_name(bs, task.side))
    return [say(bs, "battle_units_joined", msg, log=True, unit_type=kind, count=joined, side=task.side)]


def _push(bs: BattleState, task: Task, effects: list[dict[str, Any]]) -> None:
    new = [
        Task(side=task.side, source=task.source, rule=task.rule, effect=dict(e), unit_kind=task.unit_kind)
        for e in effects
    ]
    bs.tasks[0:0] = new


def _hand_over(bs: BattleState, task: Task, what: Msg) -> None:
    seat = bs.player_of(task.side)
    area = Ref(kind="area", id=bs.area)
    text = GM_TEXT(area=area, source=task.source, what=what)
    public = GM_PUBLIC(area=area, source=task.source)
    extra = unit_names(bs)
    bs.external.append(
        External(
            kind="gm",
            rule=task.rule,
            text=T.en(text, extra=extra),
            public_text=T.en(public, extra=extra),
            msg=text,
            public_msg=public,
            seat=seat,
        )
    )


def _extra_draw(bs: BattleState, task: Task, data: Any, draw: Callable[[], int], events: list[Event]) -> None:
    """``draw_cards deck=destiny``: more cards for this side's current draw (Beastman Ravage)."""
    current = bs.draws.get(task.side)
    if current is None:
        return
    key = f"{task.side}:{task.unit_kind or current.kind}"
    amount = resolve_amount(bs, task, task.effect.get("amount", 1)) or 0
    if task.effect.get("once_per_unit"):
        amount = min(amount, max(0, current.units - bs.extra_draws.get(key, 0)))
    if amount <= 0:
        return
    bs.extra_draws[key] = bs.extra_draws.get(key, 0) + amount
    cards = [draw() for _ in range(amount)]
    current.cards.extend(cards)
    msg = EXTRA_DRAW(
        source=task.source, side=side_name(bs, task.side), n=amount, cards=describe_cards(data, cards, current.shape)
    )
    events.append(say(bs, "battle_extra_draw", msg, reveals=True, cards=cards, side=task.side))
    specials = draw_total(data, cards, current.shape, "special")
    markers = [
        Task(side=task.side, source=task.source, rule="RW-14.4.3", effect={"kind": "_special"}, unit_kind=current.kind)
        for _ in range(specials)
    ]
    bs.tasks[0:0] = markers


def _run_pick(bs: BattleState, task: Task, events: list[Event]) -> bool:
    if task.remaining is None:
        amount = resolve_amount(bs, task, task.effect.get("amount", 1))
        if amount is None:
            bs.tasks.pop(0)
            _hand_over(bs, task, GM_AMOUNT(effect=effect_msg(task.effect)))
            return False
        task.remaining = amount
    while task.remaining and task.remaining > 0:
        if task.single_target is not None:
            u = bs.unit(task.single_target)
            if u.in_battle:
                events += damage_unit(bs, u, task.remaining, task.source)
            task.remaining = 0
            break
        targets = legal_targets(bs, task)
        if not targets:
            if task.remaining:
                events.append(say(bs, "battle_no_target", NO_TARGET(source=task.source, n=task.remaining)))
            task.remaining = 0
            break
        reps = classes(targets)
        if len(reps) == 1 and not task.effect.get("up_to") and bs.options.auto_single_choice:
            events += apply_pick(bs, task, reps[0])
            continue
        return True
    bs.tasks.pop(0)
    return False


def apply_pick(bs: BattleState, task: Task, u: BattleUnit) -> list[Event]:
    kind = task.effect["kind"]
    task.picked.append(u.uid)
    assert task.remaining is not None
    if kind == "damage_units":
        if task.effect.get("single_target"):
            task.single_target = u.uid
            return []
        task.remaining -= 1
        return damage_unit(bs, u, 1, task.source)
    task.remaining -= 1
    if kind == "rout_units":
        return rout_unit(bs, u, task.source)
    if kind == "destroy_units":
        return destroy_unit(bs, u, task.source)
    return withdraw_unit(bs, u, task.source)


# --------------------------------------------------------------------------- prompts and actions


def _option(bs: BattleState, label: Msg, action: dict[str, Any]) -> Option:
    return T.option(label, action, limit=80, extra=unit_names(bs))


def task_prompt(bs: BattleState, key: str) -> Prompt | None:
    """The P-42/P-43/P-44/P-45 prompt for the waiting head task."""
    if not bs.tasks:
        return None
    task = bs.tasks[0]
    kind = task.effect["kind"]
    extra = unit_names(bs)
    if kind == "choose_one":
        seat = bs.seat_of(chooser_side(task))
        opts = [
            _option(
                bs, OPTION_NUMBERED(number=i + 1, effects=effects_msg(list(o))), {"type": "battle_option", "index": i}
            )
            for i, o in enumerate(task.effect["options"])
        ]
        return T.ask(seat, key, "RW-14.4.3", CHOOSE_ONE_Q(source=task.source), options=opts, extra=extra)
    if kind not in PICK_KINDS:
        return None
    chooser = chooser_side(task)
    seat = bs.seat_of(chooser)
    targets = classes(legal_targets(bs, task))
    own = target_side(task) == chooser
    remaining = task.remaining if task.remaining is not None else 0
    if task.effect.get("single_target"):
        amount = AMOUNT_SINGLE(n=remaining)
    elif kind == "damage_units":
        amount = AMOUNT_TOKEN(n=remaining)
    else:
        amount = AMOUNT_UNIT(n=remaining)
    rule = {"damage_units": "RW-15.4", "rout_units": "RW-15.3"}.get(kind, task.rule)
    if task.rule.startswith("RW-14.4.3"):
        rule = "RW-14.4.3"
    question = PICK_Q[("own" if own else "enemy", kind)](source=task.source, amount=amount)
    opts = [_option(bs, unit_label(u), {"type": "battle_pick", "unit": u.uid}) for u in targets]
    if task.effect.get("up_to"):
        opts.append(_option(bs, STOP_HERE(), {"type": "battle_stop"}))
    return T.ask(seat, key, rule, question, options=opts, extra=extra)


def act_on_task(bs: BattleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Apply battle_pick / battle_stop / battle_option to the waiting head task."""
    if not bs.tasks:
        raise refuse(bs, "RW-14.4", NOTHING_WAITING())
    task = bs.tasks[0]
    kind = task.effect["kind"]
    kind_action = action["type"]
    if kind == "choose_one":
        if kind_action != "battle_option":
            raise refuse(bs, "RW-14.4.3", OPTION_FIRST(source=task.source))
        if seat != bs.seat_of(chooser_side(task)):
            raise refuse(bs, "RW-14.4.3", OTHER_CHOICE())
        options = task.effect["options"]
        index = action.get("index")
        if not isinstance(index, int) or not 0 <= index < len(options):
            raise refuse(bs, "RW-14.4.3", OPTION_RANGE(n=len(options)))
        bs.tasks.pop(0)
        _push(bs, task, list(options[index]))
        msg = CHOSE(source=task.source, seat=seat_name(seat), effects=effects_msg(list(options[index])))
        return [say(bs, "battle_option", msg)]
    if kind not in PICK_KINDS:
        raise refuse(bs, "RW-14.4", NO_UNIT_WAITING())
    rule = PICK_RULE[kind] if chooser_side(task) == target_side(task) else "RW-15.8"
    if seat != bs.seat_of(chooser_side(task)):
        raise refuse(bs, rule, OTHER_CHOOSES())
    if kind_action == "battle_stop":
        if not task.effect.get("up_to"):
            raise refuse(bs, rule, NOT_OPTIONAL(source=task.source))
        bs.tasks.pop(0)
        return [say(bs, "battle_stop", STOPS(source=task.source, seat=seat_name(seat)))]
    if kind_action != "battle_pick":
        raise refuse(bs, rule, UNIT_FIRST(source=task.source))
    uid = action.get("unit")
    legal = legal_targets(bs, task)
    target = next((u for u in legal if u.uid == uid), None)
    if target is None:
        raise refuse(bs, rule, _why_illegal(bs, task, uid))
    return apply_pick(bs, task, target)


def _filter_msg(task: Task) -> Msg:
    flt = task.effect.get("filter") or {}
    bits: list[Msg | Ref | str] = []
    state = flt.get("state", "any")
    if state != "any":
        bits.append(STATE_WORD[state]() if state in STATE_WORD else state.replace("_", " "))
    if task.effect["kind"] == "rout_units":
        bits.append(STATE_WORD["standing"]())
    if flt.get("shapes"):
        bits.append(join([SHAPE[x]() if x in SHAPE else x for x in flt["shapes"]], JOIN_SLASH))
    if flt.get("unit_types"):
        bits.append(join([Ref(kind="unit", id=x) for x in flt["unit_types"]], JOIN_SLASH))
    whose = WHOSE_OWN() if task.effect.get("side") == "own" else WHOSE_ENEMY()
    text = FILTER_UNITS_BITS(whose=whose, bits=join(bits, JOIN_SPACE)) if bits else FILTER_UNITS(whose=whose)
    if flt.get("min_health"):
        text = FILTER_MIN_HEALTH(text=text, n=int(flt["min_health"]))
    if flt.get("min_initiative"):
        text = FILTER_MIN_INITIATIVE(text=text, n=int(flt["min_initiative"]))
    if task.effect.get("distinct"):
        text = FILTER_DISTINCT(text=text)
    return text


def _why_illegal(bs: BattleState, task: Task, uid: Any) -> Msg:
    kind = task.effect["kind"]
    try:
        u = bs.unit(int(uid))
    except (KeyError, TypeError, ValueError):
        return NOT_A_UNIT()
    unit = unit_ref(u)
    if u.side != target_side(task):
        return WRONG_SIDE(unit=unit, source=task.source)
    if not u.in_battle:
        return NOT_IN_BATTLE(unit=unit)
    if chooser_side(task) != target_side(task) or not any(_matches(x, task.effect.get("filter") or {}) for x in [u]):
        return NOT_LEGAL(unit=unit, source=task.source, what=_filter_msg(task))
    if kind == "rout_units":
        if u.routed:
            return ALREADY_ROUTED(unit=unit)
        return ROUT_ORDER()
    if kind == "damage_units":
        if task.effect.get("distinct") and u.uid in task.picked:
            return DISTINCT()
        return DAMAGE_ORDER()
    if kind == "destroy_units":
        return DESTROY_ORDER()
    return CANNOT_PICK(unit=unit, source=task.source)
