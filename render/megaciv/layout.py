"""Where things go on a Mega Civilization board image.

Two kinds of image, the same layout:

    +-------------------------------------------------------------+
    | MEGA CIVILIZATION / map title     phase line / whose turn   |  header
    +-------------------------------------------------------------+
    |                                                             |
    |   the map (all of it, or a close-up of the focused areas)   |
    |                                                             |
    +-------------------------------------------------------------+
    | movement order with census | conflicts | key                |  band
    +-------------------------------------------------------------+

The whole map is `FULL_W` pixels wide (Oikumene's 300 land areas at ~60-90 px each: counts read
when the image is opened); a focus (a region, or the areas around a player's pieces, see
`rules.megaciv.queries.focus_areas`) is a close-up `FOCUS_W` wide where areas are several times
larger. Sizes of names, chips and ships follow the pixel size of a typical area in the view.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from functools import lru_cache

from render.areas import Area, View, bounds, fit_view, region_view
from render.basics import Point
from render.posted import least
from rules.megaciv.board import Area as MapArea
from rules.megaciv.board import Board

HEADER_H = 104
FULL_W = 2000  # the widest whole map (a smaller board is drawn narrower, see `full_width`)
FULL_MIN_W = 1400
AREA_PIXELS = 85  # a typical area's width on the whole map
FULL_MAP_MAX_H = 1260
FOCUS_W = 1000
FOCUS_MAP_MAX_H = 880
MAP_MARGIN = 14
FOCUS_MARGIN = 46  # the neighbours shown around a focus
CAPTION_H = 50  # a "where can this piece go" image's caption strip, between the header and the map
REACH_SPAN = (5.0, 3.5)  # the least such a close-up shows, in typical area widths (across, down)
REACH_MAP_MAX_H = 1000
REACH_LEAST = least(FOCUS_W)  # its smallest text: read at Discord's preview
ORDER_ROW = 27
ORDER_HEAD = 44
BAND_PAD = 16


@dataclass(frozen=True)
class Sizes:
    """Pixel sizes of what is drawn on the map, for one view."""

    name: int  # area names
    sea: int  # open-sea names
    badge: int  # the population limit badge's radius
    chip: int  # token chips' radius
    city: int  # a city's width
    ship: int  # a ship's width
    arrow: int  # arrow width
    tags: bool  # whether conflict tags carry words (close-ups) or just the sign
    tag: int = 12  # the text of tags: conflicts, voyages' +n/-n, a move's count
    least: int = 0  # no text smaller (the posted view's)
    row: float = 2.3  # half the width of a row of pieces, in chips' radii


@dataclass(frozen=True)
class Frame:
    """One image's geometry: the map view (map units → pixels inside the map box), the map box's
    top, the band below it, and the sizes of things."""

    width: int
    height: int
    view: View
    map_top: int
    map_h: int
    band_top: int
    band_h: int
    order_columns: int
    order_rows: int
    column_w: int  # one column of the movement order
    key_x: int
    key_columns: int
    conflicts_x: int  # the conflict list (0: none, on close-ups or when there is no room)
    conflicts_w: int
    sizes: Sizes
    focused: frozenset[str] | None  # the focus's areas (None: the whole map)
    title: str  # the map's title, and the focus's

    def xy(self, point: Point) -> Point:
        x, y = self.view.xy(point)
        return x, y + self.map_top

    def map_box(self) -> tuple[int, int, int, int]:
        return 0, self.map_top, self.width, self.map_top + self.map_h


def typical_size(board: Board) -> float:
    """The median width of a land area in map units."""
    return _typical(board.map.areas)


@lru_cache(maxsize=8)
def _typical(areas: tuple[MapArea, ...]) -> float:
    widths = []
    for a in areas:
        if a.kind == "land" and a.points:
            left, top, right, bottom = bounds(a.points)
            widths.append(math.sqrt((right - left) * (bottom - top)))
    return statistics.median(widths) if widths else 100.0


def sizes_for(pixels: float, full: bool) -> Sizes:
    """Sizes for a view where a typical area is `pixels` wide."""
    def clamp(value: float, low: int, high: int) -> int:
        return int(min(max(round(value), low), high))

    top = 0.8 if full else 1.0  # the whole map stays compact even on a small board
    return Sizes(
        name=clamp(pixels * 0.15, 12, round(20 * top)),
        sea=clamp(pixels * 0.13, 11, round(17 * top)),
        badge=clamp(pixels * 0.075, 8, round(12 * top)),
        chip=clamp(pixels * 0.12, 10, round(17 * top)),
        city=clamp(pixels * 0.28, 22, round(36 * top)),
        ship=clamp(pixels * 0.32, 28, round(42 * top)),
        arrow=clamp(pixels * 0.035, 3, 6),
        tags=not full,
    )


def reach_sizes(pixels: float) -> Sizes:
    """Sizes for a "where can this piece go" image where a typical area is `pixels` wide: every
    text (names, limits, counts, ships' and cities' letters, costs, tags) `REACH_LEAST` or more."""
    least_ = REACH_LEAST
    return Sizes(name=int(min(max(round(pixels * 0.15), least_), least_ + 4)), sea=least_,
                 badge=math.ceil(least_ / 1.25), chip=math.ceil(least_ / 1.05), city=math.ceil(least_ / 0.42),
                 ship=math.ceil(least_ / 0.34), arrow=int(min(max(round(pixels * 0.035), 3), 6)), tags=False,
                 tag=least_, least=least_, row=3.6)


def order_shape(seats: int, full: bool) -> tuple[int, int]:
    """(columns, rows) of the movement order in the band."""
    rows = 6 if full else 9
    columns = max(1, math.ceil(seats / rows))
    return columns, math.ceil(seats / columns) if seats else 1


KEY_ENTRIES = 13
KEY_ROW = 25
KEY_ROW_FOCUS = 25
ORDER_W, ORDER_FOCUS_W = 330, 290
KEY_COLUMN = 300
CONFLICTS_MIN_W = 260


def full_width(board: Board) -> int:
    """The whole map's image width: a typical area `AREA_PIXELS` wide, within FULL_MIN_W–FULL_W."""
    wanted = board.map.width * AREA_PIXELS / typical_size(board) + 2 * MAP_MARGIN
    return int(min(max(wanted, FULL_MIN_W), FULL_W))


def frame(board: Board, focused: tuple[str, ...] | None, seats: int, title: str, reach: bool = False) -> Frame:
    """The geometry of an image of `board` (whole, or framing the `focused` areas) for `seats` players.
    `reach`: an image of where a piece can go (`render.megaciv.reach`): a caption strip under the
    header, no band, a close-up at least `REACH_SPAN` areas large (one step's reach is a few
    areas) and up to `REACH_MAP_MAX_H` high, its text read at the preview (`reach_sizes`)."""
    m = board.map
    full = focused is None
    if full:
        width = full_width(board)
        scale = min((width - 2 * MAP_MARGIN) / m.width, (FULL_MAP_MAX_H - 2 * MAP_MARGIN) / m.height)
        map_h = math.ceil(m.height * scale + 2 * MAP_MARGIN)
        view = fit_view([(0, 0), (m.width, m.height)], (width, map_h), MAP_MARGIN)
    else:
        land = [a for a in focused or () if board.areas[a].kind == "land"]  # open seas are wide: frame the land
        shapes = outlines(board)
        if reach:
            shapes = (*shapes, Area("", at_least(board, land or focused or ())))
            land = [""]
        view = region_view(shapes, land or focused or (), FOCUS_W, REACH_MAP_MAX_H if reach else FOCUS_MAP_MAX_H,
                           FOCUS_MARGIN)
        width, map_h = view.size
    columns, rows = order_shape(seats, full)
    column_w = ORDER_W if full else ORDER_FOCUS_W
    order_right = 20 + columns * column_w
    key_columns = 2 if full and width - order_right >= 2 * KEY_COLUMN + CONFLICTS_MIN_W else 1
    key_x = width - key_columns * KEY_COLUMN - 10
    conflicts_w = key_x - order_right - 30 if full else 0
    conflicts_x = order_right + 10 if conflicts_w >= CONFLICTS_MIN_W else 0
    key_rows = math.ceil(KEY_ENTRIES / key_columns)
    key_h = 40 + key_rows * (KEY_ROW if full else KEY_ROW_FOCUS)
    band_h = 0 if reach else max(ORDER_HEAD + rows * ORDER_ROW + 26, key_h, 150 if full else 0) + 2 * BAND_PAD
    map_top = HEADER_H + (CAPTION_H if reach else 0)
    band_top = map_top + map_h
    pixels = typical_size(board) * view.scale
    return Frame(width, band_top + band_h, view, map_top, map_h, band_top, band_h, columns, rows, column_w, key_x,
                 key_columns, conflicts_x, conflicts_w, reach_sizes(pixels) if reach else sizes_for(pixels, full),
                 None if full else frozenset(focused or ()), title)


def at_least(board: Board, names: tuple[str, ...] | list[str]) -> tuple[Point, Point, Point, Point]:
    """The box (map units, as a ring of corners) around the `names` areas, widened about its
    centre to at least `REACH_SPAN` typical areas across and down."""
    left, top, right, bottom = bounds(p for a in names for p in board.areas[a].points)
    size = typical_size(board)
    wide, high = max(right - left, REACH_SPAN[0] * size), max(bottom - top, REACH_SPAN[1] * size)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    left, right, top, bottom = cx - wide / 2, cx + wide / 2, cy - high / 2, cy + high / 2
    return (left, top), (right, top), (right, bottom), (left, bottom)


def outlines(board: Board) -> tuple[Area, ...]:
    """Every area as `render.areas` draws it (outline in map units; open seas are water)."""
    return _outlines(board.map.areas)


@lru_cache(maxsize=8)
def _outlines(areas: tuple[MapArea, ...]) -> tuple[Area, ...]:
    return tuple(Area(a.name, tuple((float(x), float(y)) for x, y in a.points), a.kind == "sea") for a in areas)
