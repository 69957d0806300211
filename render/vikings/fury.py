"""The gods' fury tracks under the map: the tracks themselves (static) and each god's token on them."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, RGB, mix
from render.marks import supersampled
from render.text import draw_text, paste
from render.vikings.colours import FRAME, god_colour
from render.vikings.icons import rune_stone
from render.vikings.layout import PANEL_SIZE, Layout
from rules.vikings.board import Board
from rules.vikings.control import fury_text
from rules.vikings.state import VikingsState

TRACK_X0 = 114
TRACK_STEP = 20


def track_y(lay: Layout, i: int) -> int:
    return lay.map_h + 70 + i * 58


def draw_tracks(image: Image.Image, board: Board, lay: Layout) -> None:
    """Each god's track: its rune stone, the track and its spaces, every fifth numbered."""
    pen = ImageDraw.Draw(image)
    for i, god in enumerate(board.gods):
        y = track_y(lay, i)
        paste(image, rune_stone(god, god_colour(board, god)), (22, y), "lm")
        x0, x1 = TRACK_X0, TRACK_X0 + 20 * TRACK_STEP
        pen.rounded_rectangle((x0 - 6, y - 13, x1 + 6, y + 13), radius=12, fill=(232, 226, 212), outline=FRAME)
        for n in range(21):
            x = x0 + n * TRACK_STEP
            r = 4 if n % 5 else 6
            pen.ellipse((x - r, y - r, x + r, y + r), fill=mix(god_colour(board, god), (255, 255, 255), 0.6))
            if n % 5 == 0:
                draw_text(image, (x, y + 24), str(n), 14, MUTED, None)


def draw_tokens(image: Image.Image, state: VikingsState, lay: Layout) -> None:
    board = state.board
    for i, god in enumerate(board.gods):
        y = track_y(lay, i)
        total = state.fury.get(god, 0)
        spot = total if total <= 20 else min(total - 20, 20)
        paste(image, fury_token(god_colour(board, god)), (TRACK_X0 + spot * TRACK_STEP, y))
        draw_text(image, (TRACK_X0 + 20 * TRACK_STEP + 22, y), fury_text(total), PANEL_SIZE + 1, anchor="lm",
                  halo=None, bold=True)


@lru_cache(maxsize=8)
def fury_token(colour: RGB) -> Image.Image:
    """The marker on a god's fury track."""
    size = 26

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=colour, outline=INK, width=round(2 * k))
        d.ellipse((8 * k, 8 * k, (size - 8) * k, (size - 8) * k), outline=(255, 255, 255), width=round(2 * k))

    return supersampled((size, size), paint)
