"""What both stores share: the reads and the one-statement writes, in SQL both SQLite and
PostgreSQL understand (`?` placeholders; the PostgreSQL store numbers them)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from typing import Any

from waypost.records import GAME_COLUMNS, LOG_COLUMNS, GameRow, LogEntry, Outgoing, game_row, log_entry, outgoing
from waypost.shards import Shards

OPEN = "status != 'ended'"


class SqlStore:
    """A store's shared operations over `_fetch` (rows of a query) and `_write` (one statement in
    a transaction of its own)."""

    _REVEALS = "log"  # the log, as read for its reveal entries (SQLite names the index to use)

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        raise NotImplementedError

    async def _write(self, sql: str, *args: Any) -> None:
        raise NotImplementedError

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

    async def log_chunks(self, game_id: int, size: int = 2000) -> AsyncIterator[list[tuple[Any, ...]]]:
        """A game's whole log as stored (the `LOG_COLUMNS` of each row, JSON still text), in order,
        `size` rows at a time."""
        after = 0
        while rows := await self._fetch(f"SELECT {LOG_COLUMNS} FROM log WHERE game_id=? AND seq>? "
                                        "ORDER BY seq LIMIT ?", game_id, after, size):
            yield [tuple(r) for r in rows]
            after = rows[-1][11]

    async def hidden(self, game_id: int) -> bool:
        """Whether a secret entry has not been revealed yet (`secrecy.hidden`, in SQL)."""
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

    async def snapshot(self, game_id: int, seq: int) -> dict[str, Any] | None:
        """The state before entry `seq`, if it is kept."""
        rows = await self._fetch("SELECT state FROM snapshots WHERE game_id=? AND seq=?", game_id, seq)
        return json.loads(rows[0][0]) if rows else None

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
        rows = await self._fetch("SELECT o.id, o.game_id, o.channel_id, o.body, o.nonce FROM outbox AS o JOIN games "
                                 f"ON games.id = o.game_id WHERE o.sent_at IS NULL {_in_shards(shards)} "
                                 "ORDER BY o.id LIMIT ?", limit)
        return [outgoing(r) for r in rows]

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

    async def seal_key(self) -> bytes:
        """This installation's key for sealing seeds in exports."""
        (value,), = await self._fetch("SELECT value FROM meta WHERE name='seal_key'")
        return bytes.fromhex(value)


def _in_shards(shards: Shards | None) -> str:
    """A condition on `games` keeping the servers of `shards` (their ids are numbers: no injection)."""
    if shards is None:
        return ""
    return (f"AND ((COALESCE(games.guild_id, 0) >> 22) % {int(shards.count)}) "
            f"IN ({','.join(str(int(i)) for i in sorted(shards.ids))})")
