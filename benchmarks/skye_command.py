"""One board-changing Isle of Skye command end to end: payload → rules → the store's commit →
image → upload, five players on the standard board.

`python -m benchmarks.skye_command [--quick]` prints the figures on its own; `make bench` runs it as
`skye-command`.
"""

from __future__ import annotations

import random
import sys

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import TimedDiscord, measuring, real_bot, seats
from offline.players import ScriptedPlayer, open_game
from rules.errors import NoGame
from waypost import runtime

NAME = "skye-command"
STORING = True
PLAYERS = 5


async def run(quick: bool) -> list[Figure]:
    """Scripted players play through the real bot and the stand-in, one command at a time; timed
    is each command that came back with a board image, from its payload entering the gateway
    parser to the stand-in holding the uploaded image."""
    users = seats(0, PLAYERS)
    async with real_bot() as discord_:
        measuring()  # the stand-in and the bot are up; each game is opened while measured
        return await _play(discord_, users, quick)


async def _play(discord_: TimedDiscord, users: list[str], quick: bool) -> list[Figure]:
    games = 0
    while sum(s.kind == "board" for s in discord_.samples) < (30 if quick else 300):
        games += 1  # a game played to its end frees its channel: the next one opens in another
        channel = await open_game(discord_, f"#bench-{games}", "skye", users, "standard")
        player = ScriptedPlayer(discord_, channel, users, random.Random(games), optional=0.3)
        while sum(s.kind == "board" for s in discord_.samples) < (30 if quick else 300):
            try:
                if await player.step() is None:
                    break
            except NoGame:
                break
    times = [s.done for s in discord_.samples if s.kind == "board"][2:]  # after the first drawings
    return [Figure("skye command: board-changing, p50", ms(percentile(times, 50)), "ms", 80),
            Figure("skye command: board-changing, p99", ms(percentile(times, 99)), "ms", 200)]


if __name__ == "__main__":
    for figure in runtime.run(run("--quick" in sys.argv)):
        print(figure.line())
