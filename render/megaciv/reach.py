"""Where one piece can go ("/game reach"), drawn over its player's board.

The image is a close-up framing the piece's area and every area it can end a move in (at least
a few areas large: `layout.REACH_SPAN`), drawn on its own cached static layer
(`static.reach_layer`): those areas in full colour, the rest dimmed as around every close-up,
and a caption strip under the header. Over the board as the viewer sees it:

- every reachable area has a band inside its outline, hi-vis yellow edged in ink (a light and a
  dark line side by side read on every fill, and without colour), and its cost (token steps, a
  ship's water steps) in a yellow disc before its name (and before its conflict sign);
- the piece's own area has an ink band with a white inner edge, and a "start" tag above its name
  (a ship's: above the ship);
- the cheapest routes, faintly: dotted lines from the start through each route (land moves
  between the areas' names, voyages between the ports where ships sit);
- the caption: "Where 3 of 5 tokens in Telmon can go: 6 areas; numbers are steps", or
  "... cannot move now", with what the marks mean.

The bands go under the pieces and the conflict outlines; the discs and tags over everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from render.basics import INK, MUTED, PAPER, WHITE, Point
from render.lines import dotted_line
from render.megaciv.colours import REACH, ROUTE
from render.megaciv.layout import CAPTION_H, HEADER_H
from render.megaciv.sprites import cost_disc, fitted, width_of
from render.megaciv.static import Static, cost_radius, start_tag
from render.text import draw_text, paste
from render.words import say
from rules.base import Highlight
from rules.megaciv.report import Conflict
from rules.megaciv.state import MegaState
from rules.messages import Msg, Plural

CAPTION_SIZE = 23
NOTE_SIZE = 16


def reach_areas(state: MegaState, highlight: Highlight) -> tuple[str, ...] | None:
    """The areas a reach image frames and shows in full colour: the piece's and those it can end
    a move in, in map order (None: none the map knows, the whole map)."""
    board = state.board
    named = {highlight.piece.at, *(r.to for r in highlight.reach)}
    found = sorted((a for a in named if a in board.areas), key=board.area_index.__getitem__)
    return tuple(found) or None


def reach_title(state: MegaState, highlight: Highlight) -> str:
    at = highlight.piece.at
    return f"{state.board.map.title}: around {at}" if at in state.board.areas else state.board.map.title


def is_ship(highlight: Highlight) -> bool:
    piece = highlight.piece.id
    return piece.lower().startswith("ship") and piece[4:].isdigit()


def piece_name(highlight: Highlight) -> str:
    """"Ship 2 (Telmon)", or the token group's label ("3 of 5 tokens in Telmon")."""
    piece = highlight.piece
    if is_ship(highlight):
        number = int(piece.id[4:])
        return say(Msg("Ship {n} ({at})", n=number, at=piece.at)) if piece.at else say(Msg("Ship {n}", n=number))
    return piece.label or piece.id


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


def draw_marks(image: Image.Image, state: MegaState, static: Static, highlight: Highlight,
               conflicts: Sequence[Conflict]) -> None:
    """Each reachable area's cost in a disc before its name (and before its conflict sign, if it
    has one), and the start's tag above its name (a ship's: above its port): drawn over everything."""
    f = static.frame
    s = f.sizes
    r = cost_radius(s)
    signed = {c.area for c in conflicts}
    cost: dict[str, int] = {}
    for reach in highlight.reach:
        if reach.to != highlight.piece.at:
            cost[reach.to] = min(reach.cost, cost.get(reach.to, reach.cost))
    for name, value in cost.items():
        if name in static.anchors:
            disc = cost_disc(str(value), r, REACH)
            paste(image, disc, _before_name(state, static, name, disc.width, name in signed))
    at = highlight.piece.at
    if at not in static.anchors:
        return
    tag = start_tag(s)
    if is_ship(highlight) and at in static.ports:
        x, y = static.ports[at]
        paste(image, tag, (x, y - s.ship * 0.75 - tag.height / 2))
        return
    x, y = static.anchors[at]
    top = y - s.name * 0.62 - s.name * 0.6  # the top of the name
    if s.tags and at in signed:  # above the conflict's tag (`pieces.draw_conflict_signs`)
        top -= 12 + 8
    left = min(max(x, tag.width / 2 + 4), f.width - tag.width / 2 - 4)
    paste(image, tag, (left, top - tag.height / 2))


def _before_name(state: MegaState, static: Static, name: str, width: float, signed: bool) -> Point:
    """Where a mark `width` wide goes: left of the area's name (and of its conflict sign)."""
    s = static.frame.sizes
    x, y = static.anchors[name]
    if state.board.areas[name].kind == "sea":
        return x - width_of(name, s.sea) / 2 - 4 - width / 2, y
    left = x - s.badge - width_of(name, s.name) / 2 - 2
    if signed:  # the sign's triangle is about 1.25 its size wide (`sprites.warning`)
        left -= 1.25 * max(16, round(s.name * 1.25)) + 8
    return left - width / 2, y - s.name * 0.62


# --- the caption ----------------------------------------------------------------------------------


def draw_caption(image: Image.Image, static: Static, highlight: Highlight, ship: bool) -> None:
    """The caption strip under the header: what is shown, and what the marks mean."""
    f = static.frame
    top, bottom = HEADER_H, HEADER_H + CAPTION_H
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, top, f.width, bottom - 1), fill=PAPER)
    y = (top + bottom) / 2
    x = f.width - 14
    for icon, words in _key(static, ship, highlight.piece.at in static.anchors, bool(places(highlight))):
        box = draw_text(image, (x, y), words, NOTE_SIZE, MUTED, None, anchor="rm")
        paste(image, icon, (box[0] - 6, y), "rm")
        x = box[0] - 6 - icon.width - 16
    words = caption(highlight)
    if width_of(words, CAPTION_SIZE) > x - 24:
        words = caption(highlight, short=True)
    draw_text(image, (20, y), fitted(words, CAPTION_SIZE, x - 24), CAPTION_SIZE, INK, None, anchor="lm", bold=True)


def _key(static: Static, ship: bool, start: bool, any_reach: bool) -> Iterable[tuple[Image.Image, str]]:
    """The strip's key, right to left."""
    sizes = static.frame.sizes
    if start:
        yield start_tag(sizes), "where it is"
    if any_reach:
        yield cost_disc("1", cost_radius(sizes), REACH), "water steps" if ship else "steps"
