"""Slash-command texts through the catalogs (discord.py app_commands.Translator)."""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import examples as ex
from i18n.discord_translator import CatalogTranslator, lstr


async def test_translator_translates_locale_str_for_chinese_clients() -> None:
    t = CatalogTranslator()
    ctx: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    by_id = lstr(ex.COMMAND_LANGUAGE)
    assert by_id.message == "Choose the language the bot speaks to you"
    assert await t.translate(by_id, discord.Locale.chinese, ctx) == "选择机器人对你使用的语言"
    assert await t.translate(by_id, discord.Locale.taiwan_chinese, ctx) == "選擇機器人對你使用的語言"
    # A plain locale_str is found by its English text.
    plain = app_commands.locale_str("The language for your messages")
    assert await t.translate(plain, discord.Locale.chinese, ctx) == "你的消息所用的语言"


async def test_translator_leaves_english_and_unknown_strings_alone() -> None:
    t = CatalogTranslator()
    ctx: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    assert await t.translate(lstr(ex.COMMAND_LANGUAGE), discord.Locale.american_english, ctx) is None
    assert await t.translate(lstr(ex.COMMAND_LANGUAGE), discord.Locale.french, ctx) is None
    assert await t.translate(app_commands.locale_str("Not in any catalog"), discord.Locale.chinese, ctx) is None


async def test_translator_localises_a_command_tree() -> None:
    """The command's Chinese description is what discord.py would send to Discord."""

    @app_commands.command(name="language", description=lstr(ex.COMMAND_LANGUAGE))
    @app_commands.describe(choice=lstr(ex.OPTION_LANGUAGE))
    async def language(interaction: discord.Interaction, choice: str) -> None:
        return None

    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    tree.add_command(language)
    payload = await language.get_translated_payload(tree, CatalogTranslator())
    assert payload["description_localizations"]["zh-CN"] == "选择机器人对你使用的语言"
    assert payload["options"][0]["description_localizations"]["zh-TW"] == "你的消息所用的語言"
