"""Resolving map effects (the ``MAP_EFFECTS`` vocabulary of content/clash.py) for locations (H3-50),
buildings (H3-21), astrologer cards (H3-7.3.2), timed events (H3-7.4) and map cards (H3-13.2.7).

``push_effects`` queues one automatic ``fx`` step per effect, in order, so a choice one effect
needs (a die to keep, a card to remove) is asked before the next effect resolves. An effect the
engine does not know is handed to the game master (never skipped silently).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Event, RuleViolation
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..cards import deck as cards
from ..cards import messages as cm
from ..cards import war_machines
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import RES, bases, can_pay, enemies, gain, has_kind, hero, heroes_at, pay
from ..clash.flow import FLOW, seat_of
from ..clash.state import SECONDARY_MP, ClashState, Coord, Hero, PlacedTile, Player
from ..combat import texts as ct
from ..combat.models import ArmyCard
from ..content import load
from ..content.clash import STEP, TILE_DIRECTIONS, Choice, clash_content
from ..content.clash import Step as Effect
from ..content.texts import text_ref
from ..town import cage, discount
from ..town import trade as trade_table
from . import empowered, scholar
from .geometry import placement_ok, tile_at, tile_fields

# Effects resolved by the engine; anything else goes to the GM.
RESOLVED: frozenset[str] = frozenset(
    {
        "gain",
        "lose",
        "production",
        "production_step",
        "reinforce_discount",
        "resource_dice",
        "treasure_dice",
        "xp",
        "search",
        "morale",
        "mp",
        "discard_recall",
        "witch_hut",
        "trade",
        "remove_for_gold",
        "remove_card",
        "sanctuary",
        "grail",
        "scenario",
        "draw",
        "discard",
        "remove_self",
        "hand_limit",
        "unlock_tier",
        "reinforcing",
        "siege_defence",
        "spell_book",
        "town",
    }
)


def resolvable(steps: Sequence[Effect]) -> bool:
    return all(s.effect in RESOLVED for s in steps)


def push_effects(state: ClashState, seat: int, hero_kind: str, steps: Sequence[Effect], **ctx: Any) -> None:
    FLOW.push(
        state,
        *[FLOW.new(state, "fx", seat, effect=s.model_dump(mode="json"), hero=hero_kind, **ctx) for s in steps],
    )


def push_choices(
    state: ClashState, seat: int, hero_kind: str, source: Msg, choices: Sequence[Choice], optional: bool, **ctx: Any
) -> None:
    """One choice and nothing to pay: resolve it. Otherwise ask which (payments and searches are
    always optional, H3-50). A choice an expansion box adds to a location (the trading post's war
    machine, H3-43.1.2) exists only when that box is in the game."""
    choices = [c for c in choices if c.box is None or c.box in state.boxes]  # an expansion's option (H3-43.1.2)
    if not choices:
        return
    if len(choices) == 1 and not optional and choices[0].cost.total() == 0:
        push_effects(state, seat, hero_kind, choices[0].steps, **ctx)
        return
    push_ask(
        state,
        "effect_choice",
        seat,
        hero=hero_kind,
        source=source.model_dump(mode="json"),
        choices=[c.model_dump(mode="json") for c in choices],
        optional=optional,
        ctx=ctx,
    )


def _choices(st: Step) -> list[Choice]:
    return [Choice.model_validate(c) for c in st.data["choices"]]


def _effect_choice_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_EFFECT(source=Msg.model_validate(st.data["source"]))


def _describe(choice: Choice) -> Ref | str | list[Ref | str]:
    """A choice in the reader's language: the texts of its steps (a choice's first step usually
    says the whole choice). Content gives every offered choice a text (tests/heroes3/content);
    only a choice with none falls back to its effect's name, so a gap shows rather than a blank."""
    parts: list[Ref | str] = [text_ref(s.text) for s in choice.steps if s.text]
    if not parts:
        return "; ".join(s.effect for s in choice.steps)
    return parts[0] if len(parts) == 1 else parts


@ask("effect_choice", "H3-50", _effect_choice_q)
def _effect_choice_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = []
    for i, c in enumerate(_choices(st)):
        if can_pay(p, c.cost.as_dict()) and _machine_open(state, p, c):
            out.append((m.OPT_EFFECT(n=i + 1, what=_describe(c), cost=_cost_text(c.cost.as_dict())), str(i)))
    if st.data.get("optional") or any(c.cost.total() for c in _choices(st)) or not out:
        out.append((m.OPT_DECLINE(), "decline"))
    return out


def _machine_open(state: ClashState, p: Player, choice: Choice) -> bool:
    """A choice that buys a war machine is offered only while one is left that the visitor can pay
    (H3-19.2), so a trading post never takes its one choice for a purchase that cannot happen."""
    wheres = [st.word("price", "post") for st in choice.steps if st.effect == "buy_war_machine"]
    return all(war_machines.offer(state, p, war_machines.place(w)) for w in wheres)


def _cost_text(cost: dict[str, int]) -> Msg:
    return m.COST(gold=cost.get("gold", 0), bm=cost.get("building_materials", 0), val=cost.get("valuables", 0))


@_effect_choice_options
def _effect_choice_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "decline":
        return []
    seat = seat_of(st)
    choice = _choices(st)[int(pick)]
    pay(state.player(seat), choice.cost.as_dict())
    push_effects(state, seat, str(st.data["hero"]), choice.steps, **dict(st.data.get("ctx") or {}))
    return []


# ---- the automatic effect step ----------------------------------------------------------------------
@FLOW.auto("fx")
def _fx(state: ClashState, st: Step) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    if p.eliminated:
        return []
    eff = Effect.model_validate(st.data["effect"])
    hero_kind = str(st.data.get("hero", "main"))
    if eff.effect == "reroll" and state.variant("no_rerolls"):
        # H3-48.8 "You cannot re-roll your dice": Luck / Cards of Prophecy re-roll nothing (no hand-off)
        return [Event.to_all("h3_no_reroll", ct.NO_REROLL(seat=m.seat(seat)))]
    handler = HANDLERS.get(eff.effect)
    if handler is None:
        # Not in the vocabulary the engine resolves: the game master decides (DESIGN.md).
        return [
            state.gm.hand_over("H3-1.4", m.GM_EFFECT(what=text_ref(eff.text) if eff.text else eff.effect), seat=seat)
        ]
    return handler(state, p, hero_kind, eff, st)


def _gain(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    amounts = eff.resources().as_dict()
    gain(p, amounts)
    return [Event.to_all("h3_gain", m.GAINED(seat=m.seat(p.seat), what=_amounts(amounts)))]


def _lose(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    amounts = {k: min(v, p.resources.get(k, 0)) for k, v in eff.resources().as_dict().items()}
    pay(p, amounts)
    return [Event.to_all("h3_lose", m.PAID(seat=m.seat(p.seat), what=_amounts(amounts)))]


def _amounts(amounts: dict[str, int]) -> Msg:
    return m.COST(gold=amounts.get("gold", 0), bm=amounts.get("building_materials", 0), val=amounts.get("valuables", 0))


def _production(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-20.3 (the grail, a card): production rises; mines go through flagging (visits.py)."""
    for k, v in eff.resources().as_dict().items():
        p.production[k] = p.production.get(k, 0) + v
    return [
        Event.to_all("h3_production", m.PRODUCTION_UP(seat=m.seat(p.seat), what=_amounts(eff.resources().as_dict())))
    ]


def _production_step(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "settle_resource", p.seat, pos=st.data.get("pos"), first=bool(st.data.get("first")))
    return []


def _settle_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SETTLE()


@ask("settle_resource", "H3-50.4.2", _settle_q)
def _settle_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_resource", id=r)), r) for r in RES]


@_settle_options
def _settle_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-50.4.2: one production step of the chosen resource; the first flagger ever also gains it."""
    p = state.player(seat_of(st))
    step = STEP.get(pick)  # type: ignore[arg-type]  # pick is one of RES, checked by the ask
    p.production[pick] = p.production.get(pick, 0) + step
    pos = st.data.get("pos")
    if pos is not None:
        state.field((int(pos[0]), int(pos[1]))).produce = pick
    if st.data.get("first"):
        gain(p, {pick: step})
    return [Event.to_all("h3_settled", m.SETTLED(seat=m.seat(p.seat), resource=Ref(kind="h3_resource", id=pick)))]


def _reinforce_discount(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(
        state,
        "reinforce_pick",
        p.seat,
        tiers=eff.words("tiers") or ["bronze", "silver", "gold"],
        fraction=eff.word("fraction", "half_up"),
        free=bool(st.data.get("first")) and bool(eff.params.get("first_free", True)),
        gold_off=eff.num("gold_off"),
    )
    return []


def reinforce_cost(card: str, st: Step) -> dict[str, int]:
    base = dict(load().unit(card).sides["pack"].cost)
    if st.data.get("free") or st.data.get("fraction") == "free":
        return {}
    if st.data.get("fraction") == "half_up":
        base = {k: math.ceil(v / 2) for k, v in base.items()}
    if st.data.get("fraction") == "half_gold_down":  # Necromancy, Vidomina: half the gold, rounded down
        base["gold"] = base.get("gold", 0) // 2
    off = int(st.data.get("gold_off") or 0)
    if off:
        base["gold"] = max(0, base.get("gold", 0) - off)
    return {k: v for k, v in base.items() if v}


def _reinforce_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_REINFORCE()


@ask("reinforce_pick", "H3-26.4", _reinforce_q)
def _reinforce_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    tiers = list(st.data.get("tiers") or [])
    out: list[tuple[Msg, str]] = []
    for i, a in enumerate(p.army):
        card = load().unit(a.card)
        if a.side != "few" or card.tier not in tiers or "pack" not in card.sides:
            continue
        cost = discount.apply(reinforce_cost(a.card, st), discount.best(state, p))  # H3-17: a Legion discount
        if can_pay(p, cost):
            out.append((m.OPT_REINFORCE(unit=Ref(kind="unit", id=a.card), cost=_amounts(cost)), str(i)))
    out.append((m.OPT_SKIP(), "skip"))
    return out


@_reinforce_options
def _reinforce_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-26.4: an effect that says reinforce needs no token, no Citadel and no dwelling."""
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    i = int(pick)
    full = reinforce_cost(p.army[i].card, st)
    (off,) = discount.allot(state, p, [full])  # H3-17: a pending Legion discount
    pay(p, discount.apply(full, off.gold if off is not None else 0))
    events = [discount.spend(state, p, off, p.army[i].card, full)] if off is not None else []
    p.army[i] = p.army[i].model_copy(update={"side": "pack"})
    unit = Ref(kind="unit", id=p.army[i].card)
    return events + [Event.to_all("h3_reinforced", m.REINFORCED(seat=m.seat(p.seat), unit=unit))]


def _dice(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-20.5 / H3-20.6: roll; keep all, or ask which to keep."""
    die = "resource" if eff.effect == "resource_dice" else "treasure"
    count = max(1, eff.num("count", 1))
    keep = eff.num("keep", count)
    rolled = [state.rng.below(6) for _ in range(count)]
    events = [_rolled_event(state, p, die, rolled)]
    swift = [s for s in astrologer_steps(state, "reroll") if die in s.words("dice")]
    may = (swift and not p.rerolled_turn) or _reroll_left(p, die) is not None
    if may and not state.variant("no_rerolls"):  # H3-48.8: no re-rolls at all
        push_ask(state, "reroll", p.seat, die=die, faces=rolled, keep=keep, hero=hero_kind)
        return events
    return events + dice_continue(state, p.seat, hero_kind, die, rolled, keep)


def _rolled_event(state: ClashState, p: Player, die: str, rolled: list[int]) -> Event:
    return Event.to_all(
        "h3_rolled",
        m.ROLLED(seat=m.seat(p.seat), die=Ref(kind="h3_die", id=die), faces=[face_text(state, die, f) for f in rolled]),
        faces=rolled,
    )


# Cards played when a treasure or resource die was rolled (cards/map_cards.py registers Cards of
# Prophecy's bottom effect): each gives the cards in hand that may turn a die of that kind now.
DIE_CARDS: list[Callable[[ClashState, Player, str], list[str]]] = []


def dice_continue(
    state: ClashState, seat: int, hero_kind: str, die: str, rolled: list[int], keep: int, offer: bool = True
) -> list[Event]:
    """Resolve the rolled dice (after any re-roll); first, unless ``offer`` is off (already asked),
    a card that may turn one of them to the face wanted is offered (``DIE_CARDS``)."""
    held = [c for f in DIE_CARDS for c in f(state, state.player(seat), die)] if offer else []
    if held:
        push_ask(state, "prophecy", seat, card=held[0], die=die, faces=rolled, keep=keep, hero=hero_kind)
        return []
    faces = clash_content().resource_die if die == "resource" else clash_content().treasure_die
    if keep >= len(rolled):
        for f in reversed(rolled):
            push_effects(state, seat, hero_kind, face_steps(state, faces[f].steps))
        return []
    push_ask(state, "dice_pick", seat, die=die, faces=rolled, hero=hero_kind)
    return []


def _reroll_left(p: Player, die: str) -> str | None:
    """The allowance a card gave this turn that covers ``die``: its own kind first, then "any die"."""
    for allowance in (die, "any"):
        if allowance in p.rerolls:
            return allowance
    return None


def _grant_reroll(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Luck and Cards of Prophecy on the map: re-rolls of this turn's treasure and resource dice,
    offered when such a die is rolled (``_dice``). ``each``: one per kind named (Luck's top), else
    one die of any of the kinds named (Luck's bottom, Cards of Prophecy: "re-roll any die" is read
    as the next one rolled this turn: a treasure or resource die here, or the player's own attack
    die in a combat later this turn, where the "any" allowance is brought in and spent through
    ``encounters.combat_rerolls`` / ``spend_rerolls``)."""
    kinds = [k for k in eff.words("dice") if k in ("treasure", "resource")]
    if not kinds:
        return []
    if eff.num("each"):
        p.rerolls += kinds
        dice = [Ref(kind="h3_die", id=k) for k in kinds]
        return [Event.to_all("h3_may_reroll", m.MAY_REROLL(seat=m.seat(p.seat), dice=dice))]
    p.rerolls.append("any")
    named = [k for k in eff.words("dice") if k in ("treasure", "resource", "attack")]  # the attack die too
    dice = [Ref(kind="h3_die", id=k) for k in named]
    return [Event.to_all("h3_may_reroll", m.MAY_REROLL_ONE(seat=m.seat(p.seat), dice=dice))]


def _reroll_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_REROLL()


@ask("reroll", "H3-7.3.2", _reroll_q)
def _reroll_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    out = [(m.OPT_REROLL(n=i + 1), str(i)) for i in range(len(st.data["faces"]))]
    return [(m.OPT_SKIP(), "skip")] + out


@_reroll_options
def _reroll_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Swift Weasel (A-10): once per turn, re-roll one resource or treasure die."""
    seat = seat_of(st)
    p = state.player(seat)
    rolled = [int(f) for f in st.data["faces"]]
    events: list[Event] = []
    if pick != "skip":
        card = _reroll_left(p, str(st.data["die"]))
        if card is not None:  # a card's allowance first (Luck), the Swift Weasel's once-a-turn after
            p.rerolls.remove(card)
        else:
            p.rerolled_turn = True
        rolled[int(pick)] = state.rng.below(6)
        events += [
            Event.to_all("h3_rerolled", m.REROLLED(seat=m.seat(seat))),
            _rolled_event(state, p, str(st.data["die"]), rolled),
        ]
    FLOW.done(state, st)
    return events + dice_continue(
        state, seat, str(st.data.get("hero", "main")), str(st.data["die"]), rolled, int(st.data["keep"])
    )


def face_text(state: ClashState, die: str, face: int) -> Msg:
    """A die face as the players read it (H3-20.5): what each of its steps gives, in words (as it
    resolves in this game, so the H3-48.8 one-resource row reads "1 gold")."""
    faces = clash_content().resource_die if die == "resource" else clash_content().treasure_die
    out: list[Msg] = []
    for step in face_steps(state, faces[face].steps):
        if step.effect == "gain":
            out += [m.FACE_GAIN(n=n, resource=Ref(kind="h3_resource", id=r)) for r, n in step.delta().items() if n]
        elif step.effect == "xp":
            out.append(m.FACE_XP(n=step.num("amount", 1)))
        elif step.effect == "search":
            deck = Ref(kind="h3_deck", id=step.word("deck", "artifact"))
            out.append(m.FACE_SEARCH(x=step.num("x", 2), deck=deck))
        elif step.effect == "resource_dice":
            out.append(m.FACE_DICE(count=step.num("count", 1), keep=step.num("keep", 1)))
        else:
            out.append(m.FACE_OTHER())
    return out[0] if len(out) == 1 else m.FACE_ALL(parts=list(out))


def _dice_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DIE()


@ask("dice_pick", "H3-20.5", _dice_q)
def _dice_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    die = str(st.data["die"])
    return [(m.OPT_FACE(face=face_text(state, die, int(f))), str(i)) for i, f in enumerate(st.data["faces"])]


@_dice_options
def _dice_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    die = str(st.data["die"])
    faces = clash_content().resource_die if die == "resource" else clash_content().treasure_die
    face = int(st.data["faces"][int(pick)])
    push_effects(state, seat_of(st), str(st.data.get("hero", "main")), face_steps(state, faces[face].steps))
    return []


def face_steps(state: ClashState, steps: Sequence[Effect]) -> list[Effect]:
    """A die result's steps as they resolve: under the H3-48.8 row "every treasure die and resource
    die result gives only 1 resource" each resource the face gains comes to 1 (XP, Searches and
    further dice are not resources and stay as printed)."""
    if not state.variant("one_resource_dice"):
        return list(steps)
    out: list[Effect] = []
    for step in steps:
        if step.effect == "gain":
            params = {k: (min(v, 1) if k in RES and isinstance(v, int) else v) for k, v in step.params.items()}
            step = step.model_copy(update={"params": params})
        out.append(step)
    return out


def _xp(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    return cards.gain_xp(state, p, eff.num("amount", 1))  # H3-12.6: the main hero's, whoever visited


def _search(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    at = _standing(p, hero_kind)  # H3-48.4: the split decks open by the tile this hero stands on
    steps = [
        cards.start_search(state, p.seat, eff.word("deck", "artifact"), eff.num("x", 2), front=False, at=at)
        for _ in range(max(1, eff.num("times", 1)))
    ]
    FLOW.push(state, *steps)
    return []


def _morale(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    if eff.word("polarity", "positive") == "negative":
        return cards.lose_morale(state, p)
    return cards.gain_morale(state, p)


def _mp(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-8.4: extra MP last until the end of this turn."""
    h = hero(p, hero_kind) or p.main
    if h is None:
        return []
    h.mp_turn += eff.num("amount", 1)
    return [Event.to_all("h3_mp", m.MP_GAINED(seat=m.seat(p.seat), n=eff.num("amount", 1)))]


def _draw(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    return cards.draw(state, p, eff.num("amount", 1))


def _passive(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    return []  # read where it applies (town tokens, sieges, the hand limit)


def _scenario(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    sc = clash_content().scenarios[state.scenario]
    key = eff.word("key")
    steps = sc.obelisk if key == "obelisk" else sc.dragon_utopia if key == "dragon_utopia" else ()
    push_effects(state, p.seat, hero_kind, steps)
    return []


def _grail(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-50.7: only one grail token exists."""
    if state.grail_taken:
        return []
    state.grail_taken = True
    p.grail = True
    push_effects(state, p.seat, hero_kind, clash_content().scenarios[state.scenario].grail)
    return [Event.to_all("h3_grail", m.GRAIL(seat=m.seat(p.seat)))]


def _trade(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "trade", p.seat)
    return []


def _trade_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_TRADE()


@ask("trade", "H3-43.1.1", _trade_q)
def _trade_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """H3-43.1.1 (D-11): any number of trades in one visit (Rec.)."""
    p = state.player(seat_of(st))
    trades = [(label, f"{rate.give}>{rate.get}") for rate, label in trade_table.affordable(p)]
    return [(m.OPT_DONE(), "done"), *trades]


@_trade_options
def _trade_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "done":
        return []
    give, get = pick.split(">")
    st.data["again"] = True
    return trade_table.exchange(state.player(seat_of(st)), give, get)  # an offered pick: affordable at its rate


def _remove(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    kinds = eff.words("kinds")
    push_ask(state, "remove", p.seat, gold=eff.num("gold"), kinds=kinds, excluded=eff.words("kinds_excluded"))
    return []


def removable(state: ClashState, p: Player, inst: str, st: Step) -> bool:
    """H3-43.1.3 / H3-16.3: statistic, specialty, the starting ability and Magic Arrow stay."""
    card = clash_content().cards[state.cards[inst]]
    kinds = list(st.data.get("kinds") or [])
    if kinds and card.kind not in kinds:
        return False
    if card.kind in list(st.data.get("excluded") or []):
        return False
    if card.kind in ("statistic", "specialty") or not card.removable:
        return False
    return card.id != clash_content().heroes[p.hero].ability


def _remove_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_REMOVE(gold=int(st.data.get("gold") or 0))


@ask("remove", "H3-43.1.3", _remove_q, secret=True)
def _remove_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(m.OPT_REMOVE(card=cards.card_ref(state, c)), c) for c in p.deck.hand if removable(state, p, c, st)]
    return out + [(m.OPT_SKIP(), "skip")]


@_remove_options
def _remove_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    cards.remove(state, p, pick)
    gold = int(st.data.get("gold") or 0)
    gain(p, {"gold": gold})
    return [
        Event.to_all("h3_removed", m.CARD_REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, pick), gold=gold))
    ]


def _discard_recall(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "recall", p.seat, x=eff.num("x", 3))
    return []


def _recall_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_RECALL()


@ask("recall", "H3-50.7", _recall_q)
def _recall_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Magic Spring: one of the top ``x`` cards of the (public) personal discard pile back to hand."""
    p = state.player(seat_of(st))
    top = p.deck.discard[-int(st.data.get("x") or 3) :]
    return [(m.OPT_TAKE(card=cards.card_ref(state, c)), c) for c in top] + [(m.OPT_SKIP(), "skip")]


@_recall_options
def _recall_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    p.deck.discard.remove(pick)
    p.deck.hand.append(pick)
    return [Event.to_all("h3_recalled", m.RECALLED(seat=m.seat(p.seat), card=cards.card_ref(state, pick)))]


def _witch_hut(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "witch", p.seat, phase="choose")
    return []


def _witch_q(state: ClashState, st: Step) -> Msg:
    if st.data.get("phase") == "keep":
        return m.ASK_WITCH_KEEP(card=Ref(kind="card", id=state.cards[str(st.data["card"])]))
    return m.ASK_WITCH()


@ask("witch", "H3-50.7", _witch_q, secret=True)
def _witch_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Witch Hut: remove an ability card from hand, or look at the top ability card and keep or
    discard it (H-8: the looked-at card is the visitor's alone unless discarded)."""
    p = state.player(seat_of(st))
    if st.data.get("phase") == "keep":
        return [(m.OPT_KEEP_IT(), "keep"), (m.OPT_DISCARD_IT(), "discard")]
    out: list[tuple[Msg, str]] = []
    if state.decks["ability"].draw_pile or state.decks["ability"].discard_pile:
        out.append((m.OPT_WITCH_LOOK(), "look"))
    for c in p.deck.hand:
        if (
            clash_content().cards[state.cards[c]].kind == "ability"
            and state.cards[c] != clash_content().heroes[p.hero].ability
        ):
            out.append((m.OPT_REMOVE(card=cards.card_ref(state, c)), c))
    return out + [(m.OPT_SKIP(), "skip")]


@_witch_options
def _witch_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    if pick == "skip":
        return []
    if st.data.get("phase") == "keep":
        inst = str(st.data["card"])
        p.searching = []
        if pick == "keep":
            cards.gain_card(state, p, inst)
            return [Event.to_all("h3_witch_kept", m.WITCH_KEPT(seat=m.seat(p.seat)))]
        state.decks["ability"].discard(inst)
        return [
            Event.to_all("h3_witch_discarded", m.WITCH_DISCARDED(seat=m.seat(p.seat), card=cards.card_ref(state, inst)))
        ]
    if pick == "look":
        got = cards.shared_draw(state, "ability", 1)
        if not got:
            return []
        p.searching = got
        st.data.update(phase="keep", card=got[0])
        st.data["again"] = True
        return [Event.to_seats(p.seat, "h3_you_see", m.YOU_SEE(cards=[cards.card_ref(state, got[0])]), reveals=True)]
    cards.remove(state, p, pick)
    return [Event.to_all("h3_removed", m.CARD_REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, pick), gold=0))]


def _discard(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    for _ in range(min(eff.num("amount", 1), len(p.deck.hand))):
        push_ask(state, "discard_one", p.seat)
    return []


def _discard_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DISCARD()


@ask("discard_one", "H3-13.2", _discard_q, secret=True)
def _discard_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_DISCARD(card=cards.card_ref(state, c)), c) for c in p.deck.hand] or [(m.OPT_SKIP(), "skip")]


@_discard_options
def _discard_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    cards.discard(p, pick)
    return [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=cards.card_ref(state, pick)))]


Handler = Callable[[ClashState, Player, str, Effect, Step], list[Event]]
HANDLERS: dict[str, Handler] = {
    "gain": _gain,
    "lose": _lose,
    "production": _production,
    "production_step": _production_step,
    "reinforce_discount": _reinforce_discount,
    "resource_dice": _dice,
    "treasure_dice": _dice,
    "xp": _xp,
    "search": _search,
    "morale": _morale,
    "mp": _mp,
    "draw": _draw,
    "discard": _discard,
    "discard_recall": _discard_recall,
    "witch_hut": _witch_hut,
    "trade": _trade,
    "remove_for_gold": _remove,
    "remove_card": _remove,
    "scenario": _scenario,
    "grail": _grail,
    "sanctuary": _passive,
    "remove_self": _passive,
    "hand_limit": _passive,
    "unlock_tier": _passive,
    "reinforcing": _passive,
    "siege_defence": _passive,
    "spell_book": _passive,
    "town": _passive,
}


# ---- astrologer cards and buildings (content helper's additions) -----------------------------------------
def astrologer_steps(state: ClashState, effect: str) -> list[Effect]:
    """The steps of the astrologer card in force (A-10) with this effect."""
    card = clash_content().astrologers.get(state.astrologer or "")
    return [s for s in card.steps if s.effect == effect] if card is not None else []


def _next_income(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """At the next resource round this player's income changes (never below 0)."""
    for k in RES:
        v = eff.num(k)
        if v:
            p.income_mod[k] = p.income_mod.get(k, 0) + v
    return []


def _hand_to_deck(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    kinds = eff.words("kinds")
    moved = [c for c in p.deck.hand if clash_content().cards[state.cards[c]].kind in kinds]
    for c in moved:
        p.deck.hand.remove(c)
        p.deck.draw.draw_pile.append(c)
    if not moved:
        return []
    p.deck.draw.shuffle(state.rng)
    return [Event.to_all("h3_hand_to_deck", m.HAND_TO_DECK(seat=m.seat(p.seat), n=len(moved)))] + cards.draw(
        state, p, len(moved)
    )


def _clear_black(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    return clear_black_cubes(state)


def clear_black_cubes(state: ClashState) -> list[Event]:
    """Visitable fields can be visited again (H3-22.5.1): an astrologer card, or the H3-48.8 row
    clearing them in rounds 4, 8 and 12. Announced once, and only when a cube was on the map."""
    if not any(fs.black for fs in state.fields.values()):
        return []
    for fs in state.fields.values():
        fs.black = False
    return [Event.to_all("h3_black_cleared", m.BLACK_CLEARED())]


def _flip_to_few(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    packs = [i for i, a in enumerate(p.army) if a.side == "pack"]
    if not packs:
        return []
    push_ask(state, "flip", p.seat)
    return []


def _flip_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_FLIP()


@ask("flip", "H3-7.3.2", _flip_q)
def _flip_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_FLIP(unit=Ref(kind="unit", id=a.card)), str(i)) for i, a in enumerate(p.army) if a.side == "pack"]


@_flip_options
def _flip_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    i = int(pick)
    p.army[i] = p.army[i].model_copy(update={"side": "few"})
    return [Event.to_all("h3_flipped", m.FLIPPED_FEW(seat=m.seat(p.seat), unit=Ref(kind="unit", id=p.army[i].card)))]


def _tutor(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Necromancy Amplifier: take a named card from the shared deck, then shuffle that deck."""
    name = eff.word("deck", "ability")
    deck = state.decks[name]
    want = eff.word("card")
    found = next((c for c in deck.draw_pile if state.cards[c] == want), None)
    if found is None:
        return [Event.to_all("h3_tutor_none", m.TUTOR_NONE(seat=m.seat(p.seat), card=Ref(kind="card", id=want)))]
    deck.draw_pile.remove(found)
    deck.shuffle(state.rng)
    cards.gain_card(state, p, found)
    return [Event.to_all("h3_tutor", m.TUTOR(seat=m.seat(p.seat), card=Ref(kind="card", id=want)), reveals=True)]


def _recall_kind(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    kinds = eff.words("kinds")
    for _ in range(eff.num("amount", 1)):
        push_ask(state, "recall_kind", p.seat, kinds=kinds)
    return []


def _recall_kind_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_RECALL()


@ask("recall_kind", "H3-21.2", _recall_kind_q)
def _recall_kind_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    kinds = list(st.data.get("kinds") or [])
    out = []
    for c in p.deck.discard:
        card = clash_content().cards[state.cards[c]]
        if card.kind in kinds or card.id in kinds:
            out.append((m.OPT_TAKE(card=cards.card_ref(state, c)), c))
    return out + [(m.OPT_SKIP(), "skip")]


@_recall_kind_options
def _recall_kind_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    return _recall_apply(state, st, pick)


def _cycle(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "cycle", p.seat, left=eff.num("max", 2), drawn=0)
    return []


def _cycle_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_CYCLE(n=int(st.data["left"]))


@ask("cycle", "H3-21.2", _cycle_q, secret=True)
def _cycle_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(m.OPT_DONE(), "done")]
    if int(st.data["left"]) > 0:
        out += [(m.OPT_DISCARD(card=cards.card_ref(state, c)), c) for c in p.deck.hand]
    return out


@_cycle_options
def _cycle_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Discard up to ``max`` cards, then draw as many."""
    p = state.player(seat_of(st))
    if pick == "done":
        return cards.draw(state, p, int(st.data["drawn"]))
    cards.discard(p, pick)
    st.data["left"] = int(st.data["left"]) - 1
    st.data["drawn"] = int(st.data["drawn"]) + 1
    st.data["again"] = True
    return [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=cards.card_ref(state, pick)))]


def _enemy_discard(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    p.enemy_discard = max(p.enemy_discard, eff.num("amount", 1))
    return [Event.to_all("h3_enemy_discard_armed", m.ENEMY_DISCARD_ARMED(seat=m.seat(p.seat)))]


def _reshuffle_discard(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    chaos = cards.settle_chaos(state, p)  # H3-48.1: this action's discards are replaced before the reshuffle
    p.deck.draw.draw_pile.extend(p.deck.discard)
    p.deck.discard = []
    p.deck.draw.shuffle(state.rng)
    return chaos + [Event.to_all("h3_reshuffled", m.RESHUFFLED(seat=m.seat(p.seat)))]


def _deck_take_kinds(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Jeddite's Mysterious Warlock (Tower box): the cards are drawn, so only their owner sees them; those
    not of ``kinds`` are then discarded face up (H3-13.2.2) and the ones kept stay hidden in hand."""
    before = set(p.deck.hand)
    events = cards.draw(state, p, eff.num("amount", 3))
    kinds = eff.words("kinds") or ["spell", "specialty"]
    for c in [x for x in p.deck.hand if x not in before]:
        if clash_content().cards[state.cards[c]].kind not in kinds:
            cards.discard(p, c)
            events.append(Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=cards.card_ref(state, c))))
    return events


def _search_own(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    seen = p.deck.draw.draw_pile[: eff.num("x", 3)]
    if not seen:
        return []
    del p.deck.draw.draw_pile[: len(seen)]
    p.searching = list(seen)
    push_ask(state, "own_pick", p.seat)
    return [
        Event.to_seats(p.seat, "h3_you_see", m.YOU_SEE(cards=[cards.card_ref(state, c) for c in seen]), reveals=True)
    ]


def _own_pick_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SEARCH_KEEP()


@ask("own_pick", "H3-21.2", _own_pick_q, secret=True)
def _own_pick_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_KEEP(card=cards.card_ref(state, c)), c) for c in p.searching]


@_own_pick_options
def _own_pick_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    rest = [c for c in p.searching if c != pick]
    p.searching = []
    cards.gain_card(state, p, pick)  # to the hand, or the discard pile under that H3-48.8 row
    p.deck.discard.extend(rest)
    return [
        Event.to_all("h3_own_search", m.OWN_SEARCH(seat=m.seat(p.seat), cards=[cards.card_ref(state, c) for c in rest]))
    ]


def _neutral_recruit(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Draw neutral unit card(s) of a tier you have a dwelling for and recruit one (its Few cost,
    or free).

    ``per: dwelling`` (Diplomacy's basic effect) draws one card from the tier of each dwelling at
    once; with ``azure_with_gold`` a built gold dwelling also draws an azure one (H3-29.5, for that
    card only: other effects, such as the Portal of Summoning, stay within the three tiers)."""
    tiers = [t for t in ("bronze", "silver", "gold") if has_kind(p, f"dwelling_{t}")]
    if not tiers:
        return []
    free = bool(eff.num("free"))
    if eff.params.get("per") != "dwelling":
        push_ask(state, "neutral_tier", p.seat, tiers=tiers, draw=max(1, eff.num("draw", 1)), free=free)
        return []
    if eff.num("azure_with_gold") and "gold" in tiers:
        tiers.append("azure")  # H3-29.5
    got = [card for tier in tiers for card in state.neutral_decks[tier].draw(state.rng, 1)]
    if not got:
        return []
    push_ask(state, "neutral_tier", p.seat, tiers=tiers, draw=1, free=free, drawn=got)
    return [_neutrals_offered(p, got)]


def _neutrals_offered(p: Player, got: list[str]) -> Event:
    return Event.to_all(
        "h3_neutral_drawn",
        m.NEUTRALS_OFFERED(seat=m.seat(p.seat), units=[Ref(kind="unit", id=c) for c in got]),
        reveals=True,
    )


def _neutral_tier_q(state: ClashState, st: Step) -> Msg:
    if st.data.get("drawn"):
        return m.ASK_NEUTRAL_RECRUIT()
    return m.ASK_NEUTRAL_TIER()


def _neutral_cost(card: str, st: Step) -> dict[str, int]:
    if st.data.get("free"):
        return {}
    side = load().unit(card).sides
    return dict((side.get("neutral") or side.get("few") or next(iter(side.values()))).cost)


@ask("neutral_tier", "H3-29.4", _neutral_tier_q)
def _neutral_tier_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    drawn = list(st.data.get("drawn") or [])
    if drawn:
        out = [
            (m.OPT_RECRUIT_NEUTRAL(unit=Ref(kind="unit", id=c)), str(i))
            for i, c in enumerate(drawn)
            if can_pay(p, discount.apply(_neutral_cost(c, st), discount.best(state, p)))  # H3-17
        ]
        return out + [(m.OPT_SKIP(), "skip")]
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_tier", id=t)), t) for t in st.data["tiers"]]


@_neutral_tier_options
def _neutral_tier_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    drawn = list(st.data.get("drawn") or [])
    if not drawn:
        got = state.neutral_decks[pick].draw(state.rng, int(st.data["draw"]))
        if not got:
            return []
        st.data.update(drawn=got, tier=pick)
        st.data["again"] = True
        return [_neutrals_offered(p, got)]
    kept = None if pick == "skip" else int(pick)
    for i, card in enumerate(drawn):  # the others go to their own tier's discard pile (H3-29.2)
        if i != kept:
            state.neutral_decks[load().unit(card).tier].discard(card)
    if kept is None:
        return []
    card = drawn[kept]
    return recruit_neutral(state, p, card, _neutral_cost(card, st))


def recruit_neutral(state: ClashState, p: Player, card: str, full: dict[str, int]) -> list[Event]:
    """A neutral unit card joins ``p``'s army (H3-29.4), paying ``full`` less a pending Legion discount
    (H3-17); callers offer it only when ``can_pay`` that (``discount.best``). The Fortress events buy
    neutral units this way too (clash/events/table.py, clash/events/player.py)."""
    (off,) = discount.allot(state, p, [full])  # H3-17: a pending Legion discount
    pay(p, discount.apply(full, off.gold if off is not None else 0))
    events = [discount.spend(state, p, off, card, full)] if off is not None else []
    p.army.append(ArmyCard(card=card, side="neutral"))
    return events + [Event.to_all("h3_recruited", m.RECRUITED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=card)))]


def _swap_unit(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Gelu's Sharpshooters IV (map effect): a ``unit`` card with ``side`` up leaves the army, then the
    ``to`` card is taken from the ``tier`` neutral deck (draw or discard pile) into it. Read as printed:
    the discard happens only if that card is there, the search in any case, and nothing is taken
    while the player already controls a ``to`` card ("only one at a time") or the deck no longer holds it."""
    unit, side, to = eff.word("unit"), eff.word("side"), eff.word("to")
    events: list[Event] = []
    for i, a in enumerate(p.army):
        if a.card == unit and a.side == side:
            del p.army[i]
            events.append(
                Event.to_all("h3_unit_out", m.UNIT_SWAPPED_OUT(seat=m.seat(p.seat), unit=Ref(kind="unit", id=unit)))
            )
            break
    deck = state.neutral_decks.get(eff.word("tier"))
    if deck is None or any(a.card == to for a in p.army):
        return events
    for pile in (deck.draw_pile, deck.discard_pile):
        if to in pile:
            pile.remove(to)
            p.army.append(ArmyCard(card=to, side="neutral"))
            return events + [
                Event.to_all("h3_unit_in", m.UNIT_SWAPPED_IN(seat=m.seat(p.seat), unit=Ref(kind="unit", id=to)))
            ]
    return events


def _take_machine(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Gem's First Aid (level I): the named war machine leaves the face-up pile (H3-6.32) for the hand,
    paying nothing, as a bought one does (H3-19.2); nothing happens if the pile no longer holds it."""
    card = eff.word("card")
    if eff.num("gold"):  # Torosar's Ballista I: "pay 5 gold to gain a Ballista" (refused if it cannot be done)
        return war_machines.take_for(state, p, card, eff.num("gold"))
    if not war_machines.in_game(state) or card not in state.war_machines:
        return []
    state.war_machines.remove(card)
    cards.gain_card(state, p, state.new_card(card))
    return [Event.to_all("h3_machine_taken", m.MACHINE_TAKEN(seat=m.seat(p.seat), card=m.ref("card", card)))]


def _extra_ballista(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Torosar's Ballista IV: until the round ends the player's army has ``amount`` more Ballista(s) in
    each of its combats (cards/permanent.lay_war_machines reads ``Player.ballista_rounds``). It needs no
    Ballista card and no Rampart box: the card itself counts as a Ballista (H3-19)."""
    for _ in range(max(1, eff.num("amount"))):
        p.ballista_rounds.append(state.round)
    return [Event.to_all("h3_ballista_gained", m.BALLISTA_ROUND(seat=m.seat(p.seat)), seat=p.seat)]


def refusal(state: ClashState, p: Player, steps: Sequence[Effect]) -> RuleViolation | None:
    """Why a card whose map steps are these cannot be played now (None: it can), for the steps that
    need something the game may not hold: a war machine bought from the pile (Torosar's Ballista I)."""
    for s in steps:
        if s.effect == "take_war_machine" and s.num("gold"):
            return war_machines.take_refusal(state, p, s.word("card"), s.num("gold"))
        if s.effect == "reinforce_discount" and s.word("when") == "after_combat_win" and not p.combat_won_turn:
            return RuleViolation("H3-13.2.7", m.AFTER_COMBAT_WIN())  # Necromancy; Vidomina I / VI (H3-16)
        if s.effect == "move_to_own_town" and s.num("from_base"):  # the Inferno Castle Gate
            gate = _gate_refusal(state, p)
            if gate is not None:
                return gate
        if s.effect == "artifact_for_cards" and len(p.deck.hand) < 2:  # Tazar VI: the card and one to pay with
            return RuleViolation("H3-13.2.8", cm.NOTHING_TO_PAY(card=m.ref("card", "war_hero_vi")))
    return None


def _gate_refusal(state: ClashState, p: Player) -> RuleViolation | None:
    """The Inferno Castle Gate's move (S-H1 ``docs/towns/inferno.md``): "if your hero is in a town or
    settlement, move them to another town or settlement under your control". House (README): the main hero,
    to a town or settlement of yours no hero stands on (as Town Portal)."""
    h = p.main
    own = bases(state, p.seat)
    if h is None or h.field not in own:
        return RuleViolation("H3-21.2", cm.GATE_NOT_IN_BASE())
    if not [b for b in own if b != h.field and not heroes_at(state, b)]:
        return RuleViolation("H3-21.2", cm.GATE_NO_OTHER_BASE())
    return None


def _move_to_own_town(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Town Portal: the hero goes to a town or settlement its player controls."""
    h = hero(p, hero_kind) or p.main
    if h is None:
        return []
    spots = [b for b in bases(state, p.seat) if not heroes_at(state, b)]
    if not spots:
        return []
    push_ask(state, "portal", p.seat, hero=hero_kind, spots=[list(s) for s in spots])
    return []


def _portal_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_PORTAL()


@ask("portal", "H3-15", _portal_q)
def _portal_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_FIELD(q=int(s[0]), r=int(s[1])), f"{s[0]},{s[1]}") for s in st.data["spots"]]


@_portal_options
def _portal_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    h = hero(p, str(st.data.get("hero", "main"))) or p.main
    q, r = (int(x) for x in pick.split(","))
    if h is not None:
        h.field = (q, r)
        h.last_visited = (q, r)
    return [Event.to_all("h3_portal", m.PORTAL(seat=m.seat(p.seat), q=q, r=r))]


HANDLERS.update(
    {
        "next_income": _next_income,
        "hand_to_deck": _hand_to_deck,
        "clear_black_cubes": _clear_black,
        "flip_to_few": _flip_to_few,
        "tutor": _tutor,
        "recall_discard": _recall_kind,
        "cycle": _cycle,
        "enemy_discard_random": _enemy_discard,
        "reshuffle_discard": _reshuffle_discard,
        "search_own_deck": _search_own,
        "neutral_recruit": _neutral_recruit,
        "move_to_own_town": _move_to_own_town,
        "swap_unit": _swap_unit,
        "take_war_machine": _take_machine,
        "extra_ballista": _extra_ballista,
        "deck_take_kinds": _deck_take_kinds,
        # read where they apply while the astrologer card is in force
        "first_spell_returns": _passive,
        "spell_power_bonus": _passive,
        "neutral_swap": _passive,
        "reroll": _grant_reroll,
    }
)
RESOLVED = RESOLVED | frozenset(HANDLERS)


def _discover_tile(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "observe", p.seat, hero=hero_kind)
    return []


def _observe_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_OBSERVE()


def _observe_tile(state: ClashState, st: Step) -> tuple[int, int] | None:
    p = state.player(seat_of(st))
    h = hero(p, str(st.data.get("hero", "main"))) or p.main
    found = tile_at(state, h.field) if h is not None else None
    return found[0].centre if found is not None else None


@ask("observe", "H3-50.7", _observe_q)
def _observe_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Redwood Observatory: discover a face-down tile next to this tile, or place one from your
    supply next to it; in Tournament, turn an adjacent tile no hero stands on (H3-45.4.4)."""
    centre = _observe_tile(state, st)
    out: list[tuple[Msg, str]] = [(m.OPT_SKIP(), "skip")]
    if centre is None:
        return out
    around = {(centre[0] + d[0], centre[1] + d[1]) for d in TILE_DIRECTIONS}
    for t in state.tiles:
        if t.centre not in around:
            continue
        if state.mode == "tournament":
            if t.face_up and not any(heroes_at(state, f) for f in tile_fields(t)):
                for r in range(6):
                    if r != t.rotation:
                        out.append(
                            (
                                m.OPT_T_PLACE(q=t.centre[0], r=t.centre[1], n=r * 60),
                                f"turn:{t.centre[0]},{t.centre[1]},{r}",
                            )
                        )
        elif not t.face_up:
            out.append((m.OPT_DISCOVER_FREE(q=t.centre[0], r=t.centre[1]), f"discover:{t.centre[0]},{t.centre[1]}"))
    p = state.player(seat_of(st))
    if state.mode != "tournament" and p.far_supply:
        placed = {t.centre for t in state.tiles}
        for c in sorted(around - placed):
            probe = PlacedTile(centre=c, tile=p.far_supply[0], kind="far", face_up=True)
            if any(placement_ok(state, probe.model_copy(update={"rotation": r}), None) for r in range(6)):
                out.append((m.OPT_PLACE_FREE(q=c[0], r=c[1]), f"place:{c[0]},{c[1]}"))
    return out


@_observe_options
def _observe_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    seat = seat_of(st)
    p = state.player(seat)
    what, _, where = pick.partition(":")
    nums = [int(x) for x in where.split(",")]
    centre = (nums[0], nums[1])
    if what == "turn":
        for t in state.tiles:
            if t.centre == centre:
                t.rotation = nums[2]
        return [Event.to_all("h3_rotated", m.ROTATED(seat=m.seat(seat), q=centre[0], r=centre[1], n=nums[2] * 60))]
    if what == "discover":
        tile = next(t for t in state.tiles if t.centre == centre)
        tile.face_up = True
        others = state.model_copy(update={"tiles": [t for t in state.tiles if t is not tile]})
        rots = [r for r in range(6) if placement_ok(others, tile.model_copy(update={"rotation": r}), None, 0)] or list(
            range(6)
        )
        push_ask(state, "rotate", seat, centre=list(centre), rotations=rots)
        return [
            Event.to_all(
                "h3_discovered", m.DISCOVERED(seat=m.seat(seat), tile=tile.tile, q=centre[0], r=centre[1]), reveals=True
            )
        ]
    code = p.far_supply.pop(0)
    tile = PlacedTile(centre=centre, tile=code, kind="far", face_up=True)
    rots = [r for r in range(6) if placement_ok(state, tile.model_copy(update={"rotation": r}), None)] or list(range(6))
    tile.rotation = rots[0]
    state.tiles.append(tile)
    if len(rots) > 1:
        push_ask(state, "rotate", seat, centre=list(centre), rotations=rots)
    return [
        Event.to_all(
            "h3_placed_tile", m.PLACED_TILE(seat=m.seat(seat), tile=code, q=centre[0], r=centre[1]), reveals=True
        )
    ]


HANDLERS["discover_tile"] = _discover_tile
RESOLVED = RESOLVED | frozenset(HANDLERS)


# ---- Tower locations (H3-50.6, H3-50.8) ---------------------------------------------------------------------
def _standing(p: Player, hero_kind: str) -> Coord | None:
    """Where the hero resolving an effect stands: a map location's field for a visit, the main
    hero's position otherwise (cards and buildings resolve as "main"), as H3-48.4 reads it."""
    h = hero(p, hero_kind) or p.main
    return h.field if h is not None else None


def _buy_artifact(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    prices = eff.params.get("prices")
    at = _standing(p, hero_kind)
    decks = cards.deck_choices(state, p.seat, "artifact", at)  # H3-48.4: one pile, or the split ones in reach
    push_ask(
        state, "buy_artifact", p.seat, x=eff.num("x", 4), prices=prices if isinstance(prices, dict) else {}, decks=decks
    )
    return []


def _artifact_price(state: ClashState, st: Step, inst: str) -> int:
    rank = clash_content().cards[state.cards[inst]].rank or "minor"
    return int(dict(st.data.get("prices") or {}).get(rank, 5))


def _buy_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_BUY()


@ask("buy_artifact", "H3-50.6", _buy_q)
def _buy_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Black Market: buy one of the top cards of the (public) artifact discard pile by rank."""
    p = state.player(seat_of(st))
    x = int(st.data.get("x") or 4)
    top = [c for d in st.data.get("decks") or ["artifact"] for c in state.decks[d].discard_pile[-x:]]
    out = [
        (m.OPT_BUY(card=cards.card_ref(state, c), gold=_artifact_price(state, st, c)), c)
        for c in top
        if p.resources.get("gold", 0) >= _artifact_price(state, st, c)
    ]
    return out + [(m.OPT_SKIP(), "skip")]


@_buy_options
def _buy_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    gold = _artifact_price(state, st, pick)
    pay(p, {"gold": gold})
    name = cards.home_deck(state, pick) or "artifact"  # under H3-48.4, the split pile it lay on
    state.decks[name].discard_pile.remove(pick)
    cards.refill_discard(state, name)
    cards.gain_card(state, p, pick)
    return [Event.to_all("h3_bought", m.BOUGHT(seat=m.seat(p.seat), card=cards.card_ref(state, pick), gold=gold))]


STATISTICS: tuple[str, ...] = ("attack", "defense", "power", "knowledge")


def _swap_statistic(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "swap_stat", p.seat, gold=eff.num("gold", 3), left=eff.num("times", 2))
    return []


def _swap_stat_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SWAP_STAT(gold=int(st.data["gold"]))


@ask("swap_stat", "H3-50.6", _swap_stat_q)
def _swap_stat_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Library of Enlightenment: pay to exchange a statistic card in hand or discard pile for
    another statistic, up to ``times`` times."""
    p = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = [(m.OPT_DONE(), "done")]
    if int(st.data["left"]) <= 0 or p.resources.get("gold", 0) < int(st.data["gold"]):
        return out
    for c in p.deck.hand + p.deck.discard:
        if state.cards[c] in STATISTICS:
            for new in STATISTICS:
                if new != state.cards[c]:
                    out.append(
                        (m.OPT_SWAP_STAT(card=cards.card_ref(state, c), new=Ref(kind="card", id=new)), f"{c}>{new}")
                    )
    return out


@_swap_stat_options
def _swap_stat_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "done":
        return []
    p = state.player(seat_of(st))
    inst, new = pick.split(">")
    old = state.cards[inst]
    pay(p, {"gold": int(st.data["gold"])})
    state.cards[inst] = new  # the statistic supply takes the old card and gives the new one
    st.data["left"] = int(st.data["left"]) - 1
    st.data["again"] = True
    return [
        Event.to_all(
            "h3_swapped_stat",
            m.SWAPPED_STAT(seat=m.seat(p.seat), old=Ref(kind="card", id=old), new=Ref(kind="card", id=new)),
        )
    ]


def _search_discard(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "search_discard", p.seat, deck=eff.word("deck", "ability"), x=eff.num("x", 4))
    return []


def _search_discard_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_SEARCH_KEEP()


@ask("search_discard", "H3-50.8", _search_discard_q)
def _search_discard_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """University (A-57): take one of the top ``x`` cards of the deck's (public) discard pile."""
    pile = state.decks[str(st.data["deck"])].discard_pile[-int(st.data["x"]) :]
    return [(m.OPT_TAKE(card=cards.card_ref(state, c)), c) for c in pile] + [(m.OPT_SKIP(), "skip")]


@_search_discard_options
def _search_discard_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    name = str(st.data["deck"])
    state.decks[name].discard_pile.remove(pick)
    cards.refill_discard(state, name)
    cards.gain_card(state, p, pick)
    return [
        Event.to_all(
            "h3_search_took",
            m.SEARCH_TOOK(seat=m.seat(p.seat), card=cards.card_ref(state, pick), deck=Ref(kind="h3_deck", id=name)),
        )
    ]


def _secondary_hero(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Prison / Tavern: a secondary hero on this field (2 MP at once, A-16), or ``else_gold``."""
    h = hero(p, hero_kind) or p.main
    if p.secondary is not None or h is None:
        gold = eff.num("else_gold")
        if gold:
            gain(p, {"gold": gold})
            return [Event.to_all("h3_gain", m.GAINED(seat=m.seat(p.seat), what=_amounts({"gold": gold})))]
        return []
    p.secondary = Hero(kind="secondary", field=h.field, mp=SECONDARY_MP, last_visited=h.field)
    return [Event.to_all("h3_hired", m.HIRED(seat=m.seat(p.seat), q=h.field[0], r=h.field[1]))]


def _remove_then_search(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Market of Time: remove a card from hand, then Search (x) one of the decks."""
    push_ask(
        state,
        "time_market",
        p.seat,
        x=eff.num("x", 2),
        decks=eff.words("decks") or ["ability", "spell", "artifact"],
        at=list(spot) if (spot := _standing(p, hero_kind)) is not None else None,
    )
    push_ask(state, "remove", p.seat, gold=0, kinds=[], excluded=[])
    return []


def _time_market_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_WHICH_DECK(n=int(st.data["x"]))


@ask("time_market", "H3-50.8", _time_market_q)
def _time_market_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_deck", id=d)), d) for d in st.data["decks"]] + [
        (m.OPT_SKIP(), "skip")
    ]


@_time_market_options
def _time_market_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick != "skip":
        FLOW.done(state, st)
        at = st.data.get("at")  # H3-48.4: the Market of Time's field opens the split decks
        cards.start_search(state, seat_of(st), pick, int(st.data["x"]), at=(int(at[0]), int(at[1])) if at else None)
    return []


def _enemy_discard_now(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Tavern (H3-50.6): an enemy with cards in hand discards; an ally is no enemy (H3-3.2.3).
    Cover of Darkness waits for the next hero combat, which is only ever against an enemy."""
    if eff.word("when") == "next_hero_combat":
        return _enemy_discard(state, p, hero_kind, eff, st)
    targets = [s for s in enemies(state, p.seat) if not state.player(s).eliminated and state.player(s).deck.hand]
    if targets:
        push_ask(state, "tavern", p.seat, enemies=targets, amount=eff.num("amount", 1))
    return []


def _tavern_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_TAVERN()


@ask("tavern", "H3-50.6", _tavern_q)
def _tavern_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_SEAT(seat=m.seat(int(s))), str(s)) for s in st.data["enemies"]]


@_tavern_options
def _tavern_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Tavern (H-31): the chosen enemy discards a card chosen uniformly at random."""
    q = state.player(int(pick))
    events: list[Event] = []
    for _ in range(min(int(st.data["amount"]), len(q.deck.hand))):
        inst = q.deck.hand[state.rng.below(len(q.deck.hand))]
        cards.discard(q, inst)
        events.append(
            Event.to_all("h3_enemy_discards", m.ENEMY_DISCARDS(seat=m.seat(q.seat), card=cards.card_ref(state, inst)))
        )
    return events


# ---- war machines (B): the factory's purchase and the trading post's war machine choice ----------------------
def _buy_machine(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-50.6 / H3-43.1.2: ask which war machine of the pile to buy; the visitor may buy none."""
    push_ask(state, "buy_war_machine", p.seat, where=war_machines.place(eff.word("price")))
    return []


def _buy_machine_q(state: ClashState, st: Step) -> Msg:
    where = cm.PRICE_FACTORY() if st.data.get("where") == "factory" else cm.PRICE_POST()
    return cm.ASK_BUY_MACHINE(where=where)


@ask("buy_war_machine", "H3-19.2", _buy_machine_q)
def _buy_machine_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    where = war_machines.place(st.data.get("where"))
    out = [
        (cm.OPT_BUY_MACHINE(card=m.ref("card", c), cost=war_machines.cost_text(war_machines.cost(c, where))), c)
        for c in war_machines.offer(state, p, where)
    ]
    return out + [(m.OPT_SKIP(), "skip")]


@_buy_machine_options
def _buy_machine_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    return war_machines.buy(state, state.player(seat_of(st)), pick, str(st.data.get("where")))


HANDLERS.update(
    {
        "buy_artifact": _buy_artifact,
        "swap_statistic": _swap_statistic,
        "search_discard": _search_discard,
        "secondary_hero": _secondary_hero,
        "remove_then_search": _remove_then_search,
        "enemy_discard_random": _enemy_discard_now,
        "buy_war_machine": _buy_machine,
        # the Fortress box: the Cage of Warlords' cubes (town/cage.py) and the Scholar (H3-50.8, adventure/scholar.py)
        "cage_cube": cage.add_cube,
        "scholar": scholar.roll,
        # the Inferno box: the Star Axis's empowered statistic cards (H3-14.4, H3-50.8, adventure/empowered.py)
        "empower_statistic": empowered.empower,
        "scholar_empower": empowered.scholar_expert,
    }
)
RESOLVED = RESOLVED | frozenset(HANDLERS)
