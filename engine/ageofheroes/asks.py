"""Prompts (spec §4): what the game waits for, one builder per decision step of the flow.

Each builder is registered on the game's ``FLOW`` with the action types that answer it, so
adding a decision means adding a step kind here and its handler in the rule module.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core import Option, Prompt, RuleViolation

from . import cards as C
from .actions import Assign, DeclareWar, PlunderPick, TradeOffer
from .build import auto_payment, check_item, eliminates, general_targets, road_targets
from .events_cards import quake_targets, volcano_targets
from .flow import FLOW, decision, window
from .state import AohState, Frame
from .table import cards_of_kind, seat_name, surviving
from .war import can_war, war_targets

_SCHEMAS: dict[str, dict[str, Any]] = {}


# What the table's form button says for each structured answer ("x-form-label").
FORM_LABELS = {
    "TradeOffer": "Make an offer…",
    "DeclareWar": "Other declaration…",
    "Assign": "Place cards another way…",
    "PlunderPick": "Pick other positions…",
}


def schema(model: Any) -> dict[str, Any]:
    name = model.__name__
    if name not in _SCHEMAS:
        out = model.model_json_schema()
        if name in FORM_LABELS:
            out["x-form-label"] = FORM_LABELS[name]
        _SCHEMAS[name] = out
    return _SCHEMAS[name]


def _opt(label: str, **action: Any) -> Option:
    return Option(label=label[:80], action=action)


def _action_options(state: AohState, seat: int, *, switching: bool = False) -> list[Option]:
    p = state.p(seat)
    out: list[Option] = []
    if p.cities > 0 or p.hand:
        out.append(_opt(f"Tax ({p.cities} card(s))" if p.cities else "Tax (swap a card)", type="action", choice="tax"))
    if not switching:
        out.append(_opt("Build", type="action", choice="build"))
    if can_war(state, seat):
        out.append(_opt("War", type="action", choice="war"))
    out.append(_opt("No action", type="action", choice="none"))
    return out


def build_options(state: AohState, seat: int) -> list[Option]:
    p = state.p(seat)
    out: list[Option] = []
    for item in ("army", "fortress", "general", "road", "city"):
        pay = auto_payment(state, item, p.hand)
        if pay is None:
            continue
        confirm = eliminates(state, seat, pay)
        warn = " (eliminates you!)" if confirm else ""
        extras: list[dict[str, Any]] = [{}]
        if item == "general":
            extras = [{"army": a} for a in general_targets(state, seat)]
        if item == "road":
            extras = [{"neighbour": n} for n in road_targets(state, seat)]
        for extra in extras:
            try:
                check_item(state, seat, item, extra.get("army"), extra.get("neighbour"))
            except RuleViolation:  # this target is not buildable now: no button for it
                continue
            where = (
                f" on {extra['army']}"
                if "army" in extra
                else (f" to {seat_name(state, extra['neighbour'])}" if "neighbour" in extra else "")
            )
            out.append(
                _opt(
                    f"Build {item}{where}: {C.names(pay)}{warn}",
                    type="build",
                    item=item,
                    pay=pay,
                    confirm=confirm,
                    **extra,
                )
            )
    out.append(_opt("Finish building", type="finish_build"))
    return out


def declare_options(state: AohState, seat: int) -> list[Option]:
    p = state.p(seat)
    armies = [a.id for a in p.available()]
    hero = bool(cards_of_kind(p, "mighty_hero"))
    out: list[Option] = []
    for t in war_targets(state, seat):
        for purpose in ("conquest", "plunder", "raze"):
            if armies:
                out.append(
                    _opt(
                        f"{purpose.title()} on {seat_name(state, t)} with all {len(armies)} army(ies)",
                        type="declare_war",
                        target=t,
                        purpose=purpose,
                        armies=armies,
                        heroes=[],
                    )
                )
            elif hero:
                out.append(
                    _opt(
                        f"{purpose.title()} on {seat_name(state, t)} with a Mighty Hero as army",
                        type="declare_war",
                        target=t,
                        purpose=purpose,
                        armies=[],
                        heroes=[{"use": "army", "army": None}],
                    )
                )
    out.append(_opt("Cancel (choose another action)", type="cancel_war"))
    return out


def response_options(state: AohState, seat: int) -> list[Option]:
    b = state.battle
    assert b is not None
    p = state.p(seat)
    out = [_opt("No special cards", type="respond", play="none", heroes=[])]
    if cards_of_kind(p, "olympic_games"):
        out.append(_opt("Play Olympic Games (cancel the attack)", type="respond", play="olympic_games", heroes=[]))
    if b.attacker < 0 and cards_of_kind(p, "luck"):
        out.append(_opt("Play Luck (send the Barbarians away)", type="respond", play="luck", heroes=[]))
    if cards_of_kind(p, "mighty_hero"):
        out.append(
            _opt("Mighty Hero as an extra army", type="respond", play="none", heroes=[{"use": "army", "army": None}])
        )
        for a in p.available():
            if not a.general:
                out.append(
                    _opt(
                        f"Mighty Hero as general of {a.id}",
                        type="respond",
                        play="none",
                        heroes=[{"use": "general", "army": a.id}],
                    )
                )
    return out


def assign_options(state: AohState, seat: int) -> list[Option]:
    b = state.battle
    assert b is not None
    side = "att" if b.attacker == seat else "dfn"
    units = b.units(side)
    drawn = list(b.att_drawn if side == "att" else b.def_drawn)
    strong = sorted(drawn, key=C.battle_value, reverse=True)
    by_general = sorted(units, key=lambda u: not u.has_general)
    arrangements = [
        ("As drawn", {u.id: c for u, c in zip(units, drawn, strict=False)}),
        ("Highest cards on armies with a General", {u.id: c for u, c in zip(by_general, strong, strict=False)}),
        ("Lowest cards first", {u.id: c for u, c in zip(units, reversed(strong), strict=False)}),
    ]
    out: list[Option] = []
    seen: list[dict[str, str]] = []
    for label, mapping in arrangements:
        if mapping in seen:
            continue
        seen.append(mapping)
        shown = ", ".join(f"{u}←{C.battle_value(c)}" for u, c in mapping.items())
        out.append(_opt(f"{label}: {shown}", type="assign", cards=mapping))
    return out


def trade_options(state: AohState, seat: int) -> list[Option]:
    """Short labels (buttons); the deals themselves are spelled out in ``trade_question``."""
    out: list[Option] = []
    for o in state.trade.incoming(seat):
        out.append(_opt(f"Accept #{o.id} from seat {o.frm + 1}", type="trade_accept", offer=o.id))
        out.append(_opt(f"Decline #{o.id}", type="trade_decline", offer=o.id))
    for o in state.trade.outgoing(seat):
        out.append(_opt(f"Withdraw #{o.id}", type="trade_withdraw", offer=o.id))
    if state.steps and state.steps[0].kind == "trade":
        if seat in state.trade.done:
            out.append(_opt("Not done: keep trading", type="trade_done", done=False))
        else:
            out.append(_opt("Done trading", type="trade_done", done=True))
    return out


def trade_question(state: AohState, seat: int, head: str) -> str:
    """The trade prompt's text (sent only to ``seat`` by DM): its hand and the offers it is party to."""
    lines = [head, f"Your hand: {C.names(sorted(state.p(seat).hand, key=C.kind))}."]
    for o in state.trade.incoming(seat):
        lines.append(
            f"Offer #{o.id} from {seat_name(state, o.frm)}: you get {C.names(o.give)}, you give {C.names(o.get)}."
        )
    for o in state.trade.outgoing(seat):
        lines.append(
            f"Your offer #{o.id} to {seat_name(state, o.to)}: you give {C.names(o.give)}, you get {C.names(o.get)}."
        )
    return "\n".join(lines)


TRADE_HEAD = (
    "Market Day trading (AH-4.4): make offers with **Make an offer…**, answer offers made to you, "
    "then press **Done trading**."
)


def _single(
    state: AohState,
    f: Frame,
    rule: str,
    question: str,
    options: list[Option],
    *,
    secret: bool = False,
    answer_schema: dict[str, Any] | None = None,
    default: dict[str, Any] | None = None,
) -> list[Prompt]:
    return [
        Prompt(
            seat=int(f.seat or 0),
            key=f"{f.kind}-{f.key}",
            rule=rule,
            question=question,
            options=options,
            secret=secret,
            answer_schema=answer_schema,
            default=default if default is not None else (options[-1].action if options else None),
        )
    ]


# ---- one prompt builder per decision step (registered on the game's flow) -------------------
# The action types each decision accepts are the ones ``ruleset.EXPECTS`` routes to it.


@decision("tribe", "choose_tribe")
def _tribe(state: AohState, f: Frame) -> list[Prompt]:
    free = [t for t in state.content.tribes if t not in {p.tribe for p in state.seats}]
    opts = [
        _opt(f"{C.name(t)} ({C.name(state.content.tribes[t].special_resource)})", type="choose_tribe", tribe=t)
        for t in free
    ]
    return _single(state, f, "AH-3.4", "Choose your tribe.", opts)


@decision("action", "action")
def _action(state: AohState, f: Frame) -> list[Prompt]:
    opts = _action_options(state, _seat(f))
    question = "Your action: Tax, Build, War or nothing?"
    return _single(state, f, "AH-7.1", question, opts, default={"type": "action", "choice": "none"})


@decision("tax_swap", "tax_swap")
def _tax_swap(state: AohState, f: Frame) -> list[Prompt]:
    opts = [_opt(f"Swap {C.name(c)}", type="tax_swap", card=c) for c in _distinct(state.p(_seat(f)).hand)]
    opts.append(_opt("Skip the swap", type="tax_swap", card=None))
    return _single(state, f, "AH-8.2", "You have no City: discard a card to draw one, or skip.", opts, secret=True)


@decision("build", "build", "finish_build", "action")
def _build(state: AohState, f: Frame) -> list[Prompt]:
    seat = _seat(f)
    opts = build_options(state, seat)
    if f.data.get("may_switch"):  # P-13: a refused road lets the builder switch action
        opts = _action_options(state, seat, switching=True) + opts
    return _single(state, f, "AH-9.1", "Build an item, or finish.", opts, secret=True, default={"type": "finish_build"})


@decision("road_consent", "road_answer")
def _road_consent(state: AohState, f: Frame) -> list[Prompt]:
    req = int(f.data["requester"])
    opts = [
        _opt("Consent to the road", type="road_answer", consent=True),
        _opt("Refuse", type="road_answer", consent=False),
    ]
    return _single(state, f, "AH-9.9.3", f"{seat_name(state, req)} asks to build a road to you. Do you consent?", opts)


@decision("war_declare", "declare_war", "cancel_war")
def _war_declare(state: AohState, f: Frame) -> list[Prompt]:
    return _single(
        state,
        f,
        "AH-10.3",
        "Declare war: target, purpose, armies and any Mighty Hero.",
        declare_options(state, _seat(f)),
        answer_schema=schema(DeclareWar),
        default={"type": "cancel_war"},
    )


@window("war_response", "respond")
def _war_response(state: AohState, f: Frame, seat: int) -> Prompt:
    """P-15 / P-18: the defender's one-seat response window."""
    b = state.battle
    assert b is not None
    q = "The Barbarians attack you!" if b.attacker < 0 else f"{seat_name(state, b.attacker)} attacks you ({b.purpose})."
    return _single(
        state,
        f,
        "AH-10.6",
        q + " Play a special card?",
        response_options(state, seat),
        secret=True,
        default={"type": "respond", "play": "none", "heroes": []},
    )[0]


@decision("plunder_pick", "plunder_pick")
def _plunder_pick(state: AohState, f: Frame) -> list[Prompt]:
    n, d = int(f.data["count"]), int(f.data["defender"])
    size = len(state.p(d).hand)
    opts = [
        _opt(f"Take positions 1-{n}", type="plunder_pick", positions=list(range(1, n + 1))),
        _opt(f"Take the last {n}", type="plunder_pick", positions=list(range(size - n + 1, size + 1))),
    ]
    question = f"Pick {n} face-down cards from {seat_name(state, d)}'s hand of {size}."
    return _single(state, f, "AH-10.14.2", question, opts, answer_schema=schema(PlunderPick))


@decision("event_target", "choose_target")
def _event_target(state: AohState, f: Frame) -> list[Prompt]:
    assert f.card is not None
    seat = _seat(f)
    ek = C.kind(f.card)
    targets = quake_targets(state, seat) if ek == "earthquake" else volcano_targets(state, seat)
    opts: list[Option] = []
    for t in targets:
        if ek == "earthquake" and state.options.earthquake_scope == "single_army":
            opts += [
                _opt(f"{seat_name(state, t)}: army {a.id}", type="choose_target", target=t, army=a.id)
                for a in state.p(t).armies
                if a.status == "home" and not a.general
            ]
        else:
            opts.append(_opt(seat_name(state, t), type="choose_target", target=t))
    rule = "AH-11.4.1" if ek == "earthquake" else "AH-11.5.1"
    return _single(state, f, rule, f"Choose the target of {C.name(ek)}.", opts, default=opts[0].action)


@window("luck_window", "luck")
def _luck_window(state: AohState, f: Frame, seat: int) -> Prompt:
    """P-04: every affected seat at once, secretly (AH-11.10)."""
    assert f.window is not None
    opts = [_opt("Continue", type="luck", play=False)]
    if cards_of_kind(state.p(seat), "luck"):
        opts.append(_opt("Play Luck", type="luck", play=True))
    return Prompt(
        seat=seat,
        key=f.window.key,
        rule=f.window.rule,
        question=f"{C.name(f.card or '')} is about to hit you. Play Luck, or continue?",
        options=opts,
        secret=True,
        simultaneous=True,
        default={"type": "luck", "play": False},
    )


@decision("assign", "assign")
def _assign(state: AohState, f: Frame) -> list[Prompt]:
    assert f.choice is not None
    return f.choice.prompts(
        "Place one battle card face down under each of your armies.",
        lambda s: assign_options(state, s),
        answer_schema=schema(Assign),
        default_for=lambda s: assign_options(state, s)[0].action,
    )


@decision("duel_pick", "pick")
def _duel_pick(state: AohState, f: Frame) -> list[Prompt]:
    assert f.choice is not None
    b = state.battle
    assert b is not None

    def picks(s: int) -> list[Option]:
        side = "att" if b.attacker == s else "dfn"
        return [
            _opt(f"Send {u.id}" + (" (General)" if u.has_general else ""), type="pick", unit=u.id)
            for u in b.units(side)
            if not u.fought
        ]

    question = f"Duel {len(b.duels) + 1}: which army fights next?"
    return f.choice.prompts(question, picks, default_for=lambda s: picks(s)[0].action)


@decision("trade")
def _trade(state: AohState, f: Frame) -> list[Prompt]:
    """P-05..P-07: every survivor trades at once until all are done (trade_* actions)."""
    return [
        Prompt(
            seat=s,
            key=f"trade-{f.key}",
            rule="AH-4.4",
            question=trade_question(state, s, TRADE_HEAD),
            options=trade_options(state, s),
            answer_schema=schema(TradeOffer),
            secret=True,
            simultaneous=True,
            waiting=s not in state.trade.done,
            default={"type": "trade_done", "done": True},
        )
        for s in surviving(state)
    ]


@decision("monument", "place")
def _monument(state: AohState, f: Frame) -> list[Prompt]:
    seat = _seat(f)
    special = state.content.special_of(state.p(seat).tribe) or ""
    own = [c for c in state.p(seat).hand if C.kind(c) == special]
    opts = [_opt(f"Place {n} {C.name(special)}", type="place", count=n) for n in range(len(own), 0, -1)]
    opts.append(_opt("Place none", type="place", count=0))
    return _single(state, f, "AH-12.1", f"Monument step: place {C.name(special)} from your hand?", opts, secret=True)


@decision("discard", "discard")
def _discard(state: AohState, f: Frame) -> list[Prompt]:
    hand = state.p(_seat(f)).hand
    limit = state.content.constants.hand_limit
    opts = [_opt(f"Discard {C.name(c)}", type="discard", cards=[c]) for c in _distinct(hand)]
    question = f"Discard {len(hand) - limit} more card(s) to get down to {limit}."
    return _single(state, f, "AH-13.1", question, opts, secret=True, default=opts[0].action)


def _any_time_trade(state: AohState, busy: set[int]) -> list[Prompt]:
    """CFG trade_window=any_time (AH-4.11): every idle survivor may trade, nobody waits on it."""
    return [
        Prompt(
            seat=s,
            key="trade-any",
            rule="AH-4.11",
            question=trade_question(state, s, "Trade at any time (table option)."),
            options=trade_options(state, s),
            answer_schema=schema(TradeOffer),
            secret=True,
            waiting=False,
        )
        for s in surviving(state)
        if s not in busy
    ]


def prompts(state: AohState) -> list[Prompt]:
    """The front step's prompts, the any-time trade prompts, and stale-proof keys."""
    front = FLOW.current(state)
    if state.winners is not None or front is None:
        return []
    out = FLOW.prompts(state)
    if state.options.trade_window == "any_time" and front.kind != "trade":
        out += _any_time_trade(state, {p.seat for p in out})
    for prompt in out:
        prompt.key = f"{prompt.key}-{options_digest(prompt.options)}"
    return out


def _seat(f: Frame) -> int:
    return int(f.seat) if f.seat is not None else 0


def options_digest(options: list[Option]) -> str:
    """Six hex digits of the options' actions, appended to every prompt key.

    A button names its option by index, so a decision whose options changed (a card
    built, an offer made, a card discarded) must get a new key: a press on the old
    message is then recognised as stale instead of applying whatever option now sits
    at that index.
    """
    raw = json.dumps([o.action for o in options], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:6]


def _distinct(hand: list[str]) -> list[str]:
    """One card per kind: a button per kind, not per copy."""
    seen: set[str] = set()
    out: list[str] = []
    for c in hand:
        if C.kind(c) not in seen:
            seen.add(C.kind(c))
            out.append(c)
    return out
