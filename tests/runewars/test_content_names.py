"""Per-language names and texts of the Runewars content, and the names resolver (issue 10).

The Chinese must be the box's words: the expected terms below are the rulebook's (seed 000)
as listed in shared/reference/glossary-zh.md section 2, with the rule id each comes from.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import engine.runewars
from engine.core.text import Ref
from engine.runewars.content import load_content
from engine.runewars.content.__main__ import check, expected_hant
from engine.runewars.content.loader import NEUTRAL_UNIT_COUNTS, read_content
from engine.runewars.content.texts import (
    GENERATED_LOCALE,
    LOCALES,
    TERM_IDS,
    LocaleTexts,
    check_texts,
    english_entries,
    load_texts,
    locale_path,
    read_texts,
)
from engine.runewars.names import RunewarsNames, names, names_for
from i18n import render
from i18n.examples import MOVE_REFUSED
from i18n.names import Names

CJK = re.compile(r"[\u4e00-\u9fff]")
# Printed untranslated in the Chinese rulebook's duel example (glossary 2.6, 000:994).
PRINTED_IN_LATIN = {("hero", "H01"), ("hero", "H06")}
ZH = ("zh_Hans", "zh_Hant")


def all_entries() -> list[tuple[str, str]]:
    return [(kind, entry_id) for kind, table in english_entries(load_content()).items() for entry_id in table]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_entry_has_a_name_and_its_texts_in_every_locale(locale: str) -> None:
    resolver = names()
    english = english_entries(load_content())
    missing = []
    for kind, entry_id in all_entries():
        name = resolver.name(Ref(kind=kind, id=entry_id), locale)
        if not name or not name.strip():
            missing.append(f"{kind} {entry_id}")
            continue
        for field in english[kind][entry_id]:
            text = resolver.text(kind, entry_id, field, locale, fallback=False)
            if not text or not text.strip():
                missing.append(f"{kind} {entry_id} {field}")
            elif locale in ZH and (kind, entry_id) not in PRINTED_IN_LATIN and not CJK.search(text):
                missing.append(f"{kind} {entry_id} {field} is not Chinese: {text!r}")
    assert missing == []


def test_translations_are_complete_and_name_only_real_entries() -> None:
    texts = {loc: load_texts(loc) for loc in LOCALES}
    assert check_texts(load_content(), texts) == []


def test_chinese_texts_follow_the_glossary_style() -> None:
    """Full-width punctuation and no space between a digit and a Chinese character (glossary 1.3, 1.4)."""
    bad = []
    for locale in ZH:
        texts = load_texts(locale)
        assert texts is not None
        for kind, table in texts.entries.items():
            for entry_id, fields in table.items():
                for field, text in fields.items():
                    if re.search(r"[,;:!?()]", text) or re.search(r"\d [\u4e00-\u9fff]|[\u4e00-\u9fff] \d", text):
                        bad.append(f"{locale} {kind} {entry_id} {field}: {text}")
    assert bad == []


# (kind, id, zh_Hans from the rulebook, where) -- glossary-zh.md section 2.
GLOSSARY_HANS = [
    ("unit", "BEASTMAN", "兽人", "RW-1.1"),
    ("unit", "DRAGON", "巨龙", "RW-1.1"),
    ("unit", "GIANT", "巨人", "RW-1.1"),
    ("unit", "HELLHOUND", "地狱犬", "RW-1.1"),
    ("unit", "RAZORWING", "剃刀翼", "RW-1.1"),
    ("unit", "SORCERER", "巫师", "RW-1.1"),
    ("unit", "HUMAN_ARCHER", "弓箭手", "RW-1.2"),
    ("unit", "HUMAN_INFANTRY", "步兵", "RW-1.2"),
    ("unit", "HUMAN_KNIGHT", "骑兵", "RW-1.2"),
    ("unit", "HUMAN_SIEGE_ENGINE", "攻城器", "RW-1.2"),
    ("unit", "ELF_ARCHER", "精灵射手", "RW-1.2"),
    ("unit", "ELF_PEGASUS_RIDER", "飞马骑士", "RW-1.2"),
    ("unit", "ELF_SORCERESS", "精灵法师", "RW-1.2"),
    ("unit", "ELF_WARRIOR", "战舞者", "RW-1.2"),
    ("unit", "UNDEAD_DEATH_KNIGHT", "死亡骑士", "RW-1.2"),
    ("unit", "UNDEAD_NECROMANCER", "亡灵巫师", "RW-1.2"),
    ("unit", "UNDEAD_REANIMATE", "骷髅兵", "RW-1.2"),
    ("unit", "UNDEAD_SKELETON_ARCHER", "骷髅射手", "RW-1.2"),
    ("unit", "UTHUK_BERSERKER", "狂徒", "RW-1.2"),
    ("unit", "UTHUK_CHAOS_LORD", "深渊领主", "RW-1.2"),
    ("unit", "UTHUK_FLESH_RIPPER", "碎尸魔", "RW-1.2"),
    ("unit", "UTHUK_WARLOCK", "邪术师", "RW-1.2"),
    ("faction", "HUMANS", "人类", "RW-1.2"),
    ("faction", "ELVES", "精灵", "RW-1.2"),
    ("faction", "UNDEAD", "亡灵族", "RW-1.2"),
    ("faction", "UTHUK", "尤萨族", "RW-1.2"),
    ("order", "1", "筹备", "RW-18.1"),
    ("order", "2", "动员", "RW-18.2"),
    ("order", "3", "征战", "RW-18.3"),
    ("order", "4", "收获", "RW-18.4"),
    ("order", "5", "征召", "RW-18.5"),
    ("order", "6", "支援", "RW-18.6"),
    ("order", "7", "谋权", "RW-18.7"),
    ("order", "8", "驻防", "RW-18.8"),
    ("title", "PRIMARCH", "法师议会首领", "RW-32"),
    ("title", "WARRIORS_GUILD", "战士公会总指挥官", "RW-32"),
    ("title", "HEROES_LEAGUE", "英雄联盟首领", "RW-32"),
    ("reward", "R01", "狂怒之刃", "D-9"),
    ("reward", "R02", "符文铠", "D-9"),
    ("tactics", "T30", "穿越山脉", "D-7"),
    ("hero", "H01", "Silhouette", "D-10"),
    ("hero", "H06", "Mad Carthos", "D-10"),
    ("hero", "H02", "荒野的罗南", "game-data 1.6 (glossary suggestion)"),
    ("hero", "H07", "亡者瓦里卡斯", "game-data 1.6 (glossary suggestion)"),
    ("hero", "H11", "暗影博格兰", "game-data 1.6 (glossary suggestion)"),
    ("resource", "food", "食物", "RW-9.1"),
    ("resource", "wood", "木材", "RW-9.1"),
    ("resource", "ore", "矿石", "RW-9.1"),
    ("rune", "dragon", "巨龙符文", "RW-27"),
    ("rune", "false", "伪造符文", "RW-27.1"),
    ("season", "spring", "春季", "RW-6.1"),
    ("season", "summer", "夏季", "RW-6.1"),
    ("season", "autumn", "秋季", "RW-6.1"),
    ("season", "winter", "冬季", "RW-6.1"),
    ("exploration", "dragon_throne", "巨龙王座", "RW-34.4.1"),
    ("exploration", "village", "村庄", "RW-34.4.2"),
    ("exploration", "magic_portal", "魔法传送门", "RW-34.4.3"),
    ("exploration", "dungeon", "地下城", "RW-34.4.4"),
    ("exploration", "temple", "神庙", "RW-34.4.5"),
    ("exploration", "hall", "凯洛斯大厅", "RW-34.4.6"),
    ("exploration", "travelling_merchant", "旅行商人", "RW-34.4.7"),
    ("exploration", "ambush", "奇袭小队", "RW-34.4.8"),
    ("exploration", "prophets_scroll", "先知卷轴", "RW-34.4.9"),
    ("exploration", "training", "训练", "RW-34.4.10"),
    ("fate", "ALLY", "结盟", "RW-12.5 (glossary suggestion)"),
    ("shape", "hexagon", "六角形", "RW-13.1"),
    ("trait", "swift", "迅捷", "RW-2.17"),
    ("trait", "flying", "飞行", "RW-2.18"),
    ("attribute", "wisdom", "智力", "RW-20.1"),
]


@pytest.mark.parametrize(("kind", "entry_id", "expected", "where"), GLOSSARY_HANS)
def test_zh_hans_names_are_the_rulebook_terms(kind: str, entry_id: str, expected: str, where: str) -> None:
    assert names().name(Ref(kind=kind, id=entry_id), "zh_Hans") == expected, where


@pytest.mark.parametrize(
    ("faction", "field", "expected"),
    [  # defense developments, RW-19.4
        ("HUMANS", "defense_development.name", "坚固的城墙"),
        ("ELVES", "defense_development.name", "守卫的牢房"),
        ("UNDEAD", "defense_development.name", "诅咒之坟"),
        ("UTHUK", "defense_development.name", "饥饿的小鬼"),
    ],
)
def test_defense_developments_are_the_rulebook_terms(faction: str, field: str, expected: str) -> None:
    assert names().text("faction", faction, field, "zh_Hans") == expected


def test_zh_hans_card_texts_use_the_rulebook_words_not_the_quick_rules() -> None:
    """RW-0.1: the full rulebook's vocabulary; seed 004's 命令卡/战术卡/影响力/报酬卡 never appear."""
    texts = load_texts("zh_Hans")
    assert texts is not None
    every = json.dumps(texts.model_dump(by_alias=True), ensure_ascii=False)
    for quick_rules_word in ("命令卡", "战术卡", "影响力", "报酬卡", "权力卡", "溃败", "命运卡"):
        assert quick_rules_word not in every
    assert "势力标记" in every and "策略卡" in every and "天命卡" in every and "犒赏卡" in every


@pytest.mark.parametrize(
    ("kind", "entry_id", "expected"),
    [  # the glossary's converted column (†), s2tw: the Traditional of a Simplified book
        ("unit", "HELLHOUND", "地獄犬"),
        ("unit", "HUMAN_KNIGHT", "騎兵"),
        ("unit", "UTHUK_CHAOS_LORD", "深淵領主"),
        ("order", "5", "徵召"),
        ("order", "7", "謀權"),
        ("faction", "UTHUK", "尤薩族"),
        ("title", "PRIMARCH", "法師議會首領"),
        ("rune", "false", "偽造符文"),
        ("resource", "ore", "礦石"),
    ],
)
def test_zh_hant_names_are_the_converted_terms(kind: str, entry_id: str, expected: str) -> None:
    assert names().name(Ref(kind=kind, id=entry_id), "zh_Hant") == expected


def test_zh_hant_is_generated_from_zh_hans() -> None:
    """zh_Hant.json is exactly what ``zh-sync`` writes (never edited by hand); 表盘 keeps 表 (glossary 1.6)."""
    assert locale_path(GENERATED_LOCALE).read_text(encoding="utf-8") == expected_hant()
    assert "錶" not in expected_hant()


# One id of each kind the engine's messages use (names.py lists the id forms).
KIND_SAMPLES = [
    ("unit", "HUMAN_INFANTRY"),
    ("faction", "ELVES"),
    ("faction", "neutral"),
    ("tactics", "T01"),
    ("destiny", "18"),
    ("order", "3"),
    ("order", "#8"),
    ("title", "WARRIORS_GUILD"),
    ("objective", "G1"),
    ("season", "WI1"),
    ("season", "autumn"),
    ("resource", "influence"),
    ("rune", "dragon"),
    ("hero", "H03"),
    ("quest", "Q01"),
    ("reward", "R25"),
    ("city", "C3"),
    ("tile", "7"),
    ("exploration", "X01"),
    ("card", "T12"),
    ("card", "Q24"),
]


@pytest.mark.parametrize(("kind", "entry_id"), KIND_SAMPLES)
def test_the_resolver_answers_every_kind_in_every_locale(kind: str, entry_id: str) -> None:
    resolver = names()
    english = resolver.name(Ref(kind=kind, id=entry_id), "en")
    assert english and not CJK.search(english)
    for locale in ZH:
        found = resolver.name(Ref(kind=kind, id=entry_id), locale)
        assert found and CJK.search(found), (kind, entry_id, locale, found)


def test_every_term_group_is_named_in_every_locale() -> None:
    resolver = names()
    for group, ids in TERM_IDS.items():
        for term_id in ids:
            for locale in LOCALES:
                assert resolver.name(Ref(kind=group, id=term_id), locale), (group, term_id, locale)


def test_areas_keep_their_id_in_every_language() -> None:
    resolver = names()
    area_ids = [a.area_id for t in load_content().tiles for a in t.areas]
    assert "3A" in area_ids
    for area_id in area_ids:
        for locale in LOCALES:
            assert resolver.name(Ref(kind="area", id=area_id), locale) == area_id


def test_unknown_refs_and_locales_are_left_to_the_renderer() -> None:
    """None, so i18n.render falls back to English and then to the id."""
    resolver = names()
    assert resolver.name(Ref(kind="unit", id="NO_SUCH_UNIT"), "zh_Hans") is None
    assert resolver.name(Ref(kind="area", id="99Z"), "en") is None
    assert resolver.name(Ref(kind="destiny", id="31"), "en") is None
    assert resolver.name(Ref(kind="seat", id="0"), "en") is None  # seats are the Discord layer's
    assert resolver.name(Ref(kind="unit", id="HUMAN_KNIGHT"), "fr") is None
    assert resolver.name(Ref(kind="unit", id="HUMAN_KNIGHT"), "zh-TW") == "騎兵"  # Discord spelling accepted


def test_the_resolver_is_an_i18n_names_and_renders_chinese() -> None:
    resolver = engine.runewars.names()
    assert isinstance(resolver, Names) and isinstance(resolver, RunewarsNames)
    msg = MOVE_REFUSED(unit=Ref(kind="unit", id="HUMAN_KNIGHT"), area=Ref(kind="area", id="3A"))
    assert "Knights" in render(msg, "en", resolver) and "3A" in render(msg, "en", resolver)
    chinese = render(msg, "zh-CN", resolver)
    assert "骑兵" in chinese and "3A" in chinese and "Knights" not in chinese
    assert "騎兵" in render(msg, "zh-TW", resolver)


def test_english_names_are_the_content_fields() -> None:
    """Nothing else changes: the English name of every entry is its existing ``name`` field."""
    content = load_content()
    resolver = names()
    assert resolver.name(Ref(kind="unit", id="HELLHOUND"), "en") == content.unit("HELLHOUND").name
    assert resolver.name(Ref(kind="order", id="6"), "en") == content.order(6).name
    assert resolver.text("tactics", "T30", "text", "en") == content.tactics("T30").text
    assert resolver.house("tactics", "T30") is True and resolver.house("reward", "R01") is False


def test_hellhounds_follow_the_rulebook_component_list() -> None:
    """RW-1.1: 8 个地狱犬 (seed 000:109), not the 4 of the simulator reference."""
    assert load_content().unit("HELLHOUND").count == 8 == NEUTRAL_UNIT_COUNTS["HELLHOUND"]


def test_content_check_entry_point_passes() -> None:
    summary, problems = check()
    assert problems == []
    assert summary["zh_Hant_in_sync"] is True and summary["entries"]["tactics"] == 50


def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(locale_path("en").parent.parent, target)
    return target


def test_a_missing_or_stray_translation_is_reported(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    path = locale_path("zh_Hans", data)
    raw = json.loads(path.read_text(encoding="utf-8"))
    del raw["entries"]["tactics"]["T07"]["text"]
    raw["entries"]["quest"]["Q99"] = {"name": "无此任务"}
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    content = read_content(data)
    problems = check_texts(content, {loc: read_texts(loc, data) for loc in LOCALES})
    assert "zh_Hans: tactics T07 has no text" in problems
    assert "zh_Hans: quest Q99 is not in the content" in problems
    # a resolver over such data still answers: the missing text falls back to English
    resolver = names_for(content, str(data))
    assert resolver.text("tactics", "T07", "text", "zh_Hans") == content.tactics("T07").text


def test_a_malformed_locale_file_fails_loudly(tmp_path: Path) -> None:
    data = copy_data(tmp_path)
    path = locale_path("zh_Hans", data)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["entries"]["unit"]["HUMAN_KNIGHT"]["name"] = ""
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ValueError):  # pydantic.ValidationError is a ValueError
        read_texts("zh_Hans", data)
    assert LocaleTexts.model_fields["locale"].annotation is not None


def test_data_without_translations_reads_english(tmp_path: Path) -> None:
    """A group's own transcription may ship no i18n/ folder: names are then English."""
    data = copy_data(tmp_path)
    shutil.rmtree(data / "i18n")
    content = read_content(data)
    assert read_texts("zh_Hans", data) is None
    resolver = names_for(content, str(data))
    assert resolver.name(Ref(kind="unit", id="HUMAN_KNIGHT"), "zh_Hans") is None
    assert render(
        MOVE_REFUSED(unit=Ref(kind="unit", id="HUMAN_KNIGHT"), area=Ref(kind="area", id="3A")), "en", resolver
    )


def test_the_ruleset_hands_its_resolver_to_the_discord_layer() -> None:
    """cogs/lang.py ``game_names`` calls ``Ruleset.names()``; seat names come first, then ours."""
    from cogs.lang import names_for as table_names

    assert engine.ruleset("runewars").names() is names()  # type: ignore[attr-defined]  # Runewars has names(), the base does not
    assert table_names("runewars").name(Ref(kind="faction", id="UTHUK"), "zh_Hans") == "尤萨族"
