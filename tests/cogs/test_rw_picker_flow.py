"""The Runewars unit picker end to end, without Discord: a real store, a real Referee, the /rw cog.

The game is a real Runewars ruleset whose ``setup`` returns a position built with the flow
helpers (a move, a winter limit, a Strategize), so each test starts at the decision under
test. Every press goes through the components' own callbacks, rebuilt from their custom ids
as after a restart; a refusal must name the rule and leave the game byte-identical.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

import engine
from cogs import ids
from cogs import runewars as RW
from cogs import runewars_picker as P
from cogs.referee import Referee
from store import GameStore

from .stubs import Sent, StubClient, StubInteraction, open_referee
from .test_rw_picker import mobilize_state, strategize_state, winter_state

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (2001, 2002)


class Game:
    """A started two-seat Runewars game at a fixed position, behind a real store and Referee."""

    def __init__(
        self, store: GameStore, client: StubClient, referee: Referee, cog: RW.RunewarsCog, game_id: int
    ) -> None:
        self.store, self.client, self.referee, self.cog, self.game_id = store, client, referee, cog, game_id

    def interaction(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("channel_id", THREAD)
        kwargs.setdefault("guild_id", GUILD)
        return StubInteraction(self.client, user, **kwargs)

    async def user_of(self, seat: int) -> int:
        return next(s.user_id for s in await self.store.seats(self.game_id) if s.seat == seat)

    async def snapshot(self) -> tuple[int, str]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        return loaded.seq, loaded.state.model_dump_json()

    async def state(self) -> Any:
        return (await self.store.load(self.game_id)).state

    async def open_picker(self, seat: int = 0) -> tuple[StubInteraction, Any]:
        """Press the prompt's form button; the Runewars form builder answers with the picker."""
        loaded = await self.store.load(self.game_id)
        prompt = next(p for p in loaded.prompts if p.seat == seat)
        press = self.interaction(await self.user_of(seat))
        await self.referee.open_form(
            cast(Any, press), ids.PromptRef(ids.FORM, self.game_id, seat, ids.key_hash(prompt.key), 0)
        )
        return press, prompt


@pytest.fixture
async def start(tmp_path: Path) -> AsyncIterator[Callable[[Callable[[], Any]], Any]]:
    """``await start(build)``: a game whose Runewars setup returns ``build()``."""
    original = engine.ruleset("runewars")
    store, client, referee = await open_referee(str(tmp_path / "rw.sqlite3"))
    cog = RW.RunewarsCog(referee)
    await cog.cog_load()

    async def begin(build: Callable[[], Any]) -> Game:
        class Fixed(type(original)):  # type: ignore[misc]  # a subclass of whatever class the ruleset is
            def setup(self, options: dict[str, Any], seed: int | str) -> Any:
                return build()

        engine.register(Fixed())
        game = await store.create_game(GUILD, CHANNEL, "runewars", {}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed="picker")
        return Game(store, client, referee, cog, game.id)

    try:
        yield begin
    finally:
        engine.register(original)
        await store.close()


def components(sent: Sent) -> list[dict[str, Any]]:
    return [c for row in sent.view.to_components() for c in row["components"]]


def selects(sent: Sent) -> list[dict[str, Any]]:
    return [c for c in components(sent) if c["type"] == 3]


def button(sent: Sent, prefix: str) -> dict[str, Any]:
    return next(c for c in components(sent) if c["type"] == 2 and c["label"].startswith(prefix))


async def pick(game: Game, user: int, custom_id: str, values: list[str]) -> StubInteraction:
    """Choose ``values`` in the menu ``custom_id``, with the item rebuilt from its id alone."""
    press = game.interaction(user, data={"values": values, "custom_id": custom_id})
    match = re.fullmatch(P.SELECT_TEMPLATE, custom_id)
    assert match is not None
    item = await P.PickSelect.from_custom_id(cast(Any, press), cast(Any, None), match)
    await item.callback(cast(Any, press))
    return press


async def push(game: Game, user: int, custom_id: str) -> StubInteraction:
    press = game.interaction(user, data={"custom_id": custom_id})
    match = re.fullmatch(P.BUTTON_TEMPLATE, custom_id)
    assert match is not None
    item = await P.PickButton.from_custom_id(cast(Any, press), cast(Any, SimpleNamespace(label="…")), match)
    await item.callback(cast(Any, press))
    return press


async def tick(game: Game, user: int, sent: Sent, index: int) -> Sent:
    """Add candidate ``index`` to the picks in whichever menu lists it; the redrawn picker."""
    menu = next(m for m in selects(sent) if str(index) in {o["value"] for o in m["options"]})
    ticked = [o["value"] for o in menu["options"] if o.get("default")] + [str(index)]
    return (await pick(game, user, menu["custom_id"], ticked)).replies[0]


def values_by_label(menu: dict[str, Any]) -> dict[str, str]:
    return {o["label"]: o["value"] for o in menu["options"]}


# ---- moving some units (RW-10.7.2) -------------------------------------------------------------------
async def test_picking_a_subset_moves_exactly_those_units(start: Any) -> None:
    game = await start(mobilize_state)
    press, prompt = await game.open_picker()
    assert prompt.rule == "RW-10.7.2"
    (sent,) = press.replies
    assert sent.ephemeral and "Choose the units that move into 4T" in sent.content
    state = await game.state()
    from engine.runewars.turn.movement import movers

    listed = {int(o["value"]) for m in selects(sent) for o in m["options"]}
    picker = P.build_picker(prompt)
    assert picker is not None
    assert {picker.candidates[i].unit for i in listed} == {u.id for u in movers(state, 0, "4T")}  # exactly the engine's

    user = await game.user_of(0)
    from_4b = next(m for m in selects(sent) if m["placeholder"].startswith("From 4B"))
    first_two = [o["value"] for o in from_4b["options"][:2]]
    chosen = await pick(game, user, from_4b["custom_id"], first_two)
    (redrawn,) = chosen.replies
    assert redrawn.kind == "edit" and "Picked (2)" in redrawn.content
    knight_menu = next(m for m in selects(redrawn) if m["placeholder"].startswith("From 4D"))
    both = await pick(game, user, knight_menu["custom_id"], [knight_menu["options"][0]["value"]])
    (after,) = both.replies
    assert "Picked (3)" in after.content
    assert sum(o.get("default", False) for m in selects(after) for o in m["options"]) == 3  # picks stay ticked

    done = await push(game, user, button(after, "Confirm")["custom_id"])
    assert done.replies[-1].content.startswith("✅ Done"), done.text
    moved = {picker.candidates[int(v)].unit for v in first_two} | {
        picker.candidates[int(knight_menu["options"][0]["value"])].unit
    }
    new = await game.state()
    assert {u.id for u in new.units if u.area == "4T"} == moved
    assert len([u for u in new.units if u.area == "4B"]) == 1  # the third footman stayed behind
    assert any("moves 3 unit(s) into 4T" in p for p in game.client.all_posts())

    # The same menu again: the decision is gone, so the polite answer and nothing changes.
    before = await game.snapshot()
    late = await pick(game, user, from_4b["custom_id"], first_two[:1])
    assert late.replies[0].kind == "edit" and late.replies[0].view is None
    assert late.replies[-1].content == P.STALE.english
    again = await push(game, user, button(after, "Confirm")["custom_id"])
    assert again.replies[-1].content == "✅ That decision has already been resolved; nothing more to do here."
    assert await game.snapshot() == before


async def test_another_player_cannot_use_the_picker(start: Any) -> None:
    game = await start(mobilize_state)
    press, _ = await game.open_picker()
    menu = selects(press.replies[0])[0]
    before = await game.snapshot()
    intruder = await game.user_of(1)
    refused = await pick(game, intruder, menu["custom_id"], [menu["options"][0]["value"]])
    assert refused.replies[-1].content == "⛔ These buttons are for seat 1; you hold seat 2."
    confirm = await push(game, intruder, button(press.replies[0], "Confirm")["custom_id"])
    assert confirm.replies[-1].content == "⛔ These buttons are for seat 1; you hold seat 2."
    stranger = await pick(game, 31337, menu["custom_id"], [])
    assert stranger.replies[-1].content == "⛔ You are not playing in this game."
    assert await game.snapshot() == before
    # The form itself is refused to another seat before any picker is drawn.
    loaded = await game.store.load(game.game_id)
    other = game.interaction(intruder)
    await game.referee.open_form(
        other, ids.PromptRef(ids.FORM, game.game_id, 0, ids.key_hash(loaded.prompts[0].key), 0)
    )
    assert other.replies[-1].content == "⛔ This form is for seat 1." and other.replies[-1].view is None


async def test_rw_move_typed_and_its_autocomplete_use_the_same_candidates(start: Any) -> None:
    # RW-10.7.2 by typing: two of the three footmen in 4B
    game = await start(mobilize_state)
    user = await game.user_of(0)
    ac = game.interaction(user, namespace={"game": None})
    choices = await RW.move_from_autocomplete(ac, "")
    assert [c.value for c in choices] == ["4B", "4D", "5A"]  # not 5B: its siege tower is routed (RW-10.2)
    assert choices[0].name == "4B: 3 Footmen"
    typed = game.interaction(user)
    await game.cog.move.callback(game.cog, typed, source="4b", count=2, game=None)
    assert typed.replies[-1].content.startswith("✅ Done"), typed.text
    assert len([u for u in (await game.state()).units if u.area == "4T"]) == 2


# ---- winter losses (RW-6.8.2) -----------------------------------------------------------------------
async def test_winter_losses_are_picked_and_a_wrong_count_is_refused_with_the_rule(start: Any) -> None:
    game = await start(winter_state)
    press, prompt = await game.open_picker()
    assert prompt.rule == "RW-6.8.2"
    sent = press.replies[0]
    (menu,) = selects(sent)
    assert menu["placeholder"] == "In 5X: destroy 2 (7)"
    state = await game.state()
    picker = P.build_picker(prompt)
    assert picker is not None
    assert {picker.candidates[int(o["value"])].unit for o in menu["options"]} == {
        u.id for u in state.units if u.owner == 0 and u.area == "5X"
    }  # not the warlocks in 5Y, within the limit
    user = await game.user_of(0)
    labels = values_by_label(menu)
    routed = next(v for label, v in labels.items() if "routed" in label)
    beastman, other = [v for label, v in labels.items() if label.startswith("Beastmen")][:2]

    one = await pick(game, user, menu["custom_id"], [routed])
    before = await game.snapshot()
    refused = await push(game, user, button(one.replies[0], "Confirm")["custom_id"])
    assert refused.replies[-1].content == "⛔ Destroy exactly 2 unit(s) in 5X. (RW-6.8.2)"
    assert await game.snapshot() == before  # byte-identical: nothing was destroyed

    # RW-15.5: standing units go before routed ones, so two standing figures are picked
    two = await pick(game, user, selects(one.replies[0])[0]["custom_id"], [beastman, other])
    ok = await push(game, user, button(two.replies[0], "Confirm")["custom_id"])
    assert ok.replies[-1].content.startswith("✅ Done"), ok.text
    left = {u.id for u in (await game.state()).units}
    gone = {picker.candidates[int(beastman)].unit, picker.candidates[int(other)].unit}
    assert not gone & left and len([u for u in (await game.state()).units if u.area == "5X"]) == 5


async def test_clear_empties_the_picks(start: Any) -> None:
    game = await start(winter_state)
    press, _ = await game.open_picker()
    menu = selects(press.replies[0])[0]
    user = await game.user_of(0)
    one = await pick(game, user, menu["custom_id"], [menu["options"][0]["value"]])
    assert "Picked (1)" in one.replies[0].content
    cleared = await push(game, user, button(one.replies[0], "Clear")["custom_id"])
    assert "Picked (0)" in cleared.replies[0].content and button(cleared.replies[0], "Clear")["disabled"]


# ---- Strategize (RW-18.1.1) ---------------------------------------------------------------------------
async def test_strategize_two_steps_of_one_unit_are_refused_then_a_legal_pick_applies(start: Any) -> None:
    game = await start(strategize_state)
    press, prompt = await game.open_picker()
    assert prompt.rule == "RW-18.1.1"
    sent = press.replies[0]
    state = await game.state()
    picker = P.build_picker(prompt)
    assert picker is not None
    user = await game.user_of(0)
    infantry = next(c.unit for c in picker.candidates if c.unit is not None and c.label.startswith("Footmen"))
    twice = [i for i, c in enumerate(picker.candidates) if c.unit == infantry][:2]
    assert len(twice) == 2
    current = sent
    for i in twice:
        current = await tick(game, user, current, i)
    before = await game.snapshot()
    refused = await push(game, user, button(current, "Confirm")["custom_id"])
    assert refused.replies[-1].content.endswith("(RW-10.6)") and "at most one step" in refused.replies[-1].content
    assert await game.snapshot() == before

    hero = next(i for i, c in enumerate(picker.candidates) if c.hero == "H1")
    current = (await push(game, user, button(current, "Clear")["custom_id"])).replies[0]
    for i in (twice[1], hero):
        current = await tick(game, user, current, i)
    assert "Picked (2)" in current.content
    ok = await push(game, user, button(current, "Confirm")["custom_id"])
    assert ok.replies[-1].content.startswith("✅ Done"), ok.text
    new = await game.state()
    assert new.heroes.heroes[0].area == picker.candidates[hero].to  # RW-10.11: the hero stepped
    moved = {u.id: u.area for u in new.units if u.area != next(x.area for x in state.units if x.id == u.id)}
    assert moved == {infantry: picker.candidates[twice[1]].to}  # and exactly the one footman with it


async def test_a_menu_drawn_for_other_candidates_is_redrawn_not_applied(start: Any) -> None:
    # The fingerprint guards the bitmask: picks for another candidate list never become an action.
    game = await start(mobilize_state)
    press, _ = await game.open_picker()
    menu = selects(press.replies[0])[0]
    forged = re.sub(r":[0-9a-f]{4}:(\d+):", r":0000:\1:", menu["custom_id"], count=1)
    user = await game.user_of(0)
    before = await game.snapshot()
    redrawn = (await pick(game, user, forged, [menu["options"][0]["value"]])).replies[0]
    assert "picks were cleared" in redrawn.content and "Picked (0)" in redrawn.content
    confirm = re.sub(r":[0-9a-f]{4}:(\d+):", r":0000:\1:", button(press.replies[0], "Confirm")["custom_id"], count=1)
    refused = await push(game, user, confirm)
    assert refused.replies[-1].content.startswith("⛔ The units on the board changed")
    assert await game.snapshot() == before
