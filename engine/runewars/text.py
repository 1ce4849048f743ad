"""How the Runewars engine says things: messages whose English names things by their printed names.

Why this module: the kernel's ``Event.to_all(kind, MSG(...))`` fills the legacy English field
(``Event.text``, ``RuleViolation.message``, ``Option.label``, ``Prompt.question``) with each
``Ref`` rendered as its bare id (``HUMAN_INFANTRY``), which no player should read. These
helpers build the same objects with the English rendered through the printed names of the
content, so the English stays what the engine always said ("Footmen", "Seat 2 (Elves)") while
``msg`` carries the ids for the reader's language (i18n/).

Ref kinds used by Runewars (the content's per-language names answer the same kinds): ``unit``
(unit type id), ``faction``, ``area``, ``tactics``, ``destiny`` (card number), ``order`` (card
number), ``title``, ``objective``, ``season`` (a season card id or ``spring``…``winter``),
``resource`` (``food``/``wood``/``ore``), ``rune`` (``dragon``/``false``), ``hero``, ``quest``,
``reward``, ``seat`` (the 0-based seat, as a string; rendered "Seat 1" in English), ``city`` (city token id).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, Option, Prompt, RuleViolation
from engine.core.text import Item, Msg, Ref, english, message

# ---- words shared by several modules ----------------------------------------------------------
SEAT_WITH_FACTION = message("rw.seat.with_faction", "{seat} ({faction})")
NEUTRALS = message("rw.seat.neutrals", "the neutrals")
NOTHING = message("rw.word.nothing", "nothing")
NONE = message("rw.word.none", "none")
NAME = message("rw.word.name", "{name}")
JOIN_SEMICOLON = message("rw.word.join_semicolon", "{head}; {tail}")
COUNT_OF = message("rw.word.count_of", "{n} {unit}")
COUNT_IN = message("rw.word.count_in", "{n} {unit} in {area}")

_RUNE_NAMES = {"dragon": "dragon rune", "false": "false rune"}


# A destiny card's fate (RW-13), as diplomacy (RW-12.5) and quest tests read it: a word, never
# the content's key (ALLY, WITHDRAW, CONFRONT).
FATE = {
    "ALLY": message("rw.destiny.fate.ally", "Ally"),
    "WITHDRAW": message("rw.destiny.fate.withdraw", "Withdraw"),
    "CONFRONT": message("rw.destiny.fate.confront", "Confront"),
}


def fate_of(fate: str) -> Item:
    said = FATE.get(fate)
    return said() if said is not None else fate.capitalize()


def ref(kind: str, id: object) -> Ref:
    """A ``Ref`` from any id the engine keeps (order and destiny numbers are ints there)."""
    return Ref(kind=kind, id=str(id))


def seat(s: int | None) -> Ref:
    """A seat as a ``Ref`` (0-based id, as the engine counts seats); ``None`` is the unallied neutrals."""
    return Ref(kind="seat", id="neutral" if s is None else str(s))


seat_ref = seat


def units(kinds: list[str]) -> list[Item]:
    """Unit types as a list parameter of names (a list renders joined by the reader's separator)."""
    return [Ref(kind="unit", id=k) for k in kinds]


def semicolons(items: list[Msg]) -> Msg | str:
    """Items joined by "; " (a list parameter would join them by ", "); "" for none."""
    if not items:
        return ""
    out: Msg = items[-1]
    for item in reversed(items[:-1]):
        out = JOIN_SEMICOLON(head=item, tail=out)
    return out


def placement(plan: dict[str, dict[str, int]]) -> list[Item]:
    """``{area: {unit type: count}}`` as "2 Footmen in 4B, 1 Knights in 5A" (no dict repr for a player)."""
    return [
        COUNT_IN(n=n, unit=Ref(kind="unit", id=k), area=Ref(kind="area", id=a))
        for a, kinds in sorted(plan.items())
        for k, n in sorted(kinds.items())
    ]


def printed(kind: str, entry_id: object, field: str, english: str) -> Ref | str:
    """A printed text of the content (a card's ``text``, a unit's ``special.text``) as a parameter.

    A ``Ref`` (kind ``text``) when the shipped content has that field with these very words,
    so the reader gets the card's words in their language; the English itself otherwise (a
    house unit made up in a battle, a test's own content), which is what the engine said before.
    """
    from engine.runewars.names import TEXT_KIND, names

    if names().text(kind, str(entry_id), field, "en") != english:
        return english
    return Ref(kind=TEXT_KIND, id=f"{kind}:{entry_id}:{field}")


def english_name(r: Ref) -> str:
    """The printed English name of ``r``; the id itself where the content has no name (an area "7A")."""
    from engine.runewars.catalog import catalog
    from engine.runewars.names import TEXT_KIND, names

    cat = catalog()
    kind, key = r.kind, r.id
    found: Any = None
    if kind == TEXT_KIND:
        entry_kind, _, rest = key.partition(":")
        entry_id, _, field = rest.partition(":")
        return names().text(entry_kind, entry_id, field, "en") or key
    if kind == "seat":
        if key == "neutral":
            return "the neutrals"
        return f"Seat {int(key) + 1}" if key.lstrip("-").isdigit() else key
    if kind == "unit":
        found = cat.unit_types.get(key)
    elif kind == "faction":
        found = cat.factions.get(key)
    elif kind == "tactics":
        found = cat.tactics.get(key)
    elif kind == "order":
        found = cat.orders.get(int(key)) if key.isdigit() else None
    elif kind == "title":
        found = cat.titles.get(key)
    elif kind == "objective":
        found = cat.objectives.get(key)
    elif kind == "season":
        found = cat.seasons.get(key)
    elif kind == "hero":
        found = cat.heroes.get(key)
    elif kind == "quest":
        found = cat.quests.get(key)
    elif kind == "reward":
        found = cat.rewards.get(key)
    elif kind == "city":
        found = cat.cities.get(key)
    elif kind == "rune":
        return _RUNE_NAMES.get(key, key)
    elif kind == "destiny":
        return f"destiny card {key}"
    name = getattr(found, "name", None)
    return str(name) if name else key


# Names the catalog does not know, by (kind, id): a battle's house units (battle/effects.py).
Extra = Mapping[tuple[str, str], str] | None


def en(m: Msg, extra: Extra = None) -> str:
    """The English of ``m`` with printed names (``extra`` first, then the catalog)."""
    if not extra:
        return english(m, english_name)
    table = extra
    return english(m, lambda r: table.get((r.kind, r.id)) or english_name(r))


def to_all(
    kind: str, m: Msg, *, reveals: bool = False, milestone: bool = False, extra: Extra = None, **data: Any
) -> Event:
    return Event(kind=kind, text=en(m, extra), msg=m, data=data, reveals=reveals, milestone=milestone)


def to_seats(
    seats: list[int] | int, kind: str, m: Msg, *, reveals: bool = False, extra: Extra = None, **data: Any
) -> Event:
    audience = [seats] if isinstance(seats, int) else sorted(set(seats))
    return Event(kind=kind, text=en(m, extra), msg=m, data=data, audience=audience, reveals=reveals)


def refuse(rule: str, m: Msg, extra: Extra = None) -> RuleViolation:
    """``raise refuse("RW-10.2", MSG(...))``: a refusal whose English names things by name."""
    return RuleViolation(rule, en(m, extra), msg=m)


violation = refuse


def stored(m: Msg | str) -> dict[str, Any] | str:
    """A message as step data keeps it (JSON), e.g. a card effect's ``source``."""
    return m.model_dump(mode="json") if isinstance(m, Msg) else m


def loaded(v: Any) -> Msg | str:
    """The inverse of ``stored``: a message back from step data (plain text stays text)."""
    return Msg.model_validate(v) if isinstance(v, dict) else str(v)


def gm_task(
    state: Any,
    rule: str,
    m: Msg,
    *,
    seat: int | None = None,
    public: Msg | None = None,
    english: str | None = None,
    public_english: str | None = None,
) -> Event:
    """``state.gm.hand_over`` with the task and its announcement kept as messages.

    The kernel writes the English fields of a ``Msg`` with each ``Ref`` as its bare id, so the
    engine used to hand over finished English, which then reached a Chinese thread as it was.
    Here the messages go to the kernel (the GM and the table read them in their language) and
    the English fields are set to what the engine always wrote: ``english`` (made with a
    battle's own names) or the printed names.
    """
    event = state.gm.hand_over(rule, m, seat=seat, public_text=public)
    state.gm.tasks[-1].text = english if english is not None else en(m)
    shown = public_english if public is not None and public_english is not None else None
    if shown is None and public is None and english is not None:
        shown = english
    if event.msg is not None:
        announced = event.msg
        if shown is not None:
            announced = announced.model_copy(update={"params": {**announced.params, "what": shown}})
        event.text = en(announced)
    return event


def need(cond: bool, rule: str, m: Msg) -> None:
    """Raise a refusal unless ``cond`` holds (the kernel's ``need`` with a message)."""
    if not cond:
        raise refuse(rule, m)


def asked(prompts: list[Prompt], question: Msg) -> list[Prompt]:
    """Give prompts built by the kernel from an English question (``SecretChoice.prompts``) the message too."""
    for p in prompts:
        p.question = en(question)
        p.msg = question
    return prompts


def option(
    label: Msg,
    action: dict[str, Any],
    description: Msg | None = None,
    *,
    limit: int | None = None,
    extra: Extra = None,
    at: str | None = None,
) -> Option:
    """An option; ``limit`` cuts the English label where Discord's length limit applies; ``at`` is the
    area or hex ("q,r") of the board it chooses, outlined on the decision's picture."""
    text = en(label, extra)
    return Option(
        label=text[:limit] if limit else text,
        msg=label,
        action=action,
        description=en(description, extra) if description is not None else None,
        description_msg=description,
        at=at,
    )


def ask(seat: int, key: str, rule: str, question: Msg, *, extra: Extra = None, **fields: Any) -> Prompt:
    return Prompt(seat=seat, key=key, rule=rule, question=en(question, extra), msg=question, **fields)
