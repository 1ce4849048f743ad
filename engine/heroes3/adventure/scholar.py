"""The Scholar, a visitable location of the Fortress box (H3-50.8; S-H1 ``docs/fields/scholar.md``): roll
the attack die; **+1** gain a statistic card of your choice or remove a statistic card from your hand;
**0** draw 2 ability cards, keep 1, discard 1; **-1** draw 2 spell cards, keep 1, discard 1.

Readings (README, house where the texts are silent):

* The die is the attack die of the tables (D-9: -1, 0, +1 twice each), rolled in the open.
* +1: the four statistics come from the statistic supply, which never runs out (H3-14.2; content copies
  0 = the supply); the visitor picks one of them, or one statistic card of the hand to remove (H3-13.2.8).
  Neither is a Search or a payment, so the visit offers no skip (H3-50: only those are optional).
* 0 / -1: the two cards are drawn from the shared deck (H3-13.2.6 refills it) and seen by the visitor
  alone; the one kept goes to the hand (H3-13.2.4, a Necropolis-only card may be swapped, H3-14.3), the
  other to that deck's discard pile face up (H-8 as the Witch Hut). Under the split decks (H3-48.4) a
  player who may reach more than one spell deck from the Scholar's tile first picks the deck.

The questions are Clash asks (clash/asks.py); ``roll`` is the ``scholar`` step of the map vocabulary
(adventure/effects.py ``HANDLERS``).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..cards import deck as cards
from ..cards import messages as cm
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import hero
from ..clash.flow import seat_of
from ..clash.state import ClashState, Player
from ..content.clash import Step as Effect
from ..content.clash import clash_content

STATISTICS: tuple[str, ...] = ("attack", "defense", "power", "knowledge")  # H3-14.2
DRAWN = 2  # printed: draw 2, keep 1, discard 1
FACE_DECK = {0: "ability", -1: "spell"}


def face_text(face: int) -> str:
    return f"{face:+d}" if face else "0"


def roll(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """H3-50.8: roll the attack die (public), then the face's effect."""
    face = clash_content().attack_die[state.rng.below(len(clash_content().attack_die))]
    events = [Event.to_all("h3_scholar_roll", cm.SCHOLAR_ROLL(seat=m.seat(p.seat), face=face_text(face)), face=face)]
    if face > 0:
        push_ask(state, "scholar_stat", p.seat)
        return events
    kind = FACE_DECK[min(0, face)]
    h = hero(p, hero_kind) or p.main
    decks = cards.deck_choices(state, p.seat, kind, h.field if h is not None else None)  # H3-48.4
    if len(decks) > 1:
        push_ask(state, "scholar_deck", p.seat, kind=kind, decks=decks)
        return events
    return events + draw_two(state, p, decks[0])


def draw_two(state: ClashState, p: Player, deck: str) -> list[Event]:
    """Draw 2 from the shared deck ``deck``; the visitor alone sees them and keeps one (asked)."""
    got = cards.shared_draw(state, deck, DRAWN)
    cards.refill_discard(state, deck)
    kind = Ref(kind="h3_deck", id=deck)
    if not got:
        return [Event.to_all("h3_scholar_none", cm.SCHOLAR_NONE(deck=kind))]
    p.searching = list(got)
    if len(got) == 1:
        return keep(state, p, deck, got[0])
    push_ask(state, "scholar_keep", p.seat, deck=deck)
    shown = m.YOU_SEE(cards=[cards.card_ref(state, c) for c in got])
    return [Event.to_seats(p.seat, "h3_you_see", shown, reveals=True)]


def keep(state: ClashState, p: Player, deck: str, pick: str) -> list[Event]:
    """The card kept goes to the hand, the other face up to its deck's discard pile."""
    rest = [c for c in p.searching if c != pick]
    p.searching = []
    for c in rest:
        state.decks[deck].discard(c)
    cards.gain_card(state, p, pick)
    cards.offer_foreign(state, p, pick, deck)  # H3-14.3: a Necropolis-only card may be swapped
    kind = Ref(kind="h3_deck", id=deck)
    if not rest:
        return [Event.to_all("h3_scholar_kept", cm.SCHOLAR_KEPT_ONE(seat=m.seat(p.seat), deck=kind))]
    said = cm.SCHOLAR_KEPT(seat=m.seat(p.seat), deck=kind, card=cards.card_ref(state, rest[0]))
    return [Event.to_all("h3_scholar_kept", said, discarded=[state.cards[c] for c in rest])]


# ---- +1: a statistic card of one's choice, or one removed from the hand ----------------------------------
def _stat_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_SCHOLAR_STAT()


@ask("scholar_stat", "H3-50.8", _stat_q, secret=True)  # the options name the statistic cards in the hand
def _stat_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(cm.OPT_TAKE_STAT(card=Ref(kind="card", id=s)), f"take:{s}") for s in STATISTICS]
    held = [c for c in p.deck.hand if state.cards[c] in STATISTICS]
    return out + [(m.OPT_REMOVE(card=cards.card_ref(state, c)), f"remove:{c}") for c in held]


@_stat_options
def _stat_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    what, _, which = pick.partition(":")
    if what == "take":
        cards.gain_card(state, p, state.new_card(which))  # H3-13.2.4: to the hand
        said = cm.STAT_TAKEN(seat=m.seat(p.seat), card=Ref(kind="card", id=which))
        return [Event.to_all("h3_stat_taken", said, card=which)]
    cards.remove(state, p, which)  # H3-13.2.8
    return [Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, which)))]


# ---- 0 / -1: which deck under the split decks, then which card is kept ------------------------------------
def _deck_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_SCHOLAR_DECK(deck=Ref(kind="h3_deck", id=str(st.data["kind"])))


@ask("scholar_deck", "H3-48.4", _deck_q)
def _deck_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_RESOURCE(resource=Ref(kind="h3_deck", id=d)), d) for d in st.data["decks"]]


@_deck_options
def _deck_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    return draw_two(state, state.player(seat_of(st)), pick)


def _keep_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_SCHOLAR_KEEP()


@ask("scholar_keep", "H3-50.8", _keep_q, secret=True)  # H3-13.2.5: the cards drawn are the visitor's to see
def _keep_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    return [(m.OPT_KEEP(card=cards.card_ref(state, c)), c) for c in p.searching]


@_keep_options
def _keep_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    return keep(state, p, str(st.data["deck"]), pick)
