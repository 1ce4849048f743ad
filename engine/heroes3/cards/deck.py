"""The player's Might & Magic deck and the shared decks (H3-13): drawing, the hand limit, Search,
levels and experience (H3-12.9..12.12) and morale tokens (H3-11).

Why one module: each of these moves cards between hidden zones, and keeping the moves together
makes conservation (every instance in exactly one zone) easy to see. Entry points:
``draw``, ``hand_limit``, ``expert_left``, ``shared_draw``, ``start_search``, ``gain_xp``,
``gain_morale``, ``lose_morale``; the decision step ``search`` is registered on ``FLOW``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt
from engine.core.flow import Step
from engine.core.text import Msg, Ref

from ..clash import messages as m
from ..clash.asks import ask, push_ask
from ..clash.common import need
from ..clash.flow import FLOW, seat_of
from ..clash.state import ClashState, Player
from ..content.clash import clash_content

DECKS: tuple[str, ...] = ("ability", "artifact", "spell")
MAX_XP = 12  # H3-12.9: level VII; more XP has no effect


def card_ref(state: ClashState, inst: str) -> Ref:
    return Ref(kind="card", id=state.cards[inst])


def hand_limit(state: ClashState, p: Player) -> int:
    """H3-12.11 by level, plus an astrologer card in force that raises it (A-10)."""
    base = clash_content().level(p.level).hand_limit
    card = clash_content().astrologers.get(state.astrologer or "")
    if card is not None:
        base += sum(s.num("amount") for s in card.steps if s.effect == "hand_limit")
    return base


def expert_left(p: Player) -> int:
    """H3-12.12: expert uses per round by level, minus those spent."""
    return max(0, clash_content().level(p.level).expert_uses - p.expert_used)


def gain_card(state: ClashState, p: Player, inst: str) -> None:
    """H3-13.2.4: a gained card goes straight to the hand; under the H3-48.8 row "cards that would
    go to your hand go to your discard pile instead" it goes to the (public, H-3) discard pile."""
    if state.variant("gains_to_discard"):
        p.deck.discard.append(inst)
        return
    p.deck.hand.append(inst)


def draw(state: ClashState, p: Player, n: int) -> list[Event]:
    """Draw ``n``; an empty deck is refilled from the personal discard pile (H3-13.2.3); with both
    empty the draw simply fails (Rec.)."""
    got: list[str] = []
    deck = p.deck
    for _ in range(n):
        if not deck.draw.draw_pile and deck.discard:
            deck.draw.draw_pile.extend(deck.discard)
            deck.discard.clear()
            deck.draw.shuffle(state.rng)
        if not deck.draw.draw_pile:
            break
        got.append(deck.draw.draw_pile.pop(0))
    deck.hand.extend(got)
    if not got:
        return []
    return [
        Event.to_all("h3_drew", m.DREW(seat=m.seat(p.seat), n=len(got)), seat=p.seat, n=len(got)),
        Event.to_seats(
            p.seat, "h3_you_drew", m.YOU_DREW(cards=[card_ref(state, c) for c in got]), reveals=True, cards=got
        ),
    ]


def discard(p: Player, inst: str) -> None:
    p.deck.hand.remove(inst)
    p.deck.discard.append(inst)  # H3-13.2.2: the personal discard pile


def remove(state: ClashState, p: Player, inst: str) -> None:
    """H3-13.2.8: out of the game. Tournament keeps removed artifacts aside for VP (H3-45.4.3)."""
    p.deck.hand.remove(inst)
    p.deck.removed.append(inst)
    if state.mode == "tournament" and clash_content().cards[state.cards[inst]].kind == "artifact":
        p.removed_artifacts.append(inst)


# ---- shared decks (H3-13.2.5, H3-13.2.6) -------------------------------------------------------------
def refill_discard(state: ClashState, name: str) -> None:
    """H3-13.2.6: an empty shared discard pile is refilled with the top card of its deck."""
    deck = state.decks[name]
    if not deck.discard_pile and deck.draw_pile:
        deck.discard_pile.append(deck.draw_pile.pop(0))


def shared_draw(state: ClashState, name: str, n: int) -> list[str]:
    """Draw ``n`` from a shared deck; a deck that runs out takes its discards, reshuffled, and
    turns its new top card up as the new discard pile (H3-13.2.6)."""
    deck = state.decks[name]
    out: list[str] = []
    for _ in range(n):
        if not deck.draw_pile:
            if not deck.discard_pile:
                break
            deck.reshuffle_all(state.rng)
            deck.discard_pile.append(deck.draw_pile.pop(0))
            if not deck.draw_pile:
                break
        out.append(deck.draw_pile.pop(0))
    return out


def start_search(state: ClashState, seat: int, deck: str, x: int, front: bool = True) -> Step:
    """Queue a Search (X) of a shared deck for ``seat`` (H3-13.2.5)."""
    st = FLOW.new(state, "search", seat, deck=deck, x=x, phase="choose")
    if front:
        FLOW.push(state, st)
    return st


@FLOW.decision("search", "search")
def _search_prompts(state: ClashState, st: Step) -> list[Prompt]:
    seat = seat_of(st)
    p = state.player(seat)
    name = str(st.data["deck"])
    deck = state.decks[name]
    if st.data["phase"] == "pick":
        options = [
            Option.of(m.OPT_KEEP(card=card_ref(state, c)), {"type": "search", "choice": "keep", "card": c})
            for c in p.searching
        ]
        return [Prompt.ask(seat, f"{st.key}.p", "H3-13.2.5", m.ASK_SEARCH_KEEP(), options=options, secret=True)]
    options = []
    if deck.draw_pile or deck.discard_pile:
        options.append(Option.of(m.OPT_SEARCH_LOOK(n=int(st.data["x"])), {"type": "search", "choice": "look"}))
    if deck.discard_pile:
        top = Ref(kind="card", id=state.cards[deck.discard_pile[-1]])
        options.append(Option.of(m.OPT_SEARCH_DISCARD(card=top), {"type": "search", "choice": "discard"}))
    options.append(Option.of(m.OPT_SKIP(), {"type": "search", "choice": "skip"}))
    deck_ref = Ref(kind="h3_deck", id=name)
    return [Prompt.ask(seat, st.key, "H3-13.2.5", m.ASK_SEARCH(deck=deck_ref, n=int(st.data["x"])), options=options)]


@FLOW.applies("search")
def _search_apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    p = state.player(seat)
    name = str(st.data["deck"])
    deck = state.decks[name]
    deck_ref = Ref(kind="h3_deck", id=name)
    if st.data["phase"] == "pick":
        need(action.choice == "keep" and action.card in p.searching, "H3-13.2.5", m.NOT_SEEN())
        rest = [c for c in p.searching if c != action.card]
        p.searching = []
        gain_card(state, p, action.card)
        deck.discard(*rest)  # the others go face up onto the deck's discard pile
        FLOW.done(state, st)
        offer_foreign(state, p, action.card, name)
        names = [Ref(kind="card", id=state.cards[c]) for c in rest]
        return [
            Event.to_all("h3_search_kept", m.SEARCH_KEPT(seat=m.seat(seat), deck=deck_ref, cards=names)),
            Event.to_seats(seat, "h3_you_kept", m.YOU_KEPT(card=card_ref(state, action.card)), reveals=True),
        ]
    need(action.choice in ("look", "discard", "skip"), "H3-13.2.5", m.NOT_OFFERED())
    if action.choice == "skip":
        FLOW.done(state, st)
        return []
    if action.choice == "discard":
        need(bool(deck.discard_pile), "H3-13.2.5", m.EMPTY_DISCARD())
        inst = deck.discard_pile.pop()
        gain_card(state, p, inst)
        refill_discard(state, name)
        FLOW.done(state, st)
        return [
            Event.to_all("h3_search_took", m.SEARCH_TOOK(seat=m.seat(seat), card=card_ref(state, inst), deck=deck_ref))
        ]
    seen = shared_draw(state, name, int(st.data["x"]))
    need(bool(seen), "H3-13.2.5", m.EMPTY_DECK())
    p.searching = seen
    refill_discard(state, name)
    st.data["phase"] = "pick"
    return [
        Event.to_all("h3_search_looks", m.SEARCH_LOOKS(seat=m.seat(seat), deck=deck_ref, n=len(seen))),
        Event.to_seats(
            seat, "h3_you_see", m.YOU_SEE(cards=[card_ref(state, c) for c in seen]), reveals=True, cards=seen
        ),
    ]


@FLOW.sampler("search")
def _search_sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    opts = _search_prompts(state, st)[0].options
    return dict(rng.choice(opts[:2] if len(opts) > 1 else opts).action)


# ---- experience and levels (H3-12.9, H3-12.10, H3-38) ---------------------------------------------
def gain_xp(state: ClashState, p: Player, n: int, level_to: int | None = None) -> list[Event]:
    """Move the level cube; every level reached resolves at once, in order (H3-12.9, H3-38.4):
    II, III, V, VII Search (2) the ability deck; IV and VI give that level's specialty card."""
    c = clash_content()
    old = p.level
    p.xp = min(MAX_XP, p.xp + n)
    if level_to is not None:
        p.xp = max(p.xp, c.level(level_to).xp)  # H3-38.2: azure neutrals raise the hero to VII
    p.level = c.level_for_xp(p.xp)
    events: list[Event] = []
    if n:
        events.append(Event.to_all("h3_xp_gained", m.XP_GAINED(seat=m.seat(p.seat), n=n, xp=p.xp)))
    steps: list[Step] = []
    for level in range(old + 1, p.level + 1):
        events.append(Event.to_all("h3_level_up", m.LEVEL_UP(seat=m.seat(p.seat), level=level)))
        if c.level(level).effect == "search_ability":
            steps.append(start_search(state, p.seat, "ability", 2, front=False))
        else:
            card = c.heroes[p.hero].specialty_cards.get(level)
            if card is not None:
                gain_card(state, p, state.new_card(card))
                events.append(Event.to_all("h3_specialty", m.SPECIALTY_GAINED(seat=m.seat(p.seat), level=level)))
    if steps:
        FLOW.push(state, *steps)
    return events


# ---- morale tokens (H3-11) --------------------------------------------------------------------------
def gain_morale(state: ClashState, p: Player) -> list[Event]:
    """H3-11.1: at most one positive token; a negative one is discarded instead; H3-11.5:
    Necropolis never gains or loses morale. Holding one, the player may first spend it (P-38)."""
    if p.faction == "necropolis":
        return []
    if p.morale < 0:
        p.morale = 0
        p.discard_hand_pending = False
    elif p.morale == 0:
        p.morale = 1
    else:
        push_ask(state, "morale_first", p.seat)
        return []
    return [Event.to_all("h3_morale", m.MORALE_NOW(seat=m.seat(p.seat), morale=p.morale))]


def lose_morale(state: ClashState, p: Player) -> list[Event]:
    """H3-11.3; H3-11.4: a second negative token is not taken, the hand is discarded at the end
    of the next turn instead (A-15: the penalty does not stack)."""
    if p.faction == "necropolis":
        return []
    if p.morale > 0:
        p.morale = 0
    elif p.morale == 0:
        p.morale = -1
    else:
        p.discard_hand_pending = True
    return [Event.to_all("h3_morale", m.MORALE_NOW(seat=m.seat(p.seat), morale=p.morale))]


def is_foreign(state: ClashState, p: Player, inst: str) -> bool:
    """H3-14.3: a faction-only card (Necromancy) in the hand of a player of another faction."""
    owner = clash_content().cards[state.cards[inst]].faction_only
    return owner is not None and owner != p.faction


def offer_foreign(state: ClashState, p: Player, inst: str, deck: str) -> None:
    """H3-14.3 (P-25): a faction-only card just drawn unseen from a shared deck by a player of
    another faction: ask to keep it or discard it and draw a replacement. A card taken knowingly
    from a discard pile's face-up top is the player's own choice and gets no question (house)."""
    if is_foreign(state, p, inst) and inst in p.deck.hand:  # not one gained to the discard pile (H3-48.8)
        push_ask(state, "foreign_card", p.seat, card=inst, deck=deck)


def _foreign_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_FOREIGN(card=card_ref(state, str(st.data["card"])))


@ask("foreign_card", "H3-14.3", _foreign_q, secret=True)
def _foreign_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_KEEP_IT(), "keep"), (m.OPT_REDRAW(), "redraw")]


@_foreign_options
def _foreign_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-14.3: another faction's card drawn from a shared deck: keep it (it can never be played)
    or discard it and draw a replacement (the replacement is private)."""
    if pick == "keep":
        return []
    p = state.player(seat_of(st))
    inst = str(st.data["card"])
    name = str(st.data["deck"])
    p.deck.hand.remove(inst)
    state.decks[name].discard(inst)
    events = [Event.to_all("h3_discarded", m.DISCARDED(seat=m.seat(p.seat), card=card_ref(state, inst)))]
    got = shared_draw(state, name, 1)
    refill_discard(state, name)
    if got:
        gain_card(state, p, got[0])
        events.append(Event.to_seats(p.seat, "h3_you_drew", m.YOU_DREW(cards=[card_ref(state, got[0])]), reveals=True))
        if is_foreign(state, p, got[0]):  # the replacement may be another faction card: ask again
            st.data["card"] = got[0]
            st.data["again"] = True
    return events


def _morale_first_q(state: ClashState, st: Step) -> Msg:
    return m.ASK_MORALE_FIRST()


@ask("morale_first", "H3-11.1", _morale_first_q)
def _morale_first_options(state: ClashState, st: Step) -> list[tuple[Msg, str]]:
    return [(m.OPT_MORALE_DRAW(), "spend"), (m.OPT_LOSE_NEW(), "lose")]


@_morale_first_options
def _morale_first_apply(state: ClashState, st: Step, pick: str) -> list[Event]:
    """H3-11.1 (P-38): spend the held token (draw a card, H3-11.2.1) before the new one arrives, or
    lose the new one."""
    p = state.player(seat_of(st))
    if pick == "lose":
        return [Event.to_all("h3_morale_lost_extra", m.MORALE_EXTRA(seat=m.seat(p.seat)))]
    events = [Event.to_all("h3_morale_spent", m.MORALE_SPENT(seat=m.seat(p.seat)))] + draw(state, p, 1)
    p.morale = 1
    return events
