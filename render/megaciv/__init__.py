"""The Mega Civilization board image: `draw(state, viewer, focus, highlight, posted) -> PNG bytes`.

The whole map (or, with a `focus` from `GAME.focuses`, a close-up of one region or of the areas
around one player's pieces) with population limits, city sites, open sea and out-of-play areas;
each player's tokens per area as counts in the player's shape and colour, cities, barbarians and
ships; this phase's moves (arrows) and voyages (dashed routes with what was taken on and put off);
conflict situations outlined and signed. Above it the phase and whom the game waits for; below it
the movement order with census and who has declared, the conflict situations and the key.

The state is already the viewer's view (`GAME.view`): others' undeclared drafts are not in it.

Modules, in drawing order: `layout` (geometry and sizes of a view), `colours`, `sprites`
(civilization styles and cached pieces), `key`, `static` (the cached map and frames of a view),
`pieces` (out of play, conflicts, tokens, cities, ships), `moves`, `panel` (status and band), and
`reach`: with a `highlight` (a piece and where it can go), a close-up of those areas with them
marked, their costs, the start and a caption, over the board as the viewer sees it; with
`posted` (the action just taken), the posted view: a window of the map round the last move or the
pieces of whoever moves, read at the preview (`render.megaciv.posted`).
`draw` is defined here, at module level, because it is sent by name to the drawing processes.
"""

from __future__ import annotations

from PIL import Image

from render.megaciv.moves import draw_moves
from render.megaciv.panel import draw_conflicts, draw_order, draw_status
from render.megaciv.pieces import (
    crowd,
    draw_areas_pieces,
    draw_conflict_outlines,
    draw_conflict_signs,
    draw_out_of_play,
    draw_ships,
)
from render.megaciv.posted import clear_cache as _clear_posted
from render.megaciv.posted import compose_posted
from render.megaciv.reach import draw_bands, draw_caption, draw_marks, draw_routes, is_ship, reach_areas, reach_title
from render.megaciv.sprites import styles
from render.megaciv.static import Static, reach_layer, restore_frames, static_layer
from render.megaciv.static import clear_cache as _clear_static
from render.png import encode_png
from render.words import say
from rules.base import Highlight, Posted
from rules.megaciv.queries import AROUND, focus_areas
from rules.megaciv.report import report
from rules.megaciv.state import MegaState
from rules.messages import Msg

__all__ = ["Static", "clear_cache", "compose", "draw", "reach_static", "static_layer"]


def draw(state: MegaState, viewer: int | None, focus: str | None = None,
         highlight: Highlight | None = None, posted: Posted | None = None) -> bytes:
    """The board as a PNG, whole or narrowed to `focus` (a region, or "around <civilization>");
    with a `highlight`, a close-up of where its piece can go (`focus` is then ignored)."""
    if highlight is not None:
        image, palette = _compose_reach(state, viewer, highlight)
        return encode_png(image, palette)
    if posted is not None and focus is None:
        return encode_png(*compose_posted(state, viewer, posted))
    image, palette = _compose(state, viewer, focus)
    return encode_png(image, palette)


def compose(state: MegaState, viewer: int | None, focus: str | None = None, highlight: Highlight | None = None,
            marked: bool = True, posted: Posted | None = None) -> Image.Image:
    """The board as an RGB image (before palette mapping), for tests and previews; `marked` False:
    a highlight's close-up without the highlight drawn (what its marks are compared with); with
    `posted`, the posted view (`render.megaciv.posted`)."""
    if highlight is not None:
        return _compose_reach(state, viewer, highlight, marked)[0]
    if posted is not None:
        return compose_posted(state, viewer, posted)[0]
    return _compose(state, viewer, focus)[0]


def clear_cache() -> None:
    """Forget every cached layer (rebuilt on the next drawing)."""
    _clear_static()
    _clear_posted()


def title_of(state: MegaState, focus: str | None, focused: tuple[str, ...] | None) -> str:
    title = state.board.map.title
    if focused is None or focus is None:
        return title
    wanted = focus.strip()
    if wanted.casefold().startswith(AROUND):
        return say(Msg("{title}: around {civ}'s pieces", title=title, civ=wanted[len(AROUND):].strip().title()))
    region = next((r for r in state.board.map.regions if r.casefold() == wanted.casefold()), wanted)
    return say(Msg("{title}: {region} region", title=title, region=region))


def _compose(state: MegaState, viewer: int | None, focus: str | None) -> tuple[Image.Image, Image.Image]:
    focused = focus_areas(state, focus)
    static = static_layer(state.board, focused, len(state.players), title_of(state, focus, focused))
    return _drawn(state, viewer, static, None), static.palette


def _compose_reach(state: MegaState, viewer: int | None, highlight: Highlight,
                   marked: bool = True) -> tuple[Image.Image, Image.Image]:
    static = reach_static(state, highlight)
    return _drawn(state, viewer, static, highlight if marked else None, reach=True), static.palette


def reach_static(state: MegaState, highlight: Highlight) -> Static:
    """The static layer of the image of where `highlight`'s piece can go (`static.reach_layer`)."""
    focused = reach_areas(state, highlight)
    return reach_layer(state.board, focused, len(state.players), reach_title(state, highlight),
                       crowd(state, report(state).conflicts))


def _drawn(state: MegaState, viewer: int | None, static: Static, highlight: Highlight | None,
           reach: bool = False) -> Image.Image:
    image = static.image.copy()
    civs = styles(state.board)
    conflicts = report(state).conflicts
    draw_out_of_play(image, state, static)
    if highlight is not None:
        draw_bands(image, state, static, highlight)
    draw_conflict_outlines(image, state, static, conflicts)
    if highlight is not None:
        draw_routes(image, state, static, highlight)
    draw_moves(image, state, static, civs, covering=not reach)
    draw_areas_pieces(image, state, static, civs)
    draw_ships(image, state, static, civs)
    draw_conflict_signs(image, state, static, conflicts)
    if highlight is not None:
        draw_marks(image, state, static, highlight)
    restore_frames(image, static)
    if not reach:
        draw_status(image, state, static, civs, viewer)
        draw_order(image, state, static, civs, viewer)
        draw_conflicts(image, state, static, conflicts)
    elif highlight is not None:
        draw_caption(image, static, highlight, is_ship(highlight))
    return image
