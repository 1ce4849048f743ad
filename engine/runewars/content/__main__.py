"""``python -m engine.runewars.content [check [PACK]|zh-sync]``: validate the content and its translations.

- ``check PACK``: check a content pack file (docs/content-packs.md) against the shipped
  content: every problem on its own line with its path in the file (``replace.heroes[0].health``),
  every GM hand-over the pack contains, then one JSON line (name, sha256, replaced ids). Exits 1
  on any problem.

- ``check`` (the default): load and cross-check every content file (``load_content``), check
  that every entry has its names and texts in ``en``, ``zh_Hans`` and ``zh_Hant``
  (``check_texts``) and that ``zh_Hant.json`` is what ``zh-sync`` would write. Prints one
  JSON line (entries per kind, problems) and exits 1 on any problem.
- ``zh-sync``: regenerate ``data/i18n/zh_Hant.json`` from ``zh_Hans.json`` with the message
  catalogs' converter (OpenCC ``s2tw`` plus ``i18n/zh_hant_overrides.toml``, ``rw.`` scope),
  so the two Chinese files never drift apart.

Why here and not in ``i18n``: these are content files, validated against the content models;
the converter is imported only when it is needed (it is a development tool, not a runtime
dependency of the engine).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.core.content_cli import run_check
from engine.runewars.content.loader import ContentError, read_content
from engine.runewars.content.texts import (
    GENERATED_LOCALE,
    LOCALES,
    SOURCE_LOCALE,
    LocaleTexts,
    check_texts,
    dumps_texts,
    english_entries,
    locale_path,
    map_strings,
    read_texts,
)

#: The message-id scope the Traditional overrides are matched against (their ``rw.`` terms).
HANT_SCOPE = "rw.content"


def expected_hant(data_dir: Path | str | None = None) -> str:
    """The text ``zh-sync`` writes for ``zh_Hant.json``."""
    from i18n.zh import load_overrides, to_hant

    source = locale_path(SOURCE_LOCALE, data_dir)
    raw: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    overrides = load_overrides()

    def convert(text: str) -> str:
        return to_hant(text, HANT_SCOPE, overrides)

    out: dict[str, Any] = {
        "_source": f"GENERATED from {SOURCE_LOCALE}.json by `python -m engine.runewars.content zh-sync` "
        "(OpenCC s2tw plus i18n/zh_hant_overrides.toml). Do not edit: change zh_Hans.json and sync.",
        "locale": GENERATED_LOCALE,
    }
    for key in ("terms", "formats", "entries"):
        out[key] = map_strings(raw.get(key, {}), convert)
    return dumps_texts(out)


def check(data_dir: Path | str | None = None) -> tuple[dict[str, Any], list[str]]:
    """(summary, problems) for the content in ``data_dir``; problems empty means all is well."""
    try:
        content = read_content(data_dir)
    except (ContentError, ValidationError, OSError, ValueError) as exc:
        return {"content": "invalid"}, [f"content: {exc}"]
    texts: dict[str, LocaleTexts | None] = {}
    problems: list[str] = []
    for locale in LOCALES:
        try:
            texts[locale] = read_texts(locale, data_dir)
        except (ValidationError, ValueError) as exc:
            texts[locale] = None
            problems.append(f"{locale}: {exc}")
    problems += check_texts(content, texts)
    hant = locale_path(GENERATED_LOCALE, data_dir)
    in_sync = hant.exists() and hant.read_text(encoding="utf-8") == expected_hant(data_dir)
    if not in_sync:
        problems.append(
            f"{GENERATED_LOCALE}: out of sync with {SOURCE_LOCALE}; run `python -m engine.runewars.content zh-sync`"
        )
    summary = {
        "content": "ok",
        "entries": {kind: len(table) for kind, table in english_entries(content).items()},
        "locales": list(LOCALES),
        "zh_Hant_in_sync": in_sync,
        "problems": len(problems),
    }
    return summary, problems


def check_pack_file(path: str) -> int:
    """``check PACK``: print the pack's problems (paths in the file), hand-overs and summary."""
    from engine.runewars.content.packs import check_pack

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{path}: cannot read ({exc})", file=sys.stderr)
        return 1
    report = check_pack(text)
    for problem in report.problems:
        print(f"{path}: {problem}", file=sys.stderr)
    for handover in report.handovers:
        print(f"{path}: {handover}", file=sys.stderr)
    summary = {
        "pack": report.name,
        "sha256": report.sha256,
        "replaced": report.replaced,
        "gm_handovers": len(report.handovers),
        "problems": len(report.problems),
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 1 if report.problems else 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "check" and len(argv) > 1:
        return check_pack_file(argv[1])
    if command == "zh-sync":
        path = locale_path(GENERATED_LOCALE)
        path.write_text(expected_hant(), encoding="utf-8")
        print(f"wrote {path}")
        return 0
    return run_check(command, __doc__, check)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
