"""The PNG writer (render/png.py): the chunks written by hand around a fast deflate read back, with
Pillow, as the pixels Pillow's own writer would have stored, and are a valid PNG of about its
size; and the standard library's zlib, the fallback where ISA-L does not install, writes the same."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from render import png, vikings
from tests.games.vikings import crowded as vikings_crowded


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def pillows(indexed: Image.Image) -> bytes:
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=3)
    return out.getvalue()


def chunks(data: bytes) -> list[tuple[bytes, bytes, int]]:
    """The (type, data, stored CRC) of each chunk after the signature."""
    assert data[:8] == png.SIGNATURE
    found, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        end = at + 8 + length
        found.append((kind, data[at + 8:end], struct.unpack(">I", data[end:end + 4])[0]))
        at += 12 + length
    return found


@pytest.fixture(scope="module")
def board() -> tuple[Image.Image, Image.Image]:
    """A crowded Vikings posted view, as drawn, and its palette."""
    state, posted = vikings_crowded("nordhav")
    return vikings.compose(state, None, posted), vikings.static_layer(state.board).palette


def test_a_board_reads_back_as_the_pixels_pillows_own_png_holds(board):
    image, palette = board
    indexed = png.mapped(image, palette)
    ours = png.encode_png(image, palette)
    Image.open(io.BytesIO(ours)).verify()  # chunk order, CRCs, the end
    read, theirs = opened(ours), opened(pillows(indexed))
    assert read.mode == "P" and read.size == image.size
    assert read.tobytes() == theirs.tobytes() == indexed.tobytes()
    assert read.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()
    assert len(ours) < 1.1 * len(pillows(indexed))  # about the size Pillow's zlib gives at level 3


def test_the_chunks_are_the_minimal_palette_png_with_their_crcs(board):
    image, palette = board
    found = chunks(png.encode_png(image, palette))
    assert [kind for kind, _, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert all(crc == zlib.crc32(kind + data) for kind, data, crc in found)
    assert struct.unpack(">IIBBBBB", found[0][1]) == (*image.size, 8, 3, 0, 0, 0)
    assert found[1][1] == bytes(palette.getpalette() or [])
    rows = zlib.decompress(found[2][1])
    assert len(rows) == (image.width + 1) * image.height
    assert rows[::image.width + 1] == bytes(image.height)  # every row filtered with "none"


@pytest.mark.parametrize("size", [(1, 1), (3, 7), (255, 2), (257, 3)])
def test_small_and_odd_sizes_with_an_adaptive_palette(size):
    image = Image.new("RGB", size, (200, 30, 40))
    image.putpixel((size[0] - 1, size[1] - 1), (0, 114, 178))
    read = opened(png.encode_png(image))
    assert read.size == size
    assert read.convert("RGB").tobytes() == image.tobytes()


def test_the_same_pixels_give_the_same_bytes(board):
    image, palette = board
    assert png.encode_png(image, palette) == png.encode_png(image.copy(), palette)


def test_the_zlib_fallback_writes_the_same_pixels(board, monkeypatch):
    image, palette = board
    fast = png.encode_png(image, palette)
    monkeypatch.setattr(png, "_deflate", zlib)
    monkeypatch.setattr(png, "LEVEL", 3)
    slow = png.encode_png(image, palette)
    Image.open(io.BytesIO(slow)).verify()
    assert opened(slow).tobytes() == opened(fast).tobytes()
    assert slow != fast or png.DEFLATE == "zlib"  # a different deflate was used


def test_a_posted_board_is_drawn_through_the_writer():
    state, posted = vikings_crowded("two-isles")
    data = vikings.draw(state, None, None, None, posted)
    assert [kind for kind, _, _ in chunks(data)] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert opened(data).width == 1100
