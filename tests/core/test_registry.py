"""The game registry: a built-in game that fails to import is an error, never a silent absence."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine


def test_a_broken_builtin_game_raises_at_listing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "broken_game_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('content file missing')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(engine._BUILTIN, "broken", "broken_game_pkg")
    with pytest.raises(RuntimeError, match="content file missing"):
        engine.rulesets()


def test_an_absent_builtin_package_is_simply_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engine._BUILTIN, "future", "engine.no_such_game_yet")
    names = engine.rulesets()
    assert "future" not in names and {"runewars", "ageofheroes"} <= set(names)
