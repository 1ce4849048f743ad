"""Slash commands in the reader's language: discord.py's ``Translator`` over our catalogs.

discord.py asks the translator for every ``locale_str`` of the command tree (names,
descriptions, option and choice names) once per Discord locale when it syncs, and Discord
shows a Chinese client the Chinese strings. A ``locale_str`` names its message with
``id=`` (``lstr(MESSAGE)`` does that); a plain ``locale_str("English")`` is found by its
English when exactly one message has that text. ``None`` tells discord.py to keep the
English, which is what every locale without a catalog gets.

Wire it in ``setup_hook`` before syncing: ``await self.tree.set_translator(CatalogTranslator())``.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands

from engine.core.text import Message, Msg

from .catalog import table
from .locales import EN, normalize
from .render import render


def lstr(message: Message) -> app_commands.locale_str:
    """A ``locale_str`` for a declared message: English default, catalog id attached."""
    return app_commands.locale_str(message.english, id=message.id)


@cache
def _ids_by_english() -> dict[str, str | None]:
    """English text -> message id, or None where two messages share the text."""
    out: dict[str, str | None] = {}
    for msg_id, entry in table(EN).entries.items():
        text = entry.forms[0]
        out[text] = None if text in out else msg_id
    return out


def message_id(string: app_commands.locale_str) -> str | None:
    explicit = string.extras.get("id")
    if isinstance(explicit, str):
        return explicit
    return _ids_by_english().get(string.message)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        loc = normalize(locale)
        msg_id = message_id(string)
        if loc == EN or msg_id is None or table(loc).template(msg_id, None) is None:
            return None
        return render(Msg(id=msg_id), loc)
