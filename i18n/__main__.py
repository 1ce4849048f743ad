"""``python -m i18n check | extract | compile | zh-sync [domain ...]`` and
``python -m i18n rules-sync | rules-check [game ...]`` (see i18n/README.md).

Each catalog command works on the named domains (a message id's first word: ``core``, ``bot``,
``rw`` …) or, without any, on all of them; the rules commands on the named rules files
(``runewars``, ``ageofheroes``, ``cloudspire``, ``heroes3``, ``core``) or all of them.
"""

from __future__ import annotations

import argparse
import json
import sys

from .catalog import (
    build_template,
    by_domain,
    compile_mo,
    declared_messages,
    domains_on_disk,
    load_po,
    po_path,
    read_template,
    template_path,
    write,
)
from .check import run
from .locales import TRANSLATED, ZH_HANS, ZH_HANT


def _domains(args: argparse.Namespace, known: list[str]) -> list[str]:
    return sorted(set(args.domains)) if args.domains else known


def cmd_check(args: argparse.Namespace) -> int:
    reports, problems = run(args.domains or None)
    for report in reports:
        print(json.dumps(report.line(), ensure_ascii=False))
        if args.verbose:
            for what in ("missing", "unused", "fuzzy", "bad_placeholders", "out_of_sync"):
                ids = getattr(report, what) or []
                if ids:
                    print(f"  {report.locale} {what}: {', '.join(ids)}", file=sys.stderr)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 0 if all(r.ok for r in reports) and not problems else 1


def cmd_extract(args: argparse.Namespace) -> int:
    declared, problems = declared_messages()
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    grouped = by_domain(declared)
    for domain in _domains(args, sorted(set(grouped) | set(domains_on_disk()))):
        found = grouped.get(domain, {})
        write(template_path(domain), build_template(found, domain))
        template = read_template(domain)
        for locale in TRANSLATED:
            if locale == ZH_HANT:
                continue  # derived from zh_Hans below
            catalog = load_po(locale, domain)
            catalog.update(template, update_creation_date=False)
            write(po_path(locale, domain), catalog)
        sync(domain)
        print(f"{domain}: {len(found)} messages in {template_path(domain).name}; catalogs updated", file=sys.stderr)
    return 1 if problems else 0


def sync(domain: str) -> None:
    from .zh import expected_hant

    write(po_path(ZH_HANT, domain), expected_hant(domain))


def cmd_sync(args: argparse.Namespace) -> int:
    for domain in _domains(args, domains_on_disk()):
        sync(domain)
        print(f"{domain}: {ZH_HANT} regenerated from {ZH_HANS} (OpenCC s2tw + zh_hant_overrides.toml)", file=sys.stderr)
    return 0


def _games(args: argparse.Namespace) -> list[str]:
    from .rules import PREFIXES

    unknown = sorted(set(args.domains) - set(PREFIXES))
    if unknown:
        raise SystemExit(f"unknown rules file(s): {', '.join(unknown)}; known: {', '.join(PREFIXES)}")
    return sorted(set(args.domains)) if args.domains else list(PREFIXES)


def cmd_rules_sync(args: argparse.Namespace) -> int:
    from . import rules

    for game in _games(args):
        written = rules.sync(game)
        if written is None:
            print(f"{game}: no {ZH_HANS} rules file; nothing to convert", file=sys.stderr)
        else:
            print(
                f"{game}: {written} regenerated from {ZH_HANS} (OpenCC s2tw + zh_hant_overrides.toml)", file=sys.stderr
            )
    return 0


def cmd_rules_check(args: argparse.Namespace) -> int:
    """One JSON line per rules file and locale: ids needed, missing, empty; hant out of sync."""
    from . import rules

    bad = False
    for game in _games(args):
        needed = rules.required_ids(game)
        for locale in rules.LOCALES:
            have = rules.load(game, locale)
            missing = sorted(needed - set(have), key=rules.sort_key)
            empty = sorted((i for i, (title, text) in have.items() if not title.strip() or not text.strip()))
            line: dict[str, object] = {"game": game, "locale": locale, "ids": len(have), "missing": len(missing)}
            if empty:
                line["empty"] = empty
            if locale == ZH_HANT:
                line["in_sync"] = have == rules.expected_hant(game)
                bad |= not line["in_sync"]
            if args.verbose and missing:
                line["missing_ids"] = missing
            bad |= bool(missing or empty)
            print(json.dumps(line, ensure_ascii=False))
    return 1 if bad else 0


def cmd_compile(args: argparse.Namespace) -> int:
    for domain in _domains(args, domains_on_disk()):
        for locale in TRANSLATED:
            print(f"compiled {compile_mo(locale, domain)}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, func: object, help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help)
        p.add_argument("domains", nargs="*", help="domains (message-id first words); default: all")
        p.set_defaults(func=func)
        return p

    check = command("check", cmd_check, "one JSON line per locale; non-zero exit if anything is missing")
    check.add_argument("-v", "--verbose", action="store_true", help="list the ids on stderr")
    command("extract", cmd_extract, "update templates/<domain>.pot and the catalogs from the code")
    command("compile", cmd_compile, "write <domain>.mo beside each .po")
    command("zh-sync", cmd_sync, "regenerate zh_Hant from zh_Hans with OpenCC and the overrides")
    command("rules-sync", cmd_rules_sync, "regenerate rules/zh_Hant/<game>.toml from rules/zh_Hans")
    rules_check = command("rules-check", cmd_rules_check, "rule ids lacking a player-facing entry, per locale")
    rules_check.add_argument("-v", "--verbose", action="store_true", help="list the missing ids")
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
