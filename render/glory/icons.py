"""Small cached sprites: a flat-topped terrain hex, cities, castles and capitals in a player's
colour (with the player's letter), relics, depletion cubes, action and voting cubes."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, WHITE, mix
from render.marks import regular, supersampled
from render.palette import player_style
from render.terrain import Terrain, polygon_sprite, terrain
from render.text import draw_text, paste, text_sprite

RELIC: RGB = (232, 178, 36)
RELIC_EDGE: RGB = (110, 70, 0)
HEX_EDGE: RGB = (92, 92, 86)
FACE_DOWN = Terrain("unexplored", (196, 188, 172), (160, 150, 134), "hatch", "?")
NO_LETTER = ("ocean",)  # the field around everything: its double waves say it, a letter per hex is noise


def look(kind: str | None) -> Terrain:
    """How a hex of terrain `kind` (None: face down) is drawn."""
    return FACE_DOWN if kind in (None, "unexplored") else terrain(kind)


@lru_cache(maxsize=128)
def hex_sprite(kind: str | None, size: float, letter: bool = True, least: int = 0) -> Image.Image:
    """One flat-topped hex of terrain `kind` (None: face down; `size` from centre to corner), thinly
    outlined, with the terrain's letter at its upper left (not on ocean; at least `least` pixels);
    centred on its middle pixel."""
    t = look(kind)
    w, h = math.ceil(2 * size) + 3, math.ceil(math.sqrt(3) * size) + 3
    cx, cy = w / 2, h / 2
    corners = tuple((cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
                    for k in range(6))
    sprite = polygon_sprite(corners, (w, h), t, mix(t.ink, HEX_EDGE, 0.5), 1)
    if letter and t.letter and t.name not in NO_LETTER:
        text_size = max(11, least, round(size * 0.34))
        draw_text(sprite, (cx - size * 0.5, cy - size * 0.5), t.letter, text_size, mix(t.ink, INK, 0.45), t.fill,
                  halo_width=2, bold=True)
    return sprite


def _owner_letter(sprite: Image.Image, colour: str, at: tuple[float, float], size: int) -> None:
    style = player_style(colour)
    paste(sprite, text_sprite(style.letter, size, style.ink, None, 0, bold=True), at)


@lru_cache(maxsize=64)
def structure_sprite(kind: str, colour: str, size: int = 24) -> Image.Image:
    """A city (two houses behind a wall), a castle (a tower with battlements) or a capital (a city
    under a star) in the owner's colour, with the owner's letter on it."""
    fill = player_style(colour).fill

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.6 * k), 1)
        if kind == "castle":
            x0, x1, top = s * 0.16, s * 0.84, s * 0.26
            merlons = [(x0, s * 0.12), (x0 + (x1 - x0) * 0.22, s * 0.12), (x0 + (x1 - x0) * 0.22, top),
                       (x0 + (x1 - x0) * 0.39, top), (x0 + (x1 - x0) * 0.39, s * 0.12),
                       (x0 + (x1 - x0) * 0.61, s * 0.12), (x0 + (x1 - x0) * 0.61, top),
                       (x0 + (x1 - x0) * 0.78, top), (x0 + (x1 - x0) * 0.78, s * 0.12), (x1, s * 0.12),
                       (x1, s * 0.94), (x0, s * 0.94)]
            d.polygon(merlons, fill=fill, outline=INK, width=w)
            return
        top = 0.36 if kind == "capital" else 0.14
        d.polygon([(s * 0.06, s * (top + 0.34)), (s * 0.33, s * top), (s * 0.6, s * (top + 0.34)),
                   (s * 0.6, s * 0.94), (s * 0.06, s * 0.94)], fill=fill, outline=INK, width=w)
        d.polygon([(s * 0.44, s * (top + 0.46)), (s * 0.69, s * (top + 0.18)), (s * 0.94, s * (top + 0.46)),
                   (s * 0.94, s * 0.94), (s * 0.44, s * 0.94)], fill=fill, outline=INK, width=w)
        if kind == "capital":
            d.polygon([p for pair in zip(regular(s * 0.5, s * 0.2, s * 0.2, 5, -90),
                                         regular(s * 0.5, s * 0.2, s * 0.085, 5, -54)) for p in pair],
                      fill=RELIC, outline=INK, width=max(round(1.1 * k), 1))

    sprite = supersampled((size, size), paint)
    low = {"castle": 0.6, "capital": 0.78, "city": 0.68}[kind]
    _owner_letter(sprite, colour, (size * (0.5 if kind == "castle" else 0.33), size * low), max(9, round(size * 0.4)))
    return sprite


@lru_cache(maxsize=8)
def relic_sprite(size: int = 20) -> Image.Image:
    """A relic: a golden gem with a dark outline and a facet."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.6 * k), 1)
        outline = [(s * 0.25, s * 0.12), (s * 0.75, s * 0.12), (s * 0.96, s * 0.4), (s * 0.5, s * 0.95),
                   (s * 0.04, s * 0.4)]
        d.polygon(outline, fill=RELIC, outline=RELIC_EDGE, width=w)
        d.line([(s * 0.04, s * 0.4), (s * 0.96, s * 0.4)], fill=RELIC_EDGE, width=w)
        d.line([(s * 0.25, s * 0.12), (s * 0.38, s * 0.4), (s * 0.5, s * 0.95)], fill=RELIC_EDGE, width=w)
        d.line([(s * 0.75, s * 0.12), (s * 0.62, s * 0.4), (s * 0.5, s * 0.95)], fill=RELIC_EDGE, width=w)
        d.polygon([(s * 0.3, s * 0.17), (s * 0.45, s * 0.17), (s * 0.4, s * 0.35), (s * 0.2, s * 0.35)],
                  fill=mix(RELIC, WHITE, 0.6))

    return supersampled((size, size), paint)


@lru_cache(maxsize=16)
def symbol_sprite(symbol: str, size: int = 14) -> Image.Image:
    """A tile's relic symbol in a preview: a solid gem (gold, thinly edged) or an outlined one (a
    thick dark ring round a white middle), told apart at the preview's size."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        outline = [(s * 0.25, s * 0.12), (s * 0.75, s * 0.12), (s * 0.96, s * 0.4), (s * 0.5, s * 0.95),
                   (s * 0.04, s * 0.4)]
        if symbol == "solid":
            d.polygon(outline, fill=RELIC, outline=RELIC_EDGE, width=max(round(1.8 * k), 1))
        else:
            d.polygon(outline, fill=WHITE, outline=RELIC_EDGE, width=max(round(size * 0.16 * k), 1))

    return supersampled((size, size), paint)


@lru_cache(maxsize=32)
def cube_sprite(fill: RGB = INK, size: int = 11, edge: RGB = WHITE, hollow: bool = False) -> Image.Image:
    """A cube seen from above: a rounded square (a depletion cube in ink; action and voting cubes in
    a player's colour; `hollow` for a cube already spent)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = (size + 2) * k
        d.rounded_rectangle((k, k, s - k, s - k), radius=2 * k, fill=None if hollow else fill,
                            outline=edge if not hollow else fill, width=max(round(1.5 * k), 1))

    return supersampled((size + 2, size + 2), paint)


@lru_cache(maxsize=8)
def depletion_sprite(cubes: int, size: int = 11) -> Image.Image:
    """One or two depletion cubes side by side (two: the army marched)."""
    one = cube_sprite(INK, size)
    sprite = Image.new("RGBA", (one.width * cubes - (cubes - 1) * 2, one.height), (0, 0, 0, 0))
    for i in range(cubes):
        sprite.alpha_composite(one, (i * (one.width - 2), 0))
    return sprite
