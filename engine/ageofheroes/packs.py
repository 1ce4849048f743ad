"""Age of Heroes content packs: a group's own card counts, supplies and battle deck.

Why: the rules post prints almost no counts (content/README.md), so ``default.json`` is
assumptions a group that owns the printed game should replace. A pack (docs/content-packs.md)
names the sections it replaces; each replaces the default's section whole, so a pack's
``battle_deck`` *is* the battle deck rather than a patch of it. The merged content is
validated by the same ``Content`` model (spec §5 invariants), and every problem is reported
with its path in the pack file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.core.content_packs import pack_hash, parse_text

from .content import CONTENT_DIR, Content

GAME = "ageofheroes"
TOP_KEYS = ("pack", "game", "source", "note", "base", "content")


@dataclass
class PackReport:
    """Empty ``problems``: the pack can be played. Age of Heroes has no GM hand-overs in content."""

    game: str
    name: str
    sha256: str
    problems: list[str] = field(default_factory=list)
    handovers: list[str] = field(default_factory=list)
    content: Content | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def _path(loc: tuple[int | str, ...]) -> str:
    out = "content"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _problems(exc: ValidationError) -> list[str]:
    """pydantic's errors with their path; the spec §5 invariants (one ``;``-joined error at the
    top) are split so each reads on its own line."""
    out: list[str] = []
    for err in exc.errors():
        msg = str(err["msg"]).removeprefix("Value error, ")
        for part in msg.split("; "):
            out.append(f"{_path(tuple(err['loc']))}: {part}")
    return out


def check_pack(text: str) -> PackReport:
    """Validate an Age of Heroes pack text; the report lists every problem with its path."""
    report = PackReport(game=GAME, name="", sha256=pack_hash(text))
    data, problems = parse_text(text)
    if problems or not isinstance(data, dict):
        report.problems = problems or ["(top level): a pack is an object with the keys pack, game, source, content"]
        return report
    for key in data:
        if key not in TOP_KEYS:
            problems.append(f"{key}: unknown key (a pack has {', '.join(TOP_KEYS)})")
    name = data.get("pack")
    if not isinstance(name, str) or not name.strip():
        problems.append("pack: required, the pack's name (text)")
    else:
        report.name = name
    if data.get("game") != GAME:
        problems.append(f"game: must be {GAME!r}, not {data.get('game')!r}")
    if not isinstance(data.get("source"), str) or not str(data.get("source")).strip():
        problems.append("source: required, where the pack's numbers come from (text)")
    base_name = data.get("base", "default")
    base_path = CONTENT_DIR / f"{base_name}.json"
    if not isinstance(base_name, str) or not base_name.replace("_", "").replace("-", "").isalnum():
        problems.append(f"base: {base_name!r} is not a content file name")
    elif not base_path.exists():
        problems.append(f"base: no content file {base_name!r}")
    sections = data.get("content")
    if not isinstance(sections, dict) or not sections:
        problems.append("content: required, the sections this pack replaces (e.g. battle_deck)")
        sections = {}
    known = set(Content.model_fields)
    for key in sections:
        if key not in known:
            problems.append(f"content.{key}: unknown section (one of {', '.join(Content.model_fields)})")
    if problems:
        report.problems = problems
        return report
    merged: dict[str, Any] = json.loads(Path(base_path).read_text(encoding="utf-8"))
    merged.update(sections)
    if "assumed" not in sections:  # a replaced section is the group's own numbers, no longer assumed
        merged["assumed"] = [a for a in merged.get("assumed", []) if a.split(".")[0].split(" ")[0] not in sections]
    meta = dict(merged.get("meta", {}))
    if "meta" not in sections:
        meta["content_id"] = f"{name}-{report.sha256[:12]}"
    merged["meta"] = meta
    try:
        report.content = Content.model_validate(merged)
    except ValidationError as exc:
        report.problems = _problems(exc)
    return report


_PACKS: dict[str, PackReport] = {}


def pack_content(text: str) -> Content:
    """The content of a pack text, checked once per process per hash; ``ValueError`` if broken."""
    digest = pack_hash(text)
    report = _PACKS.get(digest) or _PACKS.setdefault(digest, check_pack(text))
    if report.content is None:
        raise ValueError("content pack: " + "; ".join(report.problems[:5]))
    return report.content


def checked_content(content_id: str) -> Content | None:
    """The content of a pack already checked in this process, by its ``meta.content_id`` (what a
    view carries), so a panel drawn from the view alone shows the game's own numbers."""
    return next((r.content for r in _PACKS.values() if r.content and r.content.meta.content_id == content_id), None)


def main(argv: list[str]) -> int:
    """``python -m engine.ageofheroes.packs check PACK``: every problem with its path, then a JSON summary."""
    if len(argv) != 2 or argv[0] != "check":
        print("usage: python -m engine.ageofheroes.packs check PACK", file=sys.stderr)
        return 2
    try:
        text = Path(argv[1]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{argv[1]}: cannot read ({exc})", file=sys.stderr)
        return 1
    report = check_pack(text)
    for problem in report.problems:
        print(f"{argv[1]}: {problem}", file=sys.stderr)
    summary: dict[str, Any] = {"pack": report.name, "sha256": report.sha256, "problems": len(report.problems)}
    if report.content is not None:
        c = report.content
        summary["resource_cards"] = len(c.resource_cards())
        summary["battle_cards"] = len(c.battle_cards())
        summary["battle_deck"] = {str(k): v for k, v in sorted(c.battle_deck.items())}
        summary["assumed"] = list(c.assumed)
    print(json.dumps(summary, ensure_ascii=False))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
