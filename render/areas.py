"""Area maps: land and water areas given as polygons (Mega Civilization's map).

Coordinates. Areas are outlined in the map's own units (a board file's canvas); a `View` maps
them to pixels: `fit_view` fits points into an image, `region_view` frames a few chosen areas
(the bounding box around them, scaled up to a given width) so that pieces drawn at their usual
pixel size stay legible in a close-up of a crowded region.

Drawing. `draw_areas` fills and outlines every area (land plain, water with a wave pattern, so
water reads as water without colour; an area may carry its own fill), supersampled for smooth
coasts: a whole map is one pass, cache it in the board's static layer (`render.layers`).
`label_point` is where an area's name goes: its pole of inaccessibility (the inside point
farthest from the outline, so the label sits in the widest part even of a crescent-shaped
area), `draw_label` writes it; `place_labels` moves labels that would overlap to their next
best spots. `draw_counts` lays out each player's token count in an area as
small chips in the player's style (shape, colour, the count inside), `draw_arrow` joins two
areas (a move, an attack, trade).

Polygons are simple rings (no holes); the first point need not be repeated at the end.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, Box, Point, mix
from render.lines import arrow
from render.marks import chip_spots, marker_sprite
from render.terrain import Terrain, texture
from render.text import draw_text, paste, plain

Polygon = Sequence[Point]


@dataclass(frozen=True)
class Area:
    """An area of the map: its `name`, its `outline` in map units, whether it is `water`, and
    optionally its own `fill` (a region's colour, a flood plain)."""

    name: str
    outline: tuple[Point, ...]
    water: bool = False
    fill: RGB | None = None


@dataclass(frozen=True)
class AreaStyle:
    """How a kind of area is drawn: its fill, its outline colour and width (pixels), and the
    pattern laid over the fill (one of `render.terrain.PATTERNS`, "plain" for none)."""

    fill: RGB
    outline: RGB
    width: int = 2
    pattern: str = "plain"


LAND = AreaStyle((214, 222, 178), (96, 112, 74), 2)
WATER = AreaStyle((178, 211, 232), (112, 150, 178), 1, "waves")


@dataclass(frozen=True)
class View:
    """Map units to pixels: a point (x, y) is drawn at (ox + x * scale, oy + y * scale) in an
    image of `size`."""

    scale: float
    ox: float
    oy: float
    size: tuple[int, int]

    def xy(self, point: Point) -> Point:
        return self.ox + point[0] * self.scale, self.oy + point[1] * self.scale

    def polygon(self, outline: Polygon) -> list[Point]:
        return [self.xy(p) for p in outline]

    def box(self) -> Box:
        """The map-unit box this view shows."""
        return (-self.ox / self.scale, -self.oy / self.scale, (self.size[0] - self.ox) / self.scale,
                (self.size[1] - self.oy) / self.scale)


def bounds(points: Iterable[Point]) -> Box:
    """The box around `points`."""
    pts = list(points)
    if not pts:
        raise ValueError("no points to bound")
    return min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts)


def fit_view(points: Iterable[Point], size: tuple[int, int], margin: float = 20) -> View:
    """The view that fits `points` (map units) into an image of `size`, `margin` pixels clear
    of its edges, centred."""
    left, top, right, bottom = bounds(points)
    w, h = max(right - left, 1e-9), max(bottom - top, 1e-9)
    scale = min((size[0] - 2 * margin) / w, (size[1] - 2 * margin) / h)
    ox = size[0] / 2 - (left + right) / 2 * scale
    oy = size[1] / 2 - (top + bottom) / 2 * scale
    return View(scale, ox, oy, size)


def region_view(areas: Iterable[Area], chosen: Iterable[str], width: int, max_height: int | None = None,
                margin: float = 30) -> View:
    """A close-up of the `chosen` areas (by name): the box around them, `margin` pixels of their
    neighbours around it, scaled so the image is `width` pixels wide (or `max_height` high, if
    that is smaller). The image's height follows the region's shape."""
    wanted = set(chosen)
    points = [p for a in areas if a.name in wanted for p in a.outline]
    if not points:
        raise ValueError(f"no such areas: {', '.join(sorted(wanted)) or 'none chosen'}")
    left, top, right, bottom = bounds(points)
    w, h = max(right - left, 1e-9), max(bottom - top, 1e-9)
    scale = (width - 2 * margin) / w
    height = math.ceil(h * scale + 2 * margin)
    if max_height is not None and height > max_height:
        scale = (max_height - 2 * margin) / h
        height = max_height
    return View(scale, width / 2 - (left + right) / 2 * scale, height / 2 - (top + bottom) / 2 * scale,
                (width, height))


# --- where labels go --------------------------------------------------------------------------


def centroid(polygon: Polygon) -> Point:
    """The centre of mass of `polygon` (the mean of its points if it has no area)."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-12:
        return sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon)
    return cx / (3 * area), cy / (3 * area)


def contains(polygon: Polygon, point: Point) -> bool:
    """Whether `point` is inside `polygon` (even-odd rule)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _edge_distance(polygon: Polygon, point: Point) -> float:
    px, py = point
    best = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]):
        dx, dy = x1 - x0, y1 - y0
        t = ((px - x0) * dx + (py - y0) * dy) / ((dx * dx + dy * dy) or 1.0)
        t = min(max(t, 0.0), 1.0)
        best = min(best, math.hypot(px - x0 - t * dx, py - y0 - t * dy))
    return best


def inside_distance(polygon: Polygon, point: Point) -> float:
    """How far `point` is from the outline: positive inside, negative outside."""
    d = _edge_distance(polygon, point)
    return d if contains(polygon, point) else -d


def pole_of_inaccessibility(polygon: Polygon, precision: float | None = None) -> Point:
    """The point inside `polygon` farthest from its outline, to within `precision` (default: a
    two-hundredth of the polygon's size), found by subdividing cells best-first (Mapbox's
    "polylabel" algorithm, Agafonkin 2016)."""
    left, top, right, bottom = bounds(polygon)
    size = min(right - left, bottom - top)
    if size <= 0:
        return centroid(polygon)
    precision = precision or max(right - left, bottom - top) / 200

    def cell(x: float, y: float, h: float) -> tuple[float, float, float, float, float]:
        d = inside_distance(polygon, (x, y))
        return -(d + h * math.sqrt(2)), x, y, h, d

    c = centroid(polygon)
    best = max(cell(c[0], c[1], 0), cell((left + right) / 2, (top + bottom) / 2, 0), key=lambda q: q[4])
    queue: list[tuple[float, float, float, float, float]] = []
    h = size / 2
    y = top
    while y < bottom:
        x = left
        while x < right:
            heapq.heappush(queue, cell(x + h, y + h, h))
            x += size
        y += size
    while queue:
        found = heapq.heappop(queue)
        if found[4] > best[4]:
            best = found
        if -found[0] - best[4] <= precision:
            continue
        _, x, y, h, _ = found
        h /= 2
        for dx in (-h, h):
            for dy in (-h, h):
                heapq.heappush(queue, cell(x + dx, y + dy, h))
    return best[1], best[2]


def label_point(polygon: Polygon) -> Point:
    """Where `polygon`'s label goes: its pole of inaccessibility, or its centroid when that is
    as good (a convex area), so labels of regular areas sit in their visual middle. Cached per
    polygon (a map's labels are found once)."""
    return _label_point(tuple(polygon))


@lru_cache(maxsize=2048)
def _label_point(polygon: tuple[Point, ...]) -> Point:
    pole = pole_of_inaccessibility(polygon)
    middle = centroid(polygon)
    if contains(polygon, middle) and inside_distance(polygon, middle) >= 0.9 * inside_distance(polygon, pole):
        return middle
    return pole


# --- drawing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """Where a label could go: the point it is drawn at, and the boxes it then covers (its text,
    a badge, the row of pieces under it)."""

    at: Point
    boxes: tuple[Box, ...]


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def place_labels(labels: Sequence[tuple[str, Sequence[Spot]]], cell: float = 96) -> dict[str, Spot]:
    """Labels placed one after the other (most important first): each at the first of its spots
    (best first) whose boxes overlap none placed before, or, when every spot does, the one that
    overlaps least. A grid of `cell` pixels finds the boxes near a spot."""
    grid: dict[tuple[int, int], list[Box]] = defaultdict(list)

    def cells(box: Box) -> Iterable[tuple[int, int]]:
        for gx in range(math.floor(box[0] / cell), math.floor(box[2] / cell) + 1):
            for gy in range(math.floor(box[1] / cell), math.floor(box[3] / cell) + 1):
                yield gx, gy

    def overlap(spot: Spot) -> float:
        near = {id(b): b for box in spot.boxes for c in cells(box) for b in grid[c]}
        return sum(_overlap(box, b) for box in spot.boxes for b in near.values())

    placed: dict[str, Spot] = {}
    for key, spots in labels:
        if not spots:
            continue
        best, least = spots[0], math.inf
        for spot in spots:
            cost = overlap(spot)
            if cost < least:
                best, least = spot, cost
            if cost == 0:
                break
        placed[key] = best
        for box in best.boxes:
            for c in cells(box):
                grid[c].append(box)
    return placed


def draw_areas(image: Image.Image, view: View, areas: Iterable[Area], land: AreaStyle = LAND,
               water: AreaStyle = WATER, factor: int = 2) -> None:
    """Every area of `areas` seen through `view`: water first (patterned), then land, each with
    its outline; drawn `factor` times larger and reduced for smooth coasts. Areas outside the
    view are skipped."""
    k = factor
    w, h = view.size
    seen = [a for a in areas if _overlaps(view, a)]
    if water.pattern == "plain":
        big = Image.new("RGB", (w * k, h * k), water.fill)
    else:
        big = texture(Terrain("water", water.fill, mix(water.fill, water.outline, 0.45), water.pattern, ""), w, h, k)
    d = ImageDraw.Draw(big)

    def at(outline: Polygon) -> list[Point]:
        return [(x * k, y * k) for x, y in view.polygon(outline)]

    for a in seen:
        if a.water:
            if a.fill is not None:
                d.polygon(at(a.outline), fill=a.fill)
            d.polygon(at(a.outline), outline=water.outline, width=water.width * k)
    for a in seen:
        if not a.water:
            d.polygon(at(a.outline), fill=a.fill or land.fill, outline=land.outline, width=land.width * k)
    image.paste(big.reduce(k), (0, 0))


def _overlaps(view: View, area: Area) -> bool:
    left, top, right, bottom = bounds(view.polygon(area.outline))
    return right >= 0 and bottom >= 0 and left <= view.size[0] and top <= view.size[1]


def draw_label(image: Image.Image, view: View, area: Area, size: int = 15, fill: RGB = INK,
               at: Point | None = None) -> tuple[int, int, int, int]:
    """The area's name at its label point (or `at`, in pixels), haloed; returns its box."""
    spot = at or view.xy(label_point(area.outline))
    return draw_text(image, spot, plain(area.name, 18), size, fill, halo_width=2, bold=True)


def count_chips(counts: Sequence[tuple[str, int]], radius: int = 10) -> list[Image.Image]:
    """The chips of each (player colour, count): the player's marker (their shape and colour,
    so colour is never the only clue) with the count inside."""
    return [marker_sprite(colour, radius, str(count)) for colour, count in counts if count]


def draw_counts(image: Image.Image, at: Point, counts: Sequence[tuple[str, int]], width: float = 90,
                radius: int = 10) -> list[Point]:
    """Each player's token count in an area as a chip in their style (shape, colour, the count
    inside), in centred rows at most `width` pixels wide around `at`; returns the chips'
    centres. Players with a count of 0 are left out."""
    chips = count_chips(counts, radius)
    spots = chip_spots(chips, at, width)
    for chip, spot in zip(chips, spots):
        paste(image, chip, spot)
    return spots


def draw_arrow(image: Image.Image, view: View, a: Area, b: Area, colour: RGB, width: int = 5,
               trim: float = 16) -> None:
    """An arrow from area `a` to area `b` (between their label points, `trim` pixels short of
    each): a move, an attack, a trade. Draw arrows before labels and counts, which stay on top."""
    arrow(ImageDraw.Draw(image), view.xy(label_point(a.outline)), view.xy(label_point(b.outline)), colour, width,
          4 * width, trim)
