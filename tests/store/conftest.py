from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from store import GameStore


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "games.db")


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_path, snapshot_every=5)
    try:
        yield opened
    finally:
        await opened.close()
