"""Taps per action: random games of every game in the registry played by taps only, from the ping.

Three players play each game through the real bot and the offline stand-in (`offline.players.
PingPlayer`): each wants an action open to them, and taps it the shortest way they are offered —
its button on the message that pinged them, on the answer to their last action or the card it left
open, else the "Your turn card" button and the action's button on it — then its menus and Confirm. Counted is
every interaction (a button, a menu choice, a confirm) until the action is played; a decision's
menu is one. Printed per game and action kind: the median, the 90th percentile and the most,
beside the targets for the common actions (Board Game Arena takes 2–3 clicks); the rest, and the
actions refused after being offered, as context.

`python -m benchmarks taps` (`--only taps`) runs it as part of the benchmarks; `python -m
benchmarks.taps [--quick]` on its own.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

from benchmarks.figures import Figure, percentile, standalone
from benchmarks.fixtures import measuring, real_bot, seats
from games import default_games
from offline.players import Move, PingPlayer, open_game
from rules.errors import NoGame
from waypost import runtime

NAME = "taps"
STORING = True
PLAYERS = 3
COMMON = ("sail", "maneuver", "pass", "move", "build", "maintain", "scrap", "declare", "price", "buy", "place", "plan",
          "end")  # the common actions, ship moves included
TARGETS = (("median", 50, 2), ("p90", 90, 3), ("most", 100, 5))  # taps, at most


async def run(quick: bool) -> list[Figure]:
    """Each game on the first of its boards three can play, 120 actions by taps (40 when quick),
    from the same seeds every run."""
    actions = 40 if quick else 120
    async with real_bot() as discord_:
        measuring()
        figures = []
        for number, (key, entry) in enumerate(default_games().items()):
            board = next(n for n, b in entry.boards.items() if b.info.min_players <= PLAYERS <= b.info.max_players)
            users = seats(number, PLAYERS)
            moves: list[Move] = []
            for game in range(1, 10):  # a game played to its end frees its channel: the next one opens in another
                channel = await open_game(discord_, f"#taps-{key}-{game}", key, users, board)
                player = PingPlayer(discord_, channel, users, random.Random(f"{key}-{game}"))
                while len(player.moves) < actions - len(moves):
                    try:
                        if await player.step() is None:
                            break
                    except NoGame:
                        break
                moves += player.moves
                if len(moves) >= actions or not player.moves:
                    break
            figures += figures_of(key, moves)
        return figures


def figures_of(game: str, moves: list[Move]) -> list[Figure]:
    """Per action kind played: the median, 90th percentile and most taps, with targets for the
    common kinds; then the actions refused."""
    taps: dict[str, list[int]] = defaultdict(list)
    for move in moves:
        if move.accepted and move.kind:
            taps[move.kind].append(move.taps)
    found = []
    for kind, counts in sorted(taps.items(), key=lambda item: (item[0] not in COMMON, item[0])):
        for label, q, most in TARGETS:
            found.append(Figure(f"{NAME}: {game} {kind}, {label} (of {len(counts)})", percentile(counts, q), "taps",
                                most if kind in COMMON else None, at_most=True))
    refused = sum(not m.accepted and bool(m.kind) for m in moves)
    found.append(Figure(f"{NAME}: {game}, offered actions refused (of {len(moves)})", refused, "", 0, at_most=True))
    return found


if __name__ == "__main__":
    sys.exit(standalone(lambda quick: runtime.run(run(quick))))
