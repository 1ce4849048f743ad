"""H3-6.3 (P-3): each player chooses their main hero, the first decision of the game.

Why one kernel ``SecretChoice`` of every asked seat: the decision table makes the choice simultaneous
(P-3), so no seat may see another's hero, nor wait on it, before choosing; the picks stay hidden until
the last seat locks in, then all are announced together. Who is asked: every seat whose faction offers
two or more heroes in the boxes of the game (H3-49.6) and whose hero the table's ``heroes`` option did
not fix; a campaign has its own hero rules (H3-44.6) and asks nothing here. The first hero listed is the
default (P-3: "First listed").

Why setup first builds everything for the first hero and this step then swaps: the setup's random
draws (faction order, shared decks, map, starting player) must not depend on the answers, so a game
whose seats all keep the first hero is the very game it was before this question existed (same seed,
same game). A seat that keeps the first hero is left untouched and consumes no randomness; a seat that
changes gets the new hero's board, statistic cards (H3-6.11), Magic Arrows (H3-6.12), starting ability
and level I specialty (H3-6.13), and its deck is shuffled again (H3-6.14).

Our reading of the cards that leave (house): the old hero's statistic, ability and specialty cards go
back to the box, as an unchosen hero's cards never come into play (H3-6.4: the starting ability comes
with the faction, never out of the shared ability deck, as ``setup.shared_decks`` has it); Magic Arrows
come from and go back to the spell deck (H3-6.15: it holds the arrows the starting decks did not take),
which is shuffled again when one returns.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation, SecretChoice
from engine.core.flow import Step
from engine.core.text import Msg

from ..cards import deck as cards
from ..content.clash import clash_content
from . import draft
from . import messages as m
from .common import need
from .flow import FLOW
from .state import ClashState

RULE = "H3-6.3"
KIND = "hero_choice"
ARROW = "magic_arrow"


def begin(state: ClashState, offers: dict[int, list[str]]) -> None:
    """Queue the choice in front of everything else (H3-6.22's rotations, the draft of H3-48.3, the
    bonus), for the seats of ``offers`` (seat -> its heroes, the default first). The step's key is fixed
    rather than drawn from ``state.next_key``, so every later key is what it was before this question."""
    seats = sorted(s for s, heroes in offers.items() if len(heroes) >= 2)
    if not seats:
        return
    state.hero_choice = SecretChoice(key=KIND, rule=RULE, seats=seats)
    step = FLOW.step_model(kind=KIND, key=KIND, data={"offers": {str(s): list(offers[s]) for s in seats}})
    FLOW.push(state, step)


def offered(st: Step, seat: int) -> list[str]:
    """The heroes ``seat`` may choose, its default first (P-3)."""
    return [str(h) for h in st.data["offers"].get(str(seat), [])]


def waits_on(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` may answer now (and change its answer until every asked seat has locked in)."""
    c = state.hero_choice
    return c is not None and seat in c.seats and not c.complete


def label(hero: str) -> Msg:
    """A hero in a few words: name, class, Might or Magic (its Magic Arrows, H3-6.12), starting ability
    and specialty (its level I card), so a player chooses without looking the board up."""
    h = clash_content().heroes[hero]
    return m.OPT_HERO(
        hero=m.ref("hero", hero),
        hero_class=m.ref("hero_class", h.hero_class.lower().replace(" ", "_")),
        kind=m.HERO_MIGHT() if h.might else m.HERO_MAGIC(),
        ability=m.ref("card", h.ability),
        specialty=m.ref("card", h.specialty_cards[1]),
    )


@FLOW.decision(KIND, "hero_pick")
def _prompts(state: ClashState, st: Step) -> list[Prompt]:
    """One secret prompt per asked seat, with its faction's heroes and the first as the default (P-3)."""
    c = state.hero_choice
    if c is None:
        return []
    return c.prompts(
        m.ASK_HERO(),
        lambda seat: [Option.of(label(h), {"type": "hero_pick", "hero": h}) for h in offered(st, seat)],
        default_for=lambda seat: {"type": "hero_pick", "hero": offered(st, seat)[0]},
    )


@FLOW.applies(KIND)
def _apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    """Record the seat's secret pick; the last lock-in applies every pick and announces them together."""
    c = state.hero_choice
    need(c is not None and waits_on(state, seat), RULE, m.NOT_OFFERED())
    assert c is not None
    if action.hero not in offered(st, seat):
        known = action.hero in clash_content().heroes
        said = m.HERO_NOT_OFFERED(hero=m.ref("hero", action.hero)) if known else m.HERO_UNKNOWN()
        raise RuleViolation(RULE, said)
    c.submit(seat, {"hero": action.hero}, lock=action.lock)
    locked = m.HERO_LOCKED(seat=m.seat(seat), locked=len(c.locked), total=len(c.seats))
    events = [Event.to_all("h3_hero_locked", locked, seat=seat)]
    if not c.complete:
        return events
    for s in c.seats:
        hero = str(c.answers[s]["hero"])
        change_hero(state, s, hero)
        said = m.HERO_CHOSEN(seat=m.seat(s), hero=m.ref("hero", hero))
        events.append(Event.to_all("h3_hero_chosen", said, reveals=True, seat=s, hero=hero))
    state.hero_choice = None
    FLOW.done(state, st)
    return events


def change_hero(state: ClashState, seat: int, hero: str) -> None:
    """Make ``hero`` the seat's main hero in place of the one setup gave it (nothing when it is the same,
    and no randomness used): the cards of H3-6.11..6.13 that differ are swapped, then the deck shuffled
    (H3-6.14); under the draft start (H3-48.3) its set-aside and statistic cards instead."""
    p = state.player(seat)
    old = p.hero
    if hero == old:
        return
    p.hero = hero
    d = state.draft
    if d is not None:  # H3-48.3 steps 1 and 4: no starting deck yet, no Magic Arrows
        for inst in d.aside[seat] + d.stats[seat]:
            del state.cards[inst]
        aside, stats = draft.start_hand(hero)
        d.aside[seat] = [state.new_card(x) for x in aside]
        d.stats[seat] = [state.new_card(x) for x in stats]
        return
    c = clash_content()
    before, after = Counter(c.starting_deck(old)), Counter(c.starting_deck(hero))
    pile = p.deck.draw.draw_pile
    returned: set[str] = set()
    for card, n in (before - after).items():
        for _ in range(n):
            inst = next(i for i in reversed(pile) if state.cards[i] == card)
            pile.remove(inst)
            home = cards.home_deck(state, inst) if card == ARROW else None
            if home is not None and home in state.decks:  # H3-6.15: an unused arrow is the spell deck's
                state.decks[home].draw_pile.append(inst)
                returned.add(home)
            else:  # the old hero's own cards go back to the box (H3-6.4)
                del state.cards[inst]
    for card, n in (after - before).items():
        for _ in range(n):
            pile.append(_arrow(state) if card == ARROW else state.new_card(card))
    for name in sorted(returned):
        state.decks[name].shuffle(state.rng)
    p.deck.draw.shuffle(state.rng)  # H3-6.14


def _arrow(state: ClashState) -> str:
    """A Magic Arrow out of the spell deck (H3-6.12 / H3-6.15): from its draw pile, else its face-up
    discard pile (whose place the next card then takes, H3-13.2.6); a fresh one when the deck has none
    left, as setup gives a starting deck its arrows whatever the deck holds."""
    for name in ("spell", *cards.SPLIT_DECKS["spell"]):
        deck = state.decks.get(name)
        if deck is None:
            continue
        for pile in (deck.draw_pile, deck.discard_pile):
            inst = next((i for i in reversed(pile) if state.cards[i] == ARROW), None)
            if inst is not None:
                pile.remove(inst)
                cards.refill_discard(state, name)
                return inst
    return state.new_card(ARROW)


def view(state: ClashState, seat: int | None) -> dict[str, Any] | None:
    """Everyone sees who has locked in; an asked seat also its own answer; nobody another's (P-3)."""
    c = state.hero_choice
    if c is None:
        return None
    return c.private(seat) if seat is not None and seat in c.seats else c.public()


@FLOW.sampler(KIND)
def _sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    """The simulator keeps the default (P-3) and draws nothing from ``rng``: a seeded random playthrough
    is then the very game it was before this question existed (the swap itself is tested directly)."""
    return {"type": "hero_pick", "hero": offered(st, seat)[0]}
