"""Runewars content packs (issue 11, docs/content-packs.md): the example pack loads and plays,
a game records the pack's hash and replays with the same content, and a broken pack is
refused with messages that name the field, by its path in the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
import engine.runewars.ruleset as rw_ruleset
from engine.core import RuleViolation
from engine.core.content_packs import PackLibrary, check, pack_hash
from engine.core.text import Ref
from engine.runewars.catalog import catalog
from engine.runewars.content.__main__ import main as content_main
from engine.runewars.content.packs import check_pack
from engine.runewars.reference import card_texts, is_house
from engine.runewars.ruleset import RUNEWARS
from engine.sim import play_one

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "runewars-pack.json"


def example() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


def pack(replace: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"pack": "test", "game": "runewars", "source": "a test", "replace": replace, **extra})


def hero(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "hero_id": "H01",
        "name": "Silhouette",
        "alignment": "good",
        "health": 3,
        "strength": 1,
        "agility": 4,
        "wisdom": 2,
        "ability": {"timing": "quest_phase", "text": "Moves 1 more area.", "effects": []},
        "house": False,
    }
    base.update(changes)
    return base


def test_the_example_pack_checks_clean_and_replaces_by_id() -> None:
    report = check_pack(example())
    assert report.problems == [] and report.handovers == []
    assert report.replaced == {"heroes": ["H01"], "tactics": ["T01"]}
    assert report.sha256 == pack_hash(example())
    assert report.content is not None
    assert report.content.tactics("T01").name == "Rain of Arrows"
    assert report.content.hero("H01").strength == 2
    assert report.content.tactics("T02") == catalog().content.tactics("T02")  # the rest is the shipped content
    assert len(report.content.tactics_cards) == 50  # RW-1.5 still holds


def test_a_simulated_game_plays_on_the_example_pack_with_its_content(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = engine.ruleset("runewars")
    seen: set[str] = set()
    real = rw_ruleset.chronicle

    def spy(state: Any, events: Any) -> Any:
        seen.add(catalog().tactics["T01"].name)  # what the rules read while applying an action
        return real(state, events)

    monkeypatch.setattr(rw_ruleset, "chronicle", spy)
    outcome = play_one(rs, {"players": 2, "content_pack": example()}, 5, max_actions=20000, probe=1)
    assert outcome["finished"] and outcome["violations"] == 0 and outcome["failures"] == []
    assert outcome["gm_tasks"] == 0
    assert seen == {"Rain of Arrows"}
    assert catalog().tactics["T01"].name == "Volley of Arrows"  # outside the game: the shipped content


def test_the_game_records_the_pack_hash_and_replays_identically() -> None:
    rs = engine.ruleset("runewars")
    options = {"players": 2, "content_pack": example()}
    first = rs.setup(options, 11)
    assert first.options.content_hash == pack_hash(example())
    again = rs.setup(json.loads(json.dumps(first.options.model_dump(mode="json"))), 11)
    assert again.model_dump_json() == first.model_dump_json()
    reloaded = rs.load_state(first.model_dump_json())  # after a restart: the pack travels with the state
    assert reloaded.options.content_pack == example()
    assert rs.view(reloaded, 0) == rs.view(first, 0)


def test_a_hash_that_does_not_match_the_pack_is_refused() -> None:
    rs = engine.ruleset("runewars")
    with pytest.raises(RuleViolation) as exc:
        rs.setup({"players": 2, "content_pack": example(), "content_hash": "0" * 64}, 1)
    assert exc.value.rule == "CORE-2"


def test_a_broken_pack_is_refused_with_the_path_of_each_bad_field() -> None:
    bad = pack(
        {
            "heroes": [hero(health=0, ability={"timing": "quest_phase", "text": "t", "effects": [{"kind": "x"}]})],
            "tactic": [],
        },
        remove={"tactics": ["T99"]},
    )
    problems = check_pack(bad).problems
    assert any(p.startswith("replace.heroes[0].health:") for p in problems)
    assert any(p.startswith("replace.heroes[0].ability.effects[0]") for p in problems)
    assert any(p.startswith("replace.tactic: unknown section") for p in problems)
    assert "remove.tactics[0]: no shipped tactics entry 'T99'" in problems
    with pytest.raises(RuleViolation) as exc:
        engine.ruleset("runewars").setup({"players": 2, "content_pack": bad}, 1)
    assert exc.value.rule == "CORE-2"


def test_header_syntax_and_cross_file_problems_are_named() -> None:
    assert check_pack('{"pack": "x",\n "game": }').problems[0].startswith("line 2 column")
    header = check_pack(json.dumps({"game": "runewars", "colour": 1, "replace": {}})).problems
    assert "colour: unknown key (a pack has pack, game, source, note, replace, remove)" in header
    assert any(p.startswith("pack: required") for p in header) and any(p.startswith("source:") for p in header)
    extra = check_pack(pack({"heroes": [hero(hero_id="H99")]})).problems  # a 13th hero breaks RW-1.3
    assert extra == ["(merged content): RW-1.3: 12 hero cards"]
    twice = check_pack(pack({"heroes": [hero(), hero()]})).problems
    assert twice == ["replace.heroes[1].hero_id: 'H01' appears twice in the pack"]


def test_remove_and_replace_swap_a_card_for_a_new_one() -> None:
    card = {"card_id": "T51", "name": "Our Card", "timing": "own_turn", "text": "Gain 1 influence.", "house": False}
    card["effects"] = [{"kind": "gain_influence", "amount": 1}]
    report = check_pack(pack({"tactics": [card]}, remove={"tactics": ["T50"]}))
    assert report.problems == []
    assert report.content is not None
    ids = [c.card_id for c in report.content.tactics_cards]
    assert "T50" not in ids and ids[-1] == "T51" and len(ids) == 50


def test_gm_handovers_are_allowed_and_listed_with_their_path() -> None:
    effects = [{"kind": "gm", "text": "Swap two heroes' positions."}]
    report = check_pack(pack({"heroes": [hero(ability={"timing": "quest_phase", "text": "t", "effects": effects})]}))
    assert report.problems == []
    assert report.handovers == ["replace.heroes[0].ability.effects[0]: GM hand-over: Swap two heroes' positions."]


def test_house_flags_and_texts_follow_the_pack() -> None:
    assert is_house("tactics:T01") and not is_house("tactics:T01", example())
    assert card_texts(example())["tactics:T01"][0].startswith("Rain of Arrows")
    assert card_texts()["tactics:T01"][0].startswith("Volley of Arrows")


def test_the_command_line_check_names_paths_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert content_main(["check", str(EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["sha256"] == pack_hash(example())
    broken = tmp_path / "broken.json"
    broken.write_text(pack({"heroes": [hero(strength="strong")]}), encoding="utf-8")
    assert content_main(["check", str(broken)]) == 1
    err = capsys.readouterr().err
    assert f"{broken}: replace.heroes[0].strength:" in err


def test_the_library_stores_checked_packs_and_finds_them_by_name_or_hash(tmp_path: Path) -> None:
    library = PackLibrary(tmp_path)
    report = library.add(example())
    assert report.ok and report.game == "runewars"
    assert library.find("Example-Transcription") == (example(), report.sha256)
    assert library.find(report.sha256[:10], game="runewars") == (example(), report.sha256)
    assert library.find(report.sha256[:10], game="ageofheroes") is None
    refused = library.add(pack({"heroes": [hero(health=-2)]}))
    assert not refused.ok and library.names() == [("example-transcription", report.sha256)]
    assert check('{"pack": "x", "game": "chess", "source": "s"}').problems[0].startswith("game: 'chess'")


def test_names_follow_the_pack_and_keep_translations_only_of_unchanged_english() -> None:
    rs = RUNEWARS
    names = rs.names_for_options({"content_pack": example()})
    shipped = rs.names()
    tactic = Ref(kind="tactics", id="T01")
    assert names.name(tactic, "en") == "Rain of Arrows" and shipped.name(tactic, "en") == "Volley of Arrows"
    assert names.name(tactic, "zh_Hans") is None  # renamed: no stale Chinese of the old card (renders in English)
    hero_ref = Ref(kind="hero", id="H01")  # same name as shipped: its translation stays
    assert names.name(hero_ref, "zh_Hans") == shipped.name(hero_ref, "zh_Hans")
    assert names.house("tactics", "T01") is False and shipped.house("tactics", "T01") is True


def test_a_pack_may_change_a_faction_but_not_add_one() -> None:
    faction = catalog().content.faction("HUMANS").model_dump(mode="json")
    faction["id"] = "DWARVES"
    assert check_pack(pack({"factions": [faction]})).problems == [
        "replace.factions[0].id: a pack may change a faction, not add one"
    ]
