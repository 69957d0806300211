"""Where a boat can go (`/game reach`): the part of the map holding the boat and every space it
can end a sail on, drawn larger, with the overlay on it and a caption above.

The board is composed as usual with the overlay's rings and route legs drawn under the boats
(pieces stay whole, and dock names are put back on top); then the view's box is cut out of the
map and enlarged to about `VIEW_W` pixels wide (at most `MAX_ZOOM` times, never reduced), and the
cost badges, the start tag and the caption are drawn crisp at that size. Overlay sizes are in
output pixels, so they read the same at any zoom; Discord previews the image at about half size.

- A space the boat can end on: a yellow ring edged in near-black (reads on sea, sand and land,
  and by lightness alone), with its cost in moves on a yellow badge on the ring.
- The boat itself: a near-black ring edged in white and a dark "start" tag; a badge on it as
  well when it can come back there (out and back, ruling 4).
- The cheapest routes: thin yellow lines along the water links they use, ring to ring.

The PNG palette is the static layer's fitted again with the overlay colours in it (cached per
board); the plain drawing keeps its own palette and path untouched.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.basics import INK, PAPER, RGB, WHITE, Point
from render.layers import LayerCache
from render.lines import towards
from render.marks import supersampled, tag_sprite
from render.png import build_palette
from render.text import draw_text, fit, paste, plain
from render.vikings.boats import fjord_spots
from render.vikings.colours import FIXED_COLOURS, PANEL
from render.vikings.icons import boat_sprite
from render.vikings.layout import BOAT_R, DOCK_R, FJORD_R, LABEL_SIZE, MAP_W
from render.vikings.static import Static, _sample_sheet, static_layer
from render.words import say
from rules.base import Highlight
from rules.messages import Msg, Plural
from rules.vikings.board import Board
from rules.vikings.state import VikingsState, is_aside

REACH: RGB = (255, 212, 0)  # the ring and badge of a space the boat can end on, edged in EDGE
EDGE: RGB = INK
START: RGB = INK  # the ring of the boat's own space, edged in START_EDGE
START_EDGE: RGB = WHITE
OVERLAY_COLOURS: list[RGB] = [REACH, EDGE, START, START_EDGE]

VIEW_W = 1100  # the view is enlarged to about this width (Discord previews it at half size)
VIEW_MAX_H = 860
MAX_ZOOM = 1.6
MARGIN = 70  # map pixels shown around the outermost spaces (room for boats ringing a fjord)
ASPECT = (1.3, 1.9)  # the view's width / height is kept in this range where the map allows
CAPTION_H = 54
CAPTION_SIZE = 28

RING_W = 7.0  # output pixels: the ring's colour band, between two edges
EDGE_W = 2.5
ROUTE_W = 3.0
BADGE_R = 19
BADGE_SIZE = 28
TAG_SIZE = 22


@dataclass(frozen=True)
class View:
    """The part of the map shown (a box in the board image's pixels) and its zoom; the output
    image is that box enlarged `zoom` times under a caption strip `top` pixels high."""

    box: tuple[int, int, int, int]
    zoom: float
    top: int = CAPTION_H

    @property
    def size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.box
        return round((x1 - x0) * self.zoom), round((y1 - y0) * self.zoom) + self.top

    def xy(self, p: Point) -> Point:
        """Where a point of the board image lands in the output image."""
        return (p[0] - self.box[0]) * self.zoom, (p[1] - self.box[1]) * self.zoom + self.top

    def enlarge(self, image: Image.Image) -> Image.Image:
        """The output canvas: the view's box of `image` enlarged, under an empty caption strip."""
        width, height = self.size
        out = Image.new("RGB", (width, height), PANEL)
        out.paste(image.resize((width, height - self.top), Image.Resampling.BICUBIC, box=self.box), (0, self.top))
        return out


def view_of(state: VikingsState, highlight: Highlight) -> View:
    """The box around the boat's space and every space it can reach (plus a margin), widened
    to a pleasant shape and a sensible zoom, inside the map."""
    board, lay = state.board, static_layer(state.board).layout
    names = [highlight.piece.at, *(r.to for r in highlight.reach)]
    points = [lay.xy(*board.position(n)) for n in names if board.kind(n) is not None]
    if not points:  # no space the map knows: its middle
        points = [(MAP_W / 2, lay.map_h / 2)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1 = _span(min(xs) - MARGIN, max(xs) + MARGIN, 0, MAP_W)
    y0, y1 = _span(min(ys) - MARGIN, max(ys) + MARGIN, 0, lay.map_h)
    # at least as wide as the most zoom allows, then widened or heightened to the aspect range
    x0, x1 = _span(x0, x1, 0, MAP_W, VIEW_W / MAX_ZOOM)
    x0, x1 = _span(x0, x1, 0, MAP_W, (y1 - y0) * ASPECT[0])
    y0, y1 = _span(y0, y1, 0, lay.map_h, (x1 - x0) / ASPECT[1])
    box = (math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1))
    zoom = min(MAX_ZOOM, VIEW_W / (box[2] - box[0]), VIEW_MAX_H / (box[3] - box[1]))
    return View(box, zoom)


def _span(lo: float, hi: float, floor: float, ceiling: float, least: float = 0.0) -> tuple[float, float]:
    """[lo, hi] grown about its middle to at least `least` long, then slid (or cut) to lie
    within [floor, ceiling]."""
    if hi - lo < least:
        middle = (lo + hi) / 2
        lo, hi = middle - least / 2, middle + least / 2
    if lo < floor:
        lo, hi = floor, hi + floor - lo
    if hi > ceiling:
        lo, hi = lo - (hi - ceiling), ceiling
    return max(lo, floor), min(hi, ceiling)


# --- drawing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ring:
    """A ring round a space or a boat (board image pixels), and the space it marks."""

    space: str
    centre: Point
    radius: float


@dataclass(frozen=True)
class Plan:
    """Everything the overlay draws, worked out once per drawing (board image pixels): the
    view, whose boat it is, the start ring (round the boat itself), a ring per space it can end
    on, the route legs (ring to ring) and the dock names to put back on top."""

    view: View
    seat: int | None
    start: Ring | None
    rings: tuple[Ring, ...]
    legs: tuple[tuple[Point, Point], ...]
    names: tuple[str, ...]

    def under_boats(self, image: Image.Image, static: Static) -> None:
        """Route legs, rings and the start ring, drawn on the board image before the boats."""
        k = 1 / self.view.zoom  # one output pixel in board image pixels
        pen = ImageDraw.Draw(image)
        for a, b in self.legs:
            pen.line((*a, *b), fill=REACH, width=max(round(ROUTE_W * k), 1))
        k = round(k * 8) / 8  # a few ring sizes, cached
        for ring in self.rings:
            paste(image, ring_sprite(ring.radius, k, REACH, EDGE), ring.centre)
        if self.start is not None:
            paste(image, ring_sprite(self.start.radius, k, START, START_EDGE), self.start.centre)
        for name in self.names:
            draw_text(image, static.dock_labels[name], plain(name), LABEL_SIZE, bold=True)

    def draw_over(self, image: Image.Image, state: VikingsState, highlight: Highlight) -> None:
        """On the enlarged view: the start tag, a cost badge on every ring, and the caption."""
        tag, badges = self.tags(state, highlight)
        if tag is not None:
            paste(image, start_tag(), tag)
        for spot, text in badges:
            paste(image, badge_sprite(text), spot)
        _caption(image, state, highlight, self.view, self.seat)

    def tags(self, state: VikingsState, highlight: Highlight) -> tuple[Point | None, list[tuple[Point, str]]]:
        """Where the start tag goes, and each cost badge with its text (output pixels): beside
        the start ring, and on each ring, cheapest first, kept clear of boats, names and each other."""
        view = self.view
        taken = _obstacles(state, static_layer(state.board), view)
        tag = None
        if self.start is not None:
            sprite = start_tag()
            tag = _beside(view.xy(self.start.centre), self.start.radius * view.zoom + sprite.height / 2,
                          sprite.width / 2, taken, (90, 450))
            taken.append((tag, sprite.width / 2))
        cost = {r.to: r.cost for r in highlight.reach}
        badges = []
        for ring in sorted(self.rings, key=lambda r: (cost[r.space], r.space)):
            spot = _beside(view.xy(ring.centre), ring.radius * view.zoom, BADGE_R, taken, (-45, 315))
            badges.append((spot, str(cost[ring.space])))
            taken.append((spot, BADGE_R))
        return tag, badges


def plan(state: VikingsState, viewer: int | None, highlight: Highlight) -> Plan:
    """Where the overlay goes for `highlight` (spaces the map does not know are left out)."""
    board, lay = state.board, static_layer(state.board).layout
    seat = owner(state, highlight, viewer)
    docked = _docked(state)
    at = highlight.piece.at
    ends = sorted({r.to for r in highlight.reach if board.kind(r.to) is not None})

    def centre(name: str) -> Point:
        return lay.xy(*board.position(name))

    start = None
    if board.kind(at) is not None:
        boat = _boat_spot(state, seat, int(highlight.piece.id)) if seat is not None else None
        start = Ring(at, boat or centre(at), BOAT_R + 9)
    # a dock holds one boat: the start ring is its ring (with a badge when it can come back)
    rings = [Ring(n, centre(n), _ring_r(board, docked, n)) for n in ends if not (n == at and board.kind(n) == "dock")]
    if start is not None and at in ends and board.kind(at) == "dock":
        rings.append(start)
    legs = set()
    for r in highlight.reach:
        path = [n for n in (at, *r.route) if board.kind(n) is not None]
        legs |= {(a, b) for a, b in zip(path, path[1:])}
    lines = []
    for a, b in sorted(legs):  # ring to ring, clear of the spaces' names
        ra, rb = _ring_r(board, docked, a), _ring_r(board, docked, b)
        pa, pb = centre(a), centre(b)
        if math.dist(pa, pb) > ra + rb:
            lines.append((towards(pa, pb, ra), towards(pb, pa, rb)))
    names = tuple(n for n in sorted({at, *ends}) if board.kind(n) == "dock")
    return Plan(view_of(state, highlight), seat, start, tuple(rings), tuple(lines), names)


def _ring_r(board: Board, docked: set[str], name: str) -> float:
    """A ring's radius (board image pixels): round a boat on a dock, round an empty dock (clear
    of its name), or just outside a fjord."""
    if board.kind(name) == "fjord":
        return FJORD_R + 6
    return BOAT_R + 9 if name in docked else DOCK_R + 10


def _docked(state: VikingsState) -> set[str]:
    """The docks with a boat drawn on them (boats aside stand off the dock)."""
    return {space for seat, player in enumerate(state.players) for boat, space in player.boats.items()
            if space is not None and state.board.kind(space) == "dock" and not is_aside(state, seat, boat)}


def _boat_spot(state: VikingsState, seat: int, boat: int) -> Point | None:
    """Where `draw_boats` draws this boat: on its dock, or its place round its fjord's name."""
    board, lay = state.board, static_layer(state.board).layout
    space = state.players[seat].boats.get(boat)
    if space is None or board.kind(space) is None or is_aside(state, seat, boat):
        return None
    centre = lay.xy(*board.position(space))
    if board.kind(space) != "fjord":
        return centre
    sharing = [(s, b) for s, player in enumerate(state.players) for b, there in sorted(player.boats.items())
               if there == space]
    return fjord_spots(centre, len(sharing))[sharing.index((seat, boat))]


@lru_cache(maxsize=64)
def ring_sprite(radius: float, k: float, colour: RGB, rim: RGB) -> Image.Image:
    """A ring of `radius` (to the middle of its band): a `colour` band between two `rim` edges,
    sized so that it is RING_W + 2 EDGE_W output pixels wide when enlarged 1/k times."""
    band, edge = RING_W * k, EDGE_W * k
    outer = radius + band / 2 + edge
    size = math.ceil(2 * outer + 4)

    def paint(d: ImageDraw.ImageDraw, f: float) -> None:
        c = size / 2 * f

        def disc(r: float, fill: RGB) -> None:
            d.ellipse((c - r * f, c - r * f, c + r * f, c + r * f), fill=(*fill, 255))

        disc(outer, rim)
        disc(outer - edge, colour)
        disc(radius - band / 2, rim)
        hole = (radius - band / 2 - edge) * f
        d.ellipse((c - hole, c - hole, c + hole, c + hole), fill=(0, 0, 0, 0))

    return supersampled((size, size), paint)


def _obstacles(state: VikingsState, static: Static, view: View) -> list[tuple[Point, float]]:
    """What a badge should keep clear of, in output pixels: boats, dock names, fjord names."""
    board, lay = state.board, static.layout
    z = view.zoom
    found: list[tuple[Point, float]] = []
    in_fjord: dict[str, int] = {}
    for player in state.players:
        for space in player.boats.values():
            if space is None:
                continue
            if board.kind(space) == "fjord":
                in_fjord[space] = in_fjord.get(space, 0) + 1
            else:
                found.append((view.xy(lay.xy(*board.position(space))), BOAT_R * 1.2 * z))
    for fjord, count in in_fjord.items():
        found += [(view.xy(p), BOAT_R * 1.2 * z) for p in fjord_spots(lay.xy(*board.position(fjord)), count)]
    found += [(view.xy(p), 14 * z) for p in static.dock_labels.values()]
    found += [(view.xy(lay.xy(f.x, f.y)), FJORD_R * z) for f in board.fjords]
    found += [(view.xy(lay.xy(d.x, d.y)), DOCK_R * z) for d in board.docks]
    return found


def _beside(centre: Point, reach: float, radius: float, taken: list[tuple[Point, float]],
            sweep: tuple[int, int]) -> Point:
    """A spot on the circle of `reach` around `centre` for something of `radius`, as clear of
    `taken` as can be; ties go to the first angle of `sweep` (degrees, image coordinates)."""
    best, best_score = centre, -math.inf
    start, end = sweep
    near = [(q, r) for q, r in taken if math.dist(centre, q) < reach + radius + r + 4]  # the rest are clear
    for i, angle in enumerate(range(start, end, 15)):
        a = math.radians(angle)
        p = (centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a))
        clear = min((math.dist(p, q) - r - radius for q, r in near), default=50.0)
        score = min(clear, 4.0) - i * 0.01
        if score > best_score:
            best, best_score = p, score
    return best


def start_tag() -> Image.Image:
    """The start tag: "start" in white on a near-black pill."""
    return tag_sprite(say("start"), TAG_SIZE, START, START_EDGE, START_EDGE)


@lru_cache(maxsize=16)
def badge_sprite(text: str) -> Image.Image:
    """A cost: dark digits on a yellow disc edged in near-black."""
    size = 2 * BADGE_R + 4

    def paint(d: ImageDraw.ImageDraw, f: float) -> None:
        c = size / 2 * f
        d.ellipse((c - BADGE_R * f, c - BADGE_R * f, c + BADGE_R * f, c + BADGE_R * f), fill=(*REACH, 255),
                  outline=(*EDGE, 255), width=round(EDGE_W * f))

    sprite = supersampled((size, size), paint)
    draw_text(sprite, (size / 2, size / 2), text, BADGE_SIZE, EDGE, None, bold=True)
    return sprite


def _caption(image: Image.Image, state: VikingsState, highlight: Highlight, view: View, seat: int | None) -> None:
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, image.width, view.top - 1), fill=PANEL)
    pen.line((0, view.top - 1, image.width, view.top - 1), fill=INK, width=2)
    x = 16
    if seat is not None and highlight.piece.id.isdigit():
        colour = state.seats[seat].colour
        marker = boat_sprite(colour, int(highlight.piece.id), BOAT_R)
        paste(image, marker, (x + marker.width / 2, view.top / 2))
        x += marker.width + 8
    text = fit(caption(highlight), CAPTION_SIZE, image.width - x - 12)
    draw_text(image, (x, view.top / 2), text, CAPTION_SIZE, INK, None, anchor="lm", bold=True)


def caption(highlight: Highlight) -> str:
    """"Where Boat 2 (B1) can go: 5 places; numbers are moves", or "Boat 2 (B1) cannot move now"."""
    piece = highlight.piece
    name = plain(piece.label.split(" — ")[0].split(" - ")[0])
    who = f"{name} ({plain(piece.at)})"
    count = len(highlight.reach)
    if not count:
        return say(Msg("{who} cannot move now", who=who))
    return say(Plural("Where {who} can go: {n} place; numbers are moves",
                      "Where {who} can go: {n} places; numbers are moves", count, who=who))


def owner(state: VikingsState, highlight: Highlight, viewer: int | None) -> int | None:
    """Whose boat this is: the viewer's when their boat of that number is there, else the first
    seat's that is (None when no boat of that number is at the piece's space)."""
    piece = highlight.piece
    if not piece.id.isdigit():
        return None
    seats = range(len(state.players))
    found = [s for s in seats if state.players[s].boats.get(int(piece.id)) == piece.at]
    return viewer if viewer in found else (found[0] if found else None)


# --- palette ----------------------------------------------------------------------------------


def highlight_palette(board: Board) -> Image.Image:
    """The static layer's palette fitted again with the overlay colours exact (cached per board)."""
    return _PALETTES.get(board)


def _build_palette(board: Board) -> Image.Image:
    static = static_layer(board)
    sheet = Image.new("RGB", (400, 60), PAPER)
    paste(sheet, badge_sprite("3"), (30, 30))
    paste(sheet, ring_sprite(FJORD_R + 6, 1.0, REACH, EDGE), (100, 30))
    paste(sheet, ring_sprite(FJORD_R + 6, 1.0, START, START_EDGE), (170, 30))
    paste(sheet, start_tag(), (260, 30))
    return build_palette([static.image, _sample_sheet(board), sheet], [*FIXED_COLOURS, *OVERLAY_COLOURS])


_PALETTES: LayerCache[Board, Image.Image] = LayerCache(_build_palette, keep=8)


def clear_palettes() -> None:
    _PALETTES.clear()
