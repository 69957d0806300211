"""Square tile grids: territories of tiles at integer (x, y) (Isle of Skye).

Coordinates. A tile sits at integer (x, y): x grows to the east, y to the SOUTH (down the image,
as pixels do), so (0, -1) is north of (0, 0). Edges are named "n", "e", "s", "w".

Tiles. A `Tile` is drawn from its zones: each `Zone` is a terrain touching some of the four
edges (the edges' triangles towards the centre are filled with it; a zone touching two opposite
edges only gets a band across the middle joining them; a zone touching none is a pond or field
in the middle). Boundaries between zones are outlined, terrains carry their pattern and letter
(`render.terrain`), so a tile reads without colour. `roads` lists the edges a road leaves by (the
stubs meet in the middle), `features` short texts drawn as round badges (a castle "C", whisky
"W" — the game chooses), away from the roads. `rotate` turns a tile as it is placed. Tile
sprites are cached per tile and size, so a whole territory is a few dozen pastes.

Layout. `TileGrid` maps cells to pixels; `fit_territories` fits several players' territories in
one image (one size for all, each centred in its own slot, with room for a caption), and
`draw_territory` draws one. `draw_path` runs across tile centres with arrows, `draw_marker`
puts a player's marker on a tile, `draw_path_marks` adds tags (drops, pick-ups).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.basics import INK, RGB, WHITE, Box, Point, mix
from render.lines import draw_route
from render.marks import SUPERSAMPLE, draw_tags, marker_sprite, supersampled
from render.terrain import Terrain, terrain, texture
from render.text import draw_text, forget_when_recording, paste, place, text_sprite

Cell = tuple[int, int]
EDGES = "nesw"
STEP: dict[str, Cell] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
ROAD: RGB = (214, 190, 140)


@dataclass(frozen=True)
class Zone:
    """A terrain region of a tile touching `edges` (any of "nesw"; "" for one in the middle)."""

    terrain: str | Terrain
    edges: str


@dataclass(frozen=True)
class Tile:
    """A square tile: its zones (each edge in at most one; edges in none are `base`), the edges
    roads leave by, and feature badges (short texts)."""

    zones: tuple[Zone, ...]
    roads: str = ""
    features: tuple[str, ...] = ()
    base: str | Terrain = "plains"

    def edge(self, side: str) -> str | Terrain:
        """The terrain along edge `side`."""
        for zone in self.zones:
            if side in zone.edges:
                return zone.terrain
        return self.base


def rotate(tile: Tile, quarter_turns: int) -> Tile:
    """`tile` turned clockwise by `quarter_turns` quarter turns (n → e → s → w)."""
    turn = quarter_turns % 4

    def moved(edges: str) -> str:
        return "".join(sorted((EDGES[(EDGES.index(e) + turn) % 4] for e in edges), key=EDGES.index))

    return replace(tile, zones=tuple(Zone(z.terrain, moved(z.edges)) for z in tile.zones), roads=moved(tile.roads))


@dataclass(frozen=True)
class TileGrid:
    """Tiles of `size` pixels, tile (0, 0)'s top-left corner at `origin`."""

    size: float
    origin: Point = (0.0, 0.0)

    def box(self, cell: Cell) -> Box:
        """The pixel box of `cell`."""
        x0 = self.origin[0] + cell[0] * self.size
        y0 = self.origin[1] + cell[1] * self.size
        return x0, y0, x0 + self.size, y0 + self.size

    def centre(self, cell: Cell) -> Point:
        """The pixel centre of `cell`."""
        return self.origin[0] + (cell[0] + 0.5) * self.size, self.origin[1] + (cell[1] + 0.5) * self.size

    def at(self, point: Point) -> Cell:
        """The cell containing the pixel `point`."""
        return math.floor((point[0] - self.origin[0]) / self.size), math.floor((point[1] - self.origin[1]) / self.size)


def cell_bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """The smallest and largest x and y of `cells`: (x0, y0, x1, y1), inclusive."""
    found = list(cells)
    if not found:
        return 0, 0, 0, 0
    return min(x for x, _ in found), min(y for _, y in found), max(x for x, _ in found), max(y for _, y in found)


@dataclass(frozen=True)
class Slot:
    """Where one territory goes: its grid, its slot's box, and where its caption goes (the
    middle of the slot's top strip)."""

    grid: TileGrid
    box: Box
    caption: Point


def fit_territories(territories: Sequence[Iterable[Cell]], box: Box, gap: float = 16, caption: float = 0,
                    max_size: float = 96) -> list[Slot]:
    """Slots for several territories in `box`: in the arrangement of columns and rows that gives
    the largest tiles (one size for all, at most `max_size`), each territory centred in its
    slot, `gap` pixels apart, with `caption` pixels free above it for a name."""
    shapes = []
    for cells in territories:
        x0, y0, x1, y1 = cell_bounds(cells)
        shapes.append((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    count = len(shapes)
    if not count:
        return []
    width, height = box[2] - box[0], box[3] - box[1]
    best: tuple[float, int] = (-1.0, 1)
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        slot_w = (width - gap * (columns - 1)) / columns
        slot_h = (height - gap * (rows - 1)) / rows - caption
        wide = max(s[2] for s in shapes)
        tall = max(s[3] for s in shapes)
        size = min(max_size, slot_w / wide, slot_h / tall)
        if size > best[0]:
            best = (size, columns)
    size, columns = best
    size = max(size, 1.0)
    rows = math.ceil(count / columns)
    slot_w = (width - gap * (columns - 1)) / columns
    slot_h = (height - gap * (rows - 1)) / rows
    slots = []
    for i, (x0, y0, w, h) in enumerate(shapes):
        left = box[0] + (i % columns) * (slot_w + gap)
        top = box[1] + (i // columns) * (slot_h + gap)
        cx, cy = left + slot_w / 2, top + caption + (slot_h - caption) / 2
        origin = (cx - (x0 + w / 2) * size, cy - (y0 + h / 2) * size)
        slots.append(Slot(TileGrid(size, origin), (left, top, left + slot_w, top + slot_h),
                          (cx, top + caption / 2)))
    return slots


# --- one tile ---------------------------------------------------------------------------------


def _edge_triangle(side: str, s: float) -> list[Point]:
    corners: dict[str, list[Point]] = {"n": [(0, 0), (s, 0)], "e": [(s, 0), (s, s)], "s": [(s, s), (0, s)],
                                       "w": [(0, s), (0, 0)]}
    return [*corners[side], (s / 2, s / 2)]


def _band(edges: str, s: float) -> list[Point]:
    half = s * 0.2
    if edges == "ns":
        return [(s / 2 - half, 0), (s / 2 + half, 0), (s / 2 + half, s), (s / 2 - half, s)]
    return [(0, s / 2 - half), (s, s / 2 - half), (s, s / 2 + half), (0, s / 2 + half)]


@lru_cache(maxsize=512)
def tile_sprite(tile: Tile, size: int, outline: RGB = INK, letters: bool = True, least: int = 0) -> Image.Image:
    """`tile` as an RGB image `size` pixels square: zones, their boundaries, terrain letters,
    roads and feature badges (their text at least `least` pixels), with an `outline`. Cached per
    tile and size."""
    k = SUPERSAMPLE
    s = size * k
    areas: list[tuple[str | Terrain, list[Point] | Box, bool]] = []  # terrain, polygon or ellipse box, is-ellipse
    for side in EDGES:
        areas.append((tile.edge(side), _edge_triangle(side, s), False))
    for zone in tile.zones:
        edges = "".join(e for e in EDGES if e in zone.edges)
        if edges in ("ns", "ew"):
            areas.append((zone.terrain, _band(edges, s), False))
        elif not edges:
            r = s * 0.24
            areas.append((zone.terrain, (s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), True))
    image = Image.new("RGB", (s, s), WHITE)
    ids = Image.new("L", (s, s), 0)
    kinds: list[str | Terrain] = []
    for kind, shape, ellipse in areas:
        if kind not in kinds:
            kinds.append(kind)
        mask = Image.new("L", (s, s), 0)
        pen = ImageDraw.Draw(mask)
        if ellipse:
            pen.ellipse(shape, fill=255)
        else:
            pen.polygon(shape, fill=255)
        image.paste(texture(kind, size, size, k), (0, 0), mask)
        ids.paste(40 * (kinds.index(kind) + 1), (0, 0), mask)
    # boundaries between zones of different terrains
    image.paste(mix(INK, WHITE, 0.25), (0, 0), _boundaries(ids, max(1, round(0.75 * k))))
    pen = ImageDraw.Draw(image)
    _roads(pen, tile.roads, s, k)
    pen.rectangle((0, 0, s - 1, s - 1), outline=outline, width=k)
    small = image.reduce(k)
    if letters:
        _letters(small, tile, size, least)
    if tile.features:
        _features(small, tile, size, least)
    return small


forget_when_recording(tile_sprite.cache_clear)


def _boundaries(ids: Image.Image, reach: int) -> Image.Image:
    """A mask of the pixels within `reach` of a pixel with another id (shifted copies compared:
    much faster than rank filters)."""
    found = Image.new("L", ids.size, 0)
    for dx, dy in ((reach, 0), (-reach, 0), (0, reach), (0, -reach)):
        found = ImageChops.lighter(found, ImageChops.difference(ids, ImageChops.offset(ids, dx, dy)))
    return found.point(lambda v: 255 if v else 0)


def _roads(pen: ImageDraw.ImageDraw, roads: str, s: float, k: int) -> None:
    if not roads:
        return
    middle = (s / 2, s / 2)
    ends = {"n": (s / 2, 0), "e": (s, s / 2), "s": (s / 2, s), "w": (0, s / 2)}
    w = max(round(s * 0.09), k)
    for casing, width in ((INK, w + 2 * k), (ROAD, w)):
        for side in roads:
            pen.line((ends[side], middle), fill=casing, width=width)
        r = width / 2 + (k if len(roads) == 1 else 0)
        pen.ellipse((s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), fill=casing)


def _letters(image: Image.Image, tile: Tile, size: int, least: int = 0) -> None:
    """Each edge's terrain letter, small, just inside the edge (once per zone), away from the
    feature badges (another edge of the zone, or none when all are under them)."""
    text_size = max(9, round(size * 0.15))
    done: set[int] = set()
    spots = {"n": (0.5, 0.11), "e": (0.89, 0.5), "s": (0.5, 0.89), "w": (0.11, 0.5)}
    shifted = {"n": (0.3, 0.11), "e": (0.89, 0.3), "s": (0.7, 0.89), "w": (0.11, 0.7)}
    busy = _badge_box(tile, size, least)
    for side in EDGES:
        which = next((i for i, z in enumerate(tile.zones) if side in z.edges), -1)
        if which in done:
            continue
        fx, fy = (shifted if side in tile.roads else spots)[side]
        half = text_size * 0.6
        if busy and busy[0] - half < fx * size < busy[2] + half and busy[1] - half < fy * size < busy[3] + half:
            continue  # under the badges: the zone's letter goes at another of its edges
        done.add(which)
        t = terrain(tile.edge(side))
        draw_text(image, (fx * size, fy * size), t.letter, text_size, mix(t.ink, INK, 0.4), t.fill, halo_width=2,
                  bold=True)
    for zone in tile.zones:
        if not zone.edges:
            t = terrain(zone.terrain)
            draw_text(image, (size / 2, size / 2 - size * 0.14), t.letter, text_size, mix(t.ink, INK, 0.4), t.fill,
                      halo_width=2, bold=True)


@lru_cache(maxsize=128)
def feature_sprite(text: str, radius: int) -> Image.Image:
    """A feature badge: a white disc with a dark ring and `text` (one to three letters)."""
    size = 2 * radius + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=WHITE, outline=INK, width=round(1.8 * k))

    sprite = supersampled((size, size), paint)
    letters = text_sprite(text, max(10, round(radius * (1.35 if len(text) == 1 else 0.95))), INK, None, 0, True)
    paste(sprite, letters, (size / 2, size / 2))
    return sprite


def badge_radius(texts: Sequence[str], least: int = 0) -> int:
    """The least radius of a badge whose `texts` are at least `least` pixels high."""
    longest = max((len(t) for t in texts), default=1)
    return math.ceil(least / (1.35 if longest == 1 else 0.95))


def badges_at(tile: Tile) -> Point:
    """Where a tile's badges are centred, as a share of its size: the middle when no road crosses
    it, else the corner between two road-free edges (or the quarter least in the roads' way)."""
    if not tile.roads:
        return 0.5, 0.5
    corners = {"ne": (0.74, 0.26), "es": (0.74, 0.74), "sw": (0.26, 0.74), "wn": (0.26, 0.26)}
    free = [c for c in corners if not set(c) & set(tile.roads)] or [
        c for c in corners if len(set(c) & set(tile.roads)) < 2] or list(corners)
    return corners[free[0]]


def _badge_layout(tile: Tile, size: int, least: int) -> tuple[int, Point, int, int]:
    """The badges' radius, centre, rows and badges per row: where `badges_at` says, side by side,
    or when they do not fit on a tile of text `least` large, in two rows; on the tile."""
    radius = max(8, round(size * 0.13), badge_radius(tile.features, least))
    fx, fy = badges_at(tile)
    count = len(tile.features)
    step = 2 * radius + 2
    rows = 2 if count > 1 and count * step > size - 4 else 1
    across = -(-count // rows)
    half_w, half_h = across * step / 2, rows * step / 2
    centre = (min(max(fx * size, half_w + 1), size - half_w - 1), min(max(fy * size, half_h + 1), size - half_h - 1))
    return radius, centre, rows, across


def _badge_box(tile: Tile, size: int, least: int) -> Box | None:
    """The box the badges cover (None: no badges)."""
    if not tile.features:
        return None
    radius, (cx, cy), rows, across = _badge_layout(tile, size, least)
    step = 2 * radius + 2
    return cx - across * step / 2, cy - rows * step / 2, cx + across * step / 2, cy + rows * step / 2


def _features(image: Image.Image, tile: Tile, size: int, least: int = 0) -> None:
    """The feature badges (`_badge_layout`)."""
    radius, centre, rows, across = _badge_layout(tile, size, least)
    count = len(tile.features)
    step = 2 * radius + 2
    for i, text in enumerate(tile.features):
        row, col = divmod(i, across)
        in_row = min(across, count - row * across)
        at = (centre[0] + (col - (in_row - 1) / 2) * step, centre[1] + (row - (rows - 1) / 2) * step)
        paste(image, feature_sprite(text, radius), at)


# --- territories ------------------------------------------------------------------------------


def draw_territory(image: Image.Image, grid: TileGrid, tiles: Mapping[Cell, Tile], outline: RGB = INK,
                   letters: bool = True) -> None:
    """Every tile of a territory at its cell."""
    size = round(grid.size)
    for cell, tile in tiles.items():
        x0, y0, _, _ = grid.box(cell)
        place(image, tile_sprite(tile, size, outline, letters), (round(x0), round(y0)))


def draw_marker(image: Image.Image, grid: TileGrid, cell: Cell, colour: str, label: str | None = None,
                radius: int | None = None) -> None:
    """A player's marker (their shape, colour and letter, or `label`) in the middle of `cell`."""
    paste(image, marker_sprite(colour, radius or max(8, round(grid.size * 0.17)), label), grid.centre(cell))


def draw_path(image: Image.Image, grid: TileGrid, path: Sequence[Cell], colour: RGB, end_gap: float = 0.0) -> None:
    """A path across the centres of `path`, arrows pointing the way; `end_gap` stops it short
    of the last tile (to leave a marker there visible). Draw it before the markers."""
    width = max(3, round(grid.size / 14))
    draw_route(ImageDraw.Draw(image), [grid.centre(c) for c in path], colour, end_gap, width=width,
               long_leg=grid.size * 0.9, head=4 * width)


def draw_path_marks(image: Image.Image, grid: TileGrid, marks: Mapping[Cell, str], colour: RGB) -> None:
    """A tag at the upper right of each tile in `marks` with its text ("+1", "-1"...)."""
    draw_tags(image, [(grid.centre(c), text) for c, text in marks.items()], colour,
              (grid.size * 0.3, -grid.size * 0.3))
