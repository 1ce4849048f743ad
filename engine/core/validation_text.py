"""Pydantic's validation errors in words a player understands (CORE-2).

A typed action or option reaches the engine as JSON, so its mistakes are pydantic's
(`Input should be a valid list`, `Extra inputs are not permitted`, a union-tag
message listing twenty action names). Players see the rejection, so it is worded
here once for every game: what is wrong, with which field of which action. The
wording is a translatable message (``explain_msg``); ``explain`` is its English.
Field names and action types are code and stay as they are; pydantic's own detail
(the range it expected) is English from pydantic and is passed through as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from .text import Msg, english, message

_TYPE_WORDS = {
    "string_type": message("core.valid.type.text", "text"),
    "int_type": message("core.valid.type.whole_number", "a whole number"),
    "float_type": message("core.valid.type.number", "a number"),
    "bool_type": message("core.valid.type.true_false", "true or false"),
    "list_type": message("core.valid.type.list", "a list"),
    "dict_type": message("core.valid.type.object", "an object"),
}
_TYPE_WORDS |= {
    "int_parsing": _TYPE_WORDS["int_type"],
    "int_from_float": _TYPE_WORDS["int_type"],
    "float_parsing": _TYPE_WORDS["float_type"],
    "bool_parsing": _TYPE_WORDS["bool_type"],
    "tuple_type": _TYPE_WORDS["list_type"],
    "set_type": _TYPE_WORDS["list_type"],
    "model_type": _TYPE_WORDS["dict_type"],
}
# What was being validated, by the `what` argument's English word.
_WHAT = {
    "action": message("core.valid.what.action", "action"),
    "option": message("core.valid.what.option", "option"),
    "game state": message("core.valid.what.game_state", "game state"),
}
_MAX_NAMED = 8  # action names listed when a type is unknown

_UNKNOWN_TYPE = message("core.valid.unknown_type", "There is no {what} called `{tag}` here.")
_UNKNOWN_TYPE_KNOWN = message(
    "core.valid.unknown_type_known", "There is no {what} called `{tag}` here; the game knows {known}."
)
_NEEDS_TYPE = message("core.valid.needs_type", "An {what} needs a `type` saying what it is.")
_FIELD_OF = message("core.valid.field_of", "{field} of a `{owner}` {what}")
_ITEM_OF = message("core.valid.item_of", "item {i} of {path}")
_ITEM = message("core.valid.item", "item {i}")
_MISSING = message("core.valid.missing", "{subject!c} is missing.")
_PART_MISSING = message("core.valid.part_missing", "Part of the {what} is missing.")
_NOT_PART_OF_OWNER = message("core.valid.not_part_of_owner", "{field!c} is not part of a `{owner}` {what}.")
_NOT_AN_OPTION = message("core.valid.not_an_option", "{field!c} is not one of this game's options.")
_NOT_PART_OF = message("core.valid.not_part_of", "{field!c} is not part of this {what}.")
_MUST_BE = message("core.valid.must_be", "{subject!c} must be {expected}.")
_ONE_OF = message("core.valid.one_of", "{subject!c} must be one of {expected}.")
_LISTED_VALUES = message("core.valid.listed_values", "the listed values")
_OUT_OF_RANGE = message("core.valid.out_of_range", "{subject!c} is out of range: {detail}.")
_INVALID_FIELD = message("core.valid.invalid_field", "{subject!c}: {detail}.")
_INVALID = message("core.valid.invalid", "{detail}.")

Part = str | Msg


def explain(exc: ValidationError, *, what: str = "action", tagged: bool = True) -> str:
    """The first error of ``exc`` as one plain English sentence (the others usually follow from it).

    ``tagged``: the model is a union told apart by its ``type`` (actions), so pydantic
    puts the action type first in each error's location.
    """
    return english(explain_msg(exc, what=what, tagged=tagged))


def explain_msg(exc: ValidationError, *, what: str = "action", tagged: bool = True) -> Msg:
    """``explain`` as a translatable message."""
    return explain_error_msg(exc.errors()[0], what=what, tagged=tagged)


def explain_error(err: Any, *, what: str = "action", tagged: bool = True) -> str:
    return english(explain_error_msg(err, what=what, tagged=tagged))


def explain_error_msg(err: Any, *, what: str = "action", tagged: bool = True) -> Msg:
    kind = str(err.get("type", ""))
    loc = [str(p) for p in err.get("loc", ())]
    ctx = err.get("ctx") or {}
    noun: Part = _WHAT[what]() if what in _WHAT else what
    if kind == "union_tag_invalid":
        return _unknown_type(str(ctx.get("tag", "?")), str(ctx.get("expected_tags", "")), noun)
    if kind == "union_tag_not_found":
        return _NEEDS_TYPE(what=noun)
    field, owner = _split(loc) if tagged else (_path(loc), "")
    subject: Part = _FIELD_OF(field=field, owner=owner, what=noun) if owner else field
    if kind == "missing":
        return _MISSING(subject=subject) if field else _PART_MISSING(what=noun)
    if kind == "extra_forbidden":
        # Refused rather than ignored: an unknown field is usually a typo.
        if owner:
            return _NOT_PART_OF_OWNER(field=field, owner=owner, what=noun)
        return _NOT_AN_OPTION(field=field) if what == "option" else _NOT_PART_OF(field=field, what=noun)
    if kind in _TYPE_WORDS:
        return _MUST_BE(subject=subject, expected=_TYPE_WORDS[kind]())
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected")
        return _ONE_OF(subject=subject, expected=str(expected) if expected is not None else _LISTED_VALUES())
    if kind.startswith(("greater_than", "less_than", "too_short", "too_long")):
        return _OUT_OF_RANGE(subject=subject, detail=_lower_first(str(err.get("msg", ""))))
    detail = str(err.get("msg", "it is not valid"))
    return _INVALID_FIELD(subject=subject, detail=_lower_first(detail)) if field else _INVALID(detail=detail)


def _unknown_type(tag: str, expected: str, what: Part) -> Msg:
    names = [n.strip().strip("'") for n in expected.split(",") if n.strip()]
    if not names:
        return _UNKNOWN_TYPE(what=what, tag=tag)
    shown = [f"`{n}`" for n in names[:_MAX_NAMED]] + (["…"] if len(names) > _MAX_NAMED else [])
    return _UNKNOWN_TYPE_KNOWN(what=what, tag=tag, known=shown)


def _split(loc: Sequence[str]) -> tuple[Part, str]:
    """(field path, action type) from a tagged location like ``('rw_move', 'units', '0')``."""
    if len(loc) >= 2:
        return _path(loc[1:]), loc[0]
    return _path(loc), ""


def _path(loc: Sequence[str]) -> Part:
    """``units.0`` reads as "item 1 of `units`"; nested names are joined with dots."""
    names = [p for p in loc if not p.isdigit()]
    path: Part = f"`{'.'.join(names)}`" if names else ""
    for p in reversed([p for p in loc if p.isdigit()]):
        path = _ITEM_OF(i=int(p) + 1, path=path) if path else _ITEM(i=int(p) + 1)
    return path


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text
