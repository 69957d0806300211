"""The posted view's figures, for each game's drawing benchmark: the view the channel is posted
after a change (read at Discord's 550-px preview), drawn for positions a step apart; its median
drawing time (the drawing thread's CPU, as the Mega Civilization benchmark judges it, and wall
clock) against issue 21's 30 ms, its mean against the 10 ms of CPU a board that 100 boards a
second allow, the floor (mapping the same image onto its palette and deflating it: what any
drawing of it costs) and the share of the drawing it is; its bytes per post as PNG, and beside
them what lossless WebP would cost and save (Pillow, method 1, quality 0 and 30): the
measurement that chose PNG (docs/performance.md)."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from benchmarks.figures import Figure, ms
from render.png import encode_png
from rules.base import Posted

TARGET = 30  # ms of CPU, median (issue 21)
AIM = 10  # ms of CPU a board, mean: what 100 boards a second on the drawing core allow (an aim, not a target)

Compose = Callable[[Any, int | None, Posted], tuple[Image.Image, Image.Image]]
Draw = Callable[..., bytes]


def figures(game: str, draw: Draw, compose: Compose, states: Sequence[tuple[Any, Posted]]) -> list[Figure]:
    """The posted view of each of `states` (a position and the action posted after), drawn by
    `draw(state, None, None, None, posted)` after a first drawing that builds its layers."""
    draw(states[0][0], None, None, None, states[0][1])
    cpu, wall, sizes = [], [], []
    for state, posted in states:
        started, thread = time.perf_counter(), time.thread_time()
        png = draw(state, None, None, None, posted)
        cpu.append(time.thread_time() - thread)
        wall.append(time.perf_counter() - started)
        sizes.append(len(png))
    floor = []
    for state, posted in states:
        image, palette = compose(state, None, posted)
        thread = time.thread_time()
        encode_png(image, palette)
        floor.append(time.thread_time() - thread)
    webp: dict[int, list[tuple[int, float]]] = {0: [], 30: []}
    for state, posted in states[:: max(1, len(states) // 5)]:
        image, palette = compose(state, None, posted)
        indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
        for quality, found in webp.items():
            out, thread = io.BytesIO(), time.thread_time()
            indexed.save(out, "WEBP", lossless=True, method=1, quality=quality)
            found.append((len(out.getvalue()), time.thread_time() - thread))
    median = statistics.median(cpu)
    out = [Figure(f"{game} posted view, median", ms(median), "ms", TARGET),
           Figure(f"{game} posted view, mean (aim: {AIM} ms)", ms(statistics.mean(cpu)), "ms"),
           Figure(f"{game} posted view, wall clock, median", ms(statistics.median(wall)), "ms"),
           Figure(f"{game} posted view, floor (mapping and deflate), median", ms(statistics.median(floor)), "ms"),
           Figure(f"{game} posted view, share of the drawing that is the floor",
                  100 * statistics.median(floor) / median, "%"),
           Figure(f"{game} posted view, bytes per post (PNG)", statistics.mean(sizes) / 1024, "KB")]
    for quality, found in webp.items():
        out.append(Figure(f"{game} posted view as lossless WebP (q{quality}): bytes per post",
                          statistics.mean(b for b, _ in found) / 1024, "KB"))
        out.append(Figure(f"{game} posted view as lossless WebP (q{quality}): encoding, median",
                          ms(statistics.median(t for _, t in found)), "ms"))
    return out
