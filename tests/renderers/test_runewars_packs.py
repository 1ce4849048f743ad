"""The Runewars board picture of a game played with a content pack (issue 11, docs/content-packs.md).

The view carries only the pack's hash (``content_hash``, VIEW.md); the picture must show the
pack's components (its heroes' attributes, its house flags on the legend) and say which pack it
is, both when drawn in the bot's thread and in a picture worker process (renderers/pool.py),
which gets the pack with the game's names resolver. Asserted on the scene and legend data, not
pixels.
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.core.content_packs import pack_hash
from engine.runewars.content import load_content
from engine.runewars.ruleset import RUNEWARS
from renderers import pool
from renderers.runewars import legend_notes, words_for
from renderers.runewars_scene import build_scene

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "runewars-pack.json"  # replaces hero H01 (house: false) and tactics T01
HOUSE_LINE = "House content (invented for this bot, not the printed game)"


def example() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


@cache
def _pack_view() -> dict[str, Any]:
    """The public view of a 2-player pack game once heroes are on the board (setup, seed 5)."""
    state = RUNEWARS.setup({"players": 2, "content_pack": example()}, 5)
    rng = random.Random(1)
    for _ in range(200):
        view = RUNEWARS.view(state, None)
        if (view.get("heroes") or {}).get("heroes"):
            return view
        prompt = RUNEWARS.prompts(state)[0]
        state, _ = RUNEWARS.apply(state, prompt.seat, RUNEWARS.sample_action(state, prompt.seat, rng))
    raise AssertionError("no hero reached the board")


def pack_view() -> dict[str, Any]:
    return copy.deepcopy(_pack_view())


def only_silhouette(view: dict[str, Any]) -> dict[str, Any]:
    """The same board with one hero, H01: the card the pack transcribed (``"house": false``)."""
    hero = dict(view["heroes"]["heroes"][0], card="H01", name="Silhouette", training={})
    view["heroes"]["heroes"] = [hero]
    return view


def test_the_view_of_a_pack_game_carries_the_pack_hash_and_a_shipped_game_none() -> None:
    assert pack_view()["content_hash"] == pack_hash(example())
    assert "content_hash" not in RUNEWARS.view(RUNEWARS.setup({"players": 2}, 5), None)


def test_the_scene_reads_the_packs_heroes_and_its_legend_names_the_pack() -> None:
    view = only_silhouette(pack_view())
    words = words_for("en", RUNEWARS.names_for_options({"content_pack": example()}))
    scene = build_scene(view, words)
    assert scene.pack == f"example-transcription ({pack_hash(example())[:12]})"
    (row,) = [r for p in scene.panels for r in p.heroes]
    assert row.name == "Silhouette" and row.strength == 2  # the pack's card (shipped: strength 1)
    assert load_content().hero("H01").strength == 1
    # RW-20.1's hero on the board is transcribed: the legend does not call the board's heroes house.
    assert "hero" not in scene.house and {"tile", "city"} <= set(scene.house)
    notes = legend_notes(scene, words)
    assert any(n.startswith(HOUSE_LINE) and "heroes" not in n and "map tiles" in n for n in notes)
    assert f"Content pack example-transcription ({pack_hash(example())[:12]})" in notes[-1]


def test_the_same_board_on_the_shipped_content_marks_the_hero_as_house() -> None:
    view = only_silhouette(pack_view())
    del view["content_hash"]
    words = words_for("en")
    scene = build_scene(view, words)
    assert scene.pack == "" and "hero" in scene.house
    (row,) = [r for p in scene.panels for r in p.heroes]
    assert row.strength == 1
    notes = legend_notes(scene, words)
    assert any(n.startswith(HOUSE_LINE) and "heroes" in n for n in notes)
    assert not any("Content pack" in n for n in notes)


def test_the_legend_is_in_the_readers_language_for_a_pack_game() -> None:
    words = words_for("zh_Hans", RUNEWARS.names_for_options({"content_pack": example()}))
    notes = legend_notes(build_scene(pack_view(), words), words)
    assert "example-transcription" in notes[-1] and "Content pack" not in notes[-1]


def test_a_view_naming_a_pack_this_process_never_checked_is_an_error() -> None:
    with pytest.raises(LookupError):
        build_scene({"content_hash": "0" * 64, "areas": [], "seats": []})


def test_a_pack_picture_drawn_in_a_worker_gets_the_pack_by_reference() -> None:
    """The job a worker gets holds the pack's text, not its whole content; rebuilt in a fresh
    process (as a spawned worker is), it draws the pack game's board."""
    names = RUNEWARS.names_for_options({"content_pack": example()})
    job = (pool.BOARD, "runewars", pack_view(), "en", names)
    payload = pool.dumps(job, ["runewars"])
    whole = len(pickle.dumps(load_content()))
    assert len(payload) < whole / 3  # by reference: the pack text, not the content
    script = (
        "import pickle, sys\n"
        "import engine.runewars\n"
        "from renderers import pool\n"
        "from renderers.runewars_scene import build_scene\n"
        "job = pickle.loads(sys.stdin.buffer.read())\n"
        "png = pool.run_job(job)\n"
        "scene = build_scene(job[2])\n"
        "print(png[:4] == b'\\x89PNG', scene.pack, [r.strength for p in scene.panels for r in p.heroes])\n"
    )
    view = only_silhouette(pack_view())
    payload = pool.dumps((pool.BOARD, "runewars", view, "en", names), ["runewars"])
    done = subprocess.run(
        [sys.executable, "-c", script], input=payload, capture_output=True, cwd=ROOT, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert done.stdout.decode().split() == ["True", "example-transcription", f"({pack_hash(example())[:12]})", "[2]"]
