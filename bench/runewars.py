"""Runewars timings: ``python -m bench runewars [games]``.

Prints JSON lines:

* ``apply_mid_game_4p``: apply() p50/p95 in ms over the actions of seeded 4-player
  random games from year 2 on (the mid-game board: every faction's army out, neutrals
  allied, strongholds built). Goal: p50 < 2 ms.
* ``replay``: the time to replay one recorded full game from its seed and action log
  (setup + every apply, no sampling), averaged over the games. Goal: < 1 s.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import engine
from bench._play import apply_and_replay


def _mid_game(view: dict[str, Any]) -> bool:
    """Year 2 on, in play: every faction's army out (read from the public view, as a bot would)."""
    return int(view.get("year") or 0) >= 2 and view.get("phase") == "play"


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 4
    lines = apply_and_replay(
        "runewars",
        engine.ruleset("runewars"),
        games,
        apply_seed=500,
        apply_players=4,
        replay_seed=500,
        replay_players=4,
        mid_game=_mid_game,
    )
    for line in lines:
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
