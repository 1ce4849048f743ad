"""A ``Msg`` as a sentence in one language.

The Discord layer calls ``render`` at delivery time with the reader's locale (a DM in the
player's, a thread post in the game's). A message missing from a catalog falls back to its
English, a name missing in the locale to its English name and then to its id, so delivery
never fails over a missing translation; ``python -m i18n check`` is where missing ones fail.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.text import COUNT, Msg, Ref, Style, english_template, format_msg, message

from .catalog import table
from .locales import EN, normalize
from .names import Names

# How a language joins a list and says yes/no: catalog entries like any other text.
LIST_SEP = message("i18n.list_separator", ", ")
YES = message("i18n.yes", "yes")
NO = message("i18n.no", "no")


def _template(locale: str, msg: Msg) -> str | None:
    count = msg.params.get(COUNT)
    n = count if isinstance(count, int) and not isinstance(count, bool) else None
    if locale != EN:
        found = table(locale).template(msg.id, n)
        if found is not None:
            return found
    return _english(msg)


def _english(msg: Msg) -> str | None:
    """The code's English if the declaring module is loaded, else the template's."""
    found = english_template(msg)
    if found is not None:
        return found
    count = msg.params.get(COUNT)
    return table(EN).template(msg.id, count if isinstance(count, int) else None)


@cache
def style(locale: str) -> Style:
    """Once per locale: the catalogs are read once per process, and every ``render`` needs it."""

    def word(m: Msg) -> str:
        return _template(locale, m) or ""

    return Style(list_sep=word(LIST_SEP()), yes=word(YES()), no=word(NO()))


def render(msg: Msg, locale: Any = EN, names: Names | None = None) -> str:
    """``msg`` in ``locale`` (ours, a Discord locale string or ``discord.Locale``)."""
    loc = normalize(locale)

    def name(ref: Ref) -> str:
        if names is not None:
            for candidate in (loc, EN):
                found = names.name(ref, candidate)
                if found:
                    return found
        return ref.id

    return format_msg(msg, lambda m: _template(loc, m), name, style(loc), fallback=_english)
