"""A focused view: the part of the map around one player's armies and structures (two hexes
round them), drawn larger, with a two-line heading; for `/game board focus:<colour>`."""

from __future__ import annotations

from PIL import Image

from render.basics import INK
from render.glory import pieces
from render.glory.layout import FOCUS_RADIUS, SQRT3, Grid, extent
from render.glory.layout import fit as fit_grid
from render.glory.panel import status_line
from render.glory.static import PANEL, draw_borders, draw_hex
from render.marks import marker_sprite
from render.posted import least
from render.terrain import TERRAINS
from render.text import draw_text, paste, place, shrunk
from render.words import colour, say
from rules import hexes
from rules.glory.state import GloryState, terrain
from rules.messages import Msg

FOCUS_W, FOCUS_MAX_H = 1200, 900
HEADING = 64  # two lines
TITLE_SIZE = 20
MARGIN = 2  # hexes shown around the player's pieces


def focus_hexes(state: GloryState, seat: int) -> list[int]:
    """The hexes a focus on `seat` shows: within MARGIN of their armies and structures (or of their
    starting province when they have none)."""
    board = state.board
    own = [*state.players[seat].armies, *(h for h, s in state.structures.items() if s.owner == seat)]
    if not own:
        starts = board.starts(len(state.seats))
        own = [board.province_names[starts[seat]]] if seat < len(starts) else [board.names[0]]
    cells = {h for name in own for h in hexes.within(board.axial(name), MARGIN)}
    return sorted(board.axial_index[h] for h in cells if h in board.axial_index)


def draw_focus(state: GloryState, focus: str) -> Image.Image:
    board = state.board
    seat = next(s for s, seat_ in enumerate(state.seats) if seat_.colour == focus.lower())
    shown = focus_hexes(state, seat)
    grid, size = part_grid([board.axials[i] for i in shown], HEADING, FOCUS_W, FOCUS_MAX_H, FOCUS_RADIUS, 520)
    image = draw_part(state, grid, size, HEADING)
    pieces.draw_pieces(image, grid, state, whole_hexes(state, grid, size, HEADING))
    place(image, _heading(state, focus, image.width), (0, 0))
    return image


def _heading(state: GloryState, focus: str, width: int) -> Image.Image:
    """The focus's heading in two lines, never cut: whose armies and the round, then whose turn (a
    line too long for the width drawn smaller, never under the preview's least size: the focus is
    at least 520 pixels wide, room for the longest)."""
    strip = Image.new("RGB", (width, HEADING), PANEL)
    paste(strip, marker_sprite(focus.lower(), 13), (22, 20))
    size = max(TITLE_SIZE, least(width))
    lines = [say(Msg("Around {name}'s armies - Round {n}", name=colour(focus), n=state.round)), status_line(state)]
    for i, line in enumerate(lines):
        draw_text(strip, (44, 20 + i * 26), line, shrunk(line, size, width - 54, least(width)), INK, None,
                  anchor="lm", bold=i == 0)
    return strip


def part_grid(cells: list[tuple[int, int]], heading: int, most_w: int, most_h: int, largest: float, least_w: int,
              centred: bool = False) -> tuple[Grid, tuple[int, int]]:
    """The grid and the picture's size showing the hexes `cells` as large as fits `most_w` by
    `most_h` (hex radius at most `largest`) below `heading` pixels left free; at least `least_w`
    wide (the cells at the left, or `centred`)."""
    x0, y0, x1, y1 = extent(cells)
    size = min(largest, (most_w - 20) / (x1 - x0), (most_h - 20) / (y1 - y0))
    width = round((x1 - x0) * size + 20)
    height = round((y1 - y0) * size + 20) + heading
    right = max(width, least_w) if centred else width
    return fit_grid(cells, (10, heading + 10, right - 10, height - 10), size), (max(width, least_w), height)


def draw_part(state: GloryState, grid: Grid, size: tuple[int, int], heading: int) -> Image.Image:
    """The map on `grid` in a picture of `size`: every hex in it (below `heading`) with its
    terrain, and the province borders; the hexes it shows whole with their names and letters. No
    pieces yet."""
    board = state.board
    image = Image.new("RGB", size, TERRAINS["ocean"].fill)
    cells_now = terrain(state)
    visible = [i for i, h in enumerate(board.axials) if _inside(grid.centre(h), image.size, grid.size, heading)]
    whole = whole_hexes(state, grid, size, heading)
    for i in visible:
        draw_hex(image, grid, board, i, cells_now[i], board.names[i] in whole)
    provinces = {board.province_of[i] for i in visible if board.province_of[i] >= 0}
    draw_borders(image, grid, board, sorted(provinces))
    return image


def whole_hexes(state: GloryState, grid: Grid, size: tuple[int, int], heading: int) -> set[str]:
    """The hexes the picture shows whole (below `heading`): those whose pieces it draws."""
    board = state.board
    half_h = grid.size * SQRT3 / 2
    return {board.names[i] for i, h in enumerate(board.axials)
            if grid.size - 1 <= grid.centre(h)[0] <= size[0] - grid.size + 1
            and heading + half_h - 1 <= grid.centre(h)[1] <= size[1] - half_h + 1}


def _inside(point: tuple[float, float], size: tuple[int, int], radius: float, heading: int) -> bool:
    return -radius < point[0] < size[0] + radius and heading - radius < point[1] < size[1] + radius
