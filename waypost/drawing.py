"""Boards are drawn, and logs replayed to look back, in worker processes beside the event loop.

Drawing and replaying hold the GIL most of the time, so in a thread they still stall the event
loop: every reply, acknowledgement and autocomplete waits while a board is composed. Pools of
processes (each of as many processes as the cores this process may use but one, for the event
loop; at least one) work instead: `DRAW` draws the boards of the present, `LOOK_BACK` replays
logs, draws past positions and animates recaps at the lowest priority (nice 19), so that looking
back, however much of it is asked, takes the CPU the boards of the present leave. Each pool
starts with its first job and serves every bot in the interpreter; work is sent to it by name,
so it must be a module-level function, and its arguments are pickled. As with any
multiprocessing, a script that starts the bot needs an `if __name__ == "__main__":` guard
(workers import the main module). Which job runs when is decided in front of the pools
(`waypost.fairness.Lane`).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from render.words import speaking
from waypost.fairness import Runner, metered
from waypost.i18n import translate
from waypost.outcome import alt_text

DRAW, LOOK_BACK = "draw", "look back"
NICE = {DRAW: 0, LOOK_BACK: 19}  # how much the pool's processes yield the CPU to others (Linux nice)
_pools: dict[str, ProcessPoolExecutor] = {}


def workers() -> int:
    """Processes in a pool: every core this process may use but one (for the event loop), at least one."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


def _pool_now(kind: str) -> ProcessPoolExecutor:
    pool = _pools.get(kind)
    if pool is None:
        pool = _pools[kind] = ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("forkserver"),
                                                  initializer=os.nice, initargs=(NICE[kind],))
    return pool


async def warm() -> None:
    """Start the drawing processes now (the bot does at start), so the first board is not slow."""
    await asyncio.get_running_loop().run_in_executor(_pool_now(DRAW), int)


async def run(work: Callable[..., Any], *args: Any, kind: str = DRAW) -> Any:
    """`work(*args)` (a module-level function) run in a process of pool `kind`. If a worker died,
    the pool is replaced for the next call and this one raises BrokenProcessPool."""
    pool = _pool_now(kind)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
    except BrokenProcessPool:
        if _pools.get(kind) is pool:
            del _pools[kind]
        raise


def runner(kind: str) -> Runner:
    """A lane's runner: work run in a process of pool `kind`, with the CPU seconds it took there."""
    async def run_metered(work: Callable[..., Any], *args: Any) -> tuple[Any, float]:
        result: tuple[Any, float] = await run(metered, work, *args, kind=kind)
        return result
    return run_metered


def in_language(language: str) -> contextlib.AbstractContextManager[None]:
    """Inside it, boards are drawn with their labels in `language` (`render.words`)."""
    return speaking(language, partial(translate, language=language))


class Spoken:
    """`work` (a module-level drawing function) drawing its labels in `language`; sent to a process
    like `work` itself, and known to the lanes by its name (what it costs is the drawing's)."""

    def __init__(self, language: str, work: Callable[..., Any]):
        self.language, self.work = language, work
        self.__qualname__ = getattr(work, "__qualname__", type(work).__name__)

    def __call__(self, *args: Any) -> Any:
        with in_language(self.language):
            return self.work(*args)


class Described(Spoken):
    """`work` drawing a board (its first argument the state as the viewer sees it) and the board's
    alt text: `what` happened, then the position as `rules` describe it, in `language` (drawn and
    described in a worker process, off the event loop)."""

    def __init__(self, language: str, work: Callable[..., Any], rules: Any, what: str):
        super().__init__(language, work)
        self.rules, self.what = rules, what

    def __call__(self, *args: Any) -> tuple[bytes, str]:
        png = super().__call__(*args)
        return png, alt_text(self.what, translate(self.rules.describe(args[0]), self.language))
