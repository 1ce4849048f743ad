"""``python -m i18n check``: what each catalog lacks, compared with the code and the template.

One JSON line per locale. For ``en`` (the source) ``missing`` counts messages declared in the
code but absent from the template or worded differently there (run ``extract``), ``unused``
template entries no code declares. For a translated locale ``missing`` counts template
entries without a finished translation (fuzzy ones included), ``unused`` entries the
template no longer has, ``bad_placeholders`` translations naming a parameter the message
does not have, and for ``zh_Hant`` ``out_of_sync`` entries that differ from the OpenCC
conversion of ``zh_Hans`` with the overrides (run ``zh-sync``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from babel.messages.catalog import Catalog

from engine.core.text import Message, placeholders

from .catalog import TEMPLATE, Declared, allowed_placeholders, declared_messages, load_po, read
from .locales import EN, TRANSLATED, ZH_HANT, discord_locales


@dataclass
class Report:
    locale: str
    ids: int = 0
    missing: list[str] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    bad_placeholders: list[str] = field(default_factory=list)
    out_of_sync: list[str] | None = None

    @property
    def ok(self) -> bool:
        return not (self.missing or self.bad_placeholders or self.out_of_sync)

    def line(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "locale": self.locale,
            "discord": discord_locales(self.locale),
            "ids": self.ids,
            "missing": len(self.missing),
            "unused": len(self.unused),
        }
        if self.locale != EN:
            out["fuzzy"] = len(self.fuzzy)
            out["bad_placeholders"] = len(self.bad_placeholders)
        if self.out_of_sync is not None:
            out["out_of_sync"] = len(self.out_of_sync)
        return out


def _template_messages(template: Catalog) -> dict[str, Message]:
    out = {}
    for m in template:
        if m.id and m.context:
            if isinstance(m.id, tuple | list):
                out[m.context] = Message(m.context, str(m.id[0]), str(m.id[1]))
            else:
                out[m.context] = Message(m.context, str(m.id))
    return out


def check_source(declared: dict[str, Declared], template: dict[str, Message]) -> Report:
    report = Report(EN, ids=len(template))
    report.missing = sorted(i for i, d in declared.items() if template.get(i) != d.message)
    report.unused = sorted(set(template) - set(declared))
    return report


def check_locale(locale: str, template: dict[str, Message], catalog: Catalog) -> Report:
    report = Report(locale, ids=len(template))
    seen: set[str] = set()
    for m in catalog:
        if not m.id or not m.context:
            continue
        seen.add(m.context)
        source = template.get(m.context)
        if source is None:
            report.unused.append(m.context)
            continue
        forms = list(m.string) if isinstance(m.string, tuple | list) else [m.string]
        if m.fuzzy:
            report.fuzzy.append(m.context)
        if m.fuzzy or not all(forms) or template_text(source) != m.id:
            report.missing.append(m.context)
            continue
        used: set[str] = set()
        try:
            for form in forms:
                used |= placeholders(str(form))
        except ValueError:
            report.bad_placeholders.append(m.context)
            continue
        if not used <= allowed_placeholders(source):
            report.bad_placeholders.append(m.context)
    report.missing += sorted(set(template) - seen)
    report.unused += [m.context for m in catalog.obsolete.values() if m.context]
    return report


def template_text(m: Message) -> str | tuple[str, str]:
    return m.english if m.plural is None else (m.english, m.plural)


def check_hant_sync(report: Report) -> None:
    from .zh import expected_hant

    expected = {m.context: m.string for m in expected_hant() if m.id and m.context}
    actual = {m.context: m.string for m in load_po(ZH_HANT) if m.id and m.context}
    report.out_of_sync = sorted(
        k for k in expected.keys() | actual.keys() if _norm(expected.get(k)) != _norm(actual.get(k))
    )


def _norm(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else (str(value),)


def run() -> tuple[list[Report], list[str]]:
    declared, problems = declared_messages()
    template = _template_messages(read(TEMPLATE)) if TEMPLATE.exists() else {}
    reports = [check_source(declared, template)]
    for locale in TRANSLATED:
        report = check_locale(locale, template, load_po(locale))
        if locale == ZH_HANT:
            check_hant_sync(report)
        reports.append(report)
    return reports, problems
