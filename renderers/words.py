"""The words of one picture: catalog messages and content names in the game's language.

A board picture is read by everyone in a game thread, so it is drawn in the game's
language (issue 10, "Pictures"). Every label is a catalog message (``render.*`` ids,
declared next to the drawing code that uses them) or a content name resolved through the
game's ``i18n.names.Names``; a name the resolver does not know in the locale falls back to
its English (then to the English the view carries), a message missing from a catalog to its
English, so a picture never fails over a translation (``python -m i18n check`` is where
missing entries fail).
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from engine.core.text import Msg, Ref, message
from i18n import render
from i18n.locales import EN, normalize
from i18n.names import Names
from i18n.render import style

# Shared by the pictures of every game.
SEAT = message("render.seat", "Seat {n}")
# ``Ref(kind=PLAYER_KIND, id=str(seat))``: the seat's player by name, when the bot's names resolver knows it.
PLAYER_KIND = "player"


class PlayerTable:
    """Seat -> its player's name, whatever the locale: a snapshot of the bot's player names.

    Why: a picture drawn in a worker process (``renderers.pool``) cannot ask the Discord client,
    so the bot's resolver sends this plain table in its place (``PlayerNames.__reduce__``).
    """

    def __init__(self, players: dict[int, str]) -> None:
        self.players = dict(players)

    def name(self, ref: Ref, locale: str) -> str | None:
        if ref.kind != PLAYER_KIND:
            return None
        try:
            return self.players.get(int(ref.id))
        except ValueError:
            return None


class Words:
    """Renders messages and names for one picture in one locale."""

    def __init__(self, locale: Any = EN, names: Names | None = None) -> None:
        self.locale = normalize(locale)
        self.names = names
        self._cache: dict[str, str] = {}

    @property
    def english(self) -> bool:
        return self.locale == EN

    def __call__(self, msg: Msg) -> str:
        """``msg`` in the picture's language; a message without parameters is rendered once."""
        if msg.params:
            return render(msg, self.locale, self.names)
        found = self._cache.get(msg.id)
        if found is None:
            found = self._cache[msg.id] = render(msg, self.locale, self.names)
        return found

    def name(self, kind: str, id: Any, english: str | None = None) -> str:
        """The name of the content ``(kind, id)``: the locale's, else English, else ``english``, else the id."""
        if id is None or id == "":
            return english or ""
        ref = Ref(kind=kind, id=str(id))
        if self.names is not None:
            for loc in (self.locale, EN) if not self.english else (EN,):
                found = self.names.name(ref, loc)
                if found:
                    return found
        return english if english else str(id)

    def join(self, items: list[str]) -> str:
        """A list in the language's own way (", " in English, "、" in Chinese)."""
        return style(self.locale).list_sep.join(items)


def game_names(package: str) -> Names | None:
    """The game's own names resolver (``engine.<game>.names()``), or None while it has none.

    Looked up by name (the package's ``names``, else its ``names`` module's) so that a picture
    keeps working, with the English names of the view, for a game that has no resolver yet.
    """
    return _game_names(package)


@lru_cache(maxsize=8)
def _game_names(package: str) -> Names | None:
    module = importlib.import_module(package)
    factory = getattr(module, "names", None)
    if factory is None or not (callable(factory) or isinstance(factory, Names)):
        # Not exported (yet): the games keep their resolver in ``<package>.names``.
        try:
            factory = getattr(importlib.import_module(f"{package}.names"), "names", None)
        except ModuleNotFoundError:
            return None
    if isinstance(factory, Names):
        return factory
    made = factory() if callable(factory) else None
    return made if isinstance(made, Names) else None
