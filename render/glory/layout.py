"""Where things go on a Glory board image: sizes (output pixels), the flat-topped hex grid and the
image's regions for one board (or one part of it, for a focused view).

Hexes are FLAT-TOPPED here, as the rules draw them (`rules.hexes`: x = 1.5 q, y = √3 (r + q/2)
hex radii, y down), so the shared pointy-top `render.hexes` grid does not fit; this module has
its own small grid with the same conventions as the rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from render.basics import Point

SQRT3 = math.sqrt(3)

WIDTH = 1700
PANEL_W = 440
MAP_W = WIDTH - PANEL_W
MAP_PAD = 14
MAX_RADIUS = 46.0  # hex radius (centre to corner) on small maps
MIN_HEIGHT = 1150  # the panel's room: header, four player cards, five event rows, previews or key
FOCUS_RADIUS = 58.0  # a focused part of the map is drawn this large (or as large as fits)

# --- sizes --------------------------------------------------------------------------------------

PANEL_SIZE = 20
SMALL_SIZE = 16
CARD_H = 96
EVENT_ROW_H = 56


@dataclass(frozen=True)
class Grid:
    """Flat-topped hexes of `size` pixels from centre to corner; axial (0, 0) centred on `origin`;
    no text on the map smaller than `least` pixels (the posted view's; 0 on the whole board)."""

    size: float
    origin: Point
    least: int = 0

    def centre(self, h: tuple[int, int]) -> Point:
        q, r = h
        return self.origin[0] + 1.5 * self.size * q, self.origin[1] + SQRT3 * self.size * (r + q / 2)

    def corners(self, h: tuple[int, int]) -> list[Point]:
        """The six corners, from the east one clockwise (on screen): E, SE, SW, W, NW, NE."""
        cx, cy = self.centre(h)
        return [(cx + self.size * math.cos(math.radians(60 * k)), cy + self.size * math.sin(math.radians(60 * k)))
                for k in range(6)]


# the corners (indices into Grid.corners) bounding the edge towards each rules direction
# N (0,-1), NE (1,-1), SE (1,0), S (0,1), SW (-1,1), NW (-1,0)
EDGE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))


def extent(cells: Iterable[tuple[int, int]]) -> tuple[float, float, float, float]:
    """The box (in hex radii, origin at axial (0, 0)) around every hex of `cells`."""
    xs, ys = [], []
    for q, r in cells:
        x, y = 1.5 * q, SQRT3 * (r + q / 2)
        xs += [x - 1, x + 1]
        ys += [y - SQRT3 / 2, y + SQRT3 / 2]
    return min(xs), min(ys), max(xs), max(ys)


def fit(cells: Iterable[tuple[int, int]], box: tuple[float, float, float, float], largest: float) -> Grid:
    """The grid with the largest hex radius (at most `largest`) that fits `cells` in `box`, centred."""
    x0, y0, x1, y1 = extent(cells)
    size = min(largest, (box[2] - box[0]) / (x1 - x0), (box[3] - box[1]) / (y1 - y0))
    ox = (box[0] + box[2]) / 2 - (x0 + x1) / 2 * size
    oy = (box[1] + box[3]) / 2 - (y0 + y1) / 2 * size
    return Grid(size, (ox, oy))


@dataclass(frozen=True)
class Layout:
    """One board's image: the hex grid, the map's height, the image's height."""

    grid: Grid
    map_h: int
    height: int


def layout(axials: Iterable[tuple[int, int]]) -> Layout:
    """The whole-board layout for a field of hexes."""
    cells = list(axials)
    x0, y0, x1, y1 = extent(cells)
    size = min(MAX_RADIUS, (MAP_W - 2 * MAP_PAD) / (x1 - x0))
    map_h = math.ceil((y1 - y0) * size + 2 * MAP_PAD)
    height = max(map_h, MIN_HEIGHT)
    grid = fit(cells, (MAP_PAD, MAP_PAD + (height - map_h) / 2, MAP_W - MAP_PAD, (height + map_h) / 2 - MAP_PAD),
               size)
    return Layout(grid, map_h, height)
