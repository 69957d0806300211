"""The last sail: a bold route in the sailor's colour, edged in ink so it stands out on the sea,
over the spaces it passed, with arrows pointing the way."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK
from render.lines import draw_route
from render.palette import player_style
from render.text import draw_text, paste, plain
from render.vikings.colours import PATH_HALO
from render.vikings.icons import dock_sprite, fjord_sprite
from render.vikings.static import Static
from rules.vikings.state import VikingsState


def draw_last_sail(image: Image.Image, state: VikingsState, static: Static) -> None:
    """The last sail as a line in the sailor's colour: the spaces it passed are redrawn on top,
    the start is ringed, arrows point the way."""
    sail = state.last_sail
    assert sail is not None
    board, lay = state.board, static.layout
    size = lay.sizes
    fill = player_style(state.seats[sail.seat].colour).fill
    points = [lay.xy(*board.position(p)) for p in sail.path]
    pen = ImageDraw.Draw(image)
    width = round(size.boat * 0.45)
    draw_route(pen, points, fill, size.boat + 2, halo=INK, width=width, long_leg=3 * size.boat,
               head=round(size.boat * 1.7))
    for name, at in zip(sail.path, points):
        if board.kind(name) == "fjord":
            paste(image, fjord_sprite(name, size.fjord, size.fjord_label), at)
        else:
            paste(image, dock_sprite(size.dock), at)
            draw_text(image, static.dock_labels[name], plain(name), size.label, bold=True)
    x, y = points[0]
    r = (size.fjord if board.kind(sail.path[0]) == "fjord" else size.dock) + 5
    pen.ellipse((x - r, y - r, x + r, y + r), outline=PATH_HALO, width=7)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=4)
