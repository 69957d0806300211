"""Where each dock's name and village go on the map: out to sea or along the shore, clear of
fjords, docks, other labels and the water links.
"""

from __future__ import annotations

import math

from render.basics import Point
from render.vikings.layout import BOAT_R, FJORD_R, Layout
from rules.vikings.board import Board


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


def place_dock_labels(board: Board, lay: Layout) -> dict[str, Point]:
    """Each dock's name: out to sea past a boat on the dock, turned away from fjords, docks,
    other labels and the water links when straight out is crowded."""
    fjords = [lay.xy(f.x, f.y) for f in board.fjords]
    docks = [lay.xy(d.x, d.y) for d in board.docks]
    links = [(lay.xy(*board.position(a)), lay.xy(*board.position(b))) for a, b in board.edges]
    placed: dict[str, Point] = {}
    for dock in board.docks:
        spot, ux, uy = outward(lay, board, dock.name)
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


def place_villages(board: Board, lay: Layout, labels: dict[str, Point]) -> dict[str, Point]:
    """A village sits on the shore beside its dock, on the side away from the dock's name."""
    spots: dict[str, Point] = {}
    for name in sorted(board.village_docks):
        spot, ux, uy = outward(lay, board, name)
        label = labels[name]
        options = []
        for side in (1, -1):
            p = (spot[0] - uy * side * 25 - ux * 13, spot[1] + ux * side * 25 - uy * 13)
            options.append((math.hypot(p[0] - label[0], p[1] - label[1]), side, p))
        spots[name] = max(options)[2]
    return spots
