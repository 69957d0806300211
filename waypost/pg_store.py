"""PostgreSQL storage, for several bot processes over one database: the same operations and
guarantees as `SqliteStore`, over an asyncpg pool.

Every change is one transaction. A save updates the game's row only if its version is the one
loaded (else `Conflict`), which also locks the row, so the log entry it appends is numbered after
every other committed one. Migrations (`waypost/migrations/postgres/`) run under an advisory lock,
so processes starting together apply each exactly once.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

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

MIGRATIONS = "waypost.migrations.postgres"
MIGRATION_LOCK = 0x57415950  # "WAYP": the advisory lock processes take turns on to migrate
POOL_SIZE = 10


class PgStore(SqlStore):
    """A PostgreSQL database. Open with `await PgStore.open(url)`; close with `await store.close()`."""

    def __init__(self, pool: asyncpg.Pool):
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PgStore:
        """Connect (a pool), and apply pending migrations under the migration lock."""
        shown = _without_password(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, command_timeout=60)
        except (OSError, asyncpg.PostgresError, ValueError) as e:
            raise StoreError(f"Cannot connect to the database {shown}: {e}.") from None
        store = cls(pool)
        try:
            await store._migrate(shown)
        except asyncpg.PostgresError as e:
            await pool.close()
            raise StoreError(f"The database {shown} cannot be used: {e}.") from None
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._pool.acquire() as con, con.transaction():
            yield con

    async def _migrate(self, shown: str) -> None:
        files = migration_files(MIGRATIONS)
        latest = files[-1][0]
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS waypost_schema (version INTEGER NOT NULL)")
            current = await db.fetchval("SELECT MAX(version) FROM waypost_schema") or 0
            if current > latest:
                raise StoreError(f"The database {shown} was made by a newer version of Waypost (schema {current}; "
                                 f"this version knows up to {latest}). Update Waypost.")
            for number, f in files:
                if number > current:
                    for statement in statements(f.read_text()):
                        await db.execute(statement)
                    await db.execute("INSERT INTO waypost_schema (version) VALUES ($1)", number)
            await db.execute("INSERT INTO meta (name, value) VALUES ('seal_key', $1) ON CONFLICT (name) DO NOTHING",
                             secrets.token_hex(32))

    # --- reads (most are `SqlStore`'s) -------------------------------------------------------

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        return list(await self._pool.fetch(_numbered(sql), *args))

    async def _write(self, sql: str, *args: Any) -> None:
        await self._pool.execute(_numbered(sql), *args)

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

    async def copy_in(self, tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> dict[str, int]:
        """Fill the tables with these columns and rows (in order, in one transaction), replacing
        the seal key; ids keep their values and new ones follow them. Returns the rows copied."""
        try:
            async with self._transaction() as db:
                await db.execute("DELETE FROM meta")
                for name, (columns, rows) in tables.items():
                    await db.copy_records_to_table(name, records=rows, columns=columns)
                    if "id" in columns:
                        await db.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                         f"GREATEST((SELECT MAX(id) FROM {name}), 1))")
        except (asyncpg.PostgresError, asyncpg.DataError) as e:
            raise StoreError(f"Copying failed, so nothing was copied: {e}") from None
        return {name: len(rows) for name, (_, rows) in tables.items()}

    async def create(self, game: GameRow, entries: list[LogEntry],
                     snapshots: dict[int, dict[str, Any]] | None = None) -> GameRow:
        """As `SqliteStore.create`."""
        try:
            async with self._transaction() as db:
                game.id = await db.fetchval(f"INSERT INTO games ({NEW_GAME_COLUMNS}) VALUES ({_marks(19)}) "
                                            "RETURNING id", *new_game_values(game))
                await _seat_players(db, game)
                await db.executemany(_INSERT_LOG, [log_row(game.id, dataclasses.replace(e, seq=seq))
                                                   for seq, e in enumerate(entries, start=1)])
                await db.executemany("INSERT INTO snapshots (game_id, seq, state) VALUES ($1,$2,$3)",
                                     [(game.id, seq, dumps(state)) for seq, state in (snapshots or {}).items()])
        except asyncpg.UniqueViolationError:
            raise IllegalMove(CHANNEL_TAKEN) from None
        return game

    async def save(self, game: GameRow, entry: LogEntry | None, *, before: dict[str, Any] | None = None,
                   forget: bool = False, posts: Sequence[Post] = ()) -> LogEntry | None:
        """As `SqliteStore.save`."""
        async with self._transaction() as db:
            changed = ", ".join(f"{c}=${i}" for i, c in enumerate(CHANGED_GAME_COLUMNS, start=1))
            n = len(CHANGED_GAME_COLUMNS)
            status = await db.execute(f"UPDATE games SET {changed} WHERE id=${n + 1} AND version=${n + 2}",
                                      *changed_game_values(game), game.id, game.version)
            if status != "UPDATE 1":
                raise Conflict(CONFLICT)
            await _seat_players(db, game)
            await db.executemany("INSERT INTO outbox (game_id, channel_id, body, nonce, created_at) "
                                 "VALUES ($1,$2,$3,$4,$5)",
                                 [(game.id, game.channel_id, dumps(p.body()), p.nonce, game.updated_at) for p in posts])
            if entry is not None:
                seq = await db.fetchval("SELECT COALESCE(MAX(seq), 0) + 1 FROM log WHERE game_id=$1", game.id)
                entry = dataclasses.replace(entry, seq=seq)
                await db.execute(_INSERT_LOG, *log_row(game.id, entry))
            if forget:
                await db.execute("DELETE FROM snapshots WHERE game_id=$1", game.id)
            if before is not None and entry is not None:
                await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES ($1,$2,$3)",
                                 game.id, entry.seq, dumps(before))
            if entry is not None and entry.undoes is not None:
                await db.execute("DELETE FROM snapshots WHERE game_id=$1 AND seq>=$2", game.id, entry.undoes)
        game.version += 1
        return entry


@functools.cache
def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1`, `$2` … (the shared SQL has no `?` inside strings)."""
    count = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _marks(count: int) -> str:
    return ", ".join(f"${i}" for i in range(1, count + 1))


_INSERT_LOG = f"INSERT INTO log (game_id, {LOG_COLUMNS}) VALUES ({_marks(14)})"


async def _seat_players(db: asyncpg.Connection, game: GameRow) -> None:
    await db.execute("DELETE FROM players WHERE game_id=$1", game.id)
    await db.executemany("INSERT INTO players (game_id, player_id) VALUES ($1,$2) ON CONFLICT DO NOTHING",
                         [(game.id, s.player_id) for s in game.seats])


def _without_password(url: str) -> str:
    """The URL as shown in messages: no password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.split(':', 1)[0]}@{tail}"
