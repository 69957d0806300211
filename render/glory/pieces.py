"""What stands on the map: armies (a marker per unit type in the owner's colour and shape, with
its count, after the army's depletion cubes), cities, castles and capitals, relics, the last
maneuver (a route in the mover's colour, drops and pick-ups tagged) and, while a revealed tile
waits for its rotation, the province being explored."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from PIL import Image, ImageDraw

from render.basics import INK, WHITE
from render.glory.icons import depletion_sprite, relic_sprite, structure_sprite
from render.glory.layout import EDGE_CORNERS, Grid
from render.glory.static import draw_name
from render.lines import dashed_polyline, draw_route
from render.marks import chip_spots, draw_tags, ink_box, marker_sprite, supersampled, unit_sprite
from render.palette import player_style
from render.text import paste, text_sprite, text_width
from render.words import say
from rules import hexes
from rules.glory.state import Army, GloryState

MAX_ROWS = 2
Shown = AbstractSet[str] | None  # the hexes whose pieces are drawn (None: all)


def army_units(state: GloryState, army: Army) -> list[tuple[str, int]]:
    """The army's units in the board's order as (short name, count): a packed trebuchet's short
    name gets a "p" ("Tp")."""
    found = []
    for unit in state.board.units:
        n = army.units.get(unit.name, 0)
        if not n:
            continue
        packed = army.packed.get(unit.name, 0) if unit.packing else 0
        short = unit.short or unit.name[:1].upper()
        found += [(short, n - packed)] if n - packed else []
        found += [(short + "p", packed)] if packed else []
    return found


def army_sprites(state: GloryState, colour: str, army: Army, radius: int) -> list[Image.Image]:
    """The army's depletion cubes (if any), then a marker per unit type: its short name and the
    count."""
    sprites = [depletion_sprite(army.cubes, max(8, radius - 1))] if army.cubes else []
    return sprites + [unit_sprite(colour, short, n, radius) for short, n in army_units(state, army)]


def army_words(state: GloryState, army: Army) -> list[str]:
    """The army's units as short words, one per type, with the count past one: "Sw2", "A",
    "Tp" (a packed trebuchet)."""
    return [f"{short}{n if n > 1 else ''}" for short, n in army_units(state, army)]


def army_pill(state: GloryState, colour: str, army: Army, size: int, width: float) -> Image.Image:
    """An army on a map read at the preview (`render.posted`): one pill in the owner's light
    colour, edged in their colour, with their marker (shape, colour, letter) and the units as
    words of `size` pixels, in lines at most `width` wide (its depletion cubes go beside the
    hex's name: `draw_army`)."""
    style = player_style(colour)
    radius = round(size * 0.85)
    marker = marker_sprite(colour, radius)
    head = 2 * radius + 10  # the marker and a gap
    lines: list[list[str]] = [[]]
    for word in army_words(state, army):
        room = width - 12 - (head if len(lines) == 1 else 0)
        if lines[-1] and text_width(" ".join([*lines[-1], word]), size) > room:
            lines.append([])
        lines[-1].append(word)
    texts = [text_sprite(" ".join(line), size, INK, None, 0, bold=True) for line in lines]
    line_h = size + 6
    w = round(max([head + texts[0].width, *(t.width for t in texts[1:])]) + 8)
    h = round(max(2 * radius + 4, line_h * len(texts)) + 8)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rounded_rectangle((1.5 * k, 1.5 * k, (w - 1.5) * k, (h - 1.5) * k), radius=9 * k, fill=style.tint,
                            outline=style.fill, width=round(3 * k))

    sprite = supersampled((w, h), paint)
    top = (h - line_h * len(texts)) / 2 + line_h / 2
    paste(sprite, marker, (5 + radius, top))
    for i, text in enumerate(texts):
        paste(sprite, text, (head - 2 if i == 0 else 6, top + i * line_h), "lm")
    return sprite


def draw_army(image: Image.Image, grid: Grid, state: GloryState, at: tuple[int, int], colour: str,
              army: Army) -> None:
    if grid.least:  # on the posted view: a pill whose words read at the preview
        cx, cy = grid.centre(at)
        pill = army_pill(state, colour, army, grid.least, grid.size * 3.0)
        paste(image, pill, (cx, cy + grid.size * 0.47 - pill.height / 2))
        if army.cubes:
            paste(image, depletion_sprite(army.cubes, grid.least - 4), (cx - grid.size * 0.3, cy + grid.size * 0.63),
                  "rm")
        return
    _army_markers(image, grid, state, at, colour, army)


def _army_markers(image: Image.Image, grid: Grid, state: GloryState, at: tuple[int, int], colour: str,
                  army: Army) -> None:
    """An army in its hex: its markers centred a little below the middle, on a plate in the owner's
    light colour (so armies stand out even in a small preview): one row while the markers can keep
    a radius of 9 pixels, else two rows of markers shrunk (down to 7 pixels) until they fit."""
    cx, cy = grid.centre(at)
    room = grid.size * 1.9
    largest = max(8, min(13, round(grid.size * 0.29)))
    tries = [(r, 1, 0.12) for r in range(largest, 8, -1)]
    tries += [(r, MAX_ROWS, -0.02) for r in range(min(largest, 10), 6, -1)]
    for radius, rows, below in tries:  # one row of markers not too small, else two rows a little higher
        sprites = army_sprites(state, colour, army, radius)
        spots = chip_spots(sprites, (cx, cy + grid.size * below), room, gap=1)
        if len({round(y) for _, y in spots}) <= rows:
            break
    boxes = []
    for sprite, (x, y) in zip(sprites, spots):
        left, top, right, bottom = ink_box(sprite) or (0, 0, 0, 0)
        ox, oy = x - sprite.width / 2, y - sprite.height / 2
        boxes.append((ox + left, oy + top, ox + right, oy + bottom))
    style = player_style(colour)
    box = (min(b[0] for b in boxes) - 3, min(b[1] for b in boxes) - 3, max(b[2] for b in boxes) + 3,
           max(b[3] for b in boxes) + 3)
    ImageDraw.Draw(image).rounded_rectangle(box, radius=7, fill=style.tint, outline=style.fill, width=3)
    for sprite, spot in zip(sprites, spots):
        paste(image, sprite, spot)


def draw_armies(image: Image.Image, grid: Grid, state: GloryState, shown: Shown = None) -> None:
    board = state.board
    for seat, player in enumerate(state.players):
        colour = state.seats[seat].colour
        for name, army in player.armies.items():
            if shown is None or name in shown:
                draw_army(image, grid, state, board.axial(name), colour, army)


def draw_structures(image: Image.Image, grid: Grid, state: GloryState, shown: Shown = None) -> None:
    board = state.board
    size = max(16, round(grid.size * 0.6), round(grid.least / 0.4))  # the owner's letter `least` large
    across = -0.4 if grid.least else 0.47  # the posted view has no terrain letter at the upper left
    for name, structure in state.structures.items():
        if shown is not None and name not in shown:
            continue
        kind = "capital" if structure.capital else structure.kind
        cx, cy = grid.centre(board.axial(name))
        paste(image, structure_sprite(kind, state.seats[structure.owner].colour, size),
              (cx + grid.size * across, cy - grid.size * 0.45))


def draw_relics(image: Image.Image, grid: Grid, state: GloryState, shown: Shown = None) -> None:
    board = state.board
    size = max(14, round(grid.size * 0.52))
    across = 0.4 if grid.least else -0.02
    for name in state.relics:
        if shown is not None and name not in shown:
            continue
        cx, cy = grid.centre(board.axial(name))
        paste(image, relic_sprite(size), (cx + grid.size * across, cy - grid.size * 0.5))


def draw_last_maneuver(image: Image.Image, grid: Grid, state: GloryState) -> None:
    """The last maneuver's path in the mover's colour from its ringed start, arrows pointing the
    way (its tags come later: `path_tags`)."""
    last = state.last
    if last is None:
        return
    board = state.board
    fill = player_style(state.seats[last.seat].colour).fill
    points = [grid.centre(board.axial(h)) for h in last.path]
    pen = ImageDraw.Draw(image)
    width = max(4, round(grid.size / 7))
    if len(points) > 1:
        draw_route(pen, points, fill, grid.size * 0.35 if not last.stayed else 0, width=width, head=3.4 * width)
    cx, cy = points[0]  # the start outlined inside the hex's edge: its name and city stay in sight
    start = [(cx + 0.9 * (x - cx), cy + 0.9 * (y - cy)) for x, y in grid.corners(board.axial(last.path[0]))]
    pen.polygon(start, outline=WHITE, width=width + 4)
    pen.polygon(start, outline=fill, width=width)


def path_tags(image: Image.Image, grid: Grid, state: GloryState, shown: Shown = None) -> None:
    """The tags of the last maneuver ("drop", "pick up", "no landing") and of a claimed hex, drawn
    over the pieces (in the `shown` hexes)."""
    board = state.board
    def tags_in(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return [(h, text) for h, text in found if shown is None or h in shown]

    size = max(11, grid.least, round(grid.size * 0.3))
    last = state.last
    if last is not None:
        tags = [(h, say("drop")) for h in last.drops if h not in last.pickups]
        tags += [(h, say("pick up")) for h in last.pickups if h not in last.drops]
        tags += [(h, say("pick up, drop")) for h in last.pickups if h in last.drops]
        if last.stayed:
            tags.append((last.path[-1], say("no landing")))
        fill = player_style(state.seats[last.seat].colour).fill
        draw_tags(image, [(grid.centre(board.axial(h)), text) for h, text in tags_in(tags)], fill,
                  (0.0, -grid.size * 0.3), size)
    pending = state.exploring
    if pending is not None:
        fill = player_style(state.seats[pending.plan.seat].colour).fill
        claimed = tags_in([(pending.plan.end, say("claimed"))])
        draw_tags(image, [(grid.centre(board.axial(h)), text) for h, text in claimed], fill, (0.0, -grid.size * 0.3),
                  size)


def draw_pieces(image: Image.Image, grid: Grid, state: GloryState, shown: Shown = None) -> None:
    """Everything on the map (in the `shown` hexes; None: all), in order: the province being
    explored and the last maneuver's path, armies, cities and castles, relics, then the names of
    crowded hexes and the path's tags."""
    draw_exploring(image, grid, state)
    draw_last_maneuver(image, grid, state)
    draw_armies(image, grid, state, shown)
    draw_structures(image, grid, state, shown)
    draw_relics(image, grid, state, shown)
    board = state.board
    for player in state.players:
        for name, army in player.armies.items():
            if len(army.units) + (1 if army.cubes else 0) > 3 and (shown is None or name in shown):
                draw_name(image, grid, board, board.index[name])
    if state.last is not None:  # the start's name, under its ring
        start = state.last.path[0]
        if shown is None or start in shown:
            draw_name(image, grid, board, board.index[start])
    path_tags(image, grid, state, shown)


def draw_exploring(image: Image.Image, grid: Grid, state: GloryState) -> None:
    """The province whose tile waits for its rotation: outlined dashed in the explorer's colour, the
    planned path drawn to the claimed hex."""
    pending = state.exploring
    if pending is None:
        return
    board = state.board
    fill = player_style(state.seats[pending.plan.seat].colour).fill
    pen = ImageDraw.Draw(image)
    width = max(4, round(grid.size / 8))
    p = board.province_index[pending.province]
    members = set(board.province_hexes[p])
    for i in members:
        q, r = board.axials[i]
        corners = grid.corners((q, r))
        for (dq, dr), (a, b) in zip(hexes.DIRECTIONS, EDGE_CORNERS):
            j = board.axial_index.get((q + dq, r + dr))
            if j not in members:
                dashed_polyline(pen, [corners[a], corners[b]], 9, 6, WHITE, width + 4)
                dashed_polyline(pen, [corners[a], corners[b]], 9, 6, fill, width)
    points = [grid.centre(board.axial(h)) for h in pending.plan.path]
    if len(points) > 1:
        draw_route(pen, points, fill, grid.size * 0.2, width=max(4, round(grid.size / 7)),
                   head=3.4 * max(4, round(grid.size / 7)))
