"""Every map decision posted in the thread carries a picture whose candidates are its buttons (issue 12).

A real store and ``Referee`` play the first year of a 3-player Runewars game with random
legal answers; every post is recorded with its components and its picture. For each
public prompt posted, the test works out on its own which options name an area of the
current public view: a prompt whose options mostly do must come with a PNG, drawn from the
public view, whose candidates (area -> label) are exactly those areas, each labelled with the
text of the button or menu entry of the option that names it. Prompts of another kind come
without a picture.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import discord
import numpy as np
import pytest
from PIL import Image

import engine
import renderers
from cogs import decision_pictures
from cogs.referee import Referee
from engine.core import Prompt
from renderers import runewars as R

from .stubs import open_referee

GUILD, CHANNEL, THREAD = 1, 2, 3
USERS = (101, 102, 103)
RS = engine.ruleset("runewars")


def _labels(view: discord.ui.View | None) -> list[str]:
    """The labels a message's components show: buttons and select-menu entries."""
    out: list[str] = []
    for item in view.children if view is not None else []:
        child = getattr(item, "item", item)  # our persistent components wrap the Button or Select
        if isinstance(child, discord.ui.Select):
            out += [o.label for o in child.options]
        elif isinstance(child, discord.ui.Button) and child.label:
            out.append(child.label)
    return out


def _named(action: dict[str, Any]) -> Any:
    """The place an option names: a choice's value, a placement's area, where a hero's path ends,
    or the hex a map tile goes to (setup, RW-4.3: "q,r")."""
    if action.get("type") == "rw_tile":
        return f"{action['q']},{action['r']}"
    path = action.get("path")
    return path[-1] if isinstance(path, list) and path else action.get("value") or action.get("area")


def _expected(prompt: Prompt, view: dict[str, Any]) -> set[str]:
    """The places a prompt's options name, worked out here from the actions alone."""
    ids = {a["id"] for a in view["areas"]} | {
        _named(o.action) for o in prompt.options if o.action.get("type") == "rw_tile"
    }
    named = [_named(o.action) for o in prompt.options]
    hits = [n for n in named if isinstance(n, str) and n in ids]
    return set(hits) if hits and 2 * len(hits) >= len(prompt.options) else set()


async def test_every_public_map_decision_of_a_year_carries_its_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _client, referee = await open_referee(str(tmp_path / "pictures.sqlite3"))
    assert isinstance(referee, Referee)
    drawn: list[tuple[dict[str, Any], dict[str, str], bytes | None]] = []
    real = renderers.render_decision_png

    async def recording(ruleset: str, view: dict[str, Any], candidates: Any, **kw: Any) -> bytes | None:
        png = await real(ruleset, view, candidates, **kw)
        drawn.append((view, dict(candidates), png))
        return png

    monkeypatch.setattr(renderers, "render_decision_png", recording)
    # Each prompt the referee posts in the thread asks ``decision_pictures.picture`` for its picture …
    asked: list[tuple[Prompt, bytes | None]] = []
    real_picture = decision_pictures.picture

    async def picture(game: Any, state: Any, prompt: Prompt, *args: Any, **kw: Any) -> bytes | None:
        png = await real_picture(game, state, prompt, *args, **kw)
        asked.append((prompt, png))
        return png

    # … and the message goes out as a new post or an edit of the seat's last one.
    posts: list[tuple[discord.ui.View | None, bytes | None]] = []

    async def post(game: Any, content: Any, *, view: Any = None, png: bytes | None = None, **_: Any) -> None:
        posts.append((view, png))

    async def edit(game: Any, message_id: int, content: Any, *, view: Any = None, png: bytes | None = None) -> bool:
        posts.append((view, png))
        return True

    monkeypatch.setattr(decision_pictures, "picture", picture)
    monkeypatch.setattr(referee.delivery, "post", post)
    monkeypatch.setattr(referee.delivery, "edit", edit, raising=False)
    try:
        game = await store.create_game(GUILD, CHANNEL, "runewars", {}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        outcome = await store.start(game.id, USERS[0], seed="decision-pictures")
        await referee.publish(outcome.game, [], outcome)
        rng = random.Random(5)
        checked = 0
        for _ in range(400):
            loaded = await store.load(game.id)
            state = loaded.state
            if state.year > 1 or RS.result(state) is not None:
                break
            waiting = [p for p in loaded.prompts if p.waiting and p.seat >= 0]
            if not waiting:
                break
            prompt = rng.choice(waiting)
            user = next(s.user_id for s in loaded.seats if s.seat == prompt.seat)
            auto = next((o.action for o in prompt.options if o.action.get("type") == "rw_auto_map"), None)
            action = dict(auto or RS.sample_action(state, prompt.seat, rng))
            posts.clear()
            drawn.clear()
            asked.clear()
            outcome = await store.act(game.id, user, action, seat=prompt.seat)
            await referee.publish(outcome.game, loaded.prompts, outcome)
            public = RS.view(outcome.state, None)
            for posted, png in asked:
                # A secret map decision is drawn from its seat's own view and goes by DM.
                own = RS.view(outcome.state, posted.seat) if posted.secret else public
                want = _expected(posted, own)
                if not want:
                    assert png is None, posted.question
                    continue
                assert png is not None, f"no picture with {posted.question!r}"
                pictured = [d for d in drawn if d[2] is png]
                assert pictured, posted.question
                seen_view, candidates, _ = pictured[0]
                assert seen_view == own  # the public view in the thread, the seat's in its DM; current
                assert set(candidates) == want
                if posted.secret:
                    continue
                sent = [view for view, carried in posts if carried is png]
                assert len(sent) == 1, posted.question  # the picture goes out with the prompt's own message
                assert set(candidates.values()) <= set(_labels(sent[0]))
                labels = decision_pictures.option_labels(posted, "en")
                for area, label in candidates.items():
                    assert any(_named(o.action) == area and labels[i] == label for i, o in enumerate(posted.options)), (
                        f"{area} is not labelled as its button in {posted.question!r}"
                    )
                with Image.open(io.BytesIO(png)) as im:
                    assert im.format == "PNG" and im.width > 400
                checked += 1
        assert checked >= 5  # homes, activations, retreats … at least a handful of map decisions
    finally:
        await store.close()


def test_candidates_use_the_component_labels_and_skip_non_map_prompts() -> None:
    rng = random.Random(3)
    state = RS.setup({"players": 3}, "labels")
    found = 0
    for _ in range(300):
        prompts = RS.prompts(state)
        view = RS.view(state, None)
        for p in prompts:
            got = decision_pictures.candidates(p, view, "en")
            want = _expected(p, view) if p.seat >= 0 else set()
            assert set(got) == want, p.question
            if got:
                found += 1
                labels = set(decision_pictures.option_labels(p, "en").values())
                assert set(got.values()) <= labels
        waiting = [p for p in prompts if p.waiting] or prompts
        prompt = rng.choice(waiting)
        if prompt.seat < 0:
            break
        auto = next((o.action for o in prompt.options if o.action.get("type") == "rw_auto_map"), None)
        state, _ = RS.apply(state, prompt.seat, dict(auto or RS.sample_action(state, prompt.seat, rng)))
    assert found >= 3


def test_a_secret_decision_is_drawn_from_its_seats_view_and_a_public_one_from_the_public_view() -> None:
    state = RS.setup({"players": 2}, "views")
    secret = Prompt(seat=1, key="k", rule="RW-27.3.3", question="q", secret=True)
    public = Prompt(seat=1, key="k", rule="RW-10.7.1", question="q")
    assert decision_pictures.picture_view(RS, state, secret) == RS.view(state, 1)
    assert decision_pictures.picture_view(RS, state, public) == RS.view(state, None)


def test_a_map_decision_picture_is_a_cropped_png_with_the_candidates_outlined() -> None:
    from bench.render import crowded_view

    view = crowded_view(players=3, actions=80)
    ids = [a["id"] for a in view["areas"]]
    few = {ids[0]: f"Retreat to {ids[0]}", ids[1]: f"Retreat to {ids[1]}"}
    png = R.render_decision(view, few, width=900)
    full = R.render_board(view, width=900)
    with Image.open(io.BytesIO(png)) as im, Image.open(io.BytesIO(full)) as board:
        assert im.width <= 900 and im.height < board.height  # the map only, cut round the candidates
        pixels = np.asarray(im.convert("RGB"), dtype=int)
    outline = np.abs(pixels - (0xFF, 0xCC, 0x00)).sum(axis=2) < 24
    assert outline.sum() > 500  # the candidates' outline


async def test_the_result_post_carries_the_summary_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, _client, referee = await open_referee(str(tmp_path / "summary.sqlite3"))
    assert isinstance(referee, Referee)
    posts: list[tuple[str, bytes | None]] = []

    async def post(game: Any, content: Any, *, png: bytes | None = None, **_: Any) -> None:
        posts.append((str(content), png))

    monkeypatch.setattr(referee.delivery, "post", post)
    try:
        game = await store.create_game(GUILD, CHANNEL, "runewars", {}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        outcome = await store.start(game.id, USERS[0], seed="summary-picture")
        rng = random.Random(2)
        while outcome.result is None:
            loaded = await store.load(game.id)
            prompt = rng.choice([p for p in loaded.prompts if p.waiting] or loaded.prompts)
            if prompt.seat < 0:
                action = dict(prompt.options[0].action) if prompt.options else {"type": "gm_resolve", "task": 0}
                user = USERS[0]
            else:
                auto = next((o.action for o in prompt.options if o.action.get("type") == "rw_auto_map"), None)
                action = dict(auto or RS.sample_action(loaded.state, prompt.seat, rng))
                user = next(s.user_id for s in loaded.seats if s.seat == prompt.seat)
            before = loaded.prompts
            outcome = await store.act(game.id, user, action, seat=prompt.seat)
        monkeypatch.setattr(decision_pictures, "picture", _no_picture)  # only the end is looked at here
        await referee.publish(outcome.game, before, outcome)
        with_picture = [png for _, png in posts if png is not None]
        assert with_picture, "no picture at the end"
        with Image.open(io.BytesIO(with_picture[-1])) as im:
            assert im.format == "PNG" and im.height > im.width  # charts stacked over the standings
        record = await store.get_game(game.id)
        seats = {s.seat: s for s in await store.seats(game.id) if s.seat is not None}
        direct = await decision_pictures.summary(store, record, outcome, "en", referee.names(record, seats))
        assert direct == with_picture[-1]  # the result post's picture is the summary of this game
    finally:
        await store.close()


async def _no_picture(*_: Any, **__: Any) -> bytes | None:
    return None


def test_board_panels_name_each_seats_player_from_the_clients_users() -> None:
    from types import SimpleNamespace

    from cogs import lang
    from renderers.runewars_scene import build_scene
    from renderers.words import Words

    users = {USERS[0]: SimpleNamespace(display_name="alice"), USERS[1]: SimpleNamespace(display_name="b" * 30)}
    client = SimpleNamespace(get_user=users.get)
    seats = {i: SimpleNamespace(user_id=u, faction=None) for i, u in enumerate(USERS)}
    names = decision_pictures.with_players(client, lang.names_for("runewars", seats), seats)
    state = RS.setup({"players": 3}, "names")
    panels = build_scene(RS.view(state, None), Words("en", names)).panels
    assert [p.player for p in panels] == ["alice", "b" * 17 + "…", ""]  # an uncached user: no name
    png = R.render_board(RS.view(state, None), width=900, names=names)
    assert png != R.render_board(RS.view(state, None), width=900)
