"""Handing what the engine cannot resolve to a human game master.

A card effect the effect primitives cannot express is never skipped: the ruleset
files a ``GmTask``; while any task is open the game waits on the GM seat alone; the
GM resolves it (optionally with a JSON patch to the state) and play continues.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .events import Event
from .text import Msg, message, split

TASK_ANNOUNCED = message("core.gm.task", "The game master must resolve this ({rule}): {what}")


class GmTask(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int
    rule: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    # What the GM reads, translatable (``text`` is its English). Left out of the JSON when absent.
    msg: Msg | None = Field(default=None, exclude_if=lambda v: v is None)


class GmState(BaseModel):
    """Embedded in every game state: open tasks and a counter for their ids."""

    model_config = ConfigDict(extra="forbid")

    tasks: list[GmTask] = Field(default_factory=list)
    next_id: int = 1
    paused: bool = False

    def hand_over(
        self,
        rule: str,
        text: str | Msg,
        *,
        seat: int | None = None,
        public_text: str | Msg | None = None,
        **data: Any,
    ) -> Event:
        """File a task for the GM and return the public announcement.

        ``text`` is what the GM reads (it may name a secret card); ``public_text`` is
        what the table reads, and must be given whenever ``text`` holds a secret. Either may be
        a translatable ``Msg``.
        """
        plain, msg = split(text)
        task = GmTask(id=self.next_id, rule=rule, text=plain, seat=seat, data=data, msg=msg)
        self.next_id += 1
        self.tasks.append(task)
        shown = public_text if public_text is not None else text
        return Event.to_all("gm_task", TASK_ANNOUNCED(rule=rule, what=shown), task=task.id, rule=rule)

    def take(self, task_id: int) -> GmTask | None:
        for i, task in enumerate(self.tasks):
            if task.id == task_id:
                return self.tasks.pop(i)
        return None
