"""Things that happened, addressed to whoever may know them.

An event's audience decides where the Discord layer sends it: ``None`` means the
game thread, a list of seats means those seats' DMs. Engines never format for
Discord; ``text`` is one plain sentence a player understands.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


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

    @property
    def public(self) -> bool:
        return self.audience is None

    @classmethod
    def to_all(cls, kind: str, text: str, *, reveals: bool = False, milestone: bool = False, **data: Any) -> Event:
        return cls(kind=kind, text=text, data=data, reveals=reveals, milestone=milestone)

    @classmethod
    def to_seats(cls, seats: list[int] | int, kind: str, text: str, *, reveals: bool = False, **data: Any) -> Event:
        audience = [seats] if isinstance(seats, int) else sorted(set(seats))
        return cls(kind=kind, text=text, data=data, audience=audience, reveals=reveals)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)
