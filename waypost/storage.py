"""Where games are kept: `open_store` opens SQLite (a file's path: the default) or PostgreSQL (a
`postgresql://` URL, for several processes); both are a `Store` (`waypost.sql_store`).

Both keep the same guarantees: one transaction per action, the append-only log, undo snapshots, the
version check against lost updates, numbered migrations applied once when processes start together.
"""

from __future__ import annotations

from waypost.pg_store import PgStore
from waypost.sql_store import Store
from waypost.sqlite_store import SqliteStore

__all__ = ["Store", "is_postgres", "open_store"]

POSTGRES = ("postgresql://", "postgres://")


def is_postgres(where: str) -> bool:
    return where.startswith(POSTGRES)


async def open_store(where: str) -> Store:
    """Open the store at `where` (a SQLite file's path, or a PostgreSQL URL), migrating it; a
    `StoreError` says why one cannot be used."""
    if is_postgres(where):
        return await PgStore.open(where)
    return await SqliteStore.open(where)
