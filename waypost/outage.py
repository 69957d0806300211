"""The game store being away (its database stopped, hung, or locked by another program):
`StoreUnavailable`, which both stores raise for it, and `Outages`, which logs one line when an
outage begins and one when the store answers again, however many calls fail in between."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

UNAVAILABLE = "The game store is unavailable; try again shortly."
log = logging.getLogger("waypost")


class StoreUnavailable(Exception):
    """The database cannot be reached just now; nothing was changed. `cause` says what failed."""

    def __init__(self, cause: str):
        super().__init__(UNAVAILABLE)
        self.cause = cause


class Outages:
    """One store's outages, each logged once: when the first call fails, and when one succeeds
    again. An outage a write met ends only with a write (SQLite still reads while another program
    holds the write lock)."""

    def __init__(self, name: str):
        self.name = name
        self._since: float | None = None  # when the current outage began (monotonic), None while up
        self._writes = False  # whether a write met the current outage

    def failed(self, error: BaseException, writing: bool) -> StoreUnavailable:
        """The error to raise for a call that could not reach the database."""
        cause = f"{type(error).__name__}: {error}".rstrip(": ")
        if self._since is None:
            self._since = time.monotonic()
            log.warning("the game store %s is unavailable (%s)", self.name, cause)
        self._writes |= writing
        return StoreUnavailable(cause)

    def answered(self, writing: bool) -> None:
        """A call reached the database: log the end of the outage, if this call ends it."""
        if self._since is not None and (writing or not self._writes):
            log.warning("the game store %s is back after %.0f s", self.name, time.monotonic() - self._since)
            self._since, self._writes = None, False

    @asynccontextmanager
    async def watching(self, away: Callable[[Exception], bool], writing: bool = False) -> AsyncIterator[None]:
        """Around one call to the database (a read, or a `writing` transaction): an error `away`
        says means it cannot be reached becomes `StoreUnavailable`; a call that returns may end
        the outage."""
        try:
            yield
        except Exception as e:
            if not away(e):
                raise
            raise self.failed(e, writing) from None
        self.answered(writing)
