"""Which catalogs exist and which Discord locales read which.

Catalog names follow CLDR script subtags (``zh_Hans``, ``zh_Hant``) because the split that
matters for a reader is the script, not the country; Discord names its Chinese locales by
country (``zh-CN``, ``zh-TW``), so the mapping lives here, once.
"""

from __future__ import annotations

from typing import Any, Final

EN: Final = "en"
ZH_HANS: Final = "zh_Hans"
ZH_HANT: Final = "zh_Hant"
LOCALES: Final = (EN, ZH_HANS, ZH_HANT)
SOURCE: Final = EN  # English is the catalogs' source text (the .pot template)
TRANSLATED: Final = (ZH_HANS, ZH_HANT)  # locales with a .po file

# Discord locale -> catalog. Every other Discord locale reads English.
DISCORD: Final[dict[str, str]] = {
    "en-US": EN,
    "en-GB": EN,
    "zh-CN": ZH_HANS,
    "zh-TW": ZH_HANT,
}

_ALIASES: Final[dict[str, str]] = {
    "en": EN,
    "zh": ZH_HANS,
    "zh_hans": ZH_HANS,
    "zh-hans": ZH_HANS,
    "zh_cn": ZH_HANS,
    "zh-cn": ZH_HANS,
    "zh_sg": ZH_HANS,
    "zh-sg": ZH_HANS,
    "zh_hant": ZH_HANT,
    "zh-hant": ZH_HANT,
    "zh_tw": ZH_HANT,
    "zh-tw": ZH_HANT,
    "zh_hk": ZH_HANT,
    "zh-hk": ZH_HANT,
}


def normalize(locale: Any) -> str:
    """The catalog for a locale given as ours (``zh_Hant``), Discord's (``zh-TW``, or a
    ``discord.Locale``) or a plain language tag; anything unknown reads English."""
    if locale is None:
        return EN
    raw = str(getattr(locale, "value", locale))
    if raw in LOCALES:
        return raw
    if raw in DISCORD:
        return DISCORD[raw]
    key = raw.lower()
    if key in _ALIASES:
        return _ALIASES[key]
    return EN if not key.startswith("zh") else ZH_HANS


def discord_locales(locale: str) -> list[str]:
    """The Discord locales that read ``locale``'s catalog."""
    return [d for d, ours in DISCORD.items() if ours == locale]
