"""Mega Civilization through the real bot on the 18-player map: one board-changing command end to
end; and, through the table and its store alone, an 18-player game stored and opened cold.

    python -m benchmarks.megaciv_command [--quick]

18 players open a game on Oikumene; each sets their 22 tokens (in two areas around their start
area: about 400 on the board), treasury and Roadbuilding with /megaciv adjust; the host starts
the Movement phase; then the player on turn moves tokens with /megaciv move (each answered
privately with their board) and declares with /megaciv declare confirm:true (answered publicly
with the board), one command at a time. Timed is each command that came back with a board image,
from its payload entering the gateway parser to the stand-in holding the uploaded image (rules,
the store's commit, drawing in a worker process, upload).

Then the game is copied into new channels (as benchmarks.memory does) and a fresh process opens
the database with a `Table` of its own, as the bot does at start: timed are each copy opened cold
(`Table.status`: the row read, the state decoded, the position worked out), and moves on the
original game each stored (`Table.act`: rules, encoding, the store's commit; drawing is the front's)
and the game then reloaded cold (by a table that has not seen it).
A fresh process, because the bot here shares its process with the Discord stand-in and its records
of every interaction: CPython's full garbage collections there walk them all (~50-100 ms, in ~1 %
of the openings), which a bot serving Discord does not carry. As the bot does once connected
(`front.bot.settle_heap`), what start-up built is frozen out of the collector's reach first. The
figures say how many openings a full collection landed in.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import subprocess
import sys
import time

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import measuring, real_bot, seats
from benchmarks.memory import FIRST_COPY, copy_game
from front.bot import settle_heap
from games import default_games
from offline.players import open_game
from rules.megaciv import GAME, queries
from rules.megaciv.actions import Declare, Move, StartMovement
from waypost import runtime
from waypost.outcome import User
from waypost.storage import open_store
from waypost.table import Table

NAME = "megaciv-command"
STORING = True
COLD = 200
TOKENS_EACH = 22


async def _checked(discord_, user: str, channel: int, line: str) -> None:  # type: ignore[no-untyped-def]
    rec = await discord_.run(user, channel, line)
    if not rec.ok or rec.content.startswith("⛔"):
        raise RuntimeError(f"{user} {line}: {rec.content or rec.failures}")


async def setup(discord_, users: list[str]) -> int:  # type: ignore[no-untyped-def]
    """An 18-player game on Oikumene with ~400 tokens, its Movement phase started; the channel."""
    channel = await open_game(discord_, "#bench", GAME.key, users, "oikumene")
    table = discord_.bot.table
    host = users[0]
    state = (await table.view(channel, User(discord_.builder.directory.user_id(host), host))).state
    board = state.board
    for seat, user in enumerate(users):
        start = next(iter(state.players[seat].tokens))
        second = sorted(a for a in board.land_next[start] if board.areas[a].limit and a not in state.out_of_play)[0]
        for area, count in ((start, TOKENS_EACH // 2), (second, TOKENS_EACH - TOKENS_EACH // 2)):
            await _checked(discord_, user, channel, f"/megaciv adjust what:tokens area:{area} value:{count}")
        await _checked(discord_, user, channel, "/megaciv adjust what:treasury value:6")
        await _checked(discord_, user, channel, "/megaciv adjust what:advance advance:Roadbuilding value:1")
    await _checked(discord_, host, channel, "/megaciv start")
    return channel


async def play(discord_, channel: int, users: list[str], boards: int, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """The players on turn move and declare until `boards` commands came back with an image."""
    table = discord_.bot.table
    directory = discord_.builder.directory
    host = users[0]
    moves = 0
    while sum(s.kind == "board" for s in discord_.samples) < boards:
        status = await table.status(channel)
        if not status.waiting:
            await _checked(discord_, host, channel, "/megaciv start")
            continue
        uid = status.waiting[0].user_id
        user = next(u for u in users if directory.user_id(u) == uid)
        seen = await table.view(channel, User(uid, user))
        state, seat = seen.state, seen.seat
        free = queries.movable(state, seat)
        source = rng.choice(free)[0] if free else ""
        found = queries.destinations(state, seat, source) if free else []
        if moves >= 4 or not found:
            await _checked(discord_, user, channel, "/megaciv declare confirm:true")
            moves = 0
            continue
        d = rng.choice(found)
        line = f"/megaciv move from:{source} to:{d.area} count:{rng.randint(1, d.count)}"
        await _checked(discord_, user, channel, line + (f" via:{d.via}" if d.via else ""))
        moves += 1


async def measure(quick: bool) -> list[Figure]:
    users = seats(0, 18)
    async with real_bot() as discord_:
        channel = await setup(discord_, users)
        measuring()
        start = len(discord_.samples)
        await play(discord_, channel, users, (30 if quick else 300) + start, random.Random(3))
        times = [s.done for s in discord_.samples[start:] if s.kind == "board"][2:]  # after the first drawings
        table = discord_.bot.table
        row = await table.store.open_game(channel)
        copies = 20 if quick else COLD
        await copy_game(table.store, row.id, copies)
        argv = [sys.executable, "-m", "benchmarks.megaciv_command", "--cold", discord_.bot.config.db,
                str(channel), str(copies), str(20 if quick else 200)]
        out = await asyncio.to_thread(subprocess.run, argv, capture_output=True, text=True)
        if out.returncode:
            raise RuntimeError(f"the cold-opening process failed:\n{out.stderr[-3000:]}")
        tokens = sum(p.census for p in table.game(GAME.key).rules.decode_state(row.state).players)
    return [Figure(f"megaciv command: board-changing (oikumene, 18 players, {tokens} tokens), p50",
                   ms(percentile(times, 50)), "ms"),
            Figure("megaciv command: board-changing, p99", ms(percentile(times, 99)), "ms", 250),
            *(Figure(**json.loads(line)) for line in out.stdout.splitlines()),
            Figure("megaciv command: stored state", len(json.dumps(row.state)) / 1024, "KB")]


async def cold(db: str, channel: int, copies: int, moves: int) -> list[Figure]:
    """In a fresh process: each copy opened cold, then moves on the original stored, timed."""
    fulls: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            fulls.append(1)

    store = await open_store(db)
    table = Table(store, default_games())
    for entry in table.games.values():
        entry.boards  # noqa: B018 - as the bot does at start: boards read and validated once
    await settle_heap()  # as the bot does once connected: what start-up built is frozen
    opened, stored, trips, collected = [], [], [], 0
    opened_cpu, trips_cpu = [], []
    gc.callbacks.append(watch)
    try:
        for i in range(1, copies + 1):
            before = len(fulls)
            started, cpu = time.perf_counter(), time.process_time()
            await table.status(FIRST_COPY + i)
            opened.append(time.perf_counter() - started)
            opened_cpu.append(time.process_time() - cpu)
            collected += len(fulls) > before
        rng = random.Random(5)
        while len(stored) < moves:
            status = await table.status(channel)
            if not status.waiting:
                host = status.host_id
                await table.act(channel, User(host, "host"), GAME.key, StartMovement())
                continue
            uid = status.waiting[0].user_id
            seen = await table.view(channel, User(uid, "player"))
            free = queries.movable(seen.state, seen.seat)
            source = rng.choice(free)[0] if free else ""
            found = queries.destinations(seen.state, seen.seat, source) if free else []
            action = Move(source, (d := rng.choice(found)).area, 1, d.via) if found else Declare()
            started, cpu = time.perf_counter(), time.process_time()
            await table.act(channel, User(uid, "player"), GAME.key, action)
            saved = time.perf_counter()
            await Table(store, table.games).status(channel)  # a table that has not seen it: opened cold
            stored.append(saved - started)
            trips.append(time.perf_counter() - started)
            trips_cpu.append(time.process_time() - cpu)
    finally:
        gc.callbacks.remove(watch)
        await store.close()
    return [Figure("megaciv command: an 18-player game opened cold (table and store), p50",
                   ms(percentile(opened, 50)), "ms"),
            Figure("megaciv command: an 18-player game opened cold, p99", ms(percentile(opened, 99)), "ms", 10),
            Figure("megaciv command: … CPU time (the process's), p99", ms(percentile(opened_cpu, 99)), "ms"),
            Figure("megaciv command: a move stored and the game reloaded cold, p50", ms(percentile(trips, 50)), "ms"),
            Figure("megaciv command: a move stored and the game reloaded cold, p99", ms(percentile(trips, 99)), "ms",
                   10),
            Figure("megaciv command: … CPU time (the process's), p99", ms(percentile(trips_cpu, 99)), "ms"),
            Figure("megaciv command: … of which storing (rules, encoding, the commit), p50",
                   ms(percentile(stored, 50)), "ms"),
            Figure(f"megaciv command: openings a full garbage collection landed in (of {copies})", collected, "")]


def run(quick: bool):  # type: ignore[no-untyped-def]
    return measure(quick)


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if args and args[0] == "--cold":
        db, channel, copies, moves = args[1:5]
        for figure in runtime.run(cold(db, int(channel), int(copies), int(moves))):
            print(json.dumps(figure.__dict__))
        return 0
    figures = runtime.run(measure("--quick" in args))
    for figure in figures:
        print(figure.line())
    return 1 if any(f.passed is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
