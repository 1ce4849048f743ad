"""What ``/game export`` writes: the document ``python -m engine.replay`` checks.

The start publishes the seed's hash and the end reveals the seed; this document adds the
options and every logged action, so anyone can rebuild the game and see that the shuffles
came from the committed seed. It is built here, in the kernel, so the writer (the Discord
layer) and the reader (``engine.replay``) share one definition of the format.

A replay is only a proof if both sides read the same units, cards and maps: a changed
card text or unit cost replays the same seed and actions to a different game. So the
document carries a hash of the content, and a mismatch is reported as "different content"
instead of as a mysterious divergence.
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from typing import Any

EXPORT_FORMAT = "game-export/1"

# Data, not code: the loaders and README may change without changing any game.
DATA_SUFFIXES = (".json", ".toml", ".yaml", ".yml", ".csv")


def content_dir(ruleset: Any) -> Path:
    """``engine/<game>/content`` of the package that defines ``ruleset``."""
    parts = type(ruleset).__module__.split(".")
    package = importlib.import_module(".".join(parts[:2]))
    return Path(package.__file__ or "").resolve().parent / "content"


def shipped_content_hash(ruleset: Any) -> str:
    """SHA-256 over every data file under the game's content folder (relative path and bytes,
    in path order), so the same files give the same hash on every machine."""
    root = content_dir(ruleset)
    digest = hashlib.sha256()
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in DATA_SUFFIXES)
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def seed_hash(seed: str) -> str:
    """The commitment published at the start (the store computes it the same way)."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def export_document(
    *,
    game_id: int,
    ruleset: str,
    status: str,
    options: dict[str, Any],
    seed_hash: str | None,
    seed: str | None,
    content: str,
    log: list[dict[str, Any]],
    result: dict[str, Any] | None,
) -> dict[str, Any]:
    """The export as JSON-ready data. ``log`` rows are ``{seq, kind, seat, action}`` only: the
    logged events hold private ones (hands, secret orders) and a replay rebuilds them anyway.
    ``seed`` is None until the store reveals it (finished or cancelled games)."""
    return {
        "format": EXPORT_FORMAT,
        "game": game_id,
        "ruleset": ruleset,
        "status": status,
        "options": options,
        "seed_hash": seed_hash,
        "seed": seed,
        "content": content,
        "log": [{k: row[k] for k in ("seq", "kind", "seat", "action")} for row in log],
        "result": result,
    }
