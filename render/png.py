"""PNG encoding: a palette PNG mapped onto a fixed palette built once per static layer
(`build_palette`): small files, fast, and the same state always gives the same bytes.

The pixels are deflated by ISA-L (`isal`: Intel's Intelligent Storage Acceleration Library, the
same deflate format 4-6 times faster than zlib at a similar size) when it is installed, else by
the standard library's zlib; the PNG chunks around them are written here (`write_png`), since
Pillow's own PNG writer deflates with the zlib it was built with.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from types import ModuleType

from PIL import Image

from render.basics import RGB

_deflate: ModuleType
try:
    from isal import isal_zlib as _deflate

    LEVEL = 2  # ISA-L's levels are 0-3; its default 2 is as fast as 1 here, and a little smaller
except ImportError:  # pragma: no cover - a platform without an ISA-L wheel
    import zlib as _deflate

    LEVEL = 3  # zlib's sweet spot for these images (6 costs twice the time for 13-17 % less)

DEFLATE = _deflate.__name__  # which deflate is in use (the benchmarks print it)
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def build_palette(samples: Iterable[Image.Image], fixed: Iterable[RGB], colours: int = 256) -> Image.Image:
    """A "P" image carrying a palette for `encode_png`: every `fixed` colour exactly (flat fills
    stay exact), the rest of the `colours` chosen to fit the `samples` (the static layer and
    sprites showing the dynamic pieces, so antialiased edges find close colours)."""
    exact: list[RGB] = []
    for c in fixed:
        if c not in exact:
            exact.append(c)
    exact = exact[:colours]
    sheet = _stack([s.convert("RGB") for s in samples])
    chosen = list(exact)
    room = colours - len(chosen)
    if room > 0 and sheet is not None:
        guess = sheet.quantize(room, method=Image.Quantize.FASTOCTREE).getpalette() or []
        for i in range(0, min(len(guess), 3 * room), 3):
            c = (guess[i], guess[i + 1], guess[i + 2])
            if c not in chosen:
                chosen.append(c)
    chosen += [chosen[-1]] * (256 - len(chosen))
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in chosen for v in c])
    return palette


def _stack(images: Sequence[Image.Image]) -> Image.Image | None:
    if not images:
        return None
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images)), images[0].getpixel((0, 0)))
    y = 0
    for i in images:
        sheet.paste(i, (0, y))
        y += i.height
    return sheet


def mapped(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """An RGB image as a "P" image: mapped (without dithering) onto `palette` from
    `build_palette`, or onto a fast adaptive palette when none is given."""
    if palette is None:
        return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def write_png(indexed: Image.Image) -> bytes:
    """A PNG file of a "P" image: 8-bit palette pixels, its palette as PLTE, no other chunks;
    each row filtered with "none" (the best filter for palette images), deflated at `LEVEL`.
    The same pixels always give the same bytes."""
    width, height = indexed.size
    rows = Image.new("P", (width + 1, height), 0)  # each row led by its filter type, 0
    rows.paste(indexed, (1, 0))
    palette = bytes(indexed.getpalette() or [0, 0, 0])[:768]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, deflate, no interlace
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", _deflate.compress(rows.tobytes(), LEVEL)), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC-32 of type and data."""
    return b"".join((struct.pack(">I", len(data)), kind, data,
                     struct.pack(">I", _deflate.crc32(data, _deflate.crc32(kind)) & 0xFFFFFFFF)))


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of an RGB image mapped onto `palette` (see `mapped`). A palette PNG is a
    fraction of the size of an RGB one and encodes several times faster."""
    return write_png(mapped(image, palette))
