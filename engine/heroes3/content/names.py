"""Per-language names of Heroes III content, the resolver ``i18n.render`` uses for ``Ref``s.

Messages carry a unit, card, hero, faction or wall as a ``Ref`` (messages.py), never an
English name, so a Chinese reader sees the rulebook's terms; the Clash's words for resources,
decks, tokens, dice, tiers and difficulties (kinds ``h3_resource`` … ``h3_difficulty``) too.
``names.json`` holds, for every unit, combat card, hero, starting ability and specialty card,
faction and siege structure, its English (printed) name and the Simplified (glossary-zh.md §5, the Heroes III rulebook's
words where it names the thing, else a suggested form) and Traditional names (OpenCC
``s2tw`` of the Simplified, as ``python -m i18n zh-sync`` makes the message catalogs).

The content's prose travels the same way: a ``Ref`` of kind ``h3text`` whose id is the English
text (``texts.text_ref``), answered from the translation tables of ``texts.py``.
"""

from __future__ import annotations

import json
from functools import cache

from engine.core.text import Ref

from . import HERE
from .texts import TEXT_KIND, TEXTS

LOCALES: tuple[str, ...] = ("en", "zh_Hans", "zh_Hant")
# The Clash's messages name these with an ``h3_`` kind (clash/messages.py); they are the same
# entries as the lookups' kinds, so both spellings read the one table instead of showing an id.
ALIASES: dict[str, str] = {
    "h3_location": "location",
    "h3_building": "building",
    "h3_astrologer": "astrologer",
    "h3_scenario": "scenario",
}


@cache
def table() -> dict[str, dict[str, dict[str, str]]]:
    """``{kind: {id: {locale: name}}}``."""
    data: dict[str, dict[str, dict[str, str]]] = json.loads((HERE / "names.json").read_text(encoding="utf-8"))
    return data


class Heroes3Names:
    """``i18n.names.Names`` for Heroes III: looks a ``Ref`` up by its kind and id."""

    def name(self, ref: Ref, locale: str) -> str | None:
        if ref.kind == TEXT_KIND:
            # The English is the id; an untranslated text answers None so the renderer falls back to it.
            return ref.id if locale == "en" else TEXTS.text(ref.id, locale)
        entry = table().get(ALIASES.get(ref.kind, ref.kind), {}).get(ref.id)
        if entry is None:
            return None
        return entry.get(locale) or entry.get("en")


def names() -> Heroes3Names:
    return Heroes3Names()


def hero_id(typed: str) -> str:
    """The hero board a typed name or id means (names.json, every language, case and spacing ignored);
    the text itself when none matches, so the setup's refusal names what was typed."""
    key = "".join(typed.split()).casefold()
    for ident, by_locale in table().get("hero", {}).items():
        if key == ident.casefold() or any(key == "".join(n.split()).casefold() for n in by_locale.values()):
            return ident
    return typed
