"""The side panel: the header's status (round, phase, whom the game waits for), the scoring tiles
A-D with the round's schedule, and a card per player: VP and gold, their progress board (three
tracks, the marker on each, the bonus tiles left and taken), banners in force, markers, movement
and roads, and the tiles they drew, offer, must place, or (on their own board) their sealed
prices and plan.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER, RGB, WHITE
from render.header import TITLES_HEIGHT, draw_status
from render.legend import card
from render.marks import marker_sprite
from render.palette import player_style
from render.skye.colours import ALERT, BRIDGE, FRAME, GOLD, PLAN, SCORING, SCORING_NOW, TRACK_DONE, TRACK_FILL
from render.skye.layout import (
    CARD_H,
    CARDS_TOP,
    CELL_H,
    CELL_W,
    PANEL_INNER,
    PANEL_X,
    SCORING_H,
    SCORING_TOP,
    TRACK_LABEL_W,
)
from render.skye.pieces import BONUS_CODES, TRACK_LETTERS, tile_image
from render.text import draw_text, fit, paste, place, plain, text_width, wrap
from render.words import colour as named
from render.words import say
from rules.messages import Msg, Plural
from rules.skye import GAME, queries
from rules.skye.glossary import TEXTS
from rules.skye.model import SLOTS, TRACKS
from rules.skye.progress import side_of
from rules.skye.queries import Score
from rules.skye.rounds import income
from rules.skye.state import SkyeState, committed

LETTERS = "ABCD"
SMALL = 15
TEXT = 17


def draw_panel(image: Image.Image, state: SkyeState, viewer: int | None, order: list[int]) -> None:
    _status(image, state)
    _scoring(image, state)
    scores = {s.seat: s for s in queries.scores(state)}
    for i, seat in enumerate(order):
        _card(image, state, seat, viewer, CARDS_TOP + i * CARD_H, scores[seat])


def awaited(state: SkyeState) -> tuple[int, ...]:
    """Every seat the game waits for (`Game.awaiting`): those acting and those asked a decision."""
    return tuple(dict.fromkeys(a.seat for a in GAME.awaiting(state)))


def _status(image: Image.Image, state: SkyeState) -> None:
    ending = GAME.ending(state)
    if ending is not None:
        draw_status(image, (PANEL_X, TITLES_HEIGHT), say("Game over"), PANEL_INNER,
                    note=say(Plural("after {n} round", "after {n} rounds", state.rounds)),
                    turn=say(ending.text).split(":")[0], awaited=[state.seats[s].colour for s in ending.winners])
        return
    phase, note, doing = status_lines(state)
    draw_status(image, (PANEL_X, TITLES_HEIGHT), phase, PANEL_INNER, note=note, turn=doing,
                awaited=[state.seats[s].colour for s in awaited(state)])


def status_lines(state: SkyeState) -> tuple[str, str, str]:
    """The round, the phase (secret or not) and what the game waits for, as the header says them."""
    pos = GAME.position(state)
    title = say(GAME.flow.phase(pos.phase).title)
    if pos.phase in ("price", "plan"):
        title = say(Msg("{phase} (secret)", phase=title))
    line = say(GAME.status_line(state))
    doing = line.split(": ", 1)[1] if ": " in line else line
    return say(Msg("Round {n} of {rounds}", n=state.round, rounds=state.rounds)), title, doing


def _scoring(image: Image.Image, state: SkyeState) -> None:
    """Scoring tiles A-D (those scoring this round highlighted) and which round scores which."""
    pen = ImageDraw.Draw(image)
    x0, y0 = PANEL_X, SCORING_TOP
    now = queries.scoring_now(state)
    schedule = state.board.scoring.schedule(str(state.settings.get("schedule") or state.board.schedule))
    variant = schedule.variant(state.rounds) if schedule else None
    rounds = "  ".join(f"{r}:{letters or '-'}" for r, letters in enumerate(variant.score, 1)) if variant else ""
    head = draw_text(image, (x0, y0 + 10), say("Scoring"), TEXT + 1, INK, None, anchor="lm", bold=True)
    said = say(Msg("rounds {rounds}", rounds=rounds))
    draw_text(image, (head[2] + 12, y0 + 10), fit(said, SMALL, PANEL_INNER - head[2] + x0 - 12), SMALL, MUTED, None,
              anchor="lm")
    w = (PANEL_INNER - 10) / 2
    h = (SCORING_H - 30) / 2
    for i, tile_id in enumerate(state.scoring):
        tile = state.board.scoring.tile_by_id.get(tile_id)
        left = x0 + (i % 2) * (w + 10)
        top = y0 + 24 + (i // 2) * (h + 4)
        scoring_now = LETTERS[i] in now
        card(pen, (left, top, left + w, top + h - 2), fill=SCORING_NOW if scoring_now else SCORING,
             outline=INK if scoring_now else FRAME, radius=8, width=3 if scoring_now else 1)
        pen.ellipse((left + 6, top + 6, left + 32, top + 32), fill=INK)
        draw_text(image, (left + 19, top + 19), LETTERS[i], 17, WHITE, None, bold=True)
        title = tile.title if tile else tile_id
        draw_text(image, (left + 40, top + 14), fit(plain(title), 16, w - 48), 16, INK, None, anchor="lm", bold=True)
        for n, line in enumerate(wrap(say(TEXTS.get(tile.text, tile.text)) if tile else "", 13, w - 48, 3)):
            draw_text(image, (left + 40, top + 31 + n * 15), line, 13, INK, None, anchor="lm")


def _tag(image: Image.Image, right: float, y: float, text: str, fill: RGB, ink: RGB = WHITE) -> float:
    w = text_width(text, 14) + 16
    ImageDraw.Draw(image).rounded_rectangle((right - w, y - 12, right, y + 12), radius=8, fill=fill)
    draw_text(image, (right - w / 2, y), text, 14, ink, None, bold=True)
    return right - w - 6


def _state_tag(state: SkyeState, seat: int) -> tuple[str, RGB] | None:
    if GAME.ending(state) is not None:
        ending = GAME.ending(state)
        return (say("WINNER"), GOLD) if ending and seat in ending.winners else None
    if any(p.seat == seat for p in state.pending):
        return say("DECIDE"), ALERT
    player = state.players[seat]
    stage = state.stage
    if stage in ("price", "plan"):
        if stage == "price" and not player.hand:
            return None
        if committed(state, seat):
            return say("SEALED"), INK
        return (say("PRICING") if stage == "price" else say("PLANNING")), ALERT
    if stage == "buy" and state.queue[:1] == (seat,):
        return say("BUYING"), ALERT
    if stage == "keep" and any(o.owner == seat for o in state.offers):
        return say("KEEP?"), ALERT
    if stage == "place" and player.to_place:
        return say("PLACING"), ALERT
    return None


def _card(image: Image.Image, state: SkyeState, seat: int, viewer: int | None, top: float, score: Score) -> None:
    pen = ImageDraw.Draw(image)
    colour = state.seats[seat].colour
    style = player_style(colour)
    player = state.players[seat]
    x0, x1 = PANEL_X, PANEL_X + PANEL_INNER
    box = (x0, top, x1, top + CARD_H - 8)
    waiting = seat in awaited(state)
    card(pen, box, fill=style.tint if waiting else PAPER, outline=INK if viewer == seat else FRAME,
         width=3 if viewer == seat else 2)
    y = top + 20
    paste(image, marker_sprite(colour, 13), (x0 + 20, y))
    who = plain(state.seats[seat].name, 16)
    title = named(colour) + (f": {who}" if sum(c.isalnum() for c in who) > who.count("?") else "")
    title += "  " + say("(you)") if viewer == seat else ""
    right: float = x1 - 10
    tag = _state_tag(state, seat)
    if tag:
        right = _tag(image, right, y, *tag)
    worth = say(Msg("{vp} VP  {gold} gold", vp=player.vp, gold=player.gold))
    vp = draw_text(image, (right, y), worth, 19, INK, None, anchor="rm", bold=True)
    draw_text(image, (x0 + 40, y), fit(title, 18, vp[0] - x0 - 50), 18, INK, None, anchor="lm", bold=True)
    board_right = _progress(image, state, seat, (x0 + 10, top + 40))
    _facts(image, state, seat, score, (board_right + 12, top + 40, x1 - 8))
    _tiles(image, state, seat, score, (x0 + 10, top + 108, x1 - 10))


def _progress(image: Image.Image, state: SkyeState, seat: int, origin: tuple[float, float]) -> float:
    """The player's progress board: per track a start space and 12 spaces, the marker, spaces
    reached shaded, bonus slots with their tile's code (struck out once taken), bridges between
    segments. Returns the x of its right edge."""
    pen = ImageDraw.Draw(image)
    player = state.players[seat]
    side = side_of(state)
    x0, y0 = origin
    colour = state.seats[seat].colour
    right = x0
    for i, name in enumerate(TRACKS):
        track = side.tracks[i]
        y = y0 + i * (CELL_H + 4)
        draw_text(image, (x0 + 8, y + CELL_H / 2), TRACK_LETTERS[name], 14, INK, None, bold=True)
        x = x0 + TRACK_LABEL_W
        spots = {0: (x + 6, y + CELL_H / 2)}
        pen.ellipse((x, y + CELL_H / 2 - 6, x + 12, y + CELL_H / 2 + 6), outline=FRAME, width=2)
        x += 16
        for n, space in enumerate(track.spaces, 1):
            if n > 1 and (n - 1) % side.segment_size == 0:
                pen.rectangle((x, y - 1, x + 3, y + CELL_H + 1), fill=BRIDGE)
                x += 6
            done = n <= player.best[i]
            pen.rectangle((x, y, x + CELL_W - 2, y + CELL_H), fill=TRACK_DONE if done else TRACK_FILL,
                          outline=FRAME, width=1)
            if space.vp_round or space.income or space.shoes:
                pen.rectangle((x + 1, y + 1, x + CELL_W - 3, y + 4), fill=GOLD)
            if space.slot:
                bonus = player.layout[i * len(SLOTS) + SLOTS.index(space.slot)]
                taken = bonus in player.taken
                code = BONUS_CODES.get(bonus, bonus[:3])
                size = 10 if len(code) > 3 else 11
                mid = (x + (CELL_W - 2) / 2, y + CELL_H / 2 + 1)
                draw_text(image, mid, code, size, MUTED if taken else INK, None, bold=not taken)
                if taken:
                    pen.line((x + 2, y + CELL_H - 3, x + CELL_W - 4, y + 3), fill=ALERT, width=2)
            spots[n] = (x + (CELL_W - 2) / 2, y + CELL_H / 2)
            x += CELL_W
        right = max(right, x)
        paste(image, marker_sprite(colour, 8, ""), spots[player.tracks[i]])
    return right


def _facts(image: Image.Image, state: SkyeState, seat: int, score: Score, box: tuple[float, float, float]) -> None:
    """Banners in force (VP per round, next income, moves), markers, roads, bonus tiles kept."""
    x0, y0, x1 = box
    player = state.players[seat]
    warrior, herald = score.per_round
    moves, extra = queries.points(state, seat)
    ready, waiting = queries.roads_ready(state, seat)
    kept = [BONUS_CODES.get(h.bonus, h.bonus) for h in player.held]
    lines = [
        say(Msg("{vp} VP/rd  inc {income}", vp=warrior + herald, income=income(state, seat)[0])),
        say(Msg("{markers} mark  {moves} mv", markers=player.markers, moves=moves)) + (f" +{extra}" if extra else ""),
        say(Plural("{n} road", "{n} roads", ready)) + (f" +{waiting}" if waiting else "")
        + (f"  {' '.join(kept)}" if kept else ""),
    ]
    for n, line in enumerate(lines):
        draw_text(image, (x0, y0 + 9 + n * 23), fit(line, SMALL, x1 - x0), SMALL, INK, None, anchor="lm")


def _tiles(image: Image.Image, state: SkyeState, seat: int, score: Score, box: tuple[float, float, float]) -> None:
    """The tiles in front of the player this phase, with prices; their own sealed prices and plan."""
    x0, y0, x1 = box
    player = state.players[seat]
    size = 40
    mid = y0 + size / 2
    shown: list[tuple[str, str, bool]] = []  # tile, tag under it, axed
    label = ""
    if player.hand:
        label = say("drew")
        pricing = player.pricing
        for tile in player.hand:
            if pricing is not None and tile in pricing.tiles:
                shown.append((tile, f"{pricing.prices[pricing.tiles.index(tile)]}g", False))
            else:
                shown.append((tile, say("axe") if pricing is not None and tile == pricing.axe else "", bool(
                    pricing is not None and tile == pricing.axe)))
    offers = [(o.tile, f"{o.price}g", False) for o in state.offers if o.owner == seat]
    if offers:
        label, shown = say("offers"), offers
    if player.to_place:
        label = say("to place") if not shown else label
        shown += [(t, "", False) for t in player.to_place]
    now = scores_now(score)
    b = draw_text(image, (x1, mid), now, SMALL, MUTED, None, anchor="rm")
    x1 = b[0] - 10
    x = x0
    if label:
        b = draw_text(image, (x, mid), label, SMALL, MUTED, None, anchor="lm")
        x = b[2] + 8
    for tile, tag, axed in shown[:6]:
        place(image, tile_image(state.board.tile(tile), 0, size), (round(x), round(y0)))
        if axed:
            pen = ImageDraw.Draw(image)
            pen.line((x, y0, x + size, y0 + size), fill=ALERT, width=3)
            pen.line((x + size, y0, x, y0 + size), fill=ALERT, width=3)
        text = f"{tile} {tag}".strip()
        b = draw_text(image, (x + size + 4, mid), text, 14, INK, None, anchor="lm", bold=bool(tag))
        x = b[2] + 10
    if player.plan is not None:
        marks = " > ".join(f"{m.x},{m.y}" + (f":{TRACK_LETTERS[m.track]}" if m.track else "")
                           for m in player.plan.markers) or say("stay")
        text = say(Msg("your plan: {marks}", marks=marks)) + (" +4" if player.plan.extra else "")
        draw_text(image, (x, mid), fit(text, SMALL, x1 - x), SMALL, PLAN, None, anchor="lm", bold=True)


def scores_now(score: Score) -> str:
    """What the scoring tiles give a player now: "scores A 3 · B 0"."""
    return say(Msg("scores {tiles}", tiles=" · ".join(f"{letter} {points}" for letter, points in score.tiles)))
