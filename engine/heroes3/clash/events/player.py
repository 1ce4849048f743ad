"""[EXP: Fortress] The steps of a player's own part of an event card (H3-7.5.4 ⟦D: each player for their own
part⟧) that the map vocabulary did not have: Crypt's gamble, the removals that pay for Searches (Cursed
Swamp, Garden of Revelation, Market of Time, School of Magic and School of War, The Villagers' Plea),
Cursed Swamp's cheapest unit, the Den of Thieves, the Messenger with Supplies, the Garden's draw and hand
refresh, the Stables' and Plea's MP, the Withered Hermit's dice and the Marketplace's exchange.

They are registered on the map vocabulary (``effects.HANDLERS``) as cards/map_cards.py registers its own,
so an event's steps resolve as ``fx`` steps like any astrologer card's, and each choice is an ``ask``.
``offer.POSSIBLE`` says when one of them cannot be done now, so an option needing it is not offered.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ...adventure import effects
from ...cards import deck as cards
from ...content import load
from ...content.clash import Step as Effect
from ...content.clash import clash_content
from ...town import trade as trade_table
from .. import messages as m
from ..ally_trade import amounts
from ..asks import ask, push_ask
from ..common import RES, can_pay, gain, heroes, pay
from ..flow import FLOW, seat_of
from ..state import ClashState, Exchange, Hero, Player
from .offer import (
    POSSIBLE,
    TIERS,
    back_to_deck,
    can_buy_unit,
    clockwise,
    cost_text,
    face_amounts,
    has_units,
    price,
    reveal,
    roll,
    table,
    to_discard,
    turn,
    unit_cost,
)

WANT_CAP = 20  # house: the most of one resource an exchange may ask, so the offer's menu stays finite


# ---- Crypt: a treasure roll that fails on experience ------------------------------------------------------
def _treasure_gamble(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Crypt: roll ``count`` treasure dice; if any shows a face with a ``fail`` step (experience) nothing is
    gained, otherwise resolve ``keep`` of them as any treasure roll (H3-20.6)."""
    rolled, said = roll(state, p, "treasure", max(1, eff.num("count", 2)))
    faces = clash_content().treasure_die
    fail = eff.word("fail", "xp")
    if any(s.effect == fail for f in rolled for s in faces[f].steps):
        return [said, Event.to_all("h3_event_gamble_lost", m.EVENT_GAMBLE_LOST(seat=m.seat(p.seat)))]
    return [said, *effects.dice_continue(state, p.seat, hero_kind, "treasure", rolled, eff.num("keep", 1))]


# ---- removing cards for Searches ------------------------------------------------------------------------
def removable_cards(state: ClashState, p: Player, kinds: list[str]) -> list[str]:
    """The hand cards of ``kinds`` an event may remove (H3-13.2.8). House: the cards a trading post never
    removes stay here too (H3-43.1.3: Magic Arrows, the main hero's starting ability)."""
    c = clash_content()
    return [x for x in p.deck.hand if c.cards[state.cards[x]].kind in kinds and c.removable(state.cards[x], p.hero)]


def _remove_kinds(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    kinds = eff.words("kinds")
    if not removable_cards(state, p, kinds):
        return []
    push_ask(
        state,
        "event_remove",
        p.seat,
        kinds=kinds,
        min=eff.num("min"),
        max=eff.num("max"),
        per=eff.num("per"),
        searches=eff.num("searches"),
        x=eff.num("x", 2),
        decks=eff.words("decks"),
        removed=0,
    )
    return []


def _remove_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_EVENT_REMOVE(n=int(st.data["removed"]))


@ask("event_remove", "H3-13.2.8", _remove_q, secret=True)
def _remove_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Cards of the kinds asked (none once ``max`` are removed); finishing once ``min`` are (H-1: the
    question lists the hand, so it goes to its owner alone)."""
    p = state.player(seat_of(st))
    removed, most = int(st.data["removed"]), int(st.data["max"])
    out: list[tuple[Msg, str]] = []
    if not most or removed < most:
        kinds = list(st.data["kinds"])
        out += [(m.OPT_REMOVE(card=cards.card_ref(state, c)), c) for c in removable_cards(state, p, kinds)]
    if removed >= int(st.data["min"]):
        out.append((m.OPT_DONE(), "done"))
    return out


@_remove_options
def _remove_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Each removed card is named to all (H-4); when done, every ``per`` removed gives a Search (``x``) of
    one of ``decks`` (at most ``searches``), each optional as every Search is (H3-13.2.5)."""
    seat = seat_of(st)
    p = state.player(seat)
    events: list[Event] = []
    if pick != "done":
        cards.remove(state, p, pick)
        st.data["removed"] = int(st.data["removed"]) + 1
        events.append(Event.to_all("h3_removed", m.EVENT_REMOVED(seat=m.seat(seat), card=cards.card_ref(state, pick))))
        most = int(st.data["max"])
        if (not most or int(st.data["removed"]) < most) and removable_cards(state, p, list(st.data["kinds"])):
            st.data["again"] = True
            return events
    per, cap = int(st.data["per"]), int(st.data["searches"])
    n = int(st.data["removed"]) // per if per else 0
    decks, x = list(st.data["decks"]), int(st.data["x"])
    for _ in range(min(n, cap) if cap else n):
        if len(decks) == 1:
            cards.start_search(state, seat, decks[0], x)
        else:  # which of the decks (Garden: spell or ability), then the Search (H3-13.2.5)
            push_ask(state, "time_market", seat, x=x, decks=decks, at=None)
    return events


# ---- Cursed Swamp: the cheapest unit ----------------------------------------------------------------------
def _cost_key(p: Player, i: int) -> tuple[int, int, int]:
    """A unit card's printed cost on the side it shows, dearest resource first: a unit that costs
    valuables is dearer than any that costs gold alone (house reading of "cheapest")."""
    a = p.army[i]
    cost = load().unit(a.card).sides[a.side].cost
    return cost.get("valuables", 0), cost.get("building_materials", 0), cost.get("gold", 0)


def cheapest(p: Player) -> list[int]:
    if not p.army:
        return []
    low = min(_cost_key(p, i) for i in range(len(p.army)))
    return [i for i in range(len(p.army)) if _cost_key(p, i) == low]


def _discard_cheapest(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    low = cheapest(p)
    if not low:
        return []
    if len({(p.army[i].card, p.army[i].side) for i in low}) == 1:
        return discard_unit(state, p, low[0])
    push_ask(state, "cheapest_unit", p.seat)  # several different cards cost the same: the owner picks
    return []


def _cheapest_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_CHEAPEST()


@ask("cheapest_unit", "H3-7.5.4", _cheapest_q)
def _cheapest_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_UNIT(unit=Ref(kind="unit", id=p.army[i].card)), str(i)) for i in cheapest(p)]


@_cheapest_options
def _cheapest_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    return discard_unit(state, state.player(seat_of(st)), int(pick))


def discard_unit(state: ClashState, p: Player, i: int) -> list[Event]:
    """The unit card leaves the army: a faction card back to its unrecruited pool, a neutral one to its
    tier's discard pile (H3-26.2, H3-29.4). House: an army emptied this way is refilled with the scenario's
    starting units, as H3-26.5 refills an army left with no unit."""
    a = p.army.pop(i)
    if a.side == "neutral":
        state.neutral_decks[load().unit(a.card).tier].discard(a.card)
    events = [Event.to_all("h3_unit_out", m.UNIT_SWAPPED_OUT(seat=m.seat(p.seat), unit=Ref(kind="unit", id=a.card)))]
    if not p.army:
        p.army = [x.model_copy() for x in p.starting_units]
        events.append(Event.to_all("h3_army_refilled", m.EVENT_ARMY_REFILLED(seat=m.seat(p.seat))))
    return events


# ---- Den of Thieves ---------------------------------------------------------------------------------------
def _neutral_peek(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    if any(has_units(state, t) for t in TIERS):
        push_ask(state, "den_tier", p.seat, x=eff.num("x", 2))
    return []


def _den_tier_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DEN_TIER(n=int(st.data["x"]))


@ask("den_tier", "H3-7.5.4", _den_tier_q)
def _den_tier_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_tier", id=t)), t) for t in TIERS if has_units(state, t)]


@_den_tier_options
def _den_tier_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The cards looked at are the player's alone (H-10: neutral decks are hidden; only a bought one
    becomes public, in the army)."""
    seat = seat_of(st)
    got = state.neutral_decks[pick].draw(state.rng, int(st.data["x"]))
    push_ask(state, "den_buy", seat, tier=pick, drawn=got)
    tier = Ref(kind="h3_tier", id=pick)
    return [
        Event.to_all("h3_event_peeked", m.EVENT_PEEKED(seat=m.seat(seat), n=len(got), tier=tier), seat=seat),
        Event.to_seats(seat, "h3_you_see", m.YOU_SEE(cards=[Ref(kind="unit", id=u) for u in got]), reveals=True),
    ]


def _den_buy_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DEN_BUY()


@ask("den_buy", "H3-7.5.4", _den_buy_q, secret=True)
def _den_buy_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [
        (m.OPT_RECRUIT_FOR(unit=Ref(kind="unit", id=u), cost=cost_text(unit_cost(u))), str(i))
        for i, u in enumerate(st.data["drawn"])
        if can_buy_unit(state, p, u)
    ]
    return out + [(m.OPT_SKIP(), "skip")]


@_den_buy_options
def _den_buy_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    rest = list(st.data["drawn"])
    events: list[Event] = []
    if pick != "skip":
        unit = rest.pop(int(pick))
        events += effects.recruit_neutral(state, p, unit, unit_cost(unit))
    for unit in reversed(rest):  # each card left goes back on top or at the bottom, the first asked first
        push_ask(state, "den_place", seat, tier=st.data["tier"], unit=unit)
    return events


def _den_place_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DEN_PLACE(unit=Ref(kind="unit", id=str(st.data["unit"])), tier=Ref(kind="h3_tier", id=st.data["tier"]))


@ask("den_place", "H3-7.5.4", _den_place_q, secret=True)
def _den_place_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_ON_TOP(), "top"), (m.OPT_AT_BOTTOM(), "bottom")]


@_den_place_options
def _den_place_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """Where the card goes is seen by all, which card it is only by its owner (H-10)."""
    seat = seat_of(st)
    deck = state.neutral_decks[str(st.data["tier"])]
    tier = Ref(kind="h3_tier", id=str(st.data["tier"]))
    if pick == "top":
        deck.put_top(str(st.data["unit"]))
        return [Event.to_all("h3_event_put", m.EVENT_PUT_TOP(seat=m.seat(seat), tier=tier))]
    deck.put_bottom(str(st.data["unit"]))
    return [Event.to_all("h3_event_put", m.EVENT_PUT_BOTTOM(seat=m.seat(seat), tier=tier))]


# ---- Messenger with Supplies --------------------------------------------------------------------------------
def _artifact_offer(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The player draws the cards, so only they see them (held where a Search's cards are, H-7)."""
    got = reveal(state, "artifact", eff.num("x", 2))
    if not got:
        return []
    p.searching = got
    prices = eff.params.get("prices")
    push_ask(state, "messenger", p.seat, prices=prices if isinstance(prices, dict) else {}, dice=eff.num("dice", 2))
    return [
        Event.to_all("h3_event_drew", m.EVENT_DREW_ARTIFACTS(seat=m.seat(p.seat), n=len(got)), seat=p.seat),
        Event.to_seats(p.seat, "h3_you_see", m.YOU_SEE(cards=[cards.card_ref(state, c) for c in got]), reveals=True),
    ]


def _messenger_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_MESSENGER(n=int(st.data["dice"]))


@ask("messenger", "H3-7.5.4", _messenger_q, secret=True)
def _messenger_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    prices = dict(st.data["prices"])
    out = [
        (m.OPT_BUY(card=cards.card_ref(state, c), gold=price(state, c, prices)), c)
        for c in p.searching
        if p.resources.get("gold", 0) >= price(state, c, prices)
    ]
    return out + [(m.OPT_MESSENGER_DICE(n=int(st.data["dice"])), "dice")]


@_messenger_options
def _messenger_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """A bought card goes to the hand unnamed (it was seen by its buyer alone) and the other back into the
    artifact deck (H3-7.5.5); or both go face up to the discard pile and 2 resource dice are rolled."""
    seat = seat_of(st)
    p = state.player(seat)
    seen, p.searching = list(p.searching), []
    if pick == "dice":
        for c in seen:
            to_discard(state, c)
        dice = Effect(effect="resource_dice", params={"count": int(st.data["dice"]), "keep": 1})
        effects.push_effects(state, seat, "main", [dice])
        named = [cards.card_ref(state, c) for c in seen]
        return [Event.to_all("h3_event_to_discard", m.EVENT_TO_DISCARD(seat=m.seat(seat), cards=named))]
    gold = price(state, pick, dict(st.data["prices"]))
    pay(p, {"gold": gold})
    cards.gain_card(state, p, pick)
    for c in seen:
        if c != pick:
            back_to_deck(state, c)
    return [
        Event.to_all("h3_event_kept", m.EVENT_KEPT_ARTIFACT(seat=m.seat(seat), gold=gold), seat=seat),
        Event.to_seats(seat, "h3_you_kept", m.YOU_KEPT(card=cards.card_ref(state, pick)), reveals=True),
    ]


# ---- the hand: Garden of Revelation, Market of Time, School of Magic and School of War ------------------
def _draw_from(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    n = eff.num("amount", 4)
    if not p.deck.discard:
        return cards.draw(state, p, n)
    push_ask(state, "draw_source", p.seat, n=n)
    return []


def _draw_source_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DRAW_SOURCE(n=int(st.data["n"]))


@ask("draw_source", "H3-7.5.4", _draw_source_q)
def _draw_source_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """The discard pile is public (H-3), so the cards its top would give are named."""
    p = state.player(seat_of(st))
    top = [cards.card_ref(state, c) for c in p.deck.discard[-int(st.data["n"]) :]]
    return [(m.OPT_FROM_DECK(), "deck"), (m.OPT_FROM_DISCARD(cards=top), "discard")]


@_draw_source_options
def _draw_source_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    n = int(st.data["n"])
    if pick == "deck":
        return cards.draw(state, p, n)
    top = p.deck.discard[-n:]
    del p.deck.discard[-len(top) :]
    p.deck.hand.extend(top)
    named = [cards.card_ref(state, c) for c in top]
    return [Event.to_all("h3_event_from_discard", m.EVENT_FROM_DISCARD(seat=m.seat(p.seat), cards=named))]


def _discard_any(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    if p.deck.hand:
        push_ask(state, "discard_any", p.seat)
    return []


def _discard_any_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_DISCARD_ANY()


@ask("discard_any", "H3-13.2.2", _discard_any_q, secret=True)
def _discard_any_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_DISCARD(card=cards.card_ref(state, c)), c) for c in p.deck.hand] + [(m.OPT_DONE(), "done")]


@_discard_any_options
def _discard_any_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "done":
        return []
    p = state.player(seat_of(st))
    cards.discard(p, pick)
    st.data["again"] = bool(p.deck.hand)
    return [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=cards.card_ref(state, pick)))]


def _draw_to_limit(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Draw up to the hand limit (H3-12.11) + ``amount``; a fuller hand draws nothing."""
    n = cards.hand_limit(state, p) + eff.num("amount") - len(p.deck.hand)
    return cards.draw(state, p, n) if n > 0 else []


def _discard_hand(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The whole hand goes face up to the discard pile (H3-13.2.2), so it is named."""
    hand = list(p.deck.hand)
    if not hand:
        return []
    for c in hand:
        cards.discard(p, c)
    named = [cards.card_ref(state, c) for c in hand]
    return [Event.to_all("h3_event_hand_discarded", m.EVENT_HAND_DISCARDED(seat=m.seat(p.seat), cards=named))]


# ---- MP: Stables, The Villagers' Plea ----------------------------------------------------------------------
def payers(p: Player, n: int) -> list[Hero]:
    return [h for h in heroes(p) if h.mp_left() >= n]


def spend_mp(p: Player, h: Hero, n: int) -> list[Event]:
    """Spend ``n`` of the hero's MP this round: a green movement token first (H3-9.3), then extra MP."""
    green = min(h.mp, n)
    h.mp -= green
    h.mp_turn -= n - green
    said = m.EVENT_MP_SPENT(seat=m.seat(p.seat), hero=m.hero_kind(h.kind), n=n)
    return [Event.to_all("h3_event_mp_spent", said, seat=p.seat)]


def _pay_mp(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    n = eff.num("amount", 1)
    able = payers(p, n)
    if len(able) == 1:
        return spend_mp(p, able[0], n)
    if able:
        push_ask(state, "pay_mp", p.seat, n=n)
    return []


def _pay_mp_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_PAY_MP(n=int(st.data["n"]))


@ask("pay_mp", "H3-7.5.4", _pay_mp_q)
def _pay_mp_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_HERO_MP(hero=m.hero_kind(h.kind), n=h.mp_left()), h.kind) for h in payers(p, int(st.data["n"]))]


@_pay_mp_options
def _pay_mp_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    h = p.main if pick == "main" else p.secondary
    assert h is not None  # an offered pick
    return spend_mp(p, h, int(st.data["n"]))


# ---- Withered Hermit ---------------------------------------------------------------------------------------
def _hermit_gamble(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "hermit_name", p.seat, count=eff.num("count", 3))
    return []


def _hermit_name_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_HERMIT_NAME(n=int(st.data["count"]))


@ask("hermit_name", "H3-7.5.4", _hermit_name_q)
def _hermit_name_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_resource", id=r)), r) for r in RES]


@_hermit_name_options
def _hermit_name_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The resource is named before the roll; none showing it: one die is collected (H3-20.5); one
    showing it: the player loses what one die of their choice shows."""
    seat = seat_of(st)
    p = state.player(seat)
    named = Event.to_all("h3_event_named", m.EVENT_NAMED(seat=m.seat(seat), resource=Ref(kind="h3_resource", id=pick)))
    rolled, said = roll(state, p, "resource", int(st.data["count"]))
    if not any(face_amounts(state, f).get(pick) for f in rolled):
        return [named, said, *effects.dice_continue(state, seat, "main", "resource", rolled, 1)]
    push_ask(state, "hermit_lose", seat, faces=rolled, resource=pick)
    return [named, said]


def _hermit_lose_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_HERMIT_LOSE(resource=Ref(kind="h3_resource", id=str(st.data["resource"])))


@ask("hermit_lose", "H3-7.5.4", _hermit_lose_q)
def _hermit_lose_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [
        (m.OPT_LOSE_FACE(face=effects.face_text(state, "resource", int(f))), str(i))
        for i, f in enumerate(st.data["faces"])
    ]


@_hermit_lose_options
def _hermit_lose_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """House: what the purse cannot pay is not lost (resources never go below 0, as ``lose`` steps)."""
    p = state.player(seat_of(st))
    shown = face_amounts(state, int(st.data["faces"][int(pick)]))
    lost = {k: min(v, p.resources.get(k, 0)) for k, v in shown.items()}
    pay(p, lost)
    return [Event.to_all("h3_lose", m.PAID(seat=m.seat(p.seat), what=cost_text(lost)))]


def _die_price_search(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    rolled, said = roll(state, p, "resource", 1)
    cost = face_amounts(state, rolled[0])
    if can_pay(p, cost):
        push_ask(state, "hermit_pay", p.seat, face=rolled[0], cost=cost, x=eff.num("x", 2), deck=eff.word("deck"))
    return [said]


def _hermit_pay_q(state: ClashState, st: Step) -> Msg:
    face = effects.face_text(state, "resource", int(st.data["face"]))
    return m.ASK_HERMIT_PAY(face=face, x=int(st.data["x"]), deck=Ref(kind="h3_deck", id=str(st.data["deck"])))


@ask("hermit_pay", "H3-7.5.4", _hermit_pay_q)
def _hermit_pay_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    pay_it = m.OPT_PAY_SEARCH(what=cost_text(dict(st.data["cost"])), x=int(st.data["x"]))
    return [(pay_it, "pay"), (m.OPT_DECLINE(), "decline")]


@_hermit_pay_options
def _hermit_pay_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "decline":
        return []
    seat = seat_of(st)
    cost = dict(st.data["cost"])
    pay(state.player(seat), cost)
    cards.start_search(state, seat, str(st.data["deck"]), int(st.data["x"]))
    return [Event.to_all("h3_lose", m.PAID(seat=m.seat(seat), what=cost_text(cost)))]


# ---- Marketplace: one exchange offered to the other players --------------------------------------------------
def _propose_exchange(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    push_ask(state, "exchange_offer", p.seat, give={}, want={})
    return []


def _exchange_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_EXCHANGE(give=amounts(dict(st.data["give"])), want=amounts(dict(st.data["want"])))


@ask("exchange_offer", "H3-7.5.4", _exchange_q)
def _exchange_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """One type of resource for one other type: the offer grows one resource at a time (what is given up to
    the purse, what is asked up to ``WANT_CAP``), then is made or dropped."""
    p = state.player(seat_of(st))
    give, want = dict(st.data["give"]), dict(st.data["want"])
    gives, wants = next(iter(give), None), next(iter(want), None)
    out: list[tuple[Msg, str]] = []
    for r in RES:
        if gives in (None, r) and r != wants and p.resources.get(r, 0) > give.get(r, 0):
            out.append((m.OPT_GIVE_MORE(resource=Ref(kind="h3_resource", id=r)), f"give:{r}"))
    for r in RES:
        if wants in (None, r) and r != gives and want.get(r, 0) < WANT_CAP:
            out.append((m.OPT_ASK_MORE(resource=Ref(kind="h3_resource", id=r)), f"want:{r}"))
    if give and want:
        out.append((m.OPT_PROPOSE(give=amounts(give), want=amounts(want)), "propose"))
    return out + [(m.OPT_NO_DEAL(), "decline")]


@_exchange_options
def _exchange_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    seat = seat_of(st)
    if pick == "decline":
        return []
    give, want = dict(st.data["give"]), dict(st.data["want"])
    if pick != "propose":
        side, _, r = pick.partition(":")
        into = give if side == "give" else want
        into[r] = into.get(r, 0) + 1
        st.data.update(give=give, want=want, again=True)
        return []
    table(state).exchange = Exchange(by=seat, give=give, want=want)
    others = [s for s in clockwise(state, seat) if s != seat]
    answers = [turn(state, s, "exchange_answer", quiet=True) for s in others]  # clockwise, the first taker trades
    FLOW.push(state, *answers, FLOW.new(state, "exchange_close", seat))
    said = m.EVENT_EXCHANGE_OFFERED(seat=m.seat(seat), give=amounts(give), want=amounts(want))
    return [Event.to_all("h3_event_exchange", said, seat=seat)]


def _answer_q(state: ClashState, st: Step) -> Msg:
    o = table(state).exchange
    assert o is not None  # asked only while the offer stands
    return m.ASK_EXCHANGE_ANSWER(seat=m.seat(o.by), give=amounts(o.give), want=amounts(o.want))


@ask("exchange_answer", "H3-7.5.4", _answer_q)
def _answer_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Offered while the exchange stands and both sides can still pay their part."""
    o = table(state).exchange
    p = state.player(seat_of(st))
    if o is None or o.by == p.seat or not can_pay(p, o.want) or not can_pay(state.player(o.by), o.give):
        return [(m.OPT_DECLINE(), "decline")]
    return [(m.OPT_ACCEPT(), "accept"), (m.OPT_DECLINE(), "decline")]


@_answer_options
def _answer_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    ev = table(state)
    seat = seat_of(st)
    o = ev.exchange
    if pick == "decline" or o is None:
        return [Event.to_all("h3_event_exchange_declined", m.EVENT_EXCHANGE_DECLINED(seat=m.seat(seat)))]
    giver, taker = state.player(o.by), state.player(seat)
    pay(giver, o.give)
    pay(taker, o.want)
    gain(giver, o.want)
    gain(taker, o.give)
    ev.exchange = None
    said = m.EVENT_EXCHANGED(seat=m.seat(o.by), other=m.seat(seat), give=amounts(o.give), want=amounts(o.want))
    return [Event.to_all("h3_event_exchanged", said, seat=o.by, to=seat)]


@FLOW.auto("exchange_close")
def _exchange_close(state: ClashState, st: Step) -> list[Event]:
    ev = table(state)
    if ev.exchange is None or ev.exchange.by != seat_of(st):
        return []
    ev.exchange = None
    return [Event.to_all("h3_event_exchange_untaken", m.EVENT_EXCHANGE_UNTAKEN(seat=m.seat(seat_of(st))))]


# ---- when an option's step can be done now (``offer.POSSIBLE``) ----------------------------------------
def _can_remove(state: ClashState, p: Player, eff: Effect) -> bool:
    return len(removable_cards(state, p, eff.words("kinds"))) >= eff.num("min")


def _can_reinforce(state: ClashState, p: Player, eff: Effect) -> bool:
    """A Few unit of the tiers named that has a Pack side (H3-26.2); what it costs is asked with the unit."""
    tiers = eff.words("tiers") or ["bronze", "silver", "gold"]
    units = [load().unit(a.card) for a in p.army if a.side == "few"]
    return any(u.tier in tiers and "pack" in u.sides for u in units)


def _can_exchange(state: ClashState, p: Player, eff: Effect) -> bool:
    return any(p.resources.get(r, 0) > 0 for r in RES) and len(clockwise(state, p.seat)) > 1


effects.HANDLERS.update(
    {
        "treasure_gamble": _treasure_gamble,
        "remove_kinds": _remove_kinds,
        "discard_cheapest_unit": _discard_cheapest,
        "neutral_peek": _neutral_peek,
        "artifact_offer": _artifact_offer,
        "draw_from": _draw_from,
        "discard_any": _discard_any,
        "draw_to_limit": _draw_to_limit,
        "discard_hand": _discard_hand,
        "pay_mp": _pay_mp,
        "hermit_gamble": _hermit_gamble,
        "die_price_search": _die_price_search,
        "propose_exchange": _propose_exchange,
    }
)
effects.RESOLVED = effects.RESOLVED | frozenset(effects.HANDLERS)
POSSIBLE.update(
    {
        "remove_kinds": _can_remove,
        "pay_mp": lambda state, p, eff: bool(payers(p, eff.num("amount", 1))),
        "discard_cheapest_unit": lambda state, p, eff: bool(p.army),
        "reinforce_discount": _can_reinforce,
        "mp": lambda state, p, eff: p.main is not None,
        "trade": lambda state, p, eff: bool(trade_table.affordable(p)),
        "propose_exchange": _can_exchange,
    }
)
