"""What one user can cost: a token bucket per user, so one person flooding autocomplete or status
cannot make everyone else's commands late.

Each user may send `rate` requests a second on average, in bursts of up to `burst`: the bot's
`Config.user_rate` and `Config.user_burst`, by default 10 a second in bursts of 40. The first
request over budget is refused politely; the rest, until the bucket refills, are dropped without
an answer (answering a flood is itself the cost to avoid).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Verdict = Literal["ok", "refuse", "drop"]


@dataclass
class _Bucket:
    tokens: float
    at: float
    warned: bool = False


class Budget:
    """Requests per user: `take(user_id)` says whether to serve, refuse or drop this one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self._clock = rate, burst, clock
        self._buckets: dict[int, _Bucket] = {}

    def take(self, user_id: int, polite: bool = True) -> Verdict:
        """Spend one request of `user_id`'s budget. Over budget: "refuse" the first time (when
        `polite`: a request that can be answered with a refusal), "drop" the rest."""
        now = self._clock()
        bucket = self._buckets.get(user_id)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._forget_full(now)
            bucket = self._buckets[user_id] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            bucket.warned = False
            return "ok"
        if bucket.warned or not polite:
            return "drop"
        bucket.warned = True
        return "refuse"

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled: they hold nothing a new bucket would not."""
        self._buckets = {u: b for u, b in self._buckets.items()
                         if b.tokens + (now - b.at) * self.rate < self.burst}
