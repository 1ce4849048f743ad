"""The store's tests run on both backends (issue 19): every test that takes ``store`` or ``db_path``
runs once on a SQLite file and once on an empty database of a real PostgreSQL server that the
tests start themselves (tests/pg/server.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from store import GameStore
from tests.pg.server import create_database, pg_server

__all__ = ["pg_server"]

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Callable[[str], Awaitable[str]]:
    """Makes another empty database of the test's backend: a file name, or a PostgreSQL URL."""

    async def make(name: str) -> str:
        if backend == "sqlite":
            return str(tmp_path / f"{name}.db")
        return await create_database(request.getfixturevalue("pg_server"))

    return make


@pytest.fixture
async def db_path(new_db: Callable[[str], Awaitable[str]]) -> str:
    """Where the test's store lives (``GameStore.open`` takes either)."""
    return await new_db("games")


@pytest.fixture(scope="session", params=BACKENDS)
def session_db(request: pytest.FixtureRequest) -> str:
    """One database per backend for the whole run, for the property tests: hypothesis runs each
    example inside one test call, so they cannot take a function-scoped fixture; each example
    opens its own store on it and plays a game of its own (SQLite: a new in-memory file each time)."""
    if request.param == "sqlite":
        return ":memory:"
    return asyncio.run(create_database(request.getfixturevalue("pg_server")))


@pytest.fixture
def sqlite_path(tmp_path: Path) -> str:
    """A SQLite file, for the tests of what only SQLite has (PRAGMAs, WAL, its migrations' file)."""
    return str(tmp_path / "games.db")


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_path, snapshot_every=5)
    try:
        yield opened
    finally:
        await opened.close()
