"""``python -m i18n check | extract | compile | zh-sync`` (see i18n/README.md)."""

from __future__ import annotations

import argparse
import json
import sys

from .catalog import TEMPLATE, build_template, compile_mo, declared_messages, load_po, po_path, read, write
from .check import run
from .locales import TRANSLATED, ZH_HANS, ZH_HANT


def cmd_check(args: argparse.Namespace) -> int:
    reports, problems = run()
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
    template = build_template(declared)
    write(TEMPLATE, template)
    template = read(TEMPLATE)
    for locale in TRANSLATED:
        if locale == ZH_HANT:
            continue  # derived from zh_Hans below
        catalog = load_po(locale)
        catalog.update(template, update_creation_date=False)
        write(po_path(locale), catalog)
    sync()
    print(f"{len(declared)} messages in {TEMPLATE.name}; catalogs updated", file=sys.stderr)
    return 1 if problems else 0


def sync() -> None:
    from .zh import expected_hant

    write(po_path(ZH_HANT), expected_hant())


def cmd_sync(args: argparse.Namespace) -> int:
    sync()
    print(f"{ZH_HANT} regenerated from {ZH_HANS} (OpenCC s2tw + zh_hant_overrides.toml)", file=sys.stderr)
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    for locale in TRANSLATED:
        print(f"compiled {compile_mo(locale)}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="one JSON line per locale; non-zero exit if anything is missing")
    check.add_argument("-v", "--verbose", action="store_true", help="list the ids on stderr")
    check.set_defaults(func=cmd_check)
    sub.add_parser("extract", help="update messages.pot and the catalogs from the code").set_defaults(func=cmd_extract)
    sub.add_parser("compile", help="write messages.mo beside each .po").set_defaults(func=cmd_compile)
    sub.add_parser("zh-sync", help="regenerate zh_Hant from zh_Hans with OpenCC and the overrides").set_defaults(
        func=cmd_sync
    )
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
