"""House (invented) content is marked wherever a player reads it (issue 11): ``/rw card`` and the
private panel, following the game's content pack when it has one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cogs.runewars import card_entries, entry_text, format_private
from engine.runewars import is_house

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "runewars-pack.json"
HOUSE = "🏠 House content: invented for this bot"


def test_rw_card_marks_house_entries_and_not_printed_ones() -> None:
    entries = card_entries()
    house_card = entry_text("tactics:T01", entries)
    assert house_card is not None and HOUSE in house_card
    printed = entry_text("order:1", entries)  # order cards are public fact
    assert printed is not None and HOUSE not in printed
    reward = entry_text("Blade of Fury", entries)  # EX-12: a printed reward card
    assert reward is not None and HOUSE not in reward


def test_rw_card_follows_a_content_pack() -> None:
    pack = EXAMPLE.read_text(encoding="utf-8")
    shown = entry_text("tactics:T01", card_entries(), house=lambda key: is_house(key, pack))
    assert shown is not None and HOUSE not in shown


def test_rw_card_marks_house_in_chinese_too() -> None:
    shown = entry_text("tactics:T01", card_entries("zh_Hans"), "zh_Hans")
    assert shown is not None and "🏠" in shown and "House content" not in shown


def view() -> dict[str, Any]:
    return {
        "me": {
            "seat": 0,
            "tactics": [{"id": "T01", "name": "Volley of Arrows", "timing": "start_of_battle", "text": ""}],
            "quests": ["Q01"],
            "objective": {"id": "G1", "name": "Grand Alliance", "text": "y"},
            "order_hand": [1, 2],
        },
        "seats": [{"seat": 0, "faction": "HUMANS", "influence": 3, "dials": {}}],
        "heroes": {"heroes": [{"owner": 0, "card": "H01", "area": "3A", "damage": 0, "health": 3, "rewards": []}]},
    }


def test_the_private_panel_marks_house_cards_quests_objective_and_heroes() -> None:
    lines = "\n".join(format_private(view(), title="Runewars #1")).splitlines()
    tactic = next(line for line in lines if "Volley of Arrows" in line)
    assert tactic.startswith("🏠 ")
    assert next(line for line in lines if "Grand Alliance" in line).startswith("🏠 ")
    assert next(line for line in lines if "Silhouette" in line).startswith("🏠 ")
    assert any("🏠 " in line and "(Q01)" in line for line in lines)
    assert lines[-1] == "-# 🏠 = house content, invented for this bot (not the printed card)."


def test_the_private_panel_follows_the_game_pack() -> None:
    pack = EXAMPLE.read_text(encoding="utf-8")
    lines = "\n".join(format_private(view(), title="t", pack=pack)).splitlines()
    tactic = next(line for line in lines if "Rain of Arrows" in line)  # the pack's name and text
    assert not tactic.startswith("🏠") and "Deal 3 damage" in tactic
    assert not next(line for line in lines if "Silhouette" in line).startswith("🏠")
    assert next(line for line in lines if "Grand Alliance" in line).startswith("🏠 ")
