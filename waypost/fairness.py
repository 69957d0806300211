"""Heavy work, shared fairly: what each user and each server may spend on it, and the order it is
served in, so that no member can stall the others.

Drawing a board, replaying a log, animating a recap and building or reading an export cost CPU
in proportion to their size, not one request each. Each runs in a `Lane` (the drawing processes,
the look-back processes, the threads for export and import), a few jobs at a time, served
round-robin: server by server, within a server user by user, each user's own jobs in order. So
one user's backlog waits behind their own jobs only; another user's job waits at most for the
first of the jobs already running to finish.

What each job cost (the CPU seconds of the thread or process that ran it) is charged to its user
and their server (`Allowance`: buckets of seconds, refilled over time). A user or server whose
allowance is spent is refused heavy work, politely and saying when to try again, until it refills;
a move is never refused for it (its board is drawn and charged all the same). Work the table does
on its own (the timekeeper's) is charged to nobody.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.errors import PlayerError
from rules.messages import Msg, Plural

T = TypeVar("T")
Runner = Callable[..., Awaitable[tuple[Any, float]]]  # runner(work, *args) -> (work's result, CPU seconds)


@dataclass(frozen=True)
class Payer:
    """Whose work it is: a user (0: the table itself) in a server (None: none)."""

    user_id: int = 0
    guild_id: int | None = None


TABLE = Payer()


class Spent(PlayerError):
    """The user's or the server's allowance of heavy work is spent for now."""


# --- allowances ------------------------------------------------------------------------------------


@dataclass
class Bucket:
    """A bucket's level as of `at` (a clock reading); `warned` for whoever needs to remember a
    refusal (front.budget)."""

    level: float
    at: float
    warned: bool = False


class Buckets:
    """Token buckets by key: each holds up to `burst`, refills `rate` a second and starts full. A
    level may fall below zero (a debt, paid back as it refills). Buckets that are full again are
    forgotten once there are more than `keep`."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic, keep: int = 10_000):
        self.rate, self.burst, self._clock, self._keep = rate, burst, clock, keep
        self._buckets: dict[Hashable, Bucket] = {}

    def __getitem__(self, key: Hashable) -> Bucket:
        """The key's bucket, refilled up to now."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > self._keep:
                self._buckets = {k: b for k, b in self._buckets.items()
                                 if b.level + (now - b.at) * self.rate < self.burst}
            bucket = self._buckets[key] = Bucket(self.burst, now)
        bucket.level = min(self.burst, bucket.level + (now - bucket.at) * self.rate)
        bucket.at = now
        return bucket

    def wait(self, key: Hashable) -> float:
        """Seconds until the key's bucket holds something again (0: it does now)."""
        level = self[key].level
        return 0.0 if level > 0 else (1e-9 - level) / self.rate


@dataclass(frozen=True)
class Share:
    """An allowance: seconds of heavy work a second on average, in bursts of so many seconds."""

    rate: float
    burst: float


class Allowance:
    """Seconds of heavy work per user and per server, refilled over time. A server's share should
    be several users' worth, so that one user cannot spend it alone."""

    def __init__(self, user: Share, server: Share, clock: Callable[[], float] = time.monotonic):
        self._users = Buckets(user.rate, user.burst, clock)
        self._servers = Buckets(server.rate, server.burst, clock)

    def check(self, payer: Payer) -> None:
        """Refuse (Spent, saying when to try again) if the user's or the server's allowance is spent."""
        if payer == TABLE:
            return
        wait = self._users.wait(payer.user_id)
        if wait:
            raise Spent(Msg("You have used your share of Waypost's boards, recaps and exports for now; try again in "
                            "{wait}.", wait=_seconds(wait)))
        wait = self._servers.wait(payer.guild_id) if payer.guild_id is not None else 0.0
        if wait:
            raise Spent(Msg("This server has used its share of Waypost's boards, recaps and exports for now; try "
                            "again in {wait}.", wait=_seconds(wait)))

    def charge(self, payer: Payer, seconds: float) -> None:
        if payer == TABLE:
            return
        self._users[payer.user_id].level -= seconds
        if payer.guild_id is not None:
            self._servers[payer.guild_id].level -= seconds


def _seconds(wait: float) -> str:
    seconds, minutes = max(1, math.ceil(wait)), math.ceil(wait / 60)
    return Plural("{n} second", "{n} seconds", seconds) if wait < 120 else Plural("{n} minute", "{n} minutes", minutes)


# --- lanes -------------------------------------------------------------------------------------------


@dataclass
class _Job:
    work: Callable[..., Any]
    args: tuple[Any, ...]
    payer: Payer
    paid: float  # what was charged for it when it was queued
    started: bool = False
    done: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


@dataclass
class _Queue:
    """A user's (or a server's) place in a lane: its jobs waiting, and whether it has been served
    since it began waiting (a newcomer has not: it goes before those who have)."""

    served: bool
    jobs: deque[_Job] = field(default_factory=deque)
    users: OrderedDict[int, _Queue] = field(default_factory=OrderedDict)  # a server's users


class Lane:
    """Jobs run at most `slots` at a time by `runner`, served fairly: server by server, within a
    server user by user, each user's jobs in order. A server or user with nothing waiting or
    running goes before those already served, who take turns (round-robin); so a newcomer's job
    waits only for the first of the jobs already running to finish, whatever else is queued.

    Each job is paid for by its payer's `allowance`: what such a job costs (the average of the
    recent ones of the same work; `guess` before any) when it is queued, so that a burst of requests
    is paid for before it runs, then the difference from what it really cost (CPU seconds) when it
    is done."""

    def __init__(self, slots: int, runner: Runner, allowance: Allowance, guess: float):
        self.slots, self._runner, self._allowance, self._guess = max(1, slots), runner, allowance, guess
        self._costs: dict[str, float] = {}  # the recent cost of each work, by name
        self._servers: OrderedDict[int | None, _Queue] = OrderedDict()
        self._running: Counter[int] = Counter()  # jobs running, by user
        self._running_in: Counter[int | None] = Counter()  # jobs running, by server
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self, payer: Payer, work: Callable[..., T], *args: Any, check: bool = False) -> T:
        """`work(*args)` run in this lane, in its turn; its result (or its exception). With `check`,
        refused (Spent) if the payer's allowance is spent (the first job of a request that may be
        refused for it)."""
        if check:
            self._allowance.check(payer)
        job = _Job(work, args, payer, self._costs.get(_name(work), self._guess))
        self._allowance.charge(payer, job.paid)
        server = self._servers.get(payer.guild_id)
        if server is None:
            server = self._servers[payer.guild_id] = _Queue(payer.guild_id in self._running_in)
        queue = server.users.get(payer.user_id)
        if queue is None:
            queue = server.users[payer.user_id] = _Queue(payer.user_id in self._running)
        queue.jobs.append(job)
        self._serve()
        try:
            result: T = await asyncio.shield(job.done)
        except asyncio.CancelledError:
            job.done.cancel()
            if not job.started:  # it never will be, nor cost anything; a running one's result is dropped
                self._allowance.charge(payer, -job.paid)
            raise
        return result

    def _serve(self) -> None:
        while self._running.total() < self.slots:
            job = self._next()
            if job is None:
                return
            self._count(job.payer, 1)
            job.started = True
            task = asyncio.ensure_future(self._start(job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _next(self) -> _Job | None:
        """The next job to start: newcomers first, then in turn. Whoever is served goes to the end
        of the line."""
        if not self._servers:
            return None
        guild = _in_turn(self._servers)[0]
        server = self._servers[guild]
        user = _in_turn(server.users)[0]
        queue = server.users[user]
        job = queue.jobs.popleft()
        queue.served = server.served = True
        if queue.jobs:
            server.users.move_to_end(user)
        else:
            del server.users[user]
        if server.users:
            self._servers.move_to_end(guild)
        else:
            del self._servers[guild]
        return self._next() if job.done.cancelled() else job

    def _count(self, payer: Payer, change: int) -> None:
        self._running[payer.user_id] += change
        self._running_in[payer.guild_id] += change
        self._running, self._running_in = +self._running, +self._running_in  # only those running

    async def _start(self, job: _Job) -> None:
        started = time.perf_counter()
        try:
            result, seconds = await self._runner(job.work, *job.args)
        except BaseException as error:  # the job's own failure goes to whoever waits for it, and is paid for
            self._allowance.charge(job.payer, time.perf_counter() - started - job.paid)
            if not job.done.done():
                job.done.set_exception(error)
        else:
            self._allowance.charge(job.payer, seconds - job.paid)
            name = _name(job.work)
            self._costs[name] = seconds if name not in self._costs else 0.8 * self._costs[name] + 0.2 * seconds
            if not job.done.done():
                job.done.set_result(result)
        finally:
            self._count(job.payer, -1)
            self._serve()


def _name(work: Callable[..., Any]) -> str:
    return getattr(work, "__qualname__", type(work).__name__)


def _in_turn(queues: OrderedDict[Any, _Queue]) -> list[Any]:
    """Keys in the order they are served: those not served yet first, each group in line order."""
    return sorted(queues, key=lambda key: queues[key].served)


def metered(work: Callable[..., T], *args: Any) -> tuple[T, float]:
    """`work(*args)` and the CPU seconds its thread spent on it (in a worker process: the process's)."""
    started = time.thread_time()
    result = work(*args)
    return result, time.thread_time() - started
