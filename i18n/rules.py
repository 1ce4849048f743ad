"""The player-facing rules reference: one short entry per rule id, in every locale (issue 12).

A refusal cites a rule (``RW-10.9.2``); the specification it points to (``shared/rules``) is
written for implementers, in English, and is not shipped. These files are: a title and one to
three sentences per id, written for players, in ``rules/<locale>/<game>.toml`` (one table per
id). English and Simplified Chinese are written by hand; Traditional is generated from
Simplified (``python -m i18n rules-sync``) through the same OpenCC converter and overrides as
the catalogs, so the two scripts never drift apart.

Which ids need an entry: every numbered rule of depth one and two in the specification
(``RW-10``, ``RW-10.9``) and every deeper id the engine cites as a string literal
(``"RW-10.9.2"``). An id without an entry of its own reads its nearest parent's, and the
reader is told so (``RuleEntry.fallback``).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .locales import EN, LOCALES, ZH_HANS, ZH_HANT, normalize

HERE = Path(__file__).resolve().parent
RULES_DIR = HERE / "rules"
ROOT = HERE.parent
ENGINE_DIR = ROOT / "engine"
SPEC_DIR = ROOT.parent / "shared" / "rules"  # the implementers' specification (not shipped with the bot)

# Game file -> the id prefix its rules carry, and the message-id domain its Traditional overrides
# are scoped by (zh_hant_overrides.toml). ``core`` holds the kernel's rules (engine/core/README.md).
GAMES: dict[str, str] = {"runewars": "RW", "ageofheroes": "AH", "cloudspire": "CS", "heroes3": "H3"}
PREFIXES: dict[str, str] = {**GAMES, "core": "CORE"}
DOMAINS: dict[str, str] = {"runewars": "rw", "ageofheroes": "ah", "cloudspire": "cs", "heroes3": "h3", "core": "core"}
ENGINE_PACKAGES: dict[str, str] = {
    "runewars": "runewars",
    "ageofheroes": "ageofheroes",
    "cloudspire": "cloudspire",
    "heroes3": "heroes3",
    "core": "core",
}

ID_RE = re.compile(r"^(?P<prefix>[A-Z][A-Z0-9]*)-(?P<numbers>[0-9]+(?:\.[0-9]+)*)$")
# A numbered rule in the specification: a heading (``## RW-10 Movement``, ``### AH-1``,
# ``## H3-1. Overview``) or a bold lead at the start of a line or bullet (``**RW-10.9 …**``,
# ``* **AH-1.1**``). Ids merely mentioned inside a sentence are not rules of their own.
SPEC_RULE_RE = re.compile(r"^(?:#{2,4} |\s*(?:[*-] )?\*\*)(?P<id>[A-Z][A-Z0-9]*-[0-9]+(?:\.[0-9]+)*)(?![0-9])")


@dataclass(frozen=True)
class RuleEntry:
    """What a reader is shown for ``rule_id``: ``shown`` is the id whose entry it is."""

    rule_id: str
    shown: str
    title: str
    text: str
    locale: str

    @property
    def fallback(self) -> bool:
        """True when the id has no entry of its own and a parent's is shown."""
        return self.shown != self.rule_id


def canonical(rule_id: str) -> str:
    """``rw-10.9.2 `` -> ``RW-10.9.2`` (what a player types into the lookup)."""
    return rule_id.strip().upper()


def sort_key(rule_id: str) -> tuple[str, tuple[int, ...]]:
    m = ID_RE.match(rule_id)
    if m is None:
        return (rule_id, ())
    return (m["prefix"], tuple(int(n) for n in m["numbers"].split(".")))


def parents(rule_id: str) -> list[str]:
    """The id and its ancestors, nearest first: ``RW-10.9.2`` -> RW-10.9.2, RW-10.9, RW-10."""
    m = ID_RE.match(canonical(rule_id))
    if m is None:
        return []
    numbers = m["numbers"].split(".")
    return [f"{m['prefix']}-{'.'.join(numbers[:n])}" for n in range(len(numbers), 0, -1)]


def game_of(rule_id: str) -> str | None:
    m = ID_RE.match(canonical(rule_id))
    if m is None:
        return None
    return next((game for game, prefix in PREFIXES.items() if prefix == m["prefix"]), None)


def path(game: str, locale: str) -> Path:
    return RULES_DIR / locale / f"{game}.toml"


@cache
def load(game: str, locale: str) -> dict[str, tuple[str, str]]:
    """id -> (title, text) of one file; empty when the file does not exist."""
    file = path(game, locale)
    if not file.exists():
        return {}
    return parse(file.read_text(encoding="utf-8"))


def parse(source: str) -> dict[str, tuple[str, str]]:
    data = tomllib.loads(source)
    out: dict[str, tuple[str, str]] = {}
    for rule_id, table in data.items():
        if not isinstance(table, dict):
            raise ValueError(f"{rule_id}: expected a table with title and text")
        out[rule_id] = (str(table.get("title", "")), str(table.get("text", "")))
    return out


def entry(rule_id: str, locale: object = EN) -> RuleEntry | None:
    """The entry for ``rule_id`` in ``locale``: its own, else its nearest parent's; in each, the
    locale's text, else the English (a locale that misses an entry still shows the rule)."""
    loc = normalize(locale)
    wanted = canonical(rule_id)
    game = game_of(wanted)
    if game is None:
        return None
    for candidate in parents(wanted):
        for lang in dict.fromkeys((loc, EN)):
            found = load(game, lang).get(candidate)
            if found is not None:
                return RuleEntry(wanted, candidate, found[0], found[1], lang)
    return None


def all_ids(locale: object = EN) -> list[str]:
    """Every id with an entry in English, in rule order, all games."""
    del locale  # every locale has the same ids (the test checks it); English is the source
    out: list[str] = []
    for game in PREFIXES:
        out += load(game, EN)
    return sorted(out, key=sort_key)


def search(words: str, locale: object = EN, limit: int = 25) -> list[RuleEntry]:
    """Entries for an autocomplete: ids starting with ``words`` (``rw-10.9``), else entries whose
    id, title or text (in the reader's locale or English) hold every word; title hits first."""
    loc = normalize(locale)
    query = words.strip()
    if not query:
        return []
    prefix = canonical(query)
    by_id = [i for i in all_ids() if i.startswith(prefix)]
    if by_id:
        # Exact and shallow ids first: "RW-10" lists RW-10, RW-10.1 … before RW-10.9.2.
        by_id.sort(key=lambda i: (i != prefix, i.count("."), sort_key(i)))
        return [e for i in by_id[:limit] if (e := entry(i, loc)) is not None]
    terms = [t.casefold() for t in query.split()]
    scored: list[tuple[int, tuple[str, tuple[int, ...]], RuleEntry]] = []
    for rule_id in all_ids():
        found = entry(rule_id, loc)
        if found is None:
            continue
        english = entry(rule_id, EN)
        title = f"{found.title} {english.title if english else ''}".casefold()
        body = f"{rule_id} {found.text} {english.text if english else ''}".casefold()
        if all(t in title or t in body for t in terms):
            scored.append((-sum(t in title for t in terms), sort_key(rule_id), found))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [s[2] for s in scored[:limit]]


# ---- which ids need an entry -------------------------------------------------------------


def depth(rule_id: str) -> int:
    return len(parents(rule_id))


def spec_ids(spec_text: str, prefix: str) -> set[str]:
    """The numbered rules of depth one and two in a specification."""
    out = set()
    for line in spec_text.splitlines():
        m = SPEC_RULE_RE.match(line)
        if m and m["id"].startswith(prefix + "-") and depth(m["id"]) <= 2:
            out.add(m["id"])
    return out


def cited_ids(game: str, engine_dir: Path = ENGINE_DIR) -> set[str]:
    """The ids deeper than two levels the engine cites as string literals (``"RW-10.9.2"``):
    the ones a refusal can carry. Comments and docstrings do not count."""
    prefix = re.escape(PREFIXES[game])
    literal = re.compile(r"""["'](?P<id>""" + prefix + r"""-[0-9]+(?:\.[0-9]+){2,})["']""")
    out: set[str] = set()
    for file in sorted((engine_dir / ENGINE_PACKAGES[game]).rglob("*.py")):
        out.update(m["id"] for m in literal.finditer(file.read_text(encoding="utf-8")))
    return out


def kernel_ids(engine_dir: Path = ENGINE_DIR) -> set[str]:
    """The kernel's rules (``CORE-n``), as ``engine/core`` declares them."""
    literal = re.compile(r"""["'](?P<id>CORE-[0-9]+)["']""")
    out: set[str] = set()
    for file in sorted((engine_dir / ENGINE_PACKAGES["core"]).rglob("*.py")):
        out.update(m["id"] for m in literal.finditer(file.read_text(encoding="utf-8")))
    return out


def required_ids(game: str, spec_dir: Path = SPEC_DIR, engine_dir: Path = ENGINE_DIR) -> set[str]:
    """Spec rules of depth one and two, plus the deeper ids the engine cites (for ``core``: the
    kernel's ids)."""
    if game == "core":
        return kernel_ids(engine_dir)
    spec = spec_dir / f"{game}.md"
    found = spec_ids(spec.read_text(encoding="utf-8"), PREFIXES[game]) if spec.exists() else set()
    return found | cited_ids(game, engine_dir)


# ---- Traditional from Simplified -----------------------------------------------------------


def dump(entries: dict[str, tuple[str, str]]) -> str:
    """The TOML of a rules file (JSON strings are valid TOML basic strings)."""
    blocks = []
    for rule_id, (title, text) in entries.items():
        blocks.append(
            f"[{json.dumps(rule_id)}]\ntitle = {json.dumps(title, ensure_ascii=False)}\n"
            f"text = {json.dumps(text, ensure_ascii=False)}\n"
        )
    return "\n".join(blocks)


def expected_hant(game: str) -> dict[str, tuple[str, str]]:
    """The Traditional entries implied by the Simplified ones (OpenCC s2tw plus the overrides,
    scoped by the game's message domain, as for the catalogs)."""
    from .zh import load_overrides, to_hant

    overrides = load_overrides()
    scope = f"{DOMAINS[game]}.rules."
    return {
        rule_id: (to_hant(title, scope + rule_id, overrides), to_hant(text, scope + rule_id, overrides))
        for rule_id, (title, text) in load(game, ZH_HANS).items()
    }


def sync(game: str) -> Path | None:
    """Write ``zh_Hant/<game>.toml`` from ``zh_Hans``; None when there is no Simplified file."""
    if not path(game, ZH_HANS).exists():
        return None
    target = path(game, ZH_HANT)
    target.parent.mkdir(parents=True, exist_ok=True)
    header = (
        f"# Generated from ../zh_Hans/{game}.toml by `python -m i18n rules-sync` "
        "(OpenCC s2tw + zh_hant_overrides.toml). Do not edit.\n\n"
    )
    target.write_text(header + dump(expected_hant(game)), encoding="utf-8")
    load.cache_clear()
    return target


__all__ = [
    "GAMES",
    "LOCALES",
    "PREFIXES",
    "RuleEntry",
    "all_ids",
    "cited_ids",
    "entry",
    "expected_hant",
    "parents",
    "required_ids",
    "search",
    "spec_ids",
    "sync",
]
