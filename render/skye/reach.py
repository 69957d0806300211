"""Where a journeyman can go (`/game reach`): its player's territory alone, large, under a caption.

The journeyman walks only in its own player's territory, so the drawing is that territory (drawn
as on the board: tiles, castle, roads placed, the last walk, the viewer's own sealed plan, the
journeyman) at up to `MAX_TILE` pixels a tile, which reads at Discord's 550-pixel preview where
the whole board (five territories and the cards) would not. Over it:

- every tile it can reach (the rules' `GAME.reach`) ringed in bright yellow between dark edges,
  with the movement points to get there from where it stands on a yellow disc;
- the tile it stands on ringed in dashes (dark on white) and tagged "start" (a marker may lie
  there too: cost 0);
- a dark caption strip on top: "Where Red's journeyman (on L12 at 2,1) can go: 9 tiles", what
  the numbers are and the movement points it has; or "... cannot move now" and why.

The image has its own palette (the board's, plus the overlay's yellow), built once per board and
table size, so the plain board's palette and bytes stay as they were.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, RGB, WHITE, Box
from render.layers import LayerCache
from render.lines import dashed_polyline
from render.marks import supersampled
from render.png import build_palette
from render.posted import least
from render.skye.colours import BACKGROUND, FIXED_COLOURS
from render.skye.layout import CAPTION_H
from render.skye.pieces import shared_tile
from render.skye.static import Key, layer_of, samples
from render.skye.territory import Pos, cell, draw_slot, shown_cells
from render.text import draw_text, paste, text_sprite, wrap
from render.tiles import Slot, Tile, TileGrid, cell_bounds
from render.tiles import _features as draw_features
from render.words import say
from rules.base import Highlight
from rules.messages import Msg, Plural
from rules.skye import GAME, queries
from rules.skye.state import SkyeState

# The overlay's own colours have every channel a multiple of 4: Pillow maps a colour to the palette
# entry nearest to the corner of its 4x4x4 cache cell, so a colour on that corner stays exact even
# when the fitted part of the palette holds a near twin (as it does for a flat yellow).
REACH: RGB = (252, 212, 0)  # the rings and cost discs: bright on every terrain, edged in INK
CAPTION_INK: RGB = (212, 216, 224)  # the caption's second line, on INK

MAX_TILE = 120
MIN_TILE = 40
MAX_W = 1040  # the image at most this wide
MAX_TILES_H = 780  # the tiles at most this high
MIN_W = 800  # room for the caption
MARGIN = 12
STRIP = 74  # the caption strip
PAD_X = 30  # beside the tiles in the slot: row numbers
PAD_TOP = 24  # between the slot's title bar and the tiles: column numbers
PAD_BOTTOM = 16
LINE1, LINE2 = 24, 17


def owner(state: SkyeState, highlight: Highlight, viewer: int | None) -> int:
    """The seat whose territory holds the piece's tile (tile ids are unique in a game; castles
    are named by colour), else the viewer's, else the first."""
    for seat, player in enumerate(state.players):
        if any(p.tile == highlight.piece.at for p in player.territory):
            return seat
    return viewer if viewer is not None and 0 <= viewer < len(state.players) else 0


def places(state: SkyeState, seat: int, highlight: Highlight) -> tuple[Pos | None, dict[Pos, int]]:
    """Where the journeyman stands (None if its tile is not in the territory) and the cost of every
    other tile it can reach, by position (ids the territory does not hold are left out)."""
    where = {p.tile: (p.x, p.y) for p in state.players[seat].territory}
    start = where.get(highlight.piece.at)
    costs = {where[r.to]: r.cost for r in highlight.reach if r.to in where and where[r.to] != start}
    return start, costs


@dataclass(frozen=True)
class Frame:
    """Where things go in a reach drawing: its size, the territory's slot and tile grid."""

    width: int
    height: int
    size: int  # pixels a tile
    slot: Slot

    @property
    def grid(self) -> TileGrid:
        return self.slot.grid

    def tile_box(self, pos: Pos) -> tuple[int, int, int, int]:
        """The pixel box of the tile at game position `pos` (right and bottom exclusive)."""
        left, top, right, bottom = self.grid.box(cell(pos))
        return round(left), round(top), round(right), round(bottom)


def frame(state: SkyeState, seat: int) -> Frame:
    """The drawing of `seat`'s territory: tiles as large as fit (at most `MAX_TILE`, a multiple
    of 4 so the tiles' sprites are found cached), centred in a slot under the caption strip."""
    x0, y0, x1, y1 = cell_bounds(shown_cells(state, seat))
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    fit = min(MAX_TILE, (MAX_W - 2 * MARGIN - 2 * PAD_X) / cols, MAX_TILES_H / rows)
    size = max(MIN_TILE, math.floor(fit / 4) * 4)  # multiples of 4: the tiles' sprites are found cached
    slot_w = max(cols * size + 2 * PAD_X, MIN_W - 2 * MARGIN)
    slot_h = CAPTION_H + PAD_TOP + rows * size + PAD_BOTTOM
    box: Box = (MARGIN, STRIP + MARGIN, MARGIN + slot_w, STRIP + MARGIN + slot_h)
    origin = (box[0] + (slot_w - cols * size) / 2 - x0 * size, box[1] + CAPTION_H + PAD_TOP - y0 * size)
    grid = TileGrid(size, (round(origin[0]), round(origin[1])))
    slot = Slot(grid, box, ((box[0] + box[2]) / 2, box[1] + CAPTION_H / 2))
    return Frame(slot_w + 2 * MARGIN, STRIP + MARGIN + slot_h + MARGIN, size, slot)


def compose_reach(state: SkyeState, viewer: int | None, highlight: Highlight) -> tuple[Image.Image, Image.Image]:
    """The drawing (RGB) and its palette."""
    seat = owner(state, highlight, viewer)
    start, costs = places(state, seat, highlight)
    where = frame(state, seat)
    size = where.size
    image = Image.new("RGB", (where.width, where.height), BACKGROUND)

    def rings(img: Image.Image, g: TileGrid) -> None:
        pen = ImageDraw.Draw(img)
        for pos in costs:
            ring(pen, g.box(cell(pos)), size)
        if start is not None:
            _startring(pen, g.box(cell(start)), size)
        for pos in [*costs, *([start] if start is not None else [])]:
            _badges(img, state, seat, pos, g.box(cell(pos)), size)

    read = least(where.width)  # the costs read at the preview

    def numbers(img: Image.Image, g: TileGrid) -> None:
        for pos, cost in costs.items():
            fx, fy = _spot(state, seat, pos)
            left, top, _, _ = g.box(cell(pos))
            paste(img, cost_sprite(str(cost), size, read), (left + fx * size, top + fy * size))
        if start is not None:
            left, top, _, _ = g.box(cell(start))
            paste(img, start_sprite(size, read), (left + size / 2, top + size * 0.03))

    draw_slot(image, state, seat, where.slot, viewer, under=rings, over=numbers, least=read)
    _caption(image, state, seat, start, costs, highlight)
    return image, palette(state)


def ring(pen: ImageDraw.ImageDraw, box: Box, size: int) -> None:
    """A reachable tile: a yellow band inside its edge, dark lines either side of it."""
    dark, band, inner = widths(size)
    left, top = round(box[0]), round(box[1])
    right, bottom = left + size - 1, top + size - 1
    pen.rectangle((left, top, right, bottom), outline=INK, width=dark + band + inner)
    pen.rectangle((left + dark, top + dark, right - dark, bottom - dark), outline=REACH, width=band)


def _startring(pen: ImageDraw.ImageDraw, box: Box, size: int) -> None:
    """Where the journeyman stands: a white band with dark dashes, dark lines either side."""
    dark, band, inner = widths(size)
    left, top = round(box[0]), round(box[1])
    right, bottom = left + size - 1, top + size - 1
    pen.rectangle((left, top, right, bottom), outline=INK, width=dark + band + inner)
    pen.rectangle((left + dark, top + dark, right - dark, bottom - dark), outline=WHITE, width=band)
    m = dark + band / 2 - 0.5
    corners = [(left + m, top + m), (right - m, top + m), (right - m, bottom - m), (left + m, bottom - m)]
    dashed_polyline(pen, [*corners, corners[0]], size * 0.1, size * 0.07, INK, band)


def _badges(image: Image.Image, state: SkyeState, seat: int, pos: Pos, box: Box, size: int) -> None:
    """A ringed tile's feature badges drawn again over its ring (those in a corner reach the
    edge): they say which track spaces the tile meets."""
    tile = _tile(state, seat, pos)
    if not tile.features:
        return
    left, top = round(box[0]), round(box[1])
    patch = image.crop((left, top, left + size, top + size))
    draw_features(patch, tile, size)
    image.paste(patch, (left, top))


def _tile(state: SkyeState, seat: int, pos: Pos) -> Tile:
    """The shared square tile at `pos`, turned as placed."""
    placed = next(p for p in state.players[seat].territory if (p.x, p.y) == pos)
    return shared_tile(state.board.tile(placed.tile), placed.rotation)


def widths(size: int) -> tuple[int, int, int]:
    """The dark outer line, the band and the dark inner line of a ring, in pixels."""
    k = size / MAX_TILE
    return max(2, round(3 * k)), max(3, round(6 * k)), max(2, round(2 * k))


def _spot(state: SkyeState, seat: int, pos: Pos) -> tuple[float, float]:
    """Where a tile's cost goes (fractions of the tile): in the middle, over the roads' junction;
    below the middle when feature badges sit there (a tile without roads); at the lower right of
    the castle."""
    if pos == (0, 0):
        return 0.8, 0.8
    tile = _tile(state, seat, pos)
    if not tile.roads and tile.features:
        return 0.5, 0.8
    return 0.5, 0.5


@lru_cache(maxsize=64)
def cost_sprite(text: str, size: int, least: int = 0) -> Image.Image:
    """A cost: dark digits (at least `least` pixels) on a yellow disc (a pill for two digits) with
    a dark edge."""
    letters = text_sprite(text, max(11, least, round(size * 0.24)), INK, None, 0, True)
    h = max(18, letters.height - 2, round(size * 0.3))
    w = max(h, letters.width + round(h * 0.45))
    edge = max(2.0, size / 48)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rounded_rectangle((1 * k, 1 * k, (w + 1) * k, (h + 1) * k), radius=h / 2 * k, fill=REACH, outline=INK,
                            width=round(edge * k))

    sprite = supersampled((w + 2, h + 2), paint)
    paste(sprite, letters, ((w + 2) / 2, (h + 2) / 2))
    return sprite


def start_sprite(size: int, least: int = 0) -> Image.Image:
    """The "start" tag on the tile the journeyman stands on: white on dark (at least `least`
    pixels), in the language drawn now."""
    return _start_sprite(size, least, say("start"))


@lru_cache(maxsize=16)
def _start_sprite(size: int, least: int, word: str) -> Image.Image:
    letters = text_sprite(word, max(10, least, round(size * 0.15)), WHITE, None, 0, True)
    h = letters.height + 4
    w = letters.width + 10

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rounded_rectangle((1 * k, 1 * k, (w + 1) * k, (h + 1) * k), radius=4 * k, fill=INK, outline=WHITE,
                            width=round(1.5 * k))

    sprite = supersampled((w + 2, h + 2), paint)
    paste(sprite, letters, ((w + 2) / 2, (h + 2) / 2))
    return sprite


def caption(state: SkyeState, seat: int, start: Pos | None, costs: dict[Pos, int],
            highlight: Highlight) -> tuple[str, str]:
    """The caption's two lines: where the journeyman can go (or that it cannot move) and what
    the numbers mean."""
    name = GAME.seat_name(state, seat)
    if start is None:
        where = highlight.piece.at
    elif start == (0, 0):
        where = say("on the castle")
    else:
        where = say(Msg("on {tile} at {x},{y}", tile=highlight.piece.at, x=start[0], y=start[1]))
    if not costs:
        if state.stage != "plan":
            why = say("It moves only while the players plan their walks (phase 5).")
        elif start is not None and any(r.to == highlight.piece.at for r in highlight.reach):
            why = say("No other tile is within its movement points; a marker may still lie on its own tile.")
        else:
            why = ""
        return say(Msg("{name}'s journeyman ({where}) cannot move now", name=name, where=where)), why
    points, extra = queries.points(state, seat)
    if extra and max(costs.values()) > points:
        has = say(Msg("{n} with Extra Movement", n=points + extra))
    elif extra:
        has = say(Msg("{n} (+{extra} with Extra Movement)", n=points, extra=extra))
    else:
        has = str(points)
    return (say(Plural("Where {name}'s journeyman ({where}) can go: {n} tile",
                       "Where {name}'s journeyman ({where}) can go: {n} tiles", len(costs), name=name, where=where)),
            say(Msg("Numbers: movement points from the start (dashed ring), 1 along a road, 2 otherwise. It has "
                    "{has}.", has=has)))


def _caption(image: Image.Image, state: SkyeState, seat: int, start: Pos | None, costs: dict[Pos, int],
             highlight: Highlight) -> None:
    first, second = caption(state, seat, start, costs, highlight)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, image.width, STRIP - 1), fill=INK)
    room = image.width - 2 * MARGIN - 8
    draw_text(image, (MARGIN + 4, 22), wrap(first, LINE1, room, 1)[0], LINE1, WHITE, None, anchor="lm", bold=True)
    for n, line in enumerate(wrap(second, LINE2, room, 2) if second else ()):
        draw_text(image, (MARGIN + 4, 46 + n * 18), line, LINE2, CAPTION_INK, None, anchor="lm")


def _build_palette(key: Key) -> Image.Image:
    """The board's fixed colours and the overlay's, the rest fitted to the board's static layer,
    its sprites and a sheet of the overlay (so the antialiased rings and digits find their
    colours)."""
    return build_palette([layer_of(key).image, samples(), _overlay_samples()], [*FIXED_COLOURS, REACH, CAPTION_INK])


def _overlay_samples() -> Image.Image:
    sheet = Image.new("RGB", (900, 140), BACKGROUND)
    pen = ImageDraw.Draw(sheet)
    pen.rectangle((0, 0, 900, 70), fill=INK)
    draw_text(sheet, (10, 20), "Where Red's journeyman can go: 12 tiles", LINE1, WHITE, None, anchor="lm", bold=True)
    draw_text(sheet, (10, 50), "Yellow rings: the movement points, 1 along a road", LINE2, CAPTION_INK, None,
              anchor="lm")
    for i, size in enumerate((48, 88, 120)):
        x = 10 + i * 150
        ring(pen, (x, 75, x + size, 75 + size), size)
        paste(sheet, cost_sprite("12", size), (x + size / 2, 75 + size / 2))
        paste(sheet, start_sprite(size), (x + 130, 90))
    return sheet.crop((0, 0, 900, 140))


_PALETTES: LayerCache[Key, Image.Image] = LayerCache(_build_palette)


def palette(state: SkyeState) -> Image.Image:
    """The reach drawings' palette (the board's and the overlay's colours), for this table."""
    return _PALETTES.get(Key(state.board.name, state.board.progress, len(state.seats)))


def clear_cache() -> None:
    _PALETTES.clear()

