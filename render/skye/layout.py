"""Where things go on an Isle of Skye board image (output pixels).

    +----------------------------------------+---------------------------+
    | territories: one slot per player, the  | header: round, phase, who |
    | viewer's first, each with its caption  | scoring tiles A-D         |
    |                                        | a card per player: VP,    |
    |                                        | gold, progress board,     |
    |                                        | bonus tiles, banners, the |
    |                                        | tiles drawn / on offer    |
    +----------------------------------------+---------------------------+
    | the progress board: what each space needs and gives  |    key     |
    +------------------------------------------------------+------------+
"""

from __future__ import annotations

WIDTH = 1500
PANEL_W = 560
TERR_W = WIDTH - PANEL_W
PANEL_X = TERR_W + 18
PANEL_INNER = PANEL_W - 36
SCORING_TOP = 170
SCORING_H = 180  # room for three lines of a scoring tile's text
CARDS_TOP = SCORING_TOP + SCORING_H + 6
CARD_H = 158
STRIP_H = 236
MIN_TERR_H = 700
CAPTION_H = 40
GAP = 14
MAX_TILE = 88
FOCUS_TILE = 112

# the mini progress board in a card
CELL_W = 25
CELL_H = 19
TRACK_LABEL_W = 22
# the reference progress board in the strip
REF_CELL_W = 86
REF_ROW_H = 50


def panel_height(players: int) -> int:
    return CARDS_TOP + players * CARD_H + 8


def image_height(players: int) -> int:
    return max(MIN_TERR_H, panel_height(players)) + STRIP_H


def territory_height(players: int) -> int:
    return image_height(players) - STRIP_H
