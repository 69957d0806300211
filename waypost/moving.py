"""Moving a SQLite database to PostgreSQL (`python bot.py --move-to URL`), verified by replay.

Every table is copied row for row in one PostgreSQL transaction (ids, the log's numbering, undo
snapshots, the outbox and the installation's seal key included, so exports made before the move
still import), into a PostgreSQL database that has no games yet. Then each game is read back from
both stores and compared. Each game's log is replayed first: a state its log does not reproduce
stops the move before anything is copied.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import InvalidData
from waypost.pg_store import PgStore
from waypost.records import StoreError
from waypost.registry import GameEntry
from waypost.replay import replay
from waypost.sqlite_store import SqliteStore

# parents before children, as the foreign keys need
TABLES = ("games", "log", "snapshots", "meta", "players", "outbox", "members", "live_boards", "looked",
          "prepared")


@dataclass(frozen=True)
class Moved:
    """What a move copied and checked."""

    rows: dict[str, int]
    replayed: int


async def move(source: str, target: str, games: Mapping[str, GameEntry]) -> Moved:
    """Copy the SQLite database `source` into the PostgreSQL database `target` and verify the copy;
    `StoreError` says why it cannot be done, or what did not match."""
    old = await SqliteStore.open(source)
    try:
        new = await PgStore.open(target)
        try:
            if await new.game_ids():
                raise StoreError("The PostgreSQL database already has games; move into an empty one.")
            replayed = await _replayed(old, games)
            rows = await new.copy_in({table: await old.table(table) for table in TABLES})
            await _compare(old, new)
            return Moved(rows, replayed)
        finally:
            await new.close()
    finally:
        await old.close()


async def _replayed(old: SqliteStore, games: Mapping[str, GameEntry]) -> int:
    """Replay every started game's log; how many were (a game no longer installed is only copied)."""
    replayed = 0
    for gid in await old.game_ids():
        row = await old.game(gid)
        if row is not None and row.state is not None and row.game_key in games:
            rules = games[row.game_key].rules
            replayed_state = rules.encode_state(replay(games[row.game_key], await old.log(gid)))
            try:  # as this Waypost writes it (a state stored by an older one may be written otherwise)
                stored = rules.encode_state(rules.decode_state(row.state))
            except InvalidData:
                stored = None
            if replayed_state != stored:
                raise StoreError(f"Game {gid}'s log does not replay to its state; nothing was moved.")
            replayed += 1
    return replayed


async def _compare(old: SqliteStore, new: PgStore) -> None:
    """Every game, its log and the seal key read back equal from both stores."""
    problem = "the seal key differs" if await new.seal_key() != await old.seal_key() else None
    for gid in await old.game_ids():
        if problem is None and (await old.game(gid), await old.log(gid)) != (await new.game(gid), await new.log(gid)):
            problem = f"game {gid} differs"
    if problem:
        raise StoreError(f"The copy does not match ({problem}). Empty the PostgreSQL database before trying again.")
