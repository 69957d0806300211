"""Where names, costs and conflict signs go on a Mega Civilization board image: each area's label
(its name, population limit and first row of pieces) placed near its label point clear of the
others (`name_anchors`); on a "where can this piece go" image (`render.megaciv.reach`), every
area of its focus labelled with room for its cost and conflict sign, clear of ships and of the
pieces really there, and the other areas only where there is room (`reach_anchors`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from render.areas import Spot, View, bounds, contains, place_labels
from render.basics import INK, PAPER, WHITE, Box, Point
from render.megaciv.colours import SEA_INK
from render.megaciv.layout import Frame, Sizes
from render.megaciv.sprites import width_of
from render.text import plain, text_sprite
from rules.megaciv.board import Board

# where a label may move from its area's label point (rows of its size, and shares of its width),
# nearest first; a reach image's focus may move further
SHIFTS = sorted(((dy, dx) for dy in (0, -0.8, 0.8, -1.6, 1.6, -2.4, 2.4) for dx in (0, -0.25, 0.25, -0.5, 0.5)),
                key=lambda s: abs(s[0]) + 3 * abs(s[1]))
MORE_SHIFTS = sorted(((dy, dx) for dy in (0, -0.8, 0.8, -1.6, 1.6, -2.4, 2.4, -3.2, 3.2)
                      for dx in (0, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75)), key=lambda s: abs(s[0]) + 3 * abs(s[1]))
PER_ROW = 3  # pieces in a row on a reach image (its rooms are `Sizes.row` chips either side)


@dataclass(frozen=True)
class Crowd:
    """What a reach image's labels keep clear of besides each other: the conflict signs before
    the `signed` areas' names, the `ships` (area, how many) at their ports and the `pieces`
    (area, how many cities, token groups and barbarians) in rows under the names."""

    signed: frozenset[str] = frozenset()
    ships: tuple[tuple[str, int], ...] = ()
    pieces: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Placed:
    """A reach image's labels: each area's anchor, what its label covers, and the areas named
    without their pieces (no room for them)."""

    anchors: dict[str, Point]
    boxes: dict[str, tuple[Box, ...]]
    bare: frozenset[str]


@lru_cache(maxsize=4096)
def name_boxes(name: str, sea: bool, at: Point, s: Sizes) -> tuple[Box, ...]:
    """What an area's label covers when its anchor is `at`: a land area's name and population
    badge (as `static.draw_name` draws them) and the first row of its pieces under them; a sea's
    name."""
    x, y = at
    if sea:
        letters = text_sprite(plain(name), s.sea, WHITE, SEA_INK, 2)
        return ((x - letters.width / 2, y - letters.height / 2, x + letters.width / 2, y + letters.height / 2),)
    letters = text_sprite(plain(name), s.name, INK, PAPER, 2, True)
    cx, cy = x - s.badge, y - s.name * 0.62
    text = (cx - letters.width / 2, cy - letters.height / 2, cx + letters.width / 2 + 2 * s.badge + 4,
            cy + letters.height / 2)
    row = (x - s.row * s.chip, y + s.chip * 0.2, x + s.row * s.chip, y + s.chip * 2.3)
    return text, row


def name_anchors(board: Board, view: View, s: Sizes, seen: Iterable[str], offset: Point = (0, 0)) -> dict[str, Point]:
    """Where each area in `seen` centres its name and pieces (in the image, `offset` from the
    view's pixels): at its label point, or near it inside the area when that would overlap an
    area placed before (small land areas first, seas last)."""
    return {name: spot.at for name, spot in place_labels(_spots(board, view, s, seen, offset)).items()}


def _spots(board: Board, view: View, s: Sizes, seen: Iterable[str], offset: Point, first: frozenset[str] = frozenset(),
           inside: Box | None = None, crowd: Crowd | None = None) -> list[tuple[str, list[Spot]]]:
    """Each area's label and where it may go, in the order they are placed (the `first` areas
    first, with room for their costs; with `inside`, only where the label is inside that box;
    with a `crowd`, its rows of pieces as they are)."""
    ox, oy = offset
    pieces = dict(crowd.pieces) if crowd else {}
    signed = crowd.signed if crowd else frozenset()
    order = sorted((board.areas[n] for n in seen),
                   key=lambda a: (a.name not in first, a.kind == "sea", _extent(view, a.points)))
    labels = []
    for a in order:
        polygon = view.polygon(a.points)
        x, y = view.xy(a.label)
        size = s.sea if a.kind == "sea" else s.name
        reach = max(width_of(a.name, size), 3 * size)
        spots = []
        for dy, dx in MORE_SHIFTS if a.name in first else SHIFTS:
            at = (x + dx * reach, y + dy * size)
            if (dx or dy) and not contains(polygon, at):
                continue
            at = (at[0] + ox, at[1] + oy)
            boxes = label_boxes(a.name, a.kind == "sea", at, s, a.name in first, a.name in signed,
                                pieces.get(a.name, 0) if crowd else None)
            if inside is None or all(within(b, inside) for b in boxes):
                spots.append(Spot(at, boxes))
        if a.name in first:
            shifted = [(px + ox, py + oy) for px, py in polygon]
            spots = _inner(spots, shifted)
        labels.append((a.name, spots))
    return labels


def _inner(spots: list[Spot], polygon: list[Point]) -> list[Spot]:
    """The spots, those whose cost's disc (their second box) lies in the area (`polygon`) first,
    then those where its middle does: a cost reads as its area's."""
    def outside(spot: Spot) -> int:
        left, top, right, bottom = spot.boxes[1]
        cx, cy, r = (left + right) / 2, (top + bottom) / 2, (right - left) / 2 * 0.8
        if not contains(polygon, (cx, cy)):
            return 2
        return int(not all(contains(polygon, p) for p in ((cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r))))
    return sorted(spots, key=outside)


def label_boxes(name: str, sea: bool, at: Point, s: Sizes, marked: bool = False, signed: bool = False,
                pieces: int | None = None) -> tuple[Box, ...]:
    """What an area's label covers (`name_boxes`), with (`marked`: an area a piece can go to, or
    its start) its cost's disc before the name and the conflict sign before them (`signed`); with
    the rows of its `pieces` (that many, None: one row) last."""
    text, *row = name_boxes(name, sea, at, s)
    left, top, _right, bottom = text
    boxes = [text]
    if marked:
        disc = cost_width(s) + 4
        boxes.append((left - disc, (top + bottom - disc) / 2, left, (top + bottom + disc) / 2))
    if signed:
        boxes.append(sign_box(name, at, s, marked))
    if pieces is None or sea:
        return (*boxes, *row)
    if pieces:
        x, y = at
        half = min(pieces, PER_ROW) * 1.2 * s.chip
        rows = math.ceil(pieces / PER_ROW)
        boxes.append((x - half, y + s.chip * 0.2, x + half, y + s.chip * (2.3 + 2.7 * (rows - 1))))
    return tuple(boxes)


def reach_anchors(board: Board, f: Frame, seen: Iterable[str], inside: Box, crowd: Crowd) -> Placed:
    """A reach image's labels: every area of its focus (where the piece is and can go) with room
    for its cost (and conflict sign), clear of the other labels and of the ships where it can
    be (`place_labels`, then each that still meets another moved), else without its pieces when
    that clears it; the other areas only where their label meets none placed before nor a ship
    (the rest are dimmed, their names and pieces left out)."""
    s = f.sizes
    first = f.focused or frozenset()
    ships: list[Box] = []
    for area, count in crowd.ships:
        port = board.areas[area].port
        if port is not None and area in seen:
            x, y = f.xy(port)
            half = s.ship * 0.6  # and above them, the start's tag (`reach.draw_marks`)
            ships.append((x - half * count - 2, y - s.ship * 0.75 - s.least - 8, x + half * count + 2, y + half))
    fixed = ("ships", [Spot((0.0, 0.0), tuple(ships))])
    labels = _spots(board, f.view, s, seen, (0, f.map_top), first, inside, crowd)
    focus = [label for label in labels if label[0] in first]
    chosen = _repaired(focus, place_labels([fixed, *focus]), ships)
    pieces = dict(crowd.pieces)
    bare = set()
    for name, spots in focus:
        rest = _near(spots, _others(chosen, name, ships))
        if name in chosen and pieces.get(name) and board.areas[name].kind == "land" and \
                _covered(chosen[name].boxes, rest):
            bared = min((Spot(spot.at, spot.boxes[:-1]) for spot in spots), key=lambda o: _covered(o.boxes, rest))
            if not _covered(bared.boxes, rest):  # its name and cost read, without its pieces
                chosen[name] = bared
                bare.add(name)
    others = [label for label in labels if label[0] not in first]
    placed = place_labels([fixed, *((name, [spot]) for name, spot in chosen.items()), *others])
    taken = [*ships, *(b for spot in chosen.values() for b in spot.boxes)]
    for name, _ in others:
        spot = placed.get(name)
        if spot is not None and not any(meets(a, b) for a in spot.boxes for b in taken):
            chosen[name] = spot
            taken += spot.boxes
    return Placed({name: spot.at for name, spot in chosen.items()},
                  {name: spot.boxes for name, spot in chosen.items()}, frozenset(bare))


def _repaired(labels: list[tuple[str, list[Spot]]], placed: dict[str, Spot], fixed: list[Box]) -> dict[str, Spot]:
    """The `labels` as placed, each that still meets another moved to its spot meeting the
    others least, a few times over."""
    chosen = {name: placed[name] for name, _ in labels if name in placed}
    for _ in range(3):
        moved = False
        for name, spots in labels:
            if name not in chosen:
                continue
            rest = _near(spots, _others(chosen, name, fixed))
            now = _covered(chosen[name].boxes, rest)
            if now:
                best = min(spots, key=lambda spot: _covered(spot.boxes, rest))
                if _covered(best.boxes, rest) < now:
                    chosen[name], moved = best, True
        if not moved:
            break
    return chosen


def _others(chosen: dict[str, Spot], name: str, fixed: list[Box]) -> list[Box]:
    return [*fixed, *(b for other, spot in chosen.items() if other != name for b in spot.boxes)]


def _near(spots: list[Spot], boxes: list[Box]) -> list[Box]:
    """The `boxes` that may meet a label at one of its `spots`."""
    if not spots:
        return []
    x0 = min(b[0] for spot in spots for b in spot.boxes)
    y0 = min(b[1] for spot in spots for b in spot.boxes)
    x1 = max(b[2] for spot in spots for b in spot.boxes)
    y1 = max(b[3] for spot in spots for b in spot.boxes)
    return [b for b in boxes if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]


def _covered(boxes: Iterable[Box], others: list[Box]) -> float:
    """How much of `others` the `boxes` cover (pixels)."""
    return sum(shared(a, b) for a in boxes for b in others)


def shared(a: Box, b: Box) -> float:
    """The area two boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def meets(a: Box, b: Box) -> bool:
    """Whether boxes `a` and `b` overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def within(box: Box, inside: Box) -> bool:
    """Whether `box` is inside the box `inside`."""
    return box[0] >= inside[0] and box[1] >= inside[1] and box[2] <= inside[2] and box[3] <= inside[3]


def _extent(view: View, points: Iterable[Point]) -> float:
    left, top, right, bottom = bounds(view.polygon(tuple(points)))
    return (right - left) * (bottom - top)


def cost_radius(sizes: Sizes) -> int:
    """The radius of a cost's disc in a view."""
    return max(13, round(sizes.name * 0.8))


def cost_width(sizes: Sizes) -> int:
    """The width of a cost's disc (`sprites.cost_disc`'s sprite)."""
    return 2 * (cost_radius(sizes) + 4)


def sign_size(sizes: Sizes) -> int:
    """The size of a conflict's sign (`sprites.warning`) in a view: its "!" at least `sizes.least`."""
    return max(16, round(sizes.name * 1.25), math.ceil(sizes.least / 0.55))


def sign_at(name: str, at: Point, s: Sizes, cost: bool = False) -> Point:
    """Where a conflict's sign centres when the area's anchor is `at`: just before its name
    (`pieces.draw_conflict_signs`), or (`cost`) before the cost's disc there."""
    x, y = at
    left = x - s.badge - width_of(name, s.name) / 2 - (cost_width(s) + 2 if cost else 0)
    return left - 0.65 * sign_size(s) - 3, y - s.name * 0.62


def sign_box(name: str, at: Point, s: Sizes, cost: bool = False) -> Box:
    """What a conflict's sign covers (its triangle is about 1.3 its size wide)."""
    x, y = sign_at(name, at, s, cost)
    size = sign_size(s)
    return x - 0.65 * size, y - 0.62 * size, x + 0.65 * size, y + 0.5 * size
