"""The databases tests run on: a SQLite file, or a schema of its own on the PostgreSQL server
`make test` starts (its URL in WAYPOST_TEST_PG), dropped afterwards.

Without WAYPOST_TEST_PG the PostgreSQL runs are skipped, saying why (a plain `pytest`); `make test`
and CI always set it, and there an unreachable server fails the tests rather than skipping them.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg
import pytest

from waypost.sql_store import INSERT_LOG, Store

PG_ENV = "WAYPOST_TEST_PG"
KINDS = ("sqlite", "postgres")


def server() -> str:
    """The test server's URL, or skip saying how to get one."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"PostgreSQL runs need a server: `make test` starts one, or set {PG_ENV} to a URL")
    return url


@asynccontextmanager
async def database(kind: str, folder: Path, name: str = "waypost") -> AsyncIterator[str]:
    """A fresh, empty database of `kind`, as WAYPOST_DB would name it."""
    if kind == "sqlite":
        yield str(folder / f"{name}.sqlite3")
        return
    url = server()
    schema = f"test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield f"{url}{'&' if '?' in url else '?'}search_path={quote(schema)}"
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


async def append_raw(store: Store, rows: list[tuple[Any, ...]]) -> None:
    """Append log rows (`records.log_row`) straight into a store, in one transaction: a test's way to
    give a game a very long history quickly."""
    async with store._writing() as db:
        await db.many(INSERT_LOG, rows)
