"""What the benchmarks share: a fresh database of the chosen store, the real bot on it behind the
offline Discord stand-in, timed, and the event loop's longest stall meanwhile."""

from __future__ import annotations

import asyncio
import gc
import math
import os
import secrets
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from sqlite3 import sqlite_version
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from benchmarks.figures import Figure, ms
from front.bot import create_bot, settle_heap
from offline import OfflineDiscord, Record
from offline.remote import RemoteDiscord
from waypost.config import UNBUDGETED, Config
from waypost.stalls import StallWatch

STORES = ("sqlite", "postgres")
PG_ENV = "WAYPOST_BENCH_PG"
LOCAL = ("127.0.0.1", "localhost", "::1")
STALL = 0.05  # seconds: the longest event-loop stall allowed in any benchmark
watch = StallWatch()  # this process's event loop, while a benchmark runs in it (`watched`)


# --- the real bot behind the stand-in -------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """One interaction: its kind ("board": a board image came back; "reply"; "complete"), when it
    was sent (perf_counter), seconds to its acknowledgement (None: none within 3 s) and to the
    bot's last reply, whether the bot answered it with a crash reply, its token (naming its
    requests) and whether it changed the game (`changed`: a command or click answered in public;
    a refusal is private)."""

    kind: str
    sent: float
    ack: float | None
    done: float
    crashed: bool
    token: str = ""
    changed: bool = False


class Timed(OfflineDiscord):
    """A harness (in-process or `RemoteDiscord`) timing every interaction from its payload to the
    bot's last reply."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.samples: list[Sample] = []

    async def inject(self, payload: dict[str, Any]) -> Record:
        sent, wall = time.perf_counter(), time.time()
        rec = await super().inject(payload)
        done = time.perf_counter() - sent
        if rec.callback_type is None:
            ack = None
        elif rec.original is None:  # autocomplete choices: acknowledged by the answer itself
            ack = done
        else:
            ack = datetime.fromisoformat(rec.original.raw["timestamp"]).timestamp() - wall
        drawn = any(m.attachments for m in [*([rec.original] if rec.original else []), *rec.followups])
        kind = "complete" if payload["type"] == 4 else "board" if drawn else "reply"  # a slow one: in a followup
        crashed = any("crash reply" in f for f in rec.failures) and ack is not None  # not a late one's fallout
        answers = [*([rec.original] if rec.original else []), *rec.followups]
        changed = payload["type"] in (2, 3) and any(not m.ephemeral for m in answers)
        self.samples.append(Sample(kind, sent, ack, done, crashed, payload["token"], changed))
        return rec


class TimedDiscord(Timed):
    """The in-process harness, timed."""


class TimedRemote(Timed, RemoteDiscord):
    """The harness over bot processes of their own (`offline.remote`), timed."""


# --- a fresh database ------------------------------------------------------------------------------

_store = "sqlite"  # the store fresh databases are made in: `use_store`


def use_store(kind: str) -> None:
    """Make every fresh database from now on a SQLite file ("sqlite") or a PostgreSQL schema
    ("postgres": on the server `WAYPOST_BENCH_PG` names, which must be on this machine)."""
    global _store
    if kind == "postgres":
        pg_server()
    _store = kind


def on_postgres() -> bool:
    """Whether fresh databases are PostgreSQL schemas (`--store postgres`)."""
    return _store == "postgres"


def pg_server() -> str:
    """The PostgreSQL server's URL from `WAYPOST_BENCH_PG`; SystemExit saying why if unusable."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        raise SystemExit(f"--store postgres needs a PostgreSQL server: set {PG_ENV} to its URL "
                         "(postgresql://user:password@127.0.0.1:port/database), or run under tools/with-postgres "
                         f"with {PG_ENV}=$WAYPOST_TEST_PG")
    host = urlsplit(url).hostname
    if host not in LOCAL and not (host or "/").startswith("/"):
        raise SystemExit(f"{PG_ENV} must name a server on this machine (127.0.0.1), not {host!r}")
    return url


async def store_info() -> str:
    """The chosen store as the benchmarks' header shows it (the server's version and durability)."""
    if _store == "sqlite":
        return f"SQLite {sqlite_version}, a fresh file per benchmark"
    con = await asyncpg.connect(pg_server())
    try:
        version, fsync, commit = [await con.fetchval(f"SHOW {name}")
                                  for name in ("server_version", "fsync", "synchronous_commit")]
    finally:
        await con.close()
    where = urlsplit(pg_server())
    return (f"PostgreSQL {version.split()[0]} at {where.hostname}:{where.port or 5432} (fsync {fsync}, "
            f"synchronous_commit {commit}), a fresh schema per benchmark")


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """A fresh, empty database of the chosen store, as `Config.db` names it: a SQLite file in a
    temporary folder, or a schema of its own on the PostgreSQL server, dropped afterwards."""
    if _store == "sqlite":
        with tempfile.TemporaryDirectory(prefix="waypost-bench-") as folder:
            yield str(Path(folder) / "waypost.sqlite3")
        return
    url = pg_server()
    schema = f"bench_{secrets.token_hex(6)}"
    await _admin(url, f"CREATE SCHEMA {schema}")
    try:
        yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
    finally:
        await _admin(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


async def _admin(url: str, sql: str) -> None:
    con = await asyncpg.connect(url)
    try:
        await con.execute(sql)
    finally:
        await con.close()


@asynccontextmanager
async def real_bot(db: str | None = None) -> AsyncIterator[TimedDiscord]:
    """The production bot (`create_bot`) on a fresh database (or `db`), driven through the stand-in.
    Scripted players send far faster than people: no user's budget applies (over it, the bot would
    leave their interactions unanswered, and a benchmark waiting for boards would spin)."""
    async with fresh_database() if db is None else nullcontext(db) as where:
        config = Config(token="", db=where, dev_guild=None, log_level="WARNING", **UNBUDGETED)
        async with TimedDiscord(lambda: create_bot(config)) as harness:
            await settle_heap()  # as the bot does once connected
            yield harness


def descendants(pid: int) -> list[int]:
    """Every process started from `pid` (the drawing processes and their fork server)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def cpu_elsewhere() -> tuple[float, float]:
    """CPU seconds used so far by the whole machine, and by this process and its descendants."""
    ticks = os.sysconf("SC_CLK_TCK")
    machine = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    busy = sum(machine) - machine[3] - machine[4]  # all but idle and iowait
    return busy / ticks, sum(cpu_used([os.getpid(), *descendants(os.getpid())]).values())


def cpu_used(pids: list[int]) -> dict[int, float]:
    """CPU seconds each process has used so far; none for processes this one cannot see (a server
    on another machine, a process that has ended)."""
    found = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return found


def seats(channel: int, count: int) -> list[str]:
    """Console names of the players at channel number `channel`."""
    return [f"@c{channel}p{i + 1}" for i in range(count)]


async def watched(name: str, work: Awaitable[list[Figure]]) -> list[Figure]:
    """A benchmark's figures and the longest stall of this process's event loop from when it
    called `measuring()` (else from its start) to its end: with the bot in this process, the
    bot's stalls (and the offline rig's, its records kept out of full collections: `freezing`).
    The target is on the part the loop's thread was busy (`waypost.stalls`); the whole stall,
    waiting for a core included, is shown beside it."""
    watch.reset()
    watching = [asyncio.create_task(watch.run()), asyncio.create_task(freezing())]
    try:
        found = await work
    finally:
        for task in watching:
            task.cancel()
    return [*found, Figure(f"{name}: longest event-loop stall, the loop busy", ms(watch.busy), "ms", ms(STALL)),
            Figure(f"{name}: … with waiting for a core", ms(watch.longest), "ms")]


async def freezing(until: float = math.inf) -> None:
    """Keep what the stand-in has recorded so far out of full garbage collections of this process
    (frozen every second until `until`): it keeps every message and upload for inspection, and
    rescanning them is not the bot's cost."""
    while time.perf_counter() < until:
        gc.freeze()
        await asyncio.sleep(1)


def measuring() -> None:
    """The measured part of a benchmark starts now: stalls before it (setting up) are not counted."""
    watch.reset()
