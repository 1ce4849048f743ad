"""The Heroes III Clash adventure map picture (issue 17), over simulated games.

Every state of a 2-player and a 3-player Clash and of a Tournament game is laid out from its
public view (a sample is rasterised); the public picture's words never name a card that sits
only in a hand (H-1) nor a face-down tile (H-9); a seat's own picture shows its hand and no other
seat's; a map decision (walk, discover: H3-9.2, H3-23.1) is drawn with its button texts.
"""

from __future__ import annotations

import copy
import io
import math
import random
from typing import Any

import pytest
from PIL import Image

import engine
import renderers
from cogs import decision_pictures
from engine.core import Prompt, RuleViolation
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


def test_a_tournament_tile_placement_shows_the_free_slots_inside_the_map() -> None:
    """H3-45.2: where a drawn tile may go are empty slots; the decision picture fits the map to take
    them in (each slot's seven fields inside the map box) and, no hero being out yet, says no MP."""
    state = RS.setup({"players": 2, "mode": "tournament"}, "map-tour-place")
    for _ in range(10):
        prompt = next(p for p in RS.prompts(state) if p.waiting)
        if prompt.rule == "H3-45.2":
            break
        state, _ = RS.apply(state, prompt.seat, dict(prompt.options[0].action))
    assert prompt.rule == "H3-45.2", prompt.rule
    view = RS.view(state, None)
    chosen = decision_pictures.candidates(prompt, view)
    slots = {f"{o.action['at'][0]},{o.action['at'][1]}" for o in prompt.options}
    assert set(chosen) == slots, (chosen, slots)
    on_map = {f for t in view["tiles"] for f in M._fields(t)}
    extra = tuple(sorted({M.field_hex(M._hex_key(k) or (0, 0), i) for k in slots for i in range(7)}))
    assert not set(extra) <= on_map  # the slots are off the map drawn so far
    frame = M._frame(view, extra)
    for h in extra:
        for x, y in frame.poly(h):
            assert M.MAP_X - 1 <= x <= M.MAP_X + M.MAP_W + 1 and M.MAP_Y - 1 <= y <= M.MAP_Y + M._map_height(view) + 1
    said: list[str] = []
    text = M._Pen.text

    def recording(pen: Any, x: float, y: float, words: str, *args: Any, **kwargs: Any) -> Any:
        said.append(words)
        return text(pen, x, y, words, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(M._Pen, "text", recording)
        png = M.render_decision(view, chosen)
    assert Image.open(io.BytesIO(png)).size[0] >= 1600
    listed = [t for t in said if t in set(chosen.values())]
    assert len(listed) == len(chosen), (listed, chosen)  # each slot's button text, as is: no "· 1 MP"


def _first(options: dict[str, Any], seed: str, rule: str) -> tuple[Any, Prompt]:
    """The first state of a game (first options taken) waiting on a prompt of ``rule``, and that prompt."""
    state = RS.setup(options, seed)
    for _ in range(40):
        prompt = next(p for p in RS.prompts(state) if p.waiting)
        if prompt.rule == rule:
            return state, prompt
        state, _ = RS.apply(state, prompt.seat, dict(prompt.options[0].action))
    raise AssertionError(f"no {rule} prompt in 40 steps")


@pytest.mark.parametrize(
    ("options", "rule"),
    [({"players": 2, "mode": "tournament"}, "H3-45.2.1"), ({"players": 2}, "H3-6.22")],
)
def test_a_tile_rotation_shows_the_tile_in_each_offered_turn_under_its_buttons_label(
    options: dict[str, Any], rule: str
) -> None:
    """H3-45.2.1 (a Centre tile) and H3-6.22 (a starting tile): each option names the tile's hex and its
    turn, so the picture previews the tile in every offered turn, each under exactly its button's text."""
    state, prompt = _first(options, "map-turn", rule)
    view = RS.view(state, None)
    buttons = decision_pictures.option_labels(prompt)
    chosen = decision_pictures.candidates(prompt, view)
    assert list(chosen.values()) == [buttons[i] for i in range(len(prompt.options))], (chosen, buttons)
    assert all("@" in key for key in chosen), chosen  # "q,r@turn": one candidate per offered turn
    said: list[str] = []
    text = M._Pen.text

    def recording(pen: Any, x: float, y: float, words: str, *args: Any, **kwargs: Any) -> Any:
        said.append(words)
        return text(pen, x, y, words, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(M._Pen, "text", recording)
        png = M.render_decision(view, chosen)
    assert Image.open(io.BytesIO(png)).size[0] >= 1600
    labels = [t for t in said if t.startswith(("Turned", "turned"))]
    assert labels == list(buttons.values()), (labels, buttons)  # the preview labels are the buttons' texts, in order


def test_a_rotation_answer_must_name_its_own_tile_and_turn() -> None:
    """H3-45.2.1: an answer whose ``turn`` or ``at`` is not its pick's is refused and changes nothing."""
    state, prompt = _first({"players": 2, "mode": "tournament"}, "map-turn", "H3-45.2.1")
    action = dict(prompt.options[2].action)
    before = RS.view(state, None)
    for bad in ({"turn": 3}, {"at": [action["at"][0] + 1, action["at"][1]]}):
        with pytest.raises(RuleViolation):
            RS.apply(state, prompt.seat, {**action, **bad})
    assert RS.view(state, None) == before
    after, _ = RS.apply(state, prompt.seat, action)
    turned = next(t for t in after.tiles if list(t.centre) == action["at"])
    assert turned.rotation == action["turn"] == 2


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


def _name_boxes(view: dict[str, Any], words: Any) -> list[tuple[float, float, float, float]]:
    """The location names of the cached tile layer as (x0, y0, x1, y1) boxes in design px (y down)."""
    drawn: list[Any] = []
    text = M._Pen.text

    def recording(pen: Any, x: float, y: float, said: str, *args: Any, **kwargs: Any) -> Any:
        out = text(pen, x, y, said, *args, **kwargs)
        if kwargs.get("z") == 3 and kwargs.get("room") is not None and len(pen.ax.texts):
            drawn.append((pen, pen.ax.texts[-1]))
        return out

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(M._Pen, "text", recording)
        M._static_layer(view, 1800, words)  # the names are laid out (and rasterised) here
    boxes = []
    for pen, t in drawn:
        fig = pen.ax.figure
        extent = t.get_window_extent(fig.canvas.get_renderer()).transformed(pen.ax.transData.inverted())
        boxes.append((extent.x0, min(extent.y0, extent.y1), extent.x1, max(extent.y0, extent.y1)))
    return boxes


def _discs(view: dict[str, Any], words: Any) -> list[tuple[float, float, float]]:
    """Every hero's disc as (x, y, radius) in design px."""
    _, pen, _, _ = M._pixels(view, 1800, words)
    discs = [p for p in pen.ax.patches if isinstance(p, M.Circle) and p.get_zorder() == 7]
    return [(c.center[0], c.center[1], c.radius) for c in discs]


@pytest.mark.parametrize("locale", ["en", "zh_Hans"])
def test_a_heros_disc_never_covers_a_location_name(locale: str) -> None:
    """Issue 17: a hero stood over its field's name ("Dungeon Town" under the disc); its disc is now at the
    top of the field, clear of every name (its own field's and the neighbours'), also when the main and
    the secondary hero share a field. A name's box is its text's extent with the font's line padding, so
    a disc may graze that padding by at most 1 design px."""
    words = M._words(locale, None)
    states = [s for s in _states({"players": 3}, "map-3p", 120)[20::25] if s.combat is None]
    views = [RS.view(s, None) for s in states]
    shared = copy.deepcopy(views[-1])
    for p in shared["players"]:
        if p.get("main") and p.get("secondary"):
            p["secondary"]["field"] = list(p["main"]["field"])
            break
    checked = 0
    for view in [*views, shared]:
        names = _name_boxes(view, words)
        assert names, "no location name recorded"
        for x, y, r in _discs(view, words):
            checked += 1
            for x0, y0, x1, y1 in names:
                nearest = math.hypot(x - min(max(x, x0), x1), y - min(max(y, y0), y1))
                assert nearest >= r - 1, ((x, y, r), (x0, y0, x1, y1))
    assert checked >= 6


def test_the_docs_map_pictures_are_written_by_one_command(tmp_path: Any) -> None:
    """Issue 17: ``python -m bench heroes3_map_render --save DIR`` writes the docs' two map pictures
    from seeded games, the same bytes on every run (the public map; seat 2's own picture in Chinese,
    which adds its hand's strip)."""
    from bench import heroes3_map_render

    first = heroes3_map_render.save_examples(tmp_path / "a")
    assert [p.name for p in first] == ["heroes3-map.png", "heroes3-map-private-zh.png"]
    assert heroes3_map_render.main(["--save", str(tmp_path / "b")]) == 0
    for path in first:
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes(), path.name
    public, private = (Image.open(p) for p in first)
    assert public.size[0] == private.size[0] == 1800
    assert private.size[1] > public.size[1]  # the private strip (H-1: only the seat's own view has a hand)
    assert "you" in heroes3_map_render.private_view() and "you" not in heroes3_map_render.mid_game_view()[0]


def test_an_alliance_picture_names_each_seats_team_in_the_readers_language() -> None:
    """H3-3.2.3: who plays with whom is public, so each seat's panel on the map picture says its team."""
    state = RS.setup({"players": 4, "mode": "alliance"}, "map-alliance")
    view = RS.view(state, None)
    assert view["teams"] == [[0, 2], [1, 3]]
    texts = _texts(view)
    assert texts.count("Team 1") == 2 and texts.count("Team 2") == 2
    zh = _texts(view, "zh_Hans")
    assert not any(t.startswith("Team ") for t in zh)
    clash = _texts(RS.view(RS.setup({"players": 4}, "map-clash-4"), None))
    assert not any(t.startswith("Team ") for t in clash)
