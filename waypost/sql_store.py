"""What both stores share: every read and write, in SQL both SQLite and PostgreSQL understand
(`?` placeholders; the PostgreSQL store numbers them). Each store supplies how to read rows, a
`Writer` for one transaction, and may run a transaction's `Statement`s at once (`Store._batch`)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import orjson

from rules.errors import IllegalMove
from waypost.records import (
    CHANGED_GAME_COLUMNS,
    CHANNEL_TAKEN,
    CONFLICT,
    GAME_COLUMNS,
    LOG_COLUMNS,
    NEW_GAME_COLUMNS,
    Conflict,
    GameRow,
    Kept,
    LogEntry,
    Outgoing,
    Post,
    changed_game_values,
    dumps,
    game_row,
    kept,
    log_entry,
    log_row,
    new_game_values,
    outgoing,
)
from waypost.shards import Shards

INSERT_LOG = f"INSERT INTO log (game_id, {LOG_COLUMNS}) VALUES ({','.join('?' * 15)})"
APPEND_LOG = (f"INSERT INTO log (game_id, {LOG_COLUMNS}) SELECT {','.join('?' * 12)}, COALESCE(MAX(seq), 0) + 1, ?, ? "
              "FROM log WHERE game_id=? RETURNING seq")  # numbered after the game's last entry, in one statement
INSERT_SNAPSHOT = "INSERT INTO snapshots (game_id, seq, state) VALUES (?,?,?)"
APPEND_SNAPSHOT = "INSERT INTO snapshots (game_id, seq, state) SELECT ?, MAX(seq), ? FROM log WHERE game_id=?"
INSERT_OUTBOX = "INSERT INTO outbox (game_id, channel_id, body, nonce, created_at) VALUES (?,?,?,?,?)"
UPSERT_PREPARED = ("INSERT INTO prepared (game_id, seat, plan, snapshot, reasons, at) VALUES (?,?,?,?,?,?) "
                   "ON CONFLICT(game_id, seat) DO UPDATE SET plan=excluded.plan, snapshot=excluded.snapshot, "
                   "reasons=excluded.reasons, at=excluded.at")


@dataclasses.dataclass(frozen=True)
class Statement:
    """One statement of a write made at once (`Store._batch`): run with `args`, or once for each of
    `rows`; `returns` its first row's first column (else how many rows it changed); `changes` how
    many rows it must change, else the write is undone and raises Conflict (another writer was first)."""

    sql: str
    args: tuple[Any, ...] = ()
    rows: list[tuple[Any, ...]] | None = None
    returns: bool = False
    changes: int | None = None


class Writer(Protocol):
    """Statements inside one transaction."""

    async def run(self, sql: str, *args: Any) -> int:
        """Execute one statement; how many rows it changed."""

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Execute one statement for each of `rows`."""

    async def value(self, sql: str, *args: Any) -> Any:
        """The first column of the first row a statement returns."""

OPEN = "status != 'ended'"


class Store:
    """A store's operations over `_fetch` (rows of a query) and `_writing` (a `Writer` for one
    transaction, committed when the block ends, rolled back if it raises)."""

    _REVEALS = "log"  # the log, as read for its reveal entries (SQLite names the index to use)
    _TAKEN: tuple[type[Exception], ...] = ()  # what the database raises for a second open game in a channel

    async def close(self) -> None:
        raise NotImplementedError

    async def integrity(self) -> str:
        """'ok' when the database is sound; otherwise what is wrong."""
        raise NotImplementedError

    async def take_turn(self, name: str, every: float) -> None:
        """Wait until `every` seconds have passed since any process last took the turn `name`, then
        take it (shard identification's concurrency limit, across processes)."""
        raise NotImplementedError

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        raise NotImplementedError

    def _writing(self) -> AbstractAsyncContextManager[Writer]:
        raise NotImplementedError

    async def _batch(self, statements: Sequence[Statement]) -> list[Any]:
        """Run `statements` in order in one transaction; each one's result (`Statement`). A store
        may send them to the database at once (SQLite: one trip to its thread)."""
        async with self._writing() as db:
            return [await _ran(db, s) for s in statements]

    async def _write(self, sql: str, *args: Any) -> None:
        await self._batch([Statement(sql, args)])

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or active game in a channel, if any."""
        rows = await self._fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id=? AND {OPEN}", channel_id)
        return game_row(rows[0]) if rows else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game, open or closed."""
        rows = await self._fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id=? ORDER BY id DESC LIMIT 1",
                                 channel_id)
        return game_row(rows[0]) if rows else None

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE id=?", game_id)
        return game_row(rows[0]) if rows else None

    async def log(self, game_id: int) -> list[LogEntry]:
        """A game's whole log, in order (decoded off the event loop: it can be long)."""
        rows = await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? ORDER BY seq", game_id)
        return await asyncio.to_thread(lambda: [log_entry(r) for r in rows])

    async def log_rows(self, game_id: int, upto: int) -> list[tuple[Any, ...]]:
        """Entries 1 to `upto` of a game's log as stored (the `LOG_COLUMNS` of each row, JSON still
        text), in order: for a worker process to decode."""
        return [tuple(r) for r in await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? AND seq<=? "
                                                    "ORDER BY seq", game_id, upto)]

    async def first_of(self, game_id: int, kind: str) -> int | None:
        """The number of the log's first entry of this kind, if any."""
        (seq,), = await self._fetch("SELECT MIN(seq) FROM log WHERE game_id=? AND kind=?", game_id, kind)
        return int(seq) if seq is not None else None

    async def log_chunks(self, game_id: int, size: int = 2000) -> AsyncIterator[list[tuple[Any, ...]]]:
        """A game's whole log as stored (the `LOG_COLUMNS` of each row, JSON still text), in order,
        `size` rows at a time."""
        after = 0
        while rows := await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? AND seq>? "
                                        "ORDER BY seq LIMIT ?", game_id, after, size):
            yield [tuple(r) for r in rows]
            after = rows[-1][11]

    async def hidden(self, game_id: int) -> bool:
        """Whether a secret entry has not been revealed yet: a live seal, or one taken back
        (`secrecy.first_hidden` tells which, on the entries since the last reveal)."""
        (found,), = await self._fetch(
            "SELECT EXISTS (SELECT 1 FROM log WHERE game_id=? AND secret=1 AND seq > "
            f"(SELECT COALESCE(MAX(seq), 0) FROM {self._REVEALS} WHERE game_id=? AND reveals=1))",
            game_id, game_id)
        return bool(found)

    async def log_page(self, game_id: int, newest: int, count: int) -> list[LogEntry]:
        """Up to `count` entries, newest first, skipping the `newest` latest ones. Entries are
        numbered 1, 2, 3 … without gaps, so the page is a range of the key: its cost does not grow
        with the log."""
        last = await self.log_length(game_id) - newest  # one lookup of the key's end
        rows = await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? AND seq BETWEEN ? AND ? "
                                 "ORDER BY seq DESC", game_id, last - count + 1, last)
        return [log_entry(r) for r in rows]

    async def log_length(self, game_id: int) -> int:
        """How many entries the log holds (the last one's number)."""
        (count,), = await self._fetch("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id=?", game_id)
        return int(count)

    async def revealed_up_to(self, game_id: int) -> int:
        """The seq of the latest entry that revealed the secret plans (0: none yet)."""
        rows = await self._fetch(f"SELECT seq FROM {self._REVEALS} WHERE game_id=? AND reveals=1 "
                                 "ORDER BY seq DESC LIMIT 1", game_id)
        return int(rows[0][0]) if rows else 0

    async def undone(self, game_id: int, seqs: Iterable[int]) -> set[int]:
        """Which of these entries an undo has taken back."""
        seqs = list(seqs)
        if not seqs:
            return set()
        marks = ",".join("?" * len(seqs))
        rows = await self._fetch(f"SELECT undoes FROM log WHERE game_id=? AND undoes IN ({marks})", game_id, *seqs)
        return {r[0] for r in rows}

    async def last_action(self, game_id: int) -> LogEntry | None:
        """The latest action not taken back."""
        rows = await self._fetch(
            f"SELECT {LOG_COLUMNS} FROM log AS a WHERE game_id=? AND kind='action' AND NOT EXISTS "
            "(SELECT 1 FROM log AS u WHERE u.game_id=a.game_id AND u.undoes=a.seq) ORDER BY seq DESC LIMIT 1",
            game_id)
        return log_entry(rows[0]) if rows else None

    async def start_entry(self, game_id: int) -> LogEntry | None:
        """The game's last start entry (its board, seats, settings and seed)."""
        rows = await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? AND kind='start' "
                                 "ORDER BY seq DESC LIMIT 1", game_id)
        return log_entry(rows[0]) if rows else None

    async def last_own_action(self, game_id: int, user_id: int) -> int:
        """The number of the newest action `user_id` made themselves (not one the deadline or the
        host played for them); 0 if none."""
        before = 2**62
        while rows := await self._fetch("SELECT seq, body FROM log WHERE game_id=? AND kind='action' AND user_id=? "
                                        "AND seq<? ORDER BY seq DESC LIMIT 20", game_id, user_id, before):
            mine = next((seq for seq, body in rows if "by" not in orjson.loads(body)), None)
            if mine is not None:
                return int(mine)
            before = rows[-1][0]
        return 0

    async def away_settings(self, game_id: int) -> list[tuple[int, str, int]]:
        """Every player's `/game away` in log order: player, when, days (0: back)."""
        rows = await self._fetch("SELECT user_id, at, body FROM log WHERE game_id=? AND kind='settings' AND "
                                 "body LIKE '{\"away\":%' ORDER BY seq", game_id)
        return [(int(user), at, int(orjson.loads(body)["away"])) for user, at, body in rows]

    async def looked(self, game_id: int, user_id: int) -> int:
        """The newest entry `user_id` has read with /game since (0: none)."""
        rows = await self._fetch("SELECT seq FROM looked WHERE game_id=? AND user_id=?", game_id, user_id)
        return int(rows[0][0]) if rows else 0

    async def set_looked(self, game_id: int, user_id: int, seq: int) -> None:
        await self._write("INSERT INTO looked (game_id, user_id, seq) VALUES (?,?,?) ON CONFLICT(game_id, user_id) "
                          "DO UPDATE SET seq=excluded.seq", game_id, user_id, seq)

    async def snapshot(self, game_id: int, seq: int) -> dict[str, Any] | None:
        """The state before entry `seq`, if it is kept."""
        rows = await self._fetch("SELECT state FROM snapshots WHERE game_id=? AND seq=?", game_id, seq)
        return orjson.loads(rows[0][0]) if rows else None

    async def game_ids(self) -> list[int]:
        return [r[0] for r in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def due(self, now: str, limit: int = 50, shards: Shards | None = None) -> list[int]:
        """The channels of open games that need looking at by `now` (a reminder or a deadline), in
        the servers of `shards` (None: all)."""
        rows = await self._fetch("SELECT channel_id FROM games WHERE next_due IS NOT NULL AND next_due <= ? "
                                 f"AND status != 'ended' {_in_shards(shards)} ORDER BY next_due LIMIT ?", now, limit)
        return [r[0] for r in rows]

    async def games_of(self, player_id: int, guild_id: int | None) -> list[GameRow]:
        """The open games `player_id` sits in, in one server (or all of them, for None)."""
        columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        rows = await self._fetch(
            f"SELECT {columns} FROM players AS p JOIN games AS g ON g.id = p.game_id WHERE p.player_id=? "
            "AND g.status != 'ended' AND (CAST(? AS BIGINT) IS NULL OR g.guild_id = ?) ORDER BY g.id",
            player_id, guild_id, guild_id)
        return [game_row(r) for r in rows]

    async def unsent(self, limit: int = 50, shards: Shards | None = None) -> list[Outgoing]:
        """Posts in the outbox not yet delivered, oldest first, for the servers of `shards` (None: all)."""
        rows = await self._fetch("SELECT o.id, o.game_id, o.channel_id, o.body, o.nonce, o.sending, o.sending_after "
                                 "FROM outbox AS o JOIN games ON games.id = o.game_id WHERE o.sent_at IS NULL "
                                 f"{_in_shards(shards)} ORDER BY o.id LIMIT ?", limit)
        return [outgoing(r) for r in rows]

    async def sending(self, post_id: int, text: str, after: int) -> None:
        """Note, before sending it, that a post is being sent: its text, and a message id it will follow."""
        await self._write("UPDATE outbox SET sending=?, sending_after=? WHERE id=?", text, after, post_id)

    async def sent(self, post_id: int, at: str) -> None:
        await self._write("UPDATE outbox SET sent_at=? WHERE id=?", at, post_id)

    async def live_board(self, game_id: int) -> int | None:
        """The id of the board message the game keeps up to date in place, if it has one."""
        rows = await self._fetch("SELECT message_id FROM live_boards WHERE game_id=?", game_id)
        return int(rows[0][0]) if rows else None

    async def set_live_board(self, game_id: int, message_id: int) -> None:
        await self._write("INSERT INTO live_boards (game_id, message_id) VALUES (?,?) ON CONFLICT(game_id) "
                          "DO UPDATE SET message_id=excluded.message_id", game_id, message_id)

    async def member(self, user_id: int) -> tuple[bool, bool]:
        """A member's choices: direct messages when a game waits for them, and when they are hit."""
        rows = await self._fetch("SELECT dm_turn, dm_hits FROM members WHERE user_id=?", user_id)
        return (bool(rows[0][0]), bool(rows[0][1])) if rows else (False, False)

    async def set_member(self, user_id: int, dm_turn: bool, dm_hits: bool) -> None:
        await self._write("INSERT INTO members (user_id, dm_turn, dm_hits) VALUES (?,?,?) ON CONFLICT(user_id) "
                          "DO UPDATE SET dm_turn=excluded.dm_turn, dm_hits=excluded.dm_hits",
                          user_id, int(dm_turn), int(dm_hits))

    async def prepared(self, game_id: int) -> dict[int, Kept]:
        """The game's prepared turns (issue 30), by seat: kept privately, never exported."""
        rows = await self._fetch("SELECT seat, plan, snapshot, reasons, at FROM prepared WHERE game_id=? "
                                 "ORDER BY seat", game_id)
        return {k.seat: k for k in map(kept, rows)}

    async def keep_prepared(self, game_id: int, plan: Kept, post: tuple[int, Post] | None = None) -> None:
        """Keep (or replace) a seat's prepared turn; with `post` (a channel, and what to post there:
        its player pinged when it is offered back), in the same transaction. The game's row and
        version are not touched: a prepared turn is no change to the game."""
        await self._batch([
            Statement(UPSERT_PREPARED, (game_id, plan.seat, dumps(plan.plan), dumps(plan.snapshot),
                                        dumps(list(plan.reasons)), plan.at)),
            *([Statement(INSERT_OUTBOX, (game_id, post[0], dumps(post[1].body()), post[1].nonce, plan.at))]
              if post is not None else [])])

    async def drop_prepared(self, game_id: int, seat: int) -> None:
        await self._write("DELETE FROM prepared WHERE game_id=? AND seat=?", game_id, seat)

    async def seal_key(self) -> bytes:
        """This installation's key for sealing seeds in exports."""
        (value,), = await self._fetch("SELECT value FROM meta WHERE name='seal_key'")
        return bytes.fromhex(value)


    # --- writes (one transaction each) ---------------------------------------------------

    async def create(self, game: GameRow, entries: list[LogEntry],
                     snapshots: dict[int, dict[str, Any]] | None = None) -> GameRow:
        """Insert a new game with its first log entries (numbered from 1) and any undo snapshots;
        returns it with its id. Refuses a second open game in the channel (another process may
        have opened one a moment ago)."""
        try:
            async with self._writing() as db:
                game.id = await db.value(f"INSERT INTO games ({NEW_GAME_COLUMNS}) VALUES ({','.join('?' * 19)}) "
                                         "RETURNING id", *new_game_values(game))
                for statement in _seating(game):
                    await _ran(db, statement)
                await db.many(INSERT_LOG, [log_row(game.id, dataclasses.replace(e, seq=seq))
                                           for seq, e in enumerate(entries, start=1)])
                await db.many(INSERT_SNAPSHOT, [(game.id, seq, dumps(state))
                                                for seq, state in (snapshots or {}).items()])
        except self._TAKEN:
            raise IllegalMove(CHANNEL_TAKEN) from None
        return game

    async def save(self, game: GameRow, entry: LogEntry | None, *, before: dict[str, Any] | None = None,
                   forget: bool = False, posts: Sequence[Post] = (), played: int | None = None,
                   seated: bool = True) -> LogEntry | None:
        """Write the game's new row and append `entry` (None: a change the log does not record, such as
        a clock's reminder), atomically; returns the entry numbered.

        `before` (the state before an action that can be taken back) is kept as its snapshot;
        `forget` drops every older snapshot (they can no longer be reached); `posts` go to the outbox
        in the same transaction; `played`, a seat that played its turn, drops its prepared turn;
        `seated` False says the seats are as stored (who sits where is not written again).
        `game.version` must be the stored version; it is bumped on success.
        Raises Conflict when another writer got there first. The version-checked update also locks
        the game's row, so the entry is numbered after every committed one.
        """
        before_text = game.text_of(before) if before is not None else None  # as stored the last time: no new dump
        changed = ", ".join(f"{c}=?" for c in CHANGED_GAME_COLUMNS)
        writes = [Statement(f"UPDATE games SET {changed} WHERE id=? AND version=?",
                            (*changed_game_values(game), game.id, game.version), changes=1)]
        if seated:
            writes += _seating(game)
        if posts:
            writes.append(Statement(INSERT_OUTBOX, rows=[(game.id, game.channel_id, dumps(p.body()), p.nonce,
                                                          game.updated_at) for p in posts]))
        if entry is not None:
            *fields, _, public, said = log_row(game.id, entry)
            writes.append(Statement(APPEND_LOG, (*fields, public, said, game.id), returns=True))
        if forget:
            writes.append(Statement("DELETE FROM snapshots WHERE game_id=?", (game.id,)))
        if played is not None:
            writes.append(Statement("DELETE FROM prepared WHERE game_id=? AND seat=?", (game.id, played)))
        if before is not None and entry is not None:  # kept under the entry just numbered
            writes.append(Statement(APPEND_SNAPSHOT, (game.id, before_text, game.id)))
        if entry is not None and entry.undoes is not None:
            writes.append(Statement("DELETE FROM snapshots WHERE game_id=? AND seq>=?", (game.id, entry.undoes)))
        results = await self._batch(writes)
        if entry is not None:
            entry = dataclasses.replace(entry, seq=next(r for w, r in zip(writes, results, strict=True) if w.returns))
        game.version += 1
        return entry


def _seating(game: GameRow) -> list[Statement]:
    """Keep `players` (who sits where, to find a member's games) in step with the seats."""
    return [Statement("DELETE FROM players WHERE game_id=?", (game.id,)),
            Statement("INSERT INTO players (game_id, player_id) VALUES (?,?) ON CONFLICT DO NOTHING",
                      rows=[(game.id, s.player_id) for s in game.seats])]


async def _ran(db: Writer, statement: Statement) -> Any:
    """`statement` run by `db` (`Store._batch`)."""
    if statement.rows is not None:
        await db.many(statement.sql, statement.rows)
        return None
    if statement.returns:
        return await db.value(statement.sql, *statement.args)
    changed = await db.run(statement.sql, *statement.args)
    if statement.changes is not None and changed != statement.changes:
        raise Conflict(CONFLICT)
    return changed


def _in_shards(shards: Shards | None) -> str:
    """A condition on `games` keeping the servers of `shards` (their ids are numbers: no injection)."""
    if shards is None:
        return ""
    return (f"AND ((COALESCE(games.guild_id, 0) >> 22) % {int(shards.count)}) "
            f"IN ({','.join(str(int(i)) for i in sorted(shards.ids))})")
