"""Where things go on a Vikings board image: the image's regions and sizes (in output pixels,
whatever the map's own canvas size), and the map transform of one board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.basics import Point
from rules.vikings.board import Board

# --- geometry ---------------------------------------------------------------------------------

WIDTH = 1500
PANEL_W = 440
MAP_W = WIDTH - PANEL_W
MAP_PAD = 34  # sea around the map's own canvas
MAP_MAX_H = 820
STRIP_H = 250  # fury tracks and key under the map
STATIC_SCALE = 3  # the static map is drawn this much larger, then reduced (smooth coasts)

# --- sizes ------------------------------------------------------------------------------------

BOAT_R = 17
SETTLER_R = 12
DOCK_R = 9
FJORD_R = 19
NAME_SIZE = 24
LABEL_SIZE = 17
PANEL_SIZE = 21


@dataclass(frozen=True)
class Layout:
    """Where things go for one board: the map transform and the image's regions."""

    scale: float
    ox: float
    oy: float
    map_h: int
    height: int

    def xy(self, x: float, y: float) -> Point:
        return self.ox + x * self.scale, self.oy + y * self.scale


PANEL_TOP = 222  # title, era, status, waiting bumps
CARD_H = 124
TABLE_HEAD = 70
TABLE_ROW = 27


def layout(board: Board) -> Layout:
    """The map transform and the image height for `board` (room for its largest table)."""
    scale = min((MAP_W - 2 * MAP_PAD) / board.width, (MAP_MAX_H - 2 * MAP_PAD) / board.height)
    map_h = math.ceil(board.height * scale + 2 * MAP_PAD)
    ox = (MAP_W - board.width * scale) / 2
    panel = PANEL_TOP + board.max_players * CARD_H + TABLE_HEAD + len(board.islands) * TABLE_ROW + 20
    height = max(map_h + STRIP_H, panel)
    return Layout(scale, ox, MAP_PAD, map_h, height)


def image_size(board: Board) -> tuple[int, int]:
    """The size of every image drawn for `board`."""
    return WIDTH, layout(board).height
