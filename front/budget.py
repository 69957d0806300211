"""What one user can cost in requests, so one person flooding commands, autocomplete, status or
clicks (`front.clicks`) cannot make everyone else's commands late. (What their requests cost in
work is bounded by the table: `waypost.fairness`.)

- `Budget`: each user may send `rate` requests a second on average, in bursts of up to `burst`:
  the bot's `Config.user_rate` and `Config.user_burst`, by default 10 a second in bursts of 40.
- `InFlight`: each user may have at most `most` commands being answered at once
  (`Config.user_in_flight`, by default 3), so a burst is answered a few at a time, not all at
  once on the event loop while others wait.

Over either, the first request is refused politely; the rest, until the user is within it again,
are dropped without an answer (answering a flood is itself the cost to avoid).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Literal

from waypost.fairness import Buckets

Verdict = Literal["ok", "refuse", "drop"]


class Budget:
    """Requests per user: `take(user_id)` says whether to serve, refuse or drop this one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst = rate, burst
        self._buckets = Buckets(rate, burst, clock)

    def take(self, user_id: int, polite: bool = True) -> Verdict:
        """Spend one request of `user_id`'s budget. Over budget: "refuse" the first time (when
        `polite`: a request that can be answered with a refusal), "drop" the rest."""
        bucket = self._buckets[user_id]
        if bucket.level >= 1:
            bucket.level -= 1
            bucket.warned = False
            return "ok"
        if bucket.warned or not polite:
            return "drop"
        bucket.warned = True
        return "refuse"


class InFlight:
    """Commands being answered, per user: `begin` one (by its interaction id) and say whether to
    serve, refuse or drop it; `end` it when answered. One never ended (a bot stopping mid-answer)
    is forgotten after `forget` seconds."""

    def __init__(self, most: float, clock: Callable[[], float] = time.monotonic, forget: float = 60.0):
        self.most, self._clock, self._forget = most, clock, forget
        self._answering: dict[int, tuple[int, float]] = {}  # interaction id -> user id, since when (oldest first)
        self._counts: Counter[int] = Counter()
        self._warned: set[int] = set()

    def begin(self, user_id: int, key: int) -> Verdict:
        now = self._clock()
        while self._answering:
            oldest, (_, since) = next(iter(self._answering.items()))
            if now - since < self._forget:
                break
            self.end(oldest)
        if self._counts[user_id] < self.most:
            self._answering[key] = (user_id, now)
            self._counts[user_id] += 1
            return "ok"
        if user_id in self._warned:
            return "drop"
        self._warned.add(user_id)
        return "refuse"

    def end(self, key: int) -> None:
        found = self._answering.pop(key, None)
        if found is not None:
            user_id = found[0]
            self._counts[user_id] -= 1
            if not self._counts[user_id]:
                del self._counts[user_id]
            self._warned.discard(user_id)
