"""Per-language names of Cloudspire content for ``i18n.names.Names`` (a ``Ref`` -> a name).

Every entry players see has explicit ``en``, ``zh_Hans`` and ``zh_Hant`` names in
``content/data/names.json``. Why a table of its own and not a field per content entry: names
are reviewed by translators, not by whoever balances the numbers, and a content pack can
replace one file. Traditional is the rulebook's word (seed 001, glossary-zh.md section 3) where
``rulebook`` is true, else a house translation in the rulebook's style; Simplified is the
reviewed OpenCC ``tw2s`` form (the tests hold both to that). Kinds answered: faction, unit,
tower (``id`` or ``id:promoted``), landmark, relic, event, market, advancement, structure,
chip (an upgrade chip in labels: 攻擊/射程/防禦) and level (a level-up choice).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from engine.core.text import Ref

LOCALES = ("en", "zh_Hans", "zh_Hant")
NAMES_FILE = Path(__file__).parent / "content" / "data" / "names.json"


class NameEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    id: str
    en: str
    zh_Hans: str
    zh_Hant: str
    rulebook: bool  # zh_Hant is printed in the rulebook (else a house translation)


Table = dict[tuple[str, str], dict[str, str]]


@lru_cache(maxsize=1)
def entries() -> tuple[NameEntry, ...]:
    data = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    return tuple(NameEntry.model_validate(e) for e in data["names"])


@lru_cache(maxsize=1)
def table() -> Table:
    return {(e.kind, e.id): {loc: getattr(e, loc) for loc in LOCALES} for e in entries()}


class CloudspireNames:
    """The ``i18n.names.Names`` resolver for every ref kind the Cloudspire engine emits."""

    def name(self, ref: Ref, locale: str) -> str | None:
        return table().get((ref.kind, ref.id), {}).get(locale)


def names() -> CloudspireNames:
    return CloudspireNames()
