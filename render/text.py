"""Text on board images: fonts, player-supplied text made drawable, haloed text sprites, and
pasting sprites at an anchor.

- Fonts: Pillow's bundled scalable font (`ImageFont.load_default(size=…)`), so no system fonts
  are needed. It covers printable ASCII only: pass player-supplied text through `plain` first.
- `text_sprite` renders text once (with a halo that keeps it readable on any background) and
  caches it; `draw_text` pastes it. `paste` places any RGBA sprite by an anchor.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.basics import INK, PAPER, RGB, Point


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font at `size` pixels."""
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


_FOLD = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th",
                       "Þ": "Th", "ð": "d", "Ð": "D", "đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ı": "i",
                       "‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "..."})


def plain(text: str, limit: int | None = None) -> str:
    """`text` reduced to what the bundled font can show (printable ASCII): accents dropped,
    a few letters spelled out (ø→o, æ→ae…), anything else replaced by '?', cut to `limit`
    characters with '...'."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    out = "".join(c if " " <= c <= "~" else "?" for c in folded if not unicodedata.combining(c))
    if limit is not None and len(out) > limit:
        out = out[: max(limit - 3, 1)].rstrip() + "..."
    return out


def text_width(text: str, size: int) -> int:
    """The advance width of `text` at `size` pixels (without halo)."""
    return math.ceil(font(size).getlength(text))


def fit(text: str, size: int, width: float) -> str:
    """`text` cut (with '...') so that it is at most `width` pixels wide at `size`."""
    if text_width(text, size) <= width:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + "..."
        if text_width(cut, size) <= width:
            return cut
    return "..."


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, fill: RGB = INK, halo: RGB | None = PAPER, halo_width: int = 3,
                bold: bool = False) -> Image.Image:
    """`text` as an RGBA image with a `halo` (outline) of `halo_width` pixels around the letters,
    readable on any background. `bold` thickens the letters by one pixel."""
    f = font(size)
    pad = (halo_width if halo else 0) + 2
    left, top, right, bottom = f.getbbox(text, stroke_width=1 if bold else 0)
    box = (int(right - left + 2 * pad), int(max(bottom - top, 1) + 2 * pad))
    origin = (pad - left, pad - top)
    letters = Image.new("L", box, 0)
    ImageDraw.Draw(letters).text(origin, text, fill=255, font=f, stroke_width=1 if bold else 0, stroke_fill=255)
    sprite = Image.new("RGBA", box, (*fill, 0))
    if halo:
        outline = Image.new("L", box, 0)
        ImageDraw.Draw(outline).text(origin, text, fill=255, font=f, stroke_width=halo_width, stroke_fill=255)
        sprite = Image.composite(Image.new("RGBA", box, (*fill, 255)), Image.new("RGBA", box, (*halo, 255)),
                                 letters)
        sprite.putalpha(outline)
    else:
        sprite.putalpha(letters)
    return sprite


def anchored(box: tuple[int, int], xy: Point, anchor: str) -> tuple[int, int]:
    """Top-left corner placing a `box` (w, h) so that `xy` is at its `anchor`: two letters,
    horizontal l/m/r then vertical t/m/b ("mm" centres it)."""
    w, h = box
    x = xy[0] - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    y = xy[1] - {"t": 0, "m": h / 2, "b": h}[anchor[1]]
    return round(x), round(y)


def paste(image: Image.Image, sprite: Image.Image, xy: Point, anchor: str = "mm") -> tuple[int, int, int, int]:
    """Paste an RGBA sprite onto `image` at `xy` (see `anchored`); returns the box it covers."""
    x, y = anchored(sprite.size, xy, anchor)
    if image.mode != "RGBA":
        image.paste(sprite, (x, y), sprite)
        return x, y, x + sprite.width, y + sprite.height
    # onto a sprite: composite, so the alpha of both adds up (paste would thin it)
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + sprite.width, image.width), min(y + sprite.height, image.height)
    if left < right and top < bottom:
        image.alpha_composite(sprite, (left, top), (left - x, top - y, right - x, bottom - y))
    return x, y, x + sprite.width, y + sprite.height


def draw_text(image: Image.Image, xy: Point, text: str, size: int, fill: RGB = INK, halo: RGB | None = PAPER,
              anchor: str = "mm", bold: bool = False, halo_width: int = 3) -> tuple[int, int, int, int]:
    """Haloed text at `xy`; returns the box it covers. `anchor` as in `anchored` (the box is the
    letters' ink plus the halo, so "mm" centres the visible text)."""
    return paste(image, text_sprite(text, size, fill, halo, halo_width, bold), xy, anchor)
