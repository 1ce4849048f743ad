"""One aiosqlite connection, used so that every transaction is atomic by construction.

aiosqlite runs each call on its own worker thread, one call at a time. When a
transaction is several awaited statements, another game's statements can slip in
between them on the shared connection and be committed by the wrong COMMIT. So a
write here is one plain function (BEGIN IMMEDIATE ... COMMIT) shipped to the worker
thread as a single call: nothing interleaves with it, and it costs one thread
hop instead of one per statement.

Why a private call: aiosqlite's public API runs one statement per call (``execute``,
``commit``), which would cost a thread hop per statement and let another game's statements
interleave inside a transaction; it has no public "run this function on your thread" call.
Shipping a function therefore uses ``Connection._execute`` (and the raw ``_conn`` it runs
on), which aiosqlite has kept unchanged since 0.17. requirements.txt pins the version
these were tested with (``aiosqlite==0.22.1``); ``tests/store`` (crash, concurrency and
property tests) is what to run before moving the pin.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import aiosqlite

from . import schema

T = TypeVar("T")


class Db:
    # One process per file (README): the cache may trust that it sees every write.
    shared = False
    backend = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "NORMAL") -> Db:
        conn = await aiosqlite.connect(path, isolation_level=None)
        db = cls(conn, path)
        try:
            await db.run(lambda raw: _configure(raw, synchronous))
            await db.run(schema.migrate)
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        await self._conn.close()

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(raw_connection)`` on the worker thread as one uninterrupted call."""
        conn = self._conn
        return await conn._execute(lambda: fn(conn._conn))

    async def transaction(
        self, fn: Callable[[sqlite3.Connection], T], *, lock: int | None = None, expect: tuple[int, str] | None = None
    ) -> T:
        """Run ``fn`` inside BEGIN IMMEDIATE / COMMIT; any exception rolls everything back.

        ``lock`` (a game id) and ``expect`` (the cached game's change token) are for the PostgreSQL
        backend, where other processes write too; here BEGIN IMMEDIATE already serialises every
        write to the file and this process is its only writer.
        """
        return await self.run(lambda raw: in_transaction(raw, fn))

    @contextlib.asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """Whether this process may run the periodic job ``name`` now: always, since a SQLite
        file has one bot process (the PostgreSQL backend decides among several)."""
        yield True

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        return await self.run(lambda raw: raw.execute(sql, params).fetchall())

    async def fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        return await self.run(lambda raw: raw.execute(sql, params).fetchone())


def _configure(raw: sqlite3.Connection, synchronous: str) -> None:
    raw.row_factory = sqlite3.Row
    schema.configure(raw, synchronous=synchronous)


def in_transaction(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    raw.execute("BEGIN IMMEDIATE")
    try:
        result = fn(raw)
    except BaseException:
        raw.execute("ROLLBACK")
        raise
    raw.execute("COMMIT")
    return result
