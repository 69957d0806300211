"""The posted view: what the bot posts in the channel after a change, composed to be read where
players see it, in Discord's preview (about 550 pixels wide on a desktop) without opening it.

A posted view is drawn `POSTED_W` pixels wide (twice the preview, sharp on high-density screens)
and every text on it is at least `LEAST` pixels: `LEAST_PX` once scaled to the preview. Each game
chooses what it shows from the state and the action just taken (`rules.base.Posted`); the whole
board stays one command away (`/game board full:true`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, WHITE, Box, Point
from render.header import StatusSizes, draw_status
from render.legend import card
from render.marks import marker_sprite
from render.palette import player_style
from render.text import draw_text, fit, paste, plain, text_width

PREVIEW_W = 550  # Discord's preview of an attached image on a desktop
LEAST_PX = 10  # the smallest text read there, in pixels
POSTED_W = 2 * PREVIEW_W


def least(width: int = POSTED_W) -> int:
    """The smallest text size (pixels) on an image `width` wide: `LEAST_PX` at the preview."""
    return math.ceil(LEAST_PX * width / PREVIEW_W)


LEAST = least()


STATUS = StatusSizes(phase=28, note=LEAST + 2, turn=26, marker=17, line=44)
HEADING_H = 108  # the status lines and their margins
ROW_H = 46  # one player's row in a strip
ROW_H2 = 72  # a row with room for two lines
GAP = 12  # between the cells of a row


def heading(image: Image.Image, top: float, phase: str, note: str = "", turn: str = "",
            awaited: Sequence[str] = (), width: int = POSTED_W) -> float:
    """The posted view's status lines across the image from `top`: the phase (or round) with a
    note, then whose turn with their markers. Returns the y below them."""
    draw_status(image, (20, top + 6), phase, width - 40, note, turn, awaited, STATUS)
    return top + HEADING_H


@dataclass(frozen=True)
class Cell:
    """One thing a player row says: an icon (a sprite) and a text after it, bold or muted; a
    `rule` draws a thin line before it, parting groups."""

    text: str = ""
    icon: Image.Image | None = None
    bold: bool = False
    muted: bool = False
    rule: bool = False


def player_row(image: Image.Image, box: Box, colour: str, title: str, cells: Sequence[Cell], on_turn: bool = False,
               tag: str = "", size: int = LEAST + 1) -> None:
    """A strip's row for one player: their marker and `title`, then the `cells` left to right
    (going on in a second line under the title when the row is tall enough for two and they do
    not fit in one), and `tag` (TURN, PASSED 1...) at the right end; the row is tinted in their
    colour and framed when `on_turn`. A title too long for its room is cut; nothing else is."""
    pen = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    marker = marker_sprite(colour, 17)
    widths = [_cell_width(c, size) + GAP for c in cells]
    right = x1 - 10 - (text_width(tag, LEAST) + 18 + GAP if tag else 0)
    one_line = x0 + 14 + marker.width + text_width(plain(title, 40), size) + sum(widths) + GAP <= right
    two = y1 - y0 >= 2 * (size + 8) + 8 and not one_line
    style = player_style(colour)
    if on_turn:
        card(pen, box, fill=style.tint, outline=INK, radius=8, width=3)
    right = x1 - 10
    first = (y0 + y1) / 2 if not two else y0 + (y1 - y0) / 4 + 2
    if tag:
        w = text_width(tag, LEAST) + 18
        pen.rounded_rectangle((right - w, first - 15, right, first + 15), radius=9, fill=INK)
        draw_text(image, (right - w / 2, first), tag, LEAST, WHITE, None, bold=True)
        right -= w + GAP
    paste(image, marker, (x0 + 8 + marker.width / 2, first))
    start = x0 + 14 + marker.width
    room = right - start - sum(widths) - GAP
    if two and room < text_width(plain(title, 40), size):  # the cells go on under the title
        room = right - start - GAP
    name = fit(plain(title, 40), size, max(room, 4 * size))
    x: float = draw_text(image, (start, first), name, size, INK, None, anchor="lm", bold=True)[2]
    y: float = first
    for cell, need in zip(cells, widths):
        if two and y == first and x + need > right:
            x, y = start - GAP, y0 + (y1 - y0) * 3 / 4 - 2
            cell = replace(cell, rule=False)  # a line's first cell needs no parting line
        x = _draw_cell(image, pen, cell, (x + GAP, y), size)  # past the edge it is seen cut: tests fail


def _cell_width(cell: Cell, size: int) -> float:
    w = text_width(cell.text, size) if cell.text else 0
    if cell.icon is not None:
        w += cell.icon.width + (4 if cell.text else 0)
    return w + (GAP if cell.rule else 0)


def _draw_cell(image: Image.Image, pen: ImageDraw.ImageDraw, cell: Cell, at: Point, size: int) -> float:
    x, y = at
    if cell.rule:
        pen.line((x, y - 14, x, y + 14), fill=MUTED, width=2)
        x += GAP
    if cell.icon is not None:
        paste(image, cell.icon, (x, y), "lm")
        x += cell.icon.width + 4
    if cell.text:
        box = draw_text(image, (x, y), cell.text, size, MUTED if cell.muted else INK, None, anchor="lm",
                        bold=cell.bold)
        x = box[2]
    return x
