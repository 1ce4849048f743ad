"""What the game waits for, in a shape the Discord layer can turn into components.

A prompt is the engine's question to one seat. Where the answer is enumerable the
prompt lists every legal answer as a ready-to-apply action, so a button press never
needs parsing; where it is structured (which units move where) it carries a JSON
schema instead and the table layer offers a modal or a typed command.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

# The seat number the game master acts as (GM overrides, resolving handed-over effects).
GM_SEAT = -1


class Option(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str
    action: dict[str, Any]
    description: str | None = None


class Prompt(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    seat: int
    # Identifies this decision instance. It must change when a new decision replaces
    # the old one, so a button pressed on a stale message can be told apart.
    key: str
    rule: str
    question: str
    options: list[Option] = Field(default_factory=list)
    answer_schema: dict[str, Any] | None = None
    secret: bool = False
    simultaneous: bool = False
    # False for a seat that has locked in a simultaneous choice: it may still change
    # its answer, but nobody is waiting on it, so reminders skip it.
    waiting: bool = True
    default: dict[str, Any] | None = None

    @property
    def enumerable(self) -> bool:
        return bool(self.options)

    def option_for(self, action: dict[str, Any]) -> Option | None:
        for option in self.options:
            if option.action == action:
                return option
        return None
