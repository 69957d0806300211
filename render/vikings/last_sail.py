"""The last sail: a path in the sailor's colour over the spaces it passed, with arrows."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.common import RGB, Point, arrow_head, draw_text, paste, plain, player_style, towards
from render.vikings.colours import PATH_HALO
from render.vikings.icons import dock_sprite, fjord_sprite
from render.vikings.layout import BOAT_R, DOCK_R, FJORD_R, LABEL_SIZE
from rules.vikings.state import VikingsState

if TYPE_CHECKING:
    from render.vikings.static import Static


def draw_last_sail(image: Image.Image, state: VikingsState, static: Static) -> None:
    """The last sail as a line in the sailor's colour: the spaces it passed are redrawn on top,
    the start is ringed, arrows point the way."""
    sail = state.last_sail
    assert sail is not None
    board, lay = state.board, static.layout
    fill = player_style(state.seats[sail.seat].colour).fill
    points = [lay.xy(*board.position(p)) for p in sail.path]
    pen = ImageDraw.Draw(image)
    draw_path(pen, points, fill, BOAT_R + 2)
    for name, at in zip(sail.path, points):
        if board.kind(name) == "fjord":
            paste(image, fjord_sprite(name), at)
        else:
            paste(image, dock_sprite(), at)
            draw_text(image, static.dock_labels[name], plain(name), LABEL_SIZE, bold=True)
    x, y = points[0]
    r = (FJORD_R if board.kind(sail.path[0]) == "fjord" else DOCK_R) + 5
    pen.ellipse((x - r, y - r, x + r, y + r), outline=PATH_HALO, width=7)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=4)


def draw_path(pen: ImageDraw.ImageDraw, points: list[Point], colour: RGB, end_gap: float) -> None:
    """A path: a haloed line through `points`, an arrow head halfway along every long move but
    the last, and one arriving at the end (stopping `end_gap` short of it)."""
    if end_gap and len(points) > 1:
        points = [*points[:-1], towards(points[-1], points[-2], end_gap)]
    pen.line(points, fill=PATH_HALO, width=12, joint="curve")
    pen.line(points, fill=colour, width=6, joint="curve")
    for a, b in zip(points, points[1:]):
        if math.hypot(b[0] - a[0], b[1] - a[1]) > 70:
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            arrow_head(pen, a, towards(middle, b, 10), 20, colour, PATH_HALO, 2)
    arrow_head(pen, points[-2], points[-1], 24, colour, PATH_HALO, 2)
