"""English-keyed translation tables for a game's content prose (ability, card, location texts).

Why English keys (gettext style) rather than a translation per entry id: the prose lives in many
content files of different shapes (an ability inside a unit side, a step inside a location's
choice, a card's basic effect), and the same sentence recurs; keying by the English itself means
one walk of the files finds every sentence, the same sentence is translated once, and an edited
English sentence shows up as untranslated (and its stale translation as unused) instead of
silently keeping the old Chinese.

Layout, relative to a game's content folder (``root``)::

    <source>.json                       the English content (any shape)
    i18n/<locale>/<stem>.json           {"<English exactly as in the source>": "<translation>"}

``stem`` is the source's path under ``root`` with ``/`` replaced by ``_`` and no ``.json``
(``clash/cards.json`` -> ``clash_cards``). Only string values under a key named ``text`` are
prose (``TEXT_KEY``). The hand-written locale (``zh_Hans``) is the source of the generated one
(``zh_Hant``, OpenCC ``s2tw`` plus ``i18n/zh_hant_overrides.toml``); the converter is passed in
by the caller, so the kernel needs neither OpenCC nor the ``i18n`` package.

At delivery a text travels as ``Ref(kind=<game's text kind>, id=<English>)`` inside a ``Msg``
(``Msg`` params must stay JSON and the reader's language is known only when rendering); the
game's names resolver answers that kind with ``ContentTexts.text``, and a missing translation
falls back to the English.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, Final

TEXT_KEY: Final = "text"
I18N_DIR: Final = "i18n"
SOURCE_LOCALE: Final = "zh_Hans"  # written by hand
GENERATED_LOCALE: Final = "zh_Hant"  # made from SOURCE_LOCALE, never edited
LOCALES: Final[tuple[str, ...]] = (SOURCE_LOCALE, GENERATED_LOCALE)


def prose(data: Any, key: str = TEXT_KEY) -> set[str]:
    """Every non-empty string value under a key named ``key``, at any depth of parsed JSON."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            for k, v in item.items():
                if k == key and isinstance(v, str):
                    if v.strip():
                        found.add(v)
                else:
                    stack.append(v)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def stem(path: Path, root: Path) -> str:
    """``clash/cards.json`` under ``root`` -> ``clash_cards`` (the translation file's name)."""
    return path.relative_to(root).with_suffix("").as_posix().replace("/", "_")


def dumps_table(table: Mapping[str, str]) -> str:
    """A translation file's text: keys sorted, one per line, Chinese unescaped (readable diffs)."""
    return json.dumps(dict(sorted(table.items())), ensure_ascii=False, indent=1) + "\n"


class ContentTexts:
    """The prose of one game's content and its translations, read once per process."""

    def __init__(self, root: Path, key: str = TEXT_KEY) -> None:
        self.root = root
        self.key = key
        self._tables: dict[str, dict[str, str]] = {}

    @property
    def i18n_dir(self) -> Path:
        return self.root / I18N_DIR

    def locale_dir(self, locale: str) -> Path:
        return self.i18n_dir / locale

    @cached_property
    def english(self) -> dict[str, frozenset[str]]:
        """stem -> the prose of that source file (files without any are left out)."""
        out: dict[str, frozenset[str]] = {}
        for path in sorted(self.root.rglob("*.json")):
            if self.i18n_dir in path.parents:
                continue
            found = prose(json.loads(path.read_text(encoding="utf-8")), self.key)
            if found:
                out[stem(path, self.root)] = frozenset(found)
        return out

    def read(self, locale: str) -> dict[str, dict[str, str]]:
        """stem -> {English: translation} of the files present for ``locale`` (uncached)."""
        out: dict[str, dict[str, str]] = {}
        folder = self.locale_dir(locale)
        if not folder.is_dir():
            return out
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError(f"{path}: a translation file must be a JSON object")
            out[path.stem] = {str(k): str(v) for k, v in data.items()}
        return out

    def table(self, locale: str) -> dict[str, str]:
        """English -> translation in ``locale``, merged over every file (read on first use)."""
        found = self._tables.get(locale)
        if found is None:
            found = {}
            for part in self.read(locale).values():
                found.update({k: v for k, v in part.items() if v.strip()})
            self._tables[locale] = found
        return found

    def text(self, english: str, locale: str) -> str | None:
        """``english`` in ``locale``: None when there is no translation (the caller shows English)."""
        return self.table(locale).get(english)

    def check(self, locales: Iterable[str] = LOCALES) -> list[str]:
        """Every problem, one line each; empty when every text of every source is translated in
        every locale and no translation file or key is stale (its source or English gone)."""
        problems: list[str] = []
        for locale in locales:
            given = self.read(locale)
            for name, texts in self.english.items():
                have = given.get(name)
                if have is None:
                    problems.append(f"{locale}: no {I18N_DIR}/{locale}/{name}.json ({len(texts)} texts)")
                    continue
                problems += [
                    f"{locale}/{name}: untranslated {t!r}" for t in sorted(texts) if not have.get(t, "").strip()
                ]
                problems += [f"{locale}/{name}: {k!r} is no text of {name}" for k in sorted(set(have) - texts)]
            problems += [
                f"{locale}: {I18N_DIR}/{locale}/{name}.json has no source file with texts"
                for name in sorted(set(given) - set(self.english))
            ]
        return problems

    def generated(self, convert: Callable[[str], str]) -> dict[str, str]:
        """file name -> text of every ``GENERATED_LOCALE`` file, converted from ``SOURCE_LOCALE``."""
        return {
            f"{name}.json": dumps_table({k: convert(v) for k, v in table.items()})
            for name, table in self.read(SOURCE_LOCALE).items()
        }

    def out_of_sync(self, convert: Callable[[str], str]) -> list[str]:
        """The generated files that differ from what ``convert`` makes of the source (or are extra)."""
        want = self.generated(convert)
        folder = self.locale_dir(GENERATED_LOCALE)
        have = {p.name for p in folder.glob("*.json")} if folder.is_dir() else set()
        stale = [n for n, text in want.items() if not (folder / n).exists() or (folder / n).read_text("utf-8") != text]
        return sorted(stale + [n for n in have - set(want)])

    def sync(self, convert: Callable[[str], str]) -> list[Path]:
        """Write the generated locale's files (and drop those whose source is gone); the paths written."""
        folder = self.locale_dir(GENERATED_LOCALE)
        folder.mkdir(parents=True, exist_ok=True)
        want = self.generated(convert)
        for path in folder.glob("*.json"):
            if path.name not in want:
                path.unlink()
        written = []
        for name, text in want.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
        self._tables.pop(GENERATED_LOCALE, None)
        return written
