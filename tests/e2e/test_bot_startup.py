"""``bot.py`` started where Discord cannot be reached says so in one line and exits non-zero.

No fake Discord here: the REST base points at a closed port on this machine
(127.0.0.1:9, the discard port, where nothing listens), so logging in fails at the
first connection, as it does without a network. The same run shows that the
PyNaCl / davey "voice will NOT be supported" warnings are gone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
UNREACHABLE = "http://127.0.0.1:9"


def test_bot_without_discord_says_so_in_one_line_and_exits_non_zero(tmp_path: Path) -> None:
    env = dict(os.environ)
    for var in ("DISCORD_GATEWAY_URL", "BOT_EXTRA_RULESETS", "BOT_DEV_GUILD_ID"):
        env.pop(var, None)
    env.update(
        {
            "DISCORD_TOKEN": "MTIz.not-a-real.token",
            "DISCORD_API_BASE": UNREACHABLE,
            "BOT_DATABASE": str(tmp_path / "referee.sqlite3"),
            "PYTHONUNBUFFERED": "1",
        }
    )
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "bot.py")],
        cwd=tmp_path,  # no .env file here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode not in (0, None), output
    assert "Traceback" not in output, output
    problems = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(problems) == 1, done.stderr
    assert problems[0].startswith(f"Cannot reach Discord at {UNREACHABLE}: "), problems[0]
    assert "PyNaCl" not in output and "davey" not in output, output
