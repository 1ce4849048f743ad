"""The one exception a ruleset raises for an illegal action.

Every rejection carries the id of the rule that forbids it (``RW-7.3``, ``AH-4.1``,
or a kernel rule ``CORE-n``) so a player, a test or a log reader can go from the
message straight to the rule text in ``shared/rules``.
"""

from __future__ import annotations


class RuleViolation(Exception):
    """An action the rules forbid. Raising it must leave every state untouched."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


# Kernel-level rule ids: the rules every game shares, documented in engine/core/README.md.
CORE_NOT_YOUR_TURN = "CORE-1"
CORE_BAD_ACTION = "CORE-2"
CORE_GAME_OVER = "CORE-3"
CORE_GM_ONLY = "CORE-4"
CORE_BAD_PATCH = "CORE-5"
CORE_LOCKED = "CORE-6"
