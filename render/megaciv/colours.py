"""The colours and fills of the Mega Civilization board (players' colours are the data's own)."""

from __future__ import annotations

from render.basics import RGB
from render.terrain import Terrain

LIMIT_FILLS: tuple[RGB, ...] = ((238, 228, 194), (224, 233, 190), (208, 226, 172), (190, 216, 154),
                                (170, 204, 138), (150, 192, 122))  # land by population limit 0 … 5+
LAND_EDGE: RGB = (92, 106, 70)
DIM: RGB = (226, 226, 222)  # land outside a focus is washed towards this
OPEN_SEA = Terrain("open sea", (98, 142, 192), (64, 104, 156), "double-waves", "O")
OUT_OF_PLAY = Terrain("out of play", (150, 140, 128), (104, 96, 86), "hatch", "X")
SEA_INK: RGB = (18, 42, 84)
FRAME: RGB = (150, 140, 120)
PIRATE_FILL: RGB = (46, 46, 52)
BARBARIAN_FILL: RGB = (120, 40, 24)
CONFLICT: RGB = (214, 32, 40)
HIGHLIGHT: RGB = (255, 236, 160)  # the row of whoever moves now


def limit_fill(limit: int) -> RGB:
    return LIMIT_FILLS[min(max(limit, 0), len(LIMIT_FILLS) - 1)]
REACH: RGB = (255, 204, 0)  # where a piece can go: a hi-vis yellow band edged in ink, and its cost's disc
ROUTE: RGB = (70, 70, 78)  # the faint dotted routes to those places
