"""How a ``Ref`` becomes a name in the reader's language.

Content owns its names (a unit's name is in the unit's data file, per language), so the
renderer asks a resolver rather than knowing any game. A game's content module implements
``Names``; ``TableNames`` is the plain-table implementation the tests and small games use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from engine.core.text import Ref


@runtime_checkable
class Names(Protocol):
    def name(self, ref: Ref, locale: str) -> str | None:
        """The name of ``ref`` in ``locale`` (a catalog name such as ``zh_Hant``), or None if unknown."""
        ...


class TableNames:
    """Names from a table ``{(kind, id): {locale: name}}``."""

    def __init__(self, table: Mapping[tuple[str, str], Mapping[str, str]]) -> None:
        self._table = {k: dict(v) for k, v in table.items()}

    def name(self, ref: Ref, locale: str) -> str | None:
        return self._table.get((ref.kind, ref.id), {}).get(locale)


class ChainNames:
    """The first resolver that knows the name (a game's content, then the table's seat names …)."""

    def __init__(self, *resolvers: Names) -> None:
        self._resolvers = resolvers

    def name(self, ref: Ref, locale: str) -> str | None:
        for resolver in self._resolvers:
            found = resolver.name(ref, locale)
            if found is not None:
                return found
        return None
