"""Content packs for any game that has them: check a pack text, pin its hash, keep a library.

Why a game-neutral module: the Discord layer (``/gm content``, ``/game new content:``) and
the command line must handle a pack without knowing which game it is for; the pack names its
game (``"game": "runewars"``) and this module hands it to that game's checker. The formats
are in ``docs/content-packs.md``.

A game records a pack as two options, ``content_pack`` (the whole text) and ``content_hash``
(its sha256): the text because a replay after a restart must rebuild the same content from
the store alone, the hash so anyone can tell which pack a game used.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Games with content packs -> the module whose ``check_pack(text)`` validates one.
CHECKERS = {
    "runewars": "engine.runewars.content.packs",
    "ageofheroes": "engine.ageofheroes.packs",
}

_HASH = re.compile(r"^[0-9a-f]{8,64}$")

#: The options that carry a pack; the table layer hides the text (long) and shows the hash.
PACK_OPTIONS = ("content_pack", "content_hash")
#: The largest pack the bot accepts (a full Runewars transcription is about 300 KB).
MAX_PACK_BYTES = 1_000_000


def pack_hash(text: str) -> str:
    """The sha256 of the pack's exact text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def pinned_hash(pack: str | None, declared: str | None) -> str | None:
    """The hash a game's options record for ``pack``; a declared hash must match the text.

    Raises ``ValueError`` (an invalid option, CORE-2) when it does not: a game must never play
    different content from the one its record names."""
    if pack is None:
        if declared is not None:
            raise ValueError("content_hash is set but content_pack is missing")
        return None
    digest = pack_hash(pack)
    if declared is not None and declared != digest:
        raise ValueError(f"content_hash {declared[:12]}… does not match the pack's text ({digest[:12]}…)")
    return digest


@dataclass
class Report:
    """The outcome of checking a pack: empty ``problems`` means it can be played."""

    game: str
    name: str
    sha256: str
    problems: list[str] = field(default_factory=list)
    handovers: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def parse_text(text: str) -> tuple[Any, list[str]]:
    """The pack's data and any syntax problem, with its line and column.

    JSON first; a text that does not look like JSON is read as YAML when PyYAML is installed
    (it is optional: the bot itself needs no YAML)."""
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith(("{", "[")):
            return None, [f"line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg})"]
        json_problem = f"line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg})"
    try:
        yaml: Any = importlib.import_module("yaml")
    except ImportError:
        return None, [f"{json_problem}; YAML packs need PyYAML installed (pip install pyyaml)"]
    try:
        return yaml.safe_load(text), []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1} column {mark.column + 1}: " if mark is not None else ""
        return None, [f"{where}neither JSON nor YAML ({getattr(exc, 'problem', None) or exc})"]


def game_of(text: str) -> str | None:
    """The ``game`` a pack text names, or None when it cannot be read."""
    data, problems = parse_text(text)
    if problems:
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


def check(text: str, game: str | None = None) -> Report:
    """Check a pack for the game it names (or ``game``, which it must then name)."""
    named = game_of(text)
    target = game or named
    if target not in CHECKERS:
        known = ", ".join(CHECKERS)
        why = f"game: {named!r} has no content packs (one of {known})" if named else f"game: required (one of {known})"
        return Report(game=str(target or ""), name="", sha256=pack_hash(text), problems=[why])
    found = importlib.import_module(CHECKERS[target]).check_pack(text)
    return Report(
        game=target, name=found.name, sha256=found.sha256, problems=list(found.problems), handovers=found.handovers
    )


class PackLibrary:
    """Checked packs kept as files ``<sha256>.json`` in one directory, found by name or hash.

    Why files and not the games table: a pack is uploaded before any game uses it, and many
    games may use one pack; each game still copies the text into its own options."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    def add(self, text: str) -> Report:
        """Check ``text``; store it when it is playable. The report says what happened."""
        report = check(text)
        if report.ok:
            self.directory.mkdir(parents=True, exist_ok=True)
            (self.directory / f"{report.sha256}.json").write_text(text, encoding="utf-8")
        return report

    def find(self, name: str, game: str | None = None) -> tuple[str, str] | None:
        """(text, sha256) of the pack called ``name`` or whose hash starts with ``name``."""
        if not self.directory.is_dir():
            return None
        wanted = name.strip().lower()
        for path in sorted(self.directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
            text = path.read_text(encoding="utf-8")
            digest = path.stem
            if game is not None and game_of(text) != game:
                continue
            if (_HASH.match(wanted) and digest.startswith(wanted)) or _name(text) == wanted:
                return text, digest
        return None

    def names(self, game: str | None = None) -> list[tuple[str, str]]:
        """(name, sha256) of every stored pack (of ``game``), newest first."""
        if not self.directory.is_dir():
            return []
        out: list[tuple[str, str]] = []
        for path in sorted(self.directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
            text = path.read_text(encoding="utf-8")
            if game is None or game_of(text) == game:
                out.append((_name(text), path.stem))
        return out


def _name(text: str) -> str:
    data, _ = parse_text(text)
    name = data.get("pack") if isinstance(data, dict) else None
    return name.strip().lower() if isinstance(name, str) else ""


def shown_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game's options as a table shows them: the pack as its name and short hash, never its text."""
    out = {k: v for k, v in options.items() if k not in PACK_OPTIONS}
    text = options.get("content_pack")
    if isinstance(text, str):
        out["content"] = f"{_name(text) or '?'} ({pack_hash(text)[:12]})"
    return out


def default_library() -> PackLibrary:
    """The bot's pack library: the folder ``BOT_CONTENT_PACKS`` names, else ``content_packs``."""
    return PackLibrary(os.environ.get("BOT_CONTENT_PACKS") or "content_packs")
