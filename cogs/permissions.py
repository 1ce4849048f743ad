"""Who may use the game-master tools.

A GM is anyone with Manage Server (or Administrator) in the channel, or anyone
holding the configured GM role. The check is done at run time, not through
Discord's default member permissions, so that a GM role without Manage Server
still sees and can use ``/gm``, and a non-admin gets a clear refusal instead of a
silently hidden command.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from engine.core.text import message

GM_REFUSAL = message(
    "bot.refused.gm_only", "Only a game master can do that: you need the Manage Server permission or the “{role}” role."
)


def role_names(user: Any) -> list[str]:
    roles: Iterable[Any] = getattr(user, "roles", None) or []
    return [str(getattr(r, "name", "")) for r in roles]


def is_gm(user: Any, permissions: discord.Permissions | None, gm_role: str) -> bool:
    if permissions is not None and (permissions.manage_guild or permissions.administrator):
        return True
    guild_perms = getattr(user, "guild_permissions", None)
    if isinstance(guild_perms, discord.Permissions) and (guild_perms.manage_guild or guild_perms.administrator):
        return True
    return gm_role in role_names(user)


def interaction_is_gm(interaction: discord.Interaction, gm_role: str) -> bool:
    if interaction.guild_id is None:  # GM power is per server; a DM carries no roles
        return False
    return is_gm(interaction.user, interaction.permissions, gm_role)
