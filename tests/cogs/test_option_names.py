"""No option id reaches a player: every shipped game names every option a table may set, says what it
means, and has words for its id-like values, so the lobby and ``/game info`` (``options_line``) never
fall back to ``name=value`` — in English and in Chinese (the translation catalogs)."""

from __future__ import annotations

import typing
from typing import Any

import pytest

import engine
from cogs.table import describe_options, option_labels, options_line, settable_options
from i18n import render

LOCALES = ("en", "zh_Hans")
CJK = range(0x4E00, 0xA000)
# Options only a test fixture sets (Cloudspire's fixed first player and dice): named, not explained.
FIXTURES: dict[str, set[str]] = {"cloudspire": {"first_player", "dice"}}
# A value other than the default for each option whose type alone does not suggest one.
SAMPLES: dict[str, dict[str, list[Any]]] = {
    "ageofheroes": {"content": ["my-cards (0123456789ab)"]},
    "cloudspire": {"dice": [[3, 5]]},
    "heroes3": {
        "scenario": [
            "alliance_four_winds",
            "clash_four_winds",
            "clash_three_crowns",
            "clash_two_kingdoms",
            "tournament_core",
        ],
        "heroes": [["catherine", None]],
    },
    "heroes3-skirmish": {
        "heroes": [["catherine", None]],
        "armies": [[["griffins:pack", "halberdiers:few"], None]],
        "ai_cards": [{"might": 2, "magic": 1, "skill": 0}],
        "ai_spells": [["magic_arrow", "cure"]],
        "ai_skill": ["armorer", None],
        "field_level": [0],
    },
}
# What those samples must say instead of their ids (the content's printed names).
SAID: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"heroes": ("Catherine",), "armies": ("Griffins (Pack)", "Halberdiers (Few)"), "ai_spells": ("Magic Arrow",)},
    "zh_Hans": {"heroes": ("凯瑟琳",), "armies": ("狮鹫（一群）", "戟兵（少量）"), "ai_spells": ("魔法箭",)},
}


def shipped() -> list[str]:
    """Every game the bot ships (the test-only highcard is registered by conftest, never shipped)."""
    return [name for name in engine.rulesets() if name != "highcard"]


def fields(name: str) -> dict[str, Any]:
    """The options a table may set for ``name`` (``players`` is the bot's own word)."""
    return {k: f for k, f in settable_options(engine.ruleset(name)).items() if k != "players"}


def values(name: str, key: str, field: Any) -> list[Any]:
    """The default of an option and the other values worth showing: every choice of a closed set,
    the other switch position, a nearby number, or the sample above."""
    default = field.get_default(call_default_factory=True)
    out: list[Any] = [default]
    args = [a for a in typing.get_args(field.annotation) if a is not type(None)]
    literals = [v for a in [field.annotation, *args] if typing.get_origin(a) is typing.Literal for v in a.__args__]
    if literals:
        out += [v for v in literals if v != default]
    elif field.annotation is bool:
        out.append(not default)
    elif args == [int] or field.annotation is int:
        out.append((default or 1) + 1)
    out += SAMPLES.get(name, {}).get(key, [])
    return out


def test_every_shipped_game_is_covered() -> None:
    assert set(shipped()) == {"ageofheroes", "cloudspire", "heroes3", "heroes3-skirmish", "runewars"}
    for name in SAMPLES:
        assert set(SAMPLES[name]) <= set(fields(name)), name  # a sample for an option that is gone


@pytest.mark.parametrize("name", shipped())
def test_every_option_has_a_name_and_a_meaning_in_every_language(name: str) -> None:
    rs = engine.ruleset(name)
    names: dict[str, Any] = getattr(rs, "option_names", None) or {}
    labels = option_labels(rs)
    for key in fields(name):
        if key == "content":  # the bot's own word ("content pack")
            continue
        assert key in names, f"{name}: option {key} has no name (option_names)"
        assert render(names[key](), "en").strip(), (name, key)
        assert any(ord(c) in CJK for c in render(names[key](), "zh_Hans")), (name, key, "no Chinese name")
    explained = set(fields(name)) - FIXTURES.get(name, set()) - {"content"}
    assert explained <= set(labels), f"{name}: options without a meaning (option_labels): {explained - set(labels)}"
    for key, label in labels.items():
        assert any(ord(c) in CJK for c in render(label(), "zh_Hans")), (name, key, "no Chinese meaning")
    for locale in LOCALES:  # the help/refusal sentence carries each meaning
        assert render(describe_options(rs), locale)


@pytest.mark.parametrize("name", shipped())
def test_every_closed_choice_has_words(name: str) -> None:
    """A value from a closed set (``mode=tournament``, ``earthquake_scope=single_army``) is an id too."""
    words: dict[str, dict[str, Any]] = getattr(engine.ruleset(name), "option_values", None) or {}
    for key, field in fields(name).items():
        args = [field.annotation, *typing.get_args(field.annotation)]
        for literal in (a for a in args if typing.get_origin(a) is typing.Literal):
            missing = [v for v in literal.__args__ if str(v) not in words.get(key, {})]
            assert not missing, f"{name}: {key} has no words for {missing}"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", shipped())
def test_options_line_never_shows_an_id(name: str, locale: str) -> None:
    """For every option, at its default and at other values, the lobby line is ``name: value`` words."""
    rs = engine.ruleset(name)
    words: dict[str, dict[str, Any]] = getattr(rs, "option_values", None) or {}
    names: dict[str, Any] = getattr(rs, "option_names", None) or {}
    for key, field in fields(name).items():
        for value in values(name, key, field):
            line = options_line(rs, {key: value}, locale)
            assert "=" not in line, (name, key, value, line)
            assert key == "content" or key not in line or key in render(names[key](), "en"), line
            if isinstance(value, str) and "_" in value:  # an id-like word must not be shown as it is
                assert value not in line, (name, key, value, line)
            if str(value) in words.get(key, {}):
                assert render(words[key][str(value)](), locale) in line, (name, key, value, line)
            if value == field.get_default(call_default_factory=True):
                continue
            for expected in SAID[locale].get(key, ()) if name.startswith("heroes3") else ():
                assert expected in line, (name, key, value, line)
        if locale == "zh_Hans" and key != "content":
            assert any(
                ord(c) in CJK for c in options_line(rs, {key: field.get_default(call_default_factory=True)}, locale)
            ), (name, key)


def test_a_whole_lobby_line_in_chinese() -> None:
    """The Heroes III Clash lobby from the issue: ``scenario=clash_two_kingdoms mode=tournament`` in words."""
    rs = engine.ruleset("heroes3")
    chosen = {"scenario": "clash_two_kingdoms", "mode": "tournament", "difficulty": "hard"}
    assert options_line(rs, chosen, "en") == "scenario: Two Kingdoms, mode: Tournament, difficulty: Hard"
    assert options_line(rs, chosen, "zh_Hans") == "剧本：两个王国、模式：锦标赛、剧本难度：困难"


def test_fixed_dice_rolls_read_as_numbers_not_a_list() -> None:
    """Cloudspire's test-only ``dice`` option (fixed rolls) is a list of numbers: it reads "3, 5, 2"."""
    rs = engine.ruleset("cloudspire")
    assert options_line(rs, {"dice": [3, 5, 2]}, "en") == "fixed dice rolls: 3, 5, 2"
    line = options_line(rs, {"dice": [3, 5, 2]}, "zh_Hans")
    assert "[" not in line and "3、5、2" in line


@pytest.mark.parametrize("name", shipped())
def test_the_options_sentence_names_every_option_within_one_message(name: str) -> None:
    """A refused ``/game new`` lists the options: each by name (or counted when there are very many,
    Age of Heroes has over 30), and the reply fits one Discord message (2,000 characters) in every language."""
    rs = engine.ruleset(name)
    options = [key for key in settable_options(rs) if key != "players"]
    for locale in LOCALES:
        said = render(describe_options(rs), locale)
        assert len(said) <= 1700, (name, locale, len(said))
        named = [key for key in options if f"`{key}`" in said]
        assert named == options[: len(named)]
        if len(named) < len(options):
            assert str(len(options) - len(named)) in said, (name, locale)
