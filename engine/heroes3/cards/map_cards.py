"""Map card effects the engine resolves itself rather than handing them to the game master
(H3-1.4 is for what the engine cannot know): the Legion artifacts' recruit discount (H3-17),
Spellbinder's Hat (removal H3-13.2.8, then a Search H3-13.2.5), Scouting (played before a
Search, its enlargement is in deck.py's Search step) and the bottom effect of Cards of Prophecy
(turn a treasure or resource die, H3-20.5 / H3-20.6).

Also Logistics (its move when the turn ends), Pathfinding and Angel Wings (passing through fields,
adventure/movement.py), Diplomacy's expert effect and Mysticism right after a map cast. House
readings where the cards are silent: Logistics' move enters the field (H3-22.4), which, being an
empty field (H3-22.3), has no effect, and costs no MP; "this turn" for Pathfinding's expert effect and
for Diplomacy's expert effect (an instant naming no field: it waits for the first guarded field of the
player's level entered this turn); a hero passing through a field needs one more MP to go on (as
through a friendly hero, H3-9.4), may not end the turn there, and when it stops the field is resolved
as if entered from the last field it resolved (a combat is fought from there).

Why a module of its own: these effects join the ``fx`` vocabulary of adventure/effects.py
(``HANDLERS``, ``RESOLVED``), whose other effects belong to locations and buildings; the
cards-only ones sit next to the card rules. Scouting and Cards of Prophecy are played only at their
moment (a Search begins, a die was rolled), so they are not offered in the main menu
(``PROMPTED``) but as options of that moment.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg

from ..adventure import effects, encounters, movement
from ..adventure.geometry import location, neighbours, step_ok
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import hero, heroes, heroes_at
from ..clash.flow import FLOW, seat_of
from ..clash.state import ClashState, Player, RecruitDiscount
from ..content.clash import Step as Effect
from ..content.clash import clash_content
from ..content.texts import text_ref
from . import deck as cards
from . import messages as cm

# Step kinds of effects played at a moment of their own, never from the main menu: Scouting when
# a Search begins (deck.py), Cards of Prophecy when a treasure or resource die was rolled.
PROMPTED: frozenset[str] = frozenset({"scouting", "set_die", "mysticism"})
HAT_SEARCH_X = 2  # house: the Hat's "Search that card's deck" gives no number; the Faerie Ring's twin effect is (2)


# ---- Legion artifacts (H3-17): a pending recruit / reinforce discount --------------------------------
def _recruit_discount(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The discount waits on the player (public) for the next recruit or reinforcement of one unit
    this round (town/discount.py says how it is used and when it lapses)."""
    inst = st.data.get("played")
    if not isinstance(inst, str):  # only a played card gives one; anything else is the game master's
        return [state.gm.hand_over("H3-1.4", m.GM_EFFECT(what=text_ref(eff.text) if eff.text else eff.effect))]
    gold = eff.num("gold")
    p.discounts.append(RecruitDiscount(card=inst, gold=gold, round=state.round))
    ready = cm.DISCOUNT_READY(seat=m.seat(p.seat), card=cards.card_ref(state, inst), n=gold)
    return [Event.to_all("h3_discount_ready", ready, seat=p.seat, gold=gold)]


# ---- Spellbinder's Hat ------------------------------------------------------------------------------
def _remove_and_search(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    if p.deck.hand:
        push_ask(state, "hat_remove", p.seat, x=eff.num("x", HAT_SEARCH_X), hero=hero_kind)
    return []


def _remove_any(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    if p.deck.hand or p.deck.discard:
        push_ask(state, "hat_remove_any", p.seat)
    return []


def _hat_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_HAT_REMOVE(n=int(st.data["x"]))


@ask("hat_remove", "H3-13.2.8", _hat_q, secret=True)
def _hat_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Any card of the hand: H3-13.2.8 sets no limit on what a card may remove (the trading post's
    exclusions, H3-43.1.3, are that location's own). A card no shared deck holds (a statistic or
    specialty card) is removed with nothing to Search (H3-13.2.5 names the three shared decks)."""
    p = state.player(seat_of(st))
    return [(cm.OPT_HAT_REMOVE(card=cards.card_ref(state, c)), c) for c in p.deck.hand] + [(m.OPT_SKIP(), "skip")]


@_hat_options
def _hat_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    seat = seat_of(st)
    p = state.player(seat)
    deck = cards.home_deck(state, pick)  # the shared deck the card belongs to (H3-48.4: its split deck)
    cards.remove(state, p, pick)
    events = [Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(seat), card=cards.card_ref(state, pick)))]
    if deck is None:
        return events + [Event.to_all("h3_no_search", cm.NO_DECK_TO_SEARCH(card=cards.card_ref(state, pick)))]
    FLOW.done(state, st)  # the Search comes next; under H3-48.4 it is the removed card's own split deck
    FLOW.push(state, FLOW.new(state, "search", seat, deck=deck, x=int(st.data["x"]), phase="choose"))
    return events


def _hat_any_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_HAT_REMOVE_ANY()


@ask("hat_remove_any", "H3-13.2.8", _hat_any_q, secret=True)
def _hat_any_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """The Hat's bottom effect: one more card from the hand or the (public, H-3) discard pile."""
    p = state.player(seat_of(st))
    out = [(cm.OPT_HAT_REMOVE(card=cards.card_ref(state, c)), f"h:{c}") for c in p.deck.hand]
    out += [(cm.OPT_HAT_REMOVE_DISCARD(card=cards.card_ref(state, c)), f"d:{c}") for c in p.deck.discard]
    return out + [(m.OPT_SKIP(), "skip")]


@_hat_any_options
def _hat_any_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    where, _, inst = pick.partition(":")
    if where == "h":
        cards.remove(state, p, inst)
    else:
        p.deck.discard.remove(inst)
        p.deck.hand.append(inst)  # through the hand, so removal keeps its one bookkeeping (H3-45.4.3)
        cards.remove(state, p, inst)
    return [Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, inst)))]


# ---- Cards of Prophecy, bottom effect: turn a treasure or resource die ------------------------------------
def prophecy_cards(state: ClashState, p: Player, die: str) -> list[str]:
    """The cards in hand whose bottom effect may turn a die of kind ``die`` now: only in the owner's
    own turn (H3-13.2.1); an artifact's bottom effect spends no expert use (H3-17.1)."""
    if state.active != p.seat:
        return []
    out = []
    for c in p.deck.hand:
        card = clash_content().cards[state.cards[c]]
        if card.faction_only is not None and card.faction_only != p.faction:
            continue  # H3-14.3
        steps = card.expert.steps if card.expert is not None else ()
        if any(s.effect == "set_die" and die in s.words("dice") for s in steps):
            out.append(c)
    return out


def _prophecy_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_PROPHECY(card=cards.card_ref(state, str(st.data["card"])))


@ask("prophecy", "H3-20.5", _prophecy_q)
def _prophecy_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    """Each rolled die turned to each face it does not show, the faces in words (H3-20.5); or not."""
    die = str(st.data["die"])
    faces = clash_content().resource_die if die == "resource" else clash_content().treasure_die
    out: list[tuple[Msg, str]] = [(m.OPT_SKIP(), "skip")]
    for i, shown in enumerate(st.data["faces"]):
        for f in range(len(faces)):
            if f != int(shown):
                out.append((cm.OPT_PROPHECY(n=i + 1, face=effects.face_text(state, die, f)), f"{i}:{f}"))
    return out


@_prophecy_options
def _prophecy_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The card is played (revealed and discarded, H3-13.2.2) and the die shows the chosen face;
    then the roll resolves as any other (H3-48.8 ``no_rerolls`` forbids re-rolls, not this)."""
    seat = seat_of(st)
    p = state.player(seat)
    rolled = [int(f) for f in st.data["faces"]]
    die, keep, hero_kind = str(st.data["die"]), int(st.data["keep"]), str(st.data.get("hero", "main"))
    events: list[Event] = []
    inst = str(st.data["card"])
    if pick != "skip" and inst in p.deck.hand:
        i, face = (int(x) for x in pick.split(":"))
        rolled[i] = face
        cards.discard(p, inst)
        said = effects.face_text(state, die, face)
        events.append(
            Event.to_all(
                "h3_prophecy", cm.PROPHECY(seat=m.seat(seat), card=cards.card_ref(state, inst), n=i + 1, face=said)
            )
        )
    FLOW.done(state, st)
    return events + effects.dice_continue(state, seat, hero_kind, die, rolled, keep, offer=False)


# ---- Logistics (basic): a move at the end of the turn ------------------------------------------------
LOGISTICS_MARK = "logistics:"  # + the played card, in Player.turn_used until the turn ends


def _logistics(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """An ongoing effect (H3-13.2.7) used up when this turn ends: rounds.end_turn asks then."""
    inst = st.data.get("played")
    card = str(inst) if isinstance(inst, str) else ""
    p.turn_used.append(LOGISTICS_MARK + card)
    ref = cards.card_ref(state, card) if card else m.ref("card", "logistics")
    return [Event.to_all("h3_logistics_ready", cm.LOGISTICS_READY(seat=m.seat(p.seat), card=ref), seat=p.seat)]


def logistics_targets(state: ClashState, p: Player) -> list[tuple[str, tuple[int, int]]]:
    """(hero, field) pairs: an adjacent field reached by an ordinary step (H3-9.2.1: no border,
    not blocked) that is an empty field (H3-22.3: it shows nothing, so no guard and no location)
    with no hero on it."""
    out: list[tuple[str, tuple[int, int]]] = []
    for h in heroes(p):
        for n in neighbours(h.field):
            loc = location(state, n)
            if step_ok(state, h.field, n) and loc is not None and loc.category == "empty" and not heroes_at(state, n):
                out.append((h.kind, n))
    return out


def logistics_asks(state: ClashState, seat: int) -> None:
    """At the end of the turn: one optional move per Logistics played this turn (called by
    rounds.end_turn before the next turn begins)."""
    p = state.player(seat)
    for mark in [u for u in p.turn_used if u.startswith(LOGISTICS_MARK)]:
        p.turn_used.remove(mark)
        if logistics_targets(state, p):
            push_ask(state, "logistics", seat, card=mark[len(LOGISTICS_MARK) :])


def _logistics_q(state: ClashState, st: Step) -> Msg:
    card = str(st.data.get("card") or "")
    return cm.ASK_LOGISTICS(card=cards.card_ref(state, card) if card else m.ref("card", "logistics"))


def _logistics_at(pick: str) -> list[int] | None:
    """The field a Logistics pick ("main:q,r") moves to, for the decision picture."""
    if ":" not in pick:
        return None
    q, r = pick.split(":")[1].split(",")
    return [int(q), int(r)]


@ask("logistics", "H3-13.2.7", _logistics_q, where=_logistics_at)
def _logistics_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out: list[tuple[Msg, str]] = [(m.OPT_SKIP(), "skip")]
    for kind, n in logistics_targets(state, p):
        out.append((m.OPT_WALK(hero=m.hero_kind(kind), q=n[0], r=n[1]), f"{kind}:{n[0]},{n[1]}"))
    return out


@_logistics_options
def _logistics_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The move costs no MP (the turn's MP are spent or lost, H3-8.6) and enters the field, which is
    visited as every entered field is (H3-22.4): an empty field's visit has no effect."""
    if pick == "skip":
        return []
    seat = seat_of(st)
    kind, _, at = pick.partition(":")
    q, r = (int(x) for x in at.split(","))
    said = m.MOVED(seat=m.seat(seat), hero=m.hero_kind(kind), q=q, r=r)
    FLOW.done(state, st)
    return [Event.to_all("h3_moved", said)] + encounters.enter(state, seat, kind, (q, r))


# ---- Pathfinding, Angel Wings: passing through fields this turn (adventure/movement.py) ----------------------
_PASS_SAID = {"guards": cm.PASS_GUARDS, "blocked": cm.PASS_BLOCKED, "any": cm.PASS_ANY}


def _grant_pass(state: ClashState, p: Player, kind: str, what: str, mp: int) -> list[Event]:
    h = hero(p, kind)
    if h is None:
        return []
    events: list[Event] = []
    if mp:
        h.mp_turn += mp  # H3-8.4: extra MP of this turn
        events.append(Event.to_all("h3_mp", m.MP_GAINED(seat=m.seat(p.seat), n=mp)))
    mark = movement.pass_mark(what, kind)
    if mark not in p.turn_used:
        p.turn_used.append(mark)  # this turn only (Player.turn_used is emptied as a turn begins)
    said = _PASS_SAID[what](seat=m.seat(p.seat), hero=m.hero_kind(kind))
    return events + [Event.to_all("h3_pass_ready", said, seat=p.seat, hero=kind, what=what)]


def _pass_through(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The card names "your hero" / "a hero of yours": with both heroes on the map, the player
    says which one (the card's owner decides, H3-14.1)."""
    what, mp = eff.word("what", "any"), eff.num("mp", 0)
    hs = heroes(p)
    inst = st.data.get("played")
    if len(hs) > 1 and isinstance(inst, str):
        push_ask(state, "pass_hero", p.seat, passes=what, mp=mp, card=inst)
        return []
    return _grant_pass(state, p, hs[0].kind, what, mp) if hs else []


def _pass_hero_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_WHICH_HERO(card=cards.card_ref(state, str(st.data["card"])))


@ask("pass_hero", "H3-14.1", _pass_hero_q)
def _pass_hero_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(cm.OPT_WHICH_HERO(hero=m.hero_kind(h.kind)), h.kind) for h in heroes(p)]


@_pass_hero_options
def _pass_hero_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    FLOW.done(state, st)
    return _grant_pass(state, p, pick, str(st.data["passes"]), int(st.data["mp"]))


# ---- Diplomacy (expert): skip the combat against guards of the hero's level -------------------------------
def _diplomacy_pass(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """Waits this turn for the first guarded field of difficulty = the player's level a hero of theirs
    enters (adventure/movement.py); house reading of an instant effect that names no field."""
    inst = st.data.get("played")
    p.turn_used.append(movement.DIPLOMACY_MARK + (str(inst) if isinstance(inst, str) else ""))
    said = cm.DIPLOMACY_READY(seat=m.seat(p.seat), level=p.level)
    return [Event.to_all("h3_diplomacy_ready", said, seat=p.seat, level=p.level)]


# ---- Mysticism: right after a spell is cast on the map ---------------------------------------------------
def mysticism_cards(state: ClashState, p: Player, expert: bool) -> list[str]:
    """Mysticism cards in hand playable now (H3-14.3 faction; H3-12.12 an expert use for the expert)."""
    if expert and cards.expert_left(p) < 1:
        return []
    out = []
    for c in p.deck.hand:
        card = clash_content().cards[state.cards[c]]
        eff = card.expert if expert else card.basic
        if card.faction_only is not None and card.faction_only != p.faction:
            continue
        if eff is not None and any(s.effect == "mysticism" for s in eff.steps):
            out.append(c)
    return out


def after_cast(state: ClashState, p: Player, spell: str, with_it: list[str]) -> None:
    """Called by play._cast once the spell is in the discard pile: offer Mysticism if held."""
    if spell in p.deck.discard and (mysticism_cards(state, p, False) or mysticism_cards(state, p, True)):
        push_ask(state, "mysticism", p.seat, spell=spell, with_it=with_it)


def _mysticism_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_MYSTICISM(spell=cards.card_ref(state, str(st.data["spell"])), card=m.ref("card", "mysticism"))


@ask("mysticism", "H3-13.2.7", _mysticism_q, secret=True)
def _mysticism_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    spell = cards.card_ref(state, str(st.data["spell"]))
    n = len(st.data["with_it"])
    out: list[tuple[Msg, str]] = [(m.OPT_SKIP(), "skip")]
    out += [
        (cm.OPT_MYSTICISM(card=cards.card_ref(state, c), spell=spell), f"b:{c}")
        for c in mysticism_cards(state, p, False)
    ]
    out += [
        (cm.OPT_MYSTICISM_ALL(card=cards.card_ref(state, c), spell=spell, n=n), f"e:{c}")
        for c in mysticism_cards(state, p, True)
    ]
    return out


@_mysticism_options
def _mysticism_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """The card is played (revealed, discarded, H3-13.2.2; the expert spends a use, H3-12.12) and the
    spell (expert: with the cards whose Power it used, H3-15.3) goes from the discard pile to the hand."""
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    mode, _, inst = pick.partition(":")
    expert = mode == "e"
    if expert:
        p.expert_used += 1
    cards.discard(p, inst)
    back = [str(st.data["spell"])] + ([str(c) for c in st.data["with_it"]] if expert else [])
    back = [c for c in back if c in p.deck.discard]
    for c in back:
        p.deck.discard.remove(c)
        p.deck.hand.append(c)
    ref, spell = cards.card_ref(state, inst), cards.card_ref(state, str(st.data["spell"]))
    seat = m.seat(p.seat)
    said = (
        cm.MYSTICISM_ALL(seat=seat, card=ref, spell=spell, n=len(back) - 1)
        if expert
        else cm.MYSTICISM(seat=seat, card=ref, spell=spell)
    )
    return [Event.to_all("h3_mysticism", said, seat=p.seat, returned=len(back))]


# ---- Tazar's War Hero VI (Tower box, Fortress): pay with cards for the top artifact ---------------------------
def _artifact_for_cards(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """S-H1 ``docs/heroes/tazar.md``: remove any 1 card from the hand, or discard 3, then draw the top card
    of the artifact deck. The card itself is already in the discard pile when this step resolves, so it
    pays with the rest of the hand (H3-13.2.8 sets no limit on what a card may remove, as Spellbinder's
    Hat). ``paid``: the discards are done, the draw comes now."""
    if eff.num("paid"):
        decks = cards.deck_choices(state, p.seat, "artifact")  # H3-48.4: the decks the main hero reaches
        if len(decks) > 1:
            push_ask(state, "split_draw", p.seat, decks=decks, by_card=True)
            return []
        return cards.artifact_draw(state, p.seat, decks[0], by_card=True)
    if p.deck.hand:
        push_ask(state, "artifact_for_cards", p.seat, n=eff.num("discard", 3), card=str(st.data.get("played", "")))
    return []


def _pay_q(state: ClashState, st: Step) -> Msg:
    card = cards.card_ref(state, str(st.data["card"])) if st.data.get("card") else m.ref("card", "war_hero_vi")
    return cm.ASK_PAY_FOR_ARTIFACT(card=card, n=int(st.data["n"]))


@ask("artifact_for_cards", "H3-13.2.8", _pay_q, secret=True)  # the options name the cards in the hand
def _pay_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    n = int(st.data["n"])
    out = [(cm.OPT_HAT_REMOVE(card=cards.card_ref(state, c)), f"remove:{c}") for c in p.deck.hand]
    if len(p.deck.hand) >= n:
        out.append((cm.OPT_DISCARD_N(n=n), "discard"))
    return out


@_pay_options
def _pay_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    seat = seat_of(st)
    p = state.player(seat)
    draw = Effect(effect="artifact_for_cards", params={"paid": 1})
    if pick == "discard":  # the draw waits behind the discards, asked one card at a time
        effects.push_effects(state, seat, "main", [draw])
        for _ in range(int(st.data["n"])):
            push_ask(state, "discard_one", seat)
        return []
    inst = pick.partition(":")[2]
    cards.remove(state, p, inst)
    events = [Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(seat), card=cards.card_ref(state, inst)))]
    effects.push_effects(state, seat, "main", [draw])
    return events


effects.HANDLERS.update(
    {
        "artifact_for_cards": _artifact_for_cards,
        "recruit_discount": _recruit_discount,
        "remove_and_search": _remove_and_search,
        "remove_any": _remove_any,
        "logistics": _logistics,
        "pass_through": _pass_through,
        "diplomacy_pass": _diplomacy_pass,
    }
)
effects.RESOLVED = effects.RESOLVED | frozenset(effects.HANDLERS)
effects.DIE_CARDS.append(prophecy_cards)


def prompted(steps: tuple[Effect, ...] | list[Effect]) -> bool:
    """Whether an effect is one played only at its own moment (``PROMPTED``)."""
    return bool(steps) and all(s.effect in PROMPTED for s in steps)
