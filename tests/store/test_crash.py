"""Kill -9 at random moments: every acknowledged action survives, the log has no gaps."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from store import GameStore

from .helpers import query, state_json

ROOT = Path(__file__).resolve().parents[2]
KILLS = 22


def _run_and_kill(db_path: str, seed: int, delay: float) -> list[tuple[int, int]]:
    """Start the worker, let it commit for ``delay`` seconds after it is ready, SIGKILL it.

    The worker takes a while to import, so the test waits for its "ready" line and
    kills at a random moment after it: mid-commit, mid-start of a new game, or idle.
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_worker", db_path, str(seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    try:
        ready = proc.stdout.readline()
        assert ready.strip() == "ready", proc.stderr.read() if proc.stderr else ready
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL, err
    # Only newline-terminated lines count: a line cut short by the kill was never fully printed.
    lines = out.split("\n")[:-1]
    return [(int(a), int(b)) for a, b in (line.split() for line in lines)]


async def test_acknowledged_actions_survive_sigkill(db_path: str, backend: str) -> None:
    rng = random.Random(20240501)
    acknowledged: list[tuple[int, int]] = []
    for kill in range(KILLS):
        acknowledged += _run_and_kill(db_path, kill, rng.uniform(0.0, 0.25))
    assert len(acknowledged) > KILLS  # the worker really committed between kills

    if backend == "sqlite":
        assert (await query(db_path, "PRAGMA integrity_check"))[0][0] == "ok"
    stored = set(await query(db_path, "SELECT game_id, seq FROM log"))
    missing = [pair for pair in acknowledged if pair not in stored]
    assert missing == []
    for (game_id,) in await query(db_path, "SELECT id FROM games WHERE status != 'open'"):
        seqs = [r[0] for r in await query(db_path, "SELECT seq FROM log WHERE game_id = ? ORDER BY seq", (game_id,))]
        assert seqs == list(range(1, len(seqs) + 1)), f"game {game_id} has a gap"
    # Issue 18: no action without its outbox row and no row without its action (the start,
    # seq 0, has no log row), however the kill fell.
    published = await query(db_path, "SELECT game_id, seq FROM outbox WHERE kind = 'publish'")
    assert len(published) == len(set(published)), "a change wrote two outbox rows"
    started = {(g, 0) for (g,) in await query(db_path, "SELECT id FROM games WHERE status != 'open'")}
    assert set(published) == stored | started

    store = await GameStore.open(db_path, snapshot_every=7)
    try:
        for game in await store.list_games():
            if game.status == "open":
                continue
            loaded = await store.load(game.id)
            assert loaded.seq == game.last_seq
            assert state_json(loaded.state) == state_json(await store.replay(game.id))
    finally:
        await store.close()
