"""Resolving content effect primitives outside battles (season, tactics, city, objective effects).

The content describes each printed effect as a list of primitives (``content/effects.py``).
This module walks that list one primitive at a time through an automatic ``effects``
step, so a primitive that needs a decision (a ``choose_one``, a dial choice, a bid) can
push its decision step and the rest of the list waits behind it. Anything these
primitives cannot do outside a battle (unit damage, hero damage without a hero in
context, a ``gm`` text) is handed to the game master (``state.gm.hand_over``) and the
game continues once the GM resolves it: never skipped silently.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Option, Prompt, SecretChoice
from engine.runewars import board as B
from engine.runewars.actions import Bid, Choose, Discard
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, need, push, sampler, step
from engine.runewars.player_order import season_step_order
from engine.runewars.state import HeldCard, Modifier, RunewarsState
from engine.runewars.turn.limits import limit_check, winter_check
from engine.runewars.turn.runes import queue_gain, rune_faces_text, rune_pairs

TACTICS_LIMIT = 10  # RW-30.5


def queue(
    state: RunewarsState,
    effects: list[dict[str, Any]],
    *,
    seat: int | None,
    source: str,
    rule: str,
    order: list[int] | None = None,
) -> None:
    """Queue ``effects`` for ``seat`` (None: a season card, no "self"; ``order`` = RW-8 order)."""
    push(
        state,
        step(
            state,
            "effects",
            seat,
            effects=effects,
            source=source,
            rule=rule,
            order=order if order is not None else season_step_order(state),
        ),
    )


def _targets(state: RunewarsState, who: str, seat: int | None, order: list[int]) -> list[int]:
    active = [s for s in order if not state.seats[s].eliminated]
    if who == "each_player" or (who == "self" and seat is None):
        return active
    if who == "each_other_player":
        return [s for s in active if s != seat]
    if who in ("self", "chosen_player", "opponent") and seat is not None:
        return [seat]
    return active


def effect_text(e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind == "gm":
        return str(e["text"])
    if kind == "gain_influence":
        if not isinstance(e["amount"], int):
            return f"gain influence ({e['amount'].get('per', '?').replace('_', ' ')})"
        return f"{'gain' if e['amount'] > 0 else 'pay'} {abs(e['amount'])} influence"
    if kind == "adjust_dial":
        return f"{'raise' if e['amount'] > 0 else 'lower'} {e['resource']} by {abs(e['amount'])}"
    if kind == "draw_cards":
        n = e.get("amount", 1)
        return f"draw {n if isinstance(n, int) else 'some'} {e['deck']} card(s)"
    if kind == "gain_dragon_rune":
        return "gain a dragon rune"
    if kind == "choose_one":
        return " or ".join("; ".join(effect_text(x) for x in opt) or "nothing" for opt in e["options"])
    return kind.replace("_", " ")


@auto("effects")
def _effects(state: RunewarsState, st: Any) -> list[Event]:
    effects: list[dict[str, Any]] = list(st.data["effects"])
    if not effects:
        return []
    head, rest = effects[0], effects[1:]
    seat = st.seat
    if rest:  # the remainder waits behind whatever the head pushes
        push(
            state,
            step(
                state,
                "effects",
                seat,
                effects=rest,
                source=st.data["source"],
                rule=st.data["rule"],
                order=st.data["order"],
            ),
        )
    return resolve_one(state, head, seat, st.data["source"], st.data["rule"], st.data["order"])


def amount_of(state: RunewarsState, seat: int | None, amount: Any) -> int | None:
    """A printed number, or a ``Quantity`` computed now; None when it needs a hero or a battle."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, dict) and amount.get("per") == "controlled_cities" and seat is not None:
        return int(counter(state, seat, "cities_controlled") or 0) + int(amount.get("plus", 0))
    return None


@dataclass(frozen=True)
class EffectCall:
    """One primitive being resolved, with what every handler needs to read."""

    state: RunewarsState
    effect: dict[str, Any]
    seat: int | None
    source: str
    rule: str
    order: list[int]

    @property
    def who(self) -> str:
        return str(self.effect.get("who", "self"))

    def targets(self, who: str | None = None) -> list[int]:
        return _targets(self.state, self.who if who is None else who, self.seat, self.order)

    def each_player_targets(self) -> list[int]:
        """Effects whose "self" means every player when a season card (no seat) plays them."""
        return self.targets("self" if self.seat is not None else "each_player")

    def hand_over(self, text: str, seat: int | None = None) -> Event:
        return self.state.gm.hand_over(self.rule, f"{self.source}: {text}", seat=self.seat if seat is None else seat)


# A handler returns the events of the primitive, or None when this form of the primitive is not
# one it resolves (then the next stage, and finally the game master, gets it).
EffectHandler = Callable[[EffectCall], "list[Event] | None"]
# Resolved as printed, even when the card says "a player of your choice".
_HANDLERS: dict[str, EffectHandler] = {}
# Resolved only once the target player is known (a ``chosen_player`` is asked for first).
_TARGETED: dict[str, EffectHandler] = {}
# What "draw N cards" does for each deck; modules that own a deck register it.
DeckDraw = Callable[[RunewarsState, int, int], list[Event]]
DECK_DRAWS: dict[str, DeckDraw] = {}
# Counters that conditions and quantities compare ("at least 3 cities", RW-29).
Counter = Callable[[RunewarsState, int], int]
COUNTERS: dict[str, Counter] = {}


def effect(kind: str, *, targeted: bool = False) -> Callable[[EffectHandler], EffectHandler]:
    """Register the handler of one effect primitive (``content/effects.py``)."""

    def deco(fn: EffectHandler) -> EffectHandler:
        (_TARGETED if targeted else _HANDLERS)[kind] = fn
        return fn

    return deco


def counts(name: str) -> Callable[[Counter], Counter]:
    def deco(fn: Counter) -> Counter:
        COUNTERS[name] = fn
        return fn

    return deco


def resolve_one(
    state: RunewarsState, e: dict[str, Any], seat: int | None, source: str, rule: str, order: list[int]
) -> list[Event]:
    call = EffectCall(state, e, seat, source, rule, order)
    handler = _HANDLERS.get(e["kind"])
    if handler is not None:
        events = handler(call)
        if events is not None:
            return events
    if call.who == "chosen_player" and seat is not None:  # the card's player names another player first
        push(state, step(state, "fx_pick_player", seat, effect=e, source=source, rule=rule, order=order))
        return []
    handler = _TARGETED.get(e["kind"])
    if handler is not None:
        events = handler(call)
        if events is not None:
            return events
    # Battle-only primitives outside a battle, and anything else: the GM decides.
    return [call.hand_over(effect_text(e))]


@effect("gm")
def _gm(c: EffectCall) -> list[Event]:
    return [c.hand_over(str(c.effect["text"]))]


@effect("gain_influence")
def _gain_influence(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in c.targets():
        p = c.state.seats[s]
        value = amount_of(c.state, s, c.effect["amount"])
        if value is None:
            events.append(c.hand_over(f"seat {s + 1} gains computed influence {c.effect['amount']}.", seat=s))
            continue
        p.influence = max(0, p.influence + value)
        events.append(
            Event.to_all(
                "influence",
                f"Seat {s + 1} {'gains' if value >= 0 else 'pays'} {abs(value)} influence ({c.source}).",
                seat=s,
            )
        )
    return events


@effect("adjust_dial")
def _adjust_dial(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in reversed(c.targets()):
        if c.effect["resource"] == "choice":
            push(c.state, step(c.state, "fx_dial", s, amount=int(c.effect["amount"]), source=c.source))
        else:
            events += adjust_dial(c.state, s, c.effect["resource"], int(c.effect["amount"]), c.source)
    return events


@effect("reset_dials")
def _reset_dials(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in c.targets():
        prod = B.production(c.state, s)
        bonus = c.effect.get("bonus") or {}
        for r in ("food", "wood", "ore"):
            set_dial(c.state, s, r, prod[r] + int(bonus.get(r, 0)))
        events.append(
            Event.to_all("dials", f"Seat {s + 1} resets its dials to {c.state.seats[s].dials} ({c.source}).", seat=s)
        )
    return events


@effect("draw_cards")
def _draw_cards(c: EffectCall) -> list[Event]:
    e = c.effect
    amount = amount_of(c.state, c.seat, e.get("amount", 1))
    if amount is None:
        return [c.hand_over(f"{effect_text(e)} (a computed amount)")]
    events: list[Event] = []
    deck = e["deck"]
    draw = DECK_DRAWS.get(deck)
    for s in c.targets():
        if deck == "reward":
            push(c.state, step(c.state, "fx_hero", s, effect=e, source=c.source, rule=c.rule, left=1))
        elif draw is not None and (deck != "hero" or (e.get("keep") or 1) == 1):
            events += draw(c.state, s, amount)
        else:
            events.append(c.hand_over(f"seat {s + 1} must {effect_text(e)}.", seat=s))
    return events


@effect("discard_cards")
def _discard_cards(c: EffectCall) -> list[Event] | None:
    if c.effect["deck"] != "tactics":
        return None
    events: list[Event] = []
    for s in c.targets():
        hand = c.state.seats[s].tactics
        n = min(int(c.effect["amount"]), len(hand))
        if n <= 0:
            continue
        if c.effect.get("chooser") == "random":
            for _ in range(n):
                card = hand.pop(c.state.rng.below(len(hand)))
                c.state.tactics_deck.discard(card.id)
            events.append(Event.to_all("discard", f"Seat {s + 1} discards {n} random tactics card(s).", seat=s))
        else:
            push(c.state, step(c.state, "discard", s, amount=n, rule=c.rule, why=c.source))
    return events


@effect("gain_dragon_rune")
def _gain_dragon_rune(c: EffectCall) -> list[Event]:
    for s in reversed(c.targets()):
        queue_gain(c.state, s, c.source)
    return []


@effect("bid_influence")
def _bid_influence(c: EffectCall) -> list[Event]:
    push(c.state, step(c.state, "bid_open", None, effect=c.effect, source=c.source, rule=c.rule, order=c.order))
    return []


@effect("rule_modifier")
def _rule_modifier(c: EffectCall) -> list[Event]:
    until = c.effect.get("duration", "season")
    seats: list[int | None] = list(c.targets()) if c.who != "each_player" else [None]
    for s in seats:
        c.state.modifiers.append(Modifier(rule=c.effect["rule"], seat=s, until=until))
    return [Event.to_all("modifier", f"{c.source}: {c.effect['rule'].replace('_', ' ')} until the end of the {until}.")]


@effect("enforce_food_limit")
def _enforce_food_limit(c: EffectCall) -> list[Event]:
    winter_check(c.state, offset=int(c.effect.get("offset", 0)), set_water=False)
    return []


@effect("choose_one")
def _choose_one(c: EffectCall) -> list[Event]:
    for s in reversed(c.each_player_targets()):
        push(
            c.state,
            step(c.state, "fx_choose", s, options=c.effect["options"], source=c.source, rule=c.rule, order=c.order),
        )
    return []


@effect("conditional")
def _conditional(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in c.each_player_targets():
        holds = condition_holds(c.state, s, c.effect["condition"])
        if holds is None:
            text = c.effect["condition"].get("text", "")
            events.append(c.hand_over(f"decide for seat {s + 1} whether '{text}' holds and apply it.", seat=s))
            continue
        branch = c.effect["then"] if holds else c.effect.get("otherwise", [])
        if branch:
            queue(c.state, list(branch), seat=s, source=c.source, rule=c.rule, order=c.order)
    return events


@effect("add_units")
def _add_units(c: EffectCall) -> list[Event] | None:
    if c.effect["where"] not in ("friendly_area", "stronghold_area", "empty_area"):
        return None
    for s in c.targets():
        push(c.state, step(c.state, "fx_add_units", s, effect=c.effect, source=c.source))
    return []


@effect("runes", targeted=True)
def _runes(c: EffectCall) -> list[Event] | None:
    if c.effect["action"] == "move" and c.seat is not None:
        push(c.state, step(c.state, "fx_rune_move", c.seat, source=c.source))
        return []
    if c.effect["action"] == "inspect":
        for s in reversed(c.targets()):
            push(
                c.state,
                step(
                    c.state,
                    "fx_inspect",
                    s,
                    effect=c.effect,
                    source=c.source,
                    rule=c.rule,
                    left=int(c.effect.get("areas", 1)),
                ),
            )
        return []
    return None


# ---- dials ------------------------------------------------------------------------------------


def dial_max(state: RunewarsState, seat: int, resource: str) -> int:
    return int(B.seat_faction(state, seat).dials.get(resource).max_value)


def set_dial(state: RunewarsState, seat: int, resource: str, value: int) -> None:
    """RW-9.6: never below 0; clamp to the dial's top (AMB-36)."""
    state.seats[seat].dials[resource] = max(0, min(dial_max(state, seat, resource), value))


def adjust_dial(state: RunewarsState, seat: int, resource: str, amount: int, source: str) -> list[Event]:
    set_dial(state, seat, resource, state.seats[seat].dials[resource] + amount)
    return [
        Event.to_all(
            "dial",
            f"Seat {seat + 1}'s {resource} dial is now {state.seats[seat].dials[resource]} ({source}).",
            seat=seat,
            resource=resource,
        )
    ]


@decision("fx_dial", "rw_choose")
def _fx_dial_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    amt = st.data["amount"]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-9.3",
            question=f"{st.data['source']}: choose the dial to {'raise' if amt > 0 else 'lower'} by {abs(amt)}.",
            options=[Option(label=r, action={"type": "rw_choose", "value": r}) for r in ("food", "wood", "ore")],
        )
    ]


@applies("fx_dial")
def _fx_dial_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("food", "wood", "ore"), "RW-9.1", "Choose food, wood or ore.")
    done(state, st)
    return adjust_dial(state, seat, action.value, st.data["amount"], st.data["source"])


# ---- choose_one --------------------------------------------------------------------------------


def _affordable(state: RunewarsState, seat: int, option: list[dict[str, Any]]) -> bool:
    """Content convention: a negative influence/dial amount is a cost that must be paid in full."""
    p = state.seats[seat]
    for e in option:
        if e["kind"] == "gain_influence" and e["amount"] < 0 and p.influence < -e["amount"]:
            return False
        if (
            e["kind"] == "adjust_dial"
            and e["amount"] < 0
            and e["resource"] in p.dials
            and p.dials[e["resource"]] < -e["amount"]
        ):
            return False
    return True


@decision("fx_choose", "rw_choose")
def _fx_choose_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        Option(
            label=(("; ".join(effect_text(x) for x in o) or "Nothing")[:80]),
            action={"type": "rw_choose", "value": str(i)},
        )
        for i, o in enumerate(st.data["options"])
        if _affordable(state, st.seat, o)
    ]
    return [
        Prompt(
            seat=st.seat, key=st.key, rule=st.data["rule"], question=f"{st.data['source']}: choose one.", options=opts
        )
    ]


@applies("fx_choose")
def _fx_choose_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    options = st.data["options"]
    need(
        action.value.isdigit() and int(action.value) < len(options), st.data["rule"], "Pick one of the offered choices."
    )
    chosen = options[int(action.value)]
    need(_affordable(state, seat, chosen), "RW-9.6", "You cannot pay for that choice.")
    done(state, st)
    if chosen:
        queue(state, list(chosen), seat=seat, source=st.data["source"], rule=st.data["rule"], order=st.data["order"])
    return [
        Event.to_all(
            "choice", f"Seat {seat + 1} chose: {('; '.join(effect_text(x) for x in chosen) or 'nothing')}.", seat=seat
        )
    ]


# ---- conditions ------------------------------------------------------------------------------------


def counter(state: RunewarsState, seat: int, name: str) -> int | None:
    """The value of a named counter for ``seat``; None when no counter has that name."""
    fn = COUNTERS.get(name)
    return None if fn is None else fn(state, seat)


def _own_turn(state: RunewarsState, seat: int) -> Any:
    return state.turn if state.turn is not None and state.turn.seat == seat else None


def _register_counters() -> None:
    def allied_neutrals(state: RunewarsState, seat: int) -> list[Any]:
        return [u for u in state.units if u.owner == seat and catalog().is_neutral_kind(u.kind)]

    def areas(state: RunewarsState, seat: int) -> list[str]:
        return B.controlled_areas(state, seat)

    table: dict[str, Counter] = {
        "areas_controlled": lambda st, s: len(areas(st, s)),
        "areas_controlled_outside_home": lambda st, s: sum(1 for a in areas(st, s) if st.board[a].home_of != s),
        "enemy_home_areas_controlled": lambda st, s: sum(
            1 for a in areas(st, s) if st.board[a].home_of not in (None, s)
        ),
        "cities_controlled": lambda st, s: sum(1 for a in areas(st, s) if st.board[a].city),
        "areas_with_allied_neutrals": lambda st, s: len({u.area for u in allied_neutrals(st, s)}),
        "allied_neutral_kinds": lambda st, s: len({u.kind for u in allied_neutrals(st, s)}),
        "strongholds_outside_home": lambda st, s: sum(1 for a in B.strongholds_of(st, s) if st.board[a].home_of != s),
        "influence": lambda st, s: st.seats[s].influence,
        "titles": lambda st, s: sum(1 for t in st.titles.values() if t.holder == s),
        "units_on_board": lambda st, s: sum(1 for u in st.units if u.owner == s),
        "enemy_units_destroyed_this_turn": lambda st, s: t.destroyed_enemies if (t := _own_turn(st, s)) else 0,
        "battles_won_this_turn": lambda st, s: t.battles_won if (t := _own_turn(st, s)) else 0,
        "battles_won_as_attacker_this_turn": lambda st, s: t.battles_won_attacking if (t := _own_turn(st, s)) else 0,
    }
    COUNTERS.update(table)


_register_counters()


def condition_holds(state: RunewarsState, seat: int, cond: dict[str, Any]) -> bool | None:
    """True/False, or None when only the GM can judge it."""
    if cond["kind"] == "holds_title":
        hold = state.titles.get(cond["title_id"])
        return hold is not None and hold.holder == seat
    if cond["kind"] == "at_least":
        value = counter(state, seat, cond["counter"])
        return None if value is None else value >= int(cond["count"])
    return None


# ---- tactics cards ------------------------------------------------------------------------------


def draw_tactics(state: RunewarsState, seat: int, n: int) -> list[Event]:
    """Draw tactics (stamped with this season, RW-30.3) and enforce the hand limit (RW-30.5)."""
    if n <= 0:
        return []
    cards = state.tactics_deck.draw(state.rng, n)
    cat = catalog()
    if state.options.epic:  # RW-35.3: cards about false runes are discarded and replaced
        kept: list[str] = []
        for card in cards:
            c: str | None = card
            while c is not None and cat.tactics[c].refers_to_false_runes:
                state.tactics_deck.discard(c)
                c = state.tactics_deck.draw_one(state.rng)
            if c is not None:
                kept.append(c)
        cards = kept
    state.seats[seat].tactics += [HeldCard(id=c, gained=state.season_index) for c in cards]
    events = [
        Event.to_seats(
            seat,
            "tactics_drawn",
            "You drew: " + ", ".join(cat.tactics[c].name for c in cards) + ".",
            reveals=True,
            cards=cards,
        ),
        Event.to_all("tactics_count", f"Seat {seat + 1} draws {len(cards)} tactics card(s).", reveals=True, seat=seat),
    ]
    excess = len(state.seats[seat].tactics) - TACTICS_LIMIT
    if excess > 0 and not any(s.kind == "discard" and s.seat == seat for s in state.steps):
        push(state, step(state, "discard", seat, amount=excess, rule="RW-30.5", why="the 10-card hand limit"))
    return events


DECK_DRAWS["tactics"] = draw_tactics


@decision("discard", "rw_discard")
def _discard_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    n = _discard_amount(state, st)
    hand = state.seats[st.seat].tactics
    cat = catalog()
    opts = (
        [
            Option(label=f"Discard {cat.tactics[c.id].name}"[:80], action={"type": "rw_discard", "cards": [c.id]})
            for c in hand
        ]
        if n == 1
        else [
            Option(
                label=f"Discard the {n} oldest cards", action={"type": "rw_discard", "cards": [c.id for c in hand[:n]]}
            ),
            Option(
                label=f"Discard the {n} newest cards", action={"type": "rw_discard", "cards": [c.id for c in hand[-n:]]}
            ),
        ]
    )
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data["rule"],
            secret=True,
            question=f"Discard {n} tactics card(s) ({st.data['why']}).",
            options=opts,
            answer_schema={"type": "object", "properties": {"cards": {"type": "array", "items": {"type": "string"}}}},
        )
    ]


def _discard_amount(state: RunewarsState, st: Any) -> int:
    if st.data["rule"] == "RW-30.5":
        return max(0, len(state.seats[st.seat].tactics) - TACTICS_LIMIT)
    return min(int(st.data["amount"]), len(state.seats[st.seat].tactics))


@applies("discard")
def _discard_apply(state: RunewarsState, st: Any, seat: int, action: Discard) -> list[Event]:
    n = _discard_amount(state, st)
    hand = [c.id for c in state.seats[seat].tactics]
    need(len(action.cards) == n, st.data["rule"], f"Discard exactly {n} card(s).")
    for c in action.cards:
        need(c in hand, st.data["rule"], "You can only discard cards from your hand.")
        hand.remove(c)
    for c in action.cards:
        idx = next(i for i, h in enumerate(state.seats[seat].tactics) if h.id == c)
        state.seats[seat].tactics.pop(idx)
        state.tactics_deck.discard(c)
    done(state, st)
    names = ", ".join(catalog().tactics[c].name for c in action.cards)
    if state.options.public_discards:  # AMB-56
        return [Event.to_all("discarded", f"Seat {seat + 1} discards {names}.", seat=seat, cards=list(action.cards))]
    return [Event.to_all("discarded", f"Seat {seat + 1} discards {n} card(s).", seat=seat)]


# ---- RW-31.2 influence bids ---------------------------------------------------------------------------


@auto("bid_open")
def _bid_open(state: RunewarsState, st: Any) -> list[Event]:
    seats = state.active_seats()
    state.choice = SecretChoice(key=state.new_key("bid"), rule="RW-31.2", seats=seats)
    push(
        state,
        step(
            state,
            "bid",
            None,
            effect=st.data["effect"],
            source=st.data["source"],
            rule=st.data["rule"],
            order=st.data["order"],
        ),
    )
    totals = ", ".join(f"seat {s + 1}: {state.seats[s].influence}" for s in seats)
    return [
        Event.to_all("bid_declared", f"Influence bid for {st.data['source']}. Declared totals: {totals} (RW-31.2.1).")
    ]


def _bid_options(state: RunewarsState, seat: int) -> list[Option]:
    return [
        Option(label=f"Bid {n}", action={"type": "rw_bid", "amount": n}) for n in range(state.seats[seat].influence + 1)
    ]


@decision("bid", "rw_bid")
def _bid_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    assert state.choice is not None
    return state.choice.prompts(
        f"{st.data['source']}: secret influence bid (0 to your influence).",
        lambda seat: _bid_options(state, seat),
        answer_schema={"type": "object", "properties": {"amount": {"type": "integer", "minimum": 0}}},
    )


@applies("bid")
def _bid_apply(state: RunewarsState, st: Any, seat: int, action: Bid) -> list[Event]:
    assert state.choice is not None
    need(action.amount <= state.seats[seat].influence, "RW-31.2.2", "You cannot bid more influence than you have.")
    state.choice.submit(seat, {"amount": action.amount}, lock=action.lock)
    events = [
        Event.to_all(
            "bid_locked",
            f"Seat {seat + 1} has bid ({len(state.choice.locked)} of {len(state.choice.seats)}).",
            seat=seat,
        )
    ]
    if not state.choice.complete:
        return events
    bids = {s: int(state.choice.answers[s]["amount"]) for s in state.choice.seats}
    state.choice = None
    done(state, st)
    for s, b in bids.items():  # RW-31.2.4: every bid token is discarded
        state.seats[s].influence -= b
    text = ", ".join(f"seat {s + 1}: {b}" for s, b in sorted(bids.items()))
    events.append(
        Event.to_all(
            "bids_revealed",
            f"Bids revealed: {text} (RW-31.2.3).",
            reveals=True,
            bids={str(k): v for k, v in bids.items()},
        )
    )
    e = st.data["effect"]
    lowest_loses = e.get("award") == "lowest_loses"
    target = min(bids.values()) if lowest_loses else max(bids.values())
    tied = sorted(s for s, b in bids.items() if b == target)
    if len(tied) == 1:
        events += _bid_result(state, st.data, tied[0], bids)
    else:
        decider = bid_tie_decider(state, tied)
        push(
            state,
            step(
                state,
                "bid_tie",
                decider,
                tied=tied,
                bids={str(k): v for k, v in bids.items()},
                effect=e,
                source=st.data["source"],
                rule=st.data["rule"],
                order=st.data["order"],
            ),
        )
    return events


def bid_tie_decider(state: RunewarsState, tied: list[int]) -> int:
    """RW-31.3: the Primarch decides; else the tied player with most influence left, then starting influence."""
    primarch = catalog().title_with("breaks_bid_ties")
    if primarch and state.titles.get(primarch) and state.titles[primarch].holder is not None:
        holder = state.titles[primarch].holder
        if not state.seats[holder].eliminated:  # type: ignore[index]
            return holder  # type: ignore[return-value]
    n = state.players
    return sorted(
        tied,
        key=lambda s: (-state.seats[s].influence, -state.seats[s].starting_influence, (s - state.start_player) % n),
    )[0]


def _bid_result(state: RunewarsState, data: dict[str, Any], picked: int, bids: dict[int, int]) -> list[Event]:
    """``picked`` wins (highest_wins) or loses (lowest_loses)."""
    e = data["effect"]
    if e.get("award") == "lowest_loses":
        winners = [s for s in bids if s != picked]
        losers = [picked]
    else:
        winners = [picked]
        losers = [s for s in bids if s != picked]
    for s in reversed(losers):
        if e.get("loser_effects"):
            queue(
                state, list(e["loser_effects"]), seat=s, source=data["source"], rule=data["rule"], order=data["order"]
            )
    for s in reversed(winners):
        if e.get("winner_effects"):
            queue(
                state, list(e["winner_effects"]), seat=s, source=data["source"], rule=data["rule"], order=data["order"]
            )
    word = "loses" if e.get("award") == "lowest_loses" else "wins"
    return [Event.to_all("bid_result", f"Seat {picked + 1} {word} the bid.", seat=picked)]


@decision("bid_tie", "rw_choose")
def _tie_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    word = "loses" if st.data["effect"].get("award") == "lowest_loses" else "wins"
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-31.3",
            question=f"The bid is tied: choose who {word}.",
            options=[
                Option(label=f"Seat {s + 1} {word}", action={"type": "rw_choose", "value": str(s)})
                for s in st.data["tied"]
            ],
        )
    ]


@applies("bid_tie")
def _tie_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value.isdigit() and int(action.value) in st.data["tied"], "RW-31.3", "Choose one of the tied players.")
    done(state, st)
    bids = {int(k): v for k, v in st.data["bids"].items()}
    return _bid_result(state, st.data, int(action.value), bids)


@sampler("bid")
def _bid_sample(state: RunewarsState, st: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "rw_bid", "amount": rng.randint(0, state.seats[seat].influence)}


# ---- add_units outside battles (RW-11.6) ---------------------------------------------------------------


def _add_areas(state: RunewarsState, seat: int, where: str) -> list[str]:
    if where == "stronghold_area":
        return B.strongholds_of(state, seat)
    if where == "friendly_area":
        return B.controlled_areas(state, seat)
    return sorted(a for a in state.board if B.is_empty(state, a))


@decision("fx_add_units", "rw_choose")
def _add_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    e = st.data["effect"]
    areas = _add_areas(state, st.seat, e["where"])
    opts = [Option(label=f"Place in {a}", action={"type": "rw_choose", "value": a}) for a in areas]
    opts.append(
        Option(label="Nowhere (no legal area)", action={"type": "rw_choose", "value": "-"})
    ) if not areas else None
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-11.6",
            question=f"{st.data['source']}: where do {e['count']} {e['unit_type']} go?",
            options=opts,
        )
    ]


@applies("fx_add_units")
def _add_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    e = st.data["effect"]
    areas = _add_areas(state, seat, e["where"])
    need(action.value in areas or (not areas and action.value == "-"), "RW-11.6", "Choose one of the offered areas.")
    done(state, st)
    if action.value == "-":
        return []
    neutral = catalog().is_neutral_kind(e["unit_type"])
    owner: int | None = seat
    if neutral and B.controller(state, action.value) != seat:
        owner = None  # RW-11.6: neutrals in an area no one controls are unallied
    placed = sum(1 for _ in range(int(e["count"])) if B.add_unit(state, e["unit_type"], owner, action.value))
    if owner is not None:
        limit_check(state, seat, [action.value])
    return [
        Event.to_all(
            "units_added",
            f"{placed} {e['unit_type']} placed in {action.value} ({st.data['source']}).",
            seat=seat,
            area=action.value,
        )
    ]


@decision("fx_inspect", "rw_choose")
def _fx_inspect_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        Option(label=f"Look at the rune in {a}", action={"type": "rw_choose", "value": a})
        for a in sorted(state.board)
        if state.board[a].rune
    ]
    if not opts:
        opts = [Option(label="No rune token is on the board", action={"type": "rw_choose", "value": "-"})]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-27.5",
            secret=True,
            question=f"{st.data['source']}: choose an area whose rune you look at.",
            options=opts,
        )
    ]


@applies("fx_inspect")
def _fx_inspect_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    runed = [a for a in state.board if state.board[a].rune]
    need(action.value in runed if runed else action.value == "-", "RW-27.5", "Choose an area with a rune token.")
    st.data["left"] -= 1
    if st.data["left"] <= 0 or action.value == "-":
        done(state, st)
    if action.value == "-":
        return []
    return [
        Event.to_all("rune_inspect", f"Seat {seat + 1} looks at the rune in {action.value}.", seat=seat),
        Event.to_seats(seat, "rune_inspect_private", rune_faces_text(state, [action.value]), area=action.value),
    ]


@decision("fx_pick_player", "rw_choose")
def _pick_player_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    others = [x for x in state.active_seats() if x != st.seat]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule=st.data["rule"],
            question=f"{st.data['source']}: choose another player.",
            options=[Option(label=f"Seat {x + 1}", action={"type": "rw_choose", "value": str(x)}) for x in others],
        )
    ]


@applies("fx_pick_player")
def _pick_player_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    others = [x for x in state.active_seats() if x != seat]
    need(action.value.isdigit() and int(action.value) in others, st.data["rule"], "Choose another player in the game.")
    done(state, st)
    target = int(action.value)
    effect = dict(st.data["effect"], who="self")
    queue(state, [effect], seat=target, source=st.data["source"], rule=st.data["rule"], order=[target])
    return [
        Event.to_all(
            "target_player",
            f"Seat {seat + 1} targets seat {target + 1} ({st.data['source']}).",
            seat=seat,
            target=target,
        )
    ]


@decision("fx_rune_move", "rw_choose")
def _rune_move_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    pairs = rune_pairs(state, st.seat)
    opts = [
        Option(label=f"Move runes between {a} and {b}", action={"type": "rw_choose", "value": f"{a}:{b}"})
        for a, b in pairs
    ] or [Option(label="No two controlled areas hold a rune: no effect", action={"type": "rw_choose", "value": "-"})]
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-27.4",
            question=f"{st.data['source']}: choose two areas you control.",
            options=opts,
        )
    ]


@applies("fx_rune_move")
def _rune_move_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    pairs = [f"{a}:{b}" for a, b in rune_pairs(state, seat)]
    need(action.value in pairs if pairs else action.value == "-", "RW-27.4", "Choose two areas you control.")
    done(state, st)
    if action.value != "-":
        a, _, b = action.value.partition(":")
        push(state, step(state, "rune_arrange", seat, areas=[a, b]))
    return []
