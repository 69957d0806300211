"""Shared fixtures: a registry with the test game, a database, a store on it, a table.

`where` is the database a test runs on: SQLite here; the storage, table and bot suites
(tests/host, tests/bot) run every test on SQLite and on PostgreSQL (`tests.support.databases`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import default_games
from tests.support import tally
from tests.support.databases import KINDS, database
from waypost.registry import GameEntry
from waypost.storage import open_store
from waypost.table import Table


@pytest.fixture
def games() -> dict[str, GameEntry]:
    """The shipped games plus Tally, the test-only game."""
    return {**default_games(), "tally": GameEntry(tally.GAME, tally.draw, tally.DATA, cog="tests.support.tally_cog")}


BOTH_STORES = ("host", "bot")  # the suites (folders of tests/) run on both stores


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "where" in metafunc.fixturenames and Path(metafunc.definition.path).parent.name in BOTH_STORES:
        metafunc.parametrize("where", KINDS, indirect=True)


@pytest.fixture
async def where(request, tmp_path):
    async with database(getattr(request, "param", "sqlite"), tmp_path) as url:
        yield url


@pytest.fixture
async def store(where):
    store = await open_store(where)
    yield store
    await store.close()


@pytest.fixture
def table(store, games) -> Table:
    return Table(store, games)
