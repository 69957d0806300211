"""The real bot, driven through the offline Discord stand-in, on a temporary database (SQLite
and PostgreSQL: `where` in tests/conftest.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from front.bot import create_bot
from offline import OfflineDiscord
from waypost.config import UNBUDGETED, Config


@pytest.fixture
def config(where) -> Config:
    # tests send commands far faster than a person could: each user's budget is lifted here, and
    # tested on its own in tests/bot/test_window.py
    return Config(token="", db=where, dev_guild=None, log_level="INFO",
                  **UNBUDGETED, tick_seconds=0)


@pytest.fixture
async def discord_(config, games):
    async with OfflineDiscord(lambda: create_bot(config, games)) as harness:
        yield harness
        harness.assert_clean()


class Clock:
    """A clock the test turns."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def turn(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
async def timed(config, games):
    """The bot on a clock the test turns (`timed.clock`), its timekeeper driven by hand."""
    clock = Clock()
    async with OfflineDiscord(lambda: create_bot(config, games, clock=clock)) as discord_:
        discord_.clock = clock
        yield discord_
        discord_.assert_clean()
