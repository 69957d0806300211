"""One board-changing Vikings command end to end: payload → rules → the store's commit → image → upload."""

from __future__ import annotations

import random

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import measuring, real_bot, seats
from benchmarks.vikings_workload import WORKLOAD
from offline.players import ScriptedPlayer, open_game

NAME = "vikings-command"
STORING = True


async def run(quick: bool) -> list[Figure]:
    """A scripted game on the largest map, one command at a time, through the real bot and the
    stand-in; timed is each command that came back with a board image, from its payload entering
    the gateway parser to the stand-in holding the uploaded image."""
    board = WORKLOAD.board()
    users = seats(0, board.info.max_players)
    async with real_bot() as discord_:
        channel = await open_game(discord_, "#bench", WORKLOAD.key, users, board.info.name)
        measuring()
        player = ScriptedPlayer(discord_, channel, users, random.Random(3), optional=0.0)
        while sum(s.kind == "board" for s in discord_.samples) < (30 if quick else 300):
            await player.step()
        times = [s.done for s in discord_.samples if s.kind == "board"][2:]  # after the first drawings
    return [Figure(f"{NAME}: board-changing, p50", ms(percentile(times, 50)), "ms", 80),
            Figure(f"{NAME}: board-changing, p99", ms(percentile(times, 99)), "ms", 200)]
