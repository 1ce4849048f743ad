"""Pydantic's validation errors in words a player understands (CORE-2).

A typed action or option reaches the engine as JSON, so its mistakes are pydantic's
(`Input should be a valid list`, `Extra inputs are not permitted`, a union-tag
message listing twenty action names). Players see the rejection, so it is worded
here once for every game: what is wrong, with which field of which action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

_TYPE_WORDS = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "set_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
}
_MAX_NAMED = 8  # action names listed when a type is unknown


def explain(exc: ValidationError, *, what: str = "action", tagged: bool = True) -> str:
    """The first error of ``exc`` as one plain sentence (the others usually follow from it).

    ``tagged``: the model is a union told apart by its ``type`` (actions), so pydantic
    puts the action type first in each error's location.
    """
    err = exc.errors()[0]
    return explain_error(err, what=what, tagged=tagged)


def explain_error(err: Any, *, what: str = "action", tagged: bool = True) -> str:
    kind = str(err.get("type", ""))
    loc = [str(p) for p in err.get("loc", ())]
    ctx = err.get("ctx") or {}
    if kind == "union_tag_invalid":
        return _unknown_type(str(ctx.get("tag", "?")), str(ctx.get("expected_tags", "")), what)
    if kind == "union_tag_not_found":
        return f"An {what} needs a `type` saying what it is."
    field, owner = _split(loc) if tagged else (_path(loc), "")
    subject = field + (f" of a `{owner}` {what}" if owner else "")
    if kind == "missing":
        return f"{_cap(subject)} is missing." if field else f"Part of the {what} is missing."
    if kind == "extra_forbidden":
        # Refused rather than ignored: an unknown field is usually a typo.
        if owner:
            return f"{_cap(field)} is not part of a `{owner}` {what}."
        return (
            f"{_cap(field)} is not one of this game's {what}s."
            if what == "option"
            else f"{_cap(field)} is not part of this {what}."
        )
    if kind in _TYPE_WORDS:
        return f"{_cap(subject)} must be {_TYPE_WORDS[kind]}."
    if kind in ("literal_error", "enum"):
        return f"{_cap(subject)} must be one of {ctx.get('expected', 'the listed values')}."
    if kind.startswith(("greater_than", "less_than", "too_short", "too_long")):
        return f"{_cap(subject)} is out of range: {_lower_first(str(err.get('msg', '')))}."
    message = str(err.get("msg", "it is not valid"))
    return f"{_cap(subject)}: {_lower_first(message)}." if field else f"{message}."


def _unknown_type(tag: str, expected: str, what: str) -> str:
    names = [n.strip().strip("'") for n in expected.split(",") if n.strip()]
    shown = ", ".join(f"`{n}`" for n in names[:_MAX_NAMED]) + (", …" if len(names) > _MAX_NAMED else "")
    return f"There is no {what} called `{tag}` here" + (f"; the game knows {shown}." if names else ".")


def _split(loc: Sequence[str]) -> tuple[str, str]:
    """(field path, action type) from a tagged location like ``('rw_move', 'units', '0')``."""
    if len(loc) >= 2:
        return _path(loc[1:]), loc[0]
    return _path(loc), ""


def _path(loc: Sequence[str]) -> str:
    """``units.0`` reads as "item 1 of `units`"; nested names are joined with dots."""
    names = [p for p in loc if not p.isdigit()]
    text = f"`{'.'.join(names)}`" if names else ""
    for p in reversed([p for p in loc if p.isdigit()]):
        text = f"item {int(p) + 1} of {text}" if text else f"item {int(p) + 1}"
    return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text
