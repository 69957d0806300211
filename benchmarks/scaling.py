"""Scaling: real bot processes over 4 shards behind the stand-in's gateway, with 1 and with 2 processes.

Each run has a fresh PostgreSQL schema (on WAYPOST_BENCH_PG), a stand-in with 8 servers over the 4
shards, and games of the workload (`benchmarks.workload`: Tiny Epic Vikings, 3 players) in 4
channels of each, opened through the bot. Then, for 60 s (quick: 10 s), closed-loop users send as
fast as they are answered, more than the bot can serve: in each channel one of its players makes
the workload's next board-changing move (in Vikings: their boat 2 to another fjord, `/vikings
adjust`, answered with the board drawn), and for every board answered, onlookers ask `LOOKS` times
for `/game status` (as one of many viewers) or the workload's autocomplete (in Vikings: where boat 2
could sail, as one of its players) in a random channel: the same mix in both runs. The same users
with `bot.py --shards 4` and with `--shards 4 --processes 2` (the launcher). Besides what was
served, it reports the CPU of the stand-in (this process: the gateway, the REST API and the users),
of the bot processes (the launcher's included) and of their drawing processes, of the PostgreSQL
backends serving the bots when the server is on this machine, and of everything else meanwhile;
and each bot process's longest event-loop stall.

On one machine of 2 cores the processes, the stand-in and PostgreSQL share the cores, so what two
processes serve is the machine's limit, not theirs. Where the machine is not the limit, each
process has cores of its own: from the CPU each run spent per board (the bot's event loops, with
the light commands around each board, and its drawing) comes what each process could serve on 2
cores of its own (`benchmarks.processes.capacity`), times the processes; two processes must
reach 1.8 times one.
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

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import STALL, freezing, fresh_database, on_postgres
from benchmarks.processes import GUARD, Cpu, Meter, Stall, capacity, longest_stall
from benchmarks.workload import Script, workload
from offline.fleet import GUILDS, REFUSAL, SHARDS, Fleet
from offline.standin import InteractionLog

NAME = "scaling"
ORDER = 20  # last
STORING = True
OWN_PROCESS = True  # the bot in processes of its own
CHANNELS_PER_GUILD = 4
PLAYERS = 3
ONLOOKERS = 64  # concurrent users asking for status and autocomplete
LOOKS = 5  # light commands let go for every board answered (docs/scaling.md's peak: 280 for 56 boards)
VIEWERS = 1000  # users asking for status: many, so that none goes over the bot's budget of 10 a second
TIMEOUT = 10.0  # seconds: an interaction not answered by then counts as unanswered
RUNS = {1: ("--shards", str(SHARDS)), 2: ("--shards", str(SHARDS), "--processes", "2")}
SCALING = 1.8  # two processes, each with cores of its own, serve at least this many times one


@dataclass
class Table:
    """A channel with a game: its server, name, players, and what they send (`Script`)."""

    guild: int
    name: str
    players: list[str]
    script: Script


@dataclass
class Tally:
    """What one run served: (kind, seconds to the final answer) per answer, unanswered, refused;
    `looks` are let go by the boards answered."""

    done: list[tuple[str, float]] = field(default_factory=list)
    unanswered: int = 0
    refused: int = 0
    looks: asyncio.Queue[None] = field(default_factory=asyncio.Queue)


@dataclass(frozen=True)
class Run:
    """One run's results: what was served, the CPU of every process, the longest stall of any
    bot process's event loop."""

    processes: int
    tally: Tally
    cpu: Cpu
    stall: Stall

    def rate(self, kind: str) -> float:
        return sum(k == kind for k, _ in self.tally.done) / self.cpu.seconds

    def per_board(self, spent: float) -> float:
        """CPU seconds per board answered."""
        return spent / max(sum(k == "board" for k, _ in self.tally.done), 1)

    @property
    def own_cores(self) -> float:
        """Boards a second these processes could serve with 2 cores each of their own."""
        return self.processes * capacity(self.per_board(self.cpu.bot), self.per_board(self.cpu.drawing))


async def run(quick: bool) -> list[Figure]:
    """Both runs (1, then 2 processes); nothing, with a note, unless on PostgreSQL."""
    if not on_postgres():
        print("  scaling: several processes need PostgreSQL (make bench-pg)", flush=True)
        return []
    seconds = 10 if quick else 60
    runs = {n: await _measure(n, args, seconds) for n, args in RUNS.items()}
    return _figures(runs)


async def _measure(processes: int, args: Iterable[str], seconds: float) -> Run:
    """Open the games, then offer the load for `seconds` to `bot.py ARGS`, and measure."""
    game = workload()
    board = game.board().info.name
    with tempfile.TemporaryDirectory(prefix="waypost-scaling-") as folder:
        async with fresh_database() as url:
            name = f"waypost-scaling-{secrets.token_hex(4)}"  # marks the bots' connections, to find their backends
            db = f"{url}{'&' if '?' in url else '?'}application_name={name}"
            async with Fleet(Path(folder), db, pythonpath=[GUARD]) as fleet:
                bot = await fleet.start("bot", *args)
                await fleet.gateway.ready(range(SHARDS), timeout=60)
                tally, rng = Tally(), random.Random(1)
                seated = [(g, f"#table-{i}-{c}", [f"@t{i}c{c}p{p + 1}" for p in range(PLAYERS)])
                          for i, g in enumerate(GUILDS) for c in range(CHANNELS_PER_GUILD)]
                tables = [Table(g, channel, players, game.script(players, rng)) for g, channel, players in seated]
                await asyncio.gather(*(_open(fleet, t, f"/game new game:{game.key} board:{board}") for t in tables))
                meter = Meter(bot.pid, url, name)
                await longest_stall(fleet, "bot", processes)  # the count starts now
                await meter.start()
                users = [asyncio.create_task(freezing(time.perf_counter() + seconds)),
                         *(asyncio.create_task(_move(fleet, t, tally)) for t in tables),
                         *(asyncio.create_task(_look(fleet, tables, rng, tally)) for _ in range(ONLOOKERS))]
                done, pending = await asyncio.wait(users, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
                cpu = await meter.stop()
                for task in pending:  # the users never stop by themselves; what was in flight is not counted
                    task.cancel()
                if pending and (await asyncio.wait(pending, timeout=TIMEOUT))[1]:
                    raise RuntimeError("users of the benchmark did not stop when cancelled")
                for task in done:
                    task.result()  # a user's error ends the benchmark
                stall = await longest_stall(fleet, "bot", processes)
                if bot.returncode is not None or "ended (exit status" in fleet.output("bot"):  # the launcher's word
                    raise RuntimeError(f"a bot process ended during the run: {fleet.output('bot')[-2000:]}")
                troubles = [line for line in fleet.output("bot").splitlines()
                            if (" WARNING " in line or " ERROR " in line) and "is not installed" not in line]
                if troubles:  # e.g. a gateway connection lost on a starved machine: its commands go unanswered
                    print(f"  scaling: the bot logged {len(troubles)} warnings and errors, the first: {troubles[0]}")
                leaks = fleet.left_this_machine()
                if leaks:
                    raise RuntimeError(f"a bot process tried to leave this machine: {leaks[:3]}")
    return Run(processes, tally, cpu, stall)


async def _open(fleet: Fleet, table: Table, new: str) -> None:
    """Open a game at `table` (the host sends `new`), the others join, and set it up (`Script.opening`)."""
    host, *others = table.players
    lines = [(host, new), *((u, "/game join") for u in others), (host, "/game start"), *table.script.opening]
    for user, line in lines:
        log, _ = await fleet.run(user, table.guild, table.name, line, timeout=60)
        if not fleet.answer(log):
            raise RuntimeError(f"{table.name}: {line} was refused: {fleet.standin.messages.get(log.original_id or 0)}")


async def _ask(fleet: Fleet, user: str, table: Table, line: str, kind: str, tally: Tally) -> None:
    """Run one line and tally its answer: drawn (a board came back), light, refused or unanswered."""
    sent = time.perf_counter()
    try:
        log, _ = await fleet.run(user, table.guild, table.name, line, timeout=TIMEOUT)
    except TimeoutError:
        tally.unanswered += 1
        return
    first = fleet.standin.messages.get(log.original_id or 0)
    if first is not None and first["content"].startswith(REFUSAL):
        tally.refused += 1
        return
    if log.callback_type is None or (kind == "board" and not _drawn(fleet, log)):
        tally.unanswered += 1  # not acknowledged in time, or answered without the board
        return
    tally.done.append((kind, time.perf_counter() - sent))
    if kind == "board":
        for _ in range(LOOKS):
            tally.looks.put_nowait(None)


def _drawn(fleet: Fleet, log: InteractionLog) -> bool:
    """Whether the answer or one of its followups came with the board."""
    found = (fleet.standin.messages.get(i) for i in (log.original_id or 0, *log.followup_ids))
    return any(m is not None and m["attachments"] for m in found)


async def _move(fleet: Fleet, table: Table, tally: Tally) -> None:
    """The table's players making their moves (`Script.moves`), one after another."""
    for user, line in table.script.moves:
        await _ask(fleet, user, table, line, "board", tally)


async def _look(fleet: Fleet, tables: list[Table], rng: random.Random, tally: Tally) -> None:
    """An onlooker, one request after another (each let go by a board answered) in a random
    channel: `/game status` as one of many viewers, or the workload's autocomplete as one of its
    players."""
    while True:
        await tally.looks.get()
        table = rng.choice(tables)
        if rng.random() < 0.5:
            await _ask(fleet, f"@viewer{rng.randrange(VIEWERS)}", table, "/game status", "light", tally)
        else:
            await _ask(fleet, rng.choice(table.players), table, table.script.look.line, "light", tally)


def _figures(runs: dict[int, Run]) -> list[Figure]:
    """Each figure for 1 process, then for 2, side by side; then how two scale over one."""
    figures = []

    def each(name: str, unit: str, value: Callable[[Run], float | None], target: float | None = None) -> None:
        for n, r in runs.items():
            found = value(r)
            if found is not None:
                figures.append(Figure(f"scaling, {n} process{'es' if n > 1 else ''}: {name}", found, unit, target))

    each("board-changing commands", "/s", lambda r: r.rate("board"))
    each("light commands", "/s", lambda r: r.rate("light"))
    each("board-changing, p99", "s", lambda r: _p99(r.tally, "board"))
    each("light, p99", "s", lambda r: _p99(r.tally, "light"))
    each(f"unanswered in {TIMEOUT:g} s", "", lambda r: r.tally.unanswered)
    each("refused", "", lambda r: r.tally.refused)
    each("longest event-loop stall of a bot process, busy", "ms", lambda r: ms(r.stall.busy), ms(STALL))
    each("… with waiting for a core", "ms", lambda r: ms(r.stall.wall))
    each("stand-in's CPU", "%core", lambda r: 100 * r.cpu.rig / r.cpu.seconds)
    each("bot processes' CPU", "cores", lambda r: r.cpu.cores(r.cpu.bot))
    each("their drawing processes' CPU", "cores", lambda r: r.cpu.cores(r.cpu.drawing))
    each("PostgreSQL's CPU (backends)", "cores", lambda r: r.cpu.cores(r.cpu.postgres))
    each("other processes' CPU", "cores", lambda r: r.cpu.cores(r.cpu.elsewhere))
    each(f"bot CPU per board (with {LOOKS} light commands)", "ms", lambda r: ms(r.per_board(r.cpu.bot)))
    each("drawing CPU per board", "ms", lambda r: ms(r.per_board(r.cpu.drawing)))
    each("boards a second with 2 cores of its own each", "/s", lambda r: r.own_cores)
    if len(runs) == 2:
        figures.append(Figure("scaling: 2 processes over 1, each with cores of its own",
                              runs[2].own_cores / runs[1].own_cores, "×", SCALING, at_least=True))
    return figures


def _p99(tally: Tally, kind: str) -> float:
    times = [t for k, t in tally.done if k == kind]
    return percentile(times, 99) if times else float("nan")
