"""Where things go on a Vikings board image: the image's regions and sizes (in output pixels,
whatever the map's own canvas size), and the map transform of one board: on the whole board
(`layout`) and on the posted view (`posted_layout`: the map as wide as the image, its names,
boats and counts large enough to read at Discord's preview size).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.basics import Point
from render.posted import LEAST, POSTED_W
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
class Sizes:
    """The sizes of what is drawn on a map: boat, settler, dock and fjord radii; island names,
    docks' names and fjords' names; temples, villages and rune stones."""

    boat: int = BOAT_R
    settler: int = SETTLER_R
    dock: int = DOCK_R
    fjord: int = FJORD_R
    name: int = NAME_SIZE
    label: int = LABEL_SIZE
    fjord_label: int = LABEL_SIZE - 1
    temple: int = 26
    village: int = 22
    rune: int = 17


FULL = Sizes()
POSTED = Sizes(boat=18, settler=17, dock=11, fjord=22, name=25, label=LEAST, fjord_label=LEAST, temple=30, village=26,
               rune=LEAST)
POSTED_PAD = 30  # sea around the posted map's own canvas
POSTED_MAX_H = 900


@dataclass(frozen=True)
class Layout:
    """Where things go for one board: the map transform, the map's size and the image's height,
    and the sizes of what is drawn on the map."""

    scale: float
    ox: float
    oy: float
    map_h: int
    height: int
    map_w: int = MAP_W
    sizes: Sizes = FULL
    map_top: int = 0  # where the map's box starts (below the posted view's header)

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


def posted_layout(board: Board, top: int, bottom: int) -> Layout:
    """The map of the posted view: as wide as the image, sizes for the preview (`POSTED`), with
    `top` pixels above it (the header) and `bottom` below (the player strip)."""
    scale = min((POSTED_W - 2 * POSTED_PAD) / board.width, (POSTED_MAX_H - 2 * POSTED_PAD) / board.height)
    map_h = math.ceil(board.height * scale + 2 * POSTED_PAD)
    ox = (POSTED_W - board.width * scale) / 2
    return Layout(scale, ox, top + POSTED_PAD, map_h, top + map_h + bottom, POSTED_W, POSTED, top)
