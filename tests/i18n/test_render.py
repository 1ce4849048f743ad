"""Rendering in the three locales: plurals, names through the content, lists, fallbacks."""

from __future__ import annotations

import sys

import pytest

from engine.core import errors
from engine.core.text import Msg, Ref
from i18n import TableNames, normalize, render
from i18n import examples as ex
from i18n.catalog import Entry, Table, table

NAMES = TableNames(
    {
        ("unit", "HUMAN_INFANTRY"): {"en": "Infantry", "zh_Hans": "步兵", "zh_Hant": "步兵"},
        ("unit", "DAQAN_KNIGHT"): {"en": "Knights", "zh_Hans": "骑兵", "zh_Hant": "騎兵"},
        ("area", "7A"): {"en": "7A", "zh_Hans": "7A地区", "zh_Hant": "7A地區"},
        ("season", "spring"): {"en": "Spring", "zh_Hans": "春季", "zh_Hant": "春季"},
        ("player", "p1"): {"en": "Alice"},
    }
)
AREA = Ref(kind="area", id="7A")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "You cannot move Knights out of 7A this season."),
        ("zh_Hans", "本季节你不能把骑兵移出7A地区。"),
        ("zh-CN", "本季节你不能把骑兵移出7A地区。"),
        ("zh_Hant", "本季節你不能把騎兵移出7A地區。"),
        ("zh-TW", "本季節你不能把騎兵移出7A地區。"),
    ],
)
def test_render_in_every_locale_uses_the_contents_names(locale: str, expected: str) -> None:
    msg = ex.MOVE_REFUSED(unit=Ref(kind="unit", id="DAQAN_KNIGHT"), area=AREA)
    assert render(msg, locale, NAMES) == expected


def test_plural_forms_per_locale() -> None:
    one, many = ex.UNITS_LOST(n=1, area=AREA), ex.UNITS_LOST(n=5, area=AREA)
    assert render(one, "en", NAMES) == "1 unit was lost in 7A."
    assert render(many, "en", NAMES) == "5 units were lost in 7A."
    # Chinese has one form (nplurals=1): the count is still shown.
    assert render(one, "zh_Hans", NAMES) == "7A地区损失了1个单位。"
    assert render(many, "zh_Hant", NAMES) == "7A地區損失了5個單位。"
    assert table("zh_Hans").plural(5) == 0 and table("en").plural(5) == 1


def test_lists_and_nested_messages_use_the_locales_words() -> None:
    msg = errors.NOT_YOUR_TURN(seats=errors.seats_list([0, 2]))
    assert render(msg, "en") == "It is not your turn: the game is waiting on seat 1, seat 3."
    assert render(msg, "zh_Hans") == "还没轮到你：游戏正在等待1号座位、3号座位。"
    assert render(msg, "zh_Hant") == "還沒輪到你：遊戲正在等待1號座位、3號座位。"
    nested = ex.ROUND_STARTS(year=2, season=Ref(kind="season", id="spring"), why=ex.UNITS_LOST(n=2, area=AREA))
    assert render(nested, "zh_Hans", NAMES) == "第2年，春季：7A地区损失了2个单位。"
    assert render(nested, "en", NAMES) == "Year 2, Spring: 2 units were lost in 7A."


def test_missing_names_fall_back_to_english_then_the_id() -> None:
    msg = ex.WAITING_ON(players=[Ref(kind="player", id="p1"), Ref(kind="player", id="p2")])
    assert render(msg, "zh_Hans", NAMES) == "正在等待Alice、p2。"


def test_kernel_refusals_render_in_chinese_and_english_is_unchanged() -> None:
    from engine.core.errors import RuleViolation

    exc = RuleViolation(errors.CORE_GM_ONLY, errors.GM_ONLY())
    assert exc.message == "Only the game master may do that."
    assert exc.msg is not None
    assert render(exc.msg, "en") == exc.message
    assert render(exc.msg, "zh_Hans") == "只有游戏主持人可以这样做。"
    assert render(exc.msg, "zh_Hant") == "只有遊戲主持人可以這樣做。"


def test_every_catalog_entry_renders_without_falling_back() -> None:
    """Each translation formats with its message's own parameters (no KeyError fallback)."""
    from engine.core.text import MESSAGES

    for msg_id, declared in MESSAGES.items():
        params = {name: 2 for name in declared.placeholders()} | ({"n": 2} if declared.plural else {})
        for locale in ("zh_Hans", "zh_Hant"):
            found = table(locale).template(msg_id, 2 if declared.plural else None)
            if found is None:
                continue
            found.format_map(params)  # raises on a bad placeholder; ints also fit "{n:+d}"


def test_a_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = Table("zh_Hans", {"core.seat": Entry(("{wrong}号座位",))}, lambda n: 0)
    monkeypatch.setattr(sys.modules["i18n.render"], "table", lambda locale: broken)
    assert render(errors.SEAT(seat=2), "zh_Hans") == "seat 2"
    assert render(Msg(id="no.such.message"), "zh_Hans") == "no.such.message"


def test_discord_locale_mapping() -> None:
    assert normalize("zh-CN") == "zh_Hans" and normalize("zh-TW") == "zh_Hant"
    assert normalize("en-US") == "en" and normalize("fr") == "en" and normalize(None) == "en"
    import discord

    assert normalize(discord.Locale.taiwan_chinese) == "zh_Hant"
