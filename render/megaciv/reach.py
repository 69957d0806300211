"""Where one piece can go ("/game reach"), drawn over its player's board.

The image is a close-up framing the piece's area and every area it can end a move in (at least
a few areas large: `layout.REACH_SPAN`), drawn on its own cached static layer
(`static.reach_layer`): those areas in full colour, the rest dimmed as around every close-up.
Read at Discord's preview (550 px wide: every text 10 px or more there, `layout.reach_sizes`),
it labels what matters: the start and every reachable area are named, with their pieces where
there is room (`labels.reach_anchors`); a dimmed area's name, limit and pieces only where they
meet no other label. Above the map the board's title and what the marks mean; under them the
caption; no band (the movement order and the key are the board's). Over the board as the
viewer sees it:

- every reachable area has a band inside its outline, hi-vis yellow edged in ink (a light and a
  dark line side by side read on every fill, and without colour), its name written again over
  it, and its cost (token steps, a ship's water steps) in a yellow disc just before its name
  (its conflict sign before that); an area left unnamed (an open sea at the picture's edge)
  has its cost in its part of the picture;
- the piece's own area has an ink band with a white inner edge, and a "start" tag above its name
  (a ship's: above the ship);
- the cheapest routes, faintly: dotted lines from the start through each route (land moves
  between the areas' names, voyages between the ports where ships sit);
- the caption: "Where 3 of 5 tokens in Telmon can go: 6 areas; numbers are steps", or
  "... cannot move now".

The bands go under the pieces and the conflict outlines; the discs and tags over everything;
moves' counts and voyages' tags are left out where they would cover a name or a ship.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from render.areas import bounds, contains
from render.basics import INK, MUTED, WHITE, Box, Point
from render.lines import dotted_line
from render.megaciv.colours import REACH, ROUTE
from render.megaciv.labels import cost_radius, meets, name_boxes, shared
from render.megaciv.layout import CAPTION_H, HEADER_H
from render.megaciv.pieces import ship_boxes
from render.megaciv.sprites import cost_disc, fitted, width_of
from render.megaciv.static import Static, draw_label, start_tag
from render.text import draw_text, paste, plain, shrunk, text_width
from render.words import say
from rules.base import Highlight
from rules.megaciv.state import MegaState
from rules.messages import Msg, Plural

CAPTION_SIZE = 28


def reach_areas(state: MegaState, highlight: Highlight) -> tuple[str, ...] | None:
    """The areas a reach image frames and shows in full colour: the piece's and those it can end
    a move in, in map order (None: none the map knows, the whole map)."""
    board = state.board
    named = {highlight.piece.at, *(r.to for r in highlight.reach)}
    found = sorted((a for a in named if a in board.areas), key=board.area_index.__getitem__)
    return tuple(found) or None


def reach_title(state: MegaState, highlight: Highlight) -> str:
    at = highlight.piece.at
    title = state.board.map.title
    return say(Msg("{title}: around {area}", title=title, area=at)) if at in state.board.areas else title


def is_ship(highlight: Highlight) -> bool:
    piece = highlight.piece.id
    return piece.lower().startswith("ship") and piece[4:].isdigit()


def piece_name(highlight: Highlight) -> str:
    """"Ship 2 (Telmon)", or the token group's label ("3 of 5 tokens in Telmon")."""
    piece = highlight.piece
    if is_ship(highlight):
        number = int(piece.id[4:])
        return say(Msg("Ship {n} ({at})", n=number, at=piece.at)) if piece.at else say(Msg("Ship {n}", n=number))
    return say(piece.label) if piece.label else piece.id


def places(highlight: Highlight) -> set[str]:
    """Where the piece can end a move, but where it is."""
    return {r.to for r in highlight.reach if r.to != highlight.piece.at}


def caption(highlight: Highlight, short: bool = False) -> str:
    """The caption's words (`short`: without what the numbers are, which the strip's key says)."""
    name = piece_name(highlight)
    count = len(places(highlight))
    if not count:
        return say(Msg("{name} cannot move now", name=name))
    unit = say("numbers are water steps") if is_ship(highlight) else say("numbers are steps")
    return say(Plural("Where {name} can go: {n} area", "Where {name} can go: {n} areas", count, name=name)) + \
        ("" if short else f"; {unit}")


# --- on the map -----------------------------------------------------------------------------------


def draw_bands(image: Image.Image, state: MegaState, static: Static, highlight: Highlight) -> None:
    """The band inside each reachable area's outline, and the start's (drawn under the pieces)."""
    f = static.frame
    band = max(5, round(f.sizes.name * 0.35))
    board = state.board
    ends = places(highlight) & static.visible
    for name in sorted(ends, key=board.area_index.__getitem__):
        _band(image, static, [f.xy(p) for p in board.areas[name].points], band, False)
    if highlight.piece.at in static.visible:
        _band(image, static, [f.xy(p) for p in board.areas[highlight.piece.at].points], band, True)


def _band(image: Image.Image, static: Static, points: list[Point], width: int, start: bool) -> None:
    """A band about `width` pixels wide inside the outline `points`: yellow edged in ink on both
    sides, or (the start) ink with a white inner edge."""
    f = static.frame
    left = max(int(min(x for x, _ in points)) - 2, 0)
    top = max(int(min(y for _, y in points)) - 2, f.map_top)
    right = min(int(max(x for x, _ in points)) + 3, f.width)
    bottom = min(int(max(y for _, y in points)) + 3, f.map_top + f.map_h)
    if right <= left or bottom <= top:
        return
    box = (left, top, right, bottom)
    crop = image.crop(box)
    local = [(x - left, y - top) for x, y in points]
    ring = [*local, local[0]]
    pen = ImageDraw.Draw(crop)
    if start:
        pen.line(ring, fill=WHITE, width=2 * (width + 3), joint="curve")
        pen.line(ring, fill=INK, width=2 * (width + 1), joint="curve")
    else:
        pen.line(ring, fill=INK, width=2 * (width + 2), joint="curve")
        pen.line(ring, fill=REACH, width=2 * width, joint="curve")
        pen.line(ring, fill=INK, width=2, joint="curve")
    mask = Image.new("L", crop.size, 0)
    ImageDraw.Draw(mask).polygon(local, fill=255)
    image.paste(crop, box[:2], mask)


def draw_routes(image: Image.Image, state: MegaState, static: Static, highlight: Highlight) -> None:
    """The cheapest routes of more than one step, faintly: a dotted line along each leg (each leg
    once; a one-step move is to an area beside the start, its route says nothing more)."""
    f = static.frame
    s = f.sizes
    start = highlight.piece.at
    if start not in state.board.areas:
        return
    ship = is_ship(highlight)
    legs: list[tuple[str, str]] = []
    for r in highlight.reach:
        path = [start, *r.route]
        if len(path) > 2:
            legs += [leg for leg in zip(path, path[1:]) if leg not in legs and leg[0] != leg[1]]
    pen = ImageDraw.Draw(image)
    dot = max(1.5, s.arrow * 0.45)
    for a, b in legs:
        if a not in static.visible and b not in static.visible:
            continue
        p, q = (_port(state, static, a), _port(state, static, b)) if ship else (_at(state, static, a),
                                                                                   _at(state, static, b))
        trim = s.ship * 0.6 if ship else s.chip * 1.5  # clear of the ships at a port, of the names and chips
        dotted_line(pen, p, q, dot * 4.5, dot + 1.2, WHITE, trim)
        dotted_line(pen, p, q, dot * 4.5, dot, ROUTE, trim)


def _at(state: MegaState, static: Static, area: str) -> Point:
    return static.anchors.get(area) or static.frame.xy(state.board.areas[area].label)


def _port(state: MegaState, static: Static, area: str) -> Point:
    found = static.ports.get(area)
    if found is not None:
        return found
    a = state.board.areas[area]
    return static.frame.xy(a.port or a.label)


def draw_marks(image: Image.Image, state: MegaState, static: Static, highlight: Highlight) -> None:
    """The names of the start and of each reachable area again, over the bands, routes and pieces;
    each reachable area's cost in a disc just before its name (an area named nowhere, such as an
    open sea at the picture's edge: in its part of the picture, where there is room), and the
    start's tag above its name (a ship's: above its port): drawn over everything."""
    f = static.frame
    s = f.sizes
    r = cost_radius(s)
    cost: dict[str, int] = {}
    for reach in highlight.reach:
        if reach.to != highlight.piece.at:
            cost[reach.to] = min(reach.cost, cost.get(reach.to, reach.cost))
    at = highlight.piece.at
    for name in sorted((cost.keys() | {at}) & static.anchors.keys(), key=state.board.area_index.__getitem__):
        draw_label(image, f, state.board.areas[name], static.anchors[name])  # again, over the bands and routes
    taken = _taken(state, static)
    for name, value in sorted(cost.items(), key=lambda item: item[0] not in static.anchors):
        disc = cost_disc(str(value), r, REACH)
        spot = _disc_at(state, static, name, disc.width, taken) if name in static.anchors else \
            _in_area(state, static, name, taken)
        if spot is not None:
            x, y = spot
            paste(image, disc, (x, y))
            taken.append(("", (x - r - 2, y - r - 2, x + r + 2, y + r + 2)))
    if at not in static.anchors:
        return
    tag = start_tag(s)
    if is_ship(highlight) and at in static.ports:
        x, y = static.ports[at]
        paste(image, tag, (x, y - s.ship * 0.75 - tag.height / 2))
        return
    x, y = static.anchors[at]
    top = y - s.name * 0.62 - s.name * 0.6  # the top of the name
    left = min(max(x, tag.width / 2 + 4), f.width - tag.width / 2 - 4)
    paste(image, tag, (left, top - tag.height / 2))


def _before_name(state: MegaState, static: Static, name: str, width: float) -> Point:
    """Where a mark `width` wide goes: just left of the area's name (its conflict sign goes
    before it: `static.sign_at`)."""
    s = static.frame.sizes
    x, y = static.anchors[name]
    if state.board.areas[name].kind == "sea":
        return x - width_of(name, s.sea) / 2 - 4 - width / 2, y
    return x - s.badge - width_of(name, s.name) / 2 - 2 - width / 2, y - s.name * 0.62


def _disc_at(state: MegaState, static: Static, name: str, width: float, taken: list[tuple[str, Box]]) -> Point:
    """Where an area's cost goes: before its name (`_before_name`), else after its population
    limit, above or below its name: the first clear of what is `taken` (others' names and rows of
    pieces, ships, conflict signs, other costs), else the one covering least of it."""
    s = static.frame.sizes
    x, y = static.anchors[name]
    first = _before_name(state, static, name, width)
    text = name_boxes(name, state.board.areas[name].kind == "sea", (x, y), s)[0]
    half = width / 2
    middle = (text[1] + text[3]) / 2
    spots = [first, (text[2] + half + 2, middle), (first[0] + half, text[1] - half - 2),
             (first[0] + half, text[3] + half + 2), (text[2] + half + 2, text[1] - half + 2),
             (first[0], text[1] - half + 2)]
    left, top, right, bottom = static.frame.map_box()
    r = cost_radius(s)
    best, least = first, math.inf
    for px, py in spots:
        box = (px - r, py - r, px + r, py + r)
        if left + 2 <= box[0] and box[2] <= right - 2 and top + 2 <= box[1] and box[3] <= bottom - 2:
            covered = sum(shared(box, b) for owner, b in taken if owner != name)
            if covered == 0:
                return px, py
            if covered < least:
                best, least = (px, py), covered
    return best


def _in_area(state: MegaState, static: Static, name: str, taken: list[tuple[str, Box]]) -> Point | None:
    """Where the cost of an area the picture does not name goes: in its part of the map, clear of
    what is `taken`, nearest its label point (None: no room)."""
    f = static.frame
    if name not in static.visible:
        return None
    r = cost_radius(f.sizes) + 4
    polygon = [f.xy(p) for p in state.board.areas[name].points]
    left, top, right, bottom = f.map_box()
    x0, y0, x1, y1 = bounds(polygon)
    x0, y0, x1, y1 = max(x0, left + r), max(y0, top + r), min(x1, right - r), min(y1, bottom - r)
    near = [b for _, b in taken if b[0] < x1 + r and b[2] > x0 - r and b[1] < y1 + r and b[3] > y0 - r]
    lx, ly = f.xy(state.board.areas[name].label)
    spots = sorted(((x0 + i * r, y0 + j * r) for i in range(int((x1 - x0) / r) + 1)
                    for j in range(int((y1 - y0) / r) + 1)), key=lambda p: math.dist(p, (lx, ly)))
    for x, y in spots:
        box = (x - r, y - r, x + r, y + r)
        if contains(polygon, (x, y)) and not any(meets(box, b) for b in near):
            return x, y
    return None


def _taken(state: MegaState, static: Static) -> list[tuple[str, Box]]:
    """What a cost's disc must not cover, by the area it is of ("": none): every label (its name,
    its cost's room and conflict sign, its pieces: `Static.boxes`) and every ship."""
    taken = [(name, b) for name, boxes in static.boxes.items() for b in boxes]
    return taken + [("", b) for b in ship_boxes(state, static)]


# --- the caption ----------------------------------------------------------------------------------


def draw_caption(image: Image.Image, static: Static, highlight: Highlight, ship: bool) -> None:
    """What the marks mean, under the title (the static layer's); the caption in the strip under
    the header."""
    f = static.frame
    least = f.sizes.least
    x, y = 20.0, HEADER_H - 28
    for icon, words in _key(static, ship, highlight.piece.at in static.anchors, bool(places(highlight))):
        paste(image, icon, (x, y), "lm")
        box = draw_text(image, (x + icon.width + 8, y), words, least, MUTED, None, anchor="lm")
        x = box[2] + 28
    words = plain(caption(highlight))
    room = f.width - 40
    if text_width(words, CAPTION_SIZE) > room:
        words = plain(caption(highlight, short=True))
    size = shrunk(words, CAPTION_SIZE, room, least)
    draw_text(image, (20, HEADER_H + CAPTION_H / 2), fitted(words, size, room), size, INK, None, anchor="lm",
              bold=True)


def _key(static: Static, ship: bool, start: bool, any_reach: bool) -> Iterable[tuple[Image.Image, str]]:
    """The strip's key, left to right."""
    sizes = static.frame.sizes
    if any_reach:
        yield cost_disc("1", cost_radius(sizes), REACH), say("water steps") if ship else say("steps")
    if start:
        yield start_tag(sizes), say("where it is")
