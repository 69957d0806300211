"""The Tiny Epic Vikings board image: `draw(state, viewer, focus, highlight, posted) -> PNG bytes`.

Layout (all sizes in output pixels, whatever the map's own canvas size):

    +--------------------------------------+----------------+
    | the map: islands, docks, fjords,     | era, whose turn|
    | water links, ferry routes, villages, | waiting bumps  |
    | pieces on islands, runes, boats,     | player cards   |
    | the last sail                        | island control |
    +--------------------------------------+ (influence)    |
    | gods' fury tracks        | key       |                |
    +--------------------------------------+----------------+

Everything that depends only on the board (sea, islands, names, docks, fjords, links, ferries,
rune stones, the key, frames) is drawn once per board into a cached static layer together with
the PNG palette; each drawing copies it and adds the pieces. Vikings has no hidden information,
so `viewer` only marks "(you)" on that player's card.

The modules, in drawing order: `layout` (sizes, regions, the map transform), `colours`, `icons`
(cached sprites), `placement` (where dock names and villages go), `static` (the cached static
layer, with `fury` tracks and the `key`), then the pieces: `islands` (villages, runes, settlers,
temples), `last_sail`, `boats`, `fury` tokens, and the side `panel`. `reach` draws where a boat
can go (a `Highlight`): the part of the map around it enlarged, with rings, costs and a caption.
`posted` draws the posted view (`Posted`): the whole map at the preview's sizes (`layout.POSTED`,
`static.posted_layer`) with the era and turn above and a row per clan below.

`draw` is defined here, at module level, because it is sent by name to the drawing processes.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from render.png import encode_png
from render.vikings import fury, reach
from render.vikings.boats import draw_boats, fjord_spots
from render.vikings.islands import draw_islands, draw_villages
from render.vikings.last_sail import draw_last_sail
from render.vikings.layout import BOAT_R, DOCK_R, FJORD_R, MAP_W, PANEL_W, SETTLER_R, WIDTH, Layout, image_size, layout
from render.vikings.panel import draw_panel
from render.vikings.posted import compose_posted
from render.vikings.static import Static, static_layer
from render.vikings.static import clear_cache as _clear_static
from rules.base import Highlight, Posted
from rules.vikings.state import VikingsState

__all__ = [
    "BOAT_R", "DOCK_R", "FJORD_R", "MAP_W", "PANEL_W", "SETTLER_R", "WIDTH", "Layout", "Static", "clear_cache",
    "compose", "compose_reach", "draw", "fjord_spots", "image_size", "layout", "static_layer",
]


def draw(state: VikingsState, viewer: int | None, focus: str | None = None,
         highlight: Highlight | None = None, posted: Posted | None = None) -> bytes:
    """The board as an image: map, pieces, last sail, fury, players and island control. `viewer`
    (a seat, or None for everyone) is marked "(you)"; Vikings hides nothing, and its board is
    always drawn whole (`focus` is unused). With `highlight` (a boat and where it can end a
    sail), the part of the map around them is drawn larger with the reach on it (`reach`).
    With `posted`, the posted view (`posted`)."""
    if highlight is not None:
        return encode_png(compose_reach(state, viewer, highlight), reach.highlight_palette(state.board))
    if posted is not None:
        return encode_png(*compose_posted(state, viewer, posted))
    return encode_png(*_compose(state, viewer))


def compose(state: VikingsState, viewer: int | None, posted: Posted | None = None) -> Image.Image:
    """The board (or with `posted`, the posted view) as an RGB image (before palette mapping),
    for tests and previews."""
    return compose_posted(state, viewer, posted)[0] if posted is not None else _compose(state, viewer)[0]


def compose_reach(state: VikingsState, viewer: int | None, highlight: Highlight) -> Image.Image:
    """Where a boat can go, as an RGB image: the board composed with the overlay's rings and
    route legs under the boats, the part around the boat and its reach enlarged, the cost
    badges, the start tag and the caption drawn on it."""
    marks = reach.plan(state, viewer, highlight)
    board_image, _ = _compose(state, viewer, marks.under_boats)
    image = marks.view.enlarge(board_image)
    marks.draw_over(image, state, highlight)
    return image


def clear_cache() -> None:
    """Forget every board's static layer and reach palette (they are rebuilt on the next drawing)."""
    _clear_static()
    reach.clear_palettes()


def _compose(state: VikingsState, viewer: int | None,
             under_boats: Callable[[Image.Image, Static], None] | None = None) -> tuple[Image.Image, Image.Image]:
    static = static_layer(state.board)
    image = static.image.copy()
    lay = static.layout
    draw_villages(image, state, static)
    draw_islands(image, state, static)
    if state.last_sail is not None and len(state.last_sail.path) > 1:
        draw_last_sail(image, state, static)
    if under_boats is not None:
        under_boats(image, static)
    draw_boats(image, state, static)
    fury.draw_tokens(image, state, lay)
    draw_panel(image, state, lay, viewer)
    return image, static.palette
