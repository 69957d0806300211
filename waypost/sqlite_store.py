"""SQLite storage (the default): games, their append-only log and undo snapshots, with numbered
migrations.

One `SqliteStore` holds one aiosqlite connection. Every change is a single transaction that writes
the game row and appends one log entry, so a crash between two actions loses nothing and a crash
inside one leaves nothing half applied. `SqliteStore.open` refuses, with a `StoreError` saying why,
a file that is not a readable Waypost database, one made by a newer Waypost, or one it cannot write.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from rules.errors import IllegalMove
from waypost.migrations import migration_files, statements
from waypost.records import (
    CHANGED_GAME_COLUMNS,
    CHANNEL_TAKEN,
    CONFLICT,
    LOG_COLUMNS,
    NEW_GAME_COLUMNS,
    Conflict,
    GameRow,
    LogEntry,
    Post,
    StoreError,
    changed_game_values,
    dumps,
    log_row,
    new_game_values,
)
from waypost.sql_store import SqlStore

MIGRATIONS = "waypost.migrations"


class SqliteStore(SqlStore):
    """A SQLite database. Open with `await SqliteStore.open(path)`; close with `await store.close()`."""

    _REVEALS = "log INDEXED BY log_reveals"

    def __init__(self, db: aiosqlite.Connection):
        self._db = db
        self._lock = asyncio.Lock()

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
        try:
            await db.execute("PRAGMA busy_timeout=5000")
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db)
            check = await store._fetch("PRAGMA quick_check")
            if check != [("ok",)]:
                raise sqlite3.DatabaseError(f"it is damaged ({check[0][0]})")
            await store._migrate(shown)
        except sqlite3.DatabaseError as e:
            await db.close()
            raise StoreError(f"The database {shown} cannot be used: {e}. If it is damaged, restore it from a "
                             "backup or move it aside to start afresh.") from None
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; rolled back if anything fails (a failed COMMIT may already have
        rolled it back, and then the original error is the one that counts)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        await self._db.execute("ROLLBACK")
                raise

    async def _migrate(self, shown: str) -> None:
        """Apply the pending migrations in one write transaction (so processes starting together
        take turns), after checking the database is not from a newer Waypost and can be written."""
        files = migration_files(MIGRATIONS)
        latest = files[-1][0]
        try:
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
                await db.execute(f"PRAGMA user_version={max(current, latest)}")  # also proves it is writable
        except sqlite3.OperationalError as e:
            if "readonly" in str(e) or "read-only" in str(e):
                raise StoreError(f"The database {shown} cannot be written ({e}). Check its permissions.") from None
            raise

    # --- reads ---------------------------------------------------------------------------

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self._lock, self._db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _write(self, sql: str, *args: Any) -> None:
        async with self._transaction() as db:
            await db.execute(sql, args)

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

    # --- writes (one transaction each) ---------------------------------------------------

    async def create(self, game: GameRow, entries: list[LogEntry],
                     snapshots: dict[int, dict[str, Any]] | None = None) -> GameRow:
        """Insert a new game with its first log entries (numbered from 1) and any undo snapshots;
        returns it with its id. Refuses a second open game in the channel (another process may
        have opened one a moment ago)."""
        try:
            async with self._transaction() as db:
                cur = await db.execute(f"INSERT INTO games ({NEW_GAME_COLUMNS}) VALUES ({_marks(19)})",
                                       new_game_values(game))
                game.id = cur.lastrowid or 0
                await self._seat_players(game)
                await db.executemany(
                    f"INSERT INTO log (game_id, {LOG_COLUMNS}) VALUES ({_marks(14)})",
                    [log_row(game.id, dataclasses.replace(e, seq=seq)) for seq, e in enumerate(entries, start=1)])
                await db.executemany("INSERT INTO snapshots (game_id, seq, state) VALUES (?,?,?)",
                                     [(game.id, seq, dumps(state)) for seq, state in (snapshots or {}).items()])
        except sqlite3.IntegrityError:
            raise IllegalMove(CHANNEL_TAKEN) from None
        return game

    async def save(self, game: GameRow, entry: LogEntry | None, *, before: dict[str, Any] | None = None,
                   forget: bool = False, posts: Sequence[Post] = ()) -> LogEntry | None:
        """Write the game's new row and append `entry` (None: a change the log does not record, such as
        a clock's reminder), atomically; returns the entry numbered.

        `before` (the state before an action that can be taken back) is kept as its snapshot;
        `forget` drops every older snapshot (they can no longer be reached); `posts` go to the outbox
        in the same transaction. `game.version` must be
        the stored version; it is bumped on success. Raises Conflict when another writer got there
        first.
        """
        async with self._transaction() as db:
            changed = ", ".join(f"{c}=?" for c in CHANGED_GAME_COLUMNS)
            cur = await db.execute(f"UPDATE games SET {changed} WHERE id=? AND version=?",
                                   (*changed_game_values(game), game.id, game.version))
            if cur.rowcount != 1:
                raise Conflict(CONFLICT)
            await self._seat_players(game)
            for post in posts:
                await db.execute("INSERT INTO outbox (game_id, channel_id, body, nonce, created_at) VALUES (?,?,?,?,?)",
                                 (game.id, game.channel_id, dumps(post.body()), post.nonce, game.updated_at))
            if entry is not None:
                entry = await self._append(game.id, entry)
            if forget:
                await db.execute("DELETE FROM snapshots WHERE game_id=?", (game.id,))
            if before is not None and entry is not None:
                await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?,?,?)",
                                 (game.id, entry.seq, dumps(before)))
            if entry is not None and entry.undoes is not None:
                await db.execute("DELETE FROM snapshots WHERE game_id=? AND seq>=?", (game.id, entry.undoes))
        game.version += 1
        return entry

    async def _seat_players(self, game: GameRow) -> None:
        """Keep `players` (who sits where, to find a member's games) in step with the seats."""
        await self._db.execute("DELETE FROM players WHERE game_id=?", (game.id,))
        await self._db.executemany("INSERT OR IGNORE INTO players (game_id, player_id) VALUES (?,?)",
                                   [(game.id, s.player_id) for s in game.seats])

    async def _append(self, game_id: int, e: LogEntry) -> LogEntry:
        async with self._db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM log WHERE game_id=?", (game_id,)) as cur:
            (seq,) = await cur.fetchone() or (1,)
        e = dataclasses.replace(e, seq=seq)
        await self._db.execute(f"INSERT INTO log (game_id, {LOG_COLUMNS}) VALUES ({_marks(14)})",
                               log_row(game_id, e))
        return e


def _marks(count: int) -> str:
    return ",".join("?" * count)
