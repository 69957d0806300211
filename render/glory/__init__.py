"""The Glory of Civilizations board image: `draw(state, viewer, focus, highlight, posted) -> PNG bytes`.

Layout (output pixels, whatever the map):

    +-----------------------------------------+------------------+
    | the hex map: terrain (colour, pattern,  | round, whose turn|
    | letter), hex names, province borders,   | player cards     |
    | face-down provinces, cities, castles,   | event rows       |
    | relics, armies, depletion cubes, the    | relics on the map|
    | last maneuver, a province being explored| rotations or key |
    +-----------------------------------------+------------------+

The base map (ocean, starting provinces, face-down provinces, names, borders, titles) is drawn
once per board and player count; explored provinces are laid on it once per set of placements
(`static`); each drawing copies that and adds the pieces (`pieces`) and the panel (`panel`).
A focused view (`focus`: a player colour) draws the part of the map around that player's armies
and structures, larger, without the panel. A highlight (`highlight`: an army and where it can go)
draws the part of the map round that army and its reach, larger, each reachable hex outlined with
its cost, the army's hex marked "start", under a caption (`reach`); `focus` is then ignored.
The posted view (`posted`: the action just taken) draws the hexes that matter now at the
preview's sizes with a row per player (`render.glory.posted`).

The state is the viewer's view (the piles' order already hidden): nothing here can show a tile,
relic or event card before it is revealed. `draw` is defined here, at module level, because it is
sent by name to the drawing processes.
"""

from __future__ import annotations

from PIL import Image

from render.glory import pieces
from render.glory.layout import MAP_W, PANEL_W, WIDTH, Layout
from render.glory.panel import draw_panel
from render.glory.posted import clear_cache as _clear_posted
from render.glory.posted import compose_posted
from render.glory.reach import draw_reach
from render.glory.static import Static, map_layer, static_layer
from render.glory.static import clear_cache as _clear_static
from render.glory.zoom import draw_focus
from render.png import encode_png
from rules.base import Highlight, Posted
from rules.glory.state import GloryState

__all__ = ["MAP_W", "PANEL_W", "WIDTH", "Layout", "Static", "clear_cache", "compose", "draw", "static_layer"]


def draw(state: GloryState, viewer: int | None, focus: str | None = None,
         highlight: Highlight | None = None, posted: Posted | None = None) -> bytes:
    """The board as an image: the map with every piece and the panel; or, with `focus` (a seat's
    colour), the part of the map around that player's pieces at a larger size; or, with
    `highlight`, where one army can go; or, with `posted`, the posted view (`posted`)."""
    if highlight is not None:
        return encode_png(draw_reach(state, highlight), static_layer(state.board, len(state.seats)).palette)
    if focus:
        return encode_png(draw_focus(state, focus), static_layer(state.board, len(state.seats)).palette)
    if posted is not None:
        return encode_png(*compose_posted(state, viewer, posted))
    return encode_png(*_compose(state, viewer))


def compose(state: GloryState, viewer: int | None, posted: Posted | None = None) -> Image.Image:
    """The whole board (or with `posted`, the posted view) as an RGB image (before palette
    mapping), for tests and previews."""
    return compose_posted(state, viewer, posted)[0] if posted is not None else _compose(state, viewer)[0]


def clear_cache() -> None:
    """Forget every layer and window (they are rebuilt on the next drawing)."""
    _clear_static()
    _clear_posted()


def _compose(state: GloryState, viewer: int | None) -> tuple[Image.Image, Image.Image]:
    static = static_layer(state.board, len(state.seats))
    image = map_layer(state.board, len(state.seats), state.explored).copy()
    grid = static.layout.grid
    pieces.draw_pieces(image, grid, state)
    draw_panel(image, state, viewer, static.layout.height)
    return image, static.palette
