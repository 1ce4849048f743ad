"""Cloudspire's decision pictures and private picture (issue 14).

* Every hex decision of simulated 2, 3 and 4-player games (tower placement and land tiles,
  CS-17.1; moves, CS-19.2.1 and CS-9.11; exploration, CS-19.4.1; attack targets, CS-19.5.1;
  tower fire, CS-19.3.1 …) is a map decision for ``cogs.decision_pictures``, renders, and
  carries each candidate's button label on the picture.
* The private picture per seat (its stack in order, the landmark faces it explored, its
  relics; H5, H18, H24-H26) is drawn from that seat's view only; the public picture's
  inputs (the public view) hold none of it, and another seat's picture does not show it.
"""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

import engine
from cogs import decision_pictures as dp
from engine.core import GM_SEAT, Prompt
from renderers import cloudspire as C
from renderers.words import Words, game_names

RS = engine.ruleset("cloudspire")
HEX_RULES = {"CS-17.1", "CS-19.2.1", "CS-9.11", "CS-19.4.1", "CS-19.5.1", "CS-19.3.1", "CS-9.6", "CS-19.1.2"}


def play(players: int, seed: str, steps: int) -> list[tuple[Any, list[Prompt]]]:
    """Random legal play; every state with its open prompts."""
    state = RS.setup({"players": players}, seed)
    rng = random.Random(seed)
    out: list[tuple[Any, list[Prompt]]] = []
    for _ in range(steps):
        if RS.result(state) is not None:
            break
        prompts = RS.prompts(state)
        out.append((state, prompts))
        waiting = [p for p in prompts if p.waiting] or prompts
        if not waiting:
            break
        prompt = rng.choice(waiting)
        action = dict(prompt.options[0].action) if prompt.seat < 0 else RS.sample_action(state, prompt.seat, rng)
        state, _ = RS.apply(state, prompt.seat, action)
    return out


def _words() -> Words:
    return Words("en", game_names("engine.cloudspire"))


def test_every_hex_decision_gets_a_picture_with_its_button_labels() -> None:
    seen: set[str] = set()
    for players, seed in ((2, "csd-2"), (3, "csd-3"), (4, "csd-4")):
        for state, prompts in play(players, seed, 900):
            for prompt in prompts:
                if prompt.seat == GM_SEAT or not prompt.options or prompt.rule in seen:
                    continue
                view = dp.picture_view(RS, state, prompt)
                chosen = dp.candidates(prompt, view)
                if not chosen:
                    assert prompt.rule not in HEX_RULES or not any(
                        "hex" in o.action or "to" in o.action for o in prompt.options
                    ), f"{prompt.rule} names hexes but got no picture"
                    continue
                seen.add(prompt.rule)
                board = set(view["board"])
                assert all(C._is_hex(k) for k in chosen), chosen
                # A candidate off the islands is a place a tile or a gate may go: drawn as a pale hex.
                assert all(k in board or prompt.rule in ("CS-17.1", "CS-5.6") for k in chosen), (prompt.rule, chosen)
                labels = set(dp.option_labels(prompt).values())
                assert set(chosen.values()) <= labels  # exactly the buttons' text
                drawn = " ".join(C.decision_words(view, chosen))
                for key, label in chosen.items():
                    if len(chosen) > C.CROWDED and key in label:  # a crowded decision: the hex as the button writes it
                        assert key in drawn.split(), (key, drawn[:200])
                    else:
                        assert all(word in drawn for word in label.split()), (label, drawn[:200])
                png = C.render_decision(view, chosen)
                with Image.open(io.BytesIO(png)) as image:
                    assert image.width >= 400 and image.height >= 300
    assert {"CS-17.1", "CS-19.2.1", "CS-19.4.1"} <= seen, seen


def test_an_empty_candidate_list_draws_the_islands() -> None:
    state, _ = play(2, "csd-2", 60)[-1]
    px = C.decision_pixels(RS.view(state, None), {})
    assert px.shape[0] > 300 and px.shape[1] > 300


def _rich(players: int, seed: str) -> tuple[Any, int]:
    """A state where some seat has a stack, a relic or an explored face down landmark (most of them)."""
    best: tuple[int, Any, int] | None = None
    for state, _ in play(players, seed, 1500):
        for seat in range(players):
            v = RS.view(state, seat)
            me = v["players"][seat]
            known = sum(1 for lm in v["landmarks"] if lm.get("chip") and not lm.get("face_up"))
            score = len(me["stack"] or []) + len(me["relics"] or []) + known
            if best is None or score > best[0]:
                best = (score, state, seat)
    assert best is not None and best[0] >= 2, "no seat ever held a secret"
    return best[1], best[2]


def test_the_private_picture_comes_from_the_seats_view_only() -> None:
    state, seat = _rich(2, "csd-private")
    words = _words()
    mine = RS.view(state, seat)
    public = RS.view(state, None)
    other = RS.view(state, 1 - seat)
    lines = C.private_lines(mine, words)
    stack = mine["players"][seat]["stack"] or []
    if stack:  # the stack in order, top first (H24)
        names = [words.name("unit", u["type"]) for u in stack]
        assert all(name in lines[0] for name in names)
        assert [lines[0].index(f"{i + 1}. {n}") for i, n in enumerate(names)] == sorted(
            lines[0].index(f"{i + 1}. {n}") for i, n in enumerate(names)
        )
    # The public picture's inputs hold none of it: every private line is empty there.
    empty = C.private_lines(public, words)
    assert all(line.endswith(words(C.PRIVATE_EMPTY())) for line in empty), empty
    assert public["seat"] is None and all(p["stack"] is None and p["relics"] is None for p in public["players"])
    drawn_public = " ".join(C.picture_words(public))
    assert words(C.PRIVATE_HEAD(name="")).split("·")[0].strip() not in drawn_public
    secret_faces = [
        words.name("landmark", lm["chip"]) for lm in mine["landmarks"] if lm.get("chip") and not lm.get("face_up")
    ]
    for face in secret_faces:
        assert face not in drawn_public
        assert face in lines[1]
    # Another seat's own picture shows its own strip, not this seat's.
    theirs = " ".join(C.picture_words(other))
    assert lines[0] not in theirs or not stack
    # The picture itself: the public board with the strip under it.
    with Image.open(io.BytesIO(C.render_board(mine))) as a, Image.open(io.BytesIO(C.render_board(public))) as b:
        assert a.width == b.width and a.height > b.height


def test_the_private_picture_in_chinese() -> None:
    state, seat = _rich(2, "csd-private")
    drawn = " ".join(C.picture_words(RS.view(state, seat), locale="zh_Hans"))
    assert "你的部署供应堆（从顶部起）" in drawn and "你探索过的地标正面" in drawn, drawn[-200:]
