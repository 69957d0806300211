"""Memory: resident size with 10,000 stored games of the workload (`benchmarks.workload`) and 200
active; opening a stored game cold.

`run` measures in a fresh process (`child`, on the fresh database it names, with the workload it
names), which prints its figures as JSON lines: a process that ran other benchmarks first would
count their leftovers. It is started with `python -c`, as the bot is with `python bot.py`, whose
main module imports nothing: every drawing process imports its parent's main module
(multiprocessing does), and a module run with `-m` would bring this harness into each.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import descendants, fresh_database, real_bot, seats
from benchmarks.workload import use_workload, workload
from offline.players import ScriptedPlayer, open_game
from waypost import runtime
from waypost.records import LOG_COLUMNS, NEW_GAME_COLUMNS
from waypost.storage import Store

NAME = "memory"
ORDER = 2
STORING = True
STORED = 10_000
ACTIVE = 200
COLD = 200
FIRST_COPY = 10**17  # channel ids of the copies: FIRST_COPY + 1 … FIRST_COPY + STORED - 1


async def run(quick: bool) -> list[Figure]:
    """The same run with or without `quick` (it takes a few seconds)."""
    async with fresh_database() as db:
        launch = "import sys; from benchmarks.memory import child; child(*sys.argv[1:])"
        out = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", launch, db, workload().key],
                                      capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"the memory benchmark's process failed:\n{out.stderr[-3000:]}")
    return [Figure(**json.loads(line)) for line in out.stdout.splitlines()]


async def copy_game(store: Store, game_id: int, copies: int) -> None:
    """Store `copies` copies of a game (its row and log) in new channels, in one transaction; the
    copies get the next ids as new games do (SQL both SQLite and PostgreSQL run)."""
    columns = NEW_GAME_COLUMNS.replace("channel_id, ", "")
    numbers = f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies})"
    async with store._writing() as db:  # bulk SQL on the store's own connection
        await db.run(f"{numbers} INSERT INTO games (channel_id, {columns}) "
                         f"SELECT {FIRST_COPY} + i, {columns} FROM n, games WHERE id = {int(game_id)}")
        await db.run(f"INSERT INTO log (game_id, {LOG_COLUMNS}) "
                         f"SELECT g.id, {', '.join(f'log.{c}' for c in LOG_COLUMNS.split(', '))} FROM games g, log "
                         f"WHERE g.channel_id BETWEEN {FIRST_COPY + 1} AND {FIRST_COPY + copies} "
                         f"AND log.game_id = {int(game_id)}")


def resident_kb(pid: int | str = "self") -> int:
    """A process's resident size in KB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc")


async def measure(db: str) -> list[Figure]:
    """One game is opened and played through the bot, then copied into new channels until
    `STORED` are stored. `ACTIVE` of them are opened through the bot (`/game status`, and the
    workload's autocomplete: in Tiny Epic Vikings, where boat 1 could sail); one board is drawn.
    Then `COLD` others are opened by the table (not yet cached) and timed. The stand-in's own
    records of these few hundred interactions stay counted."""
    game = workload()
    board = game.board().info.name
    users = seats(0, 3)
    async with real_bot(db) as discord_:
        channel = await open_game(discord_, "#memory", game.key, users, board)
        player = ScriptedPlayer(discord_, channel, users, random.Random(5), optional=0.0)
        for _ in range(60):
            await player.step()
        table = discord_.bot.table
        await copy_game(table.store, (await table.store.open_game(channel)).id, STORED - 1)
        look = game.look(None)
        for i in range(1, ACTIVE + 1):
            await discord_.command(users[0], FIRST_COPY + i, "game status")
            await discord_.autocomplete(users[0], FIRST_COPY + i, look.command, look.options, look.focused)
        await discord_.command(users[0], FIRST_COPY + 1, "game board")
        times = []
        for i in range(ACTIVE + 1, ACTIVE + COLD + 1):
            started = time.perf_counter()
            await table.status(FIRST_COPY + i)
            times.append(time.perf_counter() - started)
        stored = len(await table.store.game_ids())
        bot, drawing = resident_kb(), sum(resident_kb(p) for p in descendants(os.getpid()))
    return [Figure(f"memory: games stored (active {ACTIVE})", stored, ""),
            Figure("memory: bot process, resident", bot / 1024, "MB"),
            Figure("memory: its drawing processes, resident", drawing / 1024, "MB"),
            Figure("memory: bot and drawing processes, resident", (bot + drawing) / 1024, "MB", 250),
            Figure("memory: opening a stored game cold, p50", ms(percentile(times, 50)), "ms"),
            Figure("memory: opening a stored game cold, p99", ms(percentile(times, 99)), "ms", 5)]


def child(db: str, game: str) -> None:
    """The measuring process: the figures of `measure` on `db` with workload `game`, as JSON lines."""
    use_workload(game)
    for figure in runtime.run(measure(db)):
        print(json.dumps(figure.__dict__))
