"""[EXP: Fortress] The event steps the drawer resolves once for the whole table (H3-7.5.4, H3-7.5.6): cards or
units turned up for everyone and offered to each player in turn clockwise from the drawer (Artifact
Merchant, Library of Enlightenment, Mage Laboratory, Shrine of the Magic Thought, Mercenary Camp, Prison),
the Magical Forest's face-down pool, A Shady Auction's secret bids and the Mischievous Leprechaun's dice.

Each is a step of the map vocabulary (``effects.HANDLERS``) run as the drawer's ``fx`` step: it lays out
what the event shows and queues one ``event_turn`` per player (offer.py), so a player is asked only
while something is left for them. What nobody took stays in ``EventDeck`` until ``event_end`` puts it back
into its deck (H3-7.5.5). The auction's bids are one response window asking every seat at once, each bid
secret until the last is in (the kernel's ``together`` window).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ...adventure import effects
from ...cards import deck as cards
from ...content import load
from ...content.clash import Step as Effect
from ...content.clash import clash_content
from .. import messages as m
from ..asks import ask, push_ask
from ..common import gain, pay
from ..flow import FLOW, seat_of
from ..state import ClashState, Player
from .offer import (
    TIERS,
    can_buy_unit,
    clockwise,
    cost_text,
    has_units,
    price,
    reveal,
    roll,
    table,
    to_discard,
    turn,
    unit_cost,
)

AUCTION = "auction_bid"  # the auction's window step (views show who has bid, never how much)


def _event_ref(state: ClashState) -> Ref:
    return m.ref("event", table(state).current or "")


def _revealed(state: ClashState, p: Player, got: list[str]) -> Event:
    """The cards turned up for everyone (H3-7.5.6 ⟦H: revealed cards public⟧)."""
    said = m.EVENT_REVEALED(seat=m.seat(p.seat), cards=[cards.card_ref(state, c) for c in got])
    return Event.to_all("h3_event_revealed", said, reveals=True, cards=[state.cards[c] for c in got])


# ---- Artifact Merchant (H3-7.5.6) ---------------------------------------------------------------------------
def _merchant(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-7.5.6: the drawer turns the top ``x`` artifacts up for everyone; beginning with the drawer each player
    clockwise may buy one of the cards still there, until the cards are back with the drawer. The rules file
    lets each player buy one card; the printed card (S-H1) lets a player buy any number of them, or the
    face-up card of the artifact discard pile instead: we follow the rules file (README)."""
    got = reveal(state, "artifact", eff.num("x", 5))
    if not got:
        return []
    table(state).revealed = got
    prices = eff.params.get("prices")
    prices = prices if isinstance(prices, dict) else {}
    FLOW.push(state, *[turn(state, s, "merchant_buy", prices=prices) for s in clockwise(state, p.seat)])
    return [_revealed(state, p, got)]


def _buy_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_EVENT_BUY(event=_event_ref(state))


@ask("merchant_buy", "H3-7.5.6", _buy_q)
def _merchant_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """P-44: each card still on the table the player's gold pays for, at its printed price by rank."""
    p = state.player(seat_of(st))
    prices = dict(st.data["prices"])
    out = [
        (m.OPT_BUY(card=cards.card_ref(state, c), gold=price(state, c, prices)), c)
        for c in table(state).revealed
        if p.resources.get("gold", 0) >= price(state, c, prices)
    ]
    return out + [(m.OPT_PASS(), "pass")]


@_merchant_options
def _merchant_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The bought card goes to the hand; its identity is public, it was revealed (H3-7.5.6, H-12)."""
    p = state.player(seat_of(st))
    if pick == "pass":
        return [Event.to_all("h3_event_pass", m.EVENT_PASSES(seat=m.seat(p.seat)), seat=p.seat)]
    gold = price(state, pick, dict(st.data["prices"]))
    pay(p, {"gold": gold})
    table(state).revealed.remove(pick)
    cards.gain_card(state, p, pick)
    said = m.BOUGHT(seat=m.seat(p.seat), card=cards.card_ref(state, pick), gold=gold)
    return [Event.to_all("h3_bought", said, seat=p.seat, card=state.cards[pick])]


# ---- Library of Enlightenment, Mage Laboratory, Shrine of the Magic Thought ----------------------------------
def _spell_market(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """``per_player`` spells a player turned up for everyone; clockwise from the drawer each player may buy one
    for ``gold`` or ``valuables`` (the Shrine: or roll a resource die instead, ``or_die``; the Mage
    Laboratory: the buyer shuffles it into their deck with their discard pile, ``reshuffle``). The spells
    left go back into the spell deck (H3-7.5.5), the Shrine's to its discard pile (``rest``: its card says so)."""
    order = clockwise(state, p.seat)
    got = reveal(state, "spell", eff.num("per_player", 2) * len(order))
    ev = table(state)
    ev.revealed = got
    ev.rest = "discard" if eff.word("rest") == "discard" else "deck"
    costs = {"gold": eff.num("gold"), "valuables": eff.num("valuables")}
    data: dict[str, Any] = {"price": costs, "reshuffle": eff.num("reshuffle"), "or_die": eff.num("or_die")}
    FLOW.push(state, *[turn(state, s, "spell_buy", **data) for s in order])
    return [_revealed(state, p, got)] if got else []


@ask("spell_buy", "H3-7.5.4", _buy_q)
def _spell_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = []
    for c in table(state).revealed:
        for res, n in dict(st.data["price"]).items():
            if n and p.resources.get(res, 0) >= n:
                out.append((m.OPT_BUY_FOR(card=cards.card_ref(state, c), what=cost_text({res: n})), f"{c}:{res}"))
    if st.data.get("or_die"):
        return out + [(m.OPT_EVENT_DIE(), "die")]
    return out + [(m.OPT_PASS(), "pass")]


@_spell_options
def _spell_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    if pick == "pass":
        return [Event.to_all("h3_event_pass", m.EVENT_PASSES(seat=m.seat(seat)), seat=seat)]
    if pick == "die":
        effects.push_effects(state, seat, "main", [Effect(effect="resource_dice", params={"count": 1, "keep": 1})])
        return []
    inst, _, res = pick.partition(":")
    paid = {res: int(dict(st.data["price"])[res])}
    pay(p, paid)
    table(state).revealed.remove(inst)
    said = m.EVENT_BOUGHT(seat=m.seat(seat), card=cards.card_ref(state, inst), what=cost_text(paid))
    events = [Event.to_all("h3_bought", said, seat=seat, card=state.cards[inst])]
    if not st.data.get("reshuffle"):
        cards.gain_card(state, p, inst)
        return events
    # Mage Laboratory: into the discard pile (a gain, not a discard: the chaos deck leaves it, H3-48.1), then
    # the discard pile is shuffled into the deck (the map step ``reshuffle_discard``)
    p.deck.discard.append(inst)
    p.chaos_settled.append(inst)
    effects.push_effects(state, seat, "main", [Effect(effect="reshuffle_discard")])
    return events


# ---- A Shady Auction --------------------------------------------------------------------------------------
def _auction(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    times = max(1, eff.num("times", 3))
    FLOW.push(state, *[FLOW.new(state, "auction_lot", p.seat, n=i + 1) for i in range(times)])
    return []


@FLOW.auto("auction_lot")
def _lot(state: ClashState, st: Step) -> list[Event]:
    """One lot: the top artifact card is turned up for all, then every player with gold to bid bids at once
    in secret (one with none bids nothing; with nobody to bid the lot goes straight to the discard pile)."""
    got = reveal(state, "artifact", 1)
    if not got:
        return []
    table(state).revealed = got
    bids = FLOW.new(state, AUCTION, seat_of(st), card=got[0])
    said = Event.to_all("h3_event_lot", m.EVENT_LOT(card=cards.card_ref(state, got[0])), reveals=True)
    seats = [s for s in clockwise(state, seat_of(st)) if state.player(s).resources.get("gold", 0) > 0]
    return [said, *FLOW.open_window(state, bids, seats, together=True, key=bids.key, rule="H3-7.5.4")]


def _bids(state: ClashState, seat: int) -> list[int]:
    return list(range(state.player(seat).resources.get("gold", 0) + 1))


@FLOW.window(AUCTION, "choose")
def _bid_prompt(state: ClashState, st: Step, seat: int) -> Prompt:
    """A secret bid from 0 to the player's gold; a player may change it until the last bid is in."""
    card = cards.card_ref(state, str(st.data["card"]))
    options = [Option.of(m.OPT_BID(n=n), {"type": "choose", "pick": str(n)}) for n in _bids(state, seat)]
    gold = state.player(seat).resources.get("gold", 0)
    q = m.ASK_BID(card=card, gold=gold)
    return Prompt.ask(seat, f"{st.key}.{seat}", "H3-7.5.4", q, options=options, secret=True, simultaneous=True)


@FLOW.applies(AUCTION)
def _bid_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    if not (action.pick.isdigit() and int(action.pick) in _bids(state, seat)):
        raise RuleViolation("H3-7.5.4", m.NOT_OFFERED())
    w = st.window
    assert w is not None
    first = seat not in w.through
    events = FLOW.answer_window(state, st, seat, {"bid": int(action.pick)}, responds=True)
    if first and not w.closed:  # who has bid is public, never how much
        said = m.EVENT_BID_LOCKED(seat=m.seat(seat), locked=len(w.through), total=len(w.seats))
        events.insert(0, Event.to_all("h3_event_bid_locked", said, seat=seat))
    return events


@FLOW.closes(AUCTION)
def _bid_close(state: ClashState, st: Step) -> list[Event]:
    """All bids are shown together; the one highest bid pays and takes the card; no bid above 0, or a tie
    for the highest, sends it to the artifact discard pile (the card's own words, not H3-7.5.5)."""
    w = st.window
    assert w is not None
    inst = str(st.data["card"])
    table(state).revealed.remove(inst)
    bids = {s: int(w.answers.get(s, {}).get("bid", 0)) for s in w.seats}
    shown = [m.EVENT_BID(seat=m.seat(s), gold=n) for s, n in bids.items()]
    said = Event.to_all("h3_event_bids", m.EVENT_BIDS(bids=shown), bids={str(s): n for s, n in bids.items()})
    events = [said] if bids else []
    top = max(bids.values(), default=0)
    best = [s for s, n in bids.items() if n == top]
    card = cards.card_ref(state, inst)
    if top > 0 and len(best) == 1:
        p = state.player(best[0])
        pay(p, {"gold": top})
        cards.gain_card(state, p, inst)
        won = m.EVENT_WON(seat=m.seat(p.seat), gold=top, card=card)
        return events + [Event.to_all("h3_event_won", won, seat=p.seat, card=state.cards[inst])]
    to_discard(state, inst)
    return events + [Event.to_all("h3_event_unsold", m.EVENT_UNSOLD(card=card))]


@FLOW.sampler(AUCTION)
def _bid_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "choose", "pick": str(rng.choice(_bids(state, seat)[:4]))}


# ---- Magical Forest ---------------------------------------------------------------------------------------
def _forest(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Every player adds a card face down to the pool, clockwise from the drawer; the pool is shuffled; then
    each, clockwise again, takes a card from it or the gold."""
    order = clockwise(state, p.seat)
    kinds = eff.words("kinds") or ["spell", "artifact", "ability"]
    gives = [turn(state, s, "pool_give", kinds=kinds) for s in order]
    takes = [turn(state, s, "pool_take", gold=eff.num("gold", 4)) for s in order]
    FLOW.push(state, *gives, FLOW.new(state, "pool_shuffle", p.seat), *takes)
    return []


def _pool_give_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_POOL_GIVE()


@ask("pool_give", "H3-7.5.4", _pool_give_q, secret=True)
def _pool_give_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """A card of ``kinds`` from the hand, or the top card of one of those decks (H-1: the hand is listed, so
    the question goes to its owner alone)."""
    p = state.player(seat_of(st))
    kinds = list(st.data["kinds"])
    out = [
        (m.OPT_POOL_HAND(card=cards.card_ref(state, c)), f"hand:{c}")
        for c in p.deck.hand
        if clash_content().cards[state.cards[c]].kind in kinds
    ]
    for kind in kinds:
        deck = state.decks.get(kind)
        if deck is not None and (deck.draw_pile or deck.discard_pile):
            out.append((m.OPT_POOL_DECK(deck=Ref(kind="h3_deck", id=kind)), f"deck:{kind}"))
    return out


@_pool_give_options
def _pool_give_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The card goes face down: the table learns only that one was added (a drawn one is seen by its
    drawer, the Magical Forest's "draw and view")."""
    seat = seat_of(st)
    p = state.player(seat)
    where, _, what = pick.partition(":")
    events = [Event.to_all("h3_event_pool_added", m.EVENT_POOL_ADDED(seat=m.seat(seat)), seat=seat)]
    if where == "hand":
        p.deck.hand.remove(what)
        table(state).pool.append(what)
        return events
    got = reveal(state, what, 1)
    table(state).pool += got
    seen = [cards.card_ref(state, c) for c in got]
    return events + [Event.to_seats(seat, "h3_you_see", m.YOU_SEE(cards=seen), reveals=True)]


@FLOW.auto("pool_shuffle")
def _pool_shuffle(state: ClashState, st: Step) -> list[Event]:
    pool = table(state).pool
    state.rng.shuffle(pool)
    return [Event.to_all("h3_event_pool_shuffled", m.EVENT_POOL_SHUFFLED(n=len(pool)))]


def _pool_take_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_POOL_TAKE(n=len(table(state).pool), gold=int(st.data["gold"]))


@ask("pool_take", "H3-7.5.4", _pool_take_q)
def _pool_take_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    out = [(m.OPT_POOL_TAKE(), "take")] if table(state).pool else []
    return out + [(m.OPT_GAIN_GOLD(gold=int(st.data["gold"])), "gold")]


@_pool_take_options
def _pool_take_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The pool is face down and shuffled, so the card taken is its top one, seen by the taker alone."""
    seat = seat_of(st)
    p = state.player(seat)
    if pick == "gold":
        gold = int(st.data["gold"])
        gain(p, {"gold": gold})
        return [Event.to_all("h3_gain", m.GAINED(seat=m.seat(seat), what=cost_text({"gold": gold})))]
    inst = table(state).pool.pop(0)
    cards.gain_card(state, p, inst)
    cards.offer_foreign(state, p, inst, cards.home_deck(state, inst) or "ability")  # H3-14.3
    return [
        Event.to_all("h3_event_pool_took", m.EVENT_POOL_TOOK(seat=m.seat(seat)), seat=seat),
        Event.to_seats(seat, "h3_you_drew", m.YOU_DREW(cards=[cards.card_ref(state, inst)]), reveals=True),
    ]


# ---- Mercenary Camp ---------------------------------------------------------------------------------------
def _camp(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    order = clockwise(state, p.seat)
    draws = [turn(state, s, "camp_draw", max=eff.num("max", 2)) for s in order]
    recruits = [turn(state, s, "camp_recruit") for s in order]
    FLOW.push(state, *draws, *recruits)
    return []


def _camp_draw_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_CAMP_DRAW(n=int(st.data["max"]))


@ask("camp_draw", "H3-7.5.4", _camp_draw_q)
def _camp_draw_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    out = [
        (m.OPT_CAMP_DRAW(n=n, tier=Ref(kind="h3_tier", id=t)), f"{t}:{n}")
        for t in TIERS
        if has_units(state, t)
        for n in range(1, int(st.data["max"]) + 1)
    ]
    return out + [(m.OPT_PASS(), "pass")]


@_camp_draw_options
def _camp_draw_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The units are spread on the table face up for all."""
    seat = seat_of(st)
    if pick == "pass":
        return [Event.to_all("h3_event_pass", m.EVENT_PASSES(seat=m.seat(seat)), seat=seat)]
    tier, _, n = pick.partition(":")
    got = state.neutral_decks[tier].draw(state.rng, int(n))
    table(state).units += got
    said = m.EVENT_UNITS_LAID(seat=m.seat(seat), units=[Ref(kind="unit", id=u) for u in got])
    return [Event.to_all("h3_event_units", said, reveals=True, seat=seat, units=got)]


def _camp_recruit_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_CAMP_RECRUIT()


@ask("camp_recruit", "H3-7.5.4", _camp_recruit_q)
def _camp_recruit_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Recruit at the unit's cost (house: no dwelling is needed, the event brings the unit, H3-29.4)."""
    p = state.player(seat_of(st))
    out = [
        (m.OPT_RECRUIT_FOR(unit=Ref(kind="unit", id=u), cost=cost_text(unit_cost(u))), str(i))
        for i, u in enumerate(table(state).units)
        if can_buy_unit(state, p, u)
    ]
    return out + [(m.OPT_PASS(), "pass")]


@_camp_recruit_options
def _camp_recruit_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    if pick == "pass":
        return [Event.to_all("h3_event_pass", m.EVENT_PASSES(seat=m.seat(p.seat)), seat=p.seat)]
    unit = table(state).units.pop(int(pick))
    return effects.recruit_neutral(state, p, unit, unit_cost(unit))


# ---- Prison -----------------------------------------------------------------------------------------------
def _prison(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Clockwise from the drawer each player brings the cards in hand up to ``x`` (the drawer draws 2, each
    next player 1 to the card passed on), from any neutral deck but ``tiers``' others (not azure), then buys
    one of them or discards one for ``gold``; the card left passes on. The last one goes back (H3-7.5.5)."""
    tiers = eff.words("tiers") or ["bronze", "silver", "gold"]
    order = clockwise(state, p.seat)
    steps: list[Step] = []
    for i, s in enumerate(order):
        after = order[i + 1] if i + 1 < len(order) else None  # who the card left passes to
        steps += [
            turn(state, s, "prison_draw", x=eff.num("x", 2), tiers=tiers),
            turn(state, s, "prison_pick", gold=eff.num("gold", 3), after=after),
        ]
    FLOW.push(state, *steps)
    return []


def _prison_draw_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_PRISON_DRAW()


def _prison_tiers(state: ClashState, st: Step) -> list[str]:
    """The decks a card may still be drawn from: none once the player holds ``x`` cards."""
    if len(table(state).units) >= int(st.data["x"]):
        return []
    return [t for t in st.data["tiers"] if has_units(state, t)]


@ask("prison_draw", "H3-7.5.4", _prison_draw_q)
def _prison_draw_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_tier", id=t)), t) for t in _prison_tiers(state, st)]


@_prison_draw_options
def _prison_draw_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """One card at a time, each from the deck the player names ("from any deck"), face up for all."""
    seat = seat_of(st)
    ev = table(state)
    got = state.neutral_decks[pick].draw(state.rng, 1)
    ev.units += got
    st.data["again"] = bool(got) and bool(_prison_tiers(state, st))
    said = m.EVENT_UNITS_LAID(seat=m.seat(seat), units=[Ref(kind="unit", id=u) for u in got])
    return [Event.to_all("h3_event_units", said, reveals=True, seat=seat, units=got)]


def _prison_pick_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_PRISON_PICK(gold=int(st.data["gold"]))


@ask("prison_pick", "H3-7.5.4", _prison_pick_q)
def _prison_pick_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    gold = int(st.data["gold"])
    out: list[tuple[Msg, str]] = []
    for i, u in enumerate(table(state).units):
        unit = Ref(kind="unit", id=u)
        if can_buy_unit(state, p, u):
            out.append((m.OPT_RECRUIT_FOR(unit=unit, cost=cost_text(unit_cost(u))), f"buy:{i}"))
        out.append((m.OPT_PRISON_GOLD(unit=unit, gold=gold), f"gold:{i}"))
    return out


@_prison_pick_options
def _prison_pick_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Bought: into the army; discarded: to its tier's discard pile (H3-29.4) for the gold."""
    p = state.player(seat_of(st))
    ev = table(state)
    how, _, i = pick.partition(":")
    unit = ev.units.pop(int(i))
    if how == "buy":
        events = effects.recruit_neutral(state, p, unit, unit_cost(unit))
    else:
        gold = int(st.data["gold"])
        state.neutral_decks[load().unit(unit).tier].discard(unit)
        gain(p, {"gold": gold})
        said = m.EVENT_UNIT_FREED(seat=m.seat(p.seat), unit=Ref(kind="unit", id=unit), gold=gold)
        events = [Event.to_all("h3_event_unit_freed", said, seat=p.seat)]
    after = st.data.get("after")
    if ev.units and after is not None:
        passed = m.EVENT_UNIT_PASSED(unit=Ref(kind="unit", id=ev.units[0]), seat=m.seat(int(after)))
        events.append(Event.to_all("h3_event_unit_passed", passed))
    return events


# ---- Mischievous Leprechaun -------------------------------------------------------------------------------
def _faces(die: str) -> list[Any]:
    c = clash_content()
    return list(c.treasure_die if die == "treasure" else c.resource_die)


def _same(die: str, a: int, b: int) -> bool:
    """Two results match when the faces do the same (the treasure die's two experience faces are one result)."""
    faces = _faces(die)
    return bool(faces[a].steps == faces[b].steps)


def _leprechaun(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The drawer rolls the pool for all; each player then rolls their pair, clockwise from the drawer."""
    ev = table(state)
    events: list[Event] = []
    for die in ("treasure", "resource"):
        rolled, said = roll(state, p, die, eff.num(die, 2))
        ev.dice += [(die, f) for f in rolled]
        events.append(said)
    shown = [m.OPT_TAKE_DIE(die=Ref(kind="h3_die", id=d), face=effects.face_text(state, d, f)) for d, f in ev.dice]
    events.append(Event.to_all("h3_event_dice_pool", m.EVENT_DICE_POOL(faces=shown)))
    FLOW.push(state, *[FLOW.new(state, "leprechaun_roll", s) for s in clockwise(state, p.seat)])
    return events


@FLOW.auto("leprechaun_roll")
def _leprechaun_roll(state: ClashState, st: Step) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    if p.eliminated:
        return []
    ev = table(state)
    events: list[Event] = []
    mine: list[tuple[str, int]] = []
    for die in ("treasure", "resource"):
        rolled, said = roll(state, p, die, 1)
        mine += [(die, f) for f in rolled]
        events.append(said)
    matches = [i for i, (d, f) in enumerate(ev.dice) if any(d == e and _same(d, f, g) for e, g in mine)]
    if not matches:
        return events + [Event.to_all("h3_event_no_match", m.EVENT_NO_MATCH(seat=m.seat(seat)))]
    push_ask(state, "leprechaun_take", seat, matches=matches)
    return events


def _leprechaun_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_LEPRECHAUN()


@ask("leprechaun_take", "H3-7.5.4", _leprechaun_q)
def _leprechaun_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    dice = table(state).dice
    out = [
        (m.OPT_TAKE_DIE(die=Ref(kind="h3_die", id=dice[i][0]), face=effects.face_text(state, *dice[i])), str(i))
        for i in st.data["matches"]
    ]
    return out + [(m.OPT_SKIP(), "skip")]


@_leprechaun_options
def _leprechaun_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The die taken leaves the pool and resolves as that result (H3-20.5, H3-20.6)."""
    if pick == "skip":
        return []
    seat = seat_of(st)
    die, face = table(state).dice.pop(int(pick))
    effects.push_effects(state, seat, "main", effects.face_steps(state, _faces(die)[face].steps))
    face_said = effects.face_text(state, die, face)
    said = m.EVENT_DIE_TAKEN(seat=m.seat(seat), die=Ref(kind="h3_die", id=die), face=face_said)
    return [Event.to_all("h3_event_die_taken", said, seat=seat)]


effects.HANDLERS.update(
    {
        "merchant": _merchant,
        "spell_market": _spell_market,
        "auction": _auction,
        "forest_pool": _forest,
        "mercenary_camp": _camp,
        "prison": _prison,
        "leprechaun": _leprechaun,
    }
)
effects.RESOLVED = effects.RESOLVED | frozenset(effects.HANDLERS)
