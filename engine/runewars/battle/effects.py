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
from engine.runewars.battle.models import BattleState, BattleUnit, External, Side, Task, other

PICK_KINDS = ("damage_units", "rout_units", "destroy_units", "retreat_units")
VERB = {"damage_units": "damage", "rout_units": "rout", "destroy_units": "destroy", "retreat_units": "force to retreat"}
PICK_RULE = {"damage_units": "RW-15.4", "rout_units": "RW-15.3", "destroy_units": "RW-15.5", "retreat_units": "RW-16"}


def seat_name(seat: int | None) -> str:
    return "the neutrals" if seat is None else f"Seat {seat + 1}"


def side_name(bs: BattleState, side: Side) -> str:
    seat = bs.player_of(side)
    return f"the {side} ({'unallied neutrals' if seat is None else seat_name(seat)})"


def unit_label(u: BattleUnit) -> str:
    bits = []
    if u.damage:
        bits.append(f"{u.damage}/{u.health} damage")
    if u.routed:
        bits.append("routed")
    extra = f" ({', '.join(bits)})" if bits else ""
    return f"{u.name}{extra}"


def card_icons(data: Any, number: int, shape: str) -> list[tuple[str, int]]:
    card = data.destiny(number)
    return [(i.kind, i.amount) for i in card.section(shape) if i.kind != "blank"]


def draw_total(data: Any, cards: list[int], shape: str, kind: str) -> int:
    return sum(a for n in cards for k, a in card_icons(data, n, shape) if k == kind)


def describe_cards(data: Any, cards: list[int], shape: str) -> str:
    parts = []
    for n in cards:
        icons = card_icons(data, n, shape)
        face = ", ".join(f"{k} {a}" if k != "special" else "special" for k, a in icons) or "blank"
        parts.append(f"#{n} ({face})")
    return "; ".join(parts)


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


def damage_unit(bs: BattleState, u: BattleUnit, amount: int, source: str) -> list[Event]:
    u.damage += amount
    u.most_damage = max(u.most_damage, u.damage)
    text = f"{u.name} of {seat_name(u.owner)} takes {amount} damage ({source})"
    if u.damage >= u.health:  # RW-15.6
        u.destroyed = True
        text += " and is destroyed"
    bs.log.append(text)
    return [Event.to_all("battle_damage", text + ".", unit=u.uid, amount=amount, destroyed=u.destroyed)]


def rout_unit(bs: BattleState, u: BattleUnit, source: str) -> list[Event]:
    u.routed = True
    text = f"{u.name} of {seat_name(u.owner)} is routed ({source})."
    bs.log.append(text)
    return [Event.to_all("battle_rout", text, unit=u.uid)]


def destroy_unit(bs: BattleState, u: BattleUnit, source: str) -> list[Event]:
    u.destroyed = True
    text = f"{u.name} of {seat_name(u.owner)} is destroyed ({source})."
    bs.log.append(text)
    return [Event.to_all("battle_destroy", text, unit=u.uid)]


def withdraw_unit(bs: BattleState, u: BattleUnit, source: str) -> list[Event]:
    u.withdrawn = True
    u.routed = True  # RW-16.2
    text = f"{u.name} of {seat_name(u.owner)} must retreat from the battle, routed ({source})."
    bs.log.append(text)
    return [Event.to_all("battle_withdraw", text, unit=u.uid)]


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


def effect_text(effect: dict[str, Any]) -> str:
    """A short English description of an effect, for option labels and GM hand-overs."""
    kind = effect.get("kind")
    if kind == "gm":
        return str(effect.get("text"))
    if kind in PICK_KINDS:
        amount = effect.get("amount")
        n = amount if isinstance(amount, int) else "X"
        flt = effect.get("filter") or {}
        what = "/".join(flt.get("shapes") or []) or "/".join(flt.get("unit_types") or []) or ""
        whose = "your own" if effect.get("side") == "own" else "enemy"
        up = "up to " if effect.get("up_to") else ""
        noun = "damage to" if kind == "damage_units" else VERB[kind]
        if kind == "damage_units":
            return f"{n} damage to {whose} {what + ' ' if what else ''}units"
        return f"{noun} {up}{n} {whose} {what + ' ' if what else ''}unit(s)"
    if kind == "modify_strength":
        return f"{effect.get('amount'):+d} strength"
    if kind == "choose_one":
        return "choose one"
    if kind == "draw_cards":
        return f"draw {effect.get('amount', 1)} {effect.get('deck')} card(s)"
    if kind == "set_health":
        return f"{effect.get('unit_type')} health {effect.get('health')}"
    return str(kind)


def effects_text(effects: list[dict[str, Any]]) -> str:
    return "; then ".join(effect_text(e) for e in effects) or "nothing"


def dump(effect: Any) -> dict[str, Any]:
    if isinstance(effect, dict):
        return effect
    return effect.model_dump(mode="json")


# --------------------------------------------------------------------------- the queue


def run_head(bs: BattleState, data: Any, draw: Callable[[], int], events: list[Event]) -> bool:
    """Resolve the head task as far as possible. True = it waits for a player's decision."""
    task = bs.tasks[0]
    kind = task.effect["kind"]
    if kind in PICK_KINDS:
        return _run_pick(bs, task, events)
    bs.tasks.pop(0)
    if kind == "modify_strength":
        side = task.side if task.effect.get("side", "own") == "own" else other(task.side)
        bs.strength_mod[side] += int(task.effect["amount"])
        text = f"{task.source}: {side_name(bs, side)} gets {int(task.effect['amount']):+d} strength."
        events.append(Event.to_all("battle_strength_mod", text, side=side, amount=task.effect["amount"]))
    elif kind == "set_health":
        for u in bs.side_units(task.side):
            if u.kind == task.effect["unit_type"] and u.in_battle:
                u.health = int(task.effect["health"])
                if u.damage >= u.health:
                    u.destroyed = True
        text = f"{task.source}: their {task.effect['unit_type']} units have {task.effect['health']} health this battle."
        events.append(Event.to_all("battle_set_health", text))
    elif kind == "choose_one":
        bs.tasks.insert(0, task)  # stays until the chooser picks (P-42)
        return True
    elif kind == "conditional":
        holds = condition_holds(bs, task, task.effect["condition"])
        if holds is None:
            _hand_over(bs, task, f"decide whether this holds: {task.effect['condition']}")
        else:
            branch = task.effect["then"] if holds else task.effect.get("otherwise", [])
            _push(bs, task, branch)
    elif kind == "draw_cards" and task.effect.get("deck") == "destiny":
        _extra_draw(bs, task, data, draw, events)
    elif kind in ("gm", "add_units"):
        _hand_over(bs, task, effect_text(task.effect) if kind == "gm" else f"add units: {task.effect}")
        events.append(Event.to_all("battle_gm", f"{task.source}: the game master resolves this effect."))
    else:  # an effect outside the battle: the flow resolves it for the player
        seat = bs.player_of(task.side)
        if seat is not None:
            bs.external.append(
                External(
                    kind="effect",
                    rule=task.rule,
                    text=f"{task.source}: {effect_text(task.effect)}",
                    seat=seat,
                    effect=task.effect,
                )
            )
    return False


def _push(bs: BattleState, task: Task, effects: list[dict[str, Any]]) -> None:
    new = [
        Task(side=task.side, source=task.source, rule=task.rule, effect=dict(e), unit_kind=task.unit_kind)
        for e in effects
    ]
    bs.tasks[0:0] = new


def _hand_over(bs: BattleState, task: Task, what: str) -> None:
    seat = bs.player_of(task.side)
    bs.external.append(
        External(
            kind="gm",
            rule=task.rule,
            text=f"Battle in {bs.area}, {task.source}: {what}",
            public_text=f"Battle in {bs.area}: {task.source} needs the game master.",
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
    text = (
        f"{task.source}: {side_name(bs, task.side)} draws {amount} more: {describe_cards(data, cards, current.shape)}."
    )
    events.append(Event.to_all("battle_extra_draw", text, reveals=True, cards=cards, side=task.side))
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
            _hand_over(bs, task, f"{effect_text(task.effect)} (the amount depends on something outside the battle)")
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
                events.append(
                    Event.to_all(
                        "battle_no_target",
                        f"{task.source}: no unit can be picked, so the remaining {task.remaining} has no effect.",
                    )
                )
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


def task_prompt(bs: BattleState, key: str) -> Prompt | None:
    """The P-42/P-43/P-44/P-45 prompt for the waiting head task."""
    if not bs.tasks:
        return None
    task = bs.tasks[0]
    kind = task.effect["kind"]
    if kind == "choose_one":
        seat = bs.seat_of(chooser_side(task))
        opts = [
            Option(label=_clip(f"{i + 1}. {effects_text(list(o))}"), action={"type": "battle_option", "index": i})
            for i, o in enumerate(task.effect["options"])
        ]
        return Prompt(seat=seat, key=key, rule="RW-14.4.3", question=f"{task.source}: choose one.", options=opts)
    if kind not in PICK_KINDS:
        return None
    chooser = chooser_side(task)
    seat = bs.seat_of(chooser)
    targets = classes(legal_targets(bs, task))
    verb = VERB[kind]
    own = target_side(task) == chooser
    whose = "your" if own else "an enemy"
    if task.effect.get("single_target"):
        amount = f"{task.remaining} damage (all to one unit)"
    elif kind == "damage_units":
        amount = f"1 damage token ({task.remaining} left)"
    else:
        amount = f"1 unit ({task.remaining} left)"
    rule = {"damage_units": "RW-15.4", "rout_units": "RW-15.3"}.get(kind, task.rule)
    if task.rule.startswith("RW-14.4.3"):
        rule = "RW-14.4.3"
    question = f"{task.source}: choose {whose} unit to {'damage' if kind == 'damage_units' else verb}: {amount}."
    opts = [Option(label=_clip(unit_label(u)), action={"type": "battle_pick", "unit": u.uid}) for u in targets]
    if task.effect.get("up_to"):
        opts.append(Option(label="Stop here", action={"type": "battle_stop"}))
    return Prompt(seat=seat, key=key, rule=rule, question=question, options=opts)


def _clip(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def act_on_task(bs: BattleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Apply battle_pick / battle_stop / battle_option to the waiting head task."""
    if not bs.tasks:
        raise RuleViolation("RW-14.4", "Nothing in this battle is waiting for a unit or an option to be chosen.")
    task = bs.tasks[0]
    kind = task.effect["kind"]
    kind_action = action["type"]
    if kind == "choose_one":
        if kind_action != "battle_option":
            raise RuleViolation("RW-14.4.3", f"{task.source}: first choose one of the ability's options.")
        if seat != bs.seat_of(chooser_side(task)):
            raise RuleViolation("RW-14.4.3", "That choice belongs to the other player.")
        options = task.effect["options"]
        index = action.get("index")
        if not isinstance(index, int) or not 0 <= index < len(options):
            raise RuleViolation("RW-14.4.3", f"Pick an option number from 1 to {len(options)}.")
        bs.tasks.pop(0)
        _push(bs, task, list(options[index]))
        return [
            Event.to_all(
                "battle_option", f"{task.source}: {seat_name(seat)} chooses {effects_text(list(options[index]))}."
            )
        ]
    if kind not in PICK_KINDS:
        raise RuleViolation("RW-14.4", "Nothing in this battle is waiting for a unit to be chosen.")
    rule = PICK_RULE[kind] if chooser_side(task) == target_side(task) else "RW-15.8"
    if seat != bs.seat_of(chooser_side(task)):
        raise RuleViolation(rule, "The other player chooses these units.")
    if kind_action == "battle_stop":
        if not task.effect.get("up_to"):
            raise RuleViolation(rule, f"{task.source} is not optional: all of it must be allocated.")
        bs.tasks.pop(0)
        return [Event.to_all("battle_stop", f"{task.source}: {seat_name(seat)} stops there.")]
    if kind_action != "battle_pick":
        raise RuleViolation(rule, f"{task.source}: choose a unit first.")
    uid = action.get("unit")
    legal = legal_targets(bs, task)
    target = next((u for u in legal if u.uid == uid), None)
    if target is None:
        raise RuleViolation(rule, _why_illegal(bs, task, uid))
    return apply_pick(bs, task, target)


def _filter_text(task: Task) -> str:
    flt = task.effect.get("filter") or {}
    bits = []
    state = flt.get("state", "any")
    if state != "any":
        bits.append(state.replace("_", " "))
    if task.effect["kind"] == "rout_units":
        bits.append("standing")
    if flt.get("shapes"):
        bits.append("/".join(flt["shapes"]))
    if flt.get("unit_types"):
        bits.append("/".join(flt["unit_types"]))
    whose = "your own" if task.effect.get("side") == "own" else "enemy"
    text = f"{' '.join([whose] + bits)} units"
    if flt.get("min_health"):
        text += f" with at least {flt['min_health']} health"
    if flt.get("min_initiative"):
        text += f" with initiative {flt['min_initiative']} or more"
    if task.effect.get("distinct"):
        text += ", each a different unit"
    return text


def _why_illegal(bs: BattleState, task: Task, uid: Any) -> str:
    kind = task.effect["kind"]
    try:
        u = bs.unit(int(uid))
    except (KeyError, TypeError, ValueError):
        return "That is not a unit in this battle."
    if u.side != target_side(task):
        return f"{u.name} is on the wrong side for {task.source}."
    if not u.in_battle:
        return f"{u.name} is no longer taking part in the battle."
    if chooser_side(task) != target_side(task) or not any(_matches(x, task.effect.get("filter") or {}) for x in [u]):
        return f"{u.name} is not a legal target for {task.source}: it may pick {_filter_text(task)}."
    if kind == "rout_units":
        if u.routed:
            return f"{u.name} is already routed."
        return (
            "Rout an undamaged standing unit first; damaged units may be routed only when every standing unit "
            "is damaged (RW-15.3)."
        )
    if kind == "damage_units":
        if task.effect.get("distinct") and u.uid in task.picked:
            return "Each point of this damage must go to a different unit."
        return (
            "Damage must go to an already damaged standing unit first, then to any standing unit, "
            "and to routed units only when no standing unit is left (RW-15.4)."
        )
    if kind == "destroy_units":
        return "Standing units must be picked before routed ones, and only units the ability names (RW-15.5)."
    return f"{u.name} cannot be picked for {task.source}."
