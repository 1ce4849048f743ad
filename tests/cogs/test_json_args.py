"""Every typed slash-command argument that is read as JSON refuses bad JSON in words.

Those are ``/game act answer``, ``/game new options`` (JSON or name=value),
``/gm override payload`` and ``/gm resolve patch``. Each must answer with the
parser's own sentence (what is wrong, at which character) as an ephemeral refusal,
never "something went wrong on my side", and must change nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs.gm import GmCog
from cogs.referee import Referee
from cogs.table import TableCog
from store import GameStore

from .stubs import StubClient, StubInteraction, open_referee

GUILD, CHANNEL, THREAD = 77, 88, 500
USERS = (1001, 1002)
ADMIN = 4242


class Game:
    def __init__(self, store: GameStore, client: StubClient, referee: Referee, game_id: int) -> None:
        self.store, self.client, self.referee, self.game_id = store, client, referee, game_id
        self.table, self.gm = TableCog(referee), GmCog(referee)

    def ask(self, user: int, **kwargs: Any) -> StubInteraction:
        kwargs.setdefault("guild_id", GUILD)
        kwargs.setdefault("channel_id", THREAD)
        return StubInteraction(self.client, user, **kwargs)

    async def snapshot(self) -> tuple[int, str, int, int]:
        loaded = await self.store.load(self.game_id)
        assert loaded.state is not None
        games = len(await self.store.list_games(guild_id=GUILD))
        return loaded.seq, loaded.state.model_dump_json(), len(await self.store.audit(self.game_id)), games


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[Game]:
    store, client, referee = await open_referee(str(tmp_path / "json.sqlite3"))
    try:
        record = await store.create_game(GUILD, CHANNEL, "highcard", {"rounds": 1}, USERS[0])
        await store.set_thread(record.id, THREAD)
        for user in USERS:
            await store.join(record.id, user)
        await store.start(record.id, USERS[0], seed="json-seed")
        yield Game(store, client, referee, record.id)
    finally:
        await store.close()


async def invoke(command: Any, cog: Any, interaction: StubInteraction, **kwargs: Any) -> None:
    """Call a slash command's callback directly, as discord.py would after parsing the options."""
    await command.callback(cog, interaction, **kwargs)


def assert_json_refusal(interaction: StubInteraction, what: str) -> None:
    (reply,) = interaction.replies
    assert reply.ephemeral
    assert reply.content.startswith(f"⛔ The {what} is not valid JSON: "), reply.content
    assert "at character" in reply.content
    assert "went wrong" not in reply.content


async def test_game_act_answer_with_bad_json_is_refused_in_words(game: Game) -> None:
    before = await game.snapshot()
    player = game.ask(USERS[0])
    await invoke(game.table.act, game.table, player, option=None, answer='{"type": "pick", "card": ', game=None)
    assert_json_refusal(player, "answer")
    assert await game.snapshot() == before


async def test_game_new_options_with_bad_json_is_refused_in_words(game: Game) -> None:
    before = await game.snapshot()
    opener = game.ask(USERS[0], channel_id=CHANNEL)
    await invoke(game.table.new, game.table, opener, ruleset="highcard", players=None, options='{"rounds": 2')
    assert_json_refusal(opener, "options")
    assert "options" in opener.text.split("JSON", 1)[1]  # followed by the game's options and their defaults
    assert await game.snapshot() == before


async def test_gm_override_payload_with_bad_json_is_refused_in_words(game: Game) -> None:
    before = await game.snapshot()
    admin = game.ask(ADMIN, admin=True)
    await invoke(
        game.gm.override, game.gm, admin, edit="patch", payload='[{"op": "replace",', reason="fix", seat=None, game=None
    )
    assert_json_refusal(admin, "payload")
    assert await game.snapshot() == before


async def test_gm_resolve_patch_with_bad_json_is_refused_in_words(game: Game) -> None:
    before = await game.snapshot()
    admin = game.ask(ADMIN, admin=True)
    await invoke(game.gm.resolve, game.gm, admin, task=1, note="ruled", patch="[{op: replace}]", game=None)
    assert_json_refusal(admin, "patch")
    assert await game.snapshot() == before
