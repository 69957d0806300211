"""Terrain fills that are readable without colour: each terrain has a colour, a pattern drawn
in a darker ink of it, and a letter, so hex and tile maps can be read by colour-blind players
and in greyscale.

    plains     P  light green, grass ticks         mountains  M  grey-brown, peaks
    forest     F  green, little trees              swamp      W  olive, reeds over water lines
    hills      H  ochre-green, humps               sea        S  light blue, waves
    desert     D  sand, stipple dots               ocean      O  deep blue, double waves
    unexplored ?  a face-down tile: grey-brown back, cross-hatched

`terrain(name)` finds a terrain (an unknown name gets a grey fill and its first letter);
`texture(name, w, h)` is an RGB block of the fill and pattern (a cached `pattern_tile`
repeated); `fill_polygon` paints it inside any polygon, supersampled for smooth edges. Games
may define their own `Terrain`s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, Point, mix
from render.marks import SUPERSAMPLE
from render.text import paste, plain


@dataclass(frozen=True)
class Terrain:
    """How a terrain is drawn: `fill`, a `pattern` (one of `PATTERNS`) in `ink`, and a `letter`."""

    name: str
    fill: RGB
    ink: RGB
    pattern: str
    letter: str


PATTERNS = ("plain", "grass", "trees", "humps", "dots", "peaks", "reeds", "waves", "double-waves", "hatch")

TERRAINS: dict[str, Terrain] = {
    t.name: t
    for t in (
        Terrain("plains", (206, 226, 160), (128, 160, 84), "grass", "P"),
        Terrain("forest", (128, 176, 110), (46, 96, 50), "trees", "F"),
        Terrain("hills", (200, 196, 128), (130, 118, 62), "humps", "H"),
        Terrain("desert", (240, 222, 170), (184, 150, 90), "dots", "D"),
        Terrain("mountains", (176, 160, 146), (92, 76, 66), "peaks", "M"),
        Terrain("swamp", (164, 176, 128), (76, 98, 70), "reeds", "W"),
        Terrain("sea", (170, 208, 232), (96, 150, 192), "waves", "S"),
        Terrain("ocean", (104, 150, 196), (56, 98, 150), "double-waves", "O"),
        Terrain("unexplored", (150, 140, 128), (112, 104, 94), "hatch", "?"),
    )
}

WATER = frozenset({"sea", "ocean"})


def terrain(name: str | Terrain) -> Terrain:
    """The terrain called `name` (case-insensitive), or `name` itself if it is a `Terrain`; an
    unknown name gets a plain grey fill and its first letter, so a new terrain never breaks a
    drawing."""
    if isinstance(name, Terrain):
        return name
    found = TERRAINS.get(name.lower())
    if found is not None:
        return found
    first = plain(name[:1])  # an emoji becomes a bracketed name: no letter
    return Terrain(name.lower(), (214, 210, 200), (150, 146, 136), "plain", first.upper() if first.isalnum() else "?")


def _motif(d: ImageDraw.ImageDraw, pattern: str, x: float, y: float, k: float, ink: RGB) -> None:
    """One motif of `pattern` centred on (x, y), `k` times larger than output pixels."""
    w = max(round(1.4 * k), 1)
    if pattern == "grass":
        for dx in (-2.5, 0.0, 2.5):
            d.line((x + dx * k, y + 2 * k, x + dx * 1.6 * k, y - 2.5 * k), fill=ink, width=w)
    elif pattern == "trees":
        d.polygon([(x, y - 5 * k), (x + 4 * k, y + 2.5 * k), (x - 4 * k, y + 2.5 * k)], fill=ink)
        d.line((x, y + 2.5 * k, x, y + 5 * k), fill=ink, width=w)
    elif pattern == "humps":
        d.arc((x - 6 * k, y - 3 * k, x + 6 * k, y + 5 * k), 190, 350, fill=ink, width=w)
    elif pattern == "dots":
        for dx, dy in ((0.0, 0.0), (4.0, 3.0), (-3.0, 4.0)):
            d.ellipse((x + (dx - 0.9) * k, y + (dy - 0.9) * k, x + (dx + 0.9) * k, y + (dy + 0.9) * k), fill=ink)
    elif pattern == "peaks":
        d.line((x - 7 * k, y + 4 * k, x - 1 * k, y - 5 * k, x + 2 * k, y - 0.5 * k, x + 4 * k, y - 3 * k,
                x + 8 * k, y + 4 * k), fill=ink, width=w, joint="curve")
    elif pattern == "reeds":  # a tuft of reeds standing in water lines
        for dy, half in ((2.5, 6.5), (5.5, 4.0)):
            d.line((x - half * k, y + dy * k, x + half * k, y + dy * k), fill=ink, width=w)
        for dx, lean in ((-2.5, -1.5), (0.0, 0.0), (2.5, 1.5)):
            d.line((x + dx * k, y + 2.5 * k, x + (dx + lean) * k, y - 4.5 * k), fill=ink, width=w)
    elif pattern in ("waves", "double-waves"):
        rows = (0.0,) if pattern == "waves" else (-2.5, 2.5)
        for dy in rows:
            for dx in (-4.0, 4.0):
                d.arc((x + (dx - 4) * k, y + (dy - 2.5) * k, x + (dx + 4) * k, y + (dy + 2.5) * k), 200, 340,
                      fill=ink, width=w)


@lru_cache(maxsize=64)
def pattern_tile(name: str | Terrain, k: int = 1) -> Image.Image:
    """One period of the terrain's pattern (`k` times larger), an RGB tile that repeats
    seamlessly: motifs on a staggered lattice, or crossed diagonal lines for "hatch"."""
    t = terrain(name)
    if t.pattern == "hatch":
        tw = th = 18
    else:
        step = 18 if t.pattern in ("peaks", "humps") else 15
        tw, th = step, 2 * step
    canvas = Image.new("RGB", (3 * tw * k, 3 * th * k), t.fill)  # draw 3 x 3 periods, keep the middle one
    d = ImageDraw.Draw(canvas)
    if t.pattern == "hatch":
        size = 3 * tw * k
        for c in range(-size, size, 9 * k):
            d.line((c, 0, c + size, size), fill=t.ink, width=max(k, 1))
            d.line((c + size, 0, c, size), fill=mix(t.ink, t.fill, 0.45), width=max(k, 1))
    elif t.pattern != "plain":
        for row in range(6):
            y = step // 2 + row * step
            for n in range(-1, 4):
                x = step // 2 + (row % 2) * (step // 2) + n * step
                _motif(d, t.pattern, x * k, y * k, k, t.ink)
    return canvas.crop((tw * k, th * k, 2 * tw * k, 2 * th * k))


def texture(name: str | Terrain, width: int, height: int, k: int = 1) -> Image.Image:
    """An RGB block `width` x `height` (times `k`, for supersampled drawing) of the terrain's
    fill with its pattern (`pattern_tile` repeated: fixed pixel spacing, whatever the size)."""
    t = terrain(name)
    if t.pattern == "plain":
        return Image.new("RGB", (width * k, height * k), t.fill)
    image = Image.new("RGB", (width * k, height * k))
    strip = pattern_tile(t, k)
    while strip.width < image.width:  # double the tile across (a few small images), then paste the strip down
        wider = Image.new("RGB", (2 * strip.width, strip.height))
        wider.paste(strip, (0, 0))
        wider.paste(strip, (strip.width, 0))
        strip = wider
    for y in range(0, image.height, strip.height):
        image.paste(strip, (0, y))
    return image


def fill_polygon(image: Image.Image, points: list[Point], name: str | Terrain, outline: RGB | None = INK,
                 width: int = 1, again: bool = False) -> None:
    """Paint the terrain's fill and pattern inside `points` on `image`, with smooth edges and an
    `outline` of `width` pixels. `again`: a polygon drawn the same in drawing after drawing (an
    area out of play), its sprite kept for the next."""
    if len(points) < 3:
        return
    pad = width + 2  # only the part on the image is drawn (a sea may reach far past a close-up)
    left = max(math.floor(min(x for x, _ in points)) - 1, -pad)
    top = max(math.floor(min(y for _, y in points)) - 1, -pad)
    w = min(math.ceil(max(x for x, _ in points)) + 2, image.width + pad) - left
    h = min(math.ceil(max(y for _, y in points)) + 2, image.height + pad) - top
    if w <= 0 or h <= 0:
        return
    sprite = (_kept_polygon if again else polygon_sprite)(tuple((x - left, y - top) for x, y in points), (w, h), name,
                                                          outline, width)
    paste(image, sprite, (left, top), "lt")


def polygon_sprite(points: tuple[Point, ...], size: tuple[int, int], name: str | Terrain, outline: RGB | None = INK,
                   width: int = 1, factor: int = SUPERSAMPLE) -> Image.Image:
    """An RGBA sprite of `size`: the terrain inside `points` (in the sprite's pixels), the
    outside transparent. Not cached (the points are usually unique); see `render.hexes` for a
    cached hex."""
    k = factor
    big = [(x * k, y * k) for x, y in points]
    mask = Image.new("L", (size[0] * k, size[1] * k), 0)
    ImageDraw.Draw(mask).polygon(big, fill=255)
    sprite = texture(name, size[0], size[1], k).convert("RGBA")
    if outline is not None and width > 0:
        ImageDraw.Draw(sprite).line([*big, big[0]], fill=(*outline, 255), width=round(2 * width * k),
                                    joint="curve")
    sprite.putalpha(mask)
    return sprite.reduce(k)


_kept_polygon = lru_cache(maxsize=16)(polygon_sprite)

