"""Heroes III in Discord: the skirmish's private panel in the reader's language.

Why a cog with no commands: the referee's generic ``/game`` commands already play the skirmish;
what the game adds is its panel (``Referee.panel_formatters``), so a player sees their hand,
both sides and the units in their language instead of the generic key/value dump.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from engine.heroes3 import SKIRMISH, panel_lines
from engine.heroes3 import names as h3_names
from i18n import EN, Names, render

from . import text
from .referee import Referee

RULESET = SKIRMISH.name


def format_private(view: dict[str, Any], *, title: str, locale: str = EN, names: Names | None = None) -> list[str]:
    """A seat's panel from its own view (never the state), rendered in ``locale``."""
    resolver: Names = names if names is not None else h3_names()
    lines = [f"**{title}**", *(render(msg, locale, resolver) for msg in panel_lines(view))]
    return text.chunk("\n".join(lines))


class Heroes3Cog(commands.Cog):
    def __init__(self, referee: Referee) -> None:
        self.r = referee

    async def cog_load(self) -> None:
        self.r.register_game(RULESET, panel=format_private)

    async def cog_unload(self) -> None:
        self.r.unregister_game(RULESET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Heroes3Cog(bot.referee))  # type: ignore[attr-defined]  # the bot carries its referee
