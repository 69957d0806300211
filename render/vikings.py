"""The Tiny Epic Vikings board image: `draw(state, viewer) -> PNG bytes`.

Layout (all sizes in output pixels, whatever the map's own canvas size):

    +--------------------------------------+----------------+
    | the map: islands, docks, fjords,     | era, whose turn|
    | water links, ferry routes, villages, | waiting bumps  |
    | pieces on islands, runes, boats,     | player cards   |
    | the last sail                        | island control |
    +--------------------------------------+ (influence)    |
    | gods' fury tracks        | key       |                |
    +--------------------------------------+----------------+

Everything that depends only on the board (sea, islands, names, docks, fjords, links, ferries,
rune stones, the key, frames) is drawn once per board into a cached static layer together with
the PNG palette; each drawing copies it and adds the pieces. Vikings has no hidden information,
so `viewer` only marks "(you)" on that player's card.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    INK,
    PALETTE,
    PAPER,
    RGB,
    Point,
    arrow_head,
    build_palette,
    card,
    dashed_polyline,
    dotted_line,
    draw_text,
    encode_png,
    legend,
    marker_sprite,
    mix,
    paste,
    plain,
    player_style,
    supersampled,
    text_sprite,
    text_width,
    towards,
)
from rules.vikings.board import Board
from rules.vikings.control import fury_text, influence
from rules.vikings.state import VikingsState, is_aside, raid_cost

# --- geometry ---------------------------------------------------------------------------------

WIDTH = 1500
PANEL_W = 440
MAP_W = WIDTH - PANEL_W
MAP_PAD = 34  # sea around the map's own canvas
MAP_MAX_H = 820
STRIP_H = 250  # fury tracks and key under the map
STATIC_SCALE = 3  # the static map is drawn this much larger, then reduced (smooth coasts)

# --- colours ----------------------------------------------------------------------------------

SEA: RGB = (197, 223, 235)
SEA_DEEP: RGB = (176, 207, 224)
WAVE: RGB = (214, 234, 243)
LINK: RGB = (118, 160, 186)
FERRY: RGB = (116, 90, 62)
LAND: RGB = (190, 211, 152)
LAND_EDGE: RGB = (104, 128, 84)
SAND: RGB = (233, 220, 176)
FJORD: RGB = (163, 200, 222)
FJORD_EDGE: RGB = (70, 118, 150)
DOCK: RGB = (255, 255, 255)
PANEL: RGB = (244, 239, 228)
FRAME: RGB = (150, 138, 116)
MUTED: RGB = (110, 106, 98)
PATH_HALO: RGB = (255, 255, 255)
GOD_COLOURS: tuple[RGB, ...] = ((66, 84, 120), (128, 84, 40), (112, 64, 112))

FIXED_COLOURS: list[RGB] = [
    INK, PAPER, (255, 255, 255), SEA, SEA_DEEP, WAVE, LINK, FERRY, LAND, LAND_EDGE, SAND, FJORD, FJORD_EDGE,
    PANEL, FRAME, MUTED, *GOD_COLOURS, *(mix(g, (255, 255, 255), 0.6) for g in GOD_COLOURS),
    *(c for s in PALETTE.values() for c in (s.fill, s.tint, mix(s.fill, (255, 255, 255), 0.55))),
]

# --- sizes ------------------------------------------------------------------------------------

BOAT_R = 17
SETTLER_R = 12
DOCK_R = 9
FJORD_R = 19
NAME_SIZE = 24
LABEL_SIZE = 17
PANEL_SIZE = 21


@dataclass(frozen=True)
class Layout:
    """Where things go for one board: the map transform and the image's regions."""

    scale: float
    ox: float
    oy: float
    map_h: int
    height: int

    def xy(self, x: float, y: float) -> Point:
        return self.ox + x * self.scale, self.oy + y * self.scale


_PANEL_TOP = 222  # title, era, status, waiting bumps
_CARD_H = 124
_TABLE_HEAD = 70
_TABLE_ROW = 27


def layout(board: Board) -> Layout:
    """The map transform and the image height for `board` (room for its largest table)."""
    scale = min((MAP_W - 2 * MAP_PAD) / board.width, (MAP_MAX_H - 2 * MAP_PAD) / board.height)
    map_h = math.ceil(board.height * scale + 2 * MAP_PAD)
    ox = (MAP_W - board.width * scale) / 2
    panel = _PANEL_TOP + board.max_players * _CARD_H + _TABLE_HEAD + len(board.islands) * _TABLE_ROW + 20
    height = max(map_h + STRIP_H, panel)
    return Layout(scale, ox, MAP_PAD, map_h, height)


def image_size(board: Board) -> tuple[int, int]:
    """The size of every image drawn for `board`."""
    return WIDTH, layout(board).height


# --- small icons (cached sprites) -------------------------------------------------------------


def _icon(size: int, paint: Callable[[ImageDraw.ImageDraw, float], None]) -> Image.Image:
    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def temple_icon(fill: RGB, size: int = 26) -> Image.Image:
    """A temple in a player's colour: pediment, three columns, steps."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.5 * k), 1)
        d.polygon([(s * 0.04, s * 0.34), (s * 0.5, s * 0.04), (s * 0.96, s * 0.34)], fill=fill, outline=INK, width=w)
        d.rectangle((s * 0.08, s * 0.34, s * 0.92, s * 0.44), fill=fill, outline=INK, width=w)
        for x in (0.14, 0.41, 0.68):
            d.rectangle((s * x, s * 0.44, s * (x + 0.18), s * 0.8), fill=fill, outline=INK, width=w)
        d.rectangle((s * 0.04, s * 0.8, s * 0.96, s * 0.95), fill=fill, outline=INK, width=w)

    return _icon(size, paint)


@lru_cache(maxsize=8)
def house_icon(raided: bool = False, size: int = 22) -> Image.Image:
    """A village: a house (a dashed ghost once raided)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.8 * k), 1)
        roof = [(s * 0.08, s * 0.48), (s * 0.5, s * 0.1), (s * 0.92, s * 0.48)]
        body = [(s * 0.2, s * 0.48), (s * 0.8, s * 0.48), (s * 0.8, s * 0.92), (s * 0.2, s * 0.92)]
        if raided:
            dashed_polyline(d, [*roof, roof[0]], 3 * k, 2.5 * k, MUTED, w)
            dashed_polyline(d, [*body, body[0]], 3 * k, 2.5 * k, MUTED, w)
            return
        d.polygon(body, fill=(236, 226, 200), outline=INK, width=w)
        d.polygon(roof, fill=(178, 58, 46), outline=INK, width=w)
        d.rectangle((s * 0.43, s * 0.66, s * 0.57, s * 0.92), fill=INK)

    return _icon(size, paint)


@lru_cache(maxsize=8)
def resource_icon(kind: str, size: int = 24) -> Image.Image:
    """Wood (a log), food (a fish), steel (an ingot)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        w = max(round(1.6 * k), 1)
        if kind == "wood":
            d.rounded_rectangle((s * 0.06, s * 0.3, s * 0.8, s * 0.72), radius=s * 0.1, fill=(150, 100, 56),
                                outline=INK, width=w)
            d.ellipse((s * 0.62, s * 0.3, s * 0.94, s * 0.72), fill=(222, 186, 130), outline=INK, width=w)
            d.ellipse((s * 0.73, s * 0.44, s * 0.83, s * 0.58), outline=(150, 100, 56), width=w)
        elif kind == "food":
            d.ellipse((s * 0.08, s * 0.3, s * 0.7, s * 0.72), fill=(232, 150, 90), outline=INK, width=w)
            d.polygon([(s * 0.62, s * 0.51), (s * 0.94, s * 0.28), (s * 0.94, s * 0.74)], fill=(232, 150, 90),
                      outline=INK, width=w)
            d.ellipse((s * 0.2, s * 0.42, s * 0.28, s * 0.5), fill=INK)
        else:
            d.polygon([(s * 0.06, s * 0.74), (s * 0.24, s * 0.34), (s * 0.76, s * 0.34), (s * 0.94, s * 0.74)],
                      fill=(160, 170, 182), outline=INK, width=w)
            d.line((s * 0.3, s * 0.42, s * 0.7, s * 0.42), fill=(230, 236, 242), width=w)

    return _icon(size, paint)


@lru_cache(maxsize=16)
def rune_stone(god: str, colour: RGB, size: int = 17, empty: bool = False) -> Image.Image:
    """A god's rune stone labelled with the god's name; `empty` is the outline left behind when
    a player holds it."""
    text = plain(god, 10)
    w = text_width(text, size) + 18
    h = size + 12

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        box = (1.5 * k, 1.5 * k, (w - 1.5) * k, (h - 1.5) * k)
        if empty:
            d.rounded_rectangle(box, radius=h * 0.45 * k, fill=mix(colour, (255, 255, 255), 0.6))
            corners = _rounded_outline(box, h * 0.45 * k)
            dashed_polyline(d, corners, 4 * k, 3 * k, colour, round(2 * k))
        else:
            d.rounded_rectangle(box, radius=h * 0.45 * k, fill=colour, outline=INK, width=round(1.5 * k))

    sprite = supersampled((w, h), paint)
    ink = colour if empty else (255, 255, 255)
    paste(sprite, text_sprite(text, size, ink, None, 0, bold=not empty and size >= 16), (w / 2, h / 2))
    return sprite


def _rounded_outline(box: tuple[float, float, float, float], r: float) -> list[Point]:
    x0, y0, x1, y1 = box
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    points: list[Point] = []
    for cx, cy, start in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        points += [(cx + r * math.cos(math.radians(start + a)), cy + r * math.sin(math.radians(start + a)))
                   for a in range(0, 91, 15)]
    return [*points, points[0]]


def god_colour(board: Board, god: str) -> RGB:
    return GOD_COLOURS[board.gods.index(god) % len(GOD_COLOURS)]


# --- the static layer -------------------------------------------------------------------------


@dataclass(frozen=True)
class Static:
    """What is drawn once per board: the image, its layout, the PNG palette, and where each
    dock's name and village go (picked to keep clear of fjords and other labels)."""

    image: Image.Image
    layout: Layout
    palette: Image.Image
    dock_labels: dict[str, Point]
    village_spots: dict[str, Point]


_STATIC: OrderedDict[Board, Static] = OrderedDict()
_STATIC_LOCK = threading.Lock()
_STATIC_KEEP = 8


def static_layer(board: Board) -> Static:
    """The cached static layer of `board` (keyed by the board's value, so a board decoded
    again from storage finds it); the least recently used of more than 8 boards is dropped."""
    with _STATIC_LOCK:
        found = _STATIC.get(board)
        if found is not None:
            _STATIC.move_to_end(board)
            return found
    built = _build_static(board)
    with _STATIC_LOCK:
        _STATIC[board] = built
        _STATIC.move_to_end(board)
        while len(_STATIC) > _STATIC_KEEP:
            _STATIC.popitem(last=False)
    return built


def clear_cache() -> None:
    """Forget every board's static layer (they are rebuilt on the next drawing)."""
    with _STATIC_LOCK:
        _STATIC.clear()


@lru_cache(maxsize=128)
def fjord_sprite(name: str) -> Image.Image:
    """A fjord: a disc of deeper water with its name."""
    size = 2 * FJORD_R + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=FJORD, outline=FJORD_EDGE, width=round(2 * k))

    sprite = supersampled((size, size), paint)
    paste(sprite, text_sprite(plain(name, 4), LABEL_SIZE - 1, INK, None, 0, True), (size / 2, size / 2))
    return sprite


@lru_cache(maxsize=2)
def dock_sprite() -> Image.Image:
    """A dock: a white circle on the shore."""
    size = 2 * DOCK_R + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=DOCK, outline=INK, width=round(2 * k))

    return supersampled((size, size), paint)


def _build_static(board: Board) -> Static:
    lay = layout(board)
    k = STATIC_SCALE
    height = lay.height
    image = Image.new("RGB", (WIDTH, height), PANEL)

    # the sea, links, ferries and islands, drawn large and reduced (smooth coasts)
    big = Image.new("RGB", (MAP_W * k, lay.map_h * k), SEA)
    d = ImageDraw.Draw(big)

    def at(x: float, y: float) -> Point:
        px, py = lay.xy(x, y)
        return px * k, py * k

    _waves(d, board, lay, k)
    for a, b in board.edges:
        d.line((*at(*board.position(a)), *at(*board.position(b))), fill=LINK, width=5 * k)
    for a, b in board.ferries:
        dotted_line(d, at(*board.position(a)), at(*board.position(b)), 12 * k, 2.6 * k, FERRY, trim=14 * k)
    for island in board.islands:
        cx, cy = at(island.x, island.y)
        r = island.radius * lay.scale * k
        shape = [at(x, y) for x, y in island.outline] if island.outline else None
        shadow = (4 * k, 6 * k)
        if shape:
            d.polygon([(x + shadow[0], y + shadow[1]) for x, y in shape], fill=SEA_DEEP)
            d.polygon(shape, fill=SAND, outline=LAND_EDGE, width=2 * k)
            d.polygon([towards(p, (cx, cy), 7 * k) for p in shape], fill=LAND)
        else:
            d.ellipse((cx - r + shadow[0], cy - r + shadow[1], cx + r + shadow[0], cy + r + shadow[1]), fill=SEA_DEEP)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SAND, outline=LAND_EDGE, width=2 * k)
            d.ellipse((cx - r + 7 * k, cy - r + 7 * k, cx + r - 7 * k, cy + r - 7 * k), fill=LAND)
    image.paste(big.reduce(k), (0, 0))

    # spaces, names and labels, at full resolution
    for fjord in board.fjords:
        paste(image, fjord_sprite(fjord.name), lay.xy(fjord.x, fjord.y))
    for dock in board.docks:
        paste(image, dock_sprite(), lay.xy(dock.x, dock.y))
    for island in board.islands:
        cx, cy = lay.xy(island.x, island.y)
        draw_text(image, (cx, cy - 0.42 * island.radius * lay.scale), plain(island.title, 16), NAME_SIZE, bold=True)
    labels = _place_dock_labels(board, lay)
    for name, spot in labels.items():
        draw_text(image, spot, plain(name), LABEL_SIZE, bold=True)
    villages = _place_villages(board, lay, labels)

    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, MAP_W - 1, lay.map_h - 1), outline=FRAME, width=2)
    pen.line((MAP_W, 0, MAP_W, height), fill=FRAME, width=2)
    _static_strip(image, board, lay)
    _static_panel(image, board, lay)
    palette = build_palette([image, _sample_sheet(board)], FIXED_COLOURS)
    return Static(image, lay, palette, labels, villages)


def _waves(d: ImageDraw.ImageDraw, board: Board, lay: Layout, k: int) -> None:
    """A few calm wave marks on open water (deterministic, away from islands and fjords)."""
    seed = sum(ord(c) for c in board.name)
    spaces = [(lay.xy(i.x, i.y), i.radius * lay.scale + 26) for i in board.islands]
    spaces += [(lay.xy(f.x, f.y), FJORD_R + 24) for f in board.fjords]
    step = 92
    for row, y in enumerate(range(40, lay.map_h - 20, step // 2)):
        for x in range(40 + (row % 2) * step // 2, MAP_W - 40, step):
            seed = (seed * 1103515245 + 12345) % 2**31
            jx, jy = x + seed % 30 - 15, y + (seed // 30) % 16 - 8
            if any(math.hypot(jx - p[0], jy - p[1]) < reach for p, reach in spaces):
                continue
            for dx in (0, 14):
                box = ((jx + dx - 8) * k, (jy - 4) * k, (jx + dx + 8) * k, (jy + 6) * k)
                d.arc(box, 200, 340, fill=WAVE, width=2 * k)


def _outward(lay: Layout, board: Board, dock: str) -> tuple[Point, float, float]:
    """A dock's drawing position and the unit vector from its island's centre out through it."""
    island = board.island(board.island_of(dock))
    spot = lay.xy(*board.position(dock))
    centre = lay.xy(island.x, island.y)
    dx, dy = spot[0] - centre[0], spot[1] - centre[1]
    length = math.hypot(dx, dy) or 1.0
    return spot, dx / length, dy / length


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / ((ax * ax + ay * ay) or 1.0)
    t = min(max(t, 0.0), 1.0)
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)


def _place_dock_labels(board: Board, lay: Layout) -> dict[str, Point]:
    """Each dock's name: out to sea past a boat on the dock, turned away from fjords, docks,
    other labels and the water links when straight out is crowded."""
    fjords = [lay.xy(f.x, f.y) for f in board.fjords]
    docks = [lay.xy(d.x, d.y) for d in board.docks]
    links = [(lay.xy(*board.position(a)), lay.xy(*board.position(b))) for a, b in board.edges]
    placed: dict[str, Point] = {}
    for dock in board.docks:
        spot, ux, uy = _outward(lay, board, dock.name)
        best, best_score = spot, -math.inf
        for turn in (0, 30, -30, 60, -60, 90, -90, 120, -120):
            a = math.radians(turn)
            vx, vy = ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)
            for reach in (BOAT_R + 15, BOAT_R + 24):
                p = (spot[0] + vx * reach, spot[1] + vy * reach)
                clear = min(
                    [math.hypot(p[0] - f[0], p[1] - f[1]) - FJORD_R - 14 for f in fjords]
                    + [math.hypot(p[0] - q[0], p[1] - q[1]) - 28 for q in placed.values()]
                    + [math.hypot(p[0] - q[0], p[1] - q[1]) - BOAT_R - 12 for q in docks if q != spot]
                    + [_segment_distance(p, a2, b2) - 9 for a2, b2 in links if spot not in (a2, b2)],
                    default=100.0,
                )
                score = min(clear, 12) - abs(turn) / 40 - (reach - BOAT_R - 15) / 6
                if score > best_score:
                    best, best_score = p, score
        placed[dock.name] = best
    return placed


def _place_villages(board: Board, lay: Layout, labels: dict[str, Point]) -> dict[str, Point]:
    """A village sits on the shore beside its dock, on the side away from the dock's name."""
    spots: dict[str, Point] = {}
    for name in sorted(board.village_docks):
        spot, ux, uy = _outward(lay, board, name)
        label = labels[name]
        options = []
        for side in (1, -1):
            p = (spot[0] - uy * side * 25 - ux * 13, spot[1] + ux * side * 25 - uy * 13)
            options.append((math.hypot(p[0] - label[0], p[1] - label[1]), side, p))
        spots[name] = max(options)[2]
    return spots


def _static_strip(image: Image.Image, board: Board, lay: Layout) -> None:
    """Under the map: the frame and titles of the fury tracks, and the key."""
    top = lay.map_h
    pen = ImageDraw.Draw(image)
    pen.line((0, image.height - 1, MAP_W, image.height - 1), fill=FRAME, width=2)
    draw_text(image, (22, top + 14), "Gods' fury", PANEL_SIZE + 1, anchor="lt", halo=None, bold=True)
    for i, god in enumerate(board.gods):
        y = _fury_row_y(lay, i)
        paste(image, rune_stone(god, god_colour(board, god)), (22, y), "lm")
        x0, x1 = _FURY_X0, _FURY_X0 + 20 * _FURY_STEP
        pen.rounded_rectangle((x0 - 6, y - 13, x1 + 6, y + 13), radius=12, fill=(232, 226, 212), outline=FRAME)
        for n in range(21):
            x = x0 + n * _FURY_STEP
            r = 4 if n % 5 else 6
            pen.ellipse((x - r, y - r, x + r, y + r), fill=mix(god_colour(board, god), (255, 255, 255), 0.6))
            if n % 5 == 0:
                draw_text(image, (x, y + 24), str(n), 14, MUTED, None)
    key_x = _FURY_X0 + 20 * _FURY_STEP + 96
    legend(image, (key_x, top + 14), _key_entries(), MAP_W - key_x - 10, columns=2, size=16, row=26)


_FURY_X0 = 114
_FURY_STEP = 20


def _fury_row_y(lay: Layout, i: int) -> int:
    return lay.map_h + 70 + i * 58


def _key_entries() -> list[tuple[Callable[[Image.Image, Point], None], str]]:
    def dock(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).ellipse((p[0] - DOCK_R, p[1] - DOCK_R, p[0] + DOCK_R, p[1] + DOCK_R), fill=DOCK,
                                    outline=INK, width=2)

    def fjord(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).ellipse((p[0] - 12, p[1] - 12, p[0] + 12, p[1] + 12), fill=FJORD, outline=FJORD_EDGE,
                                    width=2)

    def link(img: Image.Image, p: Point) -> None:
        ImageDraw.Draw(img).line((p[0] - 16, p[1], p[0] + 16, p[1]), fill=LINK, width=5)

    def ferry(img: Image.Image, p: Point) -> None:
        dotted_line(ImageDraw.Draw(img), (p[0] - 16, p[1]), (p[0] + 16, p[1]), 10, 2.6, FERRY)

    def village(img: Image.Image, p: Point) -> None:
        paste(img, house_icon(), p)

    def raided(img: Image.Image, p: Point) -> None:
        paste(img, house_icon(raided=True), p)

    def settlers(img: Image.Image, p: Point) -> None:
        paste(img, marker_sprite("red", SETTLER_R - 1, "3"), p)

    def temple(img: Image.Image, p: Point) -> None:
        paste(img, temple_icon(PALETTE["red"].fill, 24), p)

    def boat(img: Image.Image, p: Point) -> None:
        paste(img, marker_sprite("red", 14, "R2"), p)

    def aside(img: Image.Image, p: Point) -> None:
        paste(img, marker_sprite("red", 14, "R2", dashed=True, faded=True), p)

    def path(img: Image.Image, p: Point) -> None:
        _draw_path(ImageDraw.Draw(img), [(p[0] - 18, p[1] + 4), (p[0] + 16, p[1] - 4)], PALETTE["red"].fill, 0)

    def rune(img: Image.Image, p: Point) -> None:
        paste(img, rune_stone("T", GOD_COLOURS[1], 13, empty=True), (p[0] - 8, p[1]))
        paste(img, marker_sprite("red", 9), (p[0] + 13, p[1]))

    def goods(img: Image.Image, p: Point) -> None:
        for i, kind in enumerate(("wood", "food", "steel")):
            paste(img, resource_icon(kind, 18), (p[0] - 20 + i * 17, p[1]))

    return [
        (dock, "dock"), (fjord, "fjord"), (link, "sailing link"), (ferry, "ferry route"),
        (village, "village"), (raided, "raided village"), (path, "last sail"),
        (boat, "Red's boat 2"), (aside, "bumped boat, aside"), (settlers, "3 Red settlers"),
        (temple, "Red temple"), (rune, "rune held by Red"), (goods, "   wood, food, steel"),
    ]


def _static_panel(image: Image.Image, board: Board, lay: Layout) -> None:
    x0 = MAP_W + 20
    draw_text(image, (x0, 16), "TINY EPIC VIKINGS", 16, MUTED, None, anchor="lt", bold=True)
    draw_text(image, (x0, 38), plain(board.title, 30), PANEL_SIZE + 5, anchor="lt", halo=None, bold=True)


def _sample_sheet(board: Board) -> Image.Image:
    """Every dynamic sprite in every player colour on the map's and panel's backgrounds, so the
    palette holds the colours of their antialiased edges."""
    sheet = Image.new("RGB", (WIDTH, 160), SEA)
    ImageDraw.Draw(sheet).rectangle((0, 80, WIDTH, 160), fill=PANEL)
    x = 20
    for name, style in PALETTE.items():
        for y in (30, 110):
            paste(sheet, marker_sprite(name, BOAT_R, style.letter + "2"), (x, y))
            paste(sheet, marker_sprite(name, BOAT_R, style.letter + "3", dashed=True, faded=True), (x + 44, y))
            paste(sheet, marker_sprite(name, SETTLER_R, "4"), (x + 82, y))
            paste(sheet, temple_icon(style.fill, 26), (x + 110, y))
            _draw_path(ImageDraw.Draw(sheet), [(x + 124, y - 20), (x + 150, y + 20)], style.fill, 0)
        ImageDraw.Draw(sheet).rectangle((x, 60, x + 160, 76), fill=style.tint)
        x += 170
    for god in board.gods:
        paste(sheet, rune_stone(god, god_colour(board, god), empty=True), (x, 40))
        paste(sheet, fury_token(god_colour(board, god)), (x, 120))
        x += 70
    return sheet


# --- dynamic pieces ---------------------------------------------------------------------------


def draw(state: VikingsState, viewer: int | None) -> bytes:
    """The board as a PNG: map, pieces, last sail, fury, players and island control. `viewer`
    (a seat, or None for everyone) is marked "(you)"; Vikings hides nothing."""
    return encode_png(*_compose(state, viewer))


def compose(state: VikingsState, viewer: int | None) -> Image.Image:
    """The board as an RGB image (before palette mapping), for tests and previews."""
    return _compose(state, viewer)[0]


def _compose(state: VikingsState, viewer: int | None) -> tuple[Image.Image, Image.Image]:
    static = static_layer(state.board)
    image = static.image.copy()
    lay = static.layout
    _villages(image, state, static)
    _islands(image, state, static)
    if state.last_sail is not None and len(state.last_sail.path) > 1:
        _last_sail(image, state, static)
    _boats(image, state, static)
    _fury(image, state, lay)
    _panel(image, state, lay, viewer)
    return image, static.palette


def _villages(image: Image.Image, state: VikingsState, static: Static) -> None:
    """Villages still standing, and the ghosts of raided ones."""
    for name, spot in static.village_spots.items():
        paste(image, house_icon(raided=name not in state.villages), spot)


def _islands(image: Image.Image, state: VikingsState, static: Static) -> None:
    """On each island: its rune stone (or, once taken, the empty stone and its holder), and each
    player's settlers (their marker with the count) and temples."""
    board, lay = state.board, static.layout
    for island in board.islands:
        cx, cy = lay.xy(island.x, island.y)
        r = island.radius * lay.scale
        holder = state.runes.get(island.name)
        colour = god_colour(board, island.god)
        if holder is None:
            paste(image, rune_stone(island.god, colour), (cx, cy - 0.06 * r))
        else:
            stone = rune_stone(island.god, colour, empty=True)
            box = paste(image, stone, (cx - 13, cy - 0.06 * r))
            paste(image, marker_sprite(state.seats[holder].colour, 12, ring=PAPER), (box[2] + 13, cy - 0.06 * r))
        chips: list[Image.Image] = []
        for seat, player in enumerate(state.players):
            style = player_style(state.seats[seat].colour)
            settlers, temples = player.settlers[island.name], player.temples[island.name]
            if settlers:
                chips.append(marker_sprite(style.name, SETTLER_R, str(settlers)))
            elif temples:  # the owner's marker (letter, no count) says whose temples follow
                chips.append(marker_sprite(style.name, SETTLER_R - 2))
            chips += [temple_icon(style.fill, 26)] * temples
        keep_clear = [lay.xy(*board.position(d)) for d in island.docks]
        keep_clear += [static.village_spots[d] for d in island.docks if d in static.village_spots]
        _island_pieces(image, chips, (cx, cy), (cx, cy + 0.32 * r), r, keep_clear)


def _last_sail(image: Image.Image, state: VikingsState, static: Static) -> None:
    """The last sail as a line in the sailor's colour: the spaces it passed are redrawn on top,
    the start is ringed, arrows point the way."""
    sail = state.last_sail
    assert sail is not None
    board, lay = state.board, static.layout
    fill = player_style(state.seats[sail.seat].colour).fill
    points = [lay.xy(*board.position(p)) for p in sail.path]
    pen = ImageDraw.Draw(image)
    _draw_path(pen, points, fill, BOAT_R + 2)
    for name, at in zip(sail.path, points):
        if board.kind(name) == "fjord":
            paste(image, fjord_sprite(name), at)
        else:
            paste(image, dock_sprite(), at)
            draw_text(image, static.dock_labels[name], plain(name), LABEL_SIZE, bold=True)
    x, y = points[0]
    r = (FJORD_R if board.kind(sail.path[0]) == "fjord" else DOCK_R) + 5
    pen.ellipse((x - r, y - r, x + r, y + r), outline=PATH_HALO, width=7)
    pen.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=4)


def _row(sprites: list[Image.Image], centre: Point, width: float, gap: int = 3) -> list[tuple[Image.Image, Point]]:
    """Sprites side by side (by their visible width, `gap` apart), the first row centred on
    `centre`, wrapping into more rows below past `width`; returns each sprite with its centre."""
    seen = [_visible_width(s) + gap for s in sprites]
    rows: list[list[int]] = [[]]
    for i, w in enumerate(seen):
        if rows[-1] and sum(seen[j] for j in rows[-1]) + w > width:
            rows.append([])
        rows[-1].append(i)
    line_h = max((s.height for s in sprites), default=0) - 12
    placed: list[tuple[Image.Image, Point]] = []
    y = centre[1]
    for line in rows:
        x = centre[0] - sum(seen[i] for i in line) / 2
        for i in line:
            placed.append((sprites[i], (x + seen[i] / 2, y)))
            x += seen[i]
        y += line_h
    return placed


def _visible_width(sprite: Image.Image) -> int:
    box = sprite.getchannel("A").getbbox()
    return box[2] - box[0] if box else 0


def _island_pieces(image: Image.Image, chips: list[Image.Image], island: Point, start: Point, r: float,
                   keep_clear: list[Point]) -> None:
    """Lay the pieces out in rows from `start`, picking the row width that covers the fewest
    docks (and the boats on them) and villages, then spills the least off the island."""
    best: list[tuple[Image.Image, Point]] = []
    best_cost = math.inf
    for share in (1.9, 1.6, 1.35, 1.1):
        placed = _row(chips, start, share * r)
        covered = sum(1 for s, p in placed for q in keep_clear if math.dist(p, q) < _visible_width(s) / 2 + BOAT_R)
        spilled = sum(1 for s, p in placed if math.dist(p, island) > r - _visible_width(s) / 2)
        cost = 2 * covered + spilled
        if cost < best_cost:
            best, best_cost = placed, cost
    for sprite, at in best:
        paste(image, sprite, at)


def _draw_path(pen: ImageDraw.ImageDraw, points: list[Point], colour: RGB, end_gap: float) -> None:
    """A path: a haloed line through `points`, an arrow head halfway along every long move but
    the last, and one arriving at the end (stopping `end_gap` short of it)."""
    if end_gap and len(points) > 1:
        points = [*points[:-1], towards(points[-1], points[-2], end_gap)]
    pen.line(points, fill=PATH_HALO, width=12, joint="curve")
    pen.line(points, fill=colour, width=6, joint="curve")
    for a, b in zip(points, points[1:]):
        if math.hypot(b[0] - a[0], b[1] - a[1]) > 70:
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            arrow_head(pen, a, towards(middle, b, 10), 20, colour, PATH_HALO, 2)
    arrow_head(pen, points[-2], points[-1], 24, colour, PATH_HALO, 2)


def _boats(image: Image.Image, state: VikingsState, static: Static) -> None:
    """Boats on docks sit on the dock; boats aside stand out to sea beside it, washed out and
    dashed; boats in a fjord ring its name."""
    board, lay = state.board, static.layout
    in_fjord: dict[str, list[tuple[int, int]]] = {}
    docked: list[tuple[str, int, int]] = []
    aside: dict[str, list[tuple[int, int]]] = {}
    for seat, player in enumerate(state.players):
        for boat, space in sorted(player.boats.items()):
            if space is None:
                continue
            if board.kind(space) == "fjord":
                in_fjord.setdefault(space, []).append((seat, boat))
            elif is_aside(state, seat, boat):
                aside.setdefault(space, []).append((seat, boat))
            else:
                docked.append((space, seat, boat))
    taken: list[Point] = []
    for dock, sat in sorted(aside.items()):
        for seat, boat in sat:
            spot = _aside_spot(static, board, dock, taken)
            taken.append(spot)
            colour = state.seats[seat].colour
            label = player_style(colour).letter + str(boat)
            paste(image, marker_sprite(colour, BOAT_R - 1, label, dashed=True, faded=True), spot)
            draw_text(image, (spot[0], spot[1] + BOAT_R + 8), "aside", 14, INK, PAPER, bold=True)
    for dock, seat, boat in docked:
        _boat(image, state, seat, boat, lay.xy(*board.position(dock)))
    for fjord, boats in sorted(in_fjord.items()):
        centre = lay.xy(*board.position(fjord))
        for (seat, boat), spot in zip(boats, fjord_spots(centre, len(boats))):
            _boat(image, state, seat, boat, spot)


def fjord_spots(centre: Point, count: int) -> list[Point]:
    """Where `count` boats in one fjord go: up to 4 on the diagonals around its name, then rings
    of 8 and 12 further out, so that no two boats overlap and the name stays readable."""
    spots: list[Point] = []
    rings = ((FJORD_R + 15, 4, 45.0), (FJORD_R + 15 + 2 * BOAT_R, 8, 22.5), (FJORD_R + 15 + 4 * BOAT_R, 12, 15.0))
    for reach, room, start in rings:
        for i in range(room):
            if len(spots) == count:
                return spots
            a = math.radians(start + 90 + i * 360 / room)
            spots.append((centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a)))
    return spots + [spots[-1]] * (count - len(spots))


def _aside_spot(static: Static, board: Board, dock: str, taken: list[Point]) -> Point:
    """Where a boat set aside at `dock` stands: next to the dock, out of the way of fjords,
    docks, labels, land and other boats aside."""
    lay = static.layout
    centre, ux, uy = _outward(lay, board, dock)
    blocks = [(lay.xy(f.x, f.y), FJORD_R + BOAT_R + 4) for f in board.fjords]
    blocks += [(lay.xy(d.x, d.y), DOCK_R + BOAT_R + 4) for d in board.docks if d.name != dock]
    blocks += [(p, BOAT_R + 16) for p in static.dock_labels.values()]
    blocks += [(p, 2 * BOAT_R + 6) for p in taken]
    blocks += [(lay.xy(i.x, i.y), i.radius * lay.scale + BOAT_R - 10) for i in board.islands]
    best, best_score = centre, -math.inf
    for turn in (45, -45, 75, -75, 20, -20, 105, -105, 0, 135, -135):
        a = math.radians(turn)
        vx, vy = ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)
        for reach in (2 * BOAT_R + 4, 2 * BOAT_R + 16):
            p = (centre[0] + vx * reach, centre[1] + vy * reach)
            tag = (p[0], p[1] + BOAT_R + 8)
            clear = min(math.hypot(p[0] - q[0], p[1] - q[1]) - r for q, r in blocks)
            clear = min(clear, min(math.hypot(tag[0] - q[0], tag[1] - q[1]) - r + 6 for q, r in blocks),
                        math.hypot(tag[0] - centre[0], tag[1] - centre[1]) - BOAT_R - 8)
            score = min(clear, 8) - abs(turn) / 60 - (reach - 2 * BOAT_R) / 8
            if score > best_score:
                best, best_score = p, score
    return best


def _boat(image: Image.Image, state: VikingsState, seat: int, boat: int, at: Point) -> None:
    colour = state.seats[seat].colour
    label = player_style(colour).letter + str(boat)
    paste(image, marker_sprite(colour, BOAT_R, label), at)


def _fury(image: Image.Image, state: VikingsState, lay: Layout) -> None:
    board = state.board
    for i, god in enumerate(board.gods):
        y = _fury_row_y(lay, i)
        total = state.fury.get(god, 0)
        spot = total if total <= 20 else min(total - 20, 20)
        paste(image, fury_token(god_colour(board, god)), (_FURY_X0 + spot * _FURY_STEP, y))
        draw_text(image, (_FURY_X0 + 20 * _FURY_STEP + 22, y), fury_text(total), PANEL_SIZE + 1, anchor="lm",
                  halo=None, bold=True)


@lru_cache(maxsize=8)
def fury_token(colour: RGB) -> Image.Image:
    """The marker on a god's fury track."""
    size = 26

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k, (size - 2) * k), fill=colour, outline=INK, width=round(2 * k))
        d.ellipse((8 * k, 8 * k, (size - 8) * k, (size - 8) * k), outline=(255, 255, 255), width=round(2 * k))

    return supersampled((size, size), paint)


# --- the side panel ---------------------------------------------------------------------------


def _panel(image: Image.Image, state: VikingsState, lay: Layout, viewer: int | None) -> None:
    x0, x1 = MAP_W + 20, WIDTH - 20
    pen = ImageDraw.Draw(image)
    y = 92
    cost = raid_cost(state)
    era = f"Era {state.era}"
    box = draw_text(image, (x0, y), era, PANEL_SIZE + 4, anchor="lm", halo=None, bold=True)
    draw_text(image, (box[2] + 14, y), f"raid a village: {cost} steel", PANEL_SIZE - 2, MUTED, None, anchor="lm")
    y += 40
    turn_seat = state.seats[state.turn]
    paste(image, marker_sprite(turn_seat.colour, 14), (x0 + 14, y))
    name = plain(turn_seat.colour.capitalize())
    if state.placing:
        status = f"Setup: {name} places a boat"
    else:
        left = int(state.settings.get("sails_per_turn", 2)) - state.sails
        status = f"{name}'s turn  ({left} sail{'s' if left != 1 else ''} left)"
    draw_text(image, (x0 + 38, y), status, PANEL_SIZE, anchor="lm", halo=None, bold=True)
    y += 34
    shown = state.pending if len(state.pending) <= 2 else state.pending[:1]
    for bump in shown:
        seat = state.seats[bump.seat]
        label = player_style(seat.colour).letter + str(bump.boat)
        paste(image, marker_sprite(seat.colour, 15, label, dashed=True, faded=True), (x0 + 14, y))
        text = f"bumped at {bump.dock}: {seat.colour.capitalize()} picks {' / '.join(bump.options)}"
        draw_text(image, (x0 + 38, y), plain(text, 38), PANEL_SIZE - 3, (150, 40, 20), None, anchor="lm", bold=True)
        y += 28
    if len(state.pending) > len(shown):
        draw_text(image, (x0 + 38, y), f"+{len(state.pending) - 1} more boats bumped", PANEL_SIZE - 3, MUTED, None,
                  anchor="lm")
    y = _PANEL_TOP
    for seat in range(len(state.seats)):
        _player_card(image, pen, state, seat, (x0, y, x1, y + _CARD_H - 10), viewer)
        y += _CARD_H
    _control_table(image, pen, state, (x0, y + 4, x1))


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
    who = plain(s.name, 18)
    title = s.colour.capitalize()
    if sum(c.isalnum() for c in who) > who.count("?"):  # a name the font cannot spell is left out
        title += f": {who}"
    if viewer == seat:
        title += "  (you)"
    draw_text(image, (x0 + 48, y), title, PANEL_SIZE, anchor="lm", halo=None, bold=True)
    if on_turn:
        tag = "SETUP" if state.placing else "TURN"
        w = text_width(tag, 15) + 16
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
    box2 = draw_text(image, (x, y), "runes:", PANEL_SIZE - 3, MUTED, None, anchor="lm")
    x = box2[2] + 6
    if not held:
        box2 = draw_text(image, (x, y), "none", PANEL_SIZE - 3, MUTED, None, anchor="lm")
        x = box2[2] + 6
    for island in held[:4]:
        stone = rune_stone(island.god, god_colour(state.board, island.god), 14)
        b = paste(image, stone, (x, y), "lm")
        x = b[2] + 3
    if len(held) > 4:
        b = draw_text(image, (x, y), f"+{len(held) - 4}", PANEL_SIZE - 3, anchor="lm", halo=None)
        x = b[2]
    harbour = [str(n) for n, space in sorted(player.boats.items()) if space is None]
    text = f"harbour: {' '.join(style.letter + n for n in harbour) if harbour else '-'}"
    draw_text(image, (x1 - 12, y), text, PANEL_SIZE - 3, MUTED, None, anchor="rm")


def _control_table(image: Image.Image, pen: ImageDraw.ImageDraw, state: VikingsState,
                   top: tuple[int, int, int]) -> None:
    """Influence of every player on every island, the rune's god and who holds it."""
    x0, y, x1 = top
    board = state.board
    draw_text(image, (x0, y + 12), "Islands: influence", PANEL_SIZE, anchor="lm", halo=None, bold=True)
    y += 34
    cols = len(state.seats)
    col_w = 44
    first = x1 - cols * col_w
    rune_x = first - 78
    for seat, s in enumerate(state.seats):
        paste(image, marker_sprite(s.colour, 11), (first + seat * col_w + col_w / 2, y))
    draw_text(image, (rune_x, y), "rune", 15, MUTED, None)
    y += 20
    for row, island in enumerate(board.islands):
        cy = y + row * _TABLE_ROW + _TABLE_ROW / 2
        if row % 2 == 0:
            pen.rectangle((x0 - 6, cy - _TABLE_ROW / 2, x1 + 6, cy + _TABLE_ROW / 2), fill=(236, 229, 214))
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
