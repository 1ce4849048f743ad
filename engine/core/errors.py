"""The one exception a ruleset raises for an illegal action.

Every rejection carries the id of the rule that forbids it (``RW-7.3``, ``AH-4.1``,
or a kernel rule ``CORE-n``) so a player, a test or a log reader can go from the
message straight to the rule text in ``shared/rules``. The reason may be given as a
translatable ``Msg`` (engine/core/text.py); ``message`` then holds its English.
"""

from __future__ import annotations

from typing import Any

from .text import Msg, message, split


class RuleViolation(Exception):
    """An action the rules forbid. Raising it must leave every state untouched."""

    def __init__(self, rule: str, message: str | Msg, *, msg: Msg | None = None) -> None:
        """``message`` is the English reason or a ``Msg``; ``msg`` gives the message when the
        English is spelled out separately (a name the kernel can only render in English)."""
        plain, carried = split(message)
        super().__init__(f"{rule}: {plain}")
        self.rule = rule
        self.message = plain
        self.msg = msg if msg is not None else carried

    def to_dict(self, *, with_msg: bool = False) -> dict[str, Any]:
        """``{"rule", "message"}`` as before messages existed; ``with_msg`` adds the message."""
        out: dict[str, Any] = {"rule": self.rule, "message": self.message}
        if with_msg and self.msg is not None:
            out["msg"] = self.msg.model_dump(mode="json")
        return out


# Kernel-level rule ids: the rules every game shares, documented in engine/core/README.md.
CORE_NOT_YOUR_TURN = "CORE-1"
CORE_BAD_ACTION = "CORE-2"
CORE_GAME_OVER = "CORE-3"
CORE_GM_ONLY = "CORE-4"
CORE_BAD_PATCH = "CORE-5"
CORE_LOCKED = "CORE-6"

# The kernel's refusals, one message each (English unchanged from before messages existed).
# CORE-1
NOT_YOUR_TURN = message("core.refused.not_your_turn", "It is not your turn: the game is waiting on {seats}.")
SEAT = message("core.seat", "seat {seat}")
NOBODY = message("core.nobody", "nobody")
WAITING_FOR_GM = message(
    "core.refused.waiting_for_gm",
    "The game is waiting for the game master to resolve an effect before anyone may act.",
)
NOT_IN_CHOICE = message("core.refused.not_in_choice", "You are not part of this secret choice.")
WINDOW_NOT_ASKING = message("core.refused.window_not_asking", "This window is not asking you now.")
NOTHING_TO_SAMPLE = message("core.refused.nothing_to_sample", "Seat {seat} has no enumerable prompt to sample from.")
# CORE-2
ACTION_SHAPE = message("core.refused.action_shape", "An action must be a JSON object with a 'type'.")
ACTION_NOT_UNDERSTOOD = message("core.refused.action_not_understood", "That action is not understood. {reason}")
OPTIONS_INVALID = message("core.refused.options_invalid", "Those game options are not valid. {reason}")
FACTION_NOT_OFFERED = message(
    "core.refused.faction_not_offered", "{faction} is not played at this table; its factions are: {choices}."
)
PLAYER_COUNT = message("core.refused.player_count", "{game} is played by {min} to {max} players, not {players}.")
NO_SUCH_GM_EDIT = message("core.refused.no_such_gm_edit", "This game offers no such game-master edit.")
# CORE-3
GAME_OVER = message("core.refused.game_over", "The game is over; no more actions are accepted.")
# CORE-4
GM_ONLY = message("core.refused.gm_only", "Only the game master may do that.")
# CORE-5
PATCH_NOT_LIST = message("core.refused.patch_not_list", "A GM patch must be a list of JSON Patch operations.")
PATCH_DOES_NOT_APPLY = message("core.refused.patch_does_not_apply", "The patch does not apply: {error}")
PATCH_INVALID = message("core.refused.patch_invalid", "The patched game would be invalid. {reason}")
NO_OPEN_TASK = message("core.refused.no_open_task", "There is no open game-master task {task}.")
# CORE-6
CHOICE_LOCKED = message("core.refused.choice_locked", "Everyone has locked in; the choice can no longer change.")
WINDOW_CLOSED = message("core.refused.window_closed", "This window has closed; the answers can no longer change.")


def seats_list(seats: list[int]) -> Msg | list[Msg]:
    """Zero-based seats as the words "seat 1, seat 3" (or "nobody"), for CORE-1 refusals."""
    return [SEAT(seat=s + 1) for s in seats] if seats else NOBODY()
