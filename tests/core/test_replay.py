"""``python -m engine.replay``: an export replays to its result, and every kind of tampering
(seed, hash, action, content, log order) is refused with a sentence naming the failed check."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
import tests.support.highcard  # noqa: F401  # registers the test game
from engine.core.export import export_document, seed_hash, shipped_content_hash
from engine.replay import ReplayRefused, content_of, main, verify


def play(ruleset: str, options: dict[str, Any], seed: str, *, limit: int, undo_at: int | None = None) -> dict[str, Any]:
    """Random seats' sample actions, logged as the store logs them (with one undo if asked)."""
    rs = engine.ruleset(ruleset)
    state = rs.setup(options, seed)
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for _ in range(limit):
        if rs.result(state) is not None:
            break
        prompts = [p for p in rs.prompts(state) if p.waiting and p.seat >= 0]
        if not prompts:
            break
        seat = prompts[0].seat
        action = rs.sample_action(state, seat, rng)
        previous = state
        state, _ = rs.apply(state, seat, action)
        rows.append({"seq": len(rows) + 1, "kind": "action", "seat": seat, "action": action})
        if undo_at is not None and len(rows) == undo_at:
            # Taken back at once (the store's undo), then played again the same way.
            rows.append({"seq": len(rows) + 1, "kind": "undo", "seat": seat, "action": {"seq": rows[-1]["seq"]}})
            state, _ = rs.apply(previous, seat, action)
            rows.append({"seq": len(rows) + 1, "kind": "action", "seat": seat, "action": action})
    final = rs.result(state)
    return export_document(
        game_id=1,
        ruleset=ruleset,
        status="finished" if final is not None else "active",
        options=options,
        seed_hash=seed_hash(seed),
        seed=seed,
        content=shipped_content_hash(rs),
        log=rows,
        result=final.model_dump(mode="json") if final is not None else None,
    )


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    doc = play("highcard", {"players": 3, "rounds": 2}, "s33d", limit=200, undo_at=4)
    assert doc["result"] is not None
    return doc


def test_a_finished_game_replays_to_its_result(finished: dict[str, Any]) -> None:
    # Through JSON, as a player gets it.
    doc = json.loads(json.dumps(finished))
    done = verify(doc)
    assert done.result == doc["result"]
    assert done.actions == len([r for r in doc["log"] if r["kind"] == "action"]) - 1  # one was undone


@pytest.mark.parametrize("ruleset", ["runewars", "ageofheroes"])
def test_a_shipped_game_replays(ruleset: str) -> None:
    doc = play(ruleset, {"players": 3}, "shipped-seed", limit=40)
    assert len(doc["log"]) > 5
    done = verify(json.loads(json.dumps(doc)))
    assert done.actions == len(doc["log"])
    assert done.state.model_dump_json() == verify(doc).state.model_dump_json()


def tampered(doc: dict[str, Any], change: Any) -> dict[str, Any]:
    copied = copy.deepcopy(doc)
    change(copied)
    return copied


def test_a_different_seed_is_refused(finished: dict[str, Any]) -> None:
    doc = tampered(finished, lambda d: d.update(seed="another"))
    with pytest.raises(ReplayRefused, match="does not match the announced hash"):
        verify(doc)


def test_a_different_hash_is_refused(finished: dict[str, Any]) -> None:
    doc = tampered(finished, lambda d: d.update(seed_hash=seed_hash("another")))
    with pytest.raises(ReplayRefused, match="does not match the announced hash"):
        verify(doc)


def test_a_changed_action_is_refused(finished: dict[str, Any]) -> None:
    # The last action is a public call: turning a hold into a raise changes the game.
    def change(d: dict[str, Any]) -> None:
        d["log"][-1]["action"] = {"type": "call", "raise": True}

    doc = tampered(finished, change)
    with pytest.raises(ReplayRefused, match=r"refused by the rules|replay ends with"):
        verify(doc)


def test_an_action_from_the_wrong_seat_is_refused(finished: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        d["log"][0]["seat"] = (d["log"][0]["seat"] + 1) % 3
        d["log"][1]["seat"] = d["log"][0]["seat"]

    with pytest.raises(ReplayRefused, match=r"refused by the rules|replay ends with"):
        verify(tampered(finished, change))


def test_a_changed_result_is_refused(finished: dict[str, Any]) -> None:
    doc = tampered(finished, lambda d: d["result"].update(winners=[9]))
    with pytest.raises(ReplayRefused, match="replay ends with"):
        verify(doc)


def test_other_content_is_refused(finished: dict[str, Any]) -> None:
    doc = tampered(finished, lambda d: d.update(content="0" * 64))
    with pytest.raises(ReplayRefused, match="played with content 0000"):
        verify(doc)


def test_an_undo_of_an_older_action_is_refused(finished: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        undo = next(r for r in d["log"] if r["kind"] == "undo")
        undo["action"]["seq"] = 1

    with pytest.raises(ReplayRefused, match="not consistent"):
        verify(tampered(finished, change))


def test_the_command_prints_the_result_or_the_refusal(
    finished: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "game.json"
    good.write_text(json.dumps(finished), encoding="utf-8")
    assert main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "Verified" in out and "Winners: seat" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered(finished, lambda d: d.update(seed="x"))), encoding="utf-8")
    assert main([str(bad)]) == 1
    assert "does not match the announced hash" in capsys.readouterr().err
    (tmp_path / "junk.json").write_text("not json", encoding="utf-8")
    assert main([str(tmp_path / "junk.json")]) == 1
    assert "is not a game export" in capsys.readouterr().err


def test_a_content_pack_game_is_checked_against_its_pack() -> None:
    # engine.core.content_packs records a pack as the options content_pack (text) and content_hash.
    rs = engine.ruleset("ageofheroes")
    assert content_of(rs, {"players": 3}) == shipped_content_hash(rs)
    pack = '{"game": "ageofheroes", "name": "house"}'
    assert content_of(rs, {"content_pack": pack}) == hashlib.sha256(pack.encode("utf-8")).hexdigest()


def test_a_game_with_a_content_pack_replays_with_its_pack() -> None:
    # The pack travels in the options (content_pack, content_hash); the export names its hash.
    pack = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "runewars-pack.json").read_text(
        encoding="utf-8"
    )
    digest = hashlib.sha256(pack.encode("utf-8")).hexdigest()
    doc = play("runewars", {"players": 3, "content_pack": pack, "content_hash": digest}, "pack-seed", limit=30)
    doc["content"] = digest  # what /game export writes for a game that records a pack
    assert verify(json.loads(json.dumps(doc))).actions == len(doc["log"])
    with pytest.raises(ReplayRefused, match="played with content"):
        verify(tampered(doc, lambda d: d.update(content=shipped_content_hash(engine.ruleset("runewars")))))
