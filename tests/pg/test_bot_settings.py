"""The bot's database, shard and event-loop settings (issue 19): DATABASE_URL picks PostgreSQL, the
shard variables give discord.py's sharded client, a shard split without a shared database is
refused, and BOT_EVENT_LOOP picks the loop."""

from __future__ import annotations

import asyncio
import sys

import pytest
from discord.ext import commands

from bot import RefereeBot, Settings, loop_factory, make_bot, run_on_loop


def settings(**env: str) -> Settings:
    return Settings.model_validate({"DISCORD_TOKEN": "t", **env})


def test_database_url_wins_over_the_sqlite_file() -> None:
    assert settings().store_target() == "referee.sqlite3"
    assert settings(BOT_DATABASE="/data/games.sqlite3").store_target() == "/data/games.sqlite3"
    url = "postgresql://referee:secret@db/referee"
    chosen = settings(DATABASE_URL=url, BOT_DATABASE="x.sqlite3")
    assert chosen.store_target() == url
    assert "secret" not in repr(chosen)  # the password is a secret like the token


def test_no_shard_settings_make_one_plain_bot() -> None:
    bot = make_bot(settings())
    assert type(bot) is RefereeBot and not isinstance(bot, commands.AutoShardedBot)


def test_shard_settings_make_a_sharded_bot_for_those_shards() -> None:
    bot = make_bot(settings(DATABASE_URL="postgresql://db/r", BOT_SHARD_COUNT="4", BOT_SHARD_IDS="2, 3"))
    assert isinstance(bot, RefereeBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"BOT_SHARD_IDS": "0"}, "BOT_SHARD_COUNT"),
        ({"BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "2", "DATABASE_URL": "postgresql://db/r"}, "between 0 and 1"),
        ({"BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "1"}, "DATABASE_URL"),
    ],
)
def test_a_wrong_shard_split_is_refused_with_a_sentence(env: dict[str, str], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        make_bot(settings(**env))


def test_the_outbox_lease_and_sweep_keep_their_defaults_unless_set() -> None:
    """Production keeps a two-minute lease and a one-minute sweep; the shard test shortens both."""
    default = settings()
    assert (default.outbox_lease_seconds, default.outbox_sweep_seconds) == (120.0, 60.0)
    short = settings(BOT_OUTBOX_LEASE_SECONDS="10", BOT_OUTBOX_SWEEP_SECONDS="1")
    assert (short.outbox_lease_seconds, short.outbox_sweep_seconds) == (10.0, 1.0)
    with pytest.raises(ValueError):
        settings(BOT_OUTBOX_LEASE_SECONDS="0")


def test_the_event_loop_is_uvloop_where_installed_unless_asyncio_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    uvloop = pytest.importorskip("uvloop")
    assert settings().event_loop == "auto" and loop_factory("auto") is uvloop.new_event_loop
    assert loop_factory(settings(BOT_EVENT_LOOP="asyncio").event_loop) is None

    async def kind() -> str:
        return type(asyncio.get_running_loop()).__module__

    assert run_on_loop(kind(), "auto").startswith("uvloop")
    assert run_on_loop(kind(), "asyncio").startswith("asyncio")
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as on a machine without it (Windows)
    assert loop_factory("auto") is None
    with pytest.raises(ImportError):
        loop_factory("uvloop")  # asked for by name: an error, not a quiet fallback
    with pytest.raises(ValueError, match="BOT_EVENT_LOOP"):
        settings(BOT_EVENT_LOOP="trio")
