"""Autocomplete's legal-options work (a game's choices of one parameter) run in a thread until
seen to be quick, then on the event loop: handing work to a thread and back costs about 75 µs of
CPU, more than most of it takes, while slow work (a Mega Civilization adjustment's areas) must
never hold the loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from waypost.fairness import metered

T = TypeVar("T")
QUICK = 0.002  # CPU seconds: work of a kind this quick, every time it was timed, runs on the loop
SEEN = 3  # times in a row a kind of work must be seen quick in a thread before it runs on the loop
SLOW = -1  # a kind of work once slow on the loop: in a thread from then on
KINDS = 1000  # kinds of work remembered (a game's parameters by action kind: far fewer)


class Offloader:
    """Runs work by kind (a key: the game, the action kind, the parameter and those chosen before
    it), in a thread until its last `SEEN` runs there were each quicker than `QUICK`, then on the
    loop; a kind of work once slower than that on the loop runs in a thread from then on (one stall
    at most, as long as the work)."""

    def __init__(self) -> None:
        self._quick: dict[Hashable, int] = {}  # kind of work → its quick runs in a row, or SLOW

    async def run(self, key: Hashable, work: Callable[..., T], *args: Any) -> T:
        seen = self._quick.get(key, 0)
        if seen >= SEEN:
            result, spent = metered(work, *args)
            if spent >= QUICK:
                self._quick[key] = SLOW
            return result
        result, spent = await asyncio.to_thread(metered, work, *args)
        if seen != SLOW:
            if len(self._quick) >= KINDS and key not in self._quick:
                self._quick.clear()
            self._quick[key] = seen + 1 if spent < QUICK else 0
        return result
