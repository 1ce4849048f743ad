"""Getting messages to the right eyes: the game thread for the table, DMs for one seat.

DMs fail often (closed DMs answer 403 / 50007). A failed DM is never dropped: its
text waits in the store (``GameStore.add_pending_dm``, the ``pending_dm`` table) and
is shown in the player's ephemeral private panel the next time they interact in the
game, the thread gets one line asking them to open their DMs (with an "Open my
private panel" button), and the game master is told. Because the texts are in the
database, a restart (or a crash) of the bot does not lose them. Without a store
(unit tests of this module) they are kept in memory instead.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from .text import chunk, mention

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def user_mentions() -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, users=True, roles=False, replied_user=False)


def user_and_role_mentions() -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, users=True, roles=True, replied_user=False)


@dataclass
class Pending:
    texts: list[str] = field(default_factory=list)
    notified: bool = False


def frozen_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A View whose components are all DynamicItems: stopped, so discord.py does not keep
    a copy per message in memory; presses are routed by the registered templates."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


class Delivery:
    """Sends to threads and DMs; remembers what could not be delivered."""

    def __init__(self, client: discord.Client, gm_role: str, store: Any | None = None) -> None:
        self.client = client
        self.gm_role = gm_role
        self.store = store
        # With a store, only ``notified`` is used here (the texts are in the database).
        self.pending: dict[tuple[int, int], Pending] = {}
        self._dm_channels: dict[int, discord.abc.Messageable] = {}

    # ---- the table -------------------------------------------------------------
    def channel_of(self, game: Any) -> discord.abc.Messageable:
        channel_id = game.thread_id or game.channel_id
        return self.client.get_partial_messageable(int(channel_id), guild_id=int(game.guild_id) if game.guild_id else None)

    def gm_mention(self, guild_id: int | None) -> str:
        guild = self.client.get_guild(int(guild_id)) if guild_id else None
        role = discord.utils.get(guild.roles, name=self.gm_role) if guild is not None else None
        return role.mention if role is not None else f"Game master ({self.gm_role})"

    async def post(
        self,
        game: Any,
        content: str,
        *,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        filename: str = "board.png",
        mentions: discord.AllowedMentions | None = None,
    ) -> discord.Message | None:
        """Post to the game thread; long text becomes several messages, components go on the last."""
        channel = self.channel_of(game)
        parts = chunk(content)
        sent: discord.Message | None = None
        try:
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                kwargs: dict[str, Any] = {"allowed_mentions": mentions or NO_MENTIONS}
                if last and view is not None:
                    kwargs["view"] = view
                if last and png is not None:
                    kwargs["file"] = discord.File(io.BytesIO(png), filename=filename)
                sent = await channel.send(part or None, **kwargs)
        except discord.HTTPException:
            log.exception("could not post to the thread of game %s", getattr(game, "id", "?"))
        return sent

    async def tell_gm(self, game: Any, text: str, *, view: discord.ui.View | None = None) -> None:
        """A notice for whoever referees; ``text`` must hold no secret (the thread is public)."""
        await self.post(game, f"🛡️ {self.gm_mention(game.guild_id)}: {text}", view=view, mentions=user_and_role_mentions())

    # ---- one seat -----------------------------------------------------------------
    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            self._dm_channels[user_id] = channel
        return channel

    async def dm(
        self, game: Any, user_id: int, content: str, *, seat: int | None = None, view: discord.ui.View | None = None
    ) -> bool:
        """DM a player; on failure keep the text for their private panel and raise the alarm once."""
        try:
            channel = await self._dm_channel(user_id)
            parts = chunk(content)
            for i, part in enumerate(parts):
                kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
                if i == len(parts) - 1 and view is not None:
                    kwargs["view"] = view
                await channel.send(part, **kwargs)
            state = self.pending.get((int(game.id), user_id))
            if state is not None:
                state.notified = False  # DMs work again: a later failure is worth a new notice
            return True
        except discord.HTTPException as exc:
            if not isinstance(exc, discord.Forbidden):
                log.warning("DM to %s failed: %s", user_id, exc)
            await self._dm_failed(game, user_id, content, seat)
            return False

    async def _dm_failed(self, game: Any, user_id: int, content: str, seat: int | None) -> None:
        state = self.pending.setdefault((int(game.id), user_id), Pending())
        waiting = 1
        if self.store is not None:
            try:
                waiting = await self.store.add_pending_dm(int(game.id), user_id, seat, content)
            except Exception:  # noqa: BLE001 - keep it in memory rather than lose it
                log.exception("could not store an undelivered DM for %s in game %s", user_id, game.id)
                state.texts.append(content)
        else:
            state.texts.append(content)
        # Tell the table once: not again while this process already did, nor when older
        # messages were already waiting (the notice was posted then, perhaps before a restart).
        if state.notified or waiting > 1:
            state.notified = True
            return
        state.notified = True
        from .prompts import PanelButton  # the button class lives with the other components

        who = f"seat {seat + 1}" if seat is not None and seat >= 0 else "a player"
        text = (
            f"📭 {mention(user_id)}, I could not send you a direct message. Please allow DMs from this server "
            f"(server name → Privacy Settings → Direct Messages). Until then, your private updates wait in "
            f"your private panel: press the button or use `/game hand`.\n"
            f"🛡️ {self.gm_mention(game.guild_id)}: {who}'s DMs are closed; they get their secrets through the private panel."
        )
        await self.post(game, text, view=frozen_view([PanelButton(int(game.id))]), mentions=user_and_role_mentions())

    async def has_pending(self, game_id: int, user_id: int) -> bool:
        state = self.pending.get((int(game_id), user_id))
        if state is not None and state.texts:
            return True
        return bool(self.store is not None and await self.store.has_pending_dms(int(game_id), user_id))

    async def take_pending(self, game_id: int, user_id: int) -> list[str]:
        """The undelivered texts for this player and game, oldest first; they are gone once taken."""
        texts: list[str] = []
        if self.store is not None:
            texts = await self.store.take_pending_dms(int(game_id), user_id)
        state = self.pending.get((int(game_id), user_id))
        if state is not None and state.texts:
            texts, state.texts = texts + state.texts, []
        return texts

    async def pending_games(self, user_id: int) -> list[int]:
        games = set(await self.store.pending_dm_games(user_id)) if self.store is not None else set()
        games |= {game for (game, user), state in self.pending.items() if user == user_id and state.texts}
        return sorted(games)

    def dms_closed(self, game_id: int, user_id: int) -> bool:
        state = self.pending.get((int(game_id), user_id))
        return bool(state and state.notified)
