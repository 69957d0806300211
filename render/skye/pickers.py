"""What a turn card shows beside the steps of pricing and placing (issue 28 §5), to its chooser
alone (the state is their own view): numbered and named as the menus are, read at Discord's
550-pixel preview.

- **Pricing** (every step of `price`): the tiles drawn, large, in the order drawn, each named and,
  as the choice goes on, struck through when it gets the axe or tagged with its price ("price 1:
  2 gold", the menus' first tile without the axe), under a caption with the gold to price with.
- **Placing**: choosing the tile, the tiles to place; choosing where, the territory (as on the
  board) with every position the menu offers ringed in yellow and tagged with its `x,y`; choosing
  the turn, the tile at that position among its neighbours turned each way the menu offers, each
  tagged with its number of quarter turns (the menu's value).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, WHITE
from render.palette import player_style
from render.posted import PREVIEW_W, least
from render.skye import reach
from render.skye.colours import ALERT, BACKGROUND, SLOT
from render.skye.pieces import castle_sprite, tile_image
from render.skye.territory import Pos, cell, draw_slot
from render.text import draw_text, paste, place, wrap
from render.tiles import TileGrid
from render.words import say
from rules.messages import Msg, Plural, listed
from rules.options import Step
from rules.skye import notation, queries
from rules.skye.options import typed
from rules.skye.state import Placed, SkyeState, with_player

WIDTH = 2 * PREVIEW_W  # as wide as the posted view: half size at the preview
READ = least(WIDTH)  # the least text, 10 px at the preview
STRIP = 2 * READ + 44  # the caption strip: two lines
MARGIN = 24
HAND_TILE = 280  # a drawn tile (a multiple of 4: the tiles' sprites are cached)
NEAR_TILE = 128  # the most a tile among its neighbours
GAP = 32


def compose_picture(state: SkyeState, viewer: int | None, step: Step) -> tuple[Image.Image, Image.Image]:
    """The picture of `step` (an RGB image) and the palette to encode it with."""
    seat = viewer if viewer is not None and 0 <= viewer < len(state.players) else 0
    values = typed(step.kind.kind, step.values)
    asked = step.param.name if step.param is not None else None
    if step.kind.kind == "price":
        image = _pricing(state, seat, step)
    elif asked == "tile":
        image = _tiles(state, seat, step)
    elif asked == "position":
        image = _positions(state, seat, (str(values["tile"]),), [notation.position(str(c.value)) for c in step.choices])
    elif asked == "spot":  # a tile and its position as one choice: where each tile fits
        spots = [typed("place", {"spot": c.value}) for c in step.choices]
        image = _positions(state, seat, tuple(dict.fromkeys(str(s["tile"]) for s in spots)),
                           list(dict.fromkeys(notation.position(str(s["position"])) for s in spots)))
    else:
        image = _turns(state, seat, step)
    return image, reach.palette(state)


def _caption(image: Image.Image, first: str, second: str) -> None:
    """The dark strip on top: what the picture shows, then what the step asks."""
    ImageDraw.Draw(image).rectangle((0, 0, image.width, STRIP - 1), fill=INK)
    room = image.width - 2 * MARGIN
    draw_text(image, (MARGIN, 12 + READ // 2 + 2), wrap(first, READ + 4, room, 1)[0], READ + 4, WHITE, None,
              anchor="lm", bold=True)
    if second:
        draw_text(image, (MARGIN, STRIP - 12 - READ // 2), wrap(second, READ, room, 1)[0], READ, reach.CAPTION_INK,
                  None, anchor="lm")


def _asked(step: Step) -> str:
    return say(step.param.ask if step.param is not None else step.question or "Ready: confirm to play it.")


# --- pricing, and the tiles to place ---------------------------------------------------------------------


def _pricing(state: SkyeState, seat: int, step: Step) -> Image.Image:
    """The drawn tiles, each with what the choice so far does with it."""
    hand = state.players[seat].hand
    values = typed("price", step.values)
    axed = values.get("axe")
    axe = None if axed is None else "" if notation.nothing(str(axed)) else notation.tile(str(axed), hand)
    priced = [t for t in hand if t != axe] if axe is not None else []
    notes = {}
    for tile in hand:
        if tile == axe:
            notes[tile] = say("axe: back to the bag")
        elif tile in priced:
            n = priced.index(tile) + 1
            gold = values.get(f"price{n}")
            notes[tile] = say(Msg("price {n}: {gold} gold", n=n, gold=gold) if gold is not None else
                              Msg("price {n}: ?", n=n))
    gold = state.players[seat].gold
    first = say(Msg("Your drawn tiles, in the order drawn (only you see them); you have {gold} gold", gold=gold))
    return _row(state, seat, hand, notes, {axe} if axe else set(), first, _asked(step))


def _tiles(state: SkyeState, seat: int, step: Step) -> Image.Image:
    tiles = tuple(str(c.value) for c in step.choices) or state.players[seat].to_place
    return _row(state, seat, tiles, {}, set(), say("Your tiles to place"), _asked(step))


def _row(state: SkyeState, seat: int, tiles: tuple[str, ...], notes: dict[str, str], struck: set[str], first: str,
         second: str) -> Image.Image:
    """Tiles side by side, large, each named, with a note under it; those `struck` crossed out."""
    count = max(len(tiles), 1)
    size = min(HAND_TILE, (WIDTH - 2 * MARGIN - (count - 1) * GAP) // count // 4 * 4)
    line = READ + 12
    height = STRIP + MARGIN + size + 2 * line + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    colour = player_style(state.seats[seat].colour).fill
    x = (WIDTH - count * size - (count - 1) * GAP) // 2
    top = STRIP + MARGIN
    for tile in tiles:
        place(image, tile_image(state.board.tile(tile), 0, size, READ), (x, top))
        pen.rectangle((x - 3, top - 3, x + size + 2, top + size + 2), outline=colour, width=4)
        if tile in struck:
            for a, b in (((x, top), (x + size, top + size)), ((x + size, top), (x, top + size))):
                pen.line((a, b), fill=WHITE, width=14)
                pen.line((a, b), fill=ALERT, width=8)
        draw_text(image, (x + size / 2, top + size + line / 2 + 4), tile, READ + 4, INK, None, bold=True)
        note = notes.get(tile, "")
        if note:
            draw_text(image, (x + size / 2, top + size + 1.5 * line + 4), note, READ, ALERT if tile in struck else INK,
                      None, bold=True)
        x += size + GAP
    _caption(image, first, second)
    return image


# --- placing: where, and turned how ----------------------------------------------------------------------


def _positions(state: SkyeState, seat: int, tiles: tuple[str, ...], spots: list[Pos]) -> Image.Image:
    """The territory, the positions where `tiles` fit (the menu's) ringed, each with its `x,y`."""
    shown = with_player(state, seat, to_place=tiles)  # the dashed squares and their x,y: these tiles'
    where = reach.frame(shown, seat)
    image = Image.new("RGB", (where.width, where.height), BACKGROUND)

    def rings(img: Image.Image, grid: TileGrid) -> None:
        pen = ImageDraw.Draw(img)
        for pos in spots:
            reach.ring(pen, grid.box(cell(pos)), where.size)

    draw_slot(image, shown, seat, where.slot, seat, under=rings, least=least(where.width))
    _wide_caption(image, say(Plural("Where {tiles} can go: {n} position (ringed, named x,y as in the menu)",
                                    "Where {tiles} can go: {n} positions (ringed, named x,y as in the menu)",
                                    len(spots), tiles=listed(list(tiles), "or"))),
                  say("Where (x,y)? North is up, the castle at 0,0."))
    return image


def _wide_caption(image: Image.Image, first: str, second: str) -> None:
    """The caption over a territory drawn in `reach.frame` (its own strip's height)."""
    read = least(image.width)
    ImageDraw.Draw(image).rectangle((0, 0, image.width, reach.STRIP - 1), fill=INK)
    room = image.width - 2 * reach.MARGIN
    draw_text(image, (reach.MARGIN, 22), wrap(first, read + 2, room, 1)[0], read + 2, WHITE, None, anchor="lm",
              bold=True)
    draw_text(image, (reach.MARGIN, 54), wrap(second, read, room, 1)[0], read, reach.CAPTION_INK, None, anchor="lm")


def _turns(state: SkyeState, seat: int, step: Step) -> Image.Image:
    """The tile at the position chosen among its neighbours, once per turn the menu offers (or as
    the choice made stands), each tagged with its number of quarter turns."""
    values = typed(step.kind.kind, step.values)
    tile = str(values["tile"])
    x, y = notation.position(str(values["position"]))
    if step.param is not None:
        turns = [int(c.value) for c in step.choices]
    elif values.get("rotation") is not None:
        turns = [int(str(values["rotation"]))]
    else:
        fits = next((rs for at_x, at_y, rs in queries.placements(state, seat, tile) if (at_x, at_y) == (x, y)), (0,))
        turns = [fits[0]]  # left out: the first that fits
    count = max(len(turns), 1)
    size = min(NEAR_TILE, (WIDTH - 2 * MARGIN - (count - 1) * GAP) // (3 * count) // 4 * 4)
    panel = 3 * size
    height = STRIP + MARGIN + panel + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    left = (WIDTH - count * panel - (count - 1) * GAP) // 2
    for n, turn in enumerate(turns):
        _near(image, state, seat, (tile, x, y, turn), (left + n * (panel + GAP), STRIP + MARGIN), size)
    ways = "the turn it takes" if step.param is None else f"{len(turns)} way{'s' if count != 1 else ''} it fits"
    _caption(image, f"{tile} at {x},{y} among its neighbours: {ways}",
             f"{_asked(step)} The yellow number is the menu's choice.")
    return image


def _near(image: Image.Image, state: SkyeState, seat: int, placing: tuple[str, int, int, int], at: tuple[int, int],
          size: int) -> None:
    """The 3 by 3 tiles around the position, the new tile in the middle outlined in the player's colour."""
    tile, x, y, turn = placing
    player = state.players[seat]
    around = {(p.x, p.y): p for p in player.territory}
    pen = ImageDraw.Draw(image)
    left, top = at
    pen.rectangle((left, top, left + 3 * size - 1, top + 3 * size - 1), fill=SLOT)
    for dx in (-1, 0, 1):
        for dy in (1, 0, -1):
            placed = Placed(tile, x, y, turn) if (dx, dy) == (0, 0) else around.get((x + dx, y + dy))
            if placed is None:
                continue
            box = (left + (dx + 1) * size, top + (1 - dy) * size)
            place(image, tile_image(state.board.tile(placed.tile), placed.rotation, size, READ), box)
            if (placed.x, placed.y) == (0, 0):
                paste(image, castle_sprite(state.seats[seat].colour, round(size * 0.56), READ),
                      (box[0] + size * 0.38, box[1] + size * 0.4))
    middle = (left + size, top + size, left + 2 * size - 1, top + 2 * size - 1)
    pen.rectangle(middle, outline=INK, width=7)
    pen.rectangle(middle, outline=player_style(state.seats[seat].colour).fill, width=4)
    paste(image, reach.cost_sprite(str(turn), size, 2 * READ), (left + size * 0.5, top + size * 0.5))

