"""What every rule module of Age of Heroes says the same way: seat names, card lists, and the
builders that put a ``Msg`` on an event, option, prompt or refusal.

Why builders of our own rather than ``Event.to_all(kind, MSG(...))``: the kernel fills the
legacy English field (``Event.text``, ``Option.label`` …) without a names resolver, so a
``Ref`` would read as its id (``mighty_hero``). These fill it through the game's English
names (names.py), so the English stays what it was, names and all, and the ``msg`` travels
beside it for the reader's language.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Msg, Ref, english, message

from . import cards as C
from .names import english_name

# Seats are named as the game always named them: "seat 2 (Greek)", or the Barbarians' side.
SEAT = message("ah.seat.plain", "seat {n}")
SEAT_TRIBE = message("ah.seat.tribe", "seat {n} ({tribe})")
BARBARIANS = message("ah.seat.barbarians", "the Barbarians")
NOTHING = message("ah.cards.nothing", "nothing")
AND = message("ah.list.and", "{a} and {b}")


def en(msg: Msg) -> str:
    """The English of ``msg`` with this game's English names."""
    return english(msg, english_name)


def card(c: str) -> Ref:
    """A card id or kind as a name (``iron-07`` and ``iron`` both read "Iron")."""
    return Ref(kind="card", id=C.kind(c))


def cards(cs: list[str]) -> list[Ref] | Msg:
    """Several cards, as a list of names; "nothing" for none."""
    return [card(c) for c in cs] if cs else NOTHING()


def tribe(t: str) -> Ref:
    return Ref(kind="tribe", id=t)


def item(i: str) -> Ref:
    return Ref(kind="item", id=i)


def purpose(p: str) -> Ref:
    return Ref(kind="purpose", id=p)


def army(unit_id: str) -> Ref:
    """A fighting unit: an army (``a2``), a Mighty Hero as an army (``hero1``) or a Barbarian (``x1``)."""
    return Ref(kind="army", id=unit_id)


def armies(ids: list[str]) -> list[Ref]:
    return [army(a) for a in ids]


def to_all(kind: str, msg: Msg, *, reveals: bool = False, milestone: bool = False, **data: Any) -> Event:
    return Event(kind=kind, text=en(msg), msg=msg, data=data, reveals=reveals, milestone=milestone)


def to_seats(seats: list[int] | int, kind: str, msg: Msg, *, reveals: bool = False, **data: Any) -> Event:
    audience = [seats] if isinstance(seats, int) else sorted(set(seats))
    return Event(kind=kind, text=en(msg), msg=msg, data=data, audience=audience, reveals=reveals)


def refuse(rule: str, msg: Msg) -> RuleViolation:
    """A refusal to ``raise``: the rule id, the English reason and its message."""
    return RuleViolation(rule, en(msg), msg=msg)


def opt(msg: Msg, **action: Any) -> Option:
    """A prompt option; the English label is cut to 80 characters (Discord's button limit)."""
    return Option(label=en(msg)[:80], msg=msg, action=action)


def ask(prompt: Prompt, msg: Msg) -> Prompt:
    """Put ``msg`` on a prompt built elsewhere (the kernel's secret-choice prompts take English)."""
    prompt.question = en(msg)
    prompt.msg = msg
    return prompt
