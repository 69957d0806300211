"""Shared fixtures: a registry with the test game, a store on a temporary file, a table."""

from __future__ import annotations

import pytest

from games import default_games
from tests.support import tally
from waypost.registry import GameEntry
from waypost.storage import Store
from waypost.table import Table


@pytest.fixture
def games() -> dict[str, GameEntry]:
    """The shipped games plus Tally, the test-only game."""
    return {**default_games(), "tally": GameEntry(tally.GAME, tally.draw, tally.DATA, cog="tests.support.tally_cog")}


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "waypost.sqlite3")
    yield store
    await store.close()


@pytest.fixture
def table(store, games) -> Table:
    return Table(store, games)
