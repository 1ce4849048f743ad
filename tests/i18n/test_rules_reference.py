"""The player-facing rules reference (issue 12): every rule a refusal can cite reads in every locale.

Which ids need an entry (i18n/rules.py): the numbered rules of depth one and two in the
specification (``shared/rules/<game>.md``) and every deeper id the engine cites as a literal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from i18n import rules
from i18n.locales import EN, LOCALES, ZH_HANS, ZH_HANT

GAMES = [*rules.GAMES, "core"]  # the four games and the kernel's CORE-n


def test_every_game_has_its_reference_in_every_locale() -> None:
    for game in GAMES:
        for locale in LOCALES:
            assert rules.path(game, locale).exists(), f"{game}: no rules/{locale}/{game}.toml"


@pytest.mark.parametrize("game", GAMES)
def test_every_required_id_has_an_entry_in_every_locale(game: str) -> None:
    needed = rules.required_ids(game)
    assert needed, f"{game}: no rule ids found"
    if game == "core":
        assert {"CORE-1", "CORE-2", "CORE-6"} <= needed
    elif rules.SPEC_DIR.exists():  # without the (unshipped) specification, only the engine's citations are known
        assert any(rules.depth(i) == 1 for i in needed), "the specification yielded no chapter ids"
    for locale in LOCALES:
        missing = sorted(needed - set(rules.load(game, locale)), key=rules.sort_key)
        assert not missing, f"{game} {locale}: no entry for {', '.join(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_locales_have_the_same_ids_and_no_empty_entry(game: str) -> None:
    english = rules.load(game, EN)
    prefix = rules.PREFIXES[game] + "-"
    for locale in LOCALES:
        have = rules.load(game, locale)
        assert set(have) == set(english), f"{game} {locale}: ids differ from English"
        for rule_id, (title, text) in have.items():
            assert rule_id.startswith(prefix) and rules.parents(rule_id), f"{game}: {rule_id!r} is not a rule id"
            assert title.strip() and text.strip(), f"{game} {locale} {rule_id}: empty title or text"
            if locale != EN:
                assert title != english[rule_id][0] or any(ord(c) > 0x2E80 for c in title), (
                    f"{game} {locale} {rule_id}: title left in English"
                )


@pytest.mark.parametrize("game", GAMES)
def test_traditional_is_generated_from_simplified(game: str) -> None:
    assert rules.path(game, ZH_HANS).exists()
    assert rules.load(game, ZH_HANT) == rules.expected_hant(game), (
        f"rules/zh_Hant/{game}.toml is out of step: run `python -m i18n rules-sync {game}`"
    )


def test_spec_ids_reads_headings_bold_leads_and_bullets_only() -> None:
    spec = "\n".join(
        [
            "* RW-9 Resource dials",  # the contents list: not a rule line
            "## RW-10 Movement",
            "**RW-10.9 Moving past enemies.** See RW-14.2 for battles.",
            "* **RW-10.9.2** deeper: not listed from the spec",
            "### AH-1 Components",
            "* **AH-1.1** The cards.",
            "## H3-1. Game overview",
        ]
    )
    assert rules.spec_ids(spec, "RW") == {"RW-10", "RW-10.9"}
    assert rules.spec_ids(spec, "AH") == {"AH-1", "AH-1.1"}
    assert rules.spec_ids(spec, "H3") == {"H3-1"}


def test_cited_ids_are_literals_only(tmp_path: Path) -> None:
    pkg = tmp_path / "runewars"
    pkg.mkdir()
    (pkg / "a.py").write_text('raise refuse("RW-10.9.2", X)  # RW-10.9.3\nRULE = \'RW-14.4.1\'\nOTHER = "RW-10.9"\n')
    assert rules.cited_ids("runewars", tmp_path) == {"RW-10.9.2", "RW-14.4.1"}


def test_lookup_falls_back_to_parent_and_says_so() -> None:
    own = rules.entry("RW-10.9.2", EN)
    assert own is not None and own.shown == "RW-10.9.2" and not own.fallback  # cited by the engine
    deeper = rules.entry("rw-10.9.2.7", ZH_HANS)
    assert deeper is not None and deeper.fallback and deeper.shown == "RW-10.9.2" and deeper.locale == ZH_HANS
    assert rules.entry("RW-999", EN) is None
    assert rules.entry("nonsense", EN) is None


def test_lookup_in_a_missing_locale_reads_english(monkeypatch: pytest.MonkeyPatch) -> None:
    real = rules.load

    def without_chinese(game: str, locale: str) -> dict[str, tuple[str, str]]:
        return {} if locale == ZH_HANT else real(game, locale)

    monkeypatch.setattr(rules, "load", without_chinese)
    found = rules.entry("AH-4", "zh-TW")
    assert found is not None and found.locale == EN and found.title == real("ageofheroes", EN)["AH-4"][0]


def test_search_by_id_prefix_and_by_words() -> None:
    by_id = rules.search("rw-10.9", EN)
    assert [e.shown for e in by_id][:2] == ["RW-10.9", "RW-10.9.1"]
    assert all(e.shown.startswith("RW-10.9") for e in by_id)
    word = rules.entry("RW-10", EN)
    assert word is not None
    found = rules.search(word.title.split()[0], EN)
    assert "RW-10" in [e.shown for e in found]
    zh = rules.entry("RW-10", ZH_HANS)
    assert zh is not None
    assert "RW-10" in [e.shown for e in rules.search(zh.title, ZH_HANS)]
    assert rules.search("", EN) == []
    assert len(rules.search("the", EN)) <= 25


def test_dump_round_trips() -> None:
    entries = {"RW-1": ('A "quoted" title', "Line one.\nLine two \\ 符文。")}
    assert rules.parse(rules.dump(entries)) == entries
