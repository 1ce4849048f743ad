"""The Chinese guides (issue 10): they exist, are written in Chinese, keep up with the commands
the cogs define, link pictures that exist, and the Traditional ones are the conversion of the
Simplified ones (i18n/docs_sync.py), so the two scripts never say different things.

The command lists are read from the cogs' source, not written here: a new `/game` or `/gm`
subcommand fails this test until the Chinese guides explain it.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import opencc
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
COGS = ROOT / "cogs"
SCRIPTS = ("zh-Hans", "zh-Hant")
GUIDES = ("players.md", "gm.md")
CHINESE = [DOCS / script / guide for script in SCRIPTS for guide in GUIDES]
BOARD_IMAGE = "runewars-board-zh.png"

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
FENCED = re.compile(r"```.*?```", re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK_TARGET = re.compile(r"\]\([^)]*\)|<https?://[^>]*>")
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slash_commands() -> dict[str, set[str]]:
    """Each command group a cog declares (``group_name=``) with its subcommands' names."""
    groups: dict[str, set[str]] = {}
    for path in sorted(COGS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            group = next(
                (k.value.value for k in node.keywords if k.arg == "group_name" and isinstance(k.value, ast.Constant)),
                None,
            )
            if not isinstance(group, str):
                continue
            subs = groups.setdefault(group, set())
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    subs.update(_command_names(item))
    return groups


def _command_names(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    out = []
    for dec in func.decorator_list:
        if (
            isinstance(dec, ast.Call)
            and isinstance(dec.func, ast.Attribute)
            and dec.func.attr == "command"
            and isinstance(dec.func.value, ast.Name)
            and dec.func.value.id == "app_commands"
        ):
            out += [k.value.value for k in dec.keywords if k.arg == "name" and isinstance(k.value, ast.Constant)]
    return [n for n in out if isinstance(n, str)]


def mentions(body: str, group: str, sub: str | None = None) -> bool:
    wanted = f"/{group}" if sub is None else f"/{group} {sub}"
    return re.search(re.escape(wanted) + r"(?![\w-])", body) is not None


def prose(body: str) -> str:
    """The text a reader reads as sentences: no code, no link targets, no comments."""
    for pattern in (FENCED, COMMENT, INLINE_CODE, LINK_TARGET):
        body = pattern.sub(" ", body)
    return body


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def zh_sync() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_zh_sync", ROOT / "i18n" / "docs_sync.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cogs_define_the_command_groups_the_guides_cover() -> None:
    groups = slash_commands()
    # Guards the parser: if it found nothing, every coverage test below would pass vacuously.
    assert {"game", "gm", "rw", "ah"} <= set(groups)
    assert {"new", "join", "start", "language", "undo", "remind"} <= groups["game"]
    assert {"pause", "resolve", "override", "view-as"} <= groups["gm"]


@pytest.mark.parametrize("path", CHINESE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_guide_exists_and_is_mostly_chinese(path: Path) -> None:
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    text = prose(read(path))
    cjk, latin = len(CJK.findall(text)), len(LATIN.findall(text))
    assert cjk >= 1500, f"{path.name}: only {cjk} Chinese characters"
    assert cjk / (cjk + latin) >= 0.8, f"{path.name}: {cjk} Chinese characters against {latin} Latin letters"


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_command_group_and_subcommand_is_explained(script: str) -> None:
    players, gm = read(DOCS / script / "players.md"), read(DOCS / script / "gm.md")
    groups = slash_commands()
    missing = [f"/{g}" for g in groups if not mentions(players + gm, g)]
    # Players' commands in the players' guide, the game master's in the GM guide.
    missing += [f"/game {s} (players.md)" for s in sorted(groups["game"]) if not mentions(players, "game", s)]
    missing += [f"/gm {s} (gm.md)" for s in sorted(groups["gm"]) if not mentions(gm, "gm", s)]
    for group in sorted(set(groups) - {"game", "gm"}):
        missing += [f"/{group} {s} (players.md)" for s in sorted(groups[group]) if not mentions(players, group, s)]
    assert not missing, f"docs/{script} does not mention: {', '.join(missing)}"


@pytest.mark.parametrize("path", CHINESE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_links_and_images_point_at_files_that_exist(path: Path) -> None:
    broken = []
    for target in LINK.findall(read(path)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (path.parent / target.split("#")[0]).resolve().exists():
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: broken links {broken}"


@pytest.mark.parametrize("script", SCRIPTS)
def test_players_guide_shows_the_chinese_board(script: str) -> None:
    assert (DOCS / "images" / BOARD_IMAGE).is_file()
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", read(DOCS / script / "players.md"))
    assert f"../images/{BOARD_IMAGE}" in images


def test_simplified_guides_are_simplified() -> None:
    """A Traditional character slipped into the hand-written guides would survive the conversion
    unnoticed; only the language choice's own label 繁體中文 is Traditional on purpose."""
    to_simplified = opencc.OpenCC("tw2s")
    for guide in GUIDES:
        text = prose(read(DOCS / "zh-Hans" / guide)).replace("繁體中文", "")
        changed = {a for a, b in zip(text, to_simplified.convert(text), strict=True) if a != b}
        assert not changed, f"zh-Hans/{guide}: Traditional characters {sorted(changed)}"


def test_traditional_guides_are_the_conversion_of_the_simplified_ones() -> None:
    """docs/zh-Hant is generated (python3 -m i18n.docs_sync); a hand edit or a stale file fails here."""
    for path, body in zh_sync().expected().items():
        assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run python3 -m i18n.docs_sync"
        assert read(path) == body, f"{path.relative_to(ROOT)} is out of step: run python3 -m i18n.docs_sync"


def test_traditional_guides_use_the_age_of_heroes_rulebook_words() -> None:
    """The Age of Heroes book prints 飢荒 and 剷夷, where OpenCC alone writes 饑荒 and 鏟夷."""
    players = read(DOCS / "zh-Hant" / "players.md")
    assert "飢荒" in players and "剷夷" in players
    assert "饑荒" not in players and "鏟夷" not in players
    assert "資源錶盤" not in players


def test_english_guides_point_to_the_chinese_ones_and_explain_languages() -> None:
    for guide in GUIDES:
        body = read(DOCS / guide)
        assert f"zh-Hans/{guide}" in body and f"zh-Hant/{guide}" in body
        assert mentions(body, "game", "language") and "language:" in body
    assert "use only the printed text" not in read(DOCS / "players.md")
