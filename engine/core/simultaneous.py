"""Secret simultaneous choices: Runewars order cards, influence bids, battle-card placement.

The pattern, shared by every game: several seats are asked at once; each answer is
kept secret in the state and may be changed until every seat has locked in; the last
lock-in resolves the step. Views show who has locked in, never what.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .errors import CHOICE_LOCKED, CORE_LOCKED, CORE_NOT_YOUR_TURN, NOT_IN_CHOICE, RuleViolation
from .prompts import Option, Prompt
from .text import Msg, split


class SecretChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    rule: str
    seats: list[int]
    answers: dict[int, dict[str, Any]] = Field(default_factory=dict)
    locked: list[int] = Field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(seat in self.locked for seat in self.seats)

    def pending(self) -> list[int]:
        return [seat for seat in self.seats if seat not in self.locked]

    def submit(self, seat: int, answer: dict[str, Any], *, lock: bool = True) -> None:
        """Record (or change) a seat's secret answer; locking is what resolves the step."""
        if seat not in self.seats:
            raise RuleViolation(CORE_NOT_YOUR_TURN, NOT_IN_CHOICE())
        if self.complete:
            raise RuleViolation(CORE_LOCKED, CHOICE_LOCKED())
        self.answers[seat] = answer
        if lock and seat not in self.locked:
            self.locked.append(seat)
        if not lock and seat in self.locked:
            self.locked.remove(seat)

    def unlock(self, seat: int) -> None:
        if self.complete:
            raise RuleViolation(CORE_LOCKED, CHOICE_LOCKED())
        if seat in self.locked:
            self.locked.remove(seat)

    def answer(self, seat: int) -> dict[str, Any] | None:
        return self.answers.get(seat)

    def public(self) -> dict[str, Any]:
        return {"key": self.key, "rule": self.rule, "seats": list(self.seats), "locked": sorted(self.locked)}

    def private(self, seat: int) -> dict[str, Any]:
        out = self.public()
        out["my_answer"] = self.answers.get(seat)
        return out

    def prompts(
        self,
        question: str | Msg,
        options_for: Callable[[int], list[Option]],
        *,
        answer_schema: dict[str, Any] | None = None,
        default_for: Callable[[int], dict[str, Any] | None] | None = None,
    ) -> list[Prompt]:
        """One secret prompt per seat; locked seats keep theirs (not waiting) so they may change.
        ``question`` may be a message: its English fills ``question`` (as ``Prompt.ask``)."""
        english, msg = split(question)
        out: list[Prompt] = []
        for seat in self.seats:
            out.append(
                Prompt(
                    seat=seat,
                    key=self.key,
                    rule=self.rule,
                    question=english,
                    msg=msg,
                    options=options_for(seat),
                    answer_schema=answer_schema,
                    secret=True,
                    simultaneous=True,
                    waiting=seat not in self.locked,
                    default=default_for(seat) if default_for else None,
                )
            )
        return out
