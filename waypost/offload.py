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
QUICK = 0.002  # CPU seconds: work of a kind seen this quick `SEEN` times in a row runs on the loop
SEEN = 3
SLOW = 0.010  # CPU seconds: a run on the loop this long sends its kind back to threads (a young garbage
# collection inside quick work takes less; it would hold the loop from a thread all the same)
KINDS = 1000  # kinds of work remembered (a game's parameters by action kind: far fewer)


class Offloader:
    """Runs work by kind (a key: the game, the action kind, the parameter and those chosen before
    it), in a thread until its last `SEEN` runs there were each quicker than `QUICK`, then on the
    loop until a run there takes `SLOW` (a stall at most as long as that run)."""

    def __init__(self) -> None:
        self._quick: dict[Hashable, int] = {}  # kind of work → its quick runs in a row in threads

    async def run(self, key: Hashable, work: Callable[..., T], *args: Any) -> T:
        if self._quick.get(key, 0) >= SEEN:
            result, spent = metered(work, *args)
            if spent >= SLOW:
                self._quick[key] = 0
            return result
        result, spent = await asyncio.to_thread(metered, work, *args)
        if len(self._quick) >= KINDS and key not in self._quick:
            self._quick.clear()
        self._quick[key] = self._quick.get(key, 0) + 1 if spent < QUICK else 0
        return result
