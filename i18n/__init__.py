"""Catalogs and rendering: the engine's messages in English, Simplified and Traditional Chinese."""

from .locales import DISCORD, EN, LOCALES, ZH_HANS, ZH_HANT, discord_locales, normalize
from .names import ChainNames, Names, TableNames
from .render import render

__all__ = [
    "DISCORD",
    "EN",
    "LOCALES",
    "ZH_HANS",
    "ZH_HANT",
    "ChainNames",
    "Names",
    "TableNames",
    "discord_locales",
    "normalize",
    "render",
]
