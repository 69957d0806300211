"""Small cached sprites: boats, temples, villages, resources, rune stones, fjords and docks."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, RGB, Point, mix
from render.lines import dashed_polyline
from render.marks import marker_sprite, supersampled
from render.text import paste, plain, text_sprite, text_width
from render.vikings.colours import DOCK, FJORD, FJORD_EDGE, HULL
from render.vikings.layout import DOCK_R, FJORD_R, LABEL_SIZE


def _icon(size: int, paint: Callable[[ImageDraw.ImageDraw, float], None]) -> Image.Image:
    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def temple_icon(fill: RGB, size: int = 26, edge: float = 1.5) -> Image.Image:
    """A temple in a player's colour: pediment, three columns, steps, outlined `edge` pixels wide."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(edge * k), 1)
        d.polygon([(s * 0.04, s * 0.34), (s * 0.5, s * 0.04), (s * 0.96, s * 0.34)], fill=fill, outline=INK, width=w)
        d.rectangle((s * 0.08, s * 0.34, s * 0.92, s * 0.44), fill=fill, outline=INK, width=w)
        for x in (0.14, 0.41, 0.68):
            d.rectangle((s * x, s * 0.44, s * (x + 0.18), s * 0.8), fill=fill, outline=INK, width=w)
        d.rectangle((s * 0.04, s * 0.8, s * 0.96, s * 0.95), fill=fill, outline=INK, width=w)

    return _icon(size, paint)


@lru_cache(maxsize=8)
def house_icon(raided: bool = False, size: int = 22) -> Image.Image:
    """A village: a house (a dashed ghost once raided)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.8 * k), 1)
        roof = [(s * 0.08, s * 0.48), (s * 0.5, s * 0.1), (s * 0.92, s * 0.48)]
        body = [(s * 0.2, s * 0.48), (s * 0.8, s * 0.48), (s * 0.8, s * 0.92), (s * 0.2, s * 0.92)]
        if raided:
            dashed_polyline(d, [*roof, roof[0]], 3 * k, 2.5 * k, MUTED, w)
            dashed_polyline(d, [*body, body[0]], 3 * k, 2.5 * k, MUTED, w)
            return
        d.polygon(body, fill=(236, 226, 200), outline=INK, width=w)
        d.polygon(roof, fill=(178, 58, 46), outline=INK, width=w)
        d.rectangle((s * 0.43, s * 0.66, s * 0.57, s * 0.92), fill=INK)

    return _icon(size, paint)


@lru_cache(maxsize=8)
def resource_icon(kind: str, size: int = 24) -> Image.Image:
    """Wood (a log), food (a fish), steel (an ingot)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.6 * k), 1)
        if kind == "wood":
            d.rounded_rectangle((s * 0.06, s * 0.3, s * 0.8, s * 0.72), radius=s * 0.1, fill=(150, 100, 56),
                                outline=INK, width=w)
            d.ellipse((s * 0.62, s * 0.3, s * 0.94, s * 0.72), fill=(222, 186, 130), outline=INK, width=w)
            d.ellipse((s * 0.73, s * 0.44, s * 0.83, s * 0.58), outline=(150, 100, 56), width=w)
        elif kind == "food":
            d.ellipse((s * 0.08, s * 0.3, s * 0.7, s * 0.72), fill=(232, 150, 90), outline=INK, width=w)
            d.polygon([(s * 0.62, s * 0.51), (s * 0.94, s * 0.28), (s * 0.94, s * 0.74)], fill=(232, 150, 90),
                      outline=INK, width=w)
            d.ellipse((s * 0.2, s * 0.42, s * 0.28, s * 0.5), fill=INK)
        else:
            d.polygon([(s * 0.06, s * 0.74), (s * 0.24, s * 0.34), (s * 0.76, s * 0.34), (s * 0.94, s * 0.74)],
                      fill=(160, 170, 182), outline=INK, width=w)
            d.line((s * 0.3, s * 0.42, s * 0.7, s * 0.42), fill=(230, 236, 242), width=w)

    return _icon(size, paint)


@lru_cache(maxsize=16)
def rune_stone(god: str, colour: RGB, size: int = 17, empty: bool = False) -> Image.Image:
    """A god's rune stone labelled with the god's name; `empty` is the outline left behind when
    a player holds it."""
    text = plain(god, 10)
    w = text_width(text, size) + 18
    h = size + 12

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        box = (1.5 * k, 1.5 * k, (w - 1.5) * k, (h - 1.5) * k)
        if empty:
            d.rounded_rectangle(box, radius=h * 0.45 * k, fill=mix(colour, (255, 255, 255), 0.6))
            corners = _rounded_outline(box, h * 0.45 * k)
            dashed_polyline(d, corners, 4 * k, 3 * k, colour, round(2 * k))
        else:
            d.rounded_rectangle(box, radius=h * 0.45 * k, fill=colour, outline=INK, width=round(1.5 * k))

    sprite = supersampled((w, h), paint)
    ink = colour if empty else (255, 255, 255)
    paste(sprite, text_sprite(text, size, ink, None, 0, bold=not empty and size >= 16), (w / 2, h / 2))
    return sprite


def _rounded_outline(box: tuple[float, float, float, float], r: float) -> list[Point]:
    x0, y0, x1, y1 = box
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    points: list[Point] = []
    for cx, cy, start in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        points += [(cx + r * math.cos(math.radians(start + a)), cy + r * math.sin(math.radians(start + a)))
                   for a in range(0, 91, 15)]
    return [*points, points[0]]


@lru_cache(maxsize=128)
def boat_sprite(colour: str, boat: int, radius: int, aside: bool = False) -> Image.Image:
    """A boat: a longship's hull under its owner's marker (their shape and colour) holding the
    boat's number; one set aside after a bump is washed out with a dashed outline. The marker's
    centre is the sprite's. A number alone never reads as a space's name (a letter and a number)."""
    marker = marker_sprite(colour, radius, str(boat), dashed=aside, faded=aside)
    r = radius
    w = max(marker.width, math.ceil(3.3 * r) + 6)
    h = max(marker.height, math.ceil(2 * 1.3 * r) + 6)
    fill = mix(HULL, (255, 255, 255), 0.55) if aside else HULL
    hull = [(-1.62, -0.62), (-1.3, 0.45), (-0.85, 1.22), (0.85, 1.22), (1.3, 0.45), (1.62, -0.62), (1.05, 0.3),
            (-1.05, 0.3)]

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        points = [((w / 2 + x * r) * k, (h / 2 + y * r) * k) for x, y in hull]
        if aside:
            d.polygon(points, fill=fill)
            dashed_polyline(d, [*points, points[0]], 5 * k, 4 * k, INK, round(2 * k))
        else:
            d.polygon(points, fill=fill, outline=INK, width=round(2 * k))

    sprite = supersampled((w, h), paint)
    paste(sprite, marker, (w / 2, h / 2))
    return sprite


@lru_cache(maxsize=256)
def fjord_sprite(name: str, radius: int = FJORD_R, size: int = LABEL_SIZE - 1) -> Image.Image:
    """A fjord: a disc of deeper water with its name."""
    extent = 2 * radius + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (extent - 2) * k, (extent - 2) * k), fill=FJORD, outline=FJORD_EDGE,
                  width=round(2 * k))

    sprite = supersampled((extent, extent), paint)
    paste(sprite, text_sprite(plain(name, 4), size, INK, None, 0, True), (extent / 2, extent / 2))
    return sprite


@lru_cache(maxsize=4)
def dock_sprite(radius: int = DOCK_R) -> Image.Image:
    """A dock: a white circle on the shore."""
    size = 2 * radius + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=DOCK, outline=INK, width=round(2 * k))

    return supersampled((size, size), paint)
