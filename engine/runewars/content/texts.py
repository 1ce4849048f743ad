"""Per-language names and card texts of the Runewars content (issue 10, "Content and rules terms").

Why a parallel file per locale rather than a ``names`` block inside every entry: the English
stays where it always was (``name``, ``text`` … of each entry, read by the engine and the
reference lookups unchanged), a group that transcribes its own printed cards replaces the
English files without touching the translations, and the Traditional file is generated from
the Simplified one (``python -m engine.runewars.content zh-sync``), which is only safe when
it is a file of its own. The price, that a translation could drift from its entry, is paid
by ``check_texts``: every translatable English field must have a non-empty translation in
every locale, and a translation must name an entry and a field that exist.

Files (``data/i18n/``):

- ``en.json``: only the words the entries do not carry themselves (``terms``: resources,
  runes, seasons, exploration token types …; ``formats``: "Destiny card {id}").
- ``zh_Hans.json``: written by hand, in the rulebook's words (``shared/reference/glossary-zh.md``,
  seed 000). House content (``"house": true`` in the English entry) is our own Chinese and
  stays house: the flag lives on the entry, whatever the language.
- ``zh_Hant.json``: generated from ``zh_Hans.json`` (OpenCC ``s2tw`` plus
  ``i18n/zh_hant_overrides.toml``, as the message catalogs); never edited by hand.

An entry's translatable fields are dotted paths into the English entry (``special.text`` of a
unit); ``ENTRY_FIELDS`` lists them per kind.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from engine.runewars.content.loader import DATA_DIR, RunewarsContent

Locale = Literal["en", "zh_Hans", "zh_Hant"]
LOCALES: Final[tuple[str, ...]] = ("en", "zh_Hans", "zh_Hant")
SOURCE_LOCALE: Final = "zh_Hans"  # the hand-written Chinese; zh_Hant is generated from it
GENERATED_LOCALE: Final = "zh_Hant"
I18N_DIR: Final = "i18n"

#: kind -> (RunewarsContent field, id attribute, translatable fields as dotted paths).
#: ``name`` comes first: it is what a ``Ref`` of that kind renders as.
ENTRY_FIELDS: Final[dict[str, tuple[str, str, tuple[str, ...]]]] = {
    "unit": ("unit_types", "id", ("name", "special.name", "special.text")),
    "faction": ("factions", "id", ("name", "defense_development.name", "defense_development.text")),
    "order": ("order_cards", "number", ("name", "basic_ability", "highest_bonus")),
    "city": ("cities", "city_id", ("name",)),
    "season": ("season_cards", "card_id", ("name", "text")),
    "tactics": ("tactics_cards", "card_id", ("name", "text")),
    "quest": ("quest_cards", "quest_id", ("name", "flavour", "instructions")),
    "reward": ("reward_cards", "reward_id", ("name", "text")),
    "hero": ("hero_cards", "hero_id", ("name", "ability.text")),
    "objective": ("objective_cards", "objective_id", ("name", "text")),
    "title": ("title_cards", "title_id", ("name", "text")),
}

#: Words the entries do not carry (en.json holds their English). Each group must list exactly
#: these ids in every locale, so a new resource or token type cannot go untranslated.
TERM_IDS: Final[dict[str, tuple[str, ...]]] = {
    "faction": ("neutral",),  # the owner of neutral units (RW-11)
    "resource": ("food", "wood", "ore", "influence"),
    "rune": ("dragon", "false"),
    "season": ("spring", "summer", "autumn", "winter"),
    "exploration": (
        "dragon_throne",
        "village",
        "magic_portal",
        "dungeon",
        "temple",
        "hall",
        "travelling_merchant",
        "ambush",
        "prophets_scroll",
        "training",
    ),
    "exploration_kind": ("event", "site", "destructible_site"),
    "fate": ("ALLY", "WITHDRAW", "CONFRONT"),
    "shape": ("triangle", "rectangle", "hexagon", "circle"),
    "trait": ("swift", "flying"),
    "alignment": ("good", "evil", "neutral"),
    "attribute": ("strength", "agility", "wisdom"),
    "development": ("resource", "diplomacy", "training", "defense"),
    "terrain": ("plains", "forest", "hills", "mountains", "marsh", "lake", "wasteland"),
}

#: Names built from an id: ``{id}`` is the entry's id (a destiny card's number, a tile's number).
FORMAT_IDS: Final[tuple[str, ...]] = ("destiny", "tile")

Text = Annotated[str, StringConstraints(strip_whitespace=False, min_length=1)]


class LocaleTexts(BaseModel):
    """One ``data/i18n/<locale>.json`` file; strict, so a misspelt key is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    source: str = Field(alias="_source", min_length=1)
    locale: Locale
    terms: dict[str, dict[str, Text]]
    formats: dict[str, Text]
    entries: dict[str, dict[str, dict[str, Text]]] = Field(default_factory=dict)


def field_value(entry: BaseModel, path: str) -> str | None:
    """The English of a dotted field path (``special.text``) of a content entry."""
    value: Any = entry
    for part in path.split("."):
        value = getattr(value, part, None)
    return value if isinstance(value, str) else None


def english_entries(content: RunewarsContent) -> dict[str, dict[str, dict[str, str]]]:
    """kind -> id -> field -> English, read from the content entries themselves."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for kind, (collection, id_attr, fields) in ENTRY_FIELDS.items():
        table: dict[str, dict[str, str]] = {}
        for entry in getattr(content, collection):
            values = {f: v for f in fields if (v := field_value(entry, f))}
            table[str(getattr(entry, id_attr))] = values
        out[kind] = table
    return out


def locale_path(locale: str, data_dir: Path | str | None = None) -> Path:
    base = Path(data_dir) if data_dir is not None else DATA_DIR
    return base / I18N_DIR / f"{locale}.json"


def read_texts(locale: str, data_dir: Path | str | None = None) -> LocaleTexts | None:
    """The translations of ``locale`` in ``data_dir`` (default: the shipped data), uncached.

    None when the directory has no file for it (a group's own transcription without
    translations: names then fall back to English). A malformed file raises
    ``pydantic.ValidationError``; a file for another locale than its name raises ``ValueError``.
    """
    path = locale_path(locale, data_dir)
    if not path.exists():
        return None
    texts = LocaleTexts.model_validate(json.loads(path.read_text(encoding="utf-8")))
    if texts.locale != locale:
        raise ValueError(f"{path.name} says it is {texts.locale!r}")
    return texts


@lru_cache(maxsize=8)
def load_texts(locale: str, data_dir: Path | str | None = None) -> LocaleTexts | None:
    """``read_texts``, read once per process (the content is shared by every game)."""
    return read_texts(locale, data_dir)


def check_texts(content: RunewarsContent, texts: Mapping[str, LocaleTexts | None]) -> list[str]:
    """Every problem with the translations of ``content``, one line each (empty when complete).

    Complete means: every locale has its file; every English field of every entry has a
    non-empty translation; no translation names an entry or field that does not exist (a
    renamed id would otherwise leave a translation silently unused); every term group and
    format lists exactly the ids of ``TERM_IDS`` / ``FORMAT_IDS``.
    """
    problems: list[str] = []
    english = english_entries(content)
    for locale in LOCALES:
        file = texts.get(locale)
        if file is None:
            problems.append(f"{locale}: no {I18N_DIR}/{locale}.json")
            continue
        problems += _check_terms(locale, file)
        if locale == "en":
            if file.entries:
                problems.append("en: entries come from the content files, en.json holds only terms and formats")
            continue
        for kind, table in english.items():
            given = file.entries.get(kind, {})
            for entry_id, fields in table.items():
                for field in fields:
                    if not given.get(entry_id, {}).get(field, "").strip():
                        problems.append(f"{locale}: {kind} {entry_id} has no {field}")
            for entry_id, fields_given in given.items():
                if entry_id not in table:
                    problems.append(f"{locale}: {kind} {entry_id} is not in the content")
                    continue
                for field in fields_given:
                    if field not in table[entry_id]:
                        problems.append(f"{locale}: {kind} {entry_id} has no English {field} to translate")
        for kind in file.entries:
            if kind not in english:
                problems.append(f"{locale}: unknown entry kind {kind!r}")
    return problems


def _check_terms(locale: str, file: LocaleTexts) -> list[str]:
    problems: list[str] = []
    if set(file.terms) != set(TERM_IDS):
        problems.append(f"{locale}: term groups {sorted(file.terms)}, need {sorted(TERM_IDS)}")
    for group, ids in TERM_IDS.items():
        have = file.terms.get(group, {})
        if set(have) != set(ids):
            problems.append(f"{locale}: terms.{group} lists {sorted(have)}, need {sorted(ids)}")
    if set(file.formats) != set(FORMAT_IDS):
        problems.append(f"{locale}: formats {sorted(file.formats)}, need {sorted(FORMAT_IDS)}")
    for key, template in file.formats.items():
        if "{id}" not in template:
            problems.append(f"{locale}: formats.{key} must contain {{id}}")
    return problems


def dumps_texts(data: Mapping[str, Any]) -> str:
    """A locale file as text: one entry (or term group) per line.

    Why not ``json.dumps(indent=2)``: a line per entry keeps an entry's fields together for
    a translator and keeps diffs of the generated Traditional file one line per change.
    """
    lines = ["{"]
    keys = list(data)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = data[key]
        if key in ("terms", "entries") and isinstance(value, Mapping):
            lines.append(f"  {json.dumps(key)}: {{")
            groups = list(value)
            for j, group in enumerate(groups):
                more = "," if j < len(groups) - 1 else ""
                inner = value[group]
                if key == "terms":
                    lines.append(f"    {json.dumps(group)}: {json.dumps(inner, ensure_ascii=False)}{more}")
                    continue
                lines.append(f"    {json.dumps(group)}: {{")
                ids = list(inner)
                for m, entry_id in enumerate(ids):
                    sep = "," if m < len(ids) - 1 else ""
                    lines.append(
                        f"      {json.dumps(entry_id)}: {json.dumps(inner[entry_id], ensure_ascii=False)}{sep}"
                    )
                lines.append(f"    }}{more}")
            lines.append(f"  }}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def map_strings(data: Mapping[str, Any], convert: Any) -> dict[str, Any]:
    """``data`` (a locale file's ``terms``/``formats``/``entries``) with every string converted."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, str):
            out[key] = convert(value)
        elif isinstance(value, Mapping):
            out[key] = map_strings(value, convert)
        else:
            out[key] = value
    return out
