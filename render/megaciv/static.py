"""The static layer of one view of a board: the map (land shaded by population limit, coastal
water, open sea), every area's name, its population limit and city site, the header's titles,
the band's frames and the key; drawn once per board and view, cached with the PNG palette and
where each area's name and pieces go.

`reach_layer` is the same for an image of where a piece can go (`render.megaciv.reach`): a
close-up with a caption strip under the header, its palette holding the overlay's colours too;
cached apart, so that these images never push the board's usual views out of the cache.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.areas import LAND, WATER, Area, AreaStyle, Spot, View, bounds, contains, draw_areas, place_labels
from render.basics import INK, MUTED, PAPER, RGB, WHITE, Box, Point, mix
from render.header import draw_titles
from render.layers import LayerCache
from render.legend import legend
from render.marks import tag_sprite
from render.megaciv import key
from render.megaciv.colours import (
    BARBARIAN_FILL,
    CONFLICT,
    DIM,
    FRAME,
    LAND_EDGE,
    LIMIT_FILLS,
    OPEN_SEA,
    OUT_OF_PLAY,
    PIRATE_FILL,
    REACH,
    ROUTE,
    SEA_INK,
    limit_fill,
)
from render.megaciv.layout import BAND_PAD, KEY_ROW, KEY_ROW_FOCUS, Frame, Sizes, frame, outlines
from render.megaciv.sprites import cost_disc, limit_badge, sample_sheet, styles, width_of
from render.png import build_palette
from render.terrain import fill_polygon
from render.text import carry, draw_text, paste, place, plain, text_sprite
from rules.megaciv.board import Board


@dataclass(frozen=True)
class Static:
    """A view's static image and geometry: `anchors` (where each area's name and pieces centre),
    `rooms` (how wide a row of pieces may be in each area), `ports` (where each area's ships go),
    which areas it shows (`visible`), and the PNG palette."""

    image: Image.Image
    frame: Frame
    palette: Image.Image
    anchors: dict[str, Point]
    rooms: dict[str, float]
    ports: dict[str, Point]
    visible: frozenset[str]


def static_layer(board: Board, focused: tuple[str, ...] | None, seats: int, title: str) -> Static:
    """The cached static layer of a view of `board` (the whole map, or the `focused` areas)."""
    return _LAYERS.get((board, focused, seats, title))


def reach_layer(board: Board, focused: tuple[str, ...] | None, seats: int, title: str) -> Static:
    """The cached static layer of a "where can this piece go" image framing the `focused` areas."""
    return _REACH_LAYERS.get((board, focused, seats, title))


def clear_cache() -> None:
    _LAYERS.clear()
    _REACH_LAYERS.clear()


def _build(key_: tuple[Board, tuple[str, ...] | None, int, str]) -> Static:
    return _make(*key_, reach=False)


def _build_reach(key_: tuple[Board, tuple[str, ...] | None, int, str]) -> Static:
    return _make(*key_, reach=True)


def _make(board: Board, focused: tuple[str, ...] | None, seats: int, title: str, reach: bool) -> Static:
    f = frame(board, focused, seats, title, reach)
    s = f.sizes
    image = Image.new("RGB", (f.width, f.height), PAPER)
    view = f.view
    wanted = f.focused
    shapes = []
    for a, shape in zip(board.map.areas, outlines(board)):
        fill = None if a.kind == "sea" else limit_fill(a.limit)
        if fill is not None and wanted is not None and a.name not in wanted:
            fill = mix(fill, DIM, 0.65)
        shapes.append(Area(shape.name, shape.outline, shape.water, fill))
    map_image = Image.new("RGB", (f.width, f.map_h), WATER.fill)
    edge = 1 if wanted is None else 2
    draw_areas(map_image, view, shapes, AreaStyle(LIMIT_FILLS[2], LAND_EDGE, edge), WATER)
    seen = set()
    for a, shape in zip(board.map.areas, shapes):
        left, top, right, bottom = bounds(view.polygon(shape.outline))
        if right < 0 or bottom < 0 or left > f.width or top > f.map_h:
            continue
        seen.add(a.name)
        if a.kind == "sea":
            fill_polygon(map_image, view.polygon(shape.outline), OPEN_SEA, outline=mix(WATER.outline, INK, 0.3))
    placed = name_anchors(board, f.view, f.sizes, seen, (0, f.map_top))
    inside = (2, f.map_top + 2, f.width - 2, f.map_top + f.map_h - 2)
    anchors = {name: at for name, at in placed.items()  # a close-up's edge would cut a name: left out
               if all(_within(b, inside) for b in name_boxes(name, board.areas[name].kind == "sea", at, s))}
    rooms: dict[str, float] = {}
    ports: dict[str, Point] = {}
    for a, shape in zip(board.map.areas, shapes):
        if a.name not in anchors:
            continue
        x, y = anchors[a.name]
        left, _top, right, _bottom = bounds(view.polygon(shape.outline))
        rooms[a.name] = max((right - left) * 0.86, 2.6 * s.chip)
        if a.port is not None:
            ports[a.name] = f.xy(a.port)
        elif a.kind == "sea":
            ports[a.name] = (x, y + s.sea * 1.4)
        dimmed = wanted is not None and a.name not in wanted
        on_map = (x, y - f.map_top)  # names are drawn on the map alone: none spills out of its box
        if a.kind == "sea":
            draw_text(map_image, on_map, plain(a.name), s.sea, WHITE if not dimmed else mix(WHITE, SEA_INK, 0.3),
                      SEA_INK, halo_width=2)
            continue
        draw_name(map_image, f, a.name, a.limit, a.city_site, on_map, dimmed)
    place(image, map_image, (0, f.map_top))
    pen = ImageDraw.Draw(image)
    frame_map(image, f)
    pen.line((0, f.band_top + f.band_h - 1, f.width, f.band_top + f.band_h - 1), fill=FRAME, width=2)
    draw_titles(image, (20, 0), "Mega Civilization", plain(title), 520 if wanted is None else 430)
    if not reach:  # the caption strip goes there
        hint = "close-ups: /game board focus: a region, or around a player" if wanted is None else \
            "whole map: /game board"
        draw_text(image, (20, f.map_top - 8), hint, 14, MUTED, None, anchor="lb")
    legend(image, (f.key_x, f.band_top + BAND_PAD), key.entries(board, s), f.width - f.key_x - 10,
           columns=f.key_columns, size=15 if wanted is None else 14, row=KEY_ROW if wanted is None else KEY_ROW_FOCUS)
    samples = [image, _samples(board, f), *([reach_samples(f.sizes)] if reach else [])]
    palette = build_palette(samples, [*_fixed(board), *([REACH, ROUTE] if reach else [])])
    return Static(image, f, palette, anchors, rooms, ports, frozenset(seen))


def frame_map(image: Image.Image, f: Frame) -> None:
    ImageDraw.Draw(image).rectangle((0, f.map_top, f.width - 1, f.map_top + f.map_h - 1), outline=FRAME, width=2)


def restore_frames(image: Image.Image, static: Static) -> None:
    """The header and the band as the static layer has them, over anything a piece near the map's
    edge drew past it, and the map's frame again."""
    f = static.frame
    for top, bottom in ((0, f.map_top), (f.band_top, f.height)):
        part = carry(static.image, static.image.crop((0, top, f.width, bottom)), offset=(0, -top))
        place(image, part, (0, top))
    frame_map(image, f)


@lru_cache(maxsize=4096)
def name_boxes(name: str, sea: bool, at: Point, s: Sizes) -> tuple[Box, ...]:
    """What an area's label covers when its anchor is `at`: a land area's name and population
    badge (as `draw_name` draws them) and the first row of its pieces under them; a sea's name."""
    x, y = at
    if sea:
        letters = text_sprite(plain(name), s.sea, WHITE, SEA_INK, 2)
        return ((x - letters.width / 2, y - letters.height / 2, x + letters.width / 2, y + letters.height / 2),)
    letters = text_sprite(plain(name), s.name, INK, PAPER, 2, True)
    cx, cy = x - s.badge, y - s.name * 0.62
    text = (cx - letters.width / 2, cy - letters.height / 2, cx + letters.width / 2 + 2 * s.badge + 4,
            cy + letters.height / 2)
    row = (x - 2.3 * s.chip, y + s.chip * 0.2, x + 2.3 * s.chip, y + s.chip * 2.3)
    return text, row


# where a label may move from its area's label point (rows of its size, and shares of its width),
# nearest first
SHIFTS = sorted(((dy, dx) for dy in (0, -0.8, 0.8, -1.6, 1.6, -2.4, 2.4) for dx in (0, -0.25, 0.25, -0.5, 0.5)),
                key=lambda s: abs(s[0]) + 3 * abs(s[1]))


def name_anchors(board: Board, view: View, s: Sizes, seen: Iterable[str], offset: Point = (0, 0)) -> dict[str, Point]:
    """Where each area in `seen` centres its name and pieces (in the image, `offset` from the
    view's pixels): at its label point, or near it inside the area when that would overlap an
    area placed before (small land areas first, seas last)."""
    ox, oy = offset
    wanted = [board.areas[n] for n in seen]
    order = sorted(wanted, key=lambda a: (a.kind == "sea", _extent(view, a.points)))
    labels = []
    for a in order:
        polygon = view.polygon(a.points)
        x, y = view.xy(a.label)
        size = s.sea if a.kind == "sea" else s.name
        reach = max(width_of(a.name, size), 3 * size)
        spots = []
        for dy, dx in SHIFTS:
            at = (x + dx * reach, y + dy * size)
            if (dx or dy) and not contains(polygon, at):
                continue
            at = (at[0] + ox, at[1] + oy)
            spots.append(Spot(at, name_boxes(a.name, a.kind == "sea", at, s)))
        labels.append((a.name, spots))
    return {name: spot.at for name, spot in place_labels(labels).items()}


def _within(box: Box, inside: Box) -> bool:
    return box[0] >= inside[0] and box[1] >= inside[1] and box[2] <= inside[2] and box[3] <= inside[3]


def _extent(view: View, points: Iterable[Point]) -> float:
    left, top, right, bottom = bounds(view.polygon(tuple(points)))
    return (right - left) * (bottom - top)


def draw_name(image: Image.Image, f: Frame, name: str, limit: int, site: bool, at: Point, dimmed: bool = False) -> None:
    """An area's name above its anchor, its population limit in a badge after it (a square badge:
    a city site)."""
    s = f.sizes
    x, y = at
    ink = mix(INK, MUTED, 0.6) if dimmed else INK
    box = draw_text(image, (x - s.badge, y - s.name * 0.62), plain(name), s.name, ink, halo_width=2, bold=True)
    paste(image, limit_badge(limit, site, s.badge), (box[2] + s.badge - 1, (box[1] + box[3]) / 2))


def _fixed(board: Board) -> list[RGB]:
    colours = [PAPER, INK, WHITE, MUTED, FRAME, LAND_EDGE, *LIMIT_FILLS, WATER.fill, WATER.outline, OPEN_SEA.fill,
               OPEN_SEA.ink, SEA_INK, CONFLICT, PIRATE_FILL, BARBARIAN_FILL, OUT_OF_PLAY.fill, OUT_OF_PLAY.ink,
               LAND.fill]
    for style in styles(board).values():
        colours += [style.fill, style.ink]
    return colours


def _samples(board: Board, f: Frame) -> Image.Image:
    """Every dynamic sprite in every civilization's style on land, coastal water and open sea, so
    the palette holds the colours of their antialiased edges."""
    return sample_sheet(board, f.sizes, (limit_fill(2), WATER.fill, OPEN_SEA.fill, PAPER))


def reach_samples(sizes: Sizes) -> Image.Image:
    """The overlay's sprites (costs, the start's tag) on land, dimmed land, water and open sea."""
    backs = (limit_fill(0), limit_fill(5), mix(limit_fill(2), DIM, 0.65), WATER.fill, OPEN_SEA.fill, PAPER)
    r = cost_radius(sizes)
    sheet = Image.new("RGB", (40 * r, 3 * r * len(backs)), PAPER)
    pen = ImageDraw.Draw(sheet)
    for i, back in enumerate(backs):
        top = i * 3 * r
        pen.rectangle((0, top, sheet.width, top + 3 * r), fill=back)
        for j, text in enumerate(("1", "2", "5")):
            paste(sheet, cost_disc(text, r, REACH), (2 * r + 3 * r * j, top + 1.5 * r))
        paste(sheet, start_tag(sizes), (16 * r, top + 1.5 * r))
    return sheet


def cost_radius(sizes: Sizes) -> int:
    """The radius of a cost's disc in a view."""
    return max(13, round(sizes.name * 0.8))


def start_tag(sizes: Sizes) -> Image.Image:
    """The tag on the start of a piece that can move ("start")."""
    return tag_sprite("start", max(11, sizes.name - 2), INK, WHITE)


Key = tuple[Board, tuple[str, ...] | None, int, str]
_LAYERS: LayerCache[Key, Static] = LayerCache(_build, keep=12)
_REACH_LAYERS: LayerCache[Key, Static] = LayerCache(_build_reach, keep=8)
