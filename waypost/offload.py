"""Legal-options work (a game's choices of one parameter, its action kinds) run in a thread until
seen to be quick, then on the event loop: handing work to a thread and back costs about 75 µs of
CPU, more than most of it takes, while the slow kinds (a Mega Civilization adjustment's areas)
must never hold the loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from waypost.fairness import metered

T = TypeVar("T")
QUICK = 0.002  # CPU seconds: work of a kind this quick, every time it was timed, runs on the loop
SEEN = 3  # times in a row a kind of work must be seen quick in a thread before it runs on the loop
KINDS = 1000  # kinds of work remembered (a game's queries by action kind and parameter: far fewer)


class Offloader:
    """Runs work by kind (a key: the game, the query, the action kind and parameter), in a thread
    until its last `SEEN` runs there were each quicker than `QUICK`, then on the loop until once
    it is not (the next runs in a thread again)."""

    def __init__(self) -> None:
        self._quick: dict[Hashable, int] = {}  # kind of work → its quick runs in a row (SEEN or more: on the loop)

    async def run(self, key: Hashable, work: Callable[..., T], *args: Any) -> T:
        if self._quick.get(key, 0) >= SEEN:
            result, spent = metered(work, *args)
        else:
            result, spent = await asyncio.to_thread(metered, work, *args)
        if len(self._quick) >= KINDS and key not in self._quick:
            self._quick.clear()
        self._quick[key] = self._quick.get(key, 0) + 1 if spent < QUICK else 0
        return result

