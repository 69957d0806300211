"""The colours of a Vikings board image, the fixed colours of its PNG palette, and each god's colour."""

from __future__ import annotations

from render.basics import INK, MUTED, PAPER, RGB, mix
from render.palette import PALETTE
from rules.vikings.board import Board

SEA: RGB = (197, 223, 235)
SEA_DEEP: RGB = (176, 207, 224)
WAVE: RGB = (214, 234, 243)
LINK: RGB = (118, 160, 186)
FERRY: RGB = (116, 90, 62)
LAND: RGB = (190, 211, 152)
LAND_EDGE: RGB = (104, 128, 84)
SAND: RGB = (233, 220, 176)
FJORD: RGB = (163, 200, 222)
FJORD_EDGE: RGB = (70, 118, 150)
DOCK: RGB = (255, 255, 255)
PANEL: RGB = (244, 239, 228)
FRAME: RGB = (150, 138, 116)
PATH_HALO: RGB = (255, 255, 255)
HULL: RGB = (120, 82, 50)
GOD_COLOURS: tuple[RGB, ...] = ((66, 84, 120), (128, 84, 40), (112, 64, 112))

FIXED_COLOURS: list[RGB] = [
    INK, PAPER, (255, 255, 255), SEA, SEA_DEEP, WAVE, LINK, FERRY, LAND, LAND_EDGE, SAND, FJORD, FJORD_EDGE,
    PANEL, FRAME, MUTED, HULL, *GOD_COLOURS, *(mix(g, (255, 255, 255), 0.6) for g in GOD_COLOURS),
    *(c for s in PALETTE.values() for c in (s.fill, s.tint, mix(s.fill, (255, 255, 255), 0.55))),
]


def god_colour(board: Board, god: str) -> RGB:
    return GOD_COLOURS[board.gods.index(god) % len(GOD_COLOURS)]

