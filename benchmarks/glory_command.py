"""One board-changing Glory command end to end on the largest map: payload → rules → the
store's commit → image → upload (p99 under 200 ms).

    python -m benchmarks.glory_command [--quick]
"""

from __future__ import annotations

import random
import sys

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import measuring, real_bot, seats
from benchmarks.glory_rules import largest_board
from offline.players import ScriptedPlayer, open_game
from waypost import runtime

NAME = "glory-command"
STORING = True


async def run(quick: bool) -> list[Figure]:
    """A scripted game of Glory on the largest map with every seat taken, one command at a time,
    through the real bot and the stand-in (players choose from the bot's autocomplete: maneuvers,
    explorations and their rotations, ends of turns, passes, adjustments); timed is each command
    that came back with a board image, from its payload entering the gateway parser to the
    stand-in holding the uploaded image."""
    board = largest_board()
    users = seats(0, board.max_players)
    async with real_bot() as discord_:
        channel = await open_game(discord_, "#bench", "glory", users, board.name)
        measuring()
        player = ScriptedPlayer(discord_, channel, users, random.Random(3), optional=0.3)
        while sum(s.kind == "board" for s in discord_.samples) < (30 if quick else 300):
            await player.step()
        times = [s.done for s in discord_.samples if s.kind == "board"][2:]  # after the first drawings
    where = f"glory command on {board.name}"
    return [Figure(f"{where}: board-changing, p50", ms(percentile(times, 50)), "ms", 80),
            Figure(f"{where}: board-changing, p99", ms(percentile(times, 99)), "ms", 200)]


if __name__ == "__main__":
    for figure in runtime.run(run("--quick" in sys.argv)):
        print(figure.line())
