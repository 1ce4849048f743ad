"""Runewars content packs: a group's own transcription replacing house entries, by id.

Why packs rather than a second data directory: a group that owns the printed game usually
transcribes a few decks, not every file, and a game must remember exactly which content it
was played with (a replay after a restart must deal the same cards). A pack is one JSON (or
YAML) text, stored whole in the game's options with its sha256, that names only the entries
it changes; everything else stays the shipped content. The format is in
``docs/content-packs.md``.

Every entry is validated by the same pydantic models as the shipped files, and the merged
content by the same cross-checks (``RunewarsContent.check``), so a pack cannot break a rule
the shipped data obeys. Problems are reported with their path in the pack file
(``replace.heroes[0].health``) so a transcriber can find them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engine.core.content_packs import pack_hash, parse_text
from engine.runewars.content.loader import ContentError, RunewarsContent, load_content
from engine.runewars.content.models import (
    CityToken,
    ContentModel,
    DestinyCard,
    ExplorationToken,
    Faction,
    HeroCard,
    MapTile,
    ObjectiveCard,
    OrderCard,
    QuestCard,
    RewardCard,
    SeasonCard,
    TacticsCard,
    TitleCard,
    UnitType,
)

GAME = "runewars"

#: Pack section -> (id field, model, ``RunewarsContent`` field). The section names are the
#: shipped files' names without ``.json``.
SECTIONS: dict[str, tuple[str, type[ContentModel], str]] = {
    "destiny": ("number", DestinyCard, "destiny_cards"),
    "orders": ("number", OrderCard, "order_cards"),
    "units": ("id", UnitType, "unit_types"),
    "factions": ("id", Faction, "factions"),
    "tiles": ("tile_id", MapTile, "tiles"),
    "cities": ("city_id", CityToken, "cities"),
    "seasons": ("card_id", SeasonCard, "season_cards"),
    "tactics": ("card_id", TacticsCard, "tactics_cards"),
    "quests": ("quest_id", QuestCard, "quest_cards"),
    "rewards": ("reward_id", RewardCard, "reward_cards"),
    "heroes": ("hero_id", HeroCard, "hero_cards"),
    "objectives": ("objective_id", ObjectiveCard, "objective_cards"),
    "titles": ("title_id", TitleCard, "title_cards"),
    "exploration": ("token_id", ExplorationToken, "exploration_tokens"),
}

#: Top-level keys of a pack file; ``pack``, ``game`` and ``source`` are required.
TOP_KEYS = ("pack", "game", "source", "note", "replace", "remove")


@dataclass
class PackReport:
    """What checking a pack found: ``problems`` empty means the pack can be played.

    ``handovers`` lists the effects the pack hands to the game master (``{"kind": "gm"}``),
    path and text: allowed, but every one is a GM task in play, so the checker shows them.
    """

    game: str
    name: str
    sha256: str
    problems: list[str] = field(default_factory=list)
    handovers: list[str] = field(default_factory=list)
    replaced: dict[str, list[str]] = field(default_factory=dict)
    content: RunewarsContent | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def loc_path(prefix: str, loc: tuple[int | str, ...], raw: Any = None) -> str:
    """``replace.heroes[0]`` + pydantic's ``('ability', 'effects', 0, 'amount')`` as one path.

    Walking ``raw`` (the entry as written) alongside drops the parts pydantic adds that are not
    in the file, such as the tag of a discriminated union (``effects[0].gain_influence.amount``
    is ``effects[0].amount`` in the file); the last part is kept (it may be a missing field)."""
    out, node = prefix, raw
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
            node = node[part] if isinstance(node, list) and 0 <= part < len(node) else None
            continue
        if isinstance(node, dict) and part not in node and i < len(loc) - 1:
            continue  # not a key of the file: a union's tag or a validator's name
        out += f".{part}"
        node = node.get(part) if isinstance(node, dict) else None
    return out


def validation_problems(prefix: str, exc: ValidationError, raw: Any = None) -> list[str]:
    """One line per pydantic error, each with its path in the pack file."""
    return [f"{loc_path(prefix, tuple(err['loc']), raw)}: {err['msg']}" for err in exc.errors()]


def _entry_id(entry: ContentModel, id_field: str) -> str:
    return str(getattr(entry, id_field))


def _read_header(data: dict[str, Any], problems: list[str]) -> str:
    """Checks the top-level keys; returns the pack's name."""
    for key in data:
        if key not in TOP_KEYS:
            problems.append(f"{key}: unknown key (a pack has {', '.join(TOP_KEYS)})")
    name = data.get("pack")
    if not isinstance(name, str) or not name.strip():
        problems.append("pack: required, the pack's name (text)")
        name = ""
    if data.get("game") != GAME:
        problems.append(f"game: must be {GAME!r}, not {data.get('game')!r}")
    source = data.get("source")
    if not isinstance(source, str) or not source.strip():
        problems.append("source: required, where the pack's data comes from (text)")
    return str(name)


def _read_sections(data: dict[str, Any], problems: list[str]) -> dict[str, list[ContentModel]]:
    """The ``replace`` entries, each validated by its model; every error with its path."""
    out: dict[str, list[ContentModel]] = {}
    replace = data.get("replace", {})
    if not isinstance(replace, dict):
        problems.append("replace: must map a section name to a list of entries")
        return out
    for section, entries in replace.items():
        if section not in SECTIONS:
            problems.append(f"replace.{section}: unknown section (one of {', '.join(SECTIONS)})")
            continue
        if not isinstance(entries, list):
            problems.append(f"replace.{section}: must be a list of entries")
            continue
        id_field, model, _ = SECTIONS[section]
        adapter: TypeAdapter[Any] = TypeAdapter(model)
        seen: set[str] = set()
        for i, raw in enumerate(entries):
            where = f"replace.{section}[{i}]"
            try:
                entry = adapter.validate_python(raw)
            except ValidationError as exc:
                problems.extend(validation_problems(where, exc, raw))
                continue
            key = _entry_id(entry, id_field)
            if key in seen:
                problems.append(f"{where}.{id_field}: {key!r} appears twice in the pack")
                continue
            seen.add(key)
            out.setdefault(section, []).append(entry)
    return out


def _read_removals(data: dict[str, Any], base: RunewarsContent, problems: list[str]) -> dict[str, set[str]]:
    """``remove``: ids of shipped entries the pack takes out (to swap one card for another)."""
    out: dict[str, set[str]] = {}
    remove = data.get("remove", {})
    if not isinstance(remove, dict):
        problems.append("remove: must map a section name to a list of ids")
        return out
    for section, ids in remove.items():
        if section not in SECTIONS:
            problems.append(f"remove.{section}: unknown section (one of {', '.join(SECTIONS)})")
            continue
        if not isinstance(ids, list):
            problems.append(f"remove.{section}: must be a list of ids")
            continue
        id_field, _, attr = SECTIONS[section]
        known = {_entry_id(e, id_field) for e in getattr(base, attr)}
        for i, raw in enumerate(ids):
            if str(raw) not in known:
                problems.append(f"remove.{section}[{i}]: no shipped {section} entry {raw!r}")
            else:
                out.setdefault(section, set()).add(str(raw))
    return out


def _merge(base: RunewarsContent, sections: dict[str, list[ContentModel]], removed: dict[str, set[str]]) -> Any:
    """The shipped content with the pack's entries put in place (same id) or appended (new id)."""
    values: dict[str, Any] = {"sources": dict(base.sources)}
    for section, (id_field, _, attr) in SECTIONS.items():
        mine = {_entry_id(e, id_field): e for e in sections.get(section, [])}
        gone = removed.get(section, set())
        merged: list[ContentModel] = []
        for entry in getattr(base, attr):
            key = _entry_id(entry, id_field)
            if key in gone and key not in mine:
                continue
            merged.append(mine.pop(key, entry))
        merged.extend(mine.values())
        values[attr] = tuple(merged)
    return values


def _handovers(sections: dict[str, list[ContentModel]]) -> list[str]:
    """Every ``gm`` effect or condition in the pack's entries: ``path: text``."""
    out: list[str] = []
    for section, entries in sections.items():
        for i, entry in enumerate(entries):
            dumped = entry.model_dump(mode="json")
            for path, text in _gm_nodes(dumped, f"replace.{section}[{i}]"):
                out.append(f"{path}: GM hand-over: {text}")
    return out


def _gm_nodes(node: Any, path: str) -> list[tuple[str, str]]:
    if isinstance(node, dict):
        found = [(path, str(node.get("text", "")))] if node.get("kind") == "gm" else []
        for key, value in node.items():
            found += _gm_nodes(value, f"{path}.{key}")
        return found
    if isinstance(node, list):
        return [hit for i, value in enumerate(node) for hit in _gm_nodes(value, f"{path}[{i}]")]
    return []


def check_pack(text: str) -> PackReport:
    """Validate a pack text against the shipped content; the report says everything found."""
    report = PackReport(game=GAME, name="", sha256=pack_hash(text))
    data, problems = parse_text(text)
    if problems:
        report.problems = problems
        return report
    if not isinstance(data, dict):
        report.problems = ["(top level): a pack is an object with the keys pack, game, source, replace"]
        return report
    report.name = _read_header(data, problems)
    base = load_content()
    sections = _read_sections(data, problems)
    removed = _read_removals(data, base, problems)
    report.handovers = _handovers(sections)
    report.replaced = {s: [_entry_id(e, SECTIONS[s][0]) for e in entries] for s, entries in sections.items()}
    shipped_factions = {f.id for f in base.factions}
    for i, faction in enumerate(sections.get("factions", [])):
        if _entry_id(faction, "id") not in shipped_factions:  # the table offers the shipped factions at join
            problems.append(f"replace.factions[{i}].id: a pack may change a faction, not add one")
    if not problems:
        try:
            content = RunewarsContent.model_validate(_merge(base, sections, removed))
            content.sources["pack"] = f"{report.name} ({report.sha256[:12]})"
            content.check()
        except ValidationError as exc:
            problems.extend(validation_problems("(merged content)", exc))
        except ContentError as exc:
            problems.append(f"(merged content): {exc}")
        else:
            report.content = content
    report.problems = problems
    return report


_PACKS: dict[str, PackReport] = {}
_TEXTS: dict[str, str] = {}


def pack_content(text: str) -> RunewarsContent:
    """The merged content of a pack text, checked once per process per hash.

    Raises ``ContentError`` listing the problems when the pack is broken (a stored game whose
    pack no longer validates, e.g. after the shipped content changed, must not play silently)."""
    digest = pack_hash(text)
    report = _PACKS.get(digest)
    if report is None:
        report = check_pack(text)
        _PACKS[digest] = report
        _TEXTS[digest] = text
    if report.content is None:
        raise ContentError("content pack: " + "; ".join(report.problems[:5]))
    return report.content


def content_by_hash(digest: str) -> RunewarsContent | None:
    """The merged content of a pack already checked in this process, by its sha256; None otherwise.

    Why by hash: a view carries only the pack's hash (``content_hash``, VIEW.md), never its text,
    so a picture finds the content the engine built when it made that view. A picture drawn in a
    worker process gets the pack with its names resolver (``names_for_pack``), which checks it there."""
    report = _PACKS.get(digest)
    return report.content if report is not None else None


def pack_text(digest: str | None) -> str | None:
    """The text of a pack already checked in this process, by its sha256 (a view's ``content_hash``).

    Why: a private panel is formatted from the seat's view alone; the engine checked the game's pack
    when it made that view, so the panel reads the same pack's texts and house marks."""
    return _TEXTS.get(digest) if digest else None
