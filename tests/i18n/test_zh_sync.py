"""OpenCC keeps zh_Hant in step with zh_Hans; the override list fixes each game's own words."""

from __future__ import annotations

from pathlib import Path

from i18n.zh import Override, load_overrides, to_hant


def test_opencc_converts_to_taiwan_forms_without_swapping_vocabulary() -> None:
    # s2tw, not s2twp: 软件 stays a character conversion (軟件), as the glossary asks.
    assert to_hant("还没轮到你：游戏正在等待{seats}。", "core.x", []) == "還沒輪到你：遊戲正在等待{seats}。"
    assert to_hant("软件里", "core.x", []) == "軟件裡"


def test_overrides_apply_in_their_scope_only() -> None:
    overrides = load_overrides()
    assert overrides, "the override list is seeded from the glossary"
    text = "按顺时针方向雇佣佣兵，发生饥荒。"
    # Age of Heroes prints 順時鐘 and 飢荒; Cloudspire prints 雇傭.
    assert to_hant(text, "ah.market.x", overrides) == "按順時鐘方向僱傭傭兵，發生飢荒。"
    assert to_hant(text, "cs.hire.x", overrides) == "按順時針方向雇傭傭兵，發生饑荒。"
    # Runewars and Heroes III are Simplified books: the conversion itself.
    assert to_hant(text, "rw.x", overrides) == "按順時針方向僱傭傭兵，發生饑荒。"
    assert to_hant("资源表盘", "rw.x", overrides) == "資源表盤"
    assert to_hant("迫击炮台", "cs.x", overrides) == "迫擊砲台"


def test_override_terms_are_protected_before_conversion() -> None:
    """A longer override wins over a shorter one inside it, and placeholders survive."""
    overrides = [Override("雇佣", "X"), Override("雇佣兵", "Y", ("cs.",))]
    assert to_hant("{who}雇佣兵与雇佣", "cs.a", overrides) == "{who}Y與X"


def test_override_file_entries_are_well_formed() -> None:
    for o in load_overrides():
        assert o.hans and o.hant and o.why, o
        assert all(s.endswith(".") for s in o.scope), o
    assert load_overrides(Path("/nonexistent.toml")) == []
