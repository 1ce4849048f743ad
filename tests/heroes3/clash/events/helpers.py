"""Builders for the Fortress event tests (H3-6.24, H3-7.5): a game with the event deck, one event stacked on
top of it and played to the moment it is drawn, and the answers to its questions."""

from __future__ import annotations

import json
from typing import Any

from engine.core import Event, Prompt
from engine.core.text import Msg
from engine.heroes3 import names as h3_names
from engine.heroes3.clash.ruleset import CLASH
from engine.heroes3.clash.state import ClashState, EventDeck
from i18n import EN, render

from ..helpers import act, front, mutate, new_game, play_until


def fortress_game(players: int = 2, seed: int = 1, **options: Any) -> ClashState:
    """A started Clash with the Fortress box added (``expansions``), as a private copy to arrange."""
    boxes = ["fortress", *options.pop("expansions", [])]
    return mutate(new_game(players, seed, expansions=boxes, **options))


def deck(state: ClashState) -> EventDeck:
    assert state.event_deck is not None
    return state.event_deck


def stack(state: ClashState, *events: str) -> None:
    """Put ``events`` on top of the event deck, in that order (the rest keep theirs)."""
    pile = deck(state).deck.draw_pile
    rest = [e for e in pile if e not in events]
    pile[:] = [*events, *rest]


def to_event(state: ClashState, event: str, *after: str) -> tuple[ClashState, list[Event]]:
    """Stack ``event`` (then ``after``) and play empty turns until it has been drawn (round 3: H3-7.5.3)."""
    stack(state, event, *after)
    return play_until(state, lambda s: deck(s).current == event, f"the event {event}")


def prompt(state: ClashState, seat: int | None = None) -> Prompt:
    """The open question (for ``seat``)."""
    return next(p for p in CLASH.prompts(state) if seat is None or p.seat == seat)


def picks(state: ClashState, seat: int | None = None) -> list[str]:
    return [str(o.action.get("pick")) for o in prompt(state, seat).options]


def asked(state: ClashState) -> str:
    """What the front question is (an ``ask`` step's name, or the step's kind)."""
    st = front(state)
    return str(st.data.get("what", st.kind))


def choose(state: ClashState, pick: str, seat: int | None = None) -> tuple[ClashState, list[Event]]:
    """Answer the front question with ``pick`` as the seat it asks (or ``seat``)."""
    who = prompt(state, seat).seat
    return act(state, who, {"type": "choose", "pick": pick})


def option_index(state: ClashState, text: str) -> str:
    """The pick of the event option whose English label starts with ``text``."""
    return next(str(o.action["pick"]) for o in prompt(state).options if o.label.startswith(text))


def public_json(state: ClashState) -> str:
    return json.dumps(CLASH.view(state, None), sort_keys=True, default=str)


def events_shown(state: ClashState, seat: int | None = None) -> str:
    """A view without the map (whose location ids, such as "prison" or "stables", share names with some
    events), as JSON: every word of it that could name an event card."""
    shown = {k: v for k, v in CLASH.view(state, seat).items() if k not in ("tiles", "fields")}
    return json.dumps(shown, sort_keys=True, default=str)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def words(msg: Msg | None, locale: str = EN) -> str:
    """A message as a reader sees it, names resolved (``Ref``s never show their ids)."""
    assert msg is not None
    return render(msg, locale, h3_names())


def to_turn(state: ClashState, what: str) -> tuple[ClashState, list[Event]]:
    """Answer first options until the next turn begins (the event, and whatever follows it, is over)."""
    return play_until(state, lambda s: front(s).kind in ("hand", "main"), what)
