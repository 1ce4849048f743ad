"""The Runewars names resolver: a ``Ref`` of the content in the reader's language.

The engine says "{unit} routs" with ``Ref(kind="unit", id="HUMAN_KNIGHT")``, never with the
English name, and the Discord layer renders it at delivery through this resolver (it
implements ``i18n.names.Names`` structurally, so the engine does not import ``i18n``). The
English comes from the content entries themselves; Chinese from ``content/data/i18n/``
(``content/texts.py`` says why a parallel file). ``None`` means "not mine / unknown": the
renderer then tries English and finally shows the id, so a missing name never breaks a post.

Kinds and the ids they take (what the engine's messages put in a ``Ref``):

============== =====================================================================
kind           id
============== =====================================================================
``unit``       unit type id (``HUMAN_INFANTRY``)
``faction``    faction id (``HUMANS``), or ``neutral`` for neutral units' owner
``area``       area id (``12A``): the same in every language, returned as it is
``order``      order number ``1``..``8`` (``#3`` is accepted too)
``destiny``    destiny card number ``1``..``30`` ("18号天命卡")
``tactics``    tactics card id (``T07``)
``season``     season card id (``SP2``) or the season itself (``spring`` … ``winter``)
``title``      title id (``PRIMARCH``)
``objective``  objective id (``G3``, ``E1``)
``hero``       hero card id (``H06``)
``quest``      quest card id (``Q15``)
``reward``     reward card id (``R01``)
``city``       city token id (``C1``)
``tile``       map tile number (``7``)
``exploration`` exploration token id (``X04``) or token type (``dragon_throne``)
``resource``   ``food``, ``wood``, ``ore``, ``influence``
``rune``       ``dragon``, ``false``
``card``       any card id above (tactics, season, quest, reward, objective, title, hero)
``text``       ``<kind>:<entry id>:<field>``: a printed text (``season:SP2:text``)
``fate`` ``shape`` ``trait`` ``alignment`` ``attribute`` ``development`` ``terrain``
``exploration_kind``: the words of ``content/texts.py`` ``TERM_IDS``
============== =====================================================================

``seat`` is not here: the Discord layer names seats (players).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.text import Ref
from engine.runewars.content.loader import RunewarsContent, load_content
from engine.runewars.content.texts import (
    ENTRY_FIELDS,
    FORMAT_IDS,
    LOCALES,
    LocaleTexts,
    english_entries,
    load_texts,
)

#: Locale spellings a caller may pass (Discord's, lower case); the protocol passes ours.
_ALIASES: dict[str, str] = {
    "en-us": "en",
    "en-gb": "en",
    "zh-cn": "zh_Hans",
    "zh_cn": "zh_Hans",
    "zh-hans": "zh_Hans",
    "zh_hans": "zh_Hans",
    "zh-tw": "zh_Hant",
    "zh_tw": "zh_Hant",
    "zh-hant": "zh_Hant",
    "zh_hant": "zh_Hant",
}

#: ``Ref(kind="text", id="<kind>:<entry id>:<field>")``: a printed text of an entry (a season
#: card's ``text``, a unit's ``special.text``), so a card's words reach the reader in their language.
TEXT_KIND = "text"

#: The entry kinds a generic ``card`` Ref may name, in lookup order (their ids do not overlap).
CARD_KINDS: tuple[str, ...] = ("tactics", "season", "quest", "reward", "objective", "title", "hero")


def _locale(locale: str) -> str | None:
    if locale in LOCALES:
        return locale
    return _ALIASES.get(str(locale).lower())


class RunewarsNames:
    """Names and card texts of one content set in ``en``, ``zh_Hans`` and ``zh_Hant``."""

    #: The content pack text this resolver was made for (``names_for_pack``), None for the shipped content.
    pack: str | None = None

    def __init__(self, content: RunewarsContent, texts: Mapping[str, LocaleTexts | None]) -> None:
        self._content = content
        self._english = english_entries(content)
        self._texts = dict(texts)
        self._areas = {a.area_id for t in content.tiles for a in t.areas}
        self._tiles = {t.tile_id for t in content.tiles}
        self._destiny = {str(c.number) for c in content.destiny_cards}
        self._exploration = {t.token_id: t.type for t in content.exploration_tokens}
        self._house = {
            (kind, str(getattr(e, id_attr))): e.house
            for kind, (collection, id_attr, _) in ENTRY_FIELDS.items()
            for e in getattr(content, collection)
        }
        # Components without translatable text are house or printed too (the picture legend marks them).
        self._house.update({("tile", t.tile_id): t.house for t in content.tiles})
        self._house.update({("exploration", t.token_id): t.house for t in content.exploration_tokens})
        self._house.update({("destiny", str(c.number)): c.house for c in content.destiny_cards})
        for kind in CARD_KINDS:  # ``card`` = any card id
            self._house.update({("card", i): h for (k, i), h in list(self._house.items()) if k == kind})

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A pack's resolver pickles as its pack text (``names_for_pack(text)``), not its whole content.

        Why: a picture drawn in a worker process (renderers/pool.py) gets the game's resolver with
        its job; rebuilt from the text there, it also registers the pack's content under its hash,
        which is how the picture finds the content its view names (``content_hash``)."""
        if self.pack is not None:
            return names_for_pack, (self.pack,)
        return super().__reduce_ex__(protocol)

    # ---- the i18n.names.Names protocol --------------------------------------------------
    def name(self, ref: Ref, locale: str) -> str | None:
        """The name of ``ref`` in ``locale``; None for an unknown kind, id or locale."""
        loc = _locale(locale)
        if loc is None:
            return None
        kind, key = ref.kind, ref.id
        if kind == TEXT_KIND:  # a printed text: "season:SP2:text" (text.printed)
            entry_kind, _, rest = key.partition(":")
            entry_id, _, field = rest.partition(":")
            return self.text(entry_kind, entry_id, field, loc, fallback=False)
        if kind == "area":
            return key if key in self._areas else None  # ids read the same in every language
        if kind == "card":
            for card_kind in CARD_KINDS:
                if key in self._english[card_kind]:
                    return self.text(card_kind, key, "name", loc, fallback=False)
            return None
        if kind == "order":
            key = key.lstrip("#")
        if kind == "exploration" and key in self._exploration:
            key = self._exploration[key]
        if kind in self._english and key in self._english[kind]:
            return self.text(kind, key, "name", loc, fallback=False)
        found = self.term(kind, key, loc)
        if found is not None:
            return found
        if kind in FORMAT_IDS and self._formatted_id_exists(kind, key):
            texts = self._texts.get(loc)
            template = texts.formats.get(kind) if texts is not None else None
            return template.replace("{id}", key) if template else None
        return None

    # ---- card texts ---------------------------------------------------------------------
    def text(self, kind: str, entry_id: str, field: str, locale: str, *, fallback: bool = True) -> str | None:
        """One translatable field of an entry (``special.text`` of a unit, ``text`` of a card …).

        ``fallback`` gives the English when the locale lacks it (what a reader should see
        rather than nothing); None when the entry or field does not exist at all.
        """
        english = self._english.get(kind, {}).get(entry_id, {}).get(field)
        if english is None:
            return None
        loc = _locale(locale)
        if loc == "en":
            return english
        texts = self._texts.get(loc) if loc is not None else None
        found = texts.entries.get(kind, {}).get(entry_id, {}).get(field) if texts is not None else None
        if found:
            return found
        return english if fallback else None

    def texts(self, kind: str, entry_id: str, locale: str) -> dict[str, str]:
        """Every translatable field of an entry in ``locale`` (English where it lacks one)."""
        fields = self._english.get(kind, {}).get(entry_id, {})
        return {f: self.text(kind, entry_id, f, locale) or english for f, english in fields.items()}

    def term(self, group: str, term_id: str, locale: str) -> str | None:
        """A word the entries do not carry (``resource``/``food``, ``season``/``spring`` …)."""
        loc = _locale(locale)
        texts = self._texts.get(loc) if loc is not None else None
        return texts.terms.get(group, {}).get(term_id) if texts is not None else None

    def house(self, kind: str, entry_id: str) -> bool | None:
        """Whether the entry is house content (our invention, in every language); None if unknown."""
        return self._house.get((kind, entry_id))

    def _formatted_id_exists(self, kind: str, key: str) -> bool:
        return key in (self._destiny if kind == "destiny" else self._tiles)


def names_for(content: RunewarsContent, data_dir: str | None = None) -> RunewarsNames:
    """A resolver for ``content`` with the translations in ``data_dir`` (default: shipped)."""
    return RunewarsNames(content, {loc: load_texts(loc, data_dir) for loc in LOCALES})


@lru_cache(maxsize=1)
def names() -> RunewarsNames:
    """The resolver for the shipped content, built once (content and translations are immutable)."""
    return names_for(load_content())


_BY_PACK: dict[str, RunewarsNames] = {}


def names_for_pack(pack: str | None) -> RunewarsNames:
    """The resolver of a game with this content pack (docs/content-packs.md); ``names()`` without one.

    A translation is kept only for a field whose English the pack left unchanged: a replaced card
    then reads in English in every language rather than under the shipped card's Chinese name."""
    if not pack:
        return names()
    from engine.core.content_packs import pack_hash
    from engine.runewars.catalog import catalog_for

    digest = pack_hash(pack)
    found = _BY_PACK.get(digest)
    if found is not None:
        return found
    content = catalog_for(pack).content
    shipped, mine = english_entries(load_content()), english_entries(content)
    texts: dict[str, LocaleTexts | None] = {}
    for loc in LOCALES:
        base = load_texts(loc)
        if base is None:
            texts[loc] = None
            continue
        kept = {
            kind: {
                entry_id: {
                    f: text
                    for f, text in fields.items()
                    if mine.get(kind, {}).get(entry_id, {}).get(f) == shipped.get(kind, {}).get(entry_id, {}).get(f)
                }
                for entry_id, fields in table.items()
            }
            for kind, table in base.entries.items()
        }
        texts[loc] = base.model_copy(update={"entries": kept})
    found = _BY_PACK[digest] = RunewarsNames(content, texts)
    found.pack = pack
    return found
