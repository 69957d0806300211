"""Where one army can go (`draw(..., highlight=...)`, for "/game reach"): the part of the map
holding the army and every hex it can end a maneuver on (one hex round them; two round an army
that cannot move), drawn larger, under a two-line caption.

Each reachable hex gets an inset outline, a white band between two ink lines (it reads on every
terrain, in colour or not, at Discord's 550-pixel preview too), and its cost in movement points
on a white disc (in the middle, or above an army of the player's standing there); the army's own
hex an all-ink outline and a "start" tag (staying is a maneuver too, cost 0, so no number). A thin
grey line joins each reachable hex to the hex its cheapest route comes from: the routes show as a
faint tree. Unreachable hexes stay as they are. The last maneuver is left out: its route and
ringed start would read as this army's. Only colours of the board's palette are added (INK,
WHITE, MUTED, PANEL), so the PNG keeps them exactly.
"""

from __future__ import annotations

import dataclasses
import math

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, RGB, WHITE
from render.glory import pieces
from render.glory.layout import Grid, extent
from render.glory.static import PANEL, draw_name
from render.glory.zoom import draw_part, part_grid, whole_hexes
from render.marks import marker_sprite, tag_sprite
from render.posted import least
from render.text import draw_text, fit, paste, text_width
from render.words import say
from rules import hexes
from rules.base import Highlight, Reach
from rules.glory.state import GloryState
from rules.messages import Msg, Plural

REACH_W, REACH_MAX_H = 1100, 860  # the map part's largest size; Discord previews it 550 wide
RADII = (66.0, 58.0, 50.0, 44.0, 38.0, 32.0)  # hex radii tried, largest first: a few sizes, so the
# hex sprites drawn for one reach serve the next
LEAST_W = 720
HEADING = 78
MARGIN = 1  # hexes shown round the army and its reach
ALONE = 2  # hexes shown round an army that cannot move
TITLE_SIZE, NOTE_SIZE = 28, 21
RING = WHITE  # the band of a reachable hex's outline (between two INK lines)
INSET = 0.84  # the outlines' radius, in hex radii


def ends(state: GloryState, highlight: Highlight) -> dict[str, Reach]:
    """The hexes the army can move to (its own hex left out), by name."""
    index = state.board.index
    return {r.to: r for r in highlight.reach if r.to != highlight.piece.at and r.to in index}


def reach_grid(state: GloryState, highlight: Highlight) -> tuple[Grid, tuple[int, int]]:
    """The grid the picture draws the map on and the picture's size."""
    board = state.board
    around = MARGIN if ends(state, highlight) else ALONE
    names = [n for n in (highlight.piece.at, *ends(state, highlight)) if n in board.index]
    cells = {h for name in names for h in hexes.within(board.axial(name), around)}
    shown = sorted(h for h in cells if h in board.axial_index) or list(board.axials)
    x0, y0, x1, y1 = extent(shown)
    fits = min(RADII[0], (REACH_W - 20) / (x1 - x0), (REACH_MAX_H - 20) / (y1 - y0))
    largest = next((r for r in RADII if r <= fits), fits)
    grid, size = part_grid(shown, HEADING, REACH_W, REACH_MAX_H, largest, LEAST_W, centred=True)
    return dataclasses.replace(grid, least=least(size[0])), size  # the map's text read at the preview


def draw_reach(state: GloryState, highlight: Highlight, overlay: bool = True) -> Image.Image:
    """The picture: the part of the map round the army and its reach with every piece, the marks
    (without `overlay`: the same part unmarked, to compare), the caption."""
    board = state.board
    start = highlight.piece.at
    found = ends(state, highlight)
    grid, size = reach_grid(state, highlight)
    image = draw_part(state, grid, size, HEADING)
    if overlay:
        _marks(image, grid, state, start, found)
    pieces.draw_pieces(image, grid, dataclasses.replace(state, last=None), whole_hexes(state, grid, size, HEADING))
    if overlay:
        _costs(image, grid, state, found)
        if start in board.index:
            x, y = grid.centre(board.axial(start))
            if start in state.structures:
                x -= grid.size * 0.2
            paste(image, tag_sprite("start", max(13, grid.least, round(grid.size * 0.3)), INK, WHITE),
                  (x, y - grid.size * 0.6))
    _caption(image, state, highlight, len(found))
    return image


def _marks(image: Image.Image, grid: Grid, state: GloryState, start: str, found: dict[str, Reach]) -> None:
    """The outlines and the routes' tree (under the pieces), the names they cross again on top."""
    board = state.board
    pen = ImageDraw.Draw(image)
    width = max(3, round(grid.size / 14))
    for name, r in found.items():
        _outline(pen, grid, board.axial(name), RING, width)
        came = r.route[-2] if len(r.route) > 1 else start
        if came in board.index and came != name:
            pen.line((grid.centre(board.axial(came)), grid.centre(board.axial(name))), fill=MUTED,
                     width=max(2, round(grid.size / 24)))
    if start in board.index:
        _outline(pen, grid, board.axial(start), INK, width)
    for name in (start, *found):
        if name in board.index:
            draw_name(image, grid, board, board.index[name])


def _outline(pen: ImageDraw.ImageDraw, grid: Grid, h: tuple[int, int], fill: RGB, width: int) -> None:
    """An inset hex outline: a band of `fill` `width` wide edged in INK (all INK for the start)."""
    cx, cy = grid.centre(h)
    r = grid.size * INSET
    corners = [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]
    ring = [*corners, corners[0]]
    pen.line(ring, fill=INK, width=width + 4, joint="curve")
    if fill != INK:
        pen.line(ring, fill=fill, width=width, joint="curve")


def disc_centre(grid: Grid, state: GloryState, name: str) -> tuple[float, float]:
    """Where a reachable hex's cost goes: its middle, or above an army there (left of a city or
    castle, which stands at the upper right)."""
    cx, cy = grid.centre(state.board.axial(name))
    if any(name in player.armies for player in state.players):
        cy -= grid.size * 0.4
        if name in state.structures:
            cx -= grid.size * 0.2
    return cx, cy


def disc_radius(grid: Grid) -> int:
    return max(11, round(grid.size * 0.3))


def _costs(image: Image.Image, grid: Grid, state: GloryState, found: dict[str, Reach]) -> None:
    """Each reachable hex's cost on a white disc edged in ink."""
    radius = disc_radius(grid)
    size = max(16, grid.least, round(grid.size * 0.44))
    pen = ImageDraw.Draw(image)
    for name, r in found.items():
        cx, cy = disc_centre(grid, state, name)
        pen.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=WHITE, outline=INK,
                    width=max(2, round(grid.size / 22)))
        draw_text(image, (cx, cy), str(r.cost), size, INK, None, bold=True)


def caption(highlight: Highlight, count: int, width: float = math.inf) -> tuple[str, str]:
    """The caption's two lines: where the army can go (`count` hexes) or that it cannot move; then
    its units (cut to fit `width` pixels) and what the numbers mean."""
    piece = highlight.piece
    at, _, units = piece.label.partition(": ")
    if not units or at != piece.at:
        at, units = piece.at, piece.label
    if not count:
        return say(Msg("The army at {at} cannot move now", at=at)), fit(units, NOTE_SIZE, width)
    suffix = "; " + say("numbers are movement points")
    return (say(Plural("Where the army at {at} can go: {n} hex", "Where the army at {at} can go: {n} hexes", count,
                       at=at)),
            fit(units, NOTE_SIZE, width - text_width(suffix, NOTE_SIZE)) + suffix)


def _caption(image: Image.Image, state: GloryState, highlight: Highlight, count: int) -> None:
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, image.width, HEADING), fill=PANEL)
    pen.line((0, HEADING, image.width, HEADING), fill=MUTED, width=2)
    title, note = caption(highlight, count, image.width - 32)
    at = highlight.piece.at
    owner = next((state.seats[s].colour for s, p in enumerate(state.players) if at in p.armies), None)
    left = 16
    if owner is not None:
        paste(image, marker_sprite(owner, 15), (30, 28))
        left = 54
    draw_text(image, (left, 28), fit(title, TITLE_SIZE, image.width - left - 12), TITLE_SIZE, INK, None,
              anchor="lm", bold=True)
    draw_text(image, (16, 60), note, NOTE_SIZE, INK, None, anchor="lm")
