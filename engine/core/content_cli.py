"""The shared tail of the games' content command lines (``python -m engine.<game>.content``).

Why in the kernel: every game's content CLI ends the same way (an unknown command prints the
module's usage and exits 2; ``check`` prints one JSON summary line, each problem on stderr and
exits 1 on any problem), and scripts and CI read that output, so it must not drift between games.
The checks themselves stay in the games; nothing here imports OpenCC or ``i18n``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence

#: A game's check: (summary for the JSON line, problems, one per line).
Check = Callable[[], tuple[Mapping[str, object], Sequence[str]]]

USAGE_EXIT = 2


def usage(doc: str | None) -> int:
    """Print the module's usage (its docstring) to stderr; returns the exit code for a bad command."""
    print(doc, file=sys.stderr)
    return USAGE_EXIT


def report(summary: Mapping[str, object], problems: Sequence[str]) -> int:
    """Print the check's summary as one JSON line and each problem on stderr; 1 on any problem."""
    print(json.dumps(summary, ensure_ascii=False))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def run_check(command: str, doc: str | None, check: Check) -> int:
    """The last step of a content CLI: ``check`` runs and reports, any other command is a usage error."""
    if command != "check":
        return usage(doc)
    summary, problems = check()
    return report(summary, problems)
