"""``python -m i18n check``: what each catalog lacks, compared with the code and the template.

One JSON line per locale. For ``en`` (the source) ``missing`` counts messages declared in the
code but absent from the template or worded differently there (run ``extract``), ``unused``
template entries no code declares. For a translated locale ``missing`` counts template
entries without a finished translation (fuzzy ones included), ``unused`` entries the
template no longer has, ``bad_placeholders`` translations naming a parameter the message
does not have, and for ``zh_Hant`` ``out_of_sync`` entries that differ from the OpenCC
conversion of ``zh_Hans`` with the overrides (run ``zh-sync``).

Each domain (``core``, ``rw`` …, one template and one ``.po`` per locale) is checked on its
own; a locale's line adds them up and ``domains`` gives the per-domain ``ids`` and
``missing``, so whoever owns a domain sees at a glance whether theirs is the one lacking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from babel.messages.catalog import Catalog

from engine.core.text import Message, placeholders

from .catalog import (
    Declared,
    allowed_placeholders,
    by_domain,
    declared_messages,
    domains_on_disk,
    load_po,
    read_template,
    template_path,
)
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
    domains: dict[str, dict[str, int]] = field(default_factory=dict)

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
        if self.domains:
            out["domains"] = self.domains
        return out

    def add(self, domain: str, other: Report) -> None:
        """Fold one domain's report into the locale's."""
        self.ids += other.ids
        self.missing += other.missing
        self.unused += other.unused
        self.fuzzy += other.fuzzy
        self.bad_placeholders += other.bad_placeholders
        if other.out_of_sync is not None:
            self.out_of_sync = (self.out_of_sync or []) + other.out_of_sync
        self.domains[domain] = {"ids": other.ids, "missing": len(other.missing)}


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


def check_hant_sync(report: Report, domain: str) -> None:
    from .zh import expected_hant

    expected = {m.context: m.string for m in expected_hant(domain) if m.id and m.context}
    actual = {m.context: m.string for m in load_po(ZH_HANT, domain) if m.id and m.context}
    report.out_of_sync = sorted(
        k for k in expected.keys() | actual.keys() if _norm(expected.get(k)) != _norm(actual.get(k))
    )


def _norm(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else (str(value),)


def run(domains: list[str] | None = None) -> tuple[list[Report], list[str]]:
    """Reports for ``en`` and each translated locale over ``domains`` (default: every domain
    declared in the code or with a template), and the extractor's problems."""
    declared, problems = declared_messages()
    grouped = by_domain(declared)
    chosen = sorted(set(grouped) | set(domains_on_disk())) if domains is None else sorted(domains)
    reports = [Report(EN)] + [Report(locale, out_of_sync=[] if locale == ZH_HANT else None) for locale in TRANSLATED]
    for domain in chosen:
        template = _template_messages(read_template(domain)) if template_path(domain).exists() else {}
        reports[0].add(domain, check_source(grouped.get(domain, {}), template))
        for report in reports[1:]:
            sub = check_locale(report.locale, template, load_po(report.locale, domain))
            if report.locale == ZH_HANT:
                check_hant_sync(sub, domain)
            report.add(domain, sub)
    for report in reports:
        for what in ("missing", "unused", "fuzzy", "bad_placeholders"):
            setattr(report, what, sorted(getattr(report, what)))
        if report.out_of_sync is not None:
            report.out_of_sync = sorted(report.out_of_sync)
    return reports, problems
