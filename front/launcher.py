"""The bot as several processes over its shards: `launch` starts one `bot.py` process for each slice
of the shards on this machine, starts again one that dies (after 1 s, doubling up to a minute; 1 s
again once it had run a minute) and stops them all on Ctrl-C or SIGTERM; SIGUSR1 is passed on to
each (it logs its event loop's longest stall: `waypost.stalls`). Over several machines,
each runs `bot.py --shards N --shard-ids A-B` for its own slice instead."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

BOT = Path(__file__).resolve().parent.parent / "bot.py"
FIRST_WAIT, LONGEST_WAIT, STEADY = 1.0, 60.0, 60.0  # seconds
GRACE = 15.0  # seconds a stopping process has to close before it is killed
CANNOT_START = 2  # bot.py's exit status when its settings or database cannot be used

log = logging.getLogger("waypost.launcher")


def shard_ids(text: str, count: int) -> frozenset[int]:
    """Shard ids written as `0-3`, `5` or `0-3,8,10-11`; ValueError saying what is wrong."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"shard ids are numbers or ranges like 0-3, separated by commas, not {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if not low <= high < count:
            raise ValueError(f"shard ids run from 0 to {count - 1} (of --shards {count}), not {part.strip()!r}")
        ids.update(range(low, high + 1))
    return frozenset(ids)


def written(ids: frozenset[int]) -> str:
    """Shard ids as `shard_ids` reads them: runs as ranges."""
    runs: list[list[int]] = []
    for i in sorted(ids):
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def split(count: int, processes: int) -> list[frozenset[int]]:
    """`count` shards in `processes` (at most `count`) slices of consecutive ids, as even as can be."""
    return [frozenset(range(count * p // processes, count * (p + 1) // processes)) for p in range(processes)]


class Child:
    """One `bot.py` process serving a slice of the shards, started again whenever it dies."""

    def __init__(self, argv: Sequence[str], name: str) -> None:
        self.argv, self.name = list(argv), name
        self.process: asyncio.subprocess.Process | None = None

    async def keep_running(self, stop: asyncio.Event) -> int:
        """Run the process until `stop`; CANNOT_START (and `stop` set) if it cannot start at all."""
        wait = FIRST_WAIT
        while not stop.is_set():
            started = time.monotonic()
            self.process = await asyncio.create_subprocess_exec(*self.argv)
            log.info("%s started (pid %d)", self.name, self.process.pid)
            code = await self.process.wait()
            if stop.is_set():
                break
            if code == CANNOT_START:
                log.error("%s cannot start (see above); stopping every process", self.name)
                stop.set()
                return CANNOT_START
            if time.monotonic() - started >= STEADY:
                wait = FIRST_WAIT
            log.warning("%s ended (exit status %s); starting it again in %.0f s", self.name, code, wait)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), wait)
            wait = min(wait * 2, LONGEST_WAIT)
        return 0

    def signal(self, number: int) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(number)


async def launch(count: int, processes: int, options: Sequence[str] = (), sync: bool = False) -> int:
    """Run `processes` bot processes over `count` shards (each given `options`; the one with shard 0
    syncs the commands if `sync`) until SIGINT or SIGTERM; the exit status."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    children = []
    for ids in split(count, processes):
        argv = [sys.executable, str(BOT), "--shards", str(count), "--shard-ids", written(ids), *options]
        children.append(Child(argv + (["--sync"] if sync and 0 in ids else []), f"shards {written(ids)}"))

    def report() -> None:
        for child in children:
            child.signal(signal.SIGUSR1)

    loop.add_signal_handler(signal.SIGUSR1, report)
    runs = [asyncio.create_task(child.keep_running(stop)) for child in children]
    log.info("running %d shards in %d processes", count, processes)
    await stop.wait()
    for child in children:
        child.signal(signal.SIGTERM)
    done, late = await asyncio.wait(runs, timeout=GRACE)
    for child in children:
        child.signal(signal.SIGKILL)
    codes = [run.result() for run in done] + [await run for run in late]
    return max(codes)
