"""Writes the Traditional Chinese guides (docs/zh-Hant) from the Simplified ones (docs/zh-Hans).

    python3 -m i18n.docs_sync           # rewrite docs/zh-Hant/*.md
    python3 -m i18n.docs_sync --check   # exit 1 if docs/zh-Hant is not what the conversion gives

The Simplified guides are written by hand; the Traditional ones are generated, exactly as the
bot's Traditional catalogs are (i18n/zh.py, i18n/README.md): OpenCC ``s2tw`` plus the term
overrides of ``i18n/zh_hant_overrides.toml``. Reusing that converter is what makes a guide say
the same words as the bot's Traditional buttons and messages. The overrides are scoped by game
(``ah.`` Age of Heroes and ``cs.`` Cloudspire keep their Traditional rulebooks' words, such as
飢荒 and 剷夷), so a guide marks where a game's section starts with an HTML comment,
``<!-- zh-scope: ah. -->``, which renders as nothing; text outside any marked section gets only
the unscoped overrides. ``tests/test_docs_zh.py`` fails when the two scripts drift apart: fix the
Simplified guide (or add a term below) and rerun this script, never edit docs/zh-Hant by hand.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from i18n.zh import Override, load_overrides, to_hant

DOCS = Path(__file__).resolve().parent.parent / "docs"
HANS = DOCS / "zh-Hans"
HANT = DOCS / "zh-Hant"

SCOPE_MARK = re.compile(r"<!-- zh-scope: ([a-z0-9.]*) -->")
DEFAULT_SCOPE = "docs."  # a prefix no override is scoped to: only the unscoped overrides apply

# Terms of the guides only (the catalogs' terms are in i18n/zh_hant_overrides.toml).
DOC_TERMS = [
    # The language choice is labelled 简体中文 in every client (cogs/table.py LANGUAGE_NAMES): a
    # typed example shows the label a reader will pick, not the name in Traditional characters.
    Override("choice:简体中文", "choice:简体中文", why="the bot's own label for the language choice"),
    Override("language:简体中文", "language:简体中文", why="the bot's own label for the language choice"),
    # glossary §1.6: 表盤 (as in 儀表盤), not s2tw's 錶盤 (watch); the catalogs scope it to rw.
    # messages, the guides also name the dials outside the Runewars section.
    Override("表盘", "表盤", why="glossary 1.6"),
    Override("频道里", "頻道裡", why="s2tw reads 道里 as a word and keeps 里"),
    Override("自制", "自製", why="house content is 自製 (self-made); s2tw keeps 制"),
]

# Sentences that are true of one script only, rewritten after the conversion.
AFTER: list[tuple[str, str]] = [
    ("這裡的用語跟著繁體規則書走，簡體界面裡是它們的簡體寫法。", "這裡的用語就是繁體規則書上的用語。"),
]

# The language links at the top: the page a reader is on is plain text, the others are links.
NAV = re.compile(r"· 簡體中文 · \[繁體中文\]\(\.\./zh-Hant/([\w.-]+)\)")


def convert(text: str) -> str:
    """One Simplified guide in Traditional, section by section in its game's scope."""
    overrides = load_overrides() + DOC_TERMS
    scope = DEFAULT_SCOPE
    out: list[str] = []
    for line in text.split("\n"):
        mark = SCOPE_MARK.fullmatch(line.strip())
        if mark:
            scope = mark.group(1) or DEFAULT_SCOPE
            out.append(line)
            continue
        out.append(to_hant(line, scope, overrides))
    converted = "\n".join(out)
    for before, after in AFTER:
        converted = converted.replace(before, after)
    return NAV.sub(r"· [简体中文](../zh-Hans/\1) · 繁體中文", converted)


def expected() -> dict[Path, str]:
    """Every Traditional guide as the conversion makes it, by its path."""
    return {HANT / src.name: convert(src.read_text(encoding="utf-8")) for src in sorted(HANS.glob("*.md"))}


def main(argv: list[str]) -> int:
    wanted = expected()
    if "--check" in argv:
        stale = [p for p, body in wanted.items() if not p.exists() or p.read_text(encoding="utf-8") != body]
        for p in stale:
            print(f"out of step: {p.relative_to(DOCS.parent)} (run python3 -m i18n.docs_sync)")
        return 1 if stale else 0
    HANT.mkdir(exist_ok=True)
    for p, body in wanted.items():
        p.write_text(body, encoding="utf-8")
        print(f"wrote {p.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
