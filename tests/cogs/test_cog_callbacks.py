"""Command and component callbacks called directly with stub interactions (no Discord at all).

Each refusal must say, in a player's words, which rule or table rule forbids the
action, and must leave the game exactly as it was (same log, same state).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs import ids
from cogs.gm import GmCog
from cogs.prompts import OptionButton
from cogs.referee import Referee
from cogs.table import TableCog, options_autocomplete
from store import GameStore

from .stubs import StubClient, StubInteraction, invoke, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002, 1003)
ADMIN = 4242


class Table:
    """A started three-seat High Card game behind a real store and a real Referee."""

    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id
        self.table = TableCog(referee)
        self.gm = GmCog(referee)

    def interaction(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("channel_id", THREAD)
        kwargs.setdefault("guild_id", GUILD)
        return StubInteraction(self.client, user, **kwargs)

    async def seat_users(self) -> dict[int, int]:
        return {s.seat: s.user_id for s in await self.store.seats(self.game_id) if s.seat is not None}

    async def snapshot(self) -> tuple[int, str, str]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        return loaded.seq, loaded.game.status, loaded.state.model_dump_json()


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store, client, referee = await open_referee(str(tmp_path / "cogs.sqlite3"))
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS:
            await store.join(game.id, user)
        await store.start(game.id, USERS[0], seed="stub-seed")
        yield Table(store, client, referee, game.id)
    finally:
        await store.close()


def ref_for(prompt: Any, game_id: int, index: int = 0) -> ids.PromptRef:
    return ids.PromptRef(ids.OPTION, game_id, prompt.seat, ids.key_hash(prompt.key), index)


async def test_gm_commands_refuse_non_admins_and_change_nothing(table: Table) -> None:
    before = await table.snapshot()
    player = table.interaction(USERS[0])
    await invoke(table.gm.pause, table.gm, player, reason="I want a break")
    assert player.response.deferred == {"ephemeral": True, "thinking": True}
    (reply,) = player.replies
    assert reply.ephemeral and reply.content.startswith("⛔ Only a game master can do that")
    assert "Manage Server" in reply.content and "Game Master" in reply.content

    resolve = table.interaction(USERS[1])
    await invoke(table.gm.resolve, table.gm, resolve, task=1, note="mine now", patch=None, game=None)
    assert "Only a game master" in resolve.text
    peek = table.interaction(USERS[2])
    await invoke(table.gm.view_as, table.gm, peek, seat=1, game=None)
    assert "Only a game master" in peek.text and "hand" not in peek.text

    assert await table.snapshot() == before
    assert await table.store.audit(table.game_id) == []
    assert table.client.all_posts() == []  # nothing announced either

    admin = table.interaction(ADMIN, admin=True)
    await invoke(table.gm.pause, table.gm, admin, reason="holiday")
    assert "paused" in admin.text and (await table.store.get_game(table.game_id)).status == "paused"


async def test_a_player_pressing_another_seats_button_is_refused(table: Table) -> None:
    loaded = await table.store.load(table.game_id)
    users = await table.seat_users()
    prompt = next(p for p in loaded.prompts if p.seat == 0)
    before = await table.snapshot()

    intruder = table.interaction(users[1], guild_id=None, channel_id=None)  # pressed in a forwarded DM
    await OptionButton(ref_for(prompt, table.game_id)).callback(intruder)
    assert intruder.replies[-1].content == "⛔ These buttons are for seat 1; you hold seat 2."
    stranger = table.interaction(31337)
    await OptionButton(ref_for(prompt, table.game_id)).callback(stranger)
    assert stranger.replies[-1].content == "⛔ You are not playing in this game."
    assert await table.snapshot() == before

    owner = table.interaction(users[0], guild_id=None, channel_id=None)
    await OptionButton(ref_for(prompt, table.game_id)).callback(owner)
    assert owner.replies[-1].content.startswith("✅ Done:")


async def test_a_stale_button_says_already_resolved_and_changes_nothing(table: Table) -> None:
    loaded = await table.store.load(table.game_id)
    users = await table.seat_users()
    old = {p.seat: p for p in loaded.prompts}
    for seat in range(3):  # everyone picks: the pick prompts are gone, the call phase begins
        press = table.interaction(users[seat], guild_id=None, channel_id=None)
        await OptionButton(ref_for(old[seat], table.game_id)).callback(press)
        assert press.replies[-1].content.startswith("✅")
    before = await table.snapshot()

    late = table.interaction(users[1], guild_id=None, channel_id=None)
    await OptionButton(ref_for(old[1], table.game_id, 1)).callback(late)
    assert late.replies[-1].content == "✅ That decision has already been resolved; nothing more to do here."
    assert await table.snapshot() == before


async def test_a_press_whose_label_is_not_the_options_now_is_refused_and_changes_nothing(table: Table) -> None:
    """A prompt may keep its key while its options change, so an older message of it has the same
    component ids: the label it showed must be the option's label now, else the press would apply
    another option than the one the player read (found by the Heroes III Alliance swap e2e)."""
    loaded = await table.store.load(table.game_id)
    users = await table.seat_users()
    prompt = next(p for p in loaded.prompts if p.seat == 0)
    before = await table.snapshot()

    stale = OptionButton(ref_for(prompt, table.game_id))
    stale.shown = prompt.options[1].label  # what index 0 showed before the options changed
    press = table.interaction(users[0], guild_id=None, channel_id=None)
    await stale.callback(press)
    assert press.replies[-1].content == "⛔ That option is not available any more."
    assert await table.snapshot() == before

    current = OptionButton(ref_for(prompt, table.game_id))
    current.shown = prompt.options[0].label
    press = table.interaction(users[0], guild_id=None, channel_id=None)
    await current.callback(press)
    assert press.replies[-1].content.startswith("✅ Done:")


async def test_a_rule_violation_is_shown_with_its_rule_and_changes_nothing(table: Table) -> None:
    loaded = await table.store.load(table.game_id)
    assert loaded.state is not None
    users = await table.seat_users()
    not_mine = loaded.state.hands[1][0]
    before = await table.snapshot()
    posts_before = table.client.all_posts()

    player = table.interaction(users[0])
    answer = json.dumps({"type": "pick", "card": not_mine})
    await invoke(table.table.act, table.table, player, option=None, answer=answer, game=None)
    assert player.replies[-1].content == "⛔ You can only play a card from your own hand. (TEST-1)"
    assert player.replies[-1].ephemeral
    assert await table.snapshot() == before
    assert table.client.all_posts() == posts_before
    assert not_mine not in "".join(table.client.all_posts())


async def test_only_a_gm_may_fix_the_seed_and_the_start_announces_its_hash(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "seed.sqlite3"))
    cog = TableCog(referee)
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS[:2]:
            await store.join(game.id, user)
        creator = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        await invoke(cog.start, cog, creator, game=None, seed="i-know-the-deck")
        assert creator.replies[-1].content.startswith("⛔ Only a game master can fix the seed")
        assert (await store.get_game(game.id)).status == "open"

        gm = StubInteraction(client, ADMIN, guild_id=GUILD, channel_id=THREAD, admin=True)
        await invoke(cog.start, cog, gm, game=None, seed="i-know-the-deck")
        record = await store.get_game(game.id)
        assert record.status == "active" and record.seed is None  # still secret while the game runs
        assert record.seed_hash in gm.text and "i-know-the-deck" not in gm.text
        started = next(p for p in client.posts[THREAD] if "Seed hash" in p.content)
        assert record.seed_hash in started.content and "fixed by the game master" in started.content
        assert "i-know-the-deck" not in "".join(client.all_posts())
    finally:
        await store.close()


async def test_game_new_takes_options_by_name_and_explains_unknown_ones(tmp_path: Path) -> None:
    store, client, referee = await open_referee(str(tmp_path / "new.sqlite3"))
    cog = TableCog(referee)
    try:
        bad = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.new, cog, bad, ruleset="highcard", players=2, options="rounds=2 colour=red")
        assert bad.replies[-1].content.startswith("⛔ High Card (test) has no option 'colour'.")
        assert "`rounds` (default 3)" in bad.text and "`hand_size`" in bad.text
        assert await store.list_games() == []

        out_of_range = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.new, cog, out_of_range, ruleset="highcard", players=2, options="rounds=99")
        assert out_of_range.text.startswith("⛔") and "rounds" in out_of_range.text and "(CORE-2)" in out_of_range.text
        assert await store.list_games() == []

        ok = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=CHANNEL)
        await invoke(cog.new, cog, ok, ruleset="highcard", players=2, options="rounds=2 hand_size=4 gm_ties=true")
        assert "Created" in ok.text, ok.text
        (game,) = await store.list_games()
        assert game.options == {"rounds": 2, "hand_size": 4, "gm_ties": True, "players": 2}
        lobby = next(p for sents in client.posts.values() for p in sents if "opened by" in p.content)
        assert "rounds=2" in lobby.content and "gm_ties=True" in lobby.content

        # Autocomplete proposes the game's option names with their defaults.
        ac = StubInteraction(client, USERS[0], guild_id=GUILD, namespace={"ruleset": "highcard"})
        names = [c.value for c in await options_autocomplete(ac, "")]
        assert "rounds=3" in names and "hand_size=3" in names and not any("factions" in n for n in names)
        completed = [c.value for c in await options_autocomplete(ac, "rounds=2 ha")]
        assert completed == ["rounds=2 hand_size=3"]
        assert all(len(c.value) <= 100 for c in await options_autocomplete(ac, "rounds=2 "))
        nothing = StubInteraction(client, USERS[0], guild_id=GUILD, namespace={})
        assert await options_autocomplete(nothing, "") == []
    finally:
        await store.close()


async def test_closed_dms_are_kept_in_the_store_and_shown_in_the_panel(tmp_path: Path) -> None:
    path = str(tmp_path / "dm.sqlite3")
    store, client, referee = await open_referee(path)
    client.closed_dms.add(USERS[1])
    try:
        game = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await store.set_thread(game.id, THREAD)
        for user in USERS[:2]:
            await store.join(game.id, user)
        starter = StubInteraction(client, USERS[0], guild_id=GUILD, channel_id=THREAD)
        await invoke(TableCog(referee).start, TableCog(referee), starter, game=None, seed=None)
        notices = [p for p in client.all_posts() if "could not send you a direct message" in p]
        assert len(notices) == 1 and f"<@{USERS[1]}>" in notices[0]
        assert await store.pending_dm_games(USERS[1]) == [game.id]
    finally:
        await store.close()

    # A new process: a fresh store, client and referee; nothing in memory.
    store, client, referee = await open_referee(path)
    try:
        bob = StubInteraction(client, USERS[1], guild_id=GUILD, channel_id=THREAD)
        await invoke(TableCog(referee).hand, TableCog(referee), bob, game=None)
        assert "Messages I could not send you by DM" in bob.replies[0].content
        assert "pick a card" in bob.replies[0].content
        assert all(r.ephemeral for r in bob.replies)
        assert await store.pending_dm_games(USERS[1]) == []
    finally:
        await store.close()
