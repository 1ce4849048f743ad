"""The Heroes III combat board picture (issue 17): every state of simulated skirmishes, from views only.

Games are played by the engine's own sampler in every skirmish mode (duel, siege, neutral with a
player or the engine running the neutrals, an AI hero). Every state's picture is composed (all
its artists built from the public view); a sample (every Nth state, the first of each
situation, the last) is also rasterised and checked, because rasterising all ~700 states would
take minutes on the shared machine.
"""

from __future__ import annotations

import random
import struct
from typing import Any

import pytest

import engine
import renderers
from cogs import decision_pictures
from engine.heroes3.content import load
from renderers import heroes3_combat as H
from renderers.words import Words, game_names

RS = engine.ruleset("heroes3-skirmish")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MODES: dict[str, dict[str, Any]] = {
    "duel": {"mode": "duel"},
    "siege": {"mode": "siege"},
    "neutral": {"mode": "neutral", "field_level": 4, "difficulty": "hard", "mp": 4},
    "neutral_ai": {"mode": "neutral", "neutral_ai": True, "field_level": 5, "mp": 4},
    "ai_hero": {"mode": "ai_hero"},
    "secondary": {"mode": "duel", "secondary": True},
}
EVERY = 25


def _size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def _situations(view: dict[str, Any]) -> set[str]:
    out = set()
    units = view.get("units") or []
    if view.get("attack"):
        out.add("attack")
    if view.get("result"):
        out.add("over")
    if any(u.get("paralysed") for u in units):
        out.add("paralysed")
    if any(u.get("defending") for u in units):
        out.add("defending")
    if any(s.get("destroyed") for s in view.get("structures") or []):
        out.add("breach")
    if int(view.get("round") or 0) == 0:
        out.add("placing")
    return out


def _play(options: dict[str, Any], seed: int, max_actions: int = 1500) -> tuple[list[Any], list[Any]]:
    """Every state of one seeded game (with the prompts open in it)."""
    rng = random.Random(seed)
    state = RS.setup({"players": 2, **options}, seed)
    states = [state]
    for _ in range(max_actions):
        if RS.result(state) is not None:
            break
        prompts = RS.prompts(state)
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        state, _ = RS.apply(state, prompt.seat, RS.sample_action(state, prompt.seat, rng))
        states.append(state)
    return states, [RS.prompts(s) for s in states]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_state_of_a_skirmish_draws_from_its_public_view(mode: str) -> None:
    """Issue 17: the board after every step; the picture is at least 1600 px wide and at most 400 KB."""
    states, _ = _play(MODES[mode], seed=3 + len(mode))
    words = Words("en", None)
    seen: set[str] = set()
    drawn = 0
    for i, state in enumerate(states):
        view = RS.view(state, None)
        assert all("hand" not in side for side in view["sides"]), "a public view with a hand"
        new = _situations(view) - seen
        seen |= new
        if i % EVERY and i != len(states) - 1 and not new:
            fig, _, _ = H._pixels(view, 1600, words)  # every artist of the picture, without rasterising it
            assert fig.axes[0].texts
            continue
        png = H.render_board(view, width=1600)
        width, height = _size(png)
        assert width >= 1600 and height > 900
        assert len(png) <= 400 * 1024, len(png)
        drawn += 1
    assert RS.result(states[-1]) is not None, "the sampled skirmish did not finish"
    assert drawn >= 2


def test_a_siege_draws_its_walls_gate_and_arrow_tower() -> None:
    """H3-39.4 / H3-39.8: the middle row's walls and gate, the tower's HP in the defender's panel."""
    states, _ = _play(MODES["siege"], seed=5)
    view = RS.view(states[len(states) // 3], None)
    assert view["structures"], "a siege without walls"
    fig, _, _ = H._pixels(view, 1600, Words("en", None))
    texts = [t.get_text() for t in fig.axes[0].texts]
    kinds = {s["kind"] for s in view["structures"] if not s["destroyed"]}
    if "wall" in kinds:
        assert "Wall" in texts
    assert any(t.startswith("The arrow tower:") for t in texts), texts


def test_the_picture_never_shows_a_hand() -> None:
    """H-1: the picture is drawn only from public facts; a seat's own view (which carries its hand)
    draws exactly the same picture as the public view, so no hand can reach the thread."""
    states, _ = _play(MODES["duel"], seed=9)
    state = states[len(states) // 2]
    public = RS.view(state, None)
    own = RS.view(state, 0)
    assert any("hand" in s for s in own["sides"])
    assert H.render_board(own) == H.render_board(public)


def test_every_unit_card_shows_its_name_side_and_damage() -> None:
    """H3-33.11: a card's side (Few/Pack), its damage and its tokens are on the picture."""
    states, _ = _play(MODES["duel"], seed=4)
    view = next(
        (v for v in (RS.view(s, None) for s in states) if any(u.get("damage") for u in v["units"] if u.get("pos"))),
        None,
    )
    assert view is not None
    fig, _, _ = H._pixels(view, 1600, Words("en", game_names("engine.heroes3")))
    texts = [t.get_text() for t in fig.axes[0].texts]
    content = load()
    for u in view["units"]:
        if u.get("pos") is None or not u.get("alive", True) or u["card"] == "arrow_tower":
            continue
        assert content.unit(u["card"]).name in texts, u["card"]
        if u["damage"]:
            assert f"{u['damage']} dmg" in texts
    assert {"Few", "Pack"} & set(texts)


def test_initiative_order_alternates_ties_from_the_attacker() -> None:
    """H3-34.2: descending initiative; a tie between the sides alternates, the attacker first;
    the active unit leads and the units that already acted come last."""

    def unit(uid: str, team: int, card: str, activated: bool = False) -> dict[str, Any]:
        return {"uid": uid, "team": team, "card": card, "side": "few", "pos": [0, 0], "activated": activated}

    # Halberdiers (Few) have initiative 4; Marksmen and Troglodytes are checked from the content.
    view = {
        "active": "d9",
        "units": [
            unit("a1", 0, "halberdiers"),
            unit("d1", 1, "halberdiers"),
            unit("a2", 0, "halberdiers"),
            unit("d2", 1, "halberdiers", activated=True),
            unit("d9", 1, "halberdiers"),
        ],
    }
    order = [u["uid"] for u in H.initiative_order(view)]
    assert order == ["d9", "a1", "d1", "a2", "d2"]


def test_a_decision_picture_labels_its_candidates_with_the_button_texts() -> None:
    """Placement, moves and targets (H3-32, H3-28.1, H3-28.3) get the board with their candidates;
    the candidates are what ``cogs.decision_pictures`` finds in the prompt (cells and target units)."""
    states, prompts = _play(MODES["siege"], seed=5)
    found: dict[str, dict[str, str]] = {}
    attacked: list[str] = []
    for state, open_prompts in zip(states, prompts, strict=True):
        for p in open_prompts:
            view = decision_pictures.picture_view(RS, state, p)
            chosen = decision_pictures.candidates(p, view)
            attacks = [o.action for o in p.options if o.action.get("type") == "attack"]
            if chosen and attacks and not attacked:  # a target unit stands for its square
                unit = next((u for u in view["units"] if u["uid"] == attacks[0]["target"]), None)
                if unit is not None and unit.get("pos") is not None:
                    attacked.append(f"{unit['pos'][0]},{unit['pos'][1]}")
                    assert attacked[0] in chosen, (chosen, attacks)
            if chosen and p.rule not in found:
                found[p.rule] = chosen
                png = H.render_decision(view, chosen)
                assert _size(png)[0] >= 1600 and len(png) <= 400 * 1024
    assert {"H3-32", "H3-28.1"} <= set(found), sorted(found)
    assert all("," in key for key in found["H3-32"]), "placement names cells"
    assert attacked, "no prompt offered an attack on a unit"


def test_the_arrow_tower_as_a_target_is_labelled_with_its_button(monkeypatch: pytest.MonkeyPatch) -> None:
    """H3-39.8: the tower stands beside the board, on no square; when an option attacks it, the decision
    picture still labels it with that option's button text (beside the defender's panel), as it does
    for the targets on the board."""
    found: tuple[Any, Any] | None = None
    for seed in range(1, 30):  # the first sampled siege where a unit may shoot at the tower
        states, prompts = _play(MODES["siege"], seed=seed)
        found = next(
            (
                (state, p)
                for state, open_prompts in zip(states, prompts, strict=True)
                for p in open_prompts
                if any(o.action.get("target") == "tower" for o in p.options)
            ),
            None,
        )
        if found is not None:
            break
    assert found is not None, "no sampled siege offered an attack on the arrow tower"
    state, prompt = found
    view = decision_pictures.picture_view(RS, state, prompt)
    chosen = decision_pictures.candidates(prompt, view)
    index = next(i for i, o in enumerate(prompt.options) if o.action.get("target") == "tower")
    button = decision_pictures.option_labels(prompt)[index]
    assert chosen.get("tower") == button, chosen
    drawn: list[tuple[str, float, float]] = []
    label = H._label

    def recording(pen: Any, text: str, cx: float, cy: float, room: float) -> None:
        drawn.append((text, cx, cy))
        label(pen, text, cx, cy, room)

    monkeypatch.setattr(H, "_label", recording)
    png = H.render_decision(view, chosen)
    assert _size(png)[0] >= 1600
    beside = [(x, y) for text, x, y in drawn if text == button]
    assert beside and all(x > H.PANEL_X for x, _ in beside), drawn  # in the panels' column, off the board


def test_a_decision_over_no_known_candidate_still_draws() -> None:
    states, _ = _play(MODES["duel"], seed=6, max_actions=30)
    view = RS.view(states[-1], None)
    png = H.render_decision(view, {"nowhere": "X", "9,9": "Y", "a,b": "Z"})
    assert _size(png)[0] >= 1600


def test_chinese_picture_and_registry() -> None:
    """The game's language: a Chinese picture renders (CJK font); the registry finds the module by the
    game's name before the variant (``heroes3-skirmish`` -> ``renderers.heroes3``)."""
    states, _ = _play(MODES["neutral"], seed=7, max_actions=60)
    view = RS.view(states[-1], None)
    assert _size(H.render_board(view, locale="zh_Hans"))[0] >= 1600
    assert renderers.renderer_for("heroes3-skirmish") is H.render_board
    assert renderers.decision_renderer_for("heroes3-skirmish") is H.render_decision


def test_a_quick_combat_draws_its_result_on_an_empty_board() -> None:
    """H3-31.1: a hero above the field's level wins at once; the picture says so with no unit placed."""
    state = RS.setup({"players": 2, "mode": "neutral", "level": 5, "field_level": 1}, 3)
    view = RS.view(state, None)
    assert view["result"]["outcome"] == "quick"
    fig, _, _ = H._pixels(view, 1600, Words("en", None))
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any("wins" in t for t in texts), texts
    assert _size(H.render_board(view))[0] >= 1600


@pytest.mark.parametrize(("locale", "said"), [("en", "2 re-rolls left"), ("zh_Hans", "剩余重掷2次")])
def test_a_sides_open_rerolls_are_drawn_beside_its_purse(locale: str, said: str) -> None:
    # H3-35.3: a re-roll a card played in the open granted is public; the side's panel says how many are left
    states, _ = _play(MODES["duel"], seed=9, max_actions=40)
    view = RS.view(states[-1], None)
    main = next(s for s in view["sides"] if s.get("main_hero"))
    _, pen = H._canvas(1600, H.words_for(locale, None))
    assert int(main.get("rerolls") or 0) == 0
    assert not [line for line in H._side_lines(pen, view, main) if said in line]
    main["rerolls"] = 2
    assert [line for line in H._side_lines(pen, view, main) if said in line]
