"""Things that happened, addressed to whoever may know them.

An event's audience decides where the Discord layer sends it: ``None`` means the
game thread, a list of seats means those seats' DMs. Engines never format for
Discord; ``text`` is one plain sentence a player understands. ``msg`` is the same
sentence as a translatable message (engine/core/text.py): new code passes ``msg`` and
``text`` is filled with its English, so readers of ``text`` keep working.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .text import Msg, english_or, split


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    text: str
    data: dict[str, Any] = Field(default_factory=dict)
    audience: list[int] | None = None
    # True when this event disclosed something hidden or random (a draw, a flip, a
    # simultaneous reveal). The store uses it for the undo policy: nothing that was
    # revealed can be taken back by a player.
    reveals: bool = False
    # True at the end of a season, round or turn: the table posts a fresh public board
    # picture after delivering the events, so the thread shows the board at each rest.
    milestone: bool = False
    # The sentence as a translatable message. Left out of the JSON when absent, so events
    # logged before messages existed keep their exact shape.
    msg: Msg | None = Field(default=None, exclude_if=lambda v: v is None)

    @model_validator(mode="before")
    @classmethod
    def _text_from_msg(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("text") is None and data.get("msg") is not None:
            data = {**data, "text": english_or(None, data["msg"])}
        return data

    @property
    def public(self) -> bool:
        return self.audience is None

    @classmethod
    def to_all(
        cls, kind: str, text: str | Msg, *, reveals: bool = False, milestone: bool = False, **data: Any
    ) -> Event:
        """``text`` may be a ``Msg``: the event then carries it and its English as ``text``."""
        plain, msg = split(text)
        return cls(kind=kind, text=plain, msg=msg, data=data, reveals=reveals, milestone=milestone)

    @classmethod
    def to_seats(
        cls, seats: list[int] | int, kind: str, text: str | Msg, *, reveals: bool = False, **data: Any
    ) -> Event:
        audience = [seats] if isinstance(seats, int) else sorted(set(seats))
        plain, msg = split(text)
        return cls(kind=kind, text=plain, msg=msg, data=data, audience=audience, reveals=reveals)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)
