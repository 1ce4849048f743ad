"""Prompts (spec §4): what the game waits for, one builder per decision step of the flow.

Each builder is registered on the game's ``FLOW`` with the action types that answer it, so
adding a decision means adding a step kind here and its handler in the rule module.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core import Option, Prompt, RuleViolation
from engine.core.text import Msg, message, plural_message

from . import cards as C
from . import messages as T
from .actions import Assign, DeclareWar, PlunderPick, TradeOffer
from .build import auto_payment, check_item, eliminates, general_targets, road_targets
from .events_cards import quake_targets, volcano_targets
from .flow import FLOW, decision, window
from .state import AohState, Frame
from .table import cards_of_kind, seat_name, surviving, take_kinds
from .war import can_war, may_choose_war, war_targets

_SCHEMAS: dict[str, dict[str, Any]] = {}

# What the table's form button says for each structured answer: "x-form-label" is the English,
# "x-form-label-msg" the message id, rendered in the reader's language by the Discord layer.
FORM_LABEL_MSGS = {
    "TradeOffer": message("ah.ask.form.trade_offer", "Make an offer…"),
    "DeclareWar": message("ah.ask.form.declare_war", "Other declaration…"),
    "Assign": message("ah.ask.form.assign", "Place cards another way…"),
    "PlunderPick": message("ah.ask.form.plunder_pick", "Pick other positions…"),
}
FORM_LABELS = {name: m.english for name, m in FORM_LABEL_MSGS.items()}

# ---- option labels ---------------------------------------------------------------------------
TAX_N = plural_message("ah.ask.tax_n", "Tax ({n} card(s))", "Tax ({n} card(s))")
TAX_SWAP = message("ah.ask.tax_swap", "Tax (swap a card)")
BUILD = message("ah.ask.build", "Build")
WAR = message("ah.ask.war", "War")
NO_ACTION = message("ah.ask.no_action", "No action")
BUILD_ITEM = message("ah.ask.build_item", "Build {item}{where}: {cards}{warn}")
ON_ARMY = message("ah.ask.on_army", " on {army}")
TO_SEAT = message("ah.ask.to_seat", " to {seat}")
ELIMINATES_YOU = message("ah.ask.eliminates_you", " (eliminates you!)")
FINISH_BUILDING = message("ah.ask.finish_building", "Finish building")
DECLARE_ALL = plural_message(
    "ah.ask.declare_all",
    "{purpose!c} on {seat} with all {n} army(ies)",
    "{purpose!c} on {seat} with all {n} army(ies)",
)
DECLARE_HERO = message("ah.ask.declare_hero", "{purpose!c} on {seat} with a Mighty Hero as army")
CANCEL_WAR = message("ah.ask.cancel_war", "Cancel (choose another action)")
NO_SPECIAL = message("ah.ask.no_special", "No special cards")
PLAY_OLYMPIC = message("ah.ask.play_olympic", "Play Olympic Games (cancel the attack)")
PLAY_LUCK_BARBARIANS = message("ah.ask.play_luck_barbarians", "Play Luck (send the Barbarians away)")
HERO_AS_ARMY = message("ah.ask.hero_as_army", "Mighty Hero as an extra army")
HERO_AS_GENERAL = message("ah.ask.hero_as_general", "Mighty Hero as general of {army}")
AS_DRAWN = message("ah.ask.assign.as_drawn", "As drawn")
HIGHEST_ON_GENERALS = message("ah.ask.assign.highest_on_generals", "Highest cards on armies with a General")
LOWEST_FIRST = message("ah.ask.assign.lowest_first", "Lowest cards first")
ASSIGNMENT = message("ah.ask.assign.option", "{label}: {pairs}")
ASSIGN_PAIR = message("ah.ask.assign.pair", "{army}←{value}")
ACCEPT = message("ah.ask.trade.accept", "Accept #{offer} from seat {n}")
DECLINE = message("ah.ask.trade.decline", "Decline #{offer}")
WITHDRAW = message("ah.ask.trade.withdraw", "Withdraw #{offer}")
NOT_DONE = message("ah.ask.trade.not_done", "Not done: keep trading")
DONE_TRADING = message("ah.ask.trade.done", "Done trading")
YOUR_HAND = message("ah.ask.trade.your_hand", "Your hand: {cards}.")
OFFER_IN = message("ah.ask.trade.offer_in", "Offer #{offer} from {seat}: you get {give}, you give {get}.")
CANNOT_ACCEPT = message(
    "ah.ask.trade.cannot_accept",
    "You cannot accept #{offer}: your hand does not hold {get}. Decline it, counter it, or wait for the cards.",
)
OFFER_OUT = message("ah.ask.trade.offer_out", "Your offer #{offer} to {seat}: you give {give}, you get {get}.")
LINES = message("ah.ask.lines", "{a}\n{b}")
TRIBE_OPTION = message("ah.ask.tribe_option", "{tribe} ({card})")
SWAP = message("ah.ask.swap", "Swap {card}")
SKIP_SWAP = message("ah.ask.skip_swap", "Skip the swap")
CONSENT = message("ah.ask.road.consent", "Consent to the road")
REFUSE = message("ah.ask.road.refuse", "Refuse")
TAKE_FIRST = message("ah.ask.plunder.take_first", "Take positions 1-{n}")
TAKE_LAST = message("ah.ask.plunder.take_last", "Take the last {n}")
TARGET_ARMY = message("ah.ask.target_army", "{seat}: {army}")
CONTINUE = message("ah.ask.luck.continue", "Continue")
PLAY_LUCK = message("ah.ask.luck.play", "Play Luck")
SEND = message("ah.ask.duel.send", "Send {army}")
SEND_GENERAL = message("ah.ask.duel.send_general", "Send {army} (General)")
PLACE_N = message("ah.ask.monument.place", "Place {n} {card}")
PLACE_NONE = message("ah.ask.monument.place_none", "Place none")
DISCARD_CARD = message("ah.ask.discard.card", "Discard {card}")

# ---- questions -------------------------------------------------------------------------------
TRADE_HEAD = message(
    "ah.ask.trade.head",
    "Market Day trading (AH-4.4): make offers with **Make an offer…**, answer offers made to you, "
    "then press **Done trading**.",
)
ANY_TIME_HEAD = message("ah.ask.trade.any_time", "Trade at any time (table option).")
CHOOSE_TRIBE = message("ah.ask.choose_tribe", "Choose your tribe.")
ACTION_Q = message("ah.ask.action", "Your action: Tax, Build, War or nothing?")
DRAW_AGAIN_Q = message("ah.ask.draw_again", "You drew an event: draw another card (AH-6.3)?")
DRAW_AGAIN = message("ah.ask.draw_again.yes", "Draw again")
KEEP_HAND = message("ah.ask.draw_again.no", "Draw no more")
SWAP_Q = message("ah.ask.swap_question", "You have no City: discard a card to draw one, or skip.")
BUILD_Q = message("ah.ask.build_question", "Build an item, or finish.")
ROAD_Q = message("ah.ask.road.question", "{seat} asks to build a road to you. Do you consent?")
DECLARE_Q = message("ah.ask.declare", "Declare war: target, purpose, armies and any Mighty Hero.")
NO_FORCE_Q = message(
    "ah.ask.declare_no_force",
    "You have no army at home and no Mighty Hero to use as one (AH-10.1): nothing can go to war. "
    "Cancel and choose another action.",
)
BARBARIANS_ATTACK_Q = message("ah.ask.response.barbarians", "The Barbarians attack you! Play a special card?")
ATTACK_Q = message("ah.ask.response.attack", "{seat} attacks you ({purpose}). Play a special card?")
PLUNDER_Q = message("ah.ask.plunder.question", "Pick {n} face-down cards from {seat}'s hand of {size}.")
TARGET_Q = message("ah.ask.target", "Choose the target of {card}.")
LUCK_Q = message("ah.ask.luck.question", "{card} is about to hit you. Play Luck, or continue?")
ASSIGN_Q = message("ah.ask.assign.question", "Place one battle card face down under each of your armies.")
DUEL_Q = message("ah.ask.duel.question", "Duel {n}: which army fights next?")
MONUMENT_Q = message("ah.ask.monument.question", "Monument step: place {card} from your hand?")
DISCARD_Q = plural_message(
    "ah.ask.discard.question",
    "Discard {n} more card(s) to get down to {limit}.",
    "Discard {n} more card(s) to get down to {limit}.",
)


def schema(model: Any) -> dict[str, Any]:
    name = model.__name__
    if name not in _SCHEMAS:
        out = model.model_json_schema()
        if name in FORM_LABEL_MSGS:
            out["x-form-label"] = FORM_LABEL_MSGS[name].english
            out["x-form-label-msg"] = FORM_LABEL_MSGS[name].id
        _SCHEMAS[name] = out
    return _SCHEMAS[name]


_opt = T.opt


def _action_options(state: AohState, seat: int, *, switching: bool = False) -> list[Option]:
    p = state.p(seat)
    out: list[Option] = []
    if p.cities > 0 or p.hand:
        out.append(_opt(TAX_N(n=p.cities) if p.cities else TAX_SWAP(), type="action", choice="tax"))
    if not switching:
        out.append(_opt(BUILD(), type="action", choice="build"))
    if may_choose_war(state, seat):  # never ``can_war``: this prompt is public (spec §3 N1)
        out.append(_opt(WAR(), type="action", choice="war"))
    out.append(_opt(NO_ACTION(), type="action", choice="none"))
    return out


def build_options(state: AohState, seat: int) -> list[Option]:
    p = state.p(seat)
    out: list[Option] = []
    for item in ("army", "fortress", "general", "road", "city"):
        pay = auto_payment(state, item, p.hand)
        if pay is None:
            continue
        confirm = eliminates(state, seat, pay)
        warn: Msg | str = ELIMINATES_YOU() if confirm else ""
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
            where: Msg | str = (
                ON_ARMY(army=T.army(extra["army"]))
                if "army" in extra
                else (TO_SEAT(seat=seat_name(state, extra["neighbour"])) if "neighbour" in extra else "")
            )
            out.append(
                _opt(
                    BUILD_ITEM(item=T.item(item), where=where, cards=T.cards(pay), warn=warn),
                    type="build",
                    item=item,
                    pay=pay,
                    confirm=confirm,
                    **extra,
                )
            )
    out.append(_opt(FINISH_BUILDING(), type="finish_build"))
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
                        DECLARE_ALL(purpose=T.purpose(purpose), seat=seat_name(state, t), n=len(armies)),
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
                        DECLARE_HERO(purpose=T.purpose(purpose), seat=seat_name(state, t)),
                        type="declare_war",
                        target=t,
                        purpose=purpose,
                        armies=[],
                        heroes=[{"use": "army", "army": None}],
                    )
                )
    out.append(_opt(CANCEL_WAR(), type="cancel_war"))
    return out


def response_options(state: AohState, seat: int) -> list[Option]:
    b = state.battle
    assert b is not None
    p = state.p(seat)
    out = [_opt(NO_SPECIAL(), type="respond", play="none", heroes=[])]
    if cards_of_kind(p, "olympic_games"):
        out.append(_opt(PLAY_OLYMPIC(), type="respond", play="olympic_games", heroes=[]))
    if b.attacker < 0 and cards_of_kind(p, "luck"):
        out.append(_opt(PLAY_LUCK_BARBARIANS(), type="respond", play="luck", heroes=[]))
    if cards_of_kind(p, "mighty_hero"):
        out.append(_opt(HERO_AS_ARMY(), type="respond", play="none", heroes=[{"use": "army", "army": None}]))
        for a in p.available():
            if not a.general:
                out.append(
                    _opt(
                        HERO_AS_GENERAL(army=T.army(a.id)),
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
        (AS_DRAWN(), {u.id: c for u, c in zip(units, drawn, strict=False)}),
        (HIGHEST_ON_GENERALS(), {u.id: c for u, c in zip(by_general, strong, strict=False)}),
        (LOWEST_FIRST(), {u.id: c for u, c in zip(units, reversed(strong), strict=False)}),
    ]
    out: list[Option] = []
    seen: list[dict[str, str]] = []
    for label, mapping in arrangements:
        if mapping in seen:
            continue
        seen.append(mapping)
        pairs = [ASSIGN_PAIR(army=T.army(u), value=C.battle_value(c)) for u, c in mapping.items()]
        out.append(_opt(ASSIGNMENT(label=label, pairs=pairs), type="assign", cards=mapping))
    return out


def trade_options(state: AohState, seat: int) -> list[Option]:
    """Short labels (buttons); the deals themselves are spelled out in ``trade_question``."""
    out: list[Option] = []
    for o in state.trade.incoming(seat):
        # AH-4.5: accepting carries the trade out at once, so Accept is offered only to a seat
        # whose hand holds what the offer asks; the question says why it is missing otherwise.
        if take_kinds(state.p(seat), o.get) is not None:
            out.append(_opt(ACCEPT(offer=o.id, n=o.frm + 1), type="trade_accept", offer=o.id))
        out.append(_opt(DECLINE(offer=o.id), type="trade_decline", offer=o.id))
    for o in state.trade.outgoing(seat):
        out.append(_opt(WITHDRAW(offer=o.id), type="trade_withdraw", offer=o.id))
    if state.steps and state.steps[0].kind == "trade":
        if seat in state.trade.done:
            out.append(_opt(NOT_DONE(), type="trade_done", done=False))
        else:
            out.append(_opt(DONE_TRADING(), type="trade_done", done=True))
    return out


def trade_question(state: AohState, seat: int, head: Msg) -> Msg:
    """The trade prompt's text (sent only to ``seat`` by DM): its hand and the offers it is party to."""
    lines = [head, YOUR_HAND(cards=T.cards(sorted(state.p(seat).hand, key=C.kind)))]
    for o in state.trade.incoming(seat):
        lines.append(OFFER_IN(offer=o.id, seat=seat_name(state, o.frm), give=T.cards(o.give), get=T.cards(o.get)))
        if take_kinds(state.p(seat), o.get) is None:
            lines.append(CANNOT_ACCEPT(offer=o.id, get=T.cards(o.get)))
    for o in state.trade.outgoing(seat):
        lines.append(OFFER_OUT(offer=o.id, seat=seat_name(state, o.to), give=T.cards(o.give), get=T.cards(o.get)))
    out = lines[0]
    for line in lines[1:]:
        out = LINES(a=out, b=line)
    return out


def _single(
    state: AohState,
    f: Frame,
    rule: str,
    question: Msg,
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
            question=T.en(question),
            msg=question,
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
        _opt(
            TRIBE_OPTION(tribe=T.tribe(t), card=T.card(state.content.tribes[t].special_resource)),
            type="choose_tribe",
            tribe=t,
        )
        for t in free
    ]
    return _single(state, f, "AH-3.4", CHOOSE_TRIBE(), opts)


@decision("action", "action")
def _action(state: AohState, f: Frame) -> list[Prompt]:
    opts = _action_options(state, _seat(f))
    return _single(state, f, "AH-7.1", ACTION_Q(), opts, default={"type": "action", "choice": "none"})


@decision("draw_again", "draw_again")
def _draw_again(state: AohState, f: Frame) -> list[Prompt]:
    """CFG draw_step_replacement_draw=may: public, since the table already saw that an event was drawn."""
    opts = [_opt(DRAW_AGAIN(), type="draw_again", draw=True), _opt(KEEP_HAND(), type="draw_again", draw=False)]
    return _single(state, f, "AH-6.3", DRAW_AGAIN_Q(), opts, default=opts[0].action)


@decision("tax_swap", "tax_swap")
def _tax_swap(state: AohState, f: Frame) -> list[Prompt]:
    opts = [_opt(SWAP(card=T.card(c)), type="tax_swap", card=c) for c in _distinct(state.p(_seat(f)).hand)]
    opts.append(_opt(SKIP_SWAP(), type="tax_swap", card=None))
    return _single(state, f, "AH-8.2", SWAP_Q(), opts, secret=True)


@decision("build", "build", "finish_build", "action")
def _build(state: AohState, f: Frame) -> list[Prompt]:
    seat = _seat(f)
    opts = build_options(state, seat)
    if f.data.get("may_switch"):  # P-13: a refused road lets the builder switch action
        opts = _action_options(state, seat, switching=True) + opts
    return _single(state, f, "AH-9.1", BUILD_Q(), opts, secret=True, default={"type": "finish_build"})


@decision("road_consent", "road_answer")
def _road_consent(state: AohState, f: Frame) -> list[Prompt]:
    req = int(f.data["requester"])
    opts = [
        _opt(CONSENT(), type="road_answer", consent=True),
        _opt(REFUSE(), type="road_answer", consent=False),
    ]
    return _single(state, f, "AH-9.9.3", ROAD_Q(seat=seat_name(state, req)), opts)


@decision("war_declare", "declare_war", "cancel_war")
def _war_declare(state: AohState, f: Frame) -> list[Prompt]:
    """P-14 in secret: its options name the Mighty Heroes the attacker holds (AH-10.3.4, spec §3 N1)."""
    seat = _seat(f)
    return _single(
        state,
        f,
        "AH-10.3",
        DECLARE_Q() if can_war(state, seat) else NO_FORCE_Q(),
        declare_options(state, seat),
        secret=True,
        answer_schema=schema(DeclareWar) if can_war(state, seat) else None,
        default={"type": "cancel_war"},
    )


@window("war_response", "respond")
def _war_response(state: AohState, f: Frame, seat: int) -> Prompt:
    """P-15 / P-18: the defender's one-seat response window."""
    b = state.battle
    assert b is not None
    q = (
        BARBARIANS_ATTACK_Q()
        if b.attacker < 0
        else ATTACK_Q(seat=seat_name(state, b.attacker), purpose=T.purpose(b.purpose))
    )
    return _single(
        state,
        f,
        "AH-10.6",
        q,
        response_options(state, seat),
        secret=True,
        default={"type": "respond", "play": "none", "heroes": []},
    )[0]


@decision("plunder_pick", "plunder_pick")
def _plunder_pick(state: AohState, f: Frame) -> list[Prompt]:
    n, d = int(f.data["count"]), int(f.data["defender"])
    size = len(state.p(d).hand)
    opts = [
        _opt(TAKE_FIRST(n=n), type="plunder_pick", positions=list(range(1, n + 1))),
        _opt(TAKE_LAST(n=n), type="plunder_pick", positions=list(range(size - n + 1, size + 1))),
    ]
    question = PLUNDER_Q(n=n, seat=seat_name(state, d), size=size)
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
                _opt(
                    TARGET_ARMY(seat=seat_name(state, t), army=T.army(a.id)), type="choose_target", target=t, army=a.id
                )
                for a in state.p(t).armies
                if a.status == "home" and not a.general
            ]
        else:
            opts.append(_opt(seat_name(state, t), type="choose_target", target=t))
    rule = "AH-11.4.1" if ek == "earthquake" else "AH-11.5.1"
    return _single(state, f, rule, TARGET_Q(card=T.card(ek)), opts, default=opts[0].action)


@window("luck_window", "luck")
def _luck_window(state: AohState, f: Frame, seat: int) -> Prompt:
    """P-04: every affected seat at once, secretly (AH-11.10)."""
    assert f.window is not None
    opts = [_opt(CONTINUE(), type="luck", play=False)]
    if cards_of_kind(state.p(seat), "luck"):
        opts.append(_opt(PLAY_LUCK(), type="luck", play=True))
    question = LUCK_Q(card=T.card(f.card or ""))
    return Prompt(
        seat=seat,
        key=f.window.key,
        rule=f.window.rule,
        question=T.en(question),
        msg=question,
        options=opts,
        secret=True,
        simultaneous=True,
        default={"type": "luck", "play": False},
    )


@decision("assign", "assign")
def _assign(state: AohState, f: Frame) -> list[Prompt]:
    assert f.choice is not None
    question = ASSIGN_Q()
    out = f.choice.prompts(
        T.en(question),
        lambda s: assign_options(state, s),
        answer_schema=schema(Assign),
        default_for=lambda s: assign_options(state, s)[0].action,
    )
    return [T.ask(p, question) for p in out]


@decision("duel_pick", "pick")
def _duel_pick(state: AohState, f: Frame) -> list[Prompt]:
    assert f.choice is not None
    b = state.battle
    assert b is not None

    def picks(s: int) -> list[Option]:
        side = "att" if b.attacker == s else "dfn"
        return [
            _opt((SEND_GENERAL if u.has_general else SEND)(army=T.army(u.id)), type="pick", unit=u.id)
            for u in b.units(side)
            if not u.fought
        ]

    question = DUEL_Q(n=len(b.duels) + 1)
    out = f.choice.prompts(T.en(question), picks, default_for=lambda s: picks(s)[0].action)
    return [T.ask(p, question) for p in out]


@decision("trade")
def _trade(state: AohState, f: Frame) -> list[Prompt]:
    """P-05..P-07: every survivor trades at once until all are done (trade_* actions)."""
    return [
        T.ask(
            Prompt(
                seat=s,
                key=f"trade-{f.key}",
                rule="AH-4.4",
                question="",
                options=trade_options(state, s),
                answer_schema=schema(TradeOffer),
                secret=True,
                simultaneous=True,
                waiting=s not in state.trade.done,
                default={"type": "trade_done", "done": True},
            ),
            trade_question(state, s, TRADE_HEAD()),
        )
        for s in surviving(state)
    ]


@decision("monument", "place")
def _monument(state: AohState, f: Frame) -> list[Prompt]:
    seat = _seat(f)
    special = state.content.special_of(state.p(seat).tribe) or ""
    own = [c for c in state.p(seat).hand if C.kind(c) == special]
    opts = [_opt(PLACE_N(n=n, card=T.card(special)), type="place", count=n) for n in range(len(own), 0, -1)]
    opts.append(_opt(PLACE_NONE(), type="place", count=0))
    return _single(state, f, "AH-12.1", MONUMENT_Q(card=T.card(special)), opts, secret=True)


@decision("discard", "discard")
def _discard(state: AohState, f: Frame) -> list[Prompt]:
    hand = state.p(_seat(f)).hand
    limit = state.content.constants.hand_limit
    opts = [_opt(DISCARD_CARD(card=T.card(c)), type="discard", cards=[c]) for c in _distinct(hand)]
    question = DISCARD_Q(n=len(hand) - limit, limit=limit)
    return _single(state, f, "AH-13.1", question, opts, secret=True, default=opts[0].action)


def _any_time_trade(state: AohState, busy: set[int]) -> list[Prompt]:
    """CFG trade_window=any_time (AH-4.11): every idle survivor may trade, nobody waits on it."""
    return [
        T.ask(
            Prompt(
                seat=s,
                key="trade-any",
                rule="AH-4.11",
                question="",
                options=trade_options(state, s),
                answer_schema=schema(TradeOffer),
                secret=True,
                waiting=False,
            ),
            trade_question(state, s, ANY_TIME_HEAD()),
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
