"""Empowered statistic cards on the map (H3-14.4, H3-6.28 [EXP: Inferno]) and the Star Axis that hands them out
(H3-50.8; S-H1 ``docs/fields/star_axis.md``): "you may remove one of your statistic cards from your hand and
replace it with an empowered one of the same type".

The empowered cards lie face up in their own pile (``ClashState.empowered``, public), so what a visitor may take
is known to all; the statistic card removed leaves the game (H3-13.2.8) and the empowered card goes to the hand
(H3-13.2.4). A statistic with no empowered card left in the pile cannot be swapped; the visitor may always
decline ("you may"). ``empower`` is the ``empower_statistic`` step of the map vocabulary (adventure/effects.py).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..cards import deck as cards
from ..cards import messages as cm
from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.flow import seat_of
from ..clash.state import ClashState, Player
from ..content.clash import Step as Effect
from ..content.clash import clash_content


def empowered_of(state: ClashState, inst: str) -> str | None:
    """The empowered card of the pile a statistic card in hand may be swapped for (None: none left, or not a
    plain statistic card)."""
    card = clash_content().cards[state.cards[inst]]
    if card.kind != "statistic" or card.empowers is not None:
        return None
    return next((e for e in state.empowered if clash_content().cards[e].empowers == card.id), None)


def swappable(state: ClashState, p: Player) -> list[str]:
    return [c for c in p.deck.hand if empowered_of(state, c) is not None]


def empower(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The Star Axis visit: asked when the hand holds a statistic card whose empowered form is in the pile."""
    if not swappable(state, p):
        return [Event.to_all("h3_nothing_to_empower", cm.NOTHING_TO_EMPOWER(seat=m.seat(p.seat)), seat=p.seat)]
    push_ask(state, "empower", p.seat)
    return []


def _empower_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_EMPOWER()


@ask("empower", "H3-14.4", _empower_q, secret=True)  # the options name the statistic cards in the hand
def _empower_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(cm.OPT_EMPOWER(card=cards.card_ref(state, c)), c) for c in swappable(state, p)]
    return out + [(m.OPT_SKIP(), "skip")]


@_empower_options
def _empower_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    new = empowered_of(state, pick)
    assert new is not None  # offered only with one in the pile
    stat = state.cards[pick]
    cards.remove(state, p, pick)  # H3-13.2.8: out of the game
    state.empowered.remove(new)
    cards.gain_card(state, p, state.new_card(new))  # H3-13.2.4: to the hand
    said = cm.EMPOWERED(seat=m.seat(p.seat), card=Ref(kind="card", id=stat), empowered=Ref(kind="card", id=new))
    return [Event.to_all("h3_empowered", said, card=stat, empowered=new, pile=len(state.empowered))]


# ---- the Scholar ability's expert effect (S-H1 docs/abilities/scholar.md) -------------------------------------
# "Remove up to 2 statistic cards from your hand or discard pile. Take up to 2 different empowered statistic
# cards and put them on top of your discard pile. Remove the Scholar." House (README): one empowered card for
# each statistic card removed (the Star Axis's swap, twice at most), of different statistics, from the pile.
def scholar_expert(state: ClashState, p: Player, hero_kind: str, eff: Effect, st: Step) -> list[Event]:
    """The Scholar card played leaves the game first; then up to ``max`` statistic cards are asked for."""
    events: list[Event] = []
    played = st.data.get("played")
    if isinstance(played, str) and played in p.deck.discard:
        p.deck.discard.remove(played)
        p.deck.removed.append(played)  # H3-13.2.8: "Remove the Scholar"
        events.append(Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, played))))
    most = eff.num("max", 2)
    if _plain(state, p) and state.empowered:
        push_ask(state, "scholar_remove_stat", p.seat, left=most, removed=0)
    return events


def _plain(state: ClashState, p: Player) -> list[str]:
    """Plain statistic cards in the hand, then in the discard pile (both public to their owner alone / all)."""

    def plain(c: str) -> bool:
        card = clash_content().cards[state.cards[c]]
        return card.kind == "statistic" and card.empowers is None

    return [c for c in p.deck.hand if plain(c)] + [c for c in p.deck.discard if plain(c)]


def _remove_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_SCHOLAR_REMOVE(n=int(st.data["left"]))


@ask("scholar_remove_stat", "H3-14.4", _remove_q, secret=True)  # the options name cards in the hand
def _remove_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    p = state.player(seat_of(st))
    out = [(m.OPT_REMOVE(card=cards.card_ref(state, c)), c) for c in _plain(state, p)]
    return out + [(cm.OPT_DONE_REMOVING(), "done")]


@_remove_options
def _remove_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    p = state.player(seat_of(st))
    removed, left = int(st.data["removed"]), int(st.data["left"])
    events: list[Event] = []
    if pick != "done":
        if pick in p.deck.hand:
            cards.remove(state, p, pick)
        else:
            p.deck.discard.remove(pick)
            p.deck.removed.append(pick)  # H3-13.2.8
        removed, left = removed + 1, left - 1
        events.append(Event.to_all("h3_removed", cm.REMOVED(seat=m.seat(p.seat), card=cards.card_ref(state, pick))))
        if left > 0 and _plain(state, p):
            push_ask(state, "scholar_remove_stat", p.seat, left=left, removed=removed)
            return events
    if removed:
        push_ask(state, "scholar_take_empowered", p.seat, left=removed, taken=[])
    return events


def _take_q(state: ClashState, st: Step) -> Msg:
    return cm.ASK_SCHOLAR_TAKE(n=int(st.data["left"]))


@ask("scholar_take_empowered", "H3-14.4", _take_q)
def _take_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    taken = {clash_content().cards[e].empowers for e in st.data["taken"]}
    kinds = sorted({e for e in state.empowered if clash_content().cards[e].empowers not in taken})
    return [(cm.OPT_TAKE_EMPOWERED(card=Ref(kind="card", id=e)), e) for e in kinds] + [(m.OPT_SKIP(), "skip")]


@_take_options
def _take_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    if pick == "skip":
        return []
    p = state.player(seat_of(st))
    state.empowered.remove(pick)
    p.deck.discard.append(state.new_card(pick))  # "on top of your discard pile" (public, H-3)
    said = cm.EMPOWERED_TO_DISCARD(seat=m.seat(p.seat), card=Ref(kind="card", id=pick))
    events = [Event.to_all("h3_empowered", said, empowered=pick, pile=len(state.empowered))]
    left, taken = int(st.data["left"]) - 1, [*st.data["taken"], pick]
    if left > 0 and _take_options_left(state, taken):
        push_ask(state, "scholar_take_empowered", p.seat, left=left, taken=taken)
    return events


def _take_options_left(state: ClashState, taken: list[str]) -> bool:
    done = {clash_content().cards[e].empowers for e in taken}
    return any(clash_content().cards[e].empowers not in done for e in state.empowered)
