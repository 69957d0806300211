"""What the benchmarks that run the bot in processes of its own share: starting them behind the
stand-in (`offline.fleet`), where each second of CPU went (from /proc, process by process), and
the bot's own reading of its event loop's longest stall (`waypost.stalls`)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from benchmarks.figures import Figure, ms
from benchmarks.fixtures import STALL as STALL_TARGET
from benchmarks.fixtures import cpu_elsewhere, cpu_used, descendants
from offline.fleet import ROOT, Fleet

GUARD = ROOT / "tests" / "processes" / "guard"  # its sitecustomize.py keeps every bot process on 127.0.0.1
BOT = "bot.py"  # in the command line of the bot's processes (and of a launcher), not of their drawing processes
STALL = re.compile(r"event loop: longest stall ([\d.]+) ms, busy ([\d.]+) ms")
APPLICATION = "waypost-bench-bot"  # the application_name of the bot's PostgreSQL connections: their backends


@dataclass(frozen=True)
class Stall:
    """An event loop's longest stall (seconds), and the longest its thread was busy in one (the
    rest of a stall is waiting for a core other processes had)."""

    wall: float
    busy: float

    def figures(self, name: str) -> list[Figure]:
        """The busy stall beside the target, the whole stall for context."""
        return [Figure(f"{name}: longest event-loop stall, the bot busy", ms(self.busy), "ms", ms(STALL_TARGET)),
                Figure(f"{name}: … with waiting for a core", ms(self.wall), "ms")]


def named(db: str) -> str:
    """The bot's database URL with its connections named (`APPLICATION`), to find their backends
    on PostgreSQL; a SQLite path as it is."""
    if not db.startswith("postgres"):
        return db
    return f"{db}{'&' if '?' in db else '?'}application_name={APPLICATION}"


@dataclass(frozen=True)
class Cpu:
    """CPU seconds spent over `seconds` of wall time: by this process (the stand-in, its gateway
    and the simulated users: the offline rig), by the bot's processes (their event loops), by
    their drawing processes, by the PostgreSQL backends serving the bot (None: not measured),
    and by everything else on the machine."""

    seconds: float
    rig: float
    bot: float
    drawing: float
    postgres: float | None
    elsewhere: float

    def cores(self, what: float | None) -> float | None:
        return None if what is None else what / self.seconds


class Meter:
    """Reads the CPU of every process of a run at `start()` and again at `stop()`."""

    def __init__(self, bot_pid: int, db: str | None = None, application: str = "") -> None:
        """`db` and `application`: the PostgreSQL server and the application_name of the bot's
        connections, to find their backends (none on SQLite)."""
        self.pid, self.db, self.application = bot_pid, db, application

    async def _backends(self) -> dict[int, float]:
        if not self.application or self.db is None:
            return {}
        connection = await asyncpg.connect(self.db)
        try:
            rows = await connection.fetch("SELECT pid FROM pg_stat_activity WHERE application_name = $1",
                                          self.application)
        finally:
            await connection.close()
        return cpu_used([r["pid"] for r in rows])

    def _bots(self) -> dict[int, float]:
        return cpu_used([self.pid, *descendants(self.pid)])

    async def start(self) -> None:
        self.backends, self.bots = await self._backends(), self._bots()
        self.machine, self.ours = cpu_elsewhere()
        self.mine, self.began = time.process_time(), time.perf_counter()

    async def stop(self) -> Cpu:
        seconds, rig = time.perf_counter() - self.began, time.process_time() - self.mine
        machine, ours = cpu_elsewhere()
        bot, drawing = spent(self.bots, self._bots(), BOT)
        postgres = spent(self.backends, await self._backends())[0] if self.backends else None
        elsewhere = machine - self.machine - (ours - self.ours) - (postgres or 0.0)
        return Cpu(seconds, rig, bot, drawing, postgres, max(elsewhere, 0.0))


def capacity(loop: float, drawing: float, cores: int = 2) -> float:
    """Boards a second one bot process could serve on `cores` cores of its own (one for its event
    loop, the rest for its drawing processes: `waypost.drawing.workers`) from the CPU seconds a
    board costs its event loop (with the light commands around it) and its drawing, with no other
    process in the way: whichever of the loop, the drawing processes or the cores fills first."""
    workers = max(1, cores - 1)
    return min(1 / loop, workers / drawing, cores / (loop + drawing))


def drawing_allowed(loop: float, boards: float, cores: int = 2) -> float:
    """The most CPU seconds drawing a board may take for one process on `cores` cores to serve
    `boards` a second, its event loop taking `loop` per board (the inverse of `capacity`)."""
    return min(max(1, cores - 1) / boards, cores / boards - loop)


def spent(before: dict[int, float], after: dict[int, float], marked: str = "") -> tuple[float, float]:
    """CPU seconds spent between two `cpu_used` readings: by the processes whose command line has
    `marked`, and by the others (a process new since `before`: all it used)."""
    found = [0.0, 0.0]
    for pid, seconds in after.items():
        try:
            other = marked not in Path(f"/proc/{pid}/cmdline").read_text()
        except OSError:
            continue
        found[other] += seconds - before.get(pid, 0.0)
    return found[0], found[1]


async def longest_stall(fleet: Fleet, name: str, processes: int = 1, timeout: float = 10.0) -> Stall:
    """The longest event-loop stall of the bot processes started as `name` since they were last
    asked (or started): SIGUSR1 makes each log it (a launcher passes it on to its `processes`);
    the worst of their answers."""
    seen = len(STALL.findall(fleet.output(name)))
    os.kill(fleet.processes[name].pid, signal.SIGUSR1)
    deadline = time.perf_counter() + timeout
    while True:
        found = STALL.findall(fleet.output(name))[seen:]
        if len(found) >= processes:
            return Stall(max(float(w) for w, _ in found) / 1000, max(float(b) for _, b in found) / 1000)
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the bot logged no stall report within {timeout:g} s: {fleet.output(name)[-2000:]}")
        await asyncio.sleep(0.05)
