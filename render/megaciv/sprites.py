"""How each civilization's pieces look, and the sprites of the board's pieces.

A civilization is drawn in its own colour (`rgb`, with `ink` for text on it, from
`data/megaciv/civilizations.json`), its own letter (`mark`) and one of the 18 marker shapes of
`render.palette` / `render.marks`, a different one for every seat colour. Colours that look alike
(red, maroon, orange, pink; blue, navy, cyan, teal; green, olive, lime; yellow, gold; grey, white,
black) get silhouettes that differ, so with 18 players a token is told by its shape and letter,
never by colour alone.

Sprites (RGBA, cached): `chip` a civilization's shape with a label (a token count, or its letter),
`city` a walled town in the owner's colour with their letter (`PIRATE` for pirate cities),
`ship` a hull with its owner's letter and number (dashed and faded while it needs upkeep),
`barbarians` a spiked token with the count, `warning` the conflict sign.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, WHITE, mix
from render.lines import dashed_polyline
from render.markers import described, seat_marker
from render.marks import draw_shape, label_offset, regular, shape_polygon, supersampled
from render.megaciv.colours import BARBARIAN_FILL, CONFLICT, PIRATE_FILL
from render.megaciv.layout import Sizes
from render.palette import seat_styles
from render.text import fit, paste, plain, text_sprite, text_width
from rules.megaciv.board import COLOURS, Board

# Seat colour → marker shape: the 18 shapes of render.marks, alike colours on unlike silhouettes.
SHAPE_OF = {
    "red": "circle", "maroon": "square", "orange": "triangle", "pink": "heart",
    "blue": "diamond", "navy": "star", "cyan": "down", "teal": "cross",
    "green": "pentagon", "olive": "right", "lime": "star6",
    "yellow": "shield", "gold": "left",
    "grey": "parallelogram", "white": "octagon", "black": "trapezoid",
    "brown": "pill", "purple": "hexagon",
}
assert sorted(SHAPE_OF) == sorted(COLOURS) and sorted(SHAPE_OF.values()) == sorted(s.shape for s in seat_styles(18))



def hex_rgb(text: str) -> RGB:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


@dataclass(frozen=True)
class CivStyle:
    """How one civilization is drawn."""

    name: str
    colour: str
    fill: RGB
    ink: RGB
    shape: str
    letter: str

    @property
    def light(self) -> bool:
        """Whether the fill is light (dark outlines and halos read better around it)."""
        return luminance(self.fill) > 150


def luminance(rgb: RGB) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def styles(board: Board) -> dict[str, CivStyle]:
    """Every civilization's style, by civilization name."""
    return _styles(board.civilizations)


def marker(board: Board, colour: str) -> str:
    """The marker a seat colour's civilization is drawn with, in words ("a pentagon marked C"):
    what turn cards say (`waypost.registry.GameEntry.marker`)."""
    civ = board.civ_by_colour.get(colour)
    if civ is None:
        return seat_marker(board, colour)
    style = styles(board)[civ.name]
    return described(style.shape, style.letter)


@lru_cache(maxsize=8)
def _styles(civs: tuple) -> dict[str, CivStyle]:  # type: ignore[type-arg]
    return {c.name: CivStyle(c.name, c.colour, hex_rgb(c.rgb), hex_rgb(c.ink), SHAPE_OF.get(c.colour, "circle"),
                             c.mark) for c in civs}


@lru_cache(maxsize=1024)
def chip(style: CivStyle, radius: int, label: str, ring: RGB | None = None) -> Image.Image:
    """The civilization's shape in its colour with `label` inside (a count, or its letter);
    `ring` draws a halo of that colour around it."""
    pad = 3 + (4 if ring else 0)
    extent = math.ceil(radius * 1.35) + pad
    size = (2 * extent, 2 * extent)
    outline = (90, 90, 90) if luminance(style.fill) < 60 else INK  # a black token still shows its edge

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        if ring:
            draw_shape(draw, style.shape, c, c, (radius + 4) * k, ring, None)
        draw_shape(draw, style.shape, c, c, radius * k, style.fill, outline, max(1, round(1.6 * k)))
        if luminance(style.fill) < 60:
            draw_shape(draw, style.shape, c, c, (radius + 1.6) * k, None, WHITE, max(1, round(1.2 * k)))

    sprite = supersampled(size, paint)
    if label:
        size_px = max(9, round(radius * (1.05 if len(label) > 1 else 1.25)))
        letters = text_sprite(label, size_px, style.ink, None, 0, bold=True)
        dx, dy = label_offset(style.shape, radius)
        paste(sprite, letters, (extent + dx, extent + dy))
    return sprite


def _tower(cx: float, cy: float, w: float) -> list[tuple[float, float]]:
    """A walled town: a block with three merlons on top."""
    h = w * 0.8
    left, right, top, bottom = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    m = w / 5
    return [(left, bottom), (left, top - m), (left + m, top - m), (left + m, top), (left + 2 * m, top),
            (left + 2 * m, top - m), (left + 3 * m, top - m), (left + 3 * m, top), (left + 4 * m, top),
            (left + 4 * m, top - m), (right, top - m), (right, bottom)]


@lru_cache(maxsize=256)
def city(fill: RGB, ink: RGB, letter: str, width: int) -> Image.Image:
    """A city: a walled town in the owner's colour with their letter."""
    extent = math.ceil(width * 0.75) + 3

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        draw.polygon([(x, y) for x, y in _tower(c, c + width * 0.08 * k, width * k)], fill=fill, outline=INK,
                     width=max(1, round(2 * k)))
        if luminance(fill) < 60:
            draw.polygon(_tower(c, c + width * 0.08 * k, (width - 4) * k), outline=WHITE, width=max(1, round(k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    letters = text_sprite(letter, max(9, round(width * (0.42 if len(letter) > 1 else 0.55))), ink, None, 0, bold=True)
    paste(sprite, letters, (extent, extent + width * 0.12))
    return sprite


PIRATE = "PIR"


def _hull(cx: float, cy: float, w: float) -> list[tuple[float, float]]:
    h = w * 0.42
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w * 0.32, cy + h / 2),
            (cx - w * 0.32, cy + h / 2)]


@lru_cache(maxsize=512)
def ship(fill: RGB, ink: RGB, label: str, width: int, unkept: bool = False, fresh: bool = False) -> Image.Image:
    """A ship: a hull with a mast and sail, in the owner's colour, `label` (letter and number) on
    the hull. `unkept` (needs upkeep, sinks if its owner declares without maintaining it): faded
    fill and a dashed outline. `fresh` (built this turn): a white pennant on the mast."""
    extent = math.ceil(width * 0.6) + 3
    body = mix(fill, WHITE, 0.6) if unkept else fill

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        hy = c + width * 0.2 * k
        hull = _hull(c, hy, width * k)
        mast_top = hy - width * 0.85 * k
        draw.line((c, hy - width * 0.2 * k, c, mast_top), fill=INK, width=max(1, round(2 * k)))
        sail = [(c + 1.5 * k, mast_top + 2 * k), (c + 1.5 * k, hy - width * 0.28 * k),
                (c + width * 0.38 * k, hy - width * 0.28 * k)]
        draw.polygon(sail, fill=WHITE, outline=INK, width=max(1, round(1.2 * k)))
        if fresh:
            draw.polygon([(c, mast_top), (c - width * 0.3 * k, mast_top + 3 * k), (c, mast_top + 6 * k)],
                         fill=INK)
        if unkept:
            draw.polygon(hull, fill=body)
            dashed_polyline(draw, [*hull, hull[0]], 4 * k, 3 * k, INK, max(1, round(2 * k)))
        else:
            draw.polygon(hull, fill=body, outline=INK, width=max(1, round(2 * k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    letters = text_sprite(label, max(9, round(width * 0.34)), INK if unkept else ink, None, 0, bold=True)
    paste(sprite, letters, (extent, extent + width * 0.2))
    return sprite


@lru_cache(maxsize=128)
def barbarians(count: int, radius: int) -> Image.Image:
    """Barbarian tokens: a spiked burst (no player's shape) with the count."""
    extent = math.ceil(radius * 1.4) + 3

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        outer, inner = regular(c, c, radius * 1.35 * k, 8, -90), regular(c, c, radius * 0.95 * k, 8, -67.5)
        draw.polygon([p for pair in zip(outer, inner) for p in pair], fill=BARBARIAN_FILL, outline=INK,
                     width=max(1, round(1.6 * k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    paste(sprite, text_sprite(str(count), max(9, round(radius * 1.1)), WHITE, None, 0, bold=True), (extent, extent))
    return sprite


@lru_cache(maxsize=32)
def warning(size: int, text: str = "!") -> Image.Image:
    """The conflict sign: a red warning triangle with a white rim and `text` in it."""
    extent = math.ceil(size * 0.75) + 3

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        draw.polygon(regular(c, c + size * 0.12 * k, (size * 0.72 + 2) * k, 3, -90), fill=WHITE)
        draw.polygon(regular(c, c + size * 0.12 * k, size * 0.72 * k, 3, -90), fill=CONFLICT, outline=INK,
                     width=max(1, round(1.2 * k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    paste(sprite, text_sprite(text, max(9, round(size * 0.55)), WHITE, None, 0, bold=True),
          (extent, extent + size * 0.2))
    return sprite


@lru_cache(maxsize=64)
def cost_disc(text: str, radius: int, fill: RGB) -> Image.Image:
    """A place's cost where a piece can go (`render.megaciv.reach`): the number in a disc of `fill`
    with an ink rim and a white ring outside it (it reads on dark water and pale land alike)."""
    extent = radius + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        r = (radius + 2) * k
        draw.ellipse((c - r, c - r, c + r, c + r), fill=WHITE)
        r = radius * k
        draw.ellipse((c - r, c - r, c + r, c + r), fill=fill, outline=INK, width=max(1, round(2 * k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    size = max(9, round(radius * (1.3 if len(text) == 1 else 1.05)))
    paste(sprite, text_sprite(text, size, INK, None, 0, bold=True), (extent, extent))
    return sprite


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, width: float) -> str:
    """`render.text.fit` of player-facing text made drawable, remembered (the panel's texts repeat)."""
    return fit(plain(text), size, width)


@lru_cache(maxsize=4096)
def width_of(text: str, size: int) -> int:
    return text_width(plain(text), size)


def outline_of(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return shape_polygon(shape, cx, cy, r) or regular(cx, cy, r, 24, 0)


@lru_cache(maxsize=64)
def limit_badge(limit: int, site: bool, radius: int) -> Image.Image:
    """An area's population limit: the number in a white circle, or in a white square with a
    double edge where the area has a city site."""
    extent = radius + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = extent * k
        if site:
            r = (radius + 1.5) * k
            draw.rectangle((c - r, c - r, c + r, c + r), fill=WHITE, outline=INK, width=max(1, round(1.5 * k)))
            r -= 2.6 * k
            draw.rectangle((c - r, c - r, c + r, c + r), outline=INK, width=max(1, round(k)))
        else:
            r = radius * k
            draw.ellipse((c - r, c - r, c + r, c + r), fill=WHITE, outline=INK, width=max(1, round(1.3 * k)))

    sprite = supersampled((2 * extent, 2 * extent), paint)
    paste(sprite, text_sprite(str(limit), max(8, round(radius * 1.25)), INK, None, 0, bold=True), (extent, extent))
    return sprite


def sample_sheet(board: Board, sizes: Sizes, backgrounds: tuple[RGB, ...]) -> Image.Image:
    """Every dynamic sprite in every civilization's style on each background, for the PNG palette."""
    civs = list(styles(board).values())
    row_h = 3 * sizes.chip + sizes.ship + 16
    sheet = Image.new("RGB", (max(40 * len(civs) + 200, 400), row_h * len(backgrounds)), WHITE)
    pen = ImageDraw.Draw(sheet)
    for i, back in enumerate(backgrounds):
        top = i * row_h
        pen.rectangle((0, top, sheet.width, top + row_h), fill=back)
        x = 20
        for style in civs:
            paste(sheet, chip(style, sizes.chip, "12"), (x, top + sizes.chip + 4))
            paste(sheet, ship(style.fill, style.ink, style.letter + "2", sizes.ship), (x, top + 2 * sizes.chip + 14))
            pen.line((x - 14, top + row_h - 6, x + 14, top + row_h - 6), fill=style.fill, width=sizes.arrow)
            x += 40
        paste(sheet, barbarians(3, sizes.chip), (x, top + sizes.chip + 4))
        paste(sheet, city(PIRATE_FILL, WHITE, PIRATE, sizes.city), (x + 40, top + sizes.chip + 4))
        paste(sheet, warning(sizes.chip * 2), (x + 80, top + sizes.chip + 4))
    return sheet
