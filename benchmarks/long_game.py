"""A long game of the workload (`benchmarks.workload`): 100,000 log entries. A log page and an undo
must not cost more with the log's length, and exporting it must not freeze the event loop.

The game is opened and played through the table; the long history is then written straight into
the log (the same rows the table writes for adjustments, numbered after the real ones) so that it
takes seconds rather than the hours 100,000 commands would. The last action is a real one, so undo
has its snapshot. Timed: `Table.log` for a page deep in the history, `Table.undo` of the last
action (then played again), and the longest the event loop is kept from running (a 5 ms ticker's
lateness) while `Table.export` builds the whole file.
"""

from __future__ import annotations

import asyncio
import time

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import fresh_database, measuring
from benchmarks.workload import Workload, workload
from rules import serial
from rules.base import Actor
from waypost.outcome import User
from waypost.records import LogEntry, log_row
from waypost.sql_store import INSERT_LOG
from waypost.stalls import StallWatch
from waypost.storage import open_store
from waypost.table import Table

NAME = "long"
ORDER = 3
STORING = True
ENTRIES = 100_000
CH = 1
PLAYERS = [User(i, f"player{i}") for i in (1, 2, 3)]


async def _long_game(table: Table, game: Workload, count: int) -> None:
    await table.new(CH, 1, PLAYERS[0], game.key, game.board().info.name)
    for user in PLAYERS[1:]:
        await table.join(CH, user)
    await table.start(CH, PLAYERS[0])
    for player, action in game.long.opening:
        await table.act(CH, PLAYERS[player], game.key, action)
    row = await table.store.open_game(CH)
    assert row is not None
    first = await table.store.log_length(row.id) + 1
    filler, summary = game.long.filler
    body = {"action": game.entry.rules.encode_action(filler), "actor": serial.dump(Actor(0, host=True))}
    rows = [log_row(row.id, LogEntry(f"2026-01-01T00:00:{seq % 60:02d}", PLAYERS[0].id, "action", body,
                                      summary, seat=0, undoable=True, seq=seq))
            for seq in range(first, first + count)]
    async with table.store._writing() as db:  # bulk SQL on the store's own connection
        await db.many(INSERT_LOG, rows)
    await _last(table, game)  # a real last action, with its snapshot


async def _last(table: Table, game: Workload) -> None:
    player, action = game.long.last
    await table.act(CH, PLAYERS[player], game.key, action)


async def _stall_during(work: asyncio.Future[object]) -> StallWatch:
    """The loop's longest stall while `work` ran."""
    watch = StallWatch()
    watching = asyncio.create_task(watch.run())
    try:
        await work
    finally:
        watching.cancel()
    return watch


async def run(quick: bool) -> list[Figure]:
    count = 10_000 if quick else ENTRIES
    async with fresh_database() as db:
        store = await open_store(db)
        try:
            game = workload()
            table = Table(store, {game.key: game.entry})
            await _long_game(table, game, count)
            measuring()
            pages, undos = [], []
            deep = (await table.log(CH, PLAYERS[0], 1)).pages // 2
            for _ in range(30 if quick else 200):
                started = time.perf_counter()
                await table.log(CH, PLAYERS[0], deep)
                pages.append(time.perf_counter() - started)
            for _ in range(10 if quick else 50):
                started = time.perf_counter()
                await table.undo(CH, PLAYERS[game.long.last[0]])
                undos.append(time.perf_counter() - started)
                await _last(table, game)
            stall = await _stall_during(asyncio.ensure_future(table.export(CH, PLAYERS[0])))
        finally:
            await store.close()
    where = f"{count:,}-entry game"
    return [Figure(f"long: log page of a {where}, p99", ms(percentile(pages, 99)), "ms", 100),
            Figure(f"long: undo in a {where}, p99", ms(percentile(undos, 99)), "ms", 100),
            Figure("long: event-loop stall during its export, the loop busy", ms(stall.busy), "ms", 50),
            Figure("long: … with waiting for a core", ms(stall.longest), "ms")]
