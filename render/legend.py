"""Cards and legends: a rounded card behind a block of information, and a key of icons with
what they mean."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.basics import PAPER, RGB, Box, Point
from render.text import draw_text, shrunk
from render.words import say

CARD_EDGE: RGB = (190, 180, 160)
LEAST_KEY = 12  # the smallest a key's meaning is drawn


def card(draw: ImageDraw.ImageDraw, box: Box, fill: RGB = PAPER, outline: RGB | None = CARD_EDGE, radius: int = 10,
         width: int = 2) -> None:
    """A rounded card behind a block of information."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


LegendIcon = Callable[[Image.Image, Point], None]


def legend(image: Image.Image, origin: Point, entries: Sequence[tuple[LegendIcon, str]], width: int,
           columns: int = 2, size: int = 20, row: int = 34, title: str | None = "") -> int:
    """A legend: each entry's icon (drawn by `icon(image, centre)`) and its meaning, in `columns`
    across `width` pixels from `origin` (top-left), under `title` ("Key" unless given; None for
    none). Returns the height used."""
    x0, y = origin
    title = title if title != "" else say("Key")
    if title:
        draw_text(image, (x0, y), title, size + 2, anchor="lt", halo=None, bold=True)
        y += size + 14
    column = width / columns
    rows = math.ceil(len(entries) / columns)
    for i, (icon, meaning) in enumerate(entries):
        cx = x0 + (i // rows) * column
        cy = y + (i % rows) * row + row / 2
        icon(image, (cx + 20, cy))
        room = column - 48  # a long meaning (a longer language's) drawn smaller rather than cut
        draw_text(image, (cx + 44, cy), meaning, shrunk(meaning, size, room, min(size, LEAST_KEY)), anchor="lm",
                  halo=None)
    return round(y + rows * row - origin[1])
