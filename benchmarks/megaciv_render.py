"""Drawing the Mega Civilization board on the 18-player map (Oikumene) with 18 players and ~400
tokens in the middle of a Movement phase: the whole map, a close-up of one region, and the areas
around one player's pieces.

    python -m benchmarks.megaciv_render [--quick]

The first drawing of each view builds its static layer (once per board and view per process) and
is reported apart; the medians are of the drawings after it, of states a step apart. Targets are
judged on the drawing thread's CPU time (`time.thread_time`), as in `benchmarks.megaciv_rules`, so
that other processes on a shared machine do not decide them; the wall-clock median is beside it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from benchmarks import posted
from benchmarks.figures import Figure, ms
from benchmarks.megaciv_scenes import busy, draft
from render.megaciv import draw
from render.megaciv.posted import compose_posted
from rules.base import Posted
from rules.megaciv import GAME
from rules.megaciv.state import MegaState

NAME = "megaciv-render"


def states(count: int) -> list[MegaState]:
    """A busy position, then the player on turn drafting one more step at a time (as each
    command would be drawn)."""
    rng = random.Random(11)
    state = busy()
    seat = GAME.position(state).acting[0]
    out = [state]
    while len(out) < count:
        state = draft(state, seat, rng, steps=1)
        out.append(state)
    return out


def _timed(state: MegaState, viewer: int | None, focus: str | None) -> tuple[float, float, int]:
    """CPU seconds of this thread, wall seconds, PNG bytes."""
    started, cpu = time.perf_counter(), time.thread_time()
    png = draw(state, viewer, focus)
    return time.thread_time() - cpu, time.perf_counter() - started, len(png)


def run(quick: bool) -> list[Figure]:
    found = states(5 if quick else 40)
    tokens = sum(p.census for p in found[0].players)
    region = max(found[0].board.map.regions, key=lambda r: len(found[0].board.region_areas[r]))
    around = f"around {found[0].players[GAME.position(found[0]).acting[0]].civ}"
    figures = []
    for what, focus, target in (("whole map", None, 30), (f"region {region}", region, 40),
                                (around, around, None)):
        public = [GAME.view(s, None) for s in found]
        _, first, _ = _timed(public[0], None, focus)
        cpu, wall, sizes = [], [], []
        for state in public:
            seconds, elapsed, size = _timed(state, None, focus)
            cpu.append(seconds)
            wall.append(elapsed)
            sizes.append(size)
        figures += [Figure(f"megaciv render: {what}, first drawing (static layer)", ms(first), "ms"),
                    Figure(f"megaciv render: {what} (oikumene, 18 players, {tokens} tokens), median",
                           ms(statistics.median(cpu)), "ms", target),
                    Figure(f"megaciv render: {what}, wall clock, median", ms(statistics.median(wall)), "ms"),
                    Figure(f"megaciv render: {what}, largest PNG", max(sizes) / 1024, "KB")]
    return [*figures, *posted.figures("megaciv render: oikumene, 18 players", draw, compose_posted,
                                      [(GAME.view(s, None), Posted()) for s in found])]


def main(argv: list[str] | None = None) -> int:
    figures = run("--quick" in (argv if argv is not None else sys.argv[1:]))
    for figure in figures:
        print(figure.line())
    return 1 if any(f.passed is False for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
