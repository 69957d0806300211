"""Where each dock's name and village go on the map: out to sea or along the shore, clear of
fjords, docks, other labels and the water links.
"""

from __future__ import annotations

import math

from render.basics import Point
from render.text import text_width
from render.vikings.layout import Layout
from rules.vikings.board import Board

Box = tuple[float, float, float, float]


def outward(lay: Layout, board: Board, dock: str) -> tuple[Point, float, float]:
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


def box_gap(p: Point, half: tuple[float, float], box: Box) -> float:
    """How far a box of half-size `half` centred on `p` keeps from `box` (negative: overlapping)."""
    dx = max(box[0] - (p[0] + half[0]), (p[0] - half[0]) - box[2])
    dy = max(box[1] - (p[1] + half[1]), (p[1] - half[1]) - box[3])
    return max(dx, dy)


def place_names(board: Board, lay: Layout) -> dict[str, Point]:
    """Where each island's name goes: in the island's upper part, above its rune stone, moved
    up, down or aside from straight above the centre to keep clear of its docks (and a boat
    on them, its hull wider than the dock)."""
    size = lay.sizes
    docks = [lay.xy(d.x, d.y) for d in board.docks]
    placed: dict[str, Point] = {}
    for island in board.islands:
        cx, cy = lay.xy(island.x, island.y)
        r = island.radius * lay.scale
        half = (text_width(island.title[:16], size.name) / 2 + 2, size.name * 0.55)
        lowest = -0.06 * r - size.rune * 0.8 - half[1]  # above the rune stone
        best, best_score = (cx, cy + min(-0.42 * r, lowest)), -math.inf
        for dy in (-0.42, -0.5, -0.34, -0.58, -0.66):
            for dx in (0.0, -0.12, 0.12, -0.24, 0.24, -0.36, 0.36):
                p = (cx + dx * r, cy + min(dy * r, lowest))
                clear = min((box_gap(p, half, (q[0] - 1.6 * size.boat, q[1] - 1.3 * size.boat,
                                                q[0] + 1.6 * size.boat, q[1] + 1.3 * size.boat)) for q in docks),
                            default=100.0)
                score = min(clear, 4) - abs(dx) * 6 - abs(dy + 0.42) * 8
                if score > best_score:
                    best, best_score = p, score
        placed[island.name] = best
    return placed


def name_boxes(board: Board, lay: Layout, names: dict[str, Point]) -> list[Box]:
    """The boxes of the islands' names, placed at `names`."""
    boxes = []
    for island in board.islands:
        x, y = names[island.name]
        half = text_width(island.title[:16], lay.sizes.name) / 2 + 2
        boxes.append((x - half, y - lay.sizes.name * 0.55, x + half, y + lay.sizes.name * 0.55))
    return boxes


def place_dock_labels(board: Board, lay: Layout, island_names: dict[str, Point]) -> dict[str, Point]:
    """Each dock's name: out to sea past a boat on the dock, turned away from fjords, docks,
    other labels, islands' names and the water links when straight out is crowded."""
    size = lay.sizes
    fjords = [lay.xy(f.x, f.y) for f in board.fjords]
    docks = [lay.xy(d.x, d.y) for d in board.docks]
    links = [(lay.xy(*board.position(a)), lay.xy(*board.position(b))) for a, b in board.edges]
    names = name_boxes(board, lay, island_names)
    placed: dict[str, Point] = {}
    boxes: list[Box] = []
    for dock in board.docks:
        spot, ux, uy = outward(lay, board, dock.name)
        half = (text_width(dock.name, size.label) / 2 + 2, size.label * 0.45)
        best, best_score = spot, -math.inf
        for turn in (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150):
            a = math.radians(turn)
            vx, vy = ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)
            for reach in (size.boat + 15, size.boat + 24, size.boat + 34):
                p = (spot[0] + vx * reach, spot[1] + vy * reach)
                clear = min(
                    [math.hypot(p[0] - f[0], p[1] - f[1]) - size.fjord - half[0] - 2 for f in fjords]
                    + [2 * box_gap(p, half, b) + 6 for b in boxes]
                    + [2 * box_gap(p, half, b) + 4 for b in names]
                    + [math.hypot(p[0] - q[0], p[1] - q[1]) - size.boat - 12 for q in docks if q != spot]
                    + [_segment_distance(p, a2, b2) - 9 for a2, b2 in links if spot not in (a2, b2)],
                    default=100.0,
                )
                score = min(clear, 12) - abs(turn) / 40 - (reach - size.boat - 15) / 6
                if score > best_score:
                    best, best_score = p, score
        placed[dock.name] = best
        boxes.append((best[0] - half[0], best[1] - half[1], best[0] + half[0], best[1] + half[1]))
    return placed


def place_villages(board: Board, lay: Layout, labels: dict[str, Point],
                   island_names: dict[str, Point]) -> dict[str, Point]:
    """A village sits on the shore beside its dock, past the hull of a boat on the dock, clear
    of the dock's name, the island's name and other docks; `static` ties it to the dock."""
    size = lay.sizes
    names = name_boxes(board, lay, island_names)
    docks = [lay.xy(d.x, d.y) for d in board.docks]
    spots: dict[str, Point] = {}
    reach = 1.45 * size.boat + size.village * 0.5  # past a boat's hull
    half = (size.village / 2 + 2, size.village / 2 + 2)
    for name in sorted(board.village_docks):
        spot, ux, uy = outward(lay, board, name)
        label = labels[name]
        best, best_score = spot, -math.inf
        for side in (1, -1):
            for across, inward in ((0.8, 0.6), (0.6, 0.8), (0.95, 0.3), (0.35, 0.95)):
                a, i = side * reach * across, reach * inward
                p = (spot[0] - uy * a - ux * i, spot[1] + ux * a - uy * i)
                clear = min([math.dist(p, label) - size.label * 1.4]
                            + [2 * box_gap(p, half, b) for b in names]
                            + [math.dist(p, q) - 1.45 * size.boat - half[0] for q in docks if q != spot])
                score = min(clear, 10) + (0.5 if side == 1 else 0)
                if score > best_score:
                    best, best_score = p, score
        spots[name] = best
    return spots
