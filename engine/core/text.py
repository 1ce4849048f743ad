"""Translatable messages: what the engine says, as an id and typed parameters, never a finished sentence.

The engine does not know who reads an event or in which language, so it emits a ``Msg``:
a message id plus JSON-safe parameters. The Discord layer renders it through the catalogs
(``i18n/``) in the reader's language at delivery time. Names of things (units, cards, areas,
factions, heroes) travel as ``Ref`` ids and are rendered through the content's own
per-language names, so no English name is ever pasted into a Chinese sentence.

Messages are declared once, at module level, with their English text::

    TOO_FAR = message("rw.move.refused.too_far", "You cannot move {unit} that far.")
    LOST = plural_message("rw.battle.lost", "{n} unit was lost.", "{n} units were lost.")

    raise RuleViolation("RW-10.2", TOO_FAR(unit=Ref(kind="unit", id="HUMAN_INFANTRY")))

``python -m i18n extract`` finds these calls by reading the source (string literals only),
so the English here is the catalogs' source text. Declaring them at import time also fills
``MESSAGES``, which lets the kernel render English without any catalog (``english``) and
lets a test compare the code's ids with the source catalog.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field

# Ids are dotted lower-case words; the first word names the owner (core, rw, ah, cs, h3, bot, i18n).
ID_PATTERN = r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$"
_ID_RE = re.compile(ID_PATTERN)
# The parameter that selects a plural form. Fixed, so a renderer never has to guess.
COUNT = "n"


class Ref(BaseModel):
    """The id of a named thing; rendered through the content's per-language names.

    ``kind`` says which table the id belongs to (``unit``, ``card``, ``area``, ``faction``,
    ``hero``, ``seat`` …); the names resolver given to the renderer knows the tables.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(min_length=1)
    id: str = Field(min_length=1)


# Parameter values. ``Union`` because ``"Msg"`` is a forward reference; bool is listed first so
# pydantic keeps ``true`` a bool rather than the int 1.
Scalar = bool | int | float | str
Item = Union[bool, int, float, str, Ref, "Msg"]
Param = Union[bool, int, float, str, Ref, "Msg", list[Item]]


class Msg(BaseModel):
    """One translatable sentence (or fragment): a declared message id and its parameters."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=ID_PATTERN)
    params: dict[str, Param] = Field(default_factory=dict)

    def english(self, names: Callable[[Ref], str] | None = None) -> str:
        return english(self, names)


Msg.model_rebuild()


@dataclass(frozen=True)
class Message:
    """A declared message: its id and English source text (singular and plural forms).

    Calling it builds a ``Msg`` and checks that every ``{placeholder}`` of the English text
    has a value, so a typo fails where the message is emitted rather than when it is read.
    """

    id: str
    english: str
    plural: str | None = None

    def __call__(self, **params: Any) -> Msg:
        missing = self._required - params.keys()
        if missing:
            raise ValueError(f"message {self.id} needs {sorted(missing)}")
        if self.plural is not None and (not isinstance(params.get(COUNT), int) or isinstance(params[COUNT], bool)):
            raise ValueError(f"plural message {self.id} needs an int {COUNT!r}")
        return Msg(id=self.id, params=params)

    def placeholders(self) -> set[str]:
        names = placeholders(self.english)
        if self.plural is not None:
            names |= placeholders(self.plural)
        return names

    @cached_property
    def _required(self) -> frozenset[str]:
        """``placeholders()`` parsed once: every emitted message checks them, often hundreds a turn."""
        return frozenset(self.placeholders())

    def template(self, count: int | None) -> str:
        """The English text; English has two plural forms (one, other)."""
        if self.plural is not None and count != 1:
            return self.plural
        return self.english


# Every message declared so far in this process, by id.
MESSAGES: dict[str, Message] = {}


def message(id: str, english: str) -> Message:
    """Declare a message. Call at module level with string literals (the extractor reads them)."""
    return _declare(Message(id, english))


def plural_message(id: str, one: str, other: str) -> Message:
    """Declare a message with plural forms; the count is the ``n`` parameter."""
    return _declare(Message(id, one, other))


def _declare(msg: Message) -> Message:
    if not _ID_RE.match(msg.id):
        raise ValueError(f"message id {msg.id!r} is not dotted lower-case words")
    known = MESSAGES.get(msg.id)
    if known is not None and known != msg:
        raise ValueError(f"message id {msg.id!r} is declared twice with different English")
    MESSAGES[msg.id] = msg
    return msg


def placeholders(template: str) -> set[str]:
    """The named ``{fields}`` of a str.format template (``{n:d}`` counts as ``n``)."""
    names: set[str] = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


# ---- rendering -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Style:
    """How one language joins things the template does not spell out."""

    list_sep: str = ", "
    yes: str = "yes"
    no: str = "no"


ENGLISH_STYLE = Style()


def format_msg(
    msg: Msg,
    template: Callable[[Msg], str | None],
    name: Callable[[Ref], str],
    style: Style,
    fallback: Callable[[Msg], str | None] | None = None,
) -> str:
    """Fill ``template(msg)`` with ``msg``'s parameters, rendering nested messages the same way.

    The one formatter behind ``english`` and ``i18n.render``. A template that does not fit
    its parameters (a translation with a wrong placeholder) falls back to ``fallback(msg)``
    (English), and a message nobody declared renders as its id: a reader never sees a crash.
    """

    def value(p: Any) -> Any:
        if type(p) is str:  # most parameters: answered before the isinstance checks below
            return p
        if isinstance(p, bool):
            return style.yes if p else style.no
        if isinstance(p, int | float):
            return p  # kept numeric so a template may say {n:+d}
        if isinstance(p, Ref):
            return name(p)
        if isinstance(p, Msg):
            return format_msg(p, template, name, style, fallback)
        if isinstance(p, list):
            return style.list_sep.join(str(value(x)) for x in p)
        return str(p)

    values = {k: value(v) for k, v in msg.params.items()}
    for candidate in (template(msg), fallback(msg) if fallback else None):
        if candidate is None:
            continue
        try:
            # ``str.format_map`` parses fields exactly as ``string.Formatter`` does, in C and several
            # times faster; only a template using our own ``!c`` conversion needs the Python formatter.
            if "!c" not in candidate:
                return candidate.format_map(values)
            return _FORMATTER.vformat(candidate, (), values)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            continue
    return msg.id


class _Formatter(string.Formatter):
    """str.format plus ``!c``: capitalise the first letter, for a sentence that begins with a
    parameter ("{subject!c} is missing." reads "Item 2 of `units` is missing.")."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "c":
            text = str(value)
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)


_FORMATTER = _Formatter()


def english_template(msg: Msg) -> str | None:
    declared = MESSAGES.get(msg.id)
    if declared is None:
        return None
    count = msg.params.get(COUNT)
    return declared.template(count if isinstance(count, int) else None)


def english(msg: Msg, names: Callable[[Ref], str] | None = None) -> str:
    """The English sentence of ``msg`` from the declarations alone (no catalog needed).

    The kernel uses it to keep the legacy English fields (``Event.text``, ``RuleViolation.message``)
    equal to what the message says. Without ``names`` a ``Ref`` renders as its id.
    """
    return format_msg(msg, english_template, names or (lambda r: r.id), ENGLISH_STYLE)


def english_or(text: str | None, msg: Msg | Mapping[str, Any] | None) -> str | None:
    """``text`` if given, else the English of ``msg`` (a model or its JSON): fills legacy fields."""
    if text is not None or msg is None:
        return text
    return english(msg if isinstance(msg, Msg) else Msg.model_validate(msg))


def split(text: str | Msg) -> tuple[str, Msg | None]:
    """(English, message) for an argument that is either legacy English or a message."""
    if isinstance(text, Msg):
        return english(text), text
    return text, None
