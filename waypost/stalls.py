"""Watching the event loop for stalls: a callback that asks to be called again a few milliseconds
later and notes how late it comes. Anything that holds the loop (a slow callback, a garbage collection, a drawing
in the loop's thread) shows up as a late wake-up; so does the process waiting for a core the
machine gave to another process. The part of a stall the loop's thread spent running (its CPU
time meanwhile) is the loop's own: the stall its code caused, whatever else runs.

The bot runs one (`front.bot`); on SIGUSR1 it logs the longest stall since the last report
(`kill -USR1 <pid>`: "event loop: longest stall 12.3 ms, busy 11.9 ms, over 60.1 s"), which is
how the benchmarks read it from a bot process of its own. A stall over `warn_after` is logged as
a warning at once.
"""

from __future__ import annotations

import asyncio
import logging
import time

PERIOD = 0.005  # seconds between wake-ups: a stall shorter than this is not seen
REPORT = "event loop: longest stall {ms:.1f} ms, busy {busy:.1f} ms, over {seconds:.1f} s"
log = logging.getLogger("waypost")


class StallWatch:
    """The longest stall of the running loop since `reset()`, and the longest time the loop's
    thread was busy in one (`busy`); `await watch.run()` keeps watching."""

    def __init__(self, period: float = PERIOD, warn_after: float | None = None):
        self.period, self.warn_after = period, warn_after
        self.reset()

    def reset(self) -> None:
        self.longest, self.busy, self.since = 0.0, 0.0, time.perf_counter()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        before, cpu = time.perf_counter(), time.thread_time()
        next_: asyncio.TimerHandle | None = None

        def wake() -> None:  # a plain callback, not a task's sleep: half the cost, 200 times a second
            nonlocal before, cpu, next_
            now, cpu_now = time.perf_counter(), time.thread_time()  # also the next wait's start
            self._woke(now - before - self.period, cpu_now - cpu)
            before, cpu, next_ = now, cpu_now, loop.call_later(self.period, wake)

        next_ = loop.call_later(self.period, wake)
        try:
            await loop.create_future()  # until cancelled
        finally:
            if next_ is not None:
                next_.cancel()

    def _woke(self, late: float, cpu: float) -> None:
        """Note a wake-up `late` seconds late, the loop's thread having run `cpu` seconds since the last."""
        if late > self.longest:
            self.longest = late
        busy = min(late, cpu)
        if busy > self.busy:
            self.busy = busy
        if self.warn_after is not None and late > self.warn_after:
            log.warning("event loop stalled %.0f ms (busy %.0f ms)", late * 1000, busy * 1000)

    def report(self) -> str:
        """The longest stall since the last report (or reset), as the log says it; starts afresh."""
        text = REPORT.format(ms=self.longest * 1000, busy=self.busy * 1000, seconds=time.perf_counter() - self.since)
        self.reset()
        return text
