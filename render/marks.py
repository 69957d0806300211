"""Markers: the player shapes, drawn supersampled into cached sprites.

- `shape_polygon` / `draw_shape`: the 18 marker shapes of `render.palette` at any size.
- `supersampled`: draw shapes `factor` times larger and reduce, for smooth antialiased edges.
- `marker_sprite`: a player's marker (their shape, colour and letter or any short label),
  cached; `tag_sprite`: a small rounded tag with text (counts, drop/pick-up marks);
  `unit_sprite`: a marker with a unit type's letter and a count tag.
- `draw_chips`: lay sprites out in centred rows (the pieces in a hex, an area, a tile).
- `draw_tags`: tags at chosen points (drops and pick-ups along a path).
- A marker in words, as turn cards say it, is `render.markers`' (catalog messages: the shared
  drawing parts know no rules).

Sprites are RGBA with transparent surroundings; place them with `render.text.paste`.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, WHITE, Point, mix
from render.lines import dashed_polyline
from render.palette import player_style
from render.text import paste, text_sprite

SUPERSAMPLE = 4  # sprites are drawn this much larger, then reduced (smooth edges)

SHAPES = (
    # the colour-blind-safe palette's eight
    "circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon", "down",
    # the extended set's ten
    "cross", "shield", "right", "left", "star6", "pill", "octagon", "trapezoid", "parallelogram", "heart",
)


def regular(cx: float, cy: float, r: float, sides: int, start: float) -> list[Point]:
    """The corners of a regular polygon of circumradius `r`, the first at `start` degrees
    (0 = east, 90 = south: image coordinates)."""
    return [(cx + r * math.cos(math.radians(start + i * 360 / sides)),
             cy + r * math.sin(math.radians(start + i * 360 / sides))) for i in range(sides)]


def _scaled(cx: float, cy: float, r: float, unit: list[Point]) -> list[Point]:
    return [(cx + x * r, cy + y * r) for x, y in unit]


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int) -> list[Point]:
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]


# unit outlines (radius 1) of the extended shapes, sized to look about as heavy as a unit circle
_CROSS = [(-0.52, -1.12), (0.52, -1.12), (0.52, -0.52), (1.12, -0.52), (1.12, 0.52), (0.52, 0.52),
          (0.52, 1.12), (-0.52, 1.12), (-0.52, 0.52), (-1.12, 0.52), (-1.12, -0.52), (-0.52, -0.52)]
_SHIELD = [(-0.95, -1.0), (0.95, -1.0), (0.95, 0.1), *_arc(0, 0.1, 0.95, 0, 25, 3)[1:],
           (0.0, 1.2), *_arc(0, 0.1, 0.95, 155, 180, 3)[:-1], (-0.95, 0.1)]
_PILL = [*_arc(0.5, 0, 0.78, -90, 90, 8), *_arc(-0.5, 0, 0.78, 90, 270, 8)]
_TRAPEZOID = [(-0.62, -0.82), (0.62, -0.82), (1.18, 0.82), (-1.18, 0.82)]
_PARALLELOGRAM = [(-0.72, -0.8), (1.22, -0.8), (0.72, 0.8), (-1.22, 0.8)]
_HEART = [(16 * math.sin(t) ** 3 / 14.5,
           -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) / 14.5 - 0.12)
          for t in (i * 2 * math.pi / 40 for i in range(40))]


def shape_polygon(shape: str, cx: float, cy: float, r: float) -> list[Point] | None:
    """The outline of a marker shape of about radius `r` (None for a circle). Sizes are chosen
    so that every shape looks about as heavy as a circle of radius `r`; every shape fits in a
    square of half-side 1.35 `r`."""
    if shape == "square":
        s = r * 0.9
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return regular(cx, cy + r * 0.22, r * 1.3, 3, -90)
    if shape == "down":
        return regular(cx, cy - r * 0.22, r * 1.3, 3, 90)
    if shape == "right":
        return regular(cx - r * 0.22, cy, r * 1.3, 3, 0)
    if shape == "left":
        return regular(cx + r * 0.22, cy, r * 1.3, 3, 180)
    if shape == "diamond":
        return regular(cx, cy, r * 1.2, 4, -90)
    if shape == "hexagon":
        return regular(cx, cy, r * 1.05, 6, 0)
    if shape == "octagon":
        return regular(cx, cy, r * 1.04, 8, 22.5)
    if shape == "pentagon":
        return regular(cx, cy + r * 0.05, r * 1.1, 5, -90)
    if shape == "star":
        outer, inner = regular(cx, cy + r * 0.08, r * 1.3, 5, -90), regular(cx, cy + r * 0.08, r * 0.75, 5, -54)
        return [p for pair in zip(outer, inner) for p in pair]
    if shape == "star6":
        outer, inner = regular(cx, cy, r * 1.28, 6, -90), regular(cx, cy, r * 0.8, 6, -60)
        return [p for pair in zip(outer, inner) for p in pair]
    unit = {"cross": _CROSS, "shield": _SHIELD, "pill": _PILL, "trapezoid": _TRAPEZOID,
            "parallelogram": _PARALLELOGRAM, "heart": _HEART}.get(shape)
    return _scaled(cx, cy, r, unit) if unit else None


def label_offset(shape: str, r: float) -> Point:
    """Where a label sits inside `shape`, from its centre (triangles are heavier at the base)."""
    return {"triangle": (0.0, r * 0.3), "down": (0.0, -r * 0.3), "star": (0.0, r * 0.1), "right": (-r * 0.36, 0.0),
            "left": (r * 0.36, 0.0), "shield": (0.0, -r * 0.05), "heart": (0.0, -r * 0.02),
            "trapezoid": (0.0, r * 0.06)}.get(shape, (0.0, 0.0))


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB | None,
               outline: RGB | None = INK, width: int = 2) -> None:
    """A marker shape centred on (cx, cy)."""
    points = shape_polygon(shape, cx, cy, r)
    if points is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(points, fill=fill, outline=outline, width=width)


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None],
                 factor: int = SUPERSAMPLE) -> Image.Image:
    """An RGBA sprite of `size` whose shapes are drawn `factor` times larger by `paint(draw, k)`
    (k is the factor to multiply coordinates by), then reduced: smooth, antialiased edges."""
    big = Image.new("RGBA", (size[0] * factor, size[1] * factor), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), factor)
    return big.reduce(factor)


@lru_cache(maxsize=512)
def marker_sprite(colour: str, radius: int, label: str | None = None, text_size: int | None = None,
                  ring: RGB | None = None, dashed: bool = False, faded: bool = False, edge: float = 2) -> Image.Image:
    """A player's marker: their shape in their colour with an outline `edge` pixels wide, and
    `label` (default: their letter) inside. `ring` draws a halo ring of that colour around it (to
    highlight it); `dashed` draws the outline dashed and `faded` washes the fill out (for pieces
    that are set aside)."""
    style = player_style(colour)
    label = style.letter if label is None else label
    pad = 4 + (4 if ring else 0)
    extent = math.ceil(radius * 1.35) + pad
    size = (2 * extent, 2 * extent)
    fill = mix(style.fill, WHITE, 0.55) if faded else style.fill

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        if ring:
            draw_shape(draw, style.shape, c, c, (radius + 4.5) * k, ring, None)
        draw_shape(draw, style.shape, c, c, radius * k, fill, None if dashed else INK, round(edge * k))
        if dashed:
            points = shape_polygon(style.shape, c, c, radius * k) or regular(c, c, radius * k, 24, 0)
            dashed_polyline(draw, [*points, points[0]], 5 * k, 4 * k, INK, round(2.5 * k))

    sprite = supersampled(size, paint)
    if label:
        ink = INK if faded else style.ink
        size_px = text_size or max(10, round(radius * (0.95 if len(label) > 1 else 1.2)))
        letters = text_sprite(label, size_px, ink, None, 0, bold=True)
        dx, dy = label_offset(style.shape, radius)
        paste(sprite, letters, (extent + dx, extent + dy))
    return sprite


@lru_cache(maxsize=512)
def tag_sprite(text: str, size: int = 13, fill: RGB = INK, ink: RGB = WHITE,
               outline: RGB | None = WHITE) -> Image.Image:
    """A small rounded tag (a pill as wide as its text) reading `text`: a count beside a marker,
    a drop or pick-up mark on a path."""
    letters = text_sprite(text, size, ink, None, 0, bold=True)
    h = size + 6
    w = max(letters.width + 4, h)

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle((1 * k, 1 * k, (w + 1) * k, (h + 1) * k), radius=h / 2 * k, fill=fill,
                               outline=outline, width=round(1.5 * k) if outline else 0)

    sprite = supersampled((w + 2, h + 2), paint)
    paste(sprite, letters, ((w + 2) / 2, (h + 2) / 2))
    return sprite


@lru_cache(maxsize=1024)
def unit_sprite(colour: str, kind: str, count: int = 1, radius: int = 11) -> Image.Image:
    """A stack of `count` units of one owner and one type: the owner's marker (shape and
    colour) with the type's letter `kind` inside, and the count in a tag overlapping its lower
    right (none for a single unit). Cropped to what is drawn."""
    marker = marker_sprite(colour, radius, kind)
    if count == 1:
        return marker
    tag = tag_sprite(str(count), max(10, round(radius * 0.9)))
    centre = (marker.width / 2, marker.height / 2)
    at = (centre[0] + radius * 0.85 + tag.width / 2 - tag.height / 2, centre[1] + radius * 0.75)
    sprite = Image.new("RGBA", (marker.width + tag.width, marker.height + tag.height), (0, 0, 0, 0))
    paste(sprite, marker, (0, 0), "lt")
    paste(sprite, tag, at)
    return sprite.crop(sprite.getchannel("A").getbbox())


_INK: dict[int, tuple[weakref.ref[Image.Image], tuple[int, int, int, int] | None]] = {}


def ink_box(sprite: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of the non-transparent part of an RGBA `sprite` (None: all transparent), measured
    once per sprite (while it lives: finished sprites, which nothing draws on any more)."""
    key = id(sprite)
    found = _INK.get(key)
    if found is not None and found[0]() is sprite:
        return found[1]
    box = sprite.getbbox(alpha_only=True)
    _INK[key] = (weakref.ref(sprite, lambda _: _INK.pop(key, None)), box)
    return box


def visible_width(sprite: Image.Image) -> int:
    """The width of the non-transparent part of `sprite`."""
    box = ink_box(sprite)
    return box[2] - box[0] if box else 0


def visible_height(sprite: Image.Image) -> int:
    """The height of the non-transparent part of `sprite`."""
    box = ink_box(sprite)
    return box[3] - box[1] if box else 0


def chip_spots(sprites: Sequence[Image.Image], centre: Point, width: float, gap: int = 2) -> list[Point]:
    """Where `sprites` go: side by side `gap` apart in rows at most `width` wide, the rows
    centred on `centre` together (so the block, not its first row, is centred)."""
    seen = [visible_width(s) + gap for s in sprites]
    rows: list[list[int]] = [[]]
    for i, w in enumerate(seen):
        if rows[-1] and sum(seen[j] for j in rows[-1]) + w > width:
            rows.append([])
        rows[-1].append(i)
    line_h = max((s.height for s in sprites), default=0) - 6
    spots: list[Point] = [(0.0, 0.0)] * len(sprites)
    y = centre[1] - line_h * (len(rows) - 1) / 2
    for line in rows:
        x = centre[0] - sum(seen[i] for i in line) / 2
        for i in line:
            spots[i] = (x + seen[i] / 2, y)
            x += seen[i]
        y += line_h
    return spots


def draw_chips(image: Image.Image, centre: Point, sprites: Sequence[Image.Image], width: float,
               gap: int = 2) -> list[Point]:
    """Paste `sprites` in centred rows around `centre` (see `chip_spots`); returns their centres."""
    spots = chip_spots(sprites, centre, width, gap)
    for sprite, at in zip(sprites, spots):
        paste(image, sprite, at)
    return spots


def draw_tags(image: Image.Image, tags: Iterable[tuple[Point, str]], fill: RGB, offset: Point = (0.0, 0.0),
              size: int = 13) -> None:
    """A tag (`tag_sprite`) in `fill` reading each text at its point plus `offset`: marks along a
    path such as "+2" where pieces are picked up or "-1" where one is dropped."""
    ink = _readable_on(fill)
    for (x, y), text in tags:
        paste(image, tag_sprite(text, size, fill, ink), (x + offset[0], y + offset[1]))


def _readable_on(fill: RGB) -> RGB:
    return INK if 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > 150 else WHITE
