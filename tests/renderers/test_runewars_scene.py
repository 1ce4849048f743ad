"""The Runewars scene model: each part of ``build_scene`` read from a small hand-made view.

These pin what the split-up builder takes from which field of the view (the
pictures themselves are covered by ``test_runewars_render.py``):

* unit damage exists only inside a battle (RW-14): summed per stack of the battle
  area, never shown on the same stack type elsewhere, and told in the banner;
* each hero's panel row uses its own card and training (a closure over the loop
  variable would give every hero the last card's attributes);
* tokens keep their order: rune, activation, then defeated-hero markers and
  exploration tokens;
* a renderer that fails to import is an error, not a silent text fallback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import renderers
from engine.runewars.content import load_content
from renderers.runewars_scene import build_scene


def _view(**extra: Any) -> dict[str, Any]:
    seats = [{"seat": 0, "faction": None, "faction_name": "Red"}, {"seat": 1, "faction": None, "faction_name": "Blue"}]
    areas = [
        {"id": "1A", "hex": [0, 0], "units": [{"owner": 0, "type": "NOT_A_UNIT", "count": 2}], "controller": 0},
        {"id": "1B", "hex": [1, 0], "units": [{"owner": 0, "type": "NOT_A_UNIT", "count": 1}], "rune": "token"},
    ]
    return {"seats": seats, "areas": areas, "year": 2, "season": "summer", **extra}


def test_battle_damage_is_summed_per_stack_in_the_battle_area_only() -> None:
    units = [
        {"owner": 0, "kind": "NOT_A_UNIT", "side": "attacker", "damage": 1, "routed": False},
        {"owner": 0, "kind": "NOT_A_UNIT", "side": "attacker", "damage": 2, "routed": False},
        {"owner": 0, "kind": "NOT_A_UNIT", "side": "attacker", "damage": 5, "routed": False, "destroyed": True},
        {"owner": None, "kind": "GIANT", "side": "defender", "damage": 0, "routed": True},
    ]
    scene = build_scene(_view(battle={"area": "1A", "attacker": 0, "defender": None, "units": units}))
    by_id = {a.id: a for a in scene.areas}
    assert by_id["1A"].battle and not by_id["1B"].battle
    assert [u.damage for u in by_id["1A"].units] == [3]  # the destroyed unit's damage is gone with it
    assert [u.damage for u in by_id["1B"].units] == [0]  # same owner and type, but not in the battle
    assert "⚔ Battle in 1A: Red (2 units, 3 damage) attacks neutrals (1 unit, 1 routed)" in scene.banner.status


def test_each_hero_row_uses_its_own_card_and_training() -> None:
    a, b = load_content().hero_cards[:2]
    heroes = [
        {"uid": "h1", "card": a.hero_id, "owner": 0, "area": "1A", "training": {"strength": 1}},
        {"uid": "h2", "card": b.hero_id, "owner": 0, "area": "1B", "training": {}},
    ]
    scene = build_scene(_view(heroes={"heroes": heroes}))
    rows = scene.panels[0].heroes
    assert [(r.strength, r.agility, r.wisdom, r.health) for r in rows] == [
        (a.strength + 1, a.agility, a.wisdom, a.health),
        (b.strength, b.agility, b.wisdom, b.health),
    ]
    assert scene.panels[1].heroes == []
    assert [h.uid for area in scene.areas for h in area.heroes] == ["h1", "h2"]


def test_tokens_keep_their_order_and_face_down_runes_stay_hidden() -> None:
    view = _view(
        heroes={
            "markers": [{"id": 3, "area": "1B", "rewards": 2}],
            "exploration": [{"area": "1B", "type": None}],
        }
    )
    view["areas"][1]["activation"] = [1, 0]
    tokens = next(a for a in build_scene(view).areas if a.id == "1B").tokens
    assert [(t.kind, t.label, t.detail) for t in tokens] == [
        ("rune", "?", ""),
        ("activation", "", "1"),
        ("activation", "", "0"),
        ("marker", "3", "2"),
        ("explore", "?", ""),
    ]
    assert build_scene(view).banner.viewer == ""


def test_a_renderer_that_fails_to_import_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "brokengame.py").write_text("import a_module_that_does_not_exist_anywhere\n", encoding="utf-8")
    monkeypatch.setattr(renderers, "__path__", [*renderers.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "renderers.brokengame", raising=False)
    with pytest.raises(ModuleNotFoundError):
        renderers.load(["brokengame"])
    with pytest.raises(ModuleNotFoundError):
        renderers.renderer_for("brokengame")


def test_load_reports_the_games_drawn_as_pictures() -> None:
    assert renderers.load(iter(["runewars", "no_such_game", "not an identifier"])) == ["runewars"]
    assert renderers.renderer_for("no_such_game") is None
