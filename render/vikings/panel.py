"""The side panel: era and raid cost, whose turn, waiting bumps, a card per player and the table
of island control (influence and runes).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER
from render.header import TITLES_HEIGHT, draw_status
from render.legend import card
from render.marks import marker_sprite
from render.palette import player_style
from render.text import draw_text, fit, paste, plain, shrunk, text_width
from render.vikings.colours import FRAME, god_colour
from render.vikings.icons import boat_sprite, house_icon, resource_icon, rune_stone, temple_icon
from render.vikings.layout import CARD_H, MAP_W, PANEL_SIZE, PANEL_TOP, TABLE_ROW, WIDTH, Layout
from render.words import colour, say
from rules.messages import Msg, Plural, listed
from rules.vikings import GAME
from rules.vikings.control import influence
from rules.vikings.state import PlayerState, VikingsState, raid_cost


def draw_panel(image: Image.Image, state: VikingsState, lay: Layout, viewer: int | None) -> None:
    x0, x1 = MAP_W + 20, WIDTH - 20
    pen = ImageDraw.Draw(image)
    y = draw_status(image, (x0, TITLES_HEIGHT), era(state), x1 - x0, note=raid_note(state), turn=status(state),
                    awaited=awaited(state))
    shown = state.pending if len(state.pending) <= 2 else state.pending[:1]
    for bump in shown:
        bumped = state.seats[bump.seat]
        paste(image, boat_sprite(bumped.colour, bump.boat, 11, aside=True), (x0 + 14, y))
        text = plain(say(Msg("{colour} boat {boat} bumped at {dock}: picks {spaces}", colour=colour(bumped.colour),
                             boat=bump.boat, dock=bump.dock, spaces=" / ".join(bump.options))))
        size = shrunk(text, PANEL_SIZE - 3, x1 - x0 - 38, 13)  # smaller rather than cut
        draw_text(image, (x0 + 38, y), fit(text, size, x1 - x0 - 38), size, (150, 40, 20), None, anchor="lm",
                  bold=True)
        y += 28
    if len(state.pending) > len(shown):
        more = len(state.pending) - 1
        draw_text(image, (x0 + 38, y), say(Plural("+{n} more boat bumped", "+{n} more boats bumped", more)),
                  PANEL_SIZE - 3, MUTED, None, anchor="lm")
    y = PANEL_TOP
    for seat in range(len(state.seats)):
        _player_card(image, pen, state, seat, (x0, y, x1, y + CARD_H - 10), viewer)
        y += CARD_H
    _control_table(image, pen, state, (x0, y + 4, x1))


def status(state: VikingsState) -> str:
    """Whose turn and what is left of it: "Red's turn  (1 sail left)", "Setup: Red places a boat";
    while a bumped boat waits for its fjord, who owes the answer: "Blue must move boat 1 from D1 to
    F4 or F5  (Red's turn waits)"."""
    name = plain(colour(state.seats[state.turn].colour))
    if state.pending:
        owners = listed(list(dict.fromkeys(plain(colour(state.seats[b.seat].colour)) for b in state.pending)))
        bump = state.pending[0]
        spaces = listed(list(bump.options), "or")
        if len(state.pending) == 1:
            return say(Msg("{owners} must move boat {boat} from {dock} to {spaces}  ({name}'s turn waits)",
                           owners=owners, boat=bump.boat, dock=bump.dock, spaces=spaces, name=name))
        return say(Plural("{owners} must move {n} bumped boat  ({name}'s turn waits)",
                          "{owners} must move {n} bumped boats  ({name}'s turn waits)", len(state.pending),
                          owners=owners, name=name))
    if state.placing:
        return say(Msg("Setup: {name} places a boat", name=name))
    left = int(state.settings.get("sails_per_turn", 2)) - state.sails
    return say(Plural("{name}'s turn  ({n} sail left)", "{name}'s turn  ({n} sails left)", left, name=name))


def era(state: VikingsState) -> str:
    return say(Msg("Era {era}", era=state.era))


def raid_note(state: VikingsState) -> str:
    return say(Msg("raid a village: {n} steel", n=raid_cost(state)))


def turn_tag(state: VikingsState) -> str:
    """The tag on the row of the clan on turn."""
    return say("SETUP") if state.placing else say("TURN")


def awaited(state: VikingsState) -> list[str]:
    """The colours of the seats the game waits for (the one on turn, or the owners of bumped boats)."""
    return [state.seats[seat].colour for seat in GAME.position(state).acting]


def _player_card(image: Image.Image, pen: ImageDraw.ImageDraw, state: VikingsState, seat: int,
                 box: tuple[int, int, int, int], viewer: int | None) -> None:
    s = state.seats[seat]
    style = player_style(s.colour)
    player = state.players[seat]
    on_turn = seat == state.turn
    card(pen, box, fill=style.tint if on_turn else PAPER, outline=INK if on_turn else FRAME,
         width=3 if on_turn else 2)
    x0, y0, x1, _ = box
    y = y0 + 24
    paste(image, marker_sprite(s.colour, 15), (x0 + 24, y))
    tag = turn_tag(state) if on_turn else ""
    w = text_width(tag, 15) + 16 if tag else 0
    named, you = colour(s.colour), "  " + say("(you)") if viewer == seat else ""
    room = (x1 - 12 - (w + 10 if tag else 0)) - (x0 + 48) - text_width(f"{named}: {you}", PANEL_SIZE) - 4
    who = fit(plain(s.name, 40), PANEL_SIZE, room)  # cut to the card, whatever the script
    draw_text(image, (x0 + 48, y), f"{named}: {who}{you}" if who else f"{named}{you}", PANEL_SIZE, anchor="lm",
              halo=None, bold=True)
    if tag:
        pen.rounded_rectangle((x1 - 12 - w, y - 12, x1 - 12, y + 12), radius=8, fill=INK)
        draw_text(image, (x1 - 12 - w / 2, y), tag, 15, (255, 255, 255), None, bold=True)
    # resources, then what is on the mat
    y += 36
    x = x0 + 14
    for kind in ("wood", "food", "steel"):
        paste(image, resource_icon(kind), (x, y), "lm")
        box2 = draw_text(image, (x + 28, y), str(getattr(player, kind)), PANEL_SIZE, anchor="lm", halo=None,
                         bold=True)
        x = box2[2] + 14
    x += 8
    pen.line((x, y - 12, x, y + 12), fill=FRAME, width=2)
    x += 14
    paste(image, marker_sprite(s.colour, 11, ""), (x + 10, y))
    box2 = draw_text(image, (x + 24, y), f"x{player.mat_settlers}", PANEL_SIZE - 1, anchor="lm", halo=None)
    x = box2[2] + 12
    paste(image, temple_icon(style.fill, 24), (x, y), "lm")
    box2 = draw_text(image, (x + 26, y), f"x{player.mat_temples}", PANEL_SIZE - 1, anchor="lm", halo=None)
    x = box2[2] + 12
    paste(image, house_icon(), (x, y), "lm")
    draw_text(image, (x + 25, y), f"x{player.raided}", PANEL_SIZE - 1, anchor="lm", halo=None)
    # runes held and boats in harbour
    y += 34
    x = x0 + 14
    held = [i for i in state.board.islands if state.runes.get(i.name) == seat]
    box2 = draw_text(image, (x, y), say("runes:"), PANEL_SIZE - 3, MUTED, None, anchor="lm")
    x = box2[2] + 6
    if not held:
        box2 = draw_text(image, (x, y), say("none"), PANEL_SIZE - 3, MUTED, None, anchor="lm")
        x = box2[2] + 6
    for island in held[:4]:
        stone = rune_stone(island.god, god_colour(state.board, island.god), 14)
        b = paste(image, stone, (x, y), "lm")
        x = b[2] + 3
    if len(held) > 4:
        b = draw_text(image, (x, y), f"+{len(held) - 4}", PANEL_SIZE - 3, anchor="lm", halo=None)
        x = b[2]
    draw_text(image, (x1 - 12, y), say(Msg("in harbour: {boats}", boats=harbour(player))), PANEL_SIZE - 3, MUTED,
              None, anchor="rm")


def harbour(player: PlayerState) -> str:
    """A clan's boats in harbour: "boats 2, 3", "boat 4" or "-"."""
    boats = [str(n) for n, space in sorted(player.boats.items()) if space is None]
    return say(Plural("boat {boats}", "boats {boats}", len(boats), boats=", ".join(boats))) if boats else "-"


def _control_table(image: Image.Image, pen: ImageDraw.ImageDraw, state: VikingsState,
                   top: tuple[int, int, int]) -> None:
    """Influence of every player on every island, the rune's god and who holds it."""
    x0, y, x1 = top
    board = state.board
    draw_text(image, (x0, y + 12), say("Islands: influence"), PANEL_SIZE, anchor="lm", halo=None, bold=True)
    y += 34
    cols = len(state.seats)
    col_w = 44
    first = x1 - cols * col_w
    rune_x = first - 78
    for seat, s in enumerate(state.seats):
        paste(image, marker_sprite(s.colour, 11), (first + seat * col_w + col_w / 2, y))
    draw_text(image, (rune_x, y), say("rune"), 15, MUTED, None)
    y += 20
    for row, island in enumerate(board.islands):
        cy = y + row * TABLE_ROW + TABLE_ROW / 2
        if row % 2 == 0:
            pen.rectangle((x0 - 6, cy - TABLE_ROW / 2, x1 + 6, cy + TABLE_ROW / 2), fill=(236, 229, 214))
        draw_text(image, (x0, cy), plain(island.title, 14), 18, anchor="lm", halo=None)
        holder = state.runes.get(island.name)
        colour = god_colour(board, island.god)
        stone = rune_stone(island.god[:1], colour, 13, empty=holder is not None)
        b = paste(image, stone, (rune_x - 12, cy))
        if holder is not None:
            paste(image, marker_sprite(state.seats[holder].colour, 10), (b[2] + 10, cy))
        power = influence(state, island.name)
        best = max(power.values(), default=0)
        for seat in range(cols):
            cx = first + seat * col_w + col_w / 2
            value = power.get(seat, 0)
            if seat == holder:
                pen.rounded_rectangle((cx - 18, cy - 12, cx + 18, cy + 12), radius=6,
                                      fill=player_style(state.seats[seat].colour).tint, outline=INK)
            if value:
                draw_text(image, (cx, cy), str(value), 18, INK, None, bold=value == best)
            else:
                draw_text(image, (cx, cy), "-", 18, MUTED, None)
