"""The composition root: settings, logging, database, cogs, start.

Run with ``python3 bot.py`` (or ``python3 -m bot``). Everything is configured from
the environment (or a ``.env`` file) so the same code runs against Discord and,
in the end-to-end tests, against a local fake Discord (``DISCORD_API_BASE`` and
``DISCORD_GATEWAY_URL``). See docs/gm.md for the intents, permissions and invite.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import socket
import sys
from collections.abc import Callable, Coroutine
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiohttp
import discord
import yarl
from discord.ext import commands
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

import engine
import renderers

log = logging.getLogger("referee")

T = TypeVar("T")

NO_TOKEN = (
    "DISCORD_TOKEN is not set.\n"
    "Create a bot at https://discord.com/developers/applications (New Application → Bot → Reset Token),\n"
    "then run:  DISCORD_TOKEN=<your token> python3 bot.py   (or put DISCORD_TOKEN=... in a .env file).\n"
    "See docs/gm.md for the invite link, intents and channel permissions the bot needs."
)


class Settings(BaseSettings):
    """Environment variables (case-insensitive); a ``.env`` file in the working directory also works."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True)

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    database: str = Field(default="referee.sqlite3", validation_alias="BOT_DATABASE")
    # Issue 19: ``postgresql://user:password@host/db`` puts the games in PostgreSQL, which several
    # bot processes (shards) may share; unset or ``sqlite:///path`` keeps the SQLite file above.
    database_url: SecretStr | None = Field(default=None, validation_alias="DATABASE_URL")
    # Sharding: how many shards the bot has in all, and which of them this process runs
    # (comma-separated, e.g. ``0,1``; unset with a count = all of them).
    shard_count: int | None = Field(default=None, ge=1, validation_alias="BOT_SHARD_COUNT")
    shard_ids: str = Field(default="", validation_alias="BOT_SHARD_IDS")
    gm_role: str = Field(default="Game Master", validation_alias="BOT_GM_ROLE")
    dev_guild_id: int | None = Field(default=None, validation_alias="BOT_DEV_GUILD_ID")
    log_level: str = Field(default="INFO", validation_alias="BOT_LOG_LEVEL")
    api_base: str | None = Field(default=None, validation_alias="DISCORD_API_BASE")
    gateway_url: str | None = Field(default=None, validation_alias="DISCORD_GATEWAY_URL")
    extra_rulesets: str = Field(default="", validation_alias="BOT_EXTRA_RULESETS")
    reminder_tick_seconds: float = Field(default=300.0, gt=0, validation_alias="BOT_REMINDER_TICK_SECONDS")
    command_hash_file: str | None = Field(default=None, validation_alias="BOT_COMMAND_HASH_FILE")
    # Fault injection for the outbox crash tests (issue 18): SIGKILL right after the Nth Discord
    # call for an outbox row, or right after the Nth committed change (0 = never).
    crash_after_sends: int = Field(default=0, ge=0, validation_alias="BOT_CRASH_AFTER_SENDS")
    crash_after_commits: int = Field(default=0, ge=0, validation_alias="BOT_CRASH_AFTER_COMMITS")
    # Processes drawing board pictures (issue 12); unset: one per core, 0: in a thread of the bot.
    render_workers: int | None = Field(default=None, ge=0, validation_alias="BOT_RENDER_WORKERS")
    # Issue 19: this process's name among those sharing a PostgreSQL database (outbox leases).
    # Unset: the host's name plus the shards it runs. Two processes running at once must differ;
    # a restarted process keeps its name, so it resends its own half-sent rows at once.
    instance: str = Field(default="", validation_alias="BOT_INSTANCE")
    # How long an outbox row stays leased to the process sending it, and how often each process
    # looks for the rows of a dead one (its lease run out). The defaults suit production; the
    # shard test shortens both so a takeover happens within seconds.
    outbox_lease_seconds: float = Field(default=120.0, gt=0, validation_alias="BOT_OUTBOX_LEASE_SECONDS")
    outbox_sweep_seconds: float = Field(default=60.0, gt=0, validation_alias="BOT_OUTBOX_SWEEP_SECONDS")
    # The event loop: ``auto`` takes uvloop where it is installed (requirements.txt installs it on
    # Linux and macOS), else asyncio's own; ``asyncio`` keeps asyncio's loop (to rule uvloop out).
    event_loop: Literal["auto", "uvloop", "asyncio"] = Field(default="auto", validation_alias="BOT_EVENT_LOOP")

    def store_target(self) -> str:
        """What ``GameStore.open`` gets: the ``DATABASE_URL`` if set, else the SQLite file."""
        url = self.database_url.get_secret_value().strip() if self.database_url else ""
        return url or self.database

    def shards(self) -> dict[str, Any]:
        """discord.py's sharding options for this process (none: one process, no sharding)."""
        ids = [int(part) for part in self.shard_ids.replace(" ", "").split(",") if part]
        if not ids and self.shard_count is None:
            return {}
        if self.shard_count is None:
            raise ValueError("BOT_SHARD_IDS needs BOT_SHARD_COUNT (the number of shards in all processes).")
        if any(not 0 <= i < self.shard_count for i in ids):
            raise ValueError(f"BOT_SHARD_IDS must be between 0 and {self.shard_count - 1} (BOT_SHARD_COUNT - 1).")
        if ids and not self.store_target().startswith(("postgresql://", "postgres://")):
            raise ValueError("Several shard processes must share one database: set DATABASE_URL=postgresql://...")
        return {"shard_count": self.shard_count, "shard_ids": ids or None}

    def owner(self) -> str:
        """The name of this process for the outbox leases (``BOT_INSTANCE``, see above)."""
        if self.instance.strip():
            return self.instance.strip()
        ids = self.shards().get("shard_ids")
        return socket.gethostname() + (f":shards={','.join(map(str, ids))}" if ids else "")

    def hash_file(self) -> Path:
        """Where the last synced command-tree hash is kept: next to the database by default."""
        if self.command_hash_file:
            return Path(self.command_hash_file)
        return Path(self.database).with_name(Path(self.database).name + ".commands.json")


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Redirect discord.py's REST and gateway (used by the end-to-end tests' fake Discord)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def load_extra_rulesets(spec: str) -> list[str]:
    """Import ``module`` or ``module:ATTR`` entries; an attribute is registered as a ruleset."""
    loaded = []
    for item in filter(None, (part.strip() for part in spec.split(","))):
        module_name, _, attr = item.partition(":")
        module = importlib.import_module(module_name)
        if attr:
            engine.register(getattr(module, attr))
        loaded.append(item)
    return loaded


def intents() -> discord.Intents:
    """Only the guilds intent: threads, channels and roles. No privileged intents are needed."""
    out = discord.Intents.none()
    out.guilds = True
    return out


class RefereeBot(commands.Bot):
    def __init__(self, settings: Settings, **client_options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.settings = settings
        self.reminder_tick_seconds = settings.reminder_tick_seconds

    async def setup_hook(self) -> None:
        from cogs import EXTENSIONS
        from cogs.prompts import DYNAMIC_ITEMS
        from cogs.referee import Referee
        from cogs.sync import CommandSync
        from store import GameStore

        self.store = await GameStore.open(
            self.settings.store_target(),
            owner=self.settings.owner(),
            outbox_lease=timedelta(seconds=self.settings.outbox_lease_seconds),
        )
        self.referee = Referee(self, self.store, gm_role=self.settings.gm_role)
        self.referee.delivery.crash_after_sends = self.settings.crash_after_sends
        self.referee.outbox.crash_after_commits = self.settings.crash_after_commits
        self.referee.outbox.sweep_every = self.settings.outbox_sweep_seconds
        self.referee.outbox.hold()  # new changes wait until on_ready has resent what the outbox still owes
        self._resumed = False
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(self.referee.on_interaction, "on_interaction")
        self.add_listener(self.referee.on_app_command_completion, "on_app_command_completion")
        self.tree.on_error = self.referee.on_app_command_error  # type: ignore[method-assign]
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        from i18n.discord_translator import CatalogTranslator

        # Before syncing: discord.py asks the translator for every command text, so a Chinese
        # client shows the catalogs' Chinese descriptions (issue 10).
        await self.tree.set_translator(CatalogTranslator())
        self.command_sync = CommandSync(self.tree, self.settings.hash_file(), self.settings.dev_guild_id)
        try:
            await self.command_sync.sync()
        except discord.HTTPException:
            log.exception("command sync failed; the previous commands stay registered (use /gm sync to retry)")

    async def on_ready(self) -> None:
        if not self._resumed:  # once: on_ready fires again after a reconnect
            self._resumed = True
            # Before reporting ready (issue 18): every delivery a crash left unsent goes out first, in
            # order per game. Here and not in setup_hook: the guilds (roles for GM mentions) are known.
            await self.referee.resume()
            self.referee.start_sweep()
        log.info("ready as %s (%s) in %d server(s)", self.user, self.user.id if self.user else "?", len(self.guilds))

    async def close(self) -> None:
        await super().close()
        referee = getattr(self, "referee", None)
        if referee is not None:
            await referee.outbox.stop()  # the sweep for a dead process's rows
            await referee.delivery.close()  # stops the outbox retries; what still waits is logged
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()
        await asyncio.to_thread(renderers.shutdown)  # the picture processes end with the bot (after the last posts)


class ShardedRefereeBot(RefereeBot, commands.AutoShardedBot):
    """The same bot on several shards (``BOT_SHARD_COUNT``/``BOT_SHARD_IDS``, issue 19): discord.py's
    sharded client runs this process's shards; every process serves any game's buttons and DMs,
    because the games are in the shared PostgreSQL database."""


def make_bot(settings: Settings) -> RefereeBot:
    shards = settings.shards()
    return ShardedRefereeBot(settings, **shards) if shards else RefereeBot(settings)


# Failures that mean Discord could not be reached at all (no network, DNS, refused or
# timed-out connection, Discord's own outage): told in one line, not a traceback.
UNREACHABLE: tuple[type[BaseException], ...] = (
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stdout,
    )
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)


def silence_voice_warnings() -> None:
    """The bot never joins a voice channel, so discord.py's start-up warnings that PyNaCl and
    davey (voice libraries) are missing are noise. Only those two are switched off: they are
    flags discord.py checks once, when the client is built."""
    voice_client = discord.voice_client.VoiceClient
    for flag in ("warn_nacl", "warn_dave"):
        if hasattr(voice_client, flag):
            setattr(voice_client, flag, False)


def loop_factory(kind: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The event loop the bot runs on (``Settings.event_loop``); None is asyncio's default.

    Why uvloop: a press's commit waits on the database, and the loop's own work around each
    socket read and write was a fifth of a PostgreSQL action's CPU on asyncio's loop (issue 19's
    figures in docs/operations.md). ``uvloop`` asked for but missing is an error, not a quiet fallback.
    """
    if kind == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        if kind == "uvloop":
            raise
        return None
    return uvloop.new_event_loop


def run_on_loop(main: Coroutine[Any, Any, T], kind: str) -> T:
    """``asyncio.run`` on the chosen loop: the bot and the benches that measure it run the same way."""
    with asyncio.Runner(loop_factory=loop_factory(kind)) as runner:
        return runner.run(main)


async def run(bot: RefereeBot, token: str) -> None:
    async with bot:  # closes the gateway and the database on the way out
        await bot.start(token)


def main() -> int:
    settings = Settings()
    configure_logging(settings.log_level)
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    point_discord_at(settings.api_base, settings.gateway_url)
    loaded = load_extra_rulesets(settings.extra_rulesets)
    log.info(
        "rulesets: %s%s", ", ".join(engine.rulesets()) or "none", f" (extra: {', '.join(loaded)})" if loaded else ""
    )
    log.info("board pictures: %s", ", ".join(renderers.load(engine.rulesets())) or "none")  # a broken one stops here
    renderers.configure(settings.render_workers)  # the processes start now and warm up while the bot connects
    silence_voice_warnings()
    try:
        bot = make_bot(settings)
    except ValueError as bad:
        print(bad, file=sys.stderr)
        return 2
    try:
        run_on_loop(run(bot, settings.discord_token.get_secret_value()), settings.event_loop)
    except KeyboardInterrupt:
        pass
    except UNREACHABLE as exc:
        where = discord.http.Route.BASE
        reason = " ".join(str(exc).split()) or type(exc).__name__
        print(
            f"Cannot reach Discord at {where}: {reason}. Check the network connection and try again.", file=sys.stderr
        )
        return 3
    except discord.LoginFailure:
        print(
            "Discord refused the token: check DISCORD_TOKEN (developer portal → your app → Bot → Reset Token).",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
