"""PostgreSQL storage, for several bot processes over one database: the same operations and
guarantees as `SqliteStore`, over an asyncpg pool.

Every change is one transaction. A save updates the game's row only if its version is the one
loaded (else `Conflict`), which also locks the row, so the log entry it appends is numbered after
every other committed one. Migrations (`waypost/migrations/postgres/`) run under an advisory lock,
so processes starting together apply each exactly once.

A database that is stopped, hung or out of connections makes a call raise `StoreUnavailable`
within seconds (`CONNECT_TIMEOUT`, `STATEMENT_TIMEOUT`), not the driver's own errors.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import re
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

import asyncpg

from waypost.migrations import migration_files, statements
from waypost.outage import Outages, StoreUnavailable
from waypost.records import CommitUnknown, StoreError
from waypost.sql_store import Store, Writer

MIGRATIONS = "waypost.migrations.postgres"
MIGRATION_LOCK = 0x57415950  # "WAYP": the advisory lock processes take turns on to migrate
POOL_SIZE = 10
CONNECT_TIMEOUT = 2.0  # seconds to connect, or to wait for a free connection of the pool
STATEMENT_TIMEOUT = 2.0  # seconds a statement may take (a player waits behind it)
LONG = 600.0  # seconds for what may rightly take long: a migration, copying a database in, a turn's wait
UNREACHABLE = (OSError, asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,  # shut down, cancelled
               asyncpg.TooManyConnectionsError, asyncpg.InternalClientError)  # a connection broken mid-call


class PgStore(Store):
    """A PostgreSQL database. Open with `await PgStore.open(url)`; close with `await store.close()`."""

    _TAKEN = (asyncpg.UniqueViolationError,)

    def __init__(self, pool: asyncpg.Pool, shown: str = "PostgreSQL"):
        self._pool = pool
        self._outages = Outages(shown)

    @classmethod
    async def open(cls, url: str) -> PgStore:
        """Connect (a pool), and apply pending migrations under the migration lock."""
        shown = _without_password(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=0, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT,
                                             command_timeout=STATEMENT_TIMEOUT)
        except (OSError, asyncpg.PostgresError, ValueError) as e:
            raise StoreError(f"Cannot connect to the database {shown}: {e or type(e).__name__}.") from None
        store = cls(pool, shown)
        try:
            await store._migrate(shown)
        except StoreUnavailable as e:
            await pool.close()
            raise StoreError(f"Cannot connect to the database {shown}: {e.cause}.") from None
        except asyncpg.PostgresError as e:
            await pool.close()
            raise StoreError(f"The database {shown} cannot be used: {e}.") from None
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connections; those of a database that does not answer are dropped."""
        with suppress(*UNREACHABLE):
            await self._pool.close()  # on an error, asyncpg terminates the pool

    @asynccontextmanager
    async def _connection(self, writing: bool) -> AsyncIterator[asyncpg.Connection]:
        """A connection of the pool. One a call could not reach the database through is dropped,
        not waited for (the server rolls back what it had begun)."""
        async with self._outages.watching(_away, writing), self._pool.acquire(timeout=CONNECT_TIMEOUT) as con:
            try:
                yield con
            except UNREACHABLE:
                with suppress(asyncpg.InterfaceError):  # a connection that broke is back in the pool already
                    con.terminate()
                raise

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction; rolled back if anything fails. A COMMIT that fails without PostgreSQL's
        answer (the connection lost) raises CommitUnknown: the change may or may not be saved (never
        taken for the store being away)."""
        async with self._connection(writing=True) as con:
            transaction = con.transaction()
            await transaction.start()
            try:
                yield con
            except UNREACHABLE:
                raise  # the connection is dropped: no rollback to wait for
            except BaseException:
                await transaction.rollback()
                raise
            try:
                await transaction.commit()
            except Exception as error:
                if isinstance(error, asyncpg.PostgresError) and not isinstance(error, asyncpg.PostgresConnectionError):
                    raise  # PostgreSQL refused it: rolled back
                raise CommitUnknown(f"the database failed while committing: {error}") from error

    async def _migrate(self, shown: str) -> None:
        files = migration_files(MIGRATIONS)
        latest = files[-1][0]
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=LONG)
            await db.execute("CREATE TABLE IF NOT EXISTS waypost_schema (version INTEGER NOT NULL)")
            current = await db.fetchval("SELECT MAX(version) FROM waypost_schema") or 0
            if current > latest:
                raise StoreError(f"The database {shown} was made by a newer version of Waypost (schema {current}; "
                                 f"this version knows up to {latest}). Update Waypost.")
            for number, f in files:
                if number > current:
                    for statement in statements(f.read_text()):
                        await db.execute(statement, timeout=LONG)
                    await db.execute("INSERT INTO waypost_schema (version) VALUES ($1)", number)
            await db.execute("INSERT INTO meta (name, value) VALUES ('seal_key', $1) ON CONFLICT (name) DO NOTHING",
                             secrets.token_hex(32))

    # --- reads (most are `Store`'s) -------------------------------------------------------

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async with self._connection(writing=False) as con:
            return list(await con.fetch(_numbered(sql), *args))

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Writer]:
        async with self._transaction() as con:
            yield _Writer(con)

    async def integrity(self) -> str:
        """'ok' when every game's log is numbered 1, 2, 3 … without gaps and every snapshot belongs
        to an entry; otherwise what is wrong."""
        gaps = await self._fetch("SELECT game_id FROM log GROUP BY game_id HAVING MAX(seq) <> COUNT(*) LIMIT 5")
        if gaps:
            return f"the logs of games {[r[0] for r in gaps]} have gaps"
        strays = await self._fetch("SELECT s.game_id, s.seq FROM snapshots AS s LEFT JOIN log AS l "
                                   "ON l.game_id = s.game_id AND l.seq = s.seq WHERE l.seq IS NULL LIMIT 5")
        return f"snapshots without their entry: {[tuple(r) for r in strays]}" if strays else "ok"

    # --- writes (one transaction each) ---------------------------------------------------

    async def take_turn(self, name: str, every: float) -> None:
        """Wait until `every` seconds have passed since any process last took the turn named
        `name`, then take it: under an advisory lock per name, against the time noted in `meta`,
        both on the database's clock (machines' clocks may differ)."""
        key = f"turn {name}"
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key, timeout=LONG)
            wait = await db.fetchval("SELECT value::float8 + $2 - EXTRACT(EPOCH FROM clock_timestamp())::float8 "
                                     "FROM meta WHERE name=$1", key, every)
            if wait is not None and wait > 0:
                await asyncio.sleep(wait)
            await db.execute("INSERT INTO meta (name, value) VALUES ($1, EXTRACT(EPOCH FROM clock_timestamp())::text) "
                             "ON CONFLICT (name) DO UPDATE SET value=excluded.value", key)

    async def copy_in(self, tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> dict[str, int]:
        """Fill the tables with these columns and rows (in order, in one transaction), replacing
        the seal key; ids keep their values and new ones follow them. Returns the rows copied."""
        try:
            async with self._transaction() as db:
                await db.execute("DELETE FROM meta")
                for name, (columns, rows) in tables.items():
                    await db.copy_records_to_table(name, records=rows, columns=columns, timeout=LONG)
                    if "id" in columns:
                        await db.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                         f"GREATEST((SELECT MAX(id) FROM {name}), 1))")
        except (asyncpg.PostgresError, asyncpg.DataError) as e:
            raise StoreError(f"Copying failed, so nothing was copied: {e}") from None
        return {name: len(rows) for name, (_, rows) in tables.items()}


def _away(error: Exception) -> bool:
    """Whether the error means the database cannot be reached (stopped, hung, overloaded)."""
    return isinstance(error, UNREACHABLE)


@functools.cache
def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1`, `$2` … (the shared SQL has no `?` inside strings)."""
    count = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _Writer:
    """`Writer` over an asyncpg connection in a transaction."""

    def __init__(self, con: asyncpg.Connection):
        self._con = con

    async def run(self, sql: str, *args: Any) -> int:
        status = await self._con.execute(_numbered(sql), *args)  # "UPDATE 1", "INSERT 0 1" …
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._con.executemany(_numbered(sql), rows)

    async def value(self, sql: str, *args: Any) -> Any:
        return await self._con.fetchval(_numbered(sql), *args)


def _without_password(url: str) -> str:
    """The URL as shown in messages: no password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.split(':', 1)[0]}@{tail}"
