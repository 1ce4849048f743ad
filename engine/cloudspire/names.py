"""Per-language names of Cloudspire content for ``i18n.names.Names`` (a ``Ref`` -> a name).

English is each entry's ``name``; Traditional Chinese is its ``name_zh``, the rulebook's own
word (seed 001 prints Traditional); Simplified is that word through OpenCC ``tw2s``. An entry
without a rulebook name has no Chinese name, so the renderer falls back to English.
Kinds answered: faction, unit, tower (``id`` or ``id:promoted``), landmark, relic, event,
market, advancement, structure.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.text import Ref

from .common import CONTENT

Table = dict[tuple[str, str], dict[str, str]]


def _entry(en: str, zh: str) -> dict[str, str]:
    out = {"en": en}
    if zh:
        out["zh_Hant"] = zh
        out["zh_Hans"] = _simplified(zh)
    return out


@lru_cache(maxsize=1024)
def _simplified(text: str) -> str:
    import opencc  # the i18n dependency; imported only when a Chinese name is asked for

    return str(opencc.OpenCC("tw2s").convert(text))


@lru_cache(maxsize=1)
def table() -> Table:
    t: Table = {}
    for f in CONTENT.factions:
        t[("faction", f.id)] = _entry(f.name, f.name_zh)
        for u in f.units:
            t[("unit", u.id)] = _entry(u.basic.name, u.basic.name_zh)
        for tw in f.towers:
            t[("tower", tw.id)] = _entry(tw.basic.name, tw.basic.name_zh)
            if tw.promoted is not None:
                t[("tower", tw.id + ":promoted")] = _entry(tw.promoted.name, tw.promoted.name_zh)
        for st in f.structures:
            t[("structure", st.id)] = _entry(st.name, "")
            for adv in st.levels:
                t[("advancement", adv.id)] = _entry(adv.name, "")
    for c in CONTENT.market:
        d = c.unit or c.tower
        name = d.basic.name if d is not None else c.id.replace("_", " ").title()
        zh = d.basic.name_zh if d is not None else ""
        t[("market", c.id)] = _entry(name, zh)
        if c.unit is not None:
            t[("unit", c.id)] = _entry(name, zh)
        if c.tower is not None:
            t[("tower", c.id)] = _entry(name, zh)
    for lm in CONTENT.landmarks:
        t[("landmark", lm.id)] = _entry(lm.name, lm.name_zh)
    for card in CONTENT.relics:
        t[("relic", card.id)] = _entry(card.name, card.name_zh)
    for card in CONTENT.events:
        t[("event", card.id)] = _entry(card.name, card.name_zh)
    return t


class CloudspireNames:
    """The ``i18n.names.Names`` resolver for every ref kind the Cloudspire engine emits."""

    def name(self, ref: Ref, locale: str) -> str | None:
        return table().get((ref.kind, ref.id), {}).get(locale)


def names() -> CloudspireNames:
    return CloudspireNames()
