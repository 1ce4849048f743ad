"""Age of Heroes content packs (issue 11, docs/content-packs.md): a group's own card counts and
battle deck replace the assumed defaults, a game records the pack and plays on it, and a broken
pack is refused with the path of each bad field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.ageofheroes.packs import check_pack, main
from engine.core import RuleViolation
from engine.core.content_packs import pack_hash
from engine.sim import play_one

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ageofheroes-pack.json"


def example() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


def test_the_example_pack_replaces_whole_sections_and_is_no_longer_assumed() -> None:
    report = check_pack(example())
    assert report.problems == []
    assert report.content is not None
    assert report.content.battle_deck == {1: 3, 2: 4, 3: 5, 4: 5, 5: 4, 6: 3}
    assert len(report.content.battle_cards()) == 24
    assert report.content.item_supply["city"] == 12  # untouched sections stay the default's
    assert not any(a.startswith(("battle_deck", "resource_deck")) for a in report.content.assumed)
    assert report.content.meta.content_id == f"example-counts-{pack_hash(example())[:12]}"


@pytest.mark.parametrize("players", [2, 6])
def test_a_simulated_game_plays_on_the_example_pack(players: int) -> None:
    rs = engine.ruleset("ageofheroes")
    outcome = play_one(rs, {"players": players, "content_pack": example()}, 3, max_actions=20000, probe=1)
    assert outcome["finished"] and outcome["violations"] == 0 and outcome["failures"] == []
    assert outcome["gm_tasks"] == 0


def test_the_game_records_the_pack_and_deals_its_decks() -> None:
    rs = engine.ruleset("ageofheroes")
    state = rs.setup({"players": 3, "content_pack": example()}, 7)
    assert state.options.content_hash == pack_hash(example())
    assert state.content.battle_deck[3] == 5
    assert sorted(state.battle_deck.draw_pile) == sorted(state.content.battle_cards())  # AH-3.1, 24 cards
    again = rs.setup(state.options.model_dump(mode="json"), 7)
    assert again.model_dump_json() == state.model_dump_json()


def test_a_broken_pack_is_refused_with_paths() -> None:
    bad = json.dumps(
        {
            "pack": "bad",
            "game": "ageofheroes",
            "source": "s",
            "extra": 1,
            "content": {"battle_deck": {"1": "x"}, "decks": {}},
        }
    )
    problems = check_pack(bad).problems
    assert "extra: unknown key (a pack has pack, game, source, note, base, content)" in problems
    assert any(p.startswith("content.decks: unknown section") for p in problems)
    bad = json.dumps({"pack": "bad", "game": "ageofheroes", "source": "s", "content": {"battle_deck": {"1": "x"}}})
    assert check_pack(bad).problems[0].startswith("content.battle_deck.1: Input should be a valid integer")
    small = json.dumps({"pack": "s", "game": "ageofheroes", "source": "s", "content": {"battle_deck": {"1": 2}}})
    assert check_pack(small).problems == [
        "content: the battle deck must hold at least army supply + Mighty Hero count cards"
    ]
    with pytest.raises(RuleViolation) as exc:
        engine.ruleset("ageofheroes").setup({"players": 2, "content_pack": small}, 1)
    assert exc.value.rule == "CORE-2"


def test_the_command_line_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLE)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["battle_cards"] == 24 and summary["problems"] == 0
    broken = tmp_path / "p.json"
    broken.write_text('{"pack": "p", "game": "ageofheroes", "source": "s", "content": {"battle_deck": {"1": 2}}}')
    assert main(["check", str(broken)]) == 1
    assert f"{broken}: content: the battle deck must hold" in capsys.readouterr().err
