"""PostgreSQL storage, for several bot processes over one database: the same operations and
guarantees as `SqliteStore`, over an asyncpg pool.

Every change is one transaction. A save updates the game's row only if its version is the one
loaded (else `Conflict`), which also locks the row, so the log entry it appends is numbered after
every other committed one. Migrations (`waypost/migrations/postgres/`) run under an advisory lock,
so processes starting together apply each exactly once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from rules.errors import IllegalMove
from waypost.migrations import migration_files, statements
from waypost.records import (
    CHANGED_GAME_COLUMNS,
    CHANNEL_TAKEN,
    CONFLICT,
    GAME_COLUMNS,
    LOG_COLUMNS,
    NEW_GAME_COLUMNS,
    Conflict,
    GameRow,
    LogEntry,
    Outgoing,
    Post,
    StoreError,
    changed_game_values,
    dumps,
    game_row,
    log_entry,
    log_row,
    new_game_values,
    outgoing,
)
from waypost.shards import Shards

MIGRATIONS = "waypost.migrations.postgres"
MIGRATION_LOCK = 0x57415950  # "WAYP": the advisory lock processes take turns on to migrate
OPEN = "status != 'ended'"
POOL_SIZE = 10


class PgStore:
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

    # --- reads ---------------------------------------------------------------------------

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        return list(await self._pool.fetch(sql, *args))

    async def _one_game(self, sql: str, *args: Any) -> GameRow | None:
        rows = await self._fetch(sql, *args)
        return game_row(rows[0]) if rows else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id=$1 AND {OPEN}", channel_id)

    async def last_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id=$1 ORDER BY id DESC LIMIT 1",
                                    channel_id)

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one_game(f"SELECT {GAME_COLUMNS} FROM games WHERE id=$1", game_id)

    async def log(self, game_id: int) -> list[LogEntry]:
        rows = await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=$1 ORDER BY seq", game_id)
        return await asyncio.to_thread(lambda: [log_entry(r) for r in rows])

    async def log_chunks(self, game_id: int, size: int = 2000) -> AsyncIterator[list[tuple[Any, ...]]]:
        after = 0
        while rows := await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=$1 AND seq>$2 "
                                        "ORDER BY seq LIMIT $3", game_id, after, size):
            yield [tuple(r) for r in rows]
            after = rows[-1][11]

    async def hidden(self, game_id: int) -> bool:
        return bool(await self._pool.fetchval(
            "SELECT EXISTS (SELECT 1 FROM log WHERE game_id=$1 AND secret=1 AND seq > "
            "(SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id=$1 AND reveals=1))", game_id))

    async def log_page(self, game_id: int, newest: int, count: int) -> list[LogEntry]:
        last = await self.log_length(game_id) - newest
        rows = await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=$1 AND seq BETWEEN $2 AND $3 "
                                 "ORDER BY seq DESC", game_id, last - count + 1, last)
        return [log_entry(r) for r in rows]

    async def log_length(self, game_id: int) -> int:
        return int(await self._pool.fetchval("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id=$1", game_id))

    async def revealed_up_to(self, game_id: int) -> int:
        return int(await self._pool.fetchval("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id=$1 AND reveals=1",
                                             game_id))

    async def undone(self, game_id: int, seqs: Iterable[int]) -> set[int]:
        rows = await self._fetch("SELECT undoes FROM log WHERE game_id=$1 AND undoes = ANY($2::bigint[])",
                                 game_id, list(seqs))
        return {r[0] for r in rows}

    async def last_action(self, game_id: int) -> LogEntry | None:
        rows = await self._fetch(
            f"SELECT {LOG_COLUMNS} FROM log AS a WHERE game_id=$1 AND kind='action' AND NOT EXISTS "
            "(SELECT 1 FROM log AS u WHERE u.game_id=a.game_id AND u.undoes=a.seq) ORDER BY seq DESC LIMIT 1",
            game_id)
        return log_entry(rows[0]) if rows else None

    async def snapshot(self, game_id: int, seq: int) -> dict[str, Any] | None:
        state = await self._pool.fetchval("SELECT state FROM snapshots WHERE game_id=$1 AND seq=$2", game_id, seq)
        return json.loads(state) if state is not None else None

    async def integrity(self) -> str:
        """'ok' when every game's log is numbered 1, 2, 3 … without gaps and every snapshot belongs
        to an entry; otherwise what is wrong."""
        gaps = await self._fetch("SELECT game_id FROM log GROUP BY game_id HAVING MAX(seq) <> COUNT(*) LIMIT 5")
        if gaps:
            return f"the logs of games {[r[0] for r in gaps]} have gaps"
        strays = await self._fetch("SELECT s.game_id, s.seq FROM snapshots AS s LEFT JOIN log AS l "
                                   "ON l.game_id = s.game_id AND l.seq = s.seq WHERE l.seq IS NULL LIMIT 5")
        return f"snapshots without their entry: {[tuple(r) for r in strays]}" if strays else "ok"

    async def game_ids(self) -> list[int]:
        return [r[0] for r in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def due(self, now: str, limit: int = 50, shards: Shards | None = None) -> list[int]:
        count, ids = _shard_args(shards)
        rows = await self._fetch("SELECT channel_id FROM games WHERE next_due IS NOT NULL AND next_due <= $1 AND "
                                 f"status != 'ended' AND {_in_shards(3)} ORDER BY next_due LIMIT $2",
                                 now, limit, count, ids)
        return [r[0] for r in rows]

    async def games_of(self, player_id: int, guild_id: int | None) -> list[GameRow]:
        columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        rows = await self._fetch(
            f"SELECT {columns} FROM players AS p JOIN games AS g ON g.id = p.game_id WHERE p.player_id=$1 "
            "AND g.status != 'ended' AND ($2::bigint IS NULL OR g.guild_id = $2) ORDER BY g.id", player_id, guild_id)
        return [game_row(r) for r in rows]

    async def unsent(self, limit: int = 50, shards: Shards | None = None) -> list[Outgoing]:
        count, ids = _shard_args(shards)
        rows = await self._fetch("SELECT o.id, o.game_id, o.channel_id, o.body, o.nonce FROM outbox AS o JOIN games "
                                 f"ON games.id = o.game_id WHERE o.sent_at IS NULL AND {_in_shards(2)} "
                                 "ORDER BY o.id LIMIT $1", limit, count, ids)
        return [outgoing(r) for r in rows]

    async def live_board(self, game_id: int) -> int | None:
        found = await self._pool.fetchval("SELECT message_id FROM live_boards WHERE game_id=$1", game_id)
        return int(found) if found is not None else None

    async def member(self, user_id: int) -> tuple[bool, bool]:
        rows = await self._fetch("SELECT dm_turn, dm_hits FROM members WHERE user_id=$1", user_id)
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)

    async def seal_key(self) -> bytes:
        return bytes.fromhex(await self._pool.fetchval("SELECT value FROM meta WHERE name='seal_key'"))

    # --- writes (one transaction each) ---------------------------------------------------

    async def take_turn(self, name: str, every: float) -> None:
        """Wait until `every` seconds have passed since any process last took the turn named
        `name`, then take it: under an advisory lock per name, against the time noted in `meta`,
        both on the database's clock (machines' clocks may differ)."""
        key = f"turn {name}"
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)
            wait = await db.fetchval("SELECT value::float8 + $2 - EXTRACT(EPOCH FROM clock_timestamp())::float8 "
                                     "FROM meta WHERE name=$1", key, every)
            if wait is not None and wait > 0:
                await asyncio.sleep(wait)
            await db.execute("INSERT INTO meta (name, value) VALUES ($1, EXTRACT(EPOCH FROM clock_timestamp())::text) "
                             "ON CONFLICT (name) DO UPDATE SET value=excluded.value", key)

    async def sent(self, post_id: int, at: str) -> None:
        await self._pool.execute("UPDATE outbox SET sent_at=$1 WHERE id=$2", at, post_id)

    async def set_live_board(self, game_id: int, message_id: int) -> None:
        await self._pool.execute("INSERT INTO live_boards (game_id, message_id) VALUES ($1,$2) ON CONFLICT (game_id) "
                                 "DO UPDATE SET message_id=excluded.message_id", game_id, message_id)

    async def set_member(self, user_id: int, dm_turn: bool, dm_hits: bool) -> None:
        await self._pool.execute("INSERT INTO members (user_id, dm_turn, dm_hits) VALUES ($1,$2,$3) "
                                 "ON CONFLICT (user_id) DO UPDATE SET dm_turn=excluded.dm_turn, "
                                 "dm_hits=excluded.dm_hits", user_id, int(dm_turn), int(dm_hits))

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


_INSERT_LOG = f"INSERT INTO log (game_id, {LOG_COLUMNS}) VALUES ({', '.join(f'${i}' for i in range(1, 15))})"


def _in_shards(first: int) -> str:
    """A condition on `games` keeping a shard slice's servers: parameter `first` is the shard count
    (NULL: every server), the next one the shard ids (`_shard_args`)."""
    return f"(${first}::int IS NULL OR ((COALESCE(games.guild_id, 0) >> 22) % ${first}) = ANY(${first + 1}::int[]))"


def _marks(count: int) -> str:
    return ", ".join(f"${i}" for i in range(1, count + 1))


def _shard_args(shards: Shards | None) -> tuple[int | None, list[int]]:
    return (shards.count, sorted(shards.ids)) if shards is not None else (None, [])


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
