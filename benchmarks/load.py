"""Load: 100 channels with games in progress; scripted players and onlookers acting concurrently.

For the whole run, every channel's scripted players step at a steady pace (about a third of the
steps come back with a board; the rest are refusals, and every step asks autocomplete first) while
onlookers send `/game status` and `/vikings sail route:` autocompletes across the channels. Paces are time
slots that are not made up when the bot falls behind, so the rates reported are what it served.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Awaitable, Callable

from benchmarks.figures import Figure, percentile
from benchmarks.fixtures import GAME, Sample, cpu_elsewhere, largest_board, real_bot, seats, vikings
from offline.players import ScriptedPlayer, open_game

CHANNELS = 100
PLAYERS = 3
STEPS = 180  # player steps offered per second, all channels together
LOOKS = 360  # status requests and autocompletes offered per second by onlookers
ONLOOKERS = 50
MOVES = ("vikings place", "vikings sail")  # tried first, as players do: ending a turn draws no new board


async def _paced(rate: float, until: float, act: Callable[[], Awaitable[object]]) -> None:
    """Call `act()` `rate` times a second until `until` (perf_counter); late slots are not made up."""
    period = 1 / rate
    due = time.perf_counter() + random.random() * period
    while due < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await act()
        due = max(due + period, time.perf_counter())


async def freezing(until: float) -> None:
    """Keep what the stand-in has recorded so far out of full garbage collections: it keeps every
    message and upload for inspection, which a bot does not, and rescanning it is not the bot's cost."""
    while time.perf_counter() < until:
        gc.freeze()
        await asyncio.sleep(1)


async def run(quick: bool) -> list[Figure]:
    """Games are opened through the bot first (not timed); the run lasts 60 s (quick: 10 s)."""
    seconds = 10 if quick else 60
    board = largest_board(vikings()).info.name
    rng = random.Random(1)
    async with real_bot() as discord_:
        gate = asyncio.Semaphore(8)

        async def opened(i: int) -> tuple[int, list[str]]:
            async with gate:
                return await open_game(discord_, f"#load{i}", GAME, seats(i, PLAYERS), board), seats(i, PLAYERS)

        channels = await asyncio.gather(*(opened(i) for i in range(CHANNELS)))

        async def look() -> None:
            channel, users = rng.choice(channels)
            if rng.random() < 0.5:
                await discord_.command(rng.choice(users), channel, "game status")
            else:
                options = {"boat": 1, "strength": rng.randint(1, 3), "route": ""}
                await discord_.autocomplete(rng.choice(users), channel, "vikings sail", options, "route")

        players = [ScriptedPlayer(discord_, c, users, random.Random(i), optional=0.0, first=MOVES)
                   for i, (c, users) in enumerate(channels)]
        first, machine, ours = len(discord_.samples), *cpu_elsewhere()
        began = time.perf_counter()
        until = began + seconds
        await asyncio.gather(freezing(until), *(_paced(STEPS / CHANNELS, until, p.step) for p in players),
                             *(_paced(LOOKS / ONLOOKERS, until, look) for _ in range(ONLOOKERS)))
        elapsed = time.perf_counter() - began
        machine2, ours2 = cpu_elsewhere()
        samples = discord_.samples[first:]
    return _figures(samples, elapsed, (machine2 - machine - (ours2 - ours)) / elapsed)


def _figures(samples: list[Sample], elapsed: float, elsewhere: float) -> list[Figure]:
    boards = [s for s in samples if s.kind == "board"]
    return [
        Figure("load: board-changing commands", len(boards) / elapsed, "/s", 50, at_least=True),
        Figure("load: commands drawing nothing", (len(samples) - len(boards)) / elapsed,
               "/s", 500, at_least=True),
        Figure("load: … of which autocompletes", sum(s.kind == "complete" for s in samples) / elapsed, "/s"),
        Figure("load: to the final reply, p99", percentile([s.done for s in samples], 99), "s", 2),
        Figure("load: board-changing, to the final reply, p99", percentile([s.done for s in boards], 99), "s"),
        Figure("load: unacknowledged after 3 s", sum(s.ack is None or s.ack > 3 for s in samples), "", 1),
        Figure("load: crashes", sum(s.crashed for s in samples), "", 1),
        Figure("load: cores busy with other processes meanwhile", max(elsewhere, 0.0), "cores"),
    ]
