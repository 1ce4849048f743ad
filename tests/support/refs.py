"""Every name a message carries, for the tests that check each one renders as a name and never an id."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.text import Msg, Ref


def refs_in(value: Any) -> Iterator[Ref]:
    """The ``Ref``s in ``value``: a Ref, a message (its parameters, nested messages included) or a list of them."""
    if isinstance(value, Ref):
        yield value
    elif isinstance(value, Msg):
        for v in value.params.values():
            yield from refs_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from refs_in(v)
