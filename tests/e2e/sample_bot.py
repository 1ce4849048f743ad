"""A tiny discord.py bot used to prove that the fake Discord server works.

It is started as a real subprocess by the e2e tests.  Like the real bot, it reads
``DISCORD_TOKEN``, ``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL`` and patches
``discord.http.Route.BASE`` / ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` at start-up.

Everything a button needs is in its custom_id (``DynamicItem``), so buttons keep working
after a restart.  Secrets ("SECRET-...") only go to ephemeral messages, DMs and private threads.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import sys
from typing import Any, Self

import discord
import yarl
from discord import app_commands
from discord.ext import commands


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def say(*parts: object) -> None:
    print(*parts, flush=True)


MAPS = ["forest", "fortress", "fjords", "desert", "delta", "mountains"]
FACTIONS = ["red", "blue", "green", "yellow"]
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64  # not a real image; bytes are enough


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"g:(?P<game>[0-9a-z]+):join"):
    def __init__(self, game: str) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.primary, custom_id=f"g:{game}:join"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # UPDATE_MESSAGE (type 7): edit the message the button is on.
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined game {self.game} (pid {os.getpid()})"
        )


class RenameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"g:(?P<game>[0-9a-z]+):rename"):
    def __init__(self, game: str) -> None:
        super().__init__(
            discord.ui.Button(label="Rename", style=discord.ButtonStyle.secondary, custom_id=f"g:{game}:rename")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal(self.game))


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"g:(?P<game>[0-9a-z]+):pick"):
    def __init__(self, game: str) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"g:{game}:pick",
                placeholder="Pick a faction",
                options=[discord.SelectOption(label=f.title(), value=f) for f in FACTIONS],
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # DEFERRED_UPDATE_MESSAGE (type 6), then an ephemeral follow-up.
        await interaction.response.defer()
        await interaction.followup.send(
            f"You picked {', '.join(self.item.values)} in game {self.game}. SECRET-PICK", ephemeral=True
        )


class RenameModal(discord.ui.Modal):
    def __init__(self, game: str) -> None:
        super().__init__(title="Rename game", custom_id=f"m:{game}:rename", timeout=None)
        self.game = game
        self.new_name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(
            label="New name", custom_id="name", max_length=50
        )
        self.add_item(self.new_name)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Game {self.game} renamed to {self.new_name.value}")


def game_view(game: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game))
    view.add_item(RenameButton(game))
    view.add_item(PickSelect(game))
    return view


class GameCommands(commands.GroupCog, group_name="game", group_description="Play a game"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    admin = app_commands.Group(name="admin", description="GM tools")

    @app_commands.command(name="new", description="Start a new game")
    @app_commands.describe(name="Game name", players="Number of players", map="Map to play on")
    async def new(
        self,
        interaction: discord.Interaction,
        name: str,
        players: app_commands.Range[int, 2, 6],
        map: str | None = None,
    ) -> None:
        await interaction.response.defer(thinking=True)
        game = format(interaction.id % 36**6, "x")
        # A private thread for the player's secret hand.
        assert isinstance(interaction.channel, discord.TextChannel), "the tests run /game new in a text channel"
        thread = await interaction.channel.create_thread(
            name=f"{name}-hand-{interaction.user.name}", type=discord.ChannelType.private_thread, invitable=False
        )
        await thread.add_user(interaction.user)
        await thread.send(f"Your secret hand for {name}: SECRET-HAND-{game}")
        await interaction.followup.send(
            f"Game **{name}** ({game}) for {players} players on {map or 'random'} "
            f"created by {interaction.user.mention}.",
            view=game_view(game),
            file=discord.File(io.BytesIO(PNG), filename="board.png"),
        )
        msg = await interaction.original_response()
        table = await msg.create_thread(name=f"{name} table talk")
        await table.send("Table talk starts here.")

    @new.autocomplete("map")
    async def map_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=m.title(), value=m) for m in MAPS if m.startswith(current.lower())][:25]

    @app_commands.command(name="dm", description="Send me my secret orders by DM")
    async def dm(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await interaction.user.send("Your secret orders: SECRET-DM")
        except discord.Forbidden as exc:
            say(f"DM FORBIDDEN {exc.code}")
            await interaction.followup.send(f"DM failed: {exc.code}", ephemeral=True)
        else:
            await interaction.followup.send("DM sent", ephemeral=True)

    @app_commands.command(name="slow", description="Answer after a delay")
    async def slow(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as exc:
            say(f"LATE {exc.code}")
            assert isinstance(interaction.channel, discord.abc.Messageable)
            await interaction.channel.send(f"late response failed: {exc.code}")

    @app_commands.command(name="long", description="Try to send a too-long message")
    async def long(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"rejected: {exc.status} {exc.code}", ephemeral=True)

    @app_commands.command(name="board", description="Show the board image")
    async def board(self, interaction: discord.Interaction) -> None:
        # CHANNEL_MESSAGE_WITH_SOURCE (type 4) sent as multipart, with an embed pointing at the file.
        embed = discord.Embed(title="Board", description="Current position").set_image(url="attachment://board.png")
        await interaction.response.send_message(embed=embed, file=discord.File(io.BytesIO(PNG), filename="board.png"))

    @app_commands.command(name="spam", description="Post several messages")
    async def spam(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 10]) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.abc.Messageable)
        for i in range(count):
            await interaction.channel.send(f"spam {i + 1}/{count}")
        await interaction.followup.send(f"spammed {count}")

    @admin.command(name="reset", description="Reset everything (admins only)")
    async def reset(self, interaction: discord.Interaction, target: discord.Member | None = None) -> None:
        if not (isinstance(interaction.user, discord.Member) and interaction.user.guild_permissions.administrator):
            await interaction.response.send_message("not allowed", ephemeral=True)
            return
        who = target.display_name if target else "everyone"
        await interaction.response.send_message(f"reset done for {who}", ephemeral=True)


class SampleBot(commands.Bot):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, RenameButton, PickSelect)
        await self.add_cog(GameCommands(self))
        synced = await self.tree.sync()
        say(f"SYNCED {len(synced)}")

    async def on_ready(self) -> None:
        say(f"BOT READY {self.user} guilds={len(self.guilds)} pid={os.getpid()}")

    async def on_resumed(self) -> None:
        say("BOT RESUMED")

    async def on_guild_channel_create(self, channel: discord.abc.GuildChannel) -> None:
        say(f"CHANNEL CREATED {channel.name}")


def main() -> None:
    logging.basicConfig(
        level=os.environ.get("BOT_LOG_LEVEL", "INFO"), stream=sys.stdout, format="%(levelname)s %(name)s: %(message)s"
    )
    point_discord_at(os.environ.get("DISCORD_API_BASE"), os.environ.get("DISCORD_GATEWAY_URL"))
    intents = discord.Intents.default()
    intents.message_content = True
    bot = SampleBot(
        command_prefix="!", intents=intents, guild_ready_timeout=float(os.environ.get("GUILD_READY_TIMEOUT", "2"))
    )

    @bot.command()
    async def ping(ctx: commands.Context) -> None:
        await ctx.reply("pong")

    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
