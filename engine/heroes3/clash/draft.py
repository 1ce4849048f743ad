"""H3-48.3 Draft start: the starting deck drafted instead of dealt (A-49 for the leftovers).

Why every pick is one kernel ``SecretChoice`` of all seats: the rule has everyone keep a card at
once and pass the rest, so no seat may see another's pick, nor wait on it before choosing; the
last seat to lock in resolves the round (engine/core/simultaneous.py). A seat's packet, drafted
cards and kept cards appear only in its own view (H: packets seen only by the current holder).

"Left" is the next seat clockwise (seat + 1), the way turns go (H3-7.1); "right" the one before.
With 2 players both are the other player. Step 5 is seven secret picks of one card each, from the
drafted cards and the statistic cards: choosing 7 of 18 at once is not a menu a table can press.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, Option, Prompt, SecretChoice
from engine.core.flow import Step

from ..cards import deck as cards
from ..content.clash import clash_content
from . import messages as m
from .common import need
from .flow import FLOW
from .state import ClashState, Draft

RULE = "H3-48.3"
KEEP = 7  # step 5: cards chosen for the starting deck
PER_DECK = 2  # steps 2 and 3: cards drawn from each of the three decks


def start_hand(hero: str) -> tuple[list[str], list[str]]:
    """Step 1 and 4: the hero's set-aside cards (starting ability, level I specialty) and its
    statistic cards; no Magic Arrows (A-49: they are draftable from the spell deck)."""
    h = clash_content().heroes[hero]
    stats = ["attack"] * h.attack + ["defense"] * h.defense + ["power"] * h.power + ["knowledge"] * h.knowledge
    return [h.ability, h.specialty_cards[1]], stats


def begin(state: ClashState, aside: list[list[str]], stats: list[list[str]]) -> None:
    """Set the draft up (cards already instanced by setup) and deal the first packets; ``setup.finish``
    in setup.py queues the decision in front of everything else."""
    n = state.players
    state.draft = Draft(
        choice=SecretChoice(key="draft", rule=RULE, seats=list(range(n))),  # renewed by every deal
        packets=[[] for _ in range(n)],
        drafted=[[] for _ in range(n)],
        aside=aside,
        stats=stats,
        kept=[[] for _ in range(n)],
    )
    _deal(state)


def _source(state: ClashState, kind: str) -> str:
    """The shared deck a packet draws ``kind`` from; under split decks (H3-48.4) the lowest one,
    which every hero may use from the start (minor artifacts, basic spells)."""
    return kind if kind in state.decks else cards.SPLIT_DECKS[kind][0]


def _deal(state: ClashState) -> list[Event]:
    """Steps 2 and 3: each seat draws the top 2 of the ability, artifact and spell decks."""
    d = state.draft
    assert d is not None
    for seat in range(state.players):
        for kind in cards.DECKS:
            d.packets[seat] += cards.shared_draw(state, _source(state, kind), PER_DECK)
    d.picks = 0
    _new_choice(state)
    return [Event.to_all("h3_draft_dealt", m.DRAFT_DEALT())]


def _new_choice(state: ClashState) -> None:
    d = state.draft
    assert d is not None
    # a seat with nothing to pick (a deck ran dry, H3-13.2.6) is not asked
    seats = [s for s in range(state.players) if choices(state, s)]
    d.choice = SecretChoice(key=f"draft-{state.next_key}", rule=RULE, seats=seats)
    state.next_key += 1


def choices(state: ClashState, seat: int) -> list[str]:
    """The cards ``seat`` may pick now: its packet, or in step 5 its drafted and statistic cards
    not yet kept."""
    d = state.draft
    if d is None:
        return []
    if d.phase == "keep":
        return [c for c in d.drafted[seat] + d.stats[seat] if c not in d.kept[seat]]
    return list(d.packets[seat])


def _distinct(state: ClashState, seat: int) -> list[str]:
    """One instance per content card, so three Attack cards are one button, not three."""
    seen: set[str] = set()
    out: list[str] = []
    for c in choices(state, seat):
        if state.cards[c] not in seen:
            seen.add(state.cards[c])
            out.append(c)
    return out


def waits_on(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` may answer the draft now (every seat may, and change it until all lock)."""
    d = state.draft
    return d is not None and seat in d.choice.seats and not d.choice.complete


def _question(state: ClashState) -> m.Msg:
    d = state.draft
    assert d is not None
    if d.phase == "keep":
        return m.ASK_DRAFT_KEEP(n=d.picks + 1)
    side = m.DRAFT_LEFT() if d.phase == "left" else m.DRAFT_RIGHT()
    return m.ASK_DRAFT_PICK(n=d.picks + 1 + (6 if d.phase == "right" else 0), side=side)


@FLOW.decision("draft", "draft_pick")
def _prompts(state: ClashState, st: Step) -> list[Prompt]:
    """One secret prompt per seat (the bot sends them privately), from the kernel's choice."""
    d = state.draft
    if d is None:
        return []
    return d.choice.prompts(
        _question(state),
        lambda seat: [
            Option.of(m.OPT_DRAFT_CARD(card=cards.card_ref(state, c)), {"type": "draft_pick", "card": c})
            for c in _distinct(state, seat)
        ],
    )


@FLOW.applies("draft")
def _apply(state: ClashState, st: Step, seat: int, action: Any) -> list[Event]:
    d = state.draft
    need(d is not None and waits_on(state, seat), RULE, m.NOT_OFFERED())
    assert d is not None
    need(action.card in choices(state, seat), RULE, m.NOT_IN_PACKET())
    d.choice.submit(seat, {"card": action.card}, lock=action.lock)
    events = [
        Event.to_all(
            "h3_draft_locked",
            m.DRAFT_LOCKED(seat=m.seat(seat), locked=len(d.choice.locked), total=len(d.choice.seats)),
            seat=seat,
        )
    ]
    if not d.choice.complete:
        return events
    picks = {s: str(d.choice.answers[s]["card"]) for s in d.choice.seats}
    d.picks += 1
    if d.phase == "keep":
        for s, c in picks.items():
            d.kept[s].append(c)
        if d.picks < KEEP:
            _new_choice(state)
            return events
        FLOW.done(state, st)
        return events + _build(state)
    for s, c in picks.items():
        d.packets[s].remove(c)
        d.drafted[s].append(c)
    n = state.players
    step = 1 if d.phase == "left" else -1  # left: the next seat clockwise (H3-7.1)
    d.packets = [d.packets[(s - step) % n] for s in range(n)]
    side = m.DRAFT_LEFT() if d.phase == "left" else m.DRAFT_RIGHT()
    if any(d.packets):
        _new_choice(state)
        return events + [Event.to_all("h3_draft_passed", m.DRAFT_PASSED(side=side))]
    if d.phase == "left":
        d.phase = "right"
        return events + _deal(state)
    d.phase = "keep"
    d.picks = 0
    _new_choice(state)
    return events


def _build(state: ClashState) -> list[Event]:
    """Step 5: the 7 kept cards and the 2 set aside, shuffled, are the starting deck (H3-6.14);
    unchosen drafted cards go to their decks' discard piles (A-49), unchosen statistic cards
    leave the game (no deck holds them, H3-13.2.8)."""
    d = state.draft
    assert d is not None
    leftovers = 0
    for p in state.seats:
        s = p.seat
        p.deck.draw.draw_pile.extend(d.kept[s] + d.aside[s])
        p.deck.draw.shuffle(state.rng)
        for c in d.drafted[s]:
            if c in d.kept[s]:
                continue
            home = cards.home_deck(state, c)
            if home is not None and home in state.decks:
                state.decks[home].discard(c)
                leftovers += 1
            else:
                state.removed.append(c)
        state.removed.extend(c for c in d.stats[s] if c not in d.kept[s])
    state.draft = None
    return [Event.to_all("h3_draft_done", m.DRAFT_DONE(n=leftovers))]


def zones(state: ClashState) -> list[str]:
    """Every card instance the draft holds, for the conservation check (invariants.py)."""
    d = state.draft
    if d is None:
        return []
    out: list[str] = []
    for lists in (d.packets, d.drafted, d.aside, d.stats):
        for cs in lists:
            out += cs
    return out


def secrets(state: ClashState, seat: int) -> set[str]:
    """The draft cards only ``seat`` may see (its packet, drafted and kept cards)."""
    d = state.draft
    if d is None:
        return set()
    return set(d.packets[seat]) | set(d.drafted[seat]) | set(d.kept[seat])


def view(state: ClashState, seat: int | None) -> dict[str, Any] | None:
    """Public: the phase, who has locked in, each seat's counts. Own: the cards themselves, once every
    main hero is chosen (H3-6.3 comes before the packets of step 2; setup deals them face down earlier
    only so that the shared decks' order is the same whatever heroes are chosen)."""
    d = state.draft
    if d is None:
        return None
    out: dict[str, Any] = {
        "phase": d.phase,
        "picks": d.picks,
        "locked": sorted(d.choice.locked),
        "packet_sizes": [len(x) for x in d.packets],
        "drafted_sizes": [len(x) for x in d.drafted],
        "kept_sizes": [len(x) for x in d.kept],
    }
    if seat is not None and 0 <= seat < state.players and state.hero_choice is None:
        names = state.cards
        out["mine"] = {
            "packet": [{"id": c, "card": names[c]} for c in d.packets[seat]],
            "drafted": [{"id": c, "card": names[c]} for c in d.drafted[seat]],
            "statistics": [{"id": c, "card": names[c]} for c in d.stats[seat]],
            "set_aside": [{"id": c, "card": names[c]} for c in d.aside[seat]],
            "kept": [{"id": c, "card": names[c]} for c in d.kept[seat]],
            "my_answer": d.choice.answer(seat),
        }
    return out


@FLOW.sampler("draft")
def _sample(state: ClashState, st: Step, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "draft_pick", "card": rng.choice(_distinct(state, seat))}
