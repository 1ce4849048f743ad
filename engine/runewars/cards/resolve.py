"""Resolving content effect primitives outside battles (season, tactics, city, objective effects).

The content describes each printed effect as a list of primitives (``content/effects.py``).
This module walks that list one primitive at a time through an automatic ``effects``
step, so a primitive that needs a decision (a ``choose_one``, a dial choice, a bid) can
push its decision step and the rest of the list waits behind it. Anything these
primitives cannot do outside a battle (unit damage, hero damage without a hero in
context, a ``gm`` text) is handed to the game master (``state.gm.hand_over``) and the
game continues once the GM resolves it: never skipped silently. The shipped content
never needs that (issue 11: ``tests/runewars/test_no_gm_handover.py``); it is there for
content packs that transcribe a printed card the vocabulary cannot express.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Option, Prompt, SecretChoice
from engine.core.text import Item, Msg, message
from engine.runewars import board as B
from engine.runewars.actions import Bid, Choose, Discard
from engine.runewars.catalog import catalog
from engine.runewars.flow import applies, auto, decision, done, push, sampler, step
from engine.runewars.player_order import season_step_order, standard_order
from engine.runewars.state import HeldCard, Modifier, RunewarsState
from engine.runewars.text import (
    NOTHING,
    ask,
    asked,
    en,
    gm_task,
    loaded,
    need,
    option,
    ref,
    seat_ref,
    semicolons,
    stored,
    to_all,
    to_seats,
)
from engine.runewars.turn.limits import limit_check, winter_check
from engine.runewars.turn.runes import queue_gain, rune_faces_text, rune_pairs

TACTICS_LIMIT = 10  # RW-30.5

# A card effect's source as sentences name it ("season card Plague"): a message, or English from content.
Source = Msg | str

FX_TEXT = message("rw.fx.text", "{text}")
FX_GAIN_PER = message("rw.fx.gain_per", "gain influence ({per})")
FX_GAIN = message("rw.fx.gain", "gain {n} influence")
FX_PAY = message("rw.fx.pay", "pay {n} influence")
FX_RAISE = message("rw.fx.raise", "raise {resource} by {n}")
FX_LOWER = message("rw.fx.lower", "lower {resource} by {n}")
FX_DRAW = message("rw.fx.draw", "draw {n} {deck} card(s)")
FX_DRAW_SOME = message("rw.fx.draw_some", "draw some {deck} card(s)")
FX_RUNE = message("rw.fx.dragon_rune", "gain a dragon rune")
FX_OR = message("rw.fx.or", "{a} or {b}")
FX_KIND = message("rw.fx.kind", "{kind}")
# The other primitives (content/effects.py ``PRIMITIVE_KINDS``) in a few words, for a question
# that names the effect ("Midsummer Rest: heal hero: choose your hero"); FX_KIND is left for
# a kind newer than this table.
KIND_WORDS = {
    "reset_dials": message("rw.fx.kind.reset_dials", "set the resource dials"),
    "discard_cards": message("rw.fx.kind.discard_cards", "discard cards"),
    "damage_units": message("rw.fx.kind.damage_units", "damage units"),
    "rout_units": message("rw.fx.kind.rout_units", "rout units"),
    "destroy_units": message("rw.fx.kind.destroy_units", "destroy units"),
    "retreat_units": message("rw.fx.kind.retreat_units", "retreat units"),
    "modify_strength": message("rw.fx.kind.modify_strength", "change strength"),
    "set_health": message("rw.fx.kind.set_health", "set health"),
    "add_units": message("rw.fx.kind.add_units", "add units"),
    "damage_hero": message("rw.fx.kind.damage_hero", "damage a hero"),
    "heal_hero": message("rw.fx.kind.heal_hero", "heal a hero"),
    "train_hero": message("rw.fx.kind.train_hero", "train a hero"),
    "cancel_damage": message("rw.fx.kind.cancel_damage", "cancel damage"),
    "runes": message("rw.fx.kind.runes", "runes"),
    "reveal_false_rune": message("rw.fx.kind.reveal_false_rune", "reveal a false rune"),
    "take_influence": message("rw.fx.kind.take_influence", "take influence"),
    "bid_influence": message("rw.fx.kind.bid_influence", "bid influence"),
    "rule_modifier": message("rw.fx.kind.rule_modifier", "a rule changes"),
    "enforce_food_limit": message("rw.fx.kind.enforce_food_limit", "apply the food limit"),
    "desert_heroes": message("rw.fx.kind.desert_heroes", "heroes desert"),
    "conditional": message("rw.fx.kind.conditional", "an effect with a condition"),
}
DECK = {
    "destiny": message("rw.deck.destiny", "destiny"),
    "hero": message("rw.deck.hero", "hero"),
    "quest": message("rw.deck.quest", "quest"),
    "reward": message("rw.deck.reward", "reward"),
    "tactics": message("rw.deck.tactics", "tactics"),
}
# The rule modifiers the content uses (content/effects.py ``rule_modifier``), in words.
MODIFIER = {
    "ignore_water": message("rw.modifier.ignore_water", "ignore water"),
    "ignore_mountains": message("rw.modifier.ignore_mountains", "ignore mountains"),
    "hero_move_plus_one": message("rw.modifier.hero_move_plus_one", "hero move plus one"),
    "all_units_swift": message("rw.modifier.all_units_swift", "all units swift"),
    "no_diplomacy": message("rw.modifier.no_diplomacy", "no diplomacy"),
}
UNTIL = {
    "season": message("rw.until.season", "season"),
    "turn": message("rw.until.turn", "turn"),
    "battle": message("rw.until.battle", "battle"),
    "quest_phase": message("rw.until.quest_phase", "quest phase"),
    "year": message("rw.until.year", "year"),
}
GM_TASK = message("rw.fx.gm_task", "{source}: {text}")
GM_COMPUTED_INFLUENCE = message("rw.fx.gm_computed_influence", "{seat} gains computed influence {amount}.")
GM_COMPUTED = message("rw.fx.gm_computed", "{effect} (a computed amount)")
GM_MUST = message("rw.fx.gm_must", "{seat} must {effect}.")
GM_CONDITION = message("rw.fx.gm_condition", "decide for {seat} whether '{condition}' holds and apply it.")
GAINS_INFLUENCE = message("rw.fx.gains_influence", "{seat} gains {n} influence ({source}).")
PAYS_INFLUENCE = message("rw.fx.pays_influence", "{seat} pays {n} influence ({source}).")
DIALS_RESET = message("rw.fx.dials_reset", "{seat} resets its dials to food {food}, wood {wood}, ore {ore} ({source}).")
DISCARDS_RANDOM = message("rw.fx.discards_random", "{seat} discards {n} random tactics card(s).")
MODIFIER_ON = message("rw.fx.modifier", "{source}: {modifier} until the end of the {until}.")
DIAL_NOW = message("rw.fx.dial_now", "{seat}'s {resource} dial is now {value} ({source}).")
DIAL_RAISE_Q = message("rw.fx.dial.raise_question", "{source}: choose the dial to raise by {n}.")
DIAL_LOWER_Q = message("rw.fx.dial.lower_question", "{source}: choose the dial to lower by {n}.")
RESOURCE = message("rw.fx.resource", "{resource}")
DIAL_BAD = message("rw.recruit.dial.refused", "Choose food, wood or ore.")
CHOOSE_ONE_Q = message("rw.fx.choose.question", "{source}: choose one.")
CHOOSE_NOTHING = message("rw.fx.choose.nothing", "Nothing")
CHOOSE_BAD = message("rw.fx.choose.refused", "Pick one of the offered choices.")
CHOOSE_POOR = message("rw.fx.choose.refused_poor", "You cannot pay for that choice.")
CHOSE = message("rw.fx.choose.done", "{seat} chose: {choice}.")
TACTICS_DRAWN = message("rw.tactics.drawn", "You drew: {cards}.")
TACTICS_COUNT = message("rw.tactics.count", "{seat} draws {n} tactics card(s).")
HAND_LIMIT = message("rw.tactics.hand_limit", "the 10-card hand limit")
DISCARD_ONE = message("rw.discard.one", "Discard {card}")
DISCARD_OLDEST = message("rw.discard.oldest", "Discard the {n} oldest cards")
DISCARD_NEWEST = message("rw.discard.newest", "Discard the {n} newest cards")
DISCARD_Q = message("rw.discard.question", "Discard {n} tactics card(s) ({why}).")
DISCARD_EXACT = message("rw.discard.refused_exact", "Discard exactly {n} card(s).")
DISCARD_HAND = message("rw.discard.refused_hand", "You can only discard cards from your hand.")
DISCARDED_NAMED = message("rw.discard.named", "{seat} discards {cards}.")
DISCARDED_COUNT = message("rw.discard.count", "{seat} discards {n} card(s).")
SEAT_AMOUNT = message("rw.bid.seat_amount", "{seat}: {n}")
BID_DECLARED = message("rw.bid.declared", "Influence bid for {source}. Declared totals: {totals} (RW-31.2.1).")
BID_OPTION = message("rw.bid.option", "Bid {n}")
BID_Q = message("rw.bid.question", "{source}: secret influence bid (0 to your influence).")
BID_TOO_MUCH = message("rw.bid.refused", "You cannot bid more influence than you have.")
BID_LOCKED = message("rw.bid.locked", "{seat} has bid ({locked} of {total}).")
BIDS_REVEALED = message("rw.bid.revealed", "Bids revealed: {bids} (RW-31.2.3).")
BID_WINS = message("rw.bid.wins", "{seat} wins the bid.")
BID_LOSES = message("rw.bid.loses", "{seat} loses the bid.")
TIE_WINS_Q = message("rw.bid.tie.wins_question", "The bid is tied: choose who wins.")
TIE_LOSES_Q = message("rw.bid.tie.loses_question", "The bid is tied: choose who loses.")
TIE_WINS = message("rw.bid.tie.wins_option", "{seat} wins")
TIE_LOSES = message("rw.bid.tie.loses_option", "{seat} loses")
TIE_BAD = message("rw.bid.tie.refused", "Choose one of the tied players.")
ADD_IN = message("rw.fx.add.option", "Place in {area}")
ADD_NOWHERE = message("rw.fx.add.nowhere", "Nowhere (no legal area)")
ADD_Q = message("rw.fx.add.question", "{source}: where do {n} {unit} go?")
ADD_BAD = message("rw.fx.add.refused", "Choose one of the offered areas.")
ADDED = message("rw.fx.add.done", "{n} {unit} placed in {area} ({source}).")
INSPECT_OPTION = message("rw.fx.inspect.option", "Look at the rune in {area}")
INSPECT_NONE = message("rw.fx.inspect.none", "No rune token is on the board")
INSPECT_Q = message("rw.fx.inspect.question", "{source}: choose an area whose rune you look at.")
INSPECT_BAD = message("rw.fx.inspect.refused", "Choose an area with a rune token.")
INSPECTS = message("rw.fx.inspect.done", "{seat} looks at the rune in {area}.")
PICK_Q = message("rw.fx.pick.question", "{source}: choose another player.")
PICK_OPTION = message("rw.fx.pick.option", "{seat}")
PICK_BAD = message("rw.fx.pick.refused", "Choose another player in the game.")
TARGETS = message("rw.fx.pick.done", "{seat} targets {target} ({source}).")
FALSE_REVEAL_OPTION = message("rw.fx.false_rune.option", "Reveal the false rune in {area}")
FALSE_DECLINE_OPTION = message("rw.fx.false_rune.decline", "Reveal none: {effects}")
FALSE_Q = message("rw.fx.false_rune.question", "{source}: reveal a false rune in an area you control?")
FALSE_BAD = message("rw.fx.false_rune.refused", "Choose a false rune in an area you control, or none.")
FALSE_REVEALED = message(
    "rw.fx.false_rune.done", "{seat} reveals the false rune in {area} and returns it face up to the pile ({source})."
)
FALSE_DECLINED = message("rw.fx.false_rune.declined", "{seat} reveals no false rune ({source}).")
RUNE_MOVE_OPTION = message("rw.fortify.runes", "Move runes between {a} and {b}")
RUNE_MOVE_NONE = message("rw.fx.rune_move.none", "No two controlled areas hold a rune: no effect")
RUNE_MOVE_Q = message("rw.fx.rune_move.question", "{source}: choose two areas you control.")
RUNE_MOVE_BAD = message("rw.fx.rune_move.refused", "Choose two areas you control.")


def queue(
    state: RunewarsState,
    effects: list[dict[str, Any]],
    *,
    seat: int | None,
    source: Source,
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
            source=stored(source),
            rule=rule,
            order=order if order is not None else season_step_order(state),
        ),
    )


def _targets(state: RunewarsState, who: str, seat: int | None, order: list[int]) -> list[int]:
    """Who an effect acts on. "Each player" always means every active seat in the standard player
    order of RW-8.1 as it stands now (AMB-24), not the order the card was queued with: a tactics
    card is queued for its player alone, and influence may have changed since the season card."""
    if who in ("self", "chosen_player", "opponent") and seat is not None:
        return [seat]
    active = standard_order(state)
    if who == "each_other_player":
        return [s for s in active if s != seat]
    return active


# Primitives that act once for the whole table even when they name every player: one bid, one
# lasting modifier, the winter check (which runs in player order itself), a game-master task.
_COLLECTIVE = frozenset({"bid_influence", "rule_modifier", "enforce_food_limit", "gm"})


def _each_in_turn(
    state: RunewarsState, e: dict[str, Any], seat: int | None, source: Source, rule: str, order: list[int]
) -> bool:
    """RW-8.1 / RW-6.2: an effect for several players becomes one step per player, in player order.

    Why steps rather than a loop: whatever a player's part pushes (a placement, a discard, a
    reward draw, a branch whose condition is judged when his turn comes) then runs before the
    next player's part starts, for every kind of primitive alike. Returns whether it split.
    """
    if e["kind"] in _COLLECTIVE:
        return False
    who = str(e.get("who", "self"))
    if who not in ("each_player", "each_other_player"):
        return False  # a card's own player, or a season card acting once for the table
    seats = _targets(state, who, seat, order)
    if len(seats) < 2:
        return False
    mine = {**e, "who": "self"}
    push(
        state,
        *[step(state, "effects", s, effects=[mine], source=stored(source), rule=rule, order=order) for s in seats],
    )
    return True


def effect_text(e: dict[str, Any]) -> Msg:
    """A printed effect primitive in a few words ("raise food by 1"), for choices and GM tasks."""
    kind = e["kind"]
    if kind == "gm":
        return FX_TEXT(text=str(e["text"]))
    if kind == "gain_influence":
        if not isinstance(e["amount"], int):
            return FX_GAIN_PER(per=str(e["amount"].get("per", "?")).replace("_", " "))
        return (FX_GAIN if e["amount"] > 0 else FX_PAY)(n=abs(e["amount"]))
    if kind == "adjust_dial":
        said = FX_RAISE if e["amount"] > 0 else FX_LOWER
        return said(resource=_resource(e["resource"]), n=abs(e["amount"]))
    if kind == "draw_cards":
        n = e.get("amount", 1)
        deck = DECK[e["deck"]]() if e["deck"] in DECK else str(e["deck"])
        return FX_DRAW(n=n, deck=deck) if isinstance(n, int) else FX_DRAW_SOME(deck=deck)
    if kind == "gain_dragon_rune":
        return FX_RUNE()
    if kind == "choose_one":
        alternatives = [effects_text(opt) for opt in e["options"]]
        out: Msg | str = alternatives[-1] if alternatives else NOTHING()
        for alt in reversed(alternatives[:-1]):
            out = FX_OR(a=alt, b=out)
        return out if isinstance(out, Msg) else FX_TEXT(text=out)
    if kind in KIND_WORDS:
        return KIND_WORDS[kind]()
    return FX_KIND(kind=kind.replace("_", " "))


def effects_text(effects: list[dict[str, Any]]) -> Msg:
    """Several primitives, "; "-joined; "nothing" for none."""
    joined = semicolons([effect_text(x) for x in effects])
    return joined if isinstance(joined, Msg) else NOTHING()


def _resource(r: str) -> Item:
    return ref("resource", r) if r in ("food", "wood", "ore") else str(r)


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
                source=stored(loaded(st.data["source"])),
                rule=st.data["rule"],
                order=st.data["order"],
            ),
        )
    return resolve_one(state, head, seat, loaded(st.data["source"]), st.data["rule"], st.data["order"])


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
    source: Source
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

    def hand_over(self, text: Msg, seat: int | None = None) -> Event:
        said = GM_TASK(source=self.source, text=text)
        return gm_task(self.state, self.rule, said, seat=self.seat if seat is None else seat)


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
    state: RunewarsState, e: dict[str, Any], seat: int | None, source: Source, rule: str, order: list[int]
) -> list[Event]:
    if _each_in_turn(state, e, seat, source, rule, order):
        return []
    call = EffectCall(state, e, seat, source, rule, order)
    handler = _HANDLERS.get(e["kind"])
    if handler is not None:
        events = handler(call)
        if events is not None:
            return events
    if call.who == "chosen_player" and seat is not None:  # the card's player names another player first
        push(state, step(state, "fx_pick_player", seat, effect=e, source=stored(source), rule=rule, order=order))
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
    return [c.hand_over(FX_TEXT(text=str(c.effect["text"])))]


@effect("gain_influence")
def _gain_influence(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in c.targets():
        p = c.state.seats[s]
        value = amount_of(c.state, s, c.effect["amount"])
        if value is None:
            said = GM_COMPUTED_INFLUENCE(seat=seat_ref(s), amount=str(c.effect["amount"]))
            events.append(c.hand_over(said, seat=s))
            continue
        p.influence = max(0, p.influence + value)
        change = GAINS_INFLUENCE if value >= 0 else PAYS_INFLUENCE
        events.append(to_all("influence", change(seat=seat_ref(s), n=abs(value), source=c.source), seat=s))
    return events


@effect("adjust_dial")
def _adjust_dial(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in reversed(c.targets()):
        if c.effect["resource"] == "choice":
            push(c.state, step(c.state, "fx_dial", s, amount=int(c.effect["amount"]), source=stored(c.source)))
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
        dials = c.state.seats[s].dials
        said = DIALS_RESET(seat=seat_ref(s), food=dials["food"], wood=dials["wood"], ore=dials["ore"], source=c.source)
        events.append(to_all("dials", said, seat=s))
    return events


@effect("draw_cards")
def _draw_cards(c: EffectCall) -> list[Event]:
    e = c.effect
    amount = amount_of(c.state, c.seat, e.get("amount", 1))
    if amount is None:
        return [c.hand_over(GM_COMPUTED(effect=effect_text(e)))]
    events: list[Event] = []
    deck = e["deck"]
    draw = DECK_DRAWS.get(deck)
    for s in c.targets():
        if deck == "reward":
            push(c.state, step(c.state, "fx_hero", s, effect=e, source=stored(c.source), rule=c.rule, left=1))
        elif draw is not None and (deck != "hero" or (e.get("keep") or 1) == 1):
            events += draw(c.state, s, amount)
        else:
            events.append(c.hand_over(GM_MUST(seat=seat_ref(s), effect=effect_text(e)), seat=s))
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
            events.append(to_all("discard", DISCARDS_RANDOM(seat=seat_ref(s), n=n), seat=s))
        else:
            push(c.state, step(c.state, "discard", s, amount=n, rule=c.rule, why=stored(c.source)))
    return events


@effect("gain_dragon_rune")
def _gain_dragon_rune(c: EffectCall) -> list[Event]:
    for s in reversed(c.targets()):
        queue_gain(c.state, s, c.source)
    return []


@effect("bid_influence")
def _bid_influence(c: EffectCall) -> list[Event]:
    push(
        c.state,
        step(c.state, "bid_open", None, effect=c.effect, source=stored(c.source), rule=c.rule, order=c.order),
    )
    return []


@effect("rule_modifier")
def _rule_modifier(c: EffectCall) -> list[Event]:
    until = c.effect.get("duration", "season")
    seats: list[int | None] = list(c.targets()) if c.who != "each_player" else [None]
    for s in seats:
        c.state.modifiers.append(Modifier(rule=c.effect["rule"], seat=s, until=until))
    rule = str(c.effect["rule"])
    modifier: Item = MODIFIER[rule]() if rule in MODIFIER else rule.replace("_", " ")
    ends: Item = UNTIL[until]() if until in UNTIL else str(until).replace("_", " ")
    return [to_all("modifier", MODIFIER_ON(source=c.source, modifier=modifier, until=ends))]


@effect("enforce_food_limit")
def _enforce_food_limit(c: EffectCall) -> list[Event]:
    winter_check(c.state, offset=int(c.effect.get("offset", 0)), set_water=False)
    return []


@effect("choose_one")
def _choose_one(c: EffectCall) -> list[Event]:
    for s in reversed(c.each_player_targets()):
        push(
            c.state,
            step(
                c.state,
                "fx_choose",
                s,
                options=c.effect["options"],
                source=stored(c.source),
                rule=c.rule,
                order=c.order,
            ),
        )
    return []


@effect("conditional")
def _conditional(c: EffectCall) -> list[Event]:
    events: list[Event] = []
    for s in c.each_player_targets():
        holds = condition_holds(c.state, s, c.effect["condition"])
        if holds is None:
            text = str(c.effect["condition"].get("text", ""))
            events.append(c.hand_over(GM_CONDITION(seat=seat_ref(s), condition=text), seat=s))
            continue
        branch = c.effect["then"] if holds else c.effect.get("otherwise", [])
        if branch:
            queue(c.state, list(branch), seat=s, source=c.source, rule=c.rule, order=c.order)
    return events


@effect("add_units")
def _add_units(c: EffectCall) -> list[Event] | None:
    where = c.effect["where"]
    if where not in ("friendly_area", "stronghold_area", "empty_area", "farthest_empty_area"):
        return None
    if where == "farthest_empty_area":  # one placement; a season card's ties go to the starting player
        s = c.seat if c.seat is not None else c.state.start_player
        areas = _add_areas(c.state, s, where)
        if len(areas) <= 1:  # RW-0.5: nothing to choose
            return _place_units(c.state, s, c.effect, areas[0] if areas else "-", c.source)
        push(c.state, step(c.state, "fx_add_units", s, effect=c.effect, source=stored(c.source)))
        return []
    for s in c.targets():
        push(c.state, step(c.state, "fx_add_units", s, effect=c.effect, source=stored(c.source)))
    return []


@effect("reveal_false_rune")
def _reveal_false_rune(c: EffectCall) -> list[Event]:
    """Each target in player order decides (RW-8): a prompt only for one who controls an area with a rune.

    Whether a token lies in an area is public (RW-27.5), so skipping the prompt of a player whose
    areas hold no token at all tells the table nothing it did not know.
    """
    for s in reversed(c.each_player_targets()):
        if any(c.state.board[a].rune for a in B.controlled_areas(c.state, s)):
            push(
                c.state,
                step(c.state, "fx_false_rune", s, effect=c.effect, source=stored(c.source), rule=c.rule, order=c.order),
            )
        elif c.effect.get("otherwise"):
            queue(c.state, list(c.effect["otherwise"]), seat=s, source=c.source, rule=c.rule, order=c.order)
    return []


@effect("runes", targeted=True)
def _runes(c: EffectCall) -> list[Event] | None:
    if c.effect["action"] == "move" and c.seat is not None:
        push(c.state, step(c.state, "fx_rune_move", c.seat, source=stored(c.source)))
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
                    source=stored(c.source),
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


def adjust_dial(state: RunewarsState, seat: int, resource: str, amount: int, source: Source) -> list[Event]:
    set_dial(state, seat, resource, state.seats[seat].dials[resource] + amount)
    value = state.seats[seat].dials[resource]
    return [
        to_all(
            "dial",
            DIAL_NOW(seat=seat_ref(seat), resource=ref("resource", resource), value=value, source=source),
            seat=seat,
            resource=resource,
        )
    ]


@decision("fx_dial", "rw_choose")
def _fx_dial_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    amt = st.data["amount"]
    question = (DIAL_RAISE_Q if amt > 0 else DIAL_LOWER_Q)(source=loaded(st.data["source"]), n=abs(amt))
    return [
        Prompt(
            seat=st.seat,
            key=st.key,
            rule="RW-9.3",
            question=en(question),
            msg=question,
            options=[
                option(RESOURCE(resource=ref("resource", r)), {"type": "rw_choose", "value": r})
                for r in ("food", "wood", "ore")
            ],
        )
    ]


@applies("fx_dial")
def _fx_dial_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value in ("food", "wood", "ore"), "RW-9.1", DIAL_BAD())
    done(state, st)
    return adjust_dial(state, seat, action.value, st.data["amount"], loaded(st.data["source"]))


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
        option(effects_text(o) if o else CHOOSE_NOTHING(), {"type": "rw_choose", "value": str(i)}, limit=80)
        for i, o in enumerate(st.data["options"])
        if _affordable(state, st.seat, o)
    ]
    question = CHOOSE_ONE_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, st.data["rule"], question, options=opts)]


@applies("fx_choose")
def _fx_choose_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    options = st.data["options"]
    need(action.value.isdigit() and int(action.value) < len(options), st.data["rule"], CHOOSE_BAD())
    chosen = options[int(action.value)]
    need(_affordable(state, seat, chosen), "RW-9.6", CHOOSE_POOR())
    done(state, st)
    source = loaded(st.data["source"])
    if chosen:
        queue(state, list(chosen), seat=seat, source=source, rule=st.data["rule"], order=st.data["order"])
    return [to_all("choice", CHOSE(seat=seat_ref(seat), choice=effects_text(chosen)), seat=seat)]


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
        to_seats(
            seat,
            "tactics_drawn",
            TACTICS_DRAWN(cards=[ref("tactics", c) for c in cards]),
            reveals=True,
            cards=cards,
        ),
        to_all("tactics_count", TACTICS_COUNT(seat=seat_ref(seat), n=len(cards)), reveals=True, seat=seat),
    ]
    excess = len(state.seats[seat].tactics) - TACTICS_LIMIT
    if excess > 0 and not any(s.kind == "discard" and s.seat == seat for s in state.steps):
        push(state, step(state, "discard", seat, amount=excess, rule="RW-30.5", why=stored(HAND_LIMIT())))
    return events


DECK_DRAWS["tactics"] = draw_tactics


@decision("discard", "rw_discard")
def _discard_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    n = _discard_amount(state, st)
    hand = state.seats[st.seat].tactics
    opts = (
        [
            option(DISCARD_ONE(card=ref("tactics", c.id)), {"type": "rw_discard", "cards": [c.id]}, limit=80)
            for c in hand
        ]
        if n == 1
        else [
            option(DISCARD_OLDEST(n=n), {"type": "rw_discard", "cards": [c.id for c in hand[:n]]}),
            option(DISCARD_NEWEST(n=n), {"type": "rw_discard", "cards": [c.id for c in hand[-n:]]}),
        ]
    )
    question = DISCARD_Q(n=n, why=loaded(st.data["why"]))
    return [
        ask(
            st.seat,
            st.key,
            st.data["rule"],
            question,
            secret=True,
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
    need(len(action.cards) == n, st.data["rule"], DISCARD_EXACT(n=n))
    for c in action.cards:
        need(c in hand, st.data["rule"], DISCARD_HAND())
        hand.remove(c)
    for c in action.cards:
        idx = next(i for i, h in enumerate(state.seats[seat].tactics) if h.id == c)
        state.seats[seat].tactics.pop(idx)
        state.tactics_deck.discard(c)
    done(state, st)
    if state.options.public_discards:  # AMB-56
        names: list[Item] = [ref("tactics", c) for c in action.cards]
        said = DISCARDED_NAMED(seat=seat_ref(seat), cards=names)
        return [to_all("discarded", said, seat=seat, cards=list(action.cards))]
    return [to_all("discarded", DISCARDED_COUNT(seat=seat_ref(seat), n=n), seat=seat)]


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
    totals: list[Item] = [SEAT_AMOUNT(seat=seat_ref(s), n=state.seats[s].influence) for s in seats]
    return [to_all("bid_declared", BID_DECLARED(source=loaded(st.data["source"]), totals=totals))]


def _bid_options(state: RunewarsState, seat: int) -> list[Option]:
    return [option(BID_OPTION(n=n), {"type": "rw_bid", "amount": n}) for n in range(state.seats[seat].influence + 1)]


@decision("bid", "rw_bid")
def _bid_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    assert state.choice is not None
    question = BID_Q(source=loaded(st.data["source"]))
    return asked(
        state.choice.prompts(
            en(question),
            lambda seat: _bid_options(state, seat),
            answer_schema={"type": "object", "properties": {"amount": {"type": "integer", "minimum": 0}}},
        ),
        question,
    )


@applies("bid")
def _bid_apply(state: RunewarsState, st: Any, seat: int, action: Bid) -> list[Event]:
    assert state.choice is not None
    need(action.amount <= state.seats[seat].influence, "RW-31.2.2", BID_TOO_MUCH())
    state.choice.submit(seat, {"amount": action.amount}, lock=action.lock)
    said = BID_LOCKED(seat=seat_ref(seat), locked=len(state.choice.locked), total=len(state.choice.seats))
    events = [to_all("bid_locked", said, seat=seat)]
    if not state.choice.complete:
        return events
    bids = {s: int(state.choice.answers[s]["amount"]) for s in state.choice.seats}
    state.choice = None
    done(state, st)
    for s, b in bids.items():  # RW-31.2.4: every bid token is discarded
        state.seats[s].influence -= b
    shown: list[Item] = [SEAT_AMOUNT(seat=seat_ref(s), n=b) for s, b in sorted(bids.items())]
    events.append(
        to_all(
            "bids_revealed",
            BIDS_REVEALED(bids=shown),
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
                source=stored(loaded(st.data["source"])),
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
    source = loaded(data["source"])
    for s in reversed(losers):
        if e.get("loser_effects"):
            queue(state, list(e["loser_effects"]), seat=s, source=source, rule=data["rule"], order=data["order"])
    for s in reversed(winners):
        if e.get("winner_effects"):
            queue(state, list(e["winner_effects"]), seat=s, source=source, rule=data["rule"], order=data["order"])
    said = BID_LOSES if e.get("award") == "lowest_loses" else BID_WINS
    return [to_all("bid_result", said(seat=seat_ref(picked)), seat=picked)]


@decision("bid_tie", "rw_choose")
def _tie_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    loses = st.data["effect"].get("award") == "lowest_loses"
    question = TIE_LOSES_Q() if loses else TIE_WINS_Q()
    label = TIE_LOSES if loses else TIE_WINS
    return [
        ask(
            st.seat,
            st.key,
            "RW-31.3",
            question,
            options=[option(label(seat=seat_ref(s)), {"type": "rw_choose", "value": str(s)}) for s in st.data["tied"]],
        )
    ]


@applies("bid_tie")
def _tie_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    need(action.value.isdigit() and int(action.value) in st.data["tied"], "RW-31.3", TIE_BAD())
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
    empty = sorted(a for a in state.board if B.is_empty(state, a))
    if where == "farthest_empty_area":
        return farthest_from_home_realms(state, empty)
    return empty


def farthest_from_home_realms(state: RunewarsState, candidates: list[str]) -> list[str]:
    """The candidates whose nearest home-realm area is farthest away, in area steps (ties all kept).

    Steps ignore borders: the card measures the map, not a move. With no home realm on the
    board every candidate ties.
    """
    homes = [a for a in state.board if state.board[a].home_of is not None]
    dist: dict[str, int] = {a: 0 for a in homes}
    frontier = list(homes)
    while frontier:  # breadth first from every home area at once
        nxt: list[str] = []
        for a in frontier:
            for b in sorted(state.board[a].adj):
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    if not candidates:
        return []
    best = max(dist.get(a, 0) for a in candidates)
    return [a for a in candidates if dist.get(a, 0) == best]


@decision("fx_add_units", "rw_choose")
def _add_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    e = st.data["effect"]
    areas = _add_areas(state, st.seat, e["where"])
    opts = [option(ADD_IN(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a) for a in areas]
    if not areas:
        opts.append(option(ADD_NOWHERE(), {"type": "rw_choose", "value": "-"}))
    question = ADD_Q(source=loaded(st.data["source"]), n=e["count"], unit=ref("unit", e["unit_type"]))
    return [ask(st.seat, st.key, "RW-11.6", question, options=opts)]


@applies("fx_add_units")
def _add_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    e = st.data["effect"]
    areas = _add_areas(state, seat, e["where"])
    need(action.value in areas or (not areas and action.value == "-"), "RW-11.6", ADD_BAD())
    done(state, st)
    return _place_units(state, seat, e, action.value, loaded(st.data["source"]))


def _place_units(state: RunewarsState, seat: int, e: dict[str, Any], area: str, source: Source) -> list[Event]:
    """Put ``e``'s figures from the supply into ``area`` (``-``: nowhere); missing figures are not placed."""
    if area == "-":
        return []
    neutral = catalog().is_neutral_kind(e["unit_type"])
    owner: int | None = seat
    if neutral and (e["where"] == "farthest_empty_area" or B.controller(state, area) != seat):
        owner = None  # RW-11.6: neutrals in an area no one controls are unallied
    placed = sum(1 for _ in range(int(e["count"])) if B.add_unit(state, e["unit_type"], owner, area))
    if owner is not None:
        limit_check(state, seat, [area])
    return [
        to_all(
            "units_added",
            ADDED(n=placed, unit=ref("unit", e["unit_type"]), area=ref("area", area), source=source),
            seat=seat,
            area=area,
        )
    ]


@decision("fx_inspect", "rw_choose")
def _fx_inspect_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    opts = [
        option(INSPECT_OPTION(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
        for a in sorted(state.board)
        if state.board[a].rune
    ]
    if not opts:
        opts = [option(INSPECT_NONE(), {"type": "rw_choose", "value": "-"})]
    question = INSPECT_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, "RW-27.5", question, secret=True, options=opts)]


@applies("fx_inspect")
def _fx_inspect_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    runed = [a for a in state.board if state.board[a].rune]
    need(action.value in runed if runed else action.value == "-", "RW-27.5", INSPECT_BAD())
    st.data["left"] -= 1
    if st.data["left"] <= 0 or action.value == "-":
        done(state, st)
    if action.value == "-":
        return []
    return [
        to_all("rune_inspect", INSPECTS(seat=seat_ref(seat), area=ref("area", action.value)), seat=seat),
        to_seats(seat, "rune_inspect_private", rune_faces_text(state, [action.value]), area=action.value),
    ]


def _false_rune_areas(state: RunewarsState, seat: int) -> list[str]:
    return sorted(a for a in B.controlled_areas(state, seat) if state.board[a].rune == "false")


@decision("fx_false_rune", "rw_choose")
def _false_rune_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    """Secret: the options name the player's false runes (RW-27.5); declining is always offered."""
    otherwise = list(st.data["effect"].get("otherwise") or [])
    opts = [
        option(FALSE_REVEAL_OPTION(area=ref("area", a)), {"type": "rw_choose", "value": a}, at=a)
        for a in _false_rune_areas(state, st.seat)
    ]
    opts.append(option(FALSE_DECLINE_OPTION(effects=effects_text(otherwise)), {"type": "rw_choose", "value": "-"}))
    question = FALSE_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, "RW-27.3.1", question, secret=True, options=opts)]


@applies("fx_false_rune")
def _false_rune_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    falses = _false_rune_areas(state, seat)
    need(action.value == "-" or action.value in falses, "RW-27.3.1", FALSE_BAD())
    done(state, st)
    e = st.data["effect"]
    source = loaded(st.data["source"])
    if action.value == "-":
        branch = list(e.get("otherwise") or [])
        events = [to_all("false_rune_declined", FALSE_DECLINED(seat=seat_ref(seat), source=source), seat=seat)]
    else:
        state.board[action.value].rune = None  # face up to the false-rune pile, as in RW-27.3.1
        state.rune_supply["false"] += 1
        state.revealed_false += 1
        branch = list(e.get("then") or [])
        said = FALSE_REVEALED(seat=seat_ref(seat), area=ref("area", action.value), source=source)
        events = [to_all("false_rune_revealed", said, reveals=True, seat=seat, area=action.value)]
    if branch:
        queue(state, branch, seat=seat, source=source, rule=st.data["rule"], order=[seat])
    return events


@decision("fx_pick_player", "rw_choose")
def _pick_player_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    others = [x for x in state.active_seats() if x != st.seat]
    question = PICK_Q(source=loaded(st.data["source"]))
    return [
        ask(
            st.seat,
            st.key,
            st.data["rule"],
            question,
            options=[option(PICK_OPTION(seat=seat_ref(x)), {"type": "rw_choose", "value": str(x)}) for x in others],
        )
    ]


@applies("fx_pick_player")
def _pick_player_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    others = [x for x in state.active_seats() if x != seat]
    need(action.value.isdigit() and int(action.value) in others, st.data["rule"], PICK_BAD())
    done(state, st)
    target = int(action.value)
    effect = dict(st.data["effect"], who="self")
    source = loaded(st.data["source"])
    queue(state, [effect], seat=target, source=source, rule=st.data["rule"], order=[target])
    return [
        to_all(
            "target_player",
            TARGETS(seat=seat_ref(seat), target=seat_ref(target), source=source),
            seat=seat,
            target=target,
        )
    ]


@decision("fx_rune_move", "rw_choose")
def _rune_move_prompts(state: RunewarsState, st: Any) -> list[Prompt]:
    pairs = rune_pairs(state, st.seat)
    opts = [
        option(RUNE_MOVE_OPTION(a=ref("area", a), b=ref("area", b)), {"type": "rw_choose", "value": f"{a}:{b}"})
        for a, b in pairs
    ] or [option(RUNE_MOVE_NONE(), {"type": "rw_choose", "value": "-"})]
    question = RUNE_MOVE_Q(source=loaded(st.data["source"]))
    return [ask(st.seat, st.key, "RW-27.4", question, options=opts)]


@applies("fx_rune_move")
def _rune_move_apply(state: RunewarsState, st: Any, seat: int, action: Choose) -> list[Event]:
    pairs = [f"{a}:{b}" for a, b in rune_pairs(state, seat)]
    need(action.value in pairs if pairs else action.value == "-", "RW-27.4", RUNE_MOVE_BAD())
    done(state, st)
    if action.value != "-":
        a, _, b = action.value.partition(":")
        push(state, step(state, "rune_arrange", seat, areas=[a, b]))
    return []
