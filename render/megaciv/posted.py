"""The posted view of a Mega Civilization board, read in Discord's preview: the phase and who
moves above a window on the map, the movement order below.

    +--------------------------------------------------+
    | Turn 2: Movement  in census order                 |
    | (Y) Maurya moves                                  |
    +--------------------------------------------------+
    | the map round the last move (or the pieces of    |
    | whoever moves): areas ~170 px wide, every name,  |
    | badge, count, city and ship read at 550 px; only |
    | what the window shows whole is written on it      |
    +--------------------------------------------------+
    | Movement order  census  T C S                     |
    | 1. (R) Rome 18 2 0 1   7. ...        13. ...       |
    +--------------------------------------------------+

The map is drawn at one scale per board (`whole`: where every area's name and pieces go, placed
once so that no two names meet); a window of it (`window`) is centred on what the view frames
(`framed`) and snapped to a grid, so its static layer is found in the cache as play goes on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.areas import WATER, Area, AreaStyle, View, bounds, draw_areas
from render.basics import INK, MUTED, PAPER, WHITE, Box, Point, mix
from render.layers import LayerCache
from render.megaciv.colours import FRAME, HIGHLIGHT, LAND_EDGE, LIMIT_FILLS, OPEN_SEA, SEA_INK, limit_fill
from render.megaciv.labels import name_anchors, name_boxes, within
from render.megaciv.layout import Frame, Sizes, outlines, typical_size
from render.megaciv.moves import draw_moves
from render.megaciv.panel import acting, status
from render.megaciv.pieces import (
    draw_areas_pieces,
    draw_conflict_outlines,
    draw_conflict_signs,
    draw_out_of_play,
    draw_ships,
)
from render.megaciv.sprites import chip, styles
from render.megaciv.static import Static, _fixed, _samples, draw_name, restore_frames
from render.png import build_palette
from render.posted import HEADING_H, LEAST, POSTED_W, STATUS, heading
from render.terrain import fill_polygon
from render.text import draw_text, fit, paste, place, plain, shrunk, text_width
from render.words import say
from rules.base import Posted
from rules.megaciv.board import Board
from rules.megaciv.queries import order
from rules.megaciv.report import report
from rules.megaciv.state import MegaState
from rules.messages import Plural

SIZES = Sizes(name=LEAST, sea=LEAST, badge=16, chip=19, city=40, ship=60, arrow=6, tags=False, tag=LEAST, least=LEAST)
AREA_PX = 170  # a typical land area's width on the posted view
MARGIN = 30  # around the whole map
MAP_H = 740
STEP = (POSTED_W // 4, MAP_H // 4)  # windows start on this grid
ORDER_ROW = 38
ORDER_HEAD = 40
COLUMNS = 3


@dataclass(frozen=True)
class Whole:
    """The board at the posted view's scale (pixels of the whole map, `size`): where each area's
    name and pieces centre, how wide its pieces' rows may be, where its ships go."""

    scale: float
    size: tuple[int, int]
    anchors: dict[str, Point]
    rooms: dict[str, float]
    ports: dict[str, Point]


def whole(board: Board) -> Whole:
    """The board's `Whole` (computed once per board)."""
    return _WHOLE.get(board)


def _whole(board: Board) -> Whole:
    m = board.map
    scale = AREA_PX / typical_size(board)
    size = (math.ceil(m.width * scale + 2 * MARGIN), math.ceil(m.height * scale + 2 * MARGIN))
    view = View(scale, MARGIN, MARGIN, size)
    anchors = name_anchors(board, view, SIZES, [a.name for a in m.areas])
    rooms, ports = {}, {}
    for a in m.areas:
        left, _, right, _ = bounds(view.polygon(a.points))
        rooms[a.name] = max((right - left) * 0.86, 2.6 * SIZES.chip)
        x, y = anchors[a.name]
        if a.port is not None:
            ports[a.name] = view.xy(a.port)
        elif a.kind == "sea":
            ports[a.name] = (x, y + SIZES.sea * 1.4)
    return Whole(scale, size, anchors, rooms, ports)


def strip_height(seats: int) -> int:
    return ORDER_HEAD + math.ceil(seats / COLUMNS) * ORDER_ROW + 16


def compose_posted(state: MegaState, viewer: int | None, posted: Posted) -> tuple[Image.Image, Image.Image]:
    """The posted view as an RGB image and the palette to encode it with."""
    board = state.board
    origin = window(state, framed(state, viewer, posted))
    static = window_layer(board, origin, len(state.players))
    image = static.image.copy()
    civs = styles(board)
    conflicts = report(state).conflicts
    draw_out_of_play(image, state, static)
    draw_conflict_outlines(image, state, static, conflicts)
    draw_moves(image, state, static, civs)
    draw_areas_pieces(image, state, static, civs)
    draw_ships(image, state, static, civs)
    draw_conflict_signs(image, state, static, conflicts)
    restore_frames(image, static)
    _heading(image, state, viewer)
    _order(image, state, static, viewer, len(conflicts))
    return image, static.palette


def _heading(image: Image.Image, state: MegaState, viewer: int | None) -> None:
    """The phase and its note; then the chip of each player moving now and who moves (their
    names left to the order below when they do not fit)."""
    civs = styles(state.board)
    phase, note, turn = status(state, viewer)
    heading(image, 0, phase, note)
    y = 6 + 16 + STATUS.line  # the turn line, as `render.posted.heading` puts it
    x = 20
    now = acting(state)
    for seat in now[:6]:
        style = civs[state.players[seat].civ]
        paste(image, chip(style, STATUS.marker, style.letter), (x + STATUS.marker, y))
        x += 2 * STATUS.marker + 6
    left = x + 8 if now else x
    text = plain(turn)
    if text_width(text, LEAST + 2) > POSTED_W - 20 - left and len(now) > 1:  # "5 still moving: Rome, ..."
        _, _, draft = text.partition(" | ")
        text = say(Plural("{n} still moving (highlighted below)", "{n} still moving (highlighted below)", len(now)))
        text += f" | {draft}" if draft else ""
    size = shrunk(text, STATUS.turn, POSTED_W - 20 - left, LEAST)
    draw_text(image, (left, y), fit(text, size, POSTED_W - 20 - left), size, INK, None, anchor="lm", bold=True)


def framed(state: MegaState, viewer: int | None, posted: Posted) -> list[str]:
    """The areas the window frames: those the change is about (`Posted.places`: a conflict the
    phase-end report names, an adjusted area, a move's path), else the last move of whoever just
    acted (its path; a ship's voyage), else the pieces of whoever moves now (on a player's own
    board, theirs), else every piece on the board."""
    places = [a for a in posted.places if a in state.board.areas]
    if places:
        return places
    seat = posted.seat
    if seat is not None and posted.action is not None and state.players[seat].steps:
        path = [a for a in state.players[seat].steps[-1].path if a in state.board.areas]
        if path:
            return path
    now = acting(state)
    who = viewer if viewer is not None and posted.action is None else seat if seat is not None else \
        now[0] if now else None
    if who is not None:
        player = state.players[who]
        mine = [a for a, n in sorted(player.tokens.items(), key=lambda item: -item[1]) if n] + list(player.cities)
        if mine:
            return mine
    return [a for p in state.players for a, n in p.tokens.items() if n] or [state.board.map.areas[0].name]


def shown(state: MegaState, viewer: int | None, posted: Posted) -> frozenset[str]:
    """The areas the posted view shows whole (their names and pieces inside its window)."""
    origin = window(state, framed(state, viewer, posted))
    return frozenset(window_layer(state.board, origin, len(state.players)).anchors)


def window(state: MegaState, areas: list[str]) -> tuple[int, int]:
    """The window's top-left corner on the whole map: centred on `areas` (on the first of them
    when they do not all fit), inside the map, on the `STEP` grid, the areas as well inside as
    the grid allows."""
    w = whole(state.board)
    points = [w.anchors[a] for a in areas if a in w.anchors]
    box = bounds(points)
    if box[2] - box[0] > POSTED_W - 2 * AREA_PX or box[3] - box[1] > MAP_H - 2 * AREA_PX:
        box = bounds(points[:1])
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    best, best_margin = (0, 0), -math.inf
    for fx in (math.floor, math.ceil):
        for fy in (math.floor, math.ceil):
            x = _clamp(fx((cx - POSTED_W / 2) / STEP[0]) * STEP[0], w.size[0] - POSTED_W)
            y = _clamp(fy((cy - MAP_H / 2) / STEP[1]) * STEP[1], w.size[1] - MAP_H)
            margin = min(box[0] - x, box[1] - y, x + POSTED_W - box[2], y + MAP_H - box[3])
            if margin > best_margin:
                best, best_margin = (x, y), margin
    return best


def _clamp(value: float, high: float) -> int:
    return int(max(0, min(value, high)))


def window_layer(board: Board, origin: tuple[int, int], seats: int) -> Static:
    """The static layer of the window at `origin` (cached)."""
    return _WINDOWS.get((board, origin, seats))


def _window(key: tuple[Board, tuple[int, int], int]) -> Static:
    board, (x0, y0), seats = key
    w = whole(board)
    height = HEADING_H + MAP_H + strip_height(seats)
    view = View(w.scale, MARGIN - x0, MARGIN - y0, (POSTED_W, MAP_H))
    f = Frame(POSTED_W, height, view, HEADING_H, MAP_H, HEADING_H + MAP_H, strip_height(seats), COLUMNS,
              math.ceil(seats / COLUMNS), POSTED_W // COLUMNS, POSTED_W, 1, 0, 0, SIZES, None, board.map.title)
    image = Image.new("RGB", (POSTED_W, height), PAPER)
    map_image = Image.new("RGB", (POSTED_W, MAP_H), WATER.fill)
    shapes = [Area(s.name, s.outline, s.water, None if a.kind == "sea" else limit_fill(a.limit))
              for a, s in zip(board.map.areas, outlines(board))]
    draw_areas(map_image, view, shapes, AreaStyle(LIMIT_FILLS[2], LAND_EDGE, 1), WATER)
    seen = set()
    for a, shape in zip(board.map.areas, shapes):
        left, top, right, bottom = bounds(view.polygon(shape.outline))
        if right < 0 or bottom < 0 or left > POSTED_W or top > MAP_H:
            continue
        seen.add(a.name)
        if a.kind == "sea":
            fill_polygon(map_image, view.polygon(shape.outline), OPEN_SEA, outline=mix(WATER.outline, INK, 0.3))
    anchors: dict[str, Point] = {}
    ports: dict[str, Point] = {}
    inside: Box = (2, 2, POSTED_W - 2, MAP_H - 2)
    for name in sorted(seen, key=board.area_index.__getitem__):
        a = board.areas[name]
        x, y = w.anchors[name][0] - x0, w.anchors[name][1] - y0
        if not all(within(b, inside) for b in name_boxes(name, a.kind == "sea", (x, y), SIZES)):
            continue  # the window's edge would cut its name or its pieces: the whole map has them
        anchors[name] = (x, y + HEADING_H)
        if a.kind == "sea":
            draw_text(map_image, (x, y), plain(name), SIZES.sea, WHITE, SEA_INK, halo_width=2)
        else:
            draw_name(map_image, f, name, a.limit, a.city_site, (x, y))
        if name in w.ports:
            px, py = w.ports[name][0] - x0, w.ports[name][1] - y0
            if within((px - SIZES.ship, py - SIZES.ship, px + SIZES.ship, py + SIZES.ship), inside):
                ports[name] = (px, py + HEADING_H)
    place(image, map_image, (0, HEADING_H))
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, HEADING_H, POSTED_W - 1, HEADING_H + MAP_H - 1), outline=FRAME, width=2)
    return Static(image, f, _palette(board), anchors, {n: w.rooms[n] for n in anchors}, ports, frozenset(seen))


def _palette(board: Board) -> Image.Image:
    return _PALETTES.get(board)


def _build_palette(board: Board) -> Image.Image:
    """One palette for every window of a board: its land and water, and every piece's sprites."""
    frame = Frame(POSTED_W, 400, View(1, 0, 0, (POSTED_W, 400)), 0, 400, 400, 0, 1, 1, 1, 0, 1, 0, 0, SIZES, None, "")
    sheet = Image.new("RGB", (POSTED_W, 120), PAPER)
    pen = ImageDraw.Draw(sheet)
    for i, fill in enumerate(LIMIT_FILLS):
        pen.rectangle((i * 150, 0, i * 150 + 150, 60), fill=fill)
    fill_polygon(sheet, [(0, 60), (POSTED_W, 60), (POSTED_W, 120), (0, 120)], OPEN_SEA)
    return build_palette([sheet, _samples(board, frame)], [*_fixed(board), HIGHLIGHT])


def _order(image: Image.Image, state: MegaState, static: Static, viewer: int | None, conflicts: int) -> None:
    """The movement order in three columns: place, chip, civilization (bold: moving now, "(you)"),
    census, and T treasury, C cities, S ships; a highlight on who moves now; how many `conflicts`."""
    f = static.frame
    civs = styles(state.board)
    top = f.band_top + 8
    title = say("Movement order") if state.moving else say("Next movement order (census now)")
    box = draw_text(image, (20, top + ORDER_HEAD / 2), title, LEAST + 1, INK, None, anchor="lm", bold=True)
    note = say("census, then T treasury, C cities, S ships")
    if conflicts:
        note += "; " + say(Plural("{n} conflict (outlined)", "{n} conflicts (outlined)", conflicts))
    draw_text(image, (box[2] + 16, top + ORDER_HEAD / 2), note, LEAST, MUTED, None, anchor="lm")
    now = set(acting(state))
    pen = ImageDraw.Draw(image)
    rows = f.order_rows
    column_w = f.column_w
    for i, m in enumerate(order(state)):
        column, row = divmod(i, rows)
        x = 12 + column * column_w
        y = top + ORDER_HEAD + row * ORDER_ROW + ORDER_ROW / 2
        player = state.players[m.seat]
        style = civs[player.civ]
        if m.seat in now:
            pen.rounded_rectangle((x, y - ORDER_ROW / 2 + 2, x + column_w - 12, y + ORDER_ROW / 2 - 2), 6,
                                  fill=HIGHLIGHT, outline=INK, width=2)
        draw_text(image, (x + 34, y), f"{i + 1}.", LEAST, MUTED, None, anchor="rm")
        paste(image, chip(style, 16, style.letter), (x + 54, y))
        ships = sum(s.area is not None for s in player.ships)
        facts = f"{m.census}  T{player.treasury} C{len(player.cities)} S{ships}"
        right = x + column_w - 20
        fact_box = draw_text(image, (right, y), facts, LEAST, INK, None, anchor="rm")
        name = player.civ + (" " + say("(you)") if m.seat == viewer else "") + (" ✓" if m.declared else "")
        room = fact_box[0] - (x + 72) - 8
        if text_width(name, LEAST) > room:
            name = player.civ
        draw_text(image, (x + 72, y), name, LEAST, INK, None, anchor="lm", bold=m.seat in now)


_WHOLE: LayerCache[Board, Whole] = LayerCache(_whole, keep=4)
_WINDOWS: LayerCache[tuple[Board, tuple[int, int], int], Static] = LayerCache(_window, keep=16)
_PALETTES: LayerCache[Board, Image.Image] = LayerCache(_build_palette, keep=4)


def clear_cache() -> None:
    _WHOLE.clear()
    _WINDOWS.clear()
    _PALETTES.clear()
