"""Load: 100 channels with games in progress, scripted players and onlookers acting concurrently."""

from __future__ import annotations

import asyncio
import random
import time

from benchmarks.figures import Figure, percentile
from benchmarks.fixtures import GAME, Sample, TimedDiscord, largest_board, real_bot, seats, vikings
from waypost.offline.players import ScriptedPlayer, open_game

CHANNELS = 100
PLAYERS = 3
STEPS = 165  # player steps offered per second, all channels together (a third come back with a board)
LOOKS = 260  # /game status and autocompletes offered per second by onlookers


async def _paced(rate: float, until: float, act) -> None:
    """Call `act()` `rate` times a second until `until` (perf_counter), late calls not made up."""
    period = 1 / rate
    due = time.perf_counter() + random.random() * period
    while due < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await act()
        due = max(due + period, time.perf_counter())


async def _look(discord_: TimedDiscord, rng: random.Random, channels: list[tuple[int, list[str]]]) -> None:
    """What an onlooker does: the status, or where a boat could sail (the costliest autocomplete)."""
    channel, users = rng.choice(channels)
    user = rng.choice(users)
    if rng.random() < 0.5:
        await discord_.command(user, channel, "game status")
    else:
        await discord_.autocomplete(user, channel, "sail", {"boat": 1, "strength": 3, "route": ""}, "route")


async def run(quick: bool) -> list[Figure]:
    """Games are opened through the bot first (not timed). Then for the run, every channel's players
    step `STEPS / CHANNELS` times a second and onlookers send `LOOKS` requests a second, in time
    slots that are not made up when the bot falls behind: what the bot sustains is what it served."""
    seconds = 10 if quick else 60
    board = largest_board(vikings()).info.name
    async with real_bot() as discord_:
        gate = asyncio.Semaphore(8)

        async def opened(i: int) -> tuple[int, list[str]]:
            async with gate:
                return await open_game(discord_, f"#load{i}", GAME, seats(i, PLAYERS), board), seats(i, PLAYERS)

        channels = await asyncio.gather(*(opened(i) for i in range(CHANNELS)))
        players = [ScriptedPlayer(discord_, c, users, random.Random(i), optional=0.0)
                   for i, (c, users) in enumerate(channels)]
        rng = random.Random(1)
        start = len(discord_.samples)
        began = time.perf_counter()
        until = began + seconds
        await asyncio.gather(*(_paced(STEPS / CHANNELS, until, p.step) for p in players),
                             *(_paced(LOOKS / 20, until, lambda: _look(discord_, rng, channels)) for _ in range(20)))
        elapsed = time.perf_counter() - began
        samples = discord_.samples[start:]
    return _figures(samples, elapsed)


def _figures(samples: list[Sample], elapsed: float) -> list[Figure]:
    boards = [s for s in samples if s.kind == "board"]
    plain = [s for s in samples if s.kind != "board"]
    late = [s for s in samples if s.ack is None or s.ack > 3]
    return [Figure("load: board-changing commands", len(boards) / elapsed, "/s", 50, at_least=True),
            Figure("load: commands drawing nothing (status, autocomplete, refusals)", len(plain) / elapsed, "/s",
                   500, at_least=True),
            Figure("load: interactions unacknowledged after 3 s", len(late), "", 1),
            Figure("load: crashes", sum(s.crashed for s in samples), "", 1),
            Figure("load: to the final reply, p99", percentile([s.done for s in samples], 99), "s", 2),
            Figure("load: board-changing, to the final reply, p99", percentile([s.done for s in boards], 99), "s")]
