"""The Isle of Skye board image: `draw(state, viewer, focus, highlight, posted) -> PNG bytes`.

Every player's territory (tiles with their zones, printed roads and features, the castle, the
journeyman, placed roads, this round's walk with the markers collected), and beside them a card
per player (VP, gold, their progress board with the markers, bonus tiles left and taken, banners
in force, markers, moves, roads, the tiles drawn, on offer or to place), the header (round, phase,
whom the game waits for) and the round's scoring tiles; under them the progress board's spaces
and the key. Layout: `render.skye.layout`.

The state comes through the game's view: an onlooker's shows no sealed price or plan; a player's
own (`/game board private:true`) shows their sealed prices on their drawn tiles and their sealed
plan as a dashed route. The viewer's territory and card come first and are framed. `focus` (a seat
colour, `Game.focuses`) draws that player's territory alone, at full size. `posted` draws the
posted view (`render.skye.posted`). `highlight` (a
journeyman and where it can go, `/game reach`) draws its player's territory alone, large, with
the tiles it can reach ringed and their costs, under a caption (`render.skye.reach`); `focus` is
then ignored.

`draw` is defined here, at module level, because it is sent by name to the drawing processes.
"""

from __future__ import annotations

from PIL import Image

from render.png import encode_png
from render.skye import pickers, reach
from render.skye.layout import FOCUS_TILE, MAX_TILE, TERR_W, territory_height
from render.skye.panel import draw_panel
from render.skye.posted import compose_posted
from render.skye.static import clear_cache as clear_static
from render.skye.static import static_layer
from render.skye.territory import draw_slot, slots
from rules.base import Highlight, Posted
from rules.options import Step
from rules.skye.state import SkyeState

__all__ = ["clear_cache", "compose", "compose_picture", "compose_reach", "draw", "order_for", "picture"]


def draw(state: SkyeState, viewer: int | None, focus: str | None = None,
         highlight: Highlight | None = None, posted: Posted | None = None) -> bytes:
    """The board as an image (see the module doc)."""
    if highlight is not None:
        return encode_png(*reach.compose_reach(state, viewer, highlight))
    if posted is not None and focus is None:
        return encode_png(*compose_posted(state, viewer, posted))
    image, palette = _compose(state, viewer, focus)
    return encode_png(image, palette)


def picture(state: SkyeState, viewer: int | None, step: Step) -> bytes:
    """A turn card's picture of a step of pricing or placing (`render.skye.pickers`), privately."""
    return encode_png(*pickers.compose_picture(state, viewer, step))


def compose_picture(state: SkyeState, viewer: int | None, step: Step) -> Image.Image:
    """The picture of a step as an RGB image (before palette mapping), for tests and previews."""
    return pickers.compose_picture(state, viewer, step)[0]


def compose(state: SkyeState, viewer: int | None, focus: str | None = None,
            posted: Posted | None = None) -> Image.Image:
    """The board (or with `posted`, the posted view) as an RGB image (before palette mapping),
    for tests and previews."""
    return compose_posted(state, viewer, posted)[0] if posted is not None else _compose(state, viewer, focus)[0]


def compose_reach(state: SkyeState, viewer: int | None, highlight: Highlight) -> Image.Image:
    """The reach drawing as an RGB image (before palette mapping), for tests and previews."""
    return reach.compose_reach(state, viewer, highlight)[0]


def clear_cache() -> None:
    """Forget the static layers and the reach drawings' palettes (rebuilt on next use)."""
    clear_static()
    reach.clear_cache()


def order_for(state: SkyeState, viewer: int | None) -> list[int]:
    """Seats in the order their territories and cards are shown: the viewer first, then the
    others in seat order after them."""
    n = len(state.seats)
    start = viewer if viewer is not None and 0 <= viewer < n else 0
    return [(start + i) % n for i in range(n)]


def _compose(state: SkyeState, viewer: int | None, focus: str | None) -> tuple[Image.Image, Image.Image]:
    n = len(state.seats)
    static = static_layer(state.board, n)
    image = static.image.copy()
    order = order_for(state, viewer)
    shown = order
    max_size = MAX_TILE
    if focus is not None:
        focused = [s for s in range(n) if state.seats[s].colour == focus.strip().lower()]
        if focused:
            shown, max_size = focused, FOCUS_TILE
    box = (12, 12, TERR_W - 12, territory_height(n) - 12)
    for seat, slot in slots(state, shown, box, max_size).items():
        draw_slot(image, state, seat, slot, viewer)
    draw_panel(image, state, viewer, order)
    return image, static.palette
