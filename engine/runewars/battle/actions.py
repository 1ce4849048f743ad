"""Battle decisions: action models, prompts (P-40..P-48), applying actions, the outcome, views.

Public interface: ``engine.runewars.battle``.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Msg, Ref, message
from engine.core.validation_text import explain_msg
from engine.runewars import text as T
from engine.runewars.battle.effects import (
    SHAPE,
    act_on_task,
    classes,
    refuse,
    say,
    seat_name,
    task_prompt,
    unit_label,
    unit_names,
)
from engine.runewars.battle.flow import (
    _after_choice,
    _capture_event,
    _data,
    _do_draw,
    _excess_candidates,
    _open_group,
    _queue_defense,
    _settle_group,
    advance_battle,
    eligible_types,
)
from engine.runewars.battle.models import BattleOutcome, BattleState, RetreatGroup, Side, other

# --------------------------------------------------------------------------- actions


class _A(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BattlePassWindow(_A):
    """The pass answer of the start-of-battle window; the flow's response window takes it (P-40)."""

    type: Literal["battle_pass_window"]


class BattleChooseType(_A):
    type: Literal["battle_choose_type"]
    unit_type: str


class BattlePick(_A):
    type: Literal["battle_pick"]
    unit: int


class BattleStop(_A):
    type: Literal["battle_stop"]


class BattleOption(_A):
    type: Literal["battle_option"]
    index: int


class BattleDefense(_A):
    type: Literal["battle_defense"]
    use: bool


class BattleRetreat(_A):
    type: Literal["battle_retreat"]
    area: str


class BattleCapture(_A):
    type: Literal["battle_capture"]
    remove_from: str | None = None


BATTLE_ACTIONS = (
    BattlePassWindow,
    BattleChooseType,
    BattlePick,
    BattleStop,
    BattleOption,
    BattleDefense,
    BattleRetreat,
    BattleCapture,
)
BattleAction = Annotated[Union[BATTLE_ACTIONS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007 - a Union built from a tuple
_ADAPTER: TypeAdapter[Any] = TypeAdapter(BattleAction)


# --------------------------------------------------------------------------- messages
WINDOW_Q = message(
    "rw.battle.window.question",
    "Start of the battle in {area}: play any start-of-battle tactics cards or abilities, then pass.",
)
WINDOW_PASS = message("rw.battle.window.pass", "Pass (no more start-of-battle cards)")
TYPE_OPTION = message("rw.battle.type_option", "{unit} x{n} ({shape})")
TYPE_Q = message("rw.battle.type_question", "Initiative row {row}: which of your unit types draws next?")
CAPTURE_REMOVE = message("rw.battle.capture.remove", "Remove your stronghold in {area} and place one here")
CAPTURE_NONE = message("rw.battle.capture.none", "Place no stronghold here")
CAPTURE_Q = message(
    "rw.battle.capture.question",
    "All your stronghold tokens are on the board. Remove one to place a damaged stronghold in {area}?",
)
EXCESS_Q = message(
    "rw.battle.excess.question", "You have units over the limit in {area}: choose a unit to retreat ({n} more)."
)
DEFENSE_Q = message("rw.battle.defense.question", "Use your {defense} in {area}? {text}")
DEFENSE_USE = message("rw.battle.defense.use", "Use {defense}")
DEFENSE_SKIP = message("rw.battle.defense.skip", "Do not use it")
RETREAT_TO = message("rw.battle.retreat.to", "Retreat to {area}")
RETREAT_TO_LOSSES = message(
    "rw.battle.retreat.to_losses", "Retreat to {area} ({n} unit(s) cannot reach it and are destroyed)"
)
RETREAT_Q_OWN = message("rw.battle.retreat.question_own", "Where do your {n} retreating unit(s) from {area} go?")
RETREAT_Q_NEUTRAL = message(
    "rw.battle.retreat.question_neutral", "Where do the neutrals' {n} retreating unit(s) from {area} go?"
)
NOT_UNDERSTOOD = message("rw.battle.refused.not_understood", "That battle action is not understood. {why}")
BATTLE_OVER = message("rw.battle.refused.over", "This battle is already over.")
WAITING_ON = message("rw.battle.waiting_on", "{seat} ({rule})")
NOBODY = message("rw.battle.nobody", "nobody")
NOT_YOURS = message("rw.battle.refused.not_yours", "It is not your decision in this battle: waiting on {waiting}.")
WRONG_DECISION = message("rw.battle.refused.wrong_decision", "The battle is waiting for another decision: {question}")
DEFENSE_UNUSED = message("rw.battle.defense.unused", "The defender does not use the {defense}.")
DEFENSE_USED = message("rw.battle.defense.used", "The defender uses the {defense}: {text}")
PASSES = message("rw.battle.passes", "{seat} passes at the start of the battle.")
TYPE_REFUSED = message(
    "rw.battle.refused.type",
    "Only a unit type in initiative row {row} that still has standing units and has not drawn "
    "in this battle may draw now: {types}.",
)
RETREAT_REFUSED = message(
    "rw.battle.refused.retreat",
    "Retreat must go to one adjacent area: a friendly one if possible, otherwise an empty one, "
    "that the units can reach; unallied neutrals go to an area no player controls. "
    "Legal here: {areas}.",
)
EXCESS_REFUSED = message(
    "rw.battle.refused.excess_unit", "Choose one of your surviving battle units in the contested area."
)
CAPTURE_REFUSED = message("rw.battle.refused.capture", "You can only remove one of your own strongholds.")
NOT_WAITING_ON = message("rw.battle.refused.not_waiting_on", "The battle is not waiting on {seat}.")


def _area(area: str) -> Ref:
    return Ref(kind="area", id=area)


def _option(bs: BattleState, label: Msg, action: dict[str, Any], *, at: str | None = None) -> Option:
    return T.option(label, action, limit=80, extra=unit_names(bs), at=at)


# --------------------------------------------------------------------------- prompts


def _key(bs: BattleState) -> str:
    return f"battle:{bs.area}:{bs.seq}"


def window_prompt(bs: BattleState, seat: int, key: str) -> Prompt:
    """The start-of-battle window's question to one asked seat (RW-14.3, P-40): only the pass.

    The flow asks the seats on its response window and adds the tactics cards the seat may play;
    ``key`` is that window's key.
    """
    return T.ask(
        seat,
        key,
        "RW-14.3",
        WINDOW_Q(area=_area(bs.area)),
        options=[_option(bs, WINDOW_PASS(), {"type": "battle_pass_window"})],
        default={"type": "battle_pass_window"},
    )


def window_pass(bs: BattleState, seat: int, action: dict[str, Any] | None = None) -> Event:
    """``seat`` passes in the start-of-battle window (P-40): the battle's public line saying so.

    ``action``, if given, is the raw ``battle_pass_window`` answer, checked here like every battle
    action (CORE-2) before the flow records the pass.
    """
    if action is not None:
        try:
            BattlePassWindow.model_validate(action)
        except ValidationError as exc:
            raise T.violation("CORE-2", NOT_UNDERSTOOD(why=explain_msg(exc))) from exc
    if bs.phase != "window":
        raise RuntimeError("window_pass: the battle's start-of-battle window is not open")
    return say(bs, "battle_pass", PASSES(seat=seat_name(seat)))


def battle_prompts(bs: BattleState, ctx: Any = None) -> list[Prompt]:
    """The one decision the battle waits on (empty when it waits on nothing or is over).

    In phase "window" with nothing queued the battle waits on the flow's window, not on a seat.
    """
    key = _key(bs)
    if bs.tasks:
        head = bs.tasks[0]
        if head.effect["kind"] == "_defense" and bs.defense is not None:
            return [_defense_prompt(bs, key)]
        p = task_prompt(bs, key)
        return [p] if p is not None else []
    if bs.phase == "rows" and bs.choosing in ("attacker", "defender"):
        side: Side = bs.choosing
        types = eligible_types(bs, side)
        if not types:
            return []
        opts = []
        for kind in types:
            group = [u for u in bs.side_units(side) if u.kind == kind and u.standing]
            label = TYPE_OPTION(unit=Ref(kind="unit", id=kind), n=len(group), shape=SHAPE[group[0].shape]())
            opts.append(_option(bs, label, {"type": "battle_choose_type", "unit_type": kind}))
        return [
            T.ask(
                bs.seat_of(side),
                key,
                "RW-14.4.1" if side == "attacker" else "RW-14.4.2",
                TYPE_Q(row=bs.row),
                options=opts,
            )
        ]
    if bs.phase == "retreat":
        g = _open_group(bs)
        if g is not None and g.computed and g.options:
            return [_retreat_prompt(bs, g, key)]
    if bs.phase == "capture" and bs.winner == "attacker":
        opts = [
            _option(bs, CAPTURE_REMOVE(area=_area(a)), {"type": "battle_capture", "remove_from": a})
            for a in bs.attacker_stronghold_areas
        ]
        opts.append(_option(bs, CAPTURE_NONE(), {"type": "battle_capture", "remove_from": None}))
        return [
            T.ask(
                bs.attacker,
                key,
                "RW-14.7.2",
                CAPTURE_Q(area=_area(bs.area)),
                options=opts,
                default={"type": "battle_capture", "remove_from": None},
            )
        ]
    if bs.phase == "excess":
        g = next((x for x in bs.retreats if x.reason == "excess"), None)
        if g is not None and g.to_pick > 0:
            reps = classes(_excess_candidates(bs))
            return [
                T.ask(
                    bs.attacker,
                    key,
                    "RW-10.9.3",
                    EXCESS_Q(area=_area(bs.area), n=g.to_pick),
                    options=[_option(bs, unit_label(u), {"type": "battle_pick", "unit": u.uid}) for u in reps],
                    extra=unit_names(bs),
                )
            ]
        if g is not None and not g.done and g.computed and g.options:
            return [_retreat_prompt(bs, g, key)]
    return []


def _defense_prompt(bs: BattleState, key: str) -> Prompt:
    assert bs.defense is not None and bs.defender is not None
    return T.ask(
        bs.defender,
        key,
        "RW-19.4",
        DEFENSE_Q(defense=bs.defense.name, area=_area(bs.area), text=bs.defense.text),
        options=[
            _option(bs, DEFENSE_USE(defense=bs.defense.name), {"type": "battle_defense", "use": True}),
            _option(bs, DEFENSE_SKIP(), {"type": "battle_defense", "use": False}),
        ],
        default={"type": "battle_defense", "use": False},
    )


def _retreat_prompt(bs: BattleState, g: RetreatGroup, key: str) -> Prompt:
    opts = []
    for a in g.options:
        n = len(g.reach.get(a, []))
        label = RETREAT_TO(area=_area(a)) if n == len(g.units) else RETREAT_TO_LOSSES(area=_area(a), n=len(g.units) - n)
        opts.append(_option(bs, label, {"type": "battle_retreat", "area": a}, at=a))
    question = RETREAT_Q_NEUTRAL if g.seat is None else RETREAT_Q_OWN
    rule = {"lost": "RW-14.7.1", "withdrawn": "RW-16.1", "excess": "RW-10.9.3"}[g.reason]
    if g.seat is None:
        rule = "RW-16.1.2"
    return T.ask(g.decider, key, rule, question(n=len(g.units), area=_area(bs.area)), options=opts)


# --------------------------------------------------------------------------- apply


def apply_battle(bs: BattleState, seat: int, action: dict[str, Any] | BaseModel, ctx: Any) -> list[Event]:
    """Validate and apply one battle action; then run the automatic steps that follow.

    Mutates ``bs``. A ``RuleViolation`` is raised before anything changes.
    """
    raw = action.model_dump() if isinstance(action, BaseModel) else action
    try:
        parsed = _ADAPTER.validate_python(raw)
    except ValidationError as exc:
        raise T.violation("CORE-2", NOT_UNDERSTOOD(why=explain_msg(exc))) from exc
    prompts = battle_prompts(bs)
    if bs.phase == "done":
        raise refuse(bs, "RW-14.7", BATTLE_OVER())
    mine = [p for p in prompts if p.seat == seat]
    if not mine:
        waiting: Any = [WAITING_ON(seat=seat_name(p.seat), rule=p.rule) for p in prompts] or NOBODY()
        raise refuse(bs, prompts[0].rule if prompts else "RW-14", NOT_YOURS(waiting=waiting))
    prompt = mine[0]
    events = _dispatch(bs, seat, parsed, raw, prompt, ctx)
    bs.seq += 1
    events += advance_battle(bs, ctx)
    return events


def _wrong(prompt: Prompt) -> RuleViolation:
    question: Msg | str = prompt.msg if prompt.msg is not None else prompt.question
    return RuleViolation(
        prompt.rule,
        f"The battle is waiting for another decision: {prompt.question}",
        msg=WRONG_DECISION(question=question),
    )


def _dispatch(bs: BattleState, seat: int, parsed: Any, raw: dict[str, Any], prompt: Prompt, ctx: Any) -> list[Event]:
    data = _data(ctx)
    if bs.tasks:
        head = bs.tasks[0]
        if head.effect["kind"] == "_defense":
            if not isinstance(parsed, BattleDefense):
                raise _wrong(prompt)
            bs.tasks.pop(0)
            assert bs.defense is not None
            bs.defense_decided = True
            bs.defense_used = parsed.use
            if not parsed.use:
                return [say(bs, "battle_defense", DEFENSE_UNUSED(defense=bs.defense.name))]
            _queue_defense(bs)
            return [say(bs, "battle_defense", DEFENSE_USED(defense=bs.defense.name, text=bs.defense.text))]
        if not isinstance(parsed, (BattlePick, BattleStop, BattleOption)):
            raise _wrong(prompt)
        return act_on_task(bs, seat, raw)
    if bs.phase == "rows":
        if not isinstance(parsed, BattleChooseType):
            raise _wrong(prompt)
        side: Side = bs.choosing  # type: ignore[assignment]
        types = eligible_types(bs, side)
        if parsed.unit_type not in types:
            rule = "RW-14.4.1" if side == "attacker" else "RW-14.4.2"
            names = [Ref(kind="unit", id=t) for t in types]
            raise refuse(bs, rule, TYPE_REFUSED(row=bs.row, types=names))
        events = _do_draw(bs, side, parsed.unit_type, data, ctx)
        return events + _after_choice(bs, side, data)
    if bs.phase in ("retreat", "excess") and isinstance(parsed, BattleRetreat):
        g = _open_group(bs) if bs.phase == "retreat" else next((x for x in bs.retreats if x.reason == "excess"), None)
        if g is None or not g.computed or g.to_pick > 0:
            raise _wrong(prompt)
        if parsed.area not in g.options:
            raise refuse(bs, g.rule, RETREAT_REFUSED(areas=[_area(a) for a in g.options]))
        events = []
        _settle_group(bs, g, parsed.area, events)
        return events
    if bs.phase == "excess" and isinstance(parsed, BattlePick):
        g = next((x for x in bs.retreats if x.reason == "excess"), None)
        if g is None or g.to_pick <= 0:
            raise _wrong(prompt)
        if parsed.unit not in {u.uid for u in _excess_candidates(bs)}:
            raise refuse(bs, "RW-10.9.3", EXCESS_REFUSED())
        g.units.append(parsed.unit)
        g.to_pick -= 1
        return []
    if bs.phase == "capture" and isinstance(parsed, BattleCapture):
        if parsed.remove_from is not None and parsed.remove_from not in bs.attacker_stronghold_areas:
            raise refuse(bs, "RW-14.7.2", CAPTURE_REFUSED())
        if parsed.remove_from is None:
            bs.stronghold_result = "destroyed"
        else:
            bs.stronghold_result = "captured"
            bs.stronghold_removed_from = parsed.remove_from
        events = [_capture_event(bs)]
        return events
    raise _wrong(prompt)


# --------------------------------------------------------------------------- results and helpers


def battle_finished(bs: BattleState) -> BattleOutcome | None:
    """The outcome once every battle decision is made (RW-14.7), else None."""
    if bs.phase != "done" or bs.winner is None or bs.strength is None:
        return None
    final_area: dict[int, str] = {}
    dest: dict[int, str] = {}
    for g in bs.retreats:
        if g.destination:
            for uid in g.units:
                if uid not in g.destroyed:
                    dest[uid] = g.destination
    fate: dict[int, Literal["standing", "routed", "destroyed"]] = {}
    for u in bs.units:
        if u.destroyed:
            fate[u.uid] = "destroyed"
            continue
        fate[u.uid] = "routed" if u.routed else "standing"
        final_area[u.uid] = dest.get(u.uid, bs.area)
    sh = bs.stronghold
    return BattleOutcome(
        area=bs.area,
        winner=bs.winner,
        loser=other(bs.winner),
        winner_seat=bs.player_of(bs.winner),
        loser_seat=bs.player_of(other(bs.winner)),
        strength=dict(bs.strength),
        fate=fate,
        final_area=final_area,
        destroyed=[u.uid for u in bs.units if u.destroyed],
        routed=[u.uid for u in bs.units if not u.destroyed and u.routed],
        most_damage={u.uid: u.most_damage for u in bs.units if u.most_damage},
        healed=list(bs.healed),
        stronghold_damaged=bs.stronghold_flipped,
        stronghold_result=bs.stronghold_result,
        stronghold_removed_from=bs.stronghold_removed_from,
        development_lost=bool(sh and sh.development and bs.stronghold_result in ("captured", "destroyed")),
        defense_discarded=bool(bs.defense and bs.defense_used and bs.defense.discarded_after_use),
        retreats=[g.model_copy(deep=True) for g in bs.retreats],
    )


def sample_battle_action(bs: BattleState, seat: int, rng: random.Random) -> dict[str, Any]:
    """A random legal action for ``seat`` (every battle prompt is enumerable)."""
    for p in battle_prompts(bs):
        if p.seat == seat and p.options:
            return dict(rng.choice(p.options).action)
    raise T.violation("CORE-1", NOT_WAITING_ON(seat=seat_name(seat)))


def battle_view(bs: BattleState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None = the public) may see of the battle (Hidden information map)."""
    hide_attacker = bs.choosing == "defender" and seat != bs.attacker
    draws: dict[str, Any] = {}
    for s, d in bs.draws.items():
        if d is None:
            draws[s] = None
        elif s == "attacker" and hide_attacker:
            draws[s] = {"unit_type": d.kind, "count": len(d.cards), "cards": None}
        else:
            draws[s] = {"unit_type": d.kind, "count": len(d.cards), "cards": list(d.cards)}
    return {
        "area": bs.area,
        "attacker": bs.attacker,
        "defender": bs.defender,
        "neutral_controller": bs.neutral_controller,
        "phase": bs.phase,
        "row": bs.row,
        "units": [
            {
                "uid": u.uid,
                "kind": u.kind,
                "name": u.name,
                "owner": u.owner,
                "side": u.side,
                "damage": u.damage,
                "health": u.health,
                "routed": u.routed,
                "in_battle": u.in_battle,
                "destroyed": u.destroyed,
            }
            for u in bs.units
        ],
        "drawn_types": {k: list(v) for k, v in bs.drawn_types.items()},
        "draws": draws,
        "stronghold": bs.stronghold.model_dump() if bs.stronghold else None,
        "strength": dict(bs.strength) if bs.strength else None,
        "winner": bs.winner,
        "log": list(bs.log[-20:]),
    }
