"""The PostgreSQL server the tests start themselves is real and answers over asyncpg."""

from __future__ import annotations

import asyncpg

from tests.pg.server import Server


async def test_server_runs_and_commits(pg_server: Server, pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        version = await conn.fetchval("SHOW server_version_num")
        assert int(version) >= 160000
        await conn.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, note TEXT NOT NULL)")
        async with conn.transaction():
            await conn.execute("INSERT INTO t VALUES ($1, $2)", 2**62, "a Discord snowflake fits")
        assert await conn.fetchval("SELECT note FROM t WHERE id = $1", 2**62) == "a Discord snowflake fits"
    finally:
        await conn.close()
    assert pg_server.started_s < 30


async def test_each_test_gets_an_empty_database(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        tables = await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        assert tables == 0
    finally:
        await conn.close()
