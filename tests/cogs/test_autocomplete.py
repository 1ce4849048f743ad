"""What the generic autocompletes (``/game``, ``/gm``) reveal, and to whom.

A game master sees the raw GM tasks (their text may name a secret card) and the typed
edits; a player sees only what their own seat is shown (its prompt options) or public
facts. Each case asks as a player, a stranger, a GM in a DM and a GM of another server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs.gm import GmCog, edit_autocomplete, task_autocomplete
from cogs.referee import Referee
from cogs.table import faction_autocomplete, option_autocomplete
from store import GameStore
from tests.e2e.bot_helpers import tie_seed
from tests.support.highcard import HIGHCARD

from .stubs import StubClient, StubInteraction, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002)
ADMIN, STRANGER, DANA = 4242, 31337, 1004


class Tied:
    """A two-seat High Card game whose first reveal tied: the game master has an open task."""

    def __init__(self, store: GameStore, client: StubClient, game_id: int, tie_cards: list[str]) -> None:
        self.store, self.client, self.game_id, self.tie_cards = store, client, game_id, tie_cards

    def ask(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("guild_id", GUILD)
        kwargs.setdefault("channel_id", THREAD)
        return StubInteraction(self.client, user, **kwargs)


@pytest.fixture
async def tied(tmp_path: Path) -> AsyncIterator[Tied]:
    store, client, _ = await open_referee(str(tmp_path / "ac.sqlite3"))
    seed, cards = tie_seed(2, rounds=2, gm_ties=True)
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 2, "gm_ties": True}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed=seed)
        users = {s.seat: s.user_id for s in await store.seats(game.id)}
        for seat, card in enumerate(cards):
            await store.act(game.id, users[seat], {"type": "pick", "card": card})
        assert (await store.load(game.id)).state.gm.tasks, "the tie should hand a task to the GM"
        yield Tied(store, client, game.id, cards)
    finally:
        await store.close()


async def test_gm_task_text_goes_only_to_a_game_master_of_this_server(tied: Tied) -> None:
    state = (await tied.store.load(tied.game_id)).state
    assert state is not None
    task = state.gm.tasks[0]
    mine = await task_autocomplete(tied.ask(ADMIN, admin=True), "")
    assert [c.value for c in mine] == [task.id] and tied.tie_cards[0] in mine[0].name

    for who in (
        tied.ask(USERS[0]),  # a seated player: the task names both tied cards
        tied.ask(STRANGER),
        tied.ask(ADMIN, admin=True, guild_id=None, channel_id=None, namespace={"game": tied.game_id}),  # a DM
        tied.ask(ADMIN, admin=True, guild_id=99, channel_id=None, namespace={"game": tied.game_id}),  # another server
    ):
        assert await task_autocomplete(who, "") == []
        assert await task_autocomplete(who, tied.tie_cards[0][:4]) == []


async def test_typed_edits_are_offered_to_game_masters_only(tied: Tied) -> None:
    offered = [c.value for c in await edit_autocomplete(tied.ask(ADMIN, admin=True), "")]
    assert "patch" in offered and "action" in offered
    assert await edit_autocomplete(tied.ask(USERS[1]), "") == []


async def test_a_players_options_come_from_their_own_seat_only(tied: Tied) -> None:
    # After the GM's ruling the next round's picks are open again: each seat has its hand as options.
    referee: Referee = tied.client.referee
    gm = GmCog(referee)
    tied_state = (await tied.store.load(tied.game_id)).state
    assert tied_state is not None
    task = tied_state.gm.tasks[0]
    admin = tied.ask(ADMIN, admin=True)
    await invoke(gm.resolve, gm, admin, task=task.id, note="no point", patch=None, game=None)
    loaded = await tied.store.load(tied.game_id)
    users = {s.seat: s.user_id for s in loaded.seats if s.seat is not None}
    for seat in range(2):  # the call phase: seat 1 holds, seat 2 holds, then round 2 opens
        await tied.store.act(tied.game_id, users[seat], {"type": "call", "call": "hold"})
    state = (await tied.store.load(tied.game_id)).state
    assert state is not None and state.phase == "pick"

    for seat, user in users.items():
        labels = {c.name for c in await option_autocomplete(tied.ask(user), "")}
        own = set(HIGHCARD.view(state, seat)["hand"])
        assert labels and labels <= own  # exactly what the seat's own view shows
        other = set(state.hands[1 - seat])
        assert not labels & other

    assert await option_autocomplete(tied.ask(STRANGER), "") == []
    # A player who lost the seat to a substitute no longer gets its options.
    await tied.store.gm_replace(tied.game_id, ADMIN, 0, DANA, "swap")
    assert await option_autocomplete(tied.ask(users[0]), "") == []
    assert {c.name for c in await option_autocomplete(tied.ask(DANA), "")} <= set(state.hands[0])


async def test_faction_completion_shows_only_public_facts(tmp_path: Path) -> None:
    store, client, _ = await open_referee(str(tmp_path / "f.sqlite3"))
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {}, USERS[0])
        await store.set_thread(game.id, THREAD)
        await store.join(game.id, USERS[0], "red")
        asked = StubInteraction(client, STRANGER, guild_id=GUILD, channel_id=THREAD)
        names = [c.value for c in await faction_autocomplete(asked, "")]
        assert names == ["blue", "green", "gold"]  # the ruleset's list minus those taken (shown by /game info)
    finally:
        await store.close()
