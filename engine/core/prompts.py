"""What the game waits for, in a shape the Discord layer can turn into components.

A prompt is the engine's question to one seat. Where the answer is enumerable the
prompt lists every legal answer as a ready-to-apply action, so a button press never
needs parsing; where it is structured (which units move where) it carries a JSON
schema instead and the table layer offers a modal or a typed command.

``question``, ``label`` and ``description`` are English; ``msg`` (and
``description_msg``) carry the same words as translatable messages (engine/core/text.py).
Build them with ``Prompt.ask``/``Option.of`` to pass a message and get its English filled in.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .text import Msg, english_or, split

# The seat number the game master acts as (GM overrides, resolving handed-over effects).
GM_SEAT = -1


class Option(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str
    action: dict[str, Any]
    description: str | None = None
    # The label and description as translatable messages; left out of the JSON when absent.
    msg: Msg | None = Field(default=None, exclude_if=lambda v: v is None)
    description_msg: Msg | None = Field(default=None, exclude_if=lambda v: v is None)
    # The place of the board this option chooses, as the game's view names it (an area id, a hex
    # "q,r"), so the decision picture outlines it without guessing from the action's fields.
    at: str | None = Field(default=None, exclude_if=lambda v: v is None)

    @model_validator(mode="before")
    @classmethod
    def _english_from_msgs(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if data.get("label") is None and data.get("msg") is not None:
            data = {**data, "label": english_or(None, data["msg"])}
        if data.get("description") is None and data.get("description_msg") is not None:
            data = {**data, "description": english_or(None, data["description_msg"])}
        return data

    @classmethod
    def of(
        cls, label: str | Msg, action: dict[str, Any], description: str | Msg | None = None, *, at: str | None = None
    ) -> Option:
        """An option whose label (and description) may be messages; their English fills the legacy fields."""
        plain, msg = split(label)
        described, description_msg = split(description) if description is not None else (None, None)
        return cls(label=plain, msg=msg, action=action, description=described, description_msg=description_msg, at=at)


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
    # The question as a translatable message; left out of the JSON when absent.
    msg: Msg | None = Field(default=None, exclude_if=lambda v: v is None)

    @model_validator(mode="before")
    @classmethod
    def _question_from_msg(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("question") is None and data.get("msg") is not None:
            data = {**data, "question": english_or(None, data["msg"])}
        return data

    @classmethod
    def ask(cls, seat: int, key: str, rule: str, question: str | Msg, **fields: Any) -> Prompt:
        """A prompt whose question may be a message; its English fills ``question``."""
        plain, msg = split(question)
        return cls(seat=seat, key=key, rule=rule, question=plain, msg=msg, **fields)

    @property
    def enumerable(self) -> bool:
        return bool(self.options)

    @property
    def locked_in(self) -> bool:
        """A simultaneous answer the seat has locked in. A prompt nobody waits on that is not simultaneous
        (an optional out-of-turn decision: a town action, an ally's offer) has not been answered yet."""
        return self.simultaneous and not self.waiting

    def option_for(self, action: dict[str, Any]) -> Option | None:
        for option in self.options:
            if option.action == action:
                return option
        return None
