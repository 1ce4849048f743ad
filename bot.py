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
import sys
from pathlib import Path

import aiohttp
import discord
import yarl
from discord.ext import commands
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

import engine
import renderers

log = logging.getLogger("referee")

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
    gm_role: str = Field(default="Game Master", validation_alias="BOT_GM_ROLE")
    dev_guild_id: int | None = Field(default=None, validation_alias="BOT_DEV_GUILD_ID")
    log_level: str = Field(default="INFO", validation_alias="BOT_LOG_LEVEL")
    api_base: str | None = Field(default=None, validation_alias="DISCORD_API_BASE")
    gateway_url: str | None = Field(default=None, validation_alias="DISCORD_GATEWAY_URL")
    extra_rulesets: str = Field(default="", validation_alias="BOT_EXTRA_RULESETS")
    reminder_tick_seconds: float = Field(default=300.0, gt=0, validation_alias="BOT_REMINDER_TICK_SECONDS")
    command_hash_file: str | None = Field(default=None, validation_alias="BOT_COMMAND_HASH_FILE")

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
    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.reminder_tick_seconds = settings.reminder_tick_seconds

    async def setup_hook(self) -> None:
        from cogs import EXTENSIONS
        from cogs.prompts import DYNAMIC_ITEMS
        from cogs.referee import Referee
        from cogs.sync import CommandSync
        from store import GameStore

        self.store = await GameStore.open(self.settings.database)
        self.referee = Referee(self, self.store, gm_role=self.settings.gm_role)
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
        log.info("ready as %s (%s) in %d server(s)", self.user, self.user.id if self.user else "?", len(self.guilds))

    async def close(self) -> None:
        await super().close()
        referee = getattr(self, "referee", None)
        if referee is not None:
            await referee.delivery.close()  # stops the outbox retries; what still waits is logged
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


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
    silence_voice_warnings()
    bot = RefereeBot(settings)
    try:
        asyncio.run(run(bot, settings.discord_token.get_secret_value()))
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
