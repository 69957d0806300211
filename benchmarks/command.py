"""One board-changing command end to end: payload → rules → the store's commit → image → upload."""

from __future__ import annotations

import random

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import GAME, largest_board, measuring, real_bot, seats, vikings
from offline.players import ScriptedPlayer, open_game


async def run(quick: bool) -> list[Figure]:
    """A scripted game on the largest map, one command at a time, through the real bot and the
    stand-in; timed is each command that came back with a board image, from its payload entering
    the gateway parser to the stand-in holding the uploaded image."""
    board = largest_board(vikings())
    users = seats(0, board.info.max_players)
    async with real_bot() as discord_:
        channel = await open_game(discord_, "#bench", GAME, users, board.info.name)
        measuring()
        player = ScriptedPlayer(discord_, channel, users, random.Random(3), optional=0.0)
        while sum(s.kind == "board" for s in discord_.samples) < (30 if quick else 300):
            await player.step()
        times = [s.done for s in discord_.samples if s.kind == "board"][2:]  # after the first drawings
    return [Figure("command: board-changing, p50", ms(percentile(times, 50)), "ms", 80),
            Figure("command: board-changing, p99", ms(percentile(times, 99)), "ms", 200)]
