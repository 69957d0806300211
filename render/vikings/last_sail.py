"""The last sail: a route in the sailor's colour over the spaces it passed, with arrows."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.lines import draw_route
from render.palette import player_style
from render.text import draw_text, paste, plain
from render.vikings.colours import PATH_HALO
from render.vikings.icons import dock_sprite, fjord_sprite
from render.vikings.layout import BOAT_R, DOCK_R, FJORD_R, LABEL_SIZE
from render.vikings.static import Static
from rules.vikings.state import VikingsState


def draw_last_sail(image: Image.Image, state: VikingsState, static: Static) -> None:
    """The last sail as a line in the sailor's colour: the spaces it passed are redrawn on top,
    the start is ringed, arrows point the way."""
    sail = state.last_sail
    assert sail is not None
    board, lay = state.board, static.layout
    fill = player_style(state.seats[sail.seat].colour).fill
    points = [lay.xy(*board.position(p)) for p in sail.path]
    pen = ImageDraw.Draw(image)
    draw_route(pen, points, fill, BOAT_R + 2, halo=PATH_HALO)
    for name, at in zip(sail.path, points):
        if board.kind(name) == "fjord":
            paste(image, fjord_sprite(name), at)
        else:
            paste(image, dock_sprite(), at)
            draw_text(image, static.dock_labels[name], plain(name), LABEL_SIZE, bold=True)
    x, y = points[0]
    r = (FJORD_R if board.kind(sail.path[0]) == "fjord" else DOCK_R) + 5
    pen.ellipse((x - r, y - r, x + r, y + r), outline=PATH_HALO, width=7)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=4)
