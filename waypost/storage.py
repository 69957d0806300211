"""SQLite storage: games and their append-only action log, with numbered migrations.

One `Store` holds one aiosqlite connection. Every change is a single transaction that writes
the game row and appends one log entry, so a crash between two actions loses nothing and a crash
inside one leaves nothing half applied.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from rules.errors import PlayerError

MIGRATIONS = "waypost.migrations"


class Conflict(PlayerError):
    """The game changed between loading and saving (another process wrote it)."""


@dataclass
class GameRow:
    """A game as stored. `state` is the game's JSON state (None while in the lobby)."""

    id: int
    channel_id: int
    guild_id: int | None
    game_key: str
    board: str
    status: str
    host_id: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's history."""

    at: str
    user_id: int
    kind: str
    body: dict[str, Any]
    summary: str
    details: list[str] = field(default_factory=list)
    seat: int | None = None
    secret: bool = False
    reveals: bool = False
    undoable: bool = False
    undoes: int | None = None
    seq: int = 0  # assigned by the store when appended


_GAME_COLUMNS = (
    "id, channel_id, guild_id, game_key, board, status, host_id, seats, settings, seed, state, "
    "version, created_at, updated_at"
)
_LOG_COLUMNS = "at, user_id, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq"


def _game(row: aiosqlite.Row) -> GameRow:
    (gid, channel, guild, key, board, status, host, seats, settings, seed, state, version, created,
     updated) = row
    return GameRow(gid, channel, guild, key, board, status, host, json.loads(seats), json.loads(settings),
                   seed, json.loads(state) if state is not None else None, version, created, updated)


def _entry(row: aiosqlite.Row) -> LogEntry:
    at, user, kind, body, summary, details, seat, secret, reveals, undoable, undoes, seq = row
    return LogEntry(at, user, kind, json.loads(body), summary, json.loads(details), seat,
                    bool(secret), bool(reveals), bool(undoable), undoes, seq)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """The database. Open with `await Store.open(path)`; close with `await store.close()`."""

    def __init__(self, db: aiosqlite.Connection):
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        """Open (creating if needed) the database, switch to WAL and apply pending migrations."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()
        files = sorted(
            (int(f.name.split("_", 1)[0]), f)
            for f in resources.files(MIGRATIONS).iterdir()
            if f.name.endswith(".sql")
        )
        for number, f in files:
            if number <= current:
                continue
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _statements(f.read_text()):
                    await self._db.execute(statement)
                await self._db.execute(f"PRAGMA user_version={number}")
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise

    # --- reads ---------------------------------------------------------------------------

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or active game in a channel, if any."""
        return await self._one_game("channel_id=? AND status!='ended'", channel_id)

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one_game("id=?", game_id)

    async def _one_game(self, where: str, key: int) -> GameRow | None:
        async with self._lock, self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where}", (key,)) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def log(self, game_id: int) -> list[LogEntry]:
        """A game's whole log, in order."""
        async with self._lock, self._db.execute(
            f"SELECT {_LOG_COLUMNS} FROM log WHERE game_id=? ORDER BY seq", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [_entry(r) for r in rows]

    async def log_length(self, game_id: int) -> int:
        async with self._lock, self._db.execute("SELECT COUNT(*) FROM log WHERE game_id=?", (game_id,)) as cur:
            (count,) = await cur.fetchone()
        return count

    async def integrity(self) -> str:
        """`PRAGMA integrity_check`'s answer ('ok' when sound)."""
        async with self._lock, self._db.execute("PRAGMA integrity_check") as cur:
            (answer,) = await cur.fetchone()
        return answer

    async def game_ids(self) -> list[int]:
        async with self._lock, self._db.execute("SELECT id FROM games ORDER BY id") as cur:
            return [r[0] for r in await cur.fetchall()]

    # --- writes (one transaction each) ---------------------------------------------------

    async def create(self, game: GameRow, entries: list[LogEntry]) -> GameRow:
        """Insert a new game with its first log entries; returns it with its id."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = await self._db.execute(
                    "INSERT INTO games (channel_id, guild_id, game_key, board, status, host_id, seats, "
                    "settings, seed, state, version, created_at, updated_at) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game.channel_id, game.guild_id, game.game_key, game.board, game.status, game.host_id,
                     _dumps(game.seats), _dumps(game.settings), game.seed,
                     _dumps(game.state) if game.state is not None else None, game.version,
                     game.created_at, game.updated_at),
                )
                game.id = cur.lastrowid
                for entry in entries:
                    await self._append(game.id, entry)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        return game

    async def save(self, game: GameRow, entry: LogEntry) -> LogEntry:
        """Write the game's new row and append `entry`, atomically; returns the entry numbered.

        `game.version` must be the stored version; it is bumped on success. Raises Conflict
        when another writer got there first.
        """
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = await self._db.execute(
                    "UPDATE games SET status=?, host_id=?, seats=?, settings=?, state=?, version=?, "
                    "updated_at=? WHERE id=? AND version=?",
                    (game.status, game.host_id, _dumps(game.seats), _dumps(game.settings),
                     _dumps(game.state) if game.state is not None else None, game.version + 1,
                     game.updated_at, game.id, game.version),
                )
                if cur.rowcount != 1:
                    raise Conflict("The game changed while your command ran. Please try again.")
                entry = await self._append(game.id, entry)
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        game.version += 1
        return entry

    async def _append(self, game_id: int, e: LogEntry) -> LogEntry:
        async with self._db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM log WHERE game_id=?", (game_id,)) as cur:
            (seq,) = await cur.fetchone()
        e = dataclasses.replace(e, seq=seq)
        await self._db.execute(
            f"INSERT INTO log (game_id, {_LOG_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (game_id, e.at, e.user_id, e.kind, _dumps(e.body), e.summary, _dumps(e.details),
             e.seat, int(e.secret), int(e.reveals), int(e.undoable), e.undoes, e.seq),
        )
        return e


def _statements(script: str) -> list[str]:
    """Split a migration file into statements (they contain no semicolons in strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
