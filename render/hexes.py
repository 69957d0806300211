"""Hex maps: pointy-top hexes in axial coordinates.

Coordinates. A hex is `(q, r)` in axial coordinates (Red Blob Games, "Hexagonal Grids"): q grows
to the east, r to the south-east; the third cube coordinate is s = -q - r. Hexes are POINTY-TOP
(a corner straight up), so rows of hexes are horizontal lines and every other row is shifted
half a hex to the right ("odd-r" offset rows when counted from r = 0).

Naming. `hex_name` is a default way to name hexes for players to type: a column letter and a row
number like a spreadsheet, "A1" the top left, "D7" the fourth column of the seventh row, with
columns counted in odd-r offset coordinates (so a column zig-zags down the map). A game's rules
own its names (they parse what players type); they may use this scheme or any other and pass the
names to `draw_label`.

Drawing. `HexGrid` maps hexes to pixels (`fit_grid` chooses the size and origin that fit a set of
hexes in a box). `draw_hex` fills a hex by terrain (colour, pattern and letter: readable without
colour; see `render.terrain`); hex sprites are cached per terrain and size, so a whole map is
a few hundred pastes. `draw_label` writes a hex's name, `draw_stack` the units in a hex (a marker
per owner and unit type with the type's letter and a count), `draw_path` a path through hex
centres with arrows, `draw_path_marks` tags at chosen hexes (drops, pick-ups).

Drawing order for a board: `draw_hexes` (static: cache it in the board's static layer with
`render.layers`), labels, then per state `draw_path`, `draw_stack`s, `draw_path_marks`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, Box, Point, mix
from render.lines import draw_route
from render.marks import chip_spots, draw_tags, unit_sprite
from render.terrain import Terrain, polygon_sprite, terrain
from render.text import draw_text, paste

Hex = tuple[int, int]
SQRT3 = math.sqrt(3)

# the six neighbours, starting east and turning clockwise (on screen: y grows downwards)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@dataclass(frozen=True)
class HexGrid:
    """Pointy-top hexes of `size` pixels from centre to corner, hex (0, 0) centred on `origin`."""

    size: float
    origin: Point = (0.0, 0.0)

    def centre(self, hex: Hex) -> Point:
        """The pixel centre of `hex`."""
        q, r = hex
        return self.origin[0] + self.size * SQRT3 * (q + r / 2), self.origin[1] + self.size * 1.5 * r

    def corners(self, hex: Hex) -> list[Point]:
        """The six corners of `hex`, clockwise from the one at the upper right."""
        cx, cy = self.centre(hex)
        return [(cx + self.size * math.cos(math.radians(a)), cy + self.size * math.sin(math.radians(a)))
                for a in (-30, 30, 90, 150, 210, 270)]

    def at(self, point: Point) -> Hex:
        """The hex containing the pixel `point`."""
        x, y = point[0] - self.origin[0], point[1] - self.origin[1]
        q = (SQRT3 / 3 * x - y / 3) / self.size
        r = (2 / 3 * y) / self.size
        return hex_round(q, r)

    @property
    def width(self) -> float:
        """The width of one hex (flat side to flat side)."""
        return SQRT3 * self.size

    @property
    def height(self) -> float:
        """The height of one hex (corner to corner)."""
        return 2 * self.size


def hex_round(q: float, r: float) -> Hex:
    """The hex nearest to fractional axial coordinates."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def neighbours(hex: Hex) -> list[Hex]:
    """The six hexes around `hex`, from the east clockwise."""
    return [(hex[0] + dq, hex[1] + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """How many steps apart two hexes are."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_offset(hex: Hex) -> tuple[int, int]:
    """Axial to odd-r offset (column, row)."""
    q, r = hex
    return q + (r - (r & 1)) // 2, r


def from_offset(col: int, row: int) -> Hex:
    """Odd-r offset (column, row) to axial."""
    return col - (row - (row & 1)) // 2, row


def column_letters(col: int) -> str:
    """0 → "A", 25 → "Z", 26 → "AA" (spreadsheet columns)."""
    letters = ""
    col += 1
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def hex_name(hex: Hex, first: Hex = (0, 0)) -> str:
    """The default name of `hex`: its odd-r column as letters and its row as a number, counted
    from the hex `first` (named "A1"). From (0, 0): (1, 0) is "B1", (0, 1) is "A2", (3, 6) is
    "G7". Columns and rows before `first` have no name (ValueError)."""
    col, row = to_offset(hex)
    col0, row0 = to_offset(first)
    if col < col0 or row < row0:
        raise ValueError(f"hex {hex} lies before the first named hex {first}")
    return f"{column_letters(col - col0)}{row - row0 + 1}"


def grid_box(grid: HexGrid, hexes: Iterable[Hex]) -> Box:
    """The pixel box around every hex of `hexes` drawn on `grid`."""
    points = [p for h in hexes for p in grid.corners(h)]
    if not points:
        return grid.origin[0], grid.origin[1], grid.origin[0], grid.origin[1]
    return min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points)


def fit_grid(hexes: Iterable[Hex], box: Box, max_size: float = 48.0) -> HexGrid:
    """The grid with the largest hex size (at most `max_size`) that fits `hexes` in `box`,
    centred in it."""
    cells = list(hexes)
    if not cells:
        return HexGrid(max_size, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
    unit = grid_box(HexGrid(1.0), cells)
    w, h = unit[2] - unit[0], unit[3] - unit[1]
    size = min(max_size, (box[2] - box[0]) / w, (box[3] - box[1]) / h)
    ox = (box[0] + box[2]) / 2 - (unit[0] + unit[2]) / 2 * size
    oy = (box[1] + box[3]) / 2 - (unit[1] + unit[3]) / 2 * size
    return HexGrid(size, (ox, oy))


@lru_cache(maxsize=256)
def hex_sprite(kind: str | Terrain, size: float, outline: RGB | None = INK, width: int = 1,
               letter: bool = True) -> Image.Image:
    """One hex of terrain `kind` (pointy-top, `size` from centre to corner), with its outline
    and (if `letter`) the terrain's letter in the upper part, as a cached RGBA sprite centred on
    its middle pixel."""
    t = terrain(kind)
    w, h = math.ceil(SQRT3 * size) + 3, math.ceil(2 * size) + 3
    centre = (w / 2, h / 2)
    corners = HexGrid(size, centre).corners((0, 0))
    sprite = polygon_sprite(tuple(corners), (w, h), t, outline, width)
    if letter and t.letter:
        text_size = max(10, round(size * 0.34))
        draw_text(sprite, (centre[0], centre[1] - size * 0.6), t.letter, text_size, mix(t.ink, INK, 0.4), t.fill,
                  halo_width=2, bold=True)
    return sprite


def draw_hex(image: Image.Image, grid: HexGrid, hex: Hex, kind: str | Terrain, outline: RGB | None = INK,
             width: int = 1, letter: bool = True) -> None:
    """Fill `hex` by terrain `kind`: its colour, pattern and (if `letter`) letter, outlined."""
    paste(image, hex_sprite(kind, round(grid.size, 2), outline, width, letter), grid.centre(hex))


def draw_hexes(image: Image.Image, grid: HexGrid, terrains: Mapping[Hex, str | Terrain], outline: RGB | None = INK,
               width: int = 1, letter: bool = True) -> None:
    """Every hex of a map: `terrains` maps each hex to its terrain."""
    for hex, kind in terrains.items():
        draw_hex(image, grid, hex, kind, outline, width, letter)


def draw_label(image: Image.Image, grid: HexGrid, hex: Hex, name: str, size: int | None = None,
               fill: RGB = INK) -> None:
    """The name of `hex` (for example "D7") in its lower part, haloed."""
    text_size = size or max(10, round(grid.size * 0.32))
    draw_text(image, (grid.centre(hex)[0], grid.centre(hex)[1] + grid.size * 0.6), name, text_size, fill,
              halo_width=2, bold=True)


@dataclass(frozen=True)
class Unit:
    """`count` units of type `kind` (a letter or two) belonging to the player of colour `owner`."""

    owner: str
    kind: str
    count: int = 1


def draw_stack(image: Image.Image, grid: HexGrid, hex: Hex, units: Sequence[Unit], radius: int | None = None) -> None:
    """The units in `hex`: a marker per owner and type (the owner's shape and colour, the type's
    letter, the count in a tag), in rows centred in the hex; markers shrink (down to a radius of
    9 pixels) until they fit in two rows. Draw paths before stacks, stacks before labels."""
    if not units:
        return
    room = grid.size * 1.62
    largest = radius or max(8, min(13, round(grid.size * 0.3)))
    for r in range(largest, 7, -1):
        sprites = [unit_sprite(u.owner, u.kind, u.count, r) for u in units]
        spots = chip_spots(sprites, grid.centre(hex), room)
        if len({y for _, y in spots}) <= 2 or radius or r <= 9:
            break
    for sprite, at in zip(sprites, spots):
        paste(image, sprite, at)


def draw_path(image: Image.Image, grid: HexGrid, path: Sequence[Hex], colour: RGB, end_gap: float = 0.0) -> None:
    """A path through the centres of `path`, arrows pointing the way; `end_gap` stops it short
    of the last hex (to leave the piece there visible). Draw it before the stacks."""
    points = [grid.centre(h) for h in path]
    width = max(3, round(grid.size / 9))
    draw_route(ImageDraw.Draw(image), points, colour, end_gap, width=width, head=4 * width)


def draw_path_marks(image: Image.Image, grid: HexGrid, marks: Mapping[Hex, str], colour: RGB) -> None:
    """A tag at the upper right of each hex in `marks` with its text (for example "+2" where
    units are picked up, "-1" where one is dropped). Draw them after the stacks."""
    draw_tags(image, [(grid.centre(h), text) for h, text in marks.items()], colour,
              (grid.size * 0.42, -grid.size * 0.6))
