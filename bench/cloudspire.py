"""Cloudspire timings: ``python -m bench cloudspire [games]``.

Prints JSON lines:

* ``apply_mid_game_4p``: apply() p50/p95 in ms over the actions of seeded 4-player random
  games from wave 2 on (towers built, heroes on the board, landmarks revealed). Goal: p50 < 2 ms.
* ``replay``: the time to replay one recorded full 2-player game from its seed and action log
  (setup + every apply, no sampling), averaged over the games. Goal: < 1 s.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import engine
from bench._play import apply_and_replay


def _mid_game(view: dict[str, Any]) -> bool:
    """Wave 2 on (read from the public view, as a bot would)."""
    return int(view.get("wave") or 0) >= 2


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args else 4
    lines = apply_and_replay(
        "cloudspire",
        engine.ruleset("cloudspire"),
        games,
        apply_seed=700,
        apply_players=4,
        replay_seed=800,
        replay_players=2,
        mid_game=_mid_game,
    )
    for line in lines:
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
