"""The Heroes III content prose (ability, card, location, building, astrologer, scenario texts)
in every language: the kernel's English-keyed tables (``engine.core.content_texts``) over this
folder, so ``units.json`` ``"text": "..."`` is translated in ``i18n/zh_Hans/units.json``.

A message carries such a text as ``text_ref(english)`` (a ``Ref`` of kind ``TEXT_KIND``), never
as a plain string: ``Heroes3Names`` resolves it in the reader's language when the message is
rendered, and ``english()`` (no resolver) still gives the English, so stored events and the
legacy English fields are unchanged.
"""

from __future__ import annotations

from typing import Final

from engine.core.content_texts import ContentTexts
from engine.core.text import Ref

from . import HERE

TEXT_KIND: Final = "h3text"
#: The message-id scope the Traditional overrides (i18n/zh_hant_overrides.toml) are matched against.
HANT_SCOPE: Final = "h3.content"

TEXTS: Final = ContentTexts(HERE)


def text_ref(english: str) -> Ref | str:
    """A content text as a message parameter: a ``Ref`` keeps the ``Msg`` JSON and lets the reader's
    language be chosen at delivery rather than when the event is made. An empty text (a model's
    default) stays an empty string, as a ``Ref`` needs an id."""
    return Ref(kind=TEXT_KIND, id=english) if english else english


def content_text(english: str, locale: str) -> str:
    """``english`` in ``locale`` (``en``, ``zh_Hans``, ``zh_Hant``), English when untranslated:
    for the sites that already know the reader's locale and draw text rather than render a Msg."""
    if not english or locale == "en":
        return english
    return TEXTS.text(english, locale) or english
