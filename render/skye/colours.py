"""The colours of an Isle of Skye board image, its terrains (colour, pattern and letter) and the
fixed colours of its PNG palette."""

from __future__ import annotations

from render.basics import INK, MUTED, PAPER, RGB, WHITE, mix
from render.palette import PALETTE
from render.terrain import Terrain
from render.tiles import ROAD

BACKGROUND: RGB = (236, 232, 220)
PANEL: RGB = (244, 239, 228)
FRAME: RGB = (150, 138, 116)
SLOT: RGB = (226, 221, 206)
WALK: RGB = (52, 36, 92)  # the journeyman's last walk
PLAN: RGB = (0, 96, 170)  # a sealed plan, on its author's own board
GOLD: RGB = (176, 128, 16)
ALERT: RGB = (150, 40, 20)
TRACK_FILL: RGB = (250, 247, 238)
TRACK_DONE: RGB = (214, 206, 186)
BRIDGE: RGB = (120, 96, 64)
SCORING: RGB = (232, 244, 226)
SCORING_NOW: RGB = (255, 236, 170)

PASTURE = Terrain("pasture", (198, 224, 150), (126, 160, 84), "grass", "P")
WATER = Terrain("water", (158, 202, 232), (84, 136, 184), "waves", "W")
MOUNTAIN = Terrain("mountain", (178, 164, 150), (96, 80, 70), "peaks", "M")
TERRAINS = {"pasture": PASTURE, "water": WATER, "mountain": MOUNTAIN}

FIXED_COLOURS: list[RGB] = [
    INK, PAPER, WHITE, MUTED, BACKGROUND, PANEL, FRAME, SLOT, WALK, PLAN, GOLD, ALERT, TRACK_FILL, TRACK_DONE,
    BRIDGE, SCORING, SCORING_NOW, ROAD, *(c for t in TERRAINS.values() for c in (t.fill, t.ink)),
    *(c for s in PALETTE.values() for c in (s.fill, s.tint, mix(s.fill, WHITE, 0.55))),
]
