"""The battle state machine (RW-14): start, automatic steps, strength, retreat, capture.

``advance_battle`` runs every step that needs no decision; the player-facing side
(prompts, actions, outcome) is in ``battle.actions``. Public interface: ``engine.runewars.battle``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event
from engine.core.text import Msg, Ref, message
from engine.runewars import text as T
from engine.runewars.battle.effects import (
    JOIN_SEMI,
    NOTHING,
    SHAPE,
    UNALLIED,
    Source,
    classes,
    describe_cards,
    draw_total,
    dump,
    join,
    run_head,
    say,
    seat_name,
    side_name,
    unit_names,
)
from engine.runewars.battle.models import (
    SIDES,
    BattleData,
    BattleOptions,
    BattleState,
    BattleStronghold,
    BattleUnit,
    DefenseDevelopment,
    Draw,
    External,
    RetreatGroup,
    Side,
    Task,
    other,
)
from engine.runewars.battle.retreat import retreat_destinations

BATTLE_BEGINS = message("rw.battle.begins", "Battle in {area}: {attacker} attacks {defender}.")
DRAW_PRIVATE = message("rw.battle.draw.private", "You draw {n} destiny card(s) for {unit} ({shape}): {cards}.")
DRAW_PUBLIC = message("rw.battle.draw.public", "Row {row}: {side} draws {n} destiny card(s) for {unit}.")
DREW_FOR = message("rw.battle.drew_for", "{side} drew for {unit}: {cards}")
REVEAL = message("rw.battle.reveal", "Reveal: {draws}.")
SPECIAL_SOURCE = message("rw.battle.special.source", "{unit} special ({special})")
SPECIAL = message("rw.battle.special", "{side}: {source}: {text}")
SPECIAL_GM = message("rw.battle.special.gm", "Battle in {area}: resolve {source}: {text}")
ICON_TOTAL = {
    "rout": message("rw.battle.total.rout", "{side}'s cards show {n} rout: {other} allocates it."),
    "damage": message("rw.battle.total.damage", "{side}'s cards show {n} damage: {other} allocates it."),
}
ICON_SOURCE = {
    "rout": message("rw.battle.total.rout_source", "{n} rout from {side}'s cards"),
    "damage": message("rw.battle.total.damage_source", "{n} damage from {side}'s cards"),
}
SIDE_WORD = {
    "attacker": message("rw.battle.side.attacker", "attacker"),
    "defender": message("rw.battle.side.defender", "defender"),
}
PART_STANDING = message("rw.battle.strength.standing", "{n} standing unit(s)")
PART_STRONGHOLD = message("rw.battle.strength.stronghold", "stronghold {n}")
PART_EFFECTS = message("rw.battle.strength.effects", "{n:+d} from effects")
STRENGTH = message(
    "rw.battle.strength", "Strength: attacker {attacker}, defender {defender} ({parts}). {winner} wins the battle."
)
STRENGTH_TIE = message(
    "rw.battle.strength_tie",
    "Strength: attacker {attacker}, defender {defender} ({parts}). {winner} wins the battle (ties go to the defender).",
)
FLIPPED = message("rw.battle.flipped", "{text} The defender's stronghold is flipped to its damaged side.")
PRE_ROUTED = message("rw.battle.pre_routed", "{unit} was routed before the battle and cannot retreat: destroyed.")
NO_RETREAT = message(
    "rw.battle.retreat.none", "{who}'s retreating units have no legal retreat and are destroyed (RW-16.1)."
)
RETREAT = message("rw.battle.retreat", "{who}'s units retreat to {area}, routed.")
RETREAT_LOSSES = message(
    "rw.battle.retreat.losses",
    "{who}'s units retreat to {area}, routed. {n} unit(s) cannot reach it and are destroyed (RW-16.3).",
)
CAPTURED = message(
    "rw.battle.stronghold.captured",
    "{seat} captures the stronghold in {area}: his own stronghold is placed there, damaged side up.",
)
STRONGHOLD_DESTROYED = message(
    "rw.battle.stronghold.destroyed", "The defender's stronghold in {area} is destroyed; {seat} places none."
)
HEALED = message("rw.battle.healed", "All damage is removed from the surviving units (RW-14.7.3).")
OVER = message("rw.battle.over", "The battle in {area} is over.")
EXCESS = message("rw.battle.excess", "{seat} has {n} unit(s) over the limit of {limit}; they must retreat.")


def _area(area: str | None) -> Ref:
    return Ref(kind="area", id=str(area))


# --------------------------------------------------------------------------- content


_DEFAULT_DATA: Any = None


def _data(ctx: Any = None, data: Any = None) -> Any:
    global _DEFAULT_DATA
    if data is not None:
        return data
    for name in ("battle_data", "content"):
        found = getattr(ctx, name, None) if ctx is not None else None
        if found is not None and not callable(found):
            return found
        if callable(found):
            return found()
    if _DEFAULT_DATA is None:
        from engine.runewars.content.loader import load_content

        _DEFAULT_DATA = load_content()
    return _DEFAULT_DATA


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if isinstance(obj, dict) and name in obj:
            return obj[name]
        if not isinstance(obj, dict) and hasattr(obj, name):
            return getattr(obj, name)
    return default


# --------------------------------------------------------------------------- start


def start_battle(
    area: str,
    attacker: int,
    defender: int | None,
    attacking_units: Sequence[Any],
    defending_units: Sequence[Any],
    *,
    stronghold: Any = None,
    development: str | None = None,
    conquer_bonus: bool = False,
    neutral_controller: int | None = None,
    attacker_faction: str | None = None,
    defender_faction: str | None = None,
    window: bool = True,
    attacker_stronghold_tokens: int = 1,
    attacker_stronghold_areas: Sequence[str] = (),
    options: BattleOptions | None = None,
    data: BattleData | None = None,
) -> BattleState:
    """Set up a battle (RW-14.1 battle marker, RW-14.2 deployment). No card is drawn yet.

    ``window=False`` skips the start-of-battle tactics window (RW-14.3): the battle goes straight
    to its rows. Otherwise it waits in phase "window" until the flow calls ``end_window``.
    """
    content = _data(None, data)
    if defender is None and neutral_controller is None:
        raise ValueError("unallied neutrals defend: neutral_controller (left of the current player) is required")
    units: list[BattleUnit] = []
    for side, group in (("attacker", attacking_units), ("defender", defending_units)):
        for raw in group:
            kind = _get(raw, "kind", "unit_type")
            ut = content.unit(kind)
            owner = _get(raw, "owner")
            neutral = bool(getattr(ut, "is_neutral", False))
            if side == "attacker" and owner != attacker:
                raise ValueError(f"attacking unit {_get(raw, 'id', 'uid')} does not fight for seat {attacker}")
            if side == "defender" and owner != defender:
                raise ValueError(f"defending unit {_get(raw, 'id', 'uid')} does not fight for the defender")
            routed = bool(_get(raw, "routed", default=False))
            units.append(
                BattleUnit(
                    uid=int(_get(raw, "id", "uid")),
                    kind=kind,
                    name=ut.name,
                    owner=owner,
                    neutral=neutral,
                    side=side,
                    shape=ut.shape,
                    health=ut.health,
                    initiative=ut.initiative,
                    traits=list(ut.traits),
                    routed=routed,
                    pre_routed=routed,
                )
            )
    bs = BattleState(
        area=area,
        attacker=attacker,
        defender=defender,
        neutral_controller=neutral_controller if defender is None else None,
        attacker_faction=attacker_faction,
        defender_faction=defender_faction,
        options=options or BattleOptions(),
        units=units,
        conquer_bonus=conquer_bonus,
        attacker_stronghold_tokens=attacker_stronghold_tokens,
        attacker_stronghold_areas=list(attacker_stronghold_areas),
        phase="window" if window else "rows",
    )
    if stronghold is not None and defender is not None and _get(stronghold, "owner") == defender:
        token = content.faction(defender_faction).stronghold if defender_faction else None
        dev = development if development is not None else _get(stronghold, "development")
        bs.stronghold = BattleStronghold(
            owner=defender,
            intact=int(_get(token, "intact", default=5)) if token is not None else 5,
            damaged_value=int(_get(token, "damaged", default=3)) if token is not None else 3,
            damaged=bool(_get(stronghold, "damaged", default=False)),
            development=dev,
        )
        if dev is not None and defender_faction:
            defense = content.faction(defender_faction).defense_development
            if dev in ("defense", defense.name, getattr(defense, "id", None)):
                effects = [dump(e) for e in defense.effects]
                bs.defense = DefenseDevelopment(
                    name=defense.name,
                    text=defense.text,
                    effects=effects,
                    discarded_after_use=defense.discarded_after_use,
                    passive=bool(effects) and all(e.get("kind") == "modify_strength" for e in effects),
                )
    who = UNALLIED() if defender is None else seat_name(defender)
    bs.log.append(T.en(BATTLE_BEGINS(area=_area(area), attacker=seat_name(attacker), defender=who)))
    return bs


def window_seats(bs: BattleState) -> list[int]:
    """Who the start-of-battle window asks, in order (RW-14.3, RW-30.4, P-40): the attacker, then
    the defender, each only with units of his own standing in the battle. Unallied neutrals have
    no player, so their controller (RW-11.7) is never asked. The flow may narrow this further
    (Runewars asks only a seat holding a start-of-battle card)."""
    seats: list[int] = []
    for side in SIDES:
        seat = bs.player_of(side)
        if seat is not None and any(u.owner == seat and u.standing for u in bs.side_units(side)):
            seats.append(seat)
    return seats


def end_window(bs: BattleState, ctx: Any) -> list[Event]:
    """The start-of-battle window has closed: the battle goes on from its rows (RW-14.4).

    Called by the flow when its response window closes; the cards played in it have already
    resolved (their effects run through ``queue_effects`` while the window was open).
    """
    if bs.phase != "window" or bs.tasks:
        raise RuntimeError("end_window: the battle is not waiting on its start-of-battle window")
    bs.phase = "rows"
    return advance_battle(bs, ctx)


def queue_effects(bs: BattleState, side: Side, effects: Sequence[Any], source: Source, rule: str = "RW-30") -> None:
    """Resolve content effects (a tactics card, a hero ability) inside this battle, next.

    ``side`` is whose effect it is. Call ``advance_battle`` afterwards.
    """
    tasks = [Task(side=side, source=source, rule=rule, effect=dump(e)) for e in effects]
    bs.tasks[0:0] = tasks


def take_external(bs: BattleState) -> list[External]:
    """Hand-overs and outside effects produced since the last call (see the module doc)."""
    out = list(bs.external)
    bs.external.clear()
    return out


# --------------------------------------------------------------------------- the machine


def eligible_types(bs: BattleState, side: Side) -> list[str]:
    """Unit types of ``side`` in the current row that still stand and have not drawn (RW-14.4.1)."""
    out: list[str] = []
    for u in bs.side_units(side):
        if u.standing and u.initiative == bs.row and u.kind not in bs.drawn_types[side] and u.kind not in out:
            out.append(u.kind)
    return out


def advance_battle(bs: BattleState, ctx: Any) -> list[Event]:
    """Run automatic steps until a player must decide or the battle is over."""
    events: list[Event] = []
    data = _data(ctx)
    for _ in range(100_000):
        if bs.tasks:
            head = bs.tasks[0]
            if head.effect["kind"].startswith("_"):
                if _run_marker(bs, head, data, ctx, events):
                    return events
                continue
            if run_head(bs, data, ctx.draw, events, getattr(ctx, "add_battle_unit", None)):
                return events
            continue
        if bs.phase == "window":  # until the flow's window closes (end_window)
            return events
        elif bs.phase == "rows":
            if _rows_step(bs, data, ctx, events):
                return events
        elif bs.phase == "end":  # the _defense/_strength markers moved us on; nothing left
            bs.phase = "retreat"
        elif bs.phase == "retreat":
            if _retreat_step(bs, ctx, events):
                return events
        elif bs.phase == "capture":
            if _capture_step(bs, events):
                return events
        elif bs.phase == "excess":
            if _excess_step(bs, ctx, events):
                return events
        else:
            return events
    raise RuntimeError("battle did not settle")  # pragma: no cover


def _rows_step(bs: BattleState, data: Any, ctx: Any, events: list[Event]) -> bool:
    if bs.choosing is None:
        if not (eligible_types(bs, "attacker") or eligible_types(bs, "defender")):
            if bs.row >= 5:  # RW-14.6: after all five rows
                bs.tasks.append(Task(side="defender", source="strength", rule="RW-14.6.1", effect={"kind": "_defense"}))
                bs.tasks.append(Task(side="defender", source="strength", rule="RW-14.6", effect={"kind": "_strength"}))
                bs.phase = "end"
                return False
            bs.row += 1
            return False
        bs.choosing = "attacker"
        bs.draws = {"attacker": None, "defender": None}
    side = bs.choosing
    if side == "resolving":  # pragma: no cover - resolving always has queued tasks
        bs.choosing = None
        return False
    types = eligible_types(bs, side)
    if len(types) > 1 or (types and not bs.options.auto_single_choice):
        return True  # P-41
    if types:
        events += _do_draw(bs, side, types[0], data, ctx)
    events += _after_choice(bs, side, data)
    return False


def _do_draw(bs: BattleState, side: Side, kind: str, data: Any, ctx: Any) -> list[Event]:
    """RW-14.4.1: one destiny card per standing unit of the type, read by its base shape."""
    drawing = [u for u in bs.side_units(side) if u.kind == kind and u.standing]
    shape = drawing[0].shape
    cards = [int(ctx.draw()) for _ in drawing]
    bs.drawn_types[side].append(kind)
    bs.draws[side] = Draw(side=side, kind=kind, shape=shape, cards=cards, units=len(drawing))
    seat = bs.seat_of(side)
    unit = Ref(kind="unit", id=kind)
    private = DRAW_PRIVATE(n=len(cards), unit=unit, shape=SHAPE[shape](), cards=describe_cards(data, cards, shape))
    public = DRAW_PUBLIC(row=bs.row, side=side_name(bs, side), n=len(cards), unit=unit)
    extra = unit_names(bs)
    return [
        T.to_seats(
            seat, "battle_draw_private", private, extra=extra, reveals=True, cards=cards, side=side, unit_type=kind
        ),
        say(bs, "battle_draw", public, side=side, unit_type=kind, count=len(cards)),
    ]


def _after_choice(bs: BattleState, side: Side, data: Any) -> list[Event]:
    if side == "attacker":
        bs.choosing = "defender"
        return []
    bs.choosing = "resolving"
    parts: list[Msg | Ref | str] = []
    for s in SIDES:
        d = bs.draws.get(s)
        if d is not None:
            unit = Ref(kind="unit", id=d.kind)
            parts.append(DREW_FOR(side=side_name(bs, s), unit=unit, cards=describe_cards(data, d.cards, d.shape)))
    revealed = {s: (d.cards if d else []) for s, d in bs.draws.items()}
    events = [say(bs, "battle_reveal", REVEAL(draws=join(parts, JOIN_SEMI, NOTHING())), reveals=True, cards=revealed)]
    tasks: list[Task] = []
    for s in SIDES:  # RW-14.4.3: the attacker's specials first
        d = bs.draws.get(s)
        if d is not None:
            for _ in range(draw_total(data, d.cards, d.shape, "special")):
                tasks.append(
                    Task(side=s, source="special", rule="RW-14.4.3", effect={"kind": "_special"}, unit_kind=d.kind)
                )
    tasks.append(Task(side="attacker", source="routs", rule="RW-14.4.4", effect={"kind": "_routs"}))
    tasks.append(Task(side="attacker", source="damage", rule="RW-14.4.5", effect={"kind": "_damage"}))
    tasks.append(Task(side="attacker", source="end", rule="RW-14.4.6", effect={"kind": "_end_iteration"}))
    bs.tasks.extend(tasks)
    return events


def _run_marker(bs: BattleState, task: Task, data: Any, ctx: Any, events: list[Event]) -> bool:
    kind = task.effect["kind"]
    if kind == "_defense":
        if bs.defense is not None and not bs.defense_decided and bs.defender is not None:
            if bs.defense.passive:  # Reinforced Walls: nothing to decide (RW-14.6.3)
                bs.defense_used = bs.defense_decided = True
                bs.tasks.pop(0)
                _queue_defense(bs)
                return False
            return True  # P-45
        bs.tasks.pop(0)
        return False
    bs.tasks.pop(0)
    if kind == "_special":
        ut = data.unit(task.unit_kind)
        special = ut.special
        source = SPECIAL_SOURCE(
            unit=Ref(kind="unit", id=str(task.unit_kind)),
            special=T.printed("unit", task.unit_kind, "special.name", special.name),
        )
        extra = {**unit_names(bs), ("unit", str(task.unit_kind)): ut.name}
        special_text = T.printed("unit", task.unit_kind, "special.text", special.text)
        said = SPECIAL(side=side_name(bs, task.side), source=source, text=special_text)
        events.append(T.to_all("battle_special", said, extra=extra))
        effects = [dump(e) for e in special.effects]
        if not effects:
            bs.external.append(
                External(
                    kind="gm",
                    rule="RW-14.4.3",
                    text=T.en(SPECIAL_GM(area=_area(bs.area), source=source, text=special_text), extra=extra),
                    msg=SPECIAL_GM(area=_area(bs.area), source=source, text=special_text),
                    seat=bs.player_of(task.side),
                )
            )
        bs.tasks[0:0] = [
            Task(side=task.side, source=source, rule="RW-14.4.3", effect=e, unit_kind=task.unit_kind) for e in effects
        ]
    elif kind in ("_routs", "_damage"):
        icon = "rout" if kind == "_routs" else "damage"
        prim = "rout_units" if kind == "_routs" else "damage_units"
        rule = "RW-14.4.4" if kind == "_routs" else "RW-14.4.5"
        new = []
        for s in SIDES:  # the attacker's icons first
            d = bs.draws.get(s)
            total = draw_total(data, d.cards, d.shape, icon) if d else 0
            if total:
                shown = ICON_TOTAL[icon](side=side_name(bs, s), n=total, other=side_name(bs, other(s)))
                events.append(say(bs, f"battle_{icon}_total", shown, side=s, amount=total))
                new.append(
                    Task(
                        side=s,
                        source=ICON_SOURCE[icon](n=total, side=SIDE_WORD[s]()),
                        rule=rule,
                        effect={"kind": prim, "amount": total, "side": "enemy", "chooser": "opponent"},
                    )
                )
        bs.tasks[0:0] = new
    elif kind == "_end_iteration":  # RW-14.4.5: discard every card drawn in this iteration
        cards = [c for d in bs.draws.values() if d is not None for c in d.cards]
        if cards:
            ctx.discard(cards)
        bs.draws = {"attacker": None, "defender": None}
        bs.choosing = None
        bs.iteration += 1
    elif kind == "_strength":
        _strength(bs, events)
    return False


def _queue_defense(bs: BattleState) -> None:
    assert bs.defense is not None
    bs.tasks[0:0] = [
        Task(side="defender", source=bs.defense.name, rule="RW-19.4", effect=dict(e)) for e in bs.defense.effects
    ]


def _count_strength(bs: BattleState, side: Side) -> int:
    units = bs.side_units(side)
    if bs.options.count_routed_in_strength:
        return sum(1 for u in units if u.in_battle)
    return sum(1 for u in units if u.standing)  # RW-14.6.2, AMB-1


def _strength(bs: BattleState, events: list[Event]) -> None:
    """RW-14.6 strength, RW-14.6.4 stronghold damage, RW-14.7 winner (ties to the defender)."""
    att = _count_strength(bs, "attacker")
    dfn = _count_strength(bs, "defender")
    parts_d: list[Msg] = [PART_STANDING(n=dfn)]
    sh = bs.stronghold
    if sh is not None:
        value = sh.value
        if bs.conquer_bonus:  # RW-18.3.2, AMB-40
            value = max(0, value - 3)
        dfn += value
        parts_d.append(PART_STRONGHOLD(n=value))
    att_total = max(0, att + bs.strength_mod["attacker"])
    dfn_total = max(0, dfn + bs.strength_mod["defender"])
    if bs.strength_mod["defender"]:
        parts_d.append(PART_EFFECTS(n=bs.strength_mod["defender"]))
    bs.strength = {"attacker": att_total, "defender": dfn_total}
    bs.winner = "attacker" if att_total > dfn_total else "defender"  # RW-14.7: ties to the defender
    if sh is not None:
        survivors = [
            u for u in bs.side_units("attacker") if (u.in_battle if bs.options.flip_on_any_survivor else u.standing)
        ]
        if survivors and not sh.damaged:  # RW-14.6.4, AMB-2, AMB-3
            sh.damaged = True
            bs.stronghold_flipped = True
    said = STRENGTH_TIE if att_total == dfn_total else STRENGTH
    msg = said(attacker=att_total, defender=dfn_total, parts=list(parts_d), winner=side_name(bs, bs.winner))
    if bs.stronghold_flipped:
        msg = FLIPPED(text=msg)
    events.append(say(bs, "battle_strength", msg, log=True, strength=dict(bs.strength), winner=bs.winner))
    _build_retreats(bs, events)
    bs.phase = "retreat"


def _build_retreats(bs: BattleState, events: list[Event]) -> None:
    """RW-14.7.1: the loser's battle units retreat; his units routed before the battle are destroyed."""
    assert bs.winner is not None
    loser = other(bs.winner)
    for u in bs.side_units(loser):
        if u.pre_routed and not u.destroyed:
            u.destroyed = True
            events.append(say(bs, "battle_destroy", PRE_ROUTED(unit=Ref(kind="unit", id=u.kind)), unit=u.uid))
    for side, reason in ((loser, "lost"), (bs.winner, "withdrawn")):
        members = [
            u.uid
            for u in bs.side_units(side)
            if not u.destroyed and not u.pre_routed and (u.withdrawn or (reason == "lost" and u.in_battle))
        ]
        if members:
            seat = bs.player_of(side)
            bs.retreats.append(
                RetreatGroup(
                    seat=seat,
                    decider=bs.seat_of(side),
                    reason=reason,
                    rule="RW-16.1.2" if seat is None else "RW-16.1.1",
                    units=members,
                )
            )


def _open_group(bs: BattleState) -> RetreatGroup | None:
    for g in bs.retreats:
        if not g.done:
            return g
    return None


def _compute_group(bs: BattleState, g: RetreatGroup, ctx: Any) -> None:
    flyers = [bs.unit(uid).flying for uid in g.units]
    areas, reach = retreat_destinations(bs.area, g.seat, flyers, ctx)
    g.options = areas
    g.reach = {a: [g.units[i] for i in idx] for a, idx in reach.items()}
    g.computed = True


def _settle_group(bs: BattleState, g: RetreatGroup, area: str | None, events: list[Event]) -> None:
    """Move the group: members that reach ``area`` are routed there (RW-16.2), the rest destroyed."""
    reached = set(g.reach.get(area, [])) if area else set()
    g.destination = area
    for uid in g.units:
        u = bs.unit(uid)
        if uid in reached:
            u.routed = True
            u.withdrawn = True  # out of the contested area
        else:
            u.destroyed = True
            g.destroyed.append(uid)
    g.done = True
    who = seat_name(g.seat)
    if area is None:
        msg = NO_RETREAT(who=who)
    elif g.destroyed:
        msg = RETREAT_LOSSES(who=who, area=_area(area), n=len(g.destroyed))
    else:
        msg = RETREAT(who=who, area=_area(area))
    events.append(say(bs, "battle_retreat", msg, log=True, area=area, units=list(g.units), destroyed=list(g.destroyed)))


def _retreat_step(bs: BattleState, ctx: Any, events: list[Event]) -> bool:
    g = _open_group(bs)
    if g is None:
        bs.phase = "capture"
        return False
    if not g.computed:
        _compute_group(bs, g, ctx)
    if not g.options:
        _settle_group(bs, g, None, events)
        return False
    if len(g.options) == 1 and bs.options.auto_single_choice:
        _settle_group(bs, g, g.options[0], events)
        return False
    return True  # P-46 / P-38


def _capture_step(bs: BattleState, events: list[Event]) -> bool:
    """RW-14.7.2 capture (P-47), then RW-14.7.3 healing."""
    sh = bs.stronghold
    if sh is not None and bs.stronghold_result == "none":
        if bs.winner == "defender":
            bs.stronghold_result = "held"
        elif bs.attacker_stronghold_tokens > 0:
            bs.stronghold_result = "captured"
        elif bs.attacker_stronghold_areas:
            return True  # P-47
        else:
            bs.stronghold_result = "destroyed"
        if bs.stronghold_result != "held":
            events.append(_capture_event(bs))
    _heal(bs, events)
    bs.phase = "excess"
    return False


def _capture_event(bs: BattleState) -> Event:
    said = CAPTURED if bs.stronghold_result == "captured" else STRONGHOLD_DESTROYED
    msg = said(seat=seat_name(bs.attacker), area=_area(bs.area))
    return say(bs, "battle_stronghold", msg, result=bs.stronghold_result)


def _heal(bs: BattleState, events: list[Event]) -> None:
    healed = [u.uid for u in bs.units if u.damage and not u.destroyed]
    for u in bs.units:
        if not u.destroyed:
            u.damage = 0
    bs.healed = healed
    if healed:
        events.append(say(bs, "battle_heal", HEALED(), units=healed))


def _excess_candidates(bs: BattleState) -> list[BattleUnit]:
    picked = {uid for g in bs.retreats if g.reason == "excess" for uid in g.units}
    return [u for u in bs.side_units("attacker") if u.in_battle and u.uid not in picked]


def _excess_step(bs: BattleState, ctx: Any, events: list[Event]) -> bool:
    """RW-10.9.3 (P-48): an attacking winner's units over 8 retreat."""
    g = next((x for x in bs.retreats if x.reason == "excess"), None)
    if g is None:
        over = len(_excess_candidates(bs)) - bs.options.area_limit
        if bs.winner != "attacker" or over <= 0:
            bs.phase = "done"
            events.append(say(bs, "battle_over", OVER(area=_area(bs.area)), winner=bs.winner))
            return False
        g = RetreatGroup(seat=bs.attacker, decider=bs.attacker, reason="excess", rule="RW-10.9.3", to_pick=over)
        bs.retreats.append(g)
        shown = EXCESS(seat=seat_name(bs.attacker), n=over, limit=bs.options.area_limit)
        events.append(say(bs, "battle_excess", shown))
    if g.to_pick > 0:
        reps = classes(_excess_candidates(bs))
        if len(reps) == 1 and bs.options.auto_single_choice:
            g.units.append(reps[0].uid)
            g.to_pick -= 1
            return False
        return True  # P-48, which units
    if not g.done:
        if not g.computed:
            _compute_group(bs, g, ctx)
        if not g.options:
            _settle_group(bs, g, None, events)
        elif len(g.options) == 1 and bs.options.auto_single_choice:
            _settle_group(bs, g, g.options[0], events)
        else:
            return True  # P-48, where
        return False
    bs.phase = "done"
    events.append(say(bs, "battle_over", OVER(area=_area(bs.area)), winner=bs.winner))
    return False
