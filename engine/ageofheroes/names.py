"""Per-language names of Age of Heroes content: what a ``Ref`` of this game reads as.

Why a resolver rather than English in the messages: the engine sends names as ``Ref``s
(engine/core/text.py) and the Discord layer renders each in the reader's language, so the
names live with the content, in ``content/names.json`` (English, Simplified and Traditional;
the Traditional is the rulebook's own word, seed 002 / glossary-zh.md §4). Kinds:

- ``card``: a resource card kind (``iron``, ``limestone``, ``mighty_hero`` …) or a card id
  (``iron-07``), which reads as its kind: the number only makes a physical card unique.
- ``tribe`` (also asked as ``faction`` by the Discord layer's seat labels), ``monument`` (keyed by
  tribe; house flavour names), ``item`` (the five items),
  ``purpose`` (of a war), ``condition`` (a victory condition).
- ``army``: a fighting unit's id: ``a2`` an army ("army 2"), ``hero1`` a Mighty Hero used as
  an army, ``x3`` a Barbarian army. Built from the id, so every id a game can make has a name.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from engine.core.text import Ref

NAMES_FILE = Path(__file__).parent / "content" / "names.json"
LOCALES = ("en", "zh_Hans", "zh_Hant")

# The fighting units' ids (war.py, build.py, ruleset.py): prefix -> name pattern per locale.
_UNIT_RE = re.compile(r"^(a|hero|x)(\d+)$")
_UNITS: dict[str, dict[str, str]] = {
    "a": {"en": "army {n}", "zh_Hans": "军队{n}", "zh_Hant": "軍隊{n}"},
    "hero": {"en": "Mighty Hero {n}", "zh_Hans": "强力英雄{n}", "zh_Hant": "強力英雄{n}"},
    "x": {"en": "Barbarian {n}", "zh_Hans": "野蛮人{n}", "zh_Hant": "野蠻人{n}"},
}
_CARD_ID_RE = re.compile(r"^([a-z_]+)-\d+$")


@lru_cache(maxsize=1)
def table() -> dict[tuple[str, str], dict[str, str]]:
    """``{(kind, id): {locale: name}}`` from the names file (read once: content is immutable)."""
    raw = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    out: dict[tuple[str, str], dict[str, str]] = {}
    for kind, block in raw["kinds"].items():
        for ref_id, names in block["names"].items():
            out[(kind, ref_id)] = dict(names)
    return out


class AohNames:
    """The ``i18n.names.Names`` of Age of Heroes (structural: ``name(ref, locale)``)."""

    def name(self, ref: Ref, locale: str) -> str | None:
        if ref.kind == "army":
            m = _UNIT_RE.match(ref.id)
            if m is None:
                return None
            pattern = _UNITS[m.group(1)].get(locale)
            return pattern.format(n=m.group(2)) if pattern else None
        ref_id, kind = ref.id, ref.kind
        if kind == "faction":  # the Discord layer names a seat's faction so; ours are the tribes
            kind = "tribe"
        if kind == "card":
            m = _CARD_ID_RE.match(ref_id)
            if m is not None:
                ref_id = m.group(1)
        return table().get((kind, ref_id), {}).get(locale)


NAMES = AohNames()


def english_name(ref: Ref) -> str:
    """The English name, or the id when the content has none (a group's own content file)."""
    return NAMES.name(ref, "en") or ref.id


def names() -> AohNames:
    """The game's names resolver, for the Discord layer's renderer (public API)."""
    return NAMES
