"""The posted view of a Vikings board: the whole map, as wide as the image and drawn at sizes
read in Discord's preview (space names, boat numbers, settler counts), under the era and whose
turn, over a strip with a row per clan (resources, what is on their mat, runes, boats in
harbour) and the gods' fury. Vikings' maps are small enough to show whole: the last sail (or the
dock where a boat was just placed) is marked on it.

    +--------------------------------------------------+
    | Era 2  raid a village: 2 steel                    |
    | (R) Red's turn  (1 sail left)                     |
    +--------------------------------------------------+
    | the map: islands, docks, fjords, boats, settlers,  |
    | temples, runes, villages, the last sail            |
    +--------------------------------------------------+
    | (R) Red: alice  wood 6 food 4 steel 3 | ...  TURN |
    | (B) Blue: bob ...                                  |
    | Gods' fury: Odin 3  Thor 0  Freyja 2 (of 20)       |
    +--------------------------------------------------+
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER
from render.marks import marker_sprite
from render.palette import player_style
from render.posted import GAP, HEADING_H, LEAST, POSTED_W, ROW_H2, Cell, heading, player_row
from render.text import draw_text, paste
from render.vikings.boats import draw_boats
from render.vikings.colours import PATH_HALO, god_colour
from render.vikings.icons import resource_icon, rune_stone, temple_icon
from render.vikings.islands import draw_islands, draw_villages
from render.vikings.last_sail import draw_last_sail
from render.vikings.panel import awaited, era, harbour, raid_note, status, turn_tag
from render.vikings.static import Static, posted_layer
from render.words import colour, say
from rules.base import Posted
from rules.messages import Msg
from rules.vikings.actions import PlaceBoat
from rules.vikings.control import fury_text
from rules.vikings.state import VikingsState

STRIP_PAD = 10
FURY_H = 48


def strip_height(players: int) -> int:
    return 2 * STRIP_PAD + players * ROW_H2 + FURY_H


def compose_posted(state: VikingsState, viewer: int | None, posted: Posted) -> tuple[Image.Image, Image.Image]:
    """The posted view as an RGB image and the palette to encode it with."""
    static = posted_layer(state.board, HEADING_H, strip_height(len(state.seats)))
    image = static.image.copy()
    draw_villages(image, state, static)
    draw_islands(image, state, static)
    if state.last_sail is not None and len(state.last_sail.path) > 1:
        draw_last_sail(image, state, static)
    if isinstance(posted.action, PlaceBoat):
        _ring(image, state, static, posted.action.dock)
    draw_boats(image, state, static)
    heading(image, 0, era(state), raid_note(state), status(state), awaited(state))
    _strip(image, state, static, viewer)
    return image, static.palette


def _ring(image: Image.Image, state: VikingsState, static: Static, dock: str) -> None:
    """A ring round the dock where a boat was just placed (a name the map knows)."""
    if dock not in state.board.kinds:
        return
    x, y = static.layout.xy(*state.board.position(dock))
    r = static.layout.sizes.boat + 9
    pen = ImageDraw.Draw(image)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=PATH_HALO, width=8)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=4)


def _strip(image: Image.Image, state: VikingsState, static: Static, viewer: int | None) -> None:
    lay = static.layout
    y = lay.map_top + lay.map_h + STRIP_PAD
    for seat, s in enumerate(state.seats):
        player = state.players[seat]
        cells = [Cell(str(getattr(player, kind)), resource_icon(kind, 26), bold=True)
                 for kind in ("wood", "food", "steel")]
        cells += [Cell(say("mat:"), muted=True, rule=True),
                  Cell(str(player.mat_settlers), marker_sprite(s.colour, 10, "")),
                  Cell(str(player.mat_temples), temple_icon(player_style(s.colour).fill, 26)),
                  Cell(say(Msg("raided {n}", n=player.raided)), muted=True)]
        held = [i for i in state.board.islands if state.runes.get(i.name) == seat]
        runes = [Cell("", rune_stone(i.god, god_colour(state.board, i.god), LEAST)) for i in held]
        cells += [Cell(say("runes"), muted=True, rule=True), *runes] if runes else []
        cells.append(Cell(say(Msg("harbour: {boats}", boats=harbour(player))), muted=True, rule=True))
        you = "  " + say("(you)") if viewer == seat else ""
        on_turn = seat == state.turn
        tag = turn_tag(state) if on_turn else ""
        player_row(image, (8, y, POSTED_W - 8, y + ROW_H2 - 4), s.colour, f"{colour(s.colour)}: {s.name}{you}",
                   cells, on_turn, tag)
        y += ROW_H2
    _fury(image, state, y + FURY_H / 2)


def _fury(image: Image.Image, state: VikingsState, y: float) -> None:
    """The gods' fury in one line: each god's rune stone and total (of the track's 20)."""
    board = state.board
    box = draw_text(image, (20, y), say("Gods' fury:"), LEAST + 1, INK, None, anchor="lm", bold=True)
    x = box[2] + GAP
    for god in board.gods:
        stone = paste(image, rune_stone(god, god_colour(board, god), LEAST), (x, y), "lm")
        box = draw_text(image, (stone[2] + 6, y), fury_text(state.fury.get(god, 0)), LEAST + 2, INK, None,
                        anchor="lm", bold=True)
        x = box[2] + 2 * GAP
    draw_text(image, (x, y), say("(a track of 20)"), LEAST, MUTED, PAPER, anchor="lm")
