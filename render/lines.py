"""Lines: dashed and dotted lines, arrow heads, and routes (a haloed path with arrows).

All functions draw on an `ImageDraw.ImageDraw` in its own pixels, so they work as well on a
supersampled layer (multiply lengths and widths by its factor) as on the final image.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from render.basics import RGB, WHITE, Point


def towards(a: Point, b: Point, distance: float) -> Point:
    """The point `distance` pixels from `a` towards `b` (or `a` itself if they coincide)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return a
    return a[0] + (b[0] - a[0]) * distance / length, a[1] + (b[1] - a[1]) * distance / length


def dashed_polyline(draw: ImageDraw.ImageDraw, points: Sequence[Point], dash: float, gap: float, fill: RGB,
                    width: int) -> None:
    """A dashed line through `points`, the pattern running on across corners."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                draw.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                          fill=fill, width=width)
            done += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def dotted_line(draw: ImageDraw.ImageDraw, a: Point, b: Point, spacing: float, radius: float, fill: RGB,
                trim: float = 0.0) -> None:
    """Round dots every `spacing` pixels from `a` to `b`, leaving `trim` pixels free at each end."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    usable = length - 2 * trim
    if usable <= 0:
        return
    count = max(int(usable // spacing), 1)
    for i in range(count + 1):
        t = (trim + usable * i / count) / length
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def arrow_head(draw: ImageDraw.ImageDraw, tail: Point, tip: Point, length: float, fill: RGB,
               outline: RGB | None = None, width: int = 0) -> None:
    """A filled arrow head at `tip`, pointing away from `tail`."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    spread = math.radians(28)
    left = (tip[0] - length * math.cos(angle - spread), tip[1] - length * math.sin(angle - spread))
    right = (tip[0] - length * math.cos(angle + spread), tip[1] - length * math.sin(angle + spread))
    draw.polygon([tip, left, right], fill=fill, outline=outline, width=width)


def arrow(draw: ImageDraw.ImageDraw, a: Point, b: Point, fill: RGB, width: int = 5, head: float = 18,
          trim: float = 0.0, halo: RGB | None = WHITE) -> None:
    """A straight arrow from `a` to `b` (both ends `trim` pixels short), haloed in `halo`."""
    if math.dist(a, b) <= 2 * trim + 1:
        return
    start, end = towards(a, b, trim), towards(b, a, trim)
    shaft_end = towards(end, start, head * 0.6)  # inside the head, past its base
    if halo is not None:  # the same arrow 3 pixels larger all round, underneath
        draw.line((start, shaft_end), fill=halo, width=width + 6)
        arrow_head(draw, start, towards(end, start, -3.5), head + 8, halo)
    draw.line((start, shaft_end), fill=fill, width=width)
    arrow_head(draw, start, end, head, fill)


def draw_route(draw: ImageDraw.ImageDraw, points: Sequence[Point], colour: RGB, end_gap: float = 0.0,
               halo: RGB = WHITE, width: int = 6, long_leg: float = 70, head: float = 24) -> None:
    """A route: a line `width` wide with a halo through `points`, an arrow head halfway along
    every leg longer than `long_leg` pixels (pointing the way), and one arriving at the end
    (stopping `end_gap` short of the last point, to leave a piece there visible)."""
    points = list(points)
    if len(points) < 2:
        return
    if end_gap:
        points = [*points[:-1], towards(points[-1], points[-2], end_gap)]
    draw.line(points, fill=halo, width=width * 2, joint="curve")
    draw.line(points, fill=colour, width=width, joint="curve")
    for a, b in zip(points, points[1:]):
        if math.hypot(b[0] - a[0], b[1] - a[1]) > long_leg:
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            arrow_head(draw, a, towards(middle, b, 10), head * 5 / 6, colour, halo, 2)
    arrow_head(draw, points[-2], points[-1], head, colour, halo, 2)
