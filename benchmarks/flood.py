"""Flood: one user sends heavy commands as fast as the budget allows while others play (issue 18 §8).

Channels with games of the workload (`benchmarks.workload`: Tiny Epic Vikings on its largest map)
in progress are played by scripted players while onlookers ask for the board, first quietly, then
while one more user, seated nowhere (a member who may manage channels, so exports are theirs too),
sends recaps, boards (now and of past positions), exports, log pages and `since` across the
channels: a burst of as many as the request budget lets through at once, then as many a second as
it refills. The bot runs with production's budgets. Figures: the others' commands acknowledged
within 3 s, and their boards' p99 under the flood against twice the quiet figure. Quiet and
flooded stages alternate, so that whatever else the machine is doing weighs on both alike; the
cores busy are shown, the machine's other processes among them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import (
    Sample,
    TimedDiscord,
    cpu_elsewhere,
    cpu_used,
    descendants,
    fresh_database,
    measuring,
    seats,
)
from benchmarks.workload import workload
from front.bot import create_bot
from offline import Record
from offline.players import ScriptedPlayer, open_game
from waypost.config import UNBUDGETED, Config

NAME = "flood"
ORDER = 4
STORING = True
CHANNELS = 4
PLAYERS = 3
SETUP_BOARDS = 25  # boards each channel's game has drawn before the run (a history to look back on)
STEPS = 1.0  # player steps a second, per channel
LOOKS = 8.0  # /game board a second by onlookers, all channels together
ONLOOKERS = 3
ROUNDS = 2  # quiet and flooded stages, in turn
WARM_UP = 3.0  # seconds of the quiet load first, not measured
FLOODER = "@mallory"
HEAVY = ("game recap", "game board", "game export", "game log", "game since")


async def paced(rate: float, until: float, act: Callable[[], Awaitable[object]]) -> None:
    """Call `act()` `rate` times a second until `until` (perf_counter); late slots are not made up."""
    period = 1 / rate
    due = time.perf_counter() + random.random() * period
    while due < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await act()
        due = max(due + period, time.perf_counter())


class UsersTimed(TimedDiscord):
    """The timed harness, noting who sent each interaction."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.senders: list[int] = []

    async def inject(self, payload: dict[str, Any]) -> Record:
        rec = await super().inject(payload)
        self.senders.append(int(payload["member"]["user"]["id"]))
        return rec


def heavy(rng: random.Random, channels: list[int]) -> tuple[int, str, dict[str, Any]]:
    """One of the flooder's commands, in a random channel."""
    command = rng.choice(HEAVY)
    options: dict[str, Any] = {"game recap": {"actions": 30}, "game board": rng.choice([{"at": rng.randint(8, 30)},
                                                                                          {}]),
                               "game log": {"page": rng.randint(1, 5)}}.get(command, {})
    return rng.choice(channels), command, options


async def run(quick: bool) -> list[Figure]:
    """Games are opened and played a while first (not timed), then the quiet load runs for a few
    seconds (not measured either); then quiet and flooded stages in turn, 7.5 s each (quick:
    2.5 s), twice, so that the machine's other work weighs on both alike."""
    seconds = 2.5 if quick else 7.5
    game = workload()
    board = game.board().info.name
    rng = random.Random(5)
    async with fresh_database() as where:
        production = Config(token="", db=where, dev_guild=None, log_level="WARNING")  # its budgets
        configs = [dataclasses.replace(production, **UNBUDGETED)]  # the history is played first, unhindered
        async with UsersTimed(lambda: create_bot(configs[-1])) as discord_:
            channels = [await open_game(discord_, f"#flood{i}", game.key, seats(i, PLAYERS), board)
                        for i in range(CHANNELS)]
            players = [ScriptedPlayer(discord_, c, seats(i, PLAYERS), random.Random(i), optional=0.0,
                                      first=game.first) for i, c in enumerate(channels)]

            async def history(player: ScriptedPlayer) -> None:
                while sum(m.drew for m in player.moves) < SETUP_BOARDS:
                    await player.step()

            await asyncio.gather(*(history(p) for p in players))
            configs.append(production)
            await discord_.restart()
            discord_.grant(FLOODER, manage_channels=True)

            async def look() -> None:
                await discord_.command(f"@look{rng.randrange(ONLOOKERS)}", rng.choice(channels), "game board")

            floods: list[asyncio.Task[Record]] = []

            async def stage(flood: bool, seconds: float = seconds) -> Stage:
                first, (machine, ours), bot = len(discord_.samples), cpu_elsewhere(), _cpu_here()
                began = time.perf_counter()
                until = began + seconds

                async def flooding() -> None:
                    budget = int(production.user_burst)  # the request budget at once, then as it refills
                    while time.perf_counter() < until:
                        for _ in range(budget):
                            channel, command, options = heavy(rng, channels)
                            floods.append(asyncio.ensure_future(discord_.command(FLOODER, channel, command, options)))
                        budget = round(production.user_rate / 10)
                        await asyncio.sleep(0.1)

                await asyncio.gather(*(paced(STEPS, until, p.step) for p in players),
                                     paced(LOOKS, until, look), *([flooding()] if flood else []))
                await asyncio.gather(*floods)
                elapsed, (machine2, ours2), bot2 = time.perf_counter() - began, cpu_elsewhere(), _cpu_here()
                return Stage(list(zip(discord_.samples[first:], discord_.senders[first:], strict=True)),
                             *((after - before) / elapsed for before, after in zip(bot, bot2, strict=True)),
                             max(0.0, (machine2 - machine - (ours2 - ours)) / elapsed))

            await stage(flood=False, seconds=WARM_UP)  # the restarted bot's caches filled: not measured
            measuring()
            stages = [await stage(flood=bool(i % 2)) for i in range(2 * ROUNDS)]
            flooder = discord_.builder.directory.user_id(FLOODER)
    return _figures(Stage.pooled(stages[0::2]), Stage.pooled(stages[1::2]), flooder, [f.result() for f in floods])


@dataclass(frozen=True)
class Stage:
    """What a stage measured: each interaction with its sender, and the cores busy meanwhile: the
    bot's process (its event loop, and the benchmark's stand-in and players), its drawing and
    look-back processes, and everything else on the machine."""

    samples: list[tuple[Sample, int]]
    bot: float
    workers: float
    elsewhere: float

    @classmethod
    def pooled(cls, stages: list[Stage]) -> Stage:
        """Stages of the same length as one."""
        return cls([s for stage in stages for s in stage.samples],
                   *(sum(getattr(stage, name) for stage in stages) / len(stages)
                     for name in ("bot", "workers", "elsewhere")))

def _cpu_here() -> tuple[float, float]:
    """CPU seconds used so far by this process, and by its worker processes."""
    return cpu_used([os.getpid()])[os.getpid()], sum(cpu_used(descendants(os.getpid())).values())


def _figures(quiet: Stage, flooded: Stage, flooder: int, floods: list[Record]) -> list[Figure]:
    others = [s for s, user in flooded.samples if user != flooder]
    calm = ms(percentile([s.done for s, _ in quiet.samples if s.kind == "board"], 99))
    refused = [r for r in floods if r.content.startswith("⛔")]
    return [
        Figure("flood: others' boards, quiet, p99", calm, "ms"),
        Figure("flood: others' boards, flooded, p99 (< 2× quiet)", ms(percentile([s.done for s in others
                                                                                 if s.kind == "board"], 99)),
               "ms", 2 * calm),
        Figure("flood: others' commands unacknowledged after 3 s", sum(s.ack is None or s.ack > 3 for s in others),
               "", 1),
        Figure("flood: others' commands", len(others), ""),
        Figure("flood: … boards among them", sum(s.kind == "board" for s in others), ""),
        Figure("flood: the flooder's commands sent", len(floods), ""),
        Figure("flood: … served", sum(r.callback_type is not None and r not in refused for r in floods), ""),
        Figure("flood: … refused politely (over a budget)", len(refused), ""),
        Figure("flood: … dropped unanswered (over the request budget)", sum(r.callback_type is None for r in floods),
               ""),
        *(figure for name, stage in (("quiet", quiet), ("flooded", flooded)) for figure in (
            Figure(f"flood: cores busy, {name}: the bot's process", stage.bot, "cores"),
            Figure("flood: … its drawing and look-back processes", stage.workers, "cores"),
            Figure("flood: … other processes on the machine", stage.elsewhere, "cores"))),
    ]
