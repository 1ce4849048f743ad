"""``/rules id:`` and the Rule button on a refusal: the cited rule in the reader's words (issue 12).

Every refusal names a rule id (``RW-10.9.2``); the entries in ``i18n/rules`` say what that rule
means for a player, in their language. The reply is ephemeral: it is the reader's question,
not the table's. The button's custom id carries only the rule id (``r:RW-10.9.2``), so a
refusal answered a week ago still opens its rule after a restart, whoever presses it.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.text import Msg, message
from i18n import EN, render
from i18n import rules as reference
from i18n.discord_translator import lstr

from . import ids, lang, text

CMD_RULES = message("bot.cmd.rules", "Read a rule that a refusal cites, by its id or by words")
ARG_RULE_ID = message("bot.cmd.arg.rule_id", "A rule id such as RW-10.9.2, or words from the rule")
RULE_CHOICE = message("bot.rules.choice", "{id} {title}")
RULE_ENTRY = message("bot.rules.entry", "**{id} · {title}**\n{text}")
RULE_FALLBACK = message("bot.rules.fallback", "{id} has no entry of its own; showing {shown}.")
RULE_UNKNOWN = message(
    "bot.rules.unknown",
    "No rule matches {query}. Type a rule id such as RW-10.9 or words from a rule, and pick from the list.",
)
RULE_BUTTON = message("bot.button.rule", "Rule {id}")

AUTOCOMPLETE_LIMIT = 25


async def reader_locale(interaction: discord.Interaction) -> str:
    """The reader's language: the referee's record of their choice, else their client's."""
    referee = getattr(interaction.client, "referee", None)
    if referee is not None:
        found: str = await referee.locale(interaction)
        return found
    return lang.interaction_locale(interaction) or EN


def entry_text(query: str, locale: str) -> Msg | str:
    """The reply to a lookup: the entry (and, for a parent's, which one), else the best word
    match, else a message saying that nothing matched."""
    found = reference.entry(query, locale)
    if found is None:
        hits = reference.search(query, locale, limit=1)
        found = hits[0] if hits else None
    if found is None:
        return RULE_UNKNOWN(query=query.strip()[:80])
    body = render(RULE_ENTRY(id=found.shown, title=found.title, text=found.text), locale)
    if found.fallback:
        body = render(RULE_FALLBACK(id=found.rule_id, shown=found.shown), locale) + "\n" + body
    return text.truncate(body, text.MAX_CONTENT)


async def show(interaction: discord.Interaction, query: str) -> None:
    """Reply ephemerally with the entry for ``query`` in the reader's language."""
    locale = await reader_locale(interaction)
    reply = lang.tr(entry_text(query, locale), locale)
    if interaction.response.is_done():
        await interaction.followup.send(reply, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.send_message(reply, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def rule_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Ids starting with what was typed, else entries holding its words, titled in the reader's language."""
    locale = await reader_locale(interaction)
    hits = reference.search(current, locale, limit=AUTOCOMPLETE_LIMIT)
    if not current.strip():
        hits = [e for i in reference.all_ids() if "." not in i and (e := reference.entry(i, locale)) is not None]
    return [
        app_commands.Choice(
            name=text.truncate(render(RULE_CHOICE(id=e.shown, title=e.title), locale), 100), value=e.shown
        )
        for e in hits[:AUTOCOMPLETE_LIMIT]
    ]


class RuleButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.RULE_TEMPLATE):
    """The Rule button under a refusal: shows the cited rule's entry to whoever presses it."""

    def __init__(self, rule_id: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or rule_id, style=discord.ButtonStyle.secondary, custom_id=ids.encode_rule(rule_id)
            )
        )
        self.rule_id = rule_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RuleButton:
        return cls(match["rule"], getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show(interaction, self.rule_id)


def rule_view(rule_id: str, locale: str) -> discord.ui.View | None:
    """A one-button view for a refusal citing ``rule_id``; None when the reference has no entry
    (a kernel or test rule without one), so no button leads nowhere."""
    try:
        ids.encode_rule(rule_id)
    except ValueError:
        return None
    if reference.entry(rule_id, locale) is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RuleButton(rule_id, render(RULE_BUTTON(id=rule_id), locale)))
    view.stop()  # routed by the registered template, not kept in memory per message
    return view


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot | None = None) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description=lstr(CMD_RULES))
    @app_commands.describe(id=lstr(ARG_RULE_ID))
    @app_commands.autocomplete(id=rule_autocomplete)
    async def rules(self, interaction: discord.Interaction, id: str) -> None:
        await show(interaction, id)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(RuleButton)
    await bot.add_cog(RulesCog(bot))
