"""Who may use the game-master tools.

A GM is anyone with Manage Server (or Administrator) in the channel, or anyone
holding the configured GM role. The check is done at run time, not through
Discord's default member permissions, so that a GM role without Manage Server
still sees and can use ``/gm``, and a non-admin gets a clear refusal instead of a
silently hidden command.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from engine.core.text import message

log = logging.getLogger(__name__)

GM_REFUSAL = message(
    "bot.refused.gm_only", "Only a game master can do that: you need the Manage Server permission or the “{role}” role."
)


def role_names(user: Any) -> list[str]:
    roles: Iterable[Any] = getattr(user, "roles", None) or []
    return [str(getattr(r, "name", "")) for r in roles]


def grants_gm(permissions: Iterable[discord.Permissions | None], names: Iterable[str], gm_role: str) -> bool:
    """The one GM rule, whatever the facts come from (a cached member or a REST look-up): Manage
    Server or Administrator, or the GM role by name."""
    if any(p is not None and (p.manage_guild or p.administrator) for p in permissions):
        return True
    return gm_role in names


def is_gm(user: Any, permissions: discord.Permissions | None, gm_role: str) -> bool:
    guild_perms = getattr(user, "guild_permissions", None)
    held = guild_perms if isinstance(guild_perms, discord.Permissions) else None
    return grants_gm((permissions, held), role_names(user), gm_role)


def interaction_is_gm(interaction: discord.Interaction, gm_role: str) -> bool:
    if interaction.guild_id is None:  # GM power is per server; a DM carries no roles
        return False
    return is_gm(interaction.user, interaction.permissions, gm_role)


# What a REST look-up raises when Discord cannot answer now: a server error or rate limit, a
# dropped connection, a timeout. Not remembered: the next press asks again.
LOOKUP_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
    asyncio.TimeoutError,
)
# How long an answer is kept. A burst of presses (a GM working through a task, a table's worth of
# notices) costs one call; a role given or taken away counts within a minute.
LOOKUP_TTL_SECONDS = 60.0
LOOKUP_MAX_ENTRIES = 4096


@dataclass(frozen=True)
class GuildFacts:
    """What deciding GM rights needs of a server: its owner and its roles (id -> name, permissions)."""

    owner_id: int
    roles: dict[int, tuple[str, discord.Permissions]]

    def role_id(self, name: str) -> int | None:
        return next((rid for rid, (rname, _) in self.roles.items() if rname == name), None)

    def is_gm(self, guild_id: int, user_id: int, role_ids: Iterable[int], gm_role: str) -> bool:
        """As ``is_gm`` for a cached member: the owner, Manage Server or Administrator through
        @everyone (the role whose id is the server's) or a role held, or the GM role by name."""
        if user_id == self.owner_id:
            return True
        held = [self.roles[r] for r in (int(guild_id), *role_ids) if int(r) in self.roles]
        return grants_gm((perms for _, perms in held), (name for name, _ in held), gm_role)


class GuildLookup:
    """A server's GM facts over REST, for a server this process does not cache (issue 19).

    A process that runs some shards caches only their servers, but a DM (always shard 0) or an
    outbox row taken over from another process may concern any server: whether a DM's user is
    that server's game master, and the GM role to mention in its thread, are then asked of
    Discord's REST API. Answers (a 404 included: not a member) are kept ``ttl`` seconds, and
    callers asking the same at once share one call, so a burst of presses makes one request.
    """

    def __init__(
        self,
        client: discord.Client,
        *,
        ttl: float = LOOKUP_TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client, self.ttl, self.clock = client, ttl, clock
        self._kept: dict[tuple[Any, ...], tuple[float, asyncio.Future[Any]]] = {}

    def _rest(self, name: str) -> Callable[..., Awaitable[Any]] | None:
        """One of the client's REST calls; None for a client without it (the cog tests' stub
        client, which has no server to ask: the answer is then "unknown", as when Discord is down)."""
        call: Callable[..., Awaitable[Any]] | None = getattr(getattr(self.client, "http", None), name, None)
        return call

    async def _ask(self, key: tuple[Any, ...], fetch: Callable[[], Awaitable[Any]]) -> Any:
        """``fetch()``'s answer, kept under ``key``; None when Discord could not answer (not kept)."""
        now = self.clock()
        kept = self._kept.get(key)
        if kept is None or kept[0] <= now:
            if len(self._kept) >= LOOKUP_MAX_ENTRIES:
                self._kept = {k: v for k, v in self._kept.items() if v[0] > now}
            future: asyncio.Future[Any] = asyncio.ensure_future(fetch())
            kept = (now + self.ttl, future)
            self._kept[key] = kept
        try:
            # Shielded: one caller's cancelled interaction must not cancel the call others share.
            return await asyncio.shield(kept[1])
        except LOOKUP_ERRORS:
            if self._kept.get(key) is kept:
                del self._kept[key]
            log.warning("Discord could not answer %s", key, exc_info=True)
            return None

    async def guild(self, guild_id: int) -> GuildFacts | None:
        """The server's owner and roles; None when the bot cannot see it or Discord is unreachable."""
        get_guild = self._rest("get_guild")
        if get_guild is None:
            return None

        async def fetch() -> GuildFacts | None:
            try:
                data = await get_guild(int(guild_id), with_counts=False)
            except (discord.NotFound, discord.Forbidden):
                return None
            roles = {
                int(r["id"]): (str(r.get("name", "")), discord.Permissions(int(r.get("permissions") or 0)))
                for r in data.get("roles") or []
            }
            return GuildFacts(owner_id=int(data.get("owner_id") or 0), roles=roles)

        facts: GuildFacts | None = await self._ask(("guild", int(guild_id)), fetch)
        return facts

    async def member_roles(self, guild_id: int, user_id: int) -> list[int] | None:
        """The ids of the roles ``user_id`` holds in the server; None when not a member there
        (Discord's 404), when the bot cannot see the server, or when Discord is unreachable."""
        get_member = self._rest("get_member")
        if get_member is None:
            return None

        async def fetch() -> list[int] | None:
            try:
                data = await get_member(int(guild_id), int(user_id))
            except (discord.NotFound, discord.Forbidden):
                return None
            return [int(r) for r in data.get("roles") or []]

        roles: list[int] | None = await self._ask(("member", int(guild_id), int(user_id)), fetch)
        return roles

    async def is_gm(self, guild_id: int, user_id: int, gm_role: str) -> bool:
        """Whether ``user_id`` is a game master of the server, as ``is_gm`` decides for a cached
        member; False when that cannot be learnt (no GM power on a guess)."""
        facts = await self.guild(guild_id)
        if facts is None:
            return False
        if int(user_id) == facts.owner_id:
            return True
        held = await self.member_roles(guild_id, user_id)
        return held is not None and facts.is_gm(guild_id, user_id, held, gm_role)

    async def gm_role_id(self, guild_id: int, gm_role: str) -> int | None:
        facts = await self.guild(guild_id)
        return facts.role_id(gm_role) if facts is not None else None
