"""The Discord layer depends only on the public faces of the layers below it (DESIGN.md, "Layers").

DESIGN.md: "Imports only point down this list (cogs -> store -> engine, cogs -> renderers ->
engine)" and "The Discord layer reads prompts and views only; it never imports a game's
internals." So a module in ``cogs/`` may import ``engine``, the kernel (``engine.core`` and its
modules) and a game package's top level (``engine.runewars``, ``engine.ageofheroes``), taking
from it only the names the package publishes in ``__all__``; never ``engine.<game>.<module>``.
It may use ``store`` through the names ``store`` publishes, never its modules. Every import
counts: at the top, inside functions, under ``TYPE_CHECKING`` and through ``importlib``.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
COGS = ROOT / "cogs"
ENGINE = ROOT / "engine"
KERNEL = "core"


def games() -> set[str]:
    """The game packages: every package under ``engine/`` except the kernel."""
    return {p.parent.name for p in ENGINE.glob("*/__init__.py") if p.parent.name != KERNEL}


def imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every import in a file, however deeply nested: ``import a.b``
    gives ``("a.b", [])``, ``from a import b, c`` gives ``("a", ["b", "c"])`` and
    ``importlib.import_module("a.b")`` / ``__import__("a.b")`` give ``("a.b", [])``."""
    out: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: inside cogs itself
                continue
            out.append((node.lineno, node.module or "", [alias.name for alias in node.names]))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value, []))
    return out


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """Why each import of ``path`` breaks the layering; empty when it keeps to it."""
    where = path.relative_to(root)
    game_names = games()
    bad: list[str] = []
    for line, module, names in imports(path):
        parts = module.split(".")
        if parts[0] == "engine":
            if len(parts) >= 2 and parts[1] == KERNEL:
                continue  # the kernel: engine.core and its modules
            if len(parts) >= 3:
                bad.append(f"{where}:{line}: imports {module}, a module inside the game package {parts[1]}")
                continue
            if len(parts) == 2 and parts[1] not in game_names:
                bad.append(f"{where}:{line}: imports {module}, neither the kernel nor a game package")
                continue
            package = module if len(parts) == 2 else None
            for name in names:
                if package is None:  # from engine import X: X must be the kernel or a game
                    if name not in game_names | {KERNEL} and (ENGINE / f"{name}.py").exists():
                        bad.append(f"{where}:{line}: imports engine.{name}, neither the kernel nor a game package")
                    continue
                public = getattr(importlib.import_module(package), "__all__", ())
                if name not in public:
                    bad.append(f"{where}:{line}: takes {name!r} from {package}, which does not publish it in __all__")
        elif parts[0] == "store":
            if len(parts) > 1:
                bad.append(f"{where}:{line}: imports {module}; the Discord layer uses store's top level only")
                continue
            public = getattr(importlib.import_module("store"), "__all__", ())
            bad += [f"{where}:{line}: takes {n!r} from store, not in store.__all__" for n in names if n not in public]
    return bad


def test_cogs_import_only_the_kernel_and_the_games_public_api() -> None:
    files = sorted(COGS.rglob("*.py"))
    assert files
    found = [p for path in files for p in problems(path)]
    assert found == [], "\n".join(found)


def test_the_check_sees_nested_and_indirect_imports(tmp_path: Path) -> None:
    # The layering test must be able to fail: each of these is a breach it reports.
    source = (
        "import importlib\n"
        "from engine.core import Prompt\n"  # fine: the kernel
        "from engine.runewars import RUNEWARS\n"  # fine: published
        "def f():\n"
        "    from engine.runewars.turn import movement\n"  # a game's module, inside a function
        "    import engine.ageofheroes.cards\n"
        "    from engine.runewars import catalog\n"  # a module through the package, not published
        "    from store.models import LoadedGame\n"  # a store module
        "    return importlib.import_module('engine.runewars.views')\n"
    )
    path = tmp_path / "cogs" / "sample.py"
    path.parent.mkdir()
    path.write_text(source, encoding="utf-8")
    found = problems(path, root=tmp_path)
    assert len(found) == 5, found
    assert any("engine.runewars.turn" in p for p in found)
    assert any("engine.ageofheroes.cards" in p for p in found)
    assert any("'catalog'" in p for p in found)
    assert any("store.models" in p for p in found)
    assert any("engine.runewars.views" in p for p in found)


def state_reads(source: str) -> list[str]:
    """``x.state.field`` / ``x.state[...]``: a cog reading a game's raw state instead of asking the
    ruleset (``view``, ``prompts``, ``seat_count``, ``gm_tasks``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute | ast.Subscript):
            inner = node.value
            if isinstance(inner, ast.Attribute) and inner.attr == "state":
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_cogs_read_no_field_of_a_games_raw_state() -> None:
    found = [f"{path.name} {p}" for path in sorted(COGS.rglob("*.py")) for p in state_reads(path.read_text())]
    assert found == [], "\n".join(found)


def test_the_state_read_check_can_fail() -> None:
    source = "def f(loaded, rs):\n    rs.view(loaded.state, 0)\n    return loaded.state.gm.tasks, loaded.state['x']\n"
    assert len(state_reads(source)) == 2  # loaded.state.gm and loaded.state['x']; passing loaded.state is fine
