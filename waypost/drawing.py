"""Board images are drawn in worker processes, beside the event loop.

Drawing holds the GIL most of the time, so in a thread it still stalls the event loop: every
reply, acknowledgement and autocomplete waits while a board is composed. A pool of processes
(one per core but the loop's, at least one) draws instead. It starts with the first drawing
and serves every bot in the interpreter; a game's `draw` is sent to it by name, so it must be a
module-level function, and the state is pickled. As with any multiprocessing, a script that
starts the bot needs an `if __name__ == "__main__":` guard (workers import the main module).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rules.base import Highlight, Posted

_pool: ProcessPoolExecutor | None = None


def workers() -> int:
    """Processes drawing: every core this process may use but one (for the event loop), at least one."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


def _pool_now() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("forkserver"))
    return _pool


async def warm() -> None:
    """Start the drawing processes now (the bot does at start), so the first board is not slow."""
    await asyncio.get_running_loop().run_in_executor(_pool_now(), int)


async def draw(paint: Callable[[Any, int | None, str | None, Highlight | None, Posted | None], bytes], state: Any,
               viewer: int | None, focus: str | None = None, highlight: Highlight | None = None,
               posted: Posted | None = None) -> bytes:
    """`paint(state, viewer, focus, highlight, posted)` run in a drawing process."""
    return await run(paint, state, viewer, focus, highlight, posted)


async def run(work: Callable[..., bytes], *args: Any) -> bytes:
    """`work(*args)` (a module-level function) run in a drawing process. If a worker died, the pool
    is replaced for the next call and this one raises BrokenProcessPool."""
    global _pool
    pool = _pool_now()
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
    except BrokenProcessPool:
        if _pool is pool:
            _pool = None
        raise
