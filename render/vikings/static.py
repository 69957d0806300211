"""The static layer: everything that depends only on the board (sea, islands, names, docks,
fjords, links, ferries, fury tracks, the key, frames), drawn once per board and cached with
the PNG palette and where dock names and villages go; and the posted view's (`posted_layer`:
the map at the preview's sizes, with room for the header above and the player strip below).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.basics import Box, Point
from render.header import draw_titles
from render.layers import LayerCache
from render.legend import legend
from render.lines import dotted_line, draw_route, towards
from render.marks import marker_sprite
from render.palette import PALETTE
from render.png import build_palette
from render.posted import POSTED_W
from render.text import draw_text, paste, place, plain
from render.vikings import fury
from render.vikings.colours import (
    FERRY,
    FIXED_COLOURS,
    FRAME,
    LAND,
    LAND_EDGE,
    LINK,
    PANEL,
    PATH_HALO,
    SAND,
    SEA,
    SEA_DEEP,
    WAVE,
    god_colour,
)
from render.vikings.icons import boat_sprite, dock_sprite, fjord_sprite, rune_stone, temple_icon
from render.vikings.key import key_entries
from render.vikings.layout import FULL as FULL_SIZES
from render.vikings.layout import (
    MAP_W,
    PANEL_SIZE,
    PANEL_W,
    STATIC_SCALE,
    WIDTH,
    Layout,
    layout,
    posted_layout,
)
from render.vikings.placement import name_boxes, place_dock_labels, place_names, place_villages
from render.words import say
from rules.vikings.board import Board


@dataclass(frozen=True)
class Static:
    """What is drawn once per board: the image, its layout, the PNG palette, and where each
    dock's name and village go (picked to keep clear of fjords and other labels); `top` is
    where the map starts (below the posted view's header)."""

    image: Image.Image
    layout: Layout
    palette: Image.Image
    dock_labels: dict[str, Point]
    village_spots: dict[str, Point]
    top: int = 0
    names: tuple[Box, ...] = ()  # the boxes of the islands' names


def static_layer(board: Board) -> Static:
    """The cached static layer of `board` (keyed by the board's value, so a board decoded
    again from storage finds it); the least recently used of more than 8 boards is dropped."""
    return _LAYERS.get(board)


def clear_cache() -> None:
    """Forget every board's static layers (they are rebuilt on the next drawing)."""
    _LAYERS.clear()
    _POSTED.clear()


def _build_static(board: Board) -> Static:
    lay = layout(board)
    height = lay.height
    image = Image.new("RGB", (WIDTH, height), PANEL)
    labels, villages, names = draw_map(image, board, lay)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, MAP_W - 1, lay.map_h - 1), outline=FRAME, width=2)
    pen.line((MAP_W, 0, MAP_W, height), fill=FRAME, width=2)
    _static_strip(image, board, lay)
    _static_panel(image, board, lay)
    palette = build_palette([image, _sample_sheet(board)], FIXED_COLOURS)
    return Static(image, lay, palette, labels, villages, 0, names)


def posted_layer(board: Board, top: int, bottom: int) -> Static:
    """The posted view's static layer: the map at the preview's sizes, `top` pixels of panel
    above it (the header) and `bottom` below (the player strip); cached like `static_layer`."""
    return _POSTED.get((board, top, bottom))


def _build_posted(key: tuple[Board, int, int]) -> Static:
    board, top, bottom = key
    lay = posted_layout(board, top, bottom)
    image = Image.new("RGB", (POSTED_W, lay.height), PANEL)
    labels, villages, names = draw_map(image, board, lay)
    pen = ImageDraw.Draw(image)
    pen.line((0, top, POSTED_W, top), fill=FRAME, width=2)
    pen.line((0, top + lay.map_h - 1, POSTED_W, top + lay.map_h - 1), fill=FRAME, width=2)
    palette = build_palette([image, _sample_sheet(board, lay)], FIXED_COLOURS)
    return Static(image, lay, palette, labels, villages, top, names)


def draw_map(image: Image.Image, board: Board, lay: Layout
             ) -> tuple[dict[str, Point], dict[str, Point], tuple[Box, ...]]:
    """The map in its box on `image` (the layout's): sea, links, ferries, islands and their
    names, fjords, docks and their names, each village's place tied to its dock. Returns where
    the docks' names and the villages are."""
    k = STATIC_SCALE
    size = lay.sizes
    top = lay.map_top

    # the sea, links, ferries and islands, drawn large and reduced (smooth coasts)
    big = Image.new("RGB", (lay.map_w * k, lay.map_h * k), SEA)
    d = ImageDraw.Draw(big)

    def at(x: float, y: float) -> Point:
        px, py = lay.xy(x, y)
        return px * k, (py - top) * k

    _waves(d, board, lay, k)
    for a, b in board.edges:
        d.line((*at(*board.position(a)), *at(*board.position(b))), fill=LINK, width=5 * k)
    for a, b in board.ferries:
        dotted_line(d, at(*board.position(a)), at(*board.position(b)), 12 * k, 2.6 * k, FERRY, trim=14 * k)
    for island in board.islands:
        cx, cy = at(island.x, island.y)
        r = island.radius * lay.scale * k
        shape = [at(x, y) for x, y in island.outline] if island.outline else None
        shadow = (4 * k, 6 * k)
        if shape:
            d.polygon([(x + shadow[0], y + shadow[1]) for x, y in shape], fill=SEA_DEEP)
            d.polygon(shape, fill=SAND, outline=LAND_EDGE, width=2 * k)
            d.polygon([towards(p, (cx, cy), 7 * k) for p in shape], fill=LAND)
        else:
            d.ellipse((cx - r + shadow[0], cy - r + shadow[1], cx + r + shadow[0], cy + r + shadow[1]), fill=SEA_DEEP)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SAND, outline=LAND_EDGE, width=2 * k)
            d.ellipse((cx - r + 7 * k, cy - r + 7 * k, cx + r - 7 * k, cy + r - 7 * k), fill=LAND)
    names = place_names(board, lay)
    labels = place_dock_labels(board, lay, names)
    villages = place_villages(board, lay, labels, names)
    for name, spot in villages.items():  # a jetty from the dock to its village
        d.line((*at(*board.position(name)), spot[0] * k, (spot[1] - top) * k), fill=FERRY, width=5 * k)
    place(image, big.reduce(k), (0, top))

    # spaces, names and labels, at full resolution
    for fjord in board.fjords:
        paste(image, fjord_sprite(fjord.name, size.fjord, size.fjord_label), lay.xy(fjord.x, fjord.y))
    for dock in board.docks:
        paste(image, dock_sprite(size.dock), lay.xy(dock.x, dock.y))
    for island in board.islands:
        draw_text(image, names[island.name], plain(island.title, 16), size.name, bold=True)
    for name, spot in labels.items():
        draw_text(image, spot, plain(name), size.label, bold=True)
    return labels, villages, tuple(name_boxes(board, lay, names))


def _waves(d: ImageDraw.ImageDraw, board: Board, lay: Layout, k: int) -> None:
    """A few calm wave marks on open water (deterministic, away from islands and fjords)."""
    seed = sum(ord(c) for c in board.name)
    spaces = [((lay.xy(i.x, i.y)[0], lay.xy(i.x, i.y)[1] - lay.map_top), i.radius * lay.scale + 26)
              for i in board.islands]
    spaces += [((lay.xy(f.x, f.y)[0], lay.xy(f.x, f.y)[1] - lay.map_top), lay.sizes.fjord + 24) for f in board.fjords]
    step = 92
    for row, y in enumerate(range(40, lay.map_h - 20, step // 2)):
        for x in range(40 + (row % 2) * step // 2, lay.map_w - 40, step):
            seed = (seed * 1103515245 + 12345) % 2**31
            jx, jy = x + seed % 30 - 15, y + (seed // 30) % 16 - 8
            if any(math.hypot(jx - p[0], jy - p[1]) < reach for p, reach in spaces):
                continue
            for dx in (0, 14):
                box = ((jx + dx - 8) * k, (jy - 4) * k, (jx + dx + 8) * k, (jy + 6) * k)
                d.arc(box, 200, 340, fill=WAVE, width=2 * k)


def _static_strip(image: Image.Image, board: Board, lay: Layout) -> None:
    """Under the map: the frame and titles of the fury tracks, and the key."""
    top = lay.map_h
    pen = ImageDraw.Draw(image)
    pen.line((0, image.height - 1, MAP_W, image.height - 1), fill=FRAME, width=2)
    draw_text(image, (22, top + 14), say("Gods' fury"), PANEL_SIZE + 1, anchor="lt", halo=None, bold=True)
    fury.draw_tracks(image, board, lay)
    key_x = fury.TRACK_X0 + 20 * fury.TRACK_STEP + 96
    legend(image, (key_x, top + 14), key_entries(), MAP_W - key_x - 10, columns=2, size=16, row=26)


def _static_panel(image: Image.Image, board: Board, lay: Layout) -> None:
    """The titles of the shared board header (its status lines are drawn with the pieces)."""
    draw_titles(image, (MAP_W + 20, 0), "Tiny Epic Vikings", board.title, PANEL_W - 40)


def _sample_sheet(board: Board, lay: Layout | None = None) -> Image.Image:
    """Every dynamic sprite in every player colour on the map's and panel's backgrounds, so the
    palette holds the colours of their antialiased edges."""
    size = lay.sizes if lay is not None else FULL_SIZES
    sheet = Image.new("RGB", (WIDTH, 160), SEA)
    ImageDraw.Draw(sheet).rectangle((0, 80, WIDTH, 160), fill=PANEL)
    x = 20
    for name, style in PALETTE.items():
        for y in (30, 110):
            paste(sheet, boat_sprite(name, 2, size.boat), (x, y))
            paste(sheet, boat_sprite(name, 3, size.boat, aside=True), (x + 44, y))
            paste(sheet, marker_sprite(name, size.settler, "4"), (x + 82, y))
            paste(sheet, temple_icon(style.fill, size.temple), (x + 110, y))
            draw_route(ImageDraw.Draw(sheet), [(x + 124, y - 20), (x + 150, y + 20)], style.fill, halo=PATH_HALO)
        ImageDraw.Draw(sheet).rectangle((x, 60, x + 160, 76), fill=style.tint)
        x += 170
    for god in board.gods:
        paste(sheet, rune_stone(god, god_colour(board, god), empty=True), (x, 40))
        paste(sheet, fury.fury_token(god_colour(board, god)), (x, 120))
        x += 70
    return sheet


_LAYERS: LayerCache[Board, Static] = LayerCache(_build_static, keep=8)
_POSTED: LayerCache[tuple[Board, int, int], Static] = LayerCache(_build_posted, keep=8)
