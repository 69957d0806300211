"""Scaling: real bot processes over 4 shards behind the stand-in's gateway, with 1 and with 2 processes.

Each run has a fresh PostgreSQL schema (on WAYPOST_BENCH_PG), a stand-in with 8 servers over the 4
shards, and Tiny Epic Vikings games (3 players) in 4 channels of each, opened through the bot. Then,
for 60 s (quick: 10 s), closed-loop users send as fast as they are answered, more than the bot can
serve: in each channel one of its players moves their boat 2 to another fjord (`/vikings adjust`,
answered with the board drawn), and onlookers ask `/game status` (as one of many viewers) or the
`/vikings sail route:` autocomplete (as one of its players) in a random channel. The same users
with `bot.py --shards 4` and with `--shards 4 --processes 2` (the launcher). Besides what was
served, it reports the CPU of the stand-in (this process: the gateway, the REST API and the users),
of the bot processes (the launcher's included) and of their drawing processes, of the PostgreSQL
backends serving the bots when the server is on this machine, and of everything else meanwhile.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from benchmarks.figures import Figure, percentile
from benchmarks.fixtures import (
    cpu_elsewhere,
    cpu_used,
    descendants,
    fresh_database,
    largest_board,
    on_postgres,
    vikings,
)
from benchmarks.load import freezing
from offline.fleet import GUILDS, REFUSAL, ROOT, SHARDS, Fleet
from offline.standin import InteractionLog

GUARD = ROOT / "tests" / "processes" / "guard"  # its sitecustomize.py keeps every bot process on 127.0.0.1
CHANNELS_PER_GUILD = 4
PLAYERS = 3
ONLOOKERS = 64  # concurrent users asking for status and autocomplete
VIEWERS = 1000  # users asking for status: many, so that none goes over the bot's budget of 10 a second
TIMEOUT = 10.0  # seconds: an interaction not answered by then counts as unanswered
RUNS = {1: ("--shards", str(SHARDS)), 2: ("--shards", str(SHARDS), "--processes", "2")}


@dataclass
class Table:
    """A channel with a game: its server, name, players, and where each player's boat 2 is."""

    guild: int
    name: str
    players: list[str]
    boats: dict[str, str] = field(default_factory=dict)


@dataclass
class Tally:
    """What one run served: (kind, seconds to the final answer) per answer, unanswered, refused."""

    done: list[tuple[str, float]] = field(default_factory=list)
    unanswered: int = 0
    refused: int = 0


@dataclass(frozen=True)
class Run:
    """One run's results over `seconds`; CPU in seconds (PostgreSQL: None if not on this machine)."""

    tally: Tally
    seconds: float
    standin: float
    loops: float  # the bot processes (their event loops)
    drawing: float  # their drawing processes
    postgres: float | None
    elsewhere: float


async def run(quick: bool) -> list[Figure]:
    """Both runs (1, then 2 processes); nothing, with a note, unless on PostgreSQL."""
    if not on_postgres():
        print("  scaling: several processes need PostgreSQL (make bench-pg)", flush=True)
        return []
    seconds = 10 if quick else 60
    runs = {n: await _measure(args, seconds) for n, args in RUNS.items()}
    return _figures(runs)


async def _measure(args: Iterable[str], seconds: float) -> Run:
    """Open the games, then offer the load for `seconds` to `bot.py ARGS`, and measure."""
    board = largest_board(vikings())
    with tempfile.TemporaryDirectory(prefix="waypost-scaling-") as folder:
        async with fresh_database() as url:
            name = f"waypost-scaling-{secrets.token_hex(4)}"  # marks the bots' connections, to find their backends
            db = f"{url}{'&' if '?' in url else '?'}application_name={name}"
            async with Fleet(Path(folder), db, pythonpath=[GUARD]) as fleet:
                bot = await fleet.start("bot", *args)
                await fleet.gateway.ready(range(SHARDS), timeout=60)
                tables = [Table(g, f"#table-{i}-{c}", [f"@t{i}c{c}p{p + 1}" for p in range(PLAYERS)])
                          for i, g in enumerate(GUILDS) for c in range(CHANNELS_PER_GUILD)]
                docks, fjords = [d.name for d in board.model.docks], [f.name for f in board.model.fjords]
                await asyncio.gather(*(_open(fleet, t, board.info.name, docks, fjords) for t in tables))
                tally, rng = Tally(), random.Random(1)
                backends, bots = cpu_used(await _backends(url, name)), cpu_used([bot.pid, *descendants(bot.pid)])
                machine, ours = cpu_elsewhere()
                mine, began = time.process_time(), time.perf_counter()
                users = [asyncio.create_task(freezing(began + seconds)),
                         *(asyncio.create_task(_move_boats(fleet, t, fjords, rng, tally)) for t in tables),
                         *(asyncio.create_task(_look(fleet, tables, rng, tally)) for _ in range(ONLOOKERS))]
                done, pending = await asyncio.wait(users, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
                elapsed = time.perf_counter() - began
                standin = time.process_time() - mine
                machine2, ours2 = cpu_elsewhere()
                loops, drawing = _spent(bots, cpu_used([bot.pid, *descendants(bot.pid)]), "bot.py")
                postgres = _spent(backends, cpu_used(await _backends(url, name)))[0] if backends else None
                for task in pending:  # the users never stop by themselves; what was in flight is not counted
                    task.cancel()
                await asyncio.gather(*pending, return_exceptions=True)
                for task in done:
                    task.result()  # a user's error ends the benchmark
                if bot.returncode is not None or "ended (exit status" in fleet.output("bot"):  # the launcher's word
                    raise RuntimeError(f"a bot process ended during the run: {fleet.output('bot')[-2000:]}")
                troubles = [line for line in fleet.output("bot").splitlines()
                            if (" WARNING " in line or " ERROR " in line) and "is not installed" not in line]
                if troubles:  # e.g. a gateway connection lost on a starved machine: its commands go unanswered
                    print(f"  scaling: the bot logged {len(troubles)} warnings and errors, the first: {troubles[0]}")
                leaks = fleet.left_this_machine()
                if leaks:
                    raise RuntimeError(f"a bot process tried to leave this machine: {leaks[:3]}")
    return Run(tally, elapsed, standin, loops, drawing, postgres,
               machine2 - machine - (ours2 - ours) - (postgres or 0.0))


async def _open(fleet: Fleet, table: Table, board: str, docks: list[str], fjords: list[str]) -> None:
    """Open a game on `board` at `table`, put each player's first boat on a dock and boat 2 on a fjord."""
    host, *others = table.players
    lines = [(host, f"/game new game:vikings board:{board}"), *((u, "/game join") for u in others),
             (host, "/game start"),
             *((table.players[p], f"/vikings place dock:{docks[2 * p]}") for p in reversed(range(PLAYERS)))]
    for p, user in enumerate(table.players):
        table.boats[user] = fjords[p]
        lines.append((user, f"/vikings adjust what:boat boat:2 space:{fjords[p]}"))
    for user, line in lines:
        log, _ = await fleet.run(user, table.guild, table.name, line, timeout=60)
        if not fleet.answer(log):
            raise RuntimeError(f"{table.name}: {line} was refused: {fleet.standin.messages.get(log.original_id or 0)}")


async def _ask(fleet: Fleet, user: str, table: Table, line: str, kind: str, tally: Tally) -> None:
    """Run one line and tally its answer: drawn (a board came back), light, refused or unanswered."""
    sent = time.perf_counter()
    try:
        async with asyncio.timeout(TIMEOUT):
            log, _ = await fleet.run(user, table.guild, table.name, line, timeout=TIMEOUT)
            first = fleet.standin.messages.get(log.original_id or 0)
            if first is not None and first["content"].startswith(REFUSAL):
                tally.refused += 1
                return
            while kind == "board" and not _drawn(fleet, log):  # a private "thinking" is answered beside it
                log.changed.clear()
                await log.changed.wait()
    except TimeoutError:
        tally.unanswered += 1
        return
    tally.done.append((kind, time.perf_counter() - sent))


def _drawn(fleet: Fleet, log: InteractionLog) -> bool:
    """Whether the answer or one of its followups came with the board."""
    found = (fleet.standin.messages.get(i) for i in (log.original_id or 0, *log.followup_ids))
    return any(m is not None and m["attachments"] for m in found)


async def _move_boats(fleet: Fleet, table: Table, fjords: list[str], rng: random.Random, tally: Tally) -> None:
    """The table's players in turn, each moving their boat 2 to another fjord, one after another."""
    while True:
        for user in table.players:
            table.boats[user] = rng.choice([f for f in fjords if f != table.boats[user]])
            line = f"/vikings adjust what:boat boat:2 space:{table.boats[user]}"
            await _ask(fleet, user, table, line, "board", tally)


async def _look(fleet: Fleet, tables: list[Table], rng: random.Random, tally: Tally) -> None:
    """An onlooker, one request after another in a random channel: `/game status` as one of many
    viewers, or a sail route's autocomplete as one of its players."""
    while True:
        table = rng.choice(tables)
        if rng.random() < 0.5:
            await _ask(fleet, f"@viewer{rng.randrange(VIEWERS)}", table, "/game status", "light", tally)
        else:
            line = "!complete /vikings sail boat:2 strength:3 route:"
            await _ask(fleet, rng.choice(table.players), table, line, "light", tally)


async def _backends(url: str, name: str) -> list[int]:
    """The PostgreSQL backends serving connections named `name` (their application_name)."""
    connection = await asyncpg.connect(url)
    try:
        return [r["pid"] for r in await connection.fetch("SELECT pid FROM pg_stat_activity WHERE application_name = $1",
                                                         name)]
    finally:
        await connection.close()


def _spent(before: dict[int, float], after: dict[int, float], marked: str = "") -> tuple[float, float]:
    """CPU seconds spent between two `_cpu` readings: by the processes whose command line has
    `marked`, and by the others (a process new since `before`: all it used)."""
    spent = [0.0, 0.0]
    for pid, seconds in after.items():
        try:
            other = marked not in Path(f"/proc/{pid}/cmdline").read_text()
        except OSError:
            continue
        spent[other] += seconds - before.get(pid, 0.0)
    return spent[0], spent[1]


def _figures(runs: dict[int, Run]) -> list[Figure]:
    """Each figure for 1 process, then for 2, side by side."""
    figures = []

    def each(name: str, unit: str, value: Callable[[Run], float | None]) -> None:
        for n, r in runs.items():
            found = value(r)
            if found is not None:
                figures.append(Figure(f"scaling, {n} process{'es' if n > 1 else ''}: {name}", found, unit))

    each("board-changing commands", "/s", lambda r: sum(k == "board" for k, _ in r.tally.done) / r.seconds)
    each("light commands", "/s", lambda r: sum(k == "light" for k, _ in r.tally.done) / r.seconds)
    each("board-changing, p99", "s", lambda r: _p99(r.tally, "board"))
    each("light, p99", "s", lambda r: _p99(r.tally, "light"))
    each(f"unanswered in {TIMEOUT:g} s", "", lambda r: r.tally.unanswered)
    each("refused", "", lambda r: r.tally.refused)
    each("stand-in's CPU", "%core", lambda r: 100 * r.standin / r.seconds)
    each("bot processes' CPU", "cores", lambda r: r.loops / r.seconds)
    each("their drawing processes' CPU", "cores", lambda r: r.drawing / r.seconds)
    each("PostgreSQL's CPU (backends)", "cores",
         lambda r: None if r.postgres is None else r.postgres / r.seconds)
    each("other processes' CPU", "cores", lambda r: max(r.elsewhere / r.seconds, 0.0))
    return figures


def _p99(tally: Tally, kind: str) -> float:
    times = [t for k, t in tally.done if k == kind]
    return percentile(times, 99) if times else float("nan")
