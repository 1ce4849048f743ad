"""Move a SQLite store into an empty PostgreSQL database (issue 19):
``python -m store.copy --from sqlite:///path/to/bot.db --to postgresql://user@host/db [--dry-run]``.

Why a tool of its own rather than ``pg_dump``-style SQL: the two backends share one schema
(``schema.MIGRATIONS``, translated by ``pg.postgres_script``), so the rows can be copied as
they are, but only when both sides are at the same version; the identity columns of
PostgreSQL must be moved past the copied ids or the next ``INSERT`` collides; and an
operator needs proof that the copy is the same game, not just the same row count. So:

- the source must be at exactly the code's schema version (an older file is migrated by
  starting the bot on it once; a copy never migrates the source, which stays the fallback);
- the target must hold no rows in any of the store's tables; it is migrated to the current
  version if it is new;
- the tables are derived from the migrations (created and not dropped), copied in dependency
  order (``REFERENCES``) in ONE transaction, so a failure leaves the target as it was;
- afterwards every table's row count is compared, and every started game is replayed from its
  seed and log on both sides (``store.replay``, the rule the store itself uses) to the same
  state hash.

Exit status: 0 copied and verified (or a dry run), 1 copied but the verification found a
difference, 2 refused (nothing written). Operator text is English, as the bot's other
start-up refusals are.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

import engine
from engine.core import RuleViolation

from . import schema
from .models import StoreError
from .pg import MIGRATION_LOCK, PgDb, is_postgres_url, primary_keys, safe_url
from .replay import Step, replay

REFUSED = 2
MISMATCH = 1
Print = Callable[[str], None]


class Refused(Exception):
    """The copy cannot go ahead; the sentence says why and what to do. Nothing was written."""


@dataclass(frozen=True)
class Table:
    name: str
    references: frozenset[str]
    key: tuple[str, ...]


def store_tables() -> list[Table]:
    """Every table the migrations leave in place, parents before the tables that reference them.

    Read from ``schema.MIGRATIONS`` so a table added by a later migration is copied without
    touching this file.
    """
    found: dict[str, frozenset[str]] = {}
    for script in schema.MIGRATIONS:
        for name, body in re.findall(r"CREATE\s+TABLE\s+(\w+)\s*\((.*?)\n\)", script, flags=re.S | re.I):
            found[name] = frozenset(re.findall(r"REFERENCES\s+(\w+)", body, flags=re.I)) - {name}
        for name in re.findall(r"DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(\w+)", script, flags=re.I):
            found.pop(name, None)
    keys = primary_keys()
    ordered: list[Table] = []
    placed: set[str] = set()
    while len(placed) < len(found):
        ready = [n for n, refs in found.items() if n not in placed and refs <= placed]
        if not ready:
            raise RuntimeError(f"the schema's tables reference each other in a cycle: {sorted(set(found) - placed)}")
        for name in ready:  # migration order among tables of the same depth
            ordered.append(Table(name, found[name], keys.get(name, ())))
            placed.add(name)
    return ordered


# ---- the source (SQLite) ----------------------------------------------------------------------


def open_source(source: str) -> sqlite3.Connection:
    """The SQLite file, opened without creating it and checked to be at the code's version."""
    if is_postgres_url(source):
        raise Refused("--from must be the SQLite store (sqlite:///path/to/bot.db), not a PostgreSQL URL.")
    path = Path(source.removeprefix("sqlite:///").removeprefix("sqlite://"))
    if not path.is_file():
        raise Refused(f"There is no SQLite store at {path}.")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, isolation_level=None)
        conn.row_factory = sqlite3.Row
        # One read transaction for the whole copy: the counts, the rows and the replays see one moment.
        conn.execute("BEGIN")
        version = schema.user_version(conn)
    except sqlite3.Error as exc:
        raise Refused(f"{path} is not a readable SQLite store: {exc}.") from exc
    if version != schema.LATEST_VERSION:
        conn.close()
        if version > schema.LATEST_VERSION:
            raise Refused(
                f"The source {path} was written by a newer version of the bot (schema {version}; this one"
                f" knows {schema.LATEST_VERSION}). Copy it with the release that wrote it."
            )
        raise Refused(
            f"The source {path} is at schema version {version}, but this code copies version"
            f" {schema.LATEST_VERSION}. Start the bot once on the source (DATABASE_URL=sqlite:///{path}) so it"
            " migrates the file, stop it, then run the copy again."
        )
    return conn


def source_rows(conn: sqlite3.Connection, table: Table) -> tuple[list[str], list[tuple[Any, ...]]]:
    columns = [str(r["name"]) for r in conn.execute(f"PRAGMA table_info({table.name})")]
    order = ", ".join(table.key) if table.key else "rowid"
    rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table.name} ORDER BY {order}").fetchall()
    return columns, [tuple(r) for r in rows]


def source_count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


# ---- the target (PostgreSQL) ------------------------------------------------------------------


async def target_counts(conn: asyncpg.Connection, tables: Sequence[Table]) -> dict[str, int | None]:
    """Rows per store table on the target; None where the table does not exist yet."""
    counts: dict[str, int | None] = {}
    for table in tables:
        exists = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", table.name)
        counts[table.name] = int(await conn.fetchval(f"SELECT COUNT(*) FROM {table.name}")) if exists else None
    return counts


async def target_version(conn: asyncpg.Connection) -> int | None:
    if not await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
        return None
    value = await conn.fetchval("SELECT version FROM schema_version")
    return None if value is None else int(value)


def refuse_if_not_empty(counts: dict[str, int | None], version: int | None, target: str) -> None:
    if version is not None and version > schema.LATEST_VERSION:
        raise Refused(
            f"The target {target} was written by a newer version of the bot (schema {version}; this one knows"
            f" {schema.LATEST_VERSION}). Nothing was written."
        )
    games = counts.get("games") or 0
    if games:
        raise Refused(
            f"The target {target} already holds {games} game(s); the copy only fills an empty database, so"
            " nothing was written. Point --to at a new database (CREATE DATABASE ...)."
        )
    held = {name: n for name, n in counts.items() if n}
    if held:
        listed = ", ".join(f"{name} {n}" for name, n in held.items())
        raise Refused(
            f"The target {target} already holds rows ({listed}); the copy only fills an empty database, so"
            " nothing was written."
        )


async def column_types(conn: asyncpg.Connection, table: str) -> dict[str, str]:
    rows = await conn.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1",
        table,
    )
    return {str(r["column_name"]): str(r["data_type"]) for r in rows}


def coerce(value: Any, data_type: str) -> Any:
    """SQLite keeps what it was given; COPY wants exactly the column's type."""
    if value is None:
        return None
    if data_type in ("bigint", "integer", "smallint"):
        return int(value)
    if data_type == "text":
        return value if isinstance(value, str) else str(value)
    return value


async def copy_table(conn: asyncpg.Connection, source: sqlite3.Connection, table: Table) -> int:
    columns, rows = source_rows(source, table)
    types = await column_types(conn, table.name)
    if set(columns) != set(types):
        raise Refused(
            f"Table {table.name} has columns {sorted(columns)} in the source but {sorted(types)} in the target;"
            " both should be at the same schema version. Nothing was written."
        )
    records = [tuple(coerce(v, types[c]) for v, c in zip(row, columns, strict=True)) for row in rows]
    if records:
        await conn.copy_records_to_table(table.name, records=records, columns=columns)
    if table.key == ("id",):
        # The identity column goes on after the highest copied id (a new game gets a new number).
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), COALESCE(MAX(id), 0) + 1, false)"
            f" FROM {table.name}"
        )
    return len(records)


# ---- verification: the same games, not only the same rows -------------------------------------


def state_hash(ruleset: str, options_json: str, seed: str, steps: list[Step]) -> str:
    """SHA-256 of the state that the seed and the log give (what a restarted bot rebuilds)."""
    rs = engine.ruleset(ruleset)
    state = replay(rs, json.loads(options_json), seed, steps)
    return hashlib.sha256(state.model_dump_json().encode("utf-8")).hexdigest()


def _hash_or_reason(ruleset: str, options_json: str, seed: str, steps: list[Step]) -> str:
    try:
        return state_hash(ruleset, options_json, seed, steps)
    except (KeyError, ValueError, RuleViolation) as exc:  # unknown game, inconsistent log, refused action
        return f"does not replay: {exc}"


def source_hashes(conn: sqlite3.Connection) -> dict[int, str]:
    out: dict[int, str] = {}
    for game in conn.execute("SELECT id, ruleset, options, seed FROM games WHERE seed IS NOT NULL ORDER BY id"):
        steps = [
            Step(int(r["seq"]), str(r["kind"]), int(r["seat"]), json.loads(r["action"]))
            for r in conn.execute(
                "SELECT seq, kind, seat, action FROM log WHERE game_id = ? ORDER BY seq", (game["id"],)
            )
        ]
        out[int(game["id"])] = _hash_or_reason(game["ruleset"], game["options"], game["seed"], steps)
    return out


async def target_hashes(conn: asyncpg.Connection) -> dict[int, str]:
    out: dict[int, str] = {}
    for game in await conn.fetch("SELECT id, ruleset, options, seed FROM games WHERE seed IS NOT NULL ORDER BY id"):
        rows = await conn.fetch("SELECT seq, kind, seat, action FROM log WHERE game_id = $1 ORDER BY seq", game["id"])
        steps = [Step(int(r["seq"]), str(r["kind"]), int(r["seat"]), json.loads(r["action"])) for r in rows]
        out[int(game["id"])] = _hash_or_reason(game["ruleset"], game["options"], game["seed"], steps)
    return out


# ---- the command ------------------------------------------------------------------------------


async def copy(source_url: str, target_url: str, *, dry_run: bool = False, out: Print = print) -> int:
    """Copy, verify and report; returns the exit status (see the module's docstring)."""
    tables = store_tables()
    try:
        source = open_source(source_url)
    except Refused as refusal:
        out(f"Refused: {refusal}")
        return REFUSED
    target = safe_url(target_url)
    try:
        if not is_postgres_url(target_url):
            raise Refused("--to must be a PostgreSQL URL (postgresql://user@host/database).")
        try:
            conn = await asyncpg.connect(target_url)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as exc:
            raise Refused(f"Cannot reach the target {target}: {exc}. Nothing was written.") from exc
        try:
            return await _copy(source, conn, target_url, tables, dry_run=dry_run, out=out)
        finally:
            await conn.close()
    except Refused as refusal:
        out(f"Refused: {refusal}")
        return REFUSED
    finally:
        source.close()


async def _copy(
    source: sqlite3.Connection,
    conn: asyncpg.Connection,
    target_url: str,
    tables: list[Table],
    *,
    dry_run: bool,
    out: Print,
) -> int:
    target = safe_url(target_url)
    refuse_if_not_empty(await target_counts(conn, tables), await target_version(conn), target)
    counts = {t.name: source_count(source, t.name) for t in tables}
    if dry_run:
        for table in tables:
            out(f"{table.name}: {counts[table.name]} rows would be copied")
        out(
            f"Dry run: {sum(counts.values())} rows in {len(tables)} tables, {counts.get('games', 0)} games;"
            f" the target {target} is empty and would be migrated to schema {schema.LATEST_VERSION}. Nothing written."
        )
        return 0
    # The store's own migration (under its advisory lock), then every row in one transaction.
    try:
        db = await PgDb.open(target_url, size=1)
    except (StoreError, sqlite3.Error) as exc:
        raise Refused(f"Could not migrate the target {target}: {exc}") from exc
    await db.close()
    copied: dict[str, int] = {}
    try:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            # Checked again inside the transaction: a bot started on the target meanwhile wins.
            refuse_if_not_empty(await target_counts(conn, tables), await target_version(conn), target)
            for table in tables:
                copied[table.name] = await copy_table(conn, source, table)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
        raise Refused(f"The copy failed and was rolled back, so the target holds no rows: {exc}") from exc
    after = await target_counts(conn, tables)
    ok = True
    for table in tables:
        same = after[table.name] == counts[table.name] == copied[table.name]
        ok &= same
        mark = "ok" if same else "DIFFERENT"
        name = table.name
        out(f"{name}: {copied[name]} rows copied (source {counts[name]}, target {after[name]}) {mark}")
    want, got = source_hashes(source), await target_hashes(conn)
    differ = sorted(g for g in want.keys() | got.keys() if want.get(g) != got.get(g))
    broken = sorted(g for g, h in want.items() if h.startswith("does not replay"))
    for game_id in differ:
        out(f"game #{game_id}: replays differently (source {want.get(game_id)}, target {got.get(game_id)})")
    for game_id in broken:
        out(f"game #{game_id}: {want[game_id]} (on the source too)")
    ok &= not differ and not broken
    summary = (
        f"{sum(copied.values())} rows in {len(tables)} tables copied to {target};"
        f" {len(want) - len(differ) - len(broken)} of {len(want)} started games replay to the same state there."
    )
    if ok:
        out(f"Done: {summary} Set DATABASE_URL to the target and start the bot.")
        return 0
    out(f"Copied, but the verification found differences: {summary} Keep running on the SQLite store.")
    return MISMATCH


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store.copy", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path/to/bot.db")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://user@host/database (empty)")
    parser.add_argument("--dry-run", action="store_true", help="check both sides and count the rows; write nothing")
    args = parser.parse_args(argv)
    return asyncio.run(copy(args.source, args.target, dry_run=args.dry_run))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
