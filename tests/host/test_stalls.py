"""The event-loop stall watch: a stall is seen, and the part of it the loop's thread was busy."""

from __future__ import annotations

import asyncio
import re
import time

from waypost.stalls import StallWatch


async def _stalled(hold) -> StallWatch:  # type: ignore[no-untyped-def]
    watch = StallWatch()
    watching = asyncio.create_task(watch.run())
    await asyncio.sleep(0.02)
    hold()
    await asyncio.sleep(0.02)
    watching.cancel()
    return watch


async def test_a_busy_stall_is_seen_and_counted_busy():
    def spin() -> None:
        until = time.thread_time() + 0.08  # CPU time: however busy the machine is
        while time.thread_time() < until:
            pass

    watch = await _stalled(spin)
    assert watch.longest >= watch.busy >= 0.07


async def test_a_stall_the_loop_did_not_spend_running_is_not_counted_busy():
    watch = await _stalled(lambda: time.sleep(0.08))  # as if the machine gave the core to another process
    assert watch.longest >= 0.07 and watch.busy < 0.03


async def test_the_report_says_the_longest_stall_and_starts_afresh():
    watch = StallWatch()
    watch.longest, watch.busy = 0.0123, 0.0119
    assert re.fullmatch(r"event loop: longest stall 12\.3 ms, busy 11\.9 ms, over [\d.]+ s", watch.report())
    assert watch.longest == watch.busy == 0.0
