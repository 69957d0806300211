"""The static layer: the background, frames, the header's titles, the reference progress board
(what every space needs and gives, castle costs, bridges) and the key, drawn once per board and
table size and cached with the PNG palette."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, WHITE
from render.header import draw_titles
from render.layers import LayerCache
from render.legend import card
from render.marks import marker_sprite
from render.palette import PALETTE
from render.png import build_palette
from render.skye.colours import (
    BACKGROUND,
    BRIDGE,
    FIXED_COLOURS,
    FRAME,
    GOLD,
    PANEL,
    PLAN,
    TERRAINS,
    TRACK_FILL,
    WALK,
)
from render.skye.layout import PANEL_INNER, PANEL_X, REF_CELL_W, REF_ROW_H, STRIP_H, TERR_W, WIDTH, image_height
from render.skye.pieces import BONUS_CODES, castle_sprite, draw_road_piece, journeyman_sprite, square_tag
from render.terrain import texture
from render.text import draw_text, fit, paste, shrunk
from render.tiles import feature_sprite
from render.words import say
from rules.messages import Msg
from rules.skye.model import Progress, SkyeBoard
from rules.skye.words import FEATURE_WORDS, TERRAIN_WORDS, feature

SHORT_NEEDS = {"castle": Msg("castle"), "scroll": Msg("scroll"), "north": Msg("N-most"), "south": Msg("S-most"),
               "east": Msg("E-most"), "west": Msg("W-most"), "distance:2": Msg("2+ away"),
               "distance:3": Msg("3+ away"), "distance:4": Msg("4+ away"), "completed:pasture": Msg("done P"),
               "completed:water": Msg("done W"), "completed:mountain": Msg("done M"),
               "completed:mountain+water": Msg("done M+W")}


@dataclass(frozen=True)
class Static:
    image: Image.Image
    palette: Image.Image


@dataclass(frozen=True)
class Key:
    """What a static layer depends on: the board's name and progress board, the table size."""

    board: str
    progress: object
    players: int


def static_layer(board: SkyeBoard, players: int) -> Static:
    return _LAYERS.get(Key(board.name, board.progress, players))


def layer_of(key: Key) -> Static:
    """The static layer of a key (for drawings built on it, such as the reach overlay's palette)."""
    return _LAYERS.get(key)


def clear_cache() -> None:
    _LAYERS.clear()


def _build(key: Key) -> Static:
    progress = key.progress
    assert isinstance(progress, Progress)
    height = image_height(key.players)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    strip_top = height - STRIP_H
    pen.rectangle((TERR_W, 0, WIDTH, strip_top), fill=PANEL)
    pen.line((TERR_W, 0, TERR_W, strip_top), fill=FRAME, width=2)
    pen.line((0, strip_top, WIDTH, strip_top), fill=FRAME, width=2)
    pen.rectangle((0, strip_top, WIDTH, height), fill=PANEL)
    draw_titles(image, (PANEL_X, 0), "Isle of Skye with the Journeyman", "", PANEL_INNER)
    _reference(image, progress, key.players, (14, strip_top + 8))
    _key(image, (1190, strip_top + 8, WIDTH - 10))
    palette = build_palette([image, samples()], FIXED_COLOURS)
    return Static(image, palette)


def _reference(image: Image.Image, progress: Progress, players: int, origin: tuple[float, float]) -> None:
    """Every space of the three tracks: its requirement, and what it gives (VP on entering, a
    Herald fee, a banner: VP per round, income, moves; a bonus slot), castle costs per segment."""
    pen = ImageDraw.Draw(image)
    side = progress.side_for(players)
    x0, y0 = origin
    title = draw_text(image, (x0, y0 + 8), say(Msg("Progress board ({players} players)", players=side.name)), 17, INK,
                      None, anchor="lm", bold=True)
    _line(image, (max(x0 + 300, title[2] + 12), y0 + 8), say("needs / gives; marker on the castle pays the castle "
                                                              "cost instead; bar = bridge"), 13, 1170, MUTED)
    label_w = 84
    top = y0 + 22
    for s in range(len(side.segment_costs)):
        left = x0 + label_w + s * side.segment_size * REF_CELL_W
        cost = say(Msg("castle cost {n}", n=side.segment_costs[s]))
        draw_text(image, (left + side.segment_size * REF_CELL_W / 2, top + 8), cost, 13, BRIDGE, None, bold=True)
    top += 18
    for i, track in enumerate(side.tracks):
        y = top + i * REF_ROW_H
        draw_text(image, (x0, y + REF_ROW_H / 2 - 2), track.title, 16, INK, None, anchor="lm", bold=True)
        for n, space in enumerate(track.spaces, 1):
            left = x0 + label_w + (n - 1) * REF_CELL_W
            box = (left + 2, y, left + REF_CELL_W - 2, y + REF_ROW_H - 4)
            pen.rectangle(box, fill=TRACK_FILL, outline=FRAME, width=1)
            if n > 1 and (n - 1) % side.segment_size == 0:
                pen.rectangle((left - 2, y - 2, left + 2, y + REF_ROW_H - 2), fill=BRIDGE)
            label = f"{n} {say(SHORT_NEEDS.get(space.need) or feature(space.need))}"
            size = shrunk(label, 13, REF_CELL_W - 12, 9)  # smaller rather than cut ("10 done M+W", "1 beczka whisky")
            draw_text(image, (left + 6, y + 11), fit(label, size, REF_CELL_W - 12), size, INK, None, anchor="lm",
                      bold=True)
            gives = []
            if space.vp:
                gives.append(f"+{space.vp}VP")
            if space.fee:
                gives.append(say(Msg("fee {n}", n=space.fee)))
            if space.slot:
                gives.append(space.slot)
            banner = []
            if space.vp_round:
                banner.append(f"{space.vp_round}VP/rd")
            if space.income:
                banner.append(f"+{space.income}g")
            if space.shoes:
                banner.append(f"{space.shoes} mv")
            text = " ".join(gives)
            if banner:
                pen.rectangle((box[0] + 1, box[3] - 18, box[2] - 1, box[3] - 1), fill=(248, 230, 180))
                draw_text(image, (left + 6, y + REF_ROW_H - 14), fit(" ".join(banner), 12, REF_CELL_W - 10), 12, GOLD,
                          None, anchor="lm", bold=True)
                text = text or ""
            if text:
                size = shrunk(text, 12, REF_CELL_W - 10, 10)  # smaller rather than cut ("+2VP Geb. 5")
                draw_text(image, (left + REF_CELL_W - 6, y + 11 + (14 if not banner else 14)), fit(text, size,
                          REF_CELL_W - 10), size, INK, None, anchor="rm")
    bottom = top + len(side.tracks) * REF_ROW_H + 2
    for n, line in enumerate((say("Player cards: VP/rd VP per round from banners, inc next round's income, mark "
                                  "waypoint markers, mv movement points, roads in hand (+ usable from the next "
                                  "phase), bonus"),
                              say("tiles kept; scores: what A-D give now. On their tracks: the marker, spaces "
                                  "reached shaded, bonus tiles by code (struck: taken), gold bars: banners."))):
        _line(image, (x0, bottom + n * 15), line, 12, 1170 - x0, MUTED)


def _key(image: Image.Image, box: tuple[float, float, float]) -> None:
    """What the marks mean."""
    x0, y0, x1 = box
    pen = ImageDraw.Draw(image)
    card(pen, (x0 - 6, y0, x1, y0 + STRIP_H - 18), radius=8)
    draw_text(image, (x0 + 4, y0 + 12), say("Key"), 16, INK, None, anchor="lm", bold=True)
    y = y0 + 34
    x = x0 + 4
    for name, terrain in TERRAINS.items():
        image.paste(texture(terrain, 22, 18), (round(x), round(y - 9)))
        pen.rectangle((x, y - 9, x + 22, y + 9), outline=INK)
        draw_text(image, (x + 11, y), terrain.letter, 12, INK, terrain.fill, bold=True, halo_width=2)
        b = draw_text(image, (x + 27, y), say(TERRAIN_WORDS[name]), 13, INK, None, anchor="lm")
        x = b[2] + 8
    y += 24
    lines = [("Wh", (("", Msg("whisky")), ("S", FEATURE_WORDS["sheep"]), ("C", FEATURE_WORDS["cattle"]),
                     ("F", FEATURE_WORDS["farm"]))),
             ("Br", (("", FEATURE_WORDS["broch"]), ("L", FEATURE_WORDS["lighthouse"]), ("Sh", FEATURE_WORDS["ship"])))]
    said = [(badge, "  ".join(f"{letter} {say(word)}".strip() for letter, word in shown)) for badge, shown in lines]
    for badge, text in [*said, ("Sc", f"{say(Msg('scroll'))}   J {say(Msg('journeyman symbol'))}")]:
        paste(image, feature_sprite(badge, 9), (x0 + 15, y))
        _line(image, (x0 + 30, y), text, 13, x1 - x0 - 30, INK)
        y += 22
    paste(image, castle_sprite("red", 24), (x0 + 15, y))
    _line(image, (x0 + 30, y), say(Msg("castle")), 13, 68, INK)
    paste(image, journeyman_sprite("red", 24), (x0 + 100, y))
    _line(image, (x0 + 114, y), say(Msg("journeyman")), 13, x1 - x0 - 114, INK)
    y += 24
    draw_road_piece(image, (x0 + 2, y), (x0 + 30, y), 40)
    _line(image, (x0 + 34, y), say("placed road"), 13, 76, INK)
    square_tag(image, (x0 + 126, y), "1M", WALK)
    _line(image, (x0 + 142, y), say("last walk: marker, track"), 13, x1 - x0 - 142, INK)
    y += 22
    pen.line((x0 + 2, y, x0 + 26, y), fill=PLAN, width=4)
    _line(image, (x0 + 34, y), say("your sealed plan (your own board only)"), 13, x1 - x0 - 34, INK)
    y += 20
    _line(image, (x0 + 4, y), say("bonus: 3rd 3rd marker  adv advance  +4 +4 moves"), 12, x1 - x0 - 8, MUTED)
    y += 16
    _line(image, (x0 + 4, y), say("1rd/2rd roads  5g gold  noX no axe  bank  2buy"), 12, x1 - x0 - 8, MUTED)
    _ = BONUS_CODES


def _line(image: Image.Image, xy: tuple[float, float], text: str, size: int, width: float, ink: tuple[int, int, int],
          bold: bool = False) -> None:
    """A line of the key or the reference within `width` pixels: a little smaller rather than cut."""
    size = shrunk(text, size, width, size - 3)
    draw_text(image, xy, fit(text, size, width), size, ink, None, anchor="lm", bold=bold)


def samples() -> Image.Image:
    """Every player's sprites on the panel's and territories' backgrounds (palette colours)."""
    sheet = Image.new("RGB", (WIDTH, 120), PANEL)
    x = 20
    for name in list(PALETTE)[:5]:
        paste(sheet, marker_sprite(name, 13), (x, 30))
        paste(sheet, castle_sprite(name, 40), (x + 40, 30))
        paste(sheet, journeyman_sprite(name, 40), (x + 90, 30))
        paste(sheet, journeyman_sprite(name, 24), (x + 130, 80))
        x += 180
    for n, t in enumerate(TERRAINS.values()):
        sheet.paste(texture(t, 120, 40), (20 + n * 130, 70))
    ImageDraw.Draw(sheet).line((0, 118, WIDTH, 118), fill=WHITE, width=2)
    _ = MUTED
    return sheet


_LAYERS: LayerCache[Key, Static] = LayerCache(_build)
