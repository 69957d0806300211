"""Load: 100 channels with games in progress; scripted players, then onlookers, acting concurrently.

The run has two halves over the same games. Playing: every channel's scripted players step at a
steady pace (a third of the steps come back with a board; the rest are refusals, and every step
asks autocomplete first). Looking: onlookers send `/game status` and `/sail route:` autocompletes
across the channels. Paces are time slots that are not made up when the bot falls behind, so the
rates reported are what the bot served.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Awaitable, Callable

from benchmarks.figures import Figure, percentile
from benchmarks.fixtures import GAME, Sample, TimedDiscord, cpu_elsewhere, largest_board, real_bot, seats, vikings
from waypost.offline.players import ScriptedPlayer, open_game

CHANNELS = 100
PLAYERS = 3
STEPS = 250  # player steps offered per second, all channels together
LOOKS = 550  # status requests and autocompletes offered per second
ONLOOKERS = 50


async def _paced(rate: float, until: float, act: Callable[[], Awaitable[object]]) -> None:
    """Call `act()` `rate` times a second until `until` (perf_counter); late slots are not made up."""
    period = 1 / rate
    due = time.perf_counter() + random.random() * period
    while due < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await act()
        due = max(due + period, time.perf_counter())


async def _freezing(until: float) -> None:
    """Keep what the stand-in has recorded so far out of full garbage collections: it keeps every
    message and upload for inspection, which a bot does not, and rescanning it is not the bot's cost."""
    while time.perf_counter() < until:
        gc.freeze()
        await asyncio.sleep(1)


async def _phase(discord_: TimedDiscord, seconds: float, actors: list[tuple[float, Callable]]) -> tuple[list[Sample],
                                                                                                      float]:
    """Run `(rate, act)` actors for `seconds`; the samples taken and the time it lasted."""
    first, began = len(discord_.samples), time.perf_counter()
    until = began + seconds
    await asyncio.gather(_freezing(until), *(_paced(rate, until, act) for rate, act in actors))
    return discord_.samples[first:], time.perf_counter() - began


async def run(quick: bool) -> list[Figure]:
    """Games are opened through the bot first (not timed); each half lasts 30 s (quick: 5 s)."""
    seconds = 5 if quick else 30
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
                await discord_.autocomplete(rng.choice(users), channel, "sail", options, "route")

        players = [ScriptedPlayer(discord_, c, users, random.Random(i), optional=0.0)
                   for i, (c, users) in enumerate(channels)]
        machine, ours = cpu_elsewhere()
        playing = await _phase(discord_, seconds, [(STEPS / CHANNELS, p.step) for p in players])
        looking = await _phase(discord_, seconds, [(LOOKS / ONLOOKERS, look)] * ONLOOKERS)
        machine2, ours2 = cpu_elsewhere()
    elsewhere = (machine2 - machine - (ours2 - ours)) / (playing[1] + looking[1])
    return [*_figures(*playing, *looking),
            Figure("load: cores busy with other processes meanwhile", max(elsewhere, 0.0), "cores")]


def _figures(playing: list[Sample], play_time: float, looking: list[Sample], look_time: float) -> list[Figure]:
    boards = [s for s in playing if s.kind == "board"]
    both = playing + looking
    return [
        Figure("load, playing: board-changing commands", len(boards) / play_time, "/s", 50, at_least=True),
        Figure("load, playing: their autocompletes and refusals", (len(playing) - len(boards)) / play_time, "/s"),
        Figure("load, playing: to the final reply, p99", percentile([s.done for s in playing], 99), "s", 2),
        Figure("load, looking: status and autocomplete", len(looking) / look_time, "/s", 500, at_least=True),
        Figure("load, looking: to the final reply, p99", percentile([s.done for s in looking], 99), "s", 2),
        Figure("load: unacknowledged after 3 s", sum(s.ack is None or s.ack > 3 for s in both), "", 1),
        Figure("load: crashes", sum(s.crashed for s in both), "", 1),
    ]
