"""Play by post with turns prepared ahead (issue 30): how long a round or phase takes, in units
of a player's mean reply time, when nobody, 80 % or everyone prepares their turn ahead.

    python -m benchmarks.pbp [--quick]

Whole phases run through the real table (in process, over a temporary SQLite store) on a
virtual clock. Every seat replies after a random delay, exponential with mean 1: a seat that
does not prepare replies that long after its turn comes (it was pinged); a seat that prepares
replies that long after the phase opens, playing its turn if it has come by then, else
preparing it (the table plays it when the turn comes, unless something it depends on changed:
then the player is pinged and replies again after another such delay). The figure is the median
over many phases of the time from the phase opening to its last seat's turn played.

Each game brings its phases in `benchmarks/<game>_pbp.py`: `SETUPS` ((board, players, target in
units or None), …), `FINISH` (the action kind ending a seat's turn), `open_phase(table, channel,
users)` (a new game brought to the phase's start) and `turn(view, seat, rng)` (a seat's turn on
its view: the steps before its `FINISH`, which may be refused, and the finishing action).
Method and figures: docs/play-by-post.md.
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.figures import Figure
from games import default_games
from rules.errors import PlayerError
from waypost import runtime
from waypost.outcome import User
from waypost.storage import open_store
from waypost.table import Table

NAME = "pbp"
SHARES = (0.0, 0.8, 1.0)  # of the seats, preparing ahead when the phase opens
PHASES, QUICK_PHASES = 201, 15  # simulated phases per game, player count and share


class Clock:
    """The table's virtual time: `units` of mean reply time since the start, a unit an hour."""

    def __init__(self) -> None:
        self.units = 0.0

    def __call__(self) -> datetime:
        return datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=self.units)


def drivers() -> dict[str, ModuleType]:
    """Each game's phases (`benchmarks/<game>_pbp.py`), for the games that bring them."""
    found = {}
    for key in default_games():
        try:
            found[key] = importlib.import_module(f"benchmarks.{key}_pbp")
        except ModuleNotFoundError as missing:
            if missing.name != f"benchmarks.{key}_pbp":
                raise
    return found


async def one_phase(table: Table, clock: Clock, game: ModuleType, key: str, channel: int, users: list[User],
                    share: float, rng: random.Random) -> float:
    """One phase from its opening to its last seat's turn, in mean-reply units."""
    await game.open_phase(table, channel, users)
    loaded = await table.channels.require(channel)
    opened = await table.store.log_length(loaded.row.id)
    clock.units = start = 0.0
    preparing = set(rng.sample(range(len(users)), round(share * len(users))))
    events: list[tuple[float, int]] = [(rng.expovariate(1.0), seat) for seat in sorted(preparing)]
    heapq.heapify(events)
    scheduled = set(preparing)
    while True:
        loaded = await table.channels.require(channel)
        if await _finished(table, loaded.row.id, opened, game.FINISH, len(users)):
            return clock.units - start
        for awaited in {a.seat for a in loaded.awaiting() if a.kind == "turn"} - scheduled:  # pinged
            heapq.heappush(events, (clock.units + rng.expovariate(1.0), awaited))
            scheduled.add(awaited)
        clock.units, seat = heapq.heappop(events)
        scheduled.discard(seat)
        await _reply(table, game, key, channel, users[seat], seat, rng)


async def _reply(table: Table, game: ModuleType, key: str, channel: int, user: User, seat: int,
                 rng: random.Random) -> None:
    """A seat's reply: its turn, played or prepared (the table tells which); after a step
    refused, the turn is only finished."""
    loaded = await table.channels.require(channel)
    steps, finish = game.turn(loaded.view(seat), seat, rng)
    for action in steps:
        try:
            await table.act(channel, user, key, action)
        except PlayerError:
            break
    await table.act(channel, user, key, finish)


async def _finished(table: Table, game_id: int, opened: int, finish: str, seats: int) -> bool:
    """Whether every seat has finished its turn since the phase opened (log entry `opened`)."""
    log = await table.store.log_page(game_id, 0, await table.store.log_length(game_id) - opened)
    done = [e for e in log if e.kind == "action" and e.body["action"]["kind"] == finish]
    return len(done) >= seats


async def measure(quick: bool, only: Sequence[str] = ()) -> list[Figure]:
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "pbp.db"))
        clock, channels = Clock(), iter(range(1, 10**6))
        table = Table(store, default_games(), clock=clock, seeds=itertools.count(7).__next__)
        try:
            for key, game in drivers().items():
                if only and key not in only:
                    continue
                for board, players, target in game.SETUPS:
                    users = [User(1000 + i, f"p{i}") for i in range(players)]
                    for share in SHARES:
                        rng = random.Random(f"{key}{players}{share}")
                        times = [await one_phase(table, clock, game, key, next(channels), users, share, rng)
                                 for _ in range(QUICK_PHASES if quick else PHASES)]
                        goal = target if share == 1.0 else None
                        figures.append(Figure(f"pbp: {key} {board}, {players} players, {share:.0%} ahead",
                                              statistics.median(times), "units", goal))
        finally:
            await store.close()
    return figures


def run(quick: bool) -> Any:
    return measure(quick)


def _main(argv: list[str]) -> int:
    """`python -m benchmarks.pbp [--quick] [GAME …]`: the figures of these games (default: all)."""
    figures: list[Figure] = runtime.run(measure("--quick" in argv, [a for a in argv if not a.startswith("-")]))
    for figure in figures:
        print(figure.line())
    return 1 if any(f.passed is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
