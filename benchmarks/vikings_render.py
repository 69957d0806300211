"""Drawing: the board of a game in progress on the largest shipped map, as PNG, whole and as posted."""

from __future__ import annotations

import statistics
import time

from benchmarks import posted
from benchmarks.figures import Figure, ms
from benchmarks.vikings_rules import midgame
from benchmarks.vikings_workload import WORKLOAD, largest_board
from render.vikings.posted import compose_posted
from rules.base import Posted

NAME = "vikings-render"


def run(quick: bool) -> list[Figure]:
    """The first drawing builds the map's static layer (once per board per process); the median is
    of the drawings after it, each of a different state (a sail apart)."""
    entry = WORKLOAD.entry
    states = [midgame(entry, turns=20 + i) for i in range(5 if quick else 30)]
    started = time.perf_counter()
    entry.draw(states[0], None)
    first = time.perf_counter() - started
    times, sizes = [], []
    for state in states:
        started = time.perf_counter()
        png = entry.draw(state, None)
        times.append(time.perf_counter() - started)
        sizes.append(len(png))
    where = largest_board(entry).info.name
    return [Figure(f"{NAME}: first drawing of {where} (static layer)", ms(first), "ms"),
            Figure(f"{NAME}: drawing {where}, median", ms(statistics.median(times)), "ms", 50),
            Figure(f"{NAME}: largest PNG", max(sizes) / 1024, "KB", 1024),
            *posted.figures(f"{NAME}: {where}", entry.draw, compose_posted, [(s, Posted()) for s in states])]
