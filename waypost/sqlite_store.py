"""SQLite storage (the default): games, their append-only log and undo snapshots, with numbered
migrations.

One `SqliteStore` holds one aiosqlite connection for reads and writes. Every change is a single
transaction that writes the game row and appends one log entry, so a crash between two actions
loses nothing and a crash inside one leaves nothing half applied. The write-ahead log is copied
back into the database file (a checkpoint, with its fsyncs) by a second connection in the
background every `CHECKPOINT_EVERY` commits, not inside whichever command's commit filled it: a
commit only appends to the log. `SqliteStore.open` refuses, with a `StoreError` saying why, a file
that is not a readable Waypost database, one made by a newer Waypost, or one it cannot write (said
to be read-only, not damaged: `unwritable`). A
database locked by another program past `BUSY_TIMEOUT`, or failing to read or write its disk, makes
a call raise `StoreUnavailable`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from waypost.migrations import migration_files, statements
from waypost.outage import Outages, StoreUnavailable
from waypost.records import CONFLICT, CommitUnknown, Conflict, StoreError
from waypost.sql_store import Statement, Store, Writer

MIGRATIONS = "waypost.migrations"
CHECKPOINT_EVERY = 100  # commits between checkpoints (a move writes ~8 pages; SQLite's default: every 1000 pages)
BUSY_TIMEOUT = 2000  # milliseconds to wait for a lock another connection holds (a player waits meanwhile)
AWAY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_IOERR}  # locked past BUSY_TIMEOUT; disk failing
log = logging.getLogger("waypost")
T = TypeVar("T")


class SqliteStore(Store):
    """A SQLite database. Open with `await SqliteStore.open(path)`; close with `await store.close()`."""

    _REVEALS = "log INDEXED BY log_reveals"
    _TAKEN = (sqlite3.IntegrityError,)

    def __init__(self, db: aiosqlite.Connection, checkpoints: aiosqlite.Connection | None = None,
                 shown: str = "SQLite"):
        self._db = db
        self._outages = Outages(shown)
        self._lock = asyncio.Lock()
        self._turns: dict[str, float] = {}  # take_turn: one process, so in memory
        self._checkpoints = checkpoints  # the background checkpoints' connection (None: in memory)
        self._commits = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self._turn_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteStore:
        """Open (creating if needed) the database, switch to WAL and apply pending migrations."""
        shown = str(path)
        try:
            if shown != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            db = await aiosqlite.connect(shown, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"Cannot open the database {shown}: {e}.") from None
        checkpoints = None
        try:
            await db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT}")
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            if shown != ":memory:":
                await db.execute("PRAGMA wal_autocheckpoint=0")  # `_checkpoint` does it, in the background
                checkpoints = await aiosqlite.connect(shown, isolation_level=None)
                await checkpoints.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT}")
            store = cls(db, checkpoints, shown)
            check = await store._fetch("PRAGMA quick_check")
            if check != [("ok",)]:
                raise sqlite3.DatabaseError(f"it is damaged ({check[0][0]})")
            await store._migrate(shown)
        except sqlite3.DatabaseError as e:
            await _close(db, checkpoints)
            if shown != ":memory:" and unwritable(Path(path), e):
                raise StoreError(f"The database {shown} is read-only ({e}): Waypost must be able to write the file "
                                 "and its folder (SQLite keeps its -wal and -shm files beside it). Check their "
                                 "permissions, and that the disk is not mounted read-only.") from None
            raise StoreError(f"The database {shown} cannot be used: {e}. If it is damaged, restore it from a "
                             "backup or move it aside to start afresh.") from None
        except StoreUnavailable as e:
            await _close(db, checkpoints)
            raise StoreError(f"The database {shown} cannot be used just now ({e.cause}); try again shortly.") from None
        except BaseException:
            await _close(db, checkpoints)
            raise
        return store

    async def close(self) -> None:
        if self._checkpointing is not None:
            await self._checkpointing
        await _close(self._db, self._checkpoints)

    def _committed(self) -> None:
        """Count a commit; every `CHECKPOINT_EVERY`, checkpoint in the background (one at a time)."""
        self._commits += 1
        if self._checkpoints is None or self._commits < CHECKPOINT_EVERY or \
                self._checkpointing is not None and not self._checkpointing.done():
            return
        self._commits = 0
        self._checkpointing = asyncio.create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        """Copy what the log holds back into the database file without holding up writers (a
        passive checkpoint: what a reader still needs waits for the next one)."""
        assert self._checkpoints is not None
        try:
            await self._checkpoints.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as e:  # the next one tries again; the log only grows meanwhile
            log.warning("SQLite checkpoint failed: %s", e)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, committed as `_commit` does; rolled back if anything fails."""
        async with self._outages.watching(_away, writing=True), self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._in_thread(_commit, self._db._conn)
                self._committed()
            except BaseException:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                raise

    async def _in_thread(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in the connection's thread, as aiosqlite runs its own calls there: one trip."""
        done: T = await self._db._execute(work, *args)  # type: ignore[no-untyped-call]
        return done

    async def _migrate(self, shown: str) -> None:
        """Apply the pending migrations in one write transaction (so processes starting together
        take turns), after checking the database is not from a newer Waypost; writing the schema's
        version proves it can be written."""
        files = migration_files(MIGRATIONS)
        latest = files[-1][0]
        async with self._transaction() as db:
            async with db.execute("PRAGMA user_version") as cur:
                (current,) = await cur.fetchone() or (0,)
            if current > latest:
                raise StoreError(f"The database {shown} was made by a newer version of Waypost (schema "
                                 f"{current}; this version knows up to {latest}). Update Waypost.")
            for number, f in files:
                if number > current:
                    for statement in statements(f.read_text()):
                        await db.execute(statement)
            await db.execute(f"PRAGMA user_version={max(current, latest)}")

    # --- reads ---------------------------------------------------------------------------

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self._outages.watching(_away), self._lock:
            return list(await self._db.execute_fetchall(sql, args))  # one trip to the database's thread

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Writer]:
        async with self._transaction() as db:
            yield _Writer(db)

    async def _batch(self, statements: Sequence[Statement]) -> list[Any]:
        """The whole transaction in one trip to the connection's thread (a trip costs more than a
        statement: a move's write took seven), as `_transaction` would write it."""
        async with self._outages.watching(_away, writing=True), self._lock:
            results = await self._in_thread(_written, self._db._conn, statements)
            self._committed()
            return results

    async def integrity(self) -> str:
        """`PRAGMA integrity_check`'s answer ('ok' when sound)."""
        (answer,), = await self._fetch("PRAGMA integrity_check")
        return str(answer)

    async def table(self, name: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """A whole table as stored, its columns and rows (for moving the database elsewhere)."""
        columns = [r[1] for r in await self._fetch("SELECT * FROM pragma_table_info(?)", name)]
        if not columns:
            raise StoreError(f"The database has no table {name!r}.")
        return columns, [tuple(r) for r in await self._fetch(f'SELECT * FROM "{name}"')]

    async def take_turn(self, name: str, every: float) -> None:
        """Wait until `every` seconds have passed since the last turn named `name`, then take it
        (SQLite means one process: the turns are kept in memory)."""
        async with self._turn_lock:
            last = self._turns.get(name)
            if last is not None:
                await asyncio.sleep(last + every - time.monotonic())
            self._turns[name] = time.monotonic()


class _Writer:
    """`Writer` over an aiosqlite connection in a transaction: each statement one trip to the
    connection's thread (a cursor is not closed by another: SQLite resets a finished statement)."""

    def __init__(self, db: aiosqlite.Connection):
        self._db = db

    async def run(self, sql: str, *args: Any) -> int:
        return (await self._db.execute(sql, args)).rowcount

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            await self._db.executemany(sql, rows)

    async def value(self, sql: str, *args: Any) -> Any:
        rows = list(await self._db.execute_fetchall(sql, args))
        return rows[0][0] if rows else None


def _written(db: sqlite3.Connection, statements: Sequence[Statement]) -> list[Any]:
    """In the connection's thread: `statements` in one write transaction (`Store._batch`), rolled
    back if anything fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        results = [_ran(db, s) for s in statements]
        _commit(db)
    except BaseException:
        if db.in_transaction:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
    return results


def _ran(db: sqlite3.Connection, statement: Statement) -> Any:
    if statement.rows is not None:
        db.executemany(statement.sql, statement.rows)
        return None
    cursor = db.execute(statement.sql, statement.args)
    if statement.returns:
        return cursor.fetchall()[0][0]
    if statement.changes is not None and cursor.rowcount != statement.changes:
        raise Conflict(CONFLICT)
    return cursor.rowcount


def _commit(db: sqlite3.Connection) -> None:
    """COMMIT; CommitUnknown when it fails leaving no transaction to roll back (SQLite ended it, or
    it went through unanswered): the change may or may not be saved (never taken for the store
    being away)."""
    try:
        db.execute("COMMIT")
    except Exception as error:
        if not db.in_transaction:
            raise CommitUnknown(f"the database failed while committing: {error}") from error
        raise


def unwritable(path: Path, error: sqlite3.Error) -> bool:
    """Whether `error`, met opening the database at `path`, comes from the file or its folder not
    being writable (permissions, an immutable file, a read-only disk) rather than from damage."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_READONLY:
        return True
    if code != sqlite3.SQLITE_CANTOPEN:  # SQLite could not open the file, or make the -wal and -shm beside it
        return False
    try:
        if path.exists():
            path.open("r+b").close()
        tempfile.TemporaryFile(dir=path.parent).close()
    except OSError:
        return True
    return False


def _away(error: Exception) -> bool:
    """Whether the error means the database cannot be used just now (locked by another program, or
    its disk failing), not that the call was wrong."""
    return isinstance(error, sqlite3.OperationalError) and error.sqlite_errorcode & 0xFF in AWAY


async def _close(db: aiosqlite.Connection, checkpoints: aiosqlite.Connection | None) -> None:
    """Close the checkpoints' connection, then the main one (the last to close checkpoints what is
    left and removes the log)."""
    if checkpoints is not None:
        await checkpoints.close()
    await db.close()
