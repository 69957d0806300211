"""Flood: one user sends heavy commands as fast as the budget allows while others play (issue 18 §8).

Channels with Vikings games in progress on the largest map are played by scripted players while
onlookers ask for the board, first quietly, then while one more user, seated nowhere (a member
who may manage channels, so exports are theirs too), sends recaps, boards (now and of past
positions), exports, log pages and `since` across the channels: a burst of
as many as the request budget lets through at once, then as many a second as it refills. The bot
runs with production's budgets. Figures: the others' commands acknowledged within 3 s, and their
boards' p99 under the flood against twice the quiet figure.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from typing import Any

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import GAME, Sample, TimedDiscord, fresh_database, largest_board, seats, vikings
from benchmarks.load import _paced, freezing
from front.bot import create_bot
from offline import Record
from offline.players import ScriptedPlayer, open_game
from waypost.config import UNBUDGETED, Config

CHANNELS = 4
PLAYERS = 3
SETUP_BOARDS = 40  # boards each channel's game has drawn before the run (a history to look back on)
STEPS = 1.0  # player steps a second, per channel
LOOKS = 6.0  # /game board a second by onlookers, all channels together
ONLOOKERS = 3
FLOODER = "@mallory"
HEAVY = ("game recap", "game board", "game export", "game log", "game since")


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
    options: dict[str, Any] = {"game recap": {"actions": 30}, "game board": rng.choice([{"at": rng.randint(8, 40)},
                                                                                          {}]),
                               "game log": {"page": rng.randint(1, 5)}}.get(command, {})
    return rng.choice(channels), command, options


async def run(quick: bool) -> list[Figure]:
    """Games are opened and played a while first (not timed); then a quiet stage and a flooded
    one, each 15 s (quick: 5 s)."""
    seconds = 5 if quick else 15
    board = largest_board(vikings()).info.name
    rng = random.Random(5)
    async with fresh_database() as where:
        production = Config(token="", db=where, dev_guild=None, log_level="WARNING")  # its budgets
        configs = [dataclasses.replace(production, **UNBUDGETED)]  # the history is played first, unhindered
        async with UsersTimed(lambda: create_bot(configs[-1])) as discord_:
            channels = [await open_game(discord_, f"#flood{i}", GAME, seats(i, PLAYERS), board)
                        for i in range(CHANNELS)]
            players = [ScriptedPlayer(discord_, c, seats(i, PLAYERS), random.Random(i), optional=0.0,
                                      first=("vikings place", "vikings sail")) for i, c in enumerate(channels)]

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

            async def stage(flood: bool) -> list[tuple[Sample, int]]:
                first = len(discord_.samples)
                until = time.perf_counter() + seconds

                async def flooding() -> None:
                    budget = int(production.user_burst)  # the request budget at once, then as it refills
                    while time.perf_counter() < until:
                        for _ in range(budget):
                            channel, command, options = heavy(rng, channels)
                            floods.append(asyncio.ensure_future(discord_.command(FLOODER, channel, command, options)))
                        budget = round(production.user_rate / 10)
                        await asyncio.sleep(0.1)

                await asyncio.gather(freezing(until), *(_paced(STEPS, until, p.step) for p in players),
                                     _paced(LOOKS, until, look), *([flooding()] if flood else []))
                await asyncio.gather(*floods)
                return list(zip(discord_.samples[first:], discord_.senders[first:], strict=True))

            quiet = await stage(flood=False)
            flooded = await stage(flood=True)
            flooder = discord_.builder.directory.user_id(FLOODER)
    return _figures(quiet, flooded, flooder, [f.result() for f in floods])


def _figures(quiet: list[tuple[Sample, int]], flooded: list[tuple[Sample, int]], flooder: int,
             floods: list[Record]) -> list[Figure]:
    others = [s for s, user in flooded if user != flooder]
    calm = ms(percentile([s.done for s, _ in quiet if s.kind == "board"], 99))
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
    ]
