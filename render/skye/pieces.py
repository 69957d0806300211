"""Sprites of an Isle of Skye board: tiles (as the shared square tiles, from the game's zones,
roads and features), the castle, the journeyman, placed roads, waypoint tags and bonus codes.

Feature badges (a white disc with letters, a count before them when more than one):
Wh whisky (a barrel), S sheep, C cattle, F farm, Br broch, L lighthouse, Sh ship, Sc scroll,
J the journeyman symbol.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, WHITE, Point, mix
from render.marks import supersampled
from render.palette import player_style
from render.skye.colours import TERRAINS
from render.text import paste, text_sprite
from render.tiles import ROAD, Tile, Zone, rotate, tile_sprite
from rules.skye.model import FEATURES
from rules.skye.model import Tile as SkyeTile

FEATURE_LETTERS = {"barrel": "Wh", "sheep": "S", "cattle": "C", "farm": "F", "broch": "Br", "lighthouse": "L",
                   "ship": "Sh"}  # whisky is "Wh": a lone "B" read as Blue's badge
BONUS_CODES = {"third_marker": "3rd", "advance": "adv", "one_road": "1rd", "extra_movement": "+4",
               "five_gold": "5g", "two_roads": "2rd", "no_axe": "noX", "bank_pays": "bank", "two_buys": "2buy"}
TRACK_LETTERS = {"warrior": "W", "merchant": "M", "herald": "H"}


def badges(tile: SkyeTile) -> tuple[str, ...]:
    """The feature badges of a tile, in a fixed order."""
    out = []
    for feature in FEATURES:
        count = tile.count(feature)
        if count:
            out.append(f"{count}{FEATURE_LETTERS[feature]}" if count > 1 else FEATURE_LETTERS[feature])
    if tile.scroll is not None:
        out.append("Sc")
    if tile.journeyman:
        out.append("J")
    return tuple(out)


@lru_cache(maxsize=1024)
def shared_tile(tile: SkyeTile, rotation: int) -> Tile:
    """The game's tile as a shared square tile, turned as placed (castles without badges: the
    castle is drawn over them)."""
    zones = tuple(Zone(TERRAINS.get(z.terrain, z.terrain), "".join(z.edges)) for z in tile.zones)
    made = Tile(zones, "".join(tile.roads), () if tile.colour else badges(tile), TERRAINS["pasture"])
    return rotate(made, rotation)


def tile_image(tile: SkyeTile, rotation: int, size: int, least: int = 0) -> Image.Image:
    """A tile `size` pixels square, turned as placed (cached); with `least`, its badges' text at
    least that large and no terrain letters (the patterns tell terrains apart)."""
    return tile_sprite(shared_tile(tile, rotation), size, INK, not least, least)


@lru_cache(maxsize=64)
def castle_sprite(colour: str, size: int, least: int = 0) -> Image.Image:
    """A crenellated tower in the player's colour with their letter (at least `least` pixels):
    the castle."""
    style = player_style(colour)
    w, h = size, size

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = w * k / 10
        top = 1.2 * u
        outline = [(1.5 * u, 9 * u), (1.5 * u, top), (3 * u, top), (3 * u, 2.6 * u), (4.3 * u, 2.6 * u),
                   (4.3 * u, top), (5.7 * u, top), (5.7 * u, 2.6 * u), (7 * u, 2.6 * u), (7 * u, top),
                   (8.5 * u, top), (8.5 * u, 9 * u)]
        d.polygon(outline, fill=style.fill, outline=INK, width=round(0.45 * u))
        d.rectangle((4.2 * u, 6.6 * u, 5.8 * u, 9 * u), fill=INK)

    sprite = supersampled((w, h), paint)
    paste(sprite, text_sprite(style.letter, max(9, least, round(size * 0.32)), style.ink, None, 0, True),
          (w / 2, h * 0.46))
    return sprite


@lru_cache(maxsize=64)
def journeyman_sprite(colour: str, size: int, faded: bool = False, least: int = 0) -> Image.Image:
    """A meeple in the player's colour with a white ring, "J" on its body (at least `least`
    pixels): the journeyman."""
    style = player_style(colour)
    fill = mix(style.fill, WHITE, 0.55) if faded else style.fill

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k / 20
        body = [(10 * u, 5.5 * u), (13.5 * u, 7 * u), (18.5 * u, 9.5 * u), (18 * u, 12 * u), (14 * u, 11.5 * u),
                (16 * u, 18.5 * u), (11.5 * u, 18.5 * u), (10 * u, 15 * u), (8.5 * u, 18.5 * u), (4 * u, 18.5 * u),
                (6 * u, 11.5 * u), (2 * u, 12 * u), (1.5 * u, 9.5 * u), (6.5 * u, 7 * u)]
        for width, ink in ((round(2.6 * u), WHITE), (round(1.1 * u), INK)):
            d.polygon(body, fill=fill, outline=ink, width=width)
            d.ellipse((6.8 * u, 0.6 * u, 13.2 * u, 7 * u), fill=fill, outline=ink, width=width)
        d.polygon(body, fill=fill, outline=INK, width=round(1.1 * u))
        d.ellipse((6.8 * u, 0.6 * u, 13.2 * u, 7 * u), fill=fill, outline=INK, width=round(1.1 * u))

    sprite = supersampled((size, size), paint)
    paste(sprite, text_sprite("J", max(8, least, round(size * 0.34)), style.ink if not faded else INK, None, 0,
                              True), (size / 2, size * 0.62))
    return sprite


def draw_road_piece(image: Image.Image, a: Point, b: Point, size: float) -> None:
    """A placed road: a short plank across the edge between the centres `a` and `b`."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    horizontal = abs(a[0] - b[0]) > abs(a[1] - b[1])
    long, thick = size * 0.32, max(4.0, size * 0.1)
    dx, dy = (long, thick) if horizontal else (thick, long)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((mid[0] - dx, mid[1] - dy, mid[0] + dx, mid[1] + dy), radius=thick * 0.8, fill=ROAD,
                          outline=INK, width=2)
    for t in (-0.5, 0.0, 0.5):  # cross-planks: a road piece, not a printed road
        if horizontal:
            x = mid[0] + t * long
            pen.line((x, mid[1] - dy + 2, x, mid[1] + dy - 2), fill=INK, width=1)
        else:
            y = mid[1] + t * long
            pen.line((mid[0] - dx + 2, y, mid[0] + dx - 2, y), fill=INK, width=1)


def square_tag(image: Image.Image, at: Point, text: str, fill: RGB, ink: RGB = WHITE, size: int = 13) -> None:
    """A small label on a coloured square (waypoint markers: "1M", "2")."""
    letters = text_sprite(text, size, ink, None, 0, True)
    w, h = max(letters.width + 6, size + 7), size + 7
    pen = ImageDraw.Draw(image)
    box = (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)
    pen.rectangle(box, fill=fill, outline=WHITE, width=2)
    paste(image, letters, at)
