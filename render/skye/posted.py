"""The posted view of an Isle of Skye board, read in Discord's preview: the round and phase,
whom the game waits for; the part that matters now, large; a row per player.

    +--------------------------------------------------+
    | Round 3 of 6  Placing tiles                       |
    | (R)(B) Red and Blue place their tiles             |
    +--------------------------------------------------+
    | one territory (the one just changed, or of the    |  while buying: every
    | player asked next, or your own)  | its tracks,    |  player's offers with
    |                                  | tiles to place,|  their prices
    |                                  | scoring now    |
    +--------------------------------------------------+
    | (R) Red: alice  39 VP  19 gold  scores A 4 · B 2 … |
    +--------------------------------------------------+

While pricing, the pricer's own view (the answer to `/skye price`, `/game board private:true`)
shows their drawn tiles instead, large, with their sealed prices or the axe.

Whose territory (`focus_seat`): the viewer's on their own board; the actor's after a placement,
a road, a walk or an answer; else the first the game waits for. When the change is about tiles of
several territories (`Posted.places`: the walks just revealed) those territories are shown side
by side instead, without the side panel, as many as read at the preview (`layout`). The others'
are one command away (`/game board focus:<colour>`), all of them on the whole board
(`/game board full:true`).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, WHITE
from render.palette import player_style
from render.posted import GAP, HEADING_H, LEAST, POSTED_W, ROW_H, Cell, heading, player_row
from render.skye.colours import ALERT, BACKGROUND, FRAME, PANEL
from render.skye.panel import _state_tag, awaited, scores_now, status_lines
from render.skye.pieces import TRACK_LETTERS, tile_image
from render.skye.static import static_layer
from render.skye.territory import cell, draw_slot, slots
from render.text import draw_text, fit, place, plain, text_width, wrap
from render.tiles import Slot
from render.words import colour as named
from render.words import say
from rules.base import Posted
from rules.messages import Msg, Plural
from rules.skye import GAME, queries
from rules.skye.actions import Place
from rules.skye.model import TRACKS
from rules.skye.rounds import income
from rules.skye.state import SkyeState

MAIN_H = 700
SIDE_W = 380
TILE = 128  # the largest tile
LEAST_TILE = 72  # the smallest where several territories are shown
OFFER_TILE = 150
HAND_TILE = 280  # a drawn tile on its pricer's own view
STRIP_PAD = 10
LINE = LEAST + 8


def compose_posted(state: SkyeState, viewer: int | None, posted: Posted) -> tuple[Image.Image, Image.Image]:
    """The posted view as an RGB image and the palette to encode it with."""
    n = len(state.seats)
    shown = layout(state, viewer, posted)
    main_h = main_height(shown)
    height = HEADING_H + main_h + 2 * STRIP_PAD + n * ROW_H
    image = Image.new("RGB", (POSTED_W, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, POSTED_W, HEADING_H), fill=PANEL)
    pen.rectangle((0, HEADING_H + main_h, POSTED_W, height), fill=PANEL)
    main = (0, HEADING_H, POSTED_W, HEADING_H + main_h)
    if shown is None:
        _offers(image, state, main)
    elif state.stage == "price" and viewer is not None and 0 <= viewer < n and state.players[viewer].hand:
        _drawn(image, state, viewer, main)
    else:
        for seat, slot in shown.items():
            _territory(image, state, seat, viewer, posted, slot)
        if len(shown) == 1:
            _side(image, state, next(iter(shown)), (POSTED_W - SIDE_W + 10, main[1] + 12, POSTED_W - 16, main[3]))
    pen.line((0, HEADING_H, POSTED_W, HEADING_H), fill=FRAME, width=2)
    pen.line((0, HEADING_H + main_h, POSTED_W, HEADING_H + main_h), fill=FRAME, width=2)
    _heading(image, state)
    _strip(image, state, viewer, HEADING_H + main_h + STRIP_PAD)
    return image, static_layer(state.board, n).palette


def framed(state: SkyeState, viewer: int | None, posted: Posted) -> list[int]:
    """Whose territories the posted view shows: those holding the places the change is about
    (`Posted.places`: after the plans are revealed, every journeyman's walk; after the last
    placement of the round, which posts the step's one board, everyone's, its placer's first),
    else `focus_seat`'s."""
    colours = [s.colour for s in state.seats]
    named = [colours.index(c) for c in (place.split(":")[0] for place in posted.places) if c in colours]
    if isinstance(posted.action, Place) and named and not any(p.to_place for p in state.players):
        named += range(len(state.seats))  # the last placement: the board of the whole step, everyone's
    return list(dict.fromkeys(named)) or [focus_seat(state, viewer, posted)]


def layout(state: SkyeState, viewer: int | None, posted: Posted) -> dict[int, Slot] | None:
    """The territories shown and their slots: one beside its side panel, else as many of those
    `framed` as fit across the main part (up to twice as tall as `MAIN_H`) with tiles of
    `LEAST_TILE` pixels or more, in turn; None while buying, when every player's offers are shown."""
    if state.stage in ("buy", "keep") and state.offers and not posted.places:
        return None
    seats = framed(state, viewer, posted)
    for count in range(len(seats), 1, -1):
        for main_h in range(MAIN_H, MAIN_H * 2 + 1, 50):
            found = slots(state, seats[:count], (12, HEADING_H + 12, POSTED_W - 6, HEADING_H + main_h - 12), TILE)
            if min(s.grid.size for s in found.values()) >= LEAST_TILE:
                return found
    return slots(state, seats[:1], (12, HEADING_H + 12, POSTED_W - SIDE_W - 6, HEADING_H + MAIN_H - 12), TILE)


def main_height(found: dict[int, Slot] | None) -> int:
    """The height of the main part holding the territories' `found` slots (`MAIN_H` at least)."""
    return max([MAIN_H, *(round(s.box[3]) + 12 - HEADING_H for s in (found or {}).values())])


def shown(state: SkyeState, viewer: int | None, posted: Posted) -> frozenset[str]:
    """The tiles the posted view shows whole, as places ("<colour>:<x>,<y>")."""
    found = layout(state, viewer, posted)
    inside = (0, HEADING_H, POSTED_W, HEADING_H + main_height(found))
    out = set()
    for seat, slot in (found or {}).items():
        for p in state.players[seat].territory:
            a, b, c, d = slot.grid.box(cell((p.x, p.y)))
            if inside[0] <= a and inside[1] <= b and c <= inside[2] and d <= inside[3]:
                out.add(f"{state.seats[seat].colour}:{p.x},{p.y}")
    return frozenset(out)


def focus_seat(state: SkyeState, viewer: int | None, posted: Posted) -> int:
    """Whose territory the posted view shows (see the module doc)."""
    if viewer is not None and posted.action is None:
        return viewer
    ending = GAME.ending(state)
    if ending is not None:
        return ending.winners[0]
    if posted.seat is not None and posted.action is not None and posted.action.kind in (
            "place", "road", "plan", "use", "choose", "adjust"):
        return posted.seat
    waiting = awaited(state)
    return waiting[0] if waiting else posted.seat if posted.seat is not None else 0


def _heading(image: Image.Image, state: SkyeState) -> None:
    ending = GAME.ending(state)
    if ending is not None:
        heading(image, 0, say("Game over"), say(Plural("after {n} round", "after {n} rounds", state.rounds)),
                say(ending.text).split(":")[0], [state.seats[s].colour for s in ending.winners])
        return
    heading(image, 0, *status_lines(state), [state.seats[s].colour for s in awaited(state)])


def _territory(image: Image.Image, state: SkyeState, seat: int, viewer: int | None, posted: Posted,
               slot: Slot) -> None:
    """One territory in its slot (tiles at most `TILE`), its text read at the preview; a tile
    just placed is outlined."""
    draw_slot(image, state, seat, slot, viewer, least=LEAST)
    action = posted.action
    if isinstance(action, Place) and posted.seat == seat:
        placed = next((p for p in state.players[seat].territory if p.tile == action.tile), None)
        if placed is not None:
            a, b, c, d = slot.grid.box((placed.x, -placed.y))
            pen = ImageDraw.Draw(image)
            pen.rectangle((a - 2, b - 2, c + 2, d + 2), outline=WHITE, width=7)
            pen.rectangle((a - 1, b - 1, c + 1, d + 1), outline=ALERT, width=4)


def _side(image: Image.Image, state: SkyeState, seat: int, box: tuple[int, int, int, int]) -> None:
    """Beside the territory: its player's tracks, banners, markers, moves and roads, the tiles they
    must place, and what this round scores."""
    x0, y, x1, _ = box
    player = state.players[seat]
    for i, name in enumerate(TRACKS):
        y += LINE
        draw_text(image, (x0, y), track_word(name), LEAST, INK, None, anchor="lm", bold=True)
        draw_text(image, (x0 + 120, y), say(Msg("{n} of 12", n=player.tracks[i])), LEAST, INK, None, anchor="lm")
    warrior, herald = next(s.per_round for s in queries.scores(state) if s.seat == seat)
    moves, extra = queries.points(state, seat)
    ready, waiting = queries.roads_ready(state, seat)
    facts = [say(Msg("{vp} VP a round, income {income}", vp=warrior + herald, income=income(state, seat)[0])),
             say(Msg("{markers} markers, {moves} moves", markers=player.markers, moves=moves))
             + (f" (+{extra})" if extra else ""),
             say(Plural("{n} road in hand", "{n} roads in hand", ready))
             + (" " + say(Msg("(+{n} next)", n=waiting)) if waiting else "")]
    for fact in facts:
        y += LINE
        draw_text(image, (x0, y), fit(fact, LEAST, x1 - x0), LEAST, INK, None, anchor="lm")
    if player.to_place:
        y += LINE + 6
        draw_text(image, (x0, y), say("to place:"), LEAST, MUTED, None, anchor="lm")
        y += 12
        x = x0
        for tile in player.to_place[:3]:
            place(image, tile_image(state.board.tile(tile), 0, 100, LEAST), (round(x), round(y)))
            draw_text(image, (x + 50, y + 100 + LINE / 2), tile, LEAST, INK, None, bold=True)
            x += 116
        y += 100 + LINE
    now = queries.scoring_now(state)
    if now:
        y += LINE + 6
        draw_text(image, (x0, y), say("Scored this round:"), LEAST, INK, None, anchor="lm", bold=True)
        for letter in now:
            scoring = state.board.scoring.tile_by_id.get(state.scoring["ABCD".index(letter)])
            title = plain(scoring.title) if scoring else letter
            for line in wrap(f"{letter}: {title}", LEAST, x1 - x0, 2):
                y += LINE
                draw_text(image, (x0, y), line, LEAST, INK, None, anchor="lm")


def _offers(image: Image.Image, state: SkyeState, box: tuple[int, int, int, int]) -> None:
    """While buying: every player's tiles on offer, each with its price (bought ones say to whom),
    in one or two columns."""
    left, top, right, bottom = box
    owners = [s for s in range(len(state.seats)) if any(o.owner == s for o in state.offers)]
    columns = 2 if len(owners) > 3 else 1
    rows = -(-len(owners) // columns)
    block_h = (bottom - top - 16) / max(rows, 1)
    block_w = (right - left - 20) / columns
    size = round(min(OFFER_TILE, block_h - 2 * LINE - 14))
    pen = ImageDraw.Draw(image)
    for n, seat in enumerate(owners):
        x0 = left + 20 + (n // rows) * block_w
        y = top + 12 + (n % rows) * block_h
        colour = state.seats[seat].colour
        style = player_style(colour)
        draw_text(image, (x0, y + LINE / 2), say(Msg("{name} offers", name=named(colour))), LEAST + 1, INK, None,
                  anchor="lm", bold=True)
        x, y = x0, y + LINE + 4
        for offer in (o for o in state.offers if o.owner == seat):
            place(image, tile_image(state.board.tile(offer.tile), 0, size, LEAST), (round(x), round(y)))
            pen.rectangle((x - 2, y - 2, x + size + 2, y + size + 2), outline=style.fill, width=3)
            tag = say(Plural("{tile}: {n} gold", "{tile}: {n} gold", offer.price, tile=offer.tile))
            if offer.buyer is not None:
                tag = say(Msg("{tile}: to {name}", tile=offer.tile, name=named(state.seats[offer.buyer].colour)))
            draw_text(image, (x + size / 2, y + size + LINE / 2 + 2), tag, LEAST, INK, None, bold=True)
            x += max(size, text_width(tag, LEAST)) + 2 * GAP


def _drawn(image: Image.Image, state: SkyeState, seat: int, box: tuple[int, int, int, int]) -> None:
    """While pricing, on the pricer's own view (the answer to their price, their own board): their
    drawn tiles, large, in the order drawn, each with its sealed price or the axe."""
    left, top, right, bottom = box
    player = state.players[seat]
    sealed = player.pricing
    said = (Msg("Your drawn tiles (sealed; only you see this); {gold} gold", gold=player.gold) if sealed is not None
            else Msg("Your drawn tiles (not priced yet; only you see this); {gold} gold", gold=player.gold))
    draw_text(image, (left + 20, top + 12 + LINE / 2), fit(say(said), LEAST + 1, right - left - 40), LEAST + 1, INK,
              None, anchor="lm", bold=True)
    count = len(player.hand)
    size = min(HAND_TILE, (right - left - 40 - (count - 1) * 2 * GAP) // count // 4 * 4)
    x = left + (right - left - count * size - (count - 1) * 2 * GAP) // 2
    y = top + (bottom - top - size) // 2
    pen = ImageDraw.Draw(image)
    style = player_style(state.seats[seat].colour)
    for tile in player.hand:
        place(image, tile_image(state.board.tile(tile), 0, size, LEAST), (x, y))
        pen.rectangle((x - 2, y - 2, x + size + 2, y + size + 2), outline=style.fill, width=3)
        note = tile
        if sealed is not None and tile == sealed.axe:
            note = say(Msg("{tile}: axe", tile=tile))
        elif sealed is not None and tile in sealed.tiles:
            price = sealed.prices[sealed.tiles.index(tile)]
            note = say(Plural("{tile}: {n} gold", "{tile}: {n} gold", price, tile=tile))
        draw_text(image, (x + size / 2, y + size + LINE / 2 + 4), note, LEAST + 2, INK, None, bold=True)
        x += size + 2 * GAP


def _strip(image: Image.Image, state: SkyeState, viewer: int | None, top: float) -> None:
    scores = {s.seat: s for s in queries.scores(state)}
    waiting = awaited(state)
    y = top
    for seat, s in enumerate(state.seats):
        player = state.players[seat]
        score = scores[seat]
        gold = say(Plural("{n} gold", "{n} gold", player.gold))
        cells = [Cell(say(Msg("{n} VP", n=player.vp)), bold=True), Cell(gold, bold=True),
                 Cell(scores_now(score), muted=True, rule=True),
                 Cell(" ".join(f"{TRACK_LETTERS[t]}{player.tracks[i]}" for i, t in enumerate(TRACKS)),
                      muted=True, rule=True)]
        tag = _state_tag(state, seat)
        you = "  " + say("(you)") if viewer == seat else ""
        player_row(image, (8, y, POSTED_W - 8, y + ROW_H - 4), s.colour, f"{named(s.colour)}: {s.name}{you}",
                   cells, seat in waiting, tag[0] if tag else "")
        y += ROW_H



def track_word(track: str) -> str:
    """A banner track as its line names it."""
    return {"warrior": say("Warrior"), "merchant": say("Merchant"), "herald": say("Herald")}.get(track, track)
