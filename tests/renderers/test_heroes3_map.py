"""The Heroes III Clash adventure map picture (issue 17), over simulated games.

Every state of a 2-player and a 3-player Clash and of a Tournament game is laid out from its
public view (a sample is rasterised); the public picture's words never name a card that sits
only in a hand (H-1) nor a face-down tile (H-9); a seat's own picture shows its hand and no other
seat's; a map decision (walk, discover: H3-9.2, H3-23.1) is drawn with its button texts.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import engine
import renderers
from cogs import decision_pictures
from engine.core import Prompt
from renderers import heroes3_map as M

RS = engine.ruleset("heroes3")


def _states(options: dict[str, Any], seed: str, steps: int) -> list[Any]:
    """The states of one random game, every one of them (first ``steps`` actions)."""
    state = RS.setup(options, seed)
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        if RS.result(state) is not None:
            break
        prompts = RS.prompts(state)
        p = rng.choice([x for x in prompts if x.waiting] or prompts)
        action = RS.sample_action(state, p.seat, rng) if p.seat >= 0 else dict(p.options[0].action)
        state, _ = RS.apply(state, p.seat, action)
        out.append(state)
    return out


def _texts(view: dict[str, Any], locale: str = "en") -> list[str]:
    """Every word the picture of ``view`` draws over its cached map layer (laid out, not rasterised)."""
    words = M._words(locale, None)
    _, pen, _, _ = M._pixels(view, 1800, words)
    return [t.get_text() for t in pen.ax.texts]


def _hidden_cards(state: Any, view: dict[str, Any]) -> set[str]:
    """Card names in some hand or search and nowhere public (discards, removed piles, decks' discards)."""
    public: set[str] = set()
    for p in view["players"]:
        public |= set(p["discard"]) | set(p["removed"])
    for d in view["decks"].values():
        public |= set(d["discard"])
    hidden: set[str] = set()
    for seat in range(len(view["players"])):
        you = RS.view(state, seat)["you"]
        hidden |= {c["card"] for c in you["hand"]} | {c["card"] for c in you["searching"]}
    return hidden - public


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"players": 2}, "map-2p"), ({"players": 3}, "map-3p"), ({"players": 2, "mode": "tournament"}, "map-tour")],
)
def test_every_state_is_drawn_from_its_public_view(options: dict[str, Any], seed: str) -> None:
    """H-1/H-9: the public picture's inputs carry no hand and no face-down tile id; its words name no hidden card."""
    states = _states(options, seed, 90)
    english = {c.id: c.name for c in M._content().cards.values()}
    for i, state in enumerate(states):
        view = RS.view(state, None)
        assert "you" not in view
        for t in view["tiles"]:
            assert t["face_up"] or "tile" not in t  # H-9: a back only
            if t.get("fields"):  # the picture's geometry is the engine's (H3-22.9)
                assert M._fields(t) == [tuple(f["hex"]) for f in t["fields"]]
        texts = "\n".join(_texts(view))
        for card in _hidden_cards(state, view):
            name = english.get(card, card)
            assert name not in texts, f"state {i}: {name} is in a hand only"
        if i % 30 == 0:
            png = M.render_board(view)
            image = Image.open(io.BytesIO(png))
            assert image.size[0] >= 1600
            assert len(png) <= 400_000


def test_own_picture_shows_the_hand_and_no_other() -> None:
    """H-1: a seat's picture lists its own hand with the cards' text; another seat's hand is never in it."""
    state = [s for s in _states({"players": 2}, "map-own", 40) if s.combat is None][-1]
    mine, theirs = RS.view(state, 0), RS.view(state, 1)
    english = {c.id: c.name for c in M._content().cards.values()}
    texts = "\n".join(_texts(mine))
    assert "Your hand" in texts
    for c in mine["you"]["hand"]:
        assert english[c["card"]] in texts
    public = _texts(RS.view(state, None))
    only_theirs = {english[c["card"]] for c in theirs["you"]["hand"]} - {
        english[c["card"]] for c in mine["you"]["hand"]
    }
    for name in only_theirs:
        if not any(name in t for t in public):
            assert name not in texts
    png = M.render_board(mine, locale="zh_Hans")
    assert Image.open(io.BytesIO(png)).size[1] > Image.open(io.BytesIO(M.render_board(RS.view(state, None)))).size[1]


def _main_prompt(seed: str) -> tuple[Any, Prompt]:
    for state in _states({"players": 2}, seed, 60):
        for p in RS.prompts(state):
            if any(o.action.get("type") == "walk" for o in p.options):
                return state, p
    raise AssertionError("no walk offered")


def test_a_move_is_a_map_decision_labelled_with_its_buttons() -> None:
    """H3-9.2: the fields a hero may step to (and a tile it may discover, H3-23.1) are the candidates."""
    state, prompt = _main_prompt("map-move")
    view = RS.view(state, None)
    chosen = decision_pictures.candidates(prompt, view)
    walks = [o.action for o in prompt.options if o.action.get("type") == "walk"]
    assert {f"{a['to'][0]},{a['to'][1]}" for a in walks} <= set(chosen)
    png = M.render_decision(view, chosen)
    assert Image.open(io.BytesIO(png)).size[0] >= 1600
    assert renderers.decision_renderer_for("heroes3") is M.render_decision


def test_a_combat_on_the_map_is_drawn_on_the_combat_board() -> None:
    """H3-30/H3-32.1: while a combat is fought on the map, the picture is its 4 x 5 board (1600 px wide)."""
    fights = [s for s in _states({"players": 2}, "map-own", 80) if s.combat is not None]
    assert fights, "no combat in 80 actions"
    view = RS.view(fights[0], None)
    fighting = M.combat_view(view)
    assert fighting is not None and fighting["units"] == view["combat"]["units"]
    image = Image.open(io.BytesIO(M.render_board(view)))
    assert image.size[0] >= 1600


def test_the_picture_is_in_the_readers_language() -> None:
    state = _states({"players": 2}, "map-zh", 20)[-1]
    view = RS.view(state, None)
    texts = _texts(view, "zh_Hans")
    assert any("轮" in t for t in texts)  # H3 rounds are 轮 (glossary §1.5)
    assert renderers.renderer_for("heroes3") is M.render_board
