"""Board Game Arena's take-back policy, as one pure decision.

A player may take back only their own last action, only while no other seat has
acted since, and only if nothing hidden or random came out since. The last two
protect the other players: once they have reacted to a move, or once a card was
drawn or a secret revealed, taking it back would let someone replay with
knowledge they should not have. Anything else is a job for the game master's
roll-back, which is logged with a reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import RuleViolation

from .reasons import Reason, english

UNDO_NOT_YOURS = "UNDO-1"
UNDO_OTHERS_ACTED = "UNDO-2"
UNDO_REVEALED = "UNDO-3"


class UndoRefusal(RuleViolation):
    """A take-back the policy refuses: a rule like any other, plus the ``Reason`` the bot words it by
    (the store declares no messages; ``cogs/store_text.py`` has one per reason)."""

    def __init__(self, rule: str, reason: Reason) -> None:
        super().__init__(rule, english(reason, {}))
        self.reason = reason


@dataclass(frozen=True)
class LoggedStep:
    """The parts of a log entry the policy looks at."""

    seq: int
    kind: str
    seat: int
    revealed: bool


def undo_refusal(head: LoggedStep | None, since: Iterable[LoggedStep], my_seats: set[int]) -> RuleViolation | None:
    """Why the newest action in effect (``head``) may not be taken back, or None if it may.

    ``since`` is every log entry after ``head`` (actions already taken back, undo
    markers, roll-backs): proof of who acted in between.
    """
    if head is None:
        return UndoRefusal(UNDO_NOT_YOURS, Reason.UNDO_NOTHING)
    if head.kind != "action" or head.seat not in my_seats:
        return UndoRefusal(UNDO_NOT_YOURS, Reason.UNDO_NOT_YOURS)
    for step in since:
        if step.kind in ("gm", "rollback") or step.seat != head.seat:
            return UndoRefusal(UNDO_OTHERS_ACTED, Reason.UNDO_OTHERS_ACTED)
    if head.revealed:
        return UndoRefusal(UNDO_REVEALED, Reason.UNDO_REVEALED)
    return None
