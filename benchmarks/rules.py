"""Rules: a sail checked and applied plus the boat's reachable spaces, on the largest shipped map."""

from __future__ import annotations

import random

from benchmarks.figures import Figure, ms, percentile
from benchmarks.fixtures import largest_board, next_turn, opening, timed_sail, vikings


def run(quick: bool) -> list[Figure]:
    """Players take turns of two sails each (a random boat, strength and reachable end) and every
    sail is timed: `reachable` for the boat, then `apply` of the sail (every check, the move, bumps,
    deploying, control)."""
    entry, rng = vikings(), random.Random(7)
    state, times = opening(entry), []
    while len(times) < (300 if quick else 5000):
        for _ in range(2):
            state, seconds = timed_sail(entry, state, rng)
            times.append(seconds)
        state = next_turn(entry, state)
    where = f"sail + reachable on {largest_board(entry).info.name}"
    return [Figure(f"rules: {where}, p50", ms(percentile(times, 50)), "ms"),
            Figure(f"rules: {where}, p99", ms(percentile(times, 99)), "ms", 1.0)]
