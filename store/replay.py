"""Which logged actions are in effect, derived from the log alone.

The log is append-only, so taking something back is itself an entry: an ``undo``
entry names the action it takes back, a ``rollback`` entry names the seq whose
moment the game returns to. The actions in effect form a stack; this module
rebuilds it from ``kind`` and ``action`` only, so anyone holding the revealed seed
and the log can check the final state without trusting the store's bookkeeping.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import GameState, Ruleset


@dataclass(frozen=True)
class Step:
    seq: int
    kind: str
    seat: int
    action: dict[str, Any]


def effective_steps(entries: Iterable[Step]) -> list[Step]:
    """The actions still in effect after the whole log, in the order they apply.

    Each action is applied on the head (the newest action in effect); an undo pops
    its target, which must be the head; a roll-back restores the head as it was right
    after ``to_seq``. Raises ValueError on a log that breaks those rules.
    """
    parent: dict[int, int] = {}
    steps: dict[int, Step] = {}
    head_after: dict[int, int] = {0: 0}
    head = 0
    for step in entries:
        if step.kind in ("action", "gm"):
            parent[step.seq] = head
            steps[step.seq] = step
            head = step.seq
        elif step.kind == "undo":
            target = int(step.action["seq"])
            if target != head:
                raise ValueError(f"log entry {step.seq} undoes {target}, which is not the newest action in effect")
            head = parent[target]
        elif step.kind == "rollback":
            to_seq = int(step.action["to_seq"])
            if to_seq not in head_after:
                raise ValueError(f"log entry {step.seq} rolls back to unknown seq {to_seq}")
            head = head_after[to_seq]
        else:
            raise ValueError(f"log entry {step.seq} has unknown kind {step.kind!r}")
        head_after[step.seq] = head
    chain: list[Step] = []
    node = head
    while node:
        chain.append(steps[node])
        node = parent[node]
    chain.reverse()
    return chain


def replay(
    ruleset: Ruleset,
    options: dict[str, Any],
    seed: str,
    entries: Iterable[Step],
) -> GameState:
    """Set the game up from its seed and apply every action in effect."""
    state = ruleset.setup(options, seed)
    for step in effective_steps(entries):
        state, _events = ruleset.apply(state, step.seat, step.action)
    return state
