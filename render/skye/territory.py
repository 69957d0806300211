"""The players' territories: one slot each (the viewer's first), tiles as placed, the castle,
placed roads, the journeyman, this round's walk with the markers it collected, the viewer's own
sealed plan, and where new tiles fit while placing.

Territories are drawn with north up: the game's (x, y) is the image cell (x, -y). Rows and
columns are numbered as the game names positions ("x,y"), so `/skye place position:` and the
board agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, WHITE, Box, mix
from render.lines import dashed_polyline
from render.marks import marker_sprite
from render.palette import player_style
from render.skye.colours import ALERT, PLAN, WALK
from render.skye.layout import CAPTION_H, GAP
from render.skye.pieces import (
    TRACK_LETTERS,
    castle_sprite,
    draw_road_piece,
    journeyman_sprite,
    shared_tile,
    square_tag,
    tile_image,
)
from render.text import draw_text, fit, paste, place, plain, text_width
from render.tiles import Cell, Slot, TileGrid, badges_at, cell_bounds, draw_path, fit_territories
from render.words import colour as named
from render.words import say
from rules.messages import Msg
from rules.skye import queries
from rules.skye.land import Land, land, piece_cells
from rules.skye.state import SkyeState, Walk

Pos = tuple[int, int]
Overlay = Callable[[Image.Image, TileGrid], None]


def cell(pos: Pos) -> Cell:
    """The image cell of a game position (north up)."""
    return pos[0], -pos[1]


def shown_cells(state: SkyeState, seat: int) -> list[Cell]:
    """The cells a territory's slot must show: its tiles, and while its player places tiles the
    cells around them."""
    cells = [cell((p.x, p.y)) for p in state.players[seat].territory]
    if state.stage == "place" and state.players[seat].to_place:
        cells += [cell(pos) for pos in land(state.board, state.players[seat]).frontier]
    return cells


def slots(state: SkyeState, order: Sequence[int], box: Box, max_size: float) -> dict[int, Slot]:
    """A slot per seat in `order`, one tile size for all (a multiple of 4 pixels, so tiles drawn
    before are found in the cache as territories grow)."""
    found = fit_territories([shown_cells(state, s) for s in order], box, GAP, CAPTION_H + 16, max_size)
    out = {}
    for seat, slot in zip(order, found):
        size = max(16, math.floor(slot.grid.size / 4) * 4)
        x0, y0, x1, y1 = cell_bounds(shown_cells(state, seat))
        left, top, right, bottom = slot.box
        cx, cy = (left + right) / 2 + 8, top + CAPTION_H + 16 + (bottom - top - CAPTION_H - 16) / 2
        origin = (round(cx - (x0 + (x1 - x0 + 1) / 2) * size), round(cy - (y0 + (y1 - y0 + 1) / 2) * size))
        out[seat] = Slot(TileGrid(size, origin), slot.box, slot.caption)
    return out


def draw_slot(image: Image.Image, state: SkyeState, seat: int, slot: Slot, viewer: int | None,
              under: Overlay | None = None, over: Overlay | None = None, least: int = 0) -> None:
    """One player's territory in its slot, with its caption and frame. `under` is drawn over the
    tiles but under the castle, the roads placed, the walk and the plan; `over` over all of them
    but under the journeyman (the reach overlay: rings, then costs). No text under `least`
    pixels (the posted view's; then tiles have no terrain letters)."""
    player = state.players[seat]
    colour = state.seats[seat].colour
    style = player_style(colour)
    pen = ImageDraw.Draw(image)
    left, top, right, bottom = slot.box
    mine = viewer == seat
    pen.rounded_rectangle(slot.box, radius=12, fill=mix(style.tint, WHITE, 0.45), outline=INK if mine else
                          mix(style.fill, INK, 0.2), width=4 if mine else 2)
    pen.rounded_rectangle((left, top, right, top + CAPTION_H), radius=12, fill=style.fill)
    pen.rectangle((left, top + CAPTION_H - 12, right, top + CAPTION_H), fill=style.fill)
    radius = max(13, round(least * 0.85))
    paste(image, marker_sprite(colour, radius, ring=WHITE), (left + 11 + radius, top + CAPTION_H / 2))
    who = plain(state.seats[seat].name, 16)
    you = "  " + say("(you)") if mine else ""
    start = left + 20 + 2 * radius
    score = say(Msg("{vp} VP  {gold} g", vp=player.vp, gold=player.gold))
    if text_width(named(colour) + you, 21) > right - 22 - start - text_width(score, 22) - 8:
        score = say(Msg("{vp} VP", vp=player.vp))  # a narrow slot, a long colour: the gold left out
    box = draw_text(image, (right - 12, top + CAPTION_H / 2), score, 22, style.ink, None, anchor="rm", bold=True)
    room = box[0] - start - 10
    title = named(colour) + (f": {who}" if sum(c.isalnum() for c in who) > who.count("?") else "") + you
    if text_width(title, 21) > room:  # a narrow slot: the colour (and "you") before the name
        title = named(colour) + you
    draw_text(image, (start, top + CAPTION_H / 2), fit(title, 21, room), 21, style.ink, None, anchor="lm",
              bold=True)
    grid = slot.grid
    size = round(grid.size)
    lnd = land(state.board, player)
    _axes(image, state, seat, grid, slot.box, least)
    if state.stage == "place" and player.to_place:
        _open_cells(image, state, seat, grid, least)
    for placed in player.territory:
        x0, y0, _, _ = grid.box(cell((placed.x, placed.y)))
        place(image, tile_image(state.board.tile(placed.tile), placed.rotation, size, least), (round(x0), round(y0)))
    if under is not None:
        under(image, grid)
    cx, cy = grid.centre((0, 0))
    paste(image, castle_sprite(colour, max(14, round(size * 0.56)), least), (cx - size * 0.12, cy - size * 0.1))
    for piece in player.roads:
        a, b = piece_cells(piece)
        draw_road_piece(image, grid.centre(cell(a)), grid.centre(cell(b)), size)
    walk = next((w for w in state.walks if w.seat == seat), None)
    if walk is not None:
        _walk(image, state, grid, walk, least)
    if player.plan is not None:  # only ever in its author's own view
        _plan(image, state, seat, grid, lnd, least)
    if over is not None:
        over(image, grid)
    at = grid.centre(cell(player.journeyman))
    dx, dy = _beside_badges(state, seat)
    paste(image, journeyman_sprite(colour, max(16, round(size * 0.46)), least=least),
          (at[0] + size * dx, at[1] + size * dy))


def _beside_badges(state: SkyeState, seat: int) -> tuple[float, float]:
    """Where the journeyman stands on its tile (from the centre, as a share of the tile): the
    lower right, or the quarter farthest from the tile's badges when they are there."""
    return _quarters(state, seat, state.players[seat].journeyman)[0]


def _quarters(state: SkyeState, seat: int, pos: Pos) -> list[tuple[float, float]]:
    """The quarters of a tile of `seat`'s territory (from the centre, as a share of the tile),
    farthest from its badges first (the lower right first when it has none)."""
    placed = next((p for p in state.players[seat].territory if (p.x, p.y) == pos), None)
    spots = [(0.24, 0.22), (-0.24, 0.22), (0.24, -0.22), (-0.24, -0.22)]
    if placed is None:
        return spots
    shown = shared_tile(state.board.tile(placed.tile), placed.rotation)
    if not shown.features:
        return spots
    bx, by = badges_at(shown)
    return sorted(spots, key=lambda s: (-round(math.dist((0.5 + s[0], 0.5 + s[1]), (bx, by)), 2), spots.index(s)))


def _axes(image: Image.Image, state: SkyeState, seat: int, grid: TileGrid, box: Box, least: int = 0) -> None:
    """Column numbers (x) above the tiles and row numbers (y) to their left, as positions are named."""
    x0, y0, x1, y1 = cell_bounds(shown_cells(state, seat))
    size = grid.size
    text = max(least, 13 if size >= 36 else 11)
    top = grid.box((x0, y0))[1] - 9 - (text - 13) / 2
    for x in range(x0, x1 + 1):
        draw_text(image, (grid.centre((x, y0))[0], top), str(x), text, MUTED, None, bold=True)
    left = grid.box((x0, y0))[0] - 10 - (text - 13) / 2
    for y in range(y0, y1 + 1):
        draw_text(image, (max(left, box[0] + 9 + (text - 13) / 2), grid.centre((x0, y))[1]), str(-y), text, MUTED,
                  None, bold=True)


def _open_cells(image: Image.Image, state: SkyeState, seat: int, grid: TileGrid, least: int = 0) -> None:
    """Dashed squares where a tile waiting to be placed fits."""
    open_: set[Pos] = set()
    for tile in state.players[seat].to_place:
        open_ |= {(x, y) for x, y, _r in queries.placements(state, seat, tile)}
    pen = ImageDraw.Draw(image)
    for pos in sorted(open_):
        a, b, c, d = grid.box(cell(pos))
        inset = 4
        corners = [(a + inset, b + inset), (c - inset, b + inset), (c - inset, d - inset), (a + inset, d - inset)]
        dashed_polyline(pen, [*corners, corners[0]], 7, 5, INK, 2)
        draw_text(image, grid.centre(cell(pos)), f"{pos[0]},{pos[1]}", max(12, least), INK, WHITE, bold=True)


def _walk(image: Image.Image, state: SkyeState, grid: TileGrid, walk: Walk, least: int = 0) -> None:
    """This round's walk: the path, then the markers collected (order and track) and dropped, each
    in a quarter of its tile clear of the tile's badges and of the journeyman."""
    path = [cell(p) for p in walk.path]
    if len(path) > 1:
        draw_path(image, grid, path, WALK, end_gap=grid.size * 0.2)
    tags = [(f"{i}{TRACK_LETTERS.get(m.track, '')}", WALK, m) for i, m in enumerate(walk.collected, 1)]
    tags += [("x", ALERT, m) for m in walk.dropped]
    taken: dict[Pos, int] = {state.players[walk.seat].journeyman: 1}
    for text, colour, marker in tags:
        pos = (marker.x, marker.y)
        quarters = _quarters(state, walk.seat, pos)
        dx, dy = quarters[min(taken.get(pos, 0), len(quarters) - 1)]
        taken[pos] = taken.get(pos, 0) + 1
        x, y = grid.centre(cell(pos))
        square_tag(image, (x + dx * grid.size, y + dy * grid.size), text, colour, size=max(13, least))


def _plan(image: Image.Image, state: SkyeState, seat: int, grid: TileGrid, lnd: Land, least: int = 0) -> None:
    """The viewer's own sealed plan: the cheapest route through its markers, dashed, with their
    order and tracks."""
    player = state.players[seat]
    plan = player.plan
    assert plan is not None
    here = player.journeyman
    points = [grid.centre(cell(here))]
    for marker in plan.markers:
        target = (marker.x, marker.y)
        if target in lnd.cells:
            points += [grid.centre(cell(p)) for p in lnd.route(here, target)]
            here = target
    pen = ImageDraw.Draw(image)
    if len(points) > 1:
        width = max(3, round(grid.size / 16))
        dashed_polyline(pen, points, grid.size * 0.18, grid.size * 0.1, WHITE, width + 4)
        dashed_polyline(pen, points, grid.size * 0.18, grid.size * 0.1, PLAN, width)
    off = grid.size * 0.3
    for i, marker in enumerate(plan.markers, 1):
        x, y = grid.centre(cell((marker.x, marker.y)))
        square_tag(image, (x + off, y - off), f"{i}{TRACK_LETTERS.get(marker.track, '')}", PLAN,
                   size=max(13, least))
