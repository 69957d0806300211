"""The posted view of a Glory board: the part of the map that matters now, its hexes large enough
to read in Discord's preview, under the round and whose turn, over a strip with a row per player
(action cubes, votes, relics, armies) and the events.

    +--------------------------------------------------+
    | Round 3  16 face-down provinces                   |
    | (B) Blue's turn  (first maneuver free)            |
    +--------------------------------------------------+
    | the hexes round the last maneuver and the pieces  |
    | of the player to move (whole hexes named; those   |
    | the edge cuts dimmed, without pieces)             |
    +--------------------------------------------------+
    | (R) Red: alice  actions 2/3  votes 6  relics 0 ... |
    | Events: Flooded Granaries R1 ...                   |
    | Armies: P peasant, Sw swordsman; a number after... |
    +--------------------------------------------------+

What the map part frames (`framed`): the last maneuver and the pieces of whoever acts now (for a
player's own board, theirs); when they do not fit together, the last maneuver alone (the player
to move has `/game board focus:<colour>`). While a revealed tile waits for its rotation, the
province and the rotations to choose from, large.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER
from render.glory import pieces
from render.glory.icons import cube_sprite, hex_sprite, relic_sprite
from render.glory.layout import SQRT3, Grid, extent
from render.glory.panel import draw_previews, forces, round_line, row_tag, status_line
from render.glory.static import PANEL, BoardKey, board_key, draw_borders, draw_name, keyed, static_layer
from render.layers import LayerCache
from render.palette import player_style
from render.posted import GAP, HEADING_H, LEAST, POSTED_W, ROW_H, Cell, heading, player_row
from render.terrain import TERRAINS
from render.text import draw_text, paste, place, plain, text_width, wrap
from render.words import colour, say
from rules.base import Posted
from rules.glory.board import Board
from rules.glory.state import GloryState, terrain
from rules.messages import Msg

RADIUS = 68.0  # hex radius: names, terrain letters and armies read at the preview
MAP_H = 680
PREVIEWS_H = 560
STRIP_PAD = 10
EVENTS_H = 44
KEY_LINE = LEAST + 10  # a line of the armies' key


def compose_posted(state: GloryState, viewer: int | None, posted: Posted) -> tuple[Image.Image, Image.Image]:
    """The posted view as an RGB image and the palette to encode it with."""
    static = static_layer(state.board, len(state.seats))
    n = len(state.seats)
    middle = PREVIEWS_H if state.exploring is not None else MAP_H
    key = unit_key(state) if state.exploring is None else ()
    height = HEADING_H + middle + 2 * STRIP_PAD + n * ROW_H + EVENTS_H + KEY_LINE * len(key)
    image = Image.new("RGB", (POSTED_W, height), PANEL)
    if state.exploring is not None:
        _previews(image, state, (0, HEADING_H, POSTED_W, HEADING_H + middle))
    else:
        place(image, map_part(state, framed(state, viewer, posted)), (0, HEADING_H))
    pen = ImageDraw.Draw(image)
    pen.line((0, HEADING_H, POSTED_W, HEADING_H), fill=INK, width=2)
    pen.line((0, HEADING_H + middle, POSTED_W, HEADING_H + middle), fill=INK, width=2)
    awaited = state.seats[state.exploring.plan.seat if state.exploring else state.turn].colour
    heading(image, 0, *round_line(state), status_line(state), [awaited])
    y = _strip(image, state, HEADING_H + middle + STRIP_PAD, viewer)
    for i, line in enumerate(key):
        draw_text(image, (20, y + KEY_LINE * (i + 0.5)), line, LEAST, INK, None, anchor="lm")
    return image, static.palette


def unit_key(state: GloryState) -> tuple[str, ...]:
    """The key to the armies' words, in lines as wide as the view: each kind of unit in an army
    on the board by its short name ("Sw swordsman"; "Tp packed trebuchet"), and what a number
    after it says. Nothing when no army stands."""
    shown = {short for player in state.players for army in player.armies.values()
             for short, _ in pieces.army_units(state, army)}
    words = []
    for unit in state.board.units:
        short = unit.short or unit.name[:1].upper()
        words += [f"{short} {say(unit.name)}"] if short in shown else []
        words += [say(Msg("{short}p packed {unit}", short=short, unit=say(unit.name)))] if short + "p" in shown else []
    if not words:
        return ()
    first = words[0].split()[0]
    said = say(Msg("Armies: {units}; a number after says how many ({first}2: two of them)", units=", ".join(words),
                   first=first))
    return wrap(said, LEAST, POSTED_W - 40, 3)


def framed(state: GloryState, viewer: int | None, posted: Posted) -> list[str]:
    """The hexes the map part must show: the last maneuver's path and the pieces of whoever acts
    now (or the viewer), or the path alone when both do not fit; without a last maneuver, the
    pieces (or the starting province of a player who has none)."""
    board = state.board
    seat = viewer if viewer is not None and posted.action is None else state.turn
    own = [*state.players[seat].armies, *(h for h, s in state.structures.items() if s.owner == seat)]
    if not own:
        starts = board.starts(len(state.seats))
        own = [board.province_names[starts[seat]]] if seat < len(starts) else [board.names[0]]
    path = list(state.last.path) if state.last is not None and viewer is None else []
    both = path + own
    return both if _fits(state, both) else path or own


def _fits(state: GloryState, names: list[str]) -> bool:
    x0, y0, x1, y1 = extent(state.board.axial(h) for h in names)
    return (x1 - x0 + 2) * RADIUS <= POSTED_W and (y1 - y0 + SQRT3) * RADIUS <= MAP_H


def map_part(state: GloryState, names: list[str]) -> Image.Image:
    """The map round the `names` hexes at `RADIUS`, `POSTED_W` by `MAP_H`: the window centred on
    them, kept inside the map; whole hexes with their names and pieces, those the edge cuts
    dimmed, without names or pieces. The window without its pieces is cached (`Window`)."""
    board = state.board
    x0, y0, x1, y1 = extent(board.axial(h) for h in names)
    mx0, my0, mx1, my1 = extent(board.axials)
    cx, cy = _within((x0 + x1) / 2, mx0, mx1, POSTED_W / RADIUS), _within((y0 + y1) / 2, my0, my1, MAP_H / RADIUS)
    window = _WINDOWS.get(keyed((board_key(board), terrain(state), cx, cy, board)))
    image = window.image.copy()
    pieces.draw_pieces(image, window.grid, state, window.whole)
    return image


@dataclass(frozen=True)
class Window:
    """A window of the map without its pieces: the image, its grid and the hexes it shows whole."""

    image: Image.Image
    grid: Grid
    whole: frozenset[str]


WindowKey = tuple[BoardKey, tuple[str | None, ...], float, float, Board]  # the board, its terrain now, the centre


def _window(key: WindowKey) -> Window:
    _, now, cx, cy, board = key
    grid = Grid(RADIUS, (POSTED_W / 2 - cx * RADIUS, MAP_H / 2 - cy * RADIUS), LEAST)
    image = Image.new("RGB", (POSTED_W, MAP_H), TERRAINS["ocean"].fill)
    whole: set[str] = set()
    cut = []
    for i, h in enumerate(board.axials):
        x, y = grid.centre(h)
        if not (-RADIUS < x < POSTED_W + RADIUS and -RADIUS < y < MAP_H + RADIUS):
            continue
        inside = RADIUS <= x <= POSTED_W - RADIUS and RADIUS * SQRT3 / 2 <= y <= MAP_H - RADIUS * SQRT3 / 2
        paste(image, hex_sprite(now[i], round(RADIUS, 2), False), (x, y))  # patterns tell terrains apart
        if inside:
            whole.add(board.names[i])
        else:
            cut.append(h)
    draw_borders(image, grid, board, sorted({board.province_of[board.index[h]] for h in whole} - {-1}))
    for name in sorted(whole, key=board.index.__getitem__):
        draw_name(image, grid, board, board.index[name])
    if cut:
        _dim(image, grid, cut)
    return Window(image, grid, frozenset(whole))


_WINDOWS: LayerCache[WindowKey, Window] = LayerCache(_window, keep=12)


def clear_cache() -> None:
    """Forget every window (they are rebuilt on the next drawing)."""
    _WINDOWS.clear()


def _within(centre: float, low: float, high: float, span: float) -> float:
    """`centre` moved so that a window `span` wide about it stays inside low–high (centred when
    the map is narrower)."""
    if high - low <= span:
        return (low + high) / 2
    return min(max(centre, low + span / 2), high - span / 2)


def _dim(image: Image.Image, grid: Grid, cells: list[tuple[int, int]]) -> None:
    """Hexes the window's edge cuts: washed out, their names and pieces left to the whole board."""
    veil = Image.new("L", image.size, 0)
    pen = ImageDraw.Draw(veil)
    for h in cells:
        pen.polygon(grid.corners(h), fill=120)
    image.paste(PAPER, (0, 0), veil)


def _previews(image: Image.Image, state: GloryState, box: tuple[int, int, int, int]) -> None:
    draw_previews(image, ImageDraw.Draw(image), state, box, LEAST)


def _strip(image: Image.Image, state: GloryState, top: float, viewer: int | None) -> float:
    """A row per player, then the events; returns the y below them."""
    y = top
    for seat, s in enumerate(state.seats):
        player = state.players[seat]
        fill = player_style(s.colour).fill
        armies = player.armies
        units = sum(sum(a.units.values()) for a in armies.values())
        cells = [Cell(say("actions"), muted=True),
                 Cell(f"{player.action_cubes}/{player.action_cubes_per_round}", cube_sprite(fill, 18, INK), bold=True),
                 Cell(say("votes"), muted=True, rule=True), Cell(str(player.voting_cubes), cube_sprite(fill, 18, INK),
                                                          bold=True),
                 Cell(str(len(player.relics)), relic_sprite(24), bold=True, rule=True),
                 Cell(forces(len(armies), units), rule=True)]
        on_turn = seat == state.turn and state.exploring is None
        tag = row_tag(state, seat, on_turn)
        you = "  " + say("(you)") if viewer == seat else ""
        player_row(image, (8, y, POSTED_W - 8, y + ROW_H - 4), s.colour, f"{colour(s.colour)}: {s.name}{you}",
                   cells, on_turn, tag)
        y += ROW_H
    _events(image, state, y + EVENTS_H / 2)
    return y + EVENTS_H


def _events(image: Image.Image, state: GloryState, y: float) -> None:
    """The event cards face up, each with the votes on it, in one line (cut at a card's end, the
    whole board has them all); and how many are left in the deck."""
    board = state.board
    box = draw_text(image, (20, y), say("Events:"), LEAST + 1, INK, None, anchor="lm", bold=True)
    x = box[2] + GAP
    left = len(state.event_deck)
    tail = say(Msg("{n} in the deck", n=left))
    right = POSTED_W - 20 - text_width(tail, LEAST) - GAP
    slots = [slot for row in state.event_rows for slot in row]
    if not slots:
        draw_text(image, (x, y), say("none face up yet"), LEAST, MUTED, None, anchor="lm")
    for n, slot in enumerate(slots):
        title = plain(board.event_named[slot.card].title)
        votes = [(seat, v) for seat, v in sorted(slot.votes.items()) if v]
        need = text_width(title, LEAST) + sum(22 + text_width(str(v), LEAST) for _, v in votes) + 2 * GAP
        if x + need > right:
            draw_text(image, (x, y), say(Msg("+{n} more", n=len(slots) - n)), LEAST, MUTED, None, anchor="lm")
            break
        box = draw_text(image, (x, y), title, LEAST, INK, None, anchor="lm")
        x = box[2] + 4
        for seat, v in votes:
            paste(image, cube_sprite(player_style(state.seats[seat].colour).fill, 16, INK), (x + 9, y))
            box = draw_text(image, (x + 20, y), str(v), LEAST, INK, None, anchor="lm", bold=True)
            x = box[2] + 4
        x += 2 * GAP
    draw_text(image, (POSTED_W - 20, y), tail, LEAST, MUTED, None, anchor="rm")

