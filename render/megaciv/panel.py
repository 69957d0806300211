"""The header's status lines and the band under the map: the movement order with census, who has
declared and who moves now, each player's treasury, cities and ships; the conflict situations of
the phase-end report (on the whole map's image)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER, WHITE
from render.header import NOTE_SIZE, PHASE_SIZE, TURN_SIZE
from render.marks import tag_sprite
from render.megaciv.colours import CONFLICT, HIGHLIGHT
from render.megaciv.layout import BAND_PAD, ORDER_HEAD, ORDER_ROW
from render.megaciv.sprites import CivStyle, chip, fitted, warning, width_of
from render.megaciv.static import Static
from render.text import draw_text, paste, plain, shrunk
from render.words import say
from rules.megaciv.draft import secret_drafts
from rules.megaciv.phase import mover
from rules.megaciv.queries import order
from rules.megaciv.report import Attack, Conflict
from rules.megaciv.state import PIRATES, MegaState
from rules.messages import Msg, Plural

CHECK = 0.54  # where the declared check goes, as a share of a column's width
COLUMNS = (0.68, 0.79, 0.88, 0.97)  # census, treasury, cities, ships: right edges, as shares


def acting(state: MegaState) -> list[int]:
    """The seats moving now (none between phases)."""
    if not state.moving:
        return []
    if state.together:
        return [s for s in state.order if not state.players[s].declared]
    now = mover(state)
    return [] if now is None else [now]


def status(state: MegaState, viewer: int | None) -> tuple[str, str, str]:
    """The phase line, its note (how this phase moves) and the turn line (who moves; between
    phases how many expanded and whose movement the arrows show; the viewer's own draft)."""
    if state.moving:
        phase = say(Msg("Turn {n}: Movement", n=state.turn))
        note = say("everyone at once") if state.together else say("in census order")
        if state.insisted:
            note += " " + say("(insisted on)")
    else:
        phase, note = say(Msg("Turn {n}: the table's phases", n=state.turn)), say("expand, adjust; the host starts "
                                                                                   "Movement")
    now = acting(state)
    if now:
        names = [state.players[s].civ for s in now]
        text = say(Msg("{name} moves", name=names[0])) if len(names) == 1 else \
            say(Plural("{n} still moving: {names}", "{n} still moving: {names}", len(names), names=", ".join(names)))
    elif state.moving:
        text = say("everyone has declared")
    else:
        done = sum(p.expanded for p in state.players)
        text = say(Plural("{done} of {n} player expanded", "{done} of {n} players expanded", len(state.players),
                          done=done))
        if any(p.steps for p in state.players):
            text += "; " + say(Msg("arrows: turn {n}'s movement", n=state.turn - 1))
    if viewer is not None and state.moving and state.players[viewer].steps and not state.players[viewer].declared:
        steps = len(state.players[viewer].steps)
        if secret_drafts(state):
            text += " | " + say(Plural("your draft: {n} step (secret)", "your draft: {n} steps (secret)", steps))
        else:
            text += " | " + say(Plural("your draft: {n} step (open)", "your draft: {n} steps (open)", steps))
    return phase, note, text


def draw_status(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle],
                viewer: int | None) -> None:
    """The phase line (with how this phase moves) and whom the game waits for, beside the titles."""
    f = static.frame
    x = 560 if f.focused is None else 460
    width = f.width - x - 20
    y = 30
    phase, note, text = status(state, viewer)
    box = draw_text(image, (x, y), fitted(phase, PHASE_SIZE, width), PHASE_SIZE, INK, None, anchor="lm", bold=True)
    room = x + width - box[2] - 14
    size = shrunk(plain(note), NOTE_SIZE, room, 14)
    draw_text(image, (box[2] + 14, y), fitted(note, size, room), size, MUTED, None, anchor="lm")
    y += 42
    now = acting(state)
    left = x
    for seat in now[:6]:
        paste(image, chip(civs[state.players[seat].civ], 12, civs[state.players[seat].civ].letter), (left + 14, y))
        left += 32
    room = x + width - left
    size = shrunk(plain(text), TURN_SIZE, room, 15)
    draw_text(image, (left + (8 if now else 0), y), fitted(text, size, room), size, INK, None, anchor="lm",
              bold=True)


def draw_order(image: Image.Image, state: MegaState, static: Static, civs: dict[str, CivStyle],
               viewer: int | None) -> None:
    """The movement order: place, chip, civilization, census, and treasury, cities, ships; a check
    for who has declared, a highlight on who moves now."""
    f = static.frame
    top = f.band_top + BAND_PAD
    column_w = f.column_w
    title = say("Movement order") if state.moving else say("Next movement order (census now)")
    draw_text(image, (20, top + 4), title, 19, INK, None, anchor="lt", bold=True)
    draw_text(image, (20, top + ORDER_HEAD + f.order_rows * ORDER_ROW + 12),
              say("census: tokens on the board;  T treasury, C cities, S ships"), 13, MUTED, None, anchor="lm")
    for column in range(f.order_columns):
        x = 20 + column * column_w
        for at, word in zip(COLUMNS, (say("census"), "T", "C", "S")):
            draw_text(image, (x + at * column_w, top + 26), word, 12, MUTED, None, anchor="rt", bold=len(word) == 1)
    now = set(acting(state))
    pen = ImageDraw.Draw(image)
    for i, m in enumerate(order(state)):
        column, row = divmod(i, f.order_rows)
        x = 20 + column * column_w
        y = top + ORDER_HEAD + row * ORDER_ROW + ORDER_ROW / 2
        player = state.players[m.seat]
        style = civs[player.civ]
        if m.seat in now:
            pen.rounded_rectangle((x - 6, y - ORDER_ROW / 2 + 1, x + column_w - 10, y + ORDER_ROW / 2 - 1), 6,
                                  fill=HIGHLIGHT, outline=INK, width=1)
        draw_text(image, (x + 20, y), f"{i + 1}.", 15, MUTED, None, anchor="rm")
        paste(image, chip(style, 10, style.letter), (x + 36, y))
        name = player.civ + (" (you)" if m.seat == viewer else "")
        draw_text(image, (x + 52, y), fitted(name, 16, CHECK * column_w - 64), 16, INK, None, anchor="lm",
                  bold=m.seat in now)
        if m.declared:
            _check(pen, x + CHECK * column_w, y)
        ships = sum(s.area is not None for s in player.ships)
        values = (m.census, player.treasury, len(player.cities), ships)
        for i_, (at, value) in enumerate(zip(COLUMNS, values)):
            draw_text(image, (x + at * column_w, y), str(value), 16 if i_ == 0 else 15, INK, None, anchor="rm",
                      bold=i_ == 0)


def attack_words(c: Conflict, a: Attack) -> str:
    """"Maurya 8 vs Egypt's city (7 needed): can succeed"."""
    town = say("the pirate city") if c.city == PIRATES else say(Msg("{name}'s city", name=c.city_name))
    if a.succeeds:
        return say(Msg("{civ} {tokens} vs {town} ({needed} needed): can succeed", civ=a.name, tokens=a.tokens,
                       town=town, needed=a.needed))
    return say(Msg("{civ} {tokens} vs {town} ({needed} needed): cannot succeed", civ=a.name, tokens=a.tokens,
                   town=town, needed=a.needed))


def _wrapped(parts: list[str], size: int, width: float) -> list[str]:
    """Parts joined with "; " into lines at most `width` wide (continuation lines indented)."""
    out = [parts[0]]
    for part in parts[1:]:
        joined = f"{out[-1]}; {part}"
        if width_of(joined, size) <= width:
            out[-1] = joined
        else:
            out[-1] += ";"
            out.append(f"   {part}")
    return out


def _check(pen: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A check mark: declared."""
    pen.line((x - 6, y, x - 1, y + 5, x + 8, y - 6), fill=INK, width=3, joint="curve")


def draw_conflicts(image: Image.Image, state: MegaState, static: Static, conflicts: Sequence[Conflict]) -> None:
    """On the whole map's image: the phase-end report's conflict situations and city attacks."""
    f = static.frame
    if not f.conflicts_x:
        return
    left, right = f.conflicts_x, f.conflicts_x + f.conflicts_w
    top = f.band_top + BAND_PAD
    paste(image, warning(18), (left + 10, top + 12))
    draw_text(image, (left + 26, top + 4), say(Msg("Conflict situations: {n}", n=len(conflicts))), 19, INK, None,
              anchor="lt", bold=True)
    lines: list[str] = []
    for c in conflicts:
        who = ", ".join(f"{p.name} {p.tokens}" for p in c.present)
        parts = [say(Msg("{area} (limit {limit}): {who}", area=c.area, limit=c.limit, who=who))]
        parts += [attack_words(c, a) for a in c.attacks]
        lines += _wrapped(parts, 15, right - left)
    rows = (f.band_h - 2 * BAND_PAD - ORDER_HEAD) // 22
    more = say(Msg("... and {n} more (/megaciv report)", n=len(lines) - rows + 1))
    shown = lines if len(lines) <= rows else [*lines[:rows - 1], more]
    for i, line in enumerate(shown):
        size = shrunk(plain(line), 15, right - left, 12)  # a longer language's line smaller rather than cut
        draw_text(image, (left, top + ORDER_HEAD + i * 22 + 11), fitted(line, size, right - left), size, INK, None,
                  anchor="lm")
    if not lines:
        draw_text(image, (left, top + ORDER_HEAD + 11), "none", 15, MUTED, None, anchor="lm")
    _ = (CONFLICT, PAPER, WHITE, tag_sprite)
