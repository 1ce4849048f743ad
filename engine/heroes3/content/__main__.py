"""``python -m engine.heroes3.content texts [check|zh-sync]``: the content prose's translations.

- ``texts check`` (the default): every ``text`` of the shipped content has a translation in
  ``i18n/zh_Hans`` and ``i18n/zh_Hant``, no translation is stale, and ``zh_Hant`` is what
  ``zh-sync`` would write. Prints one JSON line (texts per file, problems) and exits 1 on any problem.
- ``texts zh-sync``: regenerate ``i18n/zh_Hant/*.json`` from ``i18n/zh_Hans/*.json`` with the
  message catalogs' converter (OpenCC ``s2tw`` plus ``i18n/zh_hant_overrides.toml``, scope
  ``h3.content``), so the two Chinese forms never drift apart.

Why the converter is imported here only: it is a development tool (OpenCC), not a runtime
dependency of the engine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from engine.core.content_cli import run_check, usage
from engine.core.content_texts import GENERATED_LOCALE, LOCALES, ContentTexts

from .texts import HANT_SCOPE, TEXTS


def converter() -> Callable[[str], str]:
    """Simplified -> Traditional exactly as ``python -m i18n zh-sync`` converts the catalogs."""
    from i18n.zh import load_overrides, to_hant

    overrides = load_overrides()
    return lambda text: to_hant(text, HANT_SCOPE, overrides)


def check(texts: ContentTexts = TEXTS) -> tuple[dict[str, object], list[str]]:
    """(summary, problems); no problems means every text is translated and zh_Hant is in sync."""
    problems = texts.check(LOCALES)
    stale = texts.out_of_sync(converter())
    problems += [
        f"{GENERATED_LOCALE}/{name}: out of sync; run `python -m engine.heroes3.content texts zh-sync`"
        for name in stale
    ]
    summary: dict[str, object] = {
        "texts": {name: len(found) for name, found in texts.english.items()},
        "locales": list(LOCALES),
        "problems": len(problems),
    }
    return summary, problems


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "texts" or len(argv) > 2:
        return usage(__doc__)
    command = argv[1] if len(argv) > 1 else "check"
    if command == "zh-sync":
        for path in TEXTS.sync(converter()):
            print(f"wrote {path}")
        return 0
    return run_check(command, __doc__, check)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
