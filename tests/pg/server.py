"""A real PostgreSQL server for the tests and benches, started from the ``pgserver`` wheel.

Why a wheel: the README's test command (``pip install -r requirements.txt && pytest``) must
run the PostgreSQL tests on a fresh machine with nothing else installed, and ``pgserver``
ships the server binaries (PostgreSQL 16) inside the package. The server listens only on a
Unix socket inside its own temporary data directory, so parallel runs never share a port.

``start_server`` is for code (the ``bench scale`` figures); ``pg_server`` is the
session-scoped pytest fixture (one server per test run, its data directory deleted at the end),
and ``pg_url`` gives each test an empty database of its own on it.
"""

from __future__ import annotations

import itertools
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pgserver: Any
try:  # the wheel exists for Linux (x86_64, aarch64) and macOS only; requirements.txt says where
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset; /tmp serves
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        import pgserver
except ImportError as missing:  # pragma: no cover - only on a platform without the wheel
    pgserver = None
    WHY_NOT = f"the pgserver package (PostgreSQL server binaries) is not installed on {sys.platform}: {missing}"
else:
    WHY_NOT = ""


@dataclass
class Server:
    """A running server: ``url`` is its ``postgres`` database, ``started_s`` how long the start took."""

    url: str
    folder: Path
    started_s: float
    handle: Any

    def database_url(self, name: str) -> str:
        """The URL of another database on the same server (same user, same socket)."""
        base, _, query = self.url.partition("?")
        return f"{base.rsplit('/', 1)[0]}/{name}?{query}"

    def stop(self) -> None:
        self.handle.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_server(*, durable: bool = True) -> Server:
    """Start a fresh server in a new temporary directory.

    ``durable=False`` turns ``fsync`` off: the tests kill client processes, never the server,
    so flushing to disk buys them nothing but time. The benches keep the defaults, so their
    commits cost what a production server's do.
    """
    if pgserver is None:
        raise RuntimeError(WHY_NOT)
    folder = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    started = time.perf_counter()
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset; /tmp serves
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        handle = pgserver.get_server(folder / "data", cleanup_mode="delete")
    if not durable:
        handle.psql("ALTER SYSTEM SET fsync = off; ALTER SYSTEM SET synchronous_commit = off; SELECT pg_reload_conf();")
    return Server(handle.get_uri(), folder, time.perf_counter() - started, handle)


_names = itertools.count(1)


async def create_database(server: Server) -> str:
    """A new empty database on ``server``; returns its URL."""
    import asyncpg

    name = f"t{next(_names)}_{int(time.time() * 1000) % 1_000_000}"
    conn = await asyncpg.connect(server.url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}" STRATEGY FILE_COPY')
    finally:
        await conn.close()
    return server.database_url(name)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """One PostgreSQL server for the whole test run, stopped and deleted at the end."""
    if pgserver is None:
        pytest.skip(WHY_NOT)
    server = start_server(durable=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def pg_url(pg_server: Server) -> str:
    """An empty database of its own for one test (``postgresql://...``); the server's deletion
    at the end of the run removes it."""
    return await create_database(pg_server)
