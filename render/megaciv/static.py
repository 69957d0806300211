"""The static layer of one view of a board: the map (land shaded by population limit, coastal
water, open sea), every area's name, its population limit and city site, the header's titles,
the band's frames and the key; drawn once per board and view, cached with the PNG palette and
where each area's name and pieces go.

`reach_layer` is the same for an image of where a piece can go (`render.megaciv.reach`): a
close-up under a caption, without the band, its text read at Discord's preview, its areas
labelled around what is there (`labels.reach_anchors`), its palette holding the overlay's colours
too; cached apart, so that these images never push the board's usual views out of the cache.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.areas import LAND, WATER, Area, AreaStyle, bounds, draw_areas
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
from render.megaciv.labels import Crowd, cost_radius, name_anchors, name_boxes, reach_anchors, within
from render.megaciv.layout import BAND_PAD, KEY_ROW, KEY_ROW_FOCUS, Frame, Sizes, frame, outlines
from render.megaciv.sprites import cost_disc, fitted, limit_badge, sample_sheet, styles
from render.png import build_palette
from render.terrain import fill_polygon
from render.text import carry, draw_text, paste, place, plain
from render.words import say
from rules.megaciv.board import Area as MapArea
from rules.megaciv.board import Board
from rules.messages import Msg


@dataclass(frozen=True)
class Static:
    """A view's static image and geometry: `anchors` (where each area's name and pieces centre),
    `rooms` (how wide a row of pieces may be in each area), `ports` (where each area's ships go),
    which areas it shows (`visible`), and the PNG palette; on a reach image, what each label
    covers (`boxes`), the areas with a cost before their names (`costs`: its focus) and those
    named without their pieces (`bare`)."""

    image: Image.Image
    frame: Frame
    palette: Image.Image
    anchors: dict[str, Point]
    rooms: dict[str, float]
    ports: dict[str, Point]
    visible: frozenset[str]
    boxes: dict[str, tuple[Box, ...]] = field(default_factory=dict)
    costs: frozenset[str] = frozenset()
    bare: frozenset[str] = frozenset()


def static_layer(board: Board, focused: tuple[str, ...] | None, seats: int, title: str) -> Static:
    """The cached static layer of a view of `board` (the whole map, or the `focused` areas)."""
    return _LAYERS.get((board, focused, seats, title))


def reach_layer(board: Board, focused: tuple[str, ...] | None, seats: int, title: str, crowd: Crowd) -> Static:
    """The cached static layer of a "where can this piece go" image framing the `focused` areas,
    its labels clear of the `crowd` (conflict signs, ships, pieces)."""
    return _REACH_LAYERS.get((board, focused, seats, title, crowd))


def clear_cache() -> None:
    _LAYERS.clear()
    _REACH_LAYERS.clear()


def _build(key_: Key) -> Static:
    return _make(*key_)


def _build_reach(key_: ReachKey) -> Static:
    return _make(*key_)


def _make(board: Board, focused: tuple[str, ...] | None, seats: int, title: str, crowd: Crowd | None = None) -> Static:
    """The layer of a view; with a `crowd`, of a reach image (`reach_layer`)."""
    reach = crowd is not None
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
    inside = (2, f.map_top + 2, f.width - 2, f.map_top + f.map_h - 2)
    boxes: dict[str, tuple[Box, ...]] = {}
    bare: frozenset[str] = frozenset()
    if crowd is not None:
        labelled = reach_anchors(board, f, seen, inside, crowd)
        anchors, boxes, bare = labelled.anchors, labelled.boxes, labelled.bare
    else:
        placed = name_anchors(board, f.view, f.sizes, seen, (0, f.map_top))
        anchors = {name: at for name, at in placed.items()  # a close-up's edge would cut a name: left out
                   if all(within(b, inside) for b in name_boxes(name, board.areas[name].kind == "sea", at, s))}
    rooms: dict[str, float] = {}
    ports: dict[str, Point] = {}
    for a, shape in zip(board.map.areas, shapes):
        if a.name not in anchors:
            continue
        x, y = anchors[a.name]
        left, _top, right, _bottom = bounds(view.polygon(shape.outline))
        rooms[a.name] = max((right - left) * 0.86, (2 * s.row if reach else 2.6) * s.chip)  # reach: `name_boxes`
        if a.port is not None:
            ports[a.name] = f.xy(a.port)
        elif a.kind == "sea":
            ports[a.name] = (x, y + s.sea * 1.4)
        dimmed = wanted is not None and a.name not in wanted
        draw_label(map_image, f, a, (x, y - f.map_top), dimmed)  # on the map alone: none spills out of its box
    place(image, map_image, (0, f.map_top))
    pen = ImageDraw.Draw(image)
    frame_map(image, f)
    pen.line((0, f.band_top + f.band_h - 1, f.width, f.band_top + f.band_h - 1), fill=FRAME, width=2)
    if reach:  # the key goes under it, the caption under the header (`render.megaciv.reach`); no band
        draw_text(image, (20, 32), fitted(title, TITLE_SIZE, f.width - 40), TITLE_SIZE, INK, None, anchor="lm",
                  bold=True)
    else:
        draw_titles(image, (20, 0), "Mega Civilization", plain(title), 520 if wanted is None else 430)
        hint = say(Msg("close-ups: {command} a region, or around a player", command="/game board focus:")) \
            if wanted is None else say(Msg("whole map: {command}", command="/game board"))
        draw_text(image, (20, f.map_top - 8), hint, 14, MUTED, None, anchor="lb")
        legend(image, (f.key_x, f.band_top + BAND_PAD), key.entries(board, s), f.width - f.key_x - 10,
               columns=f.key_columns, size=15 if wanted is None else 14,
               row=KEY_ROW if wanted is None else KEY_ROW_FOCUS)
    samples = [image, _samples(board, f), *([reach_samples(f.sizes)] if reach else [])]
    palette = build_palette(samples, [*_fixed(board), *([REACH, ROUTE] if reach else [])])
    return Static(image, f, palette, anchors, rooms, ports, frozenset(seen), boxes,
                  f.focused or frozenset() if reach else frozenset(), bare)


TITLE_SIZE = 28  # a reach image's title


def frame_map(image: Image.Image, f: Frame) -> None:
    ImageDraw.Draw(image).rectangle((0, f.map_top, f.width - 1, f.map_top + f.map_h - 1), outline=FRAME, width=2)


def restore_frames(image: Image.Image, static: Static) -> None:
    """The header and the band as the static layer has them, over anything a piece near the map's
    edge drew past it, and the map's frame again."""
    f = static.frame
    for top, bottom in ((0, f.map_top), *(((f.band_top, f.height),) if f.band_h else ())):
        part = carry(static.image, static.image.crop((0, top, f.width, bottom)), offset=(0, -top))
        place(image, part, (0, top))
    frame_map(image, f)


def draw_label(image: Image.Image, f: Frame, area: MapArea, at: Point, dimmed: bool = False) -> None:
    """An area's name (`draw_name`; an open sea's in white on the sea's ink)."""
    if area.kind == "sea":
        draw_text(image, at, plain(area.name), f.sizes.sea, mix(WHITE, SEA_INK, 0.3) if dimmed else WHITE, SEA_INK,
                  halo_width=2)
    else:
        draw_name(image, f, area.name, area.limit, area.city_site, at, dimmed)


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


def start_tag(sizes: Sizes) -> Image.Image:
    """The tag on the start of a piece that can move ("start")."""
    return tag_sprite(say("start"), max(11, sizes.name - 2, sizes.least), INK, WHITE)


Key = tuple[Board, tuple[str, ...] | None, int, str]
_LAYERS: LayerCache[Key, Static] = LayerCache(_build, keep=12)
ReachKey = tuple[Board, tuple[str, ...] | None, int, str, Crowd]
_REACH_LAYERS: LayerCache[ReachKey, Static] = LayerCache(_build_reach, keep=8)
