"""Map card effects the engine resolves itself rather than handing them to the game master
(H3-1.4 is for what the engine cannot know): the Legion artifacts' recruit discount (H3-17),
Spellbinder's Hat (removal H3-13.2.8, then a Search H3-13.2.5), Scouting (played before a
Search, its enlargement is in deck.py's Search step) and the bottom effect of Cards of Prophecy
(turn a treasure or resource die, H3-20.5 / H3-20.6).

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

from ..adventure import effects
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.flow import FLOW, seat_of
from ..clash.state import ClashState, Player, RecruitDiscount
from ..content.clash import Step as Effect
from ..content.clash import clash_content
from ..content.texts import text_ref
from . import deck as cards
from . import messages as cm

# Step kinds of effects played at a moment of their own, never from the main menu: Scouting when
# a Search begins (deck.py), Cards of Prophecy when a treasure or resource die was rolled.
PROMPTED: frozenset[str] = frozenset({"scouting", "set_die"})
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


effects.HANDLERS.update(
    {
        "recruit_discount": _recruit_discount,
        "remove_and_search": _remove_and_search,
        "remove_any": _remove_any,
    }
)
effects.RESOLVED = effects.RESOLVED | frozenset(effects.HANDLERS)
effects.DIE_CARDS.append(prophecy_cards)


def prompted(steps: tuple[Effect, ...] | list[Effect]) -> bool:
    """Whether an effect is one played only at its own moment (``PROMPTED``)."""
    return bool(steps) and all(s.effect in PROMPTED for s in steps)
