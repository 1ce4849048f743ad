"""Keeping the Traditional catalog in step with the Simplified one.

The Simplified catalog is written by hand; the Traditional one is made from it by OpenCC's
``s2tw`` (Taiwan character forms, no vocabulary swaps, as the glossary prescribes) and then
``zh_hant_overrides.toml``: the terms whose Traditional rulebook word is not what OpenCC
produces (Cloudspire and Age of Heroes print Traditional books; Runewars and Heroes III are
Simplified books, so their Traditional is the conversion itself, save a few reviewed forms).
An override may be scoped to message-id prefixes (``ah.``, ``cs.``), since the same word
is a different term in another game (see the glossary, section 1.5).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import opencc
from babel.messages.catalog import Catalog

from .catalog import load_po, new_catalog, read_template
from .locales import ZH_HANS, ZH_HANT

OVERRIDES = Path(__file__).resolve().parent / "zh_hant_overrides.toml"
CONFIG = "s2tw"
_PRIVATE_USE = 0xE000  # placeholders for protected terms; OpenCC leaves these code points alone


@dataclass(frozen=True)
class Override:
    hans: str
    hant: str
    scope: tuple[str, ...] = ()  # message-id prefixes; empty means every message
    why: str = ""

    def applies_to(self, msg_id: str) -> bool:
        return not self.scope or msg_id.startswith(self.scope)


def load_overrides(path: Path = OVERRIDES) -> list[Override]:
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    out = []
    for row in data.get("term", []):
        out.append(Override(str(row["hans"]), str(row["hant"]), tuple(row.get("scope", ())), str(row.get("why", ""))))
    return out


@cache
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC(CONFIG)


def to_hant(text: str, msg_id: str, overrides: list[Override]) -> str:
    """``text`` (Simplified) in Traditional: protect the override terms, convert, put them back.

    Protecting before converting (rather than fixing after) keeps OpenCC's phrase matching
    from splitting a term differently than the override expects.
    """
    terms = sorted((o for o in overrides if o.applies_to(msg_id) and o.hans in text), key=lambda o: -len(o.hans))
    marked = text
    for i, o in enumerate(terms):
        marked = marked.replace(o.hans, chr(_PRIVATE_USE + i))
    out = _converter().convert(marked)
    for i, o in enumerate(terms):
        out = out.replace(chr(_PRIVATE_USE + i), o.hant)
    return out


def hant_catalog(hans: Catalog, template: Catalog, overrides: list[Override], domain: str = "") -> Catalog:
    """The Traditional catalog implied by ``hans``: same entries, converted strings, same fuzziness."""
    hant = new_catalog(ZH_HANT, domain)
    by_context = {m.context: m for m in hans if m.id and m.context}
    for t in template:
        if not t.id or not t.context:
            continue
        source = by_context.get(t.context)
        string: str | tuple[str, ...] = ""
        flags = set(t.flags)
        if source is not None and source.id == t.id and source.string:
            raw = source.string
            string = (
                tuple(to_hant(s, t.context, overrides) for s in raw)
                if isinstance(raw, tuple | list)
                else to_hant(raw, t.context, overrides)
            )
            if source.fuzzy:
                flags.add("fuzzy")
        hant.add(t.id, string, locations=t.locations, flags=flags, context=t.context)
    return hant


def expected_hant(domain: str) -> Catalog:
    """The Traditional catalog of one domain, as ``zh-sync`` writes it."""
    return hant_catalog(load_po(ZH_HANS, domain), read_template(domain), load_overrides(), domain)
