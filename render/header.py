"""The board header every game's board draws at the top of its side panel (or of the image):

    TINY EPIC VIKINGS                 <- the game's title, small capitals, muted
    Nordhav                           <- the board's title
    Era 2   raid a village: 2 steel   <- the phase or round line, and a muted note
    (R) Red's turn  (1 sail left)     <- whose turn: a marker for each player awaited, and text

The titles depend only on the board, so a renderer with a cached static layer draws them there
(`draw_titles`) and the two lines that change in each drawing (`draw_status`); `draw_header`
draws all four. Each returns the y just below what it drew, where the rest of the panel starts.
All text passes through `plain` (drawable in any script) and is cut to `width`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image

from render.basics import INK, MUTED, Point
from render.marks import marker_sprite
from render.text import draw_text, fit, paste, plain, shrunk, text_width

GAME_SIZE = 16
BOARD_SIZE = 26
PHASE_SIZE = 25
NOTE_SIZE = 19
TURN_SIZE = 21
TURN_MARKER = 14

TITLES_HEIGHT = 76  # from the top of the header to the top of the status lines
STATUS_HEIGHT = 90  # the phase line and the turn line
HEADER_HEIGHT = TITLES_HEIGHT + STATUS_HEIGHT


class StatusSizes(NamedTuple):
    """The status lines' sizes: the phase, its note, the turn line and its markers, and the
    distance from the phase line to the turn line."""

    phase: int = PHASE_SIZE
    note: int = NOTE_SIZE
    turn: int = TURN_SIZE
    marker: int = TURN_MARKER
    line: int = 40


BOARD_STATUS = StatusSizes()


def draw_titles(image: Image.Image, origin: Point, game: str, board: str, width: float) -> float:
    """The game's title (in capitals) and the board's title, from `origin` (top-left)."""
    x, top = origin
    draw_text(image, (x, top + 16), fit(plain(game).upper(), GAME_SIZE, width), GAME_SIZE, MUTED, None, anchor="lt",
              bold=True)
    draw_text(image, (x, top + 38), fit(plain(board), BOARD_SIZE, width), BOARD_SIZE, INK, None, anchor="lt",
              bold=True)
    return top + TITLES_HEIGHT


def draw_status(image: Image.Image, origin: Point, phase: str, width: float, note: str = "", turn: str = "",
                awaited: Sequence[str] = (), sizes: StatusSizes = BOARD_STATUS) -> float:
    """The phase (or round) line with an optional muted `note` after it, then the turn line:
    the marker of every player colour in `awaited` (several when everyone acts at once) and
    `turn` (for example "Red's turn  (1 sail left)"), from `origin` (top-left)."""
    x, top = origin
    y = top + 16
    box = draw_text(image, (x, y), fit(plain(phase), sizes.phase, width), sizes.phase, INK, None, anchor="lm",
                    bold=True)
    if note:
        room = x + width - box[2] - 14
        draw_text(image, (box[2] + 14, y), fit(plain(note), sizes.note, room), sizes.note, MUTED, None, anchor="lm")
    y += sizes.line
    shown = list(awaited)[:6]
    step = 2 * sizes.marker + 2
    for i, colour in enumerate(shown):
        paste(image, marker_sprite(colour, sizes.marker), (x + sizes.marker + step * i, y))
    if turn:
        left = x + step * len(shown) + 8 if shown else x
        text, room = plain(turn), x + width - left
        size = shrunk(text, sizes.turn, room, min(sizes.turn, sizes.note))  # smaller rather than cut,
        lines = [text]
        if text_width(text, size) > room:  # or in two lines
            words = text.split()
            cut = max((i for i in range(1, len(words)) if text_width(" ".join(words[:i]), size) <= room), default=1)
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
            y -= (size + 4) / 2
        for n, line in enumerate(lines):
            draw_text(image, (left, y + n * (size + 4)), fit(line, size, room), size, INK, None, anchor="lm",
                      bold=True)
    return top + sizes.line + STATUS_HEIGHT - 40


def draw_header(image: Image.Image, origin: Point, width: float, game: str, board: str, phase: str, note: str = "",
                turn: str = "", awaited: Sequence[str] = ()) -> float:
    """The whole header (titles and status) from `origin`; returns the y below it."""
    below = draw_titles(image, origin, game, board, width)
    return draw_status(image, (origin[0], below), phase, width, note, turn, awaited)
