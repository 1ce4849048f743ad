"""Counter-offers by button (P-06, AH-4.5): the recipient's Counter #n… opens the builder with the
reverse deal; the counter goes back to the proposer, who can accept it; nobody else can press it.

A real store and a real ``Referee`` behind stub interactions (``tests/cogs/stubs.py``): every
component is rebuilt from its custom id before it is pressed, as after a restart.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import jsonpatch
import pytest

from cogs import ageofheroes as AH
from cogs import ids
from cogs.prompts import OptionButton
from cogs.referee import Referee
from engine.ageofheroes import AGE_OF_HEROES as RS
from engine.ageofheroes import cards as C
from store import GameStore
from tests.ageofheroes.support import give

from .stubs import Sent, StubClient, StubInteraction, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)  # seats 1, 2, 3
GM = 4242
HANDS = {0: ("iron", "iron", "wood"), 1: ("grain", "stone"), 2: ("mighty_hero", "gold")}


class Table:
    """A three-seat Age of Heroes game in Market Day trading, with the hands of ``HANDS``."""

    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id

    def dm_press(self, user: int) -> StubInteraction:
        """A press in the presser's DMs (where secret prompts and the builder live)."""
        return StubInteraction(self.client, user, guild_id=None, channel_id=None)

    async def snapshot(self) -> tuple[int, str]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        return loaded.seq, loaded.state.model_dump_json()

    async def hand(self, seat: int) -> list[str]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        return sorted(C.kind(c) for c in loaded.state.p(seat).hand)

    def last_dm_with(self, user: int, prefix: str) -> Sent:
        return next(
            s for s in reversed(self.client.dms.get(user, [])) if any(c.startswith(prefix) for c in s.custom_ids)
        )


async def to_trading(store: GameStore, game_id: int) -> None:
    """Answer whatever comes before trading (market events) with each prompt's default."""
    for _ in range(20):
        loaded = await store.load(game_id)
        assert loaded.state is not None
        if loaded.state.steps[0].kind == "trade":
            return
        prompt = next(p for p in loaded.prompts if p.waiting)
        await store.gm_act(
            game_id, GM, prompt.default or prompt.options[0].action, "test: skip to trading", seat=prompt.seat
        )
    raise AssertionError("no trading phase reached")


async def deal(store: GameStore, game_id: int) -> None:
    """The game master hands out exactly ``HANDS`` (every card still exists once: they come from the deck)."""
    loaded = await store.load(game_id)
    assert loaded.state is not None
    state = RS.copy_state(loaded.state)
    for p in state.seats:
        state.deck.draw_pile.extend(p.hand)
        p.hand = []
    for seat, kinds in HANDS.items():
        give(state, seat, *kinds)
    patch = jsonpatch.make_patch(loaded.state.model_dump(mode="json"), state.model_dump(mode="json")).patch
    await store.gm_act(game_id, GM, {"type": "gm_patch", "patch": patch, "reason": "test hands"}, "test hands")


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store, client, referee = await open_referee(str(tmp_path / "aoh.sqlite3"))
    await AH.AgeOfHeroesCog(referee).cog_load()
    try:
        game = await store.create_game(
            GUILD, CHANNEL, "ageofheroes", {"players": 3, "setup_tribe_selection": "random"}, USERS[0]
        )
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed="aoh-counter")
        await to_trading(store, game.id)
        await deal(store, game.id)
        yield Table(store, client, referee, game.id)
    finally:
        await store.close()


async def rebuilt(cls: Any, template: str, custom_id: str, interaction: StubInteraction) -> Any:
    """The DynamicItem discord.py would build from a custom id (as after a restart)."""
    match = re.fullmatch(template, custom_id)
    assert match is not None, custom_id
    return await cls.from_custom_id(interaction, None, match)


async def press(table: Table, user: int, cls: Any, template: str, custom_id: str) -> StubInteraction:
    interaction = table.dm_press(user)
    item = await rebuilt(cls, template, custom_id, interaction)
    await item.callback(interaction)
    return interaction


def button_id(sent: Sent, label: str) -> str:
    """The custom id of the button with ``label`` on a sent message."""
    for child in sent.view.children:
        if getattr(child, "label", None) == label or getattr(getattr(child, "item", None), "label", None) == label:
            return str(child.custom_id)
    raise AssertionError(f"no button {label!r} in {[getattr(c, 'label', None) for c in sent.view.children]}")


async def make_offer(table: Table) -> None:
    """Seat 1 offers seat 2 an Iron for a Grain through the builder's Send offer (AH-4.4)."""
    draft = AH.Draft(table.game_id, 0, 1, ["iron"], ["grain"], market=1)
    sender = await press(table, USERS[0], AH.BuilderButton, AH.BUTTON_TEMPLATE, draft.custom_id("go", AH.ALPHABET))
    assert "✅ Done" in sender.text, sender.text


async def test_an_incoming_offer_has_a_counter_button_next_to_accept_and_decline(table: Table) -> None:
    await make_offer(table)
    incoming = table.last_dm_with(USERS[1], "ahc:")  # the recipient's private trade prompt (P-06)
    labels = [
        getattr(c, "label", None) or getattr(getattr(c, "item", None), "label", None) for c in incoming.view.children
    ]
    assert {"Accept #1 from seat 1", "Decline #1", "Counter #1…", "Make an offer…"} <= set(labels), labels
    assert f"ahc:{table.game_id}:1:1" in incoming.custom_ids
    assert all(len(c) <= 100 for c in incoming.custom_ids)
    outgoing = table.last_dm_with(USERS[0], "p:")  # the proposer cannot counter its own offer
    assert not any(c.startswith("ahc:") for c in outgoing.custom_ids)


async def test_a_counter_by_the_recipient_reaches_the_proposer_who_accepts_it(table: Table) -> None:
    await make_offer(table)
    counter_id = button_id(table.last_dm_with(USERS[1], "ahc:"), "Counter #1…")

    # P-06: Counter opens the builder, pre-filled with the reverse deal (Grain for Iron).
    opened = await press(table, USERS[1], AH.CounterButton, AH.COUNTER_TEMPLATE, counter_id)
    (builder,) = opened.replies
    assert (
        "Counter-offer to #1" in builder.content
        and "You give: Grain" in builder.content
        and "You ask for: Iron" in builder.content
    )
    assert not any(c.startswith("ahb:to:") for c in builder.custom_ids)  # a counter goes back to its proposer

    # The recipient adjusts it: a Stone as well (the menus of its own hand, AH-4.7).
    gv = next(c for c in builder.view.children if str(c.custom_id).startswith("ahb:gv:"))
    values = [o.value for o in gv.item.options if o.label in ("Grain", "Stone")]
    adjust = table.dm_press(USERS[1])
    adjust.data = {"values": values}
    await (await rebuilt(AH.BuilderSelect, AH.SELECT_TEMPLATE, str(gv.custom_id), adjust)).callback(adjust)
    (redrawn,) = adjust.replies
    assert "You give: Grain, Stone" in redrawn.content

    sent = await press(table, USERS[1], AH.BuilderButton, AH.BUTTON_TEMPLATE, button_id(redrawn, "Send counter-offer"))
    assert "✅ Done" in sent.text, sent.text
    loaded = await table.store.load(table.game_id)
    assert loaded.state is not None
    (offer,) = loaded.state.trade.offers  # the original is gone, the counter names it
    assert (offer.id, offer.frm, offer.to, offer.counter_of) == (2, 1, 0, 1)
    assert sorted(offer.give) == ["grain", "stone"] and offer.get == ["iron"]

    # AH-4.5: the proposer accepts the counter by button; the swap is carried out at once.
    prompt = next(p for p in loaded.prompts if p.seat == 0)
    index = next(i for i, o in enumerate(prompt.options) if o.action == {"type": "trade_accept", "offer": 2})
    assert f"p:{table.game_id}:0:{ids.key_hash(prompt.key)}:{index}" in table.last_dm_with(USERS[0], "p:").custom_ids
    accept = table.dm_press(USERS[0])
    await OptionButton(ids.PromptRef(ids.OPTION, table.game_id, 0, ids.key_hash(prompt.key), index)).callback(accept)
    assert "✅ Done" in accept.text, accept.text
    assert await table.hand(0) == ["grain", "iron", "stone", "wood"]
    assert await table.hand(1) == ["iron"]
    assert await table.hand(2) == ["gold", "mighty_hero"]
    thread = "\n".join(table.client.all_posts())
    assert (
        "counters with offer 2" in thread and "Grain" not in thread and "Stone" not in thread
    )  # AH-4.5: contents stay private


async def test_a_third_seat_cannot_counter_or_send_someone_elses_counter(table: Table) -> None:
    await make_offer(table)
    counter_id = button_id(table.last_dm_with(USERS[1], "ahc:"), "Counter #1…")
    before = await table.snapshot()

    intruder = await press(table, USERS[2], AH.CounterButton, AH.COUNTER_TEMPLATE, counter_id)
    assert intruder.text.startswith("⛔ These buttons are for seat 2"), intruder.text
    assert all(r.view is None for r in intruder.replies) and "Grain" not in intruder.text  # shown nothing of the deal
    draft = AH.Draft(table.game_id, 1, 0, ["grain"], ["iron"], counter=1, market=1)
    forged = await press(table, USERS[2], AH.BuilderButton, AH.BUTTON_TEMPLATE, draft.custom_id("go", AH.ALPHABET))
    assert forged.text.startswith("⛔ These buttons are for seat 2"), forged.text
    stranger = await press(table, 31337, AH.CounterButton, AH.COUNTER_TEMPLATE, counter_id)
    assert stranger.text.startswith("⛔")
    assert await table.snapshot() == before


async def test_a_stale_counter_button_is_answered_politely_and_changes_nothing(table: Table) -> None:
    await make_offer(table)
    counter_id = button_id(table.last_dm_with(USERS[1], "ahc:"), "Counter #1…")
    withdraw = table.dm_press(USERS[0])  # the proposer withdraws offer #1 first (AH-4.5: not yet agreed)
    loaded = await table.store.load(table.game_id)
    prompt = next(p for p in loaded.prompts if p.seat == 0)
    index = next(i for i, o in enumerate(prompt.options) if o.action.get("type") == "trade_withdraw")
    await OptionButton(ids.PromptRef(ids.OPTION, table.game_id, 0, ids.key_hash(prompt.key), index)).callback(withdraw)
    assert "✅ Done" in withdraw.text
    before = await table.snapshot()

    late = await press(table, USERS[1], AH.CounterButton, AH.COUNTER_TEMPLATE, counter_id)
    assert late.text == AH.STALE_COUNTER(offer=1).english() and not late.text.startswith("⛔")
    assert all(r.view is None for r in late.replies)
    # A counter drafted before the withdrawal is refused by the engine when sent (AH-4.5).
    draft = AH.Draft(table.game_id, 1, 0, ["grain"], ["iron"], counter=1, market=1)
    sent = await press(table, USERS[1], AH.BuilderButton, AH.BUTTON_TEMPLATE, draft.custom_id("go", AH.ALPHABET))
    assert "no such open offer" in sent.text and "AH-4.5" in sent.text, sent.text
    assert await table.snapshot() == before


@pytest.mark.parametrize("offers", [1, 4, 8, 12, 20])
def test_counter_buttons_fit_any_number_of_incoming_offers(offers: int) -> None:
    """However many offers arrive (AH-4.12: any number, bilateral), the message stays valid:
    at most five rows of five, every id routable and under 100 characters, Counter #1 first."""
    from discord import ui

    from cogs.layout import layout_prompt
    from cogs.prompts import DYNAMIC_ITEMS, items_for
    from tests.cogs.test_ageofheroes_cog import trading_state

    state = trading_state()
    for i in range(offers):  # requests for a card (AH-4.12 allows one side to be empty)
        state, _ = RS.apply(state, 1 + i % 2, {"type": "trade_offer", "to": 0, "give": [], "get": ["iron"]})
    prompt = next(p for p in RS.prompts(state) if p.seat == 0)
    layout = layout_prompt(7, prompt)
    view = ui.View(timeout=None)
    for item in items_for(layout) + AH.counter_items(7, prompt, layout):
        view.add_item(item)
    rows = view.to_components()
    assert len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
    cids = [c["custom_id"] for r in rows for c in r["components"]]
    classes: tuple[type[ui.DynamicItem[Any]], ...] = (*DYNAMIC_ITEMS, AH.CounterButton)
    templates = [cls.__discord_ui_compiled_template__ for cls in classes]
    assert all(len(c) <= 100 and any(t.fullmatch(c) for t in templates) for c in cids)
    counters = [c for c in cids if c.startswith("ahc:")]
    assert counters and counters[0] == "ahc:7:0:1" and len(counters) <= offers
    assert (
        AH.counter_items(7, next(p for p in RS.prompts(trading_state()) if p.seat == 0), layout) == []
    )  # nothing to counter


async def test_a_draft_expires_with_its_market_day(table: Table) -> None:
    # A builder message left over from an earlier round cannot send its deal in a later Market Day.
    before = await table.snapshot()
    for market in (0, None):  # an earlier round's draft, and one from before drafts named their round
        old = AH.Draft(table.game_id, 0, 1, ["iron"], ["grain"], market=market)
        sent = await press(table, USERS[0], AH.BuilderButton, AH.BUTTON_TEMPLATE, old.custom_id("go", AH.ALPHABET))
        assert "⛔" in sent.text and "Market Day of round" in sent.text and "it is round 1 now" in sent.text, sent.text
        menu = table.dm_press(USERS[0])
        menu.data = {"values": []}
        select = await rebuilt(AH.BuilderSelect, AH.SELECT_TEMPLATE, old.custom_id("gt", AH.ALPHABET), menu)
        await select.callback(menu)
        assert "Market Day of round" in menu.text, menu.text
    assert await table.snapshot() == before
    # The builder opened now names this round, and its Send works.
    await make_offer(table)
