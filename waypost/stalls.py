"""Watching the event loop for stalls: a task that sleeps a few milliseconds at a time and notes
how late it wakes. Anything that holds the loop (a slow callback, a garbage collection, a drawing
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
        before, cpu = time.perf_counter(), time.thread_time()
        while True:  # each wake-up's clocks are the next sleep's start: one reading of each a turn
            await asyncio.sleep(self.period)
            now, cpu_now = time.perf_counter(), time.thread_time()
            late = now - before - self.period
            if late > self.longest:
                self.longest = late
            busy = min(late, cpu_now - cpu)
            if busy > self.busy:
                self.busy = busy
            before, cpu = now, cpu_now
            if self.warn_after is not None and late > self.warn_after:
                log.warning("event loop stalled %.0f ms (busy %.0f ms)", late * 1000, busy * 1000)

    def report(self) -> str:
        """The longest stall since the last report (or reset), as the log says it; starts afresh."""
        text = REPORT.format(ms=self.longest * 1000, busy=self.busy * 1000, seconds=time.perf_counter() - self.since)
        self.reset()
        return text
