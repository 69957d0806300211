"""The side panel: the round and whose turn, a card per player (action cubes, voting cubes, relics,
armies), the event rows with their voting cubes, the relics on the map, and at the bottom either
the revealed tile's allowed rotations (small, numbered) or the key."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER, WHITE, Box, Point
from render.glory.icons import cube_sprite, depletion_sprite, hex_sprite, relic_sprite, structure_sprite, symbol_sprite
from render.glory.layout import CARD_H, EVENT_ROW_H, MAP_W, PANEL_SIZE, SMALL_SIZE, WIDTH, Grid
from render.glory.static import FRAME
from render.header import TITLES_HEIGHT, draw_status
from render.legend import LegendIcon, card, legend
from render.lines import draw_route
from render.marks import marker_sprite, tag_sprite, unit_sprite
from render.palette import player_style
from render.text import draw_text, fit, paste, plain, shrunk, text_width, wrap
from render.words import colour, say
from rules.glory.explore import previews
from rules.glory.state import GloryState, relics_to_place, unexplored_provinces
from rules.messages import Msg, Plural

X0, X1 = MAP_W + 20, WIDTH - 20
TERRAIN_KEY = ("plains", "forest", "hills", "desert", "mountains", "swamp", "sea", "ocean", "unexplored")


def status_line(state: GloryState) -> str:
    who = colour(state.seats[state.turn].colour)
    if state.exploring is not None:
        return say(Msg("{name} chooses a rotation", name=colour(state.seats[state.exploring.plan.seat].colour)))
    cubes = state.players[state.turn].action_cubes
    if not state.maneuvers:
        return say(Msg("{name}'s turn  (first maneuver free)", name=who))
    return say(Plural("{name}'s turn  ({n} action cube left)", "{name}'s turn  ({n} action cubes left)", cubes,
                      name=who))


def round_line(state: GloryState) -> tuple[str, str]:
    """The phase line and its note: the round, and how many provinces are still face down."""
    down = len(unexplored_provinces(state))
    return (say(Msg("Round {n}", n=state.round)),
            say(Plural("{n} face-down province", "{n} face-down provinces", down)))


def row_tag(state: GloryState, seat: int, on_turn: bool) -> str:
    """The tag on a player's row: passed (in which order), on turn, or choosing a rotation."""
    if seat in state.passed:
        return say(Msg("PASSED {n}", n=state.passed.index(seat) + 1))
    if on_turn:
        return say("TURN")
    if state.exploring is not None and state.exploring.plan.seat == seat:
        return say("CHOOSING")
    return ""


def forces(armies: int, units: int) -> str:
    """"2 armies, 5 units"."""
    counted = Plural("{n} army", "{n} armies", armies)
    strength = Plural("{n} unit", "{n} units", units)
    return say(Msg("{armies}, {units}", armies=counted, units=strength))


def draw_panel(image: Image.Image, state: GloryState, viewer: int | None, height: int) -> None:
    pen = ImageDraw.Draw(image)
    phase, note = round_line(state)
    awaited = state.seats[state.exploring.plan.seat if state.exploring else state.turn].colour
    y = draw_status(image, (X0, TITLES_HEIGHT), phase, X1 - X0, note=note,
                    turn=status_line(state), awaited=[awaited])
    y += 4
    for seat in range(len(state.seats)):
        _player_card(image, pen, state, seat, (X0, y, X1, y + CARD_H - 8), viewer)
        y += CARD_H
    y = _events(image, pen, state, y + 4)
    y = _relics_line(image, state, y + 6)
    if state.exploring is not None:
        draw_previews(image, pen, state, (X0, y + 8, X1, height))
    else:
        legend(image, (X0, y + 10), key_entries(), X1 - X0, columns=3, size=15, row=24)


def _player_card(image: Image.Image, pen: ImageDraw.ImageDraw, state: GloryState, seat: int,
                 box: Box, viewer: int | None) -> None:
    s = state.seats[seat]
    style = player_style(s.colour)
    player = state.players[seat]
    on_turn = seat == state.turn and state.exploring is None
    card(pen, box, fill=style.tint if on_turn else PAPER, outline=INK if on_turn else FRAME, width=3 if on_turn else 2)
    x0, y0, x1, _ = box
    y = y0 + 20
    paste(image, marker_sprite(s.colour, 13), (x0 + 22, y))
    who = plain(s.name, 16)
    title = colour(s.colour)
    if sum(c.isalnum() for c in who) > who.count("?"):  # a name the font cannot spell is left out
        title += f": {who}"
    if viewer == seat:
        title += "  " + say("(you)")
    draw_text(image, (x0 + 44, y), fit(title, PANEL_SIZE, 250), PANEL_SIZE, anchor="lm", halo=None, bold=True)
    tag = row_tag(state, seat, on_turn)
    if tag:
        w = text_width(tag, 14) + 16
        pen.rounded_rectangle((x1 - 10 - w, y - 11, x1 - 10, y + 11), radius=8,
                              fill=MUTED if seat in state.passed else INK)
        draw_text(image, (x1 - 10 - w / 2, y), tag, 14, WHITE, None, bold=True)
    # action cubes (left and spent), voting cubes in the bank, relics held
    y += 30
    x = x0 + 14
    box_ = draw_text(image, (x, y), say("actions"), SMALL_SIZE, MUTED, None, anchor="lm")
    x = box_[2] + 6
    spent = max(player.action_cubes_per_round - player.action_cubes, 0)
    shown = min(player.action_cubes + spent, 8)
    for i in range(shown):
        hollow = i >= player.action_cubes
        paste(image, cube_sprite(style.fill, 13, INK, hollow=hollow), (x + 8, y))
        x += 17
    if player.action_cubes + spent > shown or not shown:
        box_ = draw_text(image, (x + 2, y), f"{player.action_cubes}/{player.action_cubes_per_round}", SMALL_SIZE,
                         INK, None, anchor="lm", bold=True)
        x = box_[2]
    x += 14
    box_ = draw_text(image, (x, y), say("votes"), SMALL_SIZE, MUTED, None, anchor="lm")
    paste(image, cube_sprite(style.fill, 13, INK), (box_[2] + 13, y))
    box_ = draw_text(image, (box_[2] + 24, y), f"x{player.voting_cubes}", SMALL_SIZE + 1, INK, None, anchor="lm",
                     bold=True)
    x = box_[2] + 14
    paste(image, relic_sprite(18), (x + 9, y))
    draw_text(image, (x + 21, y), f"x{len(player.relics)}", SMALL_SIZE + 1, INK, None, anchor="lm", bold=True)
    # armies and the relics held, by name
    y += 26
    armies = player.armies
    units = sum(sum(a.units.values()) for a in armies.values())
    depleted = sum(1 for a in armies.values() if a.cubes)
    text = forces(len(armies), units)
    if depleted:
        text += " " + say(Msg("({n} depleted)", n=depleted))
    if player.relics:
        text += "; " + ", ".join(player.relics)
    size = shrunk(plain(text), SMALL_SIZE, x1 - x0 - 28, 12)  # smaller rather than cut
    draw_text(image, (x0 + 14, y), fit(plain(text), size, x1 - x0 - 28), size, INK, None, anchor="lm")


def _events(image: Image.Image, pen: ImageDraw.ImageDraw, state: GloryState, top: float) -> float:
    """The event rows: each card's title and the voting cubes on it (per player: a cube in their
    colour and the count)."""
    board = state.board
    draw_text(image, (X0, top + 12), say("Events"), PANEL_SIZE, anchor="lm", halo=None, bold=True)
    left = len(state.event_deck)
    draw_text(image, (X1, top + 12), say(Plural("{n} card in the deck", "{n} cards in the deck", left)),
              SMALL_SIZE - 1, MUTED, None, anchor="rm")
    y = top + 28
    if not state.event_rows:
        draw_text(image, (X0 + 4, y + 14), say("No event card flipped yet."), SMALL_SIZE, MUTED, None, anchor="lm")
        return y + 30
    gap = 8
    w = (X1 - X0 - 2 * gap) / 3
    for r, row in enumerate(state.event_rows):
        draw_text(image, (X0 - 12, y + EVENT_ROW_H / 2 - 3), str(r + 1), SMALL_SIZE - 2, MUTED, None)
        for c, slot in enumerate(row):
            x = X0 + c * (w + gap)
            card(pen, (x, y, x + w, y + EVENT_ROW_H - 6), fill=PAPER, outline=FRAME, radius=6, width=1)
            title = plain(board.event_named[slot.card].title)
            size = shrunk(title, 14, w - 12, 10)  # smaller rather than cut
            draw_text(image, (x + 6, y + 13), fit(title, size, w - 12), size, INK, None, anchor="lm", bold=True)
            vx = x + 6
            for seat, n in sorted(slot.votes.items()):
                if not n:
                    continue
                colour = state.seats[seat].colour
                paste(image, cube_sprite(player_style(colour).fill, 12, INK), (vx + 7, y + 34))
                box = draw_text(image, (vx + 16, y + 34), str(n), 14, INK, None, anchor="lm", bold=True)
                vx = box[2] + 7
            if not any(slot.votes.values()):
                draw_text(image, (x + 6, y + 34), say("no votes"), 13, MUTED, None, anchor="lm")
        y += EVENT_ROW_H
    return y


def _relics_line(image: Image.Image, state: GloryState, y: float) -> float:
    """The relics lying on the map (hex and name; two lines at most) and how many are still to be
    placed."""
    left = max(relics_to_place(state), 0)
    placed = sorted(state.relics.items(), key=lambda item: state.board.index[item[0]])
    paste(image, relic_sprite(18), (X0 + 9, y + 10))
    lying = ", ".join(f"{h} {n}" for h, n in placed) or say("none")
    words = say(Msg("{n} still to place. On the map: {relics}", n=left, relics=lying)).split()
    width = X1 - X0 - 26
    lines = [""]
    for word in words:
        joined = f"{lines[-1]} {word}".strip()
        if text_width(plain(joined), SMALL_SIZE) > width and lines[-1]:
            lines.append(word)
        else:
            lines[-1] = joined
    for i, line in enumerate(lines[:2]):
        text = line if i < 1 or len(lines) <= 2 else line + " ..."
        draw_text(image, (X0 + 26, y + 10 + 20 * i), fit(plain(text), SMALL_SIZE, width), SMALL_SIZE, INK, None,
                  anchor="lm")
    return y + 2 + 20 * min(len(lines), 2)


def draw_previews(image: Image.Image, pen: ImageDraw.ImageDraw, state: GloryState, box: Box, least: int = 0) -> None:
    """In `box`: the revealed tile as each allowed rotation would place it, numbered like the
    menu, as large as the box allows; the claimed hex is ringed in the explorer's colour, the relic
    symbol shown; under each, whether the army would land. No text under `least` pixels."""
    pending = state.exploring
    assert pending is not None
    board = state.board
    x0, top, x1, bottom = box
    tile = board.tile_named[pending.tile]
    seat_colour = state.seats[pending.plan.seat].colour
    who = colour(seat_colour)
    size_ = max(PANEL_SIZE - 2, least)
    if tile.relic != "none":
        said = say(Msg("{name} revealed {tile} ({id}, {relic} relic symbol) for the province {province}: choose a "
                       "rotation", name=who, tile=tile.title, id=tile.name, relic=say(tile.relic),
                       province=pending.province))
    else:
        said = say(Msg("{name} revealed {tile} ({id}) for the province {province}: choose a rotation", name=who,
                       tile=tile.title, id=tile.name, province=pending.province))
    lines = wrap(said, size_, x1 - x0 - 20, 3)  # in lines rather than cut
    for i, line in enumerate(lines):
        draw_text(image, (x0 + 10, top + 18 + (size_ + 6) * i), line, size_, anchor="lm", halo=None, bold=True)
    top += 10 + (size_ + 6) * len(lines)
    shown = previews(state)
    wide = (x1 - x0) / max(bottom - top, 1) > 1.8
    cols = min(len(shown), 3 if wide else 2) or 1
    rows = max(1, -(-len(shown) // cols))
    slot_w = (x1 - x0) / cols
    slot_h = (bottom - top - 10) / rows
    note_size = max(13, least)
    size = min(60.0, (slot_h - 26 - note_size) / (3 * 1.7320508), slot_w / 6.4)
    centre = board.axial(pending.province)
    fill = player_style(seat_colour).fill
    for n, preview in enumerate(shown):
        sx = x0 + (n % cols) * slot_w
        sy = top + (n // cols) * slot_h
        mid = (sx + slot_w / 2 + 10, sy + (slot_h - note_size - 10) / 2)
        grid = Grid(size, (mid[0] - 1.5 * size * centre[0], mid[1] - 1.7320508 * size * (centre[1] + centre[0] / 2)))
        for name, kind in preview["terrain"].items():
            paste(image, hex_sprite(kind, round(size, 2), size >= 14, least), grid.centre(board.axial(name)))
        claimed = grid.centre(board.axial(pending.plan.end))
        r = size * 0.62
        pen.ellipse((claimed[0] - r, claimed[1] - r, claimed[0] + r, claimed[1] + r), outline=INK, width=6)
        pen.ellipse((claimed[0] - r, claimed[1] - r, claimed[0] + r, claimed[1] + r), outline=fill, width=3)
        if preview["relic"]:
            symbol = symbol_sprite(preview["symbol"], round(size * 0.7))
            paste(image, symbol, grid.centre(board.axial(preview["relic"])))
        paste(image, tag_sprite(preview["label"], max(20, least + 2), INK, WHITE), (sx + 18, sy + 16))
        note = say("army lands") if preview["lands"] else say("army stays")
        draw_text(image, (mid[0], mid[1] + 2.75 * size + note_size / 2 + 4), note, note_size,
                  INK if preview["lands"] else MUTED, None, bold=True)


def key_entries() -> list[tuple[LegendIcon, str]]:
    def terrain(kind: str) -> LegendIcon:
        def icon(img: Image.Image, p: Point) -> None:
            paste(img, hex_sprite(kind, 11.0, letter=False), p)
        return icon

    def hexed(kind: str) -> str:
        letter = {"unexplored": "?", "swamp": "W"}.get(kind, kind[:1].upper())
        return f"{letter} {terrain_word(kind)}"

    def city(img: Image.Image, p: Point) -> None:
        paste(img, structure_sprite("city", "red", 20), p)

    def castle(img: Image.Image, p: Point) -> None:
        paste(img, structure_sprite("castle", "red", 20), p)

    def capital(img: Image.Image, p: Point) -> None:
        paste(img, structure_sprite("capital", "red", 20), p)

    def relic(img: Image.Image, p: Point) -> None:
        paste(img, relic_sprite(18), p)

    def units(img: Image.Image, p: Point) -> None:
        paste(img, unit_sprite("blue", "Sw", 2, 9), p)

    def cube(img: Image.Image, p: Point) -> None:
        paste(img, depletion_sprite(1, 10), p)

    def cubes(img: Image.Image, p: Point) -> None:
        paste(img, depletion_sprite(2, 10), p)

    def path(img: Image.Image, p: Point) -> None:
        draw_route(ImageDraw.Draw(img), [(p[0] - 16, p[1] + 4), (p[0] + 14, p[1] - 4)], player_style("red").fill,
                   width=4, head=12)

    entries: list[tuple[LegendIcon, str]] = [(terrain(k), hexed(k)) for k in TERRAIN_KEY]
    entries += [(city, say("city")), (castle, say("castle")), (capital, say("capital")), (relic, say("relic")),
                (units, say("2 swordsmen")), (cube, say("depleted")), (cubes, say("marched")),
                (path, say("last maneuver"))]
    return entries


def terrain_word(kind: str) -> str:
    """A terrain as the key names it."""
    words = {"plains": say("plains"), "forest": say("forest"), "hills": say("hills"), "desert": say("desert"),
             "mountains": say("mountains"), "swamp": say("swamp"), "sea": say("sea"), "ocean": say("ocean"),
             "unexplored": say("face down")}
    return words.get(kind, kind)

